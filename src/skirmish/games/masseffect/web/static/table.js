/* Mass Effect: Annihilation on the table and replay pages (docs/web.md, Mass Effect:
   Annihilation; its web part's script, served at /static/games/masseffect/table.js): the
   figures' profile cards in the draft's notation with what each has left, the roster, the
   status line, the exact odds of a shot, a power or a melee, the sight verdict (cover,
   obstacle, protections) and the move tape. Registered with SK.register("masseffect", ...)
   (common.js); everything else (buttons, clicks, the tape on the field) is every game's. */
"use strict";

const MassEffect = (() => {
  const {t, tr, el, pct, num, sideLetter, sideName} = SK;

  /** Verbs whose point is picked on the table; the facing is computed (facing()). */
  const FACING_VERBS = new Set(["walk", "run", "deploy"]);
  /** Verbs probed before they are confirmed (the tape, the area's circle). */
  const PROBED = new Set(["walk", "run", "deploy", "area"]);
  const CLICK_VERBS = ["walk", "deploy"];
  const DRAG_VERBS = ["walk", "run", "deploy"];
  const ACTIVE_KINDS = ["deploy", "move", "pouvoirs", "tir", "actions spéciales", "fight"];

  const is = (view) => !!view && view.ruleset === "masseffect";
  const inAction = (f) => !!f && f.placed && !f.out && !f.extracted;
  const figure = (view, ref) => (view.figures || []).find((f) => f.ref === ref) || null;

  /** An action that shows its odds before it is sent: a shot, a power at an enemy, a
      fight, the opponent of a fight, the melee weapon chosen for the phase (ME42). */
  function isAttack(view, text) {
    const [verb, ref, , target] = text.split(" ");
    if (verb === "shoot" || verb === "fight" || verb === "oppose" || verb === "wield") {
      return true;
    }
    if (verb !== "power" || !target) return false;
    const user = figure(view, ref);
    const aim = figure(view, target);
    return !!user && !!aim && user.side !== aim.side;
  }

  /** Whole degrees (0 = east, 90 = north) from (x, y) toward the nearest enemy in action,
      else across the table from the figure's own edge. */
  function facing(view, ref, x, y) {
    const self = figure(view, ref);
    const side = self ? self.side : 0;
    const enemies = (view.figures || []).filter((f) => f.side !== side && inAction(f));
    if (!enemies.length) return (view.edges || [])[side] === "upper" ? 270 : 90;
    const e = enemies.reduce((a, b) =>
      Math.hypot(a.x - x, a.y - y) <= Math.hypot(b.x - x, b.y - y) ? a : b);
    return ((Math.round(Math.atan2(e.y - y, e.x - x) * 180 / Math.PI) % 360) + 360) % 360;
  }

  /** A button's words: "A.Shepard ↻90°" for a stay. */
  function label(p) {
    const args = p.text.split(" ").slice(1);
    if (p.verb === "stay") return `${args[0]} ↻${args[1]}°`;
    if (p.verb === "edge") return SK.word(args[0]);
    if (p.verb === "wield") return `${args[0]}: ${args[1].replace(/-/g, " ")}`;
    if (p.verb === "power" && args[2]) return `${args[0]} (${args[1]}) → ${args[2]}`;
    if (p.verb === "shoot") {
      const words = args.map((a) => SK.word(a));
      return `${words[0]} (${words[1]}) → ${words[2]}`;
    }
    return null;
  }

  /** The status line: turn, initiative, each side's score. */
  function status(view) {
    return {
      round: view.turn ? t("me.turn", {turn: view.turn, turns: view.turns})
                       : t("me.deployment"),
      first: view.turn ? t("me.initiative", {side: sideLetter(view.initiative)}) : "",
      scores: [0, 1].map((side) => t("me.score", {side: sideLetter(side),
                                                  n: (view.scores || [])[side] || 0})),
    };
  }

  /** What a figure has left: Vitalité, Armure, Héroïsme, Bouclier and Barrière uses this
      phase, what is stripped, its statuses. */
  function left(f, profile) {
    const rows = [t("me.vitality", {n: f.vitality, max: f.max_vitality})];
    if (f.armour || /Armure/.test(profile)) rows.push(t("me.armour", {n: f.armour}));
    if (/Héroïsme : \d/.test(profile)) rows.push(t("me.heroism", {n: f.heroism}));
    const shield = /Bouclier \((\d)\+/.exec(profile);
    if (shield) rows.push(t("me.shield", {save: shield[1], n: f.shield_uses}));
    const barrier = /Barrière \((\d)\+/.exec(profile);
    if (barrier) rows.push(t("me.barrier", {save: barrier[1], n: f.barrier_uses}));
    for (const what of f.stripped || []) rows.push(t("me.stripped", {what}));
    if ((f.statuses || []).length) rows.push(t("me.statuses", {what: f.statuses.join(", ")}));
    if (f.engaged) rows.push(t("me.engaged"));
    if ((f.carries || []).length) rows.push(t("me.carries"));
    if (f.wielding) rows.push(t("me.wielding", {w: f.wielding}));
    return rows;
  }

  function done(f) {
    const out = [];
    if (f.moved) out.push(t("me.moved." + f.moved));
    for (const key of ["used_power", "shot", "special", "fought"]) {
      if (f[key]) out.push(t("me.did." + (key === "used_power" ? "power" : key)));
    }
    return out;
  }

  /** The profile card: the draft's notation, weapons and powers, what is left. */
  function card(f, view, cards) {
    const side = sideLetter(f.side);
    const weapons = (cards && cards.weapons) || {};
    const powers = (cards && cards.powers) || {};
    const uses = f.uses || {};
    const state = !f.placed ? t("me.not_deployed") : f.out ? t("me.out")
      : f.extracted ? t("me.extracted") : "";
    const item = (name, text) => {
      const limit = /Limité \((\d+)\)/.exec(text || "");
      return el("li", {dataset: {name}}, text ? SK.tr(text, "cards") : name,
                limit ? el("small", {}, " · " + t("me.uses", {n: limit[1] - (uses[name] || 0)}))
                      : null);
    };
    const turn = done(f);
    return el("div", {class: "fighter-card me-card side-" + side, dataset: {ref: f.ref}},
      el("h2", {}, el("span", {class: "side-dot side-" + side}), f.name,
         state ? el("span", {class: "badge"}, state) : null),
      el("p", {class: "muted"}, `${f.ref} · ${f.points} points`),
      el("div", {class: "me-left"}, el("b", {}, t("me.card.left")),
         el("ul", {}, left(f, f.profile || "").map((row) => el("li", {}, row)))),
      turn.length ? el("p", {class: "used"}, el("b", {}, t("me.card.turn") + SK.colon),
                       turn.join(", ")) : null,
      el("details", {class: "me-profile", open: true},
         el("summary", {}, t("me.card.profile")), el("pre", {}, f.profile || "")),
      (f.weapons || []).length ? el("div", {}, el("b", {}, t("me.card.weapons")),
        el("ul", {class: "me-weapons"}, f.weapons.map((name) => item(name, weapons[name]))))
        : null,
      (f.powers || []).length ? el("div", {}, el("b", {}, t("me.card.powers")),
        el("ul", {class: "me-powers"}, f.powers.map((name) => item(name, powers[name]))))
        : null);
  }

  /** Every figure, by side: Vitalité, protections; click to select. */
  function roster(view, selected, onSelect) {
    return [0, 1].map((side) => el("div", {class: "roster-side side-" + sideLetter(side)},
      el("h3", {}, el("span", {class: "side-dot side-" + sideLetter(side)}), sideName(side)),
      el("ul", {}, (view.figures || []).filter((f) => f.side === side).map((f) =>
        el("li", {class: "roster-item" + (f.ref === selected ? " selected" : "") +
                         (f.out ? " out" : "") + (done(f).length ? " done" : ""),
                  dataset: {ref: f.ref}, onclick: () => onSelect(f.ref)},
          el("span", {class: "name"}, SK.cardHints(f.name)),
          el("span", {class: "mini"}, `V ${f.vitality}/${f.max_vitality}`),
          f.armour ? el("span", {class: "mini"}, `A ${f.armour}`) : null,
          /Bouclier/.test(f.profile || "") ? el("span", {class: "mini"}, `B ${f.shield_uses}`)
                                           : null,
          f.out ? el("span", {class: "mini"}, "✝") : !f.placed ? el("span", {class: "mini"}, "○")
                : null)))));
  }

  /** The shot's or power's circumstances: cover, obstacle, stayed, protections. */
  function circumstances(o) {
    const out = [];
    const p = o.protections || {};
    out.push(o.cover && o.in_cover ? t("me.cover", {id: o.cover, d: p.defence})
             : o.lifted ? t("me.lifted") : t("me.open"));
    if (o.obstacle) out.push(t("me.obstacle"));
    if (o.stayed && o.threshold !== null) out.push(t("me.stayed"));
    if (o.counter_charge) out.push(t("me.counter"));
    const ignores = o.ignores || [];
    if (p.shield) {
      out.push(ignores.includes("Bouclier") ? t("me.ignores", {what: "Bouclier"})
        : t("me.shield", {save: p.shield[0], n: p.shield[1]}));
    }
    if (p.barrier) {
      out.push(ignores.includes("Barrière") ? t("me.ignores", {what: "Barrière"})
        : t("me.barrier", {save: p.barrier[0], n: p.barrier[1]}));
    }
    if (p.armour) out.push(t("me.armour", {n: p.armour}));
    return out;
  }

  /** The odds frame: a shot or power (odds.kind "shot"/"power") or a melee. */
  function odds(frame) {
    const o = frame.odds;
    if (!o) return el("p", {class: "muted me-odds-none"}, t("me.odds.none"));
    const body = [el("h3", {}, t("me.odds"))];
    if (o.kind === "melee") {
      for (const m of o.melees) {
        body.push(el("p", {class: "me-melee"},
          t("me.melee", {a: m.a, b: m.b, pa: pct(m.a_hits), pb: pct(m.b_hits),
                         pn: pct(m.nobody)})),
          el("p", {class: "muted"}, t("me.melee.out", {a: m.a, b: m.b, pa: pct(m.a_out),
                                                       pb: pct(m.b_out)})),
          el("p", {class: "muted me-arms"}, t("me.melee.arms", {
            a: m.a, b: m.b, wa: m.a_weapon || t("me.bare"), wb: m.b_weapon || t("me.bare")})));
      }
      for (const x of o.opportunities) {
        body.push(el("p", {class: "me-opportunity"},
          t("me.opportunity", {a: x.attacker, b: x.target, p: pct(x.any_hit),
                               po: pct(x.out_of_action)})),
          el("p", {class: "muted me-arms"}, t("me.opportunity.arms", {
            a: x.attacker, w: x.weapon || t("me.bare")})));
      }
    } else {
      const mod = o.modifier ? (o.modifier > 0 ? " +" : " ") + o.modifier : "";
      body.push(
        el("p", {class: "me-target"}, el("b", {}, `${o.attacker} → ${o.target}`), ` (${o.item})`),
        el("p", {class: "me-roll"}, o.threshold === null ? t("me.odds.noroll")
          : t("me.odds.roll", {x: o.threshold, mod, n: o.shots, p: pct(o.p_roll)})),
        el("ul", {class: "me-circumstances"}, circumstances(o).map((c) => el("li", {}, c))),
        el("p", {class: "me-result"},
          el("span", {class: "p-hit"}, t("me.odds.hit", {p: pct(o.any_hit)})), " · ",
          el("span", {class: "p-out"}, t("me.odds.out", {p: pct(o.out_of_action)})), " · ",
          t("me.odds.wounds", {n: num(o.expected_wounds)})));
    }
    body.push(el("p", {class: "muted small"}, t("me.odds.note")));
    return el("div", {class: "odds-body me-odds"}, body);
  }

  /** The sight verdict in words: may it be targeted, why not, cover, each weapon's range. */
  function sightText(frame) {
    const parts = [frame.allowed ? t("me.sight.allowed", {from: frame.from, to: frame.to})
      : t("me.sight.refused", {to: frame.to, reason: tr(frame.reason)})];
    parts.push(t("me.sight.distance", {n: num(frame.distance_pas)}));
    if (frame.allowed) {
      const p = frame.target || {};
      parts.push(frame.cover ? t("me.cover", {id: frame.cover, d: p.defence}) : t("me.open"));
      if (frame.obstacle) parts.push(t("me.obstacle"));
      if (p.shield) parts.push(t("me.shield", {save: p.shield[0], n: p.shield[1]}));
      if (p.barrier) parts.push(t("me.barrier", {save: p.barrier[0], n: p.barrier[1]}));
      for (const w of frame.weapons || []) {
        parts.push(t("me.sight.weapon", {name: w.name, range: w.range_pas,
          verdict: w.allowed ? t("me.sight.in_range") : t("me.sight.out_of_range")}));
      }
    }
    return parts.join(" · ");
  }

  /** The tape's words: a walk or run, its length and what is left (cm and pas). */
  function tapeText(frame) {
    if (!frame.how) return null;
    const pas = frame.pas || {};
    return t("me.tape", {how: t("me." + frame.how), length: num(frame.length), left: num(frame.left),
                         lp: num(pas.length), leftp: num(pas.left)});
  }

  /** The end screen's lines. */
  function result(outcome) {
    if (!outcome) return {result: "", score: "", reason: ""};
    const scores = outcome.scores || [];
    return {
      result: outcome.winner === null || outcome.winner === undefined ? t("table.draw")
        : t("table.winner", {side: sideName(outcome.winner)}),
      score: `A ${scores[0]} – B ${scores[1]} points`,
      reason: tr(outcome.reason || ""),
    };
  }

  return {is, inAction, figure, isAttack, facing, label, status, card, roster, odds, left,
          sightText, tapeText, result, FACING_VERBS, PROBED, CLICK_VERBS, DRAG_VERBS,
          ACTIVE_KINDS};
})();

SK.register("masseffect", Object.assign({}, MassEffect, {
  isProbed: (verb) => MassEffect.PROBED.has(verb),
  /** The board's scene: the default (figures with their facing), engaged figures marked,
      the upper edge north; while figures may climb (ME44, the board's ``heights``), each
      scenery element's tooltip gives its height and whether it may be climbed. */
  scene(view, board) {
    const scene = SK.baseScene(view, board);
    const engaged = new Set((view.figures || []).filter((f) => f.engaged).map((f) => f.ref));
    for (const p of scene.pieces) if (engaged.has(p.ref)) p.cls = "engaged";
    const heights = (board && board.heights) || null;
    if (scene && heights) {
      scene.scenery = scene.scenery.map((e) => {
        const n = heights[e.id];
        if (typeof n !== "number" || n <= 0) return e;
        const key = n <= board.climb_max && !e.passable ? "me.height.climb" : "me.height";
        return Object.assign({}, e, {label: `${e.label || e.id} · ${SK.t(key, {n})}`});
      });
    }
    return scene;
  },
  card: (f, view, known) => MassEffect.card(f, view, known.cards),
  /** A weapon's notation and a power's text wherever its name appears, and each figure's
      card in short wherever its ref (or its name, when no other figure bears it) appears
      (SK.knowCards): name, side, points, the profile's characteristics, what it has left as
      the view gives it, weapons, powers. */
  cardTexts(view) {
    const cards = view.cards || {};
    const out = {};
    const figures = view.figures || [];
    const count = {};
    for (const f of figures) count[f.name] = (count[f.name] || 0) + 1;
    for (const f of figures) {
      const profile = f.profile || "";
      const chars = profile.split("\n").filter((line) =>
        /^(Tir|Défense|Mêlée|Qualité) : /.test(line)).map((line) => line.replace(" : ", " "));
      const lines = [`${f.name} · ${f.ref} (${SK.sideName(f.side)}) · ${f.points} points`,
                     chars.join(" · "), MassEffect.left(f, profile).join(" · ")];
      if ((f.weapons || []).length) lines.push(SK.t("me.card.weapons") + SK.colon +
                                               f.weapons.join(", "));
      if ((f.powers || []).length) lines.push(SK.t("me.card.powers") + SK.colon +
                                              f.powers.join(", "));
      out[f.ref] = lines.filter(Boolean).join("\n");
      if (f.name && count[f.name] === 1) out[f.name] = out[f.ref];
    }
    for (const [name, w] of Object.entries(cards.weapons || {})) out[name] = w.notation || "";
    for (const [name, p] of Object.entries(cards.powers || {})) {
      out[name] = SK.tr(p.text || "", "cards");
    }
    return out;
  },
  /** The shot's corridor, its cover outlined (not for a melee). */
  oddsCorridor: (o) => (o.kind !== "melee" ? {from: o.attacker, to: o.target, cover: o.cover}
                                           : null),
}));
