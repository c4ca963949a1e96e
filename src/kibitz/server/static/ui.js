// Small DOM helpers shared by every page: elements, SVG, buttons, focus kept across redraws.
export const $ = (id) => document.getElementById(id);
export const SVG_NS = "http://www.w3.org/2000/svg";

// An element: `props` are set as properties, except `dataset`, `attrs` and `on` (listeners).
export function el(tag, props = {}, ...children) {
  const { dataset, attrs, on, ...rest } = props;
  const e = Object.assign(document.createElement(tag), rest);
  if (dataset) Object.assign(e.dataset, dataset);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) e.setAttribute(k, v);
  for (const [k, v] of Object.entries(on || {})) e.addEventListener(k, v);
  e.append(...children.filter((c) => c !== null && c !== undefined && c !== false && c !== ""));
  return e;
}

// An SVG element with attributes, appended to `parent` when given.
export function svg(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

// SVG text centred on (x, y).
export function svgText(parent, x, y, text, attrs = {}) {
  const t = svg("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, parent);
  t.textContent = text;
  return t;
}

// A plain button; `key` names it for focus keeping (data-key).
export function button(label, onclick, props = {}) {
  const b = el("button", { type: "button", textContent: label, ...props });
  if (onclick) b.addEventListener("click", onclick);
  return b;
}

// A computer seat as players read it: "computer level 3 (good)" (a named level), "computer".
export function computerName(agent, desc) {
  const level = agent?.startsWith("level:") ? agent.slice(6) : null;
  return level === null ? "computer" : `computer level ${level} (${desc.level_names[level] || "custom"})`;
}

// Show or hide an element by its `hidden` attribute, with new text.
export function showText(e, text) {
  e.textContent = text || "";
  e.hidden = !text;
}

// The selector that finds an element again after a redraw replaced it: its data-key or id.
function keyOf(e) {
  return e.dataset?.key ? `[data-key="${CSS.escape(e.dataset.key)}"]` : (e.id ? `#${CSS.escape(e.id)}` : null);
}

// The selector that finds the focused element again after a redraw (its data-key or id),
// and that of its group (data-focus-group: a hand, a bidding box) should it be gone.
function focusKeys() {
  const a = document.activeElement;
  if (!a || a === document.body) return [null, null];
  const group = a.closest("[data-focus-group]")?.dataset.focusGroup;
  return [keyOf(a), group ? `[data-focus-group="${CSS.escape(group)}"]` : null];
}

// Run `redraw` and give keyboard focus back to the element of the same key (or its group's
// tab stop, else its first button, when a card just played is gone), if the redraw took it
// away; where neither is there (or it is disabled now), to `fallback()`, so that focus never
// drops to the page's body.
export function keepFocus(redraw, fallback = null) {
  const [key, group] = focusKeys();
  const before = document.activeElement;
  const held = !!before && before !== document.body;
  redraw();
  if (!held || (before.isConnected && document.activeElement === before)) return;
  let again = key && document.querySelector(key);
  if ((!again || again.disabled) && group) {
    again = document.querySelector(`${group} [tabindex="0"]:not(:disabled)`)
      || document.querySelector(`${group} button:not(:disabled)`);
  }
  if (again && !again.disabled) { again.focus({ preventScroll: true }); return; }
  fallback?.()?.focus();  // elsewhere on the page: scrolled into view
}

// One tab stop for `items` (the buttons of `box`, in reading order): the one at index `stop`
// has tabIndex 0, the others -1, and the stop follows the focus. Left and Right move it along
// a row, Up and Down across rows of `columns` items (none: one row; `line`: a list read in one
// line, laid out in rows, where Up and Down step as Left and Right do), Home and End to the
// first and last item; `step(key, i)`, where given, is the items' own rule instead (the index
// the key moves the focus to, null: not a move key), as Fortress's nearest pile on screen.
// `onFocus(i)` hears of each item focused (to keep the stop across redraws).
export function roving(box, items, { stop = 0, columns = 0, line = false, step = null, onFocus = null } = {}) {
  items.forEach((b, i) => { b.tabIndex = i === stop ? 0 : -1; });
  box.addEventListener("focusin", (ev) => {
    const i = items.indexOf(ev.target);
    if (i < 0) return;
    items.forEach((b, k) => { b.tabIndex = k === i ? 0 : -1; });
    onFocus?.(i);
  });
  box.addEventListener("keydown", (ev) => {
    const i = items.indexOf(document.activeElement);
    const j = i < 0 ? null : step ? step(ev.key, i) : stepTo(ev.key, i, items.length, columns, line);
    if (j === null) return;
    ev.preventDefault();
    items[j].focus();
  });
}

// The index the key moves the focus to from `i` (`i` itself at an edge; null: not a move key).
function stepTo(key, i, count, columns, line) {
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  const width = columns || count;
  const down = columns || (line ? 1 : 0);
  const step = { ArrowLeft: -1, ArrowRight: 1, ...(down ? { ArrowUp: -down, ArrowDown: down } : {}) }[key];
  if (step === undefined) return null;
  const j = i + step;
  const off = j < 0 || j >= count || (Math.abs(step) === 1 && Math.floor(j / width) !== Math.floor(i / width));
  return off ? i : j;
}

// Where each toolbar's focus was (its data-focus-group -> the item's data-key and index).
const toolbarStops = new Map();

// A row of choices (a hand of cards, the bids) as a WAI-ARIA toolbar named `label`: one tab
// stop, Left/Right/Home/End moving among its enabled buttons. After a redraw the stop is on
// the item last focused, or, where that one is gone (a card played), on the one now at its
// place. A box with no button stays as it is.
export function toolbar(box, label) {
  const items = [...box.querySelectorAll("button:not(:disabled)")];
  if (!items.length) return box;
  box.setAttribute("role", "toolbar");
  box.setAttribute("aria-label", label);
  const group = box.dataset.focusGroup;
  const last = toolbarStops.get(group);
  const same = last ? items.findIndex((b) => b.dataset.key === last.key) : -1;
  const stop = same >= 0 ? same : Math.min(last?.index ?? 0, items.length - 1);
  roving(box, items, { stop, onFocus: (i) => toolbarStops.set(group, { key: items[i].dataset.key, index: i }) });
  return box;
}

// Scroll the page (as little as it takes) to bring `e` wholly into the window where it is not:
// the board under a phone's analysis, a hint under the tools. One taller than the window
// shows its top.
export function intoView(e) {
  const r = e.getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= innerHeight) return;
  e.scrollIntoView({ block: r.height > innerHeight ? "start" : "nearest" });
}

// A phone (narrow, or held sideways and short), as style.css's phone rules say it.
const PHONE = "(max-width: 640px), (orientation: landscape) and (max-height: 540px) and (min-height: 280px)";
let turnShown = null;  // the position (ply) of the player's turn last brought into view

// On a phone, bring the player's part of a card table (prompt, hand, choices) into view at each
// new position of their turn: under the table it can be below the window's edge.
export function turnIntoView(msg, turn) {
  if (msg.your_turn && msg.ply !== turnShown && matchMedia(PHONE).matches) intoView(turn);
  turnShown = msg.your_turn ? msg.ply : null;
}

// Whether the reader asked for less motion (then nothing slides).
export const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

// The page's own seat (null: a spectator). It differs from `msg.seat`, the seat whose view is
// drawn, while the analysis shows a position as another seat saw it (play.js sets `me`).
export const viewer = (msg) => ("me" in msg ? msg.me : msg.seat);

// What a spectator's click on the board is told.
export const WATCHING = "You are watching: spectators watch the game and cannot move its pieces.";

// The accessible name of the hand drawn: "your hand", or whose it is while the analysis shows it.
export const handName = (msg) => (viewer(msg) === msg.seat ? "your hand" : `${msg.table.player_names[msg.seat]}'s hand`);

// Whether two seats play on the same side (partners), from the description's seats.
export function sameSide(desc, a, b) {
  return a !== b && desc.seats[a]?.side === desc.seats[b]?.side;
}

// A question asked in the page before an action that cannot be taken back (resign, restart,
// forget a seat): a modal <dialog>, the page behind it out of reach, answered by two buttons
// named for what they do. The focus starts on the safe answer (`no`), which Escape and a tap
// outside the box give too; then it goes back to `from` (the control that asked, found again
// by its data-key or id where a redraw replaced it meanwhile). Resolves true for `yes`.
export function ask(question, { yes, no, detail = "", from = document.activeElement } = {}) {
  document.querySelector("dialog.ask[open]")?.close();  // one question at a time: the earlier one is answered no
  const key = from && from !== document.body ? keyOf(from) : null;
  const safe = el("button", { type: "submit", value: "no", className: "ask-no", textContent: no, attrs: { autofocus: "" } });
  const act = el("button", { type: "submit", value: "yes", className: "ask-yes danger", textContent: yes });
  const dialog = el("dialog", { className: "ask", attrs: { role: "alertdialog", "aria-labelledby": "ask-question", "aria-describedby": detail ? "ask-detail" : null } },
    el("form", { method: "dialog" },
      el("p", { id: "ask-question", className: "ask-question", textContent: question }),
      detail ? el("p", { id: "ask-detail", className: "ask-detail", textContent: detail }) : null,
      el("div", { className: "ask-answers" }, safe, act)));
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener("click", (ev) => { if (ev.target === dialog) dialog.close(); });  // the backdrop
    dialog.addEventListener("keydown", (ev) => {  // Tab goes round the two answers
      if (ev.key !== "Tab") return;
      const [first, last] = [safe, act];
      if (document.activeElement === (ev.shiftKey ? first : last)) {
        ev.preventDefault();
        (ev.shiftKey ? last : first).focus();
      }
    });
    dialog.addEventListener("close", () => {
      dialog.remove();
      const again = from?.isConnected ? from : key && document.querySelector(key);
      if (again && !again.disabled) again.focus();
      resolve(dialog.returnValue === "yes");
    });
    dialog.showModal();
    safe.focus();
  });
}
