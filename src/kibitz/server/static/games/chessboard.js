// Chessboard: the Fortress page (the wrap-around and the base come with the description).
export * from "/static/games/fortress.js";
