"""Sampling the engine's own resolution code with the real RNG, for the odds' acceptance tests.

One game is built with the fighters in place (``tests/games/eden/scenario.table``); each sample is
a cheap ``game.copy()`` sharing one :class:`~skirmish.core.dice.SeededDice` (so the draws run
on, never repeat), a procedure of the engine pushed on its stack (``MeleeAttack``,
``Shooting``, ``Projectile``, ``Blast``) or the intendancy's ``burn``, and the engine's own
decisions answered with the policy the odds assume
(:func:`skirmish.games.eden.odds.game.aim_action`,
:func:`~skirmish.games.eden.odds.game.shift_action`,
:func:`~skirmish.games.eden.odds.game.strike_back_action`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from skirmish.core import Game
from skirmish.core.actions import Action
from skirmish.core.dice import ScriptedDice, SeededDice
from skirmish.core.errors import DiceExhaustedError
from skirmish.games.eden.cards.profile import FighterProfile, Limb
from skirmish.games.eden.demo import (
    ABAMA,
    ANTON,
    MATCH_EQUIPMENT,
    NGOBO,
    TARAR,
    VLADD,
    YURI,
)
from skirmish.games.eden.odds.game import aim_action, react, shift_action, strike_back_action
from skirmish.games.eden.odds.results import LIMBS, AttackOdds, Delta

from ..scenario import state, table

#: The content's sample cards (skirmish.games.eden.demo.match_setup).
PROFILES = {p["name"]: FighterProfile.from_dict(p)
            for p in (YURI, VLADD, ANTON, NGOBO, ABAMA, TARAR)}


def place(a: Sequence[tuple[str, float, float]], b: Sequence[tuple[str, float, float]],
          abilities: Sequence[dict[str, object]] = ()) -> Game:
    """A game with the named sample fighters of A and B at (x, y), the match's equipment."""
    return table([(PROFILES[n], x, y) for n, x, y in a], [(PROFILES[n], x, y) for n, x, y in b],
                 equipment=MATCH_EQUIPMENT, abilities=abilities)


@dataclass
class Samples:
    """Per fighter, the CP lost in each sample."""

    refs: tuple[str, ...]
    lost: list[tuple[Delta, ...]]

    def column(self, ref: str) -> list[Delta]:
        i = self.refs.index(ref)
        return [row[i] for row in self.lost]


def run(base: Game, refs: Sequence[str], start: Callable[[Game], None], n: int, seed: int, *,
        reaction: str = "passive", policies: dict[str, str] | None = None) -> Samples:
    """``n`` samples: copy ``base``, ``start`` the attack, answer every decision, record the
    CP each of ``refs`` lost. ``policies`` maps a striker's ref to his aim policy."""
    policies = policies or {}
    dice = SeededDice(seed)
    before = [tuple(state(base).fighter(r).checked) for r in refs]
    out: list[tuple[Delta, ...]] = []
    for _ in range(n):
        game = base.copy()
        game.dice = dice
        start(game)
        while not game.is_over:
            game.apply(_decide(game, reaction, policies))
        out.append(_lost(game, refs, before))
    return Samples(tuple(refs), out)


