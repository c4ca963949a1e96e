// Shared pieces of card-game pages: elements, card buttons and move buttons.
export function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

export function cardButton(label, cls, onclick) {
  const b = el("button", { type: "button", className: `card ${cls || ""}`, textContent: label });
  if (onclick) b.addEventListener("click", onclick);
  else b.disabled = true;
  return b;
}

// One button per structured move (from msg.legal); `label` words it, the move is sent by id.
export function actionButtons(moves, ctx, label = (m) => m.text) {
  return el("div", { className: "row actions" }, ...moves.map((m) => {
    const b = el("button", { type: "button", textContent: label(m) });
    b.dataset.move = m.text;
    b.addEventListener("click", () => ctx.act(m));
    return b;
  }));
}
