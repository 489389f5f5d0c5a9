"""``skirmish odds roll | melee | charge | shoot | burn``: one roll, or one attacker against
one target (Rulebook 2.A, 5 Charge, 6.A, 6.B, 4.B step 3).

The attacker stands at (x, 30) for player A, the target on the same line for player B: in
contact for a melee, 5 cm away (edge to edge) for a shot, ``--distance`` away for a charge.
The ``compute`` functions are what the commands print, and what ``odds compare`` puts side
by side.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skirmish.cli.game_commands import GameOpt, check_game, game_command
from skirmish.core.events import plural
from skirmish.games.eden.cli.odds.common import (
    DIFFICULTY_RANGE,
    MAX_DICE,
    OBSTACLES_RANGE,
    AimOpt,
    AttackerOpt,
    ChartOpt,
    ContentOpt,
    ExactOpt,
    HouseRulesFileOpt,
    HouseRulesOpt,
    JsonOpt,
    MarkersOpt,
    SetupOpt,
    TargetAimOpt,
    TargetOpt,
    WeaponOpt,
    WoundsOpt,
    _fighter,
    _opponents,
    carried_part,
    check_chart,
    console,
    duel,
    duel_game,
    find_profile,
    gap,
    house_rules_chosen,
    load_setup,
    odds_app,
    show,
)

if TYPE_CHECKING:
    from skirmish.games.eden.cards.profile import FighterProfile
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.odds.results import AttackOdds
    from skirmish.games.eden.state import EdenState

#: Rulebook 6.A: the target's reactions; ``worst`` lets the engine pick the legal one least
#: favourable to the attacker (:func:`skirmish.games.eden.odds.game.worst_reaction`).
REACTION_WORDS = ("passive", "dodge", "response")
#: How far (cm, edge to edge) a charger may start: the field is 60 cm wide.
DISTANCE_RANGE = (0.0, 50.0)
#: Territory Management, Elevation: who stands on an elevated point (``--elevated``).
ELEVATED_WORDS = ("none", "attacker", "target")
ElevatedOpt = Annotated[str, typer.Option(
    "--elevated", help="Territory Management, Elevation: who stands on an elevated point "
    "(none, attacker or target): +2 CBT in the melee against the other, below.")]


@dataclass(frozen=True, slots=True)
class Hurts:
    """The wounds and markers of the attacker and the target, as typed."""

    attacker_wounds: Sequence[str] | None = None
    attacker_markers: Sequence[str] | None = None
    target_wounds: Sequence[str] | None = None
    target_markers: Sequence[str] | None = None


def check_reaction(reaction: str, *, worst: bool = False) -> str:
    word = reaction.strip().lower()
    allowed = (*REACTION_WORDS, "worst") if worst else REACTION_WORDS
    if word not in allowed:
        raise ValueError(f"--reaction: a reaction is {', '.join(allowed[:-1])} or "
                         f"{allowed[-1]}, got {reaction!r}")
    return word


# -- computations ------------------------------------------------------------------------------
def place(cards: Mapping[str, Any], attacker: str, target: str, hurts: Hurts | None, *,
          x: float, apart: float) -> tuple[FighterProfile, Fighter, Fighter]:
    """The attacker at (x, 30), the target ``apart`` cm away (edge to edge)."""
    h = hurts or Hurts()
    return _opponents(cards, attacker, target, h.attacker_wounds, h.attacker_markers,
                      h.target_wounds, h.target_markers, x=x, apart=apart)


def check_elevated(elevated: str) -> str:
    word = elevated.strip().lower()
    if word not in ELEVATED_WORDS:
        raise ValueError(f"--elevated: none, attacker or target, got {elevated!r}")
    return word


def elevate(state: EdenState, fighter: Fighter) -> None:
    """Territory Management, Elevation: the table gets an elevated point (Elevation,
    Occupation, the default height) exactly under ``fighter``'s base."""
    from skirmish.games.eden.cards.keywords import Elevation, Occupation
    from skirmish.games.eden.optional.terrain import (
        DEFAULT_HEIGHT,
        Placed,
        put_element,
        territory_element,
    )
    from skirmish.geometry import Circle

    state.territory = True
    words = (Elevation(), Occupation())
    record = Placed("Elevated point", words, words, DEFAULT_HEIGHT)
    shape = Circle(fighter.x, fighter.y, fighter.profile.base_mm / 20)
    put_element(state, territory_element("Elevated-point-1", shape, record), record)


def melee_of(cards: Mapping[str, Any], attacker: str, target: str, reaction: str = "passive",
             *, aim: str = "best", target_aim: str = "best", hurts: Hurts | None = None,
             elevated: str = "none") -> AttackOdds:
    """Rulebook 6.A: ``attacker`` in contact with ``target``, who reacts ``reaction``;
    ``elevated`` (Territory Management): ``attacker`` or ``target`` stands on an elevated
    point."""
    from skirmish.games.eden.odds.game import melee_odds

    word = check_elevated(elevated)
    _, fa, ft = place(cards, attacker, target, hurts, x=20.0, apart=0.0)
    state = duel(cards, [fa, ft])
    if word != "none":
        elevate(state, fa if word == "attacker" else ft)
    return melee_odds(state, fa, ft, check_reaction(reaction), aim=aim,
                      target_aim=target_aim)


