"""The alternating phases: powers, shooting, special actions (docs/masseffect.md ME13, ME15,
ME16, ME31 Action groupée).

Players alternate, the initiative player first. Each picks one of his figures that may still
act in the phase; that figure acts (or holds) and is spent for the phase. ``pass`` ends the
player's part of the phase; once a player has no figure left to pick, the other finishes. A
hero who acted may call up to 2 friends within 4 pas to act right after him (Action groupée).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import ClassVar

from skirmish.core.actions import Action, Pass
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.game import Game
from skirmish.core.procedure import Procedure
from skirmish.games.masseffect.actions import (
    AreaPower,
    Climb,
    Group,
    Hold,
    Shoot,
    Special,
    UsePower,
)
from skirmish.games.masseffect.events import Note, PhaseEvent
from skirmish.games.masseffect.figure import Figure
from skirmish.games.masseffect.house_rules import PROTECTION_USES, reading_of
from skirmish.games.masseffect.phases.options import (
    GROUP_PAS,
    carry_out,
    figure_actions,
    group_candidates,
    may_act,
    may_try,
)
from skirmish.games.masseffect.rolling import can_heroic, spend_heroic, state_of
from skirmish.games.masseffect.rules import Phase

RULES = {Phase.POWERS: "ME15, Phase de pouvoirs", Phase.SHOOTING: "ME16, Phase de tir",
         Phase.SPECIAL: "ME13, Phase d'actions spéciales"}


@dataclass(slots=True)
class PickPhase(Procedure):
    """ME13, ME15, ME16: an alternating phase (powers, shooting or special actions)."""

    name: ClassVar[str] = "me.picks"
    phase: str
    player: int = -1
    passed: list[bool] = field(default_factory=lambda: [False, False])
    group: list[str] = field(default_factory=list)
    hero: str = ""
    step: str = "start"

    def _rule(self) -> str:
        return RULES[Phase(self.phase)]

    def _pickable(self, game: Game, player: int) -> Iterator[Figure]:
        """``player``'s figures that may be picked now, one by one."""
        state = state_of(game)
        for figure in self._candidates(game, player):
            if may_act(state, figure, self.phase):
                yield figure

    def _candidates(self, game: Game, player: int) -> Iterable[Figure]:
        """The figures ``player`` could pick, if they may act: the Action groupée's, else
        his own in action unless he passed."""
        state = state_of(game)
        if self.group:
            return (state.figure(r) for r in self.group)
        if self.passed[player]:
            return ()
        return state.in_action(player)

    def _eligible(self, game: Game, player: int) -> list[Figure]:
        return list(self._pickable(game, player))

    def _may_pick(self, game: Game, player: int) -> bool:
        """Has ``player`` a figure to pick (stopping at the first)?"""
        return next(self._pickable(game, player), None) is not None

    def _picker(self, game: Game) -> int | None:
        if state_of(game).ended or self.step != "pick":
            return None
        if self.group:
            side = state_of(game).figure(self.group[0]).side
            return side if self._may_pick(game, side) else None
        for player in (self.player, 1 - self.player):
            if self._may_pick(game, player):
                return player
        return None

    def _picking(self, game: Game) -> tuple[int, list[Figure]] | None:
        """:meth:`_picker` and that player's :meth:`_eligible` figures, in one pass."""
        if state_of(game).ended or self.step != "pick":
            return None
        if self.group:
            side = state_of(game).figure(self.group[0]).side
            eligible = self._eligible(game, side)
            return (side, eligible) if eligible else None
        for player in (self.player, 1 - self.player):
            eligible = self._eligible(game, player)
            if eligible:
                return player, eligible
        return None

    def decision(self, game: Game) -> Decision | None:
        if self.step == "group?":
            hero = state_of(game).figure(self.hero)
            names = ", ".join(group_candidates(state_of(game), hero, self.phase))
            return Decision(hero.side, "group",
                            f"{hero.ref}: Action groupée for 1 Héroïsme? Up to 2 of {names} "
                            "act right after him", context={"figure": self.hero})
        picking = self._picking(game)
        if picking is None:
            return None
        player, eligible = picking
        names = ", ".join(str(f.ref) for f in eligible)
        what = {"pouvoirs": "use a power", "tir": "shoot",
                "actions spéciales": "take a special action"}[self.phase]
        title = PhaseEvent(phase=self.phase).text()  # "Phase de tir", "Phase d'actions…"
        return Decision(player, self.phase, f"{title}: pick a figure to {what} "
                        f"({names}), hold, or pass", context={"phase": self.phase})

    def legal_actions(self, game: Game) -> list[Action]:
        state = state_of(game)
        if self.step == "group?":
            hero = state.figure(self.hero)
            friends = group_candidates(state, hero, self.phase)
            out: list[Action] = [Pass()]
            out += [Group(hero.ref.__class__(r)) for r in friends]
            out += [Group(hero.ref.__class__(a), hero.ref.__class__(b))
                    for i, a in enumerate(friends) for b in friends[i + 1:]]
            return out
        if state.ended or self.step != "pick":
            return []
        # the picker and his eligible figures as _picking finds them, each figure's actions
        # listed once (eligible: it may try, and has some)
        players = ((state.figure(self.group[0]).side,) if self.group
                   else (self.player, 1 - self.player))
        for player in players:
            actions: list[Action] = []
            for figure in self._candidates(game, player):
                if not may_try(state, figure, self.phase):
                    continue
                found = figure_actions(state, figure, self.phase)
                if found:
                    actions.extend(found)
                    actions.append(Hold(figure.ref))
            if actions:
                if not self.group:
                    actions.append(Pass())
                return actions
        return []

    def check(self, game: Game, action: Action) -> None:
        if self.step == "group?":
            allowed = self.legal_actions(game)
            swapped = (Group(action.second, action.first)  # two friends, in either order
                       if isinstance(action, Group) and action.second is not None else action)
            if action not in allowed and swapped not in allowed:
                raise IllegalActionError(f"'{action}' is not allowed: up to 2 friends within "
                                         f"{GROUP_PAS} pas who may still act, or pass",
                                         "ME31, Action groupée")
            return
        player = self._picker(game)
        if isinstance(action, Pass):
            if self.group:
                raise IllegalActionError("the figures of an Action groupée act or hold one "
                                         "by one", "ME31, Action groupée")
            return
        if not isinstance(action, Hold | UsePower | AreaPower | Shoot | Special | Climb):
            raise IllegalActionError(f"'{action}' is not an action of the {self.phase} phase",
                                     self._rule())
        state = state_of(game)
        try:
            figure = state.figure(action.figure)
        except KeyError:
            raise IllegalActionError(f"there is no figure {action.figure}",
                                     self._rule()) from None
        if figure.side != player or figure not in self._eligible(game, figure.side):
            raise IllegalActionError(f"{figure.ref} may not act in this phase now",
                                     self._rule())
        if isinstance(action, Hold):
            return
        from skirmish.games.masseffect.phases.options import action_problem

        problem = action_problem(state, figure, action, self.phase)
        if problem:
            raise IllegalActionError(problem, self._rule())

    def apply(self, game: Game, action: Action) -> None:
        state = state_of(game)
        if self.step == "group?":
            hero = state.figure(self.hero)
            self.step = "pick"
            if isinstance(action, Group):
                chosen = [str(action.first)] + ([str(action.second)] if action.second else [])
                spend_heroic(game, hero, "group", ", ".join(chosen) + " act next")
                self.group = chosen
            return
        if isinstance(action, Pass):
            assert self.player >= 0
            player = self._picker(game)
            assert player is not None
            self.passed[player] = True
            game.emit(Note(figure=f"player {'AB'[player]}", what=f"ends his {self.phase} phase"))
            self.player = 1 - player
            return
        assert isinstance(action, Hold | UsePower | AreaPower | Shoot | Special | Climb)
        figure = state.figure(action.figure)
        figure.spent = True
        if self.group and str(figure.ref) in self.group:
            self.group.remove(str(figure.ref))
        self.player = 1 - figure.side
        if isinstance(action, Hold):
            game.emit(Note(figure=str(figure.ref), what="holds"))
        else:
            carry_out(game, figure, action)
        # ME31 Action groupée: «the hero is picked» (acting or holding, ME15).
        if (not self.group and can_heroic(figure, "group")
                and group_candidates(state, figure, self.phase)):
            self.hero = str(figure.ref)
            self.step = "after"

    def run(self, game: Game) -> None:
        state = state_of(game)
        if self.step == "start" and not state.ended:
            state.phase = self.phase
            game.emit(PhaseEvent(phase=self.phase))
            # ME24: N uses «par phase de tir»; a figure starts the match with its N (the
            # first powers phase comes before any shooting phase); the powers phase refills
            # them every turn under me-protection-uses=each-phase (the engine's reading
            # before issue 47)
            refill = self.phase == Phase.SHOOTING or (self.phase == Phase.POWERS and (
                state.turn <= 1
                or reading_of(state.house_rules, PROTECTION_USES) == "each-phase"))
            for f in state.figures:
                f.spent = False
                if refill:
                    f.refill_protections()
            self.player = state.initiative
            self.step = "pick"
            return
        if self.step == "pick" and self.group:
            # ME31: the friends called who can no longer act (one fell) are skipped; the
            # alternation goes on.
            self.group = []
            return
        if self.step == "after":
            hero = state.figure(self.hero)
            # Asked again now: the hero may have spent his last points while acting (an
            # Effort héroïque on his own roll) or fallen.
            self.step = ("group?" if can_heroic(hero, "group") and not state.ended
                         and group_candidates(state, hero, self.phase) else "pick")
            return
        game.pop()
