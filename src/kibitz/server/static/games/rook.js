// Rook: a four-seat table (you at the bottom, your partner across, marked), the bidding box,
// the discard picker (choose the whole set, then it is sent as one turn), the trump
// choice, the trick in the middle (a finished trick stays there until the next lead; a hand's
// last one through the next auction), the score sheet and a log of calls and tricks. Controls come from the structured
// moves: `kind` (bid, pass, discard, trump, play), `card`, `bid` and `colour`.
import { cardButton, cardFigure, rookCard } from "/static/games/cards.js";
import { button, computerName, el, handName, sameSide, toolbar, turnIntoView, viewer } from "/static/ui.js";

export const logTitle = "Auction and tricks";
let chosen = new Set();      // the discards picked, before they are sent
let chosenFor = null;        // the hand (deal and hand number) the choice belongs to

const names = (msg) => msg.table.player_names;

function cardsOf(msg) {
  const desc = msg.table.description;
  return Object.fromEntries(desc.cards.map((c) => [c.code, c]));
}

// A card as the log and the nest name it: "red 13", or the bird's name.
function cardName(code, msg) {
  const c = cardsOf(msg)[code];
  return c?.colour ? `${c.colour} ${c.rank}` : msg.table.description.bird;
}

const cardNames = (codes, msg) => codes.map((c) => cardName(c, msg)).join(", ");

function cardLabel(card, desc) {
  if (!card) return "";
  const pts = card.points ? `, ${card.points} points` : "";
  return card.colour ? `${card.colour} ${card.rank}${pts}` : `${desc.bird}${pts}`;
}

function figure(code, msg, extra = "") {
  const card = cardsOf(msg)[code] || { code, colour: null, rank: null, points: 0 };
  return cardFigure(rookCard(card, msg.table.description.bird), cardLabel(card, msg.table.description), extra);
}

// Where each seat sits as drawn: the seat whose view is drawn (South for a spectator) at the bottom.
function places(msg) {
  const me = msg.seat ?? 0;
  return { s: me, w: (me + 1) % 4, n: (me + 2) % 4, e: (me + 3) % 4 };
}

function lastCall(v, seat) {
  const mine = v.calls.filter(([s]) => s === seat);
  return mine.length ? mine[mine.length - 1][1] : null;
}

function seatBox(msg, where, seat) {
  const v = msg.view;
  const desc = msg.table.description;
  const info = msg.table.seats[seat];
  const me = viewer(msg);
  const who = seat === me ? "you" : info.kind === "computer" ? computerName(info.agent, desc)
    : info.kind === "open" ? "open seat" : info.name || "guest";  // as the players' list says
  // A phone shows a computer's level alone ("level 2"): its whole name is the title and is read out.
  const level = info.kind === "computer" && info.agent?.startsWith("level:") ? `level ${info.agent.slice(6)}` : null;
  const whoBox = level ? el("span", { title: who }, el("span", { className: "long", textContent: who }),
    el("span", { className: "short", textContent: level, attrs: { "aria-hidden": "true" } })) : who;
  const tags = [];
  if (me !== null && sameSide(desc, seat, me)) tags.push(["partner", "partner"]);
  if (v.dealer === seat) tags.push(["dealer", ""]);
  if (v.declarer === seat) tags.push([`declarer ${v.contract}`, "turn"]);
  if (v.to_act === seat && !msg.outcome) tags.push(["to play", "turn"]);
  const call = v.phase === "auction" || v.phase === "deal" ? lastCall(v, seat) : null;
  const box = el("div", { className: `seat seat-${where} ${v.to_act === seat && !msg.outcome ? "to-act" : ""}`, dataset: { seat } },
    el("div", {}, el("strong", { textContent: names(msg)[seat] }), " ", whoBox),
    el("div", { className: "tags" }, ...tags.map(([t, c]) => el("span", { className: `tag ${c}`, textContent: t }))),
    el("div", { className: "small", textContent: `${v.hand_sizes[seat]} cards${call ? ` · ${call}` : ""}` }));
  box.style.setProperty("--seat", desc.seats[seat].colour || "#888");
  return box;
}

