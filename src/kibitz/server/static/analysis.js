// The analysis of a finished game on its table page: asked for with the game-over panel's
// "Analyse" button, computed by the server and shown move by move as each is judged
// (GET /api/tables/{id}/analysis/stream, offered only once the game is over, so it reveals no
// card during play). It shows an evaluation graph (the
// first side's expected score after every move: a win probability, a search score's expected
// score, or whether a patience deal is still winnable), each side's count of marks, and the
// move list with ?! ? ?? and the engine's better move. Choosing a move (in the list or on the
// graph) shows the position after it on the board as its mover saw it (the game is over: every
// card is in the record already), through `show(ply, view, seat)`. A game with a text record
// of its own (Cardmate's) can be downloaded with the analysis in it once every move is judged.
// A screen reader hears it through the page's one live region (`say`), sparingly: the start,
// the end ("All 40 moves judged."), not each move judged; a chosen move's figures with the
// position the page says it shows.
import { api, fetchText, streamLines } from "/static/net.js";
import { numberer } from "/static/movenumbers.js";
import { button, el, svg, svgText } from "/static/ui.js";

const SYMBOLS = { blunder: "??", mistake: "?", inaccuracy: "?!" };
const NAMES = { blunder: "blunders", mistake: "mistakes", inaccuracy: "inaccuracies" };
const W = 320, H = 140, PAD = 30;
const STEP_MS = 150;  // a key stepping through the moves shows its position once it rests this long

// What the graph's height means, by the kind of analysis.
function measure(data) {
  const side = data.sides[0];
  if (data.kind === "solver") return "Winnable after each move (top: winnable, bottom: lost)";
  if (data.kind === "probability") return `${side}'s chance to win, each move judged from the mover's own cards${perSeat(data) ? ", one line for each player" : ""}`;
  return `${side}'s expected score from the engine's evaluation`;
}

// The first side's expected score after a note's move (null when unknown).
function firstSide(note) {
  if (note.expected === null || note.expected === undefined) return null;
  return note.side === 0 ? note.expected : 1 - note.expected;
}

const percent = (x) => `${Math.round(x * 100)}%`;

// What the marks and each move's figures say: unlike the graph's, the figures are the mover's.
function key(data) {
  const marks = "Marks: ?! inaccuracy, ? mistake, ?? blunder.";
  if (data.kind === "solver") return `${marks} Each move: whether the deal is winnable after it.`;
  const what = data.kind === "probability" ? "chance to win" : "expected score";
  return `${marks} Each move's figures are its mover's ${what} after it and, where the engine's move is better, after that move.`;
}

function judgement(data, note, best) {
  const x = best ? note.best_expected : note.expected;
  if (data.kind === "solver") return x === 1 ? "winnable" : x === 0 ? "lost" : "unknown";
  return x === null || x === undefined ? "unknown" : percent(x);
}

// A move's figures as the list gives them: its mover's after it and, where the engine's move
// is better, after that move.
function figures(data, note) {
  return judgement(data, note, false) + (note.best ? `, best ${note.best} (${judgement(data, note, true)})` : "");
}

// The chosen move's figures in words, beside the graph (a phone shows no point's title);
// `engine`: those of the engine's better move, whose position is shown instead.
function valueText(data, note, names, engine = false) {
  const best = note.best && !engine ? `; the engine's ${note.best}: ${judgement(data, note, true)}` : "";
  if (data.kind === "solver") return `the deal is ${judgement(data, note, engine)} after it${best}`;
  const what = data.kind === "probability" ? "chance to win" : "expected score";
  return `${names.length > 1 ? `${names[note.seat]}'s` : "the"} ${what} ${judgement(data, note, engine)}${best}`;
}

// Whether the graph draws one line per player: where each move is judged from its mover's own
// cards, the players' judgements differ by what each sees (a declarer knows the nest, its
// partner does not), and one line through all of them would zigzag from one view to another.
const perSeat = (data) => data.kind === "probability" && data.sides.length > 1;

