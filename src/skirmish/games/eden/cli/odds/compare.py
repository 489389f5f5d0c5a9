"""``skirmish odds compare``: several attacks on one target, side by side.

Either one attacker and the target's reactions (``--reactions passive,dodge,response``, or
``all``: every reaction the target may legally announce, Rulebook 6.A and 9 Fear), or
several attackers (``--attacker`` repeated or comma-separated) with one reaction. Each
column is computed exactly as the single command prints it (``odds melee``, ``odds
charge``, ``odds shoot``): P(target incapacitated), expected CP lost, P(at least 1, 2, 3 CP
lost), and the attacker's own P(incapacitated) when a response may strike him back.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from skirmish.cli.errors import fail
from skirmish.games.eden.cli.odds.common import (
    OBSTACLES_RANGE,
    AimOpt,
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
    check_chart,
    console,
    find_profile,
    house_rules_chosen,
    load_setup,
    names_of,
    odds_app,
)
from skirmish.games.eden.cli.odds.single import (
    DISTANCE_RANGE,
    REACTION_WORDS,
    Hurts,
    charge_of,
    check_reaction,
    melee_of,
    shooting_of,
)

if TYPE_CHECKING:
    from skirmish.games.eden.odds.results import AttackOdds

ATTACKS = ("melee", "charge", "shoot")
#: The "at least X CP lost" rows of the table.
AT_LEAST = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class Comparison:
    """What is compared ("reactions" or "attackers"), the columns (label, odds), and the
    reactions left out of ``all`` because the target may not announce them (the rule)."""

    compared: str
    columns: list[tuple[str, AttackOdds]]
    skipped: dict[str, str] = field(default_factory=dict)


def _reactions(text: str | None, attack: str, several: bool, cards: Mapping[str, Any],
               target: str, hurts: Hurts) -> tuple[list[str], dict[str, str]]:
    """The reactions asked for, each legal for the target as he stands (6.A step 2, 9),
    and those ``all`` leaves out (with the rule)."""
    from skirmish.games.eden.actions import Reaction
    from skirmish.games.eden.fighting.melee import reaction_refusal

    if attack == "shoot":
        if text is not None:
            raise fail("--reactions: a shot has no reaction (Rulebook 6.B); compare "
                       "reactions with --attack melee or charge")
        return [""], {}
    words = [w.strip().lower() for w in (text or ("passive" if several else "all")).split(",")
             if w.strip()]
    everything = words == ["all"]
    if everything:
        words = list(REACTION_WORDS)
    for word in words:
        check_reaction(word)
    if len(set(words)) != len(words):
        raise fail(f"--reactions: a reaction is named twice in {text!r}")
    if several and len(words) != 1:
        raise fail("--reactions: with several attackers give one reaction (the columns are "
                   "the attackers)")
    standing = _fighter(1, find_profile(target, cards), 0.0, 0.0, hurts.target_wounds,
                        hurts.target_markers)
    legal, skipped = [], {}
    for word in words:
        refusal = reaction_refusal(standing, Reaction(word))
        if refusal is None:
            legal.append(word)
        elif everything:
            skipped[word] = refusal
        else:
            raise fail(f"--reactions: {standing.profile.name} cannot react {word} ({refusal})")
    return legal, skipped


def columns_of(cards: Mapping[str, Any], attackers: Sequence[str], target: str, *,
               attack: str = "melee", reactions: str | None = None, distance: float = 5.0,
               weapon: str | None = None, obstacles: int = 0, aim: str = "best",
               target_aim: str = "best", hurts: Hurts | None = None) -> Comparison:
    """The columns of ``odds compare``: one per reaction of the target (one attacker), or
    one per attacker (several)."""
    hurts = hurts or Hurts()
    if attack not in ATTACKS:
        raise fail(f"--attack: one of {', '.join(ATTACKS)}, got {attack!r}")
    if not attackers:
        raise fail("--attacker: name at least one attacker")
    profiles = [find_profile(a, cards) for a in attackers]
    names = [p.name for p in profiles]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise fail(f"--attacker: {', '.join(twice)} named twice")
    several = len(profiles) > 1
    words, skipped = _reactions(reactions, attack, several, cards, target, hurts)
    if not words:
        raise fail(f"--reactions: {find_profile(target, cards).name} can announce no "
                   "reaction")
    out: list[tuple[str, AttackOdds]] = []
    for profile in profiles:
        for word in words:
            if attack == "melee":
                odds = melee_of(cards, profile.name, target, word, aim=aim,
                                target_aim=target_aim, hurts=hurts)
            elif attack == "charge":
                odds = charge_of(cards, profile.name, target, word, distance=distance, aim=aim,
                                 target_aim=target_aim, hurts=hurts)
            else:
                odds = shooting_of(cards, profile.name, target, weapon=weapon,
                                   obstacles=obstacles, aim=aim, hurts=hurts)
            label = profile.name if several else (word or profile.name)
            if attack == "shoot":
                label += f" ({odds.settings.get('weapon')})"
            out.append((label, odds))
    return Comparison("attackers" if several else "reactions", out, skipped)


def _attacker_odds(odds: AttackOdds) -> tuple[float, float] | None:
    """The attacker's P(incapacitated) and expected CP lost, when the attack may wound him."""
    if odds.attacker is None or all(f.ref != odds.attacker for f in odds.fighters):
        return None
    mine = odds.fighter(odds.attacker)
    return float(mine.p_incapacitated), float(mine.expected_total)


