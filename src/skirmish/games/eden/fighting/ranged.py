"""Rulebook 6.B, Ranged attack: who may shoot, throw or blast, at what, and the shooting steps.

Three procedures, one per equipment category (Rulebook 8.A):

- :class:`Shooting` (FR "Tir"): steps 2-7 of "Attack with shooting equipment";
- :class:`~skirmish.games.eden.fighting.templates_attack.Projectile` (FR "Jet"): a point on the
field,
  fighters there (or under the explosion template) suffer the effects;
- :class:`~skirmish.games.eden.fighting.templates_attack.Blast` (FR "Souffle"): the blast template
  from the attacker's base, covering at least part of the nearest enemy.

The activation asks :func:`ranged_options` for representative legal actions,
:func:`ranged_refusal` why one is illegal, and :func:`start_ranged_attack` to carry it out.
Every choice where the rulebook is silent or the texts differ is in the ranged rulings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.actions import Action, Point, Ref
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.events import Event, NoteEvent, RollEvent, plural
from skirmish.core.procedure import Procedure
from skirmish.games.eden.actions import Aim, BlastAttack, Shift, Shoot, Throw, key
from skirmish.games.eden.cards.equipment import Category, Equipment, EquipmentPart
from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.effects import announce, location_shift, reach_limit, reach_refusal
from skirmish.games.eden.events import LocationEvent
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.fighting.aiming import (
    aim_decision,
    aim_options,
    check_aim,
    check_shift,
    limb_shift,
    shift_decision,
    shift_options,
)
from skirmish.games.eden.fighting.conditions import apply_condition_effects
from skirmish.games.eden.fighting.melee import ATTACK, attacks_left
from skirmish.games.eden.fighting.templates_attack import (
    MAX_PIVOTED,
    Blast,
    Projectile,
    blast_refusal,
    fighters_at,
    nearest_enemies,
    rounded_blast_placements,
)
from skirmish.games.eden.fighting.wounds import inflict_wounds
from skirmish.games.eden.house_rules import REDIRECTION, reading_of
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.optional.elevation import range_bonus
from skirmish.games.eden.optional.hiding import hidden_refusal
from skirmish.games.eden.optional.infestation import controller, decide_for_npfs
from skirmish.games.eden.rolling import roll_characteristic, roll_location, state_of
from skirmish.games.eden.rolls import characteristic_roll, shift_location
from skirmish.geometry.distance import distance

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.state import EdenState

__all__ = [
    "Blast",
    "Projectile",
    "RangedAttackEvent",
    "RedirectEvent",
    "Shooting",
    "legal_shooting_targets",
    "ranged_options",
    "ranged_refusal",
    "start_ranged_attack",
]

#: Distances within this (cm) count as equal (ties for "the nearest", range limits).
EPS = 1e-9
FEAR_RULE = "Rulebook 9, Fear: a frightened fighter can take no action but Move"
FREE_RULE = "Rulebook 6.B: the fighter must be free"
NEAREST_RULE = (
    "Rulebook 6.B step 1: the target must be the nearest enemy in range and in sight "
    "(fighters who are not free may be ignored)"
)
_CATEGORY: dict[type[Action], Category] = {
    Shoot: Category.SHOOTING,
    Throw: Category.PROJECTILE,
    BlastAttack: Category.BLAST,
}
#: How many throw points :func:`ranged_options` offers per projectile weapon.
MAX_POINTS = 3


# -- events -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RangedAttackEvent(Event):
    """Rulebook 5, Attack / 6.B: a ranged attack is declared and paid for (1 AP)."""

    kind: ClassVar[str] = "eden.ranged-attack"
    fighter: str = ""
    weapon: str = ""
    category: str = ""
    target: str = ""
    at: tuple[float, ...] = ()
    angle: float | None = None

    def text(self) -> str:
        if self.category == Category.SHOOTING.value:
            what = f"shoots at {self.target}"
        elif self.category == Category.PROJECTILE.value:
            what = f"throws at ({self.at[0]:g}, {self.at[1]:g})"
        else:
            what = f"blasts at {self.angle:g} degrees"
        return f"{self.fighter} {what} with {self.weapon} (1 AP)"


@dataclass(frozen=True, slots=True)
class RedirectEvent(Event):
    """Rulebook 6.B step 2: an odd number of successes on a target who is not free hits the
    fighter in contact with the target and nearest to the shooter."""

    kind: ClassVar[str] = "eden.redirect"
    fighter: str = ""
    intended: str = ""
    target: str = ""
    successes: int = 0

    def text(self) -> str:
        return (
            f"{plural(self.successes, 'success', 'successes')} (odd) against {self.intended}, "
            f"who is not free: {self.fighter}'s shot hits {self.target}, in contact and "
            "nearest to the shooter"
        )


# -- what a fighter carries ---------------------------------------------------------------------
def carried(game: Game, fighter: Fighter, weapon: str) -> Equipment | None:
    """The item of ``fighter``'s card named ``weapon`` (its name or notation token)."""
    for item in state_of(game).catalogue.equipment_of(fighter.profile):
        if weapon in (item.name, key(item.name)):
            return item
    return None


