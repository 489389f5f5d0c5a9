"""Rulebook 4.B, Activation phase of the fighters, and Rulebook 5, The actions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.actions import Action, Pass, Ref
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.events import NoteEvent
from skirmish.core.procedure import Procedure
from skirmish.games.eden.actions import Activate, Interrupt
from skirmish.games.eden.cards.profile import Characteristic
from skirmish.games.eden.events import FirstPlayerEvent
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.rolling import state_of

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.state import EdenState


def can_be_activated(fighter: Fighter) -> bool:
    """Rulebook 4.B: not yet activated this round, on the field, and with AP left (a fighter
    with no AP counts as already activated)."""
    return fighter.on_field and not fighter.activated and fighter.ap > 0 and not fighter.npf


def speed(state: EdenState, fighter: Fighter) -> int:
    return state.characteristic(fighter, Characteristic.SPD)


@dataclass(slots=True)
class ActivationPhase(Procedure):
    """Rulebook 4.B, Activation phase: designations, interrupts by strictly faster fighters,
    passes, and who becomes first player after each activation (docs/rulings.md)."""

    name: ClassVar[str] = "eden.activation-phase"
    chain: list[str] = field(default_factory=list)
    activations: int = 0
    passes: int = 0

    # -- whose choice ----------------------------------------------------------------------
    def _designatable(self, state: EdenState, player: int) -> list[Fighter]:
        return [f for f in state.on_field(player) if can_be_activated(f)]

    def _interrupters(self, state: EdenState) -> list[Fighter]:
        """Fighters of the last designated fighter's opponent with a strictly higher SPD."""
        chain = self.chain
        last = state.fighter(chain[-1])
        side = 1 - last.side
        candidates = [f for f in state.fighters  # _designatable's, in its order
                      if f.side == side and can_be_activated(f) and f.ref not in chain]
        if not candidates:
            return []
        characteristic, spd = state.characteristic, Characteristic.SPD
        pace = characteristic(last, spd)
        return [f for f in candidates if characteristic(f, spd) > pace]

    def decision(self, game: Game) -> Decision | None:
        state = state_of(game)
        if self.chain:
            last = state.fighter(self.chain[-1])
            if not self._interrupters(state):
                return None
            return Decision(
                1 - last.side,
                "interrupt",
                f"{last.ref} (SPD {speed(state, last)}) is designated: interrupt or pass?",
            )
        player = state.first_player
        if self.passes >= 2 or not any(f.side == player and can_be_activated(f)
                                       for f in state.fighters):  # none _designatable
            return None
        return Decision(player, "activate", "Designate a fighter to activate (or pass)")

    def legal_actions(self, game: Game) -> list[Action]:
        state = state_of(game)
        if self.chain:
            return [Interrupt(Ref(f.ref)) for f in self._interrupters(state)] + [Pass()]
        options: list[Action] = [
            Activate(Ref(f.ref)) for f in self._designatable(state, state.first_player)
        ]
        if self.activations > 0:
            options.append(Pass())
        return options

    def check(self, game: Game, action: Action) -> None:
        state = state_of(game)
        if self.chain:
            if isinstance(action, Pass):
                return
            if not isinstance(action, Interrupt):
                raise IllegalActionError(f"'{action}': interrupt or pass", self.rule())
            if action.fighter not in state.index:
                raise IllegalActionError(f"no fighter {action.fighter}", self.rule())
            if all(f.ref != action.fighter for f in self._interrupters(state)):
                raise IllegalActionError(
                    f"{action.fighter} cannot interrupt {self.chain[-1]}",
                    "Rulebook 4.B: only a fighter not yet activated, with a strictly higher SPD "
                    "than the last designated enemy",
                )
            return
        if isinstance(action, Pass):
            if self.activations == 0:
                raise IllegalActionError(
                    "the first player cannot pass",
                    "Rulebook 4.B: not on the first activation of the round",
                )
            return
        if not isinstance(action, Activate):
            raise IllegalActionError(f"'{action}': designate a fighter (activate REF)", self.rule())
        if action.fighter not in state.index:
            raise IllegalActionError(f"no fighter {action.fighter}", self.rule())
        fighter = state.fighter(action.fighter)
        if fighter.side != state.first_player:
            raise IllegalActionError(
                f"{action.fighter} is not the first player's", "Rulebook 4.B, Activation phase"
            )
        if not can_be_activated(fighter):
            raise IllegalActionError(
                f"{action.fighter} cannot be activated",
                "Rulebook 4.B: a fighter is activated once per round and needs AP",
            )

    def apply(self, game: Game, action: Action) -> None:
        state = state_of(game)
        if isinstance(action, Activate):
            self.chain.append(str(action.fighter))
            self.passes = 0
        elif isinstance(action, Interrupt):
            self.chain.append(str(action.fighter))
            game.emit(NoteEvent(message=f"{action.fighter} interrupts {self.chain[-2]}"))
        elif self.chain:
            self._activate_last(game)  # the interrupt was declined
        else:
            self.passes += 1
            self._hand_over(game, 1 - state.first_player, "the first player passed")

    def run(self, game: Game) -> None:
        state = state_of(game)
        if self.chain:
            self._activate_last(game)  # nobody can interrupt
            return
        if not any(can_be_activated(f) for f in state.fighters) or self.passes >= 2:
            game.pop()
            why = "two passes in a row" if self.passes >= 2 else "no fighter left to activate"
            game.emit(NoteEvent(message=f"activation phase ends: {why}"))
            return
        # Rulebook 4.B: a first player who cannot activate a fighter hands over
        # automatically; that counts as passing the hand (docs/rulings.md), so a pass
        # answered by a player who cannot activate ends the phase ("si les deux joueurs
        # passent la main à la suite").
        self.passes += 1
        if self.passes >= 2:
            game.pop()
            game.emit(NoteEvent(message="activation phase ends: the first player passed "
                                        "and his opponent cannot activate"))
            return
        self._hand_over(game, 1 - state.first_player, "the first player cannot activate")

    def _activate_last(self, game: Game) -> None:
        state = state_of(game)
        fighter = state.fighter(self.chain[-1])
        self.chain.clear()
        self.activations += 1
        self.passes = 0
        fighter.activated = True
        game.emit(NoteEvent(message=f"{fighter.ref} is activated ({fighter.ap} AP)"))
        # At its start, a card without the Tactical rule may be played (1.D, docs/rulings.md);
        # after it, its opponent becomes the first player (docs/rulings.md).
        from skirmish.games.eden.fighting.fighter_actions import Activation
        from skirmish.games.eden.rounds.tactical import TacticalPhase

        game.push(TacticalPhase(window=fighter.side, fighter=fighter.ref),
                  Activation(Ref(fighter.ref)), AfterActivation(fighter.side))

    def _hand_over(self, game: Game, player: int, reason: str) -> None:
        state_of(game).first_player = player
        game.emit(FirstPlayerEvent(player=player, reason=reason))


@dataclass(slots=True)
class AfterActivation(Procedure):
    """Rulebook 4.B: once the fighter has acted, the opponent becomes the first player if
    fighters remain to be activated; otherwise the last player to activate stays first."""

    name: ClassVar[str] = "eden.after-activation"
    side: int

    def run(self, game: Game) -> None:
        state = state_of(game)
        game.pop()
        if any(can_be_activated(f) for f in state.fighters):
            player, reason = 1 - self.side, "the opponent's fighter has finished its activation"
        else:
            player, reason = self.side, "last to activate a fighter this round"
        if state.first_player != player:
            state.first_player = player
            game.emit(FirstPlayerEvent(player=player, reason=reason))
