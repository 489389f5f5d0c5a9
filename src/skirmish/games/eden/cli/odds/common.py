"""What every ``skirmish odds`` command shares: the app, the options, the fighters looked up
by name and placed on an empty table, and the output (text, JSON, chart).

Fighters are looked up by name in a set-up (``--setup FILE.json``; by default every fighter
of the card library, with ``--content`` folders on top) with :func:`find_profile`. The
attacker is player A's, the target (and the other fighters an attack covers) player B's,
each with the wounds and markers given on the command line.

Light on purpose (``skirmish --help`` imports it): the engine is imported inside functions.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console

from skirmish.cli.errors import SkirmishTyper, check_output, fail
from skirmish.cli.options import ContentOpt, HouseRulesFileOpt, HouseRulesOpt
from skirmish.games.eden.cli.library import library_or_exit

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.cards.equipment import Category, EquipmentPart
    from skirmish.games.eden.cards.library import Library
    from skirmish.games.eden.cards.profile import FighterProfile
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.odds.results import AttackOdds
    from skirmish.games.eden.state import EdenState

__all__ = ["ContentOpt", "HouseRulesFileOpt", "HouseRulesOpt", "default_setup", "duel",
           "duel_game", "find_profile", "house_rules_chosen", "load_setup", "odds_app"]

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
#: Explosive(X): X D6 against each covered fighter (8.C; the notation's bound).
POWER_RANGE = (1, 20)

SetupOpt = Annotated[Path | None, typer.Option(
    "--setup", help="A game set-up JSON whose fighters and equipment are used "
    "(default: every fighter of the card library).", exists=True, dir_okay=False)]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
ExactOpt = Annotated[bool, typer.Option("--exact", help="With --json: add exact fractions.")]
ChartOpt = Annotated[Path | None, typer.Option(
    "--chart", help="Draw the 'at least X' curve into FILE.png or FILE.svg.")]
AimOpt = Annotated[str, typer.Option(
    "--aim", help="The attacker's use of successes on the location: none, best, or a limb "
    "(head, arms, torso, legs).")]
TargetAimOpt = Annotated[str, typer.Option(
    help="The target's aim when he strikes in a response.")]
WoundsOpt = Annotated[list[str] | None, typer.Option(
    help="CP already lost, e.g. 'arms=2' or 'arms=2,head=1' (repeatable).")]
MarkersOpt = Annotated[list[str] | None, typer.Option(
    help="Condition markers, e.g. 'poison=1' or 'rage=2,burn=1' (repeatable).")]
AttackerOpt = Annotated[str, typer.Option(help="The attacking fighter's name.")]
TargetOpt = Annotated[str, typer.Option(help="The target's name.")]
CoveredOpt = Annotated[list[str] | None, typer.Option(
    help="Other enemies of the attacker under the template, e.g. 'Abama,Ngobo' "
    "(repeatable).")]
AlliesOpt = Annotated[list[str] | None, typer.Option(
    "--ally", help="The attacker's own fighters under the template too (repeatable).")]
WeaponOpt = Annotated[str | None, typer.Option(
    help="The equipment used (default: the attacker's first of its category).")]


# -- fighters by name ------------------------------------------------------------------------------
def default_setup(library: Library | None = None) -> dict[str, Any]:
    """Every fighter of ``library`` (default: the sample cards), with the equipment and
    abilities they name: what ``--attacker``/``--target`` look up by default."""
    from skirmish.games.eden.cards.troops import Troop
    from skirmish.games.eden.content import load_library

    if library is None:
        library = load_library()
    everyone = Troop("faction", tuple(sorted(library.fighters)), budget=10_000)
    return library.setup(everyone, Troop("faction", (), budget=10_000))


def load_setup(path: Path | None, content: Sequence[Path] | None = None,
               house_rules: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The set-up of ``--setup`` (checked as a game's set-up is), else every fighter of the
    card library with the ``--content`` folders on top; playing ``house_rules`` (the readings
    of ``--house-rules``, checked: :func:`skirmish.cli.options.house_rules_choices`) on top
    of a set-up file's own, so that every odds computed from it follows them (issue 47)."""
    if path is None:
        setup = default_setup(library_or_exit(list(content)) if content else None)
    elif content:
        raise fail("--content and --setup: a set-up file carries its own cards; give one "
                   "or the other")
    else:
        from skirmish.games.eden.cards.troop_files import read_setup

        setup = read_setup(path)
    if house_rules:
        setup = {**setup, "house_rules": {**(setup.get("house_rules") or {}),
                                          **house_rules}}
    return setup


