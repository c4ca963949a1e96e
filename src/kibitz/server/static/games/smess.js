// Smess: the 7x8 board with every square's printed arrows (from the game's description).
import { grid, lastSquares, movesByFrom, orientation, svg } from "/static/games/board.js";

export const flippable = true;
let selected = null;

function drawArrows(s, mask, directions) {
  for (const d of directions) {
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
}

function drawPiece(s, piece, desc) {
  const colour = desc.seats[piece.side].colour;
  if (piece.kind === "brain") svg("rect", { x: 28, y: 28, width: 44, height: 44, rx: 8, fill: colour }, s);
  else svg("circle", { cx: 50, cy: 50, r: piece.kind === "numskull" ? 23 : 18, fill: colour }, s);
  const t = svg("text", { x: 50, y: 58, "text-anchor": "middle", "font-size": 24, fill: "#fff", "font-weight": "bold" }, s);
  t.textContent = desc.kinds[piece.kind].letter;
}

function drawSquare(b, name, piece, desc) {
  const s = svg("svg", { viewBox: "0 0 100 100", "aria-hidden": "true" });
  drawArrows(s, desc.arrows[name], desc.directions);
  if (piece) drawPiece(s, piece, desc);
  b.append(s);
  const who = piece ? `${desc.seats[piece.side].name} ${desc.kinds[piece.kind].name}` : "empty";
  b.setAttribute("aria-label", `${name} ${who}`);
}

export function render(el, msg, ctx) {
  const desc = msg.table.description;
  const pieces = new Map(msg.view.pieces.map((p) => [p.square, p]));
  const byFrom = movesByFrom(msg.legal);
  if (selected && !byFrom.has(selected)) selected = null;
  const last = lastSquares(msg.view);
  const { files, ranks } = orientation(desc.board, ctx.flipped);
  const targets = selected ? byFrom.get(selected) : [];
  grid(el, files, ranks, (name, b) => {
    drawSquare(b, name, pieces.get(name), desc);
    if (last.has(name)) b.classList.add("last");
    if (name === selected) b.classList.add("sel");
    const target = targets.find((m) => m.to === name);
    if (target) b.classList.add("target");
    b.addEventListener("click", () => {
      if (target) { selected = null; ctx.act(target); return; }
      selected = byFrom.has(name) ? name : null;
      ctx.redraw();
    });
  });
}
