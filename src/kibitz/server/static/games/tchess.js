// TCHESS Cards: your hand, both rows with live strength and pairs, decks, discards, round log.
import { actionButtons, cardButton, el } from "/static/games/cards.js";

function rowBox(view, seat, names) {
  const row = view.rows[seat];
  const role = view.attacker === seat ? "attacks" : "defends";
  const lead = view.leader === seat ? " (ahead)" : "";
  return el("div", { className: "tchess-row" },
    el("strong", { textContent: `${names[seat]} ${role}${lead}: strength ${row.strength}` }),
    el("div", { className: "cards" }, ...row.cards.map((c) => cardButton(c, "black"))),
    el("div", { textContent: row.text ? `row ${row.text}` : "empty row" }),
    row.pairs.length ? el("div", { textContent: `pairs: ${row.pairs.map((p) => p.join("+")).join(", ")}` }) : "");
}

export function lastText(msg) {
  const log = msg.view.log || [];
  const e = [...log].reverse().find((x) => x.event !== "draw");
  return e ? `Last: ${describe(e, msg.table.player_names)}` : "";
}

function describe(e, names) {
  const who = e.seat !== undefined && e.seat !== null ? names[e.seat] + " " : "";
  const rest = Object.entries(e).filter(([k]) => !["event", "seat"].includes(k)).map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(", ");
  return `${who}${e.event}${rest ? ": " + rest : ""}`;
}

export function logText(msg) {
  return (msg.view.log || []).slice(-40).map((e) => describe(e, msg.table.player_names)).join("\n");
}

export function render(root, msg, ctx) {
  const v = msg.view;
  const names = msg.table.player_names;
  const me = msg.seat ?? 0;
  const other = 1 - me;
  const legal = msg.legal.map((l) => l.text);
  const hand = v.hand || [];
  const handRow = el("div", { className: "cards", id: "hand" }, ...hand.map((c) => {
    const ok = legal.includes(c);
    const b = cardButton(c, ok ? "legal black" : "black", ok ? () => ctx.act(c) : null);
    b.dataset.card = c;
    return b;
  }));
  const others = legal.filter((t) => !hand.includes(t));
  root.replaceChildren(
    el("div", { textContent: `Round ${v.round}, phase ${v.phase}` }),
    el("div", { textContent: `${names[other]}: ${v.hand_sizes[other]} cards in hand, deck ${v.deck_sizes[other]}, discard ${v.discards[other].length}` }),
    rowBox(v, other, names),
    rowBox(v, me, names),
    el("div", { textContent: `${msg.seat === null ? names[me] : "You"}: deck ${v.deck_sizes[me]}, discard ${v.discards[me].length}` }),
    msg.seat === null ? "" : handRow,
    actionButtons(others, ctx),
  );
}
