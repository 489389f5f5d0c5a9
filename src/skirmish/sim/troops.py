"""Turning the command line's troop arguments into a game set-up."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import yaml

from skirmish.eden.demo import match_setup


class TroopArgumentError(ValueError):
    """A troop argument that names no file and no known troop."""


def _load(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    return json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)


def load_troop(spec: str) -> dict[str, Any]:
    """A troop from a file (JSON/YAML in the set-up's troop format, or a troop file of the
    card library), or by name from the card library."""
    path = Path(spec)
    if path.exists():
        data = _load(path)
        if isinstance(data, dict) and "fighters" in data and all(
                isinstance(f, dict) and "profile" in f for f in data["fighters"]):
            return data
        return _library_troop(data, spec)
    return _library_troop(spec, spec)


def _library_troop(data: Any, spec: str) -> dict[str, Any]:
    try:
        from skirmish.eden import library  # the card library (content)
    except ImportError:
        raise TroopArgumentError(
            f"{spec!r}: not a troop file in the set-up format, and no card library is installed"
        ) from None
    try:
        return library.troop_setup(data)  # type: ignore[attr-defined, no-any-return]
    except (KeyError, ValueError) as exc:
        raise TroopArgumentError(f"{spec!r}: {exc}") from None


def setup_for(troop_a: str | None, troop_b: str | None, *, max_rounds: int = 5,
              setup_file: str | None = None) -> dict[str, Any]:
    """A full set-up: a set-up file, or the sample match with troops A and B replaced."""
    if setup_file is not None:
        data = _load(Path(setup_file))
        if not isinstance(data, dict):
            raise TroopArgumentError(f"{setup_file}: a set-up is a JSON/YAML mapping")
        return data
    setup = copy.deepcopy(match_setup(max_rounds=max_rounds))
    for side, spec in enumerate((troop_a, troop_b)):
        if spec is not None:
            setup["troops"][side] = load_troop(spec)
    return setup
