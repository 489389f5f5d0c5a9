"""Powers that cannot serve, and the shots a boost was bought for: what the Mass Effect:
Annihilation bots leave out or do first so that no power is used without effect (issue 49),
the counterpart of :mod:`skirmish.games.eden.bots.card_sense`.

A boost (ME33 ``modify``: Consensus betters Tir, Rage sanguinaire betters Mêlée) lasts until
the turn's end and serves only the rolls of that characteristic (:mod:`.waste` counts the
others as unused):

- **pointless** (:func:`pointless`): given in the powers phase (ME15) to a figure that cannot
  use it. The movement is over (ME8), so a figure not engaged now fights no melee this turn,
  and one with no shot in range and sight now gets none; the heuristic already weighs such a
  boost at nothing (:func:`~skirmish.games.masseffect.bots.actions.power_value`), and the
  search's root leaves it out, where its noise once chose it (2 Rages on a Capitaine
  Vorgash in contact with no one over the 155 games of the ladder at c2305af).
- **without effect** (:func:`without_effect`): a restore aimed at a protection that is whole
  (ME33 ``restore``: not switched off, no use short) or a heal aimed at a figure with all its
  Vitalité (ME35); the search's root leaves these out too (2 Régénérations de bouclier of
  expert's over the 59 games of the ladder at 261fe2d).
- **shot first** (:func:`boosted_shots`): in the shooting phase (ME16) a figure bettered in
  Tir shoots before its friends. Otherwise a friend may take the only target it had: over
  those games expert's Consensus went unused 5 times, each time on a figure that never
  shot while friends shot before it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from skirmish.core.actions import Action
from skirmish.games.masseffect.actions import Shoot, UsePower
from skirmish.games.masseffect.bots.actions import action_value, power_of, will_shoot
from skirmish.games.masseffect.bots.table import Fig, Table
from skirmish.games.masseffect.cards.powers import Power
from skirmish.games.masseffect.rules import Phase

#: The characteristics a boost betters and the rolls it serves (ME33).
BOOSTED = ("Tir", "Mêlée")

#: Below this expected worth (band points) a pick is not worth making: hold or pass.
WORTH_DOING = 0.03


class Chooser(Protocol):
    """What the search's narrowing asks of the heuristic: its choice."""

    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action: ...


def boosts(power: Power) -> tuple[str, ...]:
    """The characteristics among :data:`BOOSTED` that ``power`` betters, when that is all it
    does (a power with another effect may serve by that one)."""
    kinds = [spec.kind for spec in power.effects]
    if not kinds or any(kind != "modify" for kind in kinds):
        return ()
    found = tuple(str(spec.param("characteristic")) for spec in power.effects)
    return found if all(c in BOOSTED for c in found) else ()


def may_serve(t: Table, figure: Fig, characteristic: str) -> bool:
    """Could a better ``characteristic`` still serve ``figure`` this turn, in the powers
    phase or after it? Tir: it may still shoot, with a target in range and sight now (or
    use a power: a power already used counts). Mêlée: it is engaged (the melee phase), as
    no move is left to bring it into contact."""
    if characteristic == "Tir":
        return will_shoot(t, figure)
    return figure.engaged


def whole(figure: Fig, protection: str) -> bool:
    """Is ``figure``'s ``protection`` (Bouclier or Barrière) whole: not switched off (ME24)
    and not short of a use (or the figure has none, so nothing comes back: ME33
    ``restore``)?"""
    if protection in figure.view["stripped"]:
        return False
    trait = figure.profile.shield if protection == "Bouclier" else figure.profile.barrier
    uses = figure.view["shield_uses" if protection == "Bouclier" else "barrier_uses"]
    return trait is None or int(uses) >= (trait.value or 0)


def unwounded(figure: Fig) -> bool:
    """Is ``figure`` in action with all its Vitalité (ME35: a heal gives nothing back)?"""
    return figure.in_action and figure.vitality >= int(figure.view["max_vitality"])


def without_effect(power: Power, target: Fig) -> bool:
    """Would ``power`` do nothing to ``target``: its effects all restore protections that
    are whole (:func:`whole`), or all heal a figure unwounded (:func:`unwounded`)?
    (bench.waste counts either as a power used without effect.)"""
    kinds = {spec.kind for spec in power.effects}
    if kinds == {"restore"}:
        return all(whole(target, str(spec.param("protection"))) for spec in power.effects)
    if kinds == {"heal"}:
        return unwounded(target)
    return False


def pointless(t: Table, action: Action) -> bool:
    """A power that cannot serve its target: one whose only effect is a boost
    (:func:`boosts`) given to a figure that it cannot serve this turn (:func:`may_serve`),
    or one that restores a whole protection or heals an unwounded figure
    (:func:`without_effect`: 2 Régénérations de bouclier of expert's over the 59 games of
    the ladder at 261fe2d, chosen by the search's noise where the heuristic weighs them at
    nothing)."""
    if not isinstance(action, UsePower):
        return False
    user = t.figs.get(str(action.figure))
    power = None if user is None else power_of(user, action.power)
    if user is None or power is None:
        return False
    target = user if action.target is None else t.figs.get(str(action.target))
    if target is None:
        return False
    if without_effect(power, target):
        return True
    bettered = boosts(power)
    return bool(bettered) and not any(may_serve(t, target, c) for c in bettered)


def bettered_in_tir(figure: Fig) -> bool:
    """Is ``figure``'s Tir bettered this turn (a boost given in the powers phase)?"""
    return int(dict(figure.view.get("mods") or {}).get("Tir", 0)) < 0


def boosted_shots(t: Table, actions: Sequence[Action]) -> list[Action]:
    """Of ``actions``, the shots of the figures whose Tir a boost betters (:func:`bettered_in_tir`),
    which shoot before their friends; [] when there are none."""
    return [a for a in actions if isinstance(a, Shoot)
            and (f := t.figs.get(str(a.figure))) is not None and bettered_in_tir(f)]


def narrowed(helper: Chooser, view: Mapping[str, Any], legal: Sequence[Action]
             ) -> list[Action]:
    """The search's root actions where the game narrows them at a pick (:attr:`GameSearch.
    candidates <skirmish.bots.game_parts.GameSearch.candidates>`): in the powers phase, the
    legal actions but the pointless boosts; in the shooting phase, the boosted figures'
    shots when the heuristic takes one of them. The heuristic's choice comes first; ``[]``
    (not narrowed) everywhere else."""
    kind = (view.get("decision") or {}).get("kind")
    if kind not in (Phase.POWERS, Phase.SHOOTING):
        return []
    t = Table.of(view)
    if kind == Phase.POWERS:
        kept = [a for a in legal if not pointless(t, a)]
        if len(kept) == len(legal):
            return []
        choice = helper.act(view, legal)
        return [choice, *(a for a in kept if a != choice)]
    first = boosted_shots(t, legal)
    if not first or max(action_value(t, a) for a in first) <= WORTH_DOING:
        return []  # none of those shots is worth making: the others are weighed as before
    choice = helper.act(view, legal)
    return [choice, *(a for a in first if a != choice)]


__all__ = [
    "BOOSTED",
    "WORTH_DOING",
    "bettered_in_tir",
    "boosted_shots",
    "boosts",
    "may_serve",
    "narrowed",
    "pointless",
    "unwounded",
    "whole",
    "without_effect",
]
