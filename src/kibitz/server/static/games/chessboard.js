// Chessboard: the Fortress page (wrap-around and the free base come with the description).
export * from "/static/games/fortress.js";
