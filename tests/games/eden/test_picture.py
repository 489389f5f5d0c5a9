"""Eden's picture of the table (wounds, markers, leaders, the incapacitated greyed), the
moments of a record (ROUND, ROUND.ACTIVATION) and ``Game._repr_svg_``."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache

import pytest

from skirmish.bots import make_agent
from skirmish.core.agents import play
from skirmish.core.events import NoteEvent
from skirmish.core.game import Game
from skirmish.core.record import Record
from skirmish.games.eden import EDEN
from skirmish.games.eden.cards.profile import Limb
from skirmish.games.eden.cards.troops import suggest
from skirmish.games.eden.content import load_library
from skirmish.games.eden.events import ActivationEvent
from skirmish.games.eden.fighting.fighter_actions import Activation
from skirmish.games.eden.moments import Moment, game_at, parse_moment, round_starts
from skirmish.games.eden.picture import LEADER_PIP, WOUND_LEGEND, picture_of, short_names
from skirmish.geometry.table import Marker
from tests.core.toy import TOY
from tests.games.eden import scenario
from tests.games.eden.profiles import ABAMA, NGOBO, VLADD, YURI

NS = "{http://www.w3.org/2000/svg}"


def wounded_table() -> Game:
    game = scenario.table([(YURI, 20, 10), (VLADD, 30, 12)], [(ABAMA, 30, 40), (NGOBO, 40, 45)])
    state = scenario.state(game)
    yuri = state.fighter("A.Yuri")
    yuri.wound(Limb.ARMS, 2)  # all its white CP: wounded
    yuri.wound(Limb.TORSO, 1)
    yuri.add_markers("burn", 2)
    yuri.add_markers("poison", 1)
    state.leaders[0] = "A.Yuri"
    state.halves = ["south", "north"]
    abama = state.fighter("B.Abama-Big-Belly")
    abama.wound(Limb.LEGS, abama.profile.limb(Limb.LEGS).total_cp)  # incapacitated
    abama.on_field = False
    ngobo = next(f for f in state.fighters if f.profile is NGOBO)
    ngobo.on_field = False  # never deployed
    state.markers = (Marker("objective-1", 30, 30, 1.0, "objective"),)
    return game


def test_each_fighter_shows_its_wounds_markers_and_leadership() -> None:
    state = scenario.state(wounded_table())
    pic = picture_of(state)
    yuri = pic.note_of["A.Yuri"]
    assert yuri.lines == ("Yuri", "\u22123 CP: A2* T1")  # * : the wounded arms
    assert [p.text for p in yuri.pips] == [LEADER_PIP.text, "B2", "P"]
    total = sum(YURI.limb(limb).total_cp for limb in Limb)
    assert yuri.damage == pytest.approx(3 / total)
    assert pic.note_of["A.Vlädd"].lines == ("Vlädd",) and pic.note_of["A.Vlädd"].damage == 0
    assert WOUND_LEGEND in pic.legend
    assert pic.sides == (("A", "A \u00b7 Jokers (south half)"),
                         ("B", "B \u00b7 Clan Bamaka (north half)"))
    assert pic.title.startswith("Eden \u00b7 Preparation") and "VP A 0 \u2013 B 0" in pic.title
    assert pic.note_of["objective-1"].lines == ("objective 1",)  # no mission named


def test_the_incapacitated_are_greyed_where_they_fell_not_vanished() -> None:
    state = scenario.state(wounded_table())
    pic = picture_of(state)
    assert [(g.id, g.x, g.y) for g in pic.ghosts] == [("B.Abama-Big-Belly", 30, 40)]
    assert pic.note_of["B.Abama-Big-Belly"].greyed
    assert "B.Abama-Big-Belly" not in {b.id for b in pic.table.bases}  # never an obstacle
    assert pic.aside == ("B \u00b7 Abama Big-Belly: out of action",
                         f"B \u00b7 {NGOBO.name}: not on the field yet")
    svg = EDEN.picture(state)
    assert svg is not None
    ghost = next(g for g in ET.fromstring(svg).iter(NS + "g")
                 if g.get("id") == "base-B.Abama-Big-Belly")
    assert "greyed" in (ghost.get("class") or "")
    assert "out of action" in svg and "Off the field" in svg


def test_short_names_are_first_words_unless_shared() -> None:
    state = scenario.state(wounded_table())
    names = short_names(state.fighters)
    assert names["B.Abama-Big-Belly"] == "Abama" and names["A.Yuri"] == "Yuri"
    twins = [f for f in state.fighters if f.ref in ("A.Yuri", "B.Abama-Big-Belly")]
    assert short_names(twins) == {"A.Yuri": "Yuri", "B.Abama-Big-Belly": "Abama"}


def test_a_game_draws_itself_in_notebooks() -> None:
    game = wounded_table()
    svg = game._repr_svg_()
    assert svg is not None and ET.fromstring(svg).tag == NS + "svg"
    assert 'id="base-A.Yuri"' in svg and "Legend" in svg
    assert TOY.new_game({}, seed=1)._repr_svg_() is None  # a ruleset without pictures


# -- moments of a record -----------------------------------------------------------------------
@cache
def played() -> Game:
    library = load_library([])
    troops = (suggest(library, "faction", "Jokers"), suggest(library, "faction", "Bamaka"))
    game = EDEN.new_game(library.setup(*troops, max_rounds=3), seed=7)
    play(game, [make_agent("heuristic", 7), make_agent("heuristic", 8)])
    return game


def activations(game: Game, round_: int) -> int:
    count, current = 0, 0
    for event in game.log:
        if isinstance(event, NoteEvent) and event.message == f"round {round_} begins":
            current = round_
        elif isinstance(event, NoteEvent) and event.message.endswith(" begins"):
            current = 0
        elif isinstance(event, ActivationEvent) and current:
            count += 1
    return count


def test_parse_moment() -> None:
    assert parse_moment("2") == Moment(2) and parse_moment(" 2.3 ") == Moment(2, 3)
    assert str(Moment(2, 3)) == "2.3" and Moment(2).describe() == "round 2 begins"
    for bad in ("x", "0", "2.", "-1", "1.2.3", ""):
        with pytest.raises(ValueError, match=r"ROUND or ROUND\.ACTIVATION"):
            parse_moment(bad)


def test_a_round_begins() -> None:
    game = played()
    at = game_at(Record.of(game), Moment(2))
    assert at.state.round == 2  # type: ignore[attr-defined]
    assert any(isinstance(e, NoteEvent) and e.message == "round 2 begins" for e in at.log)
    assert not any(isinstance(e, ActivationEvent) for e in
                   at.log[max(i for i, e in enumerate(at.log) if isinstance(e, NoteEvent)
                              and e.message == "round 2 begins"):])


def test_after_an_activation_and_exactly_after_the_last_one() -> None:
    game = played()
    record = Record.of(game)
    count = activations(game, 1)
    assert count >= 2
    for k in (1, count):
        at = game_at(record, Moment(1, k))
        assert at.log == game.log[:len(at.log)]  # the same match, stopped there
        assert activations(at, 1) == k
        assert not any(isinstance(p, Activation) for p in at.stack)  # the activation is over
    # the last one: the activation phase has not ended yet, the intendancy not begun
    texts = [e.message for e in at.log if isinstance(e, NoteEvent)]
    assert not any(t.startswith(("activation phase ends", "end of round")) for t in texts)
    assert at.state.round == 1  # type: ignore[attr-defined]


def test_moments_out_of_range_are_clear_errors() -> None:
    game = played()
    record = Record.of(game)
    last = game.state.round  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match=f"round 9 never begins .*rounds 1 to {last}"):
        game_at(record, Moment(9))
    count = activations(game, 1)
    with pytest.raises(ValueError, match=f"round 1 has {count} activations .1.1 to 1.{count}"):
        game_at(record, Moment(1, count + 1))


def test_round_starts_are_each_rounds_first_table() -> None:
    game = played()
    starts = round_starts(game)
    assert [n for n, _ in starts] == list(range(1, game.state.round + 1))  # type: ignore
    for number, at in starts:
        assert at.state.round == number  # type: ignore[attr-defined]
        assert at.log == game.log[:len(at.log)]
