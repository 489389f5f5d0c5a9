"""The options that several commands share, and the game they name.

Kept light on purpose: ``skirmish --help`` imports every command module, so a command
module imports the engine only inside its functions (tests/cli/test_lazy_imports.py). The
games are the registry's (:data:`skirmish.core.plugins.GAMES`); reading it loads no rules.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from skirmish.core.plugins import GAMES, game_choices

ContentOpt = Annotated[list[Path] | None, typer.Option(
    "--content", help="A folder (or file) of your own cards (YAML/JSON), on top of the "
                      "sample cards; repeatable.")]

RulesOpt = Annotated[str | None, typer.Option(
    "--rules", help="The game's optional rules, comma-separated: territory (Territory "
                    "Management), infestation:LEVEL (1-10, or infestation:random), climate "
                    "(rolled with 2D6 as the match starts), climate:3, climate:2+12 "
                    "(combined), climate:roll+roll; e.g. territory,infestation:3,climate.")]


def default_game() -> str:
    """The game a command plays when ``--game`` is not given."""
    return GAMES.default().name


def games_help() -> str:
    """``--game``'s help: the installed games, the default first."""
    default = GAMES.default()
    others = [f"{g.name} ({g.title})" for g in GAMES if g.name != default.name]
    rest = f" or {', '.join(others)}" if others else ""
    return f"The game: {default.name} (the default){rest}."


GameOpt = Annotated[str | None, typer.Option("--game", help=games_help())]


def game_or_exit(*choices: str | None) -> str:
    """The first game given of ``choices`` (a command's ``--game``, then its group's), else
    the default game; an unknown game ends the command with one line."""
    from skirmish.cli.errors import fail

    game = next((c for c in choices if c is not None), None) or default_game()
    if game not in GAMES:
        raise fail(f"--game: {game_choices()}, got {game!r}")
    return game


def rules_setup(setup: dict[str, Any], rules: str | None, game: str | None = None
                ) -> dict[str, Any]:
    """``setup`` playing the optional rules of ``--rules`` (they replace a set-up file's own);
    ``setup`` itself when the option is not given. Raises ValueError naming the part at
    fault."""
    if rules is None:
        return setup
    from skirmish.sim.game_parts import rules_owners, sims_of

    sims = sims_of(game or default_game())
    if not sims.has_rules:
        raise ValueError(f"--rules: {rules_owners()}'s optional rules; --game {sims.name} "
                         "has none")
    return sims.setup_with_rules(setup, rules)


def rules_text(setup: dict[str, Any], game: str | None = None) -> str:
    """The optional rules a set-up plays, in words ("none (the basic rules only)")."""
    from skirmish.sim.game_parts import sims_of

    return sims_of(game or default_game()).rules_words(setup)


HouseRulesOpt = Annotated[str | None, typer.Option(
    "--house-rules", help="House rules: the readings chosen for disputed rulings, "
                          "comma-separated name=reading; "
                          "`skirmish house-rules` lists them.")]
HouseRulesFileOpt = Annotated[Path | None, typer.Option(
    "--house-rules-file", help="A shared house-rule set (YAML: game, house_rules); "
                               "--house-rules given too wins over it.")]


def house_rules_setup(setup: dict[str, Any], text: str | None, file: Path | None,
                      game: str | None = None) -> dict[str, Any]:
    """``setup`` playing the house rules of ``--house-rules-file`` then ``--house-rules``;
    ``setup`` itself when neither is given. Raises ValueError (one line naming the option,
    reading or file at fault)."""
    if text is None and file is None:
        return setup
    from skirmish.core.house_rules import parse_text, read_file, with_house_rules

    name = game or default_game()
    if file is not None:
        named, choices = read_file(file)
        if named is not None and named != name:
            raise ValueError(f"{file}: a house-rule set for {named}, not {name}")
        setup = with_house_rules(setup, name, choices, f"{file}: house_rules")
    if text is not None:
        setup = with_house_rules(setup, name, parse_text(text))
    return setup


def house_rules_choices(text: str | None, file: Path | None, game: str | None = None
                        ) -> dict[str, str]:
    """The readings ``--house-rules-file`` then ``--house-rules`` choose, checked against
    ``game``'s options (empty when neither is given; ValueError in one line)."""
    from skirmish.core.house_rules import SETUP_KEY

    chosen: dict[str, str] = house_rules_setup({}, text, file, game).get(SETUP_KEY, {})
    return chosen


def house_rules_text(setup: dict[str, Any], game: str | None = None) -> str:
    """The house rules a set-up plays, in words (those that differ from the default)."""
    from skirmish.core.house_rules import SETUP_KEY, house_rules_of, words

    return words(house_rules_of(game or default_game()), setup.get(SETUP_KEY) or {})
