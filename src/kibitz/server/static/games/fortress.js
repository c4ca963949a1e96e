// Fortress / Chessboard: the two wings of piles and the foundations; click a pile, then
// its destination (a pile or the foundations). Undo/redo, hint and the rest are the tools.
import { el } from "/static/games/cards.js";

let source = null;
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
