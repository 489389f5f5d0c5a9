"""Games as plugins: the one registry through which the generic layers find every game.

A game is one package (``skirmish.games.eden``, ``skirmish.games.masseffect``, or one in
another distribution) that declares a :class:`GamePlugin` under the entry-point group
:data:`ENTRY_POINTS` (``[project.entry-points."skirmish.rulesets"]`` in its
``pyproject.toml``)::

    [project.entry-points."skirmish.rulesets"]
    mygame = "mygame.plugin:PLUGIN"

The plugin names the game's kernel :class:`~skirmish.core.ruleset.Ruleset` and its
*parts*: what each generic layer needs from the game (the search's game knowledge, the web
table's frames and words, the command line's additions, the RL encoders, the simulation's
set-ups and invariants ...). Each part is a ``"module:attribute"`` reference, imported only
when a layer first asks for it, so listing the games imports none of them. The protocol a
part implements lives with the layer that calls it (``skirmish.bots.game_parts``,
``skirmish.web.game_parts``, ...); a game that lacks a part does not name it, and the
layer says so in one clear line (:class:`MissingPart`: "Mass Effect: Annihilation has no
...").

This module knows no game: it reads the entry points.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from skirmish.core.ruleset import Ruleset

#: The entry-point group every game registers its :class:`GamePlugin` in.
ENTRY_POINTS = "skirmish.rulesets"


class MissingPart(LookupError):
    """A layer asked a game for a part the game does not offer; the message is one line
    naming the game and what it lacks."""


def load_reference(reference: str) -> Any:
    """The object a ``"module:attribute"`` (or ``"module"``) reference names."""
    module_name, _, attribute = reference.partition(":")
    module = importlib.import_module(module_name)
    if not attribute:
        return module
    value: Any = module
    for name in attribute.split("."):
        value = getattr(value, name)
    return value


@dataclass(frozen=True, slots=True)
class GamePlugin:
    """One game as every generic layer sees it.

    ``name`` is the game's key (``--game NAME``, a record's ``ruleset``); ``title`` its name
    for people; ``ruleset`` the ``"module:attribute"`` of its kernel ruleset; ``parts`` maps a
    part's kind (a layer's word: ``"search"``, ``"web"``, ``"cli"``, ``"rl"``, ``"sim"``
    ...) to the ``"module:attribute"`` of the object implementing that layer's protocol.
    """

    name: str
    title: str
    ruleset: str
    parts: Mapping[str, str] = field(default_factory=dict)
    #: One line for listings (``--game``'s help, the lobby).
    summary: str = ""
    #: Where the game stands in listings; the lowest is the default game (``--game``
    #: omitted), ties broken by name.
    order: int = 100
    _loaded: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def rules(self) -> Ruleset:
        """The kernel ruleset (imported on first use)."""
        if "" not in self._loaded:
            self._loaded[""] = load_reference(self.ruleset)
        ruleset: Ruleset = self._loaded[""]
        return ruleset

    def has(self, kind: str) -> bool:
        return kind in self.parts

    def part(self, kind: str) -> Any | None:
        """The part of ``kind`` (imported on first use), or ``None`` when the game has none."""
        if kind not in self.parts:
            return None
        if kind not in self._loaded:
            self._loaded[kind] = load_reference(self.parts[kind])
        return self._loaded[kind]

    def require(self, kind: str, what: str) -> Any:
        """The part of ``kind``; without it, :class:`MissingPart` saying the game has no
        ``what`` (e.g. ``"exact odds"``)."""
        part = self.part(kind)
        if part is None:
            raise MissingPart(f"{self.title} ({self.name}) has no {what}")
        return part


@dataclass(slots=True)
class GameRegistry:
    """Every installed game, found through the :data:`ENTRY_POINTS` entry points (read once);
    :meth:`add` puts one in by hand (a test's game)."""

    _games: dict[str, GamePlugin] | None = None

    def _all(self) -> dict[str, GamePlugin]:
        if self._games is None:
            found: dict[str, GamePlugin] = {}
            for point in entry_points(group=ENTRY_POINTS):
                plugin = point.load()
                if not isinstance(plugin, GamePlugin):
                    raise TypeError(f"entry point {point.name} = {point.value} in group "
                                    f"{ENTRY_POINTS!r} is not a GamePlugin")
                found.setdefault(plugin.name, plugin)
            self._games = found
        return self._games

    def add(self, plugin: GamePlugin) -> GamePlugin:
        self._all()[plugin.name] = plugin
        return plugin

    def refresh(self) -> None:
        """Read the entry points again (after installing a game in this process)."""
        self._games = None

    def names(self) -> list[str]:
        """The installed games' names, in listing order (:attr:`GamePlugin.order`, then
        name)."""
        games = self._all()
        return sorted(games, key=lambda name: (games[name].order, name))

    def __iter__(self) -> Iterator[GamePlugin]:
        return iter([self._all()[name] for name in self.names()])

    def __contains__(self, name: object) -> bool:
        return name in self._all()

    def get(self, name: str) -> GamePlugin:
        """The game called ``name``; an unknown name is a :class:`KeyError` listing the
        installed games."""
        games = self._all()
        if name not in games:
            raise KeyError(f"unknown game {name!r} (installed: {', '.join(sorted(games))})")
        return games[name]

    def default(self) -> GamePlugin:
        """The game used when none is named: the lowest :attr:`GamePlugin.order`."""
        games = list(self)
        if not games:
            raise KeyError(f"no game is installed (entry points {ENTRY_POINTS!r})")
        return min(games, key=lambda game: (game.order, game.name))

    def with_part(self, kind: str) -> list[GamePlugin]:
        """The games offering a part of ``kind``, by name."""
        return [game for game in self if game.has(kind)]


#: The installed games.
GAMES = GameRegistry()


def game_choices() -> str:
    """The installed games for a message: ``a or b`` (``a, b or c``)."""
    names = GAMES.names()
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def plugin_or_error(name: str) -> GamePlugin:
    """The game called ``name``; else ``--game: a or b, got 'x'`` (a ValueError)."""
    if name not in GAMES:
        raise ValueError(f"--game: {game_choices()}, got {name!r}")
    return GAMES.get(name)


class GamePart:
    """The base of a layer's part whose every member has a generic default (the
    simulations', the command line's): a game subclasses it and overrides what it has; a
    game without the part gets the base itself. :func:`part_of` binds it to its game,
    whose name and title make the messages."""

    plugin: GamePlugin | None = None

    @property
    def title(self) -> str:
        return self.plugin.title if self.plugin is not None else "this game"

    @property
    def name(self) -> str:
        return self.plugin.name if self.plugin is not None else ""

    def lacks(self, what: str) -> ValueError:
        """The one-line refusal of something the game does not offer (exit 2)."""
        return ValueError(f"{self.title} ({self.name}) has no {what}")


Part = TypeVar("Part", bound=GamePart)


def part_of(game: str | GamePlugin, kind: str, base: type[Part]) -> Part:
    """The part of ``kind`` of ``game`` (a name or a plugin), or a plain ``base`` for a
    game that offers none, bound to its game; an unknown name is a ValueError listing the
    games (:func:`plugin_or_error`)."""
    plugin = game if isinstance(game, GamePlugin) else plugin_or_error(game)
    found = plugin.part(kind)
    part = base() if found is None else found
    if not isinstance(part, base):
        raise TypeError(f"the {kind} part of {plugin.title} ({plugin.name}) is not a "
                        f"{base.__name__}")
    if part.plugin is None:
        part.plugin = plugin
    return part
