// Cardmate: the 10x10 board, cards as playing-card pieces in their owner's colour.
import { grid, lastSquares, movesByFrom, orientation, svg } from "/static/games/board.js";

export const flippable = true;
let selected = null;
let promoting = null;

// Each card code's rank and suit faces, composed from the description's tables.
function faces(desc) {
  const out = new Map();
  for (const rank of desc.ranks) for (const suit of desc.suits) out.set(rank.code + suit.code, { rank, suit });
  return out;
}

function drawCard(b, code, side, desc, face) {
  const s = svg("svg", { viewBox: "0 0 100 100", "aria-hidden": "true" });
  const { rank, suit } = face.get(code);
  const ink = suit.colour === "red" ? "#c0392b" : "#111";
  svg("rect", { x: 14, y: 6, width: 72, height: 88, rx: 9, fill: "#fff",
    stroke: desc.seats[side].colour, "stroke-width": 7 }, s);
  const t = svg("text", { x: 50, y: 48, "text-anchor": "middle", "font-size": 32, "font-weight": "bold", fill: ink }, s);
  t.textContent = rank.face;
  const u = svg("text", { x: 50, y: 82, "text-anchor": "middle", "font-size": 32, fill: ink }, s);
  u.textContent = suit.symbol;
  b.append(s);
}

function capturedList(msg, desc, face) {
  const captured = document.createElement("div");
  captured.id = "captured";
  msg.view.captured.forEach((cards, side) => {
    const line = document.createElement("div");
    line.className = "captured";
    line.dataset.side = side;
    line.append(`${desc.seats[side].name} lost ${cards.length}: `);
    for (const code of cards) {
      const c = document.createElement("span");
      c.className = "captured-card";
      c.title = code;
      drawCard(c, code, side, desc, face);
      line.append(c);
    }
    captured.append(line);
  });
  return captured;
}

function promotionQuestion(ctx) {
  const q = document.createElement("div");
  q.className = "notice";
  q.id = "promotion";
  q.append("Promote the One to an Ace? ");
  for (const m of promoting) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m.promotion ? "Yes, promote" : "No";
    b.addEventListener("click", () => { promoting = null; ctx.act(m); });
    q.append(b);
  }
  return q;
}

export function render(el, msg, ctx) {
  const desc = msg.table.description;
  const face = faces(desc);
  const pieces = new Map(msg.view.pieces.map((p) => [p.square, p]));
  const byFrom = movesByFrom(msg.legal);
  if (selected && !byFrom.has(selected)) selected = null;
  const last = lastSquares(msg.view);
  const palaces = new Set(desc.palaces.flat());
  const { files, ranks } = orientation(desc.board, ctx.flipped !== (msg.seat === 1));
  const aboveLine = ranks.find((r) => desc.centre_line.includes(r));
  const targets = selected ? byFrom.get(selected) : [];
  grid(el, files, ranks, (name, b, _file, rank) => {
    const piece = pieces.get(name);
    if (palaces.has(name)) b.classList.add("palace");
    if (rank === aboveLine) b.classList.add("centre");
    if (piece) drawCard(b, piece.card, piece.side, desc, face);
    b.setAttribute("aria-label", `${name} ${piece ? `${desc.seats[piece.side].name} ${piece.card}` : "empty"}`);
    if (last.has(name)) b.classList.add("last");
    if (name === selected) b.classList.add("sel");
    const here = targets.filter((m) => m.to === name);
    if (here.length) b.classList.add("target");
    b.addEventListener("click", () => {
      if (here.length === 1) { selected = null; ctx.act(here[0]); return; }
      if (here.length > 1) { promoting = here; selected = null; ctx.redraw(); return; }
      selected = byFrom.has(name) ? name : null;
      promoting = null;
      ctx.redraw();
    });
  });
  el.querySelector(".board-info")?.remove();
  const info = document.createElement("div");
  info.className = "row board-info";
  const kings = msg.view.scores;
  info.append(Object.assign(document.createElement("span"), {
    textContent: `Kings: ${desc.seats.map((s, i) => `${s.name} ${kings[i]}`).join(", ")}.`,
  }));
  info.append(capturedList(msg, desc, face));
  if (msg.legal.some((m) => m.compulsory)) {
    info.append(Object.assign(document.createElement("span"), { className: "notice", id: "follow", textContent: "Compulsory follow: you must capture (a follow)." }));
  }
  if (promoting) info.append(promotionQuestion(ctx));
  el.append(info);
}
