"""A bot that plays Mass Effect: Annihilation sensibly from its view (docs/masseffect.md).

:class:`MassEffectHeuristic` sees only ``game.view(player)`` and the legal actions. It
rebuilds the table from the view (:mod:`skirmish.games.masseffect.bots.table`) and:

- deploys near scenery that will cover it, toward its goal, facing the enemy's edge; moves to
  spots in contact with scenery between it and the enemy, stays when it has a good shot (the
  +1 of ME12), runs only when nothing is in reach, charges and disengages by the melee's exact
  odds (:mod:`skirmish.games.masseffect.bots.moves`);
- in the powers, shooting and special-actions phases takes the action with the best expected
  value, from the exact odds of :mod:`skirmish.games.masseffect.odds` (:mod:`skirmish.bots.
  me_actions`): targets it can take out, shields stripped before the guns fire, wounded
  friends healed, data downloaded and carried off; it holds or passes only when nothing is
  worth doing;
- plays the scenario: objectives held from the scoring turn on, data fetched and extracted;
- spends Héroïsme on a dodge when a hit could take the hero out or wound it badly (in the
  last turn on any hit, unless it holds exactly the 2 points of Tenir bon), on an effort
  when the roll matters, always to stand, and on a group action when friends have something
  to do; picks the weakest opponent in a melee;
- betters a figure's Tir (Consensus) only when it has a shot to take.

Ties are broken by its own seeded generator, so a seed gives the same game every time.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from skirmish.core.actions import Action, Pass
from skirmish.core.dice import SeededDice
from skirmish.games.masseffect.actions import (
    AreaPower,
    ChooseEdge,
    Edge,
    Fight,
    Group,
    Heroic,
    HeroicAct,
    Hold,
    Oppose,
    Shoot,
    Special,
    UsePower,
    Wield,
    token,
)
from skirmish.games.masseffect.bots.actions import action_value, best_shot, special_intent
from skirmish.games.masseffect.bots.moves import (
    best_power,
    choose_deploy,
    choose_move,
    ranked_moves,
)
from skirmish.games.masseffect.bots.power_sense import WORTH_DOING, boosted_shots
from skirmish.games.masseffect.bots.table import Fig, Table, touching
from skirmish.games.masseffect.bots.values import chance, melee_value, power_ignores
from skirmish.games.masseffect.cards.weapons import WeaponKind
from skirmish.games.masseffect.odds import best_melee_weapon

ONE = Fraction(1)
_HIT_BY = re.compile(r"hit by (\S+)\.\s")


class MassEffectHeuristic:
    """Rules of thumb over exact odds, for ME:A; ties broken by its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = SeededDice(seed)
        self._last: Action | None = None  # its last power, shot or special action
        self._incoming = 0.0  # the lethality of the hit last offered to dodge

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        choice: Action | None = legal_actions[0] if len(legal_actions) == 1 else None
        if choice is None:
            decision = view.get("decision") or {}
            kind = str(decision.get("kind", ""))
            handler = self._HANDLERS.get(kind, MassEffectHeuristic._picks)
            choice = handler(self, Table.of(view), legal_actions, decision)
        if choice is None:
            choice = legal_actions[0]
        if isinstance(choice, Shoot | UsePower | AreaPower | Special):
            self._last = choice
        return choice

    def reason(self, view: Mapping[str, Any], action: Action) -> str | None:
        """Why it took ``action`` on ``view``'s decision, in one line (the web table's
        "Why?": :mod:`skirmish.games.masseffect.bots.reasons`)."""
        from skirmish.games.masseffect.bots.reasons import reason

        return reason(view, action)

    def ranked_moves(self, view: Mapping[str, Any], legal_actions: Sequence[Action],
                     k: int) -> list[Action]:
        """At a movement decision (ME10), the ``k`` best moves of the figure the bot would
        move, its own choice first (:func:`~skirmish.games.masseffect.bots.moves.ranked_moves`): the
        candidates a search compares; [] at any other decision."""
        if str((view.get("decision") or {}).get("kind", "")) != "move":
            return []
        return ranked_moves(Table.of(view), legal_actions, k)

    def _best(self, actions: Sequence[Action], score: Callable[[Action], float]
              ) -> tuple[Action, float]:
        best, best_score = actions[0], -math.inf
        for action in actions:
            value = score(action) + self._rng.below(1000) * 1e-7
            if value > best_score:
                best, best_score = action, value
        return best, best_score

    # -- the decisions ------------------------------------------------------------------------
    def _edge(self, t: Table, legal: Sequence[Action], d: Mapping[str, Any]) -> Action | None:
        return next((a for a in legal if isinstance(a, ChooseEdge) and a.edge is Edge.LOWER),
                    None)

    def _deploy(self, t: Table, legal: Sequence[Action], d: Mapping[str, Any]
                ) -> Action | None:
        return choose_deploy(t, legal)

    def _move(self, t: Table, legal: Sequence[Action], d: Mapping[str, Any]) -> Action | None:
        return choose_move(t, legal)

    def _picks(self, t: Table, legal: Sequence[Action], d: Mapping[str, Any]
               ) -> Action | None:
        """Powers, shooting, special actions: the most valuable action; else hold or pass.
        A figure whose Tir a boost betters shoots before its friends, when it has a shot
        worth making (:func:`~skirmish.games.masseffect.bots.power_sense.boosted_shots`)."""
        doing = [a for a in legal if isinstance(a, Shoot | UsePower | AreaPower | Special)]
        for among in (boosted_shots(t, doing), doing):
            if among:
                best, value = self._best(among, lambda a: action_value(t, a))
                if value > WORTH_DOING:
                    return best
        return next((a for a in legal if isinstance(a, Pass)), None) or next(
            (a for a in legal if isinstance(a, Hold)), None)

    def _group(self, t: Table, legal: Sequence[Action], d: Mapping[str, Any]
               ) -> Action | None:
        """ME31 Action groupée: when the friends have something worth doing now."""
        hero = t.figs.get(str(d.get("context", {}).get("figure", "")))
        if hero is None or (hero.heroism < 2 and t.turns_left > 0):
            return Pass()
        worth = {f.ref: self._friend_worth(t, f) for f in t.mine}

        def score(a: Action) -> float:
            if not isinstance(a, Group):
                return 0.8
            refs = [str(a.first)] + ([str(a.second)] if a.second is not None else [])
            return sum(max(0.0, worth.get(r, 0.0)) for r in refs)

        return self._best(legal, score)[0]

    def _friend_worth(self, t: Table, f: Fig) -> float:
        last = self._last
        if isinstance(last, Shoot):
            return best_shot(t, f, fresh=False)
        if isinstance(last, UsePower | AreaPower):
            return best_power(t, f, f.base, f.moved == "stay")
        return special_intent(t, f)

    def _fight(self, t: Table, legal: Sequence[Action], d: Mapping[str, Any]
               ) -> Action | None:
        def score(a: Action) -> float:
            assert isinstance(a, Fight)
            f = t.figs[str(a.figure)]
            foes = t.opponents(f.base, f.side)
            return max((melee_value(t, f, o) for o in foes), default=0.0)

        return self._best([a for a in legal if isinstance(a, Fight)], score)[0]

    def _oppose(self, t: Table, legal: Sequence[Action], d: Mapping[str, Any]
                ) -> Action | None:
        """The lone figure fights the opponent it does best against (the weakest)."""
        foes = [t.figs[str(a.figure)] for a in legal if isinstance(a, Oppose)]
        centre = next((f for f in t.mine if all(touching(f.base, o.base) for o in foes)), None)
        if centre is None:
            return None

        def score(a: Action) -> float:
            assert isinstance(a, Oppose)
            return melee_value(t, centre, t.figs[str(a.figure)])

        return self._best([a for a in legal if isinstance(a, Oppose)], score)[0]

    def _heroic(self, t: Table, legal: Sequence[Action], d: Mapping[str, Any]
                ) -> Action | None:
        context = d.get("context", {})
        key = str(context.get("heroic", ""))
        hero = t.figs.get(str(context.get("figure", "")))
        take = HeroicAct(Heroic(key)) if key in ("dodge", "effort", "stand") else None
        if hero is None or take is None:
            return Pass()
        spare = hero.heroism >= 2 or t.turns_left == 0
        if key == "stand":
            return take
        if key == "dodge":
            match = _HIT_BY.search(str(d.get("prompt", "")))
            attacker = t.figs.get(match.group(1)) if match else None
            lethal, heavy = incoming(t, attacker, hero) if attacker else (0.0, 0.0)
            self._incoming = lethal
            if t.turns_left == 0 and hero.heroism != 2:
                # the last turn: points kept buy nothing once it ends, and a cancelled hit
                # can only help (with exactly 2, Tenir bon may still be worth keeping them)
                return take
            return take if lethal >= 0.2 or heavy >= 0.3 or (spare and lethal >= 0.1) else Pass()
        prompt = str(d.get("prompt", ""))
        if "Défense" in prompt:
            return take if spare or self._incoming >= 0.15 else Pass()
        return take if spare or self._stakes(t) else Pass()

    def _stakes(self, t: Table) -> bool:
        """Is the roll that failed one that could take an enemy out?"""
        last = self._last
        target = None
        if isinstance(last, Shoot) or (isinstance(last, UsePower) and last.target is not None):
            target = t.figs.get(str(last.target))
        return target is not None and target.in_action and target.side != t.me and (
            target.vitality + target.armour <= 2 or target.points >= 8)

    def _wield(self, t: Table, legal: Sequence[Action], d: Mapping[str, Any]
               ) -> Action | None:
        """ME42: the melee weapon of highest mean damage, Perforant on a tie (the engine's
        own choice before issue 47, so its play stays the same)."""
        fig = t.figs.get(str(d.get("context", {}).get("figure", "")))
        best = best_melee_weapon(fig.melee_weapons) if fig is not None else None
        return next((a for a in legal if isinstance(a, Wield)
                     and best is not None and a.weapon == token(best.name)), None)

    _HANDLERS: ClassVar[dict[str, Callable[[MassEffectHeuristic, Table, Sequence[Action],
                                            Mapping[str, Any]], Action | None]]] = {
        "edge": _edge, "deploy": _deploy, "move": _move, "group": _group, "fight": _fight,
        "oppose": _oppose, "heroic": _heroic, "wield": _wield,
    }