def within(exact: float, values: Sequence[float], sigmas: float = 4.0) -> tuple[bool, str]:
    """Whether the sample mean of ``values`` is within ``sigmas`` standard errors of ``exact``
    (the standard error of the exact law: sqrt(var / n); a zero variance needs equality)."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(n - 1, 1)
    se = math.sqrt(var / n)
    ok = abs(mean - exact) <= sigmas * se if se > 0 else abs(mean - exact) < 1e-12
    return ok, f"exact {exact:.6f}, sampled {mean:.6f} +- {se:.6f}"


def compare(odds: AttackOdds, samples: Samples) -> list[str]:
    """Every disagreement beyond 4 standard errors, for each fighter: P(incapacitated),
    P(limb wounded), E[CP lost] per limb and in all, P(at least X CP lost)."""
    problems = []
    for info in odds.fighters:
        exact = odds.fighter(info.ref)
        rows = samples.column(info.ref)
        checks: list[tuple[str, float, list[float]]] = [
            ("p_incapacitated", float(exact.p_incapacitated),
             [float(info.incapacitated_by(d)) for d in rows]),
            ("expected_total", float(exact.expected_total), [float(sum(d)) for d in rows]),
        ]
        for i, limb in enumerate(LIMBS):
            checks.append((f"p_wounded {limb.value}", float(exact.p_wounded(limb)),
                           [float(d[i] > 0) for d in rows]))
            checks.append((f"expected {limb.value}", float(exact.expected(limb)),
                           [float(d[i]) for d in rows]))
        for k, p in exact.at_least.items():
            checks.append((f"at least {k}", float(p), [float(sum(d) >= k) for d in rows]))
        for name, value, sample in checks:
            ok, text = within(value, sample)
            if not ok:
                problems.append(f"{info.ref} {name}: {text}")
    return problems


__all__ = ["PROFILES", "Limb", "Samples", "compare", "enumerate_engine", "place", "run",
           "within"]


def enumerate_engine(base: Game, refs: Sequence[str], start: Callable[[Game], None], *,
                     reaction: str = "passive", policies: dict[str, str] | None = None
                     ) -> dict[tuple[Delta, ...], Fraction]:
    """The exact law of the engine's own resolution: every sequence of die faces is played
    (forced dice, extended one face whenever the engine asks for more), each complete one
    weighing (1/6)^length. Only for attacks with few dice and no re-rolled ties."""
    policies = policies or {}
    before = [tuple(state(base).fighter(r).checked) for r in refs]
    out: dict[tuple[Delta, ...], Fraction] = {}
    pending: list[tuple[int, ...]] = [()]
    while pending:
        prefix = pending.pop()
        game = base.copy()
        game.dice = ScriptedDice(prefix)
        try:
            start(game)
            while not game.is_over:
                action = _decide(game, reaction, policies)
                game.top.check(game, action)
                game.top.apply(game, action)
                game.advance()
        except DiceExhaustedError:
            pending.extend((*prefix, face) for face in range(1, 7))
            continue
        key = _lost(game, refs, before)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, 6 ** len(prefix))
    return out


def _lost(game: Game, refs: Sequence[str], before: Sequence[tuple[int, ...]]
          ) -> tuple[Delta, ...]:
    st = state(game)
    row = []
    for ref, was in zip(refs, before, strict=True):
        now = st.fighter(ref).checked
        row.append((now[0] - was[0], now[1] - was[1], now[2] - was[2], now[3] - was[3]))
    return tuple(row)


_DECISIONS: dict[tuple[object, ...], Action] = {}


def _decide(game: Game, reaction: str, policies: dict[str, str]) -> Action:
    """The agents' answer. The policy's choice depends only on the pending procedure and the
    fighters' CP and markers (the card effects of a test table never change), so it is
    memoised on those to keep 200,000 samples fast."""
    st = state(game)
    key = (reaction, tuple(sorted(policies.items())), repr(game.top),
           tuple((f.ref, tuple(f.checked), tuple(sorted(f.markers.items())), len(st.effects))
                 for f in st.fighters))
    action = _DECISIONS.get(key)
    if action is None:
        action = _DECISIONS[key] = _choose(game, reaction, policies)
    return action


def _choose(game: Game, reaction: str, policies: dict[str, str]) -> Action:
    kind = game.decision().kind
    if kind == "reaction":
        return react(game, reaction)
    if kind == "aim":
        return aim_action(game, policies.get(str(game.top.initiator), "best"))
    if kind == "location-shift":
        return shift_action(game, policies.get(str(game.top.initiator), "best"))
    if kind == "strike-back":  # policies["strike-back"] = "no": the loser declines
        return strike_back_action(game, policies.get("strike-back", "yes") != "no")
    raise AssertionError(f"unexpected decision {game.decision()}")
