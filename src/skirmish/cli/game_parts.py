"""What the command line needs from a game (issue 42): its ``"cli"`` part.

A game's plugin names an object of a :class:`GameCommands` subclass as its ``"cli"`` part
(``skirmish.core.plugins``); :func:`commands_of` hands it to the commands. The part module
is imported by ``skirmish --help`` (the ``odds`` commands, help texts), so it stays as
light as the generic commands: it imports the game's rules inside its methods only.

Every member is optional. A game without a ``"cli"`` part still plays through
``simulate``, ``matchup``, ``soak``, ``ladder``, ``replay`` (``--verify``, ``--show``: a
generic narration) and ``demo``; a command it does not offer (``cards``, ``troop``,
``odds`` ...) ends with one line naming the game and what it lacks (exit 2).

- :meth:`GameCommands.odds_app`: the game's ``skirmish odds`` commands (a Typer app); the
  default game's are ``odds``'s own, another game's command of the same name is run when
  the line says ``--game NAME`` (:mod:`skirmish.cli.game_commands`);
- :meth:`GameCommands.list_cards`, :meth:`GameCommands.show_card`,
  :meth:`GameCommands.print_cards`: ``skirmish cards``;
- :meth:`GameCommands.validate_troop`, :meth:`GameCommands.new_troop`: ``skirmish troop``;
- :meth:`GameCommands.demo`: ``skirmish demo``;
- :meth:`GameCommands.narrate`, :meth:`GameCommands.check_moment`,
  :meth:`GameCommands.game_at`, :meth:`GameCommands.draw_moments`: ``replay --show``,
  ``replay --table-at``, ``demo --svg-dir``;
- :meth:`GameCommands.picture`: the table's picture (else the ruleset's ``picture``);
- :meth:`GameCommands.library`: the game's card library with the players' ``--content``;
- :meth:`GameCommands.new_match`, :meth:`GameCommands.write_table`,
  :meth:`GameCommands.odds_lines`, :meth:`GameCommands.decision_notes`,
  :meth:`GameCommands.suggestions`, :meth:`GameCommands.fighter_lines`,
  :meth:`GameCommands.status_table`: ``skirmish play`` (moves in words are the game's
  ``"words"`` part: :mod:`skirmish.core.words`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skirmish.core.plugins import (
    GamePart,
    GamePlugin,
    part_of,
)

if TYPE_CHECKING:
    import typer
    from rich.console import Console

    from skirmish.core.actions import Action
    from skirmish.core.dice import Dice
    from skirmish.core.events import Event
    from skirmish.core.game import Game


class GameCommands(GamePart):
    """A game's part for the command line; subclass it and override what the game has.

    ``plugin`` is the game (set by :func:`commands_of`): its name and title make the
    messages."""

    #: ``--budget``'s default of ``troop new`` (None: the command's own).
    default_budget: int | None = None

    # -- odds ------------------------------------------------------------------------------
    def odds_app(self) -> typer.Typer | None:
        """The game's ``skirmish odds`` commands, or None."""
        return None

    # -- cards -----------------------------------------------------------------------------
    def list_cards(self, console: Console, *, content: list[Path] | None,
                   faction: str | None, kind: str | None, as_json: bool) -> None:
        raise self.lacks("cards to list")

    def show_card(self, console: Console, name: str, *, content: list[Path] | None,
                  as_json: bool, language: str | None) -> None:
        raise self.lacks("cards to show")

    def print_cards(self, console: Console, *, content: list[Path] | None,
                    troop: Path | None, band: str | None, profiles: str | None,
                    out: Path | None, pdf: Path | None, language: str | None) -> None:
        raise self.lacks("printable cards")

    # -- troops ----------------------------------------------------------------------------
    def validate_troop(self, console: Console, file: Path, content: list[Path] | None
                       ) -> None:
        raise self.lacks("troop files to check")

    def new_troop(self, console: Console, out: Path, **options: Any) -> None:
        """``troop new``: ``options`` are the command's (faction, stigma, fighters,
        figures, budget, leader, name, content)."""
        raise self.lacks("troop files to build")

    # -- demo ------------------------------------------------------------------------------
    def demo(self, console: Console, *, seed: int, agents: str, rounds: int,
             content: list[Path] | None, scenario: str | None, bands: str | None,
             rules: str | None, record: Path | None, actions: bool, brief: bool,
             svg: Path | None, svg_dir: Path | None,
             house_rules: Mapping[str, str] | None = None) -> None:
        """Play and narrate one match between two bots (generic: the default set-up,
        playing ``house_rules``: checked readings, given only to a game that has some)."""
        from skirmish.bots import make_agent, split_agents
        from skirmish.core.agents import play

        if rules is not None:
            raise ValueError(f"--rules: {self.title} has no optional rules")
        assert self.plugin is not None
        setup = {"house_rules": dict(house_rules)} if house_rules else {}
        game = self.plugin.rules().new_game(setup, seed=seed)
        names = split_agents(agents)
        console.print(f"[bold]{self.title} demo[/bold]: bots {agents}; seed {seed}.")
        play(game, [make_agent(names[0], seed), make_agent(names[1], seed + 1)])
        self.narrate(console, game.log, show_actions=actions, brief=brief)
        finish(console, game, "points", record=record, svg=svg)
        if svg_dir is not None:
            self.draw_moments(game, svg_dir)

    # -- narration and moments -------------------------------------------------------------
    def narrate(self, console: Console, events: Iterable[Event], *,
                show_actions: bool = False, brief: bool = False) -> None:
        """Print a game's log, one event a line (actions with ``show_actions``; with ``brief``
        the round headers and the end): :func:`skirmish.cli.narration.narrate_log`."""
        from skirmish.cli.narration import narrate_log

        narrate_log(console, events, show_actions=show_actions, brief=brief)

    def check_moment(self, text: str) -> None:
        """``--table-at TEXT`` checked before the re-play (a ValueError says why)."""
        raise self.lacks("moments to draw the table at (--table-at)")

    def game_at(self, record_file: Path, game: Game, text: str) -> tuple[Game, str]:
        """The game at the moment ``text`` and the picture title's words for it."""
        raise self.lacks("moments to draw the table at (--table-at)")

    def draw_moments(self, game: Game, folder: Path) -> None:
        """``demo --svg-dir``: pictures as each round (turn) begins, and the final one."""
        from skirmish.cli.errors import check_output_dir
        from skirmish.cli.pictures import write_picture

        check_output_dir(folder, "picture folder", create=True)
        write_picture(game, folder / "final.svg", when="final table")

    # -- terminal play (``skirmish play``) ----------------------------------------------------
    def new_match(self, troop_a: str | None, troop_b: str | None, *, rounds: int,
                  seed: int | None, content: list[Path] | None, rules: str | None,
                  house_rules: Mapping[str, str] | None = None) -> tuple[Game, str]:
        """A new match for ``play`` and the intro line (generic: the set-up the game's
        simulations make of the two sides, ``None``: the game's own, and its default
        scenario; :meth:`skirmish.sim.game_parts.GameSims.setup`), playing ``house_rules``
        (checked readings, :mod:`skirmish.core.house_rules`). Its dice follow ``seed``
        when one is given (analysis, tests), else they are fair dice both seats contribute
        to (:func:`play_dice`: no seed to print, docs/dice.md)."""
        from skirmish.cli.errors import fail
        from skirmish.core.errors import SkirmishError
        from skirmish.sim.game_parts import SetupRequest, sims_of

        if rules is not None:
            raise ValueError(f"--rules: {self.title} has no optional rules")
        assert self.plugin is not None
        sims = sims_of(self.plugin)
        request = SetupRequest(names=(troop_a, troop_b), rounds=rounds,
                               content=tuple(str(c) for c in content or ()))
        try:
            setup = sims.setup(request)
            if house_rules:
                setup = {**setup, "house_rules": dict(house_rules)}
            game = self.plugin.rules().new_game(setup, seed=seed, dice=play_dice(seed))
        except (SkirmishError, KeyError, ValueError) as exc:
            raise fail(str(exc).strip("'\"")) from None
        sides = sims.side_names(setup, (troop_a, troop_b))
        return game, f"{self.title}: A {sides[0]} against B {sides[1]}; {dice_words(seed, game)}"

    def write_table(self, game: Game, reader: int | None, path: Path) -> None:
        """``play``'s ``table FILE``: the table as ``reader`` (a seat, None: everyone) may see
        it."""
        from skirmish.cli.pictures import write_picture

        write_picture(game, path)

    def odds_lines(self, game: Game, reader: int | None, text: str) -> list[str]:
        """``play``'s ``odds ACTION``: the exact odds of an attack, in lines."""
        raise self.lacks("exact odds")

    def decision_notes(self, game: Game, reader: int | None) -> list[str]:
        """``play``: lines shown with the pending decision (issue 45: the mover's allowance,
        the deployment zone's bounds), as ``reader`` may know them; generic: none."""
        return []

    def suggestions(self, game: Game) -> list[tuple[Action, str]]:
        """``play``: legal moves worth listing first, each with its purpose ("toward B.X",
        "cover"...), instead of the engine's sampled ones (generic: none, the engine's
        listing as it is)."""
        return []

    def is_sampled_move(self, action: Action) -> bool:
        """Is ``action`` one of the engine's sampled moves that :meth:`suggestions` replace?"""
        return False

    def fighter_lines(self, game: Game, reader: int | None, name: str) -> list[str]:
        """``play``'s ``fighter NAME``: the fighter's (figure's) card and where it stands,
        as ``reader`` may know it."""
        raise self.lacks("fighter texts")

    def status_table(self, view: dict[str, Any]) -> Any | None:
        """``play``'s ``status``: a rich table of the pieces in ``view`` (None: the generic
        one, :func:`skirmish.cli.play.prompts.fighters_table`)."""
        return None

    # -- pictures --------------------------------------------------------------------------
    def picture(self, subject: Any, *, title: str | None, when: str | None) -> Any | None:
        """The picture of ``subject`` (a game or a state of this game), or None for the
        ruleset's own ``picture``."""
        return None

    # -- the library -----------------------------------------------------------------------
    def library(self, content: Sequence[Path] | None = None) -> Any:
        """The game's card library: its sample cards, then the ``content`` folders."""
        raise self.lacks("card library")


