"""Which tactical card plays change nothing, read from the player's own view (issue 49: "a
healing card played on an unwounded fighter"; bench.waste counts them in matches): a card
whose every effect would find nothing to act on is thrown away with the 2 SP it costs, and
passing keeps both. The heuristic never plays one, and the search never weighs one at the
root (:func:`narrowed`), so no level of bot does.

- a heal of the chosen fighter (Medical supplies) on a fighter with no CP checked;
- the removal of Burn markers from the player's fighters (Cold shower) when none has one;
- AP given to the chosen fighter (Stimulants) when it is out of the match, or when nothing
  could spend them this round (:func:`ap_unspendable`): AP pay for a fighter's actions in its
  activation (Rulebook 5) and for its reactions to a melee attack or a withdrawal (6.A,
  Rulebook 5, Move), so AP given to a fighter that has been activated, with no enemy left to
  activate near enough to attack it, buy nothing; nor do AP beyond the three Moves of a round
  (Rulebook 5) given to a fighter that no enemy can come within reach of this round and that
  has no other action to spend them on.

A card play may also be **premature** (:func:`premature`): AP given (Stimulants, which has no
Tactical rule, so it may be played at the start of any of its player's activations, 1.D) to
a fighter of the player's that has not been activated yet and is not the one whose
activation starts now. Played at the start of that fighter's own activation instead, the
card costs the same and gives the same AP for the same activation (AP are lost only at the
intendancy, 4.C), and by then the player knows whether the fighter will act at all and what
it will meet: played now, the AP are thrown away when the fighter is then held back or
ends its activation early (issue 49: "+1 AP given to a fighter who is then never activated
that round"). A fighter with no AP left is the exception: it cannot be activated without
them (4.B), so only a card played before its activation brings it back.

What a card does when it acts is the rules' (:mod:`skirmish.games.eden.effect_kinds`); this
is only the bots' sense of when it would not.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from skirmish.core.actions import Action
from skirmish.core.agents import Agent
from skirmish.games.eden.actions import PlayCard, key
from skirmish.games.eden.bots.estimates import distance
from skirmish.games.eden.bots.heuristic_territory import ranged_reach
from skirmish.games.eden.bots.spending import last_round
from skirmish.games.eden.cards.equipment import Category, Equipment
from skirmish.games.eden.fighting.movement import MOVE_CM, MOVES_PER_ROUND
from skirmish.geometry.templates import DEFAULT_BLAST


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
        if chosen is None:
            return None
        return "ap" if not chosen["on_field"] or ap_unspendable(view, chosen) else None
    return None


def _move_reach(view: Mapping[str, Any]) -> float:
    """The furthest one Move may take a fighter: 10 cm (Rulebook 5), or the longest Move an
    effect in play gives (a card's or an ability's ``move-distance``)."""
    longest = [float(e["params"]["cm"]) for e in view.get("effects", ())
               if e.get("effect") == "move-distance" and "cm" in (e.get("params") or {})]
    return max([MOVE_CM, *longest])


@functools.lru_cache(maxsize=512)
def _blasts(text: str) -> bool:
    return Equipment.parse(text).part(Category.BLAST) is not None


def _attack_reach(fighter: Mapping[str, Any], equipment: Mapping[str, str]) -> float:
    """How far from its base the fighter's ranged equipment reaches (a blast: its template's
    length; 0: melee only)."""
    blast = any(_blasts(equipment[name]) for name in fighter["profile"].get("equipment", ())
                if name in equipment)
    return max(ranged_reach(fighter, equipment), DEFAULT_BLAST.length if blast else 0.0)


def ap_unspendable(view: Mapping[str, Any], chosen: Mapping[str, Any]) -> bool:
    """Whether AP given to ``chosen`` now could pay for nothing this round, as far as the
    view tells (never under Territory Management or Infestation, whose actions and fighters
    it does not weigh):

    - activated already and with no AP left, it is done for the round (a fighter starting
      its activation with none left is the one exception the view cannot tell apart: it
      spent its three AP on reactions before; the bots leave such a play out): its AP pay
      only for reactions (dodge or response to a melee attack, 6.A; an attack on an enemy
      withdrawing from contact, Rulebook 5, Move), and none is possible when every enemy
      still to activate stands beyond three Moves of it (a Charge is one of them);
    - not activated yet, or at the start of its own activation (the window's fighter, whose
      activation is all to come), with AP enough for the round's three Moves (Rulebook 5) and
      no other action it could take alone (no burning marker to put out, no action ability
      that costs AP): the AP given could pay only for an attack, a shot or a reaction, and
      none is possible when every enemy stands beyond both sides' Moves and the longer of
      their ranged reaches (a shot that set it on fire would offer it an Extinguish)."""
    if view.get("territory") or view.get("infestation"):
        return False
    me = view["player"]
    enemies = [f for f in view["fighters"] if f["side"] != me and f["on_field"]]
    moves = MOVES_PER_ROUND * _move_reach(view)
    starting = ((view.get("decision") or {}).get("context") or {}).get("fighter") == chosen["ref"]
    if chosen.get("activated") and not starting:
        return int(chosen.get("ap", 0)) == 0 and all(
            e.get("activated") or distance(chosen, e) > moves for e in enemies)
    if int(chosen.get("ap", 0)) < MOVES_PER_ROUND or chosen["markers"].get("burn", 0) or any(
            a.get("kind") == "action" and a.get("cost_ap", 0) > 0
            for a in chosen.get("abilities", ())):
        return False
    equipment = view.get("equipment", {})
    mine = _attack_reach(chosen, equipment)
    return all(distance(chosen, e) > moves + (0.0 if e.get("activated") else moves)
               + max(mine, _attack_reach(e, equipment)) for e in enemies)


def _gives_ap(card: Mapping[str, Any]) -> bool:
    """Whether every effect of ``card`` gives the chosen fighter AP at once."""
    effects = card.get("effects") or ()
    return bool(effects) and all(e.get("effect") == "instant" and "ap" in e
                                 and e.get("who") == "target" for e in effects)


def premature(view: Mapping[str, Any], action: Action) -> bool:
    """Whether ``action`` plays, before its time, a card that gives AP to a fighter of the
    player's not activated yet (see the module): at the tactical phase or at the start of
    another fighter's activation, when the card may as well be played at the start of the
    chosen fighter's own (it has no Tactical rule) and the fighter has AP to be activated
    with."""
    if not isinstance(action, PlayCard) or action.target is None:
        return False
    decision = view.get("decision") or {}
    if decision.get("kind") != "tactical":
        return False
    card = _card(view, action.card)
    chosen = _fighter(view, str(action.target))
    if card is None or card.get("tactical", True) or not _gives_ap(card) or chosen is None:
        return False
    context = decision.get("context") or {}
    return (chosen["side"] == view["player"] and chosen["on_field"]
            and not chosen.get("activated") and int(chosen.get("ap", 0)) > 0
            and context.get("fighter") != chosen["ref"])


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
    """``actions`` without the card plays that would change nothing, or that would be played
    before their time (:func:`premature`)."""
    return [a for a in actions if not pointless(view, a) and not premature(view, a)]


def narrowed(helper: Agent, view: Mapping[str, Any], legal: Sequence[Action]
             ) -> list[Action]:
    """The search's root actions (:attr:`GameSearch.candidates
    <skirmish.bots.game_parts.GameSearch.candidates>`) where a pointless or premature card
    play is offered: the heuristic's choice first, then the other legal actions but those plays;
    ``[]`` (not narrowed, the heuristic not asked) everywhere else."""
    decision = view.get("decision") or {}
    if decision.get("kind") != "tactical":
        return []  # cards are played at tactical decisions only
    kept = sensible(view, legal)
    if waits(view):
        plays = [a for a in kept if isinstance(a, PlayCard)]
        passing = next((a for a in legal if not isinstance(a, PlayCard)), None)
        if plays and passing is not None:
            return [passing, *plays]
    if len(kept) == len(legal):
        return []
    choice = helper.act(view, legal)
    return [choice, *(a for a in kept if a != choice)]


def plays_a_card(action: Action) -> bool:
    """Is ``action`` a card play?"""
    return isinstance(action, PlayCard)


def spends(view: Mapping[str, Any]) -> Callable[[Action], bool] | None:
    """The search's default at the tactical phase of the match's last round
    (:attr:`GameSearch.default_among <skirmish.bots.game_parts.GameSearch.default_among>`):
    its most visited card play, which passing replaces only when it beats it by the
    ``confidence`` margin; ``None`` elsewhere (the most visited action). SP are one reserve
    for the match and worth nothing once it ends (Rulebook 4.A step 2), and a card still in
    hand then did nothing: taking the most visited action let noise pass up cards (issue 49:
    expert passed up 14 cards in the last round with the SP to pay for them over the 211
    games of the ladder at c2305af, the heuristic none; normal and hard passed on the
    held-out "heal-the-wounded" by 9 visits to 7 and 33 to 31). Which card is the search's
    pick by its visits: keeping the heuristic's card, drawn at random, instead scored below
    (docs/bots.md). Not at an activation's start: a card there gives AP for that activation
    (Stimulants), which serve only if the fighter spends them (5 of the 7 AP given and left
    unspent in the first 55 games of the ladder at 45faa94 were given there in the last
    round, where the most visited action is taken), and passing by default there as before
    the last round cost normal the held-out "stimulants-for-the-second-blow" at every seed."""
    decision = view.get("decision") or {}
    if (decision.get("kind") != "tactical" or not last_round(view)
            or (decision.get("context") or {}).get("when") == "activation"):
        return None
    return plays_a_card


def waits(view: Mapping[str, Any]) -> bool:
    """Whether the search's default at this tactical decision is to pass: at the start of an
    activation before the match's last round. A card there (Stimulants: AP for this
    activation) is played only when the search finds it better than keeping its SP by its
    ``confidence`` margin; taking the most visited play let noise through (issue 49: in the
    ladder at 89b0173, 4 of expert's 34 Stimulants went to a fighter that then ended its
    activation with the AP unspent). In the last round SP are worth nothing after the match,
    and the play is weighed as before."""
    decision = view.get("decision") or {}
    return (decision.get("kind") == "tactical"
            and (decision.get("context") or {}).get("when") == "activation"
            and not last_round(view))