def charge_of(cards: Mapping[str, Any], attacker: str, target: str, reaction: str = "passive",
              *, distance: float = 5.0, aim: str = "best", target_aim: str = "best",
              hurts: Hurts | None = None) -> AttackOdds:
    """Rulebook 5, Charge: ``attacker``, ``distance`` cm from ``target`` (edge to edge),
    charges him: the engine's own ``charge`` action (:func:`skirmish.games.eden.odds.game.odds_of`),
    refused as the game would (Fear, out of reach, ...), then the melee from where the
    charge ends. ``reaction`` ``worst`` takes the legal reaction least favourable to the
    attacker."""
    from skirmish.games.eden.odds.game import odds_of

    word = check_reaction(reaction, worst=True)
    _, fa, ft = place(cards, attacker, target, hurts, x=5.0, apart=distance)
    game = duel_game(cards, [fa, ft])
    odds = odds_of(game, f"charge {fa.ref} {ft.ref}", aim=aim, target_aim=target_aim,
                   reaction=None if word == "worst" else word)
    settings = {"distance": distance, "reaction_asked": word, **odds.settings}
    return replace(odds, kind="charge", settings=settings, notes=(
        "Rulebook 5, Charge: 2 AP, up to 10 cm into contact, then a melee attack (6.A) that "
        "counts in the 2 attacks of the round; the charge itself gives no bonus, the melee "
        "is fought from the contact position the engine chooses (docs/rulings.md).",
        *odds.notes))


def shooting_of(cards: Mapping[str, Any], attacker: str, target: str, *,
                weapon: str | None = None, obstacles: int = 0, redirect: str | None = None,
                aim: str = "best", hurts: Hurts | None = None) -> AttackOdds:
    """Rulebook 6.B: ``attacker`` shoots ``target`` 5 cm away (``redirect``: the shooter's
    ally in contact with the target)."""
    from skirmish.games.eden.cards.equipment import Category
    from skirmish.games.eden.odds.game import shooting_odds

    t, fa, ft = place(cards, attacker, target, hurts, x=10.0, apart=5.0)
    fighters = [fa, ft]
    other = None
    if redirect is not None:
        r = find_profile(redirect, cards)
        if r.name == fa.profile.name:
            raise ValueError("the --redirect fighter cannot be the shooter himself")
        if r.name == t.name:
            raise ValueError("the --redirect fighter cannot be the target himself")
        other = _fighter(0, r, ft.x, ft.y + gap(t, r), None, None)
        fighters.append(other)
    state = duel(cards, fighters)
    name, part = carried_part(state, fa, Category.SHOOTING, weapon)
    return shooting_odds(state, fa, ft, part, weapon=name, obstacles=obstacles,
                         redirect=other if other is not None else False, aim=aim)


# -- commands ----------------------------------------------------------------------------------
def _eden(game: str) -> None:
    """``--game``: ``shoot`` and ``melee`` are Eden's unless it says masseffect, and then
    :func:`skirmish.cli.game_commands.game_command` has run that game's command instead."""
    if check_game(game) != "eden":
        raise ValueError(f"--game {game}: the game is named once, before or after the "
                         "arguments")


@odds_app.command()
def roll(
    dice: Annotated[int, typer.Option(help="The characteristic: how many D6 (before 2.A).")],
    difficulty: Annotated[int, typer.Option(help="The difficulty level.")],
    as_json: JsonOpt = False,
    chart: ChartOpt = None,
) -> None:
    """Rulebook 2.A: a characteristic roll (difficulty above 6 lowers the dice)."""
    from skirmish.games.eden.odds.dice import cumulative, mean, roll_shape, successes

    if not -MAX_DICE <= dice <= MAX_DICE:
        raise ValueError(f"--dice: at most {MAX_DICE} dice are computed exactly, got {dice}")
    low, high = DIFFICULTY_RANGE
    if not low <= difficulty <= high:
        raise ValueError(f"--difficulty: expected {low} to {high}, got {difficulty}")
    check_chart(chart)
    dist = successes(dice, difficulty)
    count, threshold = roll_shape(dice, difficulty)
    table = cumulative(dist)
    if chart is not None:
        from skirmish.games.eden.odds.chart import draw_roll

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
        label = f"{plural(k, 'success', 'successes')}:"
        console.print(f"  {label:<13} {float(p):8.4%}   at least {k}: "
                      f"{float(at) if at is not None else 1.0:8.4%}   ({p})", highlight=False)
    console.print(f"  expected successes: {float(mean(dist)):.4f}", highlight=False)
    if chart is not None:
        console.print(f"chart drawn in {chart}")


