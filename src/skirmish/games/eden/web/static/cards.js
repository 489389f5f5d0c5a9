/* Eden on the table and replay pages (its web part's script, served at
   /static/games/eden/cards.js): a fighter's profile card, the roster, the seat's own cards,
   the exact odds of an attack (skirmish.games.eden.odds JSON), the status line and the
   match's result, and which verbs take a point, an angle or show their odds; registered with
   SK.register("eden", ...) (common.js), which table.js and replay.js ask. */
"use strict";

const Cards = (() => {
  const {t, term, word, tr, pct, num, el, sideLetter, sideName} = SK;
  const LIMBS = ["head", "arms", "torso", "legs"];
  const CHARS = {head: "PSI", arms: "CBT", torso: "VIG", legs: "SPD"};
  const AP_VERBS = new Set(["move", "charge", "attack", "shoot", "throw", "blast", "use",
                            "extinguish"]);

  function limbState(fighter, i) {
    const limb = fighter.profile.limbs[LIMBS[i]];
    const checked = fighter.checked[i] || 0;
    const total = limb.white_cp + limb.red_cp;
    return {limb, checked, total, wounded: limb.red_cp > 0 && checked >= limb.white_cp,
            lost: checked >= total};
  }

  const incapacitated = (f) => LIMBS.some((_, i) => limbState(f, i).lost);

  /** The white and red CP boxes of a limb, the checked ones crossed. */
  function boxes(fighter, i) {
    const {limb, checked} = limbState(fighter, i);
    const out = [];
    for (let k = 0; k < limb.white_cp + limb.red_cp; k++) {
      const red = k >= limb.white_cp;
      out.push(el("span", {class: "cp " + (red ? "red" : "white") + (k < checked ? " checked" : ""),
                           title: k < checked ? "✗" : ""}));
    }
    return el("span", {class: "cp-boxes"}, out);
  }

  /** A characteristic with its modifier against the card's (white, or red when wounded). */
  function characteristic(fighter, i) {
    const {limb, wounded} = limbState(fighter, i);
    const name = CHARS[LIMBS[i]];
    const printed = wounded ? limb.red : limb.white;
    const value = (fighter.characteristics || {})[name];
    const delta = value === undefined ? 0 : value - printed;
    return el("span", {class: "char" + (delta > 0 ? " up" : delta < 0 ? " down" : ""),
                       dataset: {char: name}},
      el("b", {}, term(name)), " ", String(value === undefined ? printed : value),
      delta ? el("small", {}, ` (${printed}${delta > 0 ? "+" : ""}${delta})`) : null);
  }

  /** This round's actions of a fighter, read from the seat's log. */
  function usedThisRound(ref, log) {
    let start = 0;
    log.forEach((line, i) => { if (/^round \d+ begins$/.test(line.text)) start = i; });
    const used = [];
    for (const line of log.slice(start)) {
      const m = line.kind === "action" && /^player [AB]: (\w+) (\S+)/.exec(line.text);
      if (m && m[2] === ref && AP_VERBS.has(m[1])) used.push(t("verb." + m[1]));
    }
    return used;
  }

  function fighterCard(fighter, view, log) {
    const side = sideLetter(fighter.side);
    const profile = fighter.profile;
    const leader = (view.leaders || []).includes(fighter.ref);
    const status = [];
    if (incapacitated(fighter)) status.push(t("card.incapacitated"));
    else if (!fighter.on_field) status.push(t("table.off_field"));
    status.push(t("card.ap", {n: fighter.ap}));
    status.push(fighter.activated ? t("table.activated") : t("table.not_activated"));
    const rows = LIMBS.map((limb, i) => {
      const s = limbState(fighter, i);
      return el("tr", {class: s.wounded ? "wounded" : "", dataset: {limb}},
        el("th", {}, word(limb)),
        el("td", {class: "faces"}, s.limb.faces.join(" ")),
        el("td", {}, `${s.limb.white} / ${s.limb.red}`),
        el("td", {}, boxes(fighter, i), s.wounded ? el("small", {}, " " + t("card.wounded")) : ""));
    });
    const markers = Object.entries(fighter.markers || {}).filter(([, n]) => n > 0)
      .map(([name, n]) => el("span", {class: "marker-chip marker-" + name}, `${word(name)} ×${n}`));
    const equipment = (profile.equipment || []).map((name) =>
      el("li", {}, tr((view.equipment || {})[name] || name, "equipment")));
    const abilities = (fighter.abilities || profile.abilities || []).map((a) =>
      el("li", {}, SK.cardHints(typeof a === "string" ? a : a.name || JSON.stringify(a))));
    const used = usedThisRound(fighter.ref, log);
    return el("div", {class: "fighter-card side-" + side, dataset: {ref: fighter.ref}},
      el("h2", {}, el("span", {class: "side-dot side-" + side}), profile.name,
         leader ? el("span", {class: "badge leader"}, "★ " + t("card.leader")) : null),
      el("p", {class: "muted"},
         `${fighter.ref} · ${profile.faction || ""} · ${profile.stigma || ""}` +
         ` · ${t("card.value", {v: profile.value})}`),
      el("p", {class: "status-line"}, status.join(" · ")),
      el("div", {class: "chars"}, LIMBS.map((_, i) => characteristic(fighter, i))),
      el("table", {class: "limbs"},
        el("thead", {}, el("tr", {}, el("th", {}, t("card.limb")), el("th", {}, t("card.faces")),
                               el("th", {}, t("card.values")), el("th", {}, t("card.cp")))),
        el("tbody", {}, rows)),
      el("p", {}, el("b", {}, t("card.markers") + SK.colon),
         markers.length ? markers : t("card.none")),
      used.length ? el("p", {class: "used"}, el("b", {}, t("card.used") + SK.colon), used.join(", "))
                  : null,
      equipment.length ? el("div", {}, el("b", {}, t("card.equipment")), el("ul", {}, equipment))
                       : null,
      abilities.length ? el("div", {}, el("b", {}, t("card.abilities")), el("ul", {}, abilities))
                       : null);
  }

  /** Every fighter, by side: CP left, AP, activated; click to select. */
  function roster(view, selected, onSelect) {
    const sides = view.fighters.some((f) => f.side === 2) ? [0, 1, 2] : [0, 1];
    return sides.map((side) => el("div", {class: "roster-side side-" + sideLetter(side)},
      el("h3", {}, el("span", {class: "side-dot side-" + sideLetter(side)}), sideName(side)),
      el("ul", {}, view.fighters.filter((f) => f.side === side).map((f) => {
        const left = LIMBS.map((_, i) => limbState(f, i)).map((s) => s.total - s.checked);
        const out = incapacitated(f);
        return el("li", {class: "roster-item" + (f.ref === selected ? " selected" : "") +
                                (out ? " out" : "") + (f.activated ? " done" : ""),
                         dataset: {ref: f.ref}, onclick: () => onSelect(f.ref)},
          el("span", {class: "name"}, SK.cardHints(f.name)),
          el("span", {class: "mini"}, `${term("CP")} ${left.join("/")}`),
          el("span", {class: "mini"}, `${term("AP")} ${f.ap}`),
          out ? el("span", {class: "mini"}, "✝") : !f.on_field ? el("span", {class: "mini"}, "○")
              : null);
      }))));
  }

  /** A fighter's card in short, from the view only: its profile's name, side and faction,
      its characteristics as the view gives them (the effective values), its equipment's and
      abilities' names (a hint wherever its ref or name appears). */
  function shortCard(f) {
    const profile = f.profile || {};
    const chars = LIMBS.map((limb, i) => {
      const name = CHARS[limb];
      let value = (f.characteristics || {})[name];
      if (value === undefined && profile.limbs) {
        const s = limbState(f, i);
        value = s.wounded ? s.limb.red : s.limb.white;
      }
      return `${term(name)} ${value === undefined ? "?" : value}`;
    });
    const lines = [[profile.name || f.name, `${f.ref} (${sideName(f.side)})`, profile.faction]
                     .filter(Boolean).join(" · "), chars.join(" · ")];
    const equipment = profile.equipment || [];
    if (equipment.length) lines.push(t("card.equipment") + SK.colon + equipment.join(", "));
    const abilities = (f.abilities || []).map((a) => (typeof a === "string" ? a : a.name));
    if (abilities.length) lines.push(t("card.abilities") + SK.colon + abilities.join(", "));
    if (incapacitated(f)) lines.push(t("card.incapacitated"));
    return lines.join("\n");
  }

  /** Every card whose text the seat may read: its tactical and mission cards, the
      equipment of the view, each fighter's card in short under its ref (and its name when
      no other fighter bears it) (SK.knowCards: a name shows its text wherever it appears). */
  function cardTexts(view) {
    const out = {};
    const fighters = view.fighters || [];
    const count = {};
    for (const f of fighters) count[f.name] = (count[f.name] || 0) + 1;
    for (const f of fighters) {
      const card = shortCard(f);
      out[f.ref] = card;
      if (f.name && count[f.name] === 1) out[f.name] = card;
    }
    for (const c of (view.my_tactical_cards || []).concat(view.my_mission_cards || [])) {
      if (c && c.name && c.text) out[c.name] = tr(c.text, "cards");
    }
    for (const [name, text] of Object.entries(view.equipment || {})) {
      out[name] = tr(text, "equipment");
    }
    return out;
  }

  function myCards(view) {
    const hand = (view.my_tactical_cards || []).filter((c) => (view.my_hand || []).includes(c.name));
    const missions = (view.missions && view.player !== undefined && view.player !== null)
      ? view.missions[view.player] || [] : [];
    const texts = Object.fromEntries((view.my_mission_cards || []).map((c) => [c.name, c.text]));
    if (!hand.length && !missions.length) return null;
    return el("details", {class: "my-cards", open: true},
      el("summary", {}, t("table.cards")),
      hand.length ? el("div", {}, el("b", {}, t("table.cards.hand")),
        el("ul", {}, hand.map((c) => el("li", {}, SK.cardHint(c.name), " — ",
                                         tr(c.text || "", "cards")))))
        : null,
      missions.length ? el("div", {}, el("b", {}, t("table.cards.missions")),
        el("ul", {}, missions.map((m) =>
          el("li", {}, SK.cardHint(m), texts[m] ? " — " + tr(texts[m], "cards") : ""))))
        : null);
  }

  /** The exact odds (skirmish.games.eden.odds to_json): each fighter the attack may wound. */
  function odds(frame) {
    const data = frame.odds;
    if (!data) return el("p", {class: "muted"}, tr(frame.summary || ""));
    const settings = data.settings || {};
    return el("div", {class: "odds-body"},
      el("h3", {}, t("table.odds")),
      settings.reaction ? el("p", {class: "muted"}, t("table.odds.reaction",
                                                       {r: word(settings.reaction)})) : null,
      (data.fighters || []).map((f) => el("div", {class: "odds-fighter", dataset: {ref: f.ref}},
        el("p", {},
          el("b", {}, f.ref), " — ",
          el("span", {class: "p-incap"}, `${t("table.odds.incap")} ${pct(f.p_incapacitated)}`),
          " · ", `${t("table.odds.any")} ${pct(f.p_any_cp_lost)}`,
          " · ", `${t("table.odds.expected")} ${num(f.expected_cp_lost)}`),
        el("table", {class: "odds-limbs"},
          el("tr", {}, el("th", {}, t("table.odds.limb")),
             LIMBS.map((l) => el("th", {}, word(l)))),
          el("tr", {}, el("td", {}, ""),
             LIMBS.map((l) => el("td", {}, pct(((f.limbs || {})[l] || {}).p_wounded)))))),
      ));
  }

  /** The end screen's lines: who won, the score, why. */
  function result(outcome) {
    if (!outcome) return {result: "", score: "", reason: ""};
    const winner = outcome.winner;
    const scores = outcome.scores || [];
    return {
      result: winner === null || winner === undefined ? t("table.draw")
        : t("table.winner", {side: sideName(winner)}),
      score: `${t("table.score")}${SK.colon}A ${scores[0]} – B ${scores[1]}`,
      reason: tr(outcome.reason || ""),
    };
  }

  return {fighterCard, roster, myCards, cardTexts, odds, result, incapacitated, LIMBS};
})();

