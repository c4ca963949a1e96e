// Shared pieces of square-board pages: a grid of square buttons, selection and targets.
export const SVG = "http://www.w3.org/2000/svg";

export function svg(tag, attrs, parent) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (parent) parent.append(el);
  return el;
}

// Moves of the legal list grouped by from-square, given a parser text -> {from, to}.
export function movesByFrom(legal, parse) {
  const out = new Map();
  for (const l of legal) {
    const m = parse(l.text);
    if (!m) continue;
    if (!out.has(m.from)) out.set(m.from, []);
    out.get(m.from).push({ ...m, text: l.text });
  }
  return out;
}

// A grid of square buttons; files/ranks in display order; cell(name, button) fills each.
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
    cell(`${f}${r}`, b);
    buttons.push(b);
  }
  g.replaceChildren(...buttons);
  if (focused) g.querySelector(`[data-square="${focused}"]`)?.focus();
  return g;
}
