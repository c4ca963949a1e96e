// Smess: the 7 x 8 board with every square's printed arrows (from the description), the
// Brain, Numskulls and Ninnies drawn in their side's colour, Red's view turned round.
import { drawBoard, endSentence, movesByFrom, orientation, Picker, whyNot } from "/static/games/board.js";
import { el, svg } from "/static/ui.js";

export const flippable = true;
const picker = new Picker();

// Every printed arrow of a square, pointing the way it reads on the board as drawn: a head
// a fifth of the square long and wide at its edge (10 px and more on a phone), outside the
// piece's disc (radius 27), and a shaft towards the middle, seen on an empty square; drawn in
// currentColor, the style sheet's --arrow (light or dark theme, forced colours).
const HEAD = { tip: 47, base: 27, half: 10 };
function drawArrows(s, mask, directions, flipped) {
  const turn = flipped ? -1 : 1;
  for (const d of directions) {
    if (!(mask & d.bit)) continue;
    const len = Math.hypot(d.df, d.dr);
    const ux = (turn * d.df) / len, uy = (-turn * d.dr) / len;
    const at = (r, side = 0) => [50 + ux * r - uy * side, 50 + uy * r + ux * side];  // out r, across side
    const [[x1, y1], [x2, y2]] = [at(16), at(HEAD.base + 1)];
    svg("line", { x1, y1, x2, y2, stroke: "currentColor", "stroke-width": 4 }, s);
    const head = [at(HEAD.tip), at(HEAD.base, HEAD.half), at(HEAD.base, -HEAD.half)];
    svg("polygon", { class: "arrow-head", points: head.map((p) => p.join(",")).join(" "), fill: "currentColor" }, s);
  }
}

// A square's printed arrows in words, "arrows north, east and west" (north: towards rank 8,
// as the description's direction table has them, whichever way the board is turned).
const COMPASS = { N: "north", NE: "north-east", E: "east", SE: "south-east", S: "south", SW: "south-west", W: "west", NW: "north-west" };
export function arrowWords(mask, directions) {
  const ways = directions.filter((d) => mask & d.bit).map((d) => COMPASS[d.name] || d.name);
  if (!ways.length) return "no arrows";
  const list = ways.length === 1 ? ways[0] : `${ways.slice(0, -1).join(", ")} and ${ways.at(-1)}`;
  return `${ways.length === 1 ? "arrow" : "arrows"} ${list}`;
}

// The pieces' pictures on a disc of the side's colour: a brain, a skull, a dunce's cap.
const GLYPHS = {
  brain(g, colour) {
    svg("path", { d: "M31 56C24 55 24 45 30 43C27 35 35 29 42 32C44 26 56 26 58 32C65 29 73 35 70 43C76 45 76 55 69 56C68 63 59 66 55 61H45C41 66 32 63 31 56Z", fill: "#fff" }, g);
    svg("path", { d: "M50 31V61M41 39C44 41 44 45 41 47M59 39C56 41 56 45 59 47M37 51C40 50 43 52 43 55M63 51C60 50 57 52 57 55", stroke: colour, "stroke-width": 2.5, fill: "none", "stroke-linecap": "round" }, g);
  },
  numskull(g, colour) {
    svg("path", { d: "M50 27C36 27 30 37 31 48C32 54 35 57 38 59V67H62V59C65 57 68 54 69 48C70 37 64 27 50 27Z", fill: "#fff" }, g);
    svg("circle", { cx: 43, cy: 47, r: 5.5, fill: colour }, g);
    svg("circle", { cx: 57, cy: 47, r: 5.5, fill: colour }, g);
    svg("path", { d: "M50 53L47 58H53Z", fill: colour }, g);
    svg("path", { d: "M44 61V67M50 61V67M56 61V67", stroke: colour, "stroke-width": 2 }, g);
  },
  ninny(g, colour) {
    svg("path", { d: "M50 24L65 62H35Z", fill: "#fff" }, g);
    svg("circle", { cx: 50, cy: 24, r: 4.5, fill: "#fff" }, g);
    svg("path", { d: "M39 52H61", stroke: colour, "stroke-width": 3 }, g);
    svg("rect", { x: 31, y: 62, width: 38, height: 7, rx: 3, fill: "#fff" }, g);
  },
};