// The trick in the middle: the cards in play, or the finished trick until the next lead.
// The last trick of a hand stays through the next hand's auction (the next hand is dealt at
// once, so it is seen only then), said to be the last hand's beside the bidding.
function trickBox(msg, pos) {
  const v = msg.view;
  const done = !v.trick.length && v.last_trick ? v.last_trick : null;
  const earlier = done && !v.tricks.length;  // the last hand's
  const showing = done ? done.plays : v.trick;
  const at = Object.fromEntries(Object.entries(pos).map(([k, s]) => [s, k]));
  const slots = el("div", { className: "trick-slots" },
    ...showing.map(([s, c]) => { const f = figure(c, msg, `at-${at[s]}`); f.dataset.seat = s; return f; }));
  const trump = v.trump ? `Trump: ${v.trump}` : (v.contract ? "Trump not named yet" : "");
  const bidding = v.phase === "auction" ? (v.high_bid ? `Bidding: ${v.high_bid} by ${names(msg)[v.high_bidder]}` : "Bidding: no bid yet") : "";
  const won = done ? `${names(msg)[done.winner]} won ${earlier ? "the last hand's last trick" : "this trick"}` : "";
  const caption = earlier ? [bidding, won].filter(Boolean).join(". ") : done ? won : (v.trick.length ? `${names(msg)[v.trick[0][0]]} led` : bidding);
  return el("div", { className: "trick", id: "trick", attrs: { "aria-label": "the trick", role: "group" } },
    el("div", { className: "small" }, el("span", { className: `swatch ${v.trump || "none"}`, attrs: { "aria-hidden": "true" } }), trump),
    slots, el("div", { className: "small caption", textContent: caption }));
}

function ledColour(msg) {
  const v = msg.view;
  if (!v.trick.length) return null;
  const c = cardsOf(msg)[v.trick[0][1]];
  return c?.colour || v.trump;
}

// The prompt for the viewer's decision, and why a card cannot be played.
function guidance(msg) {
  const v = msg.view;
  if (msg.outcome || !msg.your_turn) return { text: "", why: msg.outcome ? "the game is over" : "not your turn" };
  if (v.phase === "auction") {
    const high = v.high_bid ? `High bid ${v.high_bid} by ${names(msg)[v.high_bidder]}${sameSide(msg.table.description, v.high_bidder, viewer(msg)) ? " (your partner)" : ""}.` : "No bid yet.";
    return { text: `${high} Bid or pass.`, why: "bid or pass first" };
  }
  if (v.phase === "discard") {
    const need = discardSet(msg).size;
    return { text: `You took the nest: choose ${need} card${need === 1 ? "" : "s"} to discard (${chosen.size} chosen).`, why: "" };
  }
  if (v.phase === "trump") return { text: "Name the trump colour.", why: "name trump first" };
  const led = ledColour(msg);
  if (v.phase === "play") {
    return led ? { text: `Your turn: ${led} was led.`, why: `not playable: ${led} was led` }
      : { text: "Your lead: play any card.", why: "not playable now" };
  }
  return { text: "", why: "not playable now" };
}

// The discard set the legal moves name (`size` cards still to discard, played as one `turn`).
const discardSet = (msg) => msg.legal.find((m) => m.set)?.set ?? { size: 0, turn: "discard" };

function handBox(msg, ctx) {
  const v = msg.view;
  const cards = cardsOf(msg);
  const desc = msg.table.description;
  const g = guidance(msg);
  const discarding = msg.your_turn && v.phase === "discard" && !ctx.sending();
  const need = discardSet(msg).size;
  const plays = msg.legal.filter((m) => m.kind === "play");
  const choosing = discarding || plays.length > 0;
  return toolbar(el("div", { className: `cards hand ${choosing ? "choosing" : ""}`, id: "hand", dataset: { focusGroup: "hand" } },
    ...(v.hand || []).map((code) => {
      const move = plays.find((m) => m.card === code);
      const card = cards[code] || { code, colour: null, rank: null, points: 0 };
      const label = cardLabel(card, desc);
      const b = discarding
        ? cardButton({ art: rookCard(card, desc.bird), label: `${chosen.has(code) ? "Keep" : "Discard"} ${label}`, key: `hand:${code}`,
          playable: chosen.has(code) || chosen.size < need, selected: chosen.has(code), why: `${need} already chosen`,
          onclick: () => { if (chosen.has(code)) chosen.delete(code); else if (chosen.size < need) chosen.add(code); ctx.redraw(); } })
        : cardButton({ art: rookCard(card, desc.bird), label: move ? `Play ${label}` : label, key: `hand:${code}`,
          playable: !!move, why: g.why, onclick: move ? () => ctx.act(move, `play ${code}`) : null });
      b.dataset.card = code;
      if (move) b.dataset.move = move.text;
      return b;
    })), handName(msg));
}

function moveLabel(m) {
  if (m.kind === "bid") return String(m.bid);
  if (m.kind === "trump") return m.colour[0].toUpperCase() + m.colour.slice(1);
  if (m.kind === "pass") return "Pass";
  return m.text;
}

