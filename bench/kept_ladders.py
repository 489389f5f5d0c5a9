"""The goal ladders' games kept in the repository (``bench/ladders/NAME/``), so that a ladder
played in parts survives the machine it was played on.

A goal ladder (:mod:`bench.goals`) is hours to a day of one core, played over several
sessions, and a session's machine may be a fresh one: its log folder would be lost with the
games in it. ``keep`` copies a log folder's finished games into the repository, each record
compressed (``game-NNNNN.jsonl.xz``, some 5 KB an ME:A match), with the manifest's lines and
the commit each game was played at (``played.ndjson``); ``restore`` writes them back into a
log folder, byte for byte, where ``skirmish ladder --resume`` checks every record against
its hash and plays on from there::

    python -m bench.goals keep masseffect-heuristic --commit SHA   # after a part is played
    python -m bench.goals restore masseffect-heuristic             # before the next part

A game is kept only when its record has the hash its manifest line names (a record cut short
is played again, as ``--resume`` would). A ladder whose play has changed since (a new commit
of the game's bots) is begun again: its kept folder is set aside first
(``bench/ladders/NAME@COMMIT``), as docs/bots.md's ladder table records.
"""

from __future__ import annotations

import hashlib
import json
import lzma
from pathlib import Path
from typing import Any

from skirmish.sim.logdir import MANIFEST, record_name

#: Where the kept ladders live in the repository.
KEPT = Path(__file__).resolve().parent / "ladders"
#: Which commit played each kept game.
PLAYED = "played.ndjson"


def _lines(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:  # a line cut short by a crash
            continue
    return out


def _write_lines(path: Path, lines: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


def keep(folder: Path, kept: Path, commit: str) -> int:
    """Copy ``folder``'s finished games not kept yet into ``kept``, noting ``commit`` as the
    one that played them; the number of games newly kept. A folder of another batch than the
    one kept is a ValueError."""
    lines = _lines(folder / MANIFEST)
    if not lines or "batch" not in lines[0]:
        raise ValueError(f"{folder}: no ladder's {MANIFEST} to keep")
    head, games = lines[0], lines[1:]
    kept.mkdir(parents=True, exist_ok=True)
    old = _lines(kept / MANIFEST)
    if old and old[0].get("batch") != head["batch"]:
        raise ValueError(f"{kept} keeps the games of another batch; set it aside first "
                         f"({kept.name}@COMMIT)")
    have = {int(line["game"]) for line in old[1:]}
    played = _lines(kept / PLAYED)
    added = []
    for line in games:
        index = int(line["game"])
        record = folder / record_name(index)
        if index in have or not record.is_file():
            continue
        text = record.read_bytes()
        if hashlib.sha256(text).hexdigest() != line["sha256"]:
            continue
        (kept / f"{record_name(index)}.xz").write_bytes(lzma.compress(text))
        added.append(line)
        played.append({"game": index, "commit": commit})
        have.add(index)
    _write_lines(kept / MANIFEST, [head, *old[1:], *added])
    _write_lines(kept / PLAYED, played)
    return len(added)


def restore(kept: Path, folder: Path) -> int:
    """Write ``kept``'s games back into the log folder ``folder`` (its manifest and every
    record as they were); the number of games restored. A folder that already holds a
    manifest is left alone (a ValueError): its games may be newer than the kept ones."""
    lines = _lines(kept / MANIFEST)
    if not lines:
        raise ValueError(f"{kept}: no kept ladder")
    if (folder / MANIFEST).exists():
        raise ValueError(f"{folder} holds a ladder already; keep its games first")
    folder.mkdir(parents=True, exist_ok=True)
    for line in lines[1:]:
        name = record_name(int(line["game"]))
        (folder / name).write_bytes(lzma.decompress((kept / f"{name}.xz").read_bytes()))
    _write_lines(folder / MANIFEST, lines)
    return len(lines) - 1
