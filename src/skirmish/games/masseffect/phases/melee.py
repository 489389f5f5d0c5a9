"""Phase de mêlée (docs/masseffect.md ME27-ME29, ME31 Effort héroïque).

Every figure in contact with an enemy makes exactly one attack roll per melee phase, in a
normal melee or as an opportunity attack. Players alternate choosing one of their engaged
figures that has not fought; a fight is resolved around the lone figure (one in contact with
several enemies), who picks its opponent for a normal melee; every other opponent that has
not fought makes an opportunity attack on it. In a normal melee both roll D6 ≥ Mêlée: one
success hits; two successes, the better (lower) Mêlée hits; equal, nobody.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from skirmish.core.actions import Action, Pass, Ref
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.game import Game
from skirmish.core.procedure import Procedure
from skirmish.games.masseffect.actions import Fight, Heroic, HeroicAct, Oppose
from skirmish.games.masseffect.combat.attacks import (
    ChooseMeleeWeapon,
    Opportunity,
    melee_threshold,
    melee_weapon_name,
    must_wield,
)
from skirmish.games.masseffect.combat.hits import MELEE, Hit
from skirmish.games.masseffect.dice import succeeds
from skirmish.games.masseffect.events import Note, PhaseEvent
from skirmish.games.masseffect.figure import Figure
from skirmish.games.masseffect.rolling import (
    can_heroic,
    heroic_offer,
    roll_d6,
    spend_heroic,
    state_of,
)
from skirmish.games.masseffect.state import MEState

RULE = "ME27, Phase de mêlée"


def fighters(state: MEState, player: int) -> list[Figure]:
    """The player's engaged figures in action that have not fought this phase."""
    return [f for f in state.in_action(player) if not f.fought and state.engaged(f)]


@dataclass(slots=True)
class MeleePhase(Procedure):
    """ME27: the melee phase: alternate choosing a fight, the initiative player first."""

    name: ClassVar[str] = "me.melee"
    player: int = -1
    started: bool = False

    def _picker(self, game: Game) -> int | None:
        state = state_of(game)
        if state.ended or not self.started:
            return None
        for player in (self.player, 1 - self.player):
            if fighters(state, player):
                return player
        return None

    def decision(self, game: Game) -> Decision | None:
        player = self._picker(game)
        if player is None:
            return None
        names = ", ".join(str(f.ref) for f in fighters(state_of(game), player))
        return Decision(player, "fight", f"Phase de mêlée: choose the next fight ({names})")

    def legal_actions(self, game: Game) -> list[Action]:
        player = self._picker(game)
        if player is None:
            return []
        return [Fight(f.ref) for f in fighters(state_of(game), player)]

    def check(self, game: Game, action: Action) -> None:
        if action not in self.legal_actions(game):
            raise IllegalActionError(f"'{action}' is not allowed: choose one of your engaged "
                                     "figures that has not fought", RULE)

    def apply(self, game: Game, action: Action) -> None:
        assert isinstance(action, Fight)
        state = state_of(game)
        chosen = state.figure(action.figure)
        self.player = 1 - chosen.side
        game.push(Brawl.around(state, chosen))

    def run(self, game: Game) -> None:
        state = state_of(game)
        if not self.started and not state.ended:
            state.phase = "mêlée"
            game.emit(PhaseEvent(phase="mêlée"))
            for f in state.figures:
                f.fought = False
                f.wielding = ""  # ME42: a new choice of melee weapon for this phase
            self.player = state.initiative
            self.started = True
            return
        game.pop()


