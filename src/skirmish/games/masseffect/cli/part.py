"""Mass Effect: Annihilation's part for the command line
(:class:`skirmish.cli.game_parts.GameCommands`): its ``odds shoot|melee`` (:mod:`.odds`),
``cards`` (:mod:`.cards`), ``troop`` (band files: :mod:`.troop`), ``demo`` (:mod:`.demo`),
the moments of a record (a turn as it begins) and the table's picture. Light: the rules are
imported inside the methods."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.cli.game_parts import GameCommands

if TYPE_CHECKING:
    import typer
    from rich.console import Console

    from skirmish.core.actions import Action
    from skirmish.core.game import Game

#: ``demo``'s scenario when ``--scenario`` is not given.
DEFAULT_SCENARIO = "Escarmouche"


class MassEffectCommands(GameCommands):
    """Mass Effect: Annihilation's commands."""

    def odds_app(self) -> typer.Typer:
        from skirmish.games.masseffect.cli.odds import me_app

        return me_app

    def list_cards(self, console: Console, *, content: list[Path] | None,
                   faction: str | None, kind: str | None, as_json: bool) -> None:
        from skirmish.games.masseffect.cli.cards import list_cards

        list_cards(console, content, faction, kind, as_json)

    def show_card(self, console: Console, name: str, *, content: list[Path] | None,
                  as_json: bool, language: str | None) -> None:
        from skirmish.games.masseffect.cli.cards import show_card

        show_card(console, content, name, as_json)

    def print_cards(self, console: Console, *, content: list[Path] | None,
                    troop: Path | None, band: str | None, profiles: str | None,
                    out: Path | None, pdf: Path | None, language: str | None) -> None:
        from skirmish.games.masseffect.cli.cards import print_cards

        print_cards(console, content, band if band is not None or troop is None
                    else str(troop), profiles, out, pdf)

    def validate_troop(self, console: Console, file: Path, content: list[Path] | None
                       ) -> None:
        from skirmish.games.masseffect.cli.troop import validate_band

        validate_band(console, file, content)

    def new_troop(self, console: Console, out: Path, **options: Any) -> None:
        from skirmish.games.masseffect.cli.troop import new_band
        from skirmish.games.masseffect.rules import DEFAULT_BUDGET

        budget = options["budget"]
        new_band(console, out, faction=options["faction"],
                 figures=options["figures"] or options["fighters"],
                 budget=DEFAULT_BUDGET if budget is None else budget, name=options["name"],
                 content=options["content"])

    def demo(self, console: Console, *, seed: int, agents: str, rounds: int,
             content: list[Path] | None, scenario: str | None, bands: str | None,
             rules: str | None, record: Path | None, actions: bool, brief: bool,
             svg: Path | None, svg_dir: Path | None,
             house_rules: Mapping[str, str] | None = None) -> None:
        from skirmish.bots import split_agents
        from skirmish.cli.errors import fail
        from skirmish.games.masseffect.cli.demo import demo_masseffect

        if rules is not None:
            from skirmish.sim.game_parts import rules_owners

            raise fail(f"--rules: {rules_owners()}'s optional rules; "
                       "--game masseffect has none")
        try:
            demo_masseffect(console, seed=seed, agents=split_agents(agents),
                            scenario=scenario or DEFAULT_SCENARIO,
                            bands=[b.strip() for b in (bands or "").split(",") if b.strip()],
                            content=content or [], record=record, actions=actions,
                            brief=brief, svg=svg, svg_dir=svg_dir)
        except (KeyError, ValueError) as exc:
            raise fail(str(exc.args[0] if exc.args else exc)) from None

    def check_moment(self, text: str) -> None:
        from skirmish.cli.moments import parse_moment

        parse_moment(text)

    def game_at(self, record_file: Path, game: Game, text: str) -> tuple[Game, str]:
        """The game as the turn ``text`` begins
        (:func:`skirmish.games.masseffect.table.moments.game_at_turn`)."""
        from skirmish.cli.moments import parse_moment
        from skirmish.games.masseffect.table.moments import game_at_turn

        turn, activation = parse_moment(text)
        if activation:
            raise ValueError(f"--table-at: a Mass Effect: Annihilation record's moments are "
                             f"turns (e.g. {turn}), got {text!r}")
        return game_at_turn(game, turn, str(record_file)), "as it begins"

    def draw_moments(self, game: Game, folder: Path) -> None:
        from skirmish.games.masseffect.cli.demo import draw_turns

        draw_turns(game, folder)

    def decision_notes(self, game: Game, reader: int | None) -> list[str]:
        from skirmish.games.masseffect.cli.table_talk import decision_notes

        return decision_notes(game, reader)

    def suggestions(self, game: Game) -> list[tuple[Action, str]]:
        from skirmish.games.masseffect.cli.table_talk import suggested_moves

        return suggested_moves(game)

    def is_sampled_move(self, action: Action) -> bool:
        return action.verb in ("walk", "run")

    def fighter_lines(self, game: Game, reader: int | None, name: str) -> list[str]:
        from skirmish.games.masseffect.cli.table_talk import fighter_lines

        return fighter_lines(game, reader, name)

    def status_table(self, view: dict[str, Any]) -> Any | None:
        from skirmish.games.masseffect.cli.table_talk import status_table

        return status_table(view)

    def picture(self, subject: Any, *, title: str | None, when: str | None) -> Any | None:
        from skirmish.core.game import Game

        bands: list[str] = []
        if isinstance(subject, Game):
            bands = [str(b.get("name", "")) for b in subject.setup.get("bands", ())]
            subject = subject.state
        if type(subject).__name__ != "MEState":
            return None
        from skirmish.games.masseffect.state import MEState
        from skirmish.games.masseffect.table.picture import picture_of

        if not isinstance(subject, MEState):
            return None
        return picture_of(subject, title=title, when=when or "", bands=bands)

    def library(self, content: Sequence[Path] | None = None) -> Any:
        from skirmish.games.masseffect.cli.library import me_library_or_exit

        return me_library_or_exit(list(content or ()))


#: The part the plugin names (``"cli"``).
CLI = MassEffectCommands()
