/* The table page: one websocket (/ws/{id}, docs/web.md), the state the server sends, the
   seat's decision as buttons, moves by clicking or dragging with a live tape, line of sight
   on hover, odds before every attack, hot-seat handovers, automatic reconnection. */
"use strict";

(() => {
  const {t, tr, word, el, sideName, sideLetter, renderLog} = SK;
  const $ = (id) => document.getElementById(id);
  const matchId = SK.config.match;

  // The game of the match differs in these (its script's SK.register, common.js): which
  // verbs take a point (and a facing, or an angle), which are attacks (their odds are shown
  // before confirming), which fighter acts, its cards, roster and status line.
  const G = () => SK.gameOf(S.view);
  const clickVerbs = () => G().CLICK_VERBS;
  const dragVerbs = () => G().DRAG_VERBS;
  const isAttack = (text) => G().isAttack(S.view, text);
  const isProbed = (verb) => G().isProbed(verb);

  const S = {seat: null, view: null, legal: [], log: [], over: false, outcome: null,
             mode: "remote", count: 0, cards: null, whys: []};
  let selected = null;       // the selected fighter's ref
  let pick = null;           // {prefix, suffix, verb, angle: bool, fighter}: a point to choose
  let pending = null;        // {text, verb}: an action shown before it is sent
  let endShownAt = -1;
  let shownLog = Infinity;   // the log lines drawn before (the first frame's do not flash)
  let ws = null;
  let lastFrame = null;      // the last state frame, the base of the next delta
  let retry = 0;
  let pingTimer = null;
  let retryTimer = null;

  // The board (static/board.js): a legal click, drop or key point is sent at once (a refused
  // drop: at the nearest legal point), unless the player asks to confirm (quick() false).
  const quick = TableActions.quick;
  const field = Board.create($("field"), {
    onBase: (ref, event, point) => {
      if (pick) { choosePoint(point[0], point[1], {}); return; }
      select(ref);
    },
    onPoint: (x, y, how) => {
      if (pick) { choosePoint(x, y, how); return; }
      const group = selected && groupFor(selected, how.dragged ? dragVerbs() : clickVerbs());
      if (group) { startPick(group); choosePoint(x, y, how); }
    },
    onDrag: (x, y, ref) => dragTo(x, y, ref),
    onHover: (ref) => hover(ref),
    onSelect: (ref) => { if (ref !== selected) select(ref); },
    onMovePointer: (x, y) => { if (pick && (pick.angle || pick.template)) aim(x, y); },
    aimsByDrag: () => !!(pick && pick.angle),
    onAim: (from, to) => aim(from[0], from[1], to),
    canDrag: (ref) => !!groupFor(ref, dragVerbs()),
  });

  // -- the connection ----------------------------------------------------------------------
  function connect() {
    clearTimeout(retryTimer);
    setConn("connecting", t("table.connecting"));
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // delta frames: what changed since the last frame (docs/web.md, Delta frames)
    // (the board is drawn here: no server picture, unless the game has no board)
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${matchId}?deltas=1&picture=0`);
    lastFrame = null;
    ws = socket;
    socket.onopen = () => {
      retry = 0;
      setConn("open", t("table.connected"));
      clearInterval(pingTimer);
      pingTimer = setInterval(() => send({type: "ping"}), 20000);
    };
    socket.onmessage = (event) => { if (ws === socket) receive(JSON.parse(event.data)); };
    socket.onclose = (event) => {
      if (ws !== socket) return;
      clearInterval(pingTimer);
      if (event.code === 1008 || event.code === 1009) {  // refused: retrying would not help
        setConn("closed", event.reason || String(event.code));
        return;
      }
      const delay = Math.min(10, 2 ** retry);
      retry += 1;
      setConn("retry", t("table.reconnecting", {s: delay}));
      retryTimer = setTimeout(connect, delay * 1000);
    };
  }

  // The network is gone: close now (onclose retries); back: reconnect at once.
  window.addEventListener("offline", () => { if (ws) ws.close(); });
  window.addEventListener("online", () => {
    if (!ws || ws.readyState >= WebSocket.CLOSING) { retry = 0; connect(); }
  });

  function send(message) {
    if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify(message)); return true; }
    return false;
  }
  SK.send = send;  // the chat writes through this socket (chat.js)

  function setConn(state, text) {
    const node = $("conn");
    node.dataset.state = state;
    node.textContent = text;
  }

  function receive(frame) {
    switch (frame.type) {
      case "state": return onState(frame);
      case "delta": return onDelta(frame);
      case "handover": return onHandover(frame);
      case "probe": return onProbe(frame);
      case "sight": return onSight(frame);
      case "odds": return onOdds(frame);
      case "explanation": return onExplanation(frame);
      case "error":
        if (pending && pending.probed && !pending.probe) pending.probed = false;
        renderPending();
        return toast(t("table.error", {message: tr(frame.message)}));
      // chat and others: the scripts between people listen (chat.js)
      default: return document.dispatchEvent(new CustomEvent("sk:frame", {detail: frame}));
    }
  }

  // -- state -------------------------------------------------------------------------------
  /** A delta frame: the last state frame with what changed set and deleted; a delta for
      another base than the frame held asks the server for a whole frame. */
  function onDelta(delta) {
    if (!lastFrame || lastFrame.version !== delta.base) { send({type: "resync"}); return; }
    const frame = structuredClone(lastFrame);
    const walk = (path) => path.slice(0, -1).reduce((node, key) => node[key], frame);
    for (const [path, value] of delta.set) walk(path)[path[path.length - 1]] = value;
    for (const path of delta.del) delete walk(path)[path[path.length - 1]];
    onState(frame);
  }

  function onState(frame) {
    lastFrame = structuredClone(frame);
    const legalBefore = S.legal.join("\n");
    Object.assign(S, {seat: frame.seat, view: frame.view, legal: frame.legal || [],
                      over: frame.over, outcome: frame.outcome, mode: frame.mode || S.mode,
                      count: frame.count, cards: frame.cards || S.cards,
                      unavailable: frame.unavailable || [],
                      explained: frame.explained || 0});
    SK.knowCards(frame.glossary, "cards");  // the texts the view names only (docs/web.md)
    const from = frame.log_from || 0;
    S.log = S.log.slice(0, from).concat(frame.log || []);
    $("handover").hidden = true;
    document.body.classList.remove("handing-over");
    field.draw(G().scene(S.view, frame.board || {}), frame.board || {}, frame.svg);
    field.lastAction((frame.log || []).map((line) => line.text));
    $("sight").hidden = true;
    if (S.legal.join("\n") !== legalBefore) {
      pick = null;
      pending = null;
      field.clear();
      $("tape").hidden = true;
      const active = activeFighter();
      if (active) selected = active;
    }
    if (selected && !fighter(selected)) selected = null;
    field.select(selected);
    if (pending && pending.probe) onProbe(pending.probe);  // the new picture lost the tape
    render();
    // the clock, the chat and the "your turn" signal (clock.js, chat.js, signal.js)
    document.dispatchEvent(new CustomEvent("sk:state", {detail: {frame, mine: S.legal.length > 0}}));
    Turns.render(frame);  // the takeback button and request (turns.js)
  }

  /** The fighter every legal action of an activation names (to select it by itself). */
  function activeFighter() {
    const decision = S.view.decision || {};
    const kinds = G().ACTIVE_KINDS;
    if (!S.legal.length || !kinds.includes(decision.kind)) return null;
    const refs = new Set(S.legal.map((text) => text.split(" ")[1]).filter(Boolean));
    if (decision.kind === "deploy") return selected && refs.has(selected) ? selected : [...refs][0];
    return refs.size === 1 ? [...refs][0] : null;
  }

  function fighter(ref) {
    if (!S.view) return null;
    return (S.view.fighters || S.view.figures || []).find((f) => f.ref === ref) || null;
  }

  function render() {
    const v = S.view;
    renderStatus(G().status(v, S.seat));
    $("me").textContent = S.seat === null || S.seat === undefined ? t("table.spectator")
      : t("table.you", {side: sideName(S.seat)});
    // For people, nothing; for tests and tools: where the match stands.
    Object.assign(document.body.dataset, {
      seat: S.seat === null || S.seat === undefined ? "" : sideLetter(S.seat),
      count: String(S.count), over: String(!!S.over),
      decision: v.decision ? v.decision.kind : "", turn: S.legal.length ? "me" : "other",
      ruleset: v.ruleset || "",
    });
    SK.knowCards(G().cardTexts(v));
    renderDecision();
    renderLog($("log"), withWhys());
    let roll = null;
    for (const li of $("log").querySelectorAll("li")) {  // new lines flash once, a roll pops
      if (+li.dataset.i < shownLog) continue;
      li.classList.add("fresh");
      if (li.classList.contains("log-roll")) roll = li.textContent;
    }
    field.dice(roll);
    shownLog = S.log.length;
    $("why").hidden = !S.explained;
    $("roster").replaceChildren(...G().roster(v, selected, select));
    renderCard();
    renderEnd();
  }

  function renderStatus(status) {
    $("round").textContent = status.round;
    $("first").textContent = status.first;
    status.scores.forEach((text, side) => { $("score-" + side).textContent = text; });
  }

  function renderCard() {
    const f = selected && fighter(selected);
    const card = $("card");
    const mine = G().myCards(S.view);
    const was = card.querySelector("details.my-cards");
    if (mine && was) mine.open = was.open;
    card.replaceChildren(!f ? el("p", {class: "muted"}, t("table.select"))
      : G().card(f, S.view, {cards: S.cards, log: S.log}));
    if (mine) card.append(mine);
  }

  function select(ref) {
    selected = ref === selected && !pick ? null : ref;
    field.select(selected);
    field.clear("sight");
    $("sight").hidden = true;
    render();
  }

  // -- the decision ------------------------------------------------------------------------
  const parse = (text) => TableActions.parse(text, G());
  const groupFor = (ref, verbs) => TableActions.groupFor(S.legal, ref, verbs, G());

  function label(p) {
    const special = G().label(p);
    if (special) return special;
    const args = p.text.split(" ").slice(1).map((a) => word(a));
    return args.join(" ") || t("verb." + p.verb);
  }

  function renderDecision() {
    const v = S.view;
    const decision = v.decision;
    const box = $("actions");
    const waiting = $("waiting");
    box.replaceChildren();
    if (S.over || !decision) {
      waiting.hidden = true;
      $("prompt").textContent = S.over ? t("table.over") : "";
      $("notation-form").hidden = true;
      return renderPending();
    }
    const mine = S.legal.length > 0;
    waiting.hidden = mine;
    $("notation-form").hidden = !mine;
    $("decision").classList.toggle("my-turn", mine);
    if (!mine) {
      const who = sideName(decision.player);
      waiting.textContent = S.seat === null || S.seat === undefined
        ? t("table.waiting.spectator", {side: sideLetter(decision.player)})
        : t("table.waiting", {side: who});
      $("prompt").textContent = "";
      return renderPending();
    }
    $("prompt").replaceChildren(t("table.your_decision") + " — ",
                                ...SK.cardHints(tr(decision.prompt || "")));
    if (decision.kind === "secret-bid" && v.opponent_has_bid) {
      $("prompt").append(el("small", {class: "muted"}, " " + t("table.bid.placed")));
    }
    const groups = new Map();
    for (const p of S.legal.map(parse)) {
      const key = p.prefix ? `pick:${p.prefix}|${p.suffix}` : "verb:" + p.verb;
      if (!groups.has(p.verb)) groups.set(p.verb, new Map());
      const verbGroup = groups.get(p.verb);
      if (p.prefix) {
        if (!verbGroup.has(key)) verbGroup.set(key, {pick: true, first: p, samples: []});
        verbGroup.get(key).samples.push(p.text);
      } else {
        verbGroup.set(p.text, {pick: false, first: p});
      }
    }
    for (const [verb, entries] of groups) {
      const buttons = [];
      for (const entry of entries.values()) {
        const p = entry.first;
        if (!entry.pick) {
          const words = label(p);
          buttons.push(el("button", {type: "button", class: "act verb-" + verb,
                                     dataset: {action: p.text}, onclick: () => choose(p),
                                     onpointerenter: () => previewOdds(p),
                                     onfocus: () => previewOdds(p),
                                     ...TableActions.cardAttrs(p.text, words)}, words));
          continue;
        }
        const group = {verb, prefix: p.prefix, suffix: p.suffix, angle: p.angle, facing: p.facing,
                       fighter: p.prefix.split(" ")[1], sample: entry.samples[Math.floor(
                         entry.samples.length / 2)]};
        const args = p.prefix.split(" ").slice(1).map(word).join(" ");
        const active = pick && pick.prefix === group.prefix && pick.suffix === group.suffix;
        buttons.push(el("span", {class: "pick-group"},
          el("button", {type: "button", class: "act pick verb-" + verb + (active ? " active" : ""),
                        dataset: {prefix: p.prefix}, onclick: () => startPick(group),
                        ...TableActions.cardAttrs(p.prefix, args)},
             `${args}${p.suffix ? " ↻" + p.suffix + "°" : ""}`),
          el("button", {type: "button", class: "act sample small", title: group.sample,
                        dataset: {action: group.sample},
                        onclick: () => { startPick(group); propose(group.sample, {auto: quick()}); }},
             t("table.suggested"))));
      }
      box.append(el("div", {class: "verb-group", dataset: {verb}},
                    el("h3", {}, t("verb." + verb)), el("div", {class: "buttons"}, buttons)));
    }
    SK.unavailable(box, S.unavailable.map((u) => Object.assign({label: label(parse(u.action))}, u)));
    renderPending();
  }

  /** The odds a button's action shows (an attack's, a reaction's), or null. */
  function oddsOf(p) {
    const ctx = (S.view.decision || {}).context || {};
    if (isAttack(p.text)) return {odds: p.text};
    if (p.verb === "react" && ctx.attacker && ctx.target) {
      return {odds: `attack ${ctx.attacker} ${ctx.target}`, reaction: p.text.split(" ")[1]};
    }
    return null;
  }

  /** Pointing at (or focusing) an attack's button shows its odds before the one click. */
  function previewOdds(p) {
    const odds = oddsOf(p);
    if (!odds || !quick() || (pending && !pending.preview)) return;
    if (pending && pending.oddsText === odds.odds) return;
    propose(p.text, Object.assign({preview: true}, odds));
  }

  function choose(p) {
    pick = null;
    const odds = oddsOf(p);
    if (odds && !TableActions.quickAttacks()) { propose(p.text, odds); return; }
    act(p.text);
  }

  function act(text, confirmed) {
    // an irreversible secret choice is confirmed first (turns.js)
    if (!confirmed && Turns.confirm(S.view, S.seat, text, () => act(text, true))) return;
    if (!send({type: "action", text})) { toast(t("table.reconnecting", {s: 1})); return; }
    pending = null;
    pick = null;
    field.clear();
    renderPending();
  }

  /** Show an action before sending it: its tape or template (probe) and its odds. */
  function propose(text, options) {
    const verb = text.split(" ")[0];
    const probed = isProbed(verb);
    const o = options || {};
    pending = {text, verb, probed, probe: null, odds: null, oddsText: null, auto: !!o.auto,
               drag: !!o.drag, preview: !!o.preview, snapped: o.snapped || ""};
    if (o.auto && !probed) { act(text); return; }
    $("tape").hidden = true;
    if (probed) send({type: "probe", text});
    const oddsText = options && options.odds ? options.odds : isAttack(text) ? text : null;
    if (oddsText) {
      pending.oddsText = oddsText;
      const message = {type: "odds", text: oddsText};
      if (options && options.reaction) message.reaction = options.reaction;
      send(message);
    }
    renderPending();
  }

  function renderPending() {
    const box = $("pending");
    if (!pending && !pick) { box.hidden = true; return; }
    box.hidden = false;
    $("pending-text").textContent = pending ? pending.text.replace(/(\d\.\d{2})\d+/g, "$1")
      : t(pick.angle ? "table.pick.angle" : "table.pick");
    $("confirm").hidden = !pending || pending.auto;
    $("confirm").disabled = !!(pending && pending.probed &&
                               (!pending.probe || pending.probe.legal === false));
    const odds = $("odds");
    if (pending && pending.oddsText) {
      odds.hidden = false;
      odds.replaceChildren(!pending.odds ? el("p", {class: "muted"}, t("table.odds.loading"))
        : G().odds(pending.odds));
    } else {
      odds.hidden = true;
    }
  }

  // -- choosing a point: click, drag, probe, tape ------------------------------------------
  function startPick(group) {
    pick = group;
    pending = null;
    if (group.fighter && fighter(group.fighter)) { selected = group.fighter; field.select(selected); }
    field.clear("tape", "template", "ghost");
    pick.template = G().isProbed(group.verb) && !G().CLICK_VERBS.includes(group.verb) &&
      !G().DRAG_VERBS.includes(group.verb);
    renderDecision();
  }

  /** The action at the table point (x, y); a template dragged ``towards`` a point is
      pivoted: its axis from (x, y) towards it (a pivoted blast's axis). */
  function textAt(x, y, towards) {
    const degrees = (dy, dx) => (Math.round(Math.atan2(dy, dx) * 1800 / Math.PI) + 3600) % 3600 / 10;
    if (pick.angle) {
      const b = field.baseGeometry(pick.fighter);
      if (!b) return null;
      const axis = towards ? " " + degrees(towards[1] - y, towards[0] - x) : "";
      return `${pick.prefix} ${degrees(y - b.y, x - b.x)}${axis}`;
    }
    if (pick.facing) return `${pick.prefix} ${x},${y} ${G().facing(S.view, pick.fighter, x, y)}`;
    return `${pick.prefix} ${x},${y}${pick.suffix ? " " + pick.suffix : ""}`;
  }

  /** A point chosen by a click, a drop (``how.dragged``) or the keyboard: sent at once when
      the engine allows it (quick), a refused drop moved to its nearest legal point. */
  function choosePoint(x, y, how) {
    const text = textAt(x, y, how && how.towards);
    if (text) propose(text, {auto: quick(), drag: !!(how && (how.dragged || how.keyboard))});
  }

  /** The template's preview where the pointer (or the keyboard's point) is. */
  let aimTimer = null;
  function aim(x, y, towards) {
    if (aimTimer) return;
    aimTimer = setTimeout(() => { aimTimer = null; }, 120);
    const text = textAt(x, y, towards);
    if (text) send({type: "probe", text});
  }

  let dragTimer = null;
  function dragTo(x, y, ref) {
    pending = null;
    if (!pick || (ref && pick.fighter !== ref)) {  // the dragged piece is the one chosen
      const group = groupFor(ref || selected, dragVerbs());
      if (!group) return;
      pick = group;
      if (ref && ref !== selected) { selected = ref; field.select(ref); }
    }
    if (dragTimer) return;
    dragTimer = setTimeout(() => { dragTimer = null; }, 120);
    const text = textAt(x, y);
    if (text) send({type: "probe", text});
  }

  function onProbe(frame) {
    if (pending && pending.text !== frame.text) return;  // a late answer to a drag
    if (!frame.legal && frame.instead && pending && (!frame.snapped || pending.drag)) {
      const snapped = frame.snapped ? t("board.snapped") : "";
      propose(frame.instead, {auto: pending.auto, snapped});  // a run; a drop's nearest point
      return;
    }
    const geometry = frame.path || frame.end || frame.template;
    const measured = frame.length !== null && frame.length !== undefined;
    const reason = tr(frame.reason || frame.path_problem || "");
    const special = frame.legal && measured ? G().tapeText(frame) : null;
    const label = !frame.legal ? t("table.illegal", {reason})
      : special ? special
      : !measured ? t("table.legal")
        : frame.left !== null && frame.left !== undefined
          ? t("table.tape", {length: SK.num(frame.length), left: SK.num(frame.left)})
          : t("table.tape.short", {length: SK.num(frame.length)});
    const tape = $("tape");
    tape.hidden = false;
    tape.className = "tape " + (frame.legal ? "legal" : "illegal");
    tape.textContent = label + (pending && pending.snapped ? " · " + pending.snapped : "");
    if (frame.covered) {
      tape.append(el("span", {class: "covers"}, " · " + (frame.covered.length
        ? t("table.covers", {who: frame.covered.join(", ")}) : t("table.covers.none"))));
    }
    if (frame.path || frame.end) {
      const end = frame.end || (frame.path && frame.path[frame.path.length - 1]);
      field.tape(frame.path, end, frame.legal, measured ? SK.num(frame.length) + " cm" : "✗");
    } else if (!geometry) {
      const m = /(-?[\d.]+),(-?[\d.]+)/.exec(frame.text.split(" ").slice(2).join(" "));
      field.tape(null, m ? [+m[1], +m[2]] : null, frame.legal, "");
    }
    if (frame.template) field.template(frame.template, frame.covered);
    if (frame.snapped) field.snapHint(frame.snapped);
    if (pending && pending.auto && frame.legal) { act(frame.text); return; }  // sent at once
    if (pending && pending.text === frame.text) {
      pending.probe = frame;
      renderPending();
    }
  }

  // -- line of sight and odds --------------------------------------------------------------
  let sightTimer = null;
  function hover(ref) {
    clearTimeout(sightTimer);
    if (!ref || !selected || ref === selected || pick) return;
    const from = fighter(selected);
    if (!from || !G().inAction(from)) return;
    const viewer = selected;  // (a drag may select another piece before the timer)
    sightTimer = setTimeout(() => {
      if (selected === viewer && !pick) send({type: "sight", from: viewer, to: ref});
    }, 80);
  }

  function onSight(frame) {
    field.sight(frame.from, frame.to, frame.visible, frame.blocking, frame.obstructing);
    const box = $("sight");
    box.hidden = false;
    box.className = "sight " + (frame.visible ? "visible" : "blocked");
    const what = [...(frame.blocking || []), ...(frame.obstructing || [])];
    const special = G().sightText(frame);
    if (special !== null) { box.textContent = special; return; }
    box.textContent = t("table.sight", {from: frame.from, to: frame.to}) + SK.colon +
      (frame.visible ? t("table.sight.visible", {n: frame.obstacles}) : t("table.sight.blocked")) +
      (what.length ? " " + t("table.sight.by", {what: what.join(", ")}) : "");
  }

  function onOdds(frame) {
    if (!pending || pending.oddsText !== frame.text) return;
    pending.odds = frame;
    const o = frame.odds;
    const corridor = o ? G().oddsCorridor(o) : null;
    if (corridor) {  // the shot's corridor, its cover outlined
      field.sight(corridor.from, corridor.to, true, [], corridor.cover ? [corridor.cover] : []);
    }
    renderPending();
  }

  // -- hot-seat, the end, messages ---------------------------------------------------------
  function onHandover(frame) {
    const side = sideName(frame.seat);
    $("handover-title").textContent = t("table.handover", {side});
    $("handover-ready").textContent = t("table.handover.ready", {side});
    $("handover").hidden = false;
    document.body.classList.add("handing-over");
    Object.assign(document.body.dataset, {turn: "handover", over: String(!!S.over)});
    pick = null;
    pending = null;
  }

  function renderEnd() {
    if (!S.over) { $("end").hidden = true; return; }
    const r = G().result(S.outcome || S.view.outcome);
    $("end-result").textContent = r.result;
    $("end-score").textContent = r.score;
    $("end-reason").textContent = r.reason;
    const dice = S.view.dice || {};
    if (dice.kind !== "fair") {  // fair dice: checked in this browser (fair_dice.js)
      $("end-dice").textContent =
        dice.commitment ? `${t("table.dice")}${SK.colon}${dice.commitment}` : "";
    }
    if (endShownAt !== S.count) { $("end").hidden = false; endShownAt = S.count; }
  }

  // -- "Why?": a bot's explanation of its latest move, written in the log -----------------
  function onExplanation(frame) {
    S.whys.push({at: S.log.length, text: SK.whyText(frame)});
    renderLog($("log"), withWhys());
  }

  /** The log with the explanations asked for, each after the line it followed. */
  const withWhys = () => TableActions.withWhys(S.log, S.whys);

  let toastTimer = null;
  function toast(text) {
    const node = $("toast");
    node.textContent = text;
    node.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { node.hidden = true; }, 6000);
  }

  $("handover-ready").addEventListener("click", () => send({type: "ready"}));
  Turns.init(send);
  $("why").addEventListener("click", () => send({type: "explain"}));
  $("confirm").addEventListener("click", () => { if (pending) act(pending.text); });
  $("cancel").addEventListener("click", () => {
    pending = null; pick = null; field.clear(); $("tape").hidden = true; renderDecision();
  });
  $("end-close").addEventListener("click", () => { $("end").hidden = true; });
  field.tools($("zoom-in"), $("zoom-out"), $("zoom-fit"));
  $("confirm-moves").checked = !quick();
  $("confirm-moves").addEventListener("change", (e) => TableActions.setQuick(!e.target.checked));
  $("notation-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("notation").value.trim();
    if (text) { act(text); $("notation").value = ""; }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") $("cancel").click();
  });

  fetch(`/api/matches/${matchId}`).then((r) => (r.ok ? r.json() : null)).then((info) => {
    if (info && info.title) { $("match-title").textContent = info.title; document.title = info.title; }
  }).catch(() => {});
  connect();
})();
