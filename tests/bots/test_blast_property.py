"""The heuristic bot never places a blast or an explosion covering its own fighters when
another placement or action exists (Rulebook 6.B, blast and projectile; 8.C, Explosive(X)).

The property, checked at every decision of whole matches (heuristic bots, some of whose
moves are replaced by random legal ones so that more kinds of positions come up):

    When the bot (seat P) chooses a template attack T - a ``blast`` (the blast template) or
    a ``throw`` (the explosion template of an Explosive weapon, or the point of any other
    projectile) - and T covers a fighter of side P (the thrower himself included), then
    every legal action is such a template attack covering a fighter of side P: there was
    no placement covering none of P's fighters, and no other action at all (not even
    ``end`` or ``pass``).

The weaker reading (a friend may be covered when every other placement covers one too and
only passing is left) would let the bot burn its own fighters rather than end its
activation; the bot does not, so the stronger one is tested. Two derived checks make the
rare positions count: at each decision where a placement covering a friend is offered, the
bot given only the placements covering friends and the passing actions does not take one,
and given those placements and the clean ones it takes a clean one.

What a template covers is computed as the engine does (``blast_covers`` from the attacker's
base, ``explosion_covers`` or ``fighters_at`` at the throw's point, on the game's own
state), and checked against the engine's ``eden.template`` event whenever the chosen
placement is played.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from skirmish.core.actions import Action, Pass
from skirmish.core.game import Game
from skirmish.games.eden import EDEN
from skirmish.games.eden.actions import BlastAttack, End, Throw
from skirmish.games.eden.bots.heuristic import HeuristicAgent
from skirmish.games.eden.cards.equipment import Category
from skirmish.games.eden.cards.library import Library
from skirmish.games.eden.cards.troops import suggest
from skirmish.games.eden.content import load_library
from skirmish.games.eden.fighting.ranged import carried
from skirmish.games.eden.fighting.templates_attack import TemplateEvent, fighters_at
from skirmish.games.eden.rolling import state_of
from skirmish.geometry.templates import blast_covers, explosion_covers

TemplateAttack = BlastAttack | Throw


def covered(game: Game, action: BlastAttack | Throw) -> set[str]:
    """The refs the template (or point) of ``action`` covers, as the engine computes them
    (``Blast.run``, ``Projectile.run``/``explode``)."""
    state = state_of(game)
    me = state.fighter(action.fighter)
    if isinstance(action, BlastAttack):
        axis = None if action.axis is None else math.radians(action.axis)
        return {b.id for b in blast_covers(state.base(me), math.radians(action.angle),
                                           state.bases(me), axis=axis)}
    item = carried(game, me, action.weapon)
    assert item is not None
    part = item.part(Category.PROJECTILE)
    assert part is not None
    centre = (float(action.at.x), float(action.at.y))
    if part.effect("Explosive") is not None:
        return {b.id for b in explosion_covers(centre, state.bases())}
    return {f.ref for f in fighters_at(state, centre)}


def covers_a_friend(game: Game, action: Action, seat: int) -> bool:
    if not isinstance(action, TemplateAttack):
        return False
    state = state_of(game)
    return any(state.fighter(ref).side == seat for ref in covered(game, action))


class Tally:
    """What the sweep saw (for the report and to check it saw something)."""

    def __init__(self) -> None:
        self.decisions = 0  # decisions offering a template attack
        self.dirty_offered = 0  # ... of which some covering a friend
        self.chosen = 0  # template attacks the bot chose
        self.chosen_dirty = 0


def check_decision(game: Game, agent: HeuristicAgent, legal: Sequence[Action],
                   tally: Tally) -> Action:
    """The bot's choice at this decision, after checking the property on it."""
    seat = game.decision().player
    view = game.view(seat)
    choice = agent.act(view, legal)
    templates = [a for a in legal if isinstance(a, TemplateAttack)]
    if not templates:
        return choice
    tally.decisions += 1
    dirty = [a for a in templates if covers_a_friend(game, a, seat)]
    if isinstance(choice, TemplateAttack):
        tally.chosen += 1
    if choice in dirty:
        tally.chosen_dirty += 1
        others = [a for a in legal if a != choice]
        assert all(a in dirty for a in others), (
            f"{choice} covers a friend of {'AB'[seat]} ({sorted(covered(game, choice))}) "
            f"though {[str(a) for a in others if a not in dirty]} were legal")
    if dirty:
        tally.dirty_offered += 1
        clean = [a for a in templates if a not in dirty]
        passing = [a for a in legal if isinstance(a, End | Pass)]
        for seed in range(3):
            if passing:
                picked = HeuristicAgent(seed).act(view, [*dirty, *passing])
                assert picked not in dirty, f"{picked} over {[str(a) for a in passing]}"
            if clean:
                picked = HeuristicAgent(seed).act(view, [*dirty, *clean])
                assert picked in clean, f"{picked} over {[str(a) for a in clean]}"
    return choice


