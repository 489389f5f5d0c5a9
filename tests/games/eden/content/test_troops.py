"""Rulebook 3, Create his troop: the builder, its messages, troop files, and the property
that every troop it accepts plays a whole match while every troop it refuses breaks a
named rule."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmish.core import RandomAgent, play
from skirmish.games.eden import EDEN
from skirmish.games.eden.cards.troops import (
    Troop,
    TroopError,
    build,
    sp_reserve,
    suggest,
    total_value,
    troop_problems,
)

from .helpers import library

LIB = library()
NAMES = sorted(LIB.fighters) + sorted(LIB.npfs)


def test_stigma_troop_message_names_the_rule_and_the_fighters() -> None:
    assert troop_problems(LIB, Troop("stigma", ("Vladd", "Tarar"))) == [
        "Rulebook 3, Stigma troop: every fighter must share one stigma symbol: Vladd is "
        "Chaos, Tarar is Order"]
    assert troop_problems(LIB, Troop("stigma", ("Vladd", "Yuri", "Dacke", "Kira Sato"))) == []


def test_faction_budget_duplicates_and_unknown_names() -> None:
    problems = troop_problems(LIB, Troop("faction", ("Yuri", "Tarar")))
    assert problems == ["Rulebook 3, Faction troop: every fighter must share one faction "
                        "symbol: Yuri is Jokers, Tarar is Bamaka"]
    assert troop_problems(LIB, Troop("faction", ("Sabaka", "Ngwane", "Tarar"))) == [
        "Rulebook 3, Budget: 110 points > 100 (Sabaka 50, Ngwane 30, Tarar 30)"]
    assert troop_problems(LIB, Troop("faction", ("Sabaka", "Ngwane", "Tarar"), 110)) == []
    assert "below 200; 250 is not allowed" in troop_problems(
        LIB, Troop("faction", ("Yuri",), 250))[0]
    assert "more than once: Yuri" in troop_problems(LIB, Troop("faction", ("Yuri", "Yuri")))[0]
    assert "unknown fighter: no fighter 'Bob'" in troop_problems(
        LIB, Troop("faction", ("Yuri", "Bob")))[0]
    assert "non-player fighter" in troop_problems(LIB, Troop("faction", ("Ghoul",)))[0]
    assert "leader Mark is not one of" in troop_problems(
        LIB, Troop("faction", ("Yuri",), leader="Mark"))[0]
    assert troop_problems(LIB, Troop("clan", ("Yuri",)))[0].startswith("Rulebook 3: a troop")


def test_sp_reserve_and_builder() -> None:
    troop = build(LIB, ["yuri", "VLADD", "anton"], leader="yuri")
    assert troop.fighters == ("Yuri", "Vladd", "Anton") and troop.leader == "Yuri"
    assert total_value(LIB, troop) == 70 and sp_reserve(LIB, troop) == 4 + 3 + 3
    stigma = Troop("stigma", ("Vladd", "Yuri", "Dacke"))
    assert sp_reserve(LIB, stigma) == -(-(3 + 4 + 3) // 2)
    with pytest.raises(TroopError, match="Faction troop"):
        build(LIB, ["Yuri", "Mark"])
    for faction in LIB.factions():
        assert troop_problems(LIB, suggest(LIB, "faction", faction)) == []


def test_troop_files_round_trip(tmp_path: Path) -> None:
    troop = Troop("faction", ("Yuri", "Vladd"), 100, "Yuri", "Mine")
    for name in ("t.yaml", "t.json"):
        troop.save(tmp_path / name)
        assert Troop.load(tmp_path / name) == troop
    (tmp_path / "bad.yaml").write_text("fighters: [Yuri\n")
    with pytest.raises(TroopError, match="broken troop file"):
        Troop.load(tmp_path / "bad.yaml")
    (tmp_path / "odd.yaml").write_text("fighters: [Yuri]\ncolour: red\n")
    with pytest.raises(TroopError, match="unknown field"):
        Troop.load(tmp_path / "odd.yaml")


OPPONENT = suggest(LIB, "faction", "Bamaka")
RULES = ("Rulebook 3", "Infestation")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(["faction", "stigma"]), data=st.data(),
       budget=st.sampled_from([60, 100, 150, 200, 250]), seed=st.integers(0, 10_000))
def test_accepted_troops_play_a_match_and_refused_ones_break_a_named_rule(
        kind: str, data: st.DataObject, budget: int, seed: int) -> None:
    symbols = sorted({getattr(p, kind) for p in LIB.fighters.values()})
    symbol = data.draw(st.sampled_from(symbols))
    same = sorted(n for n, p in LIB.fighters.items() if getattr(p, kind) == symbol)
    names = data.draw(st.one_of(  # mostly one symbol's fighters (often legal), or anything
        st.lists(st.sampled_from(same), min_size=1, max_size=5, unique=True),
        st.lists(st.sampled_from(NAMES), max_size=6)))
    troop = Troop(kind, tuple(names), budget)
    problems = troop_problems(LIB, troop)
    if problems:
        assert all(p.startswith(RULES) for p in problems), problems
        return
    setup = LIB.setup(troop, OPPONENT, max_rounds=2)
    game = EDEN.new_game(setup, seed=seed)
    play(game, [RandomAgent(seed), RandomAgent(seed + 1)])
    assert game.outcome() is not None


@pytest.mark.parametrize("a", ["Jokers", "I.S.C.", "Matriarchy", "Bamaka"])
def test_each_faction_troop_plays_a_whole_match(a: str) -> None:
    troop = suggest(LIB, "faction", a)
    game = EDEN.new_game(LIB.setup(troop, OPPONENT, max_rounds=2), seed=7)
    play(game, [RandomAgent(1), RandomAgent(2)])
    assert game.outcome() is not None


def test_a_troop_files_leader_reaches_the_match() -> None:
    from skirmish.games.eden import EDEN
    from skirmish.games.eden.cards.troops import Troop, suggest
    from skirmish.games.eden.content import load_library

    lib = load_library()
    jokers = Troop("faction", ("Yuri", "Vladd", "Anton"), leader="Vladd")
    setup = lib.setup(jokers, suggest(lib, "faction", "Bamaka"))
    assert setup["troops"][0]["leader"] == "Vladd" and "leader" not in setup["troops"][1]
    game = EDEN.new_game(setup, seed=1)
    while game.decision().kind != "leader":  # the leader is the troop's suggestion, asked
        game.apply(game.legal_actions()[0])  # in preparation step 4 (Rulebook 4.A)
    if game.decision().player == 1:
        game.apply(game.legal_actions()[0])
    assert game.decision().context == {"suggested": "A.Vladd"}
    assert str(game.legal_actions()[0]) == "leader A.Vladd"