def _use_refusal(fighter: Fighter, item: Equipment, part: EquipmentPart) -> str | None:
    """Rulebook 8.C, X/match and X/round: uses of an item count whatever its category."""
    if part.per_match is not None and fighter.match_uses.get(item.name, 0) >= part.per_match:
        return f"Rulebook 8.C: {item.name} is {part.per_match}/match"
    if part.per_round is not None and fighter.round_uses.get(item.name, 0) >= part.per_round:
        return f"Rulebook 8.C: {item.name} is {part.per_round}/round"
    return None


def _fighter_refusal(state: EdenState, fighter: Fighter) -> str | None:
    """What forbids any ranged attack now (Rulebook 2.F, 5 Attack, 6.B, 9 Fear)."""
    if not fighter.on_field:
        return "Rulebook 2.F: an incapacitated fighter has left the field"
    if fighter.marker_count(Condition.FEAR):
        return FEAR_RULE
    if fighter.ap < 1:
        return "Rulebook 5, Attack: costs 1 AP"
    if attacks_left(fighter) < 1:
        return "Rulebook 5, Attack: 2/round"
    if not state.is_free(fighter):
        return FREE_RULE
    return None


def _in_range(part: EquipmentPart, gap: float, extra: float = 0.0) -> bool:
    """Rulebook 8.C, Range(X): at most X cm, edge to edge; no Range means no limit. ``extra``
    cm more from an elevated position (Territory Management, Elevation: +5 cm)."""
    return part.range is None or gap <= part.range + extra + EPS


def _range_text(part: EquipmentPart, extra: float) -> str:
    """Range(X), and Elevation's bonus when it counts."""
    assert part.range is not None
    return f"Range({part.range:g})" + (f" +{extra:g} cm on an elevated position"
                                        if extra else "")


# -- Rulebook 6.B step 1: target selection -----------------------------------------------------
def legal_shooting_targets(game: Game, fighter: Fighter, part: EquipmentPart) -> list[Fighter]:
    """Rulebook 6.B, Shooting, step 1: enemies in range and in sight, the nearest first; the
    player "can ignore the fighters who are not free", so a target is legal when no free
    eligible enemy is strictly nearer (ties within ``EPS`` are all nearest). An effect may
    limit how far a target may be (Dense fog: 15 cm), like a shorter range."""
    state = state_of(game)
    me = state.base(fighter)
    reach = reach_limit(state, fighter)[0] if state.effects else math.inf
    extra = range_bonus(state, fighter)
    eligible: list[tuple[float, str, Fighter]] = []
    for enemy in state.enemies(fighter):  # NPFs too (Infestation, docs/rulings.md)
        gap = distance(me, state.base(enemy))
        if (_in_range(part, gap, extra) and gap <= reach + EPS
                and hidden_refusal(state, fighter, enemy) is None
                and state.sight(fighter, enemy).visible):
            eligible.append((gap, enemy.ref, enemy))
    eligible.sort(key=lambda t: (t[0], t[1]))
    free = [gap for gap, _, enemy in eligible if state.is_free(enemy)]
    limit = min(free, default=math.inf)
    return [enemy for gap, _, enemy in eligible if gap <= limit + EPS]


