// Fortress / Chessboard: the two wings of piles and the foundations; click a pile, then
// its destination (a pile or the foundations), or drag the pile's top card onto it (pointer
// events, so mouse, pen and touch alike). Undo/redo, hint and the rest are the tools.
import { el } from "/static/games/cards.js";

let source = null;
let drag = null;
let dragged = false;
const SUIT = { C: "\u2663", S: "\u2660", H: "\u2665", D: "\u2666" };
const RED = new Set(["H", "D"]);

function parse(text) {
  const m = text.match(/^(\d|F[CSHD]?)>(\d|F)/);
  return m && { from: m[1], to: m[2] };
}

function cardText(c) { return c ? `${c[0] === "T" ? "10" : c[0]}${SUIT[c[1]]}` : ""; }

export function render(root, msg, ctx) {
  const v = msg.view;
  const moves = msg.legal.map((l) => ({ ...parse(l.text), text: l.text })).filter((m) => m.from);
  if (source !== null && !moves.some((m) => m.from === source)) source = null;
  const hint = ctx.hint && ctx.hint.ply === msg.ply && ctx.hint.text ? parse(ctx.hint.text) : null;
  const last = msg.last ? parse(msg.last.text) : null;
  const click = (where) => {
    if (dragged) { dragged = false; return; }
    const move = source !== null && moves.find((m) => m.from === source && m.to === where);
    if (move) { source = null; ctx.act(move.text); return; }
    source = moves.some((m) => m.from === where) ? where : null;
    ctx.redraw();
  };
  const pile = (i) => {
    const cards = v.piles[i];
    const key = String(i);
    const b = el("button", { type: "button", className: "card pilehead" });
    b.dataset.pile = key;
    b.textContent = cards.length ? cardText(cards[cards.length - 1]) : "empty";
    if (cards.length && RED.has(cards[cards.length - 1][1])) b.classList.add("red");
    if (source === key) b.classList.add("legal");
    if (hint && (hint.from === key || hint.to === key)) b.classList.add("hint");
    if (source !== null && moves.some((m) => m.from === source && m.to === key)) b.classList.add("legal");
    b.setAttribute("aria-label", `pile ${i}: ${cards.join(" ") || "empty"}`);
    b.addEventListener("click", () => click(key));
    draggable(b, key, moves, ctx);
    const under = cards.slice(0, -1).map((c) => el("span", { className: RED.has(c[1]) ? "card red" : "card black", textContent: cardText(c) }));
    const row = el("div", { className: "pile" }, el("span", { textContent: `${i}:` }), ...under, b);
    if (last && (last.from === key || last.to === key)) row.style.background = "var(--last)";
    return row;
  };
  const found = el("button", { type: "button", className: "card", id: "foundations" });
  found.dataset.pile = "F";
  found.textContent = "Foundations: " + Object.entries(v.foundations).map(([s, n]) => `${SUIT[s]}${n}`).join(" ") + (v.base ? ` (base ${v.base})` : "");
  if (hint && hint.to === "F") found.classList.add("hint");
  if (source !== null && moves.some((m) => m.from === source && m.to === "F")) found.classList.add("legal");
  found.addEventListener("click", () => click("F"));
  root.replaceChildren(
    el("div", { textContent: `${v.home} of 52 cards home` }), found,
    el("div", { className: "layout" },
      el("div", { className: "wing", ariaLabel: "left wing" }, ...[0, 1, 2, 3, 4].map(pile)),
      el("div", { className: "wing", ariaLabel: "right wing" }, ...[5, 6, 7, 8, 9].map(pile))),
  );
}

// Drag a pile's top card: a ghost follows the pointer; dropping it on a pile or the
// foundations plays the move there if it is legal (a short press stays a click).
function draggable(b, key, moves, ctx) {
  b.addEventListener("pointerdown", (ev) => {
    if (!moves.some((m) => m.from === key)) return;
    drag = { from: key, x: ev.clientX, y: ev.clientY, ghost: null };
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
    const d = drag;
    drag = null;
    if (!d || !d.ghost) return;
    d.ghost.remove();
    dragged = true;
    setTimeout(() => { dragged = false; }, 0);
    const target = document.elementFromPoint(ev.clientX, ev.clientY)?.closest("[data-pile]");
    const move = target && moves.find((m) => m.from === d.from && m.to === target.dataset.pile);
    source = null;
    if (move) ctx.act(move.text);
    else ctx.redraw();
  };
  b.addEventListener("pointerup", end);
  b.addEventListener("pointercancel", (ev) => { if (drag?.ghost) drag.ghost.remove(); drag = null; });
}
