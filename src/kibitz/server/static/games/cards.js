// Shared pieces of card-game pages: card buttons and action buttons.
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

export function actionButtons(texts, ctx) {
  return el("div", { className: "row actions" }, ...texts.map((t) => {
    const b = el("button", { type: "button", textContent: t });
    b.dataset.move = t;
    b.addEventListener("click", () => ctx.act(t));
    return b;
  }));
}