def _shoot_refusal(game: Game, fighter: Fighter, part: EquipmentPart, action: Shoot) -> str | None:
    state = state_of(game)
    if action.target not in state.index:
        return f"Rulebook 6.B step 1: there is no fighter {action.target}"
    target = state.fighter(action.target)
    if not target.on_field:
        return "Rulebook 2.F: an incapacitated fighter has left the field"
    if not state.is_enemy(fighter, target):
        return "Rulebook 6.B step 1: the target must be an enemy fighter"
    gap = distance(state.base(fighter), state.base(target))
    extra = range_bonus(state, fighter)
    if not _in_range(part, gap, extra):
        return (f"Rulebook 6.B step 1: the target must be within range "
                f"({_range_text(part, extra)}, {gap:.2f} cm away)")
    fog = reach_refusal(state, fighter, gap, target.ref) or hidden_refusal(state, fighter,
                                                                            target)
    if fog:
        return fog
    if not state.sight(fighter, target).visible:
        return "Rulebook 6.B step 1: the initiator must have a line of sight on the target"
    if target not in legal_shooting_targets(game, fighter, part):
        return NEAREST_RULE
    return None


def _throw_refusal(game: Game, fighter: Fighter, part: EquipmentPart, at: Point) -> str | None:
    """Rulebook 6.B, projectile: a point on the field, within range of the thrower's base
    edge, in sight (or a fighter located at the point in sight)."""
    state = state_of(game)
    x, y = at
    if not (0 <= x <= state.field.width and 0 <= y <= state.field.height):
        return "Rulebook 6.B, projectile: the point must be on the field"
    gap = distance(state.base(fighter), (x, y))
    extra = range_bonus(state, fighter)
    if not _in_range(part, gap, extra):
        return (f"Rulebook 6.B, projectile: the point must be within range "
                f"({_range_text(part, extra)}, {gap:.2f} cm away)")
    fog = reach_refusal(state, fighter, gap, f"the point {x:g},{y:g}")
    if fog:
        return fog
    if state.territory:  # a point on a hidden enemy's base takes it as the target
        for other in fighters_at(state, (x, y)):
            hidden = hidden_refusal(state, fighter, other)
            if hidden:
                return hidden
    if state.sight(fighter, (x, y)).visible:
        return None
    if any(state.sight(fighter, other).visible
           for other in fighters_at(state, (x, y)) if other is not fighter):
        return None
    return ("Rulebook 6.B, projectile: the thrower must have a line of sight on the point or on "
            "the fighters located there")


def _blast_refusal(game: Game, fighter: Fighter, action: BlastAttack) -> str | None:
    """Rulebook 6.B, blast: the narrow end touches the base and a nearest enemy is covered
    (:func:`~skirmish.games.eden.fighting.templates_attack.blast_refusal`); the nearest enemy is the
    blast's target, so an effect limiting how far a target may be (Dense fog) limits it."""
    state = state_of(game)
    if state.effects:
        nearest = nearest_enemies(state, fighter)
        if nearest:
            gap = distance(state.base(fighter), state.base(nearest[0]))
            fog = reach_refusal(state, fighter, gap, f"the nearest enemy {nearest[0].ref}")
            if fog:
                return fog
    return blast_refusal(state, fighter, action.angle, action.axis)


def _weapon(game: Game, fighter: Fighter,
            action: Action) -> tuple[Equipment, EquipmentPart] | str:
    """The item and the part an action uses, or why there is none."""
    category = _CATEGORY[type(action)]
    weapon = str(getattr(action, "weapon", ""))
    item = carried(game, fighter, weapon)
    if item is None:
        return (f"Rulebook 6.B: {fighter.ref} carries no {weapon} (a ranged attack needs a "
                "shooting, throwing or blasting equipment)")
    part = item.part(category)
    if part is None:
        return f"Rulebook 8.A: {item.name} is not {category.value} equipment"
    return item, part


