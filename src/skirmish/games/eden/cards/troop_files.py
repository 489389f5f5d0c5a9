"""The command line's troop arguments: troop files, set-up files, and a troop named by its
faction or stigma (a match's whole set-up from them is
:func:`skirmish.games.eden.content.setup_for`'s)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from skirmish.core.data_files import DataError, read_data
from skirmish.games.eden.cards.inputs import check_setup
from skirmish.games.eden.cards.library import Library
from skirmish.games.eden.cards.troops import Troop, TroopError, check, content_of, suggest

#: The troops played when none is given: the rulebook's two starter factions.
DEFAULT_TROOPS = ("Jokers", "Bamaka")
#: The suffixes of troop and set-up files.
DATA_SUFFIXES = (".yaml", ".yml", ".json")


class TroopArgumentError(ValueError):
    """A troop argument that names no troop file and no faction or stigma."""


def _detail(exc: DataError) -> str:
    return str(exc).removeprefix("broken YAML: ").removeprefix("broken JSON: ")


def read_troop(path: str | Path) -> Troop:
    """A troop file (.yaml, .yml or .json), read with bounded resources
    (:func:`skirmish.core.data_files.read_data`: no YAML aliases, at most 32 levels
    deep)."""
    try:
        data = read_data(path)
    except OSError as exc:
        raise TroopError(f"{path}: cannot read the troop file ({exc.strerror or exc})"
                         ) from None
    except DataError as exc:
        raise TroopError(f"{path}: broken troop file: {_detail(exc)}") from None
    return Troop.from_dict(data, str(path))


def read_setup(path: str | Path) -> dict[str, Any]:
    """A set-up file (JSON or YAML), its structure and numbers checked
    (:func:`skirmish.games.eden.cards.inputs.check_setup`); errors name the file."""
    try:
        data = read_data(path)
        check_setup(data)
    except OSError as exc:
        raise TroopArgumentError(f"{path}: cannot read the set-up file "
                                 f"({exc.strerror or exc})") from None
    except DataError as exc:
        raise TroopArgumentError(f"{path}: {exc}") from None
    assert isinstance(data, dict)
    return data


def load_troop(spec: str, library: Library) -> Troop:
    """A troop from a troop file (``skirmish troop new`` writes them), or the sample
    library's suggested 100-point troop for a faction (``Jokers``) or a stigma
    (``stigma:Chaos``)."""
    path = Path(spec)
    try:
        if path.exists():
            troop = read_troop(path)
        elif path.suffix.lower() in DATA_SUFFIXES:
            raise TroopArgumentError(f"{spec}: no such troop file")
        elif spec.lower().startswith("stigma:"):
            troop = suggest(library, "stigma", spec.split(":", 1)[1].strip())
        else:
            try:
                faction = library.faction(spec)
            except (KeyError, ValueError):
                known = ", ".join(library.factions())
                raise TroopArgumentError(
                    f"{spec!r} is neither a troop file nor a faction ({known}) "
                    "nor 'stigma:NAME'"
                ) from None
            troop = suggest(library, "faction", faction)
        check(library, troop)
    except TroopError as exc:
        text = str(exc)  # named once: a troop file's own errors start with its path
        raise TroopArgumentError(text if text.startswith(f"{spec}:") else f"{spec}: {text}"
                                 ) from None
    return troop


def content_of_troop_files(paths: Iterable[str | Path]) -> list[Path]:
    """The content folders named by each troop file of ``paths`` (in order, without
    repeats); a file that is not a troop file names none (its own command reports it)."""
    out: list[Path] = []
    for path in paths:
        try:
            troop = read_troop(path)
        except TroopError:
            continue
        out += [c for c in content_of(troop, path) if c not in out]
    return out
