"""Issue 14: the kernel and the geometry know no ruleset. Importing ``skirmish.core`` and
``skirmish.geometry`` (every module of both) loads nothing from ``skirmish.games.eden``,
``skirmish.games.masseffect`` or any package built on them, in a fresh interpreter; and no source
file of theirs names a ruleset package."""

from __future__ import annotations

import json
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "skirmish"
RULESET_PACKAGES = ("skirmish.games", "skirmish.bots", "skirmish.sim", "skirmish.web",
                    "skirmish.cli", "skirmish.rl")


def _modules(package: str) -> list[str]:
    folder = SRC / package.split(".")[1]
    return [package] + [f"{package}.{m.name}" for m in pkgutil.iter_modules([str(folder)])]


def test_importing_the_kernel_and_the_geometry_loads_no_ruleset() -> None:
    modules = _modules("skirmish.core") + _modules("skirmish.geometry")
    code = ("import importlib, json, sys\n"
            f"for name in {modules!r}:\n"
            "    importlib.import_module(name)\n"
            "print(json.dumps(sorted(sys.modules)))")
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], check=True,
                                       capture_output=True, text=True).stdout)
    leaked = [m for m in loaded if m.startswith(RULESET_PACKAGES)]
    assert not leaked, f"the kernel or the geometry imports {leaked}"
    assert "skirmish.geometry.sight" in loaded and "skirmish.core.game" in loaded


def test_no_kernel_or_geometry_source_names_a_ruleset_package() -> None:
    pattern = re.compile(r"^\s*(from|import)\s+(" + "|".join(
        re.escape(p) for p in RULESET_PACKAGES) + r")\b", re.M)
    found = [str(path.relative_to(SRC)) for package in ("core", "geometry")
             for path in sorted((SRC / package).rglob("*.py"))
             if pattern.search(path.read_text(encoding="utf-8"))]
    assert not found, found