function actionsBox(msg, ctx) {
  const v = msg.view;
  const box = el("div", { className: "row actions", id: "bidding", dataset: { focusGroup: "bidding" } });
  if (msg.your_turn && v.phase === "discard") {
    const need = discardSet(msg).size;
    if (ctx.sending()) {
      box.append(button("Discarding...", null, { id: "discarding", disabled: true }));
      return box;
    }
    // The whole set in one message: the server takes it all or, if a card is wrong, none.
    const go = button(`Discard ${chosen.size === need ? "these " : ""}${need}`, () => {
      const set = `${discardSet(msg).turn} ${v.hand.filter((c) => chosen.has(c)).join(" ")}`;
      chosen = new Set();
      ctx.act({ turn: set }, set);
      ctx.redraw();
    }, { id: "discard", className: "primary", disabled: chosen.size !== need });
    box.append(go);
    return box;
  }
  for (const m of msg.legal.filter((x) => x.kind !== "play" && x.kind !== "discard")) {
    const b = button(moveLabel(m), () => ctx.act(m, m.text), { dataset: { move: m.text, key: `move:${m.id}` },
      className: m.kind === "trump" ? `trump-choice ${m.colour}` : "" });
    if (m.kind === "trump") b.prepend(el("span", { className: `swatch ${m.colour}`, attrs: { "aria-hidden": "true" } }));
    box.append(b);
  }
  return toolbar(box, v.phase === "trump" ? "trump colours" : "bids");
}

// The sides' names as this page's own seat calls them: "We" (its team) and "They"; null for
// a spectator, who keeps the teams' names (play.js asks for these for its score line too).
export function sideNames(msg) {
  const me = viewer(msg);
  if (me === null || me === undefined) return null;
  const mine = msg.table.description.seats[me].side;
  return msg.table.description.team_names.map((_, side) => (side === mine ? "We" : "They"));
}

const teamNames = (msg) => sideNames(msg) || msg.table.description.team_names;

// A cell of figures, right-aligned (through the style object: the page's CSP refuses style attributes).
function num(value) {
  const td = el("td", { textContent: String(value) });
  td.style.textAlign = "right";
  return td;
}

// The score sheet: a group of rows a scored hand, a row a team. The hand's number, dealer,
// declarer, bid, trump and made or set span its group; each team's row has its hand score and
// running total, then how the hand scored: its card points, the nest's points (in the row of
// the team that got them) and its bonus. One row of headings, so that it fits beside the
// players at desktop widths; on a phone it scrolls sideways inside its own focusable box, so
// that the page itself never does.
const SHEET_HEADS = ["Hand", "Dealer", "Declarer", "Bid", "Trump", "Made or set", "Team", "Hand score", "Total",
  "Card points", "Nest", "Bonus"];

function scoreSheet(msg) {
  const v = msg.view;
  const n = names(msg);
  const teams = teamNames(msg);
  const th = (text, attrs) => el("th", { textContent: text, attrs });
  const spanned = (cell) => Object.assign(cell, { rowSpan: teams.length });  // across the hand's group
  const hand = (r) => [th(String(r.hand), { scope: "rowgroup" }), el("td", { textContent: n[r.dealer] }),
    el("td", { textContent: n[r.declarer] }), num(r.contract), el("td", { textContent: r.trump }),
    el("td", { textContent: r.made ? "made" : "set" })].map(spanned);
  const groups = v.score_sheet.map((r) => el("tbody", {}, ...teams.map((team, t) => el("tr", {},
    ...(t ? [] : hand(r)), th(team, { scope: "row" }), num(signed(r.change[t])), num(r.totals[t]),
    num(r.card_points[t]), num(r.nest_to === t ? r.nest_points : ""), num(r.bonus[t])))));
  const empty = el("tbody", {}, el("tr", {}, el("td", { textContent: "No hand scored yet.", attrs: { colspan: SHEET_HEADS.length } })));
  const full = el("div", { className: `sheet-wrap sheet-full ${everyColumn ? "shown" : ""}`, id: "sheet-box",
    attrs: { role: "region", "aria-label": "Score sheet", tabindex: 0 } },
  el("table", { id: "score-sheet", className: "score-sheet" },
    el("caption", { textContent: `Score sheet (${gameEnd(v)})` }),
    el("thead", {}, el("tr", {}, ...SHEET_HEADS.map((h) => th(h, { scope: "col" })))),
    ...(groups.length ? groups : [empty])));
  const toggle = button(everyColumn ? "Hide the full sheet" : "Full sheet (every column)", () => {
    everyColumn = !everyColumn;
    full.classList.toggle("shown", everyColumn);
    toggle.textContent = everyColumn ? "Hide the full sheet" : "Full sheet (every column)";
    toggle.setAttribute("aria-expanded", String(everyColumn));
  }, { id: "sheet-toggle", className: "small sheet-toggle", attrs: { "aria-expanded": String(everyColumn), "aria-controls": "sheet-box" } });
  return el("div", { className: "sheets" }, compactSheet(msg, teams), toggle, full);
}

