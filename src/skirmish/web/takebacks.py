"""Takebacks at the web table (docs/web.md, Takebacks): what a seat may take back, who must
agree, and the entries that say so.

Everything is append-only: a takeback is itself a stored entry of the match, next to its
actions (``#takeback K``: the game goes back to the decision after its first K actions,
:meth:`~skirmish.core.game.Game.take_back`; the dice go on from the last draw, never the
ones already seen). Between two people a takeback is asked for and answered, and those are
stored entries too (``#ask K``, ``#refuse``, ``#withdraw``), so every server process (the
fan-out notices) and a restart (:meth:`Room.restore`) re-derive the same game and the same
pending request from the stored entries alone. The record keeps the actions and the
takebacks, not the requests (:mod:`skirmish.core.record`).

Who may take back what:

- against a bot, or in hot-seat: at once (the bot's reply is taken back with the human's
  last action; in hot-seat the last action, whoever took it);
- between two people: the other seat accepts or refuses; the asker may withdraw; a refused
  or withdrawn request, or one overtaken by an action, changes nothing;
- never an action taken on a secret decision (a bid, a hand, a mission): once another
  decision followed it, what it hid may have been revealed (the bids are shown together),
  and choosing again knowing it is what the secret forbids; never once the match is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from skirmish.core.events import ActionEvent
from skirmish.core.game import Game, play_entry, takeback_entry, takeback_of

ASK = "#ask"
REFUSE = "#refuse"
WITHDRAW = "#withdraw"


@dataclass(frozen=True, slots=True)
class Pending:
    """A takeback asked for by ``seat``, back to the first ``to`` actions, while the match
    had ``played`` entries (an action played since overtakes it)."""

    seat: int
    to: int
    played: int


def ask_entry(to: int) -> str:
    return f"{ASK} {to}"


def is_request(text: str) -> bool:
    """Whether a stored entry is a request or an answer (not part of the game)."""
    return text.split(" ", 1)[0] in (ASK, REFUSE, WITHDRAW)


def game_entries(stored: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The entries of the game among a match's stored entries: its actions and takebacks,
    without the requests and answers."""
    return [(player, text) for player, text in stored if not is_request(text)]


class Ledger:
    """The pending takeback request of a room, kept up to date by every stored entry."""

    __slots__ = ("pending",)

    def __init__(self) -> None:
        self.pending: Pending | None = None

    def enter(self, game: Game, player: int, text: str) -> None:
        """Play one stored entry: an action or a takeback on the game (the pending request
        then lapses), a request or an answer on the ledger."""
        head, _, rest = text.partition(" ")
        if head == ASK:
            if not rest.isdigit() or len(rest) > 9:
                raise ValueError(f"a takeback request is '{ASK} K', got {text[:40]!r}")
            self.pending = Pending(player, int(rest), game.played)
        elif head in (REFUSE, WITHDRAW):
            self.pending = None
        else:
            play_entry(game, player, text)
            self.pending = None

    def current(self, game: Game) -> Pending | None:
        """The pending request, if no action was played since it was made."""
        pending = self.pending
        return pending if pending is not None and pending.played == game.played else None


def target(game: Game, seats: set[int]) -> int | None:
    """Where a takeback by ``seats`` goes back to: the count of actions before the last one
    any of them took (and everything after it goes too); None: none of theirs to take."""
    players = [e.player for e in game.log if isinstance(e, ActionEvent)]
    for index in range(len(players) - 1, -1, -1):
        if players[index] in seats:
            return index
    return None


def owner(game: Game, to: int) -> int:
    """Who took the first action a takeback back to ``to`` actions undoes."""
    return [e.player for e in game.log if isinstance(e, ActionEvent)][to]


def refusal(game: Game, to: int | None) -> str | None:
    """Why a takeback back to ``to`` actions may not be made (None: it may)."""
    if game.is_over:
        return "the match is over: nothing can be taken back"
    if to is None:
        return "none of your actions to take back"
    actions = [e for e in game.log if isinstance(e, ActionEvent)]
    if any(e.audience is not None for e in actions[to:]):
        return ("a secret choice cannot be taken back (what it hid may have been revealed "
                "since)")
    return None


def takeback_entry_of(text: str) -> int | None:
    """The count a stored ``#takeback K`` entry keeps (None for any other entry)."""
    return None if is_request(text) else takeback_of(text)


def entry_for(game: Game, ledger: Ledger, humans: set[int], *, hotseat: bool,
              seat: int | None, answer: str | None) -> tuple[int, str] | str:
    """The entry a ``takeback`` message makes now, as (player, text), or why none: from a
    hot-seat device (acting for every human seat) or a ``seat`` (None: a spectator), a
    request (``answer`` None) or its answer, in a match whose human seats are ``humans``."""
    if hotseat:
        mine = humans
    elif seat is None:
        return "a spectator cannot take back"
    else:
        mine = {seat}
    pending = ledger.current(game)
    if answer is None:
        to = target(game, mine)
        why = refusal(game, to)
        if why is not None or to is None:
            return why or "nothing to take back"
        if hotseat or humans <= mine:  # against a bot, or one device: at once
            return owner(game, to), takeback_entry(to)
        if pending is not None:
            return "a takeback request is already waiting for its answer"
        return seat or 0, ask_entry(to)
    if pending is None:
        return "no takeback request is waiting for an answer"
    if answer == "withdraw":
        if pending.seat not in mine:
            return "only the seat that asked may withdraw its request"
        return pending.seat, WITHDRAW
    if pending.seat in mine:
        return "the other seat answers your request"
    if answer == "refuse":
        return seat or 0, REFUSE
    why = refusal(game, pending.to)
    return why if why is not None else (pending.seat, takeback_entry(pending.to))


def frame_field(game: Game, ledger: Ledger, humans: set[int], *, hotseat: bool,
                seat: int | None) -> dict[str, Any]:
    """What a state frame says of takebacks to ``seat`` (docs/web.md, Takebacks):
    ``pending`` (the request waiting for its answer: who asked, back to how many actions),
    ``can`` (whether ``seat`` may take back or ask now) and ``free`` (at once, without
    asking: against a bot, in hot-seat)."""
    pending = ledger.current(game)
    mine = humans if hotseat else ({seat} if seat is not None else set())
    to = target(game, mine) if mine else None
    can = bool(mine) and refusal(game, to) is None and (pending is None or hotseat)
    return {"pending": None if pending is None else {"seat": pending.seat, "to": pending.to},
            "can": can, "free": hotseat or humans <= mine}
