"""Issue 49 on ME:A: powers used without effect and Héroïsme left unspent, counted in games
(:mod:`skirmish.games.masseffect.bots.waste`, ``bench.waste``), and the bot's two fixes they
called for: a better Tir (Consensus) only for a figure with a shot to take, and a dodge taken
in the last turn."""

from __future__ import annotations

import sys
from pathlib import Path

from skirmish.core.actions import Pass
from skirmish.core.agents import view_of
from skirmish.games.masseffect.actions import Heroic, HeroicAct
from skirmish.games.masseffect.bots.actions import power_value
from skirmish.games.masseffect.bots.heuristic import MassEffectHeuristic
from skirmish.games.masseffect.bots.table import Table
from skirmish.games.masseffect.bots.tactics import library, me_table
from skirmish.games.masseffect.bots.waste import waste_in, waste_of
from skirmish.games.masseffect.rolling import state_of

CONSENSUS = "power A.Primat-geth Consensus A.Fantassin-geth"


def _consensus(enemy: tuple[float, float]) -> object:
    """Turn 1's powers phase: A's Primat geth (Consensus: a friend within 6 pas shoots one
    better this turn) beside a Fantassin geth (Fusil à impulsions, range 14 pas), a Cerberus
    soldier at ``enemy`` (pas)."""
    return me_table([(0, "Primat geth", 10, 5), (0, "Fantassin geth", 14, 5),
                     (1, "Soldat de Cerberus", *enemy)], decision="pouvoirs")


def test_a_better_tir_goes_only_to_a_figure_with_a_shot_to_take() -> None:
    far = _consensus((10, 23))  # 18 pas from the Fantassin: beyond its rifle's 14
    legal = {str(a): a for a in far.legal_actions()}
    assert CONSENSUS in legal
    table = Table.of(view_of(far, 0))
    primat, fantassin = table.figs["A.Primat-geth"], table.figs["A.Fantassin-geth"]
    consensus = next(p for p in primat.powers if p.name == "Consensus")
    assert power_value(table, primat, consensus, fantassin) < 0  # worth less than holding
    assert str(MassEffectHeuristic(0).act(view_of(far, 0), list(legal.values()))) != CONSENSUS
    near = _consensus((14, 17))  # 12 pas: in range and sight
    table = Table.of(view_of(near, 0))
    assert power_value(table, table.figs["A.Primat-geth"], consensus,
                       table.figs["A.Fantassin-geth"]) > 0


def _dodge(heroism: int, *, last: bool) -> tuple[Table, dict[str, object]]:
    """A's Primat geth (Tir 4+, Vitalité 4, Armure 2) hit by a Cerberus soldier's shot, with
    ``heroism`` points, in the last turn or the first: the dodge's offer."""
    game = me_table([(0, "Primat geth", 10, 5), (1, "Soldat de Cerberus", 10, 15)])
    state = state_of(game)
    if last:
        state.turn = state.scenario.turns
    state.figures[0].heroism = heroism
    state.figures[1].shot = True  # it has shot: the hit is its rifle's
    table = Table.of(view_of(game, 0))
    offer = {"kind": "heroic", "prompt": "A.Primat-geth: hit by B.Soldat-de-Cerberus. Esquive "
             f"au dernier moment for 1 Héroïsme ({heroism} left)?",
             "context": {"figure": "A.Primat-geth", "heroic": "dodge"}}
    return table, offer


def test_a_dodge_is_taken_in_the_last_turn_unless_its_two_points_may_yet_buy_tenir_bon(
) -> None:
    bot = MassEffectHeuristic(0)
    legal = [HeroicAct(Heroic("dodge")), Pass()]
    take = HeroicAct(Heroic("dodge"))
    # a soldier's rifle seldom wounds the armoured Primat badly: declined in the first turn
    table, offer = _dodge(1, last=False)
    assert table.turns_left > 0
    assert bot._heroic(table, legal, offer) == Pass()
    for points in (1, 3):  # the last turn: points kept buy nothing
        table, offer = _dodge(points, last=True)
        assert table.turns_left == 0
        assert bot._heroic(table, legal, offer) == take, points
    table, offer = _dodge(2, last=True)  # exactly Tenir bon's 2: weighed as before
    assert bot._heroic(table, legal, offer) == Pass()


def test_a_boost_that_serves_nothing_is_counted_and_one_that_serves_is_not() -> None:
    far = _consensus((10, 23))
    start = far.copy()
    played = [CONSENSUS]
    far.apply(far.parse(CONSENSUS))
    while not far.is_over and state_of(far).turn == 1:  # everyone holds or passes
        legal = list(far.legal_actions())
        action = next((a for a in legal if a.verb in ("pass", "hold", "stay")), legal[-1])
        played.append(str(action))
        far.apply(action)
    a, b = waste_in(start, played)
    assert (a.powers, a.boosts_unused, a.without_effect) == (1, 1, 1)
    assert (b.powers, b.without_effect) == (0, 0)
    near = _consensus((14, 17))
    start = near.copy()
    played = [CONSENSUS]
    near.apply(near.parse(CONSENSUS))
    shot = "shoot A.Fantassin-geth Fusil-à-impulsions B.Soldat-de-Cerberus"
    while state_of(near).turn == 1 and not near.is_over:
        legal = {str(x): x for x in near.legal_actions()}
        action = legal.get(shot) or next((x for x in legal.values()
                                          if x.verb in ("pass", "hold", "stay")),
                                         list(legal.values())[-1])
        played.append(str(action))
        near.apply(action)
    assert shot in played
    a, _ = waste_in(start, played)
    assert (a.powers, a.boosts_unused) == (1, 0)


