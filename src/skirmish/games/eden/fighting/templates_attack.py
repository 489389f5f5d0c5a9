"""Rulebook 6.B, projectile and blast attacks, and Rulebook 8.C, Explosive(X): the templates.

The template shapes and coverage are geometry (:mod:`skirmish.geometry.templates`, sizes
in docs/rulings.md G7-G8); this module says what happens to the fighters covered.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.actions import Ref
from skirmish.core.events import Event, NoteEvent, RollEvent
from skirmish.core.memos import Memo
from skirmish.core.procedure import Procedure
from skirmish.games.eden.cards.equipment import Category, EquipmentPart
from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.effects import announce
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.fighting.conditions import apply_condition_effects
from skirmish.games.eden.fighting.wounds import inflict_wounds
from skirmish.games.eden.optional.hiding import hidden_refusal
from skirmish.games.eden.rolling import state_of
from skirmish.games.eden.rolls import characteristic_roll
from skirmish.geometry.distance import distance
from skirmish.geometry.templates import (
    DEFAULT_BLAST,
    blast_covers,
    blast_options,
    blast_pivot_allowed,
    blast_pivot_limit,
    blast_placement_ok,
    blast_placements,
    explosion_covers,
)

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.state import EdenState

EPS = 1e-9


@dataclass(frozen=True, slots=True)
class TemplateEvent(Event):
    """Rulebook 6.B / 8.C: a template (explosion, blast) or a point, and the fighters it
    covers."""

    kind: ClassVar[str] = "eden.template"
    fighter: str = ""
    weapon: str = ""
    template: str = ""
    at: tuple[float, ...] = ()
    angle: float | None = None
    covered: tuple[str, ...] = ()
    axis: float | None = None

    def text(self) -> str:
        where = (f"at {self.angle:g} degrees" if self.angle is not None
                 else f"at ({self.at[0]:g}, {self.at[1]:g})")
        if self.axis is not None:
            where += f", axis {self.axis:g} degrees"
        what = "the point" if self.template == "point" else f"the {self.template} template"
        who = ", ".join(self.covered) if self.covered else "nobody"
        return f"{self.fighter}'s {self.weapon}: {what} {where} covers {who}"


# -- geometry in rules terms ------------------------------------------------------------------
def fighters_at(state: EdenState, point: tuple[float, float]) -> list[Fighter]:
    """Rulebook 6.B, projectile: the fighters "located at this point" - those whose base
    covers it (its edge included)."""
    x, y = point
    return [f for f in state.on_field()
            if math.hypot(f.x - x, f.y - y) <= f.profile.base_mm / 20 + EPS]


def nearest_enemies(state: EdenState, fighter: Fighter) -> list[Fighter]:
    """Rulebook 6.B, blast: the nearest enemy on the field, edge to edge (all of them when
    several are equally near), whether free or not and whether seen or not. Under Territory
    Management a hidden enemy more than 5 cm away cannot be the blast's target (Hiding:
    docs/rulings.md), so the nearest is looked for among the others."""
    me = state.base(fighter)
    gaps = [(distance(me, state.base(e)), e) for e in state.enemies(fighter)
            if not state.territory or hidden_refusal(state, fighter, e) is None]
    if not gaps:
        return []
    best = min(g for g, _ in gaps)
    return [e for g, e in gaps if g <= best + EPS]


def _radians(axis: float | None) -> float | None:
    return None if axis is None else math.radians(axis)


def blast_covers_nearest(state: EdenState, fighter: Fighter, angle: float,
                         nearest: Sequence[Fighter], axis: float | None = None) -> bool:
    """Whether the blast template placed at contact ``angle`` with its axis along ``axis``
    (degrees; radial when ``None``) covers part of a nearest enemy."""
    bases = [state.base(e) for e in nearest]
    return bool(blast_covers(state.base(fighter), math.radians(angle), bases,
                             axis=_radians(axis)))


def blast_refusal(state: EdenState, fighter: Fighter, angle: float,
                  axis: float | None = None) -> str | None:
    """Rulebook 6.B, blast: why the template may not be placed at contact ``angle`` with its
    axis along ``axis`` (degrees; ``None`` is radial), or ``None``.

    "placez l'extrémité la plus petite du gabarit de souffle au contact du socle ... Ce gabarit
    peut être déplacé tant que le socle de l'adversaire le plus proche reste au moins
    partiellement recouvert et que l'extrémité la plus petite du gabarit reste en contact
    avec le socle" (docs/rulings.md, geometry G8): the narrow end touches the base (the axis
    at most :func:`~skirmish.geometry.templates.blast_pivot_limit` from the contact
    direction), and a nearest enemy is at least partly covered."""
    nearest = nearest_enemies(state, fighter)
    if not nearest:
        return "Rulebook 6.B, blast: there is no enemy on the field"
    if not blast_pivot_allowed(math.radians(angle), _radians(axis)):
        return ("Rulebook 6.B, blast: the narrow end of the template must stay in contact with "
                f"the attacker's base (the axis at most {math.degrees(blast_pivot_limit()):.2f} "
                "degrees from the contact direction)")
    if not blast_placement_ok(state.base(fighter), math.radians(angle),
                              [state.base(e) for e in nearest], axis=_radians(axis)):
        return ("Rulebook 6.B, blast: the template must cover at least part of the nearest "
                f"enemy's base ({', '.join(e.ref for e in nearest)})")
    return None


#: How many pivoted placements :func:`rounded_blast_placements` offers at most.
MAX_PIVOTED = 3


#: The placements of :func:`rounded_blast_placements` by what they depend on.
_PLACEMENTS: Memo[tuple[object, ...], tuple[tuple[float, float | None], ...]] = Memo(
    "eden blast placements", 2048)


def rounded_blast_placements(state: EdenState, fighter: Fighter,
                             pivoted: int = MAX_PIVOTED) -> list[tuple[float, float | None]]:
    """The placements of :func:`_rounded_blast_placements`, remembered: they depend only on
    the attacker's base, every other base on the field (each names its fighter and side),
    the nearest enemies (which Territory Management's hiding may change) and ``pivoted``."""
    nearest = nearest_enemies(state, fighter)
    if not nearest:
        return []
    key = (state.base(fighter), tuple(state.bases(fighter)), tuple(e.ref for e in nearest),
           pivoted)
    known = _PLACEMENTS.get(key)
    if known is None:
        known = _PLACEMENTS.keep(key, tuple(_rounded_blast_placements(state, fighter,
                                                                        pivoted)))
    return list(known)


def _rounded_blast_placements(state: EdenState, fighter: Fighter,
                              pivoted: int) -> list[tuple[float, float | None]]:
    """A bounded handful of allowed blast placements (contact angle, axis or ``None`` for
    radial), in degrees rounded to 0.1 in [0, 360): the radial placement straight at the
    nearest enemy; the sampled radial one covering the most enemies net of friends; then up
    to ``pivoted`` (``MAX_PIVOTED``) pivoted placements sampled over the whole set of
    allowed placements (:func:`~skirmish.geometry.templates.blast_placements`), one per set
    of fighters covered, the best net of friends first, skipping sets a radial option
    already covers. Each one passes :func:`blast_refusal` once rounded."""
    nearest = nearest_enemies(state, fighter)
    if not nearest:
        return []
    me = state.base(fighter)
    target = state.base(nearest[0])
    direct = round(math.degrees(math.atan2(target.y - me.y, target.x - me.x)) % 360, 1)
    # no placement reaches farther from the attacker's centre than its radius and the
    # template's length: a base beyond (and a margin) is covered by none, and is left out
    reach = me.radius + DEFAULT_BLAST.length + 1.0
    bases = [b for b in state.bases(fighter)
             if math.hypot(b.x - me.x, b.y - me.y) < reach + b.radius]

    def score(covered: tuple[str, ...]) -> int:
        return sum(1 if state.fighter(ref).side != fighter.side else -1 for ref in covered)

    def covered_by(angle: float, axis: float | None) -> frozenset[str]:
        return frozenset(b.id for b in blast_covers(me, math.radians(angle), bases,
                                                    axis=_radians(axis)))

    wanted: list[tuple[float, float | None]] = [(direct, None)]
    options = blast_options(me, target, bases)
    if options:
        best = max(options, key=lambda o: score(o.covered))
        wanted.append((round(math.degrees(best.angle) % 360, 1), None))
    out: list[tuple[float, float | None]] = []
    seen: set[frozenset[str]] = set()
    for angle, axis in wanted:
        if (angle, axis) not in out and blast_refusal(state, fighter, angle, axis) is None:
            out.append((angle, axis))
            seen.add(covered_by(angle, axis))
    if pivoted <= 0:
        return out
    sampled: dict[frozenset[str], list[tuple[float, float]]] = {}
    for enemy in nearest:
        for option in blast_placements(me, state.base(enemy), bases):
            assert option.axis is not None
            sampled.setdefault(frozenset(option.covered), []).append((option.angle, option.axis))

    def rank(covered: frozenset[str]) -> tuple[int, int, list[str]]:
        friends = sum(state.fighter(ref).side == fighter.side for ref in covered)
        return (-score(tuple(covered)), friends, sorted(covered))

    ranked = sorted(sampled.items(), key=lambda kv: rank(kv[0]))
    for covered, samples in ranked:
        if len([a for a in out if a[1] is not None]) >= pivoted:
            break
        if covered in seen:
            continue
        angle, axis = samples[len(samples) // 2]  # the middle sample: away from the edges
        contact, turned = round(math.degrees(angle) % 360, 1), round(math.degrees(axis) % 360, 1)
        placement: tuple[float, float | None] = (contact, None if turned == contact else turned)
        if placement in out or blast_refusal(state, fighter, *placement) is not None:
            continue
        if covered_by(*placement) != covered:
            continue  # the rounding changed what it covers: not the option it stands for
        out.append(placement)
        seen.add(covered)
    return out


def rounded_blast_angles(state: EdenState, fighter: Fighter) -> list[float]:
    """The radial placements of :func:`rounded_blast_placements` (contact angles, degrees)."""
    return [angle for angle, axis in rounded_blast_placements(state, fighter) if axis is None]


def _wound_every_limb(game: Game, fighter: Fighter, by: str) -> None:
    """One wound to each limb, ignoring protections (Rulebook 6.B blast, 8.C Explosive), in
    card order; it stops once the fighter is incapacitated and removed."""
    for limb in Limb:
        if not fighter.on_field:
            break
        inflict_wounds(game, fighter, limb, 1, ignore_protection=True, ranged=True, by=by)


def _in_order(fighters: Sequence[Fighter], x: float, y: float) -> list[Fighter]:
    """Fighters by distance of their centre from (x, y), then by reference."""
    return sorted(fighters, key=lambda f: (round(math.hypot(f.x - x, f.y - y), 9), f.ref))


def explode(game: Game, by: str, weapon: str, power: int, centre: tuple[float, float]
            ) -> list[Fighter]:
    """Rulebook 8.C, Explosive(X): the explosion template centred on ``centre``; for each
    fighter covered even partly, X D6 against his VIG, and at least one success is one wound
    to every limb, ignoring protections. Returns every fighter covered."""
    state = state_of(game)
    bases = explosion_covers(centre, state.bases())
    covered = _in_order([state.fighter(b.id) for b in bases], *centre)
    announce(game, TemplateEvent(fighter=by, weapon=weapon, template="explosion", at=centre,
                                 covered=tuple(f.ref for f in covered)))
    for fighter in covered:
        vig = state.characteristic(fighter, Characteristic.VIG)
        result = characteristic_roll(game.dice, power, vig)
        game.emit(RollEvent(roll="explosive", fighter=by, characteristic="Explosive",
                            value=power, difficulty=vig, dice=result.dice, faces=result.faces,
                            successes=result.successes, opponent=fighter.ref,
                            detail=result.detail))
        if result.successes:
            _wound_every_limb(game, fighter, by)
    return covered


def _part(game: Game, weapon: str, category: Category) -> EquipmentPart:
    part = state_of(game).catalogue.item(weapon).part(category)
    assert part is not None
    return part


@dataclass(slots=True)
class Projectile(Procedure):
    """Rulebook 6.B, Attack with projectile equipment: automatic at the chosen point."""

    name: ClassVar[str] = "eden.projectile"
    initiator: Ref
    weapon: str
    x: float
    y: float

    def run(self, game: Game) -> None:
        game.pop()
        state = state_of(game)
        part = _part(game, self.weapon, Category.PROJECTILE)
        centre = (self.x, self.y)
        power = part.effect("Explosive")
        if power is not None:
            affected = explode(game, self.initiator, self.weapon, power, centre)
        else:
            affected = _in_order(fighters_at(state, centre), *centre)
            announce(game, TemplateEvent(fighter=self.initiator, weapon=self.weapon,
                                         template="point", at=centre,
                                         covered=tuple(f.ref for f in affected)))
        apply_condition_effects(game, affected, part, by=self.initiator, source=self.weapon)
        game.emit(NoteEvent(message=f"{self.initiator}'s {self.weapon} lands"))


@dataclass(slots=True)
class Blast(Procedure):
    """Rulebook 6.B, Attack with blast equipment: the template placed at contact ``angle``
    with its axis along ``axis`` (degrees; radial when ``None``); every base covered, even
    partly, takes one wound to each limb ignoring protections, then the equipment's
    effects."""

    name: ClassVar[str] = "eden.blast"
    initiator: Ref
    weapon: str
    angle: float
    axis: float | None = None

    def run(self, game: Game) -> None:
        game.pop()
        state = state_of(game)
        part = _part(game, self.weapon, Category.BLAST)
        attacker = state.fighter(self.initiator)
        me = state.base(attacker)
        bases = blast_covers(me, math.radians(self.angle), state.bases(attacker),
                             axis=_radians(self.axis))
        covered = sorted((state.fighter(b.id) for b in bases),
                         key=lambda f: (round(distance(me, state.base(f)), 9), f.ref))
        announce(game, TemplateEvent(fighter=self.initiator, weapon=self.weapon,
                                     template="blast", angle=self.angle,
                                     covered=tuple(f.ref for f in covered), axis=self.axis))
        for fighter in covered:
            _wound_every_limb(game, fighter, self.initiator)
        apply_condition_effects(game, covered, part, by=self.initiator, source=self.weapon)
