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
from skirmish.core.procedure import Procedure
from skirmish.eden.conditions import apply_condition_effects
from skirmish.eden.effects import announce
from skirmish.eden.equipment import Category, EquipmentPart
from skirmish.eden.fighter import Fighter
from skirmish.eden.profile import Characteristic, Limb
from skirmish.eden.rolling import state_of
from skirmish.eden.rolls import characteristic_roll
from skirmish.eden.wounds import inflict_wounds
from skirmish.geometry.distance import distance
from skirmish.geometry.templates import blast_covers, blast_options, explosion_covers

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.eden.state import EdenState

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

    def text(self) -> str:
        where = (f"at {self.angle:g} degrees" if self.angle is not None
                 else f"at ({self.at[0]:g}, {self.at[1]:g})")
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
    several are equally near), whether free or not and whether seen or not."""
    me = state.base(fighter)
    gaps = [(distance(me, state.base(e)), e) for e in state.on_field(1 - fighter.side)]
    if not gaps:
        return []
    best = min(g for g, _ in gaps)
    return [e for g, e in gaps if g <= best + EPS]


def blast_covers_nearest(state: EdenState, fighter: Fighter, angle: float,
                         nearest: Sequence[Fighter]) -> bool:
    """Whether the blast template at ``angle`` degrees covers part of a nearest enemy."""
    bases = [state.base(e) for e in nearest]
    return bool(blast_covers(state.base(fighter), math.radians(angle), bases))


def rounded_blast_angles(state: EdenState, fighter: Fighter) -> list[float]:
    """A few allowed blast angles in degrees (0.1 degree, in [0, 360)): straight at the
    nearest enemy, then the sampled orientation covering the most enemies net of friends."""
    nearest = nearest_enemies(state, fighter)
    if not nearest:
        return []
    me = state.base(fighter)
    target = state.base(nearest[0])
    direct = round(math.degrees(math.atan2(target.y - me.y, target.x - me.x)) % 360, 1)
    angles = [direct]
    bases = state.bases(fighter)

    def score(covered: tuple[str, ...]) -> int:
        return sum(1 if state.fighter(ref).side != fighter.side else -1 for ref in covered)

    options = blast_options(me, target, bases)
    if options:
        best = max(options, key=lambda o: score(o.covered))
        angles.append(round(math.degrees(best.angle) % 360, 1))
    out: list[float] = []
    for angle in angles:
        if angle not in out and blast_covers_nearest(state, fighter, angle, nearest):
            out.append(angle)
    return out


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
    """Rulebook 6.B, Attack with blast equipment: every base covered, even partly, takes one
    wound to each limb ignoring protections, then the equipment's effects."""

    name: ClassVar[str] = "eden.blast"
    initiator: Ref
    weapon: str
    angle: float

    def run(self, game: Game) -> None:
        game.pop()
        state = state_of(game)
        part = _part(game, self.weapon, Category.BLAST)
        attacker = state.fighter(self.initiator)
        me = state.base(attacker)
        bases = blast_covers(me, math.radians(self.angle), state.bases(attacker))
        covered = sorted((state.fighter(b.id) for b in bases),
                         key=lambda f: (round(distance(me, state.base(f)), 9), f.ref))
        announce(game, TemplateEvent(fighter=self.initiator, weapon=self.weapon,
                                     template="blast", angle=self.angle,
                                     covered=tuple(f.ref for f in covered)))
        for fighter in covered:
            _wound_every_limb(game, fighter, self.initiator)
        apply_condition_effects(game, covered, part, by=self.initiator, source=self.weapon)
