"""The exact odds a Mass Effect: Annihilation seat may ask for before it confirms an attack
(docs/web.md, Mass Effect: Annihilation): a shot, a power aimed at an enemy, a melee fight
(``fight``), the opponent chosen for one (``oppose``) or the melee weapon chosen for the
phase (``wield``, ME42: the fight or the opportunity attack under way, with that weapon).

The situation is read from the game as the engine would resolve the action now
(:mod:`skirmish.games.masseffect.phases.options`, :mod:`.attacks`, :mod:`.melee`): the thresholds
after this turn's modifiers, +1 when the attacker stayed, ME22's −1 and ME23's cover from the
targeting verdict, −1 for a counter-charge shot, the target's Bouclier and Barrière uses left
this phase, what is stripped, its armour and Vitalité left. The odds themselves are
:mod:`skirmish.games.masseffect.odds` (exact fractions); heroic actions (ME31) and the other
figures an ``Explosif`` weapon hits are not in them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from skirmish.core.errors import GameOverError, IllegalActionError
from skirmish.core.game import Game
from skirmish.games.masseffect.actions import Fight, Oppose, Shoot, UsePower, Wield, token
from skirmish.games.masseffect.figure import STAY, Figure
from skirmish.games.masseffect.house_rules import (
    ARMOUR,
    BARE_HANDS,
    MELEE_DAMAGE,
    MELEE_WEAPON,
    NATURAL_ROLLS,
    reading_of,
)
from skirmish.games.masseffect.odds import (
    MeleeOdds,
    MeleeSide,
    ShotOdds,
    ShotSituation,
    melee_odds,
    opportunity_odds,
    shot_odds,
)
from skirmish.games.masseffect.rolling import state_of
from skirmish.games.masseffect.state import MEState
from skirmish.games.masseffect.web.frames import protections, verdict
from skirmish.web.frames import FrameError, parse_action

#: The protections a stripped figure loses (ME24); Armure is never stripped.
_STRIPPABLE = frozenset({"Bouclier", "Barrière"})


def odds(known: Game, text: str) -> dict[str, Any]:
    """``odds``: the exact odds of ``text`` on a copy of the game (whether or not it is
    legal now: ``legal_now`` says, ``why`` why not). ``odds`` is a shot's or a melee's
    (see :func:`shot`, :func:`fight`), or null with a ``summary`` saying why there is
    nothing to compute (a power without a damage roll)."""
    action = parse_action(known, text)
    try:
        known.check(action)
        legal_now, why = True, ""
    except (IllegalActionError, GameOverError) as exc:
        legal_now, why = False, str(exc)
    state = state_of(known)
    result: dict[str, Any] | None
    try:
        if isinstance(action, Shoot):
            result = shot(state, _figure(state, action.figure), action.weapon,
                          _figure(state, action.target))
        elif isinstance(action, UsePower) and action.target is not None:
            result = power(state, _figure(state, action.figure), action.power,
                           _figure(state, action.target))
        elif isinstance(action, Fight):
            result = fight(state, _figure(state, action.figure))
        elif isinstance(action, Oppose):
            result = oppose(known, state, _figure(state, action.figure))
        elif isinstance(action, Wield):
            result = wield(known, state, _figure(state, action.figure), action.weapon)
        else:
            raise FrameError(f"no odds for '{text}': shots, powers aimed at a figure, "
                             "fights, oppositions and melee weapons have odds")
    except ValueError as exc:
        raise FrameError(f"no odds for '{text}': {exc}") from None
    return {"type": "odds", "text": text, "legal_now": legal_now, "why": why,
            "odds": result, "summary": summary(result) if result else
            "no damage roll to compute: the power's effects are not wounds"}


def _figure(state: MEState, ref: Any) -> Figure:
    try:
        figure = state.figure(str(ref))
    except KeyError:
        raise FrameError(f"'{ref}' is not a figure of this match") from None
    if not figure.in_action:
        raise FrameError(f"{figure.ref} is not in action")
    return figure


def _p(value: Fraction) -> float:
    return round(float(value), 6)


def _distribution(dist: Mapping[int, Fraction]) -> dict[str, float]:
    return {str(k): _p(p) for k, p in dist.items()}


def _shot_json(odds_: ShotOdds) -> dict[str, Any]:
    return {"any_hit": _p(odds_.any_hit), "out_of_action": _p(odds_.out_of_action),
            "expected_wounds": _p(odds_.expected_wounds), "wounds": _distribution(odds_.wounds),
            "exact": {"any_hit": str(odds_.any_hit), "out_of_action": str(odds_.out_of_action),
                      "expected_wounds": str(odds_.expected_wounds)}}


def _situation(state: MEState, attacker: Figure, target: Figure) -> dict[str, Any]:
    """What the roll depends on: stayed, the targeting verdict (obstacle, cover), a
    counter-charge shot (in contact)."""
    contact = state.in_contact(attacker, target)
    aim = verdict(state, attacker, target, None)
    return {"stayed": attacker.moved == STAY, "obstacle": aim.obstacle, "cover": aim.cover,
            "counter_charge": contact, "lifted": target.has_status("lifted")}


def _tuned(state: MEState, situation: ShotSituation, threshold: int | None, target: Figure
           ) -> ShotSituation:
    """The card's situation as it stands now: the roll's threshold and the target's Défense
    after this turn's modifiers (ME33), the protections stripped (ME24) not saving, the
    rolls read as the match's house rule me-natural-rolls says (ME4)."""
    stripped = frozenset(target.stripped) & _STRIPPABLE
    naturals = reading_of(state.house_rules, NATURAL_ROLLS) == "naturals"
    return dataclasses.replace(situation, threshold=threshold, naturals=naturals,
                               armour_per_hit=reading_of(state.house_rules,
                                                         ARMOUR) == "per-hit",
                               defence=target.threshold("Défense"),
                               ignores=situation.ignores | stripped)


