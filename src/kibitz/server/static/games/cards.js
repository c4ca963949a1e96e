// Card art as SVG: playing cards (suit shapes drawn, no font needed), Rook's coloured cards,
// TCHESS piece cards, card backs; and card buttons that stay reachable by keyboard.
import { el, svg, svgText } from "/static/ui.js";

// Suit shapes in a 100 x 100 box.
const SUIT_PATHS = {
  heart: "M50 90C22 68 4 50 10 28C16 8 42 6 50 28C58 6 84 8 90 28C96 50 78 68 50 90Z",
  diamond: "M50 4L88 50L50 96L12 50Z",
  spade: "M50 4C62 26 92 40 90 64C88 84 64 86 55 72C57 84 61 91 68 96H32C39 91 43 84 45 72C36 86 12 84 10 64C8 40 38 26 50 4Z",
  club: "M50 6A20 20 0 0 1 66 40A20 20 0 1 1 56 72C57 84 61 91 68 96H32C39 91 43 84 44 72A20 20 0 1 1 34 40A20 20 0 0 1 50 6Z",
};

const SUIT_KIND = { "♥": "heart", "♦": "diamond", "♠": "spade", "♣": "club" };

const INK = { red: "#b3261e", black: "#1b1b1b" };

// Draw a suit shape (by its symbol or name) of `size` at (x, y) top-left.
export function suitShape(parent, suit, x, y, size, fill) {
  const g = svg("g", { transform: `translate(${x} ${y}) scale(${size / 100})` }, parent);
  svg("path", { d: SUIT_PATHS[SUIT_KIND[suit] || suit], fill }, g);
  return g;
}

// A playing card face: rank and suit in the corners, a large suit in the middle.
// `face` = {rank: "10", symbol: "♥", red: bool}; `edge` and `fill` show the owner;
// `compact` (board squares) draws only a large rank over a large suit.
export function playingCard(face, { edge = "#555", fill = "#fff", width = 70, height = 96, compact = false } = {}) {
  const s = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "card-art", "aria-hidden": "true", focusable: "false" });
  const ink = face.red ? INK.red : INK.black;
  const stroke = edge === "#555" ? 2 : 6;
  svg("rect", { x: stroke / 2, y: stroke / 2, width: width - stroke, height: height - stroke, rx: 8,
    fill, stroke: edge, "stroke-width": stroke }, s);
  const big = face.rank.length > 1 ? 23 : 30;
  svgText(s, compact ? width / 2 : 19, compact ? height * 0.33 : 20, face.rank,
    { "font-size": compact ? 36 : big, "font-weight": 700, fill: ink, "letter-spacing": face.rank.length > 1 ? -2 : 0 });
  if (compact) suitShape(s, face.symbol, width / 2 - 17, height * 0.55, 34, ink);
  else {
    suitShape(s, face.symbol, 8, 34, 22, ink);
    suitShape(s, face.symbol, width / 2 - 8, height / 2 + 2, 34, ink);
  }
  return s;
}

// An empty place for a card of `suit` (a foundation not started).
export function placeholder(suit, { width = 70, height = 96 } = {}) {
  const s = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "card-art", "aria-hidden": "true", focusable: "false" });
  svg("rect", { x: 2, y: 2, width: width - 4, height: height - 4, rx: 8, fill: "none", stroke: "#6b6b6b",
    "stroke-width": 2, "stroke-dasharray": "6 4" }, s);
  suitShape(s, suit, width / 2 - 16, height / 2 - 16, 32, "#c8c8c8");  // 3.8:1 on the foundations' felt
  return s;
}

// The back of a card (another seat's hidden card).
export function cardBack({ width = 70, height = 96 } = {}) {
  const s = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "card-art", "aria-hidden": "true", focusable: "false" });
  svg("rect", { x: 1, y: 1, width: width - 2, height: height - 2, rx: 8, fill: "#2f4858", stroke: "#1b2a33", "stroke-width": 2 }, s);
  svg("rect", { x: 8, y: 8, width: width - 16, height: height - 16, rx: 5, fill: "none", stroke: "#9fb7c4", "stroke-width": 2 }, s);
  svg("path", { d: `M${width / 2} 20L${width - 16} ${height / 2}L${width / 2} ${height - 20}L16 ${height / 2}Z`, fill: "#9fb7c4" }, s);
  return s;
}

// Rook's card colours: the card is filled with its colour, its number in a contrasting ink.
const ROOK_FILL = {
  red: ["#b3261e", "#fff"], yellow: ["#f2c230", "#111"], green: ["#1e7b45", "#fff"], black: ["#222", "#fff"],
};

