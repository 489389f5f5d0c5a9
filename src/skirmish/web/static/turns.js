/* Takebacks and confirmations at the table (docs/web.md, Takebacks and Confirm).

   Confirm: an irreversible secret choice (a decision whose kind starts with "secret", or
   one its game lists in CONFIRM_KINDS) is sent only once the player has seen what will be
   committed, in words (the game's confirmText, e.g. "Bid 17 of your 20 reserve") and
   agreed. Takeback: the "Take back" button (at once against a bot and in hot-seat, a
   request between people), and the other seat's Accept / Refuse, the asker's Withdraw,
   from the state frame's ``takeback`` field. Hot-seat: "More choices, in private" asks for
   the device when the public frame left some out (``more``). table.js calls Turns.init(send),
   Turns.confirm(...) before it sends an action, and Turns.render(frame) on each frame. */
"use strict";

const Turns = (() => {
  const {t, sideName} = SK;
  const $ = (id) => document.getElementById(id);
  let send = () => false;
  let waiting = null;   // {text, go}: the action the dialog asks about
  let frame = null;

  /** Whether the pending decision of ``view`` is an irreversible secret choice. */
  function needsConfirm(view) {
    const decision = (view && view.decision) || {};
    const kinds = SK.gameOf(view).CONFIRM_KINDS || [];
    return typeof decision.kind === "string" &&
      (decision.kind.startsWith("secret") || kinds.includes(decision.kind));
  }

  /** What will be committed, in words: the game's own sentence, else the action's. */
  function commitText(view, seat, text) {
    const own = SK.gameOf(view).confirmText;
    return (own && own(view, seat, text)) ||
      t("confirm.generic", {action: text.split(" ").map((w) => SK.word(w)).join(" ")});
  }

  function close() {
    const dialog = $("commit");
    waiting = null;
    if (dialog.open && dialog.close) dialog.close();
    dialog.removeAttribute("open");
  }

  /** Ask before sending ``text``: true when the dialog took over (``go`` sends it once the
      player agrees), false when the action needs no confirmation. */
  function confirm(view, seat, text, go) {
    if (!needsConfirm(view)) return false;
    waiting = {text, go};
    $("commit-text").textContent = commitText(view, seat, text);
    $("commit-text").dataset.action = text;
    const dialog = $("commit");
    if (dialog.showModal) { if (!dialog.open) dialog.showModal(); } else dialog.setAttribute("open", "");
    $("commit-yes").focus();
    return true;
  }

  /** The takeback button and the pending request, from the frame's ``takeback`` field. */
  function render(next) {
    frame = next;
    const info = next.takeback || {};
    const box = $("takeback");
    const seated = next.seat !== null && next.seat !== undefined;
    box.hidden = next.over || !seated && !info.pending;
    const button = $("takeback-button");
    button.hidden = !seated;
    button.disabled = !info.can;
    button.textContent = t(info.free ? "takeback.button" : "takeback.ask");
    const request = $("takeback-request");
    const pending = info.pending;
    request.hidden = !pending;
    if (pending) {
      const mine = pending.seat === next.seat && next.mode !== "hotseat";
      $("takeback-text").textContent = mine ? t("takeback.asked")
        : t("takeback.asks", {side: sideName(pending.seat)});
      $("takeback-accept").hidden = mine || !seated;
      $("takeback-refuse").hidden = mine || !seated;
      $("takeback-withdraw").hidden = !mine;
    }
    document.body.dataset.takeback = pending ? "pending" : info.can ? "can" : "none";
    // hot-seat: the public frame left out choices that show a secret (the cards of the
    // hand): the deciding player may ask for the device to see them
    $("device-button").hidden = !(next.public && next.more && !next.over);
    if (waiting && !(next.legal || []).includes(waiting.text)) close();
  }

  function init(sendMessage) {
    send = sendMessage;
    $("commit-yes").addEventListener("click", () => {
      const go = waiting && waiting.go;
      close();
      if (go) go();
    });
    $("commit-no").addEventListener("click", close);
    $("commit").addEventListener("cancel", () => { waiting = null; });
    $("takeback-button").addEventListener("click", () => send({type: "takeback"}));
    $("device-button").addEventListener("click", () => send({type: "handover"}));
    for (const answer of ["accept", "refuse", "withdraw"]) {
      $("takeback-" + answer).addEventListener("click",
        () => send({type: "takeback", answer}));
    }
  }

  return {init, confirm, render, needsConfirm};
})();
