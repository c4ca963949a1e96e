// The lobby: choose a game, its options, seed (or start position), seats and whether the
// table is listed or private; start (leaving the player's unfinished patience deals of the
// game, which count as lost); list this browser's own tables and the recent ones.
// The options form is built from each game's options JSON Schema.
import { api, forgetTable, heldSeats, openTable } from "/static/net.js";
import { leaveDeal } from "/static/opendeal.js";
import { ask, button, computerName, el, keepFocus, showText } from "/static/ui.js";

const $ = (id) => document.getElementById(id);
const AUTOPLAY = "kibitz:autoplay";  // the player's autoplay preference, kept in this browser
let games = {};

// The alternatives of a schema (anyOf flattened), e.g. [{type: "integer"}, {type: "null"}].
function alternatives(schema) {
  return schema.anyOf ? schema.anyOf.flatMap(alternatives) : [schema];
}

// The values a schema allows when they are a fixed list (enums and null), else null.
function choices(schema) {
  const alts = alternatives(schema);
  if (!alts.some((s) => s.type === "null") && alts.some((s) => s.type === "boolean")) return null;
  if (!alts.every((s) => s.enum || s.type === "null" || s.type === "boolean")) return null;
  return alts.flatMap((s) => (s.enum ? s.enum : s.type === "boolean" ? [true, false] : [null]));
}

// How a fixed choice reads: null is the default (a preset's value, where there are presets).
const choiceText = (c) => (c === null ? "default" : c === true ? "yes" : c === false ? "no" : String(c));

// A typed value from the text of an input, as the schema allows it; the server checks it.
function fromText(text, schema) {
  const t = text.trim();
  const alts = alternatives(schema);
  const allows = (type) => alts.some((s) => s.type === type);
  if (t === "" && allows("null")) return null;
  if (allows("integer") && /^-?\d+$/.test(t)) return Number(t);
  if (allows("number") && t !== "" && !isNaN(Number(t))) return Number(t);
  if (alts.some((s) => s.enum && s.enum.includes(t))) return t;
  if (allows("object") || allows("array")) {
    try {
      const v = JSON.parse(t);
      if (typeof v === "object" && v !== null) return v;
    } catch { /* not JSON: below */ }
  }
  const array = alts.find((s) => s.type === "array");
  if (array && !allows("string")) return t.split(",").map((x) => x.trim()).filter(Boolean).map((x) => fromText(x, array.items));
  return t;
}

// Set an option input to ``value`` (as the form shows it).
function setInput(input, value) {
  if (input.type === "checkbox") input.checked = !!value;
  else if (input.tagName === "SELECT") input.value = JSON.stringify(value);
  else input.value = value === null || value === undefined ? "" : (typeof value === "object" ? JSON.stringify(value) : String(value));
}

// A choice of the game's named option sets (its setups and rule variants), for games whose
// options do not name them already: choosing one sets every option to it.
function presetChoice(g) {
  const names = Object.keys(g.presets || {});
  if (names.length < 2 || "preset" in g.options.properties) return null;
  const select = el("select", { id: "preset-choice" }, ...names.map((n) => el("option", { value: n, textContent: n.replaceAll("_", " ") })));
  select.addEventListener("change", () => {
    const chosen = g.presets[select.value];
    for (const input of document.querySelectorAll("[data-option]")) {
      const name = input.dataset.option;
      setInput(input, name in chosen ? chosen[name] : g.options.properties[name].default);
    }
  });
  return el("label", {}, "Preset ", select);
}

// An option's input in its label; its help (the schema's description) shows on hovering
// and is read out as the input's description.
function optionInput(name, schema) {
  const label = document.createElement("label");
  label.textContent = schema.title || name;
  if (schema.description) label.title = schema.description;
  let input;
  const fixed = choices(schema);
  if (schema.type === "boolean") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = !!schema.default;
  } else if (fixed) {
    input = document.createElement("select");
    for (const c of fixed) {
      const o = document.createElement("option");
      o.value = JSON.stringify(c);
      o.textContent = choiceText(c);
      o.selected = c === schema.default;
      input.append(o);
    }
  } else {
    input = document.createElement("input");
    const d = schema.default;
    input.value = d === null ? "" : (typeof d === "object" ? JSON.stringify(d) : String(d));
    input.size = 8;
  }
  input.dataset.option = name;
  if (schema.description) input.title = schema.description;
  input.dataset.initial = input.type === "checkbox" ? String(input.checked) : input.value;
  label.append(input);
  return label;
}

