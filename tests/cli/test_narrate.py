"""The narration (``skirmish demo``, ``skirmish replay --show``): whole lines when the output
is not a terminal, no line saying the location twice, proper plurals, no "?" roller, a colour
per player, and ``--brief``: one line per activation."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from skirmish.bots import make_agent
from skirmish.cli.main import app
from skirmish.core.agents import play
from skirmish.core.events import ActionEvent, Event, NoteEvent, RollEvent
from skirmish.core.game import Game
from skirmish.games.eden import EDEN
from skirmish.games.eden.cards.troops import suggest
from skirmish.games.eden.cli.narrate import brief_lines, narrate
from skirmish.games.eden.content import load_library
from skirmish.games.eden.events import CancelEvent, LocationEvent, PointsEvent, TieBreakEvent
from skirmish.games.eden.fighting.ranged import RedirectEvent
from tests.cli.test_lazy_imports import rules_modules

ESCAPE = "\x1b["


def _plain(events: list[Event], *, width: int = 40, **options: bool) -> str:
    console = Console(file=io.StringIO(), width=width)
    narrate(console, events, **options)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


@pytest.fixture(scope="module")
def game() -> Game:
    """A whole demo match (the demo's troops and bots, seed 3)."""
    library = load_library()
    troops = (suggest(library, "faction", "Jokers"), suggest(library, "faction", "Bamaka"))
    game = EDEN.new_game(library.setup(*troops, max_rounds=5), seed=3)
    return play(game, [make_agent("heuristic", 3), make_agent("heuristic", 4)])


def test_a_long_line_stays_whole_when_the_output_is_not_a_terminal() -> None:
    long = "A.Vladd is deployed at (25.47, 8.49) (Confrontation zone: the south half)"
    roll = RollEvent(roll="melee", fighter="A.Vladd", characteristic="CBT", value=6,
                     difficulty=5, dice=6, faces=(1, 3, 4, 4, 5, 1), successes=1)
    out = _plain([NoteEvent(message=long), roll], width=40)
    assert out.splitlines() == [f"  {long}", f"    {roll.text()}"]
    forced = Console(file=io.StringIO(), width=40, force_terminal=False)
    narrate(forced, [NoteEvent(message=long)])
    assert forced.file.getvalue() == f"  {long}\n"  # type: ignore[attr-defined]


def test_the_location_is_said_once() -> None:
    rolled = RollEvent(roll="location", fighter="A.Anton", dice=1, faces=(4,),
                       opponent="B.Abama-Big-Belly", detail="B.Abama-Big-Belly's torso")
    same = LocationEvent(fighter="A.Anton", rolled=4, face=4, limb="torso", spent=0)
    aim = ActionEvent(player=0, action="aim torso")
    assert _plain([rolled, aim, same], width=200).splitlines() == [f"    {rolled.text()}"]
    # Shown with the decision too, the location is still said once.
    assert len(_plain([rolled, aim, same], width=200, show_actions=True).splitlines()) == 2
    # A shift (spent successes, or the target's card) is news: it stays.
    spent = LocationEvent(fighter="A.Anton", rolled=4, face=3, limb="arms", spent=1)
    shifted = LocationEvent(fighter="B.Elenia", rolled=4, face=3, limb="arms", spent=0)
    for event in (spent, shifted):
        assert len(_plain([rolled, event], width=200).splitlines()) == 2
    # Nor is a location line left out when no location roll is just above it.
    assert _plain([same], width=200) == "  location 4: torso\n"


def test_plurals() -> None:
    def roll(successes: int) -> str:
        return RollEvent(roll="melee", fighter="A.Yuri", characteristic="CBT", value=4,
                         difficulty=4, dice=4, faces=(4, 1, 3, 2), successes=successes).text()

    assert roll(1).endswith("-> 1 success") and roll(0).endswith("-> 0 successes")
    assert roll(2).endswith("-> 2 successes")
    assert CancelEvent(fighter="B.X", cancelled=1, remaining=1).text() == (
        "B.X dodges 1; 1 success remains")
    assert CancelEvent(fighter="B.X", cancelled=2, remaining=0).text() == (
        "B.X dodges 2; 0 successes remain")
    assert RedirectEvent(fighter="A.Yuri", intended="B.Ngwane", target="B.Sabaka",
                         successes=1).text().startswith("1 success (odd) against B.Ngwane")
    assert LocationEvent(fighter="A.K", rolled=2, face=1, limb="head", spent=1).text() == (
        "A.K spends 1 success to shift the location 2 -> 1: head")


def test_a_roll_by_no_fighter_has_no_question_mark() -> None:
    # The tie-break as records made before its own event logged it.
    old = RollEvent(roll="tie-break", dice=2, faces=(5, 4), detail="A then B")
    assert old.text() == "tie-break roll: [5, 4] (A then B)"
    assert TieBreakEvent(faces=(5, 4), winner=0).text() == (
        "tie-break: player A rolls 5, player B rolls 4: player A wins")
    assert TieBreakEvent().text() == "tie-break: faces []"


def test_a_whole_match_reads_well(game: Game) -> None:
    out = _plain(list(game.log), width=80, show_actions=True)
    lines = out.splitlines()
    assert not [line for line in lines if "?" in line or re.search(r"\b1 (successe|card)s", line)]
    assert not [line for line in lines if re.fullmatch(r"\s*location \d: \w+", line)]
    assert any(re.search(r"\b1 success\b", line) for line in lines)
    assert ESCAPE not in out
    # Every event but the location lines that repeat their roll, and the first player's
    # hand-overs within the activation phase (issue 48: told once a round), has its line.
    from skirmish.games.eden.cli.narrate import HAND_OVERS
    from skirmish.games.eden.events import FirstPlayerEvent

    repeats = sum(1 for e in game.log if isinstance(e, LocationEvent) and not e.spent
                  and e.rolled == e.face)
    hand_overs = sum(1 for e in game.log
                     if isinstance(e, FirstPlayerEvent) and e.reason in HAND_OVERS)
    assert hand_overs and not [line for line in lines if "finished its activation" in line]
    assert len(lines) == len(game.log) - repeats - hand_overs


def test_each_player_has_a_colour() -> None:
    events: list[Event] = [
        NoteEvent(message="A.Vladd interrupts B.Abama-Big-Belly"),
        PointsEvent(owner="B", points="SP", change=-1, total=3, reason="Rulebook 4.A step 9"),
        NoteEvent(message="player A is the first player (chosen by B)"),
    ]
    console = Console(file=io.StringIO(), width=100, force_terminal=True,
                      color_system="standard")
    narrate(console, events)
    coloured = console.file.getvalue()  # type: ignore[attr-defined]
    cyan, magenta = "\x1b[36m", "\x1b[35m"
    assert f"{cyan}A.Vladd" in coloured and f"{magenta}B.Abama-Big-Belly" in coloured
    assert f"{magenta}B\x1b[0m: -1 SP" in coloured
    assert f"{cyan}player A" in coloured and f"{magenta}(chosen by B)" in coloured
    assert "Rulebook 4.A" in coloured and f"{cyan}A step" not in coloured
    # Without colour: the same words, no escape codes.
    assert re.sub(r"\x1b\[[\d;]*m", "", coloured) == _plain(events, width=100)


def test_brief_is_one_line_per_activation(game: Game) -> None:
    activations = [e for e in game.log if isinstance(e, NoteEvent)
                   and re.fullmatch(r"\S+ is activated \(\d+ AP\)", e.message)]
    rounds = [e for e in game.log if isinstance(e, NoteEvent)
              and re.fullmatch(r"round \d+ begins", e.message)]
    out = _plain(list(game.log), width=80, brief=True)
    lines = out.splitlines()
    # the round headers, one line per activation, and the end of the match
    assert len(lines) == len(activations) + len(rounds) + 1
    summaries = [line for line in lines if re.match(r"  R\d ", line)]
    assert [line.split()[1].rstrip(":") for line in summaries] == [
        e.message.split()[0] for e in activations]
    assert lines[-1].startswith("  the match ends after round")
    assert any("CP lost" in line for line in summaries)
    assert all(isinstance(line, str) or line.plain.startswith("  R")
               for line in brief_lines(game.log) if "match ends" not in str(line))


def test_brief_sums_up_an_attack() -> None:
    from skirmish.games.eden.events import IncapacitatedEvent, MoveEvent, ReactionEvent, WoundEvent

    events: list[Event] = [
        NoteEvent(message="round 2 begins"),
        NoteEvent(message="A.Vladd is activated (3 AP)"),
        MoveEvent(fighter="A.Vladd", start=(0, 0), end=(1, 1)),
        MoveEvent(fighter="A.Vladd", start=(1, 1), end=(2, 2)),
        ReactionEvent(fighter="B.Abama", reaction="passive", attacker="A.Vladd"),
        WoundEvent(fighter="B.Abama", limb="arms", wounds=2, lost=2, by="A.Vladd"),
        ReactionEvent(fighter="B.Abama", reaction="dodge", attacker="A.Vladd"),
        WoundEvent(fighter="B.Abama", limb="head", wounds=2, lost=2, by="A.Vladd"),
        IncapacitatedEvent(fighter="B.Abama", by="A.Vladd"),
        NoteEvent(message="activation phase ends: no fighter left to activate"),
        NoteEvent(message="A.Yuri is activated (3 AP)"),
    ]
    assert _plain(events, width=40, brief=True).splitlines()[1:] == [
        "  R2 A.Vladd: moved, attacked B.Abama (2 CP lost: arms), attacked B.Abama (2 CP lost: "
        "head, incapacitated)",
        "  R2 A.Yuri: no action",
    ]


def test_demo_and_replay_brief(tmp_path: Path) -> None:
    runner = CliRunner()
    record = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["demo", "--seed", "3", "--brief", "--record", str(record)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    activations = [line for line in lines if re.match(r"  R\d ", line)]
    rounds = [line for line in lines if "round" in line and "begins" in line]
    # the title, the rounds, the activations, the end of the match, the result, the record
    assert len(lines) == 1 + len(rounds) + len(activations) + 3
    assert lines[-2].startswith("Result:") and "Fighters" not in result.output
    shown = runner.invoke(app, ["replay", str(record), "--show", "--brief"])
    assert shown.exit_code == 0, shown.output
    narrated = shown.output[:shown.output.index(str(tmp_path))]
    assert narrated.splitlines() == lines[1:-2]


def test_importing_the_narration_loads_no_ruleset() -> None:
    code = ("import sys, json, skirmish.games.eden.cli.narrate; "
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('skirmish'))))")
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                       text=True, check=True).stdout)
    assert not [m for m in loaded if m.startswith(("skirmish.bots", "skirmish.geometry"))]
    assert rules_modules(loaded) == []
