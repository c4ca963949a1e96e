// A player's results per game (wins, draws and losses, or streaks for the patience games)
// and, per game, their latest finished games, newest first, linked to the deal and the table.
import { api } from "/static/net.js";
import { $, el, showText } from "/static/ui.js";

const input = $("player");
input.value = new URLSearchParams(location.search).get("player") || localStorage.getItem("kibitz:name") || "";
let titles = null; // game name -> the title players read ("Fortress"), fetched once
let asked = 0; // the latest request: an older answer arriving late is dropped

async function gameTitles() {
  titles ??= Object.fromEntries((await api("GET", "/api/games")).map((g) => [g.name, g.description.title || g.name]));
  return titles;
}

const cell = (text, className = "") => el("td", { textContent: String(text), className });
const RESULT = { 1: "won", 0: "drawn", "-1": "lost" };

// When a game ended, short, in the reader's own words and time zone.
const when = (iso) => new Date(iso).toLocaleString([], { dateStyle: "short", timeStyle: "short" });

// One listed game: for patience its deal (a link to the lobby set to it) and hints. Its
// date (or "view", for a game from before dates were kept) opens its table, unless that is
// private: a private table's link is its players' to share.
function gameRow(r, e, title) {
  const streaks = r.kind === "streaks";
  const deal = e.deal === null ? cell("none", "muted")
    : el("td", {}, el("a", { href: `/?game=${encodeURIComponent(r.game)}&deal=${e.deal}`, textContent: `#${e.deal}` }));
  const date = e.finished ? el("time", { dateTime: e.finished, textContent: when(e.finished) }) : "unknown";
  const name = `${e.finished ? when(e.finished) : "view"}: the ${title} game${streaks && e.deal !== null ? ` #${e.deal}` : ""}`;
  const ended = el("td", { className: "when" }, e.table === null ? date
    : el("a", { href: `/play/${encodeURIComponent(e.table)}`, attrs: { "aria-label": name } }, e.finished ? date : "view"));
  const result = cell(RESULT[e.score], e.score > 0 ? "won" : "");
  return el("tr", {}, ...(streaks
    ? [deal, result, cell(e.moves, "num"), cell(e.hints, "num"), ended] : [result, cell(e.moves, "num"), ended]));
}

// A game's section: its latest games, newest first, and how many older ones are not listed.
function gameSection(r, title, name) {
  // Where others play too, the moves counted are the player's own, not the table's.
  const heads = r.kind === "streaks" ? ["deal", "result", "moves", "hints", "ended"] : ["result", "own moves", "ended"];
  const table = el("table", { className: "stats-games" },
    el("caption", { textContent: `${title} games of ${name}, newest first` }),
    el("thead", {}, el("tr", {}, ...heads.map((h) => el("th", { textContent: h, attrs: { scope: "col" } })))),
    el("tbody", {}, ...r.entries.map((e) => gameRow(r, e, title))));
  const older = r.older ? el("p", { className: "small", textContent:
    `${r.older} older ${r.older === 1 ? "game is" : "games are"} counted above but not listed.` }) : null;
  return el("section", { id: `games-${r.game}`, attrs: { "aria-labelledby": `games-${r.game}-title` } },
    el("h2", { id: `games-${r.game}-title`, textContent: title }),
    el("div", { className: "sheet-wrap", attrs: { role: "region", tabindex: "0", "aria-labelledby": `games-${r.game}-title` } }, table), older);
}

function summaryRow(r, title) {
  // Streak games (patience) count streaks; the others wins, draws and losses.
  const streaks = r.kind === "streaks";
  const cells = [r.played, r.won, r.lost, streaks ? "" : r.drawn, `${(100 * r.win_rate).toFixed(0)}%`,
    ...(streaks ? [r.current_streak, r.longest_win_streak, r.longest_loss_streak, r.hints] : ["", "", "", ""])];
  return el("tr", {}, el("th", { attrs: { scope: "row" } }, el("a", { href: `#games-${r.game}`, textContent: title })),
    ...cells.map((v) => cell(v, "num")));
}

async function show(ev) {
  ev?.preventDefault();
  const name = input.value.trim();
  if (!name) return;
  history.replaceState(null, "", `?player=${encodeURIComponent(name)}`);
  const mine = ++asked;
  let rows, names;
  try {
    [rows, names] = await Promise.all([api("GET", `/api/stats/${encodeURIComponent(name)}`), gameTitles()]);
    if (mine !== asked) return;
    showText($("stats-error"), "");
  } catch (e) { if (mine === asked) showText($("stats-error"), e.message); return; }
  $("stats").querySelector("tbody").replaceChildren(...(rows.length ? rows.map((r) => summaryRow(r, names[r.game] || r.game))
    : [el("tr", {}, el("td", { textContent: `No finished game for ${name} yet.`, attrs: { colspan: 10 } }))]));
  $("games-help").hidden = !rows.length;
  $("games").replaceChildren(...rows.map((r) => gameSection(r, names[r.game] || r.game, name)));
}
$("who").addEventListener("submit", show);
show();
