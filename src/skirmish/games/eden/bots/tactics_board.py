"""Building the tactical suite's Eden positions, and the predicates over the chosen action.

A position is a real match (:meth:`skirmish.games.eden.EDEN.new_game` from a set-up, its
preparation played), stopped at the first activation of round 1 and then arranged: the
round, the VP, each fighter's place, wounds, AP and whether it has acted this round; then
a few actions (an activation, an enemy's attack) lead to the decision the position asks.
Everything a player may know of it is in the state, so an agent sees it through its view
and its observation exactly as in a match.

The fighters are the sample library's cards (ORIGINAL SAMPLE CONTENT) **without their
abilities**, so that the odds quoted in each position's description are those of the bare
profiles (:mod:`skirmish.games.eden.odds`); their equipment is the card's unless a spot names other.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from skirmish.bots.tactics.positions import Predicate
from skirmish.core import Game
from skirmish.core.actions import Action
from skirmish.games.eden import EDEN
from skirmish.games.eden.actions import Charge, Move
from skirmish.games.eden.cards.library import Library
from skirmish.games.eden.cards.troops import card_dict
from skirmish.games.eden.content import load_library
from skirmish.games.eden.invariants import invariant_problems
from skirmish.games.eden.rolling import state_of

#: Control of an objective marker (mission "Hold the crossroads"): a fighter's base within
#: 5 cm of the marker's edge; for a 30 mm base and a 1 cm marker, centres within 7.5 cm.
CONTROL_30MM = 5.0 + 1.5 + 1.0
#: Rulebook 5: a Charge's allowance (10 cm), for "out of charge reach" predicates.
CHARGE_REACH = 10.0


@functools.cache
def library() -> Library:
    return load_library()


@dataclass(frozen=True, slots=True)
class Spot:
    """One fighter of a position: a library profile (``card``, abilities left out), its
    place, its checked CP (head, arms, torso, legs), AP, whether it has been activated this
    round (``spent``: activated with 0 AP, so it can neither act, dodge nor respond);
    ``name`` renames the card (two fighters of one card in a troop); ``equipment`` replaces
    the card's."""

    card: str
    x: float
    y: float
    checked: tuple[int, int, int, int] = (0, 0, 0, 0)
    ap: int = 3
    activated: bool = False
    name: str | None = None
    equipment: tuple[str, ...] | None = None
    spent: bool = False

    def profile(self) -> dict[str, Any]:
        card = library().profile(self.card)
        changes: dict[str, Any] = {"abilities": ()}
        if self.name is not None:
            changes["name"] = self.name
        if self.equipment is not None:
            changes["equipment"] = self.equipment
        return replace(card, **changes).to_dict()

    @property
    def key(self) -> str:
        return (self.name or self.card).replace(" ", "-")


