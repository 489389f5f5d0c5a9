"""Rulebook 5, Move (with withdrawal from contact) and Charge."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.actions import Action, Pass, Point, Ref
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.events import NoteEvent
from skirmish.core.procedure import Procedure
from skirmish.games.eden.actions import Attack, Charge, Move
from skirmish.games.eden.cards.profile import Characteristic
from skirmish.games.eden.effects import EFFECTS, announce
from skirmish.games.eden.events import MoveEvent
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.fighting.melee import ATTACK, MeleeAttack, Strike, attacks_left
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.optional.elevation import climbed_element
from skirmish.games.eden.optional.hiding import end_hiding, hidden_refusal
from skirmish.games.eden.rolling import roll_characteristic, state_of
from skirmish.geometry import (
    CONTACT_TOLERANCE,
    Element,
    MoveCheck,
    is_legal_move,
    sample_destinations,
)
from skirmish.geometry.paths import contact_positions, end_position_problem

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.state import EdenState

#: Rulebook 5: Move and Charge both cover at most 10 cm.
MOVE_CM = 10.0
MOVE, CHARGE = "move", "charge"
MOVES_PER_ROUND, CHARGES_PER_ROUND = 3, 1


def allowance(state: EdenState, fighter: Fighter, *, charge: bool = False) -> float:
    """The distance a Move (or a Charge, ``charge``) allows: 10 cm, unless an optional rule
    (Storm: a Move 8 cm) or a card says otherwise; optional rules come first in the
    effects, so a card wins over them as over the rules (2.H)."""
    distance = MOVE_CM
    for effect in state.effects:
        distance = EFFECTS[effect.effect].move_allowance(state, effect, fighter, distance,
                                                         charge=charge)
    return distance


def _check_path(state: EdenState, fighter: Fighter, to: Point, *, explain: bool = True,
                charge: bool = False) -> MoveCheck:
    elements, climbed = path_elements(state, fighter)
    check = is_legal_move(
        state.base(fighter), to, allowance(state, fighter, charge=charge), field=state.field,
        bases=state.bases(fighter), elements=elements, markers=state.markers,
        explain=explain,
    )
    if climbed is not None and check.legal and _lands_on(state, fighter, to, climbed):
        return MoveCheck(False, "overlaps_element", math.inf, (), check.end)
    return check


def path_elements(state: EdenState, fighter: Fighter) -> tuple[tuple[Element, ...],
                                                                Element | None]:
    """The scenery a Move of ``fighter`` is traced among, and the element it leaves: under
    Territory Management a fighter on an element reached by Climbing (X) gets down by a Move
    traced without that element, which it may not end on (docs/rulings.md, Optional rules 1:
    getting down)."""
    climbed = climbed_element(state, fighter) if state.territory else None
    if climbed is None:
        return state.scenery, None
    return tuple(e for e in state.scenery if e.id != climbed.id), climbed


def _lands_on(state: EdenState, fighter: Fighter, to: Point, element: Element) -> bool:
    return bool(end_position_problem(state.base(fighter), to, field=state.field,
                                     elements=(element,)))


def touches_an_enemy(state: EdenState, fighter: Fighter, to: Point) -> bool:
    return _touches(enemy_reaches(state, fighter), to)


def enemy_reaches(state: EdenState, fighter: Fighter) -> list[tuple[float, float, float]]:
    """Each enemy's centre and the square of the distance within which ``fighter``'s base
    touches it (contact, with :data:`CONTACT_TOLERANCE`): read once for the many points of
    a listing."""
    r = fighter.profile.base_mm / 20
    out = []
    for enemy in state.enemies(fighter):
        reach = r + enemy.profile.base_mm / 20 + CONTACT_TOLERANCE
        out.append((enemy.x, enemy.y, reach * reach))
    return out


def _touches(reaches: list[tuple[float, float, float]], to: Point) -> bool:
    x, y = to.x, to.y
    for ex, ey, limit in reaches:  # noqa: SIM110 - a loop: any() over a generator costs more
        if (ex - x) ** 2 + (ey - y) ** 2 <= limit:
            return True
    return False


_REASONS = {
    "off_field": "the base would leave the field",
    "overlaps_base": "the base would overlap another base",
    "overlaps_element": "the base would stand on impassable scenery",
    "cannot_end_on": "a move cannot end on this scenery",
    "on_marker": "a move cannot end on a marker (Rulebook 2.J)",
    "out_of_allowance": "the path is longer than 10 cm",
    "unreachable": "no path leads there (Rulebook 2.D: the base must pass between elements)",
}


def move_refusal(state: EdenState, fighter: Fighter, to: Point) -> str | None:
    """Why ``fighter`` may not Move to ``to`` (None if it may). Rulebook 5, Move."""
    if fighter.ap < 1:
        return "Rulebook 5, Move: costs 1 AP"
    if fighter.round_uses.get(MOVE, 0) >= MOVES_PER_ROUND:
        return "Rulebook 5, Move: 3/round"
    if touches_an_enemy(state, fighter, to):
        return "Rulebook 5, Move: it cannot end in contact with an enemy"
    check = _check_path(state, fighter, to)
    if not check.legal:
        reason = _REASONS.get(check.reason, check.reason)
        if check.reason == "out_of_allowance":
            reason = f"the path is longer than {allowance(state, fighter):g} cm"
        return f"Rulebook 2.D, movement: {reason}"
    return None


def charge_refusal(state: EdenState, fighter: Fighter, target: Fighter,
                   to: Point | None, *, check_reach: bool = True) -> str | None:
    """Why ``fighter`` may not Charge ``target`` (ending at ``to``, or at the nearest contact
    position when ``to`` is None). Rulebook 5, Charge."""
    if fighter.marker_count(Condition.FEAR):
        return "Rulebook 9, Fear: a frightened fighter can only move"
    if fighter.ap < 2:
        return "Rulebook 5, Charge: costs 2 AP"
    if fighter.round_uses.get(CHARGE, 0) >= CHARGES_PER_ROUND:
        return "Rulebook 5, Charge: 1/round"
    if attacks_left(fighter) < 1:
        return "Rulebook 5, Charge: its attack counts in the 2 attacks per round"
    if not state.is_free(fighter):
        return "Rulebook 5, Charge: the fighter must be free"
    if not state.is_enemy(fighter, target) or not target.on_field:
        return "Rulebook 5, Charge: the target is an enemy on the field"
    hidden = hidden_refusal(state, fighter, target)  # Territory Management: Hiding
    if hidden:
        return hidden
    if check_reach and charge_position(state, fighter, target, to) is None:
        return ("Rulebook 5, Charge: no contact position with the target within "
                f"{allowance(state, fighter, charge=True):g} cm")
    return None


def snap_to_contact(fighter: Fighter, target: Fighter, to: Point) -> Point:
    """The point exactly in contact with ``target`` nearest to ``to`` (docs/rulings.md)."""
    d = (fighter.profile.base_mm + target.profile.base_mm) / 20
    angle = math.atan2(to.y - target.y, to.x - target.x)
    return Point(target.x + d * math.cos(angle), target.y + d * math.sin(angle))


#: The contact points :func:`charge_position` tries around the target (a sparse listing's:
#: ``SPARSE_CONTACTS``).
CONTACTS = 36
SPARSE_CONTACTS = 12


def charge_position(state: EdenState, fighter: Fighter, target: Fighter,
                    to: Point | None, samples: int = CONTACTS,
                    straight: bool = False) -> Point | None:
    """Where the charger ends: the contact point nearest ``to`` if it is reachable, or the
    cheapest reachable contact position among ``samples`` around the target when ``to`` is
    None (``straight``: among those reached in a straight line, when there are any - a
    sparse listing's)."""
    if to is not None:
        end = snap_to_contact(fighter, target, to)
        if math.hypot(end.x - to.x, end.y - to.y) > 1.0:
            return None  # the point given is not a contact position with this target
        return end if _check_path(state, fighter, end, explain=False, charge=True).legal \
            else None
    elements, climbed = path_elements(state, fighter)
    options: list[MoveCheck] = []
    for only_straight in (True, False) if straight else (False,):
        options = contact_positions(
            state.base(fighter), state.base(target), allowance(state, fighter, charge=True),
            field=state.field, bases=state.bases(fighter), elements=elements,
            markers=state.markers, samples=samples, straight=only_straight,
        )
        if options:
            break
    if climbed is not None:
        options = [m for m in options if m.end is not None
                   and not _lands_on(state, fighter, Point(m.end.x, m.end.y), climbed)]
    if not options:
        return None
    best = min(options, key=lambda m: (m.cost, m.end))
    return None if best.end is None else Point(best.end.x, best.end.y)


def movement_options(game: Game, fighter: Fighter, samples: int = 4) -> list[Action]:
    """Representative legal Moves and Charges for the activated fighter (for bots): up to
    ``samples`` sampled destinations and a contact point per enemy in reach. A sparse
    listing (:meth:`Game.legal_actions <skirmish.core.game.Game.legal_actions>`) samples one
    destination and tries ``SPARSE_CONTACTS`` contact points, those reached in a straight
    line first (a path searched only when none is)."""
    state = state_of(game)
    sparse = game.sparse
    contacts = SPARSE_CONTACTS if sparse else CONTACTS
    if sparse:
        samples = 1
    ref = Ref(fighter.ref)
    out: list[Action] = []
    if fighter.ap >= 1 and fighter.round_uses.get(MOVE, 0) < MOVES_PER_ROUND:
        elements, climbed = path_elements(state, fighter)
        base, bases, reach_cm = state.base(fighter), state.bases(fighter), allowance(state, fighter)
        seed = state.round * 1000 + fighter.ap * 10 + fighter.round_uses.get(MOVE, 0)

        def sampled(straight: bool, first: int | None) -> list[MoveCheck]:
            return sample_destinations(base, reach_cm, samples * 2, field=state.field,
                                       bases=bases, elements=elements, markers=state.markers,
                                       straight=straight, seed=seed, first=first)

        checks: list[MoveCheck] = []
        straight = False
        for straight in (True, False) if sparse else (False,):
            # the first ``samples`` of the destinations: enough unless some are refused below
            checks = sampled(straight, samples)
            if checks:
                break
        reaches = enemy_reaches(state, fighter) if checks else []
        moves = _moves(state, fighter, checks, climbed, reaches, samples)
        if len(moves) < samples and len(checks) == samples:  # the rest of them, after all
            moves = _moves(state, fighter, sampled(straight, None), climbed, reaches, samples)
        out.extend(Move(ref, to) for to in moves)
    reach = allowance(state, fighter, charge=True)
    for enemy in list(state.enemies(fighter)):
        if math.hypot(enemy.x - fighter.x, enemy.y - fighter.y) > reach + 5:
            continue
        if charge_refusal(state, fighter, enemy, None, check_reach=False) is None:
            contact = charge_position(state, fighter, enemy, None, contacts, sparse)
            if contact is not None:
                out.append(Charge(ref, Ref(enemy.ref), contact))
    return out


def _moves(state: EdenState, fighter: Fighter, checks: list[MoveCheck],
           climbed: Element | None, reaches: list[tuple[float, float, float]],
           samples: int) -> list[Point]:
    """The first ``samples`` destinations of ``checks`` (each legal already: path,
    allowance, end position) that do not land on the element climbed nor end in an enemy's
    reach (those are charges)."""
    moves: list[Point] = []
    for check in checks:
        if check.end is None:
            continue
        to = Point(check.end.x, check.end.y)
        if climbed is not None and _lands_on(state, fighter, to, climbed):
            continue
        if not _touches(reaches, to):
            moves.append(to)
        if len(moves) >= samples:
            break
    return moves


def start_move(game: Game, fighter: Fighter, action: Move) -> None:
    """Rulebook 5, Move: pay 1 AP; a fighter in contact withdraws first."""
    state = state_of(game)
    fighter.ap -= 1
    fighter.record_use(MOVE)
    if state.is_free(fighter):
        relocate(game, fighter, action.to)
    else:
        game.push(Withdrawal(Ref(fighter.ref), action.to))


def relocate(game: Game, fighter: Fighter, to: Point, how: str = "moves") -> None:
    start = (fighter.x, fighter.y)
    fighter.x, fighter.y = float(to.x), float(to.y)
    announce(game, MoveEvent(fighter=fighter.ref, start=start, end=(fighter.x, fighter.y),
                             how=how))
    if state_of(game).territory:
        end_hiding(game, fighter)  # Territory Management: out of contact, no longer hidden


def start_charge(game: Game, fighter: Fighter, action: Charge) -> None:
    """Rulebook 5, Charge: 2 AP, move into contact, then a melee attack that counts as one of
    the round's attacks (the attack itself costs nothing more)."""
    state = state_of(game)
    target = state.fighter(action.target)
    end = charge_position(state, fighter, target, action.to)
    assert end is not None
    fighter.ap -= 2
    fighter.record_use(CHARGE)
    fighter.record_use(ATTACK)
    relocate(game, fighter, end, "charges")
    if fighter.on_field:  # scenery may wound it as its move ends (Territory Management)
        game.push(MeleeAttack(Ref(fighter.ref), action.target))


def failed_charge(game: Game, fighter: Fighter, action: Charge) -> bool:
    """Rulebook 5, Charge: a charge that cannot end in contact becomes a Move to the point
    given, paying a Move's cost - when that Move is legal. Returns whether it happened."""
    state = state_of(game)
    if action.to is None or move_refusal(state, fighter, action.to) is not None:
        return False
    game.emit(NoteEvent(message=f"{fighter.ref}'s charge fails: it becomes a move"))
    start_move(game, fighter, Move(Ref(fighter.ref), action.to))
    return True


@dataclass(slots=True)
class Withdrawal(Procedure):
    """Rulebook 5, Move: a fighter in contact rolls SPD against the highest SPD in contact;
    on a failure each enemy in contact may spend 1 AP to attack it (it reacts passively);
    then it moves."""

    name: ClassVar[str] = "eden.withdrawal"
    fighter: Ref
    to: Point
    step: str = "roll"
    attackers: list[str] = field(default_factory=list)

    def decision(self, game: Game) -> Decision | None:
        if self.step != "attacks" or not self.attackers:
            return None
        enemy = state_of(game).fighter(self.attackers[0])
        if not self._eligible(game, enemy):
            return None
        return Decision(enemy.side, "withdrawal-attack",
                        f"{self.fighter} failed to withdraw: attack it with {enemy.ref} (1 AP)?")

    def _eligible(self, game: Game, enemy: Fighter) -> bool:
        state = state_of(game)
        mover = state.fighter(self.fighter)
        return (enemy.on_field and mover.on_field and enemy.ap >= 1 and attacks_left(enemy) >= 1
                and not enemy.marker_count(Condition.FEAR) and state.in_contact(enemy, mover))

    def legal_actions(self, game: Game) -> list[Action]:
        return [Attack(Ref(self.attackers[0]), self.fighter), Pass()]

    def check(self, game: Game, action: Action) -> None:
        if action not in self.legal_actions(game):
            raise IllegalActionError(
                f"'{action}': attack {self.fighter} with {self.attackers[0]}, or pass",
                "Rulebook 5, Move: withdrawal",
            )

    def apply(self, game: Game, action: Action) -> None:
        enemy = state_of(game).fighter(self.attackers.pop(0))
        if isinstance(action, Attack):
            enemy.ap -= 1
            enemy.record_use(ATTACK)
            game.emit(NoteEvent(message=f"{enemy.ref} attacks the withdrawing {self.fighter}"))
            game.push(Strike(Ref(enemy.ref), self.fighter))  # a passive reaction, automatically

    def run(self, game: Game) -> None:
        state = state_of(game)
        mover = state.fighter(self.fighter)
        if self.step == "roll":
            enemies = state.enemies_in_contact(mover)
            difficulty = max(state.characteristic(e, Characteristic.SPD) for e in enemies)
            roll = roll_characteristic(game, mover, Characteristic.SPD, difficulty,
                                       kind="withdrawal")
            if roll.successes:
                self.step = "move"
            else:
                self.step = "attacks"
                self.attackers = [e.ref for e in enemies]
            return
        if self.step == "attacks":
            if self.attackers and not self._eligible(game, state.fighter(self.attackers[0])):
                self.attackers.pop(0)
                return
            self.step = "move"
            return
        game.pop()
        if not mover.on_field:
            return
        problem = move_refusal_after_withdrawal(state, mover, self.to)
        if problem:
            game.emit(NoteEvent(message=f"{self.fighter} cannot move after all: {problem}"))
            return
        relocate(game, mover, self.to, "withdraws")


def move_refusal_after_withdrawal(state: EdenState, fighter: Fighter, to: Point) -> str | None:
    """The destination is checked again after the withdrawal attacks (a base may have left)."""
    if touches_an_enemy(state, fighter, to):
        return "Rulebook 5, Move: it cannot end in contact with an enemy"
    check = _check_path(state, fighter, to, explain=False)
    if check.legal:
        return None
    if check.reason == "out_of_allowance":
        return f"the path is longer than {allowance(state, fighter):g} cm"
    return _REASONS.get(check.reason, check.reason)
