// The table page: connects to the table's WebSocket with this browser's seat token, shows
// whose turn it is, the last move, the players and scores, the tools the game declares, the
// move list and the game-over panel, and hands the board to the game's page module
// (static/games/<game>.js). Moves are sent by id; a move made while the connection is down
// is sent once it is back, if the table is still where it was, or reported as not played.
// A browser that holds every seat of a game without hidden cards plays each side in turn.
// A screen reader hears each change once, from the bar's one live region (#said).
import { api, fetchText, heldSeats, loadToken, myTokens, openTable, rematchSeats, saveToken } from "/static/net.js";
import { $, ask, button, computerName, el, intoView, keepFocus, roving, showText } from "/static/ui.js";
import { rememberDeal, toldTable } from "/static/opendeal.js";
import { LossWatch } from "/static/watch.js";
import { Chat } from "/static/chat.js";
import { numberer, rounds } from "/static/movenumbers.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const hashSeat = new URLSearchParams(location.hash.slice(1)).get("seat");
const mySeats = myTokens(tableId);
let seat = hashSeat !== null && mySeats.includes(Number(hashSeat)) ? Number(hashSeat) : (mySeats.length ? mySeats[0] : null);
let token = seat === null ? null : loadToken(tableId, seat);
let switching = false;  // the connection closes to come back as another of this browser's seats
let leaving = false;    // the deal is being conceded to start a new one

let ws = null;
let last = null;
let renderer = null;
let retry = 500;
let fresh = false;      // the next state is the first after (re)connecting
let lost = false;       // the connection dropped and is not back yet (no state since)
let sent = null;        // the move sent and not yet seen played: {message, label, ply}
let pending = null;     // a move made while offline, to send once connected
let hintFor = null;
let viewing = null;     // {ply, view, seat, instead, label}: an earlier position chosen in the move list or the analysis (instead: the engine's move shown in place of the ply's; label: the analysis's name of the move)
const watch = new LossWatch();
let askedWinnable = null;  // the move number the player asked "Still winnable?" about
let told = toldTable(tableId);  // what the lobby left to say (a deal left counted as lost)
let typed = null;       // a move typed in the box and sent: {text, ply}, kept there if refused

const ctx = {
  hint: null,
  flipped: false,
  // The seat the page speaks to as "you" (null: a spectator, or two people at one screen).
  you: null,
  // A structured move from msg.legal (sent by id), a move typed in the game's notation (read
  // as a whole turn: a TCHESS row of cards, a Rook discard set), or a page's own {turn}.
  act(move, label) {
    const named = typeof move === "string" ? { turn: move } : move.turn ? { turn: move.turn } : { id: move.id };
    const words = label || (typeof move === "string" ? move : move.text);
    ctx.hint = null;
    // A patience deal with a move made is this browser's open deal: left for a new one, lost.
    if (last.table.description.features.statistics === "streaks") rememberDeal(last.table.game, tableId, last.seat);
    const message = { type: "action", ...named, ply: last.ply };
    if (!online()) {
      pending = { message, label: words, ply: last.ply, id: named.id };
      notice(`You are offline: your move ${words} will be sent when the connection is back.`);
      return;
    }
    sent = { message, label: words, ply: last.ply, id: named.id };
    notice("");
    send(message);
  },
  // Any other message (undo, hint...): refused with a clear word while offline.
  send(message) {
    if (!online()) { error("You are offline; try again when the connection is back."); return; }
    send(message);
  },
  redraw() { if (last) draw(last); },
  // A short note at the turn bar: why a click on the board did nothing ("" clears it).
  note(text) { notice(text); },
  // Whether a move is on its way (sent or waiting for the connection) and not yet seen played.
  sending() { return sent !== null || pending !== null; },
};

const online = () => ws && ws.readyState === WebSocket.OPEN && !fresh;
const chat = new Chat((message) => { if (!online()) return false; send(message); return true; }, say);

function send(message) {
  error("");
  ws.send(JSON.stringify(message));
}

// A note at the turn bar, said too (a click's "why not", the connection's word on a move).
function notice(text) {
  showText($("notice"), text);
  say(text);
}
function error(text) { showText($("error"), text); }

// -- what the bar says -------------------------------------------------------------------
function who(msg, s) {
  const info = msg.table.seats[s];
  if (s === msg.seat || (mySeats.includes(s) && mySeats.length === msg.table.seats.length)) return "you";
  if (info.kind === "computer") return computerName(info.agent, msg.table.description);
  if (info.kind === "open") return "open seat";
  return (info.name || "guest") + (info.connected ? "" : ", not connected");
}

// The result in a sentence: the game page's own ("Rearhand took both your Kings: Rearhand
// wins"), built from the outcome's reason, else the server's words ("Blue wins (resignation)").
function overSentence(msg) {
  return renderer?.overText?.(msg, ctx) || msg.outcome.text;
}

// Whose turn it is, or the result; `thinking`: with the computer's "thinking..." where it is,
// said first, so that a line cut short (a phone's) keeps it and cuts who sits there.
function statusText(msg, thinking) {
  const names = msg.table.player_names;
  if (msg.outcome) {
    const own = renderer?.overText?.(msg, ctx);
    return own ? `Game over. ${own}` : `Game over: ${msg.outcome.text}`;
  }
  const toAct = msg.view.to_act;
  if (toAct === null || toAct === undefined) return "Dealing...";
  if (msg.your_turn) return names.length > 1 ? `Your turn (${names[toAct]})` : "Your turn";
  const kind = msg.table.seats[toAct].kind;
  if (kind === "open") return `${names[toAct]} to play: the seat is open, waiting for a friend (send the invite link)`;
  const busy = thinking && msg.thinking && kind === "computer" ? ", thinking..." : "";
  return `${names[toAct]} to play${busy} (${who(msg, toAct)})`;
}

