"""The import graph's shape (issue 42, docs/architecture.md), beyond import-linter's
contracts (``lint-imports``, in ``make check`` and ``make test``):

- no import circle of more than two modules anywhere (imports inside functions count;
  those made only for type checking do not);
- a game's rules import none of the generic frameworks above them (only its parts for
  those layers, ``games/<game>/{bots,cli,rl,sim,web}``, do);
- a game's card data (``games/<game>/cards``) is its bottom: of the rest of its game it
  imports only leaves (modules that import nothing of the game themselves, such as the
  numbers of the rulings).
"""

from __future__ import annotations

import functools

import grimp
import pytest

from skirmish.core.plugins import GAMES

FRAMEWORKS = ("skirmish.bots", "skirmish.cli", "skirmish.learn", "skirmish.rl", "skirmish.sim",
              "skirmish.web")
PARTS = ("bots", "cli", "rl", "sim", "web", "plugin")


@functools.cache
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("skirmish", exclude_type_checking_imports=True, cache_dir=None)


def circles(modules: set[str], imports: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        work = [(start, iter(sorted(imports.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(imports.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))

    for module in sorted(modules):
        if module not in index:
            visit(module)
    return found


def test_the_circle_finder_finds_circles() -> None:
    imports = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d"}, "f": {"a"}}
    assert sorted(circles(set(imports), imports)) == [["a", "b", "c"], ["d", "e"]]


def test_no_import_circle_of_more_than_two_modules() -> None:
    g = graph()
    imports = {m: set(g.find_modules_directly_imported_by(m)) for m in g.modules}
    big = [c for c in circles(set(g.modules), imports) if len(c) > 2]
    assert not big, "\n".join(f"{len(c)} modules: {', '.join(c)}" for c in big)


@pytest.mark.parametrize("game", ["eden", "masseffect"])
def test_a_games_rules_import_no_framework_above_them(game: str) -> None:
    g = graph()
    package = f"skirmish.games.{game}"
    rules = [m for m in g.find_descendants(package)
             if m.split(".")[3] not in PARTS]
    found = [f"{m} -> {i}" for m in sorted(rules)
             for i in sorted(g.find_modules_directly_imported_by(m))
             if i.startswith(FRAMEWORKS)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", ["eden", "masseffect"])
def test_a_games_card_data_imports_only_leaves_of_its_game(game: str) -> None:
    g = graph()
    cards = f"skirmish.games.{game}.cards"
    inside = f"skirmish.games.{game}."

    def leaf(module: str) -> bool:
        return not any(i.startswith(inside) for i in g.find_modules_directly_imported_by(module))

    found = [f"{m} -> {i}" for m in sorted(g.find_descendants(cards) | {cards})
             for i in sorted(g.find_modules_directly_imported_by(m))
             if i.startswith(inside) and not i.startswith(cards) and not leaf(i)]
    assert not found, "\n".join(found)


def test_the_games_checked_here_are_the_installed_ones() -> None:
    assert {"eden", "masseffect"} <= set(GAMES.names())
