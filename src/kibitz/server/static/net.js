// Talking to the server: JSON API calls and seat tokens kept in this browser.
export async function api(method, url, body) {
  const r = await fetch(url, { method, headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) throw new Error(data.error || data.detail?.[0]?.msg || JSON.stringify(data.detail) || r.statusText);
  return data;
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

// Keep a new table's tokens and invite in this browser and go to it.
export function openTable(made) {
  const mine = Object.entries(made.tokens);
  for (const [seat, token] of mine) saveToken(made.id, Number(seat), token);
  localStorage.setItem(`kibitz:invite:${made.id}`, made.invite);
  location.href = `/play/${made.id}` + (mine.length ? `#seat=${mine[0][0]}` : "");
}
