/* The lobby: create a match (POST /api/matches: the fields every game shares, then the
   chosen game's own from its lobby script, SK.lobbyPart), list this browser's matches
   (GET /api/matches), upload a record to replay (POST /api/replays). */
"use strict";

(() => {
  const {t, el, sideName} = SK;
  const $ = (id) => document.getElementById(id);

  // The game: each game's part of the form (its web part's lobby templates) is shown when
  // it is chosen; its lobby script (SK.lobbyPart) adds its fields to the request.
  const game = () => $("ruleset").value;
  function syncGame() {
    for (const node of document.querySelectorAll(".game-part")) {
      node.hidden = node.dataset.game !== game();
    }
  }
  $("ruleset").addEventListener("change", syncGame);
  syncGame();

  function seatOf(seat) {
    const kind = $("kind-" + seat).value;
    return kind.startsWith("bot:") ? {kind: "bot", agent: kind.slice(4)} : {kind: "human"};
  }

  /** The house rules chosen for ``name``'s match: every option's reading ({} when the game
      has none); the server checks them and keeps only what it plays. */
  function houseRulesOf(name) {
    const chosen = {};
    for (const select of document.querySelectorAll(
      '.house-rules[data-game="' + name + '"] select.house-rule')) {
      chosen[select.dataset.rule] = select.value;
    }
    return chosen;
  }

  /** The clock asked for: null (no clock: the minutes left empty or 0), else
      {minutes, increment} (the server checks them: web/clocks.py). */
  function clockOf() {
    const minutes = Number($("clock-minutes").value || 0);
    if (!(minutes > 0)) return null;
    return {minutes, increment: Number($("clock-increment").value || 0)};
  }

  async function errorText(response) {
    try {
      const body = await response.json();
      const detail = body.error || body.detail || body.message || body;
      return typeof detail === "string" ? detail : JSON.stringify(detail);
    } catch (e) {
      return response.status + " " + response.statusText;
    }
  }

  function showError(id, message) {
    const node = $(id);
    node.textContent = message;
    node.hidden = !message;
  }

  $("create-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    showError("create-error", "");
    const button = $("create");
    button.disabled = true;
    try {
      const mode = document.querySelector("input[name=mode]:checked").value;
      const body = Object.assign({
        ruleset: game(),
        title: $("title").value.trim(),
        seats: [seatOf(0), seatOf(1)],
        mode,
        private: $("private").checked,
        clock: clockOf(),
        house_rules: houseRulesOf(game()),
      }, await SK.lobbyPartOf(game()).body());
      const response = await fetch("/api/matches", {
        method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify(body), credentials: "same-origin",
      });
      if (!response.ok) throw new Error(await errorText(response));
      created(await response.json(), mode);
    } catch (error) {
      showError("create-error", t("lobby.error", {message: error.message}));
    } finally {
      button.disabled = false;
    }
  });

  /** A link to pass on: its text, selectable, and a button copying it. */
  function linkItem(label, path, id) {
    const url = new URL(path, location.href).href;
    const input = el("input", {readonly: true, value: url, class: "join-url", id});
    const copy = el("button", {type: "button", onclick: async () => {
      input.select();
      try { await navigator.clipboard.writeText(url); } catch (e) { document.execCommand("copy"); }
      copy.textContent = t("lobby.join.copied");
    }}, t("lobby.join.copy"));
    return el("li", {}, el("p", {}, label), input, copy);
  }

  /** After creation: go straight to the table when this browser is the only human (or
      hot-seat) and there is no spectator link to keep; otherwise show the links, the first
      join link to take here. */
  function created(answer, mode) {
    const join = answer.join || {};
    const seats = Object.keys(join).sort();
    if (!answer.watch) {
      if (seats.length === 0) { location.href = "/match/" + answer.id; return; }
      if (seats.length === 1 || mode === "hotseat") { location.href = join[seats[0]]; return; }
    }
    const list = $("join-links");
    list.replaceChildren();
    seats.forEach((seat, i) => {
      const side = sideName(Number(seat));
      if (i === 0) {
        list.append(el("li", {}, el("a", {class: "button primary", href: join[seat],
                                          id: "join-" + seat}, t("lobby.join.mine", {side}))));
      } else if (mode !== "hotseat") {
        list.append(linkItem(t("lobby.join.send", {side}), join[seat], "join-url-" + seat));
      }
    });
    if (seats.length === 0) {
      list.append(el("li", {}, el("a", {class: "button primary", href: "/match/" + answer.id},
                                  t("lobby.watch.open"))));
    }
    if (answer.watch) list.append(linkItem(t("lobby.watch.send"), answer.watch, "watch-url"));
    $("created").hidden = false;
    loadMine();
  }

  /** The owner's new link for a seat (POST .../seats/{seat}/link): the old one stops
      working; the new one is shown to copy. */
  async function newLink(match, seat, where) {
    try {
      const response = await fetch(`/api/matches/${match.id}/seats/${seat}/link`, {
        method: "POST", credentials: "same-origin"});
      if (!response.ok) throw new Error(await errorText(response));
      const answer = await response.json();
      where.replaceChildren(linkItem(t("lobby.link.new", {side: sideName(seat)}), answer.join,
                                     `new-link-${match.id}-${seat}`));
    } catch (error) {
      where.replaceChildren(el("li", {class: "error"}, t("lobby.error", {message: error.message})));
    }
  }

  async function loadMine() {
    let matches = [];
    try {
      const response = await fetch("/api/matches", {credentials: "same-origin"});
      if (response.ok) {
        const body = await response.json();
        matches = Array.isArray(body) ? body : body.matches || [];
      }
    } catch (e) { /* the list stays empty */ }
    const list = $("my-matches");
    if (!matches.length) {
      list.replaceChildren(el("li", {class: "muted"}, t("lobby.mine.none")));
      return;
    }
    list.replaceChildren(...matches.map((m) => {
      const over = m.status === "over";
      const seats = (m.seats || []).map((s, i) => {
        const kind = s.kind === "bot" ? t("lobby.seat.bot", {agent: t("agent." + s.agent)})
                                      : t("lobby.seat.human");
        return sideName(s.seat !== undefined ? s.seat : i) + ": " + kind;
      }).join(" · ");
      const mine = m.seat === null || m.seat === undefined ? "" : " · " + sideName(m.seat);
      const links = el("ul", {class: "new-links"});
      const reissue = m.owner && !over ? (m.seats || []).filter((s) => s.kind === "human")
        .map((s) => el("button", {type: "button", class: "small new-link",
                                  dataset: {seat: String(s.seat)},
                                  onclick: () => newLink(m, s.seat, links)},
                       t("lobby.link.button", {side: sideName(s.seat)}))) : [];
      return el("li", {class: "match-item", dataset: {id: m.id}},
        el("a", {href: "/match/" + m.id, class: "match-link"}, m.title || m.id),
        el("span", {class: "badge " + (over ? "over" : "open")},
           t(over ? "lobby.status.over" : "lobby.status.open")),
        el("span", {class: "muted"}, t("lobby.actions", {n: m.count || 0})),
        seats ? el("span", {class: "muted"}, seats + mine) : null,
        over ? el("a", {href: "/replay/" + m.id, class: "button small"}, t("lobby.replay")) : null,
        ...reissue, links);
    }));
  }

  $("upload-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    showError("upload-error", "");
    const file = $("record-file").files[0];
    if (!file) return;
    try {
      const response = await fetch("/api/replays", {
        method: "POST", headers: {"Content-Type": "application/x-ndjson"},
        body: await file.text(), credentials: "same-origin",
      });
      if (!response.ok) throw new Error(await errorText(response));
      const answer = await response.json();
      location.href = "/replay/" + answer.id;
    } catch (error) {
      showError("upload-error", error.message);
    }
  });

  loadMine();
})();
