"""What the search knows of each game: a leaf evaluation and a cheap preference among
actions (the rollout policy and the prior of progressive widening).

The search plays on games of its own (determinizations built from the observer's
observation), so these functions read their states directly: nothing here can reach the
real game. Values are player A's reward in [0, 1]; a finished game scores 1, 0.5 or 0.

- **Eden**: victory points; the VP the missions would give as the table stands (this
  round's, counted again in part for each round to come, and those of the match's end),
  computed by the cards' own effects; each troop's strength left (its fighters' points
  times the share of their Constitution Points left, weighted by the location faces) and
  the threats on the table (the exact odds of the best melee attack each fighter could make
  soon, :mod:`.threats`), worth more while rounds remain; through a logistic curve.
- **Mass Effect: Annihilation**: the score, what eliminations would score, each band's
  points in action times the share of Vitalité and Armure left (a hit takes the armour
  first, ME25; a burning figure counted as burnt already, ME34), what the objectives held
  would score at the end of this turn and the turns to come, the data extracted and the
  data carried, and with ``me_threat`` the best shots each band may still take this turn
  by their exact odds (:mod:`.me_threats`), through a logistic curve (weights set by hand,
  or calibrated on heuristic self-play at a turn's start: ``me_leaf``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from skirmish.core.actions import Action
from skirmish.core.dice import Dice
from skirmish.core.game import Game

#: Action verbs by how promising they look, for the cheap preference (unknown verbs: 1).
EDEN_PREFERENCE: dict[str, float] = {
    "charge": 3.0, "attack": 3.0, "shoot": 3.0, "throw": 3.0, "blast": 3.0,
    "move": 2.0, "use": 1.5, "activate": 1.0, "interrupt": 1.0, "play": 0.5,
    "cancel": 0.5, "end": 0.0, "pass": 0.0,
}
MASSEFFECT_PREFERENCE: dict[str, float] = {
    "shoot": 3.0, "power": 3.0, "area": 3.0, "fight": 3.0, "special": 2.0,
    "run": 2.0, "walk": 2.0, "hold": 0.5, "stay": 0.5, "pass": 0.0,
}

#: The decisions a rollout plays through: those that settle an exchange under way
#: (reactions, locations, cancellations). A rollout stops at any other (an activation, a
#: fighter's action, a deployment), where the leaf is evaluated: listing those is costly,
#: and the cheap policy plays them badly.
EDEN_SETTLING = frozenset({"reaction", "strike-back", "aim", "location-shift",
                           "withdrawal-attack", "rage", "fear", "cancellation",
                           "ability-cost", "first-player"})
MASSEFFECT_SETTLING = frozenset({"oppose", "heroic", "fight"})

#: Eden: the decisions the agent searches with ``scope`` "fights" (the others are left to
#: the heuristic): a fighter's activation and actions, the replies to an attack, and the
#: tactical cards played (Rulebook 4.B, Tactical phase; 1.D, at an activation's start).
EDEN_SEARCHED = frozenset({"activate", "interrupt", "action", "reaction", "strike-back",
                           "aim", "withdrawal-attack", "location-shift", "tactical"})

#: Eden: the searched decisions where the heuristic's choice is no judgement - it plays a
#: tactical card drawn at random among those it may play (bots/heuristic.py, ``_tactical``)
#: - so the search does not defer to it: the most visited action is taken, without the
#: ``confidence`` margin.
EDEN_UNINFORMED = frozenset({"tactical"})

#: ME:A: the decisions left to the heuristic, at once, with ``scope`` "fights": the table
#: edge and the deployment (ME9), which a turn's horizon sees nothing of (in 12 ladder games
#: replayed with the normal preset, the search kept the heuristic's choice at all 79 of
#: them, each a full 0.4 s).
MASSEFFECT_UNSEARCHED = frozenset({"edge", "deploy"})

#: Eden: VP the whole of a troop's strength is worth with every round still to play.
EDEN_MATERIAL = 5.0
#: Eden: VP a sure kill of a whole troop within reach is worth (the threats on the table,
#: :mod:`skirmish.games.eden.bots.threats`), with every round still to play.
EDEN_THREAT = 2.5
#: Eden: how much of this round's projected VP each later round is expected to repeat.
EDEN_LATER = 0.3
#: Eden: the logistic curve's scale, in VP.
EDEN_SCALE = 2.0
#: ME:A: logits a band point of the shots still to come is worth (``me_threat`` 1; the
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
_LIMB_FACES_TOTAL = 6.0


def outcome_value(game: Game) -> float:
    """A finished game: 1 if A won, 0 if B did, 0.5 for a draw."""
    outcome = game.outcome()
    if outcome is None or outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == 0 else 0.0


def _logistic(score: float) -> float:
    if score < -60:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score))


# -- Eden ------------------------------------------------------------------------------------
def _eden_health(fighter: Any) -> float:
    """The share of CP left, each limb weighted by its location faces (1 = unhurt)."""
    health = 0.0
    for limb, checked in zip(fighter.profile.limbs, fighter.checked, strict=True):
        total = limb.white_cp + limb.red_cp
        if total:
            health += len(limb.faces) / _LIMB_FACES_TOTAL * (total - checked) / total
    return health


def eden_strength(state: Any) -> tuple[float, float]:
    """Each troop's strength left: its fighters' points times their health, as a share of
    its points (incapacitated fighters count nothing; fighters not yet deployed count)."""
    strength = [0.0, 0.0]
    total = [0.0, 0.0]
    for fighter in state.fighters:
        side = fighter.side
        if side > 1:
            continue  # Infestation: the non-player fighters belong to nobody
        value = float(fighter.profile.value) or 1.0
        total[side] += value
        if not fighter.incapacitated:
            strength[side] += value * _eden_health(fighter)
    return (strength[0] / total[0] if total[0] else 0.0,
            strength[1] / total[1] if total[1] else 0.0)


def eden_projection(game: Game, disposable: bool = False) -> tuple[int, int]:
    """The VP each player's missions would give as the table stands (Rulebook 4.B step 10
    for this round's, and those counted at the end of the match), computed by the cards'
    own effects on a copy (scoring may spend counters) - on the game itself when it is
    ``disposable`` (a search's game, evaluated and thrown away)."""
    from skirmish.games.eden.effects import EFFECTS

    copy = game if disposable else game.copy()
    state: Any = copy.state
    gained = [0, 0]
    for effect in list(state.effects):
        if effect.neutral or effect.npf_owned:
            continue
        kind = EFFECTS[effect.effect]
        gained[effect.player] += kind.score(copy, effect) + kind.final_score(copy, effect)
    return gained[0], gained[1]


def eden_tempo(state: Any) -> tuple[int, int]:
    """Each player's fighters still to act this round (on the field, not activated, with
    AP): a leaf reached in the middle of a round has counted the acts made, not those to
    come."""
    left = [0, 0]
    for fighter in state.fighters:
        if fighter.side < 2 and fighter.on_field and not fighter.activated and fighter.ap > 0:
            left[fighter.side] += 1
    return left[0], left[1]


def eden_value(game: Game, threat: float = 1.0, disposable: bool = False,
               tempo: float = 0.0, missions: float = 1.0) -> float:
    """Player A's chances from an Eden position (see the module's description); ``threat``
    scales the weight of the threats on the table, ``tempo`` is the VP a fighter still to
    act this round is worth, ``missions`` scales the VP the missions would give as the
    table stands (0: not computed); a ``disposable`` game may be spent."""
    if game.is_over:
        return outcome_value(game)
    state: Any = game.state
    a, b = eden_strength(state)
    rounds = max(1, int(state.max_rounds))
    current = max(1, int(state.round))
    left = max(0, rounds - current + 1) / rounds
    later = EDEN_LATER * max(0, rounds - current)
    weight = 0.3 + 0.7 * left
    score = (state.vp[0] - state.vp[1]) + EDEN_MATERIAL * weight * (a - b)
    if missions:
        mine, theirs = eden_projection(game, disposable)
        score += missions * (1.0 + later) * (mine - theirs)
    if threat:
        from skirmish.games.eden.bots.threats import threats

        ta, tb = threats(state)
        score += threat * EDEN_THREAT * weight * (ta - tb)
    if tempo:
        ra, rb = eden_tempo(state)
        score += tempo * (ra - rb)
    return _logistic(score / EDEN_SCALE)


# -- Mass Effect: Annihilation -------------------------------------------------------------
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
                     hold: float = 0.0) -> float:
    """Player A's chances from an ME:A position: its terms (:func:`masseffect_terms`) by
    their ``weights``; ``threat`` weighs the shots still to come this turn
    (:mod:`.me_threats`, :data:`MASSEFFECT_THREAT` logits a band point; 0: not
    computed); ``race`` the data race of an Extraction (:mod:`.me_race`), in logits a turn
    (0: not computed); ``hold`` what a point of the score adds in a scenario won by holding
    objectives (ME41: points banked, which no later turn takes back), in logits beyond the
    ``weights``' score."""
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
    return _logistic(score)