function pieceArt(piece, desc) {
  const colour = desc.seats[piece.side].colour;
  const s = svg("svg", { viewBox: "0 0 100 100", class: "piece", "aria-hidden": "true", focusable: "false" });
  if (piece.kind === "brain") svg("rect", { x: 23, y: 23, width: 54, height: 54, rx: 12, fill: colour, stroke: "#fff", "stroke-width": 3 }, s);
  else svg("circle", { cx: 50, cy: 50, r: 27, fill: colour, stroke: "#fff", "stroke-width": 3 }, s);
  GLYPHS[piece.kind]?.(s, colour);
  return s;
}

// "Red's Numskull takes your Brain on d1 (d5xd1)", "... and becomes a Numskull", from the
// move's fields.
export function lastText(msg, ctx) {
  const la = msg.view.last_action;
  if (!la) return "No move yet.";
  const kinds = msg.table.description.kinds;
  const you = ctx?.you ?? null;
  const names = msg.table.player_names;
  const mover = la.seat === you ? "Your" : `${names[la.seat]}'s`;
  const owner = 1 - la.seat === you ? "your" : `${names[1 - la.seat]}'s`;
  const piece = kinds[la.piece]?.name || "piece";
  const what = !la.capture ? `from ${la.from} to ${la.to}`
    : la.captured ? `takes ${owner} ${kinds[la.captured]?.name || "piece"} on ${la.to}` : `takes on ${la.to}`;
  const promotes = la.promotes ? ` and becomes a ${kinds.numskull?.name || "Numskull"}` : "";
  return `Last move: ${mover} ${piece} ${what}${promotes} (${la.text})`;
}

// The game's end in a sentence, from the outcome's reason (SM-10).
export function overText(msg, ctx) {
  const cap = msg.table.options.max_plies_without_progress;
  return endSentence(msg, ctx?.you ?? null, {
    "brain captured": (p) => `${p.winner} took ${p.loserS} Brain`,
    "two brains": () => "only the two Brains are left",
    "no legal move": (p) => `${p.loser} had no legal move`,
    repetition: () => "the same position came a third time",
    "no progress": () => `${cap ? `${cap} plies` : "too many plies"} went by without a capture or promotion`,
    max_plies: () => "the game reached its move limit",
  });
}

export function render(root, msg, ctx) {
  const desc = msg.table.description;
  const pieces = new Map(msg.view.pieces.map((p) => [p.square, p]));
  const byFrom = movesByFrom(msg.legal);
  picker.sync(msg, byFrom);
  const flipped = ctx.flipped !== (msg.seat === 1);
  const { files, ranks } = orientation(desc.board, flipped);
  const targets = new Map((picker.from ? byFrom.get(picker.from) : []).map((m) => [m.to, m]));
  root.replaceChildren();
  const board = drawBoard(root, msg, {
    files, ranks, picker, targets, ctx,
    label: `Smess board, ${flipped ? "Red" : "Blue"} at the bottom`,
    squareClass: () => "",
    piece(name) {
      const p = pieces.get(name);
      const art = svg("svg", { viewBox: "0 0 100 100", class: "arrows", "aria-hidden": "true", focusable: "false" });
      drawArrows(art, desc.arrows[name], desc.directions, flipped);
      const holder = el("span", { className: "square-art" }, art);
      if (p) holder.append(pieceArt(p, desc));
      const arrows = arrowWords(desc.arrows[name], desc.directions);
      return { art: holder, label: `${arrows}, ${p ? `${desc.seats[p.side].name} ${desc.kinds[p.kind].name}` : "empty"}` };
    },
    onSquare(name) {
      const move = targets.get(name);
      if (move) { picker.from = null; ctx.act(move); return; }
      const mine = (sq) => pieces.get(sq)?.side === msg.seat;
      ctx.note(whyNot(msg, name, picker.from, byFrom, {
        mine, owner: (sq) => pieces.get(sq)?.side ?? null,
        pieceName: (sq) => `the ${desc.kinds[pieces.get(sq).kind].name} on ${sq}`,
      }));
      if (byFrom.has(name)) picker.from = picker.from === name ? null : name;
      else if (mine(name)) picker.from = null;  // else the chosen piece stays, its moves shown
      ctx.redraw();
    },
  });
  board.classList.add("smess");
  const count = (side) => msg.view.pieces.filter((p) => p.side === side).length;
  const cap = msg.table.options.max_plies_without_progress;
  const n = msg.view.plies_without_progress;
  const quiet = `${n} ${n === 1 ? "ply" : "plies"} without a capture or promotion${cap ? ` (a draw at ${cap})` : ""}`;
  root.append(el("p", { className: "info", id: "smess-info",
    textContent: `Move ${msg.view.move_number}. Pieces: ${desc.seats.map((s) => `${s.name} ${count(s.seat)}`).join(", ")}. ${quiet}.` }));
}
