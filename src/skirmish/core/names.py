"""One name matcher for every command that takes a card's, a fighter's or a faction's name.

A player types names as they remember them: "vladd" or "Vlädd" for Vladd, "Yuri" for Yûri,
"Abama" for Abama Big-Belly. :func:`match_name` tries, in order:

1. the exact name;
2. the same name ignoring case, accents, spaces and punctuation (:func:`fold`);
3. a unique prefix of the folded name ("abama" -> "Abama Big-Belly"); several candidates
   are an :class:`AmbiguousNameError` that lists them;
4. a unique prefix of a later word ("Sorensen" -> "Agent Sorensen", "big belly" -> "Abama
   Big-Belly"), ambiguous likewise;
5. nothing: an :class:`UnknownNameError` with the closest names (:mod:`difflib`) as
   "did you mean ...?".

Both errors are :class:`KeyError` (a lookup that failed) whose ``str()`` is one sentence for
a player.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable

__all__ = ["AmbiguousNameError", "NameMatchError", "UnknownNameError", "fold", "match_name"]


def fold(text: str) -> str:
    """A name for comparison: no accents, no case, only letters and digits."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]", "", plain.casefold())


class NameMatchError(KeyError):
    """A name that matches no candidate, or several; ``str()`` is the sentence."""

    def __init__(self, message: str, query: str, candidates: tuple[str, ...]) -> None:
        super().__init__(message)
        self.message, self.query, self.candidates = message, query, candidates

    def __str__(self) -> str:
        return self.message


class UnknownNameError(NameMatchError):
    """No candidate matches; ``candidates`` are the suggestions (maybe none)."""


class AmbiguousNameError(NameMatchError):
    """Several candidates start so; ``candidates`` are all of them."""


def _word_tails(name: str) -> list[str]:
    """The folded name from each of its later words on ("Abama Big-Belly": "bigbelly",
    "belly")."""
    words = [fold(w) for w in re.split(r"[^\w]+", name) if fold(w)]
    return ["".join(words[i:]) for i in range(1, len(words))]


def match_name(query: str, names: Iterable[str], what: str = "card") -> str:
    """The one name of ``names`` that ``query`` means (see the module's docstring).

    ``what`` names the kind in the error ("fighter", "faction", ...)."""
    pool = list(dict.fromkeys(names))
    if query in pool:
        return query
    wanted = fold(query)
    same = [n for n in pool if fold(n) == wanted]
    if len(same) == 1:
        return same[0]
    starting = same or ([n for n in pool if wanted and fold(n).startswith(wanted)])
    if len(starting) == 1:
        return starting[0]
    if not starting:
        starting = [n for n in pool if wanted and any(
            tail.startswith(wanted) for tail in _word_tails(n))]
        if len(starting) == 1:
            return starting[0]
    if starting:
        raise AmbiguousNameError(
            f"{what} {query!r} is ambiguous: {', '.join(sorted(starting))}", query,
            tuple(sorted(starting)))
    by_fold = {fold(n): n for n in pool}
    close = difflib.get_close_matches(wanted, list(by_fold), n=3, cutoff=0.6)
    # A name typed in part ("Big-Belly") is also a good guess.
    inside = [f for f in by_fold if wanted and len(wanted) >= 3 and wanted in f]
    guesses = [by_fold[f] for f in dict.fromkeys([*close, *inside])][:3]
    hint = f" - did you mean {' or '.join(guesses)}?" if guesses else ""
    raise UnknownNameError(f"no {what} {query!r}{hint}", query, tuple(guesses))