def ranged_refusal(game: Game, fighter: Fighter, action: Action) -> str | None:
    """Why ``fighter`` may not make this ranged attack now (naming the rule), or ``None``.

    Checked in this order: the action's fighter, the weapon and its category, the fighter
    (on the field, Fear, 1 AP, 2 attacks/round, free), the item's X/match and X/round, then
    the target, point or angle (Rulebook 5 Attack, 6.B, 8, 9). Never changes the game.
    """
    if type(action) not in _CATEGORY:
        return f"Rulebook 6.B: '{action}' is not a ranged attack"
    if getattr(action, "fighter", None) != fighter.ref:
        return "Rulebook 5: only the activated fighter acts"
    found = _weapon(game, fighter, action)
    if isinstance(found, str):
        return found
    item, part = found
    refusal = _fighter_refusal(state_of(game), fighter) or _use_refusal(fighter, item, part)
    if refusal:
        return refusal
    if isinstance(action, Shoot):
        return _shoot_refusal(game, fighter, part, action)
    if isinstance(action, Throw):
        return _throw_refusal(game, fighter, part, action.at)
    assert isinstance(action, BlastAttack)
    return _blast_refusal(game, fighter, action)


def ranged_options(game: Game, fighter: Fighter) -> list[Action]:
    """Representative legal ranged attacks of ``fighter``, in card order: every legal
    shooting target (the nearest eligible enemy, and up to the nearest free one); up to
    ``MAX_POINTS`` enemy centres in range and sight per projectile; for a blast, the radial
    placement straight at the nearest enemy, the sampled radial one covering the most
    enemies net of friends, and a few pivoted placements (``rounded_blast_placements``;
    none in a sparse listing: :meth:`Game.legal_actions
    <skirmish.core.game.Game.legal_actions>`). Each option passes :func:`ranged_refusal`."""
    state = state_of(game)
    pivoted = 0 if game.sparse else MAX_PIVOTED
    if _fighter_refusal(state, fighter):
        return []
    me = Ref(fighter.ref)
    options: list[Action] = []
    for item in state.catalogue.equipment_of(fighter.profile):
        token = key(item.name)
        for part in item.ranged_parts:
            if _use_refusal(fighter, item, part):
                continue
            # what ranged_refusal checks before the target, point or angle - the fighter,
            # the item's uses (above) and that the token names this item and part - holds
            # for every option of this part: only the rest is checked per option
            checked = carried(game, fighter, token) is item and item.part(part.category) is part
            candidates: list[Action]
            if part.category is Category.SHOOTING:
                candidates = [Shoot(me, token, Ref(t.ref))
                              for t in legal_shooting_targets(game, fighter, part)]
                if checked:
                    # each target's range, reach, hiding, sight and nearness were checked in
                    # legal_shooting_targets
                    options.extend(candidates)
                    continue
            elif part.category is Category.PROJECTILE:
                base = state.base(fighter)
                enemies = sorted(state.enemies(fighter),
                                 key=lambda e: (distance(base, state.base(e)), e.ref))
                thrown = 0  # the first MAX_POINTS legal points: the others are not asked
                for enemy in enemies:
                    throw = Throw(me, token, Point(enemy.x, enemy.y))
                    if (_throw_refusal(game, fighter, part, throw.at) if checked
                            else ranged_refusal(game, fighter, throw)) is None:
                        options.append(throw)
                        thrown += 1
                        if thrown == MAX_POINTS:
                            break
                continue
            else:
                blasts = [BlastAttack(me, token, a, x) for a, x in
                          rounded_blast_placements(state, fighter, pivoted)]
                if checked:
                    options.extend(b for b in blasts if _blast_refusal(game, fighter, b) is None)
                    continue
                candidates = list(blasts)
            options.extend(a for a in candidates if ranged_refusal(game, fighter, a) is None)
    return options


