"""Files written whole or not at all: a full disk or a killed process leaves no empty or
half-written report, record, picture or card file."""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path


def write_atomically(path: Path | str, text: str | bytes) -> None:
    """Write ``text`` (UTF-8, or bytes as they are: a picture, a PDF) to ``path``
    atomically: into a temporary file in the same folder, flushed to disk, then renamed
    over ``path``. If anything fails, ``path`` is left as it was (absent, or its previous
    complete version) and the temporary file is removed."""
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with (os.fdopen(descriptor, "wb") if isinstance(text, bytes) else
              os.fdopen(descriptor, "w", encoding="utf-8", newline="\n")) as handle:
            handle.write(text)  # type: ignore[arg-type]
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable, where possible
        folder = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