def finish(console: Console, game: Game, points: str, *, record: Path | None,
           svg: Path | None) -> None:
    """The end of a demo, whatever the game: the result (``points``: "VP", "points"), the
    record saved, the final table drawn."""
    from skirmish.core.record import Record

    outcome = game.outcome()
    if outcome is not None:
        winner = "a draw" if outcome.winner is None else f"player {'AB'[outcome.winner]} wins"
        console.print(
            f"[bold]Result[/bold]: {winner} - {points} A {outcome.scores[0]}, B "
            f"{outcome.scores[1]} ({outcome.reason}); {len(game.history)} decisions."
        )
    if record is not None:
        from skirmish.cli.errors import write_output

        write_output(record, Record.of(game).to_jsonl(), "record file")
        console.print(f"record saved to {record}")
    if svg is not None:
        from skirmish.cli.pictures import write_picture

        write_picture(game, svg, when="final table")
        console.print(f"table drawn in {svg}")


def commands_of(game: str | GamePlugin) -> GameCommands:
    """The ``"cli"`` part of ``game`` (a name or a plugin), or the generic one; an unknown
    name is a ValueError listing the games."""
    return part_of(game, "cli", GameCommands)



def play_dice(seed: int | None) -> Dice | None:
    """``play``'s dice: ``None`` (the seeded dice of ``seed``) when a seed is given, else
    fair dice both seats contribute a nonce to (:func:`skirmish.core.fair_dice.local_dice`):
    no seed from which the dice to come follow is ever shown, and an undo never shows them
    (Game.take_back)."""
    if seed is not None:
        return None
    from skirmish.core.fair_dice import local_dice

    return local_dice(2)


def dice_words(seed: int | None, game: Game) -> str:
    """How ``play``'s intro names the dice: the seed asked for, or the fair dice's
    commitment (what ``replay --verify --commitment`` checks at the end)."""
    if seed is not None:
        return f"seed {seed}"
    server = (game.dice.public().get("commitments") or {}).get("server")
    return f"fair dice (server commitment {server[:16]}…)" if server else "fair dice"
