// The table's chat: what the people seated at the table say to each other, shown to everyone
// there (spectators read it). Lines arrive as {"type": "chat", "lines": [...]} (the latest
// ones again on every reconnect: each is shown once, by its id); a seated page sends
// {"type": "chat", "text"}; a refused line stays in the box with the server's reason. While
// the chat is out of sight (below the board on a phone), the header counts the others' new
// lines, a link to them. A screen reader hears each of the others' new lines once, through
// the page's one live region (`say`): neither the list nor the count is a live region.
import { $, el } from "/static/ui.js";

export class Chat {
  constructor(send, say) {
    this.send = send;
    this.say = say;
    this.seen = new Set();
    this.waiting = null;  // the text sent and not yet come back (or refused)
    this.msg = null;
    this.unseen = 0;
    this.inView = false;
    new IntersectionObserver(([entry]) => {
      this.inView = entry.isIntersecting;
      if (this.inView) this.news(0);
    }).observe($("chat-lines"));
    $("chat-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const text = $("chat-text").value.trim();
      if (!text) return;
      this.waiting = text;
      this.tell("");
      if (!this.send({ type: "chat", text, ref: "chat" })) { this.waiting = null; this.tell("Not sent: the connection is down; send it again once it is back."); }
    });
  }

  // Show the chat where people may talk: two seats or more not held by a computer (an open
  // seat waits for a friend), or once something was said. The box is a seated page's only;
  // a spectator is told so in its place (the server refuses their lines).
  draw(msg) {
    this.msg = msg;
    const people = msg.table.seats.filter((s) => s.kind !== "computer").length;
    $("chat").hidden = people < 2 && !this.seen.size;
    $("chat-form").hidden = msg.seat === null;
    $("chat-watching").hidden = msg.seat !== null;
  }

  // New lines, or those said before the connection opened (`earlier`: again after a
  // reconnect), each shown once, oldest first; what was said before the page opened is no news.
  add(lines, earlier) {
    const list = $("chat-lines");
    const first = earlier && !this.seen.size;
    for (const line of lines) {
      if (this.seen.has(line.id)) continue;
      this.seen.add(line.id);
      list.append(this.item(line));
      if (!first && line.seat !== this.msg?.seat) {
        this.say(`${this.speaker(line)} says: ${line.text}`);
        if (!this.inView) this.news(this.unseen + 1);
      }
      if (this.msg && line.seat === this.msg.seat && line.text === this.waiting) {
        this.waiting = null;
        if ($("chat-text").value.trim() === line.text) $("chat-text").value = "";
      }
    }
    list.scrollTop = list.scrollHeight;
    if (this.msg) this.draw(this.msg);
  }

  // The server refused a line (too long, too fast; its error carries the line's ref): it
  // stays in the box, with the reason.
  refused(message) {
    this.waiting = null;
    this.tell(`Not sent: ${message}`);
  }

  // The header's count of the others' lines not yet in sight (0: hidden).
  news(count) {
    this.unseen = count;
    const link = $("chat-news");
    link.textContent = count === 1 ? "1 new chat line" : `${count} new chat lines`;
    link.hidden = !count;
  }

  tell(text) {
    const e = $("chat-error");
    e.textContent = text;
    e.hidden = !text;
  }

  // Who said a line: "Red (bob)", "Blue (you)".
  speaker(line) {
    const names = this.msg?.table.player_names || [];
    const who = names[line.seat] ?? `seat ${line.seat}`;
    const me = this.msg && line.seat === this.msg.seat;
    return `${who}${me ? " (you)" : line.name ? ` (${line.name})` : ""}`;
  }

  item(line) {
    const me = this.msg && line.seat === this.msg.seat;
    const at = new Date(line.at);
    const time = el("time", { dateTime: line.at, textContent: at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) });
    const name = el("strong", { textContent: this.speaker(line) });
    return el("li", { className: me ? "mine" : "" }, time, " ", name, ": ", el("span", { textContent: line.text }));
  }
}
