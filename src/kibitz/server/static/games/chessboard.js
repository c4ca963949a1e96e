// Chessboard: the Fortress page (wrap-around and the free base are in the rules).
export * from "/static/games/fortress.js";
