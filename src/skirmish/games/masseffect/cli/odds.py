"""``skirmish odds shoot|melee --game masseffect``: the exact odds of a Mass Effect:
Annihilation shot or melee (docs/masseffect.md, ME21-ME29), cards found by name in the ME:A
library (the sample cards, ``--content`` folders on top).

    skirmish odds shoot --game masseffect SHOOTER WEAPON TARGET [--stayed] [--obstacle]
        [--counter-charge] [--cover] [--shield-uses N] [--barrier-uses N] [--armour N]
        [--vitality N] [--content DIR] [--json]
    skirmish odds melee --game masseffect A B [--content DIR] [--json]

Eden's ``shoot`` and ``melee`` (:mod:`~skirmish.games.eden.cli.odds.single`) keep their options;
they are registered with :func:`skirmish.cli.game_commands.game_command`, which hands the
whole command line over to this module's command of the same name when it says ``--game
masseffect``. Light on purpose: the
ME:A modules (which load icepool) are imported inside the functions.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from skirmish.cli.errors import SkirmishTyper, fail
from skirmish.cli.game_commands import GameOpt, check_game
from skirmish.cli.options import (
    ContentOpt,
    HouseRulesFileOpt,
    HouseRulesOpt,
    house_rules_choices,
)

if TYPE_CHECKING:

    from skirmish.games.masseffect.cards.library import Library
    from skirmish.games.masseffect.odds import ShotOdds

JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]

console = Console()
me_app = SkirmishTyper(add_completion=False, help="Mass Effect: Annihilation odds.")


# -- the cards --------------------------------------------------------------------------------
def load(content: Sequence[Path] | None) -> Library:
    """The ME:A library (sample cards, then the ``--content`` folders)."""
    from skirmish.games.masseffect.cards.library import ContentError, load_library

    try:
        return load_library(list(content or ()))
    except ContentError as exc:
        raise fail(str(exc)) from None


def _pct(p: Fraction) -> str:
    return f"{float(p):.2%}"


def _rows(table: Table, label: str, values: Sequence[Fraction]) -> None:
    table.add_row(label, *(f"{_pct(p)}  ({p})" for p in values))


def _wound_rows(table: Table, odds: Sequence[ShotOdds], verb: str) -> None:
    most = max(o.start.vitality for o in odds)
    for w in range(most + 1):
        if any(w in o.wounds for o in odds):
            _rows(table, f"{verb} {w} wound{'s' * (w != 1)}",
                  [o.wounds.get(w, Fraction(0)) for o in odds])


def _exact(dist: Mapping[int, Fraction]) -> dict[str, str]:
    return {str(k): str(p) for k, p in dist.items()}


def odds_json(odds: ShotOdds) -> dict[str, Any]:
    return {"any_hit": str(odds.any_hit), "out_of_action": str(odds.out_of_action),
            "wounds": _exact(odds.wounds), "hits": _exact(odds.hits),
            "expected_wounds": str(odds.expected_wounds),
            "p_any_hit": float(odds.any_hit), "p_out_of_action": float(odds.out_of_action)}


# -- commands ---------------------------------------------------------------------------------
@me_app.command("shoot")
def shoot(
    shooter: Annotated[str, typer.Argument(help="The shooter's profile.")],
    weapon: Annotated[str, typer.Argument(help="The ranged weapon he fires.")],
    target: Annotated[str, typer.Argument(help="The target's profile.")],
    game: GameOpt = "masseffect",
    stayed: Annotated[bool, typer.Option(
        "--stayed", help="The shooter stayed this turn: +1 (ME12).")] = False,
    obstacle: Annotated[bool, typer.Option(
        "--obstacle", help="An obstacle partly hides the target: -1 (ME22).")] = False,
    counter_charge: Annotated[bool, typer.Option(
        "--counter-charge", help="A counter-charge shot: -1 (ME26).")] = False,
    cover: Annotated[bool, typer.Option(
        "--cover", help="The target is in cover: it rolls Défense (ME23).")] = False,
    shield_uses: Annotated[int | None, typer.Option(
        "--shield-uses", min=0, max=6, help="Bouclier uses left (default: the card's).")
                           ] = None,
    barrier_uses: Annotated[int | None, typer.Option(
        "--barrier-uses", min=0, max=6, help="Barrière uses left (default: the card's).")
                            ] = None,
    armour: Annotated[int | None, typer.Option(
        "--armour", min=0, max=10, help="Armour points left (default: the card's).")] = None,
    vitality: Annotated[int | None, typer.Option(
        "--vitality", min=1, max=20, help="Vitalité left (default: the card's).")] = None,
    content: ContentOpt = None,
    house_rules: HouseRulesOpt = None,
    house_rules_file: HouseRulesFileOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Mass Effect: Annihilation: SHOOTER fires WEAPON at TARGET (ME21-ME26), every shot in
    full: Tir, Défense in cover, Bouclier then Barrière, damage (armour first)."""
    from dataclasses import replace

    from skirmish.games.masseffect.house_rules import ARMOUR, NATURAL_ROLLS, reading_of
    from skirmish.games.masseffect.odds import ShotSituation, shot_odds

    check_game(game)
    # the readings in force (issue 47), checked before any card is read; the odds
    # functions take them as they come to read options (a Mapping[str, str], {}: defaults)
    rules = house_rules_choices(house_rules, house_rules_file, "masseffect")
    lib = load(content)
    a, w, t = lib.profile(shooter), lib.weapon(weapon), lib.profile(target)
    situation = ShotSituation.from_cards(
        a, w, t, stayed=stayed, obstacle=obstacle, counter_charge=counter_charge, cover=cover,
        shield_uses_left=shield_uses, barrier_uses_left=barrier_uses, armour_left=armour,
        vitality_left=vitality)
    situation = replace(situation, naturals=reading_of(rules, NATURAL_ROLLS) == "naturals",
                        armour_per_hit=reading_of(rules, ARMOUR) == "per-hit")
    odds = shot_odds(situation)
    if as_json:
        typer.echo(json.dumps({"game": "masseffect", "kind": "shoot", "shooter": a.name,
                               "weapon": w.name, "target": t.name,
                               "situation": situation.describe(),
                               **({"house_rules": rules} if rules else {}),
                               **odds_json(odds)},
                              indent=2))
        return
    console.print(f"[bold]ME:A shot[/bold]: {a.name} fires {w.name} at {t.name}",
                  soft_wrap=True)
    console.print(f"situation: {situation.describe()}", highlight=False, soft_wrap=True)
    if w.name not in a.equipment:
        console.print(f"note: {a.name}'s card does not list {w.name} (a band may give it, "
                      "ME39)", highlight=False, soft_wrap=True)
    table = Table("outcome", "chance (exact)")
    _rows(table, "at least one hit", [odds.any_hit])
    _rows(table, "out of action", [odds.out_of_action])
    _wound_rows(table, [odds], "target loses")
    table.add_row("expected wounds", f"{float(odds.expected_wounds):.4f}")
    console.print(table)


