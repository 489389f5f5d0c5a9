"""The Mass Effect: Annihilation heuristic (src/skirmish/games/masseffect/bots/heuristic.py): it
only plays legal actions, a seed gives the same game, it decides sensibly in set scenes, it beats a
random agent, and the name "heuristic" plays ME:A through the registry while Eden's heuristic
plays as before."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmish.bots import make_agent
from skirmish.core import RandomAgent
from skirmish.core.agents import play as play_out
from skirmish.core.game import Game
from skirmish.games.eden.bots.heuristic import HeuristicAgent
from skirmish.games.masseffect import MASS_EFFECT, match_setup
from skirmish.games.masseffect.actions import HeroicAct, Shoot, Stay, Walk
from skirmish.games.masseffect.bots.heuristic import MassEffectHeuristic
from skirmish.games.masseffect.bots.strength import BANDS, SCENARIOS, plan, play, report
from skirmish.games.masseffect.cards.library import load_library
from skirmish.games.masseffect.combat.targeting import targeting
from skirmish.games.masseffect.rules import cm_to_pas
from skirmish.games.masseffect.state import MEState
from tests.games.masseffect.table import Put, figure, scene, wall
from tests.games.masseffect.table import st as state


def _game(index: int, seed: int) -> Game:
    p = plan(index)
    return MASS_EFFECT.new_game(match_setup(load_library(), [p.band, p.other], p.scenario),
                                seed=seed)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, 127), seed=st.integers(0, 2**32), prefix=st.integers(0, 60),
       noise=st.sampled_from([0.0, 0.25]))
def test_it_only_plays_legal_actions(index: int, seed: int, prefix: int, noise: float) -> None:
    """Two bots play a whole game from where random play left it (``prefix`` random actions,
    and then a share ``noise`` of random actions mixed in, so that odd positions come up):
    every action a bot returns is legal, including those it builds itself (a walk to a spot
    in cover, a deployment point), which the game checks from scratch."""
    game = _game(index, seed)
    rng = random.Random(seed)
    bots = [MassEffectHeuristic(seed), MassEffectHeuristic(seed + 1)]
    played = 0
    while not game.is_over:
        player = game.decision().player
        legal = list(game.legal_actions())
        if played < prefix or rng.random() < noise:
            action = rng.choice(legal)
        else:
            action = bots[player].act(game.view(player), legal)
            assert action in game.legal_actions(), (str(action), game.decision().kind)
        game.apply(action)
        played += 1
    assert game.outcome() is not None


def test_a_seed_gives_the_same_game() -> None:
    histories = []
    for _ in range(2):
        game = _game(2, seed=11)  # Tenir la position
        play_out(game, [MassEffectHeuristic(5), RandomAgent(6)])
        histories.append([str(a) for a in game.history])
    assert histories[0] == histories[1]


# -- decisions in set scenes -------------------------------------------------------------------
def test_it_shoots_the_target_it_can_take_out() -> None:
    """A wounded soldier (1 Vitalité) and a guard (Armure 2), both in the open: the guard is
    offered first and is worth more, but only the soldier can go out of action."""
    def wound(s: MEState) -> None:
        s.figures[2].vitality = 1

    game = scene([Put(0, "Soldat de l'Alliance", 18, 6), Put(1, "Garde de Cerberus", 13, 14),
                  Put(1, "Soldat de Cerberus", 23, 14)], phase="tir", prepare=wound)
    legal = list(game.legal_actions())
    assert str(legal[0]).endswith("B.Garde-de-Cerberus")
    action = MassEffectHeuristic(3).act(game.view(0), legal)
    assert isinstance(action, Shoot) and str(action.target) == "B.Soldat-de-Cerberus"


def test_it_takes_cover_behind_a_wall_between_it_and_the_enemy() -> None:
    """In the open with an enemy rifle in range and a low wall a walk away: it walks into
    base contact with the wall, where the enemy's shots need a Défense roll (ME23)."""
    game = scene([Put(0, "Soldat de l'Alliance", 18, 6), Put(1, "Soldat de Cerberus", 18, 20)],
                 scenery=[wall("wall", 14, 9, 22, 9.75)])
    legal = list(game.legal_actions())
    action = MassEffectHeuristic(1).act(game.view(0), legal)
    assert isinstance(action, Walk) and action not in legal  # a spot of its own
    game.apply(action)
    me, enemy = figure(game, 0), figure(game, 1)
    seen = targeting(enemy.base, me.base, enemies=[], friends=[],
                     elements=state(game).elements(), range_cm=None)
    assert seen.allowed and seen.cover == "wall"


@pytest.mark.parametrize("profile", ["Tireur d'élite de l'Alliance", "Soldat de l'Alliance"])
def test_it_stays_in_cover_when_it_has_a_shot(profile: str) -> None:
    """Already against a wall with an enemy in range: it stays (+1 to shoot, ME12; a sniper
    rifle is Lourd and fires only then, ME32)."""
    y = 9 - cm_to_pas(1.52)  # base edge 0.02 cm from the wall
    game = scene([Put(0, profile, 18, y), Put(1, "Soldat de Cerberus", 14, 22)],
                 scenery=[wall("wall", 14, 9, 22, 9.75)])
    action = MassEffectHeuristic(1).act(game.view(0), list(game.legal_actions()))
    assert isinstance(action, Stay)


