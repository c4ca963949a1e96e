// Cardmate: the 10 x 10 board with playing cards as pieces (tinted and edged in their
// owner's colour), palaces, the centre line, the Kings left and the cards each side lost,
// the compulsory-follow notice (beside the turn bar, naming the captures, their cards and
// victims marked on the board) and the promotion question. Rearhand sees the board turned.
import { capital, drawBoard, endSentence, movesByFrom, orientation, Picker, whyNot } from "/static/games/board.js";
import { cardFigure, playingCard } from "/static/games/cards.js";
import { button, el, intoView } from "/static/ui.js";

export const flippable = true;
const picker = new Picker();
let promoting = null;

// Each side's card face: a pale wash of its owner colour (Forehand cyan, Rearhand brown, from
// the description), under ranks and suits that keep AA contrast on it.
const TINT = ["#e3f4f6", "#f5ebe0"];

// Each card code's face, composed from the description's ranks and suits.
function faces(desc) {
  const out = new Map();
  for (const rank of desc.ranks) for (const suit of desc.suits) {
    out.set(rank.code + suit.code, { rank: rank.face, symbol: suit.symbol, red: suit.colour === "red",
      name: `${rank.name} of ${suit.name}` });
  }
  return out;
}

function art(code, side, desc, face, compact = true) {
  const f = face.get(code);
  return playingCard(f, { edge: desc.seats[side].colour, fill: TINT[side % 2], compact });
}

function lostLine(msg, side, desc, face) {
  const cards = msg.view.captured[side];
  return el("div", { className: "lost", dataset: { side } },
    el("span", { textContent: `${desc.seats[side].name} lost ${cards.length}${cards.length ? ":" : "."}` }),
    ...cards.map((code) => cardFigure(art(code, side, desc, face), face.get(code).name, "small")));
}

// A card as the sentences name it: its rank and suit symbol, "Q♥".
function short(face, code) {
  const f = face.get(code);
  return f ? `${f.rank}${f.symbol}` : code;
}

// "Rearhand's 4♠ takes your K♣ on e1 (4S:e1×)", from the move's fields.
export function lastText(msg, ctx) {
  const la = msg.view.last_action;
  if (!la) return "No move yet.";
  const face = faces(msg.table.description);
  const you = ctx?.you ?? null;
  const names = msg.table.player_names;
  const mover = la.seat === you ? "Your" : `${names[la.seat]}'s`;
  const owner = 1 - la.seat === you ? "your" : `${names[1 - la.seat]}'s`;
  const what = !la.capture ? `from ${la.from} to ${la.to}`
    : la.captured ? `takes ${owner} ${short(face, la.captured)} on ${la.to}` : `takes on ${la.to}`;
  const extra = la.promotion ? ", promoted to an Ace" : "";
  return `Last move: ${mover} ${short(face, la.card)} ${what}${extra} (${la.text})`;
}

// The game's end in a sentence, from the outcome's reason (CM-13 to CM-18).
export function overText(msg, ctx) {
  return endSentence(msg, ctx?.you ?? null, {
    kings: (p) => `${p.winner} took both of ${p.loserS} Kings`,
    palace: (p) => `${p.winnerS} King entered ${p.loserS} palace`,
    repetition: (p) => (p.draw ? "the same position came three times"
      : `${p.loser} repeated a position once too often (repetition loses in this game)`),
    stalemate: (p) => (p.draw ? `${p.mover === null ? "the side to move" : p.name(1 - p.mover)} had no legal move`
      : `${p.loser} had no legal move (stalemate loses in this game)`),
    max_plies: () => "the game reached its move limit",
  });
}

// The compulsory follows (CM-11) as one capture each, whatever the promotion choice.
function follows(msg) {
  const seen = new Map();
  for (const m of msg.legal) if (m.compulsory && !seen.has(m.from + m.to)) seen.set(m.from + m.to, m);
  return [...seen.values()];
}

