// Square boards (Smess, Cardmate): the grid of squares from the description's files and
// ranks, coordinates beside it (outside the squares, so that no label covers a piece), the
// last move's from- and to-squares, the legal targets of the selected piece, keyboard moves
// between squares (arrow keys) and a short move animation.
// Pages draw pieces into squares; every move comes from the structured legal moves, and so do
// the notes on a click that plays nothing ("5♥ cannot go to e5; its moves: e2, f2.").
import { el, reducedMotion, roving, viewer, WATCHING } from "/static/ui.js";

// The structured legal moves grouped by their from-square.
export function movesByFrom(legal) {
  const out = new Map();
  for (const m of legal) {
    if (m.from === undefined || m.from === null) continue;
    if (!out.has(m.from)) out.set(m.from, []);
    out.get(m.from).push(m);
  }
  return out;
}

// Files left to right and ranks top to bottom as drawn: the first seat's side at the
// bottom, turned round when `flipped`.
export function orientation(board, flipped) {
  const files = flipped ? [...board.files].reverse() : [...board.files];
  const ranks = flipped ? [...board.ranks] : [...board.ranks].reverse();
  return { files, ranks };
}

// Selection state of a board page, kept between redraws of the same ply.
export class Picker {
  constructor() { this.from = null; this.focus = null; this.ply = -1; this.movable = new Set(); }

  // Forget a selection that no legal move starts from any more.
  sync(msg, byFrom) {
    if (msg.ply !== this.ply) { this.from = null; this.ply = msg.ply; }
    if (this.from && !byFrom.has(this.from)) this.from = null;
    this.movable = new Set(byFrom.keys());
  }
}

// Where the last animation started: the page compares plies so it animates each move once.
let animatedPly = null;

// Why a click on `name` played nothing, from the legal moves: a short note naming the chosen
// piece's moves, or saying that the piece clicked has none (`forced`: the reason, where a rule
// of the moment, such as a compulsory capture, leaves it none); "" where the click means
// nothing to say (an empty square with no piece chosen, or not this page's turn).
// `pieceName(square)` names the piece there; `mine(square)` says whether it is the mover's;
// `owner(square)`, the seat whose piece stands there (null: none), names the other side's.
// A spectator is told that spectators watch.
export function whyNot(msg, name, from, byFrom, { pieceName, mine, owner, forced = "" }) {
  if (viewer(msg) === null) return WATCHING;
  if (!msg.your_turn) return "";
  const side = owner?.(name);
  if (!(from && byFrom.has(from)) && side !== null && side !== undefined && side !== msg.seat) {
    const names = msg.table.player_names;
    return `${capital(pieceName(name))} is ${names[side]}'s; you play ${names[msg.seat]}.`;
  }
  if (from && from !== name && byFrom.has(from) && !mine(name)) {
    const tos = [...new Set(byFrom.get(from).map((m) => m.to))];
    return `${capital(pieceName(from))} cannot go to ${name}; its moves: ${tos.join(", ")}.`;
  }
  if (mine(name) && !byFrom.has(name)) {
    return `${capital(pieceName(name))} has no legal move now${forced ? `: ${forced}` : ""}.`;
  }
  return "";
}

export const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// The game-over sentence of a two-side board game, "Rearhand took both your Kings: Rearhand
// wins", from the outcome's reason: `why[reason](p)` says what happened, given the winner's
// and loser's names as the page says them (p.winner "Rearhand" or "you", p.loser, p.loserS
// "your" or "Forehand's", p.winnerS...; p.mover, the seat that made the last move, for draws);
// a reason it does not know is the server's own words.
export function endSentence(msg, you, why) {
  const o = msg.outcome;
  const names = msg.table.player_names;
  const draw = o.returns[0] === o.returns[1];
  const w = o.returns[0] > o.returns[1] ? 0 : 1, l = 1 - w;
  const name = (s) => (s === you ? "you" : names[s]);
  const owner = (s) => (s === you ? "your" : `${names[s]}'s`);
  const la = msg.view.last_action;
  const p = { winner: name(w), loser: name(l), winnerS: owner(w), loserS: owner(l), draw,
    mover: la ? la.seat : null, name, owner };
  const common = {
    resignation: () => `${p.loser} resigned`,
    "agreed draw": () => "the players agreed",
  };
  const said = (why[o.reason] || common[o.reason])?.(p);
  if (!said) return "";
  const end = draw ? "a draw" : w === you ? "you win" : `${names[w]} wins`;
  return `${capital(said)}: ${end}.`;
}

