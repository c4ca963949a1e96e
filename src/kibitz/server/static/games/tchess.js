// TCHESS Cards: both rows with their strength, pairs (the paired cards joined), boosts and
// the Jester's copy; each seat's hand size, deck and discard pile; your hand as piece cards;
// the round log in sentences. Controls come from the structured moves: `kind` (attack,
// defend, end, pass, take) and `cards`; the rows and strengths come from the game's view.
import { cardBack, cardButton, cardFigure, pieceCard } from "/static/games/cards.js";
import { button, el, handName, toolbar, turnIntoView, viewer } from "/static/ui.js";
import { endSentence } from "/static/games/board.js";

const LAYS = new Set(["attack", "defend"]);
export const logTitle = "Round log";

function faces(msg) {
  return Object.fromEntries(msg.table.description.cards.map((c) => [c.letter, c]));
}

function cardName(face, letter) {
  if (!face) return letter;
  const value = face.value === null ? "copies the value of the card it pairs with" : `value ${face.value}`;
  return `${face.name ? face.name + " " : ""}(${letter}), ${value}`;
}

// Whether a seat's cards are dark (its colour from the description is a dark one).
function dark(msg, seat) {
  const hex = msg.table.description.seats[seat]?.colour || "#ffffff";
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b < 128;
}
const names = (msg) => msg.table.player_names;
const cards = (xs) => (xs && xs.length ? xs.join(" ") : "nothing");

// One seat's row: cards (pairs joined in a frame), boosts and each Jester's copied value shown.
function rowBox(msg, seat, face) {
  const v = msg.view;
  const row = v.rows[seat];
  const starts = new Map(row.pairs.map(([i, j]) => [i, j]));
  const copies = new Map(row.jester_copies || []);  // a Jester's place -> the value it copies
  const figure = (i) => {
    const c = row.cards[i];
    const notes = [];
    if (row.boosts[i]) notes.push(`boosted +${row.boosts[i]}`);
    if (copies.has(i)) notes.push(`worth ${copies.get(i)}, the value it copies`);
    const f = cardFigure(pieceCard(face[c] || { letter: c, value: null }, dark(msg, seat)),
      `${cardName(face[c], c)}${notes.length ? ", " + notes.join(", ") : ""}`);
    if (row.boosts[i]) f.append(el("span", { className: "badge", textContent: `+${row.boosts[i]}`, attrs: { "aria-hidden": "true" } }));
    if (copies.has(i)) f.append(el("span", { className: "badge copy", textContent: `=${copies.get(i)}`, attrs: { "aria-hidden": "true" } }));
    return f;
  };
  const items = [];
  for (let i = 0; i < row.cards.length; i++) {
    if (starts.has(i)) {
      const j = starts.get(i);
      const pair = el("span", { className: "pair", title: `pair: ${row.cards[i]} + ${row.cards[j]}` });
      for (let k = i; k <= j; k++) pair.append(figure(k));
      items.push(pair);
      i = j;
    } else items.push(figure(i));
  }
  const role = v.attacker === seat ? "attacks" : "defends";
  const ahead = v.leader === seat ? el("span", { className: "tag turn", textContent: "ahead" }) : null;
  const pairs = row.pairs.map(([i, j]) => `${row.cards[i]}+${row.cards[j]}`);
  return el("section", { className: `tchess-row ${v.attacker === seat ? "attacker" : ""}`, dataset: { seat },
    attrs: { "aria-label": `${names(msg)[seat]}'s row` } },
  el("div", { className: "row-head" },
    el("strong", { textContent: `${names(msg)[seat]} ${v.round ? role : ""}` }),
    el("span", { className: "strength", textContent: `strength ${row.strength}` }), ahead),
  el("div", { className: "cards row-cards" }, ...(items.length ? items : [el("span", { className: "muted", textContent: "no cards laid" })])),
  row.cards.length ? el("p", { className: "small", textContent: pairs.length ? `Pairs: ${pairs.join(", ")} (${row.text})` : `Row: ${row.text}` }) : null);
}

// A seat's hand (face down unless it is the viewer's), deck and discard pile.
function seatLine(msg, seat) {
  const v = msg.view;
  const you = seat === viewer(msg) ? " (you)" : "";
  const discard = v.discards[seat];
  const backs = seat === msg.seat ? [] : Array.from({ length: v.hand_sizes[seat] }, () => el("span", { className: "card back" }, cardBack()));
  return el("div", { className: "seat-line" },
    el("strong", { textContent: `${names(msg)[seat]}${you}` }),
    el("span", { className: "backs", attrs: { "aria-hidden": "true" } }, ...backs),
    ` ${v.hand_sizes[seat]} in hand · deck ${v.deck_sizes[seat]} · discarded ${discard.length}${discard.length ? ": " + discard.join(" ") : ""}`);
}

