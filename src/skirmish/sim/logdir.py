"""A batch's log folder (``--log-dir``): every game's record, and what ``--resume`` needs.

The folder holds ``game-NNNNN.jsonl`` (game *N*'s record: header, actions, every event) and
``batch.ndjson``: its first line describes the batch (``{"batch": FINGERPRINT,
"description": {...}}``: what decides the games, e.g. the ruleset, agents, seed and a digest
of the set-up), then one line per game written: ``{"game": N, "sha256": ..., "result":
{...}}`` (the record's hash and the game's result as JSON).

``--resume`` reuses a game only if (1) the folder's batch line has this batch's fingerprint
(else a ValueError names ``--resume`` and the first difference), (2) the game has a line and
its record file has the hash written there (a record of another run, or cut short by a
crash, is played again), and (3) the record's header has the game's seed and set-up (the
caller checks, :meth:`LogDir.header`). Games are numbered by their index in the batch, and
game *i* depends only on the batch and *i*: a batch resumed with more games reuses the
first ones.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from skirmish.core.atomic import write_atomically

MANIFEST = "batch.ndjson"
R = TypeVar("R")


def canonical(value: Any) -> str:
    """JSON text that is the same for equal data (keys sorted, tuples as lists)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(value: Any) -> str:
    """The SHA-256 of ``value``'s canonical JSON (hex)."""
    return hashlib.sha256(canonical(value).encode("utf-8")).hexdigest()


def record_name(index: int) -> str:
    return f"game-{index:05d}.jsonl"


class LogDir:
    """The log folder of one batch; ``to_json``/``from_json`` turn a result into the JSON
    kept in ``batch.ndjson`` and back."""

    def __init__(self, path: Path | str, description: Mapping[str, Any],
                 to_json: Callable[[Any], Any], from_json: Callable[[Any], Any]) -> None:
        self.path = Path(path)
        self.description = dict(description)
        self.fingerprint = digest(self.description)
        self.to_json = to_json
        self.from_json = from_json
        self._pending: dict[int, Any] = {}

    @property
    def manifest(self) -> Path:
        return self.path / MANIFEST

    # -- starting -------------------------------------------------------------------------------
    def start(self, *, resume: bool) -> dict[int, tuple[Any, Path]]:
        """Open the folder for this batch. Without ``resume`` the manifest starts afresh
        (records of earlier runs stay but are never reused). With ``resume``, the games that
        may be reused: index -> (result, record path), before the header check."""
        self.path.mkdir(parents=True, exist_ok=True)
        clear_stale_temporaries(self.path)
        if not resume:
            write_atomically(self.manifest, json.dumps(
                {"batch": self.fingerprint, "description": self.description}) + "\n")
            return {}
        lines = self._read_manifest()
        if lines is None:
            if any(self.path.glob("game-*.jsonl")):
                raise ValueError(f"--resume: {self.path} holds game records but no "
                                 f"{MANIFEST}, so they cannot be checked; use a new "
                                 "--log-dir or run without --resume")
            return self.start(resume=False)
        first, rest = lines[0], lines[1:]
        if not isinstance(first, dict) or first.get("batch") != self.fingerprint:
            theirs = first.get("description", {}) if isinstance(first, dict) else {}
            raise ValueError(f"--resume: {self.path} holds the games of another batch "
                             f"({_difference(theirs, self.description)}); use a new "
                             "--log-dir or run without --resume")
        found: dict[int, tuple[Any, Path]] = {}
        for line in rest:
            try:
                index, sha = int(line["game"]), str(line["sha256"])
                result = self.from_json(line["result"])
            except (KeyError, TypeError, ValueError):
                continue
            record = self.path / record_name(index)
            try:
                text = record.read_bytes()
            except OSError:
                continue
            if hashlib.sha256(text).hexdigest() == sha:
                found[index] = (result, record)
        return found

    def _read_manifest(self) -> list[Any] | None:
        try:
            text = self.manifest.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise ValueError(f"--resume: cannot read {self.manifest} "
                             f"({exc.strerror or exc})") from None
        out = []
        for line in text.splitlines():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:  # a line cut short by a crash
                continue
        return out or None

    @staticmethod
    def header(path: Path) -> dict[str, Any]:
        """A record's header (its first line), or {} if it cannot be read."""
        try:
            with path.open(encoding="utf-8") as handle:
                data = json.loads(handle.readline())
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def reuse(self, found: Mapping[int, tuple[Any, Path]], total: int,
              expected: Callable[[int], tuple[int, Mapping[str, Any]]]) -> dict[int, Any]:
        """The results of ``found`` whose index is below ``total`` and whose record's
        header has the seed and set-up ``expected(index)`` gives."""
        out: dict[int, Any] = {}
        for index, (result, path) in sorted(found.items()):
            if index >= total:
                continue
            header = self.header(path)
            seed, setup = expected(index)
            if header.get("seed") == seed and canonical(header.get("setup")) == canonical(
                    setup):
                out[index] = result
        return out

    # -- writing --------------------------------------------------------------------------------
    def write(self, index: int, record: str | None, result: Any = None) -> None:
        """Write game ``index``'s record, then its line in the manifest."""
        if record is None:
            return
        data = record.encode("utf-8")
        write_atomically(self.path / record_name(index), record)
        line = {"game": index, "sha256": hashlib.sha256(data).hexdigest(),
                "result": self.to_json(result)}
        with self.manifest.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(line) + "\n")


def _difference(theirs: Mapping[str, Any], ours: Mapping[str, Any]) -> str:
    """The first field where two batch descriptions differ, in words."""
    for key in sorted(set(theirs) | set(ours)):
        if canonical(theirs.get(key)) != canonical(ours.get(key)):
            def show(value: Any) -> str:
                text = canonical(value) if value is not None else "none"
                return text if len(text) <= 40 else text[:37] + "..."
            return f"{key} {show(theirs.get(key))}, not {show(ours.get(key))}"
    return "another format"


def clear_stale_temporaries(folder: Path) -> list[Path]:
    """Remove the temporary files a killed run left in ``folder`` (issue 46): those of
    :func:`~skirmish.core.record.write_atomically` (``.NAME.PID.HEX.tmp``) whose process is
    gone. A live process's are kept: it renames them when it has written them. Returns the
    files removed."""
    removed = []
    for temporary in folder.glob(".*.tmp"):
        parts = temporary.name.split(".")
        if len(parts) < 5 or not parts[-3].isdigit():
            continue  # not one of write_atomically's
        pid = int(parts[-3])
        if pid == os.getpid() or _alive(pid):
            continue
        with contextlib.suppress(OSError):
            temporary.unlink()
            removed.append(temporary)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True