SK.register("eden", (() => {
  const {t, word, el, sideLetter, sideName} = SK;
  // Verbs which are attacks (their odds are shown before confirming), and which are probed.
  const ATTACKS = new Set(["attack", "charge", "shoot", "throw", "blast"]);
  const IMMEDIATE_FIELD_VERBS = ["move", "deploy", "charge", "throw", "blast", "place", "use"];
  return {
    CLICK_VERBS: ["move", "deploy"],
    DRAG_VERBS: ["move", "deploy", "charge"],
    ANGLE_VERBS: new Set(["blast"]),
    ACTIVE_KINDS: ["action", "deploy"],
    isAttack: (view, text) => ATTACKS.has(text.split(" ")[0]),
    isProbed: (verb) => IMMEDIATE_FIELD_VERBS.includes(verb),
    inAction: (f) => !!f.on_field,
    /** The board's scene: the default, objectives numbered (their mission named when the
        seat knows it), the leaders ringed, the fighters out of action greyed where they
        fell. */
    scene(view, board) {
      const scene = SK.baseScene(view, board);
      const owners = view.objectives || {};
      scene.markers = scene.markers.map((m) => {
        const n = /(\d+)$/.exec(m.id);
        const owner = owners[m.id] || "";
        return Object.assign(m, {label: n ? t("board.objective", {n: n[1]}) : m.label,
                                 title: owner ? SK.tr(owner) : m.label,
                                 cls: "objective" + (owner ? " owned-" + owner[0] : "")});
      });
      const leaders = new Set(view.leaders || []);
      for (const p of scene.pieces) if (leaders.has(p.ref)) p.cls = "leader";
      for (const f of view.fighters || []) {  // out of action: greyed where it fell (2.F)
        if (f.on_field || !Cards.incapacitated(f) || typeof f.x !== "number") continue;
        scene.pieces.unshift({ref: f.ref, side: f.side, x: f.x, y: f.y, label: f.name,
                              r: (f.profile.base_mm || 25) / 20, greyed: true,
                              title: `${f.name}: ${t("card.incapacitated")}`});
      }
      return scene;
    },
    // confirmed before they are sent (turns.js): the secret choices and the leader
    CONFIRM_KINDS: ["leader"],
    /** The tactical hand is one choice of several cards, one a decision ("Take a tactical
        card (1/3)"): confirmed once, whole (turns.js). */
    batch(view) {
      const decision = view.decision || {};
      const m = decision.kind === "secret-hand" && /\((\d+)\/(\d+)\)/.exec(decision.prompt || "");
      return m ? Number(m[2]) - Number(m[1]) : 1;
    },
    confirmText(view, seat, text) {
      const [verb, ...args] = text.split(" ");
      const rest = args.join(" ");
      if (verb === "bid") return t("confirm.bid", {n: args[0], reserve: (view.sp || [])[seat]});
      if (verb === "mission") return t("confirm.mission", {name: word(rest)});
      if (verb === "hand") return t("confirm.hand", {cards: rest.split(",").map(word).join(", ")});
      if (verb === "leader") return t("confirm.leader", {name: word(rest)});
      return null;
    },
    label(p) {
      const args = p.text.split(" ").slice(1).map((a) => word(a));
      // an attack's button: the target's card in short on hover and for screen readers
      const aimed = (label, ref) => {
        const text = SK.cardText(ref);
        return text ? el("span", {class: "card-name", title: text, "aria-label": `${label}: ${text}`},
                         label) : label;
      };
      const refs = p.text.split(" ").slice(1);
      if (p.verb === "attack" || p.verb === "interrupt") return aimed(args.join(" → "), refs[1]);
      if (p.verb === "shoot") return aimed(`${args[0]} (${args[1]}) → ${args[2]}`, refs[2]);
      if (p.verb === "first") return sideName(args[0] === "A" ? 0 : 1);
      if (["play", "hand", "mission"].includes(p.verb)) {
        // a card's button: its name (and target), its text on hover and for screen readers
        const name = p.text.split(" ")[1];
        const text = SK.cardText(name);
        return el("span", {class: "card-name", title: text || null,
                           "aria-label": text ? `${args.join(" → ")}: ${text}` : null},
                  args.join(" → "));
      }
      return null;
    },
    /** The round, the first player, each side's VP, SP and tactical hand. */
    status(v, seat) {
      const spectator = seat === null || seat === undefined;
      return {
        round: v.round ? t("table.round", {round: v.round, max: v.max_rounds})
                       : t("table.preparation"),
        first: !v.round || v.first_player === null || v.first_player === undefined ? ""
          : t("table.first", {side: sideLetter(v.first_player)}),
        scores: [0, 1].map((side) => {
          const hand = side === seat ? (v.my_hand || []).length
            : spectator ? (v.hand_sizes || [])[side] : v.opponent_hand_size;
          return `${sideLetter(side)}: ${v.vp[side]} ${SK.term("VP")} · ${v.sp[side]} ` +
            `${SK.term("SP")}` + (hand ? " · " + t("table.hand", {n: hand}) : "");
        }),
      };
    },
    replayStatus: (view) => (view.round ? t("table.round", {round: view.round,
                                                            max: view.max_rounds})
                                        : t("table.preparation")) +
      ` · A ${view.vp[0]} – B ${view.vp[1]} ${SK.term("VP")}`,
    roster: Cards.roster,
    card: (f, view, known) => Cards.fighterCard(f, view, known.log || []),
    myCards: Cards.myCards,
    cardTexts: Cards.cardTexts,
    odds: Cards.odds,
    result: Cards.result,
  };
})());
