"""``skirmish house-rules``: the disputed rulings each game plays as named match options
(issue 47; :mod:`skirmish.core.house_rules`).

``skirmish house-rules [GAME]`` lists them (name, question, readings, the default);
``skirmish house-rules check FILE.yaml`` checks a shared house-rule set. Kept light: the
engine is imported inside the function (tests/cli/test_lazy_imports.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

console = Console(soft_wrap=True)


def house_rules(
    what: Annotated[str | None, typer.Argument(
        help="A game (default: every game), or `check` to check a house-rule file.",
        show_default=False)] = None,
    file: Annotated[Path | None, typer.Argument(
        help="With `check`: the house-rule file (YAML: game, house_rules).",
        show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List each game's house rules (the readings of disputed rulings, the default marked),
    or check a house-rule file: `skirmish house-rules check FILE.yaml`."""
    from skirmish.cli.options import default_game
    from skirmish.core.house_rules import chosen, house_rules_of, read_file, words
    from skirmish.core.plugins import GAMES, game_choices

    if what == "check":
        if file is None:
            raise ValueError("house-rules check: give the house-rule file (FILE.yaml)")
        game, choices = read_file(file)
        name = game or default_game()
        if name not in GAMES:
            raise ValueError(f"{file}: game: {game_choices()}, got {name!r}")
        rules = house_rules_of(name)
        checked = chosen(rules, choices, f"{file}: house_rules")
        console.print(f"{file}: a valid house-rule set for {name}: {words(rules, checked)}",
                      highlight=False)
        return
    if file is not None:
        raise ValueError(f"house-rules: a file goes with `check`, got {what!r} {file}")
    if what is not None and what not in GAMES:
        raise ValueError(f"house-rules: {game_choices()}, got {what!r}")
    plugins = [GAMES.get(what)] if what is not None else list(GAMES)
    if as_json:
        print(json.dumps({g.name: [r.to_json() for r in house_rules_of(g.name)]
                          for g in plugins}, indent=1, ensure_ascii=False))
        return
    for plugin in plugins:
        rules = house_rules_of(plugin.name)
        console.print(f"{plugin.title} ({plugin.name}): "
                      f"{len(rules) or 'no'} house rule{'s' if len(rules) != 1 else ''}",
                      highlight=False)
        for rule in rules:
            console.print(f"  {rule.name}: {rule.question}", highlight=False)
            for reading in rule.readings:
                marks = [m for m, on in (("default", reading.name == rule.default),
                                         ("literal", reading.name == (rule.literal or
                                                                      rule.default)))
                         if on]
                mark = f" [{', '.join(marks)}]" if marks else ""
                console.print(f"    {reading.name}{mark}: {reading.description}",
                              highlight=False, markup=False)
            console.print(f"    ({rule.citation}; docs/rulings.md#{rule.anchor})",
                          highlight=False, markup=False)
