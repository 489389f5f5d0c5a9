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
  const TERMS = ["PSI", "CBT", "VIG", "SPD", "AP", "SP", "VP", "CP"];

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
  // Seats A and B; side 2 is Eden's non-player fighters (Infestation), "N".
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

  return {config, lang, t, fitSvg, term, word, tr, pct, num, el, colon, sideLetter, sideName,
          renderLog};
})();