// The last action as this seat may see it (the page's own words where it has them).
function lastText(msg) {
  const own = renderer?.lastText?.(msg, ctx);
  if (own) return own;
  const la = msg.view.last_action;
  if (!la) return "No move yet.";
  const by = la.seat === null || la.seat === undefined ? "Chance" : msg.table.player_names[la.seat];
  return `Last move: ${by} ${la.text || ""}`.trim();
}

function dot(colour) {
  const d = el("span", { className: "dot", attrs: { "aria-hidden": "true" } });
  if (colour) d.style.background = colour;
  else d.classList.add("none");
  return d;
}

// The sides' names, by side number, as this seat calls them: the game page's own words
// (e.g. "We" and "They"), the teams' names (or their seats' joined), else the seats'.
function sideNames(msg) {
  const desc = msg.table.description;
  const own = renderer?.sideNames?.(msg);
  if (own) return own;
  if (!desc.teams.length) return desc.seats.map((s) => s.name);
  return desc.team_names || desc.teams.map((t) => t.map((i) => desc.seats[i].name).join("-"));
}

// One line per seat: colour, name, who sits there, partner, score; the seat to act marked.
function players(msg) {
  const desc = msg.table.description;
  const rows = desc.seats.map((s) => {
    const line = el("li", { className: msg.view.to_act === s.seat && !msg.outcome ? "to-act" : "" },
      dot(s.colour), el("strong", { textContent: s.name }), ` ${who(msg, s.seat)}`);
    if (msg.seat !== null && desc.teams.length && s.seat !== msg.seat && desc.seats[msg.seat].side === s.side) {
      line.append(el("span", { className: "tag", textContent: "partner" }));
    }
    if (msg.view.to_act === s.seat && !msg.outcome) line.append(el("span", { className: "tag turn", textContent: "to play" }));
    const info = msg.table.seats[s.seat];
    const gone = info.kind === "human" && !info.connected && !mySeats.includes(s.seat);  // a friend who left
    if (msg.seat !== null && !msg.outcome && (info.kind === "open" || gone)) {
      const title = gone ? `A computer player takes ${s.name}'s seat once its player has been away 2 minutes`
        : `A computer player (the default level) takes ${s.name}'s seat`;
      line.append(" ", button("Computer plays it", () => ctx.send({ type: "seat_computer", seat: s.seat }),
        { className: "small", dataset: { key: `seat-computer-${s.seat}` }, title }));
    }
    return line;
  });
  const out = [el("ul", { className: "plain" }, ...rows)];
  const watching = msg.table.watchers - (msg.seat === null ? 1 : 0);  // the others who watch
  if (watching > 0) out.push(el("p", { className: "muted", id: "watchers", textContent: `${watching} ${watching === 1 ? "person watches" : "people watch"} this table.` }));
  const scores = (viewing ? viewing.view : msg.view).scores;  // those of the position shown
  if (scores) {
    const label = msg.table.description.score_label;
    const sides = sideNames(msg);
    const parts = scores.map((v, i) => `${sides[i] ?? i} ${Number.isInteger(v) ? v : v.toFixed(1)}`);
    out.push(el("p", { className: "score", textContent: `${label}: ${parts.join(" · ")}` }));
  }
  return out;
}

