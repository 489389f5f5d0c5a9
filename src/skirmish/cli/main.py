"""``skirmish``: play, replay and inspect tabletop skirmish matches."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.console import Console

import skirmish
from skirmish.cli.errors import SkirmishTyper, set_debug
from skirmish.core.plugins import GAMES

#: The app's help: the installed games (their plugins only are read).
HELP = (f"Tabletop skirmish wargames ({', '.join(g.title for g in GAMES)}) played exactly "
        "by their rulebooks.")

app = SkirmishTyper(
    help=HELP,
    no_args_is_help=True,
    add_completion=False,
)
console = Console()


def _print_version(asked: bool) -> None:
    """``--version``: print the version and stop (before any command is looked at)."""
    if asked:
        console.print(f"skirmish {skirmish.__version__}", markup=False, highlight=False)
        raise typer.Exit()


@app.callback(help=HELP)
def options(
    debug: Annotated[bool, typer.Option(
        "--debug", help="Show the traceback of an error (otherwise one line on stderr).")
    ] = False,
    show_version: Annotated[bool, typer.Option(
        "--version", callback=_print_version, is_eager=True,
        help="Print the version and exit.")
    ] = False,
) -> None:
    set_debug(debug)


@app.command()
def version() -> None:
    """Print the engine version."""
    console.print(f"skirmish {skirmish.__version__}", markup=False, highlight=False)


from skirmish.cli.balance_cmd import balance  # noqa: E402
from skirmish.cli.cards_cmd import cards_app  # noqa: E402
from skirmish.cli.demo_cmd import demo  # noqa: E402
from skirmish.cli.house_rules_cmd import house_rules  # noqa: E402
from skirmish.cli.ladder_cmd import ladder  # noqa: E402
from skirmish.cli.odds_cmd import odds_app  # noqa: E402
from skirmish.cli.play import play  # noqa: E402
from skirmish.cli.render_cmd import render  # noqa: E402
from skirmish.cli.replay_cmd import replay  # noqa: E402
from skirmish.cli.selfplay_cmd import selfplay  # noqa: E402
from skirmish.cli.serve_cmd import serve  # noqa: E402
from skirmish.cli.simulate_cmd import matchup, simulate  # noqa: E402
from skirmish.cli.soak_cmd import soak  # noqa: E402
from skirmish.cli.train_cmd import train  # noqa: E402
from skirmish.cli.troop_cmd import troop_app  # noqa: E402

app.command("render", help="Draw a table (JSON) as SVG: scenery, bases, sight, paths, templates.")(
    render
)


app.command("demo")(demo)
app.command("replay")(replay)
# (new commands are registered here, one line each)
app.command("play")(play)
app.add_typer(cards_app, name="cards")
app.add_typer(troop_app, name="troop")
app.add_typer(odds_app, name="odds")
app.command("simulate")(simulate)
app.command("matchup")(matchup)
app.command("soak")(soak)
app.command("ladder")(ladder)
app.command("balance")(balance)
app.command("serve")(serve)
app.command("house-rules")(house_rules)
app.command("selfplay")(selfplay)
app.command("train")(train)


def main() -> None:  # pragma: no cover - console entry point
    """The command line: every error is one line on stderr (cli/errors.py)."""
    sys.exit(app())
