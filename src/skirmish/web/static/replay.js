/* The replay page: the table after each action of a finished match or an uploaded record
   (GET /api/replays/{id}/{step} -> {svg, log, count}), forwards and backwards. */
"use strict";

(() => {
  const {t, tr, el, renderLog} = SK;
  const $ = (id) => document.getElementById(id);
  const id = SK.config.replay;
  const cache = new Map();
  let step = SK.config.step === null || SK.config.step === undefined ? 0 : SK.config.step;
  let count = null;
  let playing = null;
  let loading = 0;
  let selected = null;
  let shown = null;

  function select(ref) {
    selected = ref === selected ? null : ref;
    if (shown) details(shown);
  }

  /** The step's action, the score, the roster and the selected fighter's card. */
  function details(data) {
    shown = data;
    const view = data.view;
    $("step-action").textContent = data.action
      ? tr(data.action.line || `player ${"AB"[data.action.player]}: ${data.action.text}`)
      : t("replay.start");
    $("step-action").title = data.action ? data.action.text : "";
    if (!view) return;
    const game = SK.gameOf(view);  // the game's own ways (common.js, SK.register)
    $("step-score").textContent = game.replayStatus(view);
    $("roster").replaceChildren(...game.roster(view, selected, select));
    const fighter = (view.fighters || view.figures || []).find((f) => f.ref === selected);
    $("card").replaceChildren(!fighter ? el("p", {class: "muted"}, t("table.select"))
      : game.card(fighter, view, {cards: data.cards, log: data.log || []}));
    for (const g of $("field").querySelectorAll('g.base[id^="base-"]')) {
      g.style.cursor = "pointer";
      g.addEventListener("click", () => select(g.id.slice(5)));
      if (g.id === "base-" + selected) g.classList.add("is-selected");
    }
  }

  async function fetchStep(n) {
    if (cache.has(n)) return cache.get(n);
    const response = await fetch(`/api/replays/${encodeURIComponent(id)}/${n}`,
                                 {credentials: "same-origin"});
    if (!response.ok) throw new Error(String(response.status));
    const data = await response.json();
    cache.set(n, data);
    return data;
  }

  async function show(n) {
    if (count !== null) n = Math.max(0, Math.min(count, n));
    const ticket = ++loading;
    let data;
    try {
      data = await fetchStep(n);
    } catch (error) {
      $("replay-error").hidden = false;
      stop();
      return;
    }
    if (ticket !== loading) return;
    step = n;
    count = data.count;
    $("field").innerHTML = data.svg;
    const svg = $("field").querySelector("svg");
    if (svg) SK.fitSvg(svg);
    SK.knowCards(data.glossary, "cards");  // the texts the view names only (docs/web.md)
    if (data.view) SK.knowCards(SK.gameOf(data.view).cardTexts(data.view));
    renderLog($("log"), data.log || []);
    details(data);
    const list = $("log");
    list.scrollTop = list.scrollHeight;
    $("slider").max = String(count);
    $("slider").value = String(step);
    $("step-label").textContent = t("replay.step", {step, count});
    document.body.dataset.step = String(step);
    $("prev").disabled = $("first").disabled = step <= 0;
    $("next").disabled = $("last").disabled = step >= count;
    history.replaceState(null, "", `?step=${step}`);
    if (step + 1 <= count) fetchStep(step + 1).catch(() => {});
  }

  function stop() {
    clearInterval(playing);
    playing = null;
    $("play").textContent = t("replay.play");
  }

  function play() {
    if (playing) { stop(); return; }
    if (count !== null && step >= count) show(0);
    $("play").textContent = t("replay.pause");
    playing = setInterval(() => {
      if (count !== null && step >= count) { stop(); return; }
      show(step + 1);
    }, 600);
  }

  $("first").addEventListener("click", () => { stop(); show(0); });
  $("prev").addEventListener("click", () => { stop(); show(step - 1); });
  $("next").addEventListener("click", () => { stop(); show(step + 1); });
  $("last").addEventListener("click", () => { stop(); show(count === null ? 0 : count); });
  $("play").addEventListener("click", play);
  $("slider").addEventListener("input", () => { stop(); show(Number($("slider").value)); });
  document.addEventListener("keydown", (event) => {
    if (event.target.tagName === "INPUT" && event.target.type !== "range") return;
    if (event.key === "ArrowRight") { stop(); show(step + 1); }
    else if (event.key === "ArrowLeft") { stop(); show(step - 1); }
    else if (event.key === "Home") { stop(); show(0); }
    else if (event.key === "End") { stop(); show(count === null ? 0 : count); }
    else return;
    event.preventDefault();
  });

  show(step);
})();