// -- tools the game declares -------------------------------------------------------------
// Undo/redo in patience, take-back against the computer (the server says where it is offered),
// hints, a draw offer between people, and conceding (resigning, in a game of several seats).
function tools(msg) {
  const f = msg.table.description.features;
  const out = [];
  const over = !!msg.outcome;
  if (msg.seat !== null) {
    if (f.undo) {
      out.push(button("Undo", () => ctx.send({ type: "undo" }), { id: "undo", disabled: !msg.can_undo }));
      out.push(button("Redo", () => ctx.send({ type: "redo" }), { id: "redo", disabled: !msg.can_redo }));
      out.push(button("Restart", async (ev) => {
        const yes = await ask("Restart this deal from the beginning?",
          { detail: "Your moves are taken back.", yes: "Restart", no: "Keep my moves", from: ev.currentTarget });
        if (yes) ctx.send({ type: "restart" });
      }, { id: "restart", disabled: !(msg.can_undo || msg.can_redo) }));
    }
    if (msg.can_take_back !== undefined) {
      out.push(button("Take back", () => ctx.send({ type: "undo" }),
        { id: "take-back", disabled: !msg.can_take_back, title: "Take back your last move and the computer's reply" }));
      out.push(button("Play again", () => ctx.send({ type: "redo" }),
        { id: "play-again", disabled: !msg.can_play_again, title: "Play the moves taken back again" }));
    }
    if (f.assistance) {
      out.push(button("Hint", () => ctx.send({ type: "hint", ply: msg.ply }), { id: "hint-button", disabled: !msg.your_turn }));
      out.push(button("Still winnable?", () => { hint("Thinking...", msg.ply); askedWinnable = msg.ply; ctx.send({ type: "winnable" }); },
        { id: "winnable", disabled: over }));
      out.push(button("Auto-complete", () => ctx.send({ type: "autocomplete", ply: msg.ply }),
        { id: "autocomplete", disabled: over || !msg.can_autocomplete }));
      out.push(button(`Autoplay: ${msg.autoplay ? "on" : "off"}`, () => ctx.send({ type: "autoplay", on: !msg.autoplay }),
        { id: "autoplay", disabled: over, title: "Play the safe moves to the foundations by themselves", attrs: { "aria-pressed": String(!!msg.autoplay) } }));
      out.push(button(`Warn when lost: ${watch.on ? "on" : "off"}`, () => { watch.toggle(); ctx.redraw(); checkWinnable(last); },
        { id: "warn-lost", disabled: over, title: "Check after every move whether the deal can still be won, and warn when it cannot", attrs: { "aria-pressed": String(watch.on) } }));
    }
    if (msg.can_offer_draw && msg.draw_offer === null) {
      // In the draw group: the focus goes on to the notice's Withdraw button when this one goes.
      out.push(el("span", { dataset: { focusGroup: "draw" } },
        button("Offer a draw", () => ctx.send({ type: "offer_draw" }), { id: "offer-draw" })));
    }
    if (f.statistics === "streaks" && !over) {
      out.push(button("New deal", async (ev) => {
        if (!msg.can_undo && !msg.can_redo) { rematch(); return; }  // no move made: not played
        const yes = await ask("Leave this deal for a new one?",
          { detail: "It counts as lost.", yes: "New deal", no: "Keep playing", from: ev.currentTarget });
        if (!yes) return;
        if (last.outcome) { rematch(); return; }  // over meanwhile: nothing to concede
        leaving = online();  // conceded first (counted lost), then the new deal
        ctx.send({ type: "concede", ply: last.ply });
      }, { id: "new-deal" }));
    }
    if (f.concede) {
      const seats = msg.table.description.seats;
      const side = seats[msg.seat]?.side;
      const partners = seats.filter((s) => s.side === side && s.seat !== msg.seat)
        .map((s) => (msg.table.seats[s.seat].name ? `${s.name} (${msg.table.seats[s.seat].name})` : s.name));
      const [label, question, detail] = msg.table.player_names.length === 1
        ? ["Concede", "Give up this game?", "It counts as lost."]
        : partners.length
          ? ["Resign", "Resign for your team?", `It counts as a loss for ${partners.join(" and ")} too.`]
          : ["Resign", "Resign this game?", "It counts as a loss."];
      out.push(button(label, async (ev) => {
        const yes = await ask(question, { detail, yes: label, no: "Keep playing", from: ev.currentTarget });
        if (yes && !last.outcome) ctx.send({ type: "concede", ply: last.ply });  // not once over meanwhile
      }, { id: "concede", disabled: over }));
    }
  }
  const position = (viewing?.view ?? msg.view).position;  // the one shown
  if (typeof position === "string") {
    out.push(button("Copy position", () => copyPosition(position), { id: "copy-position", title: "Copy the position string shown, to start a game from it" }));
  }
  if (viewing && !msg.outcome) {
    out.unshift(button(`Back to the game (after ${shownMove(msg, msg.ply)})`, () => { viewing = null; ctx.redraw(); },
      { id: "back-to-game", className: "primary" }));
  }
  if (renderer?.flippable) out.push(button("Flip board", () => { ctx.flipped = !ctx.flipped; ctx.redraw(); }, { id: "flip" }));
  return out;
}

// The draw offer standing at the table, as this seat sees it: the other side's, to accept or
// decline, or its own, to withdraw. Not for spectators, nor once the game is over; drawn
// again only when the offer changes, so that it is announced once.
function drawOffer(msg) {
  const box = $("draw");
  const offer = msg.draw_offer ?? null;
  const shown = offer !== null && msg.seat !== null && !msg.outcome;
  box.hidden = !shown;
  const key = shown ? `${offer}:${msg.seat}` : "";
  if (box.dataset.offer === key) return;
  box.dataset.offer = key;
  if (!shown) { box.replaceChildren(); return; }
  const desc = msg.table.description;
  if (desc.seats[offer].side === desc.seats[msg.seat].side) {
    box.replaceChildren(el("span", { textContent: "You offered a draw; waiting for the answer." }),
      button("Withdraw the offer", () => ctx.send({ type: "decline_draw" }), { id: "withdraw-draw" }));
  } else {
    box.replaceChildren(el("span", { textContent: `${sideNames(msg)[desc.seats[offer].side]} offers a draw.` }),
      el("span", { className: "choices" },
        button("Accept the draw", () => ctx.send({ type: "accept_draw" }), { id: "accept-draw", className: "primary" }),
        button("Decline", () => ctx.send({ type: "decline_draw" }), { id: "decline-draw" })));
  }
  say(box.firstChild.textContent);
}

// The hint box's words (and what follows them, a button), brought into view: on a phone it
// is under the tools, below the window's edge.
function hint(text, ply, ...more) {
  hintFor = text ? ply : null;
  showText($("hint"), text);
  if (!text) return;
  say(text);
  $("hint").append(...more);
  intoView($("hint"));
}

