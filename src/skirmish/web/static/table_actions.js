/* The table page's reading of the legal actions (their notation): which take a point on the
   table (and a facing, or an angle), grouped by the piece that acts — pure functions of the
   text and the game's ways (SK.gameOf: FACING_VERBS, ANGLE_VERBS); and the player's choice
   of one click per move and attack, or a confirm step for each; the log with the "Why?"
   answers; what a move typed in words became. */
"use strict";

const TableActions = (() => {
  // A token that is a point on the table.
  const POINT = /^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/;

  /** A legal action split for display: its verb, the prefix before a point, the point. */
  function parse(text, game) {
    const tokens = text.split(" ");
    const verb = tokens[0];
    const at = tokens.findIndex((tok, i) => i > 0 && POINT.test(tok));
    if (at > 0 && game.FACING_VERBS.has(verb)) {  // the facing follows the point
      return {verb, text, prefix: tokens.slice(0, at).join(" "), suffix: "", point: tokens[at],
              angle: false, facing: true};
    }
    if (at > 0) {
      return {verb, text, prefix: tokens.slice(0, at).join(" "),
              suffix: tokens.slice(at + 1).join(" "), point: tokens[at], angle: false};
    }
    if (game.ANGLE_VERBS.has(verb) && tokens.length >= 4) {
      return {verb, text, prefix: tokens.slice(0, 3).join(" "), suffix: "", point: tokens[3],
              angle: true};
    }
    return {verb, text, prefix: null};
  }

  /** The point-taking group of ``ref`` among the ``legal`` actions (a move, a deployment…)
      whose verb is one of ``verbs``. */
  function groupFor(legal, ref, verbs, game) {
    for (const p of legal.map((text) => parse(text, game))) {
      if (p.prefix && verbs.includes(p.verb) && p.prefix.split(" ")[1] === ref) {
        return {verb: p.verb, prefix: p.prefix, suffix: p.suffix, angle: p.angle, fighter: ref,
                sample: p.text, facing: p.facing};
      }
    }
    return null;
  }

  /** Whether a legal point or attack is sent on one click (the default), or the player asked
      to confirm moves and attacks (the page's checkbox, kept in localStorage; a browser
      without storage keeps the default). */
  function quick() {
    try {
      return localStorage.getItem("skirmish.confirm") !== "1";
    } catch (e) {
      return true;
    }
  }

  /** Whether an attack is sent on one click: as ``quick()`` when the player chose, else on a
      screen whose pointer cannot hover (a phone) the first tap shows the attack's odds and
      the second sends it (pointing at the button, which shows them elsewhere, is not
      possible there). */
  function quickAttacks() {
    let chosen = null;
    try {
      chosen = localStorage.getItem("skirmish.confirm");
    } catch (e) { /* no storage */ }
    if (chosen !== null) return chosen !== "1";
    return !(window.matchMedia && window.matchMedia("(hover: none)").matches);
  }

  function setQuick(on) {
    try {
      localStorage.setItem("skirmish.confirm", on ? "0" : "1");
    } catch (e) { /* no storage: this page only */ }
  }

  /** ``log`` with the explanations asked for (``whys``: {at, text}), each after the line it
      followed ("Why?", written in the log). */
  function withWhys(log, whys) {
    if (!whys.length) return log;
    const out = [];
    const after = (i) => whys.filter((w) => w.at === i)
      .forEach((w) => out.push({kind: "explain", text: w.text}));
    after(0);
    log.forEach((line, i) => { out.push(line); after(i + 1); });
    whys.filter((w) => w.at > log.length).forEach((w) => out.push({kind: "explain", text: w.text}));
    return out;
  }

  /** A move typed in words (the notation box, docs/web.md: resolved) is told what it became:
      the words, and the action the engine picked, its numbers rounded to 0.1 cm (the exact
      notation on hover). */
  document.addEventListener("sk:frame", (event) => {
    const frame = event.detail || {};
    const toast = document.getElementById("toast");
    if (frame.type !== "resolved" || !toast) return;
    const action = String(frame.action || "");
    toast.textContent = SK.t("table.resolved", {
      said: String(frame.text || ""), action: action.replace(/(-?\d+\.\d)\d+/g, "$1")});
    toast.title = action;
    toast.dataset.resolved = action;
    toast.hidden = false;
    setTimeout(() => { toast.hidden = true; }, 6000);
  });

  /** The texts of the cards an action names (its fighters, ability, weapon or card), each
      once: what its button shows on hover and says to a screen reader (docs/web.md, Cards
      at hand). */
  function cardsOf(text) {
    const texts = new Set();
    for (const arg of (text || "").split(" ").slice(1)) {
      const known = SK.cardText(arg);
      if (known) texts.add(known);
    }
    return [...texts];
  }

  /** A button's attributes for the cards ``text`` names: its title, its aria-label. */
  function cardAttrs(text, label) {
    const cards = cardsOf(text);
    if (!cards.length) return {};
    const words = typeof label === "string" ? label : (label && label.textContent) || "";
    return {title: cards.join("\n\n"), "aria-label": `${words}: ${cards.join(" · ")}`};
  }

  return {POINT, parse, groupFor, quick, quickAttacks, setQuick, withWhys, cardsOf, cardAttrs};
})();