// The lines of a graph of each player's own judgements: one a seat that has moved, by side
// and seat, drawn in its side's style, a side's second seat dotted.
function seatLines(data) {
  const lines = [];
  for (const note of data.moves) if (!lines.some((l) => l.seat === note.seat)) lines.push({ seat: note.seat, side: note.side });
  lines.sort((a, b) => a.side - b.side || a.seat - b.seat);
  for (const line of lines) line.partner = lines.some((l) => l.side === line.side && l.seat < line.seat);
  return lines;
}

const lineClass = (line) => `eval-line side-${line.side}${line.partner ? " partner" : ""}`;

// About five moves numbered along the bottom at round numbers ("1", "50", "100", ...), as the
// move list numbers them ("12" for 12. and 12...): the index of the first move of each number.
function tickMoves(notes, n, label) {
  const numbers = notes.map((note, i) => Number.parseInt(label(note, i), 10));
  if (!notes.length || numbers.some(Number.isNaN)) return [];
  const k = notes.length - 1;
  const last = numbers[0] + ((numbers[k] - numbers[0] + 1) * n) / notes.length - 1;  // estimated
  const rough = Math.max(1, (last - numbers[0]) / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((f) => f * power).reduce((a, b) => (Math.abs(Math.log(b / rough)) < Math.abs(Math.log(a / rough)) ? b : a));
  const wanted = [numbers[0]];
  for (let m = Math.ceil((numbers[0] + step / 2) / step) * step; m <= last; m += step) wanted.push(m);
  return wanted.map((m) => numbers.indexOf(m)).filter((i) => i >= 0);
}

// The evaluation graph: one point per analysed move, marked moves coloured; its width is the
// whole game's, so that it fills from the left while the analysis runs. A click or tap
// anywhere on it chooses the move nearest along it (on a phone the points are pixels apart).
function graph(data, select, label) {
  const notes = data.moves;
  const n = Math.max(data.total, notes.length, 1);
  const x = (i) => PAD + ((i + 1) * (W - PAD - 6)) / n;  // x(-1): the start
  const y = (v) => 6 + (1 - v) * (H - 12 - 14);
  const lines = perSeat(data) ? seatLines(data) : [{ seat: null, side: 0, partner: false }];
  const drawn = perSeat(data) ? `${lines.length} lines, each player's own judgement, over ${notes.length}` : `a line over ${notes.length}`;
  const box = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "eval-graph", role: "img",
    "aria-label": `${measure(data)}: ${drawn} of ${data.total} moves; the move list below gives each value.` });
  for (const v of [0, 0.5, 1]) {
    svg("line", { x1: PAD, x2: W - 4, y1: y(v), y2: y(v), class: v === 0.5 ? "graph-rule mid" : "graph-rule", "stroke-dasharray": v === 0.5 ? "4 3" : null }, box);
    svgText(box, PAD / 2, y(v), data.kind === "solver" ? ["lost", "", "won"][v * 2] : percent(v), { "font-size": 9, class: "graph-text" });
  }
  svgText(box, PAD / 2, H - 6, "move", { "font-size": 9, class: "graph-text" });
  for (const i of tickMoves(notes, n, label)) {
    svgText(box, x(i), H - 6, label(notes[i], i).replace(/\.+$/, ""), { "font-size": 9, class: "graph-text eval-tick" });
  }
  if (!notes.length) return box;
  // A line from the start (on the first mover's line), broken where a value is unknown.
  const start = firstSide({ expected: notes[0].best_expected, side: notes[0].side });
  for (const line of lines) {
    let d = "", open = false;
    if (start !== null && (line.seat === null || line.seat === notes[0].seat)) {
      d = `M${x(-1).toFixed(1)},${y(start).toFixed(1)} `;
      open = true;
    }
    notes.forEach((note, i) => {
      if (line.seat !== null && note.seat !== line.seat) return;
      const v = firstSide(note);
      if (v !== null) d += `${open ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)} `;
      open = v !== null;
    });
    if (d) svg("path", { d: d.trim(), fill: "none", class: lineClass(line), "stroke-width": 2 }, box);
  }
  notes.forEach((note, i) => {
    const v = firstSide(note);
    if (v === null) return;
    const dot = svg("circle", { cx: x(i), cy: y(v), r: note.mark ? 4.5 : 2.5,
      class: `eval-point side-${perSeat(data) ? note.side : 0} ${note.mark || ""}`.trim(), "data-ply": note.ply }, box);
    svg("title", {}, dot).textContent = `${label(note, i)} ${note.move}${SYMBOLS[note.mark] || ""}: ${judgement(data, note, false)}`;
  });
  const shown = notes.flatMap((note, i) => (firstSide(note) === null ? [] : [i]));
  if (shown.length) {
    box.addEventListener("click", (ev) => {
      const r = box.getBoundingClientRect();
      const at = ((ev.clientX - r.left) * W) / r.width;
      select(shown.reduce((a, b) => (Math.abs(x(b) - at) < Math.abs(x(a) - at) ? b : a)));
    });
  }
  return box;
}

