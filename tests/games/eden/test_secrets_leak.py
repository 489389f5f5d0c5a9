"""Issue 11: a differential leak test for every secret the rules define. Two games that differ
only in one player's secret (his bid, his tactical hand, his secret mission with its effects
and objective markers) give the other seat identical views and logs until the rules reveal
it."""

from __future__ import annotations

import json
from copy import deepcopy
from typing import Any

from skirmish.core import Game
from skirmish.games.eden import EDEN
from skirmish.games.eden.demo import TACTICAL, match_setup


def seen_by(game: Game, player: int) -> str:
    """All that ``player`` is given: his view and his log, as JSON."""
    view = game.view(player)
    log = [e.to_json() for e in game.log_for(player)]
    return json.dumps({"view": view, "log": log}, sort_keys=True)


def play_both(a: Game, b: Game, choose: dict[str, tuple[str, str]], watcher: int,
              until: str) -> int:
    """Apply the same actions to both games (the first legal one, or for the other player's
    first decision of a kind the pair given in ``choose``), checking after each that
    ``watcher`` sees the same in both, until a decision of kind ``until``. Returns the
    number of decisions compared."""
    steps = 0
    choose = dict(choose)
    while not a.is_over and a.decision().kind != until:
        kind, player = a.decision().kind, a.decision().player
        assert (b.decision().kind, b.decision().player) == (kind, player)
        if kind in choose and player != watcher:
            first, second = choose.pop(kind)
        else:  # each game's first legal action: the watcher's are the same in both
            first, second = str(a.legal_actions()[0]), str(b.legal_actions()[0])
            assert player != watcher or first == second
        a.apply(first)
        b.apply(second)
        steps += 1
        assert seen_by(a, watcher) == seen_by(b, watcher), f"leak after {kind} ({first})"
    return steps


def setup_with(missions: list[dict[str, Any]]) -> dict[str, Any]:
    setup = deepcopy(match_setup())
    setup["troops"][0]["missions"] = missions
    setup["troops"][0]["leader"] = "Yuri"
    setup["troops"][1]["leader"] = "Ngobo Quick-Arm"
    return setup


def test_a_bid_is_secret_until_both_are_revealed() -> None:
    a = EDEN.new_game(match_setup(), seed=4)
    b = EDEN.new_game(match_setup(), seed=4)
    a.apply("bid 1")
    b.apply("bid 3")
    assert seen_by(a, 1) == seen_by(b, 1)
    assert seen_by(a, 0) != seen_by(b, 0)


def test_a_tactical_hand_never_shows_in_the_other_seat() -> None:
    a = EDEN.new_game(setup_with([]), seed=9)
    b = EDEN.new_game(setup_with([]), seed=9)
    steps = play_both(a, b, {"secret-hand": ("hand Adrenalin", "hand Smoke-screen")},
                      watcher=1, until="tactical")
    assert steps > 10
    assert a.view(0)["my_hand"] != b.view(0)["my_hand"]  # the secret did differ
    assert len(set(TACTICAL)) == 3


STALK = {"name": "Stalk", "secret": True, "deployment": "confrontation",
         "text": "Hold the centre; your fighters get +1 CBT.",
         "effects": [{"effect": "hold-objectives", "at": [[30, 30]], "vp": 1},
                     {"effect": "modify", "characteristic": "CBT", "delta": 1,
                      "who": "troop"}]}
VIGIL = {"name": "Vigil", "secret": True, "deployment": "confrontation",
         "text": "Hold the centre; 1 VP per kill.",
         "effects": [{"effect": "hold-objectives", "at": [[30, 30]], "vp": 1},
                     {"effect": "vp-per-kill", "vp": 1}]}


def test_a_secret_mission_its_modifiers_and_markers_stay_secret() -> None:
    a = EDEN.new_game(setup_with([STALK, VIGIL]), seed=12)
    b = EDEN.new_game(setup_with([STALK, VIGIL]), seed=12)
    steps = play_both(a, b, {"secret-mission": ("mission Stalk", "mission Vigil")},
                      watcher=1, until="tactical")
    assert steps > 10
    # the secret did differ: A sees his own mission, his modifier and his objective
    view = a.view(0)
    assert view["missions"][0] == ["Stalk"] and view["objectives"] == {
        "objective-1": "A:Stalk"}
    yuri = next(f for f in view["fighters"] if f["ref"] == "A.Yuri")
    assert yuri["characteristics"]["CBT"] == 1 + next(
        f for f in b.view(0)["fighters"] if f["ref"] == "A.Yuri")["characteristics"]["CBT"]
    # and B sees a neutral marker, no owner, and the printed CBT
    other = a.view(1)
    assert other["missions"][0] == ["(secret mission)"] and other["objectives"] == {}
    assert [m["id"] for m in other["markers"]] == ["objective-1"]
    assert "Stalk" not in seen_by(a, 1) and "Vigil" not in seen_by(b, 1)
