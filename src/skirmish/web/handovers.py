"""Hot-seat: when the device must be handed over (docs/web.md, Hot-seat).

Both players sit at one device. What it shows between handovers is seen by both, so it
shows only what both may know: the spectator's view, with the deciding seat's decision
and its legal actions. The device is handed over (the other player looks away) only when
a decision cannot be made on that:

- a secret decision (its kind starts with ``secret``: a bid, a hand, a mission);
- a decision whose prompt or legal actions would show a secret of the deciding seat:
  a text of its view (beyond the decision) that the spectator's view lacks, such as the
  cards of its hand offered to play (Eden's tactical cards).

The rule is generic (each game's secrets are what its views hide from a spectator), so a
game that hides nothing (ME:A) never hands over, and one whose only secrets are its secret
decisions hands over exactly once per secret decision.
"""

from __future__ import annotations

import json
from typing import Any

from skirmish.core.game import Game
from skirmish.web import frames

#: Texts shorter than this are not looked for in the prompt and actions (a letter, "on").
_SHORTEST = 3


def _texts(value: Any, out: set[str]) -> set[str]:
    if isinstance(value, str):
        if len(value) >= _SHORTEST:
            out.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            _texts(item, out)
    elif isinstance(value, list | tuple):
        for item in value:
            _texts(item, out)
    return out


def secrets_of(game: Game, seat: int) -> set[str]:
    """The texts of ``seat``'s view that the spectator's view lacks (its secrets)."""
    mine, public = game.view(seat), game.view(None)
    mine.pop("decision", None)
    public.pop("decision", None)
    return _texts(mine, set()) - _texts(public, set())


def needs_handover(game: Game) -> bool:
    """Whether the pending decision must be made out of the other player's sight."""
    decision = game.decision()
    if decision.kind.startswith("secret"):
        return True
    hidden = secrets_of(game, decision.player)
    if not hidden:
        return False
    shown = [json.dumps(decision.to_json(), ensure_ascii=False),
             *frames.legal_texts(game, decision.player)]
    return any(secret in text for text in shown for secret in hidden)


def public_frame(game: Game, *, mode: str, log_from: int) -> dict[str, Any]:
    """The frame both players see: the spectator's, with the deciding seat's decision and
    legal actions (``seat`` is the deciding seat: the device acts for it)."""
    decider = game.decision().player
    frame = frames.state_frame(game, None, mode=mode, log_from=log_from)
    frame["seat"] = decider
    frame["public"] = True
    frame["view"]["decision"] = game.decision().to_json()
    frame["legal"] = frames.legal_texts(game, decider)
    return frame
