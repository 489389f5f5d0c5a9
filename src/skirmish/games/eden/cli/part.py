"""Eden's part for the command line (:class:`skirmish.cli.game_parts.GameCommands`): its
``odds`` commands (:mod:`.odds`), ``cards`` (:mod:`.cards`), ``troop`` (:mod:`.troop`),
``demo`` (:mod:`.demo`), the narration (:mod:`.narrate`), the moments of a record
(Rulebook 4.B: ``ROUND`` or ``ROUND.ACTIVATION``) and the table's picture. Light: the rules
are imported inside the methods."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.cli.game_parts import GameCommands

if TYPE_CHECKING:
    import typer
    from rich.console import Console

    from skirmish.core.actions import Action
    from skirmish.core.events import Event
    from skirmish.core.game import Game


class EdenCommands(GameCommands):
    """Eden's commands."""

    default_budget = 100

    def odds_app(self) -> typer.Typer:
        from skirmish.games.eden.cli.odds import odds_app

        return odds_app

    def list_cards(self, console: Console, *, content: list[Path] | None,
                   faction: str | None, kind: str | None, as_json: bool) -> None:
        from skirmish.games.eden.cli.cards import list_cards

        list_cards(console, content, faction, kind, as_json)

    def show_card(self, console: Console, name: str, *, content: list[Path] | None,
                  as_json: bool, language: str | None) -> None:
        from skirmish.games.eden.cli.cards import show_card

        show_card(console, content, name, as_json, language)

    def print_cards(self, console: Console, *, content: list[Path] | None,
                    troop: Path | None, band: str | None, profiles: str | None,
                    out: Path | None, pdf: Path | None, language: str | None) -> None:
        from skirmish.games.eden.cli.cards import print_cards

        print_cards(console, content, troop, out, pdf, language)

    def validate_troop(self, console: Console, file: Path, content: list[Path] | None
                       ) -> None:
        from skirmish.games.eden.cli.troop import validate_troop

        validate_troop(console, file, content)

    def new_troop(self, console: Console, out: Path, **options: Any) -> None:
        from skirmish.games.eden.cli.troop import new_troop

        new_troop(console, out, faction=options["faction"], stigma=options["stigma"],
                  fighters=options["fighters"], budget=options["budget"],
                  leader=options["leader"], name=options["name"], content=options["content"])

    def demo(self, console: Console, *, seed: int, agents: str, rounds: int,
             content: list[Path] | None, scenario: str | None, bands: str | None,
             rules: str | None, record: Path | None, actions: bool, brief: bool,
             svg: Path | None, svg_dir: Path | None,
             house_rules: Mapping[str, str] | None = None) -> None:
        from skirmish.games.eden.cli.demo import demo_eden

        demo_eden(console, seed=seed, agents=agents, rounds=rounds, content=content,
                  rules=rules, record=record, actions=actions, brief=brief, svg=svg,
                  svg_dir=svg_dir, house_rules=house_rules)

    def narrate(self, console: Console, events: Iterable[Event], *,
                show_actions: bool = False, brief: bool = False) -> None:
        from skirmish.games.eden.cli.narrate import narrate

        narrate(console, events, show_actions=show_actions, brief=brief)

    def check_moment(self, text: str) -> None:
        from skirmish.cli.moments import parse_moment

        parse_moment(text)

    def game_at(self, record_file: Path, game: Game, text: str) -> tuple[Game, str]:
        """The game once round R begins or its K-th activation is over (Rulebook 4.B)."""
        from skirmish.cli.moments import parse_moment
        from skirmish.core.record import Record
        from skirmish.games.eden.moments import Moment, game_at

        round_, activation = parse_moment(text)
        moment = Moment(round_, activation)
        at = game_at(Record.load(record_file), moment)
        return at, ("as it begins" if not activation else f"after activation {activation}")

    def draw_moments(self, game: Game, folder: Path) -> None:
        from skirmish.games.eden.cli.demo import draw_rounds

        draw_rounds(game, folder)

    def new_match(self, troop_a: str | None, troop_b: str | None, *, rounds: int,
                  seed: int | None, content: list[Path] | None, rules: str | None,
                  house_rules: Mapping[str, str] | None = None) -> tuple[Game, str]:
        """Two troops (files, factions or ``stigma:NAME``) of the library, for ``play``,
        playing ``house_rules`` (checked readings)."""
        from skirmish.cli.errors import fail
        from skirmish.cli.game_parts import dice_words, play_dice
        from skirmish.cli.options import house_rules_text, rules_setup, rules_text
        from skirmish.core.errors import SkirmishError
        from skirmish.games.eden import EDEN
        from skirmish.games.eden.cards.troop_files import load_troop
        from skirmish.games.eden.cli.library import library_or_exit

        troop_a, troop_b = troop_a or "Jokers", troop_b or "Bamaka"  # the starter troops
        files = [Path(s) for s in (troop_a, troop_b) if Path(s).is_file()]
        library = library_or_exit(content, files)
        troops = (load_troop(troop_a, library), load_troop(troop_b, library))
        try:
            setup = rules_setup(library.setup(*troops, max_rounds=rounds), rules, "eden")
        except ValueError as exc:
            raise fail(str(exc)) from None
        if house_rules:
            setup = {**setup, "house_rules": dict(house_rules)}
        try:
            game = EDEN.new_game(setup, seed=seed, dice=play_dice(seed))
        except SkirmishError as exc:
            raise fail(str(exc)) from None
        optional = (f"; optional rules: {rules_text(setup, 'eden')}" if rules is not None
                    else "")
        if house_rules:
            optional += f"; house rules: {house_rules_text(setup, 'eden')}"
        intro = (f"Eden: A {troops[0].name or troop_a} ({', '.join(troops[0].fighters)}) "
                 f"against B {troops[1].name or troop_b} ({', '.join(troops[1].fighters)}); "
                 f"{rounds} round(s); {dice_words(seed, game)}{optional}")
        return game, intro

    def write_table(self, game: Game, reader: int | None, path: Path) -> None:
        from skirmish.games.eden.cli.seen import write_table

        write_table(game, reader, path)

    def odds_lines(self, game: Game, reader: int | None, text: str) -> list[str]:
        from skirmish.games.eden.cli.seen import odds_lines

        return list(odds_lines(game, reader, text))

    def decision_notes(self, game: Game, reader: int | None) -> list[str]:
        from skirmish.games.eden.cli.table_talk import decision_notes

        return decision_notes(game, reader)

    def suggestions(self, game: Game) -> list[tuple[Action, str]]:
        from skirmish.games.eden.words import suggested_moves

        return suggested_moves(game)

    def is_sampled_move(self, action: Action) -> bool:
        return action.verb == "move"  # the engine's sampled Moves (charges stay listed)

    def fighter_lines(self, game: Game, reader: int | None, name: str) -> list[str]:
        from skirmish.games.eden.cli.table_talk import fighter_lines

        return fighter_lines(game, reader, name)

    def picture(self, subject: Any, *, title: str | None, when: str | None) -> Any | None:
        from skirmish.core.game import Game

        if isinstance(subject, Game):
            subject = subject.state
        if type(subject).__name__ != "EdenState":
            return None
        from skirmish.games.eden.picture import picture_of
        from skirmish.games.eden.state import EdenState

        if not isinstance(subject, EdenState):
            return None
        return picture_of(subject, title=title, when=when or "")

    def library(self, content: Sequence[Path] | None = None) -> Any:
        from skirmish.games.eden.cli.library import library_or_exit

        return library_or_exit(list(content or ()))


#: The part the plugin names (``"cli"``).
CLI = EdenCommands()
