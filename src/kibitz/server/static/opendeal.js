// This browser's unfinished patience deal of each game (rules e.9: a deal left for a new one
// counts as lost). The table page remembers the deal where a move is made; the lobby, about to
// open a new deal of that game, concedes the remembered one if it is still being played with a
// move made, and the new table's page says so. A finished or conceded deal is only forgotten.
// The seat token proves the deal is this browser's: names are not accounts, so a deal is never
// conceded for a name (anyone may give any name).
import { api, loadToken } from "/static/net.js";

const key = (game) => `kibitz:open-deal:${game}`;

// Remember `table` (where this browser plays `seat`) as its open deal of `game`.
export function rememberDeal(game, table, seat) {
  localStorage.setItem(key(game), JSON.stringify({ table, seat }));
}

// Concede this browser's remembered deal of `game` if it is still being played and a move was
// made there; the deal conceded ({table, deal}), else null. The deal is forgotten either way.
async function concedeLeftDeal(game) {
  let left = null;
  try { left = JSON.parse(localStorage.getItem(key(game))); } catch { /* not ours: none */ }
  localStorage.removeItem(key(game));
  const token = left && loadToken(left.table, left.seat);
  if (!token) return null;
  const url = `/api/tables/${encodeURIComponent(left.table)}`;
  try {
    const view = await api("GET", `${url}/view?token=${encodeURIComponent(token)}`);
    if (view.outcome || !(view.can_undo || view.can_redo)) return null;  // over, or not played
    await api("POST", `${url}/actions`, { token, type: "concede" });
    return { table: left.table, deal: view.table.seed };
  } catch {
    return null;  // gone, or over meanwhile: nothing counted
  }
}

// Leave this browser's unfinished deal of `game` for the new table `made`: conceded here if a
// move was made, and the new table's page says so.
export async function leaveDeal(game, made) {
  const left = await concedeLeftDeal(game);
  if (left) tellTable(made.id, `Your unfinished deal${left.deal ? ` #${left.deal}` : ""} was counted as lost.`);
}

// Words for the page of `table` to show once it opens (in this tab).
function tellTable(table, text) {
  sessionStorage.setItem(`kibitz:told:${table}`, text);
}

// The words left for the page of `table`, taken (shown once), or null.
export function toldTable(table) {
  const text = sessionStorage.getItem(`kibitz:told:${table}`);
  sessionStorage.removeItem(`kibitz:told:${table}`);
  return text;
}