def _uses(target: Figure) -> dict[str, int | None]:
    shield, barrier = target.profile.shield, target.profile.barrier
    return {"shield_uses_left": target.shield_uses if shield else None,
            "barrier_uses_left": target.barrier_uses if barrier else None,
            "armour_left": target.armour, "vitality_left": target.vitality}


def shot(state: MEState, shooter: Figure, weapon_token: str, target: Figure
         ) -> dict[str, Any]:
    """A shooting action (ME16, ME21-ME26, ME32): every shot in full."""
    weapon = next((w for w in shooter.card.ranged if token(w.name) == weapon_token), None)
    if weapon is None:
        raise FrameError(f"{shooter.ref} has no ranged weapon {weapon_token}")
    how = _situation(state, shooter, target)
    situation = _tuned(state, ShotSituation.from_cards(
        shooter.profile, weapon, target.profile, stayed=how["stayed"],
        obstacle=how["obstacle"], counter_charge=how["counter_charge"],
        cover=how["cover"] is not None, lifted=how["lifted"], **_uses(target)),
        shooter.threshold("Tir"), target)
    return _shot_answer("shot", shooter, weapon.name, target, situation, how)


def power(state: MEState, user: Figure, power_token: str, target: Figure
          ) -> dict[str, Any] | None:
    """A power aimed at a figure with one damage effect (ME19, ME33); None for a power
    whose effects are not a damage roll."""
    from skirmish.games.masseffect.combat.attacks import power_threshold

    card = next((p for p in user.card.powers if token(p.name) == power_token), None)
    if card is None:
        raise FrameError(f"{user.ref} has no power {power_token}")
    if not card.attacks or sum(s.kind == "damage" for s in card.effects) != 1:
        return None
    how = _situation(state, user, target)
    situation = _tuned(state, ShotSituation.from_power(
        card, user.profile, target.profile, stayed=how["stayed"], obstacle=how["obstacle"],
        cover=how["cover"] is not None, lifted=how["lifted"], **_uses(target)),
        power_threshold(user, card.roll), target)
    how["counter_charge"] = False
    return _shot_answer("power", user, card.name, target, situation, how)