// The phone's sheet: a row a hand (its number, the declaring team's bid, made or set) and
// each team's running total with the hand's score under it; every column is a tap away.
let everyColumn = false;
function compactSheet(msg, teams) {
  const v = msg.view;
  const side = (seat) => msg.table.description.seats[seat].side;
  const total = (r, t) => {
    const td = num(r.totals[t]);
    td.append(el("span", { className: "change", textContent: ` ${signed(r.change[t])}` }));
    return td;
  };
  const rows = v.score_sheet.map((r) => el("tr", {}, el("th", { textContent: String(r.hand), attrs: { scope: "row" } }),
    el("td", { textContent: `${teams[side(r.declarer)]} ${r.contract}` }),
    el("td", { textContent: r.made ? "made" : "set", className: r.made ? "made" : "set" }),
    ...teams.map((_, t) => total(r, t))));
  const empty = el("tr", {}, el("td", { textContent: "No hand scored yet.", attrs: { colspan: 3 + teams.length } }));
  return el("table", { id: "score-sheet-compact", className: "score-sheet compact-sheet" },
    el("caption", { textContent: `Score sheet (${gameEnd(v)})` }),
    el("thead", {}, el("tr", {}, ...["Hand", "Bid", "Result", ...teams].map((h) => el("th", { textContent: h, attrs: { scope: "col" } })))),
    el("tbody", {}, ...(rows.length ? rows : [empty])));
}

const signed = (n) => (n > 0 ? `+${n}` : String(n));

// How the game ends: at the target, or after the hand limit where the table set one.
function gameEnd(v) {
  if (v.max_hands === 1) return "game of 1 hand";
  return `game to ${v.target}${v.max_hands ? ` or ${v.max_hands} hands` : ""}`;
}

// The deal on show as the view's earlier deals are given (`past_deals`).
const dealOnShow = (v) => ({ hand: v.hand_number, calls: v.calls, tricks: v.tricks });

// The score-sheet row of a deal that was scored (a passed-out deal, or one in play: none).
const scoredRow = (msg, deal) => (deal.tricks.length ? msg.view.score_sheet.find((r) => r.hand === deal.hand) : undefined);

// A scored hand's nest, shown to all once the hand is over: "red 13, green 6 (15 points to We)".
function nestShown(row, msg) {
  const to = row.nest_points ? `${row.nest_points} points to ${teamNames(msg)[row.nest_to]}` : "no points";
  return `${cardNames(row.nest, msg)} (${to})`;
}

export function lastText(msg) {
  const la = msg.view.last_action;
  if (!la) return "No move yet.";
  const who = la.seat === null || la.seat === undefined ? "" : names(msg)[la.seat];
  if (la.kind === "play") return `Last: ${who} played ${cardLabel(cardsOf(msg)[la.card], msg.table.description)}.`;
  if (la.kind === "bid") return `Last: ${who} bid ${la.bid}.`;
  if (la.kind === "pass") return `Last: ${who} passed.`;
  if (la.kind === "trump") return `Last: ${who} named ${la.colour} trump.`;
  if (la.kind === "discard") return `Last: ${who} discarded ${la.card ? cardLabel(cardsOf(msg)[la.card], msg.table.description) : "a card"}.`;
  return who ? `Last: ${who} ${la.text}.` : `Last: ${la.text}.`;
}

