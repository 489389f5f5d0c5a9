"""Eden's part for the simulations (:class:`skirmish.sim.game_parts.GameSims`): troops by
name or file (a faction, ``stigma:NAME``, a troop file; Rulebook 3), the sample library's
pairings, the optional rules (``--rules``), the invariants, the summary's fighters and
kills (6.D: incapacitated), and the balancer's armoury (:mod:`.armoury`)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.sim.game_parts import GameSims, Piece, SetupRequest

if TYPE_CHECKING:
    from skirmish.core.events import Event
    from skirmish.core.game import Game
    from skirmish.sim.balance_troops import Armoury


def _symbol(troop: Mapping[str, Any]) -> str | None:
    """A troop's faction (or stigma, for a stigma troop) when all its fighters share it."""
    key = "stigma" if troop.get("type") == "stigma" else "faction"
    values = {str(f.get("profile", {}).get(key) or "") for f in troop.get("fighters", [])}
    return values.pop() if len(values) == 1 and "" not in values else None


def _file_label(spec: str) -> str | None:
    """A troop file's name (its ``name:``, else the file's stem), if ``spec`` is a file."""
    path = Path(spec)
    if not path.is_file():
        return None
    from skirmish.games.eden.cards.troop_files import read_troop

    try:
        return read_troop(path).name or path.stem
    except ValueError:
        return path.stem


class EdenSims(GameSims):
    """Eden's troops, rules and summaries for the simulations."""

    has_round_limit = True
    has_rules = True
    default_budget = 100
    score_word = "VP"  # victory points (Rulebook)

    def setup(self, request: SetupRequest) -> dict[str, Any]:
        from skirmish.games.eden.content import setup_for

        return setup_for(request.names[0], request.names[1], max_rounds=request.rounds,
                         setup_file=request.setup_file, content=request.content)

    def side_names(self, setup: Mapping[str, Any], specs: Sequence[str | None] = (None, None)
                   ) -> tuple[str, str]:
        """A troop file's name (or file name), else the faction or stigma the troop's
        fighters share ("Jokers", "Chaos"), else "troop A"/"B"; "(A)"/"(B)" is added when
        both have the same name."""
        troops = list(setup.get("troops", []))
        names: list[str] = []
        for seat in (0, 1):
            spec = specs[seat] if seat < len(specs) else None
            named = _file_label(spec) if spec else None
            symbol = _symbol(troops[seat]) if seat < len(troops) else None
            names.append(named or symbol or f"troop {'AB'[seat]}")
        if names[0] == names[1]:
            names = [f"{names[0]} (A)", f"{names[1]} (B)"]
        return names[0], names[1]

    def pairings(self, which: str = "factions") -> tuple[tuple[str, str], ...]:
        """Every ordered pairing (mirrors included) of the sample library's factions, or of
        its factions and stigmas with ``which="all"``."""
        from skirmish.games.eden.content import load_library

        library = load_library()
        names = list(library.factions())
        if which == "all":
            stigmas = sorted({p.stigma for p in library.fighters.values() if p.stigma})
            names += [f"stigma:{s}" for s in stigmas]
        return tuple((a, b) for a, b in itertools.product(names, repeat=2))

    def check_names(self, names: Sequence[str]) -> tuple[str, ...]:
        from skirmish.games.eden.cards.troop_files import load_troop
        from skirmish.games.eden.content import load_library

        library = load_library()
        for name in dict.fromkeys(names):
            load_troop(name, library)
        return tuple(names)

    def pairing_setup(self, pairing: tuple[str, str], *, rounds: int, cycle: int = 0,
                      rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
        from skirmish.games.eden.content import setup_for

        setup = setup_for(pairing[0], pairing[1], max_rounds=rounds)
        if rules:
            setup["rules"] = dict(rules)
        return setup

    def deal_names(self, troops: Sequence[str], content: Sequence[str] = ()) -> list[str]:
        from skirmish.games.eden.content import load_library

        return list(troops) or load_library(tuple(content)).factions()

    def deal_setup(self, pairing: tuple[str, str], scenario: str, *, rounds: int,
                   content: Sequence[str] = ()) -> dict[str, Any]:
        from skirmish.games.eden.content import setup_for

        return setup_for(pairing[0], pairing[1], max_rounds=rounds, content=tuple(content))

    def parse_rules(self, text: str) -> dict[str, Any]:
        from skirmish.games.eden.optional.options import parse_rules

        return parse_rules(text).to_json()

    def with_rules(self, setup: Mapping[str, Any], rules: Mapping[str, Any] | None
                   ) -> dict[str, Any]:
        from skirmish.games.eden.optional.options import MatchOptions, with_options

        if rules is None:
            return dict(setup)
        return with_options(setup, MatchOptions.from_json(rules))

    def setup_with_rules(self, setup: Mapping[str, Any], text: str) -> dict[str, Any]:
        from skirmish.games.eden.optional.options import parse_rules, with_options

        return with_options(setup, parse_rules(text))

    def rules_words(self, setup: Mapping[str, Any]) -> str:
        from skirmish.games.eden.optional.options import options_of

        return options_of(setup).describe()

    def invariant_problems(self, game: Game) -> list[str]:
        from skirmish.games.eden.invariants import invariant_problems

        return invariant_problems(game)

    def pieces(self, view: Mapping[str, Any]) -> list[Piece]:
        """The troops' fighters, on the field or not (the non-player fighters, side 2, are
        nobody's troop)."""
        return [Piece(f["ref"], bool(f.get("on_field", not f.get("out", False))))
                for f in view.get("fighters") or [] if f.get("side") != 2]

    def kill_by(self, event: Event) -> str:
        """6.D: a fighter incapacitated, by a fighter or by ``burn`` (4.B)."""
        return str(getattr(event, "by", "") or "") if event.kind == "eden.incapacitated" \
            else ""

    def armoury(self, content: Sequence[str] = ()) -> Armoury:
        from skirmish.games.eden.content import load_library
        from skirmish.games.eden.sim.armoury import EdenArmoury

        return EdenArmoury(load_library(tuple(content)))


#: The part the plugin names (``"sim"``).
SIM = EdenSims()
