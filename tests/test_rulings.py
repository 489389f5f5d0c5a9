"""Every test that docs/rulings.md names exists (a ruling is pinned by a real test)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_named_test_exists() -> None:
    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    missing = []
    current_file: str | None = None
    for match in re.finditer(r"`(tests/[\w/]+\.py)?(?:::)?(\w+)?`", text):
        path, name = match.group(1), match.group(2)
        if path:
            current_file = path
            if not (ROOT / path).exists():
                missing.append(path)
                continue
        elif not (name and match.group(0).startswith("`::")):
            continue
        if name and current_file and name.startswith("test"):
            source = (ROOT / current_file).read_text(encoding="utf-8")
            if not re.search(rf"def {re.escape(name)}\b", source):
                missing.append(f"{current_file}::{name}")
    assert not missing, f"rulings name tests that do not exist: {missing}"


def test_rulings_cover_the_issue_points() -> None:
    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8").lower()
    for topic in ("first player after", "keep at least one", "response", "rounding"):
        assert topic in text, topic
