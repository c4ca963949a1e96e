// Move numbers as the table's move list shows them, so that the list, the analysis and the
// bar say the same "move 5": one number per round of the seats (a row of the list), "5." for
// the first seat's move opening the round and "5..." for any other, as chess sites write them
// (a game started with the second seat to move begins "1..."); in a game of
// one seat every move is a number of its own.

// Each move's round (0-based) and whether it is the first seat's move opening its round, from
// the move log's seats: a round ends when a seat before the last one moves (a seat's moves in
// a row share a round).
export function rounds(moves, seats) {
  const out = [];
  let round = -1, lastSeat = Infinity;
  for (const m of moves) {
    const s = m.seat ?? 0;
    const opens = seats === 1 || s < lastSeat;
    if (opens) round += 1;
    out.push({ round, first: seats === 1 || (opens && s === 0) });
    lastSeat = s;
  }
  return out;
}

// A function from a ply (1-based: the position after that many moves) to its number, "5." or
// "5..."; null where the page has no move log (a hidden-card game in play).
export function numberer(msg) {
  if (!msg.moves) return null;
  const r = rounds(msg.moves, msg.table.player_names.length);
  return (ply) => {
    const at = r[ply - 1];
    if (!at) return `${ply}.`;
    return `${at.round + 1}${at.first ? "." : "..."}`;
  };
}