def house_rules_chosen(text: str | None, file: Path | None) -> dict[str, str]:
    """The readings of ``--house-rules-file`` then ``--house-rules``, checked against Eden's
    options (a ValueError in one line: exit 2, nothing computed); empty without them."""
    from skirmish.cli.options import house_rules_choices

    return house_rules_choices(text, file, "eden")


def _profiles(setup: Mapping[str, Any]) -> list[FighterProfile]:
    from skirmish.games.eden.cards.profile import FighterProfile

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


def names_of(items: Sequence[str] | None) -> list[str]:
    """Names given as repeated options and/or comma-separated, in order, without blanks."""
    return [part.strip() for item in items or [] for part in item.split(",") if part.strip()]


def _pairs(items: Sequence[str] | None, what: str, bounds: tuple[int, int]
           ) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items or []:
        for part in item.split(","):
            if not part.strip():
                continue
            key, sep, value = part.partition("=")
            if not sep:
                raise ValueError(f"{what}: written NAME=N, got {part.strip()[:40]!r}")
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
             wounds: Sequence[str] | None, markers: Sequence[str] | None,
             prefix: str | None = None) -> Fighter:
    """A fighter on the field at (x, y) with 3 AP, the wounds and markers given (errors name
    their option: ``--attacker-wounds``, ``--target-markers``..., or ``prefix`` + wounds)."""
    prefix = prefix if prefix is not None else ("--attacker-" if side == 0 else "--target-")
    from skirmish.games.eden.cards.profile import Limb
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.modifiers import Condition

    checked = [0, 0, 0, 0]
    for key, n in _pairs(wounds, f"{prefix}wounds", WOUNDS_RANGE).items():
        try:
            limb = Limb(key)
        except ValueError:
            raise ValueError(f"{prefix}wounds: {key[:40]!r} is not a limb (head, arms, torso, "
                             "legs)") from None
        checked[list(Limb).index(limb)] = n
    fighter = Fighter(side, profile, checked=checked, x=x, y=y, on_field=True, ap=3)
    if fighter.incapacitated:
        raise ValueError(f"{profile.name} would already be incapacitated by those wounds")
    for key, n in _pairs(markers, f"{prefix}markers", MARKERS_RANGE).items():
        try:
            fighter.add_markers(Condition(key), n)
        except ValueError:
            raise ValueError(f"{prefix}markers: {key[:40]!r} is not a condition "
                             f"({', '.join(c.value for c in Condition)})") from None
    return fighter


def duel_game(setup: Mapping[str, Any], fighters: Sequence[Fighter]) -> Game:
    """A game holding ``fighters`` (sides as given) and the set-up's cards, with the
    fighters' abilities in play (as :meth:`skirmish.games.eden.ruleset.EdenRuleset.new_game`):
    what :func:`skirmish.games.eden.odds.game.odds_of` reads an action's odds from."""
    from skirmish.core.dice import SeededDice
    from skirmish.core.game import Game
    from skirmish.games.eden import EDEN
    from skirmish.games.eden.abilities import ability_effects
    from skirmish.games.eden.ruleset import catalogue_of
    from skirmish.games.eden.state import EdenState

    mini: dict[str, Any] = {
        "equipment": list(setup.get("equipment", [])),
        "abilities": list(setup.get("abilities", [])),
        "troops": [{"type": "faction", "fighters": [
            {"profile": f.profile.to_dict(), "at": [f.x, f.y]} for f in fighters if f.side == s
        ]} for s in (0, 1)],
    }
    if setup.get("house_rules"):  # the set-up's house rules: the odds follow them
        mini["house_rules"] = dict(setup["house_rules"])
    state = EdenState(list(fighters), catalogue=catalogue_of(mini))
    game = Game(EDEN, state, mini, SeededDice(0))
    state.effects.extend(ability_effects(game))
    return game


