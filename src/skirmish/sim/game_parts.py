"""What the simulations need from a game (issue 42): its ``"sim"`` part.

A game's plugin names an object of a :class:`GameSims` subclass as its ``"sim"`` part
(``skirmish.core.plugins``); :func:`sims_of` hands it to the runners (``simulate``,
``matchup``, ``soak``, ``ladder``, ``balance``). Every member has a generic default, so a
game that offers no ``"sim"`` part at all still plays through ``simulate``, ``ladder`` and
``soak``: its ruleset's default set-up (``new_game({})``), one pairing ``default:default``,
no invariant, a summary from the ruleset's outcome and the view's ``round`` (or ``turn``).

What a game may add (override the members it has):

- **set-ups by name**: :meth:`GameSims.setup` (two troops, bands ... by name or file, a
  scenario, a number of rounds, the players' content folders, or a whole set-up file) and
  :meth:`GameSims.side_names` (the two sides' names in reports);
- **pairings** (the soak's ``--pairings factions|all``): :meth:`GameSims.pairings`,
  :meth:`GameSims.check_names` and :meth:`GameSims.pairing_setup`;
- **the ladder's deals**: :meth:`GameSims.deal_names`, :meth:`GameSims.deal_scenarios`,
  :meth:`GameSims.deal_setup`;
- **optional rules** (``--rules``): :attr:`GameSims.has_rules`, :meth:`GameSims.parse_rules`,
  :meth:`GameSims.with_rules`, :meth:`GameSims.rules_words`;
- **invariants** (the soak checks them after every action): :meth:`GameSims.invariant_problems`;
- **summaries** (``simulate``'s survival and kills): :meth:`GameSims.pieces`,
  :meth:`GameSims.kill_by`, :meth:`GameSims.rounds_played`;
- **the balancer** (``balance``): :meth:`GameSims.armoury` and :attr:`GameSims.default_budget`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.core.plugins import (
    GAMES,
    GamePart,
    GamePlugin,
    part_of,
)

if TYPE_CHECKING:
    from skirmish.core.events import Event
    from skirmish.core.game import Game
    from skirmish.sim.balance_troops import Armoury

#: The name of a game's one set-up when it names none (its ruleset's default).
DEFAULT = "default"


@dataclass(frozen=True, slots=True)
class SetupRequest:
    """What a command asks a set-up of: the two sides by name or file (``None``: the game's
    default), a scenario (``None``: the game's default), the rounds, a whole set-up file
    instead, and the players' content folders."""

    names: tuple[str | None, str | None] = (None, None)
    rounds: int = 5
    scenario: str | None = None
    setup_file: str | None = None
    content: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Piece:
    """One fighter (figure ...) of a player's side, as a summary counts it."""

    ref: str
    standing: bool


def read_setup_file(path: str) -> dict[str, Any]:
    """A set-up file (JSON or YAML mapping) as it is; a ValueError names the file."""
    from skirmish.core.data_files import read_data

    data = read_data(Path(path))
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a set-up is a mapping")
    return data


class GameSims(GamePart):
    """A game's part for the simulations; subclass it and override what the game has.

    ``plugin`` is the game (set by :func:`sims_of`): its name and title make the messages.
    """

    #: The set-up takes a number of rounds (``--rounds``); reports name it.
    has_round_limit: bool = False
    #: The game's matches are played on a scenario (``--scenario``).
    has_scenarios: bool = False
    #: The game has optional rules (``--rules``).
    has_rules: bool = False
    #: The balancer's budget when ``--budget`` is not given (``None``: no balancer).
    default_budget: int | None = None
    #: The reports' words for the game's periods and its score, as its rulebook says them
    #: ("mean turns", "mean points").
    period_word: str = "rounds"
    score_word: str = "points"

    # -- set-ups -------------------------------------------------------------------------
    def setup(self, request: SetupRequest) -> dict[str, Any]:
        """The set-up of a match: by default a set-up file as it is, else the ruleset's
        default set-up (``{}``); a named side is refused."""
        if request.setup_file is not None:
            return read_setup_file(request.setup_file)
        named = [n for n in request.names if n is not None and n != DEFAULT]
        if named:
            raise self.lacks(f"set-ups by name (got {named[0]!r})")
        return {}

    def side_names(self, setup: Mapping[str, Any], specs: Sequence[str | None] = (None, None)
                   ) -> tuple[str, str]:
        """The two sides' names in the reports (``specs``: as the command named them)."""
        names = [spec or f"side {'AB'[seat]}" for seat, spec in
                 enumerate((*specs, None, None)[:2])]
        if names[0] == names[1]:
            names = [f"{names[0]} (A)", f"{names[1]} (B)"]
        return names[0], names[1]

    # -- the soak's pairings ---------------------------------------------------------------
    def pairings(self, which: str = "factions") -> tuple[tuple[str, str], ...]:
        """The sample pairings (``which``: ``factions`` or ``all``), both seats."""
        return ((DEFAULT, DEFAULT),)

    def check_names(self, names: Sequence[str]) -> tuple[str, ...]:
        """The names of explicit pairings, each checked (a KeyError or ValueError names an
        unknown one), as the set-ups will read them."""
        unknown = [n for n in names if n != DEFAULT]
        if unknown:
            raise self.lacks(f"set-ups by name (got {unknown[0]!r})")
        return tuple(names)

    def pairing_setup(self, pairing: tuple[str, str], *, rounds: int, cycle: int = 0,
                      rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """A soak's set-up of ``pairing`` (``cycle``: how many times the pairings were gone
        through, halved: a game may deal its scenarios in turn)."""
        setup = self.setup(SetupRequest((pairing[0], pairing[1]), rounds))
        return self.with_rules(setup, rules) if rules else setup

    # -- the ladder's deals ----------------------------------------------------------------
    def deal_names(self, troops: Sequence[str], content: Sequence[str] = ()) -> list[str]:
        """The sides the ladder deals in turn (``troops``, checked; default: the samples)."""
        return list(self.check_names(troops)) if troops else [DEFAULT]

    def deal_scenarios(self, scenarios: Sequence[str], content: Sequence[str] = ()
                       ) -> list[str]:
        """The scenarios the ladder deals in turn (``[""]``: the game has none)."""
        if scenarios:
            raise ValueError(f"--scenarios: {self.title}'s matches have no scenario to choose")
        return [""]

    def deal_setup(self, pairing: tuple[str, str], scenario: str, *, rounds: int,
                   content: Sequence[str] = ()) -> dict[str, Any]:
        return self.setup(SetupRequest((pairing[0], pairing[1]), rounds,
                                       scenario or None, content=tuple(content)))

    # -- optional rules -------------------------------------------------------------------
    def parse_rules(self, text: str) -> dict[str, Any]:
        """``--rules TEXT`` as a set-up's ``rules`` (JSON); a ValueError names the fault."""
        raise ValueError(f"--rules: {self.title} has no optional rules")

    def with_rules(self, setup: Mapping[str, Any], rules: Mapping[str, Any] | None
                   ) -> dict[str, Any]:
        """``setup`` playing the optional ``rules`` (they replace its own)."""
        out = dict(setup)
        if rules is not None:
            out["rules"] = dict(rules)
        return out

    def setup_with_rules(self, setup: Mapping[str, Any], text: str) -> dict[str, Any]:
        """``setup`` playing the optional rules of ``--rules TEXT``."""
        return self.with_rules(setup, self.parse_rules(text))

    def rules_words(self, setup: Mapping[str, Any]) -> str:
        """The optional rules a set-up plays, in words."""
        return "none"

    # -- the soak's invariants ----------------------------------------------------------
    def invariant_problems(self, game: Game) -> list[str]:
        """What is wrong with the game's state now (nothing, by default)."""
        return []

    # -- summaries ---------------------------------------------------------------------
    def pieces(self, view: Mapping[str, Any]) -> list[Piece]:
        """The players' fighters in a view (seat A's), standing or not."""
        return []

    def kill_by(self, event: Event) -> str:
        """Who took a fighter out with ``event`` (his ref, or a cause such as ``burn``); ""
        when the event takes nobody out."""
        return ""

    def rounds_played(self, view: Mapping[str, Any]) -> int:
        """The rounds (turns) a finished game's view says were played."""
        return int(view.get("round", view.get("turn", 0)))

    # -- the balancer ---------------------------------------------------------------------
    def armoury(self, content: Sequence[str] = ()) -> Armoury:
        """The library priced for the balancer (:mod:`skirmish.sim.balance_troops`)."""
        raise self.lacks("balancer (random troops at a budget)")


def sims_of(game: str | GamePlugin) -> GameSims:
    """The ``"sim"`` part of ``game`` (a name or a plugin), or the generic one; an unknown
    name is a ValueError listing the games."""
    return part_of(game, "sim", GameSims)


def rules_owners() -> str:
    """The games that have optional rules, for a refusal ("X's optional rules")."""
    titles = [p.title for p in GAMES if sims_of(p).has_rules]
    return " or ".join(titles) or "a game"
