"""A troop or band file's ``content:`` list: the folders of the players' own cards it was
built from (``troop new --content DIR``), written relative to the file's folder where they
can be, so that ``troop validate`` and every other command finds those cards again without
being told (issue 48: a file ``troop new`` wrote must be one ``troop validate`` accepts)."""

from __future__ import annotations

import os
from pathlib import Path


def content_field(content: list[Path] | None, out: Path) -> tuple[str, ...]:
    """The ``content:`` of a file written at ``out`` from the ``--content`` folders."""
    field: list[str] = []
    for folder in content or ():
        try:
            text = os.path.relpath(folder.resolve(), out.resolve().parent)
        except ValueError:  # another drive: only an absolute path reaches it
            text = str(folder.resolve())
        field.append(Path(text).as_posix())
    return tuple(field)


__all__ = ["content_field"]