def duel(setup: Mapping[str, Any], fighters: Sequence[Fighter]) -> EdenState:
    """The state of :func:`duel_game`: ``fighters`` and the set-up's cards, abilities in
    play."""
    from skirmish.games.eden.rolling import state_of

    return state_of(duel_game(setup, fighters))


def gap(a: FighterProfile, b: FighterProfile) -> float:
    """The distance between the centres of two bases in contact (cm)."""
    return (a.base_mm + b.base_mm) / 20


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
    ft = _fighter(1, t, x + apart + gap(a, t), 30.0, target_wounds, target_markers)
    return t, fa, ft


def carried_part(state: EdenState, fighter: Fighter, category: Category, weapon: str | None
                 ) -> tuple[str, EquipmentPart]:
    """The name and the ``category`` part of the fighter's item called ``weapon`` (by the
    name matcher), or of his first item of that category."""
    from skirmish.core.names import match_name

    items = [i for i in state.catalogue.equipment_of(fighter.profile)
             if i.part(category) is not None]
    what = {"Shooting": "shooting", "Projectile": "projectile", "Blast": "blast"}.get(
        category.value, category.value)
    if not items:
        raise ValueError(f"{fighter.profile.name} carries no {what} equipment")
    if weapon is not None:
        try:
            chosen = match_name(weapon.strip(), [i.name for i in items], f"{what} equipment")
        except KeyError:
            raise ValueError(f"{fighter.profile.name} carries no {what} equipment called "
                             f"{weapon!r} (his: {', '.join(i.name for i in items)})") from None
        items = [i for i in items if i.name == chosen]
    part = items[0].part(category)
    assert part is not None
    return items[0].name, part


# -- output ------------------------------------------------------------------------------------
def check_chart(chart: Path | None) -> None:
    """A chart's path is checked before anything is computed."""
    if chart is not None:
        if chart.suffix.lower() not in (".png", ".svg"):
            raise ValueError(f"--chart: a chart is a .png or .svg file, got {chart.name!r}")
        check_output(chart, "chart")


def show(odds: AttackOdds, as_json: bool, exact: bool, chart: Path | None) -> None:
    """Print ``odds`` (text or JSON) and draw its chart."""
    if chart is not None:
        from skirmish.games.eden.odds.chart import draw

        draw(odds, chart)
    if as_json:
        typer.echo(json.dumps(odds.to_json(exact), indent=2))
        return
    settings = ", ".join(f"{k} {v}" for k, v in odds.settings.items()
                         if not isinstance(v, dict | list) and v not in (None, ""))
    who = f" {odds.attacker}" if odds.attacker else ""
    console.print(f"[bold]{odds.kind}[/bold]{who} ({settings})", soft_wrap=True)
    console.print(odds.summary(), highlight=False, soft_wrap=True)
    if odds.markers:
        given = ", ".join(f"{k}({v})" for k, v in odds.markers.items())
        who = ", ".join(f"{ref} {float(p):.2%}" for ref, p in odds.p_markers.items())
        console.print(f"markers {given} (Rulebook 8.C): {who or 'nobody'}", highlight=False,
                      soft_wrap=True)
        for ref, burning in odds.next_burn.items():  # Burn (X): beside the markers placed
            console.print(f"  {ref} {burning.text()} (Rulebook 4.B step 3, if the marker is "
                          "not removed first)", highlight=False, soft_wrap=True)
    if chart is not None:
        console.print(f"chart drawn in {chart}")


# The names the module had before it was split (tests and other modules use some).
_check_chart = check_chart
_show = show
_gap = gap