// "you must follow: Q♥ takes J♥ on g7, or 5♣ takes 3♣ on d4" ("" with no follow to make).
function mustFollow(msg) {
  const face = faces(msg.table.description);
  const list = follows(msg).map((m) => `${short(face, m.card)} takes ${short(face, m.captured)} on ${m.to}`);
  return list.length ? `you must follow: ${list.join(", or ")}` : "";
}

// The standing word beside the turn bar while a follow is compulsory.
export function turnNote(msg) {
  const text = mustFollow(msg);
  return text ? `${capital(text)}.` : "";
}

export function render(root, msg, ctx) {
  const desc = msg.table.description;
  const face = faces(desc);
  const pieces = new Map(msg.view.pieces.map((p) => [p.square, p]));
  const byFrom = movesByFrom(msg.legal);
  picker.sync(msg, byFrom);
  if (promoting && promoting[0].ply !== msg.ply) promoting = null;
  const palaces = new Set(desc.palaces.flat());
  const forced = follows(msg);
  const mustFrom = new Set(forced.map((m) => m.from)), mustTake = new Set(forced.map((m) => m.to));
  const flipped = ctx.flipped !== (msg.seat === 1);
  const { files, ranks } = orientation(desc.board, flipped);
  const aboveLine = ranks.find((r) => desc.centre_line.includes(r));
  const targets = new Map();
  for (const m of picker.from ? byFrom.get(picker.from) : []) {
    targets.set(m.to, [...(targets.get(m.to) || []), m]);
  }
  root.replaceChildren();
  drawBoard(root, msg, {
    files, ranks, picker, ctx,
    targets: new Map([...targets].map(([sq, ms]) => [sq, ms[0]])),
    label: `Cardmate board, ${desc.seats[flipped ? 1 : 0].name} at the bottom`,
    squareClass: (name) => `${palaces.has(name) ? "palace" : ""} ${name.slice(1) === String(aboveLine) ? "centre" : ""}`
      + `${mustFrom.has(name) ? " must" : ""}${mustTake.has(name) ? " must-take" : ""}`,
    squareNote: (name) => (mustFrom.has(name) ? "must capture" : mustTake.has(name) ? "must be captured" : ""),
    piece(name) {
      const p = pieces.get(name);
      if (!p) return palaces.has(name) ? { art: el("span", { className: "palace-mark", textContent: "palace", attrs: { "aria-hidden": "true" } }), label: "empty palace" } : null;
      return { art: el("span", { className: "piece" }, art(p.card, p.side, desc, face)),
        label: `${desc.seats[p.side].name} ${face.get(p.card).name}${palaces.has(name) ? " in a palace" : ""}` };
    },
    onSquare(name) {
      const here = targets.get(name) || [];
      promoting = null;
      if (here.length === 1) { picker.from = null; ctx.act(here[0]); return; }
      if (here.length > 1) {
        promoting = here.map((m) => ({ ...m, ply: msg.ply }));
        picker.from = null;
        ctx.redraw();
        return;
      }
      const mine = (sq) => pieces.get(sq)?.side === msg.seat;
      ctx.note(whyNot(msg, name, picker.from, byFrom, {
        mine, owner: (sq) => pieces.get(sq)?.side ?? null, forced: mustFollow(msg),
        pieceName: (sq) => short(face, pieces.get(sq).card),
      }));
      if (byFrom.has(name)) picker.from = picker.from === name ? null : name;
      else if (mine(name)) picker.from = null;  // else the chosen card stays, its moves shown
      ctx.redraw();
    },
  });
  const question = el("div", { className: "notice", id: "promotion" });
  question.hidden = !promoting;
  if (promoting) {
    question.append("Promote the One to an Ace? ", el("span", { className: "choices" },
      ...promoting.map((m) => button(m.promotion ? "Yes, promote" : "No, keep the One",
        () => { promoting = null; ctx.act(m); }, { dataset: { key: `promote:${m.id}` } }))));
  }
  root.append(question,
    el("div", { className: "info", id: "captured" }, ...desc.seats.map((s) => lostLine(msg, s.seat, desc, face))));
  if (promoting) intoView(question);  // under the board: off a short window's edge
}
