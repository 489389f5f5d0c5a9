"""core.atomic: files written whole or not at all - text and bytes (pictures, PDFs)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from skirmish.core.atomic import write_atomically


@pytest.mark.parametrize("data", ["a report\n", b"\x89PNG\r\n\x1a\n picture bytes"])
def test_a_file_is_written_whole(tmp_path: Path, data: str | bytes) -> None:
    path = tmp_path / "out.bin"
    write_atomically(path, data)
    assert (path.read_bytes() if isinstance(data, bytes) else path.read_text()) == data
    assert [p.name for p in tmp_path.iterdir()] == ["out.bin"]


@pytest.mark.parametrize("data", ["new text", b"new bytes"])
def test_a_failed_write_leaves_the_file_as_it_was_and_no_temporary(
        tmp_path: Path, data: str | bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "chart.png"
    path.write_bytes(b"old")

    def full_disk(_fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        write_atomically(path, data)
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["chart.png"]
    (tmp_path / "chart.png").unlink()
    with pytest.raises(OSError):
        write_atomically(path, data)
    assert list(tmp_path.iterdir()) == []  # absent before: still absent, not 0 bytes
