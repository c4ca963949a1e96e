// Fortress / Chessboard: the foundations (each showing its top card) and the two wings of
// piles as overlapping cards. Click a pile's top card, then its destination (a pile or the
// foundations), or drag it there (pointer events: mouse, pen and touch alike); the keyboard
// reaches every pile and the foundations. Everything comes from the message: the
// description (piles, suits, faces, rules), the view (piles, foundation tops, base, last
// move) and the structured legal moves (`from`/`to`: a pile 0-9 or "F"; `card`).
import { cardFigure, placeholder, playingCard } from "/static/games/cards.js";
import { el } from "/static/ui.js";

export const scoreLabel = "Cards home";
let source = null;
let drag = null;
let dragged = false;

const key = (where) => String(where);

function face(name, d) {
  const suit = d.cards.suits[name[1]];
  return { rank: name[0] === "T" ? "10" : name[0], symbol: suit.symbol, red: suit.red };
}

function cardWords(name, d) {
  if (!name) return "";
  const f = face(name, d);
  return `${f.rank}${f.symbol}`;
}

// A move as the page compares it: `from`/`to` as data-pile keys.
function asKeys(m) { return m && m.from !== undefined && m.from !== null ? { ...m, from: key(m.from), to: key(m.to) } : null; }

// The hinted move: the hint's action id looked up among the legal moves (or its own fields).
function hinted(msg, ctx) {
  const h = ctx.hint;
  if (!h || h.ply !== msg.ply || h.action === null || h.action === undefined) return null;
  return asKeys(msg.legal.find((m) => m.id === h.action) || h.move || h);
}

export function lastText(msg) {
  const la = msg.view.last_action;
  if (!la) return "No move yet.";
  const d = msg.table.description;
  const where = (x) => (x === "F" ? "the foundations" : `pile ${x}`);
  return `Last move: ${la.text} (${cardWords(la.card, d)} from ${where(la.from)} to ${where(la.to)})`;
}