export function render(root, msg, ctx) {
  const v = msg.view;
  const hand = `${v.deals}:${v.hand_number}`;
  if (chosenFor !== hand || v.phase !== "discard") { chosen = new Set(); chosenFor = hand; }
  const pos = places(msg);
  const teams = teamNames(msg);
  const side = (seat) => teams[msg.table.description.seats[seat].side];
  const contract = v.contract ? `${side(v.declarer)} bid ${v.contract} (${names(msg)[v.declarer]})${v.trump ? `, ${v.trump} trump` : ""}`
    : (v.high_bid ? `high bid ${v.high_bid}` : "auction");
  const end = gameEnd(v);
  const info = el("p", { className: "info", id: "rook-info",
    textContent: `Hand ${v.hand_number}${v.last_hand && !msg.outcome ? " (the last)" : ""}: ${contract}. Tricks ${teams[0]} ${v.tricks_won[0]}, ${teams[1]} ${v.tricks_won[1]}; ` +
      `points this hand ${teams[0]} ${v.points_taken[0]}, ${teams[1]} ${v.points_taken[1]}. ` +
      `${end.charAt(0).toUpperCase()}${end.slice(1)}.` });
  const g = guidance(msg);
  const tip = el("p", { className: "notice", id: "rook-prompt", textContent: g.text });
  tip.hidden = !g.text;
  const shown = scoredRow(msg, dealOnShow(v));  // the game ended with this hand: its nest is public
  const nest = el("p", { className: "info", id: "nest",
    textContent: shown ? `Nest: ${nestShown(shown, msg)}.`
      : v.nest_taken ? `Nest: ${cardNames(v.nest_taken, msg)}${v.discards?.length ? `; discarded ${cardNames(v.discards, msg)}` : ""}.`
        : `Nest: ${v.nest_size} cards face down.` });
  nest.hidden = !v.nest_size;  // a rule set without a nest (Partnership) says nothing of one
  const scrolled = root.querySelector("#sheet-box")?.scrollLeft || 0;  // kept across redraws
  // The player's part (the prompt, the hand, the choices) under the table, or beside it on a
  // phone held sideways.
  const turn = el("div", { className: "turn-area" }, tip,
    msg.seat === null ? el("p", { className: "muted", id: "hand", textContent: "Spectators see no hand." }) : handBox(msg, ctx),
    actionsBox(msg, ctx));
  root.replaceChildren(
    el("div", { className: "table-play" }, el("div", { className: "table-view" }, info,
      el("div", { className: "rook-table" }, seatBox(msg, "n", pos.n), seatBox(msg, "w", pos.w), trickBox(msg, pos),
        seatBox(msg, "e", pos.e), seatBox(msg, "s", pos.s))), turn),
    nest, scoreSheet(msg),
  );
  root.querySelector("#sheet-box").scrollLeft = scrolled;
  turnIntoView(msg, turn);
}

// The log: a fold a deal, in order, the deal on show open and the earlier ones closed under a
// line that sums them up; in each its calls, its tricks and, once scored, its nest. A fold
// the reader opened or closed stays so through the redraws (kept where it differs from
// how it was drawn).
const folds = new Map();  // deal number -> open

export function log(msg) {
  const v = msg.view;
  const deals = [...v.past_deals, dealOnShow(v)];
  return el("div", {}, ...deals.map((deal, i) => dealLog(msg, deal, i + 1, i === deals.length - 1)));
}

function dealLog(msg, deal, number, onShow) {
  const n = names(msg);
  const row = scoredRow(msg, deal);
  const calls = deal.calls.length ? deal.calls.map(([s, c]) => `${n[s]} ${c}`).join(", ") : "no call yet";
  const tricks = deal.tricks.map((t) => el("li", { textContent: `${t.plays.map(([s, c]) => `${n[s]} ${cardName(c, msg)}`).join(", ")}: ${n[t.winner]} wins` }));
  const drawn = folds.get(number) ?? onShow;
  const fold = el("details", { className: "deal", dataset: { deal: number } },
    el("summary", {}, el("strong", { textContent: dealSummary(msg, deal, row, onShow) })),
    el("p", {}, el("strong", { textContent: "Auction: " }), calls),
    tricks.length ? el("ol", { className: "tricks" }, ...tricks)
      : el("p", { className: "muted", textContent: onShow ? "No trick played yet." : "All passed: dealt again." }),
    ...(row?.nest.length ? [el("p", { textContent: `Nest: ${nestShown(row, msg)}` })] : []));
  fold.open = drawn;
  fold.addEventListener("toggle", () => { if (fold.open === onShow) folds.delete(number); else folds.set(number, fold.open); });
  return fold;
}

// "Hand 1: North-South bid 85, green trump, took 95: made"; "Hand 1: all passed"; "Hand 2".
function dealSummary(msg, deal, row, onShow) {
  if (row) {
    const side = msg.table.description.seats[row.declarer].side;
    return `Hand ${deal.hand}: ${teamNames(msg)[side]} bid ${row.contract}, ${row.trump} trump, took ${row.points[side]}: ${row.made ? "made" : "set"}`;
  }
  return onShow ? `Hand ${deal.hand}` : `Hand ${deal.hand}: all passed`;
}
