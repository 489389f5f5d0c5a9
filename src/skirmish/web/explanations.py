"""A bot's explanation of its moves, as each reader may see it (docs/web.md, "Why?").

A bot that can explain itself (an agent with ``explain()``, as the search bot
:class:`skirmish.bots.mcts.MCTSAgent`) leaves, after each of its actions, what it expected:
the line of play it thought likeliest, its estimate of its chances and the options it
weighed. A player asks for it with the table's "Why?" button (``{"type": "explain"}``).

The explanation was made from the bot's own knowledge, so another reader (its opponent, a
spectator) gets it **redacted** while the match goes on: the bot's action as his log shows
it (``(secret)`` for a secret decision such as a bid), and, in the expected line and the
options, every action of the bot's that would name what it alone knows
(:attr:`skirmish.core.actions.Action.private`: a card of its hand, its bid, its mission)
replaced by ``(secret)``. The opponent's expected replies, the win estimate and the search's
figures are the bot's opinion and are shown. Once the match is over everything is public
and explanations are shown in full.

It says what it knows, honestly (:func:`verdict`): an estimate comes with a 95 % interval
(Wilson's, treating each iteration's result as one trial: a lower bound on the
uncertainty, as the iterations of a search are not independent draws); with fewer than
:data:`EARLY` iterations the estimate is "too early to say"; a decision the bot took
without a search (its heuristic's, as in the preparation) gives the heuristic's reason
(``reason``), and a lone legal action says so. A reason of a secret decision is a secret
like its action (a bid's reason names the amount).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from skirmish.core.game import Game
from skirmish.web.game_parts import web_part
from skirmish.web.sentences import sentence

#: The stand-in for an action the reader may not see.
SECRET = "(secret)"
#: How many explanations a match keeps (the latest ones).
KEPT = 200
#: Below this many iterations a search's estimate is "too early to say": its 95 % interval
#: is then wider than ±10 points at best (Wilson, at 50 %: ±9.8 at 100 iterations).
EARLY = 100
#: The normal quantile of a 95 % interval.
Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class Explained:
    """One bot action and its explanation: the action's index in the match's history, the
    seat that played it, whether it answered a secret decision, and the agent's data."""

    index: int
    seat: int
    agent: str
    secret: bool
    data: Mapping[str, Any]


def explanation_of(agent: Any) -> dict[str, Any] | None:
    """The agent's explanation of its last action (``None`` for an agent that has none)."""
    explain = getattr(agent, "explain", None)
    if not callable(explain):
        return None
    data = explain()
    return dict(data) if isinstance(data, Mapping) else None


def _private_verbs(game: Game) -> frozenset[str]:
    actions = getattr(game.ruleset, "actions", ())
    return frozenset(cls.verb for cls in actions if getattr(cls, "private", False))


def wilson(win: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval of a proportion ``win`` seen over ``n`` trials (``n`` > 0)."""
    p = min(1.0, max(0.0, win))
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def verdict(data: Mapping[str, Any]) -> tuple[str, list[float] | None]:
    """What an explanation can honestly claim, and the 95 % interval of its estimate:
    ``"estimate"`` (a search of :data:`EARLY` iterations or more: its interval),
    ``"early"`` (a search of fewer: too early to say, the interval shown anyway),
    ``"heuristic"`` (no search: the heuristic's choice, its ``reason`` when it gave one) or
    ``"forced"`` (no search and no heuristic: its only legal action)."""
    n = int(data.get("iterations") or 0)
    win = data.get("win")
    if n <= 0 or win is None:
        return ("heuristic" if data.get("prior") or data.get("reason") else "forced"), None
    low, high = wilson(float(win), n)
    return ("estimate" if n >= EARLY else "early"), [round(low, 4), round(high, 4)]


def for_reader(game: Game, item: Explained, reader: int | None) -> dict[str, Any]:
    """The ``explanation`` frame of ``item`` for ``reader`` (a seat, or ``None`` for a
    spectator): in full for the bot's own seat or once the match is over, else redacted
    (see the module's description)."""
    data = item.data
    full = game.is_over or reader == item.seat
    private = _private_verbs(game)

    def shown(player: int, text: str) -> str:
        if full or player != item.seat:
            return text
        return SECRET if text.split(" ", 1)[0] in private else text

    action = str(data.get("action", ""))
    line: list[dict[str, Any]] = [
        {"player": int(step["player"]), "action": shown(int(step["player"]),
                                                         str(step["action"]))}
        for step in data.get("line", [])]
    if line and line[0]["player"] == item.seat:
        line[0]["action"] = action if full or not item.secret else SECRET
    options = [{**option, "action": shown(item.seat, str(option.get("action", "")))}
               for option in data.get("options", [])]
    part = web_part(game.ruleset.name)

    def said(player: int, text: str) -> str:
        """An action as the log says it: a sentence, its numbers rounded (web.i18n)."""
        who = "AB"[player] if player in (0, 1) else str(player)
        return sentence(part, f"player {who}: {text}")

    for step in line:
        step["sentence"] = said(int(step["player"]), str(step["action"]))
    kind, interval = verdict(data)
    shown_action = action if full or not item.secret else SECRET
    reason = data.get("reason")
    if reason is not None and not full and item.secret:
        reason = SECRET  # a secret decision's reason names what it chose
    return {
        "type": "explanation",
        "verdict": kind,
        "interval": interval,
        "reason": None if reason is None else str(reason),
        "index": item.index,
        "seat": item.seat,
        "agent": item.agent,
        "action": shown_action,
        "sentence": said(item.seat, shown_action),
        "win": data.get("win"),
        "iterations": data.get("iterations"),
        "seconds": data.get("seconds"),
        "line": line,
        "options": options[:5],
        "redacted": not full,
    }


__all__ = ["EARLY", "KEPT", "SECRET", "Explained", "explanation_of", "for_reader", "verdict",
           "wilson"]
