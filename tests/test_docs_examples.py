"""The Python examples of the docs really run (each page's blocks in order, in one
namespace per page)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = sorted(p for p in DOCS.glob("*.md")
               if re.search(r"```python\n", p.read_text(encoding="utf-8")))


def test_the_architecture_page_has_examples() -> None:
    assert DOCS / "architecture.md" in PAGES


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_a_pages_python_examples_run(page: Path) -> None:
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(page), "exec"), namespace)
