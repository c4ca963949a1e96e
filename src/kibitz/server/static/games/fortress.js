// Fortress / Chessboard: the foundations (each showing its top card) and the ten piles as
// overlapping cards, in either of the rules' presentations (kept in this browser): ten
// columns in index order under the foundations (the default, as in PySolFC), or the
// traditional two wings (0 then 2-5 left, 1 then 6-9 right, rows growing outward from the
// foundations in the middle). Click a pile, then its destination (a pile or the
// foundations), or drag its top card there (pointer events: mouse, pen and touch alike); the
// piles and foundations are one tab stop, moved over with the arrow keys. Everything comes
// from the message: the description (piles, suits, faces, rules), the view (piles,
// foundation tops, base, last move) and the structured legal moves (`from`/`to`: a pile 0-9
// or "F"; `card`).
import { cardFigure, placeholder, playingCard, suitShape } from "/static/games/cards.js";
import { button, el, roving, svg, svgText, viewer, WATCHING } from "/static/ui.js";

const LAYOUT_KEY = "kibitz:patience-layout";
let source = null;
let drag = null;
let dragged = false;
let focusKey = null;  // the board's one tab stop, kept across redraws

const key = (where) => String(where);
const layout = () => (localStorage.getItem(LAYOUT_KEY) === "wings" ? "wings" : "columns");

function face(name, d) {
  const suit = d.cards.suits[name[1]];
  return { rank: name[0] === "T" ? "10" : name[0], symbol: suit.symbol, red: suit.red };
}

function cardWords(name, d) {
  if (!name) return "";
  const f = face(name, d);
  return `${f.rank}${f.symbol}`;
}

// A covered card: a blank card (drawn by the style sheet) with rank and suit where its edge
// shows (`at`: "top" in a column, "left" or "right" in a wing's row), at a size of their own
// so that they stay readable however small the cards are.
function edgeCard(f, at) {
  const across = at === "top";
  const s = svg("svg", { viewBox: across ? "0 0 38 20" : "0 0 18 38", class: `edge-index ${at}`, "aria-hidden": "true", focusable: "false" });
  const ink = f.red ? "#b3261e" : "#1b1b1b";
  // "10" as tall as the other ranks, its two digits set close to fit the one rank's width
  const ten = f.rank.length > 1;
  svgText(s, across ? 10 : 9, 10.5, f.rank, { "font-size": ten ? 18 : 19, "font-weight": 700, fill: ink,
    ...(ten ? { textLength: across ? 19 : 17.5, lengthAdjust: "spacingAndGlyphs" } : {}) });
  suitShape(s, f.symbol, across ? 21 : 1.5, across ? 2.5 : 21, 15, ink);
  return s;
}