// -- the move list -----------------------------------------------------------------------
// Numbered moves: one row per round of the seats (a seat's moves in a row share a cell).
// Each move is a button that shows the position after it (the moves are public here); the
// list is one tab stop, on the move shown (else the last), that the arrow keys move along.
function moveTable(msg) {
  const names = msg.table.player_names;
  const n = names.length;
  const rows = [];
  const where = rounds(msg.moves, n);  // the numbering the analysis and the bar use too
  const label = numberer(msg);
  msg.moves.forEach((m, i) => {
    if (!rows[where[i].round]) rows.push({ cells: Array.from({ length: n }, () => []) });
    const text = (renderer?.moveText?.(m, msg) || m.text) + (m.auto && m.seat !== null ? " (auto)" : "");  // autoplay's
    rows[where[i].round].cells[m.seat ?? 0].push(moveButton(text, i + 1, label));
  });
  if (!rows.length) return el("p", { className: "muted", textContent: "No moves yet." });
  const head = el("tr", {}, el("th", { textContent: "#", attrs: { scope: "col" } }),
    ...(n > 1 ? names.map((x) => el("th", { textContent: x, attrs: { scope: "col" } })) : [el("th", { textContent: "move", attrs: { scope: "col" } })]));
  const table = el("table", { className: "movelist" }, el("thead", {}, head),
    el("tbody", {}, ...rows.map((r, i) => el("tr", { className: i === rows.length - 1 ? "current" : "" },
      el("th", { textContent: `${i + 1}.`, attrs: { scope: "row" } }),
      ...r.cells.map((c) => el("td", {}, ...(c.length ? c.flatMap((b, k) => (k ? [" ", b] : [b])) : [n > 1 ? "…" : ""])))))));
  const items = [...table.querySelectorAll(".move-link")];  // in the order played
  const shown = viewing ? items.findIndex((b) => Number(b.dataset.ply) === viewing.ply) : -1;
  roving(table, items, { stop: shown >= 0 ? shown : items.length - 1, line: true });
  return table;
}

function moveButton(text, ply, label) {
  const shown = viewing ? viewing.ply === ply : false;
  return button(text, () => showPly(ply), {
    className: "move-link", title: `Show the position after move ${label(ply)} ${text}`,
    dataset: { ply: String(ply), key: `ply-${ply}` }, attrs: { "aria-pressed": String(shown) },
  });
}

// Show the position after ``ply`` moves as this seat saw it (the latest: the game again).
async function showPly(ply) {
  if (ply === last.ply) { show(null); return; }
  const q = last.seat === null ? "" : `?seat=${last.seat}`;
  try {
    const pos = await api("GET", `/api/tables/${encodeURIComponent(tableId)}/position/${ply}${q}`);
    show({ ply, view: pos.view, seat: last.seat, at: last.ply });
  } catch (e) { error(e.message); }
}

// Show a position chosen in the move list or the analysis (null: the table's own), the board
// brought into view: on a phone the list is far under it, or the analysis far over it.
function show(position) {
  viewing = position;
  ctx.redraw();
  intoView($("board"));
}

// The box scrolls to the latest move, unless the focus is in it (a move chosen by the arrow
// keys stays in sight); where it holds no move to focus, the box is a tab stop (to scroll it).
function drawMoves(msg) {
  const box = $("moves");
  const own = renderer?.log?.(msg);
  const kept = box.contains(document.activeElement) ? box.scrollTop : null;
  $("log-title").textContent = renderer?.logTitle || "Moves";
  box.replaceChildren(own || (msg.moves ? moveTable(msg) : el("p", { className: "muted", textContent: "Moves are shown when the game is over." })));
  box.tabIndex = box.querySelector("button") ? -1 : 0;
  box.scrollTop = kept ?? box.scrollHeight;
}

// -- game over ---------------------------------------------------------------------------
// The panel says the result in words, the deal's figures (its number, the moves, hints and
// undos used) and, for a named player, their record at this game with a link to /stats; on
// a narrow screen it goes above the board, where it is seen without scrolling past it.
function drawOver(msg) {
  const panel = $("over");
  panel.hidden = !msg.outcome;
  placeOver();
  if (!msg.outcome) return;
  // "You won" / "We lost" where this browser plays one side; two people at one screen: neither.
  const forYou = mySeats.length < msg.table.seats.length || msg.table.seats.length === 1 ? msg.outcome.for_you : null;
  const dealt = msg.table.description.features.statistics === "streaks" && msg.table.seed;
  $("over-title").textContent = forYou ? `Game over: ${forYou}${dealt ? ` deal #${msg.table.seed}` : ""}` : "Game over";
  const text = overSentence(msg);
  $("over-result").textContent = text.charAt(0).toUpperCase() + text.slice(1);
  showText($("over-figures"), figures(msg.counts));
  if (msg.seat !== null && msg.table.seats[msg.seat]?.name) record(msg, msg.table.seats[msg.seat].name);
  else $("over-stats").hidden = true;
  const one = msg.table.player_names.length === 1;
  const buttons = [];
  const names = msg.table.player_names;  // a two-seat rematch swaps the sides
  const as = names.length === 2 ? ` as ${names[1 - msg.seat]}` : "";
  const next = msg.table.rematch;
  const held = next ? myTokens(next) : [];  // this browser sits there already: it goes back
  const waiting = !!next && !held.length && !ownScreen(msg);  // asked for by another person here
  const again = one ? "New deal" : held.length ? "Go to the rematch" : waiting ? `Join the rematch${as}` : `Rematch${as}`;
  const go = held.length ? () => { location.href = `/play/${encodeURIComponent(next)}#seat=${held[0]}`; } : rematch;
  const by = msg.table.rematch_by;
  const asks = by === null || by === undefined ? "A rematch is waiting for you." : `${msg.table.seats[by].name || names[by]} asks for a rematch.`;
  sayChanged($("over-rematch"), msg.seat !== null && waiting ? asks : "");
  if (msg.seat !== null) buttons.push(button(again, go, { id: "rematch", className: "primary" }));
  else if (next) buttons.push(el("a", { href: `/play/${encodeURIComponent(next)}`, textContent: "Watch the rematch", className: "button-link", id: "watch-rematch" }));
  buttons.push(button("Analyse", analyse, { id: "analyse" }));
  buttons.push(button("Download record", exportRecord, { id: "over-record" }));
  buttons.push(el("a", { href: "/", textContent: "Lobby", className: "button-link" }));
  $("over-tools").replaceChildren(...buttons);
}

