// This browser's unfinished patience deal of each game (rules e.9: a deal left for a new one
// counts as lost). The table page remembers the deal where a move is made; the lobby, about to
// open a new deal of that game, concedes the remembered one if it is still being played with a
// move made, and the new table's page says so. A finished or conceded deal is only forgotten.
// The seat token proves the deal is this browser's: names are not accounts. The server itself
// concedes a named player's deals left for a new one; its answer lists them, told alike.
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

// The player's words for `deals` ([{table, deal}], deal numbers as text) counted as lost, or null.
function lostWords(deals) {
  if (!deals.length) return null;
  const numbers = deals.filter((d) => d.deal).map((d) => `#${d.deal}`);
  if (deals.length === 1) return `Your unfinished deal${numbers.length ? ` ${numbers[0]}` : ""} was counted as lost.`;
  const which = numbers.length ? ` (${numbers.join(", ")})` : "";
  return `Your ${deals.length} unfinished deals${which} were counted as lost.`;
}

// Have the page of the new table `made` (the server's answer) say which `deals` left for it
// were counted as lost, if any.
export function tellLost(made, deals) {
  const text = lostWords(deals);
  if (text) tellTable(made.id, text);
}

// Leave the player's unfinished deals of `game` for the new table `made`: the server conceded
// a named player's (`made.conceded`), this browser's own is conceded here; the page tells both.
export async function leaveDeals(game, made) {
  const own = await concedeLeftDeal(game);
  tellLost(made, own ? [...made.conceded, own] : made.conceded);
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
