// The invite page: who sits where already, and one of the table's open seats to take (the
// invite code is in the address), each marked with the partners it would play beside, as the
// game's description declares its sides.
import { api, saveToken } from "/static/net.js";
import { $, button, computerName, el, sameSide, showText } from "/static/ui.js";

const id = decodeURIComponent(location.pathname.split("/").pop());
const invite = new URLSearchParams(location.search).get("invite");

// Who sits at a taken seat, as the table page names them: "ann", "computer level 1 (poor)",
// "a guest" (a person who gave no name).
function who(t, i) {
  const s = t.seats[i];
  return s.kind === "computer" ? computerName(s.agent, t.description) : s.name || "a guest";
}

// A line of the list of who sits where: "ann sits South", "Computer level 1 (poor) sits West".
function sitsLine(t, i) {
  const s = t.seats[i];
  const w = who(t, i);
  const text = `${s.name ? w : w[0].toUpperCase() + w.slice(1)} sits ${t.player_names[i]}`;
  return el("li", { textContent: text, dataset: { sits: i } });
}

// The partners an open seat would play beside: "Ann's partner", "partner of the computer at
// East", "partner of East (open)"; "" where the seat has none (each side one seat).
function partnerText(t, i) {
  const partners = t.seats.flatMap((_, j) => (sameSide(t.description, i, j) ? [j] : []));
  if (!partners.length) return "";
  const named = partners.filter((j) => t.seats[j].kind === "human" && t.seats[j].name);
  if (partners.length === 1 && named.length === 1) return `${t.seats[partners[0]].name}'s partner`;
  const noun = (j) => {
    const s = t.seats[j];
    const seat = t.player_names[j];
    if (s.kind === "open") return `${seat} (open)`;
    if (s.kind === "computer") return `the computer at ${seat}`;
    return s.name || `the guest at ${seat}`;
  };
  return `partner of ${partners.map(noun).join(" and ")}`;
}

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
  const seated = t.seats.flatMap((s, i) => (s.kind === "open" ? [] : [sitsLine(t, i)]));
  $("seated").replaceChildren(...seated);
  $("seated").hidden = !seated.length;
  $("name").value = localStorage.getItem("kibitz:name") || "";
  const box = $("open-seats");
  t.seats.forEach((s, i) => {
    if (s.kind !== "open") return;
    const partner = partnerText(t, i);
    const b = button(`Sit as ${t.player_names[i]}${partner ? ` — ${partner}` : ""}`, async () => {
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
