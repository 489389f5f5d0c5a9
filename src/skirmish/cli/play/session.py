"""The loop of ``skirmish play``, independent of typer and of the terminal.

A :class:`Session` holds the game, who plays each seat (people at this terminal, or a
bot), a rich console to print to and a function reading one line of input (``None`` at
the end of the input). Bots' decisions are applied as they come; a person is shown the
pending decision and its legal actions, numbered (the game's suggested moves first, each
with its purpose, and the game's notes: the mover's allowance, the deployment zone), and
types a number, an action in the notation, a move in words (``move Vladd toward Sabaka 6``:
:mod:`skirmish.core.words`, which also plays a point typed as shown at the legal point that
near) or a command (``help`` lists them).

Hidden information: against a bot the person sees what their seat's view and log show,
never the bot's secrets. In hot-seat, ``shown`` is the seat whose secrets may be on the
screen: before a decision that involves a seat's secrets (a secret bid, mission or hand,
a tactical card from the hand) the device is passed to that seat (the screen cleared first
if the other seat's secrets may be on it); before the other seat's next public decision
the screen is cleared again. Events are told as the screen's reader may see them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console

from skirmish.cli.errors import check_output, message_of, one_line
from skirmish.cli.play import prompts
from skirmish.cli.play.commands import COMMANDS
from skirmish.cli.play.prompts import SEATS, rounded
from skirmish.core.actions import Action
from skirmish.core.agents import Agent, view_of
from skirmish.core.errors import GameOverError, IllegalActionError
from skirmish.core.events import ActionEvent, Event
from skirmish.core.game import Game
from skirmish.core.record import Record
from skirmish.core.words import resolve

if TYPE_CHECKING:
    from skirmish.cli.game_parts import GameCommands

#: Reads one line of input after showing a prompt; ``None`` at the end of the input.
Reader = Callable[[str], "str | None"]


class EndOfInput(Exception):
    """The input ended (or was interrupted)."""


class Quit(Exception):
    """The person typed ``quit``."""


class Session:
    """One match played from a terminal (see the module's documentation)."""

    def __init__(self, game: Game, *, humans: Sequence[int], console: Console, read: Reader,
                 bot: Agent | None = None, bot_name: str = "",
                 autosave: Path | None = None, content: Sequence[Path] = ()) -> None:
        self.game = game
        self.humans = tuple(sorted(set(humans)))
        if not self.humans or (len(self.humans) == 1) != (bot is not None):
            raise ValueError("a session has two people (hot-seat) or one person and a bot")
        self.hotseat = len(self.humans) == 2
        self.bot, self.bot_name = bot, bot_name
        self.console = console
        self._read_line = read
        self.autosave = autosave
        self.content = list(content)  # the card folders of the match (``card NAME``)
        self.verbs = {cls.verb for cls in game.ruleset.actions}
        self.shown: int | None = None  # hot-seat: whose secrets may be on the screen
        self.printed = 0  # events of the log printed so far
        self.fresh = True  # the pending decision has not been shown yet
        self.legal: list[Action] = []
        self.texts: list[str] = []  # the legal actions as listed (positions rounded)
        self.labels: list[str] = []  # the purpose of each suggested move, "" for the others
        self.listed = 0  # how many of them have been listed
        self.saved_at: int | None = None  # decisions in the last record saved
        self.announced = False  # the result has been printed

    # -- the loop ---------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the input ends or the person quits; returns the exit code (0)."""
        try:
            self._loop()
        except EndOfInput:
            self._goodbye("end of input")
        except KeyboardInterrupt:
            self._goodbye("interrupted")
        except Quit:
            pass
        return 0

    def _loop(self) -> None:
        self._changed()  # (the autosave holds the game from its start)
        while True:
            self._play_bots()
            if self.game.is_over:
                self._flush()
                if not self.announced:
                    self._announce()
            elif self.fresh:
                self._present()
            self._handle(self._read(self._prompt()).strip())

    def _read(self, prompt: str) -> str:
        line = self._read_line(prompt)
        if line is None:
            raise EndOfInput
        return line

    def _prompt(self) -> str:
        if self.game.is_over:
            return "game over> "
        return f"{SEATS[self.game.decision().player]}> "

    def say(self, text: str = "", style: str | None = None) -> None:
        self.console.print(text, markup=False, highlight=False, style=style, soft_wrap=True)

    def error(self, text: str) -> None:
        self.say(f"error: {one_line(text)}", style="red")

    # -- whose eyes ---------------------------------------------------------------------------
    def reader(self) -> int | None:
        """Whose knowledge the screen shows: the person's seat against a bot; in hot-seat the
        seat the device was passed to (``None``: public information only)."""
        return self.shown if self.hotseat else self.humans[0]

    def _seen(self, event: Event) -> Event:
        seat = self.reader()
        if seat is not None:
            return event.for_player(seat)
        return event if event.audience is None else event.redacted()

    def _who(self, player: int) -> str:
        if self.hotseat:
            return prompts.seat_name(player)
        return "you" if player in self.humans else f"{prompts.seat_name(player)} ({self.bot_name})"

    def _clear(self) -> None:
        if self.console.is_terminal:
            self.console.file.write("\x1b[2J\x1b[3J\x1b[H")
            self.console.file.flush()
        else:
            self.say("\n\n" + "-" * 24 + " (screen cleared) " + "-" * 24)

    def _handover(self, seat: int) -> None:
        """The "pass the device" screen before ``seat``'s secret decision (hot-seat); the
        screen is cleared first if the other seat's secrets may be on it."""
        if self.shown is not None:
            self._clear()
        bar = "=" * 64
        self.say(f"{bar}\n  Pass the device to player {SEATS[seat]}.\n  Player "
                  f"{SEATS[1 - seat]}: look away, the next decision is secret.\n{bar}",
                  style="bold")
        answer = self._read(f"Player {SEATS[seat]}: press Enter when only you can see "
                            "the screen ")
        if answer.strip().lower() in ("quit", "exit"):
            self._quit()
        self.shown = seat

    # -- the game moving on -------------------------------------------------------------------
    def _flush(self) -> None:
        events = self.game.log[self.printed:]
        self.printed = len(self.game.log)
        self.narrate(events)

    def narrate(self, events: Sequence[Event]) -> None:
        from skirmish.cli.game_parts import commands_of

        narrate = commands_of(self.game.ruleset.name).narrate
        batch: list[Event] = []
        for event in map(self._seen, events):
            if isinstance(event, ActionEvent):
                if batch:
                    narrate(self.console, batch)
                    batch = []
                self.say(f"  > {self._who(event.player)}: {rounded(event.action)}",
                          style="cyan")
            else:
                batch.append(event)
        if batch:
            narrate(self.console, batch)

    def _changed(self) -> None:
        self.fresh = True
        if self.autosave is not None:
            try:
                Record.of(self.game).save(self.autosave)
                self.saved_at = len(self.game.history)
            except OSError as exc:
                self.error(f"autosave to {self.autosave} failed: {message_of(exc)}")

    def _play_bots(self) -> None:
        game = self.game
        while not game.is_over and game.decision().player not in self.humans:
            assert self.bot is not None
            player = game.decision().player
            game.apply(self.bot.act(view_of(game, player, self.bot), list(game.legal_actions())))
            self._changed()

    def _apply(self, action: Action | str) -> None:
        try:
            self.game.apply(action)
        except (IllegalActionError, GameOverError) as exc:
            self.error(str(exc))
            return
        self._changed()

    def _announce(self) -> None:
        outcome = self.game.outcome()
        assert outcome is not None
        self.say(prompts.result_line(outcome.to_json(), len(self.game.history)), style="bold")
        self.say("The game is over: 'save FILE' keeps its record, 'table FILE' draws the "
                  "table, 'undo' takes back, 'quit' leaves.")
        self.announced = True

    def _present(self) -> None:
        """Show what happened since the last decision shown, then the pending decision: its
        prompt and its first legal actions, numbered. In hot-seat, the screen is first
        passed to the deciding seat (a secret decision) or cleared (a public decision after
        the other seat's secret one); what happened is then told as that screen may see it."""
        game = self.game
        decision = game.decision()
        seat = decision.player
        self.legal = list(game.legal_actions())
        self.labels = [""] * len(self.legal)
        if seat in self.humans:
            self._suggest()
        self.texts = [rounded(str(a)) for a in self.legal]
        self.listed = 0
        secret = prompts.shows_secrets(decision, game.view(seat), game.view(1 - seat), self.texts)
        if self.hotseat:
            if secret and self.shown != seat:
                self._handover(seat)
            elif not secret and self.shown not in (None, seat):
                self._clear()
                self.shown = None
        self._flush()
        self.fresh = False
        who = "" if self.hotseat else " (you)"
        self.say(prompts.decision_header(game.view(self.reader()), seat, decision.kind, who),
                  style="bold")
        if secret and self.reader() == seat:
            for line in prompts.private_lines(game.view(seat), seat):
                self.say(line)
        self.say(decision.prompt or "Choose an action")
        for line in self.part().decision_notes(game, self.reader()):
            self.say(line, style="dim")
        self._list(more=True)

    def part(self) -> GameCommands:
        """The game's ``"cli"`` part."""
        from skirmish.cli.game_parts import commands_of

        return commands_of(self.game.ruleset.name)

    def _suggest(self) -> None:
        """The game's suggested moves (each with its purpose) listed first, in place of the
        engine's sampled moves (issue 45)."""
        part = self.part()
        suggested = part.suggestions(self.game)
        if not suggested:
            return
        rest = [a for a in self.legal if not part.is_sampled_move(a)
                and all(a != s for s, _ in suggested)]
        self.legal = [a for a, _ in suggested] + rest
        self.labels = [label for _, label in suggested] + [""] * len(rest)

    # -- commands -------------------------------------------------------------------------
    def _handle(self, line: str) -> None:
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        commands: dict[str, Callable[[str], None]] = {
            "help": lambda _: self.say(prompts.HELP), "?": lambda _: self.say(prompts.HELP),
            "quit": lambda _: self._quit(), "exit": lambda _: self._quit(),
            "undo": lambda _: self._undo(), "save": self._save_command,
            "more": lambda _: self._list(more=True), "all": lambda _: self._list(),
            "list": self._filter, "ls": self._filter,
            "hand": lambda _: self._private(), "secrets": lambda _: self._private(),
            **{name: functools.partial(command, self) for name, command in COMMANDS.items()},
        }
        if not line:
            if not self.game.is_over:
                self.fresh = True
        elif word in commands and (word not in self.verbs or not rest):
            commands[word](rest)
        elif self.game.is_over:
            self.error("the game is over: type undo, save FILE, table FILE or quit")
        elif line.isdigit():
            self._number(int(line))
        else:
            self._text(line)

    def _number(self, number: int) -> None:
        if not 1 <= number <= len(self.legal):
            self.error(f"no legal action numbered {number} (1 to {len(self.legal)})")
            return
        self._apply(self.legal[number - 1])

    def _text(self, line: str) -> None:
        """An action in the notation; the rounded text of a listed action is that action."""
        text = " ".join(line.split())
        same = [i for i, t in enumerate(self.texts) if t == text]
        if len(same) > 1:
            numbers = ", ".join(str(i + 1) for i in same)
            self.error(f"'{text}' is the rounded text of the legal actions {numbers}: "
                        "choose one by its number")
        elif same:
            self._apply(self.legal[same[0]])
        else:
            self._words(text)

    def _words(self, text: str) -> None:
        """A move in words, or a point typed as shown (:mod:`skirmish.core.words`): played
        as the legal action it becomes, which is said; else the line as notation."""
        try:
            resolved = resolve(self.game, text)
        except IllegalActionError as exc:
            self.error(str(exc))
            return
        if resolved is None:
            self._apply(text)
            return
        self.say(resolved.said, style="yellow")
        self._apply(resolved.action)

    def _list(self, *, more: bool = False) -> None:
        if self.game.is_over:
            self.error("the game is over: no legal actions")
            return
        if more and self.listed >= len(self.legal):
            self.say("(no more legal actions; 'all' lists them all again)")
            return
        start = self.listed if more else 0
        end = min(len(self.legal), start + prompts.PAGE) if more else len(self.legal)
        self._show_numbers(range(start, end))
        self.listed = end
        footer = prompts.page_footer(end, len(self.legal))
        if footer:
            self.say(footer, style="dim")

    def _show_numbers(self, indices: Sequence[int]) -> None:
        for text in prompts.numbered([prompts.labelled(self.texts[i], self.labels[i])
                                      for i in indices],
                                     [i + 1 for i in indices], self.console.width):
            self.say(text)

    def _filter(self, prefix: str) -> None:
        if not prefix:
            self._list()
            return
        wanted = " ".join(prefix.lower().split())
        found = [i for i, (text, action) in enumerate(zip(self.texts, self.legal, strict=True))
                 if text.lower().startswith(wanted) or str(action).lower().startswith(wanted)]
        if not found:
            self.say(f"no legal action starts with '{wanted}'")
        self._show_numbers(found)

    def _undo(self) -> None:
        """Take back the last decision (against a bot: the person's last decision and the
        bot's since): :meth:`Game.take_back` - the game the kept actions made, but the dice
        go on from the last draw, so no die already drawn and seen comes again (issue 46);
        the record keeps the takeback."""
        game = self.game
        actions = [e for e in game.log if isinstance(e, ActionEvent)]
        mine = [i for i, e in enumerate(actions) if e.player in self.humans]
        if not mine:
            self.error("nothing to undo")
            return
        keep = len(actions) - 1 if self.hotseat else mine[-1]
        undone = [self._seen(e) for e in actions[keep:]]
        game.take_back(keep, actions[keep].player)
        self.printed = len(self.game.log)
        self.announced = False
        first = undone[0]
        assert isinstance(first, ActionEvent)
        whose = "your" if not self.hotseat else f"{prompts.seat_name(first.player)}'s"
        said = f"took back {whose} '{rounded(first.action)}'"
        if len(undone) > 1:
            said += f" and the bot's {len(undone) - 1} decision(s) after it"
        self.say(said, style="yellow")
        self._changed()

    def _save(self, name: str) -> bool:
        path = Path(name).expanduser()
        try:
            check_output(path, "record")
            Record.of(self.game).save(path)
        except (ValueError, OSError) as exc:
            self.error(message_of(exc))
            return False
        self.saved_at = len(self.game.history)
        hint = prompts.resume_hint(str(path), self.bot_name or None,
                                   None if self.hotseat else self.humans[0])
        self.say(f"saved {self.saved_at} decisions to {path}; continue with: {hint}")
        return True

    def _save_command(self, name: str) -> None:
        if not name:
            self.error("save FILE: give a file name, e.g. 'save game.jsonl'")
            return
        self._save(name)

    def _private(self) -> None:
        if self.game.is_over:
            self.error("the game is over")
            return
        seat = self.game.decision().player if self.hotseat else self.humans[0]
        if self.hotseat and self.shown != seat:
            self._handover(seat)
        for line in prompts.private_lines(self.game.view(seat), seat):
            self.say(line)

    # -- leaving ----------------------------------------------------------------------------
    def _quit(self) -> None:
        done = len(self.game.history)
        if self.autosave is None and done and self.saved_at != done:
            while True:
                answer = self._read_line("Save the game before leaving? File name "
                                         "(Enter: leave without saving): ")
                if answer is None or not answer.strip() or self._save(answer.strip()):
                    break
        self._goodbye("bye")
        raise Quit

    def _goodbye(self, why: str) -> None:
        if self.game.is_over:
            self.say(f"{why}: the game is over.")
            return
        said = f"{why}: the game was not finished ({len(self.game.history)} decisions played)."
        if self.autosave is not None and self.saved_at == len(self.game.history):
            hint = prompts.resume_hint(str(self.autosave), self.bot_name or None,
                                       None if self.hotseat else self.humans[0])
            said += f" Saved to {self.autosave}; continue with: {hint}"
        self.say(said)