def incoming(t: Table, attacker: Fig, target: Fig) -> tuple[float, float]:
    """A hit from ``attacker`` on ``target`` before its Défense and protections: the chance it
    takes the target out, and the chance it deals 2 wounds or more (ME23-ME25, ME31). What hit
    is read from the attacker's flags: it fought (melee), it shot, it used a power, or it
    stands in contact (an opportunity attack)."""
    v = attacker.view
    ignores: set[str] = set()
    cover = True
    if v["fought"] or (touching(attacker.base, target.base) and not v["shot"]
                       and not v["used_power"]):
        weapon = attacker.melee_weapon
        amounts = weapon.damage.probabilities() if weapon and weapon.damage else {1: ONE}
        pierce, protected = bool(weapon and weapon.has("Perforant")), False
    elif v["shot"]:
        weapons = [w for w in attacker.ranged if w.damage is not None] or [
            w for w in attacker.weapons if w.kind is WeaponKind.RANGED and w.damage]
        if not weapons:
            return 0.0, 0.0
        weapon = max(weapons, key=lambda w: w.damage.mean if w.damage else 0)
        amounts = weapon.damage.probabilities() if weapon.damage else {1: ONE}
        pierce, protected = weapon.has("Perforant"), True
        if attacker.profile.incendiary or weapon.has("Incendiaire"):
            ignores.add("Bouclier")
    else:
        powers = [p for p in attacker.powers if any(s.kind == "damage" for s in p.effects)]
        if not powers:
            return 0.0, 0.0
        power = max(powers, key=lambda p: next(s.amount().mean for s in p.effects
                                               if s.kind == "damage"))
        amounts = next(s.amount() for s in power.effects if s.kind == "damage").probabilities()
        ignores |= power_ignores(power)
        pierce, protected, cover = "Armure" in ignores, True, not power.ignores_cover
    through = 1.0
    if protected:
        if cover and not target.has("lifted") and t.sight(attacker.base, target.base).cover:
            through *= 1.0 - chance(target.profile.defence)
        for name, trait, uses in (("Bouclier", target.profile.shield, "shield_uses"),
                                  ("Barrière", target.profile.barrier, "barrier_uses")):
            if (trait is None or name in ignores or name in target.view["stripped"]
                    or int(target.view[uses]) <= 0):
                continue
            through *= 1.0 - chance(trait.save or 6)
    lethal = heavy = 0.0
    for amount, p in amounts.items():
        wounds = amount - (0 if pierce else min(target.armour, amount))
        if wounds >= target.vitality:
            lethal += float(p)
        if wounds >= 2:
            heavy += float(p)
    return through * lethal, through * heavy


__all__ = ["MassEffectHeuristic", "incoming"]
