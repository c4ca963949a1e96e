// Cardmate: the 10 x 10 board with playing cards as pieces (tinted and edged in their
// owner's colour), palaces, the centre line, the Kings left and the cards each side lost,
// the compulsory-follow notice and the promotion question. Rearhand sees the board turned.
import { drawBoard, movesByFrom, orientation, Picker } from "/static/games/board.js";
import { cardFigure, playingCard } from "/static/games/cards.js";
import { button, el } from "/static/ui.js";

export const flippable = true;
export const scoreLabel = "Kings left";
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

export function lastText(msg) {
  const la = msg.view.last_action;
  if (!la) return "No move yet.";
  const what = la.capture ? `takes on ${la.to}` : `to ${la.to}`;
  const extra = la.promotion ? ", promoted to an Ace" : "";
  return `Last move: ${msg.table.player_names[la.seat]} ${la.text} (${la.card} from ${la.from} ${what}${extra})`;
}

export function render(root, msg, ctx) {
  const desc = msg.table.description;
  const face = faces(desc);
  const pieces = new Map(msg.view.pieces.map((p) => [p.square, p]));
  const byFrom = movesByFrom(msg.legal);
  picker.sync(msg, byFrom);
  if (promoting && promoting[0].ply !== msg.ply) promoting = null;
  const palaces = new Set(desc.palaces.flat());
  const flipped = ctx.flipped !== (msg.seat === 1);
  const { files, ranks } = orientation(desc.board, flipped);
  const aboveLine = ranks.find((r) => desc.centre_line.includes(r));
  const targets = new Map();
  for (const m of picker.from ? byFrom.get(picker.from) : []) {
    targets.set(m.to, [...(targets.get(m.to) || []), m]);
  }
  root.replaceChildren();
  drawBoard(root, msg, {
    files, ranks, picker,
    targets: new Map([...targets].map(([sq, ms]) => [sq, ms[0]])),
    label: `Cardmate board, ${desc.seats[flipped ? 1 : 0].name} at the bottom`,
    squareClass: (name) => `${palaces.has(name) ? "palace" : ""} ${name.slice(1) === String(aboveLine) ? "centre" : ""}`,
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
      picker.from = byFrom.has(name) && picker.from !== name ? name : null;
      ctx.redraw();
    },
  });
  const follow = el("p", { className: "notice", id: "follow",
    textContent: "Compulsory follow: you have a capture of a lower card of the same suit, so you must make one." });
  follow.hidden = !msg.legal.some((m) => m.compulsory);
  const question = el("div", { className: "notice", id: "promotion" });
  question.hidden = !promoting;
  if (promoting) {
    question.append("Promote the One to an Ace? ");
    for (const m of promoting) {
      question.append(button(m.promotion ? "Yes, promote" : "No, keep the One",
        () => { promoting = null; ctx.act(m); }, { dataset: { key: `promote:${m.id}` } }));
    }
  }
  root.append(follow, question,
    el("div", { className: "info", id: "captured" }, ...desc.seats.map((s) => lostLine(msg, s.seat, desc, face))));
}