def start_ranged_attack(game: Game, fighter: Fighter, action: Action) -> None:
    """Rulebook 5, Attack (1 AP, 2/round): pay 1 AP, count the attack and the item's use
    (Rulebook 8.C), announce it, then push the procedure of the weapon's category."""
    refusal = ranged_refusal(game, fighter, action)
    if refusal:
        raise IllegalActionError(f"{fighter.ref} cannot '{action}'", refusal)
    found = _weapon(game, fighter, action)
    assert not isinstance(found, str)
    item, part = found
    fighter.ap -= 1
    fighter.record_use(ATTACK)
    fighter.record_use(item.name)
    decide_for_npfs(state_of(game), 1 - fighter.side)  # for an NPF it may strike (C)
    me = Ref(fighter.ref)
    if isinstance(action, Shoot):
        announce(game, RangedAttackEvent(fighter=fighter.ref, weapon=item.name,
                                         category=part.category.value, target=action.target))
        game.push(Shooting(me, item.name, action.target))
    elif isinstance(action, Throw):
        at = (float(action.at.x), float(action.at.y))
        announce(game, RangedAttackEvent(fighter=fighter.ref, weapon=item.name,
                                         category=part.category.value, at=at))
        game.push(Projectile(me, item.name, at[0], at[1]))
    else:
        assert isinstance(action, BlastAttack)
        announce(game, RangedAttackEvent(fighter=fighter.ref, weapon=item.name,
                                         category=part.category.value, angle=action.angle))
        game.push(Blast(me, item.name, float(action.angle), action.axis))


# -- Rulebook 6.B, Attack with shooting equipment, steps 2-7 ------------------------------------
def redirected_target(state: EdenState, shooter: Fighter, target: Fighter) -> Fighter | None:
    """Rulebook 6.B step 2: the fighter in contact with ``target`` and nearest to the shooter
    (edge to edge; ties: nearest centre, then reference).

    "In contact" is the rulebook's own notion (2.E and the glossary "Contact"): touching an
    *opponent*; two fighters of one troop who touch are free. So only the target's opponents
    (the shooter's own side) can take the shot, never a friend of the target."""
    me = state.base(shooter)
    if reading_of(state.catalogue.house_rules, REDIRECTION) == "anyone-touching":
        # House rule eden-redirection=anyone-touching: every base touching the target's.
        touching = [f for f in state.fighters if f is not shooter and f is not target
                    and state.in_contact(f, target)]
    else:
        touching = [f for f in state.enemies(target) if f is not shooter
                    and state.in_contact(f, target)]
    if not touching:
        return None

    def order(f: Fighter) -> tuple[float, float, str]:
        b = state.base(f)
        return (round(distance(me, b), 9), round(math.hypot(b.x - me.x, b.y - me.y), 9), f.ref)

    return min(touching, key=order)


