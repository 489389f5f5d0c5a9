"""The game and its turns (docs/masseffect.md ME8, ME9, ME34, ME36, ME37, ME41).

:class:`Match` deploys the bands, then plays the scenario's turns; :class:`Turn` rolls the
initiative, plays the five phases in the listed order, and ends the turn: burning figures
burn, objectives score, and an extraction ends the game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

from skirmish.core.game import Game
from skirmish.core.names import fold
from skirmish.core.procedure import Procedure
from skirmish.games.masseffect.cards.scenarios import MarkerKind
from skirmish.games.masseffect.combat.hits import BURN, Hit
from skirmish.games.masseffect.events import Note, ScoreEvent, TurnEvent
from skirmish.games.masseffect.figure import Figure
from skirmish.games.masseffect.house_rules import (
    COUNTER_CHARGE_WINDOW,
    ELIMINATE_POINTS,
    reading_of,
)
from skirmish.games.masseffect.phases.deployment import Deployment
from skirmish.games.masseffect.phases.melee import MeleePhase
from skirmish.games.masseffect.phases.movement import MovementPhase
from skirmish.games.masseffect.phases.picks import PickPhase
from skirmish.games.masseffect.rolling import state_of
from skirmish.games.masseffect.rules import CONTROL_PAS, Phase, pas_to_cm
from skirmish.games.masseffect.state import MARKER_RADIUS, MEState


def initiative_bonus(state: MEState, player: int) -> int:
    """ME9: the single highest Tacticien (+N) among the player's figures in action."""
    return max((f.profile.initiative_bonus for f in state.in_action(player)), default=0)


def holder(state: MEState, x: float, y: float, control_pas: int) -> int | None:
    """ME41: the player with more figures in action within ``control`` pas of the objective
    (edge to edge), or ``None`` on a tie."""
    reach = pas_to_cm(control_pas)
    counts = [0, 0]
    for f in state.in_action():
        if math.hypot(f.x - x, f.y - y) - f.radius - MARKER_RADIUS <= reach + 1e-9:
            counts[f.side] += 1
    if counts[0] == counts[1]:
        return None
    return 0 if counts[0] > counts[1] else 1


def objectives_held(state: MEState, control_pas: int) -> list[tuple[str, int]]:
    """ME41: each objective marker held now (its id) and the player holding it."""
    held = []
    for m in state.markers:
        if m.kind == MarkerKind.OBJECTIVE:
            side = holder(state, m.x, m.y, control_pas)
            if side is not None:
                held.append((m.id, side))
    return held


def final_scores(state: MEState) -> list[int]:
    """ME37 eliminate: each player scores what the enemy figures out of action cost their
    band (:func:`figure_cost`), or their cards' points only under the house rule
    ``me-eliminate-points`` = ``card`` (the engine's reading before issue 47)."""
    by_cost = reading_of(state.house_rules, ELIMINATE_POINTS) == "cost"
    return [sum(figure_cost(f) if by_cost else f.profile.points
                for f in state.band(1 - side) if f.out) for side in (0, 1)]


def figure_cost(figure: Figure) -> int:
    """ME39: what a figure cost its band: its card's points and the ``Points`` of each item
    it carries that is not on its card (a soldier with an Omni-lame: 3 + 1)."""
    own = {fold(name) for name in figure.profile.equipment}
    return figure.profile.points + sum(w.points for w in figure.card.weapons
                                       if fold(w.name) not in own)


@dataclass(slots=True)
class Match(Procedure):
    """ME36: deployment, then the scenario's turns, unless the game ends sooner."""

    name: ClassVar[str] = "me.match"
    step: str = "deploy"

    def run(self, game: Game) -> None:
        state = state_of(game)
        if self.step == "deploy":
            self.step = "turns"
            if any(not f.placed for f in state.figures):
                game.push(Deployment())
            return
        if not state.ended and state.turn < state.scenario.turns:
            state.turn += 1
            game.push(Turn())
            return
        victory = state.scenario.victory
        if victory.kind in ("eliminate", "extract_data"):
            for side, points in enumerate(final_scores(state)):
                state.scores[side] += points
                if points:
                    game.emit(ScoreEvent(player=side, points=points,
                                         why="enemy figures out of action"))
        game.pop()


def _lasting_chargers(state: MEState) -> list[tuple[Figure, list[str], list[str]]]:
    """ME20, ME26 under the house rule ``me-counter-charge-window=while-engaged``: the
    chargers of an earlier turn still in contact stay chargers of the figure (the default,
    ``this-turn``: «lors de la phase de mouvement précédente», this turn's only)."""
    if reading_of(state.house_rules, COUNTER_CHARGE_WINDOW) != "while-engaged":
        return []
    out = []
    for f in state.in_action():
        touching = {str(e.ref) for e in state.opponents(f)}
        kept = [c for c in f.chargers if c in touching]
        if kept:
            out.append((f, kept, [c for c in f.rear_chargers if c in kept]))
    return out


@dataclass(slots=True)
class Turn(Procedure):
    """ME8: initiative, then movement, powers, shooting, special actions, melee; then the
    end of the turn."""

    name: ClassVar[str] = "me.turn"
    step: str = "initiative"

    def run(self, game: Game) -> None:
        state = state_of(game)
        if self.step == "initiative":
            lasting = _lasting_chargers(state)
            for f in state.figures:
                f.new_turn()
            for f, chargers, rear in lasting:  # me-counter-charge-window=while-engaged
                f.chargers, f.rear_chargers = chargers, rear
            self._initiative(game, state)
            self.step = "end"
            game.push(MovementPhase(), PickPhase(Phase.POWERS.value),
                      PickPhase(Phase.SHOOTING.value), PickPhase(Phase.SPECIAL.value),
                      MeleePhase())
            return
        if self.step == "end" and state.ended:
            game.pop()  # ME36, ME37: a band wiped out ends the game at once
            return
        if self.step == "end":
            self.step = "score"
            burning = [Hit(str(f.ref), str(f.ref), BURN, step="wound", pending=1,
                           after="done")
                       for f in state.in_action() if f.has_status("burning")]
            for hit in burning:
                game.emit(Note(figure=hit.target, what="burns", detail="ME34"))
            game.push(*burning)
            return
        self._score(game, state)
        game.pop()

    def _initiative(self, game: Game, state: MEState) -> None:
        """ME9: each player rolls a D6 plus his Tacticien; re-roll ties."""
        bonuses = (initiative_bonus(state, 0), initiative_bonus(state, 1))
        faces: list[int] = []
        while True:
            a, b = game.dice.d6(), game.dice.d6()
            faces += [a, b]
            if a + bonuses[0] != b + bonuses[1]:
                break
        state.initiative = 0 if a + bonuses[0] > b + bonuses[1] else 1
        state.phase = "tour"
        game.emit(TurnEvent(turn=state.turn, faces=tuple(faces), bonuses=bonuses,
                            initiative=state.initiative))

    def _score(self, game: Game, state: MEState) -> None:
        """ME37: objectives held at the end of the turn; an extraction ends the game."""
        victory = state.scenario.victory
        if victory.kind == "hold_objectives" and state.turn >= int(
                victory.param("from_turn", 2)):
            control = int(victory.param("control", CONTROL_PAS))
            points = int(victory.param("points", 1))
            for marker, side in objectives_held(state, control):
                state.scores[side] += points
                game.emit(ScoreEvent(player=side, points=points, why=f"holds {marker}"))
        if victory.kind == "extract_data" and any(state.extracted) and not state.ended:
            state.ended = "data has left the table"
