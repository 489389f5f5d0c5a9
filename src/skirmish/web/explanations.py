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
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from skirmish.core.game import Game

#: The stand-in for an action the reader may not see.
SECRET = "(secret)"
#: How many explanations a match keeps (the latest ones).
KEPT = 200


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
    line = [{"player": int(step["player"]), "action": shown(int(step["player"]),
                                                            str(step["action"]))}
            for step in data.get("line", [])]
    if line and line[0]["player"] == item.seat:
        line[0]["action"] = action if full or not item.secret else SECRET
    options = [{**option, "action": shown(item.seat, str(option.get("action", "")))}
               for option in data.get("options", [])]
    return {
        "type": "explanation",
        "index": item.index,
        "seat": item.seat,
        "agent": item.agent,
        "action": action if full or not item.secret else SECRET,
        "win": data.get("win"),
        "iterations": data.get("iterations"),
        "seconds": data.get("seconds"),
        "line": line,
        "options": options[:5],
        "redacted": not full,
    }


__all__ = ["KEPT", "SECRET", "Explained", "explanation_of", "for_reader"]