@odds_app.command(cls=game_command("eden"))
def melee(
    attacker: AttackerOpt,
    target: TargetOpt,
    reaction: Annotated[str, typer.Option(help="passive, dodge or response.")] = "passive",
    aim: AimOpt = "best",
    target_aim: TargetAimOpt = "best",
    attacker_wounds: WoundsOpt = None,
    attacker_markers: MarkersOpt = None,
    target_wounds: WoundsOpt = None,
    target_markers: MarkersOpt = None,
    setup: SetupOpt = None,
    content: ContentOpt = None,
    house_rules: HouseRulesOpt = None,
    house_rules_file: HouseRulesFileOpt = None,
    as_json: JsonOpt = False,
    exact: ExactOpt = False,
    chart: ChartOpt = None,
    game: GameOpt = "eden",
    elevated: ElevatedOpt = "none",
) -> None:
    """Rulebook 6.A: a melee attack, the target reacting passive, dodge or response."""
    _eden(game)
    check_chart(chart)
    cards = load_setup(setup, content,
                       house_rules_chosen(house_rules, house_rules_file))
    odds = melee_of(cards, attacker, target, reaction, aim=aim, target_aim=target_aim,
                    hurts=Hurts(attacker_wounds, attacker_markers, target_wounds,
                                target_markers), elevated=elevated)
    show(odds, as_json, exact, chart)


@odds_app.command()
def charge(
    attacker: Annotated[str, typer.Option(help="The charging fighter's name.")],
    target: TargetOpt,
    distance: Annotated[float, typer.Option(
        min=DISTANCE_RANGE[0], max=DISTANCE_RANGE[1],
        help="How far the charger starts from the target, edge to edge (cm).")] = 5.0,
    reaction: Annotated[str, typer.Option(
        help="passive, dodge, response, or worst (the legal reaction least favourable to "
        "the charger).")] = "passive",
    aim: AimOpt = "best",
    target_aim: TargetAimOpt = "best",
    attacker_wounds: WoundsOpt = None,
    attacker_markers: MarkersOpt = None,
    target_wounds: WoundsOpt = None,
    target_markers: MarkersOpt = None,
    setup: SetupOpt = None,
    content: ContentOpt = None,
    house_rules: HouseRulesOpt = None,
    house_rules_file: HouseRulesFileOpt = None,
    as_json: JsonOpt = False,
    exact: ExactOpt = False,
    chart: ChartOpt = None,
) -> None:
    """Rulebook 5, Charge: into contact (10 cm), then a melee attack (6.A)."""
    check_chart(chart)
    cards = load_setup(setup, content,
                       house_rules_chosen(house_rules, house_rules_file))
    odds = charge_of(cards, attacker, target, reaction, distance=distance, aim=aim,
                     target_aim=target_aim,
                     hurts=Hurts(attacker_wounds, attacker_markers, target_wounds,
                                 target_markers))
    show(odds, as_json, exact, chart)


@odds_app.command(cls=game_command("eden"))
def shoot(
    attacker: Annotated[str, typer.Option(help="The shooter's name.")],
    target: TargetOpt,
    weapon: WeaponOpt = None,
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
    content: ContentOpt = None,
    house_rules: HouseRulesOpt = None,
    house_rules_file: HouseRulesFileOpt = None,
    as_json: JsonOpt = False,
    exact: ExactOpt = False,
    chart: ChartOpt = None,
    game: GameOpt = "eden",
) -> None:
    """Rulebook 6.B: a shooting attack (weapon bonus, obstacles, Str, VIG, protections)."""
    _eden(game)
    check_chart(chart)
    cards = load_setup(setup, content,
                       house_rules_chosen(house_rules, house_rules_file))
    odds = shooting_of(cards, attacker, target, weapon=weapon, obstacles=obstacles,
                       redirect=redirect, aim=aim,
                       hurts=Hurts(attacker_wounds, attacker_markers, target_wounds,
                                   target_markers))
    show(odds, as_json, exact, chart)


@odds_app.command()
def burn(
    fighter: Annotated[str, typer.Option(help="The burning fighter's name.")],
    wounds: WoundsOpt = None,
    markers: MarkersOpt = None,
    setup: SetupOpt = None,
    content: ContentOpt = None,
    house_rules: HouseRulesOpt = None,
    house_rules_file: HouseRulesFileOpt = None,
    as_json: JsonOpt = False,
    exact: ExactOpt = False,
    chart: ChartOpt = None,
) -> None:
    """Rulebook 4.B, Intendancy step 3: one burn roll (3D6 above VIG, one location die)."""
    from skirmish.games.eden.odds.game import burn_odds

    check_chart(chart)
    cards = load_setup(setup, content,
                       house_rules_chosen(house_rules, house_rules_file))
    f = _fighter(0, find_profile(fighter, cards), 20.0, 30.0, wounds, markers, prefix="--")
    odds = burn_odds(duel(cards, [f]), f)
    show(odds, as_json, exact, chart)
