// TCHESS Cards: your hand, both rows with live strength and pairs, decks, discards, round log.
// Controls come from the structured moves: `kind` (attack, defend, end, pass, take) and `cards`.
import { actionButtons, cardButton, el } from "/static/games/cards.js";

const LAYS = new Set(["attack", "defend"]);

function faces(msg) {
  return Object.fromEntries(msg.table.description.cards.map((c) => [c.letter, c]));
}

function faceTitle(face) {
  if (!face) return "";
  const value = face.value === null ? "copies a paired card" : `value ${face.value}`;
  return `${face.letter}${face.name ? " " + face.name : ""}: ${value}`;
}

function card(letter, cls, face, onclick) {
  const b = cardButton(letter, cls, onclick);
  b.title = faceTitle(face);
  return b;
}

function rowBox(view, seat, names, face) {
  const row = view.rows[seat];
  const role = view.attacker === seat ? "attacks" : "defends";
  const lead = view.leader === seat ? " (ahead)" : "";
  return el("div", { className: "tchess-row" },
    el("strong", { textContent: `${names[seat]} ${role}${lead}: strength ${row.strength}` }),
    el("div", { className: "cards" }, ...row.cards.map((c) => card(c, "black", face[c]))),
    el("div", { textContent: row.text ? `row ${row.text}` : "empty row" }),
    row.pairs.length ? el("div", { textContent: `pairs: ${row.pairs.map((p) => p.join("+")).join(", ")}` }) : "");
}

// One round-log event in words.
function describe(e, names) {
  const who = e.seat !== undefined && e.seat !== null ? names[e.seat] : "";
  const cards = (xs) => (xs.length ? xs.join(" ") : "-");
  switch (e.event) {
    case "draw": return `${who} draws ${e.card ?? "a card"}`;
    case "play": return `${who} plays ${e.card}`;
    case "end": return `${who} ends the turn`;
    case "pass": return `${who} passes`;
    case "steal": return `${e.card} stolen from ${who}`;
    case "first attacker": return `${who} attacks first`;
    case "round": return `round ${e.round}: ${names[e.attacker]} attacks`;
    case "result": return `round ${e.round}: ${names[e.winner]} wins by ${e.margin} ` +
      `(${names[0]} ${e.row_texts[0] || "-"} = ${e.strengths[0]}, ${names[1]} ${e.row_texts[1] || "-"} = ${e.strengths[1]})`;
    case "return": return `${who} takes back ${cards(e.cards)}`;
    case "discard": return `${who} discards ${cards(e.cards)}`;
    default: return `game over: ${e.reason}`;
  }
}

// The last event other than a draw (draws follow every round and say little).
export function lastText(msg) {
  const e = [...(msg.view.log || [])].reverse().find((x) => x.event !== "draw");
  return e ? `Last: ${describe(e, msg.table.player_names)}` : "";
}

export function logText(msg) {
  return (msg.view.log || []).slice(-40).map((e) => describe(e, msg.table.player_names)).join("\n");
}

export function render(root, msg, ctx) {
  const v = msg.view;
  const names = msg.table.player_names;
  const face = faces(msg);
  const me = msg.seat ?? 0;
  const other = 1 - me;
  const lays = msg.legal.filter((m) => LAYS.has(m.kind));
  const handRow = el("div", { className: "cards", id: "hand" }, ...(v.hand || []).map((c) => {
    const move = lays.find((m) => m.cards[0] === c);
    const b = card(c, move ? "legal black" : "black", face[c], move ? () => ctx.act(move) : null);
    b.dataset.card = c;
    if (move) b.dataset.move = move.text;
    return b;
  }));
  const others = msg.legal.filter((m) => !LAYS.has(m.kind));
  root.replaceChildren(
    el("div", { textContent: `Round ${v.round}, phase ${v.phase}` }),
    el("div", { textContent: `${names[other]}: ${v.hand_sizes[other]} cards in hand, deck ${v.deck_sizes[other]}, discard ${v.discards[other].length}` }),
    rowBox(v, other, names, face),
    rowBox(v, me, names, face),
    el("div", { textContent: `${msg.seat === null ? names[me] + ": " + v.hand_sizes[me] + " cards in hand," : "You:"} deck ${v.deck_sizes[me]}, discard ${v.discards[me].length}` }),
    msg.seat === null ? "" : handRow,
    actionButtons(others, ctx),
  );
}