@dataclass(slots=True)
class Shooting(Procedure):
    """Rulebook 6.B, Attack with shooting equipment, steps 2-7."""

    name: ClassVar[str] = "eden.shooting"
    initiator: Ref
    weapon: str
    target: Ref
    step: str = "roll"
    successes: int = 0
    rolled: int = 0
    face: int = 0

    def _part(self, game: Game) -> EquipmentPart:
        part = state_of(game).catalogue.item(self.weapon).part(Category.SHOOTING)
        assert part is not None
        return part

    def _aim_options(self, game: Game) -> list[Limb]:
        """Step 4: limbs reachable spending successes; ALL may be spent (the "keep one"
        sentence of 6.A is in neither text here: ranged rulings)."""
        return aim_options(state_of(game).fighter(self.target), self.face, self.successes)

    def _shift_allowance(self, game: Game) -> int:
        """Rulebook 2.A (Elenia): how far the struck fighter's card shifts the location."""
        state = state_of(game)
        return location_shift(state, state.fighter(self.target)) if state.effects else 0

    def decision(self, game: Game) -> Decision | None:
        if self.step == "shift":
            target = state_of(game).fighter(self.target)
            return shift_decision(target, self.face, self._shift_allowance(game),
                                  str(self.initiator),
                                  player=controller(state_of(game), target))
        if self.step != "aim":
            return None
        options = self._aim_options(game)
        if len(options) < 2:
            return None
        state = state_of(game)
        return aim_decision(state.fighter(self.initiator).side, "shooting",
                            str(self.initiator), state.fighter(self.target), self.face,
                            self.successes, options, " (the rest add to Str)")

    def legal_actions(self, game: Game) -> list[Action]:
        if self.step == "shift":
            return shift_options(self.face, self._shift_allowance(game))
        return [Aim(limb) for limb in self._aim_options(game)] if self.step == "aim" else []

    def check(self, game: Game, action: Action) -> None:
        if self.step == "shift":
            check_shift(action, self.face, self._shift_allowance(game))
            return
        check_aim(action, self._aim_options(game), self.successes, self.face,
                  "Rulebook 6.B step 4: one success per point of shift", self.rule())

    def apply(self, game: Game, action: Action) -> None:
        if isinstance(action, Shift):
            target = state_of(game).fighter(self.target)
            self.face = shift_location(self.face, action.by)
            game.emit(LocationEvent(fighter=self.target, rolled=self.rolled, face=self.face,
                                    limb=target.profile.location(self.face).value, spent=0))
            self.rolled = self.face
            self.step = "aim"
            return
        assert isinstance(action, Aim)
        self._shift_to(game, action.limb)

    def _shift_to(self, game: Game, limb: Limb) -> None:
        target = state_of(game).fighter(self.target)
        shift = limb_shift(target, self.face, limb, self.successes)
        assert shift is not None
        self.face += shift
        self.successes -= abs(shift)
        game.emit(LocationEvent(fighter=self.initiator, rolled=self.rolled, face=self.face,
                                limb=limb.value, spent=abs(shift)))
        self.step = "wound"

    def run(self, game: Game) -> None:
        state = state_of(game)
        initiator, target = state.fighter(self.initiator), state.fighter(self.target)
        if self.step == "roll":
            self._roll(game, initiator, target)
        elif self.step == "aim":
            self._shift_to(game, target.profile.location(self.face))  # one limb: no choice
        else:
            game.pop()
            self._wound(game, initiator, target)

    def _roll(self, game: Game, initiator: Fighter, target: Fighter) -> None:
        """Step 2: CBT + the weapon's CBT bonus - 1 per obstacle, difficulty the target's SPD;
        the odd-successes redirection; step 3: the location roll."""
        state = state_of(game)
        part = self._part(game)
        bonus = part.bonus if part.characteristic is Characteristic.CBT else 0
        obstacles = state.sight(initiator, target).obstacles
        if bonus or obstacles:
            parts = [f"{bonus:+d} from {self.weapon}"] if bonus else []
            if obstacles:
                parts.append(f"-{obstacles} for {obstacles} obstacle{'s' * (obstacles > 1)}")
            game.emit(NoteEvent(message=f"{self.initiator}'s shooting CBT: {', '.join(parts)}"))
        spd = state.characteristic(target, Characteristic.SPD)
        roll = roll_characteristic(game, initiator, Characteristic.CBT, spd, kind="shooting",
                                   bonus=bonus - obstacles)
        self.successes = roll.successes
        if not self.successes:
            game.pop()
            game.emit(NoteEvent(message=f"{self.initiator}'s shot fails: no success"))
            return
        if self.successes % 2 == 1 and not state.is_free(target):
            other = redirected_target(state, initiator, target)
            if other is not None:
                announce(game, RedirectEvent(fighter=self.initiator, intended=self.target,
                                             target=other.ref, successes=self.successes))
                self.target = Ref(other.ref)
                target = other
        self.rolled = self.face = roll_location(game, initiator, target)
        self.step = "shift" if self._shift_allowance(game) else "aim"

    def _wound(self, game: Game, initiator: Fighter, target: Fighter) -> None:
        """Steps 5-7: Str(X) + the remaining successes, a roll against the target's VIG, one
        wound per success to the located limb (protections apply); then the weapon's
        condition effects on the target (Rulebook 8.C)."""
        state = state_of(game)
        part = self._part(game)
        strength = (part.effect("Str") or 0) + self.successes
        vig = state.characteristic(target, Characteristic.VIG)
        result = characteristic_roll(game.dice, strength, vig)
        game.emit(RollEvent(roll="strength", fighter=initiator.ref, characteristic="Str",
                            value=strength, difficulty=vig, dice=result.dice, faces=result.faces,
                            successes=result.successes, opponent=target.ref,
                            detail=result.detail))
        limb = target.profile.location(self.face)
        lost = 0
        if result.successes:
            lost = inflict_wounds(game, target, limb, result.successes, ranged=True,
                                  by=self.initiator).lost
        apply_condition_effects(game, [target], part, by=self.initiator, source=self.weapon)
        verdict = "succeeds" if lost else "fails"
        game.emit(NoteEvent(message=f"{self.initiator}'s shot at {self.target} {verdict}"))
