// The invite page: take one of the table's open seats (the invite code is in the address).
import { api, saveToken } from "/static/net.js";
import { $, button, showText } from "/static/ui.js";

const id = decodeURIComponent(location.pathname.split("/").pop());
const invite = new URLSearchParams(location.search).get("invite");

async function main() {
  $("watch").href = `/play/${encodeURIComponent(id)}`;
  let t;
  try {
    t = await api("GET", `/api/tables/${encodeURIComponent(id)}`);
  } catch (e) {
    $("what").textContent = `This table cannot be joined: ${e.message}`;
    return;
  }
  $("what").textContent = `${t.description.title || t.game}: choose an open seat.`;
  $("name").value = localStorage.getItem("kibitz:name") || "";
  const box = $("open-seats");
  t.seats.forEach((s, i) => {
    if (s.kind !== "open") return;
    const b = button(`Sit as ${t.player_names[i]}`, async () => {
      try {
        const name = $("name").value.trim() || null;
        if (name) localStorage.setItem("kibitz:name", name);
        const r = await api("POST", `/api/tables/${encodeURIComponent(id)}/join`, { seat: i, invite, name });
        saveToken(id, i, r.token);
        location.href = `/play/${encodeURIComponent(id)}#seat=${i}`;
      } catch (e) { showText($("join-error"), e.message); }
    }, { className: "primary", dataset: { seat: i } });
    box.append(b);
  });
  if (!box.children.length) box.textContent = "No open seat is left; you can still watch.";
}
main();