def _column_json(label: str, odds: AttackOdds, exact: bool) -> dict[str, Any]:
    target = odds.target
    back = _attacker_odds(odds)
    return {
        "label": label,
        "attacker": odds.attacker,
        "reaction": odds.settings.get("reaction"),
        "p_incapacitated": float(target.p_incapacitated),
        "expected_cp_lost": float(target.expected_total),
        "at_least": {str(k): float(target.at_least.get(k, 0)) for k in AT_LEAST},
        "attacker_p_incapacitated": None if back is None else back[0],
        "attacker_expected_cp_lost": None if back is None else back[1],
        "odds": odds.to_json(exact),
    }


def _title(compared: str, columns: Sequence[tuple[str, AttackOdds]]) -> str:
    first = columns[0][1]
    if compared == "reactions":
        return f"{first.kind}: {first.attacker} -> {first.target.info.ref}, by reaction"
    how = first.settings.get("reaction") or ""
    return f"{first.kind} on {first.target.info.ref}" + (f" ({how})" if how else "") + (
        ", by attacker")


def _print(compared: str, columns: Sequence[tuple[str, AttackOdds]]) -> None:
    table = Table(title=_title(compared, columns))
    table.add_column("")
    for label, _ in columns:
        table.add_column(label, justify="right")
    rows: list[tuple[str, list[str]]] = [
        ("target incapacitated", [f"{float(o.target.p_incapacitated):.1%}" for _, o in columns]),
        ("expected CP lost", [f"{float(o.target.expected_total):.2f}" for _, o in columns]),
    ]
    rows += [(f"at least {k} CP lost", [f"{float(o.target.at_least.get(k, 0)):.1%}"
                                        for _, o in columns]) for k in AT_LEAST]
    back = [_attacker_odds(o) for _, o in columns]
    if any(b is not None for b in back):
        rows += [
            ("attacker incapacitated", ["-" if b is None else f"{b[0]:.1%}" for b in back]),
            ("attacker's expected CP lost", ["-" if b is None else f"{b[1]:.2f}" for b in back]),
        ]
    for name, cells in rows:
        table.add_row(name, *cells)
    console.print(table)


@odds_app.command()
def compare(
    target: TargetOpt,
    attacker: Annotated[list[str], typer.Option(
        help="The attacker; repeat it (or separate names by commas) to compare attackers.")],
    reactions: Annotated[str | None, typer.Option(
        help="The target's reactions side by side, e.g. 'passive,dodge,response' or 'all' "
        "(the default for one attacker: every legal reaction); with several attackers, "
        "one reaction (default passive).")] = None,
    attack: Annotated[str, typer.Option(help="melee, charge or shoot.")] = "melee",
    distance: Annotated[float, typer.Option(
        min=DISTANCE_RANGE[0], max=DISTANCE_RANGE[1],
        help="--attack charge: the charger's distance to the target, edge to edge (cm).")
    ] = 5.0,
    weapon: WeaponOpt = None,
    obstacles: Annotated[int, typer.Option(
        min=OBSTACLES_RANGE[0], max=OBSTACLES_RANGE[1],
        help="--attack shoot: obstacles in the line of sight.")] = 0,
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
    chart: Annotated[Path | None, typer.Option(
        "--chart", help="Draw grouped bars of P(at least X CP lost) into FILE.png or "
        "FILE.svg.")] = None,
) -> None:
    """Attacks on one target side by side: by reaction, or by attacker."""
    check_chart(chart)
    cards = load_setup(setup, content,
                       house_rules_chosen(house_rules, house_rules_file))
    comparison = columns_of(
        cards, names_of(attacker), target, attack=attack.strip().lower(), reactions=reactions,
        distance=distance, weapon=weapon, obstacles=obstacles, aim=aim, target_aim=target_aim,
        hurts=Hurts(attacker_wounds, attacker_markers, target_wounds, target_markers))
    compared, columns = comparison.compared, comparison.columns
    if chart is not None:
        from skirmish.games.eden.odds.chart import draw_compare

        draw_compare(columns, chart, _title(compared, columns))
    if as_json:
        first = columns[0][1]
        typer.echo(json.dumps({
            "compare": compared, "attack": first.kind, "target": first.target.info.ref,
            "columns": [_column_json(label, odds, exact) for label, odds in columns],
            "skipped": comparison.skipped,
        }, indent=2))
        return
    _print(compared, columns)
    for word, rule in comparison.skipped.items():
        console.print(f"not {word}: {rule}", highlight=False, soft_wrap=True)
    if chart is not None:
        console.print(f"chart drawn in {chart}")
