"""Words, not notation (docs/web.md, Words, not notation): the engine's English log line as a
player reads it, and the translation tables' one mechanism (regular expressions and their
templates, ``{1}`` a group, ``{1w}`` a group through the table's words), the same that
``static/common.js`` applies in the browser.

A leaf of the web layer (nothing of it imported at run time), so that the frames, the
explanations and the words (:mod:`skirmish.web.i18n`) may all use it without a circle.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skirmish.web.game_parts import WebPart

__all__ = ["apply_table", "rounded", "sentence"]

#: A number written with two decimals or more (the notation's points: 28.098109381426248).
_LONG_NUMBER = re.compile(r"(?<![\w.])(-?\d+\.\d{2,})(?![\d.])")
#: A template's group: ``{1}`` as matched, ``{1w}`` through the table's words.
_GROUP = re.compile(r"\{(\d+)(w?)\}")


@functools.cache
def _compiled(pattern: str) -> re.Pattern[str]:
    """Each table's expression compiled once: the tables hold more expressions than
    :mod:`re`'s own cache (512), which would then compile them again at every line."""
    return re.compile(pattern)


def apply_table(text: str, patterns: Sequence[tuple[str, str]],
                words: Mapping[str, str]) -> str:
    """``text`` through a translation table: each pattern in order, its template filled."""

    def fill(template: str, match: re.Match[str]) -> str:
        def group(m: re.Match[str]) -> str:
            value = match.group(int(m.group(1))) or ""
            return words.get(value, value) if m.group(2) else value

        return _GROUP.sub(group, template)

    for pattern, template in patterns:
        text = _compiled(pattern).sub(functools.partial(fill, template), text)
    return text


def rounded(text: str) -> str:
    """``text`` with every number of two decimals or more rounded to one (0.1 cm: what a
    player reads; the exact notation stays in the log line's ``text``)."""
    return _LONG_NUMBER.sub(lambda m: f"{float(m.group(1)):.1f}", text)


def sentence(part: WebPart, text: str) -> str:
    """The engine's English log line ``text`` as a player reads it: a decision's notation
    ("player A: move A.Yuri 28.098,41.93") as a sentence of the game's
    (:attr:`WebPart.sentences`: "player A moves A.Yuri to (28.1, 41.9)"), its numbers
    :func:`rounded`; the ``"log"`` table makes it French in the browser."""
    patterns, known = part.sentences
    if patterns:
        text = apply_table(text, list(patterns), dict(known))
    return rounded(text)
