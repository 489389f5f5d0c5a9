"""Rulebook 6.A, Melee attack: reactions, the strike, shifting the location, dodging."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.actions import Action, Pass, Ref
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.events import NoteEvent
from skirmish.core.procedure import Procedure
from skirmish.games.eden.actions import Aim, React, Reaction, Shift, StrikeBackAction
from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.effects import location_shift
from skirmish.games.eden.events import CancelEvent, LocationEvent, ReactionEvent
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
from skirmish.games.eden.fighting.wounds import inflict_wounds
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.optional.elevation import melee_cbt, melee_modifiers
from skirmish.games.eden.optional.infestation import controller, decide_for_npfs
from skirmish.games.eden.rolling import (
    roll_characteristic,
    roll_location,
    roll_opposition,
    state_of,
)
from skirmish.games.eden.rolls import shift_location

if TYPE_CHECKING:
    from skirmish.core.game import Game

#: Rulebook 5, Attack (1 AP, 2/round): the name under which attacks are counted.
ATTACK = "attack"
ATTACKS_PER_ROUND = 2


def attacks_left(fighter: Fighter) -> int:
    """Rulebook 5: Attack is 2/round; a response and a charge's attack count too."""
    return ATTACKS_PER_ROUND - fighter.round_uses.get(ATTACK, 0)


def reaction_refusal(fighter: Fighter, reaction: Reaction) -> str | None:
    """Why ``fighter`` may not react so, or ``None`` when it may (Rulebook 6.A, 9 Fear)."""
    if reaction is Reaction.DODGE and fighter.ap < 1:
        return "Rulebook 6.A, Dodge reaction: the target must spend 1 AP and has none"
    if reaction is Reaction.RESPONSE:
        if fighter.marker_count(Condition.FEAR):
            return "Rulebook 9, Fear: a frightened fighter cannot perform a response"
        if fighter.ap < 1:
            return "Rulebook 6.A, Response reaction: it costs an attack action's 1 AP"
        if attacks_left(fighter) < 1:
            return "Rulebook 6.A, Response reaction: it counts as an attack, 2/round already made"
    return None


@dataclass(slots=True)
class MeleeAttack(Procedure):
    """Rulebook 6.A, Melee attack, steps 1-2: the target announces its reaction."""

    name: ClassVar[str] = "eden.melee"
    attacker: Ref
    target: Ref

    def decision(self, game: Game) -> Decision | None:
        target = state_of(game).fighter(self.target)
        if target.npf:
            return None  # Infestation, C: an NPF always responds, by itself (run)
        options = tuple(str(a) for a in self.legal_actions(game))
        return Decision(
            target.side,
            "reaction",
            f"{self.attacker} attacks {self.target} in melee: passive, dodge or response?",
            options,
            {"attacker": str(self.attacker), "target": str(self.target)},
        )

    def legal_actions(self, game: Game) -> list[Action]:
        target = state_of(game).fighter(self.target)
        return [React(r) for r in Reaction if reaction_refusal(target, r) is None]

    def check(self, game: Game, action: Action) -> None:
        if not isinstance(action, React):
            raise IllegalActionError(
                f"'{action}': {self.target} must announce a reaction "
                "(react passive|dodge|response)",
                self.rule(),
            )
        refusal = reaction_refusal(state_of(game).fighter(self.target), action.reaction)
        if refusal:
            raise IllegalActionError(f"{self.target} cannot react '{action.reaction}'", refusal)

    def apply(self, game: Game, action: Action) -> None:
        assert isinstance(action, React)
        target = state_of(game).fighter(self.target)
        game.pop()
        game.emit(
            ReactionEvent(
                fighter=self.target, reaction=action.reaction.value, attacker=self.attacker
            )
        )
        if action.reaction is Reaction.PASSIVE:
            game.push(Strike(self.attacker, self.target))
        elif action.reaction is Reaction.DODGE:
            target.ap -= 1
            game.push(Strike(self.attacker, self.target, dodge=True))
        else:
            target.ap -= 1
            target.record_use(ATTACK)
            game.push(Response(self.attacker, self.target))

    def run(self, game: Game) -> None:
        """Rulebook, optional rules 2, C: "Lorsqu'un combattant attaque un CNJ au corps à
        corps, celui-ci effectue automatiquement une Réaction de Riposte": no choice, no AP,
        not counted among attacks; "c'est l'adversaire du combattant qui effectue les jets
        pour le CNJ" (he makes its choices). A frightened NPF cannot respond (Rulebook 9): it
        reacts passively (docs/rulings.md)."""
        state = state_of(game)
        attacker = state.fighter(self.attacker)
        target = state.fighter(self.target)
        game.pop()
        if not attacker.npf:
            decide_for_npfs(state, 1 - attacker.side)
        reaction = Reaction.PASSIVE if target.marker_count(Condition.FEAR) else Reaction.RESPONSE
        game.emit(ReactionEvent(fighter=self.target, reaction=reaction.value,
                                attacker=self.attacker))
        if reaction is Reaction.PASSIVE:
            game.push(Strike(self.attacker, self.target))
        else:
            game.push(Response(self.attacker, self.target))