// "92 moves, 4 hints, 2 undos" (an undo game's counts; none: nothing to say).
function figures(counts) {
  if (!counts) return "";
  const n = (k, word) => `${k} ${word}${k === 1 ? "" : "s"}`;
  return `${n(counts.moves, "move")}, ${n(counts.hints, "hint")}, ${n(counts.undos, "undo")}.`;
}

// The named player's record at this game (asked once a finished position), with a link to
// their statistics page.
let recordFor = null;
async function record(msg, name) {
  const box = $("over-stats");
  const key = `${name}:${msg.ply}`;
  if (recordFor === key) return;
  recordFor = key;
  let mine = null;
  try {
    mine = (await api("GET", `/api/stats/${encodeURIComponent(name)}?latest=0`)).find((g) => g.game === msg.table.game);
  } catch { /* the record is a nicety: the panel stands without it */ }
  if (recordFor !== key) return;
  const link = el("a", { href: `/stats?player=${encodeURIComponent(name)}`, textContent: "All your statistics" });
  const game = msg.table.description.title || msg.table.game;
  box.replaceChildren(mine ? recordText(mine, game, name) : `${name}: no finished ${game} game counted yet. `, link);
  box.hidden = false;
}

// "Your Fortress record (cleo): 5 played, 3 won (60%); a winning streak of 2. "
function recordText(st, game, name) {
  const won = `${st.won} won (${Math.round(st.win_rate * 100)}%)`;
  const rest = st.kind === "streaks"
    ? (st.current_streak > 0 ? `; a winning streak of ${st.current_streak}` : st.current_streak < 0 ? `; ${-st.current_streak} lost in a row` : "")
    : `, ${st.drawn} drawn, ${st.lost} lost`;
  return `Your ${game} record (${name}): ${st.played} played, ${won}${rest}. `;
}

// The game-over panel: at the top of the side column, or above the board on a narrow screen.
const narrow = matchMedia("(max-width: 640px)");
function placeOver() {
  const panel = $("over");
  const layout = document.querySelector(".layout");
  if (narrow.matches && panel.parentElement !== layout.parentElement) layout.before(panel);
  else if (!narrow.matches && panel.parentElement === layout.parentElement) $("side").prepend(panel);
}
narrow.addEventListener("change", placeOver);

// The analysis of the finished game (static/analysis.js), under the game-over panel; a move
// chosen there shows the position after it on the board until "Back to the final position".
async function analyse() {
  let box = $("analysis");
  if (!box) {
    box = el("section", { id: "analysis", className: "analysis", attrs: { "aria-labelledby": "analysis-title" } });
    $("over").append(box);
  }
  $("analyse").disabled = true;
  try {
    const { openAnalysis } = await import("/static/analysis.js");
    await openAnalysis(box, tableId, last, (ply, view, seat, instead, label) => show(ply === null ? null : { ply, view, seat, instead, label }), say);
  } catch (e) { error(e.message); }
  $("analyse").disabled = false;
}

// The page's message with the analysed position in place of the table's own, as its mover saw it.
function shownMsg(msg) {
  if (!viewing) return msg;
  return { ...msg, seat: viewing.seat, me: msg.seat, view: viewing.view, legal: [], your_turn: false, ply: viewing.ply };
}

// Whether this browser holds every seat (people sharing one screen).
function ownScreen(msg) {
  return mySeats.length === msg.table.seats.length;
}

// The next game: a new deal of a patience game, or the next table of one screen's game, made
// here; elsewhere the server's rematch, so that the people at this table meet at one table
// (the first to ask makes it, the others are told and sit there; the reply brings our seat).
async function rematch() {
  const t = last.table;
  if (t.seats.length > 1 && !ownScreen(last)) { ctx.send({ type: "rematch" }); return; }
  try {
    const autoplay = t.description.features.assistance && !!last.autoplay;  // the next deal as this one
    const made = await api("POST", "/api/tables", { game: t.game, options: t.options, seats: rematchSeats(t, mySeats, true), autoplay });
    openTable(made);
  } catch (e) { error(e.message); }
}

async function exportRecord() {
  try {
    const rec = await api("GET", `/api/tables/${tableId}/record`);
    download(JSON.stringify(rec, null, 2), "application/json", "json");
  } catch (e) { error(e.message); }
}

// The record in the game's own text format (Cardmate's PGN-like one), where it has one.
async function exportTextRecord() {
  try {
    const text = await fetchText(`/api/tables/${encodeURIComponent(tableId)}/record/text`);
    download(text, "text/plain", last.table.text_record);
  } catch (e) { error(e.message); }
}

// Save `text` as a file through the hidden link (clicked, never shown).
function download(text, type, ext) {
  const link = $("export-link");
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = `${last.table.game}-${tableId}.${ext}`;
  link.click();
}

