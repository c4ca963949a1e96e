// The lobby: choose a game, its options, seed and seats; start; list the tables.
import { api, openTable } from "/static/net.js";

const $ = (id) => document.getElementById(id);
let games = {};

function optionInput(opt) {
  const label = document.createElement("label");
  label.textContent = opt.name;
  let input;
  const choices = opt.type.startsWith("one of ") ? opt.type.slice(7).split(", ") : null;
  if (opt.type === "bool") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = !!opt.default;
  } else if (choices) {
    input = document.createElement("select");
    for (const c of choices) {
      const o = document.createElement("option");
      o.value = c; o.textContent = c.replace(/'/g, "");
      if (c === `'${opt.default}'` || (opt.default === null && c === "None")) o.selected = true;
      input.append(o);
    }
  } else {
    input = document.createElement("input");
    input.value = opt.default === null ? "" : (typeof opt.default === "object" ? JSON.stringify(opt.default) : opt.default);
    input.size = 8;
  }
  input.dataset.option = opt.name;
  input.dataset.type = opt.type;
  input.dataset.initial = input.type === "checkbox" ? String(input.checked) : input.value;
  label.append(input);
  return label;
}

function readOptions() {
  const out = {};
  for (const el of document.querySelectorAll("[data-option]")) {
    const now = el.type === "checkbox" ? String(el.checked) : el.value;
    if (now === el.dataset.initial) continue;
    const t = el.dataset.type;
    let v;
    if (el.type === "checkbox") v = el.checked;
    else if (t.startsWith("one of ")) v = now === "None" ? null : now.replace(/'/g, "");
    else if (now === "" ) v = null;
    else if (/^int|^float/.test(t) && !isNaN(Number(now))) v = Number(now);
    else if (t.startsWith("dict") || t.startsWith("tuple")) { try { v = JSON.parse(now); } catch { v = now; } }
    else v = now;
    out[el.dataset.option] = v;
  }
  return out;
}

// The rules link follows the chosen preset (games with presets have a page per preset).
function rulesLink() {
  const preset = document.querySelector("[data-option=preset]");
  const name = $("game").value;
  $("rules-link").href = `/rules/${name}` + (preset ? `?preset=${encodeURIComponent(preset.value.replace(/'/g, ""))}` : "");
}

function showGame() {
  const g = games[$("game").value];
  $("summary").textContent = g.summary;
  rulesLink();
  const opts = $("options");
  opts.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Options" }));
  for (const o of g.options) opts.append(optionInput(o));
  opts.querySelector("[data-option=preset]")?.addEventListener("change", rulesLink);
  $("winnable-label").hidden = g.num_players !== 1;
  const seats = $("seats");
  seats.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Seats" }));
  g.player_names.forEach((name, i) => {
    const label = document.createElement("label");
    label.textContent = name;
    const sel = document.createElement("select");
    sel.dataset.seat = i;
    sel.setAttribute("aria-label", `who plays ${name}`);
    const kinds = [["human", "me (this browser)"], ["open", "open seat for a friend"]];
    if (g.num_players > 1) {
      if (g.levels.length) for (const n of g.levels) kinds.push([`computer:${n}`, `computer level ${n}`]);
      else kinds.push(["computer", "computer (random: no levels yet)"]);
    }
    for (const [v, t] of kinds) sel.append(Object.assign(document.createElement("option"), { value: v, textContent: t }));
    if (i > 0 && g.num_players > 1) sel.value = g.levels.length ? `computer:${g.levels.includes(2) ? 2 : g.levels[0]}` : "computer";
    label.append(sel);
    seats.append(label);
  });
}

async function start(ev) {
  ev.preventDefault();
  $("lobby-error").textContent = "";
  const game = $("game").value;
  const name = $("name").value.trim() || null;
  const seats = [...document.querySelectorAll("[data-seat]")].map((sel) => {
    const [kind, level] = sel.value.split(":");
    return kind === "computer" ? { kind, level: level ? Number(level) : null } : { kind, name: kind === "human" ? name : null };
  });
  const body = { game, options: readOptions(), seats, winnable_only: $("winnable").checked };
  const seed = $("seed").value.trim();
  if (seed) body.seed = seed;
  const record = $("record").value.trim();
  if (record) { body.record = record; body.options = {}; }
  try {
    await openTable(await api("POST", "/api/tables", body));
  } catch (e) {
    $("lobby-error").textContent = e.message;
    $("lobby-error").className = "error";
  }
}

async function listTables() {
  const rows = await api("GET", "/api/tables");
  const body = $("tables").querySelector("tbody");
  body.replaceChildren(...rows.map((t) => {
    const tr = document.createElement("tr");
    const who = t.seats.map((s) => s.name || s.agent || s.kind).join(", ");
    const status = t.status === "finished" && t.result ? `finished: ${t.result.reason}` : t.status;
    tr.innerHTML = `<td>${t.game}</td><td></td><td>${status}</td><td><a href="/play/${t.id}">open</a></td>`;
    tr.children[1].textContent = who;
    return tr;
  }));
}

async function main() {
  for (const g of await api("GET", "/api/games")) games[g.name] = g;
  const sel = $("game");
  for (const name of Object.keys(games)) sel.append(Object.assign(document.createElement("option"), { value: name, textContent: name }));
  sel.addEventListener("change", showGame);
  $("new-table").addEventListener("submit", start);
  $("name").value = localStorage.getItem("kibitz:name") || "";
  $("name").addEventListener("change", () => localStorage.setItem("kibitz:name", $("name").value));
  showGame();
  await listTables();
  setInterval(listTables, 5000);
}
main();
