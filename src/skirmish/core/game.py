"""The game: plain data plus a stack of rule procedures.

``Game`` is ruleset-agnostic. Its ruleset supplies the state and the procedures;
the game keeps the stack, the log, the dice and the history, and enforces the
kernel's promises:

- there is always exactly one pending :class:`Decision` until the game is over;
- :meth:`Game.apply` refuses an illegal action with :class:`IllegalActionError`
  and leaves the game exactly as it was;
- :meth:`Game.copy` shares nothing mutable with the original;
- every change is an event in :attr:`Game.log`; :meth:`Game.log_for` redacts it
  for one player, and :meth:`Game.view` is all a bot or client is given;
- :meth:`Game.take_back` goes back to an earlier decision without rewinding the dice:
  the game is the one its kept actions made, and the next dice are ones nobody has seen
  (docs/web.md, Takebacks). What was played, takebacks included, stays in
  :meth:`Game.entries` (the record keeps it).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from skirmish.core.actions import Action
from skirmish.core.decision import Decision
from skirmish.core.dice import Dice, dice_from_json
from skirmish.core.errors import GameOverError, IllegalActionError, NotationError
from skirmish.core.events import ActionEvent, Event, event_from_json
from skirmish.core.procedure import Procedure, procedure_from_json
from skirmish.core.reading import Remembering, reading
from skirmish.core.ruleset import RULESETS, Outcome, Ruleset, State, picture_of

ENGINE_VERSION = "0.1.0"
_MAX_AUTOMATIC_STEPS = 1_000_000
_NOT_OFFERED = object()
#: The text of a takeback entry: ``#takeback K`` keeps the first K actions.
TAKEBACK = "#takeback"


def takeback_entry(to: int) -> str:
    """The entry of a takeback to the first ``to`` actions (stored and recorded as is)."""
    return f"{TAKEBACK} {to}"


def takeback_of(text: str) -> int | None:
    """The number of actions a takeback entry keeps; ``None`` for an action's text."""
    head, _, count = text.partition(" ")
    if head != TAKEBACK:
        return None
    if not count.isdigit() or len(count) > 9:
        raise IllegalActionError(f"a takeback entry is '{TAKEBACK} K', got {text[:40]!r}",
                                 "takeback")
    return int(count)


def play_entry(game: Game, player: int, text: str) -> None:
    """Play one entry of a match (a stored action or a takeback) for ``player``: the one
    way stored matches, fan-out notices and records are re-played."""
    to = takeback_of(text)
    if to is not None:
        game.take_back(to, player)
        return
    if game.is_over:
        raise GameOverError(f"'{text[:60]}': the game is already over")
    if game.decision().player != player:
        raise IllegalActionError(f"'{text[:60]}' is for player {player}, but player "
                                 f"{game.decision().player} decides", "takeback")
    game.apply(text)

class Offer:
    """Legal actions as listed (:meth:`Game.offered`): the number of actions applied when
    they were listed (``applied``), those very objects (``listed``: held, so that no other
    object can take an id), and, made only when an equal action that is not one of them is
    checked, the set of them (:attr:`actions`)."""

    __slots__ = ("_actions", "_asked", "_by_id", "applied", "listed")

    def __init__(self, applied: int, listed: Sequence[Action]) -> None:
        self.applied = applied
        self.listed = listed
        self._by_id: dict[int, Action] | None = None
        self._asked = 0
        self._actions: frozenset[Action] | None = None

    def holds(self, action: object) -> bool:
        """Whether ``action`` is one of the very objects listed: the first few times by a
        scan for it (most offers are asked once), then by id (a search asks one offer on
        many copies of a game)."""
        by_id = self._by_id
        if by_id is None:
            self._asked += 1
            if self._asked <= 2:
                for listed in self.listed:  # noqa: SIM110 - a loop is 3x faster than any()
                    if listed is action:
                        return True
                return False
            by_id = self._by_id = {id(a): a for a in self.listed}
        return by_id.get(id(action), _NOT_OFFERED) is action

    @property
    def actions(self) -> frozenset[Action]:
        if self._actions is None:
            self._actions = frozenset(self.listed)
        return self._actions

    def with_action(self, action: Action) -> Offer:
        """The same offer and one more action (legal in the game it was listed from)."""
        return Offer(self.applied, [*self.listed, action])