@dataclass(slots=True)
class Response(Procedure):
    """Rulebook 6.A, Response reaction, step 3: an opposition CBT roll; the winner strikes
    the passive loser, then the loser strikes back if not incapacitated."""

    name: ClassVar[str] = "eden.response"
    attacker: Ref
    target: Ref

    def run(self, game: Game) -> None:
        state = state_of(game)
        attacker, target = state.fighter(self.attacker), state.fighter(self.target)
        # Territory Management, Elevation: +2 CBT to the side above the other.
        winner = roll_opposition(game, attacker, target, Characteristic.CBT,
                                 a_modifiers=melee_modifiers(state, attacker, target),
                                 b_modifiers=melee_modifiers(state, target, attacker))
        loser = target if winner is attacker else attacker
        game.pop()
        game.push(
            Strike(Ref(winner.ref), Ref(loser.ref)),
            StrikeBack(Ref(loser.ref), Ref(winner.ref)),
        )


@dataclass(slots=True)
class StrikeBack(Procedure):
    """Rulebook 6.A, Response reaction, step 3: "if he is not incapacitated, the target may
    then perform an attack with the same procedure" (FR "le perdant du jet d'opposition
    *peut* ensuite effectuer son attaque"): the loser's player is asked, strike or pass."""

    name: ClassVar[str] = "eden.strike-back"
    striker: Ref
    target: Ref

    def _possible(self, game: Game) -> bool:
        state = state_of(game)
        return state.fighter(self.striker).on_field and state.fighter(self.target).on_field

    def decision(self, game: Game) -> Decision | None:
        if not self._possible(game):
            return None
        striker = state_of(game).fighter(self.striker)
        return Decision(
            controller(state_of(game), striker),
            "strike-back",
            f"{self.striker} lost the opposition roll: strike back at {self.target} or pass?",
            ("strike", "pass"),
            {"attacker": str(self.striker), "target": str(self.target)},
        )

    def legal_actions(self, game: Game) -> list[Action]:
        return [StrikeBackAction(), Pass()] if self._possible(game) else []

    def check(self, game: Game, action: Action) -> None:
        if not isinstance(action, StrikeBackAction | Pass):
            raise IllegalActionError(
                f"'{action}': {self.striker} may strike back or not (strike|pass)", self.rule()
            )

    def apply(self, game: Game, action: Action) -> None:
        game.pop()
        if isinstance(action, StrikeBackAction):
            game.push(Strike(self.striker, self.target))
        else:
            game.emit(NoteEvent(message=f"{self.striker} does not strike back"))

    def run(self, game: Game) -> None:
        game.pop()  # the loser or the winner has left the field: nothing to strike


