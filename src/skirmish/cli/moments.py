"""``--table-at ROUND[.STEP]``: a moment of a match as the command line writes it. What a
round and a step are is the game's (its ``"cli"`` part's
:meth:`~skirmish.cli.game_parts.GameCommands.game_at`): a round (turn) as it begins, or
once its STEP-th activation is over."""

from __future__ import annotations

import re

_MOMENT = re.compile(r"\s*(\d{1,4})(?:\.(\d{1,4}))?\s*")


def parse_moment(text: str) -> tuple[int, int]:
    """``"3"`` → (3, 0), ``"3.2"`` → (3, 2); anything else is a ValueError saying what is
    expected."""
    match = _MOMENT.fullmatch(text)
    if match is None or int(match.group(1)) < 1:
        raise ValueError(f"--table-at: expected ROUND or ROUND.ACTIVATION (e.g. 2 or 2.3, "
                         f"round 1 or more), got {text!r}")
    return int(match.group(1)), int(match.group(2) or 0)