// An empty pile's mark: the word where the pile is wide enough, else a small ring (the style
// sheet chooses by the pile's width; the button's label says "empty").
function emptyMark() {
  const ring = svg("svg", { viewBox: "0 0 20 20", class: "empty-ring", "aria-hidden": "true", focusable: "false" });
  svg("circle", { cx: 10, cy: 10, r: 7, fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-dasharray": "3 2.5" }, ring);
  return el("span", { className: "empty-mark" }, el("span", { className: "empty-word", textContent: "empty" }), ring);
}

// How much of a covered card a column shows: less as the column grows, so that a long
// column (up to 19 cards) stays within a few card heights.
const columnStep = (n) => Math.min(0.3, Math.max(0.21, 2.4 / Math.max(n - 1, 1)));

// A move as the page compares it: `from`/`to` as data-pile keys.
function asKeys(m) { return m && m.from !== undefined && m.from !== null ? { ...m, from: key(m.from), to: key(m.to) } : null; }

// The hinted move: the hint's action id looked up among the legal moves (or its own fields).
function hinted(msg, ctx) {
  const h = ctx.hint;
  if (!h || h.ply !== msg.ply || h.action === null || h.action === undefined) return null;
  return asKeys(msg.legal.find((m) => m.id === h.action) || h.move || h);
}

// A move in words, its card first: "A♥ from pile 4 to the foundations" (the last-move bar's
// and the hint's words; `to` as "home" for a hint: "A♥ from pile 4 home").
function moveWords(m, d, home = "to the foundations") {
  const card = m.card ? cardWords(m.card, d) : "a card";
  const from = m.from === "F" ? "its foundation" : `pile ${m.from}`;
  return `${card} from ${from} ${m.to === "F" ? home : `to pile ${m.to}`}`;
}

export function lastText(msg) {
  const la = msg.view.last_action;
  if (!la) return "No move yet.";
  return `Last move: ${la.text} (${moveWords(la, msg.table.description)})`;
}

// The move list's entry: the card and its way, "A♥ 4→F" (the notation without the card
// where the move has none).
export function moveText(m, msg) {
  if (!m.card || m.from === undefined) return null;
  return `${cardWords(m.card, msg.table.description)} ${m.from}→${m.to}`;
}

// The hint in words: "A♥ from pile 4 home", "unchecked" said where it is not proven and why.
export function hintText(h, msg) {
  if (!h.move || !msg) return null;
  return `${moveWords(h.move, msg.table.description, "home")}${h.kind === "unchecked" ? ` (unchecked: ${h.reason})` : ""}`;
}

// Why a click did nothing, from the legal moves: "J♣ has no move now", "A♥ cannot go to
// pile 3; its moves: F, 5".
function refusal(card, to, options, d) {
  const name = card ? cardWords(card, d) : "That card";
  if (!options.length) return `${name} has no move now.`;
  const where = to === "F" ? "the foundations" : `pile ${to}`;
  return `${name} cannot go to ${where}; its moves: ${options.map((m) => m.to).join(", ")}.`;
}

export function render(root, msg, ctx) {
  const v = msg.view;
  const d = msg.table.description;
  const moves = msg.legal.map(asKeys).filter(Boolean);
  const fits = (m) => source && m.from === source.from && (source.from !== "F" || m.card === source.card);
  if (source !== null && (source.ply !== msg.ply || !moves.some(fits))) source = null;
  const hint = hinted(msg, ctx);
  const last = asKeys(v.last_action);
  const shape = layout();
  const play = (move) => { source = null; ctx.act(move); };
  const toward = (where) => {
    if (dragged) { dragged = false; return true; }
    const move = source !== null && moves.find((m) => fits(m) && m.to === where);
    if (move) play(move);
    return !!move;
  };
  // A selected card clicked onto a place it cannot go: say why (and drop the selection).
  let refused = false;
  const explain = (where) => {
    if (source === null || source.from === where) return false;
    const card = source.from === "F" ? source.card : v.piles[Number(source.from)].at(-1);
    ctx.note?.(refusal(card, where, moves.filter(fits), d));
    refused = true;
    return true;
  };
  const mark = (node, k) => {
    if (hint && (hint.from === k || hint.to === k)) node.classList.add("hint");
    if (last && last.from === k) node.classList.add("last-from");
    if (last && last.to === k) node.classList.add("last-to");
    if (source && moves.some((m) => fits(m) && m.to === k)) node.classList.add("target");
  };

  // Pile i: its number, its covered cards fanned `fan` ("down", "left" or "right"), its top
  // card last (the button); a click anywhere on it selects it or moves the selected card there.
  const pile = (i, fan) => {
    const cards = v.piles[i];
    const k = key(i);
    const top = cards[cards.length - 1];
    const head = el("button", { type: "button", className: `pilehead ${top ? "" : "empty"}` },
      top ? playingCard(face(top, d)) : emptyMark());
    head.dataset.pile = k;
    head.dataset.key = `pile:${k}`;
    const canMove = moves.some((m) => m.from === k);
    if (source?.from === k) head.classList.add("sel");
    if (canMove) head.classList.add("movable");
    head.setAttribute("aria-label", `pile ${i}: ${cards.length ? cards.map((c) => cardWords(c, d)).join(" ") + `, top ${cardWords(top, d)}` : "empty"}` +
      `${source?.from === k ? ", selected" : ""}${source && moves.some((m) => fits(m) && m.to === k) ? ", a legal destination" : ""}`);
    draggable(head, k, moves, ctx);
    const edge = { down: "top", left: "right", right: "left" }[fan];
    const under = cards.slice(0, -1).map((c) => el("span", { className: "covered" },
      cardFigure(edgeCard(face(c, d), edge), cardWords(c, d), "under")));
    const row = el("div", { className: `pile fan-${fan}`, dataset: { pileRow: k } },
      el("span", { className: "pile-no", textContent: String(i), attrs: { "aria-hidden": "true" } }),
      el("div", { className: "pile-cards" }, ...under, head));
    if (fan === "down") row.style.setProperty("--step", columnStep(cards.length));
    row.addEventListener("click", () => {
      if (viewer(msg) === null) { ctx.note?.(WATCHING); return; }
      if (toward(k)) return;
      if (!explain(k)) ctx.note?.(top && !canMove && source?.from !== k && msg.your_turn ? refusal(top, k, [], d) : "");
      source = canMove && source?.from !== k && !refused ? { from: k, ply: msg.ply } : null;
      refused = false;
      ctx.redraw();
    });
    mark(row, k);
    return row;
  };

  const found = el("div", { className: "foundations", id: "foundations", attrs: { role: "group", "aria-label": "foundations" } });
  found.dataset.pile = "F";
  const target = el("button", { type: "button", className: "found-target", id: "found-target", textContent: "Foundations" });
  target.dataset.key = "found";
  target.setAttribute("aria-label", `foundations${source && moves.some((m) => fits(m) && m.to === "F") ? ", a legal destination" : ""}`);
  found.append(target);
  // A click anywhere on the foundations sends the selected card home; a click on a suit's
  // card takes it back where the game allows (a Fortress option).
  found.addEventListener("click", (ev) => {
    if (viewer(msg) === null) { ctx.note?.(WATCHING); return; }
    if (toward("F")) return;
    const card = ev.target.closest("[data-suit]")?.dataset.takeback;
    if (!explain("F")) ctx.note?.("");
    source = card && !refused ? { from: "F", card, ply: msg.ply } : null;
    refused = false;
    ctx.redraw();
  });
  for (const s of d.foundations) {
    const top = v.foundation_tops[s];
    const suit = d.cards.suits[s];
    const takeback = top && moves.some((m) => m.from === "F" && m.card === top);
    const slot = el("button", { type: "button", className: `found-slot ${top ? "" : "empty"} ${source?.from === "F" && source.card === top ? "sel" : ""}` },
      top ? playingCard(face(top, d)) : placeholder(suit.symbol));
    slot.dataset.suit = s;
    slot.dataset.key = `found:${s}`;
    slot.setAttribute("aria-label", top ? `${suit.symbol} foundation: ${v.foundations[s]} cards, top ${cardWords(top, d)}` : `${suit.symbol} foundation: empty`);
    slot.dataset.takeback = takeback ? top : "";
    found.append(slot);
  }
  mark(found, "F");
  const total = d.cards.ranks.length * d.foundations.length;
  const base = v.base ? `base ${v.base.replace("T", "10")}` : "the first card home sets the base";
  const group = (label, className, piles, fan) => el("div", { className, attrs: { role: "group", "aria-label": label } },
    ...piles.map((i) => pile(i, fan)));
  // Wings: piles 0 and 1 head the left and right wing, the others split evenly below them.
  const below = (d.piles - 2) / 2;
  const wing = (first) => [first, ...Array.from({ length: below }, (_, k) => 2 + first * below + k)];
  const board = shape === "wings"
    ? el("div", { className: "patience wings" },
      group("left wing", "wing left", wing(0), "left"), found, group("right wing", "wing right", wing(1), "right"))
    : el("div", { className: "patience columns" }, found,
      group("piles", "columns-row", Array.from({ length: d.piles }, (_, i) => i), "down"));
  board.style.setProperty("--piles", d.piles);
  boardStops(board);
  board.addEventListener("keydown", (ev) => {  // Escape drops the selected card
    if (ev.key !== "Escape" || source === null) return;
    ev.preventDefault();
    source = null;
    ctx.note?.("Selection cleared.");
    ctx.redraw();
  });
  root.replaceChildren(
    el("div", { className: "row patience-head" },
      el("p", { className: "info", id: "fortress-info", textContent: `${v.scores[0]} of ${total} cards home; ${base}.` }),
      layoutSwitch(shape, ctx)),
    board,
    el("p", { className: "info small", id: "fortress-rules", textContent: d.rules.text }),
  );
}

// "Layout: columns / wings": the choice is this browser's (localStorage), columns by default.
function layoutSwitch(shape, ctx) {
  const choice = (value, label) => button(label, () => { localStorage.setItem(LAYOUT_KEY, value); ctx.redraw(); },
    { id: `layout-${value}`, className: "small", dataset: { key: `layout:${value}` }, attrs: { "aria-pressed": String(shape === value) } });
  return el("div", { className: "row layout-switch", attrs: { role: "group", "aria-labelledby": "layout-label" } },
    el("span", { id: "layout-label", textContent: "Layout:" }), choice("columns", "Columns"), choice("wings", "Wings"));
}

// One tab stop for the piles and foundations (ui.js's roving): the one last focused (else
// pile 0); the arrow keys move to the nearest one on screen in their direction (none: the
// focus stays), whichever layout is shown; Home to pile 0, End to the last.
function boardStops(board) {
  const stops = [...board.querySelectorAll("button[data-key]")];
  const first = stops.findIndex((b) => b.dataset.pile === "0");
  const kept = stops.findIndex((b) => b.dataset.key === focusKey);
  const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const step = (key, i) => {
    if (key === "Home") return first;
    if (key === "End") return stops.length - 1;
    if (!arrows[key]) return null;
    const next = nearest(stops, stops[i], arrows[key]);
    return next ? stops.indexOf(next) : i;
  };
  roving(board, stops, { stop: kept >= 0 ? kept : first, step, onFocus: (i) => { focusKey = stops[i].dataset.key; } });
}

// The stop nearest to `from` in direction `dir` ([dx, dy]) by its centre, those in line with
// it first (overlapping it across the direction, as columns or a wing's rows do), else the
// least off to the side; a pile is where its whole column or row is, not only its top card.
function nearest(stops, from, [dx, dy]) {
  const box = (b) => (b.closest(".pile") || b).getBoundingClientRect();
  const mid = (r) => [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
  const gap = (a0, a1, b0, b1) => Math.max(0, a0 - b1, b0 - a1);
  const r0 = box(from);
  const [x0, y0] = mid(r0);
  let best = null;
  let bestScore = Infinity;
  for (const b of stops) {
    const r = box(b);
    const [x, y] = mid(r);
    const ahead = (x - x0) * dx + (y - y0) * dy;
    const aside = dx ? gap(r.top, r.bottom, r0.top, r0.bottom) : gap(r.left, r.right, r0.left, r0.right);
    if (b === from || ahead <= 1) continue;
    const score = (aside > 0 ? 1e5 : 0) + ahead + 3 * aside;
    if (score < bestScore) { best = b; bestScore = score; }
  }
  return best;
}

// Drag a pile's top card: a ghost follows the pointer; dropping it anywhere on a pile or on
// the foundations plays the move there if it is legal (a short press stays a click).
function draggable(b, k, moves, ctx) {
  b.addEventListener("pointerdown", (ev) => {
    if (!moves.some((m) => m.from === k)) return;
    drag = { from: k, x: ev.clientX, y: ev.clientY, ghost: null };
    b.setPointerCapture(ev.pointerId);
  });
  b.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    if (!drag.ghost && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 6) return;
    if (!drag.ghost) {
      drag.ghost = el("div", { className: "ghost" }, b.firstChild.cloneNode(true));
      document.body.append(drag.ghost);
    }
    drag.ghost.style.left = `${ev.clientX + 4}px`;
    drag.ghost.style.top = `${ev.clientY + 4}px`;
  });
  const end = (ev) => {
    const dr = drag;
    drag = null;
    if (!dr || !dr.ghost) return;
    dr.ghost.remove();
    dragged = true;
    setTimeout(() => { dragged = false; }, 0);
    const target = document.elementFromPoint(ev.clientX, ev.clientY)?.closest("[data-pile], [data-pile-row]");
    const to = target && (target.dataset.pile ?? target.dataset.pileRow);
    const move = to && moves.find((m) => m.from === dr.from && m.to === to);
    source = null;
    if (move) ctx.act(move);
    else ctx.redraw();
  };
  b.addEventListener("pointerup", end);
  b.addEventListener("pointercancel", () => { if (drag?.ghost) drag.ghost.remove(); drag = null; });
}
