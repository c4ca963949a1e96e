// Fortress / Chessboard: the two wings of piles and the foundations; click a pile, then
// its destination (a pile or the foundations), or drag the pile's top card onto it (pointer
// events, so mouse, pen and touch alike). Undo/redo, hint and the rest are the tools.
// Everything comes from the message: the table's description (piles, suits, card faces,
// rules), the view (piles, foundations, last move) and the structured legal moves
// (`from`/`to`: a pile 0-9 or "F" for the foundations; `card`), so no notation is parsed.
import { el } from "/static/games/cards.js";

let source = null;
let drag = null;
let dragged = false;

const key = (where) => String(where);

function cardText(name, faces) {
  return name ? `${name[0] === "T" ? "10" : name[0]}${faces[name[1]].symbol}` : "";
}

function cardClass(name, faces) { return faces[name[1]].red ? "red" : "black"; }

// A move as the page compares it: `from`/`to` as data-pile keys.
function asKeys(m) { return m && m.from !== undefined ? { ...m, from: key(m.from), to: key(m.to) } : null; }

// The hinted move: the hint's action id looked up among the legal moves (or its own fields).
function hinted(msg, ctx) {
  const h = ctx.hint;
  if (!h || h.ply !== msg.ply || h.action === null || h.action === undefined) return null;
  return asKeys(msg.legal.find((m) => m.id === h.action) || h);
}

export function render(root, msg, ctx) {
  const v = msg.view;
  const d = msg.table.description;
  const faces = d.cards.suits;
  const moves = msg.legal.map(asKeys);
  const fits = (m) => m.from === source.from && (source.from !== "F" || m.card === source.card);
  if (source !== null && !moves.some(fits)) source = null;
  const hint = hinted(msg, ctx);
  const last = asKeys(v.last_action);
  const play = (move) => { source = null; ctx.act(move); };
  const toward = (where) => {
    if (dragged) { dragged = false; return true; }
    const move = source !== null && moves.find((m) => fits(m) && m.to === where);
    if (move) play(move);
    return !!move;
  };
  const pile = (i) => {
    const cards = v.piles[i];
    const k = key(i);
    const top = cards[cards.length - 1];
    const b = el("button", { type: "button", className: "card pilehead" });
    b.dataset.pile = k;
    b.textContent = cards.length ? cardText(top, faces) : "empty";
    if (top && faces[top[1]].red) b.classList.add("red");
    if (source?.from === k) b.classList.add("legal");
    if (hint && (hint.from === k || hint.to === k)) b.classList.add("hint");
    if (source !== null && moves.some((m) => fits(m) && m.to === k)) b.classList.add("legal");
    b.setAttribute("aria-label", `pile ${i}: ${cards.join(" ") || "empty"}`);
    b.addEventListener("click", () => {
      if (toward(k)) return;
      source = moves.some((m) => m.from === k) ? { from: k } : null;
      ctx.redraw();
    });
    draggable(b, k, moves, ctx);
    const under = cards.slice(0, -1).map((c) => el("span", { className: `card ${cardClass(c, faces)}`, textContent: cardText(c, faces) }));
    const row = el("div", { className: "pile" }, el("span", { textContent: `${i}:` }), ...under, b);
    if (last && (last.from === k || last.to === k)) row.style.background = "var(--last)";
    return row;
  };
  const found = el("button", { type: "button", className: "card", id: "foundations" });
  found.dataset.pile = "F";
  const suits = d.foundations.map((s) => {
    const top = v.foundation_tops[s];
    const span = el("span", { className: `card ${faces[s].red ? "red" : "black"}`, textContent: top ? cardText(top, faces) : faces[s].symbol });
    if (!top) span.style.opacity = "0.4";
    span.dataset.suit = s;
    if (source?.from === "F" && source.card === top) span.classList.add("legal");
    return span;
  });
  found.style.gap = ".3rem";
  found.append("Foundations", ...suits, v.base ? `base ${v.base}` : "no base yet");
  if (hint && (hint.to === "F" || hint.from === "F")) found.classList.add("hint");
  if (last && (last.from === "F" || last.to === "F")) found.style.background = "var(--last)";
  if (source !== null && moves.some((m) => fits(m) && m.to === "F")) found.classList.add("legal");
  found.addEventListener("click", (ev) => {
    if (toward("F")) return;
    // Take a card back (an option of Fortress): the clicked suit's top card is the source.
    const suit = ev.target.closest("[data-suit]")?.dataset.suit;
    const card = suit && v.foundation_tops[suit];
    source = card && moves.some((m) => m.from === "F" && m.card === card) ? { from: "F", card } : null;
    ctx.redraw();
  });
  const half = Math.ceil(d.piles / 2);
  const wing = (label, from, to) => el("div", { className: "wing", ariaLabel: label },
    ...Array.from({ length: to - from }, (_, k) => pile(from + k)));
  root.replaceChildren(
    el("div", { textContent: `${v.scores[0]} of ${d.cards.ranks.length * d.foundations.length} cards home` }), found,
    el("div", { className: "layout" }, wing("left wing", 0, half), wing("right wing", half, d.piles)),
    el("p", { className: "rules", textContent: d.rules.text }),
  );
}

// Drag a pile's top card: a ghost follows the pointer; dropping it on a pile or the
// foundations plays the move there if it is legal (a short press stays a click).
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
      drag.ghost = el("div", { className: b.className + " ghost", textContent: b.textContent });
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
    const target = document.elementFromPoint(ev.clientX, ev.clientY)?.closest("[data-pile]");
    const move = target && moves.find((m) => m.from === dr.from && m.to === target.dataset.pile);
    source = null;
    if (move) ctx.act(move);
    else ctx.redraw();
  };
  b.addEventListener("pointerup", end);
  b.addEventListener("pointercancel", () => { if (drag?.ghost) drag.ghost.remove(); drag = null; });
}