// The board: `piece(square)` returns {art, label} or null; `onSquare(square)` acts;
// `squareNote(square)`, where given, adds words to a square's name (e.g. "must capture");
// Escape drops the chosen piece (said in `ctx`'s note, the board drawn again).
export function drawBoard(root, msg, { files, ranks, piece, squareClass, targets, picker, onSquare, label, squareNote, ctx }) {
  const view = msg.view;
  const last = view.last_action && view.last_action.from ? view.last_action : null;
  // The board's shape, on its area: the style sheet fits the board's height to the window.
  root.style.setProperty("--files", files.length);
  root.style.setProperty("--ranks", ranks.length);
  const wrap = el("div", { className: "board-wrap" });
  const grid = el("div", { className: "board", attrs: { role: "grid", "aria-label": label } });
  const focusable = picker.focus || picker.from || [...picker.movable][0] || `${files[0]}${ranks[ranks.length - 1]}`;
  ranks.forEach((r, ri) => {
    const row = el("div", { className: "board-row", attrs: { role: "row" } });
    files.forEach((f, fi) => {
      const name = `${f}${r}`;
      const p = piece(name);
      const b = el("button", { type: "button", className: `sq ${(fi + ri) % 2 ? "dark" : "light"} ${squareClass(name)}` });
      b.dataset.square = name;
      b.dataset.key = `sq:${name}`;
      b.setAttribute("role", "gridcell");
      const notes = [];
      if (last && name === last.from) { b.classList.add("last-from"); notes.push("last move from here"); }
      if (last && name === last.to) { b.classList.add("last-to"); notes.push("last move to here"); }
      if (name === picker.from) { b.classList.add("sel"); notes.push("selected"); }
      if (picker.movable.has(name)) { b.classList.add("movable"); notes.push("can move"); }
      const extra = squareNote?.(name);
      if (extra) notes.push(extra);
      const t = targets.get(name);
      if (t) {
        b.classList.add("target");
        if (t.capture) b.classList.add("capture");
        notes.push(t.capture ? "capture here" : "move here");
      }
      b.setAttribute("aria-label", `${name}, ${p ? p.label : "empty"}${notes.length ? ", " + notes.join(", ") : ""}`);
      if (p) b.append(p.art);
      b.addEventListener("click", () => { picker.focus = name; onSquare(name); });
      row.append(b);
    });
    grid.append(row);
  });
  // Arrow keys move the focus between squares (one tab stop for the whole board, kept on the
  // square last focused across redraws).
  const squares = [...grid.querySelectorAll(".sq")];
  roving(grid, squares, { stop: squares.findIndex((b) => b.dataset.square === focusable), columns: files.length,
    onFocus: (i) => { picker.focus = squares[i].dataset.square; } });
  grid.addEventListener("keydown", (ev) => {
    if (ev.key !== "Escape" || !picker.from) return;
    ev.preventDefault();
    picker.from = null;
    ctx.note("Selection cleared.");
    ctx.redraw();
  });
  // The ranks down the left edge and the files along the bottom (each square's label names it).
  const coords = (kind, names) => el("div", { className: `coords ${kind}s`, attrs: { "aria-hidden": "true" } },
    ...names.map((x) => el("span", { className: `coord ${kind}`, textContent: String(x) })));
  wrap.append(coords("rank", ranks), grid, coords("file", files));
  root.append(wrap);
  animate(grid, msg, last);
  return grid;
}

// Slide the moved piece from its from-square once per new move.
function animate(grid, msg, last) {
  const fresh = animatedPly !== null && msg.ply === animatedPly + 1;
  animatedPly = msg.ply;
  if (!fresh || !last) return;
  const from = grid.querySelector(`[data-square="${last.from}"]`);
  const to = grid.querySelector(`[data-square="${last.to}"] .piece`);
  if (!from || !to || to.animate === undefined || reducedMotion()) return;
  requestAnimationFrame(() => {
    const a = from.getBoundingClientRect(), b = to.getBoundingClientRect();
    to.animate([{ transform: `translate(${a.left - b.left}px, ${a.top - b.top}px)` }, { transform: "none" }],
      { duration: 180, easing: "ease-out" });
  });
}