def play_checked(library: Library, seed: int, noise: float, swap: bool, tally: Tally) -> Game:
    """A whole match of the demo's troops (Jokers, Clan Bamaka; seats swapped with
    ``swap``), two heuristic bots whose every choice is checked; with probability ``noise``
    a random legal action is played instead of the bot's choice."""
    troops = [suggest(library, "faction", "Jokers"), suggest(library, "faction", "Bamaka")]
    if swap:
        troops.reverse()
    game = EDEN.new_game(library.setup(*troops, max_rounds=5), seed=seed)
    agents = [HeuristicAgent(seed), HeuristicAgent(seed + 1)]
    rng = random.Random(seed)
    for _ in range(5000):
        if game.is_over:
            return game
        legal = list(game.legal_actions())
        choice = check_decision(game, agents[game.decision().player], legal, tally)
        action = rng.choice(legal) if rng.random() < noise else choice
        expected = covered(game, action) if isinstance(action, TemplateAttack) else None
        start = len(game.log)
        game.apply(action)
        if expected is not None:  # the engine covers what ``covered`` said
            event = next(e for e in game.log[start:] if isinstance(e, TemplateEvent))
            assert set(event.covered) == expected, (str(action), event.covered, expected)
    raise AssertionError("match not over")


@functools.cache
def library() -> Library:
    return load_library()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), noise=st.sampled_from([0.0, 0.2, 0.4]),
       swap=st.booleans())
def test_the_bot_covers_a_friend_only_when_nothing_else_is_legal(
        seed: int, noise: float, swap: bool) -> None:
    play_checked(library(), seed, noise, swap, Tally())


def test_the_sweep_sees_template_attacks_and_placements_covering_friends() -> None:
    tally = Tally()
    for seed in range(6):
        play_checked(library(), seed, 0.3, bool(seed % 2), tally)
    assert tally.decisions > 20 and tally.chosen > 5 and tally.dirty_offered > 0


def test_in_twenty_bot_matches_no_blast_or_explosion_covers_a_friend() -> None:
    """The issue's sample: heuristic against heuristic, seeds 0 to 19, the demo's troops
    (before the fix 23 of 31 flamethrower blasts covered a friend)."""
    troops = (suggest(library(), "faction", "Jokers"), suggest(library(), "faction", "Bamaka"))
    templates: list[TemplateEvent] = []
    for seed in range(20):
        game = EDEN.new_game(library().setup(*troops, max_rounds=5), seed=seed)
        agents = [HeuristicAgent(seed), HeuristicAgent(seed + 1)]
        while not game.is_over:
            seat = game.decision().player
            game.apply(agents[seat].act(game.view(seat), list(game.legal_actions())))
        templates += [e for e in game.log if isinstance(e, TemplateEvent)]
    blasts = [e for e in templates if e.template == "blast"]
    dirty = [e.text() for e in templates
             if any(ref.split(".")[0] == e.fighter.split(".")[0] for ref in e.covered)]
    assert len(blasts) > 20
    assert dirty == []