// -- drawing a state ---------------------------------------------------------------------
function draw(msg) {
  const ended = !!msg.outcome && !!last && !last.outcome;  // the game-over panel appears now
  last = msg;
  const names = msg.table.player_names;
  const t = msg.table;
  const game = t.description.title || t.game;
  // The deal's number links to the lobby set for the same deal (a link to share).
  const deal = t.seed ? el("a", { href: `/?game=${encodeURIComponent(t.game)}&deal=${t.seed}`, textContent: `#${t.seed}`, title: "A new table with this deal" }) : "";
  $("title").replaceChildren(game, ...(deal ? [" ", deal] : []), msg.seat !== null ? `, you are ${names[msg.seat]}` : ", watching");
  $("page-heading").textContent = `${game} table`;
  $("rules").href = `/rules/${t.game}?table=${encodeURIComponent(tableId)}`;  // as this table plays
  $("rules").textContent = `${game} rules`;
  const status = $("status");
  status.dataset.ply = msg.ply;
  status.dataset.over = msg.outcome ? "1" : "0";
  status.dataset.yourTurn = msg.your_turn ? "1" : "0";
  status.classList.toggle("mine", !!msg.your_turn);
  document.title = `${msg.your_turn ? "Your turn - " : ""}${game} - kibitz`;
  const everySeat = mySeats.length > 1 && mySeats.length === t.seats.length;
  ctx.you = everySeat ? null : msg.seat;
  const moveWords = lastWords(msg);
  if ($("last").textContent !== moveWords) {
    $("last").replaceChildren(...unbroken(moveWords));
    $("last").title = moveWords;  // the whole, where the line is cut short
  }
  announce(moveWords, drawStatus(), msg);
  // A hidden-card game's record is the server's to give once the game is over: until then
  // the buttons give way to the reason.
  const later = t.hidden && !msg.outcome;
  $("export").hidden = later;
  $("export-text").hidden = later || !t.text_record;
  $("export-later").hidden = !later;
  // The game page's standing word on this turn (Cardmate's compulsory follow), beside the bar.
  sayChanged($("board-note"), viewing ? "" : renderer?.turnNote?.(msg, ctx) || "");
  if (hintFor !== null && (hintFor !== msg.ply || msg.outcome)) hint("");
  keepFocus(() => {
    $("players").replaceChildren(...players(msg));
    $("tools").replaceChildren(...tools(msg));
    drawOffer(msg);
    drawOver(msg);
    drawInvite(msg);
    chat.draw(msg);
    drawMoves(msg);
    $("legal").replaceChildren(...msg.legal.map((m) => button(m.text, () => ctx.act(m), { dataset: { move: m.text, key: `legal:${m.id}` } })));
    $("legal-box").hidden = msg.seat === null;
    $("typed").hidden = msg.seat === null || !!msg.outcome;
    // Read-only, not disabled, while the others play: the focus stays in the box for the next move.
    $("typed-move").readOnly = !msg.your_turn;
    $("typed-move").setAttribute("aria-disabled", String(!msg.your_turn));
    $("board").classList.toggle("your-turn", !!msg.your_turn);
    renderer?.render($("board"), shownMsg(msg), ctx);
  }, boardStop);
  if (ended) overFocus();
  pinBoard();
}

// The turn bar from the latest state: whose turn (with its player's colour) or the result;
// while the connection is down, that first, and no computer said to be thinking (the page
// cannot know). Its words, less the "thinking...", which is no news.
function drawStatus() {
  const msg = last;
  const turn = msg ? statusText(msg, false) : "";
  const words = lost ? `Connection lost: reconnecting...${turn ? ` ${turn}` : ""}` : turn;
  const status = $("status");
  status.replaceChildren();
  const toAct = msg?.view.to_act;
  if (!lost && toAct !== null && toAct !== undefined && !msg.outcome) status.append(dot(msg.table.description.seats[toAct].colour));
  status.append(lost ? words : statusText(msg, true));
  status.title = status.textContent;  // the whole, where the line is cut short
  return words;
}

// The bar's words with each hyphenated one (a move's notation, "b7-a8") kept whole on its line.
function unbroken(text) {
  return text.split(/(\S+-\S+)/).map((part, i) => (i % 2 ? el("span", { className: "nowrap", textContent: part }) : part));
}

// The last move as the bar shows it; while an earlier position is shown, which one, and a
// move played meanwhile with it.
function lastWords(msg) {
  if (!viewing) return lastText(msg);
  // a game without a public move log (hidden cards) has the analysis's words for the move
  const shown = (!msg.moves && viewing.label) || shownMove(msg, viewing.ply);
  if (viewing.instead) return `Analysis: the position after the engine's ${viewing.instead} in place of ${shown}`;
  if (msg.outcome) return `Analysis: the position after ${shown}`;
  if (msg.ply === viewing.at) return `Showing the position after ${shown}`;
  return `${lastText(msg)} (you are looking at the position after ${shown})`;
}

// What the page's one polite live region (#said) was last told: the move and the turn bar.
let said = { move: null, turn: null, ply: null };

// What #said says next: each part told in this turn of the event loop (a move, the turn, the
// note that comes with it), said together as one announcement.
let telling = [];
function say(text) {
  if (!text) return;
  if (!telling.length) {
    queueMicrotask(() => {
      $("said").textContent = telling.map((t, i) => (i < telling.length - 1 ? sentence(t) : t)).join(" ");
      telling = [];
    });
  }
  telling.push(text);
}

// Show `text` in `e` (none: hidden), said where it is new.
function sayChanged(e, text) {
  if (text && text !== e.textContent) say(text);
  showText(e, text);
}

// One announcement for each change, said once: a move (with the player's turn or the game's
// end where that comes with it), else the turn bar's change alone (the connection lost or
// back, a seat taken). A redraw of the same position, or a computer's "thinking...", is silent.
function announce(move, turn, msg) {
  const moved = move !== said.move;
  const played = msg && msg.ply !== said.ply && (msg.your_turn || msg.outcome);
  const news = moved ? (played ? `${sentence(move)} ${turn}` : move) : turn !== said.turn ? turn : "";
  said = { move, turn, ply: msg ? msg.ply : said.ply };
  say(news);
}

const sentence = (text) => (/[.!?…]$/.test(text) ? text : `${text}.`);

// Where the focus goes when the control that held it is gone or disabled (Take back at the
// start, "Back to the game"): the board's own tab stop, else its first control, else the board.
function boardStop() {
  const board = $("board");
  return board.querySelector('[tabindex="0"]:not(:disabled)')
    || board.querySelector("button:not(:disabled), a[href], input:not(:disabled)") || board;
}

