/* Takebacks and confirmations at the table (docs/web.md, Takebacks and Confirm).

   Confirm: an irreversible secret choice (a decision whose kind starts with "secret", or
   one its game lists in CONFIRM_KINDS) is sent only once the player has seen what will be
   committed, in words (the game's confirmText, e.g. "Bid 17 of your 20 reserve") and
   agreed. Takeback: the "Take back" button (at once against a bot and in hot-seat, a
   request between people), and the other seat's Accept / Refuse, the asker's Withdraw,
   from the state frame's ``takeback`` field. Hot-seat: "More choices, in private" asks for
   the device when the public frame left some out (``more``). table.js calls Turns.init(send),
   Turns.confirm(...) before it sends an action, and Turns.render(frame) on each frame.

   A run of one seat's secret decisions that make one choice (a hand of tactical cards, taken
   a card a decision: the game's ``batch(view)`` says how many) is confirmed once: each card
   clicked is held in the page (marked, clicked again to let go), and once the hand is full
   the dialog shows it whole; on Commit the page sends the held actions one after the other,
   each at its own decision (``document.body.dataset.picks``: how many are held). */
"use strict";

const Turns = (() => {
  const {t, sideName} = SK;
  const $ = (id) => document.getElementById(id);
  let send = () => false;
  let waiting = null;   // {text, go}: the action the dialog asks about
  let frame = null;
  let picks = [];       // a batch's actions held in the page (not sent yet)
  let queue = [];       // a committed batch's actions still to send, each at its decision

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

  /** How many actions the pending decision's choice takes, one a decision (1: itself). */
  function batchOf(view) {
    const own = SK.gameOf(view).batch;
    return Math.max(1, (own && own(view)) || 1);
  }

  /** The held actions marked on their buttons, and counted on the page. */
  function markPicks() {
    for (const button of document.querySelectorAll("#actions button.act[data-action]")) {
      const held = picks.includes(button.dataset.action);
      button.classList.toggle("picked", held);
      button.setAttribute("aria-pressed", String(held));
    }
    document.body.dataset.picks = String(picks.length);
  }

  /** Ask before sending ``text``: true when the dialog took over (``go`` sends it once the
      player agrees; in a batch, every held action is sent), or ``text`` was held for a
      batch; false when the action needs no confirmation. */
  function confirm(view, seat, text, go) {
    if (!needsConfirm(view)) return false;
    const size = batchOf(view);
    let texts = [text];
    if (size > 1) {
      picks = picks.includes(text) ? picks.filter((p) => p !== text) : [...picks, text];
      markPicks();
      if (picks.length < size) return true;  // held: the batch is not full yet
      texts = picks;
      go = () => { queue = picks.slice(1); send({type: "action", text: picks[0]}); picks = []; };
    }
    waiting = {text, go};
    $("commit-text").textContent = texts.map((x) => commitText(view, seat, x)).join(" · ");
    $("commit-text").dataset.action = texts.join("\n");
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
    const legal = next.legal || [];
    picks = picks.filter((p) => legal.includes(p));  // a new decision lets go of the rest
    let sent = false;
    if (queue.length && legal.includes(queue[0])) {
      send({type: "action", text: queue.shift()});  // the committed batch goes on
      sent = true;
    } else if (legal.length) {
      queue = [];  // the decision in front of the seat is not the batch's: it stops
    }
    markPicks();
    // while the rest of a committed batch goes out, nothing is asked of the player
    if (queue.length || sent) document.body.dataset.turn = "other";
  }

  function init(sendMessage) {
    send = sendMessage;
    $("commit-yes").addEventListener("click", () => {
      const go = waiting && waiting.go;
      close();
      if (go) go();
    });
    $("commit-no").addEventListener("click", () => { picks = []; markPicks(); close(); });
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
