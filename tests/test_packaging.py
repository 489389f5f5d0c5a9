"""The package as users get it (issue 48, docs/release.md): its name, its version, its data.

The wheel itself is built, installed outside the checkout and run by scripts/wheel_check.sh
(CI, `make wheel-check`); these are the fast checks that need no build.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from typer.testing import CliRunner

import skirmish
from skirmish.cli.main import app

ROOT = Path(__file__).parents[1]
PACKAGE = ROOT / "src" / "skirmish"
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())

#: Files in the package that users do not need (left out of the wheel on purpose).
NOT_SHIPPED = {
    # only for writing a new migration from a checkout (`alembic -c ... revision`)
    "web/migrations/alembic.ini",
}


def test_every_data_file_is_in_the_package_data() -> None:
    """A static file, template, card file... that no package-data pattern names would be
    missing from a wheel built without git (the Docker image): the web table would 404."""
    patterns = PROJECT["tool"]["setuptools"]["package-data"]["skirmish"]
    shipped = {p.relative_to(PACKAGE).as_posix()
               for pattern in patterns for p in PACKAGE.glob(pattern) if p.is_file()}
    data = {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*")
            if p.is_file() and p.suffix not in {".py", ".pyc"} and "__pycache__" not in p.parts}
    assert any(name.startswith("web/static/") for name in data)  # the walk found them
    assert any("templates/" in name for name in data)
    missing = sorted(data - shipped - NOT_SHIPPED)
    assert not missing, f"not in [tool.setuptools.package-data] of pyproject.toml: {missing}"


def test_a_file_the_patterns_miss_is_caught(tmp_path: Path) -> None:
    """The check above sees a static file in a new subfolder (the patterns take one level)."""
    patterns = PROJECT["tool"]["setuptools"]["package-data"]["skirmish"]
    (tmp_path / "web" / "static" / "img").mkdir(parents=True)
    (tmp_path / "web" / "static" / "img" / "logo.png").write_bytes(b"")
    (tmp_path / "web" / "static" / "style.css").write_text("")
    shipped = {p.relative_to(tmp_path).as_posix()
               for pattern in patterns for p in tmp_path.glob(pattern) if p.is_file()}
    assert shipped == {"web/static/style.css"}


def test_the_distribution_name_and_the_version_scheme() -> None:
    """`skirmish` on the package index is another project; the version comes from git tags,
    with a meaningful fallback (docs/release.md)."""
    project = PROJECT["project"]
    assert project["name"] == skirmish.DISTRIBUTION == "skirmish-tabletop"
    assert project["dynamic"] == ["version"] and "version" not in project
    assert project["scripts"]["skirmish"] == "skirmish.cli.main:app"
    assert any(r.startswith("setuptools-scm") for r in PROJECT["build-system"]["requires"])
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert "## 0.2.0" in changelog and "## 0.1.0" in changelog
    # the fallback is the release after the last one in the changelog (docs/release.md: set
    # in the commit after a release's tag)
    last = re.search(r"^## (\d+)\.(\d+)\.(\d+)", changelog, re.M)
    assert last is not None
    major, minor, _ = last.groups()
    fallback = f"{major}.{int(minor) + 1}.0.dev0"
    assert PROJECT["tool"]["setuptools_scm"]["fallback_version"] == fallback == "0.3.0.dev0"
    assert fallback in (ROOT / "docs" / "release.md").read_text()
    assert PROJECT["tool"]["towncrier"]["start_string"].strip() in changelog


def test_the_version_is_the_installed_distribution_s() -> None:
    """skirmish.__version__ reads skirmish-tabletop's metadata (setuptools-scm wrote it at
    install time); a source tree never installed says SOURCE_VERSION."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        installed = version(skirmish.DISTRIBUTION)
    except PackageNotFoundError:
        installed = skirmish.SOURCE_VERSION
    assert skirmish.__version__ == installed


def test_version_option_and_python_dash_m() -> None:
    """`skirmish --version` and `python -m skirmish --version` print the version, alone."""
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output == f"skirmish {skirmish.__version__}\n"
    env = {**os.environ, "PYTHONPATH": str(PACKAGE.parent)}
    run = subprocess.run([sys.executable, "-m", "skirmish", "--version"], env=env,
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0 and run.stdout == f"skirmish {skirmish.__version__}\n"
