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

// The selector that finds the focused element again after a redraw (its data-key or id),
// and that of its group (data-focus-group: a hand, a bidding box) should it be gone.
function focusKeys() {
  const a = document.activeElement;
  if (!a || a === document.body) return [null, null];
  const key = a.dataset?.key ? `[data-key="${CSS.escape(a.dataset.key)}"]` : (a.id ? `#${CSS.escape(a.id)}` : null);
  const group = a.closest("[data-focus-group]")?.dataset.focusGroup;
  return [key, group ? `[data-focus-group="${CSS.escape(group)}"] button:not(:disabled)` : null];
}

// Run `redraw` and give keyboard focus back to the element of the same key (or the first
// button of its group, when a card just played is gone), if the redraw took it away; where
// neither is there (or it is disabled now), to `fallback()`, so that focus never drops to
// the page's body.
export function keepFocus(redraw, fallback = null) {
  const [key, group] = focusKeys();
  const before = document.activeElement;
  const held = !!before && before !== document.body;
  redraw();
  if (!held || (before.isConnected && document.activeElement === before)) return;
  let again = key && document.querySelector(key);
  if (!again || again.disabled) again = group && document.querySelector(group);
  if (again && !again.disabled) { again.focus({ preventScroll: true }); return; }
  fallback?.()?.focus();  // elsewhere on the page: scrolled into view
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