export function render(root, msg, ctx) {
  const v = msg.view;
  const d = msg.table.description;
  const moves = msg.legal.map(asKeys).filter(Boolean);
  const fits = (m) => source && m.from === source.from && (source.from !== "F" || m.card === source.card);
  if (source !== null && (source.ply !== msg.ply || !moves.some(fits))) source = null;
  const hint = hinted(msg, ctx);
  const last = asKeys(v.last_action);
  const play = (move) => { source = null; ctx.act(move); };
  const toward = (where) => {
    if (dragged) { dragged = false; return true; }
    const move = source !== null && moves.find((m) => fits(m) && m.to === where);
    if (move) play(move);
    return !!move;
  };
  const mark = (node, k) => {
    if (hint && (hint.from === k || hint.to === k)) node.classList.add("hint");
    if (last && last.from === k) node.classList.add("last-from");
    if (last && last.to === k) node.classList.add("last-to");
    if (source && moves.some((m) => fits(m) && m.to === k)) node.classList.add("target");
  };

  const pile = (i) => {
    const cards = v.piles[i];
    const k = key(i);
    const top = cards[cards.length - 1];
    const head = el("button", { type: "button", className: `pilehead ${top ? "" : "empty"}` },
      top ? playingCard(face(top, d)) : el("span", { textContent: "empty" }));
    head.dataset.pile = k;
    head.dataset.key = `pile:${k}`;
    const canMove = moves.some((m) => m.from === k);
    if (source?.from === k) head.classList.add("sel");
    if (canMove) head.classList.add("movable");
    head.setAttribute("aria-label", `pile ${i}: ${cards.length ? cards.map((c) => cardWords(c, d)).join(" ") + `, top ${cardWords(top, d)}` : "empty"}` +
      `${source?.from === k ? ", selected" : ""}${source && moves.some((m) => fits(m) && m.to === k) ? ", a legal destination" : ""}`);
    head.addEventListener("click", () => {
      if (toward(k)) return;
      source = canMove && source?.from !== k ? { from: k, ply: msg.ply } : null;
      ctx.redraw();
    });
    draggable(head, k, moves, ctx);
    const under = cards.slice(0, -1).map((c) => cardFigure(playingCard(face(c, d)), cardWords(c, d), "under"));
    const row = el("div", { className: "pile", dataset: { pileRow: k } },
      el("span", { className: "pile-no", textContent: String(i), attrs: { "aria-hidden": "true" } }),
      el("div", { className: "pile-cards" }, ...under, head));
    mark(row, k);
    return row;
  };

  const found = el("div", { className: "foundations", id: "foundations", attrs: { role: "group", "aria-label": "foundations" } });
  found.dataset.pile = "F";
  const target = el("button", { type: "button", className: "found-target", id: "found-target", textContent: "Foundations" });
  target.dataset.key = "found";
  target.setAttribute("aria-label", `foundations${source && moves.some((m) => fits(m) && m.to === "F") ? ", a legal destination" : ""}`);
  found.append(target);
  // A click anywhere on the foundations sends the selected card home; a click on a suit's
  // card takes it back where the game allows (a Fortress option).
  found.addEventListener("click", (ev) => {
    if (toward("F")) return;
    const card = ev.target.closest("[data-suit]")?.dataset.takeback;
    source = card ? { from: "F", card, ply: msg.ply } : null;
    ctx.redraw();
  });
  for (const s of d.foundations) {
    const top = v.foundation_tops[s];
    const suit = d.cards.suits[s];
    const takeback = top && moves.some((m) => m.from === "F" && m.card === top);
    const slot = el("button", { type: "button", className: `found-slot ${top ? "" : "empty"} ${source?.from === "F" && source.card === top ? "sel" : ""}` },
      top ? playingCard(face(top, d)) : placeholder(suit.symbol));
    slot.dataset.suit = s;
    slot.dataset.key = `found:${s}`;
    slot.setAttribute("aria-label", top ? `${suit.symbol} foundation: ${v.foundations[s]} cards, top ${cardWords(top, d)}` : `${suit.symbol} foundation: empty`);
    slot.dataset.takeback = takeback ? top : "";
    found.append(slot);
  }
  mark(found, "F");
  const total = d.cards.ranks.length * d.foundations.length;
  const base = v.base ? `base ${v.base.replace("T", "10")}` : "the first card home sets the base";
  const half = Math.ceil(d.piles / 2);
  const wing = (label, from, to) => el("div", { className: "wing", attrs: { role: "group", "aria-label": label } },
    ...Array.from({ length: to - from }, (_, k) => pile(from + k)));
  root.replaceChildren(
    el("p", { className: "info", id: "fortress-info", textContent: `${v.scores[0]} of ${total} cards home; ${base}.` }),
    found,
    el("div", { className: "wings" }, wing("left wing", 0, half), wing("right wing", half, d.piles)),
    el("p", { className: "info small", id: "fortress-rules", textContent: d.rules.text }),
  );
}

// Drag a pile's top card: a ghost follows the pointer; dropping it on a pile or the
// foundations plays the move there if it is legal (a short press stays a click).
function draggable(b, k, moves, ctx) {
  b.addEventListener("pointerdown", (ev) => {
    if (!moves.some((m) => m.from === k)) return;
    drag = { from: k, x: ev.clientX, y: ev.clientY, ghost: null };
    b.setPointerCapture(ev.pointerId);
  });
  b.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    if (!drag.ghost && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 6) return;
    if (!drag.ghost) {
      drag.ghost = el("div", { className: "ghost" }, b.firstChild.cloneNode(true));
      document.body.append(drag.ghost);
    }
    drag.ghost.style.left = `${ev.clientX + 4}px`;
    drag.ghost.style.top = `${ev.clientY + 4}px`;
  });
  const end = (ev) => {
    const dr = drag;
    drag = null;
    if (!dr || !dr.ghost) return;
    dr.ghost.remove();
    dragged = true;
    setTimeout(() => { dragged = false; }, 0);
    const target = document.elementFromPoint(ev.clientX, ev.clientY)?.closest("[data-pile]");
    const move = target && moves.find((m) => m.from === dr.from && m.to === target.dataset.pile);
    source = null;
    if (move) ctx.act(move);
    else ctx.redraw();
  };
  b.addEventListener("pointerup", end);
  b.addEventListener("pointercancel", () => { if (drag?.ghost) drag.ghost.remove(); drag = null; });
}
