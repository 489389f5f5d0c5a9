"""One decision searched by single-observer information-set MCTS.

Each iteration takes a determinization of the observer's observation
(:class:`skirmish.core.observation.Determinizer`: the opponent's secrets sampled, fresh
dice) from a small pool, cycled (``determinizations`` of them, sampled with the search's
seeded generator), copies it and walks the tree (:mod:`.tree`) from the observer's
information set: UCB1 with availability counts among the admitted actions (progressive
widening), both players' choices in the one tree. A decision the opponent makes in secret
(a bid, a mission, his hand) is not seen by the observer: there the tree has a single child
and the opponent's choice comes from his policy (the heuristic bot playing his view of
the determinization). The walk ends at a node met for the first time; a rollout follows,
``rollout`` decisions at most, to its ``horizon``: "settle" plays only the decisions that
settle an exchange under way (reactions, locations...) with the cheap policy of
:mod:`.policies`; "round" plays both sides' remaining activations to the end of the round
(a game's round or turn) with the heuristic bot (``policy`` "heuristic"), so that the
leaf is evaluated where both players have acted alike - rollout-based improvement of the
heuristic policy, fewer but far more informative iterations than a mid-round evaluation
(whose horizon favours whoever has just acted); "game" plays to the end. A game may have
its own horizon, budget and root rules (:class:`~skirmish.bots.game_parts.GameSearch`: its
turns may be long to play out). The leaf evaluation follows, back-propagated to every node
of the line.

``paired``: the root's children are sampled with common random numbers - the k-th visit of
each uses the k-th determinization of the pool and the k-th dice seed - so that the
difference between two actions' k-th results is the actions' doing more than the dice's,
and the root's confidence rule compares them by their paired differences
(:func:`.tree.paired_margin`).

Every iteration rolls fresh dice (seeded from the search's generator) that keep a
fingerprint of the values they have given (:class:`TracedDice`): the same line of play on
the same determinization with the same dice values reaches the same game, so the legal
actions listed at a node are kept by (determinization, dice fingerprint) and offered to the
next such copy unchecked (:meth:`Game.offer`) - a line without dice (moves, activations)
is listed once per determinization. When the observation hides nothing (a game without
secrets, or a match whose secrets are all known) one determinization is enough.

What the search knows of the game (its leaf, its rollout preferences and settling
decisions, its own settings) is the game's bots part's
(:func:`skirmish.bots.game_parts.game_search`), configured once a search from the agent's
:class:`Settings`.

Budgets: ``iterations`` and ``seconds`` (checked between iterations, and no iteration is
begun that would overrun the seconds if it lasted as long as the mean or the longest one so
far; a rollout to the round's or the game's end also stops at the cap, before a decision
that would overrun it if it took as long as the longest one so far, its iteration then
abandoned, :class:`OutOfTime`; a clock can be given; the seconds count from the decision's
start, ``begun``, when given: the agent's root prior is part of its time). For a given
seed and iteration budget the search is deterministic; a time budget is not. The action
returned is the most visited at the root - or the heuristic's, when it is within
``confidence`` standard errors of that one (:func:`.tree.confident_choice`), unless the
heuristic's choice is not ``informed`` (a random pick: then the most visited, or, where the
game names the actions to default to, ``GameSearch.default_among``, the most visited of
those unless another beats it by the margin).
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from skirmish.bots.game_parts import game_search, generic_leaf
from skirmish.bots.mcts.explanation import Explanation
from skirmish.bots.mcts.halving import Halving, halving_choice
from skirmish.bots.mcts.policies import cheap_choice, ordered
from skirmish.bots.mcts.presets import HORIZONS, PICKS, ROUNDS
from skirmish.bots.mcts.settings import DEFAULT_ITERATIONS, Settings
from skirmish.bots.mcts.tree import Key, Node, confident_choice, expand, margin_choice, select
from skirmish.core.actions import Action
from skirmish.core.dice import Dice, SeededDice
from skirmish.core.game import Game
from skirmish.core.observation import HIDDEN, Determinizer, hides_nothing

#: ``pick`` "margin": the fewest pairs over which a rival is compared: with fewer, a margin
#: of two standard errors is too often luck (of hard's 39 kept rivals ahead by two or more
#: in one game's searches, the only one that 100 pairs found worse had led over 4 pairs:
#: docs/bots.md).
MARGIN_PAIRS = 5


class TracedDice(SeededDice):
    """Seeded dice that keep a fingerprint of every value they have given: (how many, a
    hash of them in order)."""

    __slots__ = ("trace",)

    def __init__(self, seed: int, counter: int = 0, trace: tuple[int, int] = (0, 0)) -> None:
        super().__init__(seed, counter)
        self.trace = trace

    def below(self, n: int) -> int:
        value = super().below(n)
        count, digest = self.trace
        self.trace = (count + 1, hash((digest, n, value)))
        return value

    def clone(self) -> TracedDice:
        return TracedDice(self.seed, self.counter, self.trace)


#: A game's ``replay`` with a cap: what a costly decision worked out afresh in a rollout
#: is expected to take at least (seconds): the listing of a figure's moves (sampled
#: destinations and charges, with their path searches) and the heuristic's choice among
#: them. Instrumented normal searches (2026-12-03, docs/bots.md) found one of 116 ms, 105 of
#: them the listing, begun 22 ms before the cap, when the root's own move had taken 8 ms:
#: normal's slowest decision, 494 ms against its 0.5 s limit.
FRESH_MOVE = 0.12


class OutOfTime(Exception):
    """A long rollout reached the seconds cap: its iteration is abandoned (not
    back-propagated) and the search ends."""


class Search:
    """The search of one decision of ``observation``'s player among ``legal``."""

    def __init__(self, observation: Mapping[str, Any], legal: Sequence[Action],
                 settings: Settings, rng: Dice, *,
                 prior: Action | None = None,
                 opponent: Callable[[Game, Sequence[Action]], Action] | None = None,
                 guide: Callable[[Game, Sequence[Action]], Action] | None = None,
                 informed: bool = True,
                 clock: Callable[[], float] = time.perf_counter,
                 begun: float | None = None,
                 candidates: Sequence[Action] | None = None,
                 default_among: Callable[[Action], bool] | None = None) -> None:
        if not legal:
            raise ValueError("no legal action to search")
        #: When the decision began (``clock``'s time; the search's start when not given):
        #: the seconds cap counts from then, the root prior's time included.
        self.begun = begun
        self.settings = settings
        self.rng = rng
        self.clock = clock
        self.observer = int(observation["player"])
        self.ruleset = str(observation["ruleset"])
        self.legal = {str(a): a for a in legal}
        #: The root's actions when the agent narrows them (``candidates``: the game's,
        #: :attr:`~skirmish.bots.game_parts.GameSearch.candidates`); else those listed,
        #: filtered by ``legal``.
        self.candidates = None if candidates is None else list(candidates)
        for action in self.candidates or ():
            self.legal.setdefault(str(action), action)
        self.root = Node()
        self.prior = None if prior is None else str(prior)
        if prior is not None:
            self.legal.setdefault(str(prior), prior)
        if self.prior is not None:
            self.root.bias[(self.observer, self.prior)] = settings.bias
        self.opponent = opponent
        self.guide = guide
        #: What the search knows of the game, for these settings.
        game = self.game = game_search(self.ruleset, settings)
        #: Whether the prior is a judgement to defer to (the ``confidence`` margin): not
        #: when the heuristic picks at random (the game's ``uninformed`` decisions).
        confidence = settings.confidence if game.confidence is None else game.confidence
        self.confidence = confidence if informed else 0.0
        #: Where the prior is no judgement, the actions whose most visited is the search's
        #: default all the same, kept unless another beats it by the ``confidence`` margin
        #: (the game's :attr:`~skirmish.bots.game_parts.GameSearch.default_among`).
        self.default_among = None if informed else default_among
        self.margin = confidence
        pick = settings.pick if game.pick is None else game.pick
        if pick not in PICKS:
            raise ValueError(f"pick: one of {', '.join(PICKS)}, got {pick!r}")
        #: ``pick``: the rival of the heuristic's choice is the most surely better one.
        self.by_margin = pick == "margin"
        table = game.preference

        def preference(action: Action) -> float:
            return table.get(action.verb, 1.0)

        self.preference = preference
        self.value = game.leaf or generic_leaf
        self.settling = game.settling
        #: The rollouts' horizon in this game (it may have its own, and one of its own at
        #: this decision).
        horizon = settings.horizon if game.horizon is None else game.horizon
        here = None if game.horizon_at is None else game.horizon_at(observation)
        if here is not None and here not in HORIZONS:
            raise ValueError(f"{self.ruleset}: a decision's horizon must be one of "
                             f"{', '.join(HORIZONS)}, got {here!r}")
        self.horizon = horizon if here is None else here
        #: ``student``: the paired margins read through Student's t; always at a decision
        #: weighed to a horizon of its own, by few, long rollouts (a whole match's: some 8 to
        #: 24 in expert's cap), whose margins stand on a handful of pairs each, their spread
        #: itself a noisy estimate (docs/bots.md, "The secret mission, weighed over the match").
        student = settings.student if game.student is None else game.student
        self.student = student or here is not None
        #: The game's costly decisions, played in the rollouts by its stand-in (``stays``)
        #: or by the policy, remembered (``replay``).
        self.costly = game.costly
        self.stays = game.stand_in is not None
        #: ``replay``: the rollouts' costly decisions are the policy's, remembered by
        #: position: (determinization, dice given, actions since the root) -> the action
        #: and the listing offered with it.
        self.replay = game.replay
        self.replayed: dict[tuple[int, object, tuple[str, ...]], tuple[Action, Any]] = {}
        #: The actions of the iteration under way since the root, and its determinization.
        self.trail: list[str] = []
        self.trail_index = 0
        #: Moves replayed from :attr:`replayed` rather than worked out again.
        self.replays = 0
        self.determinizer = Determinizer(observation, self.observer)
        self.pool: list[Game] = []
        self.samples = 1 if hides_nothing(observation) else max(1, settings.determinizations)
        self.iterations = 0
        self.errors = 0
        #: ``paired``: the dice seed of each root child's k-th visit.
        self.paired_seeds: list[int] = []
        #: ``halving``: the root's schedule (:mod:`.halving`), the heuristic's choice kept
        #: when it is a judgement to defer to.
        keep = None if self.prior is None or not self.confidence else (self.observer,
                                                                        self.prior)
        width = settings.halving if game.halving is None else game.halving
        self.halving = Halving(width, keep) if width > 0 else None
        self.started = 0.0
        #: When the seconds cap runs out (``clock``'s time; ``None``: no cap, or not
        #: running): a rollout to the round's end or the game's stops there.
        self.deadline: float | None = None
        #: Iterations abandoned at the cap (at most one a search).
        self.abandoned = 0
        #: The longest single rollout decision so far (seconds, with a cap): a rollout
        #: stops before a decision that would overrun the cap if it took as long.
        self.step = 0.0
        #: ``replay``: the longest costly decision worked out afresh so far (seconds, with a cap;
        #: at least :data:`FRESH_MOVE`, and the root prior's time at a movement, the
        #: heuristic's move there): a rollout stops before a fresh move that would overrun
        #: the cap if it took as long.
        self.fresh = 0.0

    # -- the pool of determinizations ----------------------------------------------------------
    def _determinization(self, index: int) -> Game:
        while len(self.pool) <= index:
            self.pool.append(self.determinizer.sample(self.rng))
        return self.pool[index]

    # -- one node ----------------------------------------------------------------------------------
    def _listed(self, node: Node, index: int, game: Game, player: int,
                depth: int) -> tuple[list[Action], list[Key]]:
        """The legal actions at ``node`` in determinization ``index`` and their keys, listed
        once per determinization and dice values (then offered to the copy unchecked), the
        guide's choice added (:meth:`_guided`)."""
        dice = game.dice
        where = (index, dice.trace) if isinstance(dice, TracedDice) else None
        known = node.listed.get(where) if where is not None else None
        if known is not None:
            actions, keys, offer = known
            if offer is not None:
                game.offer(offer)
            return actions, keys
        if node is self.root and self.candidates is not None:
            actions, offer = list(self.candidates), None  # checked as they are applied
        else:
            actions = list(game.legal_actions(self.settings.sparse and node is not self.root))
            if node is self.root:  # the observer's real choices only
                actions = [a for a in actions if str(a) in self.legal]
            offer = game.offered()
        extra = self._guided(node, game, actions, depth)
        if extra is not None:
            actions.append(extra)
            node.bias[(player, str(extra))] = self.settings.bias
            if offer is not None:
                offer = offer.with_action(extra)
                game.offer(offer)
        keys = [(player, str(a)) for a in actions]
        if where is not None:
            node.listed[where] = (actions, keys, offer)
        return actions, keys

    def _guided(self, node: Node, game: Game, actions: Sequence[Action],
                depth: int) -> Action | None:
        """The guide's choice when the listed actions lack it (a move destination of its own,
        say): the heuristic's at the root (``prior``), and at the ``guide`` first levels
        below it, the heuristic playing the decider's view of this determinization. Not
        checked again: an agent's action is legal in the game whose view it was given (the
        root's in every determinization, since the observer's choices depend only on what
        he knows); should one fail, the iteration is skipped and counted."""
        if node is self.root:
            extra = None if self.prior is None else self.legal[self.prior]
        elif self.guide is not None and depth <= self.settings.guide:
            extra = self.guide(game, actions)
        else:
            return None
        if extra is None or any(a is extra or str(a) == str(extra) for a in actions):
            return None
        return extra

    def _order(self, node: Node, actions: Sequence[Action],
               keys: Sequence[Key]) -> Callable[[list[Key]], list[Key]]:
        """The prior's order of new keys: the cheap preference with seeded ties; at the root
        the heuristic's choice first."""
        by_key = dict(zip(keys, actions, strict=True))

        def order(new: list[Key]) -> list[Key]:
            scores = [self.preference(by_key[k]) + (100.0 if k in node.bias else 0.0)
                      for k in new]
            return ordered(new, scores, self.rng)

        return order

    # -- one iteration -----------------------------------------------------------------------------
    def iterate(self) -> None:
        """One walk down the tree, a rollout, a leaf evaluation, back-propagated."""
        settings = self.settings
        index = self.iterations % self.samples
        self.iterations += 1
        game = self._determinization(index).copy()
        game.dice = TracedDice(self.rng.below(1 << 62))
        node = self.root
        path = [node]
        fresh = False
        self.trail = []
        while not game.is_over and not fresh:
            decision = game.decision()
            player = decision.player
            if ((self.stays or self.replay) and decision.kind in self.costly
                    and node is not self.root):
                break  # the game's stand-in or replay: its costly decisions below the
                # root are the rollout's
            actions, keys = self._listed(node, index, game, player, len(path) - 1)
            if not actions:
                break
            if player != self.observer and decision.kind.startswith("secret"):
                action = self._opponent(game, actions)
                key: Key = (player, HIDDEN)
                node.rank([key], list)
                fresh = key not in node.children
                child = expand(node, key)
                if not fresh:
                    child.avail += 1
            else:
                node.rank(keys, self._order(node, actions, keys))
                if node is self.root and self.halving is not None:
                    key = self.halving.next(node, keys, self._left)
                    fresh = key not in node.children
                else:
                    key, fresh = select(node, keys, settings.exploration, settings.widening,
                                        settings.alpha)
                action = actions[keys.index(key)]
                child = expand(node, key)
                if settings.paired and node is self.root:
                    game, action, index = self._paired(child, player)
            game.apply(action)
            if self.replay:
                self.trail.append(str(action))
            node = child
            path.append(node)
        self.trail_index = index
        self.rollout(game)
        value = self.value(game)
        for visited in path:
            visited.update(value)

    def _paired(self, child: Node, player: int) -> tuple[Game, Action, int]:
        """``paired``: the game of the root child's next visit, its k-th: determinization
        k (cycled) and the k-th dice seed, the same for every root child, so that their
        k-th results differ by the actions only (common random numbers); the child's
        action listed there, and the determinization's index."""
        if child.values is None:
            child.values = []
        k = child.visits
        while len(self.paired_seeds) <= k:
            self.paired_seeds.append(self.rng.below(1 << 62))
        index = k % self.samples
        game = self._determinization(index).copy()
        game.dice = TracedDice(self.paired_seeds[k])
        actions, keys = self._listed(self.root, index, game, player, 0)
        assert child.key is not None
        return game, actions[keys.index(child.key)], index

    def _left(self) -> float:
        """The iterations left in the budget, the one under way included: the iterations'
        and what the seconds left allow at the mean pace so far (32 when neither tells)."""
        iterations, seconds = self.settings.budget_in(self.game)
        left = math.inf if iterations is None else float(iterations - self.iterations + 1)
        done = self.iterations - 1
        seconds = self._cap(seconds)
        if seconds is not None and done > 0:
            spent = self.clock() - self.started
            left = min(left, max(1.0, (seconds - spent) / (spent / done)))
        return 32.0 if left == math.inf else left

    def rollout(self, game: Game) -> int:
        """Play ``game`` on from a leaf to the ``horizon`` (at most ``rollout`` decisions)
        with the rollout ``policy``; the decisions played."""
        settings = self.settings
        horizon = self.horizon
        round_of = self.game.round_of
        start = round_of(game)
        played = 0
        last: float | None = None
        while played < settings.rollout and not game.is_over:
            if horizon == "settle":
                if self.settling is not None and game.decision().kind not in self.settling:
                    break
            elif horizon in ROUNDS and round_of(game) - start >= ROUNDS[horizon]:
                break
            if self.deadline is not None:
                now = self.clock()
                if last is not None:
                    self.step = max(self.step, now - last)
                last = now
                if now + self.step > self.deadline:
                    raise OutOfTime  # a long rollout: the next decision would overrun
            if self.replay and game.decision().kind in self.costly:
                action = self._replayed(game)
            elif self.stays and game.decision().kind in self.costly:
                assert self.game.stand_in is not None
                action = self.game.stand_in(game)
            else:
                action = self._chosen(game)
            game.apply(action)
            if self.replay:
                self.trail.append(str(action))
            played += 1
        return played

    def _chosen(self, game: Game) -> Action:
        """The rollout ``policy``'s action among the legal ones; a destination of its own
        (the heuristic's step toward a goal), legal in the game it was chosen from, is
        offered along with the listing, not checked again (as :meth:`_replayed` and
        :meth:`_guided` trust it; should it fail, the iteration is skipped and counted)."""
        actions = list(game.legal_actions(self.settings.sparse))
        action = self._policy(game, actions)
        if any(a is action for a in actions):
            return action
        offer = game.offered()
        if offer is not None:
            game.offer(offer.with_action(action))
        return action

    def _replayed(self, game: Game) -> Action:
        """``replay``: the rollout policy's action at this costly decision, worked out the
        first time the search reaches the position (the same determinization, dice and
        actions since the root) and replayed after, its listing offered again unchecked."""
        dice = game.dice
        key = (self.trail_index, dice.trace if isinstance(dice, TracedDice) else None,
               tuple(self.trail))
        known = self.replayed.get(key)
        if known is not None:
            action, offer = known
            if offer is not None:
                game.offer(offer)
            self.replays += 1
            return action
        begun = self.clock() if self.deadline is not None else 0.0
        if self.deadline is not None and begun + self.fresh > self.deadline:
            raise OutOfTime  # a fresh move as long as the longest would overrun the cap
        actions = list(game.legal_actions(self.settings.sparse))
        offer = game.offered()
        action = self._policy(game, actions)
        if self.deadline is not None:
            self.fresh = max(self.fresh, self.clock() - begun)
        if offer is not None and not any(a is action for a in actions):
            # a destination of the heuristic's own, legal in the game it was chosen from
            # (as :meth:`_guided` trusts it): offered along with the listing
            offer = offer.with_action(action)
            game.offer(offer)
        if key[1] is not None:
            self.replayed[key] = (action, offer)
        return action

    def _policy(self, game: Game, actions: Sequence[Action]) -> Action:
        """The rollout ``policy``'s choice among ``actions``."""
        if self.settings.policy == "heuristic" and self.opponent is not None:
            return self.opponent(game, actions)
        return cheap_choice(actions, self.preference, self.rng, self.settings.greedy)

    def _opponent(self, game: Game, actions: Sequence[Action]) -> Action:
        if self.opponent is not None:
            return self.opponent(game, actions)
        return cheap_choice(actions, self.preference, self.rng, self.settings.greedy)

    def _cap(self, seconds: float | None) -> float | None:
        """The search's own seconds: the cap less what the decision took before the search
        began (``begun``: the root prior)."""
        if seconds is None or self.begun is None:
            return seconds
        return seconds - (self.started - self.begun)

    # -- the whole search --------------------------------------------------------------------------
    def run(self) -> tuple[Action, Explanation]:
        """Search within the budget; the most visited root action and the explanation."""
        with old_objects_set_aside():
            return self._run()

    def _run(self) -> tuple[Action, Explanation]:
        iterations, seconds = self.settings.budget_in(self.game)
        start = self.started = self.clock()
        seconds = self._cap(seconds)
        if self.replay and seconds is not None:
            self.fresh = FRESH_MOVE  # until a longer one is seen
            if (self.begun is not None
                    and self._determinization(0).decision().kind in self.costly):
                self.fresh = max(FRESH_MOVE, start - self.begun)  # the root's own move
        if seconds is not None and self.horizon != "settle":
            self.deadline = start + seconds
        last, longest = start, 0.0
        while True:
            if iterations is not None and self.iterations >= iterations:
                break
            if seconds is not None:  # stop when the next iteration would overrun the cap
                now = self.clock()
                spent, done = now - start, self.iterations
                if done > self.samples:  # past the one-off work of each determinization
                    longest = max(longest, now - last)
                last = now
                if spent >= seconds or (done and spent + max(spent / done, longest)
                                        > seconds):
                    break
            try:
                self.iterate()
            except OutOfTime:  # its line is left without a result
                self.iterations -= 1
                self.abandoned += 1
                break
            except Exception:  # a determinization the rules refuse: skip the iteration
                self.errors += 1
        self.deadline = None
        elapsed = self.clock() - start
        return self._choice(elapsed)

    def _default(self) -> tuple[Key | None, float]:
        """The choice the root keeps unless another beats it by the margin, and that margin:
        the prior and ``confidence`` (none where the prior is no judgement); or the most
        visited of the game's :attr:`default_among` actions, if any was visited, and the
        settings' margin."""
        prior = None if self.prior is None else (self.observer, self.prior)
        among = self.default_among
        if among is None:
            return prior, self.confidence
        chosen = [c for c in self.root.children.values() if c.key is not None
                  and c.visits and c.key[1] in self.legal and among(self.legal[c.key[1]])]
        if not chosen:
            return prior, self.confidence
        return max(chosen, key=self.root.order_of).key, self.margin

    def _choice(self, elapsed: float) -> tuple[Action, Explanation]:
        prior, confidence = self._default()
        if self.halving is not None:
            best = halving_choice(self.root, self.halving, prior, confidence, self.student)
        elif self.by_margin:
            best = margin_choice(self.root, prior, confidence, MARGIN_PAIRS, self.student)
        else:
            best = confident_choice(self.root, prior, confidence, student=self.student)
        if best is None or best.key is None or best.key[1] not in self.legal:
            text = self.prior if self.prior in self.legal else next(iter(self.legal))
            assert text is not None
            return self.legal[text], Explanation(text, 0.5, self.iterations, elapsed,
                                                 errors=self.errors, prior=self.prior)
        text = best.key[1]
        children = sorted(self.root.children.values(), key=self.root.order_of, reverse=True)
        options = [{"action": c.key[1], "visits": c.visits, "win": round(c.mean(), 4)}
                   for c in children[:8] if c.key is not None]
        line = [(n.player, n.key[1] if n.key[1] != HIDDEN else "(secret)")
                for n in self.root.line(self.settings.plies) if n.key is not None]
        explanation = Explanation(text, best.mean(), self.iterations, elapsed, line, options,
                                  len(self.pool), self.determinizer.redraws, self.errors,
                                  self.prior, visits=[(c.key[1], c.visits) for c in children
                                                      if c.key is not None])
        return self.legal[text], explanation


@contextmanager
def old_objects_set_aside() -> Iterator[None]:
    """Python's cyclic garbage collector leaves the objects alive when the search begins
    alone until it ends (:func:`gc.freeze`, then :func:`gc.unfreeze`): its full
    collections, which a search's allocations set off, then go through the search's own
    objects only, not through every object of the process. A full collection of a ladder
    worker's memory (the geometry's and the odds' memos, the games) took 20-80 ms and
    grew with the games played, a pause no iteration's pace foresees, which made a 0.4 s
    search take 0.47 s. Objects still die by reference counting meanwhile; cyclic garbage
    made before the search is collected after it. When the program has frozen objects
    itself (a server before forking), the freeze is left as it is."""
    if gc.get_freeze_count() or not gc.isenabled():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


__all__ = ["DEFAULT_ITERATIONS", "Explanation", "OutOfTime", "Search", "Settings"]