class Game:
    """One match in progress."""

    __slots__ = (
        "_decision",
        "_offered",
        "dice",
        "ended",
        "history",
        "initial_dice",
        "log",
        "resumes",
        "ruleset",
        "setup",
        "since",
        "sparse",
        "stack",
        "state",
        "trail",
    )

    def __init__(
        self,
        ruleset: Ruleset,
        state: State,
        setup: Mapping[str, Any],
        dice: Dice,
        stack: Sequence[Procedure] = (),
    ) -> None:
        self.ruleset = ruleset
        self.state = state
        self.setup: Mapping[str, Any] = setup
        self.dice = dice
        self.initial_dice: dict[str, Any] = dice.to_json()
        self.stack: list[Procedure] = list(stack)
        self.log: list[Event] = []
        self.history: list[Action] = []
        self._decision: Decision | None = None
        # How many actions had been applied when the legal actions were last listed, those
        # actions, and those very objects by id (held, so that no other object can take an
        # id): applying one of them needs no second check (procedures offer valid, legal
        # actions only).
        self._offered: Offer | None = None
        #: True only while :meth:`legal_actions` lists a sparse set (``sparse=True``): a
        #: ruleset's samplers of continuous choices (move destinations, contact points,
        #: template placements) may then offer fewer representatives.
        self.sparse = False
        #: The outcome the game's table set when it ended the game itself (:meth:`end`).
        self.ended: Outcome | None = None
        #: Takebacks (:meth:`take_back`): the entries played up to the last takeback, its
        #: entry included (empty: none yet), the actions it kept (``since``) and where the
        #: dice went on after each takeback (history index -> dice state before that
        #: action). Never changed in place: copies share them.
        self.trail: tuple[tuple[int, str], ...] = ()
        self.since = 0
        self.resumes: Mapping[int, Mapping[str, Any]] = {}

    # -- the stack ----------------------------------------------------------------------
    def push(self, *procedures: Procedure) -> None:
        """Push procedures; the first given is resolved first (it ends on top)."""
        self.stack.extend(reversed(procedures))

    def pop(self) -> Procedure:
        return self.stack.pop()

    @property
    def top(self) -> Procedure:
        return self.stack[-1]

    def emit(self, event: Event) -> None:
        self.log.append(event)

    def advance(self) -> None:
        """Run automatic steps until a procedure waits for a decision or the stack is empty."""
        steps = 0
        while self.stack:
            state = self.state
            if isinstance(state, Remembering):  # finding the decision changes nothing
                state.begin_reading()
                try:
                    decision = self.stack[-1].decision(self)
                finally:
                    state.end_reading()
            else:
                decision = self.stack[-1].decision(self)
            if decision is not None:
                self._decision = decision
                return
            self.stack[-1].run(self)
            steps += 1
            if steps > _MAX_AUTOMATIC_STEPS:
                raise RuntimeError(f"rules loop: {type(self.stack[-1]).__name__} never waits")
        self._decision = None

    # -- deciding -------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return not self.stack

    def decision(self) -> Decision:
        """The one pending decision. Raises :class:`GameOverError` once the game is over."""
        if self._decision is None:
            raise GameOverError("the game is over: no decision is pending")
        return self._decision

    def outcome(self) -> Outcome | None:
        if self.ended is not None:
            return self.ended
        return self.ruleset.outcome(self) if self.is_over else None

    def end(self, outcome: Outcome) -> None:
        """End the game now with an outcome that no rule of the game decided: its table's
        (a player whose clock ran out concedes, a player resigns). No procedure runs: the
        stack is emptied and :meth:`outcome` is ``outcome`` from now on. The record's end
        line says so (``"ended": "table"``), and a re-play applies it again (its actions
        alone would not end the game). :class:`GameOverError` if the game is over already."""
        if self.is_over:
            raise GameOverError("the game is over: it cannot be ended again")
        self.ended = outcome
        self.stack = []
        self._decision = None
        self._offered = None

    def parse(self, text: str) -> Action:
        return self.ruleset.actions.parse(text)

    def legal_actions(self, sparse: bool = False) -> LegalActions:
        """A lazy view of the legal actions: ``in`` accepts any legal action,
        iteration gives a finite deterministic list of representatives - fewer of the
        continuous choices' when ``sparse`` (a search's rollouts: cheaper to list, every one
        still legal)."""
        return LegalActions(self, sparse)

    def offered(self) -> Offer | None:
        """The legal actions as :meth:`legal_actions` last listed them, if no action has been
        applied since: a token for :meth:`offer`."""
        offered = self._offered
        return offered if offered is not None and offered.applied == len(self.history) else None

    def offer(self, offer: Offer) -> None:
        """Take the legal actions listed on an identical copy of this game (copied from one
        game, the same actions applied since, the same dice): applying one of those very
        objects is then not checked again. A search that plays one line on many copies
        lists its actions once. An offer from a game that is not identical is the caller's
        error; one made after a different number of actions is ignored."""
        if offer.applied == len(self.history):
            self._offered = offer

    def check(self, action: Action | str) -> Action:
        """The action, parsed and in canonical form, if it is legal now; otherwise
        :class:`IllegalActionError` (:class:`GameOverError` once the game is over).

        Every value of an action is validated from its class's field types before anything
        else (:meth:`ActionSet.validate`), except for the very objects the game itself has
        just offered in :meth:`legal_actions`."""
        if self.is_over:
            raise GameOverError("the game is over: no action can be applied")
        offered = self._offered
        if offered is not None and offered.applied != len(self.history):
            offered = None
        if isinstance(action, str):
            try:
                action = self.parse(action)
            except NotationError as exc:
                raise IllegalActionError(str(exc), "action notation") from None
        elif offered is not None and offered.holds(action):
            self.ruleset.actions.remember(action)  # valid wherever it is applied again
            return action  # the very object offered: valid and legal
        try:
            action = self.ruleset.actions.validate(action)
        except NotationError as exc:
            raise IllegalActionError(str(exc), "action notation") from None
        if offered is not None and action in offered.actions:
            return action
        with reading(self.state):
            self.stack[-1].check(self, action)
        return action

    def apply(self, action: Action | str) -> None:
        """Apply a legal action for the deciding player; an illegal one changes nothing.

        The action is checked and written in full before anything changes; if anything
        fails after that (forced dice running out, a bug), the game is put back exactly as
        it was."""
        action = self.check(action)
        event = ActionEvent(
            player=self.decision().player, action=str(action), audience=self._audience()
        )
        history, log = len(self.history), len(self.log)
        if self.resumes and history in self.resumes:  # the dice went on after a takeback
            self.dice = dice_from_json(self.resumes[history])
        try:
            self.history.append(action)
            self.log.append(event)
            self.stack[-1].apply(self, action)
            self.advance()
        except BaseException as failure:
            # Whatever failed half-way, the game goes back to exactly where it was:
            # re-played from its set-up without this action.
            del self.history[history:]
            del self.log[log:]
            try:
                self._become(self._rebuilt(self.history, self.resumes))
            except Exception:
                # A game that its set-up does not replay (a search's determinization) cannot
                # go back; an interrupt (Ctrl-C, SIGTERM) stays what it was all the same,
                # never an error that a caller skips (a search skips refused lines).
                if isinstance(failure, Exception):
                    raise
                raise failure from None
            raise

    def _become(self, other: Game) -> None:
        for slot in Game.__slots__:
            setattr(self, slot, getattr(other, slot))

    def _audience(self) -> tuple[int, ...] | None:
        """Actions taken on a secret decision (a bid) are seen by their player only."""
        decision = self._decision
        if decision is not None and decision.kind.startswith("secret"):
            return (decision.player,)
        return None

    # -- copies, snapshots, undo ---------------------------------------------------------------
    def copy(self) -> Game:
        """An independent copy (the ruleset and setup, immutable, are shared)."""
        other = Game.__new__(Game)
        other.ruleset = self.ruleset
        other.state = self.state.clone()
        other.setup = self.setup
        other.dice = self.dice.clone()
        other.initial_dice = self.initial_dice
        other.stack = [p.clone() for p in self.stack]
        other.log = list(self.log)
        other.history = list(self.history)
        other._decision = self._decision
        other._offered = self._offered
        other.sparse = False
        other.ended = self.ended
        other.trail, other.since, other.resumes = self.trail, self.since, self.resumes
        return other

    def to_json(self) -> dict[str, Any]:
        """A full snapshot (for saving; players' secrets included: never send it to a seat);
        ``ended`` only when the table ended the game (:meth:`end`)."""
        data: dict[str, Any] = {
            "ruleset": self.ruleset.name,
            "engine": ENGINE_VERSION,
            "setup": self.setup,
            "initial_dice": self.initial_dice,
            "dice": self.dice.to_json(),
            "state": self.state.to_json(),
            "stack": [p.to_json() for p in self.stack],
            "log": [e.to_json() for e in self.log],
            "history": [str(a) for a in self.history],
            # only a game with takebacks has them: every other snapshot (and hash) is as it was
            **({"takebacks": {"trail": [list(e) for e in self.trail], "since": self.since,
                              "resumes": {str(i): dict(d) for i, d in
                                          sorted(self.resumes.items())}}}
               if self.trail else {}),
        }
        if self.ended is not None:
            data["ended"] = self.ended.to_json()
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Game:
        ruleset = RULESETS.get(str(data["ruleset"]))
        game = cls(
            ruleset,
            ruleset.state_from_json(data["state"], data["setup"]),
            data["setup"],
            dice_from_json(data["dice"]),
            [procedure_from_json(p) for p in data["stack"]],
        )
        game.initial_dice = dict(data["initial_dice"])
        game._offered = None
        game.log = [event_from_json(e) for e in data["log"]]
        game.history = [ruleset.actions.parse(a) for a in data["history"]]
        if data.get("ended") is not None:
            game.ended = Outcome.from_json(data["ended"])
        takebacks = data.get("takebacks")
        if takebacks:
            game.trail = tuple((int(p), str(t)) for p, t in takebacks["trail"])
            game.since = int(takebacks["since"])
            game.resumes = {int(i): dict(d) for i, d in takebacks["resumes"].items()}
        if game.stack:
            game._decision = game.stack[-1].decision(game)
        return game

    def state_hash(self) -> str:
        """SHA-256 of the canonical snapshot: equal hashes mean equal games."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def replayed(self, actions: Sequence[Action | str]) -> Game:
        """A fresh game from this game's setup and first dice, with ``actions`` applied;
        where the dice went on after a takeback (:meth:`take_back`), they go on there
        again, so re-playing the kept actions gives this very game (without the record of
        its takebacks)."""
        game = self.ruleset.new_game(self.setup, dice=dice_from_json(self.initial_dice))
        game.resumes = self.resumes
        for action in actions:
            game.apply(action)
        if len(actions) in self.resumes:
            game.dice = dice_from_json(self.resumes[len(actions)])
        return game

    def undo(self) -> Action:
        """Take back the last action (the game is re-played from its setup without it, the
        dice as they were before it: for an action nobody has seen, such as one whose
        commit failed; a player's takeback is :meth:`take_back`)."""
        if len(self.history) <= self.since:
            raise IllegalActionError("nothing to undo" if not self.history else
                                     "cannot undo across a takeback", "undo")
        last = self.history[-1]
        self._become(self._rebuilt(self.history[:-1], self.resumes))
        return last

    def _rebuilt(self, actions: Sequence[Action | str],
                 resumes: Mapping[int, Mapping[str, Any]]) -> Game:
        """A fresh game from this game's set-up and first dice with ``actions`` applied, the
        dice set to ``resumes[i]`` before action ``i`` (:meth:`apply` does it) and after the
        last one, where the dice went on after a takeback; the takebacks kept as they are."""
        game = self.ruleset.new_game(self.setup, dice=dice_from_json(self.initial_dice))
        game.resumes = resumes  # apply sets the dice where they went on
        for action in actions:
            game.apply(action)
        if len(actions) in resumes:
            game.dice = dice_from_json(resumes[len(actions)])
        game.trail, game.since = self.trail, self.since
        return game

    # -- takebacks -----------------------------------------------------------------------------
    def take_back(self, to: int, player: int) -> None:
        """Go back to the decision after the first ``to`` actions, for ``player`` (who asked:
        it is recorded). The game is the one those actions made, but the dice go on from
        the last draw: the dice already seen are never drawn again, so a takeback never lets
        anyone choose again knowing the dice to come. A ``to`` outside ``0 .. len(history)-1``
        changes nothing (:class:`IllegalActionError`)."""
        if not 0 <= to < len(self.history):
            raise IllegalActionError(f"a takeback keeps 0 to {len(self.history) - 1} of the "
                                     f"{len(self.history)} actions, not {to}", "takeback")
        entries = self.entries()
        resumes = {i: d for i, d in self.resumes.items() if i < to}
        resumes[to] = self.dice.to_json()  # the dice go on where they are
        game = self._rebuilt(self.history[:to], resumes)
        game.trail = (*entries, (player, takeback_entry(to)))
        game.since = to
        self._become(game)

    def entries(self) -> list[tuple[int, str]]:
        """Everything played, in order, as (player, text): the actions and the takebacks
        (``#takeback K``), the actions taken back included (what a record keeps)."""
        actions = [(e.player, e.action) for e in self.log if isinstance(e, ActionEvent)]
        return [*self.trail, *actions[self.since:]]

    @property
    def played(self) -> int:
        """How many entries have been played (:meth:`entries`): actions and takebacks."""
        return len(self.trail) + len(self.history) - self.since

    # -- what players may see ------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """All that ``player`` may know, JSON-serialisable. The only input of a bot or client.
        ``None`` is a spectator: neither player's secrets.

        ``dice`` says what kind of dice the game uses and, for keyed dice, the commitment to
        their key published when the match starts (never a seed, a key or a draw counter)."""
        with reading(self.state):
            view = self.ruleset.view(self, player)
        view["dice"] = self.dice.public()
        if self.is_over:
            outcome = self.outcome()
            view["decision"] = None
            view["outcome"] = outcome.to_json() if outcome else None
        else:
            decision = self.decision()
            view["decision"] = (
                decision.to_json()
                if decision.player == player
                else {"player": decision.player, "kind": decision.kind}
            )
        return view

    def log_for(self, player: int) -> list[Event]:
        """The log as ``player`` may read it: others' secrets replaced by stand-ins."""
        return [event.for_player(player) for event in self.log]

    def _repr_svg_(self) -> str | None:
        """The table as SVG, for notebooks (Jupyter shows it): the ruleset's picture of the
        current state, ``None`` when it draws none (:func:`~skirmish.core.ruleset.picture_of`)."""
        return picture_of(self.ruleset, self.state)

    def __repr__(self) -> str:
        if self.is_over:
            where = "over"
        else:
            where = f"{self.decision().kind} for player {self.decision().player}"
        return f"<Game {self.ruleset.name}: {len(self.history)} actions, {where}>"


class LegalActions:
    """A lazy view of a game's legal actions (like python-chess's ``legal_moves``)."""

    __slots__ = ("_cache", "_game", "_sparse")

    def __init__(self, game: Game, sparse: bool = False) -> None:
        self._game = game
        self._sparse = sparse
        self._cache: list[Action] | None = None

    def _list(self) -> list[Action]:
        if self._cache is None:
            game = self._game
            game.sparse = self._sparse
            try:
                with reading(game.state):
                    self._cache = [] if game.is_over else game.top.legal_actions(game)
            finally:
                game.sparse = False
            game._offered = Offer(len(game.history), self._cache)
        return self._cache

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action | str):
            return False
        try:
            self._game.check(action)
        except (IllegalActionError, GameOverError):
            return False
        return True

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())

    def __len__(self) -> int:
        return len(self._list())

    def __getitem__(self, index: int) -> Action:
        return self._list()[index]

    def __bool__(self) -> bool:
        return bool(self._list())

    def __repr__(self) -> str:
        return f"<LegalActions: {', '.join(str(a) for a in self._list())}>"