function moveLabel(m) {
  if (m.kind === "end") return "End my turn";
  if (m.kind === "pass") return "Pass";
  if (m.kind === "take") return `Take back ${cards(m.cards)}`;
  return m.text;
}

// What the hand's cards do now, and the other moves as buttons.
function handBox(msg, face, ctx) {
  const v = msg.view;
  const lays = msg.legal.filter((m) => LAYS.has(m.kind));
  const seen = {};
  const why = msg.outcome ? "the game is over" : (msg.your_turn ? (v.phase === "play" ? "cannot be laid now" : "not in this phase") : "not your turn");
  const hand = el("div", { className: "cards hand", id: "hand", dataset: { focusGroup: "hand" } },
    ...(v.hand || []).map((c) => {
      seen[c] = (seen[c] || 0) + 1;
      const move = lays.find((m) => m.cards[0] === c);
      const preview = move ? `: your row's strength ${move.strength} (now ${v.rows[msg.seat].strength})` : "";
      const b = cardButton({ art: pieceCard(face[c] || { letter: c, value: null }, dark(msg, msg.seat)),
        label: `${move ? (move.kind === "attack" ? "Attack with " : "Defend with ") : ""}${cardName(face[c], c)}${preview}`,
        key: `hand:${c}:${seen[c]}`, playable: !!move, why, onclick: move ? () => ctx.act(move, `${c}`) : null });
      b.dataset.card = c;
      if (move) {
        b.dataset.move = move.text;
        b.append(el("span", { className: "badge preview", textContent: `→${move.strength}`, attrs: { "aria-hidden": "true" } }));
      }
      return b;
    }));
  if (!(v.hand || []).length) hand.append(el("span", { className: "muted", textContent: "Your hand is empty." }));
  toolbar(hand, handName(msg));
  const others = msg.legal.filter((m) => !LAYS.has(m.kind));
  const actions = el("div", { className: "row actions", dataset: { focusGroup: "actions" } },
    ...others.map((m) => button(moveLabel(m), () => ctx.act(m, moveLabel(m).toLowerCase()),
      { dataset: { move: m.text, key: `move:${m.id}` }, className: m.kind === "end" || m.kind === "take" ? "primary" : "" })));
  return [hand, actions];
}

function prompt(msg) {
  const v = msg.view;
  if (msg.outcome || !msg.your_turn) return "";
  if (v.take_choices?.length) return `You won the round by enough to take a card back: choose which (${v.take_choices.join(" or ")}).`;
  const laid = msg.legal.some((m) => m.kind === "end");
  const role = v.attacker === msg.seat ? "attack" : "defend";
  if (laid) return `Lay more cards to ${role}, or end your turn.`;
  if (msg.legal.some((m) => m.kind === "pass")) return `Lay cards to ${role} (each card is played at once), or pass.`;
  return `Lay one or more cards to ${role}.`;
}

export function render(root, msg, ctx) {
  const v = msg.view;
  const face = faces(msg);
  const me = msg.seat ?? 0;
  const other = 1 - me;
  const head = v.round ? `Round ${v.round}: ${names(msg)[v.attacker]} attacks` + (v.leader !== null && v.leader !== undefined ? `, ${names(msg)[v.leader]} is ahead` : "")
    : "Dealing the first hands";
  const tip = el("p", { className: "notice", id: "tchess-prompt", textContent: prompt(msg) });
  tip.hidden = !tip.textContent;
  const [hand, actions] = msg.seat === null ? [el("p", { className: "muted", id: "hand-hidden", textContent: "Spectators see no hand." }), el("div")] : handBox(msg, face, ctx);
  // The player's part (their seat's line, the prompt, the hand, the moves) under the rows, or
  // beside them on a phone held sideways.
  const turn = el("div", { className: "turn-area" }, seatLine(msg, me), tip, hand, actions);
  root.replaceChildren(el("div", { className: "table-play" },
    el("div", { className: "table-view" }, el("p", { className: "info", id: "round-info", textContent: `${head}.` }),
      seatLine(msg, other), rowBox(msg, other, face), el("hr", { className: "centre-line" }), rowBox(msg, me, face)),
    turn));
  turnIntoView(msg, turn);
}

// -- the round log in sentences ----------------------------------------------------------
// The game's end in a sentence, as the board games say theirs, from the outcome's reason.
export function overText(msg, ctx) {
  return endSentence(msg, ctx?.you ?? null, {
    "King lost on the table": (p) => `${p.loser} lost a round with ${p.loserS} King on the table`,
    "King stolen": (p) => `${p.winner} stole ${p.loserS} King`,
    "draw: both decks empty and only Kings in hand": () => "both decks are empty and only Kings are left in hand",
    "draw: round cap reached": () => "the game reached its round limit",
  });
}

