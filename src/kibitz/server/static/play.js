// The table page: connects to the table's WebSocket with this browser's seat token,
// shows the game through its renderer module and sends the player's moves (by id).
import { api, loadToken, myTokens, openTable } from "/static/net.js";

const $ = (id) => document.getElementById(id);
const tableId = location.pathname.split("/").pop();
const hashSeat = new URLSearchParams(location.hash.slice(1)).get("seat");
const seats = myTokens(tableId);
const seat = hashSeat !== null ? Number(hashSeat) : (seats.length ? seats[0] : null);
const token = seat === null ? null : loadToken(tableId, seat);

let ws = null;
let last = null;
let renderer = null;
let retry = 500;
const ctx = {
  hint: null,
  flipped: false,
  send(obj) {
    $("error").textContent = "";
    $("error").className = "";
    ws.send(JSON.stringify(obj));
  },
  // A structured move from msg.legal (sent by its id), or a move typed in notation.
  act(move) {
    ctx.hint = null;
    $("hint").textContent = "";
    const named = typeof move === "string" ? { action: move } : { id: move.id };
    ctx.send({ type: "action", ...named, ply: last.ply });
  },
  redraw() { if (last) draw(last); },
};

function button(label, onclick, id) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  if (id) b.id = id;
  b.addEventListener("click", onclick);
  return b;
}

function statusText(msg) {
  const names = msg.table.player_names;
  const toAct = msg.view.to_act;
  if (msg.outcome) return `Game over: ${msg.outcome.text}`;
  if (toAct === null || toAct === undefined) return "";
  if (msg.your_turn) return `Your turn (${names[toAct]})`;
  const s = msg.table.seats[toAct];
  const who = s.kind === "computer" ? `computer (${s.agent})` : (s.name || s.kind);
  return `${names[toAct]} to play: ${who}${msg.thinking ? " is thinking" : ""}`;
}

// The last action as this seat may see it (the page's own wording where it has one).
function lastText(msg) {
  const own = renderer?.lastText?.(msg);
  if (own) return own;
  const la = msg.view.last_action;
  if (!la) return "no move yet";
  const who = la.seat === null ? "chance" : msg.table.player_names[la.seat];
  return `Last move: ${who}${la.text ? " " + la.text : ""}`;
}

// The tools the game declares (description.features), for a player at the table.
function tools(msg) {
  const f = msg.table.description.features;
  const out = [];
  if (msg.seat === null) return out;
  if (f.undo) {
    const u = button("Undo", () => ctx.send({ type: "undo" }), "undo"); u.disabled = !msg.can_undo;
    const r = button("Redo", () => ctx.send({ type: "redo" }), "redo"); r.disabled = !msg.can_redo;
    out.push(u, r, button("Restart", () => ctx.send({ type: "restart" }), "restart"));
  }
  if (f.assistance) {
    const h = button("Hint", () => ctx.send({ type: "hint", ply: msg.ply }), "hint-button"); h.disabled = !msg.your_turn;
    const w = button("Still winnable?", () => { $("hint").textContent = "thinking..."; ctx.send({ type: "winnable" }); }, "winnable");
    const a = button("Auto-complete", () => ctx.send({ type: "autocomplete", ply: msg.ply }), "autocomplete"); a.disabled = !msg.can_autocomplete;
    out.push(h, w, a);
  }
  if (f.concede) {
    const c = button("Concede", () => { if (confirm("Give up this game? It counts as lost.")) ctx.send({ type: "concede", ply: msg.ply }); }, "concede");
    c.disabled = !!msg.outcome;
    out.push(c);
  }
  return out;
}

