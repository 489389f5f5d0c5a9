"""Delta frames (docs/web.md, Websocket, Delta frames): what changed in a seat's state frame
since the last one its connection received, instead of the whole frame again.

A websocket delivers its frames in order and whole, so the last frame sent on a connection is
the client's last frame until the connection drops (a new connection starts with a whole
frame). Every state frame carries a ``version``; a delta names the ``base`` version it
applies to, and a client whose last frame is not that version asks for a whole frame
(``{"type": "resync"}``).

A delta is two lists: ``set``, pairs ``[path, value]``, and ``del``, paths; a path is the
list of keys (object members) and indices (array items) leading to a value. Arrays change
item by item only when their length is unchanged; otherwise they are set whole.
"""

from __future__ import annotations

import copy
import json
from typing import Any

Path = list[str | int]


def diff(old: Any, new: Any) -> tuple[list[tuple[Path, Any]], list[Path]]:
    """(``set``, ``del``) turning ``old`` into ``new`` (both JSON values)."""
    sets: list[tuple[Path, Any]] = []
    dels: list[Path] = []
    _diff(old, new, [], sets, dels)
    return sets, dels


def _diff(old: Any, new: Any, path: Path, sets: list[tuple[Path, Any]], dels: list[Path]
          ) -> None:
    if old is new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old:
            if key not in new:
                dels.append([*path, key])
        for key, value in new.items():
            if key not in old:
                sets.append(([*path, key], value))
            elif old[key] is not value and old[key] != value:
                _diff(old[key], value, [*path, key], sets, dels)
        return
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for index, (before, after) in enumerate(zip(old, new, strict=True)):
            if before is not after and before != after:
                _diff(before, after, [*path, index], sets, dels)
        return
    if not path:  # the frame itself is always an object
        raise ValueError("a frame is a JSON object")
    sets.append((path, new))


def apply(frame: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The frame ``delta`` makes of ``frame`` (a copy; what the page's script does)."""
    out = copy.deepcopy(frame)
    for path, value in delta["set"]:
        parent = out
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = value
    for path in delta["del"]:
        parent = out
        for key in path[:-1]:
            parent = parent[key]
        del parent[path[-1]]
    return out


def delta_text(old: dict[str, Any], new: dict[str, Any], full_text: str) -> str:
    """The delta frame from ``old`` to ``new`` as JSON text, or ``full_text`` (the whole
    frame) when the delta would not be smaller."""
    sets, dels = diff(old, new)
    text = json.dumps({"type": "delta", "base": old["version"], "version": new["version"],
                       "set": [[path, value] for path, value in sets], "del": dels},
                      separators=(",", ":"))
    return text if len(text) < len(full_text) else full_text
