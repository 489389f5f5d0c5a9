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
    if (key in config.t) return config.t[key];
    const point = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(w);
    return point ? `(${round1(point[1])}, ${round1(point[2])})` : w;
  }

  /** A number of the notation as shown: two decimals or more rounded to one (0.1 cm). */
  const round1 = (text) => (/\.\d{2,}$/.test(text) ? Number(text).toFixed(1) : text);

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

  /** Log lines into an <ol>: what a player reads (the line's sentence, ``line``, numbers
      rounded to 0.1, translated), the exact notation (``text``) on hover (title) and in
      ``data-notation`` (the copy button copies it); styled by kind; card names show their
      text (cardHints); the log's filter box applies (logPanel). */
  function renderLog(list, lines) {
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    // Only the new lines are added when the log shown is the start of the new one: the live
    // region (aria-live) then announces what happened, not the whole log again.
    const keys = lines.map((line) => `${line.kind}\u0000${line.text}\u0000${line.line || ""}`);
    const shown = list.logKeys || [];
    const grows = shown.length <= keys.length && list.children.length === shown.length
      && shown.every((key, i) => key === keys[i]);
    const item = (line, i) => {
      const kind = (line.kind || "").replace(/[^\w-]/g, "-");
      const exact = line.text || "";
      const said = tr(line.line || exact);
      return el("li", {class: "log-" + kind, title: exact === said ? null : exact,
                       dataset: {i: String(i), notation: exact}},
                el("span", {class: "log-text"}, cardHints(said)),
                exact && line.kind !== "explain" ? el("button", {
                  type: "button", class: "log-copy", title: t("log.copy"),
                  "aria-label": t("log.copy"),
                  onclick: (event) => copy(exact, event.currentTarget)}, "⧉") : null);
    };
    if (grows) {
      list.append(...lines.slice(shown.length).map((line, i) => item(line, shown.length + i)));
    }
    else list.replaceChildren(...lines.map(item));
    list.logKeys = keys;
    filterLog(list);
    if (atBottom) list.scrollTop = list.scrollHeight;
  }

  /** Copy ``text`` to the clipboard (a log line's exact notation); its ``button`` says so. */
  function copy(text, button) {
    const done = () => {
      button.classList.add("copied");
      button.textContent = "✓";
      button.title = t("lobby.join.copied");
    };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(done, () => {});
    }
  }

  /** Show only the log lines holding the filter box's words (any case; shown words or
      notation). */
  function filterLog(list) {
    const box = document.getElementById("log-filter");
    const words = box ? box.value.trim().toLowerCase() : "";
    for (const li of list.children) {
      const hay = (li.textContent + " " + (li.dataset.notation || "")).toLowerCase();
      li.hidden = !!words && !words.split(/\s+/).every((w) => hay.includes(w));
    }
  }

  /** The log panel's filter box and its grow button (the page's #log-filter, #log-grow). */
  function logPanel() {
    const list = document.getElementById("log");
    const box = document.getElementById("log-filter");
    const grow = document.getElementById("log-grow");
    if (!list) return;
    if (box) box.addEventListener("input", () => filterLog(list));
    if (grow) {
      grow.addEventListener("click", () => {
        const panel = list.closest(".log-panel");
        const grown = panel.classList.toggle("grown");
        grow.setAttribute("aria-expanded", grown ? "true" : "false");
        grow.textContent = t(grown ? "log.shrink" : "log.grow");
        list.scrollTop = list.scrollHeight;
      });
    }
  }

  /** The options a decision does not offer, each a disabled button with the rule's reason
      (frame.unavailable: [{action, reason, label}]), in their verb's group of ``box``. */
  function unavailable(box, list) {
    for (const item of list || []) {
      const verb = item.action.split(" ")[0];
      let group = box.querySelector(`.verb-group[data-verb="${CSS.escape(verb)}"] .buttons`);
      if (!group) {
        const made = el("div", {class: "verb-group", dataset: {verb}},
                        el("h3", {}, t("verb." + verb)), el("div", {class: "buttons"}));
        box.append(made);
        group = made.querySelector(".buttons");
      }
      const reason = tr(item.reason || "");
      group.append(el("span", {class: "unavailable-option"},
        el("button", {type: "button", class: "act unavailable", disabled: true, title: reason,
                      "aria-description": reason, dataset: {action: item.action}},
           item.label || item.action),
        el("small", {class: "why-not"}, t("table.unavailable", {reason}))));
    }
  }

  /** A bot's explanation (the ``explanation`` frame, web/explanations.py) in words, saying
      no more than it knows: its estimate with its interval, "too early to say" after few
      iterations, the heuristic's reason, or its only legal action (docs/web.md, "Why?"). */
  function whyText(frame) {
    const side = (p) => (p === 0 || p === 1 ? sideLetter(p) : "?");
    const line = (frame.line || []).map((s) => tr(s.sentence || s.action)).join(", ");
    const pc = (x) => Math.round(100 * x);
    const [low, high] = frame.interval || [0, 1];
    const key = {estimate: "table.why.line", early: "table.why.early",
                 heuristic: "table.why.heuristic", forced: "table.why.forced"}[frame.verdict]
      || "table.why.line";
    let text = t(key, {
      agent: frame.agent || t("table.why.bot"), side: side(frame.seat),
      action: tr(frame.sentence || frame.action),
      win: frame.win === null || frame.win === undefined ? "?" : pc(frame.win),
      low: pc(low), high: pc(high), n: frame.iterations || 0,
    });
    if (frame.reason === "(secret)") text += " " + t("table.why.secret_reason");
    else if (frame.reason) text += " " + t("table.why.reason", {reason: tr(frame.reason)});
    if (line && (frame.verdict === "estimate" || frame.verdict === "early")) {
      text += " " + t("table.why.expected", {line});
    }
    return text;
  }

  // -- cards at hand: a card's text wherever its name appears -------------------------------
  // name (as written, and with the notation's hyphens) -> its text; a game's script (or the
  // page, from its view) tells them with SK.knowCards({name: text}).
  const cardTexts = new Map();
  let cardPattern = null;

  /** Learn cards' texts (name -> text, one line or several: a fighter's card in short);
      their names become hints from then on. ``table``: the translations table the texts go
      through first (a state frame's ``glossary`` is sent in English: "cards"). */
  function knowCards(cards, table) {
    let added = false;
    for (const [name, written] of Object.entries(cards || {})) {
      const text = table && typeof written === "string" ? tr(written, table) : written;
      if (!name || !text) continue;
      for (const key of [name, name.replace(/ /g, "-")]) {
        if (cardTexts.get(key) !== text) { cardTexts.set(key, text); added = true; }
      }
    }
    if (!added) return;
    const names = [...cardTexts.keys()].sort((a, b) => b.length - a.length)
      .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    cardPattern = names.length ? new RegExp("(^|[^\\w-])(" + names.join("|") + ")(?![\\w-])", "g")
                               : null;
  }

  /** ``text`` as nodes: each card name it holds a focusable hint showing the card's text
      (title on hover; a tap or focus opens it: CSS .card-hint:focus::after). */
  function cardHints(text) {
    if (!cardPattern || typeof text !== "string") return [text];
    const out = [];
    let last = 0;
    cardPattern.lastIndex = 0;
    for (let m = cardPattern.exec(text); m; m = cardPattern.exec(text)) {
      const start = m.index + m[1].length;
      if (start > last) out.push(text.slice(last, start));
      out.push(cardHint(m[2]));
      last = start + m[2].length;
    }
    if (last < text.length) out.push(text.slice(last));
    return out;
  }

  /** The text of the card ``name`` (as written or in the notation), "" when unknown. */
  const cardText = (name) => cardTexts.get(name) || "";

  /** One card name as a hint: its text on hover (title), tap and keyboard focus. */
  function cardHint(name, label) {
    const text = cardTexts.get(name) || "";
    return el("span", {class: "card-hint", tabindex: "0", role: "note", title: text,
                       "data-card-text": text, "aria-label": `${label || name}: ${text}`},
              label || name);
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
    cardTexts: () => ({}),      // (view): {card name: its text}, shown wherever a name appears
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

  // -- the table's picture in this language -------------------------------------------------
  /** Every text and tooltip of the SVG pictures under ``root`` through the "picture" table
      (its title, compass, legend, labels; a no-op in English). */
  function trPicture(root) {
    if (!tables.picture || !root) return;
    for (const node of root.querySelectorAll("svg text, svg title, svg tspan")) {
      if (node.children.length || node.dataset.tr === lang) continue;
      const text = node.textContent;
      const french = tr(text, "picture");
      if (french !== text) node.textContent = french;
      node.dataset.tr = lang;
    }
  }

  /** Translate the pictures the page puts in #field, now and whenever they change. */
  function watchPictures() {
    const box = document.getElementById("field");
    if (!box || !tables.picture) return;
    trPicture(box);
    new MutationObserver(() => trPicture(box)).observe(box, {childList: true, subtree: true});
  }

  function ready() {
    logPanel();
    watchPictures();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();

  return {config, lang, t, fitSvg, term, word, tr, pct, num, el, colon, sideLetter, sideName,
          renderLog, filterLog, trPicture, unavailable, whyText, knowCards, cardHints, cardHint,
          cardText, register, gameOf, lobbyPart, lobbyPartOf, baseScene};
})();
