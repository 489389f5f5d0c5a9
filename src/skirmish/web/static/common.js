/* Shared by every page: the words of the UI (from i18n.py), the engine's text in French,
   small DOM and number helpers. Plain JavaScript, no build step. */
"use strict";

const SK = (() => {
  const config = JSON.parse(document.getElementById("config").textContent);
  const lang = config.lang || "en";
  const tables = {};
  for (const [name, [patterns, words]] of Object.entries(config.tables || {})) {
    tables[name] = {words, patterns: patterns.map(([src, tpl]) => [new RegExp(src, "g"), tpl])};
  }
  // The rules' terms a game names ("term.AP"…: {AP} in any string is the term).
  const TERMS = Object.keys(config.t).filter((k) => k.startsWith("term.")).map((k) => k.slice(5));

  /** A UI string with its {placeholders} filled; {AP}, {CP}… are the rulebook's terms. */
  function t(key, params) {
    let text = config.t[key];
    if (text === undefined) return key;
    const values = Object.assign({}, params || {});
    for (const term of TERMS) {
      if (!(term in values)) values[term] = config.t["term." + term] || term;
    }
    return text.replace(/\{(\w+)\}/g, (m, name) => (name in values ? String(values[name]) : m));
  }

  /** A rules term (SPD, AP, …) as this language's rulebook spells it. */
  function term(name) {
    return config.t["term." + name] || name;
  }

  /** A word of the notation (head, dodge, north…) in this language, else as it is. */
  function word(w) {
    const key = "word." + w;
    return key in config.t ? config.t[key] : w;
  }

  /** The engine's English prompt or log line (or, ``table`` "equipment", an item in the
      card notation) in this language (see i18n.FR_PATTERNS). */
  function tr(text, table) {
    const {patterns, words} = tables[table || "log"] || {patterns: [], words: {}};
    if (!patterns.length || typeof text !== "string") return text;
    for (const [re, tpl] of patterns) {
      re.lastIndex = 0;
      text = text.replace(re, (...m) =>
        tpl.replace(/\{(\d+)(w?)\}/g, (_, n, w) => {
          const value = m[Number(n)] || "";
          return w && value in words ? words[value] : value;
        }));
    }
    return text;
  }

  const percentFormat = new Intl.NumberFormat(lang, {style: "percent", minimumFractionDigits: 1,
                                                     maximumFractionDigits: 1});
  const numberFormat = new Intl.NumberFormat(lang, {maximumFractionDigits: 2});
  const pct = (p) => percentFormat.format(p || 0);
  const num = (x) => numberFormat.format(x || 0);

  /** document.createElement with attributes and children (strings become text). */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else if (k === "dataset") Object.assign(node.dataset, v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const colon = lang === "fr" ? " : " : ": ";
  // Seats A and B; side 2 is a game's non-player fighters, "N".
  const sideLetter = (seat) => (seat === 0 ? "A" : seat === 1 ? "B" : seat === 2 ? "N" : "?");
  const sideName = (seat) => t("side." + sideLetter(seat));

  /** Log lines into an <ol>: the engine's text (translated), styled by kind. */
  function renderLog(list, lines) {
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    list.replaceChildren(...lines.map((line, i) => {
      const kind = (line.kind || "").replace(/[^\w-]/g, "-");
      return el("li", {class: "log-" + kind, dataset: {i: String(i)}}, tr(line.text || ""));
    }));
    if (atBottom) list.scrollTop = list.scrollHeight;
  }

  /** Let the server's picture of the table fill its box, with a margin for the names of
      the bases along the edges (none around a framed picture: it has its own). */
  function fitSvg(svg, margin) {
    if (margin === undefined) margin = svg.classList.contains("framed") ? 0 : 24;
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    const box = svg.viewBox && svg.viewBox.baseVal;
    if (box && box.width) {
      svg.setAttribute("viewBox", [box.x - margin, box.y - margin, box.width + 2 * margin,
                                   box.height + 2 * margin].join(" "));
    }
  }

  // -- the games ---------------------------------------------------------------------------
  // What differs from game to game at the table and in the replay: each game's own script
  // (its web part's ``scripts``, served at /static/games/<name>/) calls SK.register(name,
  // {...}) with what it has; the rest are these defaults (a game with none of its own is
  // still playable: its pieces listed, its legal actions as buttons).
  const DEFAULT_GAME = {
    CLICK_VERBS: [],            // verbs whose last point is chosen by a click on the table
    DRAG_VERBS: [],             // ... or by dragging the acting piece
    FACING_VERBS: new Set(),    // verbs whose point is followed by a facing (facing())
    ANGLE_VERBS: new Set(),     // verbs whose fourth word is an angle chosen on the table
    ACTIVE_KINDS: [],           // decisions whose acting piece is selected by itself
    isAttack: () => false,      // (view, text): shows its odds before it is sent
    isProbed: () => false,      // (verb): probed (legality, tape) before it is sent
    inAction: (f) => !!f && f.on_field !== false,  // may look (line of sight on hover)
    label: () => null,          // (parsed action): a button's words, null: the default
    facing: () => 0,            // (view, ref, x, y): the facing of a point's action
    /** The status line: {round, first, scores: [A's, B's]}. */
    status(view) {
      return {round: view.round ? String(view.round) + (view.rounds ? "/" + view.rounds : "")
                                : "",
              first: "",
              scores: [0, 1].map((side) => (view.scores ? `${sideLetter(side)}: ${view.scores[side]}`
                                                        : ""))};
    },
    /** The replay's status line. */
    replayStatus(view) {
      const status = this.status(view);
      return [status.round, ...status.scores].filter(Boolean).join(" · ");
    },
    /** The pieces of each side; a click selects one. */
    roster(view, selected, onSelect) {
      const pieces = view.fighters || view.figures || [];
      return [0, 1].map((side) => el("div", {class: "roster-side side-" + sideLetter(side)},
        el("h3", {}, el("span", {class: "side-dot side-" + sideLetter(side)}), sideName(side)),
        el("ul", {}, pieces.filter((f) => f.side === side).map((f) =>
          el("li", {class: "roster-item" + (f.ref === selected ? " selected" : ""),
                    dataset: {ref: f.ref}, onclick: () => onSelect(f.ref)},
             el("span", {class: "name"}, f.name || f.ref))))));
    },
    /** A piece's card: its name and what the view says of it. */
    card(f) {
      return el("div", {class: "fighter-card", dataset: {ref: f.ref}},
        el("h2", {}, el("span", {class: "side-dot side-" + sideLetter(f.side)}), f.name || f.ref),
        el("pre", {}, JSON.stringify(f, null, 1)));
    },
    /** What the board draws (static/board.js) from a view and the state frame's ``board``:
        the field (cm), scenery and markers as the view has them, the zones the board adds,
        and the pieces on the table (a base's radius in cm); null for a view without a
        field (the page shows the ruleset's own picture, the state frame's ``svg``). */
    scene(view, board) {
      const size = view.field_size || view.table_cm;
      if (!size) return null;  // no table in the view: the ruleset's picture is shown
      const onTable = (f) => f.on_field !== false && f.placed !== false && !f.out &&
        !f.extracted && typeof f.x === "number" && typeof f.y === "number";
      return {
        width: Number(size[0]), height: Number(size[1]),
        scenery: view.scenery || [],
        markers: (view.markers || []).filter((m) => !m.carrier).map((m) => ({
          id: m.id, x: m.x, y: m.y, r: m.radius, label: m.label || word(m.kind || ""),
          cls: m.kind || ""})),
        zones: (board && board.zones) || [],
        pieces: (view.fighters || view.figures || []).filter(onTable).map((f) => ({
          ref: f.ref, side: f.side, x: f.x, y: f.y, label: f.name || f.ref,
          r: f.radius || (f.profile && f.profile.base_mm ? f.profile.base_mm / 20 : 1.25),
          facing: f.facing})),
      };
    },
    myCards: () => null,        // (view): the seat's own cards, null: none
    odds: (frame) => el("p", {class: "muted"}, tr(frame.summary || "")),
    sightText: () => null,      // (sight frame): the verdict's words, null: the default
    tapeText: () => null,       // (probe frame): the tape's words, null: the default
    oddsCorridor: () => null,   // (odds): {from, to, cover} to draw on the table, or null
    /** The end screen's lines. */
    result(outcome) {
      if (!outcome) return {result: "", score: "", reason: ""};
      const scores = outcome.scores || [];
      return {
        result: outcome.winner === null || outcome.winner === undefined ? t("table.draw")
          : t("table.winner", {side: sideName(outcome.winner)}),
        score: scores.length ? `A ${scores[0]} – B ${scores[1]}` : "",
        reason: tr(outcome.reason || ""),
      };
    },
  };
  const games = {};

  /** A game's own ways (its script calls this once): the defaults, then ``part``. */
  function register(name, part) {
    games[name] = Object.assign(Object.create(DEFAULT_GAME), part);
  }

  /** The ways of the game of ``view`` (its ``ruleset``), else the defaults. */
  function gameOf(view) {
    return (view && games[view.ruleset]) || DEFAULT_GAME;
  }

  // The lobby: each game's script gives SK.lobbyPart(name, {body: async () => fields}).
  const lobbyParts = {};
  const lobbyPart = (name, part) => { lobbyParts[name] = part; };
  const lobbyPartOf = (name) => lobbyParts[name] || {body: async () => ({})};

  /** The default scene of a view (a game's own scene() may start from it). */
  const baseScene = (view, board) => DEFAULT_GAME.scene(view, board);

  return {config, lang, t, fitSvg, term, word, tr, pct, num, el, colon, sideLetter, sideName,
          renderLog, register, gameOf, lobbyPart, lobbyPartOf, baseScene};
})();