def masseffect_stay(game: Game) -> Action:
    """ME10, the movement phase: the first figure still to move stays, facing the nearest
    enemy - the rollouts' movement when ``me_stays`` (no destination to list: a turn then
    plays out in tens of milliseconds, and the shooting after a searched move is seen)."""
    from skirmish.games.masseffect.actions import Stay
    from skirmish.games.masseffect.phases.movement import facing_toward, movers

    state: Any = game.state
    figure = movers(state, game.decision().player)[0]
    return Stay(figure.ref, facing_toward(state, figure))


def masseffect_objectives(state: Any) -> float:
    """ME37, ME41 (hold the objectives): the points A's holdings would score over B's at the
    end of this turn and of every turn to come, as the table stands - 0 in the other
    scenarios. A turn's end adds its points to the scores as this projection loses them, so
    a leaf just before a turn's end and one just after are valued alike (an action that
    ends the phase is not favoured by the scoring it brings forward)."""
    from skirmish.games.masseffect.rules import CONTROL_PAS
    from skirmish.games.masseffect.turn import objectives_held

    scenario = state.scenario
    victory = scenario.victory
    if victory.kind != "hold_objectives":
        return 0.0
    first = max(int(state.turn), 1, int(victory.param("from_turn", 2)))
    turns = max(0, int(scenario.turns) - first + 1)
    if not turns:
        return 0.0
    control = int(victory.param("control", CONTROL_PAS))
    held = sum(1 if side == 0 else -1 for _, side in objectives_held(state, control))
    return float(turns * held * int(victory.param("points", 1)))