@pytest.mark.parametrize(("vitality", "dodges"), [(1, True), (3, False)])
def test_it_dodges_a_hit_that_would_take_the_hero_out(vitality: int, dodges: bool) -> None:
    """Agent Hale (Héroïsme 2, Bouclier 4+) is hit by a rifle (1 wound) in the open: with 1
    Vitalité left the hit takes him out half the time (his Bouclier saves the other half), so
    he dodges; with 3 it cannot, so he keeps his Héroïsme."""
    def hurt(s: MEState) -> None:
        s.figures[0].vitality = vitality

    game = scene([Put(0, "Agent Corvin Hale", 18, 6), Put(1, "Soldat de l'Alliance", 18, 14)],
                 phase="tir", initiative=1, prepare=hurt, dice=[6] * 6)
    game.apply("shoot B.Soldat-de-l'Alliance Fusil-mitrailleur A.Agent-Corvin-Hale")
    assert game.decision().kind == "heroic" and game.decision().context["heroic"] == "dodge"
    action = MassEffectHeuristic(1).act(game.view(0), list(game.legal_actions()))
    assert isinstance(action, HeroicAct) is dodges


# -- strength, and the name "heuristic" --------------------------------------------------------
#: One game of each (heuristic band, opponent band) pair 0-7 of the batch plan: each scenario
#: from both seats (me_strength.plan).
STRENGTH_GAMES = tuple(9 * j for j in range(8))


@pytest.mark.slow
def test_it_beats_a_random_agent() -> None:
    """At least 6 wins in 8 games (the acceptance measurement, 200 games, is
    ``python -m skirmish.games.masseffect.bots.strength``). Why 8 and 6: broken bots (random,
    always the
    first action, never moving) win 2-6% of these games against random (most are draws, since
    random play rarely engages or holds anything), and pass this test with a chance below
    1e-4 (below 1.2% even for a bot winning 30%); the heuristic, which won 200 of 200 in the
    measurement, would fail it with a chance below 0.6% even if it won only 95%."""
    results = [play(i, seed=7) for i in STRENGTH_GAMES]
    assert {r.plan.scenario for r in results} == set(SCENARIOS)
    assert {r.plan.seat for r in results} == {0, 1}
    assert {r.plan.band for r in results} | {r.plan.other for r in results} <= set(BANDS)
    rep = report(results, 0.0)
    assert rep.wins >= 6, [(r.plan, r.result, r.reason) for r in results]
    assert rep.interval[0] <= rep.win_rate <= rep.interval[1]


def test_the_name_heuristic_plays_mass_effect() -> None:
    agent = make_agent("heuristic", 3)
    assert isinstance(agent, HeuristicAgent)
    game = _game(6, seed=3)  # Dernier carré
    play_out(game, [agent, RandomAgent(4)])
    assert game.is_over
    mine = _game(6, seed=3)
    play_out(mine, [MassEffectHeuristic(3), RandomAgent(4)])
    assert [str(a) for a in game.history] == [str(a) for a in mine.history]


def test_eden_plays_as_before_under_the_name_heuristic() -> None:
    from skirmish.games.eden import EDEN
    from skirmish.games.eden.demo import match_setup as eden_setup

    histories = []
    for agent in (make_agent("heuristic", 1), HeuristicAgent(1)):
        game = EDEN.new_game(eden_setup(max_rounds=2), seed=4)
        play_out(game, [agent, RandomAgent(2)])
        histories.append([str(a) for a in game.history])
    assert histories[0] == histories[1]


def test_the_bot_reads_custom_cards_from_its_view() -> None:
    """A band's own weapon (unknown to the built-in library) is in the view's cards, so the
    bot knows its range and damage."""
    import copy

    from skirmish.games.masseffect import MASS_EFFECT, match_setup
    from skirmish.games.masseffect.bots.table import Table
    from skirmish.games.masseffect.cards.library import load_library

    setup = copy.deepcopy(match_setup(load_library(), ["Escouade Orion", "Cellule Tisiphone"]))
    for weapon in setup["weapons"]:
        weapon["notation"] = weapon["notation"].replace("Fusil mitrailleur", "Fusil maison")
    for band in setup["bands"]:
        for entry in band["figures"]:
            entry["equipment"] = ["Fusil maison" if e == "Fusil mitrailleur" else e
                                  for e in entry["equipment"]]
            entry["profile"]["equipment"] = entry["equipment"]
    game = MASS_EFFECT.new_game(setup, seed=2)
    view = game.view(0)
    assert "Fusil maison" in view["cards"]["weapons"]
    table = Table.of(view)
    soldier = next(f for f in table.figs.values() if "Fusil maison" in f.view["weapons"])
    assert any(w.name == "Fusil maison" and w.range == 16 for w in soldier.weapons)


def test_the_bots_table_reads_each_card_once_and_again_only_when_it_changes() -> None:
    """The bot reads the view's cards into card objects once (a weapon's dict has no name
    but its notation, and was read again at every figure of every view: a third of a hard
    search's time on ME:A); a changed card is read afresh."""
    import copy

    from skirmish.games.masseffect.bots.table import Table
    from skirmish.games.masseffect.cards.weapons import Weapon

    game = MASS_EFFECT.new_game(match_setup(load_library(), ["Escouade Orion",
                                                              "Cellule Tisiphone"]), seed=2)
    view = game.view(0)
    first, again = Table.of(view), Table.of(copy.deepcopy(view))
    for ref, fig in first.figs.items():
        assert fig.weapons and all(a is b for a, b in zip(fig.weapons, again.figs[ref].weapons,
                                                          strict=True))
    changed = copy.deepcopy(view)
    name, card = next(iter(changed["cards"]["weapons"].items()))
    old = Weapon.from_dict(card)
    card["notation"] = card["notation"].replace(f"Portée ({old.range})",
                                                f"Portée ({(old.range or 0) + 1})")
    assert card != view["cards"]["weapons"][name]
    read = {w.name: w for f in Table.of(changed).figs.values() for w in f.weapons}
    assert read[name].range == (old.range or 0) + 1