function draw(msg) {
  last = msg;
  const names = msg.table.player_names;
  $("title").textContent = `${msg.table.game}${msg.table.seed ? " #" + msg.table.seed : ""}` +
    (msg.seat !== null ? ` - you are ${names[msg.seat]}` : " - watching");
  const preset = msg.table.options.preset;
  $("rules").href = `/rules/${msg.table.game}` + (preset ? `?preset=${encodeURIComponent(preset)}` : "");
  $("status").textContent = statusText(msg);
  $("status").dataset.ply = msg.ply;
  $("status").dataset.over = msg.outcome ? "1" : "0";
  $("status").dataset.yourTurn = msg.your_turn ? "1" : "0";
  $("last").textContent = lastText(msg);
  const moves = $("moves");
  if (msg.moves) {
    moves.replaceChildren(...msg.moves.map((m, i) => Object.assign(document.createElement("span"),
      { textContent: `${i + 1}. ${m.text}  ` })));
    moves.scrollTop = moves.scrollHeight;
  } else moves.textContent = renderer?.logText?.(msg) || "";
  $("legal").replaceChildren(...msg.legal.map((m) => {
    const b = button(m.text, () => ctx.act(m));
    b.dataset.move = m.text;
    return b;
  }));
  $("tools").replaceChildren(...tools(msg));
  if (renderer?.flippable) $("tools").append(button("Flip", () => { ctx.flipped = !ctx.flipped; ctx.redraw(); }, "flip"));
  const open = msg.table.seats.some((s) => s.kind === "open");
  const invite = localStorage.getItem(`kibitz:invite:${tableId}`);
  $("invite").textContent = "";
  if (open && invite) {
    const a = Object.assign(document.createElement("a"), { href: invite, id: "invite-link", textContent: "Invite link for a friend" });
    a.href = new URL(invite, location.href).href;
    $("invite").append(a);
  }
  renderer?.render($("board"), msg, ctx);
}

function onMessage(ev) {
  const msg = JSON.parse(ev.data);
  if (msg.type === "state") draw(msg);
  else if (msg.type === "error") {
    $("error").textContent = msg.message;
    $("error").className = "error";
  } else if (msg.type === "hint") {
    ctx.hint = msg;
    $("hint").textContent = `Hint: ${msg.text || msg.message}`;
    $("hint").className = "notice";
    $("hint").dataset.move = msg.text || "";
    $("hint").dataset.ply = msg.ply;
    ctx.redraw();
  } else if (msg.type === "winnable") {
    $("hint").textContent = msg.answer;
    $("hint").className = "notice";
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  ws = new WebSocket(`${proto}://${location.host}/ws/tables/${tableId}${q}`);
  ws.addEventListener("open", () => { $("conn").textContent = "connected"; retry = 500; });
  ws.addEventListener("message", onMessage);
  ws.addEventListener("close", (ev) => {
    $("conn").textContent = "reconnecting...";
    if (ev.code === 4403 || ev.code === 4404) { $("conn").textContent = "not at this table"; return; }
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  });
}

async function main() {
  const summary = await api("GET", `/api/tables/${tableId}`);
  try {
    renderer = await import(`/static/games/${summary.game}.js`);
  } catch {
    renderer = null;
  }
  $("typed").addEventListener("submit", (ev) => {
    ev.preventDefault();
    ctx.act($("typed-move").value);
    $("typed-move").value = "";
  });
  $("export").addEventListener("click", async () => {
    try {
      const rec = await api("GET", `/api/tables/${tableId}/record`);
      const link = $("export-link");
      link.href = URL.createObjectURL(new Blob([JSON.stringify(rec, null, 2)], { type: "application/json" }));
      link.hidden = false;
      link.click();
    } catch (e) { $("error").textContent = e.message; $("error").className = "error"; }
  });
  $("import").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    // The new table keeps this one's seats: computers stay, this browser's seat is mine.
    const seats = summary.seats.map((s, i) => s.kind === "computer"
      ? { kind: "computer", level: s.agent?.startsWith("level:") ? Number(s.agent.slice(6)) : null }
      : { kind: i === seat || seat === null ? "human" : "open", name: s.name });
    try {
      openTable(await api("POST", "/api/tables", { record: $("record").value, seats }));
    } catch (e) { $("error").textContent = e.message; $("error").className = "error"; }
  });
  connect();
}
main();
