"""Turning the command line's troop arguments into a game set-up."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from skirmish.eden.library import Library, load_library
from skirmish.eden.troops import Troop, TroopError, check, suggest

#: The troops played when none is given: the rulebook's two starter factions.
DEFAULT_TROOPS = ("Jokers", "Bamaka")


class TroopArgumentError(ValueError):
    """A troop argument that names no troop file and no faction or stigma."""


def load_troop(spec: str, library: Library) -> Troop:
    """A troop from a troop file (``skirmish troop new`` writes them), or the sample
    library's suggested 100-point troop for a faction (``Jokers``) or a stigma
    (``stigma:Chaos``)."""
    path = Path(spec)
    try:
        if path.exists():
            troop = Troop.load(path)
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


def _load(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    return json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)


def setup_for(troop_a: str | None, troop_b: str | None, *, max_rounds: int = 5,
              setup_file: str | None = None, content: tuple[str, ...] = ()) -> dict[str, Any]:
    """A full set-up: a set-up file as it is, or a match between two troops of the card
    library (the starter factions when not given)."""
    if setup_file is not None:
        data = _load(Path(setup_file))
        if not isinstance(data, dict):
            raise TroopArgumentError(f"{setup_file}: a set-up is a JSON/YAML mapping")
        return data
    library = load_library(content)
    troops = [load_troop(spec or default, library)
              for spec, default in zip((troop_a, troop_b), DEFAULT_TROOPS, strict=True)]
    return library.setup(troops[0], troops[1], max_rounds=max_rounds)