def test_heroism_spent_left_and_kept_by_declining() -> None:
    lib = library()
    assert lib.profile("Primat geth").heroism == 1
    game = me_table([(0, "Primat geth", 10, 5), (1, "Soldat de Cerberus", 10, 15),
                     (1, "Soldat de Cerberus", 14, 15)])  # two rifles on the Primat
    start = game.copy()
    played: list[str] = []
    declined = 0
    while not game.is_over and state_of(game).turn <= 2:
        decision = game.decision()
        legal = list(game.legal_actions())
        if decision.kind == "heroic":
            declined += 1
            action = Pass()
        else:
            action = MassEffectHeuristic(1).act(view_of(game, decision.player), legal)
        played.append(str(action))
        game.apply(action)
    a, b = waste_in(start, played)
    primat = state_of(game).figures[0]
    assert declined >= 1  # the soldiers hit him: dodges offered, declined
    assert a.heroism == 1 and b.heroism == 0
    assert a.heroic_declined == declined
    assert a.heroism_spent == 1 - primat.heroism
    assert a.heroism_left + a.heroism_lost == primat.heroism
    assert a.heroism_passed_up == (min(primat.heroism, 1) if declined else 0)


def test_the_bench_counts_an_me_ladder_folder(tmp_path: Path) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench import waste
    from typer.testing import CliRunner

    from skirmish.cli.main import app
    from skirmish.core.record import verify_file

    logs = tmp_path / "logs"
    result = CliRunner().invoke(app, [
        "ladder", "--game", "masseffect", "--agents", "heuristic,random", "--games", "2",
        "--seed", "4", "--quiet", "--workers", "1", "--no-history", "--log-dir", str(logs)])
    assert result.exit_code == 0, result.output
    totals, results = waste.count(logs)
    records = waste.seated(logs)[2]
    seats = [waste_of(verify_file(path)) for path in records]
    assert totals["heuristic"].powers == seats[0][0].powers + seats[1][1].powers
    assert totals["random"].heroism == seats[0][1].heroism + seats[1][0].heroism
    text = waste.report(totals, results)
    assert "heuristic: 2 games, " in text and "Héroïsme" in text


def test_a_boost_the_opponent_takes_away_is_lost_not_unused() -> None:
    """A Consensus whose figure is put out of action, or stunned, before its shot was a sound
    play undone by the opponent: counted apart (``boosts_lost``), not among the powers
    without effect; a Rage sanguinaire whose every opponent in contact falls likewise."""
    from skirmish.games.masseffect.bots.waste import _Boost, _Reading, _settle_done, _taken_away

    def settle(game: object, boost: _Boost, *, statuses: bool = True) -> tuple[int, int]:
        reading = _Reading(boosts=[boost])
        _taken_away(reading, game, statuses=statuses)
        _settle_done(reading, game, turn_over=True)
        a = reading.seats[0]
        return a.boosts_unused, a.boosts_lost

    game = _consensus((14, 17))
    fantassin = state_of(game).figure("A.Fantassin-geth")
    assert settle(game, _Boost(0, "A.Fantassin-geth", "Tir", 1)) == (1, 0)  # it could shoot
    fantassin.statuses.append("stunned")
    assert settle(game, _Boost(0, "A.Fantassin-geth", "Tir", 1)) == (0, 1)
    # once the turn is over its statuses are gone (reset): not read then
    assert settle(game, _Boost(0, "A.Fantassin-geth", "Tir", 1), statuses=False) == (1, 0)
    fantassin.statuses.clear()
    fantassin.out = True
    assert settle(game, _Boost(0, "A.Fantassin-geth", "Tir", 1), statuses=False) == (0, 1)
    fantassin.out = False
    soldier = state_of(game).figure("B.Soldat-de-Cerberus")
    rage = _Boost(0, "A.Fantassin-geth", "Mêlée", 1, engaged_with=("B.Soldat-de-Cerberus",))
    assert settle(game, rage) == (1, 0)
    soldier.out = True
    rage = _Boost(0, "A.Fantassin-geth", "Mêlée", 1, engaged_with=("B.Soldat-de-Cerberus",))
    assert settle(game, rage) == (0, 1)
    # given to a figure engaged with nobody, a Rage has nothing to lose: it is unused
    assert settle(game, _Boost(0, "A.Fantassin-geth", "Mêlée", 1)) == (1, 0)