def table(a: Sequence[Spot], b: Sequence[Spot], *, steps: Sequence[str] = (),
          missions: tuple[str, str] = ("Hunt", "Hunt"), leaders: tuple[str, str] = ("", ""),
          round: int = 2, max_rounds: int = 3, vp: tuple[int, int] = (0, 0),
          first: int = 0, seed: int = 1, hands: tuple[Sequence[str], Sequence[str]] = ((), ()),
          sp: tuple[int, int] | None = None, until: str = "") -> Game:
    """The position: troops ``a`` and ``b`` (player A's and B's), each player's mission
    (its only card, so the secret one is known to be it), the leaders (card names; the
    first fighter of each troop when not given), at round ``round`` of ``max_rounds`` with
    ``vp``, player ``first`` to designate; each player's tactical hand (``hands``: sample
    cards, also his troop's tactical cards) and SP (``sp``: the troops' reserves when not
    given); then ``steps`` (actions in notation) applied; then, with ``until``, the first
    legal action of each decision (a pass comes first where there is one) until a decision of
    kind ``until`` (a round's tactical phase: every fighter spent ends the round)."""
    lib = library()
    troops = []
    for side, spots in enumerate((a, b)):
        leader = leaders[side] or (spots[0].name or spots[0].card)
        troops.append({
            "type": "faction", "leader": leader,
            "fighters": [{"profile": s.profile(), "at": [s.x, s.y]} for s in spots],
            "missions": [card_dict(lib.missions[missions[side]])],
            "tactical": [card_dict(lib.tactical[name]) for name in hands[side]]})
    setup = {
        "field": [60, 60], "max_rounds": max_rounds, "budget": 1000, "abilities": [],
        "equipment": [str(e) for e in lib.equipment.values()],
        "preparation_skip": ["troops", "bid", "leaders", "scenery", "deployment", "hands"],
        "troops": troops,
    }
    game = EDEN.new_game(setup, seed=seed)
    while game.decision().kind != "activate":  # the missions, round 1's first-player bids
        game.apply(next(iter(game.legal_actions())))
    state = state_of(game)
    state.round, state.vp, state.first_player = round, list(vp), first
    state.hands = [list(hand) for hand in hands]
    if sp is not None:
        state.sp = list(sp)
    for side, spots in enumerate((a, b)):
        for spot in spots:
            fighter = state.fighter(f"{'AB'[side]}.{spot.key}")
            fighter.checked = list(spot.checked)
            fighter.ap, fighter.activated = (0, True) if spot.spent else (spot.ap,
                                                                          spot.activated)
            if fighter.incapacitated:
                raise ValueError(f"{fighter.ref} is incapacitated: leave it out")
    problems = invariant_problems(game)
    if problems:
        raise ValueError(f"not a position the rules allow: {'; '.join(problems)}")
    for step in steps:
        game.apply(step)
    while until and not game.is_over and game.decision().kind != until:
        legal = list(game.legal_actions())
        if not legal:  # the arrangement ended the decision (every fighter spent): go on
            game.advance()
            continue
        game.apply(next((a for a in legal if a.verb == "pass"), legal[0]))
    if game.is_over or len(game.legal_actions()) < 2:
        raise ValueError("a position must be a decision between several actions")
    return game


def where_after(game: Game, action: Action, who: str = "") -> tuple[float, float]:
    """Where fighter ``who`` (by default the one ``action`` names) stands after ``action``:
    a Move's or a Charge's destination (the charge's contact position when it names none),
    else where it stands now (``end``, a shot, a reaction, another fighter's action)."""
    state = state_of(game)
    ref = who or str(getattr(action, "fighter", ""))
    if ref not in state.index:
        return (math.nan, math.nan)
    fighter = state.fighter(ref)
    if not isinstance(action, Move | Charge) or str(action.fighter) != ref:
        return (fighter.x, fighter.y)
    if isinstance(action, Charge) and action.to is None:  # the nearest contact position
        from skirmish.games.eden.fighting.movement import charge_position

        end = charge_position(state, fighter, state.fighter(action.target), None)
        return (fighter.x, fighter.y) if end is None else (float(end.x), float(end.y))
    assert action.to is not None
    return (float(action.to.x), float(action.to.y))


def ends_within(x: float, y: float, who: str, radius: float = CONTROL_30MM) -> Predicate:
    """Fighter ``who`` ends the action with its centre within ``radius`` of (x, y)."""
    def predicate(game: Game, action: Action) -> bool:
        px, py = where_after(game, action, who)
        return math.hypot(px - x, py - y) <= radius

    return predicate


def ends_beyond(refs: Sequence[str], distance: float) -> Predicate:
    """A Move ending more than ``distance`` (centre to centre) from each fighter of ``refs``."""
    def predicate(game: Game, action: Action) -> bool:
        if action.verb != "move":
            return False
        state = state_of(game)
        px, py = where_after(game, action)
        return all(math.hypot(px - state.fighter(r).x, py - state.fighter(r).y) > distance
                   for r in refs)

    return predicate


def ends_near(ref: str, distance: float) -> Predicate:
    """A Move or Charge ending within ``distance`` (centre to centre) of fighter ``ref``."""
    def predicate(game: Game, action: Action) -> bool:
        if action.verb not in ("move", "charge"):
            return False
        other = state_of(game).fighter(ref)
        px, py = where_after(game, action)
        return math.hypot(px - other.x, py - other.y) <= distance

    return predicate
