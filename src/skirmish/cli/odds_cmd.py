"""``skirmish odds``: exact odds of a roll, a melee attack, a shot or a burn (issue 6).

Fighters are looked up by name in a set-up (``--setup FILE.json``, by default the sample
match of :func:`skirmish.eden.demo.match_setup`) with :func:`find_profile`; they are placed
in contact (melee) or 5 cm apart (shooting) on an empty table, the attacker for player A,
the target for player B, with the wounds and markers given on the command line.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from skirmish.cli.errors import SkirmishTyper, check_output
from skirmish.core.dice import SeededDice
from skirmish.core.game import Game
from skirmish.eden.equipment import Category, EquipmentPart
from skirmish.eden.fighter import Fighter
from skirmish.eden.profile import FighterProfile, Limb
from skirmish.eden.state import EdenState

if TYPE_CHECKING:  # icepool is imported only by the odds commands themselves
    from skirmish.odds.results import AttackOdds

odds_app = SkirmishTyper(help="Exact odds: what will this roll or attack do?",
                         no_args_is_help=True, add_completion=False)
console = Console()

#: The limits of what is computed exactly (docs/rulings.md, "Bounded inputs"): dice of a
#: roll, its difficulty, wounds per limb (CP), markers of a condition, obstacles.
MAX_DICE = 100
DIFFICULTY_RANGE = (-100, 100)
WOUNDS_RANGE = (0, 12)
MARKERS_RANGE = (0, 20)
OBSTACLES_RANGE = (0, 20)

SetupOpt = Annotated[Path | None, typer.Option(
    "--setup", help="A game set-up JSON whose fighters and equipment are used "
    "(default: the sample match).", exists=True, dir_okay=False)]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
ExactOpt = Annotated[bool, typer.Option("--exact", help="With --json: add exact fractions.")]
ChartOpt = Annotated[Path | None, typer.Option(
    "--chart", help="Draw the 'at least X' curve into FILE.png or FILE.svg.")]
AimOpt = Annotated[str, typer.Option(
    "--aim", help="The attacker's use of successes on the location: none, best, or a limb "
    "(head, arms, torso, legs).")]
WoundsOpt = Annotated[list[str] | None, typer.Option(
    help="CP already lost, e.g. 'arms=2' or 'arms=2,head=1' (repeatable).")]
MarkersOpt = Annotated[list[str] | None, typer.Option(
    help="Condition markers, e.g. 'poison=1' or 'rage=2,burn=1' (repeatable).")]


# -- fighters by name ------------------------------------------------------------------------------
def default_setup() -> dict[str, Any]:
    """Every fighter of the card library (the sample cards), with the equipment and
    abilities they name: what ``--attacker``/``--target`` look up by default."""
    from skirmish.eden.library import load_library
    from skirmish.eden.troops import Troop

    library = load_library()
    everyone = Troop("faction", tuple(sorted(library.fighters)), budget=10_000)
    return library.setup(everyone, Troop("faction", (), budget=10_000))


def load_setup(path: Path | None) -> dict[str, Any]:
    """The set-up of ``--setup`` (checked as a game's set-up is), else the sample one."""
    if path is None:
        return default_setup()
    from skirmish.sim.troops import read_setup

    return read_setup(path)


def _profiles(setup: Mapping[str, Any]) -> list[FighterProfile]:
    out: list[FighterProfile] = []
    for troop in setup.get("troops", []):
        for entry in troop.get("fighters", []):
            profile = FighterProfile.from_dict(entry["profile"])
            if all(p.name != profile.name for p in out):
                out.append(profile)
    return out


def find_profile(name: str, setup: Mapping[str, Any] | None = None) -> FighterProfile:
    """The profile card called ``name``, by the one name matcher
    (:func:`skirmish.core.names.match_name`: "vlädd" finds Vladd, "Abama" finds Abama
    Big-Belly, "Yuiri" suggests Yuri). Looks in ``setup`` (default: the card library)."""
    from skirmish.core.names import match_name

    profiles = {p.name: p for p in _profiles(setup if setup is not None else default_setup())}
    return profiles[match_name(name, profiles, "fighter")]


def _pairs(items: Sequence[str] | None, what: str, bounds: tuple[int, int]
           ) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items or []:
        for part in item.split(","):
            if not part.strip():
                continue
            key, sep, value = part.partition("=")
            if not sep:
                raise ValueError(f"{what} are written NAME=N, got {part.strip()!r}")
            try:
                count = int(value) if len(value.strip()) <= 12 else None
            except ValueError:
                count = None
            if count is None:
                raise ValueError(f"{what}: {value.strip()[:20]!r} is not a whole number")
            if not bounds[0] <= count <= bounds[1]:
                raise ValueError(f"{what}: {key.strip()}={count} is out of range "
                                 f"({bounds[0]} to {bounds[1]})")
            out[key.strip().lower()] = count
    return out


def _fighter(side: int, profile: FighterProfile, x: float, y: float,
             wounds: Sequence[str] | None, markers: Sequence[str] | None) -> Fighter:
    checked = [0, 0, 0, 0]
    for key, n in _pairs(wounds, "wounds", WOUNDS_RANGE).items():
        try:
            limb = Limb(key)
        except ValueError:
            raise ValueError(f"wounds: {key!r} is not a limb (head, arms, torso, legs)") from None
        checked[list(Limb).index(limb)] = n
    fighter = Fighter(side, profile, checked=checked, x=x, y=y, on_field=True, ap=3)
    if fighter.incapacitated:
        raise ValueError(f"{profile.name} would already be incapacitated by those wounds")
    from skirmish.eden.modifiers import Condition

    for key, n in _pairs(markers, "markers", MARKERS_RANGE).items():
        try:
            fighter.add_markers(Condition(key), n)
        except ValueError:
            raise ValueError(f"markers: {key!r} is not a condition "
                             f"({', '.join(c.value for c in Condition)})") from None
    return fighter


def duel(setup: Mapping[str, Any], fighters: Sequence[Fighter]) -> EdenState:
    """A state holding ``fighters`` (sides as given) and the set-up's cards, with the
    fighters' abilities in play (as :meth:`skirmish.eden.ruleset.EdenRuleset.new_game`)."""
    from skirmish.eden import EDEN
    from skirmish.eden.abilities import ability_effects
    from skirmish.eden.ruleset import catalogue_of

    mini = {
        "equipment": list(setup.get("equipment", [])),
        "abilities": list(setup.get("abilities", [])),
        "troops": [{"type": "faction", "fighters": [
            {"profile": f.profile.to_dict(), "at": [f.x, f.y]} for f in fighters if f.side == s
        ]} for s in (0, 1)],
    }
    state = EdenState(list(fighters), catalogue=catalogue_of(mini))
    game = Game(EDEN, state, mini, SeededDice(0))
    state.effects.extend(ability_effects(game))
    return state


def _gap(a: FighterProfile, b: FighterProfile) -> float:
    return (a.base_mm + b.base_mm) / 20


# -- output ------------------------------------------------------------------------------------
def _check_chart(chart: Path | None) -> None:
    """A chart's path is checked before anything is computed."""
    if chart is not None:
        if chart.suffix.lower() not in (".png", ".svg"):
            raise ValueError(f"--chart: a chart is a .png or .svg file, got {chart.name!r}")
        check_output(chart, "chart")


def _different(attacker: FighterProfile, target: FighterProfile) -> None:
    if attacker.name == target.name:
        raise ValueError(f"--attacker and --target are the same fighter ({attacker.name}): "
                         "a fighter does not attack himself")


def _opponents(cards: Any, attacker: str, target: str, attacker_wounds: Sequence[str] | None,
               attacker_markers: Sequence[str] | None, target_wounds: Sequence[str] | None,
               target_markers: Sequence[str] | None, *, x: float, apart: float
               ) -> tuple[FighterProfile, Fighter, Fighter]:
    """The attacker (player A) at (x, 30) and the target (player B) ``apart`` cm away, edge
    to edge, on the same line; returns the target's profile too."""
    a, t = find_profile(attacker, cards), find_profile(target, cards)
    _different(a, t)
    fa = _fighter(0, a, x, 30.0, attacker_wounds, attacker_markers)
    ft = _fighter(1, t, x + apart + _gap(a, t), 30.0, target_wounds, target_markers)
    return t, fa, ft


def _show(odds: AttackOdds, as_json: bool, exact: bool, chart: Path | None) -> None:
    if chart is not None:
        from skirmish.odds.chart import draw

        draw(odds, chart)
    if as_json:
        typer.echo(json.dumps(odds.to_json(exact), indent=2))
        return
    settings = ", ".join(f"{k} {v}" for k, v in odds.settings.items()
                         if not isinstance(v, dict) and v not in (None, ""))
    console.print(f"[bold]{odds.kind}[/bold] {odds.attacker or ''} ({settings})", soft_wrap=True)
    console.print(odds.summary(), highlight=False, soft_wrap=True)
    if chart is not None:
        console.print(f"chart drawn in {chart}")


# -- commands ----------------------------------------------------------------------------------
@odds_app.command()
def melee(
    attacker: Annotated[str, typer.Option(help="The attacking fighter's name.")],
    target: Annotated[str, typer.Option(help="The target's name.")],
    reaction: Annotated[str, typer.Option(help="passive, dodge or response.")] = "passive",
    aim: AimOpt = "best",
    target_aim: Annotated[str, typer.Option(
        help="The target's aim when he strikes in a response.")] = "best",
    attacker_wounds: WoundsOpt = None,
    attacker_markers: MarkersOpt = None,
    target_wounds: WoundsOpt = None,
    target_markers: MarkersOpt = None,
    setup: SetupOpt = None,
    as_json: JsonOpt = False,
    exact: ExactOpt = False,
    chart: ChartOpt = None,
) -> None:
    """Rulebook 6.A: a melee attack, the target reacting passive, dodge or response."""
    from skirmish.odds.game import melee_odds

    _check_chart(chart)
    cards = load_setup(setup)
    _, fa, ft = _opponents(cards, attacker, target, attacker_wounds, attacker_markers,
                           target_wounds, target_markers, x=20.0, apart=0.0)
    odds = melee_odds(duel(cards, [fa, ft]), fa, ft, reaction, aim=aim, target_aim=target_aim)
    _show(odds, as_json, exact, chart)


def _shooting_part(state: EdenState, fighter: Fighter, weapon: str | None
                   ) -> tuple[str, EquipmentPart]:
    items = [i for i in state.catalogue.equipment_of(fighter.profile)
             if i.part(Category.SHOOTING) is not None]
    if weapon is not None:
        items = [i for i in items if i.name.lower() == weapon.strip().lower()]
    if not items:
        raise ValueError(f"{fighter.profile.name} carries no shooting equipment"
                         + (f" called {weapon!r}" if weapon else ""))
    part = items[0].part(Category.SHOOTING)
    assert part is not None
    return items[0].name, part


@odds_app.command()
def shoot(
    attacker: Annotated[str, typer.Option(help="The shooter's name.")],
    target: Annotated[str, typer.Option(help="The target's name.")],
    weapon: Annotated[str | None, typer.Option(
        help="The shooting equipment (default: the shooter's first).")] = None,
    obstacles: Annotated[int, typer.Option(
        min=OBSTACLES_RANGE[0], max=OBSTACLES_RANGE[1],
        help="Obstacles in the line of sight.")] = 0,
    redirect: Annotated[str | None, typer.Option(
        help="The shooter's ally in contact with the target, whom an odd number of successes "
        "hits (the target is then not free; Rulebook 6.B step 2).")] = None,
    aim: AimOpt = "best",
    attacker_wounds: WoundsOpt = None,
    attacker_markers: MarkersOpt = None,
    target_wounds: WoundsOpt = None,
    target_markers: MarkersOpt = None,
    setup: SetupOpt = None,
    as_json: JsonOpt = False,
    exact: ExactOpt = False,
    chart: ChartOpt = None,
) -> None:
    """Rulebook 6.B: a shooting attack (weapon bonus, obstacles, Str, VIG, protections)."""
    from skirmish.odds.game import shooting_odds

    _check_chart(chart)
    cards = load_setup(setup)
    t, fa, ft = _opponents(cards, attacker, target, attacker_wounds, attacker_markers,
                           target_wounds, target_markers, x=10.0, apart=5.0)
    fighters = [fa, ft]
    other = None
    if redirect is not None:
        r = find_profile(redirect, cards)
        other = _fighter(0, r, ft.x, ft.y + _gap(t, r), None, None)
        if r.name == fa.profile.name:
            raise ValueError("the --redirect fighter cannot be the shooter himself")
        if r.name == t.name:
            raise ValueError("the --redirect fighter cannot be the target himself")
        fighters.append(other)
    state = duel(cards, fighters)
    name, part = _shooting_part(state, fa, weapon)
    odds = shooting_odds(state, fa, ft, part, weapon=name, obstacles=obstacles,
                         redirect=other if other is not None else False, aim=aim)
    _show(odds, as_json, exact, chart)


@odds_app.command()
def burn(
    fighter: Annotated[str, typer.Option(help="The burning fighter's name.")],
    wounds: WoundsOpt = None,
    markers: MarkersOpt = None,
    setup: SetupOpt = None,
    as_json: JsonOpt = False,
    exact: ExactOpt = False,
    chart: ChartOpt = None,
) -> None:
    """Rulebook 4.B, Intendancy step 3: one burn roll (3D6 above VIG, one location die)."""
    from skirmish.odds.game import burn_odds

    _check_chart(chart)
    cards = load_setup(setup)
    f = _fighter(0, find_profile(fighter, cards), 20.0, 30.0, wounds, markers)
    odds = burn_odds(duel(cards, [f]), f)
    _show(odds, as_json, exact, chart)


@odds_app.command()
def roll(
    dice: Annotated[int, typer.Option(help="The characteristic: how many D6 (before 2.A).")],
    difficulty: Annotated[int, typer.Option(help="The difficulty level.")],
    as_json: JsonOpt = False,
    chart: ChartOpt = None,
) -> None:
    """Rulebook 2.A: a characteristic roll (difficulty above 6 lowers the dice)."""
    from skirmish.odds.dice import cumulative, mean, roll_shape, successes

    if not -MAX_DICE <= dice <= MAX_DICE:
        raise ValueError(f"--dice: at most {MAX_DICE} dice are computed exactly, got {dice}")
    low, high = DIFFICULTY_RANGE
    if not low <= difficulty <= high:
        raise ValueError(f"--difficulty: expected {low} to {high}, got {difficulty}")
    _check_chart(chart)
    dist = successes(dice, difficulty)
    count, threshold = roll_shape(dice, difficulty)
    table = cumulative(dist)
    if chart is not None:
        from skirmish.odds.chart import draw_roll

        draw_roll(dist, chart, f"{dice} at difficulty {difficulty}: {count}D6 at {threshold}+")
    if as_json:
        typer.echo(json.dumps({
            "characteristic": dice, "difficulty": difficulty, "dice": count,
            "threshold": threshold,
            "successes": {str(k): float(p) for k, p in dist.items()},
            "exact": {str(k): str(p) for k, p in dist.items()},
            "at_least": {str(k): float(p) for k, p in table.items()},
            "expected": float(mean(dist)),
        }, indent=2))
        return
    console.print(f"characteristic {dice} at difficulty {difficulty}: {count}D6 at "
                  f"{threshold}+ (Rulebook 2.A)", highlight=False)
    for k, p in dist.items():
        at = table.get(k)
        console.print(f"  {k} successes: {float(p):8.4%}   at least {k}: "
                      f"{float(at) if at is not None else 1.0:8.4%}   ({p})", highlight=False)
    console.print(f"  expected successes: {float(mean(dist)):.4f}", highlight=False)
