"""ME:A's picture of the table (skirmish.games.masseffect.table.picture): figures named, with their
Vitalité, protections, statuses and facing; the out of action greyed, the extracted gone;
doors, terminals, objectives and data; the deployment zones; the turns' moments; the hook
that ``Game._repr_svg_`` uses."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

from skirmish.bots import make_agent
from skirmish.cli.pictures import write_picture
from skirmish.core.agents import play
from skirmish.core.game import Game
from skirmish.games.masseffect import MASS_EFFECT, match_setup
from skirmish.games.masseffect.cards.library import Library, load_library
from skirmish.games.masseffect.cards.scenarios import Marker, MarkerKind, Scenario
from skirmish.games.masseffect.cards.specs import Spec
from skirmish.games.masseffect.rolling import state_of
from skirmish.games.masseffect.state import MarkerState, MEState
from skirmish.games.masseffect.table.moments import game_at_turn, turn_starts
from skirmish.games.masseffect.table.picture import (
    SAVES_LEGEND,
    STATS_LEGEND,
    picture_of,
    picture_svg,
    short_names,
)
from skirmish.geometry.annotations import Picture
from tests.cli.test_pictures import png_size, svg_size

NS = "{http://www.w3.org/2000/svg}"
SCENARIO = Scenario(
    "Test des portes", Spec("extract_data", ()), turns=3,
    markers=(Marker(MarkerKind.TERMINAL, (10, 18), locked=True),
             Marker(MarkerKind.TERMINAL, (26, 18)),
             Marker(MarkerKind.DOOR, (18, 12), locked=True),
             Marker(MarkerKind.DOOR, (18, 24)),
             Marker(MarkerKind.OBJECTIVE, (4, 30))))


@cache
def library() -> Library:
    return load_library()


def new_game(placed: bool = True) -> Game:
    """Orion (A, lower edge) against Tisiphone (B), every figure placed (turn 1 begins) or
    none (the deployment)."""
    setup = match_setup(library(), ["orion", "tisiphone"], SCENARIO)
    if placed:
        for side, y in ((0, 5.0), (1, 85.0)):
            for i, entry in enumerate(setup["bands"][side]["figures"]):
                entry["at"] = [10.0 + 12 * i, y]
    return MASS_EFFECT.new_game(setup, seed=1)


def marked_state() -> MEState:
    """Turn 1 with one of everything: out of action, extracted, wounded, statuses, data
    carried and dropped, a protection switched off, an open door."""
    state = state_of(new_game())
    hero, soldier, second, third = state.band(0)[:4]
    soldier.out = True
    second.extracted = True
    state.extracted[0] = 1
    hero.vitality, hero.heroism = 1, 1
    hero.statuses = ["stunned", "burning"]
    hero.stripped = ["Bouclier"]
    hero.carries = ["data-terminal-2"]
    third.facing = 0.0
    state.markers.append(MarkerState("data-terminal-2", "data", 65, 45, carrier=str(hero.ref)))
    state.markers.append(MarkerState("data-terminal-9", "data", 30, 60))
    state.marker("door-2").open = True
    return state


def texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(NS + "text")]


def by_id(svg: str) -> dict[str, ET.Element]:
    return {el.get("id", ""): el for el in ET.fromstring(svg).iter() if el.get("id")}


def test_figures_are_named_with_what_they_have_left() -> None:
    state = marked_state()
    pic = picture_of(state)
    hero = state.band(0)[0]
    note = pic.note_of[str(hero.ref)]
    assert note.lines == ("Commandante", "Vit 1/3 \u00b7 H\u00e9r 1/2", "Bouclier off")
    assert [p.text for p in note.pips] == ["S", "B", "D"]
    assert note.damage == pytest.approx(2 / 3) and note.facing == 90
    soldier = pic.note_of[str(state.band(0)[3].ref)]
    assert soldier.lines[0] == "Soldat 3" and soldier.lines[2] == "Bouclier 0/1"
    assert STATS_LEGEND in pic.legend and SAVES_LEGEND in pic.legend
    svg = picture_svg(state)
    words = texts(svg)
    for name in ("Commandante", "Soldat 3", "Adepte", "Agent", "Centurion"):
        assert name in words, name
    assert {"S", "B", "D"} <= set(words)
    assert f'id="base-{hero.ref}"' in svg


def test_out_of_action_greyed_extracted_not_drawn() -> None:
    state = marked_state()
    soldier, second = state.band(0)[1:3]
    ids = by_id(picture_svg(state))
    assert ids[f"base-{soldier.ref}"].get("class") == "base greyed"
    assert f"base-{second.ref}" not in ids
    pic = picture_of(state)
    assert pic.note_of[str(soldier.ref)].greyed
    assert str(second.ref) not in pic.note_of
    assert "A \u00b7 Soldat 2: extracted with the data (ME37)" in pic.aside
    assert "A \u00b7 Soldat 1: out of action" in pic.aside
    assert [b.id for b in pic.ghosts] == [str(soldier.ref)]
    assert {str(b.id) for b in pic.table.bases} == {str(f.ref) for f in state.in_action()}


def test_doors_terminals_objectives_and_data() -> None:
    svg = picture_svg(marked_state())
    ids = by_id(svg)
    assert ids["element-door-1"].get("class") == "scenery opaque"
    assert ids["element-door-2"].get("class") == "scenery flat passable"
    words = texts(svg)
    for label in ("door 1 (closed, locked)", "door 2 (open)", "terminal 1",
                  "locked \u00b7 data inside", "terminal 2", "objective 1", "data",
                  "on the ground"):
        assert label in words, label
    assert "marker-terminal-1" in ids and "marker-objective-1" in ids
    assert "marker-data-terminal-9" in ids and "marker-data-terminal-2" not in ids  # carried
    assert "Muret" in words and "Bloc" in words  # low walls and opaque blocks
    assert "low scenery: an obstacle" in words and "opaque scenery: blocks sight" in words


def test_facing_ticks_point_where_figures_face() -> None:
    state = marked_state()
    root = ET.fromstring(picture_svg(state))
    ticks = {}
    for group in root.iter(NS + "g"):
        line = group.find(NS + "line")
        if group.get("class") == "base" and line is not None:
            ticks[group.get("id", "").removeprefix("base-")] = line
    assert set(ticks) == {str(f.ref) for f in state.in_action()}
    hero, third = state.band(0)[0], state.band(0)[3]
    up = ticks[str(hero.ref)]  # 90: north, up the picture
    assert float(up.get("y2", 0)) < float(up.get("y1", 0))
    east = ticks[str(third.ref)]  # 0: east
    assert float(east.get("x2", 0)) > float(east.get("x1", 0))
    enemy = ticks[str(state.band(1)[0].ref)]  # 270: south, down the picture
    assert float(enemy.get("y2", 0)) > float(enemy.get("y1", 0))


def test_title_scores_and_sides() -> None:
    state = marked_state()
    state.scores = [3, 1]
    pic = picture_of(state, when="as it begins", bands=("Escouade Orion", "Cellule"))
    assert pic.title == ("Mass Effect: Annihilation \u00b7 Test des portes \u00b7 Turn 1 of 3, "
                         "as it begins \u00b7 points A 3 \u2013 B 1 \u00b7 data out A 1 "
                         "\u2013 B 0")
    assert pic.sides == (("A", "A \u00b7 Escouade Orion \u00b7 lower edge (south)"),
                         ("B", "B \u00b7 Cellule \u00b7 upper edge (north)"))
    assert picture_of(state).sides[1][1] == "B \u00b7 Cerberus \u00b7 upper edge (north)"


def test_deployment_zones_while_deploying() -> None:
    game = new_game(placed=False)
    while state_of(game).turn == 0 and not all(f.placed for f in state_of(game).band(0)):
        before = picture_of(state_of(game))
        game.apply(game.legal_actions()[0])
    assert before.title.split(" \u00b7 ")[2] == "Deployment"
    depth = 4 * 2.5
    south, north = before.zones
    assert south.contains_disc(20, depth - 1.5, 1.5)
    assert not south.contains_disc(20, depth + 0.5, 1.5)
    assert north.contains_disc(20, 90 - depth + 1.5, 1.5)
    assert any(a.endswith("not deployed yet") for a in before.aside)
    ids = by_id(picture_svg(state_of(game)))
    assert "zone-0" in ids and "zone-1" in ids
    assert picture_of(state_of(new_game())).zones == ()


def test_short_names_tell_figures_apart() -> None:
    state = state_of(new_game())
    names = short_names(state.figures)
    assert [names[str(f.ref)] for f in state.band(0)] == [
        "Commandante", "Soldat 1", "Soldat 2", "Soldat 3", "Adepte", "Ingénieur"]
    assert [names[str(f.ref)] for f in state.band(1)][:2] == ["Agent", "Centurion"]


def test_the_picture_survives_its_json() -> None:
    state = state_of(new_game(placed=False))
    pic = picture_of(marked_state())
    again = Picture.from_dict(pic.to_dict())
    assert again == pic
    deploying = picture_of(state)
    assert Picture.from_dict(deploying.to_dict()).zones == deploying.zones


def test_the_ruleset_draws_its_states() -> None:
    game = new_game()
    svg = MASS_EFFECT.picture(game.state)
    assert svg == picture_svg(state_of(game)) and svg == game._repr_svg_()
    assert MASS_EFFECT.picture(object()) is None
    assert svg is not None and 'class="framed"' in svg


def test_png_svg_and_json_of_a_game(tmp_path: Path) -> None:
    game = new_game()
    svg = write_picture(game, tmp_path / "t.svg").read_text(encoding="utf-8")
    assert "Escouade Orion" in svg  # the bands' names come from the set-up
    png = write_picture(game, tmp_path / "t.png").read_bytes()
    assert png_size(png) == svg_size(svg)
    data = write_picture(game, tmp_path / "t.json").read_text(encoding="utf-8")
    assert re.search(r'"facing": 90', data)


@cache
def played() -> Game:
    game = MASS_EFFECT.new_game(match_setup(library(), ["kappa", "lames"], "Dernier"), seed=4)
    play(game, [make_agent("random", 4), make_agent("random", 5)])
    return game


def test_turn_starts_are_each_turns_first_decision() -> None:
    game = played()
    starts = turn_starts(game)
    turns = state_of(game).turn
    assert [n for n, _ in starts] == list(range(1, turns + 1))
    for number, moment in starts:
        state = state_of(moment)
        assert state.turn == number and not moment.is_over
        assert all(not f.moved and not f.statuses for f in state.figures)
        assert state.phase == "mouvement"  # its first phase, nothing of the turn done yet
    second = game_at_turn(game, 2, "x.jsonl")
    assert second.state_hash() == starts[1][1].state_hash()
    with pytest.raises(ValueError, match=rf"x.jsonl: turn 9 never begins \(the game holds "
                                         rf"turns 1 to {turns}\)"):
        game_at_turn(game, 9, "x.jsonl")
