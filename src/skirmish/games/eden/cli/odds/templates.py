"""``skirmish odds throw | blast | explosion``: the attacks that hit every fighter under a
template or at a point (Rulebook 6.B projectile and blast, 8.C Explosive(X)).

The fighters are laid out on an empty table so that the template covers exactly the
target and the ``--covered`` (and ``--ally``) fighters, no base touching another; then the
engine's own action (``throw``, ``blast``) is read by :func:`skirmish.games.eden.odds.game.odds_of`,
checked as the game would check it (range, sight, the nearest enemy under a blast, Fear,
X/match), and the fighters it covers are those the engine finds.

- throw: the point is the target's centre; the thrower stands 6 cm from it (less when the
  weapon's range is shorter), west of it; the others around the target, east of him.
- blast: the template points east from the attacker (radial, contact angle 0); the target
  is the nearest enemy, the others further along the template.
- explosion: an Explosive(X) explosion centred on the target, with nobody throwing it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skirmish.cli.errors import fail
from skirmish.games.eden.cli.odds.common import (
    POWER_RANGE,
    AlliesOpt,
    AttackerOpt,
    ChartOpt,
    ContentOpt,
    CoveredOpt,
    ExactOpt,
    HouseRulesFileOpt,
    HouseRulesOpt,
    JsonOpt,
    MarkersOpt,
    SetupOpt,
    WeaponOpt,
    WoundsOpt,
    _fighter,
    carried_part,
    check_chart,
    duel,
    duel_game,
    find_profile,
    house_rules_chosen,
    load_setup,
    names_of,
    odds_app,
    show,
)

if TYPE_CHECKING:
    from skirmish.games.eden.cards.profile import FighterProfile
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.odds.results import AttackOdds

#: The template's centre (explosions) and the attacker's place (blasts), on the 60 cm field.
CENTRE = (30.0, 30.0)
BLASTER = (8.0, 30.0)
#: The smallest gap (cm) left between two bases: more than the contact tolerance.
MARGIN = 0.2
#: The thrower's distance to the point (cm, from his base's edge) when his range allows.
THROW_GAP = 6.0
#: Where (degrees from east) the others may stand around a thrown explosion's centre:
#: away from the thrower (west), so that nobody blocks his sight.
THROW_SECTOR = 120.0

Circle = tuple[float, float, float]  # x, y, radius (cm)


def _free(x: float, y: float, r: float, placed: Sequence[Circle]) -> bool:
    return all(math.hypot(x - px, y - py) >= r + pr + MARGIN - 1e-9 for px, py, pr in placed)


def _first(candidates: Sequence[tuple[float, float]], r: float, placed: Sequence[Circle],
           fits: Callable[[float, float], bool]) -> tuple[float, float] | None:
    for x, y in candidates:
        if _free(x, y, r, placed) and fits(x, y):
            return x, y
    return None


def _steps(low: float, high: float, step: float) -> list[float]:
    n = max(0, math.floor((high - low) / step + 1e-9))
    return [low + i * step for i in range(n + 1)]


def _angles(sector: float, step: float = 5.0) -> list[float]:
    """0, +step, -step, +2 step, ... up to ``sector`` degrees (east first)."""
    out = [0.0]
    k = 1
    while k * step <= sector + 1e-9:
        out += [k * step, -k * step]
        k += 1
    return list(dict.fromkeys(a % 360 for a in out))


def _others(cards: Mapping[str, Any], covered: Sequence[str] | None,
            allies: Sequence[str] | None, taken: Sequence[FighterProfile]
            ) -> list[tuple[int, FighterProfile]]:
    """The ``--covered`` fighters (player B) and ``--ally`` fighters (player A), each once."""
    out: list[tuple[int, FighterProfile]] = []
    names = [p.name for p in taken]
    for side, items in ((1, covered), (0, allies)):
        for name in names_of(items):
            profile = find_profile(name, cards)
            if profile.name in names:
                raise fail(f"{profile.name} is named twice (attacker, target, --covered and "
                           "--ally are different fighters)")
            names.append(profile.name)
            out.append((side, profile))
    return out


def _covered_check(odds: AttackOdds, wanted: Sequence[Fighter], what: str) -> AttackOdds:
    found = {f.ref for f in odds.fighters}
    missing = [f.ref for f in wanted if f.ref not in found]
    if missing:  # the layout is ours: this is a bug if it ever happens
        raise RuntimeError(f"the {what} was laid out to cover {', '.join(missing)} but does "
                           "not")
    return odds


# -- explosions: around a point ---------------------------------------------------------------
def _around(target: Fighter, others: Sequence[tuple[int, FighterProfile]],
            placed: list[Circle], sector: float, what: str) -> list[Fighter]:
    """The others around ``target`` (at :data:`CENTRE`), each covered by the explosion
    template, within ``sector`` degrees of east: the outer ring first (more fit there)."""
    from skirmish.geometry.templates import DEFAULT_EXPLOSION

    reach = DEFAULT_EXPLOSION.diameter / 2
    cx, cy = CENTRE
    out: list[Fighter] = []
    for side, profile in others:
        r = profile.base_mm / 20
        candidates = [(cx + d * math.cos(math.radians(a)), cy + d * math.sin(math.radians(a)))
                      for d in reversed(_steps(target.profile.base_mm / 20 + r + MARGIN,
                                               reach + r - 0.05, 0.1))
                      for a in _angles(sector)]
        spot = _first(candidates, r, placed, lambda _x, _y: True)
        if spot is None:
            raise fail(f"cannot place {profile.name} under the {what} with the others "
                       f"(a {DEFAULT_EXPLOSION.diameter:g} cm template); name fewer fighters")
        placed.append((*spot, r))
        out.append(_fighter(side, profile, *spot, None, None))
    return out


def throw_of(cards: Mapping[str, Any], attacker: str, target: str, *,
             covered: Sequence[str] | None = None, allies: Sequence[str] | None = None,
             weapon: str | None = None, attacker_wounds: Sequence[str] | None = None,
             attacker_markers: Sequence[str] | None = None,
             target_wounds: Sequence[str] | None = None,
             target_markers: Sequence[str] | None = None) -> AttackOdds:
    """Rulebook 6.B, projectile: ``attacker`` throws at ``target``'s centre; with
    Explosive(X) (8.C) the explosion covers ``covered`` (enemies) and ``allies`` too."""
    from skirmish.games.eden.actions import key
    from skirmish.games.eden.cards.equipment import Category
    from skirmish.games.eden.odds.game import odds_of

    a, t = find_profile(attacker, cards), find_profile(target, cards)
    if a.name == t.name:
        raise fail(f"--attacker and --target are the same fighter ({a.name})")
    others = _others(cards, covered, allies, [a, t])
    cx, cy = CENTRE
    ft = _fighter(1, t, cx, cy, target_wounds, target_markers)
    # The weapon first (its range places the thrower).
    probe = _fighter(0, a, 5.0, 5.0, attacker_wounds, attacker_markers)
    name, part = carried_part(duel(cards, [probe]), probe, Category.PROJECTILE, weapon)
    reach = part.range if part.range is not None else THROW_GAP + 0.5
    distance = max(min(THROW_GAP, reach - 0.5), t.base_mm / 20 + MARGIN)
    fa = _fighter(0, a, cx - distance - a.base_mm / 20, cy, attacker_wounds, attacker_markers)
    placed: list[Circle] = [(ft.x, ft.y, t.base_mm / 20), (fa.x, fa.y, a.base_mm / 20)]
    more = _around(ft, others, placed, THROW_SECTOR, "explosion")
    game = duel_game(cards, [fa, ft, *more])
    odds = odds_of(game, f"throw {fa.ref} {key(name)} {cx:g},{cy:g}")
    if part.effect("Explosive") is not None:
        _covered_check(odds, [ft, *more], "explosion")
    return replace(odds, settings={**odds.settings, "target": ft.ref,
                                   "distance": round(distance, 3)})


def explosion_of(cards: Mapping[str, Any], power: int, target: str, *,
                 covered: Sequence[str] | None = None,
                 target_wounds: Sequence[str] | None = None,
                 target_markers: Sequence[str] | None = None) -> AttackOdds:
    """Rulebook 8.C, Explosive(``power``): an explosion centred on ``target`` covering the
    ``covered`` fighters too (nobody threw it: no range, no sight, no attacker)."""
    from skirmish.games.eden.cards.equipment import Category, Equipment
    from skirmish.games.eden.odds.game import explosion_odds

    if not POWER_RANGE[0] <= power <= POWER_RANGE[1]:
        raise fail(f"--power: Explosive(X) takes {POWER_RANGE[0]} to {POWER_RANGE[1]} dice, "
                   f"got {power}")
    t = find_profile(target, cards)
    others = [(1, p) for _, p in _others(cards, covered, None, [t])]
    ft = _fighter(1, t, *CENTRE, target_wounds, target_markers)
    placed: list[Circle] = [(ft.x, ft.y, t.base_mm / 20)]
    more = _around(ft, others, placed, 180.0, "explosion")
    state = duel(cards, [ft, *more])
    weapon = f"Explosive({power})"
    part = Equipment.parse(f"Explosion (Projectile): {weapon}").part(Category.PROJECTILE)
    assert part is not None
    odds = _covered_check(explosion_odds(state, "", part, CENTRE, weapon), [ft, *more],
                          "explosion")
    return replace(odds, attacker=None,
                   settings={**odds.settings, "target": ft.ref})


# -- blasts: along the template -----------------------------------------------------------------
def blast_of(cards: Mapping[str, Any], attacker: str, target: str, *,
             covered: Sequence[str] | None = None, allies: Sequence[str] | None = None,
             weapon: str | None = None, attacker_wounds: Sequence[str] | None = None,
             attacker_markers: Sequence[str] | None = None,
             target_wounds: Sequence[str] | None = None,
             target_markers: Sequence[str] | None = None) -> AttackOdds:
    """Rulebook 6.B, blast: ``attacker``'s template covers ``target`` (the nearest enemy),
    the ``covered`` enemies and the ``allies``."""
    from skirmish.games.eden.actions import key
    from skirmish.games.eden.cards.equipment import Category
    from skirmish.games.eden.odds.game import odds_of
    from skirmish.games.eden.rolling import state_of
    from skirmish.geometry import Base
    from skirmish.geometry.templates import DEFAULT_BLAST, blast_covers

    a, t = find_profile(attacker, cards), find_profile(target, cards)
    if a.name == t.name:
        raise fail(f"--attacker and --target are the same fighter ({a.name})")
    others = _others(cards, covered, allies, [a, t])
    ax, ay = BLASTER
    ra, rt = a.base_mm / 20, t.base_mm / 20
    fa = _fighter(0, a, ax, ay, attacker_wounds, attacker_markers)
    ft = _fighter(1, t, ax + ra + 1.0 + rt, ay, target_wounds, target_markers)
    nearest = 1.0  # the target's distance to the attacker, edge to edge
    me = Base(ax, ay, ra, fa.ref, "A")

    def under(x: float, y: float, r: float) -> bool:
        return bool(blast_covers(me, 0.0, [Base(x, y, r, "x", "B")]))

    placed: list[Circle] = [(fa.x, fa.y, ra), (ft.x, ft.y, rt)]
    more: list[Fighter] = []
    far = ax + ra + DEFAULT_BLAST.length + DEFAULT_BLAST.wide_width / 2
    half = DEFAULT_BLAST.wide_width / 2
    for side, profile in others:
        r = profile.base_mm / 20
        candidates = [(x, ay + dy) for x in _steps(ft.x, far, 0.25)
                      for dy in (0.0, *(s * k for k in _steps(0.5, half, 0.5) for s in (1, -1)))]

        def fits(x: float, y: float, r: float = r, side: int = side) -> bool:
            edge = math.hypot(x - ax, y - ay) - ra - r
            return under(x, y, r) and (side == 0 or edge >= nearest + 0.05)

        spot = _first(candidates, r, placed, fits)
        if spot is None:
            raise fail(f"cannot place {profile.name} under the blast template with the others "
                       f"({DEFAULT_BLAST.length:g} cm long); name fewer fighters")
        placed.append((*spot, r))
        more.append(_fighter(side, profile, *spot, None, None))
    game = duel_game(cards, [fa, ft, *more])
    name, _ = carried_part(state_of(game), fa, Category.BLAST, weapon)
    odds = odds_of(game, f"blast {fa.ref} {key(name)} 0")
    return _covered_check(odds, [ft, *more], "blast template")


# -- commands ----------------------------------------------------------------------------------
@odds_app.command()
def throw(
    attacker: Annotated[str, typer.Option(help="The thrower's name.")],
    target: Annotated[str, typer.Option(help="The fighter at the point thrown at.")],
    covered: CoveredOpt = None,
    ally: AlliesOpt = None,
    weapon: WeaponOpt = None,
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
    """Rulebook 6.B, projectile: thrown at the target (Explosive(X): the template, 8.C)."""
    check_chart(chart)
    cards = load_setup(setup, content,
                       house_rules_chosen(house_rules, house_rules_file))
    odds = throw_of(cards, attacker, target, covered=covered, allies=ally, weapon=weapon,
                    attacker_wounds=attacker_wounds, attacker_markers=attacker_markers,
                    target_wounds=target_wounds, target_markers=target_markers)
    show(odds, as_json, exact, chart)


@odds_app.command()
def blast(
    attacker: AttackerOpt,
    target: Annotated[str, typer.Option(help="The nearest enemy, under the template.")],
    covered: CoveredOpt = None,
    ally: AlliesOpt = None,
    weapon: WeaponOpt = None,
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
    """Rulebook 6.B, blast: one wound to each limb of every fighter under the template."""
    check_chart(chart)
    cards = load_setup(setup, content,
                       house_rules_chosen(house_rules, house_rules_file))
    odds = blast_of(cards, attacker, target, covered=covered, allies=ally, weapon=weapon,
                    attacker_wounds=attacker_wounds, attacker_markers=attacker_markers,
                    target_wounds=target_wounds, target_markers=target_markers)
    show(odds, as_json, exact, chart)


@odds_app.command()
def explosion(
    power: Annotated[int, typer.Option(help="Explosive(X): X D6 against each covered "
                                            "fighter's VIG.")],
    target: Annotated[str, typer.Option(help="The fighter at the explosion's centre.")],
    covered: Annotated[list[str] | None, typer.Option(
        help="Other fighters under the template, e.g. 'Abama,Ngobo' (repeatable).")] = None,
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
    """Rulebook 8.C, Explosive(X): X D6 against each covered fighter's VIG."""
    check_chart(chart)
    cards = load_setup(setup, content,
                       house_rules_chosen(house_rules, house_rules_file))
    odds = explosion_of(cards, power, target, covered=covered, target_wounds=target_wounds,
                        target_markers=target_markers)
    show(odds, as_json, exact, chart)