// The key to a graph of one line per player: each seat's line as drawn, and its name.
function legend(data, names) {
  return seatLines(data).map((line) => {
    const sample = svg("svg", { viewBox: "0 0 24 8", class: "eval-graph-key", "aria-hidden": "true" });
    svg("line", { x1: 1, x2: 23, y1: 4, y2: 4, class: lineClass(line), "stroke-width": 2 }, sample);
    return el("li", {}, sample, ` ${names[line.seat]}'s view`);
  });
}

// Each side's count of marks, in a sentence.
function summary(data) {
  return data.sides.map((name, s) => {
    const mine = data.moves.filter((n) => n.side === s);
    const parts = Object.keys(SYMBOLS).map((m) => {
      const count = mine.filter((n) => n.mark === m).length;
      return `${count} ${count === 1 ? m : NAMES[m]}`;
    });
    const loss = data.kind === "solver" || !mine.length ? ""
      : `; average loss ${(100 * mine.reduce((sum, n) => sum + n.loss, 0) / mine.length).toFixed(1)}%`;
    return el("li", { textContent: `${name}: ${parts.join(", ")}${loss}` });
  });
}

// A move of the list: its mark, its evaluation and the better move.
function moveItem(data, names, note, i, select, number) {
  const mark = SYMBOLS[note.mark] || "";
  const label = `${number(note, i)} ${number.bySeat || names.length < 2 ? "" : names[note.seat] + " "}${note.move}${mark}`;
  const detail = figures(data, note);
  const b = button("", () => select(i), { className: `analysed ${note.mark || ""}`.trim(),
    dataset: { ply: note.ply, key: `analysis:${note.ply}` },
    attrs: { "aria-label": `${label}${note.mark ? ` (${note.mark})` : ""}: ${detail}` } });
  b.append(el("strong", { textContent: label }), el("span", { textContent: ` ${detail}` }));
  b.tabIndex = i === 0 ? 0 : -1;  // the list is one tab stop (the chosen move, else the first)
  return el("li", {}, b);
}

