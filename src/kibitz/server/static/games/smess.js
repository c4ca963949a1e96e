// Smess: the 7x8 board with every square's printed arrows (from /api/smess/arrows).
import { grid, movesByFrom, svg } from "/static/games/board.js";

export const flippable = true;
let arrows = null;
let dirs = null;
fetch("/api/smess/arrows").then((r) => r.json()).then((d) => { arrows = d.arrows; dirs = d.directions; });
let selected = null;

const NAMES = { B: "Brain", S: "Numskull", N: "Ninny" };

function parse(text) {
  const m = text.match(/^([a-g][1-8])[-x]([a-g][1-8])/);
  return m && { from: m[1], to: m[2] };
}

function board(position) {
  const rows = position.split(" ")[0].split("/");
  const out = {};
  rows.forEach((row, i) => {
    const rank = 8 - i;
    let f = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) f += Number(ch);
      else { out[`${"abcdefg"[f]}${rank}`] = ch; f += 1; }
    }
  });
  return out;
}

function drawSquare(b, name, piece, mask) {
  const s = svg("svg", { viewBox: "0 0 100 100", "aria-hidden": "true" });
  for (const d of dirs || []) {
    if (!(mask & d.bit)) continue;
    const len = Math.hypot(d.df, d.dr);
    const ux = d.df / len, uy = -d.dr / len;
    const x1 = 50 + ux * 30, y1 = 50 + uy * 30, x2 = 50 + ux * 46, y2 = 50 + uy * 46;
    svg("line", { x1, y1, x2, y2, stroke: "#444", "stroke-width": 3 }, s);
    svg("polygon", {
      points: `${x2},${y2} ${x2 - ux * 9 - uy * 6},${y2 - uy * 9 + ux * 6} ${x2 - ux * 9 + uy * 6},${y2 - uy * 9 - ux * 6}`,
      fill: "#444",
    }, s);
  }
  if (piece) {
    const blue = piece === piece.toUpperCase();
    const kind = piece.toUpperCase();
    const shape = kind === "B" ? "rect" : "circle";
    const colour = blue ? "var(--blue)" : "var(--red)";
    if (shape === "rect") svg("rect", { x: 28, y: 28, width: 44, height: 44, rx: 8, fill: colour }, s);
    else svg("circle", { cx: 50, cy: 50, r: kind === "S" ? 23 : 18, fill: colour }, s);
    const t = svg("text", { x: 50, y: 58, "text-anchor": "middle", "font-size": 24, fill: "#fff", "font-weight": "bold" }, s);
    t.textContent = kind;
  }
  b.append(s);
  const who = piece ? `${piece === piece.toUpperCase() ? "Blue" : "Red"} ${NAMES[piece.toUpperCase()]}` : "empty";
  b.setAttribute("aria-label", `${name} ${who}`);
}

export function render(el, msg, ctx) {
  if (!arrows) { setTimeout(() => ctx.redraw(), 100); return; }
  const pieces = board(msg.view.position);
  const byFrom = movesByFrom(msg.legal, parse);
  if (selected && !byFrom.has(selected)) selected = null;
  const lastMove = msg.last ? parse(msg.last.text) : null;
  const hint = ctx.hint && ctx.hint.ply === msg.ply ? parse(ctx.hint.text || "") : null;
  const ranks = ctx.flipped ? [1, 2, 3, 4, 5, 6, 7, 8] : [8, 7, 6, 5, 4, 3, 2, 1];
  const files = ctx.flipped ? [..."gfedcba"] : [..."abcdefg"];
  const targets = selected ? byFrom.get(selected) : [];
  grid(el, files, ranks, (name, b) => {
    drawSquare(b, name, pieces[name], arrows[name]);
    if (lastMove && (lastMove.from === name || lastMove.to === name)) b.classList.add("last");
    if (name === selected) b.classList.add("sel");
    const target = targets.find((m) => m.to === name);
    if (target) b.classList.add("target");
    if (hint && hint.from === name) b.classList.add("sel");
    b.addEventListener("click", () => {
      if (target) { selected = null; ctx.act(target.text); return; }
      selected = byFrom.has(name) ? name : null;
      ctx.redraw();
    });
  });
}
