// "Warn when lost", for games with a solver: an opt-in check after every move whether the
// position can still be won (the patience rules' "may check after every move and warn when
// the position becomes lost"). The answers are kept by move number so that the warning can
// offer the undo to the latest position found winnable; the setting is kept in this browser.
const KEY = "kibitz:warn-lost";

export class LossWatch {
  constructor() {
    this.on = localStorage.getItem(KEY) === "1";
    this.verdicts = new Map();  // move number -> "win" | "loss" | "unknown"
    this.asked = null;
  }

  toggle() {
    this.on = !this.on;
    localStorage.setItem(KEY, this.on ? "1" : "0");
    this.asked = null;
  }

  // Whether to ask about the position after move `ply` now: once a position, while the game
  // is played. Answers for moves taken back are dropped first (those positions are gone).
  wants(ply, over) {
    for (const p of [...this.verdicts.keys()]) if (p > ply) this.verdicts.delete(p);
    if (this.asked !== null && this.asked > ply) this.asked = null;
    return this.on && !over && !this.verdicts.has(ply) && this.asked !== ply;
  }

  asking(ply) { this.asked = ply; }

  // Keep an answer (the check's or the player's own question); for a lost position, the latest
  // earlier move number found winnable (null if none was), else undefined: no warning.
  answer(ply, verdict) {
    this.verdicts.set(ply, verdict);
    if (verdict !== "loss") return undefined;
    const won = [...this.verdicts].filter(([p, v]) => v === "win" && p < ply).map(([p]) => p);
    return won.length ? Math.max(...won) : null;
  }
}