// A Rook card: colour fill, big number, point value, and its colour's letter in the corner
// opposite the number (R, Y, G, B, as the game's notation writes them), so that the colour is
// told by more than its hue; the bird card is white with its name.
export function rookCard(card, bird) {
  const s = svg("svg", { viewBox: "0 0 70 96", class: "card-art", "aria-hidden": "true", focusable: "false" });
  if (!card.colour) {
    svg("rect", { x: 1, y: 1, width: 68, height: 94, rx: 8, fill: "#fff", stroke: "#222", "stroke-width": 2 }, s);
    // A crow: tail, body, head, beak, wing, eye and legs.
    svg("path", { d: "M25 58L9 70L13 56Z", fill: "#222" }, s);
    svg("ellipse", { cx: 35, cy: 55, rx: 17, ry: 11, transform: "rotate(-18 35 55)", fill: "#222" }, s);
    svg("circle", { cx: 50, cy: 40, r: 8.5, fill: "#222" }, s);
    svg("path", { d: "M56 37L67 41L56 44Z", fill: "#222" }, s);
    svg("path", { d: "M24 55C32 46 42 45 47 50C40 55 32 58 24 55Z", fill: "#666" }, s);
    svg("circle", { cx: 52.5, cy: 38.5, r: 1.8, fill: "#fff" }, s);
    svg("path", { d: "M33 65L31 76M40 63L41 76", stroke: "#222", "stroke-width": 2.5 }, s);
    svgText(s, 35, 18, bird, { "font-size": 15, "font-weight": 700, fill: "#111" });
    svgText(s, 35, 84, `${card.points}`, { "font-size": 13, "font-weight": 700, fill: "#111" });
    return s;
  }
  const [fill, ink] = ROOK_FILL[card.colour] || ["#fff", "#111"];
  // a black edge: 3:1 on the trick's green felt, which a green card's fill is not
  svg("rect", { x: 1, y: 1, width: 68, height: 94, rx: 8, fill, stroke: "#000", "stroke-width": 2 }, s);
  svg("circle", { cx: 35, cy: 50, r: 22, fill: "none", stroke: ink, "stroke-width": 2, opacity: 0.6 }, s);
  svgText(s, 35, 51, String(card.rank), { "font-size": 30, "font-weight": 700, fill: ink });
  svgText(s, 14, 14, String(card.rank), { "font-size": 14, "font-weight": 700, fill: ink });
  svgText(s, 56, 14, card.colour[0].toUpperCase(), { "font-size": 14, "font-weight": 700, fill: ink, class: "colour-letter" });
  if (card.points) svgText(s, 35, 86, `${card.points} pts`, { "font-size": 12, "font-weight": 700, fill: ink });
  return s;
}

// A TCHESS card: the owner's colour, the piece letter large, its value in the corner.
export function pieceCard(face, dark) {
  const s = svg("svg", { viewBox: "0 0 70 96", class: "card-art", "aria-hidden": "true", focusable: "false" });
  const [fill, ink, line] = dark ? ["#2b2b2b", "#fff", "#000"] : ["#fbf8f0", "#111", "#555"];
  svg("rect", { x: 1, y: 1, width: 68, height: 94, rx: 8, fill, stroke: line, "stroke-width": 2 }, s);
  svgText(s, 35, 46, face.letter, { "font-size": face.letter.length > 1 ? 26 : 34, "font-weight": 700, fill: ink });
  const value = face.value === null || face.value === undefined ? "=" : String(face.value);
  svg("circle", { cx: 55, cy: 15, r: 11, fill: ink }, s);
  svgText(s, 55, 16, value, { "font-size": 13, "font-weight": 700, fill });
  if (face.name) svgText(s, 35, 78, face.name, { "font-size": face.name.length > 7 ? 10 : 12, fill: ink });
  return s;
}

// A card as a button: always focusable (unplayable cards say why instead of being disabled).
// `key` keeps focus across redraws; `label` is what a screen reader hears.
export function cardButton({ art, label, key, playable, selected = false, why = "", onclick, extra = "" }) {
  const b = el("button", { type: "button", className: `card ${playable ? "playable" : "idle"} ${selected ? "chosen" : ""} ${extra}`,
    title: playable ? label : `${label}${why ? ": " + why : ""}` },
  art);
  b.dataset.key = key;
  b.setAttribute("aria-label", playable ? label : `${label}${why ? ", " + why : ""}`);
  if (!playable) b.setAttribute("aria-disabled", "true");
  if (selected) b.setAttribute("aria-pressed", "true");
  b.addEventListener("click", () => { if (onclick) onclick(); });
  return b;
}

// A card shown but not acted on (a trick, a row, a foundation).
export function cardFigure(art, label, extra = "") {
  const f = el("span", { className: `card still ${extra}`, title: label }, art);
  f.setAttribute("role", "img");
  f.setAttribute("aria-label", label);
  return f;
}