# -- preferences -------------------------------------------------------------------------------
def preference_of(ruleset: str) -> Callable[[Action], float]:
    """The cheap preference of a ruleset's actions, by verb (1 for verbs it does not
    rank)."""
    table = {"eden": EDEN_PREFERENCE, "masseffect": MASSEFFECT_PREFERENCE}.get(ruleset, {})

    def preference(action: Action) -> float:
        return table.get(action.verb, 1.0)

    return preference


def unknown_value(game: Game) -> float:
    """A ruleset the search has no evaluation for: the outcome once over, else even."""
    return outcome_value(game) if game.is_over else 0.5


def value_of(ruleset: str, threat: float = 1.0, tempo: float = 0.0,
             missions: float = 1.0, me_threat: float = 0.0,
             me_leaf: str = "hand", me_race: float = 0.0,
             me_hold: float = 0.0) -> Callable[[Game], float]:
    """The leaf evaluation of a ruleset (:func:`unknown_value` for one it does not know) for
    the search's games, thrown away once evaluated; ``threat`` scales Eden's weight of the
    threats on the table, ``tempo`` values its fighters still to act and ``missions`` its
    missions' projected VP; ``me_threat`` weighs ME:A's shots still to come this turn,
    ``me_leaf`` names the weights of ME:A's terms (:data:`MASSEFFECT_LEAVES`) and
    ``me_race`` weighs the data race of an Extraction (logits a turn) and ``me_hold`` a
    point scored by holding objectives (logits a point, beyond the weights')."""
    if ruleset == "eden":
        return lambda game: eden_value(game, threat, disposable=True, tempo=tempo,
                                       missions=missions)
    if ruleset == "masseffect":
        if me_leaf not in MASSEFFECT_LEAVES:
            raise ValueError(f"me_leaf: one of {', '.join(MASSEFFECT_LEAVES)}, got {me_leaf!r}")
        weights = MASSEFFECT_LEAVES[me_leaf]
        return lambda game: masseffect_value(game, me_threat, weights, me_race, me_hold)
    return unknown_value


def settling_of(ruleset: str) -> frozenset[str] | None:
    """The decision kinds a rollout plays through (``None``: every kind, for a ruleset the
    search does not know)."""
    return {"eden": EDEN_SETTLING, "masseffect": MASSEFFECT_SETTLING}.get(ruleset)


def round_of(game: Game) -> int:
    """The round (Eden) or turn (ME:A) under way, for a rollout's horizon (0 for a ruleset
    without either)."""
    state: Any = game.state
    return int(getattr(state, "round", getattr(state, "turn", 0)))


def ordered(items: Sequence[Any], scores: Sequence[float], rng: Dice) -> list[Any]:
    """``items`` by decreasing score, ties in a seeded random order."""
    jitter = [rng.below(1 << 30) for _ in items]
    order = sorted(range(len(items)), key=lambda i: (-scores[i], jitter[i]))
    return [items[i] for i in order]


def cheap_choice(actions: Sequence[Action], preference: Callable[[Action], float],
                 rng: Dice, greedy: float) -> Action:
    """The rollout policy: with probability ``greedy`` one of the most preferred actions,
    else any, uniformly (seeded)."""
    if len(actions) == 1:
        return actions[0]
    if greedy > 0 and rng.below(1_000_000) < greedy * 1_000_000:
        scores = [preference(a) for a in actions]
        top = max(scores)
        best = [a for a, s in zip(actions, scores, strict=True) if s == top]
        return best[rng.below(len(best))]
    return actions[rng.below(len(actions))]


__all__ = [
    "EDEN_SEARCHED",
    "EDEN_UNINFORMED",
    "MASSEFFECT_UNSEARCHED",
    "cheap_choice",
    "eden_strength",
    "eden_tempo",
    "eden_value",
    "masseffect_objectives",
    "masseffect_stay",
    "masseffect_value",
    "ordered",
    "outcome_value",
    "preference_of",
    "round_of",
    "settling_of",
    "unknown_value",
    "value_of",
]
