// Talking to the server: JSON API calls and seat tokens kept in this browser.
export async function api(method, url, body) {
  const r = await fetch(url, { method, headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(r.ok ? "the server's answer is not JSON" : `${r.status} ${r.statusText}`);
  }
  if (!r.ok) throw new Error(data.error || data.detail?.[0]?.msg || JSON.stringify(data.detail) || r.statusText);
  return data;
}

// The error of a refused request: the server's message, or else its status.
async function refused(r) {
  let message = `${r.status} ${r.statusText}`;
  try { message = (await r.json()).error || message; } catch { /* not JSON: the status */ }
  return new Error(message);
}

// The text at `url` (a record to download); a refused request throws its error, as `api` does.
export async function fetchText(url) {
  const r = await fetch(url);
  if (!r.ok) throw await refused(r);
  return r.text();
}

// Read a stream of JSON lines (NDJSON) from `url`, calling `onMessage` with each object as it
// arrives; a refused request throws its error, as `api` does.
export async function streamLines(url, onMessage) {
  const r = await fetch(url);
  if (!r.ok) throw await refused(r);
  const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const lines = buffer.split("\n");
    buffer = lines.pop();
    for (const line of lines) if (line.trim()) onMessage(JSON.parse(line));
  }
  if (buffer.trim()) onMessage(JSON.parse(buffer));
}

export function saveToken(table, seat, token) {
  localStorage.setItem(`kibitz:token:${table}:${seat}`, token);
}

export function loadToken(table, seat) {
  return localStorage.getItem(`kibitz:token:${table}:${seat}`);
}

export function myTokens(table) {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    const m = k.match(/^kibitz:token:(.+):(\d+)$/);
    if (m && m[1] === table) out.push(Number(m[2]));
  }
  return out.sort();
}

// The seats this browser holds, as {table, token}, to list its tables (the server takes a
// thousand at most; a browser that kept more sends a thousand of them).
const MAX_HELD = 1000;

export function heldSeats() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const m = localStorage.key(i).match(/^kibitz:token:(.+):(\d+)$/);
    if (m) out.push({ table: m[1], token: localStorage.getItem(localStorage.key(i)) });
  }
  return out.slice(-MAX_HELD);
}

// Forget a table in this browser: its seat tokens and invite (the table stays on the server).
export function forgetTable(table) {
  const keys = [];
  for (let i = 0; i < localStorage.length; i++) keys.push(localStorage.key(i));
  for (const k of keys) {
    if (k.startsWith(`kibitz:token:${table}:`) || k === `kibitz:invite:${table}`) localStorage.removeItem(k);
  }
}

// The seats of a new table like `table`: computers stay, this browser's seats are its own
// again, other players' seats are open for them (the invite link brings them back). With
// `swap`, a two-seat table's sides change places, as a rematch's do at chess sites.
export function rematchSeats(table, mine, swap = false) {
  const name = localStorage.getItem("kibitz:name") || null;
  const seats = table.seats.map((s, i) => {
    if (s.kind === "computer") {
      return { kind: "computer", level: s.agent?.startsWith("level:") ? Number(s.agent.slice(6)) : null };
    }
    return mine.includes(i) || (!mine.length && i === 0) ? { kind: "human", name: s.name || name } : { kind: "open" };
  });
  return swap && seats.length === 2 ? seats.reverse() : seats;
}

// Keep a new table's tokens and invite in this browser and go to it.
export function openTable(made) {
  const mine = Object.entries(made.tokens);
  for (const [seat, token] of mine) saveToken(made.id, Number(seat), token);
  localStorage.setItem(`kibitz:invite:${made.id}`, made.invite);
  location.href = `/play/${made.id}` + (mine.length ? `#seat=${mine[0][0]}` : "");
}