@me_app.command("melee")
def melee(
    a: Annotated[str, typer.Argument(help="One figure's profile.")],
    b: Annotated[str, typer.Argument(help="The other figure's profile.")],
    game: GameOpt = "masseffect",
    weapon_a: Annotated[str | None, typer.Option(
        "--weapon-a", help="The melee weapon A strikes with (ME42: its player's choice; "
                           "default: the best of its card's).")] = None,
    weapon_b: Annotated[str | None, typer.Option(
        "--weapon-b", help="The melee weapon B strikes with (default: the best of its "
                           "card's).")] = None,
    content: ContentOpt = None,
    house_rules: HouseRulesOpt = None,
    house_rules_file: HouseRulesFileOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Mass Effect: Annihilation: a normal melee between A and B (ME27, ME28), each with the
    melee weapon named (ME42: its player chooses), by default the best of its card's (bare
    hands: 1 wound; Mêlée one worse under me-bare-hands=one-worse)."""
    from skirmish.games.masseffect.cards.weapons import WeaponKind
    from skirmish.games.masseffect.house_rules import ARMOUR, BARE_HANDS, MELEE_DAMAGE, reading_of
    from skirmish.games.masseffect.odds import MeleeSide, best_melee_weapon, melee_odds

    check_game(game)
    # the readings in force (issue 47), checked before any card is read; the odds
    # functions take them as they come to read options (a Mapping[str, str], {}: defaults)
    rules = house_rules_choices(house_rules, house_rules_file, "masseffect")
    lib = load(content)
    cards = [lib.profile(a), lib.profile(b)]
    weapons = [[lib.weapons[item] for item in card.equipment if item in lib.weapons]
               for card in cards]
    notes = []
    for index, name in enumerate((weapon_a, weapon_b)):
        if name is None:
            continue
        named = lib.weapon(name)  # any melee weapon of the library: a band may give one
        if named.kind is not WeaponKind.MELEE:
            raise fail(f"{named.name} is not a melee weapon (ME42: a figure strikes with one "
                       "of its melee weapons)")
        if named.name not in cards[index].equipment:
            notes.append(f"note: {cards[index].name}'s card does not list {named.name} (a "
                         "band may give it, ME39)")
        weapons[index] = [named]
    penalty = reading_of(rules, BARE_HANDS) == "one-worse"
    sides = [MeleeSide.from_card(card, items, bare_penalty=penalty,
                                 one_wound=reading_of(rules, MELEE_DAMAGE) == "one",
                                 armour_per_hit=reading_of(rules, ARMOUR) == "per-hit")
             for card, items in zip(cards, weapons, strict=True)]
    odds = melee_odds(*sides)
    labels = []
    for card, items, side in zip(cards, weapons, sides, strict=True):
        best = best_melee_weapon(items)
        arms = f"{best.name}, {best.damage}" if best else "bare hands, 1"
        labels.append(f"{card.name} (Mêlée {side.threshold}+, {arms})")
    harm = [odds.to_a, odds.to_b]
    if as_json:
        typer.echo(json.dumps({
            "game": "masseffect", "kind": "melee", "a": cards[0].name, "b": cards[1].name,
            "a_hits": str(odds.a_hits), "b_hits": str(odds.b_hits),
            "nobody": str(odds.nobody), **({"house_rules": rules} if rules else {}),
            "weapons": [w.name if w else None for w in map(best_melee_weapon, weapons)],
            "to_a": odds_json(harm[0]),
            "to_b": odds_json(harm[1])}, indent=2))
        return
    console.print(f"[bold]ME:A melee[/bold]: A {labels[0]} against B {labels[1]}",
                  soft_wrap=True)
    for note in notes:
        console.print(note, highlight=False, soft_wrap=True)
    console.print(f"nobody hits: {_pct(odds.nobody)}  ({odds.nobody})", highlight=False)
    table = Table("outcome", f"A: {cards[0].name}", f"B: {cards[1].name}")
    _rows(table, "hits", [odds.a_hits, odds.b_hits])
    _rows(table, "is put out of action", [harm[0].out_of_action, harm[1].out_of_action])
    _wound_rows(table, harm, "loses")
    console.print(table)
