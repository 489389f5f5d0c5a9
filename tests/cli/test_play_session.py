"""``skirmish play``'s loop (cli/play/session.py) driven line by line: undo restores the
very game, the rounded text of a listed action is that action, the list pages, odds of a
legal attack, and a bot's secrets never reach the person's screen."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console

from skirmish.cli.play.prompts import rounded
from skirmish.cli.play.session import Session
from skirmish.core.actions import Action
from skirmish.core.game import Game
from skirmish.core.record import Record
from skirmish.games.eden import EDEN
from skirmish.games.eden.cards.troops import suggest
from skirmish.games.eden.content import load_library
from skirmish.games.eden.demo import demo_setup

#: A line of the script: a text, or a function of the session giving it (None: the input ends).
Line = str | Callable[[Session], "str | None"]


def match(seed: int = 1) -> Game:
    library = load_library()
    troops = (suggest(library, "faction", "Jokers"), suggest(library, "faction", "Bamaka"))
    return EDEN.new_game(library.setup(*troops, max_rounds=1), seed=seed)


class Script:
    """Feeds a session its lines; remembers at every prompt the game's state hash, and its
    position: the actions it keeps and what every seat sees (a takeback keeps the position
    but not the dice, which go on)."""

    def __init__(self, lines: Sequence[Line]) -> None:
        self.lines = list(lines)
        self.session: Session | None = None
        self.hashes: list[str] = []
        self.positions: list[str] = []
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str | None:
        assert self.session is not None
        self.prompts.append(prompt)
        game = self.session.game
        self.hashes.append(game.state_hash())
        self.positions.append(json.dumps([[str(a) for a in game.history],
                                          *(game.view(seat) for seat in (0, 1, None))],
                                         sort_keys=True, default=str))
        if not self.lines:
            return None
        line = self.lines.pop(0)
        return line(self.session) if callable(line) else line


def run(game: Game, lines: Sequence[Line], *, humans: Sequence[int] = (0, 1),
        bot: Any = None) -> tuple[Session, Script, str]:
    out = io.StringIO()
    script = Script(lines)
    session = Session(game, humans=humans, console=Console(file=out, width=100),
                      read=script, bot=bot, bot_name="scripted" if bot else "")
    script.session = session
    assert session.run() == 0
    return session, script, out.getvalue()


def test_positions_are_rounded_to_a_millimetre_for_display_only() -> None:
    assert rounded("move B.Ngwane 17.282675386228973,57.92387189824767") == \
        "move B.Ngwane 17.3,57.9"
    assert rounded("deploy B.Abama-Big-Belly 26.04,52") == "deploy B.Abama-Big-Belly 26,52"
    assert rounded("place Wall 20,40 90") == "place Wall 20,40 90"
    assert rounded("blast A.Yuri Flamer 12.345") == "blast A.Yuri Flamer 12.3"
    # the rounded text of a listed action chooses that very action, not a rounded point
    listed: list[str] = []

    def rounded_second(session: Session) -> str:
        listed.append(str(session.legal[1]))
        return session.texts[1]

    def until_deploy(session: Session) -> str:
        return rounded_second(session) if session.game.decision().kind == "deploy" else "1"

    session, _, _ = run(match(), [until_deploy] * 40)
    chosen = [str(a) for a in session.game.history if str(a).startswith("deploy")]
    assert chosen and chosen[0] == listed[0] and rounded(listed[0]) != listed[0]


def test_undo_restores_the_very_game_and_a_bad_line_changes_nothing() -> None:
    lines: list[Line] = ["", "1", "", "bid 1", "bogus", "0", "undo", "undo", "", "undo"]
    session, script, out = run(match(), lines)
    # prompts: A's handover, A's bid, B's handover, B's bid, then B's first-player decision;
    # after the second undo, A's bid again: the device is passed back to A first
    assert "error: unknown action 'bogus'" in out
    assert "error: no legal action numbered 0" in out
    first_player, after_bogus, after_zero = script.hashes[4], script.hashes[5], script.hashes[6]
    assert first_player == after_bogus == after_zero  # bad lines changed nothing
    assert script.positions[7] == script.positions[3]  # undo: B's bid taken back
    assert script.positions[8] == script.positions[0]  # undo again: A's bid too
    assert script.prompts[8].startswith("Player A: press Enter")
    assert "error: nothing to undo" in out
    assert session.game.history == []


def test_undo_against_a_bot_goes_back_to_the_persons_last_decision() -> None:
    session, script, out = run(match(), ["1", "undo", "2"], humans=(0,),
                               bot=ChoosyBot(last_card=False))
    assert "took back your 'bid 0' and the bot's " in out
    assert script.positions[2] == script.positions[0]  # A's bid again, as it was
    assert script.prompts[2] == "A> " and script.positions[1] != script.positions[0]
    assert str(session.game.history[0]) == "bid 1"  # then A bid again, differently


def test_the_list_pages_and_filters_and_more_shows_the_rest() -> None:
    def at_deploy(then: str) -> Line:
        return lambda s: then if s.game.decision().kind == "deploy" else "1"

    seen: dict[str, int] = {}

    def count(session: Session) -> str:
        seen["legal"] = len(session.legal)
        return "more"

    lines: list[Line] = [at_deploy("list deploy a.mirka")] * 20
    _, _, out = run(match(), [*lines, count, "all"])
    assert seen["legal"] > 30
    assert f"... {seen['legal'] - 30} more: type 'more'" in out
    assert " 31. deploy" in out
    mirka = [line for line in out.splitlines() if "deploy A.Mirka" in line]
    assert mirka and all("deploy A." in line for line in mirka)


def _attack_ready() -> Game:
    """The demo set-up played until A.Vladd may attack B.Abama-Big-Belly."""
    game = EDEN.new_game(demo_setup(), seed=1)
    while True:
        legal = [str(a) for a in game.legal_actions()]
        if any(a.startswith("attack A.Vladd") for a in legal):
            return game
        game.apply("activate A.Vladd" if "activate A.Vladd" in legal else
                   "first A" if "first A" in legal else legal[0])


def test_odds_of_a_legal_attack_by_notation_and_by_number() -> None:
    game = _attack_ready()
    number = [str(a) for a in game.legal_actions()].index("attack A.Vladd B.Abama-Big-Belly") + 1
    hash_before = game.state_hash()
    lines = ["odds attack A.Vladd B.Abama-Big-Belly response", f"odds {number}",
             "odds move A.Vladd 1,1", "odds"]
    session, _, out = run(game, lines)
    assert "odds of attack A.Vladd B.Abama-Big-Belly: melee (reaction response" in out
    assert out.count("B.Abama-Big-Belly: incapacitated ") == 2
    assert "A.Vladd: incapacitated " in out  # a response: the attacker may be wounded too
    assert "not legal now" not in out
    assert "error: no odds for 'move A.Vladd 1,1': 'move A.Vladd 1,1' is not an attack" in out
    assert "error: odds ACTION" in out
    assert session.game.state_hash() == hash_before  # odds change nothing


class ChoosyBot:
    """Plays the first legal action, except in a secret-hand decision: the first or the
    last card, as told."""

    reads_view = True

    def __init__(self, last_card: bool) -> None:
        self.last_card = last_card

    def act(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        if view["decision"]["kind"] == "secret-hand" and self.last_card:
            return legal[-1]
        return legal[0]


def test_a_bots_secret_choices_never_reach_the_screen() -> None:
    """Two games that differ only in the bot's secret tactical hand: until a card is
    played, the person's screen is the same, letter for letter."""

    def until_round_1(session: Session) -> str | None:
        return None if session.game.view(None)["round"] else "1"

    outputs, hands = [], []
    for last_card in (False, True):
        session, _, out = run(match(), [until_round_1] * 60, humans=(0,),
                              bot=ChoosyBot(last_card))
        outputs.append(out)
        hands.append(session.game.view(1)["my_hand"])
    assert hands[0] and hands[1] and set(hands[0]) != set(hands[1])
    assert outputs[0] == outputs[1]
    assert "player B takes a tactical card" in outputs[0]
    assert "player B (scripted): (secret)" in outputs[0]
    assert "player B (scripted): hand" not in outputs[0]
    # the person's own hand is shown to them
    assert "Your tactical hand: " in outputs[0]


def test_undo_never_shows_the_dice_to_come_again() -> None:
    """Issue 46: an undo keeps the dice where they are (Game.take_back): the dice drawn and
    seen before it are not drawn again; the record keeps the takeback and replays."""
    drawn: list[dict[str, Any]] = []

    def until_dice(session: Session) -> str:
        game = session.game
        if game.dice.to_json() != game.initial_dice and not drawn:
            drawn.append(game.dice.to_json())
            return "undo"
        return "1"

    session, _, out = run(match(), [until_dice] * 60, humans=(0,), bot=ChoosyBot(last_card=False))
    assert drawn and "took back your" in out
    game = session.game
    assert game.resumes, "the dice go on from the last draw after the takeback"
    first_resume = game.resumes[min(game.resumes)]
    assert first_resume == drawn[0]  # not rewound to the dice before the undone decision
    again = Record.of(game).replay()
    assert again.history == game.history and again.view(0) == game.view(0)
    assert again.dice.to_json() == game.dice.to_json()
