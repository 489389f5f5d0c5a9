"""The card library as matches and tools use it (Rulebook 1, 3, 7 and 8), and a match's set-up
from the command line's troop arguments.

The card data (:mod:`skirmish.games.eden.cards`) imports nothing of the rules, so what needs
them is here, one level up: :func:`load_library` reads the content
(:func:`skirmish.games.eden.cards.library.read_library`), then checks that every effect a card
names is one of the rules' effect registry (:mod:`skirmish.games.eden.effects`, every kind
registered by :mod:`skirmish.games.eden.effect_kinds`) with valid parameters; any problem
raises :class:`~skirmish.games.eden.cards.library.ContentError` naming the file, the card and
the field, and nothing is returned half-loaded.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import skirmish.games.eden.effect_kinds  # noqa: F401  (registers every effect kind)
from skirmish.core.data_files import quote
from skirmish.games.eden.cards.library import (
    SINGULAR,
    ContentError,
    Library,
    effects_of,
    read_library,
)
from skirmish.games.eden.cards.troop_files import DEFAULT_TROOPS, load_troop, read_setup
from skirmish.games.eden.effects import EFFECTS, validate_spec


def check_effects(lib: Library) -> None:
    """Every effect of every ability, mission, tactical and scenery card names a registered
    effect kind (Rulebook 7: the one mechanism for card effects) with valid parameters."""
    for kind in ("abilities", "missions", "tactical", "scenery"):
        for name, card in getattr(lib, kind).items():
            file = lib.origin[(kind, name)].file
            for i, spec in enumerate(effects_of(card)):
                try:
                    if spec.effect not in EFFECTS:
                        raise ValueError(f"unknown effect {quote(spec.effect)} (expected one "
                                         f"of {', '.join(sorted(EFFECTS))})")
                    validate_spec(spec, f"effects[{i}]")
                except (ValueError, TypeError) as exc:
                    where, _, rest = str(exc).partition(": ")
                    if not where.startswith("effects["):
                        where, rest = f"effects[{i}]", str(exc)
                    raise ContentError(file, f"{SINGULAR[kind]} {name!r}", where,
                                       rest) from None


def load_library(extra_dirs: Iterable[str | Path] = (), *,
                 builtin: bool = True) -> Library:
    """The built-in sample content, then each folder of ``extra_dirs`` in order (adding
    cards, or replacing those of the same name). Everything is read and checked, the cards'
    effects included, before the library is returned; any problem raises
    :class:`~skirmish.games.eden.cards.library.ContentError`."""
    lib = read_library(extra_dirs, builtin=builtin)
    check_effects(lib)
    return lib


def setup_for(troop_a: str | None, troop_b: str | None, *, max_rounds: int = 5,
              setup_file: str | None = None, content: tuple[str, ...] = ()) -> dict[str, Any]:
    """A full set-up: a set-up file as it is, or a match between two troops of the card
    library (the starter factions when not given)."""
    if setup_file is not None:
        return read_setup(setup_file)
    library = load_library(content)
    troops = [load_troop(spec or default, library)
              for spec, default in zip((troop_a, troop_b), DEFAULT_TROOPS, strict=True)]
    return library.setup(troops[0], troops[1], max_rounds=max_rounds)
