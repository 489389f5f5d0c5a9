"""docs/rulings.md pins every ruling to a real test: every test it cites exists where it says,
citations are well formed (so none escapes this check), and a listed known defect is an
``xfail(strict=True)`` test, so a fixed defect cannot stay listed silently."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULINGS = ROOT / "docs" / "rulings.md"

#: `tests/x.py`, `tests/x.py::test_name`, `tests/x.py::test_name[param]`, or `::test_name`
#: (the last file named before it).
CITATION = re.compile(r"`(tests/[\w/]+\.py)?(?:::(\w+))?(?:\[[^\]`]*\])?`")


def citations(text: str) -> list[tuple[str, str | None]]:
    """Every cited (file, test name or None), in order."""
    out: list[tuple[str, str | None]] = []
    current: str | None = None
    for match in CITATION.finditer(text):
        path, name = match.group(1), match.group(2)
        if path:
            current = path
        if current is None or not (path or name):
            continue
        out.append((current, name))
    return out


def _defines(path: Path, name: str) -> bool:
    return bool(re.search(rf"^\s*def {re.escape(name)}\b", path.read_text(encoding="utf-8"),
                          re.M))


#: Every file of rulings whose citations are checked (Eden's, the Mass Effect:
#: Annihilation draft's page and the search bot's design decisions, which cite their tests
#: the same way).
RULING_FILES = (RULINGS, ROOT / "docs" / "masseffect.md", ROOT / "docs" / "bots.md")


def test_every_cited_test_exists_in_the_file_cited() -> None:
    missing = []
    for path, name in (c for f in RULING_FILES for c in citations(f.read_text(encoding="utf-8"))):
        file = ROOT / path
        if not file.exists():
            missing.append(path)
        elif name is not None and name.startswith("test") and not _defines(file, name):
            missing.append(f"{path}::{name}")
    assert not missing, f"the rulings cite tests that do not exist: {missing}"


def test_citations_are_well_formed() -> None:
    """A test name outside a well-formed citation (e.g. `tests/x.py`::test_y`) would escape
    the check above."""
    text = "\n".join(f.read_text(encoding="utf-8") for f in RULING_FILES)
    bad = re.findall(r"\.py`::\w+", text)
    stray = [m for m in re.findall(r"::(test_\w+)", text)
             if not re.search(rf"`(?:tests/[\w/]+\.py)?::{m}(?:\[[^\]`]*\])?`", text)]
    assert not bad and not stray, f"malformed citations: {bad + stray}"


def test_the_checker_sees_a_missing_test() -> None:
    text = ("- **Test.** `tests/test_rulings.py::test_no_such_test`, "
            "`::test_citations_are_well_formed`")
    cited = citations(text)
    assert cited == [("tests/test_rulings.py", "test_no_such_test"),
                     ("tests/test_rulings.py", "test_citations_are_well_formed")]
    assert not _defines(ROOT / "tests/test_rulings.py", "test_no_such_test")


def test_known_defects_are_strict_xfail_tests() -> None:
    """Each "Known defects" entry lists tests marked ``xfail(strict=True)``: when a defect is
    fixed its test passes, strict xfail fails the suite, and the entry must go."""
    text = RULINGS.read_text(encoding="utf-8")
    problems = []
    for block in re.finditer(r"\*\*Known defects[^\n]*\n?((?:\s+- [^\n]*\n)*)", text):
        entry = block.group(0)
        if re.search(r"\*\*Known defects[^\n]*\bnone\b", entry):
            continue
        cited = citations(entry)
        if not cited:
            problems.append(f"a known-defect entry cites no test: {entry[:80]!r}")
        for path, name in cited:
            source = (ROOT / path).read_text(encoding="utf-8")
            marked = re.search(
                rf"@pytest\.mark\.xfail\([^)]*strict=True[^)]*\)\s*\n(?:@[^\n]*\n)*"
                rf"def {re.escape(name or '')}\b", source)
            if not marked:
                problems.append(f"{path}::{name} is listed as a known defect but is not a "
                                "strict xfail test")
    assert not problems, problems


def test_rulings_cover_the_issue_points() -> None:
    text = RULINGS.read_text(encoding="utf-8").lower()
    for topic in ("first player after", "keep at least one", "response", "rounding",
                  "strike back", "tie-break", "chosen fighter", "cannot activate",
                  "remove burn markers", "value of yuri"):
        assert topic in text, topic