export function lastText(msg) {
  const la = msg.view.last_action;
  if (!la) return "No move yet.";
  const who = la.seat === null || la.seat === undefined ? "" : names(msg)[la.seat];
  if (la.kind === "attack") return `Last: ${who} attacks with ${cards(la.cards)}.`;
  if (la.kind === "defend") return `Last: ${who} defends with ${cards(la.cards)}.`;
  if (la.kind === "end") return `Last: ${who} ends the turn.`;
  if (la.kind === "pass") return `Last: ${who} passes.`;
  if (la.kind === "take") return `Last: ${who} takes back ${cards(la.cards)}.`;
  if (la.kind === "draw") return `Last: ${who} draws ${cards(la.cards)}.`;
  if (la.kind === "steal") {  // a chance outcome: whose hand it left is in the log
    const e = (msg.view.log || []).findLast((x) => x.event === "steal");
    if (e) return `Last: ${e.card} is taken at random from ${names(msg)[e.seat]}'s hand and discarded.`;
  }
  return `Last: ${who} ${la.text}.`.replace(/\s+/g, " ");
}

// The events of the log turned into sentences, one list per round.
function sentences(msg) {
  const n = names(msg);
  const rounds = [{ title: "Before the first round", lines: [] }];
  let attacker = null;
  let turn = null;      // the cards a seat is laying this turn
  let draws = null;     // consecutive draws of one seat
  const cur = () => rounds[rounds.length - 1];
  const flush = () => {
    if (turn) cur().lines.push(`${n[turn.seat]} ${turn.seat === attacker ? "attacks" : "defends"} with ${turn.cards.join(" ")}.`);
    if (draws) {
      const known = draws.cards.filter(Boolean);
      cur().lines.push(known.length === draws.cards.length
        ? `${n[draws.seat]} draws ${known.join(" ")}.`
        : `${n[draws.seat]} draws ${draws.cards.length} card${draws.cards.length > 1 ? "s" : ""}.`);
    }
    turn = null; draws = null;
  };
  for (const e of msg.view.log || []) {
    if (e.event === "play") {
      if (draws || (turn && turn.seat !== e.seat)) flush();
      turn = turn || { seat: e.seat, cards: [] };
      turn.cards.push(e.card);
      continue;
    }
    if (e.event === "draw") {
      if (turn || (draws && draws.seat !== e.seat)) flush();
      draws = draws || { seat: e.seat, cards: [] };
      draws.cards.push(e.card);
      continue;
    }
    flush();
    const who = e.seat !== undefined && e.seat !== null ? n[e.seat] : "";
    if (e.event === "round") {
      attacker = e.attacker;
      rounds.push({ title: `Round ${e.round}: ${n[e.attacker]} attacks`, lines: [] });
    } else if (e.event === "result") {
      const att = attacker ?? 0, def = 1 - att;
      cur().lines.push(`${n[att]} attacks with ${e.row_texts[att] || "nothing"}, strength ${e.strengths[att]}; ` +
        `${n[def]} defends with ${e.row_texts[def] || "nothing"}, strength ${e.strengths[def]}; ` +
        `${n[e.winner]} wins the round${e.margin ? ` by ${e.margin}` : " (a tie goes to the defender)"}.`);
    } else if (e.event === "end") {
      // the turn's cards were said above
    } else if (e.event === "pass") cur().lines.push(`${who} passes.`);
    else if (e.event === "steal") cur().lines.push(`${e.card} is taken at random from ${who}'s hand and discarded.`);
    else if (e.event === "first attacker") cur().lines.push(`${who} attacks first.`);
    else if (e.event === "return") cur().lines.push(`${who} takes ${cards(e.cards)} back into the hand.`);
    else if (e.event === "discard") cur().lines.push(`${who} discards ${cards(e.cards)} from the table.`);
    else if (e.event === "game over") cur().lines.push(`Game over: ${e.reason}.`);
    else cur().lines.push(`${who} ${e.event}.`.trim());
  }
  flush();
  return rounds.filter((r, i) => r.lines.length || (i > 0 && i === rounds.length - 1));
}

export function log(msg) {
  const rounds = sentences(msg);
  if (!rounds.length) return el("p", { className: "muted", textContent: "Nothing played yet." });
  return el("ol", { className: "round-log" }, ...rounds.map((r, i) => el("li", { className: i === rounds.length - 1 ? "current" : "" },
    el("strong", { textContent: r.title }),
    el("ul", {}, ...(r.lines.length ? r.lines : ["Nothing laid yet."]).map((t) => el("li", { textContent: t }))))));
}
