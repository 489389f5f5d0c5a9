/* The match's chat (docs/web.md, Chat): its messages (the history sent on joining, then each
   new one) in a panel of the table page, a line to write one (a seat of a remote match; a
   spectator reads only), and a marker of the messages not read yet while the panel is
   closed or the tab hidden. Hot-seat matches have no chat: the panel stays hidden.
   Every message is written with textContent, never as HTML. */
"use strict";

(() => {
  const {t, sideName, sideLetter} = SK;
  const $ = (id) => document.getElementById(id);
  const panel = $("chat");
  const list = $("chat-log");
  const form = $("chat-form");
  const input = $("chat-text");
  const badge = $("chat-unread");
  const seen = new Set();
  let seat = null;
  let unread = 0;

  const looking = () => panel.open && !document.hidden;

  function setUnread(n) {
    unread = n;
    badge.hidden = !n;
    badge.textContent = n ? t("chat.unread", {n}) : "";
    panel.classList.toggle("has-unread", n > 0);
  }

  /** One message as a line: who (side and name), what, when; all as text. */
  function line(message) {
    const side = message.seat === 0 || message.seat === 1 ? sideLetter(message.seat) : "?";
    const item = document.createElement("li");
    item.className = `chat-line side-${side}` + (message.seat === seat ? " mine" : "");
    item.dataset.id = String(message.id);
    const who = document.createElement("span");
    who.className = "chat-who";
    who.textContent = sideName(message.seat) + (message.name ? ` (${message.name})` : "");
    const text = document.createElement("span");
    text.className = "chat-text";
    text.textContent = message.text;
    const when = document.createElement("time");
    when.className = "chat-time muted small";
    const at = new Date((message.at || 0) * 1000);
    when.dateTime = at.toISOString();
    when.textContent = at.toLocaleTimeString(SK.lang, {hour: "2-digit", minute: "2-digit"});
    item.append(who, " ", text, " ", when);
    return item;
  }

  function add(messages, history) {
    let fresh = 0;
    for (const message of messages || []) {
      if (seen.has(message.id)) continue;  // sent live and in the history
      seen.add(message.id);
      const empty = $("chat-empty");
      if (empty) empty.remove();
      list.append(line(message));
      if (!history && message.seat !== seat) fresh += 1;
    }
    list.scrollTop = list.scrollHeight;
    if (fresh && !looking()) setUnread(unread + fresh);
  }

  document.addEventListener("sk:frame", (event) => {
    const frame = event.detail;
    if (frame.type === "chat") add(frame.messages, frame.history);
  });

  // Shown with the first state frame of a remote match; the form for its seats only.
  document.addEventListener("sk:state", (event) => {
    const frame = event.detail.frame;
    if ((frame.mode || "remote") === "hotseat") { panel.hidden = true; return; }
    seat = frame.seat === 0 || frame.seat === 1 ? frame.seat : null;
    panel.hidden = false;
    form.hidden = seat === null;
    $("chat-note").textContent = t(seat === null ? "chat.note.spectator" : "chat.note.seat");
  });

  panel.addEventListener("toggle", () => { if (looking()) setUnread(0); });
  document.addEventListener("visibilitychange", () => { if (looking()) setUnread(0); });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text || !SK.send) return;
    if (SK.send({type: "chat", text: text.slice(0, 300)})) input.value = "";
  });
})();