// The game has just ended: the focus goes to the game-over panel's heading (read out with
// the result), unless the player is writing in a text box (the chat). A question still open
// (Resign?) is answered no: it has nothing left to ask.
function overFocus() {
  const asking = document.querySelector("dialog.ask[open]");
  if (asking) {
    asking.addEventListener("close", () => $("over-title").focus(), { once: true });
    asking.close();
    return;
  }
  const a = document.activeElement;
  if (a && a.matches("input:not([type=button]), textarea") && !a.disabled) return;
  $("over-title").focus();
}

// "move 5... JC:i0": a move of the log by the move list's numbering (its ply where there is
// no log).
function shownMove(msg, ply) {
  const label = numberer(msg);
  const m = msg.moves?.[ply - 1];
  return label && m ? `move ${label(ply)} ${renderer?.moveText?.(m, msg) || m.text}` : `move ${ply}`;
}

// On a wide screen the board stays in view while the side column (the move list, the
// analysis) is scrolled, where it fits the window's height (a phone held sideways keeps it
// in view by the style sheet alone).
function pinBoard() {
  const board = $("board");
  board.classList.toggle("pinned", board.offsetHeight > 0 && board.offsetHeight <= innerHeight - 16);
}
addEventListener("resize", pinBoard);

function drawInvite(msg) {
  const open = msg.table.seats.some((s) => s.kind === "open");
  const invite = msg.invite || localStorage.getItem(`kibitz:invite:${tableId}`);
  $("invite").hidden = !(open && invite && !msg.outcome);
  if (invite) $("invite-link").value = new URL(invite, location.href).href;
}

// The position string to the clipboard; where the browser refuses, shown to copy by hand.
async function copyPosition(text) {
  try {
    await navigator.clipboard.writeText(text);
    notice("Position copied.");
  } catch {
    notice(`Position: ${text}`);
  }
}

async function copyInvite() {
  const link = $("invite-link");
  try {
    await navigator.clipboard.writeText(link.value);
  } catch {
    link.select();
    document.execCommand("copy");
  }
  $("copied").textContent = "Copied.";
  say("Invite link copied.");
  setTimeout(() => { $("copied").textContent = ""; }, 2500);
}

// -- the connection ----------------------------------------------------------------------
// One screen for two people: where this browser holds every seat of a game without hidden
// cards, the page plays as whichever seat is to act (the board turns to its side).
function follow(msg) {
  const next = msg.view.to_act;
  const everySeat = mySeats.length > 1 && mySeats.length === msg.table.seats.length;
  if (!everySeat || !msg.table.description.perfect_information || msg.outcome) return;
  if (next === null || next === undefined || next === seat || !mySeats.includes(next)) return;
  seat = next;
  token = loadToken(tableId, seat);
  history.replaceState(null, "", `#seat=${seat}`);
  switching = true;
  ws.close(1000, "another seat of this browser is to act");
}

function onMessage(ev) {
  const msg = JSON.parse(ev.data);
  if (msg.type === "state") {
    if (msg.outcome && last && !last.outcome) viewing = null;  // the game's end is shown
    const first = fresh;
    fresh = false;
    lost = false;
    if (sent && msg.ply > sent.ply) sent = null;
    if (typed && msg.ply > typed.ply) {  // played: the box is free for the next move
      if ($("typed-move").value.trim() === typed.text) $("typed-move").value = "";
      typed = null;
    }
    draw(msg);
    if (first) resume(msg);
    if (told) { notice(told); told = null; }
    follow(msg);
    checkWinnable(msg);
    if (leaving && msg.outcome) { leaving = false; rematch(); }
  } else if (msg.type === "rematch") {
    saveToken(msg.id, msg.seat, msg.token);
    location.href = `/play/${msg.id}#seat=${msg.seat}`;
  } else if (msg.type === "chat") {
    chat.add(msg.lines, msg.earlier);
  } else if (msg.type === "error") {
    if (msg.ref === "chat") { chat.refused(msg.message); return; }  // told in the chat, kept
    error(msg.message);
    if (typed) {  // the refused move stays in the box, selected, so that a typo is fixed at once
      $("typed-move").focus();
      $("typed-move").select();
      typed = null;
    }
    const was = sent;
    sent = null;
    leaving = false;
    if (was) ctx.redraw();  // a page waiting for its move shows its controls again
  } else if (msg.type === "hint") {
    ctx.hint = msg;
    const words = renderer?.hintText?.(msg, last) || msg.text || msg.message;
    const back = msg.kind === "lost" && Number.isInteger(msg.last_winnable_ply) ? msg.last_winnable_ply : null;
    hint(`Hint: ${words}`, msg.ply, ...(back === null ? [] : [" ", undoButton(back)]));
    $("hint").dataset.move = msg.text || "";
    $("hint").dataset.ply = msg.ply;
    ctx.redraw();
  } else if (msg.type === "winnable") {
    const asked = askedWinnable === msg.ply;  // the player's own question, else the check's
    if (asked) askedWinnable = null;
    const back = watch.answer(msg.ply, msg.verdict);
    if (back === undefined || !watch.on) {
      if (asked) hint(msg.answer, msg.ply);
      return;
    }
    hint("Warning: this deal can no longer be won.", msg.ply, ...(back === null ? [] : [" ", undoButton(back)]));
  }
}

// The button back to the latest position found winnable, `ply` moves in.
const undoButton = (ply) => button(ply === 0 ? "Undo to the start" : `Undo to move ${ply}`,
  () => ctx.send({ type: "undo", to: ply }), { id: "undo-to-winnable" });

