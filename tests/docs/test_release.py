"""The release notes and the version scheme (issue 48, docs/release.md): CHANGELOG.md has its
0.2.0 and 0.1.0 sections, newest first; every fragment left in changes/ has a name towncrier
reads (a misnamed one would be dropped from the next release, or stop it); towncrier builds
the next section from them; the version a copy without tags reports is the one the docs say,
and the wheel check (CI) pins it."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
TOWNCRIER = PROJECT["tool"]["towncrier"]
CHANGELOG = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def _sections() -> list[str]:
    return re.findall(r"^## (\S+)", CHANGELOG, re.M)


def test_the_changelog_has_0_2_0_then_0_1_0() -> None:
    assert _sections()[-2:] == ["0.2.0", "0.1.0"]
    start = CHANGELOG.index(TOWNCRIER["start_string"])
    assert start < CHANGELOG.index("## 0.2.0 (2026-12-05)") < CHANGELOG.index("## 0.1.0")
    release = CHANGELOG[CHANGELOG.index("## 0.2.0"):CHANGELOG.index("## 0.1.0")]
    assert "unreleased" not in release
    assert "### Features" in release and "### Documentation" in release
    # what milestone 2 and issues 44 to 48 brought, one entry each
    for words in ("Mass Effect: Annihilation", "Exact odds", "Search bots", "skirmish balance",
                  "Learning agents", "Soak runs", "(issue 44)", "(issue 45)", "(issue 46)",
                  "House rules everywhere", "skirmish-tabletop", "documentation site"):
        assert words in release, words


def test_every_fragment_has_a_name_towncrier_reads() -> None:
    types = {kind["directory"] for kind in TOWNCRIER["type"]}
    name = re.compile(r"(\d+|\+[\w-]+)\.(" + "|".join(types) + r")(\.\d+)?\.md")
    for fragment in (ROOT / TOWNCRIER["directory"]).iterdir():
        if fragment.name.lower() not in {"readme.md", ".gitignore", ".gitkeep"}:
            assert name.fullmatch(fragment.name), f"{fragment.name}: not <issue>.<type>.md"


@pytest.mark.skipif(shutil.which("towncrier", path=str(Path(sys.executable).parent)) is None,
                    reason="towncrier (the dev extra) is not installed")
def test_towncrier_drafts_the_next_release_from_the_fragments() -> None:
    towncrier = shutil.which("towncrier", path=str(Path(sys.executable).parent))
    assert towncrier
    draft = subprocess.run([towncrier, "build", "--draft", "--version", "9.9.9"], cwd=ROOT,
                           capture_output=True, text=True, timeout=60, check=True).stdout
    assert "9.9.9" in draft or "No significant changes" in draft


def test_a_copy_without_tags_gets_the_version_the_docs_say() -> None:
    """setuptools-scm runs at build time only (not installed here): the wheel check builds a
    copy without git metadata (the fallback) and a clone without tags (``X.Y.Z.devN``), and
    docs/release.md names both, from the same setting."""
    fallback = PROJECT["tool"]["setuptools_scm"]["fallback_version"]
    assert re.fullmatch(r"\d+\.\d+\.\d+\.dev0", fallback)
    release = (ROOT / "docs/release.md").read_text(encoding="utf-8")
    assert f"fallback version `{fallback}`" in release
    assert f"`{fallback.removesuffix('.dev0')}.devN+g<hash>`" in release
    check = (ROOT / "scripts/wheel_check.sh").read_text(encoding="utf-8")
    assert "git clone --quiet --no-tags" in check and "git archive HEAD" in check
    assert '${FALLBACK%.dev0}.dev"*.tar.gz' in check
