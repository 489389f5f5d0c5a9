/* The lobby: create a match (POST /api/matches), list this browser's matches
   (GET /api/matches), upload a record to replay (POST /api/replays). */
"use strict";

(() => {
  const {t, el, sideName} = SK;
  const $ = (id) => document.getElementById(id);

  // A troop from a file: show the file input when "Troop file (YAML)…" is chosen.
  for (const seat of [0, 1]) {
    const select = $("troop-" + seat);
    const fileLabel = $("seat-" + seat).querySelector(".troop-file");
    const sync = () => { fileLabel.hidden = select.value !== "__yaml__"; };
    select.addEventListener("change", sync);
    sync();
  }

  // The game: Eden's troops, missions, rounds and table, or ME:A's bands and scenario.
  const game = () => $("ruleset").value;
  function syncGame() {
    const me = game() === "masseffect";
    for (const node of document.querySelectorAll(".eden-only")) node.hidden = me;
    for (const node of document.querySelectorAll(".me-only")) node.hidden = !me;
  }
  $("ruleset").addEventListener("change", syncGame);
  syncGame();

  // A band from pasted YAML: show the text box when "Paste a band (YAML)…" is chosen.
  for (const seat of [0, 1]) {
    const select = $("band-" + seat);
    const box = $("seat-" + seat).querySelector(".band-yaml");
    const sync = () => { box.hidden = select.value !== "__yaml__"; };
    select.addEventListener("change", sync);
    sync();
  }

  function bandOf(seat) {
    const value = $("band-" + seat).value;
    if (value !== "__yaml__") return value;
    const text = $("band-yaml-" + seat).value;
    if (!text.trim()) throw new Error(t("lobby.band.text") + " (" + sideName(seat) + ") ?");
    return {yaml: text, name: "band-" + "AB"[seat] + ".yaml"};
  }

  async function troopOf(seat) {
    const value = $("troop-" + seat).value;
    if (value !== "__yaml__") return value;
    const file = $("troop-file-" + seat).files[0];
    if (!file) throw new Error(t("lobby.troop.file") + " (" + sideName(seat) + ") ?");
    return {yaml: await file.text(), name: file.name.slice(0, 100)};
  }

  function seatOf(seat) {
    const kind = $("kind-" + seat).value;
    return kind.startsWith("bot:") ? {kind: "bot", agent: kind.slice(4)} : {kind: "human"};
  }

  function missionsOf(seat) {
    const ticked = [...document.querySelectorAll(".mission-" + seat + ":checked")];
    return ticked.length ? ticked.map((box) => box.value) : null;
  }

  /** Eden's optional rules as the command line writes them ("territory,infestation:3,
      climate:roll"), or "" for the basic rules only. */
  function rulesOf() {
    const parts = [];
    const territory = $("rule-territory");
    if (territory && territory.checked) parts.push("territory");
    const infestation = $("rule-infestation");
    if (infestation && infestation.value) parts.push("infestation:" + infestation.value);
    const climate = $("rule-climate");
    if (climate && climate.value) parts.push("climate:" + climate.value);
    return parts.join(",");
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
      const body = game() === "masseffect" ? {
        ruleset: "masseffect",
        title: $("title").value.trim(),
        bands: [bandOf(0), bandOf(1)],
        scenario: $("scenario").value,
        seats: [seatOf(0), seatOf(1)],
        mode,
      } : {
        ruleset: $("ruleset").value,
        title: $("title").value.trim(),
        troops: [await troopOf(0), await troopOf(1)],
        seats: [seatOf(0), seatOf(1)],
        mode,
        rounds: Number($("rounds").value),
        field: [Number($("field-w").value), Number($("field-h").value)],
        missions: [missionsOf(0), missionsOf(1)],
        rules: rulesOf(),
      };
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

  /** After creation: go straight to the table when this browser is the only human (or
      hot-seat); otherwise show the join links, the first one to take here. */
  function created(answer, mode) {
    const join = answer.join || {};
    const seats = Object.keys(join).sort();
    if (seats.length === 0) { location.href = "/match/" + answer.id; return; }
    if (seats.length === 1 || mode === "hotseat") { location.href = join[seats[0]]; return; }
    const list = $("join-links");
    list.replaceChildren();
    seats.forEach((seat, i) => {
      const side = sideName(Number(seat));
      const url = new URL(join[seat], location.href).href;
      if (i === 0) {
        list.append(el("li", {}, el("a", {class: "button primary", href: join[seat],
                                          id: "join-" + seat}, t("lobby.join.mine", {side}))));
      } else {
        const input = el("input", {readonly: true, value: url, class: "join-url",
                                   id: "join-url-" + seat});
        const copy = el("button", {type: "button", onclick: async () => {
          input.select();
          try { await navigator.clipboard.writeText(url); } catch (e) { document.execCommand("copy"); }
          copy.textContent = t("lobby.join.copied");
        }}, t("lobby.join.copy"));
        list.append(el("li", {}, el("p", {}, t("lobby.join.send", {side})), input, copy));
      }
    });
    $("created").hidden = false;
    loadMine();
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
      return el("li", {class: "match-item", dataset: {id: m.id}},
        el("a", {href: "/match/" + m.id, class: "match-link"}, m.title || m.id),
        el("span", {class: "badge " + (over ? "over" : "open")},
           t(over ? "lobby.status.over" : "lobby.status.open")),
        el("span", {class: "muted"}, t("lobby.actions", {n: m.count || 0})),
        seats ? el("span", {class: "muted"}, seats + mine) : null,
        over ? el("a", {href: "/replay/" + m.id, class: "button small"}, t("lobby.replay")) : null);
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