// Fill `box` with the analysis of table `tableId`, each move shown as soon as the server has
// judged it; `msg` is the page's last state message and `show(ply, view, seat, instead, label)`
// puts a seat's view on the board (`instead`: the engine's move played in place of the ply's,
// whose position the view is; `label`: the move as the analysis names it, "move 6. White C";
// `show(null)`: the final position); `say(text)` tells a screen reader.
export async function openAnalysis(box, tableId, msg, show, say = () => {}) {
  const status = el("p", { className: "muted", id: "analysis-status", textContent: "Analysing the game..." });
  box.replaceChildren(el("h3", { id: "analysis-title", textContent: "Analysis" }), status);
  box.hidden = false;
  say(status.textContent);
  const names = msg.table.player_names;
  // Moves numbered as the move list numbers them ("5." and "5..." in a game of two sides,
  // which then needs no mover's name); a game without a public move log counts its moves.
  const listed = numberer(msg);
  const number = listed ? (note) => listed(note.ply) : (note, i) => `${i + 1}.`;
  number.bySeat = !!listed && names.length === 2;
  const where = el("p", { className: "muted", id: "analysis-where",
    textContent: "Choose a move to see the position after it." });
  const back = button("Back to the final position", () => select(null), { id: "analysis-back", hidden: true });
  // Where the engine names a better move, its position in place of the move played, and back.
  let engineShown = false;
  const instead = button("", () => select(chosen, !engineShown), { id: "analysis-instead", hidden: true });
  const list = el("ol", { className: "plain analysis-moves", attrs: { "aria-label": "analysed moves" } });
  const summaryList = el("ul", { className: "plain analysis-summary" });
  const lineKey = el("ul", { className: "plain graph-legend", attrs: { "aria-label": "the graph's lines" } });
  let data = null, chosen = null, drawn = null, pending = false, finished = false, judged = false;
  // Up and Down (or Left and Right) step through the moves, Home and End go to the first and
  // last, as chess sites step through a game: the focus at once, the position once the key
  // rests (a held key asks the server for the last position only); B shows the engine's
  // better move in place of the focused one, and back, as the terminal's analysis does.
  let stepping = null;
  list.addEventListener("keydown", (ev) => {
    const items = [...list.querySelectorAll("button.analysed")];
    const i = items.indexOf(document.activeElement);
    if (i >= 0 && ev.key.toLowerCase() === "b" && !ev.altKey && !ev.ctrlKey && !ev.metaKey) {
      if (data.moves[i].best) select(i, !(engineShown && chosen === i));
      return;
    }
    const to = { ArrowUp: i - 1, ArrowLeft: i - 1, ArrowDown: i + 1, ArrowRight: i + 1, Home: 0, End: items.length - 1 }[ev.key];
    if (i < 0 || to === undefined || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    ev.preventDefault();
    const j = Math.max(0, Math.min(items.length - 1, to));
    items[j].focus();
    clearTimeout(stepping);
    stepping = setTimeout(() => select(j), STEP_MS);
  });
  const tell = (text) => { status.textContent = text; say(text); };

  async function select(i, engine = false) {
    chosen = i;
    engineShown = engine;
    const ply = i === null ? null : data.moves[i].ply;
    for (const item of list.querySelectorAll("button.analysed")) {
      item.setAttribute("aria-pressed", String(Number(item.dataset.ply) === ply));
      item.tabIndex = Number(item.dataset.ply) === (ply ?? data.moves[0].ply) ? 0 : -1;
    }
    for (const dot of box.querySelectorAll(".eval-point")) dot.classList.toggle("chosen", Number(dot.dataset.ply) === ply);
    back.hidden = i === null;
    instead.hidden = i === null || !data.moves[i].best;
    if (i === null) { where.textContent = "Showing the final position."; say(where.textContent); show(null); return; }
    const note = data.moves[i];
    instead.textContent = engine ? `Show the move played (${note.move})` : `Show the engine's move (${note.best})`;
    const played = `move ${number(note, i)} ${note.move}${names.length > 1 ? ` (${names[note.seat]})` : ""}`;
    const after = engine ? `the position after the engine's ${note.best} in place of ${played}` : `the position after ${played}`;
    const also = engine ? `&instead=${encodeURIComponent(note.best)}` : "";
    where.textContent = `Fetching ${after}...`;
    try {
      const pos = await api("GET", `/api/tables/${encodeURIComponent(tableId)}/position/${note.ply}?seat=${note.seat}${also}`);
      if (chosen !== i || engineShown !== engine) return;
      show(note.ply, pos.view, note.seat, engine ? note.best : null, played);  // the page says which position it shows: its figures follow
      const value = valueText(data, note, names, engine);
      where.textContent = `Showing ${after}${names.length > 1 && !listed ? `, as ${names[note.seat]} saw it` : ""}: ${value}.`;
      say(`${value[0].toUpperCase()}${value.slice(1)}.`);
    } catch (e) {
      if (chosen !== i || engineShown !== engine) return;
      where.textContent = `Move ${number(note, i)} is highlighted; its position cannot be shown (${e.message}).`;
      say(where.textContent);
    }
  }

  // The graph and the marks counted, redrawn at most once a frame while moves arrive.
  function redraw() {
    pending = false;
    const fresh = graph(data, select, number);
    drawn.replaceWith(fresh);
    drawn = fresh;
    if (chosen !== null) for (const dot of fresh.querySelectorAll(".eval-point")) dot.classList.toggle("chosen", Number(dot.dataset.ply) === data.moves[chosen].ply);
    summaryList.replaceChildren(...summary(data));
    if (perSeat(data)) lineKey.replaceChildren(...legend(data, names));
    const left = data.total - data.moves.length;
    if (left > 0) status.textContent = `Analysing: ${data.moves.length} of ${data.total} moves judged...`;
    else if (!judged) {  // said once, at the end; the count on the way is shown, not said
      judged = true;
      tell(data.total === 1 ? "The game's one move judged." : `All ${data.total} moves judged.`);
    }
  }

  // The game's own text record with the analysis in it (Cardmate's), downloaded as a file.
  function recordButton() {
    const name = `${msg.table.game}-${tableId}-analysis.${msg.table.text_record}`;
    return button("Download the annotated record", async (event) => {
      try {
        const text = await fetchText(`/api/tables/${encodeURIComponent(tableId)}/analysis/record`);
        const href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
        el("a", { href, download: name }).click();
      } catch (e) {
        event.target.after(el("p", { className: "error", attrs: { role: "alert" }, textContent: `No annotated record: ${e.message}` }));
      }
    }, { id: "analysis-record" });
  }

  function receive(message) {
    if (message.type === "queued") {
      const games = message.ahead === 1 ? "one other game" : `${message.ahead} other games`;
      tell(`Waiting for the analysis of ${games} first...`);
    } else if (message.type === "start") {
      data = { ...message, moves: [] };
      if (!data.total) { tell("There are no moves to analyse."); return; }
      drawn = graph(data, select, number);
      box.replaceChildren(
        el("h3", { id: "analysis-title", textContent: "Analysis" }),
        el("p", { className: "graph-title", textContent: measure(data) }),
        ...(perSeat(data) ? [lineKey] : []),
        drawn, where, back, instead, summaryList,
        el("p", { className: "muted", id: "analysis-key", textContent: key(data) }),
        el("details", { className: "engine small", id: "analysis-engine" },
          el("summary", { textContent: "Engine" }), el("code", { textContent: data.agent })),
        status, list,
      );
      redraw();
    } else if (message.type === "move") {
      const { type, ...note } = message;
      data.moves.push(note);
      list.append(moveItem(data, names, note, data.moves.length - 1, select, number));
      if (!pending) { pending = true; requestAnimationFrame(redraw); }
    } else if (message.type === "done") {
      finished = true;
      if (msg.table.text_record && data && data.total) status.after(recordButton());
    } else if (message.type === "error") {
      throw new Error(message.error);
    }
  }

  try {
    await streamLines(`/api/tables/${encodeURIComponent(tableId)}/analysis/stream`, receive);
    if (!finished) throw new Error("the analysis stopped early; try again");
  } catch (e) {
    status.className = "error";
    status.setAttribute("role", "alert");
    status.textContent = `No analysis${data && data.moves.length ? ` beyond move ${data.moves.length}` : ""}: ${e.message}`;
  }
}
