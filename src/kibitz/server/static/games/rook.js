// Rook: a four-seat table (you at the bottom, partner at the top), bidding box, nest,
// trump choice, trick area, last trick on demand and the score sheet. Controls come from the
// structured moves: `kind` (bid, pass, discard, trump, play), `card`, `bid` and `colour`.
import { actionButtons, cardButton, el } from "/static/games/cards.js";

const CARD_MOVES = new Set(["play", "discard"]);
let showLast = false;

// The CSS class of a card code: its colour from the description (the bird card is black).
function colourOf(msg) {
  const faces = Object.fromEntries(msg.table.description.cards.map((c) => [c.code, c.colour]));
  return (code) => faces[code] || "black";
}

function moveLabel(m) {
  if (m.kind === "bid") return String(m.bid);
  if (m.kind === "trump") return `trump ${m.colour}`;
  return m.text;
}

export function lastText(msg) {
  const v = msg.view;
  const names = msg.table.player_names;
  const t = v.trick.length ? v.trick[v.trick.length - 1] : null;
  if (t) return `Last: ${names[t[0]]} played ${t[1]}`;
  const c = v.calls.length ? v.calls[v.calls.length - 1] : null;
  if (c && v.phase === "auction") return `Last: ${names[c[0]]} ${c[1]}`;
  if (v.last_trick) return `Last trick won by ${names[v.last_trick.winner]}`;
  return "";
}

export function logText(msg) {
  const names = msg.table.player_names;
  return msg.view.calls.map(([s, c]) => `${names[s]}: ${c}`).join("\n");
}

export function render(root, msg, ctx) {
  const v = msg.view;
  const desc = msg.table.description;
  const names = msg.table.player_names;
  const colour = colourOf(msg);
  const me = msg.seat ?? 0;
  const pos = { s: me, w: (me + 1) % 4, n: (me + 2) % 4, e: (me + 3) % 4 };
  const seatBox = (where) => {
    const s = pos[where];
    const seatInfo = msg.table.seats[s];
    const who = seatInfo.kind === "computer" ? `computer ${seatInfo.agent}` : (seatInfo.name || seatInfo.kind);
    const mark = v.to_act === s ? " \u25C0 to act" : "";
    const dec = v.declarer === s ? ` declarer ${v.contract}` : "";
    return el("div", { className: `seat-${where}` }, el("strong", { textContent: `${names[s]}${mark}` }),
      el("div", { textContent: `${who}, ${v.hand_sizes[s]} cards${dec}` }));
  };
  const trick = el("div", { className: "seat-c", id: "trick" },
    el("div", { textContent: `Trick${v.trump ? ", trump " + v.trump : ""}` }),
    ...v.trick.map(([s, c]) => el("div", {}, `${names[s]}: `, cardButton(c, colour(c)))));
  const cardMoves = msg.legal.filter((m) => CARD_MOVES.has(m.kind));
  const hand = el("div", { className: "cards", id: "hand" }, ...(v.hand || []).map((c) => {
    const move = cardMoves.find((m) => m.card === c);
    const b = cardButton(c, `${colour(c)}${move ? " legal" : ""}`, move ? () => ctx.act(move) : null);
    b.dataset.card = c;
    if (move) b.dataset.move = move.text;
    return b;
  }));
  const others = msg.legal.filter((m) => !CARD_MOVES.has(m.kind));
  const lastBtn = el("button", { type: "button", textContent: showLast ? "Hide last trick" : "Show last trick", id: "last-trick" });
  lastBtn.addEventListener("click", () => { showLast = !showLast; ctx.redraw(); });
  const lastTrick = showLast && v.last_trick ? el("div", { textContent: `Last trick (${names[v.last_trick.winner]} won): ` + v.last_trick.plays.map(([s, c]) => `${names[s]} ${c}`).join(", ") }) : "";
  const nest = v.nest_taken ? el("div", {}, "Nest taken: ", ...v.nest_taken.map((c) => cardButton(c, colour(c)))) : "";
  const teams = desc.team_names;
  const sheet = el("table", { id: "score-sheet" }, el("tr", {}, ...["hand", "declarer", "bid", "trump", teams[0], teams[1], "totals"].map((h) => el("th", { textContent: h }))),
    ...v.score_sheet.map((r) => el("tr", {}, ...[r.hand, names[r.declarer] ?? "-", r.contract ?? "-", r.trump ?? "-", r.change[0], r.change[1], r.totals.join(" / ")].map((x) => el("td", { textContent: x })))));
  root.replaceChildren(
    el("div", { textContent: `Hand ${v.hand_number}, ${v.phase}. Score ${teams[0]} ${v.scores[0]}, ${teams[1]} ${v.scores[1]} (to ${v.target}). High bid: ${v.high_bid ?? "-"}` }),
    el("div", { className: "seats" }, seatBox("n"), seatBox("w"), trick, seatBox("e"), seatBox("s")),
    msg.seat === null ? "" : hand,
    el("div", { id: "bidding" }, actionButtons(others, ctx, moveLabel)),
    nest, lastBtn, lastTrick, el("h3", { textContent: "Score sheet" }), sheet,
  );
}
