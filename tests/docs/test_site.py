"""The documentation site's own checks (issue 48): the link checker CI runs on the built
site finds a broken link and a missing anchor, and the hand-written part of the card
reference (the troop file's fields) names exactly the fields the loader reads."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from skirmish.games.eden.cards import troops

ROOT = Path(__file__).resolve().parents[2]


def _checker() -> object:
    spec = importlib.util.spec_from_file_location("check_links", ROOT / "scripts/check_links.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_link_checker_finds_broken_links_and_anchors(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "index.html").write_text(
        '<a href="a/">ok</a> <a href="a/#here">ok</a> <a href="#top">ok</a><h1 id="top"></h1>'
        '<a href="https://example.org/x">external</a> <a href="/a/">root</a>'
        '<a href="missing/">broken</a> <a href="a/#nowhere">no anchor</a>', encoding="utf-8")
    (tmp_path / "a" / "index.html").write_text('<h2 id="here">x</h2>', encoding="utf-8")
    problems = _checker().broken_links(tmp_path)  # type: ignore[attr-defined]
    assert problems == ["index.html: missing/ (no such file)",
                        "index.html: a/#nowhere (no anchor #nowhere)"]


def test_the_troop_reference_names_every_field_the_loader_reads() -> None:
    page = (ROOT / "docs/reference/cards.md").read_text(encoding="utf-8")
    section = page[page.index("### Troop files"):page.index("## Mass Effect")]
    documented = set(re.findall(r"^\| `(\w+)` \|", section, re.M))
    assert documented == set(troops._FIELDS)


def test_every_new_page_is_in_the_navigation() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in sorted((ROOT / "docs").rglob("*.md")):
        assert page.relative_to(ROOT / "docs").as_posix() in nav, page
