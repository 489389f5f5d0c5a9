"""The search's leaf evaluation of a Mass Effect: Annihilation position (docs/bots.md, "The
leaf evaluation"): the score, what eliminations would score, each band's points in action
times the share of Vitalité and Armure left (a hit takes the armour first, ME25; a burning
figure counted as burnt already, ME34), what the objectives held would score at the end of
this turn and the turns to come, the data extracted and the data carried, and with
``me_threat`` the best shots each band may still take this turn by their exact odds
(:mod:`.threats`), through a logistic curve (weights set by hand, or calibrated on heuristic
self-play at a turn's start: ``me_leaf``). Values are player A's chances in [0, 1]; a
finished game scores 1, 0.5 or 0."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from skirmish.bots.game_parts import logistic, outcome_value
from skirmish.core.game import Game

#: Logits a band point of the shots still to come is worth (``me_threat`` 1; the
#: calibration below found some 0.043 at a turn's start: 1.08 band points of the old curve's
#: 25).
MASSEFFECT_THREAT = 1.0 / 25.0


@dataclass(frozen=True)
class MassEffectWeights:
    """The terms of an ME:A leaf, in logits of A's chances per unit: the score (ME37,
    ME41), the objectives' projected points (:func:`masseffect_objectives`), the band
    points eliminated, the band points in action (each figure by its share of Vitalité and
    Armure left: half its points and half by the share), the data extracted and the data
    carried by a figure in action (ME37)."""

    score: float
    objectives: float
    lost: float
    alive: float
    extracted: float
    carried: float


#: ME:A's leaf weights as set by hand (``me_leaf`` "hand", every preset's), on a scale of 25
#: band points: the score and the objectives' projection alike, so that a leaf just before
#: a turn's scoring and one just after are valued alike.
MASSEFFECT_HAND = MassEffectWeights(score=1 / 25, objectives=1 / 25, lost=0.5 / 25,
                                    alive=0.5 / 25, extracted=10 / 25, carried=5 / 25)
#: ME:A's leaf weights calibrated at a turn's start, where the ``round`` horizon's leaves
#: are (``me_leaf`` "fitted"): a logistic regression of the outcome of 800 heuristic
#: self-play matches (the ladder's deals: every pairing of the sample bands in the three
#: sample scenarios) on these terms at each turn's start from turn 2 on (3,559 positions;
#: 3,963 when bench/me_leaf_fit.py plays them again), rounded. A point scored is worth 28
#: times a projected one (holdings change), data carried at a turn's start wins 97 % of the
#: time (449 positions), and the whole curve is some 6 times steeper than the hand-set one:
#: 4-fold cross-validated log-loss 0.463 against 0.631 (0.528 for the hand-set terms on a
#: fitted scale; the script: 0.466, and 0.464 against 0.632 for the stored weights).
#: Better at predicting the outcome, yet the normal preset with them scored 49.0 % against
#: the heuristic over 200 ladder games where the hand-set ones had scored 53.8 % on the
#: same games (docs/bots.md): not the presets'.
MASSEFFECT_TURN_START = MassEffectWeights(score=1.1, objectives=0.02, lost=0.05, alive=0.19,
                                          extracted=4.4, carried=4.4)
#: The hand-set weights with the data worth what it wins (``me_leaf`` "data"): a figure
#: carrying data at a turn's start won 97 % of 449 heuristic self-play positions (the
#: calibration above: 4.4 logits, some four kills of a 5-point figure), where the hand-set
#: 5 band points made it worth one such kill; here it is worth a whole band (25), and data
#: extracted twice that (the game ends with the turn, ME37).
MASSEFFECT_DATA = replace(MASSEFFECT_HAND, carried=25 / 25, extracted=50 / 25)
#: ``me_leaf``'s names.
MASSEFFECT_LEAVES = {"hand": MASSEFFECT_HAND, "fitted": MASSEFFECT_TURN_START,
                     "data": MASSEFFECT_DATA}
#: ``me_leaf``'s names (the registry's choices too): the leaf's weights set by hand,
#: fitted at a turn's start, or set by hand with data carried worth a band.
LEAVES = ("hand", "fitted", "data")


def masseffect_terms(game: Game) -> dict[str, float]:
    """The terms of an ME:A leaf, each A's less B's (the fields of
    :class:`MassEffectWeights`): the score, the objectives' projected points, the band
    points eliminated (B's less A's), the band points in action (a burning figure counted
    as burnt already, ME34), the data extracted and the data carried."""
    state: Any = game.state
    alive = [0.0, 0.0]
    lost = [0.0, 0.0]
    carried = [0, 0]
    for figure in state.figures:
        points = float(figure.profile.points)
        vitality, armour = figure.vitality, figure.armour
        if figure.in_action and figure.has_status("burning"):
            # ME34: it burns at the turn's end (1 wound, armour first): counted already, so
            # that the leaves before and after the turn's end are valued alike
            if armour:
                armour -= 1
            else:
                vitality -= 1
        if figure.out or (figure.in_action and vitality <= 0):
            lost[figure.side] += points
        elif figure.in_action or not figure.placed:
            if figure.carries:  # ME37: data downloaded, on its way off the table
                carried[figure.side] += 1
            profile = figure.profile
            share = (vitality + armour) / max(1, profile.vitality + profile.armour)
            alive[figure.side] += points * (0.5 + 0.5 * share)
    return {"score": float(state.scores[0] - state.scores[1]),
            "objectives": masseffect_objectives(state), "lost": lost[1] - lost[0],
            "alive": alive[0] - alive[1],
            "extracted": float(state.extracted[0] - state.extracted[1]),
            "carried": float(carried[0] - carried[1])}


def masseffect_value(game: Game, threat: float = 0.0,
                     weights: MassEffectWeights = MASSEFFECT_HAND, race: float = 0.0,
                     hold: float = 0.0, reach: float = 0.0) -> float:
    """Player A's chances from an ME:A position: its terms (:func:`masseffect_terms`) by
    their ``weights``; ``threat`` weighs the shots still to come this turn
    (:mod:`.threats`, :data:`MASSEFFECT_THREAT` logits a band point; 0: not
    computed); ``race`` the data race of an Extraction (:mod:`.race`), in logits a turn
    (0: not computed); ``hold`` what a point of the score adds in a scenario won by holding
    objectives (ME41: points banked, which no later turn takes back), in logits beyond the
    ``weights``' score; ``reach`` a point the objectives within a run would score
    (:mod:`.reach`: ME41's holdings a movement ahead), in logits (0: not computed)."""
    if game.is_over:
        return outcome_value(game)
    terms = masseffect_terms(game)
    score = sum(getattr(weights, name) * value for name, value in terms.items())
    state: Any = game.state
    if hold and state.scenario.victory.kind == "hold_objectives":
        score += hold * terms["score"]
    if threat:
        from skirmish.games.masseffect.bots.threats import me_threats

        ta, tb = me_threats(game)
        score += threat * MASSEFFECT_THREAT * (ta - tb)
    if race:
        from skirmish.games.masseffect.bots.race import masseffect_race

        score += race * masseffect_race(game.state)
    if reach:
        from skirmish.games.masseffect.bots.reach import masseffect_reach

        score += reach * masseffect_reach(state)
    return logistic(score)


def masseffect_objectives(state: Any) -> float:
    """ME37, ME41 (hold the objectives): the points A's holdings would score over B's at the
    end of this turn and of every turn to come, as the table stands - 0 in the other
    scenarios. A turn's end adds its points to the scores as this projection loses them, so
    a leaf just before a turn's end and one just after are valued alike (an action that
    ends the phase is not favoured by the scoring it brings forward)."""
    from skirmish.games.masseffect.bots.reach import points_still_to_score
    from skirmish.games.masseffect.rules import CONTROL_PAS
    from skirmish.games.masseffect.turn import objectives_held

    points = points_still_to_score(state)
    if not points:
        return 0.0
    control = int(state.scenario.victory.param("control", CONTROL_PAS))
    held = sum(1 if side == 0 else -1 for _, side in objectives_held(state, control))
    return float(held * points)


__all__ = ["LEAVES", "MASSEFFECT_DATA", "MASSEFFECT_HAND", "MASSEFFECT_LEAVES",
           "MASSEFFECT_THREAT", "MASSEFFECT_TURN_START", "MassEffectWeights",
           "masseffect_objectives", "masseffect_terms", "masseffect_value"]
