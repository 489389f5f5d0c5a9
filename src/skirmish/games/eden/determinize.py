"""Eden's part of observations and determinizations (:mod:`skirmish.core.observation`).

What a player may not know of an Eden match (Rulebook 4.A steps 3, 5 and 8): the
opponent's tactical hand (its size is known), his secret missions (their number is known)
and his pending bid (whether he has bid is known) - and the dice to come, which the kernel
handles. The set-up's card lists (each player's mission and tactical cards) are public:
players agree them when the match is made (docs/rulings.md, Search bots).

:func:`redact` replaces those secrets by :data:`~skirmish.core.observation.HIDDEN` in a
snapshot and leaves out what follows from them (the secret missions' effects, the owners of
their objective markers, their counters); :func:`fill` samples them back:

- the hand: that many distinct cards among the opponent's tactical cards he may still
  hold (not played, not known to be held; Rulebook 4.A step 8: no two of a name);
- each secret mission: one of his secret mission cards he may have played (its symbol
  matches his troop, it is not already among his missions, Rulebook 1.D and 4.A step 5),
  its effects in play from the start of the match (their counters at zero);
- his pending bid: uniform in 0..his SP (Rulebook 4.A step 3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from skirmish.core.dice import Dice
from skirmish.core.observation import HIDDEN
from skirmish.games.eden.effects import ActiveEffect
from skirmish.games.eden.preparation.preparation import mission_refusal
from skirmish.games.eden.rolling import state_of

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.state import EdenState

_LETTERS = "AB"


def _hidden_missions(state: EdenState, side: int) -> list[str]:
    return [m for m in state.missions[side] if state._secret_mission(side, m)]


def redact(game: Game, player: int, snapshot: dict[str, Any]) -> dict[str, Any]:
    """``snapshot`` (state and stack as JSON) as ``player`` may know it (see the module's
    description). Eden's procedures hold no secret: the bids are in the state."""
    state = state_of(game)
    data = snapshot["state"]
    other = 1 - player
    secret = set(_hidden_missions(state, other))
    data["hands"][other] = [HIDDEN] * len(state.hands[other])
    if state.bids[other] is not None:
        data["bids"][other] = HIDDEN
    data["missions"][other] = [HIDDEN if m in secret else m for m in state.missions[other]]
    data["effects"] = [e.to_json() for e in state.effects if state._effect_public(e, player)]
    data["objectives"] = state._objectives_seen(player)
    letter = _LETTERS[other]
    data["counters"] = {key: value for key, value in data["counters"].items()
                        if not _secret_counter(key, letter, secret)}
    return snapshot


def _secret_counter(key: str, letter: str, secret: set[str]) -> bool:
    """A counter of a secret mission's effect: ``"B:Hunt:kills"``."""
    owner, _, rest = key.partition(":")
    source = rest.partition(":")[0]
    return owner == letter and source in secret


def _draw(pool: list[str], n: int, rng: Dice) -> list[str]:
    """``n`` distinct entries of ``pool`` (fewer if it holds fewer), uniformly."""
    pool = list(pool)
    out: list[str] = []
    while pool and len(out) < n:
        out.append(pool.pop(rng.below(len(pool))))
    return out


def _distinct(names: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(names))


def mission_candidates(state: EdenState, side: int) -> list[str]:
    """The secret missions ``side`` may have played, as far as the other player knows:
    secret cards of his deck that his troop may play (Rulebook 1.D, 4.A step 5) and that
    are not already among his missions."""
    known = {m for m in state.missions[side] if m != HIDDEN}
    return _distinct([card.name for card in state.catalogue.missions[side]
                      if card.secret and card.name not in known
                      and not mission_refusal(state, side, card)])


def hand_candidates(state: EdenState, side: int) -> list[str]:
    """The tactical cards ``side`` may still hold: his deck's names, not played, not known
    to be in his hand (Rulebook 1.D: a name is played once a match; 4.A step 8)."""
    known = {c for c in state.hands[side] if c != HIDDEN}
    played = set(state.played[side])
    return _distinct([card.name for card in state.catalogue.tactical[side]
                      if card.name not in played and card.name not in known])


def fill(game: Game, player: int, rng: Dice) -> None:
    """Sample the opponent's secrets of a game rebuilt from ``player``'s observation (see
    the module's description): missions first (their effects may change what he may
    hold), then his hand, then his pending bid."""
    state = state_of(game)
    other = 1 - player
    missions = state.missions[other]
    for index, name in enumerate(missions):
        if name != HIDDEN:
            continue
        pool = mission_candidates(state, other) or _distinct(
            [c.name for c in state.catalogue.missions[other] if c.secret]) or _distinct(
            [c.name for c in state.catalogue.missions[other]])
        chosen = pool[rng.below(len(pool))]
        missions[index] = chosen
        card = state.catalogue.mission(other, chosen)
        state.effects.extend(ActiveEffect.of(spec, source=card.name, owner=_LETTERS[other],
                                             until="match") for spec in card.effects)
    hand = state.hands[other]
    hidden = sum(1 for card in hand if card == HIDDEN)
    if hidden:
        drawn = _draw(hand_candidates(state, other), hidden, rng)
        deck = state.catalogue.tactical[other]
        while len(drawn) < hidden and deck:  # too few names for the known size: repeat
            drawn.append(deck[rng.below(len(deck))].name)
        drawn += [HIDDEN] * (hidden - len(drawn))
        it = iter(drawn)
        state.hands[other] = [next(it) if card == HIDDEN else card for card in hand]
    if cast(object, state.bids[other]) == HIDDEN:
        state.bids[other] = rng.below(max(0, state.sp[other]) + 1)


__all__ = ["fill", "hand_candidates", "mission_candidates", "redact"]