def _shot_answer(kind: str, attacker: Figure, item: str, target: Figure,
                 situation: ShotSituation, how: dict[str, Any]) -> dict[str, Any]:
    return {"game": "masseffect", "kind": kind, "attacker": str(attacker.ref), "item": item,
            "target": str(target.ref), "threshold": situation.threshold,
            "modifier": situation.modifier, "shots": situation.shots,
            "p_roll": _p(situation.p_roll), "in_cover": situation.in_cover, **how,
            "ignores": sorted(situation.ignores), "protections": protections(target),
            "situation": situation.describe(), **_shot_json(shot_odds(situation))}


# -- melee ------------------------------------------------------------------------------------
#: ME42: melee weapons by figure ref, for the odds of a ``wield`` not yet sent.
Arms = Mapping[str, str]


def _weapon(state: MEState, figure: Figure, arms: Arms) -> str | None:
    """ME42: the melee weapon ``figure`` strikes with: the one named in ``arms``, else the
    one its player chose for the phase (me-melee-weapon=player), else (None) the best."""
    named = arms.get(str(figure.ref))
    if named is not None:
        return named
    if figure.wielding and reading_of(state.house_rules, MELEE_WEAPON) == "player":
        return figure.wielding
    return None


def _side(state: MEState, figure: Figure, arms: Arms) -> MeleeSide:
    """A figure in a melee as it stands: its Mêlée this turn, its melee weapon (ME42:
    :func:`_weapon`; bare hands one worse under the match's house rule
    me-bare-hands=one-worse, ME28)."""
    return MeleeSide.from_card(figure.profile, figure.card.melee_weapons,
                               melee=figure.threshold("Mêlée"), armour_left=figure.armour,
                               vitality_left=figure.vitality,
                               bare_penalty=reading_of(state.house_rules,
                                                       BARE_HANDS) == "one-worse",
                               weapon=_weapon(state, figure, arms),
                               one_wound=reading_of(state.house_rules, MELEE_DAMAGE) == "one",
                               armour_per_hit=reading_of(state.house_rules,
                                                         ARMOUR) == "per-hit")


def _arms_name(state: MEState, figure: Figure, arms: Arms) -> str | None:
    """The name of the melee weapon it strikes with (None: bare hands)."""
    from skirmish.games.masseffect.odds import melee_weapon

    weapon = melee_weapon(figure.card.melee_weapons, _weapon(state, figure, arms))
    return weapon.name if weapon is not None else None


def _melee_json(state: MEState, a: Figure, b: Figure, arms: Arms) -> dict[str, Any]:
    side_a, side_b = _side(state, a, arms), _side(state, b, arms)
    result: MeleeOdds = melee_odds(side_a, side_b)
    return {"a": str(a.ref), "b": str(b.ref), "a_hits": _p(result.a_hits),
            "b_hits": _p(result.b_hits), "nobody": _p(result.nobody),
            "a_out": _p(result.a_out_of_action), "b_out": _p(result.b_out_of_action),
            "wounds_to_a": _distribution(result.wounds_to_a),
            "wounds_to_b": _distribution(result.wounds_to_b),
            "a_melee": side_a.threshold, "b_melee": side_b.threshold,
            "a_weapon": _arms_name(state, a, arms), "b_weapon": _arms_name(state, b, arms)}


def _opportunity_json(state: MEState, attacker: Figure, target: Figure, arms: Arms
                      ) -> dict[str, Any]:
    side = _side(state, attacker, arms)
    result = opportunity_odds(side.melee, side.damage, side.perforant, target.armour,
                              target.vitality, bare_penalty=side.bare_penalty,
                              one_wound=side.one_wound, armour_per_hit=side.armour_per_hit)
    return {"attacker": str(attacker.ref), "target": str(target.ref),
            "melee": side.threshold, "weapon": _arms_name(state, attacker, arms),
            **_shot_json(result)}


