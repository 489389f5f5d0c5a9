"""Turning the command line's troop arguments into a game set-up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from skirmish.games.eden.cards.inputs import DataError, check_setup, read_data
from skirmish.games.eden.cards.library import Library, load_library
from skirmish.games.eden.cards.troops import Troop, TroopError, check, suggest

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
    (:func:`skirmish.games.eden.cards.inputs.read_data`: no YAML aliases, at most 32 levels
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
        raise TroopArgumentError(f"{spec}: {exc}") from None
    return troop


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