// The value an option input holds now.
function optionValue(el, schema) {
  if (el.type === "checkbox") return el.checked;
  if (el.tagName === "SELECT") return JSON.parse(el.value);
  return fromText(el.value, schema);
}

// Only the options changed from their defaults are sent.
function readOptions() {
  const props = games[$("game").value].options.properties;
  const out = {};
  for (const el of document.querySelectorAll("[data-option]")) {
    const now = el.type === "checkbox" ? String(el.checked) : el.value;
    if (now === el.dataset.initial) continue;
    out[el.dataset.option] = optionValue(el, props[el.dataset.option]);
  }
  return out;
}

// The rules link follows the chosen preset (games with presets have a page per preset).
function rulesLink() {
  const preset = document.querySelector("[data-option=preset]");
  const name = $("game").value;
  const value = preset ? JSON.parse(preset.value) : null;
  $("rules-link").href = `/rules/${name}` + (value ? `?preset=${encodeURIComponent(value)}` : "");
}

function showGame() {
  const g = games[$("game").value];
  $("summary").textContent = g.summary;
  const opts = $("options");
  opts.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Options" }));
  const presets = presetChoice(g);
  if (presets) opts.append(presets);
  // A game that names its main options folds the others away as advanced.
  const more = g.main_options.length ? el("details", { id: "more-options" }, el("summary", { textContent: "More options" })) : null;
  for (const [name, schema] of Object.entries(g.options.properties)) {
    (more && !g.main_options.includes(name) ? more : opts).append(optionInput(name, schema));
  }
  if (more) opts.append(more);
  opts.querySelector("[data-option=preset]")?.addEventListener("change", rulesLink);
  rulesLink();
  $("winnable-label").hidden = !g.features.assistance;
  if (!g.features.assistance) $("winnable").checked = false;
  $("autoplay-label").hidden = !g.features.assistance;  // the player's preference stays
  // Games that read position strings may start from a pasted one.
  $("position-box").hidden = !g.positions;
  if (!g.positions) $("position").value = "";
  winnableApplies();
  const seats = $("seats");
  // The private choice stays under the seats, ticked or not, whichever game is chosen.
  seats.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Seats" }), $("private-box"));
  g.player_names.forEach((name, i) => {
    const label = document.createElement("label");
    label.textContent = name;
    const sel = document.createElement("select");
    sel.dataset.seat = i;
    sel.setAttribute("aria-label", `who plays ${name}`);
    const kinds = [["human", "me (this browser)"], ["open", "open seat for a friend"]];
    if (g.levels.length) for (const n of g.levels) kinds.push([`computer:${n}`, `computer level ${n} (${g.description.level_names[n]})`]);
    else kinds.push(["computer", "computer (random: no levels yet)"]);
    for (const [v, t] of kinds) sel.append(Object.assign(document.createElement("option"), { value: v, textContent: t }));
    if (i > 0) sel.value = g.levels.length ? `computer:${g.default_level}` : "computer";
    label.append(sel);
    $("private-box").before(label);
  });
}

// "Winnable deals only" draws the deal: a chosen deal number or position is played as it is.
function winnableApplies() {
  const chosen = !!($("seed").value.trim() || $("position").value.trim());
  $("winnable").disabled = chosen;
  $("winnable-note").hidden = !chosen;
}