// With "Warn when lost" on: ask whether the position after each move can still be won.
function checkWinnable(msg) {
  if (msg.seat === null || !msg.table.description.features.assistance || !online()) return;
  if (!watch.wants(msg.ply, !!msg.outcome)) return;
  watch.asking(msg.ply);
  send({ type: "winnable" });
}

// After reconnecting: send the move made while offline if the table is still where it was,
// else say it was not played (or that it was, if the server had it before the drop).
function resume(msg) {
  if (!pending) { notice(""); return; }
  const move = pending;
  pending = null;
  const la = msg.view.last_action;
  if (msg.ply > move.ply && la && la.seat === msg.seat && move.id !== undefined && la.id === move.id && msg.ply === move.ply + 1) {
    notice(`Your move ${move.label} was played before the connection dropped.`);
  } else if (msg.ply === move.ply && msg.your_turn && (move.id === undefined || msg.legal.some((m) => m.id === move.id))) {
    sent = move;
    send(move.message);
    notice(`Back online: your move ${move.label} was sent.`);
  } else {
    notice(`Your move ${move.label}, made while offline, was not played: the table moved on while you were away.`);
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}${q}`);
  fresh = true;
  ws.addEventListener("open", () => { $("conn").textContent = "connected"; retry = 500; });
  ws.addEventListener("message", onMessage);
  ws.addEventListener("close", (ev) => {
    if (switching) { switching = false; connect(); return; }
    if (sent && !pending) { pending = sent; notice(`Connection lost: your move ${sent.label} will be checked and sent again when it is back.`); }
    sent = null;
    if (ev.code === 4403 && token) {  // the seat is not this browser's any more (the server said why): watch
      localStorage.removeItem(`kibitz:token:${tableId}:${seat}`);
      mySeats.splice(mySeats.indexOf(seat), 1);
      seat = null;
      token = null;
      pending = null;  // a move made meanwhile is not this browser's to send now
      history.replaceState(null, "", location.pathname);
      connect();
      return;
    }
    if (ev.code === 4403 || ev.code === 4404) { $("conn").textContent = "not at this table"; return; }
    $("conn").textContent = "offline, reconnecting...";
    $("conn").classList.add("offline");
    if (!lost) {
      lost = true;
      announce(said.move, drawStatus(), null);
    }
    setTimeout(() => { $("conn").classList.remove("offline"); connect(); }, retry);
    retry = Math.min(retry * 2, 4000);
  });
}

// Where else it is this browser's turn (its other tables, asked every 15 s): a link to each,
// so a player with games against several friends goes from one to the next.
const ELSEWHERE_MS = 15000;

async function elsewhere() {
  const seats = heldSeats().filter((s) => s.table !== tableId);
  let waiting = [];
  try {
    if (seats.length) waiting = (await api("POST", "/api/my-tables", { seats })).filter((t) => t.your_turn);
  } catch { return; }  // the table's own connection says when the server is away
  const box = $("elsewhere");
  const before = box.hidden ? "" : box.textContent;
  box.hidden = !waiting.length;
  box.replaceChildren(`Your turn at ${waiting.length === 1 ? "another table" : `${waiting.length} other tables`}: `,
    ...waiting.flatMap((t, i) => [i ? ", " : "", el("a", { href: `/play/${encodeURIComponent(t.id)}#seat=${t.mine[0]}`, textContent: t.title })]));
  if (!box.hidden && box.textContent !== before) say(box.textContent);  // news, not each 15 s
}

// A seat's token in the address (`?token=`, as `kibitz join` and the API give it): kept in
// this browser as its seat, and taken out of the address (it is the seat's key).
async function takeToken() {
  const given = new URLSearchParams(location.search).get("token");
  if (!given) return;
  history.replaceState(null, "", location.pathname + location.hash);
  const view = await api("GET", `/api/tables/${encodeURIComponent(tableId)}/view?token=${encodeURIComponent(given)}`);
  if (view.seat === null) return;
  saveToken(tableId, view.seat, given);
  if (!mySeats.includes(view.seat)) mySeats.push(view.seat);
  seat = view.seat;
  token = given;
}

async function main() {
  let summary;
  try {
    summary = await api("GET", `/api/tables/${encodeURIComponent(tableId)}`);
  } catch (e) {
    $("status").textContent = `This table cannot be shown: ${e.message}`;
    return;
  }
  try {
    await takeToken();
  } catch (e) {
    error(`The seat in the address was not taken: ${e.message}`);
  }
  try {
    renderer = await import(`/static/games/${summary.game}.js`);
  } catch (e) {
    renderer = null;
    error(`This game's page could not be loaded (${e.message}); the move list still works.`);
  }
  $("messages").classList.toggle("noted", !!renderer?.turnNote);  // room kept for its standing note
  $("typed").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = $("typed-move").value.trim();
    if (!text) { error("Type a move first, in the game's notation (the legal moves are listed above)."); return; }
    if (!last.your_turn) { error("Wait for your turn to play a move."); return; }
    typed = { text, ply: last.ply };
    ctx.act(text);
  });
  $("copy-invite").addEventListener("click", copyInvite);
  $("export").addEventListener("click", exportRecord);
  $("export-text").addEventListener("click", exportTextRecord);
  $("import").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      openTable(await api("POST", "/api/tables", { record: $("record").value, seats: rematchSeats(summary, mySeats) }));
    } catch (e) { error(e.message); }
  });
  connect();
  elsewhere();
  setInterval(elsewhere, ELSEWHERE_MS);
}
main();
