"""What one player knows of a game, as a snapshot, and full games consistent with it.

A game snapshots fully (:meth:`Game.to_json`); its procedures are plain data. The
**observation** of a game for a player is that snapshot with everything the player may not
know replaced by stand-ins (:data:`HIDDEN`) or left out: the dice to come (only their
public part is kept: never a seed, a key or a counter), the history and the log (the
actions taken and the events, some of them secret), and whatever the ruleset hides (a hand
of cards, secret missions, a pending bid). It is plain JSON-like
data that holds no reference to the game, so it can be given to an agent
(:func:`skirmish.core.agents.view_of`, for agents that declare ``reads_observation``).

A **determinization** is a full game consistent with an observation: its unknowns sampled
from a generator, with fresh dice (:class:`SeededDice` drawn from the same generator). Its
view for the observing player is the original view (``determinize(observe(game, p), p,
rng).view(p) == game.view(p)`` for seeded games), and it plays on legally. Search bots
(information-set MCTS) sample many of them per decision: :class:`Determinizer` rebuilds the
game from the observation once and then samples cheaply (a copy and the ruleset's
:meth:`ObservationHooks.fill`).

The kernel knows no ruleset: a ruleset takes part by giving the two hooks of
:class:`ObservationHooks` (``redact`` and ``fill``); a ruleset without them cannot be
observed (:func:`observable`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from skirmish.core.dice import Dice, SeededDice
from skirmish.core.procedure import procedure_from_json
from skirmish.core.ruleset import RULESETS, Ruleset

if TYPE_CHECKING:
    from skirmish.core.game import Game

#: The stand-in for a value the observer may not know (a card, a bid).
HIDDEN = "?"
#: The observation's format (bumped when a field changes meaning).
FORMAT = 1
#: How many samples :meth:`Determinizer.sample` draws before it accepts one whose pending
#: decision differs from the observed one (a decision the hidden cards decide, e.g. whether
#: the opponent may play a tactical card now).
MAX_REDRAWS = 32


class ObservationHooks(Protocol):
    """The optional hooks of a ruleset whose games can be observed and determinized."""

    def redact(self, game: Game, player: int, snapshot: dict[str, Any]) -> dict[str, Any]:
        """``snapshot`` (the game's state and stack as JSON, already without dice, history
        and log) with all that ``player`` may not know replaced by :data:`HIDDEN` or left
        out. May change ``snapshot`` in place; returns it."""
        ...

    def fill(self, game: Game, player: int, rng: Dice) -> None:
        """Sample, with ``rng``, every unknown of ``game`` (rebuilt from an observation for
        ``player``): afterwards it is a full, legal game consistent with the observation."""
        ...


def observable(ruleset: Ruleset) -> bool:
    """Whether the ruleset gives the hooks that observation and determinization need."""
    return callable(getattr(ruleset, "redact", None)) and callable(getattr(ruleset, "fill",
                                                                            None))


def _hooks(ruleset: Ruleset) -> ObservationHooks:
    if not observable(ruleset):
        raise TypeError(f"ruleset {ruleset.name!r} gives no redact/fill hooks: its games "
                        "cannot be observed or determinized")
    return ruleset  # type: ignore[return-value]


#: Private JSON copies of set-ups, by the set-up object (kept alive with it, so that no
#: other object takes its id): an observation never hands out the game's own set-up.
_SETUPS: dict[int, tuple[Mapping[str, Any], dict[str, Any]]] = {}
_SETUPS_KEPT = 64


def _setup_copy(setup: Mapping[str, Any]) -> dict[str, Any]:
    known = _SETUPS.get(id(setup))
    if known is not None and known[0] is setup:
        return known[1]
    copy: dict[str, Any] = json.loads(json.dumps(setup))
    if len(_SETUPS) >= _SETUPS_KEPT:
        _SETUPS.pop(next(iter(_SETUPS)))
    _SETUPS[id(setup)] = (setup, copy)
    return copy


def observe(game: Game, player: int) -> dict[str, Any]:
    """The observation of ``game`` for ``player`` (see the module's description): the
    set-up (public: players agree it when the match is made), the public part of the dice,
    the state and the stack redacted by the ruleset, and the pending decision's player and
    kind. JSON-serialisable; no reference to the game. A determinization's observation is
    the observation it was made from.

    The set-up is one copy per set-up, shared by the observations of a game: treat it as
    read-only."""
    hooks = _hooks(game.ruleset)
    # A JSON copy: a snapshot may share lists with the state, which the redaction changes.
    snapshot: dict[str, Any] = json.loads(json.dumps({
        "state": game.state.to_json(),
        "stack": [p.to_json() for p in game.stack],
    }))
    snapshot = hooks.redact(game, player, snapshot)
    decision = None if game.is_over else game.decision()
    return {
        "format": FORMAT,
        "ruleset": game.ruleset.name,
        "player": player,
        "setup": _setup_copy(game.setup),
        "dice": game.dice.public(),
        "state": snapshot["state"],
        "stack": snapshot["stack"],
        "decision": None if decision is None else {"player": decision.player,
                                                   "kind": decision.kind},
    }


def _holds_hidden(value: Any) -> bool:
    if isinstance(value, str):
        return value == HIDDEN
    if isinstance(value, Mapping):
        return any(_holds_hidden(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_holds_hidden(v) for v in value)
    return False


def hides_nothing(observation: Mapping[str, Any]) -> bool:
    """Whether the observation's state and stack hold no stand-in: then every
    determinization is the same game (but for its dice)."""
    return not _holds_hidden(observation["state"]) and not _holds_hidden(
        observation["stack"])


def rebuild(observation: Mapping[str, Any]) -> Game:
    """The game of an observation, its unknowns still stand-ins: not a playable game until
    the ruleset's ``fill`` has sampled them (:class:`Determinizer` does both)."""
    from skirmish.core.game import Game

    ruleset = RULESETS.get(str(observation["ruleset"]))
    setup = observation["setup"]
    state = ruleset.state_from_json(observation["state"], setup)
    dice = SeededDice(0)
    game = Game(ruleset, state, setup, dice,
                [procedure_from_json(p) for p in observation["stack"]])
    return game


class Determinizer:
    """Full games consistent with one observation, sampled cheaply: the game is rebuilt
    once, each sample is a copy whose unknowns the ruleset fills and whose dice are fresh
    (:class:`SeededDice` of a seed drawn from the generator)."""

    __slots__ = ("base", "observation", "player", "redraws")

    def __init__(self, observation: Mapping[str, Any], player: int | None = None) -> None:
        self.observation = observation
        self.player = int(observation["player"]) if player is None else player
        if self.player != observation["player"]:
            raise ValueError(f"the observation is player {observation['player']}'s, "
                             f"not player {self.player}'s")
        self.base = rebuild(observation)
        _hooks(self.base.ruleset)
        #: Samples drawn again because their pending decision was not the observed one.
        self.redraws = 0

    def sample(self, rng: Dice) -> Game:
        """One full game consistent with the observation; same generator state, same game."""
        wanted = self.observation.get("decision")
        hooks = _hooks(self.base.ruleset)
        game = self.base
        for _ in range(MAX_REDRAWS):
            game = self.base.copy()
            hooks.fill(game, self.player, rng)
            seed = rng.below(1 << 62)
            game.dice = SeededDice(seed)
            game.initial_dice = game.dice.to_json()
            game._decision = None
            game.advance()
            decision = None if game.is_over else game.decision()
            seen = None if decision is None else {"player": decision.player,
                                                  "kind": decision.kind}
            if seen == wanted:
                return game
            self.redraws += 1
        return game


def determinize(observation: Mapping[str, Any], player: int, rng: Dice) -> Game:
    """A full game consistent with ``observation`` (``player``'s), its unknowns sampled
    with ``rng``: see :class:`Determinizer` (which rebuilds the game once for many
    samples)."""
    return Determinizer(observation, player).sample(rng)


__all__ = ["FORMAT", "HIDDEN", "Determinizer", "ObservationHooks", "determinize",
           "hides_nothing", "observable", "observe", "rebuild"]
