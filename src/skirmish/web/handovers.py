"""Hot-seat: when the device must be handed over (docs/web.md, Hot-seat).

Both players sit at one device. What it shows between handovers is seen by both, so it
shows only what both may know: the **public frame**, the spectator's view and log, with the
deciding seat's decision and those of its legal actions that name nothing its player alone
knows. An action that does (:attr:`skirmish.core.actions.Action.private`: a card of the
hand, a bid, a mission) would show a secret: it is left out, and the frame says ``more``.

The device is handed over (the other player looks away) only when a decision cannot be
made on the public frame:

- a secret decision (its kind starts with ``secret``: a bid, a hand, a mission);
- a decision whose every legal action would show a secret;
- and when the deciding player asks for it (a ``handover`` message) to see the choices the
  public frame left out (a window where a card of the hand may be played, or passed).

The rule is generic (the kernel's secret decisions and private actions), so a game that
hides nothing never hands over, and a game with secret decisions hands over once before each
run of one seat's secret decisions, and when a player asks.
"""

from __future__ import annotations

from typing import Any

from skirmish.core.game import Game
from skirmish.web import frames


def _split(game: Game) -> tuple[list[str], bool]:
    """The deciding seat's legal actions that show no secret, as text, and whether some
    were left out for showing one."""
    legal = list(game.legal_actions())
    shown = [str(a) for a in legal if not type(a).private]
    return shown, len(shown) < len(legal)


def needs_handover(game: Game) -> bool:
    """Whether the pending decision must be made out of the other player's sight."""
    if game.decision().kind.startswith("secret"):
        return True
    shown, _ = _split(game)
    return not shown


def public_frame(game: Game, *, mode: str, log_from: int, picture: bool = True
                 ) -> dict[str, Any]:
    """The frame both players see: the spectator's, with the deciding seat's decision and
    its legal actions that show no secret (``seat`` is the deciding seat: the device acts
    for it). ``more``: it has other choices, which show a secret; a ``handover`` message
    asks for the device to see them."""
    decider = game.decision().player
    frame = frames.state_frame(game, None, mode=mode, log_from=log_from, picture=picture)
    shown, more = _split(game)
    frame["seat"] = decider
    frame["public"] = True
    frame["more"] = more
    frame["view"]["decision"] = game.decision().to_json()
    frame["legal"] = shown
    return frame