@dataclass(slots=True)
class Brawl(Procedure):
    """ME27 steps 2-4: one fight around a figure: its normal melee, then the opportunity
    attacks of its other opponents that have not fought."""

    name: ClassVar[str] = "me.brawl"
    centre: str
    opponent: str = ""
    step: str = "choose"
    faces: list[int] = field(default_factory=list)
    efforts: list[str] = field(default_factory=list)

    @staticmethod
    def around(state: MEState, chosen: Figure) -> Brawl:
        """ME27: the fight of the chosen figure: around its one opponent if that one is a
        lone figure still to fight, else around the chosen figure itself (its opponents
        may all have fought: step 4, the chosen figure attacks)."""
        opponents = state.opponents(chosen)
        if (len(opponents) == 1 and len(state.opponents(opponents[0])) > 1
                and not opponents[0].fought):
            return Brawl(str(opponents[0].ref))
        return Brawl(str(chosen.ref))

    def _unfought(self, state: MEState) -> list[Figure]:
        return [e for e in state.opponents(state.figure(self.centre)) if not e.fought]

    def decision(self, game: Game) -> Decision | None:
        state = state_of(game)
        if self.step == "oppose?":
            centre = state.figure(self.centre)
            names = ", ".join(str(e.ref) for e in self._unfought(state))
            return Decision(centre.side, "oppose", f"{centre.ref} is the lone figure: choose "
                            f"its opponent for the normal melee ({names})")
        if self.step == "target?":
            centre = state.figure(self.centre)
            names = ", ".join(str(e.ref) for e in state.opponents(centre))
            return Decision(centre.side, "oppose", f"{centre.ref}'s opponents have all fought: "
                            f"choose the one it attacks (opportunity attack: {names})")
        if self.step == "effort?":
            return heroic_offer(state.figure(self.efforts[0]), "effort", "the melee roll failed")
        return None

    def legal_actions(self, game: Game) -> list[Action]:
        state = state_of(game)
        if self.step == "oppose?":
            return [Oppose(e.ref) for e in self._unfought(state)]
        if self.step == "target?":
            return [Oppose(e.ref) for e in state.opponents(state.figure(self.centre))]
        if self.step == "effort?":
            return [HeroicAct(Heroic.EFFORT), Pass()]
        return []

    def check(self, game: Game, action: Action) -> None:
        if action not in self.legal_actions(game):
            raise IllegalActionError(f"'{action}' is not allowed now", RULE)

    def apply(self, game: Game, action: Action) -> None:
        state = state_of(game)
        if isinstance(action, Oppose) and self.step == "target?":
            game.pop()
            state.figure(self.centre).fought = True
            game.push(Opportunity(self.centre, str(action.figure)))
            return
        if isinstance(action, Oppose):
            self.opponent = str(action.figure)
            self.step = "melee"
            return
        who = self.efforts.pop(0)
        if isinstance(action, HeroicAct):
            figure = state.figure(who)
            spend_heroic(game, figure, "effort", "the melee roll is made again")
            index = 0 if who == self.centre else 1
            self.faces[index] = roll_d6(game, figure, "melee", melee_threshold(game, figure))
        self.step = "effort?" if self.efforts else "compare"

    def run(self, game: Game) -> None:
        state = state_of(game)
        centre = state.figure(self.centre)
        if self.step == "choose":
            unfought = self._unfought(state)
            opponents = state.opponents(centre)
            if not centre.in_action or not opponents or centre.fought:
                game.pop()
                return
            if not unfought:
                # ME27 step 4: its opponents have all fought: an opportunity attack on the
                # one it chooses.
                if len(opponents) > 1:
                    self.step = "target?"
                    return
                game.pop()
                centre.fought = True
                game.push(Opportunity(self.centre, str(opponents[0].ref)))
                return
            if len(unfought) > 1:
                self.step = "oppose?"
                return
            self.opponent, self.step = str(unfought[0].ref), "melee"
        elif self.step == "melee":
            # ME42: the players of the two fighters choose their melee weapons first (the
            # lone figure's first), then both roll
            pair = (centre, state.figure(self.opponent))
            choosing = [ChooseMeleeWeapon(str(f.ref)) for f in pair if must_wield(game, f)]
            if choosing:
                game.push(*choosing)
                return
            self._melee(game, state, centre)
        elif self.step == "compare":
            self._compare(game, state, centre)
        elif self.step == "others":
            game.pop()
            if not centre.in_action:
                return  # ME27: the normal melee put it out of action
            others = self._unfought(state)
            for e in others:
                e.fought = True
            game.push(*[Opportunity(str(e.ref), self.centre) for e in others])
        else:
            game.pop()

    def _melee(self, game: Game, state: MEState, centre: Figure) -> None:
        opponent = state.figure(self.opponent)
        centre.fought = opponent.fought = True
        game.emit(Note(figure=self.centre, what=f"fights {self.opponent}"))
        self.faces = [roll_d6(game, f, "melee", melee_threshold(game, f))
                      for f in (centre, opponent)]
        self.efforts = [str(f.ref) for f, face in zip((centre, opponent), self.faces, strict=True)
                        if not succeeds(face, melee_threshold(game, f)) and can_heroic(f, "effort")]
        self.step = "effort?" if self.efforts else "compare"

    def _compare(self, game: Game, state: MEState, centre: Figure) -> None:
        """ME27: one success hits; two, the lower Mêlée hits; equal Mêlée, nobody."""
        opponent = state.figure(self.opponent)
        pair = (centre, opponent)
        values = [melee_threshold(game, f) for f in pair]
        wins = [succeeds(face, v) for face, v in zip(self.faces, values, strict=True)]
        hitter: Figure | None = None
        if wins[0] and not wins[1]:
            hitter = centre
        elif wins[1] and not wins[0]:
            hitter = opponent
        elif wins[0] and wins[1] and values[0] != values[1]:
            hitter = centre if values[0] < values[1] else opponent
        self.step = "others"
        if hitter is None:
            game.emit(Note(figure=self.centre, what=f"and {self.opponent}: no hit"))
            return
        victim = opponent if hitter is centre else centre
        game.push(Hit(str(hitter.ref), str(victim.ref), MELEE,
                      melee_weapon_name(game, hitter)))


__all__ = ["Brawl", "MeleePhase", "Ref"]
