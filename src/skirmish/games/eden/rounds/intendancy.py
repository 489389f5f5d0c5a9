"""Rulebook 4.B, Intendancy phase: steps 1 to 12, in order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.actions import Action, Pass, Ref
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.events import NoteEvent, RollEvent
from skirmish.core.procedure import Procedure
from skirmish.games.eden.actions import Calm, Resolve
from skirmish.games.eden.cards.profile import Characteristic
from skirmish.games.eden.effects import EFFECTS, announce, expire, in_first_player_order
from skirmish.games.eden.events import MarkerEvent, PointsEvent
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.fighting.wounds import inflict_wounds
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.rolling import roll_characteristic, state_of

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.state import EdenState

#: Rulebook 4.A step 9 and 4.B Intendancy step 8: every fighter receives 3 AP.
AP_PER_ROUND = 3
#: Rulebook 4.B Intendancy step 4: the PSI roll against fear has difficulty 5.
FEAR_DIFFICULTY = 5


def remove_marker(game: Game, fighter: Fighter, condition: Condition, reason: str) -> None:
    fighter.remove_marker(condition)
    announce(game, MarkerEvent(fighter=fighter.ref, condition=condition.value, change=-1,
                               total=fighter.marker_count(condition), reason=reason))


def give_action_points(game: Game) -> None:
    """Intendancy steps 7-9: unused AP are lost, each fighter receives 3 AP, and a fighter
    with a Slowdown marker loses 1 AP and one Slowdown marker."""
    for fighter in state_of(game).on_field():
        if fighter.npf:
            continue  # Infestation: a non-player fighter has no AP (docs/rulings.md)
        fighter.ap = AP_PER_ROUND
        if fighter.marker_count(Condition.SLOWDOWN):
            fighter.ap -= 1
            announce(game, PointsEvent(owner=fighter.ref, points="AP", change=-1,
                                       total=fighter.ap, reason="slowdown"))
            remove_marker(game, fighter, Condition.SLOWDOWN, "intendancy step 9")


def burn(game: Game, fighter: Fighter) -> None:
    """Intendancy step 3: 3D6 and one location D6; each die above the fighter's VIG is a
    wound to the located limb (protections count against the total); one burn marker goes."""
    state = state_of(game)
    vig = state.characteristic(fighter, Characteristic.VIG)
    faces = game.dice.roll(3)
    wounds = sum(1 for face in faces if face > vig)
    game.emit(RollEvent(roll="burn", fighter=fighter.ref, characteristic="VIG", value=vig,
                        difficulty=vig + 1, dice=3, faces=faces, successes=wounds,
                        detail="each die above VIG wounds"))
    face = game.dice.d6()
    limb = fighter.profile.location(face)
    game.emit(RollEvent(roll="location", fighter=fighter.ref, dice=1, faces=(face,),
                        opponent=fighter.ref, detail=f"{fighter.ref}'s {limb.value}"))
    if wounds:
        inflict_wounds(game, fighter, limb, wounds, by="burn")
    if fighter.on_field:
        remove_marker(game, fighter, Condition.BURN, "intendancy step 3")


def fear(game: Game, fighter: Fighter) -> None:
    """Intendancy step 4: a PSI roll of difficulty 5; each success removes a fear marker."""
    roll = roll_characteristic(game, fighter, Characteristic.PSI, FEAR_DIFFICULTY, kind="fear")
    for _ in range(min(roll.successes, fighter.marker_count(Condition.FEAR))):
        remove_marker(game, fighter, Condition.FEAR, "intendancy step 4")


@dataclass(slots=True)
class Intendancy(Procedure):
    """Rulebook 4.B, Intendancy phase, steps 1-12 in order."""

    name: ClassVar[str] = "eden.intendancy"
    step: int = 1
    turn: int = 0
    treated: list[str] = field(default_factory=list)

    # -- steps 3, 4 and 6 ask the players -----------------------------------------------------
    def _player(self, state: EdenState) -> int:
        return state.first_player if self.turn % 2 == 0 else 1 - state.first_player

    def _candidates(self, state: EdenState, player: int) -> list[Fighter]:
        condition = {3: Condition.BURN, 4: Condition.FEAR, 6: Condition.RAGE}.get(self.step)
        if condition is None:
            return []
        return [f for f in state.on_field(player)
                if f.marker_count(condition) and f.ref not in self.treated]

    def _npf_candidates(self, state: EdenState) -> list[Fighter]:
        """Steps 3-4: the non-player fighters (Infestation) with a burn or fear marker."""
        condition = {3: Condition.BURN, 4: Condition.FEAR}.get(self.step)
        if condition is None or state.infestation is None:
            return []
        return [f for f in state.npfs() if f.marker_count(condition) and f.ref not in self.treated]

    def decision(self, game: Game) -> Decision | None:
        if self.step not in (3, 4, 6):
            return None
        state = state_of(game)
        player = self._player(state)
        candidates = self._candidates(state, player)
        if self.step == 6:
            if not candidates:
                return None
            return Decision(player, "rage", "Remove a Rage marker from a fighter, or pass")
        if len(candidates) < 2:
            return None
        what = "burn" if self.step == 3 else "fear"
        return Decision(player, what, f"Choose the next fighter to treat for {what}")

    def legal_actions(self, game: Game) -> list[Action]:
        state = state_of(game)
        candidates = self._candidates(state, self._player(state))
        if self.step == 6:
            return [*(Calm(Ref(f.ref)) for f in candidates), Pass()]
        return [Resolve(Ref(f.ref)) for f in candidates]

    def check(self, game: Game, action: Action) -> None:
        if action not in self.legal_actions(game):
            raise IllegalActionError(
                f"'{action}' is not allowed now",
                "Rulebook 4.B, Intendancy: each player treats his own fighters, once each",
            )

    def apply(self, game: Game, action: Action) -> None:
        state = state_of(game)
        if isinstance(action, Pass):  # step 6: this player is done
            self._next_player_or_step(state, done=True)
            return
        assert isinstance(action, Resolve | Calm)
        fighter = state.fighter(action.fighter)
        self.treated.append(fighter.ref)
        if isinstance(action, Calm):
            remove_marker(game, fighter, Condition.RAGE, "intendancy step 6")
            return
        self._treat(game, fighter)
        self._next_player_or_step(state)

    def _treat(self, game: Game, fighter: Fighter) -> None:
        if self.step == 3:
            burn(game, fighter)
        else:
            fear(game, fighter)

    def _next_player_or_step(self, state: EdenState, *, done: bool = False) -> None:
        """Alternate players (steps 3-4) while either has a fighter left to treat; in step 6
        the first player finishes, then the opponent."""
        if self.step == 6:
            if done:
                self.turn += 1
                if self.turn >= 2:
                    self._advance_to(7)
            return
        self.turn += 1
        if not (self._candidates(state, 0) or self._candidates(state, 1)):
            if not self._npf_candidates(state):
                self._advance_to(self.step + 1)
        elif not self._candidates(state, self._player(state)):
            self.turn += 1

    def _advance_to(self, step: int) -> None:
        self.step, self.turn = step, 0
        self.treated.clear()

    # -- the automatic steps --------------------------------------------------------------------
    def run(self, game: Game) -> None:
        state = state_of(game)
        if self.step == 1:
            # Step 1: card effects that act in the intendancy phase, the first player's first.
            for effect in in_first_player_order(state, state.effects):
                EFFECTS[effect.effect].intendancy(game, effect)
            self._advance_to(3)
            # Step 2, activation of the non-player fighters (Infestation, optional rules 2):
            # "optionnelle si aucun CNJ n'est présent sur le Terrain".
            if state.infestation is not None and any(True for _ in state.npfs()):
                from skirmish.games.eden.optional.npf_activation import NpfActivation

                game.push(NpfActivation())
        elif self.step in (3, 4):
            player = self._player(state)
            candidates = self._candidates(state, player)
            if candidates:  # a single candidate: no choice to make
                self.treated.append(candidates[0].ref)
                self._treat(game, candidates[0])
                self._next_player_or_step(state)
            elif self._candidates(state, 1 - player):
                self.turn += 1
            elif self._npf_candidates(state):
                # Infestation: the non-player fighters, nobody's, after the players' own
                # (docs/rulings.md, Optional rules 2).
                npf = self._npf_candidates(state)[0]
                self.treated.append(npf.ref)
                self._treat(game, npf)
            else:
                self._advance_to(self.step + 1)
        elif self.step == 5:
            for fighter in state.on_field():
                if fighter.marker_count(Condition.POISON):
                    remove_marker(game, fighter, Condition.POISON, "intendancy step 5")
            self._advance_to(6)
        elif self.step == 6:
            self.turn += 1  # this player has no raging fighter
            if self.turn >= 2:
                self._advance_to(7)
        elif self.step == 7:
            give_action_points(game)  # steps 7, 8 and 9
            self._advance_to(10)
        elif self.step == 10:
            count_victory_points(game)
            self._advance_to(11)
        else:
            game.pop()
            end_of_round(game)


def count_victory_points(game: Game, *, final: bool = False) -> None:
    """Intendancy step 10 (and the end of the match): VP from the missions' effects, never
    below 0."""
    state = state_of(game)
    gained = [0, 0]
    for effect in list(state.effects):
        if effect.neutral or effect.npf_owned:
            continue  # an optional rule of the match, or a non-player fighter, scores for nobody
        kind = EFFECTS[effect.effect]
        points = kind.final_score(game, effect) if final else kind.score(game, effect)
        gained[effect.player] += points
    for player in (0, 1):
        if gained[player]:
            total = max(0, state.vp[player] + gained[player])
            change = total - state.vp[player]
            state.vp[player] = total
            announce(game, PointsEvent(owner="AB"[player], points="VP", change=change,
                                       total=total, reason="end of match" if final else
                                       f"round {state.round}"))


def end_of_round(game: Game) -> None:
    """Intendancy step 11 (FR "Fin du tour"): what happens "at the end of each round" (the
    climatic conditions, docs/rulings.md), then what lasted "until the end of the round"
    ends."""
    state = state_of(game)
    for effect in in_first_player_order(state, state.effects):
        if effect in state.effects:  # not gone with a fighter incapacitated meanwhile
            EFFECTS[effect.effect].end_of_round(game, effect)
    for effect in expire(game, "round"):
        game.emit(NoteEvent(message=f"{effect.source} ends"))
    for fighter in state.fighters:
        fighter.activated = False
        fighter.round_uses.clear()
    game.emit(NoteEvent(message=f"end of round {state.round}"))
