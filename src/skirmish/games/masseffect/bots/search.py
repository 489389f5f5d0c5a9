"""What the search (:mod:`skirmish.bots.mcts`) knows of Mass Effect: Annihilation
(docs/bots.md): the leaf (:mod:`.leaf`), the cheap preference among its actions, the
decisions a "settle" rollout plays through and those left to the heuristic with ``scope``
"fights", the movement as the costly decision, and ME:A's own search settings: the
``me_*`` parameters it adds to the ``mcts`` agent, with their values in the presets
(:class:`skirmish.bots.game_parts.SearchKnowledge`).

Its turns (every figure of both bands activated) take 0.2-0.4 s to play out with the
heuristic's moves, some 10-40 ms with the movements as stays, so ME:A has its own horizon
and budget (``me_horizon``, ``me_iterations``), root rules (``me_confidence``,
``me_halving``, ``me_pick``, ``me_student``: the generic value when not given) and
movement: ``me_stays`` plays the rollouts' movements as stays (:func:`masseffect_stay`),
``me_replay`` as the heuristic's moves, each worked out once a position and replayed (the
tree stops at a movement below the root with either), and ``me_moves`` narrows the root of
a movement to the heuristic's best moves of the figure it would move (the rollouts' other
figures stay, so moves of different figures would not compare fairly).

The presets (:mod:`skirmish.bots.mcts.presets`): ``normal`` and ``hard`` play their
rollouts to the turn's end, the movement phase with the heuristic's moves replayed
(``me_horizon``, ``me_replay``; the stays of ``me_stays`` play a turn faster and were
normal's until 2026-12-03), the root of a movement comparing the heuristic's 4 (hard: 6)
best moves (``me_moves``); their leaf, at the next turn's start, counts each band's best
shots of that turn (``me_threat``: normal scored 56.0 % against the heuristic over 200
ladder games where it had scored 53.8 % without them on the same games), and hard's weighs
the data race of an Extraction (``me_race``: each band's turns to get data off the table,
0.4 of a logit a turn) and a point banked by holding objectives (``me_hold``: 0.3 of a logit
beyond the leaf's own 0.04); hard leaves the heuristic's choice on 2 standard errors
(``me_confidence``). Their ``me_iterations`` are more than the seconds allow, so the cap
stops them there. Against the heuristic over the ladder's games: hard 60.3 % over 300 (seed
0's 100 with ``me_race``), normal 56.1 % over 1,200 with the replay where it had scored
53.0 % over 600 with the stays. ``easy`` keeps the cheap mid-round search; its tree stops
at a movement below the root (``me_stays``), where one iteration listing the destinations
(42-90 ms) had made 12 decisions of 870 take over 90 ms, up to 123 ms.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.bots.game_parts import GameSearch, SearchKnowledge, given
from skirmish.bots.mcts.presets import HORIZONS, PICKS
from skirmish.bots.parameters import Parameter
from skirmish.core.actions import Action
from skirmish.core.game import Game
from skirmish.games.masseffect.bots.leaf import LEAVES, MASSEFFECT_LEAVES, masseffect_value
from skirmish.games.masseffect.bots.power_sense import narrowed
from skirmish.learn.leaf import blended

if TYPE_CHECKING:
    from skirmish.bots.mcts.settings import Settings
    from skirmish.core.agents import Agent

#: Action verbs by how promising they look, for the cheap preference (unknown verbs: 1).
MASSEFFECT_PREFERENCE: dict[str, float] = {
    "shoot": 3.0, "power": 3.0, "area": 3.0, "fight": 3.0, "special": 2.0,
    "run": 2.0, "walk": 2.0, "hold": 0.5, "stay": 0.5, "pass": 0.0,
}

#: The decisions a "settle" rollout plays through: those that settle an exchange under way.
MASSEFFECT_SETTLING = frozenset({"oppose", "heroic", "fight", "wield"})

#: The decisions left to the heuristic, at once, with ``scope`` "fights": the table edge
#: and the deployment (ME9), which a turn's horizon sees nothing of (in 12 ladder games
#: replayed with the normal preset, the search kept the heuristic's choice at all 79 of
#: them, each a full 0.4 s).
MASSEFFECT_UNSEARCHED = frozenset({"edge", "deploy"})

#: The costly decision: a figure's movement (its destinations listed, with their paths).
MOVEMENT = frozenset({"move"})

_NAME = "Mass Effect: Annihilation"

#: The parameters ME:A adds to the ``mcts`` agent: its own search settings.
PARAMETERS: dict[str, Parameter] = {
    "me_horizon": Parameter(str, choices=HORIZONS, default="settle",
                            help=f"the horizon on {_NAME}"),
    "me_iterations": Parameter(int, low=1, high=1_000_000, help="iterations per decision "
                               f"on {_NAME}"),
    "me_halving": Parameter(int, low=0, high=100, help=f"the halving on {_NAME}"),
    "me_confidence": Parameter(float, low=0, high=10, help=f"the confidence on {_NAME}"),
    "me_threat": Parameter(float, low=0, high=10, default=0.0, help="weight of the shots "
                           f"still to come this turn in the evaluation ({_NAME})"),
    "me_race": Parameter(float, low=0, high=10, default=0.0, help="weight of the data race "
                         f"of an Extraction in the evaluation, logits a turn ({_NAME})"),
    "me_hold": Parameter(float, low=0, high=10, default=0.0, help="what a point scored adds "
                         "to the evaluation in a scenario won by holding objectives, "
                         f"logits ({_NAME})"),
    "me_reach": Parameter(float, low=0, high=10, default=0.0, help="what a point the "
                          "objectives within a run would score adds to the evaluation in a "
                          f"scenario won by holding objectives, logits ({_NAME})"),
    "me_stays": Parameter(bool, default=False, help=f"{_NAME}'s rollouts play the movement "
                          "phase as stays (cheap: a turn plays out in tens of ms)"),
    "me_replay": Parameter(bool, default=False, help=f"{_NAME}'s rollouts play the "
                           "movement phase with the heuristic's moves, each worked out once "
                           "a position and replayed"),
    "me_moves": Parameter(int, low=0, high=64, default=0, help=f"the root of a {_NAME} "
                          "movement compares the heuristic's N best moves of the figure it "
                          "would move (0: every listed move)"),
    "me_leaf": Parameter(str, choices=LEAVES, default="hand", help=f"the weights of the "
                         f"{_NAME} leaf: set by hand, fitted on heuristic self-play at a "
                         "turn's start, or set by hand with data carried worth a band"),
    "me_pick": Parameter(str, choices=PICKS, help=f"the pick on {_NAME}"),
    "me_student": Parameter(bool, help=f"the student on {_NAME}"),
    "me_learned": Parameter(float, low=0, high=1, default=0.0, help=f"weight of the learned "
                            f"evaluation in the {_NAME} leaf, 0 to 1 (issue 49, docs/bots.md)"),
}

#: The learned evaluation shipped with ME:A (issue 49: ``make train``, docs/bots.md).
LEARNED_MODEL = Path(__file__).with_name("models") / "value.npz"

#: Their ME:A search (see the module's description): rollouts to the turn's end with the
#: heuristic's moves in the movement phase, replayed (``me_replay``: hard since 2026-12-02,
#: 62.0 % against the heuristic over 100 ladder games where the stays had scored 50.5 % on
#: the same games; normal since 2026-12-03), the root of a movement narrowed to the
#: heuristic's best moves, the leaf counting each band's best shots of the next turn.
_TURN: dict[str, int | float | bool | str] = {"me_horizon": "round", "me_replay": True,
                                              "me_threat": 1.0}

#: ME:A's values in the ``mcts`` presets.
PRESETS: dict[str, dict[str, int | float | bool | str]] = {
    "easy": {"me_stays": True},
    "normal": {"me_iterations": 300, **_TURN, "me_moves": 4},
    "hard": {"me_iterations": 1200, **_TURN, "me_moves": 6, "me_confidence": 2.0,
             "me_race": 0.4, "me_hold": 0.3},
    # issue 49: the learned evaluation shipped with ME:A (LEARNED_MODEL), half the leaf
    "expert": {"me_iterations": 1200, **_TURN, "me_moves": 6, "me_confidence": 2.0,
               "me_race": 0.4, "me_hold": 0.3, "me_learned": 0.5},
}


def masseffect_stay(game: Game) -> Action:
    """ME10, the movement phase: the first figure still to move stays, facing the nearest
    enemy - the rollouts' movement when ``me_stays`` (no destination to list: a turn then
    plays out in tens of milliseconds, and the shooting after a searched move is seen)."""
    from skirmish.games.masseffect.actions import Stay
    from skirmish.games.masseffect.phases.movement import facing_toward, movers

    state: Any = game.state
    figure = movers(state, game.decision().player)[0]
    return Stay(figure.ref, facing_toward(state, figure))


def _unsearched(kind: str) -> bool:
    return kind not in MASSEFFECT_UNSEARCHED


def configure(settings: Settings) -> GameSearch:
    """ME:A's search for an agent's ``settings`` (its ``me_*`` parameters)."""
    values = given(settings, PARAMETERS)
    name = values["me_leaf"]
    if name not in MASSEFFECT_LEAVES:
        raise ValueError(f"me_leaf: one of {', '.join(MASSEFFECT_LEAVES)}, got {name!r}")
    weights = MASSEFFECT_LEAVES[name]
    threat, race, hold = values["me_threat"], values["me_race"], values["me_hold"]
    reach = values["me_reach"]

    def rules(game: Game) -> float:
        return masseffect_value(game, threat, weights, race, hold, reach)

    leaf = blended(rules, LEARNED_MODEL, float(values["me_learned"]))

    moves = int(values["me_moves"])

    def candidates(helper: Agent, view: Mapping[str, Any],
                   legal: Sequence[Action]) -> list[Action]:
        if str((view.get("decision") or {}).get("kind", "")) != "move":
            return narrowed(helper, view, legal)  # no pointless boost; boosted shots first
        ranked = getattr(helper, "ranked_moves", None)
        return [] if ranked is None or not moves else list(ranked(view, legal, moves))

    return GameSearch(
        leaf=leaf, preference=MASSEFFECT_PREFERENCE, settling=MASSEFFECT_SETTLING,
        iterations=values["me_iterations"], horizon=values["me_horizon"],
        confidence=values["me_confidence"], pick=values["me_pick"],
        student=values["me_student"], halving=values["me_halving"], costly=MOVEMENT,
        stand_in=masseffect_stay if values["me_stays"] else None,
        replay=bool(values["me_replay"]), searched=_unsearched,
        candidates=candidates)


#: ME:A's knowledge for the search (its bots part's ``search``).
MASS_EFFECT_SEARCH = SearchKnowledge(configure, PARAMETERS, PRESETS)

__all__ = ["MASSEFFECT_PREFERENCE", "MASSEFFECT_SETTLING", "MASSEFFECT_UNSEARCHED",
           "MASS_EFFECT_SEARCH", "MOVEMENT", "PARAMETERS", "PRESETS", "configure",
           "masseffect_stay"]