@dataclass(slots=True)
class Strike(Procedure):
    """Rulebook 6.A, Passive reaction steps 3-6 (Dodge reaction steps 3-7 with ``dodge``)."""

    name: ClassVar[str] = "eden.strike"
    initiator: Ref
    target: Ref
    dodge: bool = False
    step: str = "roll"
    successes: int = 0
    rolled: int = 0
    face: int = 0

    def _aim_options(self, game: Game) -> list[Limb]:
        """Limbs reachable by spending successes, always keeping one (French text, 6.A step 5;
        the English omits it for dodge: docs/rulings.md)."""
        target = state_of(game).fighter(self.target)
        return aim_options(target, self.face, self.successes - 1)

    def decision(self, game: Game) -> Decision | None:
        if self.step == "shift":
            target = state_of(game).fighter(self.target)
            return shift_decision(target, self.face, location_shift(state_of(game), target),
                                  str(self.initiator),
                                  player=controller(state_of(game), target))
        if self.step != "aim":
            return None
        options = self._aim_options(game)
        if len(options) < 2:
            return None
        initiator = state_of(game).fighter(self.initiator)
        target = state_of(game).fighter(self.target)
        return aim_decision(controller(state_of(game), initiator), "melee",
                            str(self.initiator), target, self.face, self.successes, options)

    def legal_actions(self, game: Game) -> list[Action]:
        if self.step == "shift":
            target = state_of(game).fighter(self.target)
            return shift_options(self.face, location_shift(state_of(game), target))
        return [Aim(limb) for limb in self._aim_options(game)]

    def check(self, game: Game, action: Action) -> None:
        if self.step == "shift":
            target = state_of(game).fighter(self.target)
            check_shift(action, self.face, location_shift(state_of(game), target))
            return
        check_aim(action, self._aim_options(game), self.successes, self.face,
                  "Rulebook 6.A step 5: one success per point of shift, keeping at least one",
                  self.rule())

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
        shift = limb_shift(target, self.face, limb, self.successes - 1)
        assert shift is not None
        self.face += shift
        self.successes -= abs(shift)
        game.emit(
            LocationEvent(
                fighter=self.initiator,
                rolled=self.rolled,
                face=self.face,
                limb=limb.value,
                spent=abs(shift),
            )
        )
        self.step = "dodge" if self.dodge else "wound"

    def run(self, game: Game) -> None:
        state = state_of(game)
        initiator, target = state.fighter(self.initiator), state.fighter(self.target)
        if self.step == "roll":
            # Step 3: a CBT roll whose difficulty is the target's VIG (+2 CBT from above:
            # Territory Management, Elevation).
            vig = state.characteristic(target, Characteristic.VIG)
            roll = roll_characteristic(game, initiator, Characteristic.CBT, vig, kind="melee",
                                       modifiers=melee_modifiers(state, initiator, target))
            self.successes = roll.successes
            if not self.successes:
                game.pop()
                game.emit(NoteEvent(message=f"{self.initiator}'s attack fails: no success"))
                return
            # Step 4: the location roll (which a card may let the target shift: Elenia).
            self.rolled = self.face = roll_location(game, initiator, target)
            self.step = "shift" if location_shift(state, target) else "aim"
        elif self.step == "aim":
            # Step 5 with a single possible limb: nothing to choose, keep the roll.
            self._shift_to(game, target.profile.location(self.face))
        elif self.step == "dodge":
            # Dodge step 6: an SPD roll whose difficulty is the initiator's CBT.
            cbt = melee_cbt(state, initiator, target)
            roll = roll_characteristic(game, target, Characteristic.SPD, cbt, kind="dodge")
            cancelled = min(roll.successes, self.successes)
            self.successes -= cancelled
            game.emit(
                CancelEvent(fighter=self.target, cancelled=cancelled, remaining=self.successes)
            )
            self.step = "wound"
        else:
            # Step 6 (dodge step 7): each remaining success is a wound to the located limb.
            game.pop()
            limb = target.profile.location(self.face)
            lost = (
                inflict_wounds(game, target, limb, self.successes, by=self.initiator).lost
                if self.successes
                else 0
            )
            verdict = "succeeds" if lost else "fails"
            game.emit(NoteEvent(message=f"{self.initiator}'s attack on {self.target} {verdict}"))
