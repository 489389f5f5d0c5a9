"""``skirmish --help`` answers fast because the command modules import the engine only
when a command runs (the figure itself is measured by ``make bench``, never in a test)."""

from __future__ import annotations

import json
import subprocess
import sys

#: What a command module may not load just by being imported (and, within a game, anything
#: but the package itself, its plugin and its command-line part: see :func:`rules_modules`).
HEAVY = ("skirmish.sim", "skirmish.bots",
         "skirmish.geometry", "skirmish.web", "skirmish.core.game", "matplotlib", "numpy",
         "shapely", "pydantic", "icepool", "fastapi", "sqlalchemy", "jinja2", "weasyprint",
         "resvg_py")


def rules_modules(loaded: list[str]) -> list[str]:
    """The modules of a game's rules among ``loaded``: every module of ``skirmish.games.X``
    except the package itself, its ``plugin`` (what the registry reads) and its ``cli`` part
    (the commands it adds, as light as the generic ones)."""
    def light(name: str) -> bool:
        parts = name.split(".")
        return len(parts) <= 3 or parts[3] in ("plugin", "cli")

    return [m for m in loaded if m.startswith("skirmish.games.") and not light(m)]


def _loaded_by(statement: str) -> list[str]:
    code = f"import sys, json; {statement}; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    return list(json.loads(out))


def test_the_command_line_loads_no_engine_module() -> None:
    loaded = _loaded_by("import skirmish.cli.main")
    heavy = [m for m in loaded if any(m == h or m.startswith(h + ".") for h in HEAVY)]
    assert heavy == []
    assert rules_modules(loaded) == []


def test_help_runs_without_the_engine() -> None:
    statement = ("from typer.testing import CliRunner; from skirmish.cli.main import app; "
                 "outputs = [CliRunner().invoke(app, [*c, '--help']).output "
                 "for c in ([], ['odds'], ['cards'], ['troop'], ['demo'], ['simulate'])]; "
                 "assert all('Usage' in o for o in outputs), outputs")
    loaded = _loaded_by(statement)
    assert rules_modules(loaded) == []


def test_the_budget_limit_is_the_rulebooks() -> None:
    from skirmish.cli.troop_cmd import MAX_BUDGET
    from skirmish.games.eden.cards.troops import MAX_BUDGET as RULE

    assert MAX_BUDGET == RULE
