// Shared pieces of square-board pages: SVG, orientation, moves by square, the square grid.
export const SVG = "http://www.w3.org/2000/svg";

export function svg(tag, attrs, parent) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (parent) parent.append(el);
  return el;
}

// The structured legal moves grouped by their from-square.
export function movesByFrom(legal) {
  const out = new Map();
  for (const m of legal) {
    if (!out.has(m.from)) out.set(m.from, []);
    out.get(m.from).push(m);
  }
  return out;
}

// Files left to right and ranks top to bottom of the description's board as drawn:
// the highest rank on top, or turned round when flipped.
export function orientation(board, flipped) {
  const files = flipped ? [...board.files].reverse() : [...board.files];
  const ranks = flipped ? [...board.ranks] : [...board.ranks].reverse();
  return { files, ranks };
}

// The from- and to-squares of the view's last action (empty before the first move).
export function lastSquares(view) {
  const last = view.last_action;
  return new Set(last && last.from ? [last.from, last.to] : []);
}

// A grid of square buttons; files/ranks in display order; cell(name, button, file, rank)
// fills each.
export function grid(el, files, ranks, cell) {
  let g = el.querySelector(".grid");
  if (!g) {
    g = document.createElement("div");
    g.className = "grid";
    el.replaceChildren(g);
  }
  const focused = document.activeElement?.dataset?.square;
  g.style.gridTemplateColumns = `repeat(${files.length}, 1fr)`;
  const buttons = [];
  for (const r of ranks) for (const f of files) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "sq";
    b.dataset.square = `${f}${r}`;
    cell(`${f}${r}`, b, f, r);
    buttons.push(b);
  }
  g.replaceChildren(...buttons);
  if (focused) g.querySelector(`[data-square="${focused}"]`)?.focus();
  return g;
}