def _brawl(state: MEState, centre: Figure, opponent: Figure | None, arms: Arms | None = None
           ) -> dict[str, Any]:
    """ME27: the centre's normal melee with ``opponent`` (None: each it may choose), then the
    opportunity attacks of its other unfought opponents; or, all of them having fought,
    its own opportunity attack."""
    arms = arms or {}
    unfought = [e for e in state.opponents(centre) if not e.fought]
    out: dict[str, Any] = {"game": "masseffect", "kind": "melee", "centre": str(centre.ref),
                           "melees": [], "opportunities": []}
    if not unfought:
        out["opportunities"] = [_opportunity_json(state, centre, e, arms)
                                for e in state.opponents(centre)
                                if opponent is None or e is opponent]
        return out
    chosen = [opponent] if opponent is not None else unfought
    out["melees"] = [_melee_json(state, centre, e, arms) for e in chosen]
    if len(chosen) == 1:
        out["opportunities"] = [_opportunity_json(state, e, centre, arms) for e in unfought
                                if e is not chosen[0]]
    return out


def fight(state: MEState, figure: Figure) -> dict[str, Any]:
    """``fight``: the fight the engine starts around the chosen figure (ME27)."""
    from skirmish.games.masseffect.phases.melee import Brawl

    if not state.engaged(figure):
        raise FrameError(f"{figure.ref} is not engaged in melee")
    centre = state.figure(Brawl.around(state, figure).centre)
    return _brawl(state, centre, None)


def oppose(game: Game, state: MEState, opponent: Figure) -> dict[str, Any]:
    """``oppose``: the melee of the fight being resolved with this opponent."""
    from skirmish.games.masseffect.phases.melee import Brawl

    brawl = next((p for p in reversed(game.stack) if isinstance(p, Brawl)), None)
    if brawl is None:
        raise FrameError("no fight is being resolved: 'oppose' answers one")
    return _brawl(state, state.figure(brawl.centre), opponent)


def wield(game: Game, state: MEState, figure: Figure, weapon_token: str) -> dict[str, Any]:
    """``wield`` (ME42): the fight being resolved, or the opportunity attack about to be
    rolled, with ``figure`` striking with the melee weapon named."""
    from skirmish.games.masseffect.combat.attacks import Opportunity, melee_choices
    from skirmish.games.masseffect.phases.melee import Brawl

    name = next((n for n in melee_choices(figure) if token(n) == weapon_token), None)
    if name is None:
        raise FrameError(f"{figure.ref} has no melee weapon {weapon_token}")
    arms = {str(figure.ref): name}
    for procedure in reversed(game.stack):
        if isinstance(procedure, Brawl) and procedure.opponent:
            return _brawl(state, state.figure(procedure.centre),
                          state.figure(procedure.opponent), arms)
        if isinstance(procedure, Opportunity):
            return {"game": "masseffect", "kind": "melee", "centre": procedure.target,
                    "melees": [], "opportunities": [_opportunity_json(
                        state, state.figure(procedure.attacker),
                        state.figure(procedure.target), arms)]}
    raise FrameError("no fight nor opportunity attack is under way: 'wield' answers one")


def summary(result: Mapping[str, Any]) -> str:
    """One line in English (the page writes its own from the numbers)."""
    if result["kind"] == "melee":
        parts = [f"{m['a']} vs {m['b']}: {m['a']} hits {m['a_hits']:.1%}, {m['b']} hits "
                 f"{m['b_hits']:.1%}" for m in result["melees"]]
        parts += [f"{o['attacker']} on {o['target']} (opportunity): {o['any_hit']:.1%}"
                  for o in result["opportunities"]]
        return "; ".join(parts)
    return (f"{result['attacker']} → {result['target']} ({result['item']}): at least one hit "
            f"{result['any_hit']:.1%}, out of action {result['out_of_action']:.1%}, "
            f"{result['expected_wounds']:.2f} wounds expected ({result['situation']})")
