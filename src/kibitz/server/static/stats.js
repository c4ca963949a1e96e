// A player's results per game: wins, draws and losses, or streaks for the patience games.
import { api } from "/static/net.js";
import { $, el, showText } from "/static/ui.js";

const input = $("player");
input.value = localStorage.getItem("kibitz:name") || "";

async function show(ev) {
  ev?.preventDefault();
  const name = input.value.trim();
  if (!name) return;
  let rows;
  try {
    rows = await api("GET", `/api/stats/${encodeURIComponent(name)}`);
    showText($("stats-error"), "");
  } catch (e) { showText($("stats-error"), e.message); return; }
  $("stats").querySelector("tbody").replaceChildren(...(rows.length ? rows.map((r) => {
    // Streak games (patience) count streaks; the others wins, draws and losses.
    const streaks = r.kind === "streaks";
    const cells = [r.game, r.played, r.won, r.lost, streaks ? "" : r.drawn, `${(100 * r.win_rate).toFixed(0)}%`,
      ...(streaks ? [r.current_streak, r.longest_win_streak, r.longest_loss_streak] : ["", "", ""]), r.hints];
    return el("tr", {}, ...cells.map((v) => el("td", { textContent: String(v) })));
  }) : [el("tr", {}, el("td", { textContent: `No finished game for ${name} yet.`, attrs: { colspan: 10 } }))]));
}
$("who").addEventListener("submit", show);
show();