async function start(ev) {
  ev.preventDefault();
  showText($("lobby-error"), "");
  const game = $("game").value;
  const name = $("name").value.trim() || null;
  const seats = [...document.querySelectorAll("[data-seat]")].map((sel) => {
    const [kind, level] = sel.value.split(":");
    return kind === "computer" ? { kind, level: level ? Number(level) : null } : { kind, name: kind === "human" ? name : null };
  });
  const body = { game, options: readOptions(), seats, winnable_only: $("winnable").checked && !$("winnable").disabled,
    autoplay: games[game].features.assistance && $("autoplay").checked };
  // A private table is not listed: only its link (for a friend, the invite) finds it.
  if ($("private").checked) body.private = true;
  // A deal number may be written #12, 12 or 00012 (the same deal).
  const seed = $("seed").value.trim().replace(/^#\s*/, "");
  if (seed) body.seed = seed;
  const position = $("position").value.trim();
  if (position) body.position = position;
  const record = $("record").value.trim();
  if (record) { body.record = record; body.options = {}; }
  try {
    const made = await api("POST", "/api/tables", body);
    // The new deal made, the player's unfinished ones of the game are left: they count as lost.
    await leaveDeal(game, made);
    openTable(made);
  } catch (e) {
    showText($("lobby-error"), e.message);
  }
}

const capital = (text) => text[0].toUpperCase() + text.slice(1);

// A seat's name at a table: "North" ("seat 1" in a game this lobby does not know).
const seatName = (t, i) => games[t.game]?.player_names[i] ?? `seat ${i}`;

// How a finished table ended, in words: "Blue won (brain captured)", "North and South won
// (target)", "a draw (agreed draw)", a patience deal "won" or "lost (conceded)".
function resultText(t) {
  const r = t.result;
  if (!r) return t.status;
  const best = Math.max(...r.returns);
  const how = r.reason ? ` (${r.reason})` : "";
  if (r.returns.length === 1) return `${best > 0 ? "won" : "lost"}${how}`;
  if (r.returns.every((x) => x === best)) return `a draw${how}`;
  const winners = r.returns.flatMap((x, i) => (x === best ? [seatName(t, i)] : []));
  return `${winners.join(" and ")} won${how}`;
}

// Who sits at a table's seat, as the table page says it: "North: ann", "West: computer level
// 1 (poor)", "East: open seat", "guest" for someone who gave no name; "you" for `mine`.
function seatText(t, i, mine = false) {
  const s = t.seats[i];
  const who = mine ? "you" : s.kind === "computer" ? computerName(s.agent, games[t.game].description)
    : s.name || (s.kind === "open" ? "open seat" : "guest");
  return `${seatName(t, i)}: ${who}`;
}

async function listTables() {
  const rows = await api("GET", "/api/tables");
  const body = $("tables").querySelector("tbody");
  $("tables").hidden = !rows.length;  // none: a line that says so, not a bare header
  $("no-tables").hidden = !!rows.length;
  const links = rows.map((t) => {
    const who = t.seats.map((_, i) => seatText(t, i)).join(", ");
    const status = t.status === "playing" ? playingText(t) : resultText(t);
    const title = games[t.game]?.description.title || t.game;
    const when = t.updated_at ? shortTime(new Date(t.updated_at)) : "";
    const go = t.status === "finished" ? "view" : "open";
    return el("tr", {}, el("td", { textContent: title }), el("td", { textContent: who }), el("td", { textContent: status }),
      el("td", { textContent: when }),
      el("td", {}, el("a", { href: `/play/${encodeURIComponent(t.id)}`, textContent: go,
        dataset: { key: `table:${t.id}` }, attrs: { "aria-label": `${capital(go)} ${title}, ${who}` } })));
  });
  // Rebuilt every few seconds: a link focused stays focused (else the list's first, else the form).
  keepFocus(() => body.replaceChildren(...links), () => body.querySelector("a") || $("game"));
}

// A table in play as the list says it, so that a live game is told from one left: whose turn
// ("Blue to play"), whether that person is away, whether computers wait for a watcher, and
// how many watch ("Red to play (away) · 2 watching").
function playingText(t) {
  const s = t.to_act === null || t.to_act === undefined ? null : t.seats[t.to_act];
  let text = s ? `${seatName(t, t.to_act)} to play` : "playing";
  if (s?.kind === "human" && !t.connected.includes(t.to_act)) text += " (away)";
  else if (s?.kind === "open") text += " (open seat)";
  else if (t.seats.every((x) => x.kind === "computer") && !t.watchers) text += " (computers play while watched)";
  return t.watchers ? `${text} · ${t.watchers} watching` : text;
}

// This browser's tables (the seats whose tokens it keeps), private ones too: every one in
// play, the player's turn first and marked, then the five last finished.
const FINISHED_SHOWN = 5;
const KEPT_DAYS = 30;  // a finished table's seat is forgotten once this old and out of the list

async function listMine() {
  const seats = heldSeats();
  let rows = [];
  try {
    if (seats.length) rows = await api("POST", "/api/my-tables", { seats });
  } catch { return; }  // the list waits for the next round; the lobby goes on
  const finished = rows.filter((t) => t.status !== "playing");
  const shown = [...rows.filter((t) => t.status === "playing"), ...finished.slice(0, FINISHED_SHOWN)];
  // Seats kept for ever would pile up: those that hold nothing now (the table gone, the seat
  // given to the computer) and old finished tables out of the list are forgotten.
  const known = new Set(rows.map((t) => t.id));
  const old = Date.now() - KEPT_DAYS * 86400e3;
  for (const s of seats) if (!known.has(s.table)) forgetTable(s.table);
  for (const t of finished.slice(FINISHED_SHOWN)) if (Date.parse(t.updated_at) < old) forgetTable(t.id);
  // Rebuilt every few seconds: the control focused stays focused (by its data-key; the table
  // gone, the list's first control, else the form).
  keepFocus(() => {
    $("mine-box").hidden = !shown.length;
    $("mine").querySelector("tbody").replaceChildren(...shown.map(mineRow));
  }, () => $("mine").querySelector("tbody a") || $("game"));
}

// A time as a list shows it: the hour today, the day and hour before.
function shortTime(at) {
  const hour = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return at.toDateString() === new Date().toDateString() ? hour : `${at.toLocaleDateString([], { month: "short", day: "numeric" })} ${hour}`;
}

// A row of the player's tables; its controls are named for their table ("Forget your seat at
// Smess (private), Blue: you, Red: computer level 2 (fair)"), so that each is told apart.
function mineRow(t) {
  const who = t.seats.map((_, i) => seatText(t, i, t.mine.includes(i)));
  const table = `${t.title}${t.private ? " (private)" : ""}, ${who.join(", ")}`;
  const go = t.status === "playing" ? "continue" : "view";
  let status;
  if (t.status !== "playing") status = el("span", { textContent: resultText(t) });
  else if (t.your_turn) status = el("strong", { className: "tag turn", textContent: "your turn" });
  else status = el("span", { textContent: t.to_act === null ? "playing" : `${seatName(t, t.to_act)} to play` });
  const when = t.updated_at ? shortTime(new Date(t.updated_at)) : "";
  const forget = button("forget", async (ev) => {
    // A seat in play is lost to this browser once forgotten: asked first.
    if (t.status === "playing" && !await ask(`Forget your seat at this ${t.title} table?`, {
      detail: "This browser will no longer be able to play it (the game stays on the server).",
      yes: "Forget the seat", no: "Keep the seat", from: ev.currentTarget,
    })) return;
    const at = [...document.querySelectorAll("#mine .forget")].findIndex((b) => b.dataset.key === `forget:${t.id}`);
    forgetTable(t.id);
    await listMine();
    // The focus goes to the row now in its place (else the last one), or to the form when none is left.
    const left = [...document.querySelectorAll("#mine .forget")];
    (left[Math.min(at, left.length - 1)] || $("game")).focus();
  }, { className: "small forget", dataset: { key: `forget:${t.id}` }, title: "Take this table off this list: this browser forgets its seat there",
    attrs: { "aria-label": `Forget your seat at ${table}` } });
  return el("tr", { dataset: { table: t.id } },
    el("td", { textContent: t.title + (t.private ? " (private)" : "") }),
    el("td", { textContent: who.join(", ") }), el("td", {}, status), el("td", { textContent: when }),
    el("td", {}, el("a", { href: `/play/${encodeURIComponent(t.id)}#seat=${t.mine[0]}`, textContent: go,
      dataset: { key: `mine:${t.id}` }, attrs: { "aria-label": `${capital(go)} ${table}` } }), " ", forget));
}

async function main() {
  for (const g of await api("GET", "/api/games")) games[g.name] = g;
  const sel = $("game");
  for (const [name, g] of Object.entries(games)) {
    sel.append(el("option", { value: name, textContent: g.description.title ? `${g.description.title} (${name})` : name }));
  }
  sel.addEventListener("change", showGame);
  $("new-table").addEventListener("submit", start);
  $("name").value = localStorage.getItem("kibitz:name") || "";
  $("name").addEventListener("change", () => localStorage.setItem("kibitz:name", $("name").value));
  $("autoplay").checked = localStorage.getItem(AUTOPLAY) === "1";
  $("autoplay").addEventListener("change", () => localStorage.setItem(AUTOPLAY, $("autoplay").checked ? "1" : "0"));
  // A link may name the game and the deal: /?game=fortress&deal=42
  const asked = new URLSearchParams(location.search);
  if (games[asked.get("game")]) sel.value = asked.get("game");
  showGame();
  if (asked.get("deal")) $("seed").value = asked.get("deal");
  for (const id of ["seed", "position"]) $(id).addEventListener("input", winnableApplies);
  winnableApplies();
  await Promise.all([listMine(), listTables()]);
  setInterval(() => { listMine(); listTables(); }, 5000);
}
main();
