// Cardmate: the 10x10 board, cards as playing-card pieces in their owner's colour.
import { grid, svg } from "/static/games/board.js";

export const flippable = true;
let selected = null;
let promoting = null;
const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const PALACE = new Set(["e0", "f0", "e9", "f9"]);

function parse(text) {
  const m = text.match(/^([1-9XJQKA][CDHS]):?([a-j][0-9])(=A)?/);
  return m && { card: m[1], to: m[2], promote: !!m[3] };
}

function board(position) {
  const rows = position.split(" ")[0].split("/");
  const out = {};
  rows.forEach((row, i) => {
    const rank = 9 - i;
    let f = 0;
    for (const cell of row.split(",")) {
      if (/^\d+$/.test(cell)) f += Number(cell);
      else { out[`${"abcdefghij"[f]}${rank}`] = cell; f += 1; }
    }
  });
  return out;
}

function drawCard(b, code) {
  const s = svg("svg", { viewBox: "0 0 100 100", "aria-hidden": "true" });
  const mine = code === code.toUpperCase();
  const up = code.toUpperCase();
  const rank = up[0] === "X" ? "10" : up[0] === "1" ? "1" : up[0];
  const suit = up[1];
  svg("rect", { x: 14, y: 6, width: 72, height: 88, rx: 9, fill: "#fff",
    stroke: mine ? "var(--blue)" : "var(--red)", "stroke-width": 7 }, s);
  const red = suit === "D" || suit === "H";
  const t = svg("text", { x: 50, y: 48, "text-anchor": "middle", "font-size": 32, "font-weight": "bold", fill: red ? "#c0392b" : "#111" }, s);
  t.textContent = rank;
  const u = svg("text", { x: 50, y: 82, "text-anchor": "middle", "font-size": 32, fill: red ? "#c0392b" : "#111" }, s);
  u.textContent = SUITS[suit];
  b.append(s);
}

export function lastText(msg) { return ""; }

export function render(el, msg, ctx) {
  const pieces = board(msg.view.position);
  const cardAt = {};
  for (const [sq, code] of Object.entries(pieces)) cardAt[code.toUpperCase() + (code === code.toUpperCase() ? "" : "'")] = sq;
  const moves = msg.legal.map((l) => ({ ...parse(l.text), text: l.text })).filter((m) => m.card);
  const mineUpper = msg.seat === 0;
  const squareOf = (card) => Object.entries(pieces).find(([, c]) => (mineUpper ? c === card : c === card.toLowerCase()))?.[0];
  const byFrom = new Map();
  for (const m of moves) {
    const from = squareOf(m.card);
    if (!from) continue;
    if (!byFrom.has(from)) byFrom.set(from, []);
    byFrom.get(from).push(m);
  }
  if (selected && !byFrom.has(selected)) selected = null;
  const last = msg.last ? parse(msg.last.text) : null;
  const flip = ctx.flipped !== (msg.seat === 1);
  const ranks = flip ? [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] : [9, 8, 7, 6, 5, 4, 3, 2, 1, 0];
  const files = flip ? [..."jihgfedcba"] : [..."abcdefghij"];
  const targets = selected ? byFrom.get(selected) : [];
  grid(el, files, ranks, (name, b) => {
    if (PALACE.has(name)) b.classList.add("palace");
    if ((name[1] === "5" && !flip) || (name[1] === "4" && flip)) b.classList.add("centre");
    if (pieces[name]) drawCard(b, pieces[name]);
    b.setAttribute("aria-label", `${name} ${pieces[name] || "empty"}`);
    if (last && last.to === name) b.classList.add("last");
    if (name === selected) b.classList.add("sel");
    const here = targets.filter((m) => m.to === name);
    if (here.length) b.classList.add("target");
    b.addEventListener("click", () => {
      if (here.length === 1) { selected = null; ctx.act(here[0].text); return; }
      if (here.length > 1) { promoting = here; selected = null; ctx.redraw(); return; }
      selected = byFrom.has(name) ? name : null;
      promoting = null;
      ctx.redraw();
    });
  });
  const info = document.createElement("div");
  info.className = "row";
  const kings = msg.view.kings;
  info.append(Object.assign(document.createElement("span"), {
    textContent: `Kings: Forehand ${kings[0]}, Rearhand ${kings[1]}.`,
  }));
  const captured = document.createElement("div");
  captured.id = "captured";
  (msg.captured || [[], []]).forEach((cards, side) => {
    const line = document.createElement("div");
    line.className = "captured";
    line.dataset.side = side;
    line.append(`${msg.table.player_names[side]} lost ${cards.length}: `);
    for (const code of cards) {
      const c = document.createElement("span");
      c.className = "captured-card";
      c.title = code;
      drawCard(c, side === 0 ? code : code.toLowerCase());
      line.append(c);
    }
    captured.append(line);
  });
  info.append(captured);
  if (moves.length && moves.every((m) => m.text.includes(":"))) {
    info.append(Object.assign(document.createElement("span"), { className: "notice", id: "follow", textContent: "Compulsory follow: you must capture (a follow)." }));
  }
  if (promoting) {
    const q = document.createElement("div");
    q.className = "notice";
    q.id = "promotion";
    q.append("Promote the One to an Ace? ");
    for (const m of promoting) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = m.promote ? "Yes, promote" : "No";
      b.addEventListener("click", () => { promoting = null; ctx.act(m.text); });
      q.append(b);
    }
    info.append(q);
  }
  el.append(info);
}
