"""Which tactical card plays change nothing, read from the player's own view (issue 49: "a
healing card played on an unwounded fighter"; bench.waste counts them in matches): a card
whose every effect would find nothing to act on is thrown away with the 2 SP it costs, and
passing keeps both. The heuristic never plays one, and the search never weighs one at the
root (:func:`narrowed`), so no level of bot does.

- a heal of the chosen fighter (Medical supplies) on a fighter with no CP checked;
- the removal of Burn markers from the player's fighters (Cold shower) when none has one;
- AP given to the chosen fighter (Stimulants) when it is out of the match.

What a card does when it acts is the rules' (:mod:`skirmish.games.eden.effect_kinds`); this
is only the bots' sense of when it would not.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from skirmish.core.actions import Action
from skirmish.core.agents import Agent
from skirmish.games.eden.actions import PlayCard, key


def _card(view: Mapping[str, Any], token: str) -> Mapping[str, Any] | None:
    return next((c for c in view.get("my_tactical_cards", ()) if key(c["name"]) == token),
                None)


def _fighter(view: Mapping[str, Any], ref: str) -> Mapping[str, Any] | None:
    return next((f for f in view["fighters"] if f["ref"] == ref), None)


def _idle(effect: Mapping[str, Any], view: Mapping[str, Any],
          chosen: Mapping[str, Any] | None) -> str | None:
    """What ``effect`` would find nothing to act on (``heal``, ``burn``, ``ap``), ``None``
    when it would act."""
    if effect.get("effect") != "instant":
        return None
    if "heal" in effect and effect.get("who") == "target":
        return "heal" if chosen is not None and not any(chosen["checked"]) else None
    if effect.get("remove") == "burn":
        me = view["player"]
        return None if any(f["markers"].get("burn", 0) for f in view["fighters"]
                           if f["side"] == me and f["on_field"]) else "burn"
    if "ap" in effect and effect.get("who") == "target":
        return "ap" if chosen is not None and not chosen["on_field"] else None
    return None


def idle(view: Mapping[str, Any], action: Action) -> str | None:
    """If ``action`` plays a card whose every effect would find nothing to act on, what its
    first effect would not find (``heal``: an unwounded fighter, ``burn``: no Burn marker,
    ``ap``: a fighter out of the match); ``None`` for any other action."""
    if not isinstance(action, PlayCard):
        return None
    card = _card(view, action.card)
    if card is None or not card.get("effects"):
        return None
    chosen = None if action.target is None else _fighter(view, str(action.target))
    found = [_idle(effect, view, chosen) for effect in card["effects"]]
    return found[0] if all(found) else None


def pointless(view: Mapping[str, Any], action: Action) -> bool:
    """Whether ``action`` plays a card that would change nothing but the SP it costs."""
    return idle(view, action) is not None


def sensible(view: Mapping[str, Any], actions: Sequence[Action]) -> list[Action]:
    """``actions`` without the card plays that would change nothing."""
    return [a for a in actions if not pointless(view, a)]


def narrowed(helper: Agent, view: Mapping[str, Any], legal: Sequence[Action]
             ) -> list[Action]:
    """The search's root actions (:attr:`GameSearch.candidates
    <skirmish.bots.game_parts.GameSearch.candidates>`) where a pointless card play is
    offered: the heuristic's choice first, then the other legal actions but those plays;
    ``[]`` (not narrowed, the heuristic not asked) everywhere else."""
    if (view.get("decision") or {}).get("kind") != "tactical":
        return []  # cards are played at tactical decisions only
    kept = sensible(view, legal)
    if len(kept) == len(legal):
        return []
    choice = helper.act(view, legal)
    return [choice, *(a for a in kept if a != choice)]
