"""Issue 45, the terminal: whole matches of ``skirmish play`` in which every move is typed in
words (``move Vladd toward Sabaka 6``, ``move Vladd 6 north``, ``move Vladd contact Yuri``,
``charge Vladd Sabaka``; ME:A's ``walk``/``run``), the allowance and the zone shown at the
decision, the suggested moves with their purpose, ``card`` and ``fighter`` during play."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from skirmish.cli.game_parts import commands_of
from skirmish.cli.play.session import Session
from skirmish.core.game import Game

from .test_play_session import match, run


class WordPlayer:
    """Answers every prompt: Enter at a handover, the first listed action at any decision
    but a move (never a number at a move decision), and at a move decision one move in words
    - each form in turn, by the fighter's bare name in lower case - then 'end' (Eden) or
    'stay' (ME:A) if the words were refused."""

    def __init__(self, forms: list[str]) -> None:
        self.forms = forms
        self.turn = 0
        self.tried: set[int] = set()
        self.used: Counter[str] = Counter()
        self.typed: list[str] = []

    def __call__(self, session: Session) -> str | None:
        game = session.game
        if game.is_over:
            return None  # the input ends
        decision = game.decision()
        if session._prompt() != f"{'AB'[decision.player]}> ":
            return ""
        key = len(game.history)
        if decision.kind not in ("action", "move"):
            return "1"
        if key in self.tried:
            return self.fallback(game)
        self.tried.add(key)
        line = self.words(game)
        if line is None:
            return self.fallback(game)
        self.typed.append(line)
        return line

    def fallback(self, game: Game) -> str:
        if game.decision().kind == "action":
            return "end"
        movers = game.decision().context["figures"]
        return f"stay {movers[0]} 90"

    def words(self, game: Game) -> str | None:
        state = game.state
        if game.decision().kind == "action":
            top = game.stack[-1]
            ref = str(getattr(top, "fighter", ""))
            pieces = state.fighters  # type: ignore[attr-defined]
            me = next((f for f in pieces if f.ref == ref), None)
            if me is None or not any(a.verb in ("move", "charge") for a in game.legal_actions()):
                return None
            alive = [f for f in pieces if f.on_field and f.ref != ref]
        else:
            ref = game.decision().context["figures"][0]
            pieces = state.figures  # type: ignore[attr-defined]
            me = next(f for f in pieces if str(f.ref) == ref)
            alive = [f for f in pieces if f.in_action and str(f.ref) != ref]
        enemies = sorted((f for f in alive if f.side != me.side),
                         key=lambda f: math.hypot(f.x - me.x, f.y - me.y))
        friends = sorted((f for f in alive if f.side == me.side),
                         key=lambda f: math.hypot(f.x - me.x, f.y - me.y))
        form = self.forms[self.turn % len(self.forms)]
        self.turn += 1
        name = str(me.ref).split(".", 1)[1].lower()
        if form == "charge" and enemies:
            self.used[form] += 1
            return f"charge {name} {str(enemies[0].ref).split('.', 1)[1]}"
        if form == "contact" and friends:
            self.used[form] += 1
            return f"move {name} contact {str(friends[0].ref).split('.', 1)[1]}"
        if form == "toward" and enemies:
            self.used[form] += 1
            return f"move {name} toward {str(enemies[0].ref).split('.', 1)[1]} 4"
        self.used["direction"] += 1
        return f"move {name} 3 {('north', 'south-east', 'w', 'ne')[self.used['direction'] % 4]}"


def test_an_eden_match_of_two_rounds_typed_only_in_word_moves() -> None:
    player = WordPlayer(["toward", "direction", "contact", "charge"])
    session, _, out = run(_two_rounds(seed=4), [player] * 2000)
    game = session.game
    assert game.is_over, out[-2000:]
    moves = [str(a) for a in game.history if a.verb in ("move", "charge")]
    resolved = [line for line in out.splitlines() if "' -> " in line]
    assert len(moves) >= 8 and len(resolved) == len(moves)  # every move came from words
    assert player.used["toward"] and player.used["direction"] and player.used["contact"]
    assert "Result:" in out and "round 2 begins" in out
    assert "Move allowance 10 cm" in out  # the allowance at every action decision
    assert "Deployment zone of player" in out and "x 0 to" in out


def _two_rounds(seed: int) -> Game:
    from skirmish.games.eden import EDEN
    from skirmish.games.eden.cards.troops import suggest
    from skirmish.games.eden.content import load_library

    library = load_library()
    troops = (suggest(library, "faction", "Jokers"), suggest(library, "faction", "Bamaka"))
    return EDEN.new_game(library.setup(*troops, max_rounds=2), seed=seed)


def test_a_masseffect_match_of_two_turns_typed_only_in_word_moves() -> None:
    game, _ = commands_of("masseffect").new_match(None, None, rounds=2, seed=2, content=None,
                                                 rules=None)
    player = WordPlayer(["toward", "direction", "charge", "contact"])
    session, _, out = run(game, [player] * 3000)
    assert session.game.is_over, out[-2000:]
    moves = [str(a) for a in session.game.history if a.verb in ("walk", "run")]
    resolved = [line for line in out.splitlines() if "' -> " in line]
    assert len(moves) >= 6 and len(resolved) == len(moves)
    assert "walk " in out and "turn 2/" in out
    assert "Result:" in out


def test_suggested_moves_come_first_with_their_purpose() -> None:
    def at_action(session: Session) -> str | None:
        if session.game.decision().kind == "action":
            return None  # the input ends
        return "" if not session._prompt().endswith("> ") else "1"

    session, _, out = run(_two_rounds(seed=4), [at_action] * 400)
    labels = [label for label in session.labels if label]
    assert labels and any(label.startswith("toward enemy") for label in labels)
    assert "  [toward enemy " in out
    game = session.game
    for action, label in zip(session.legal, session.labels, strict=True):
        if label:
            game.check(action)  # each suggestion is legal


def test_card_and_fighter_during_play() -> None:
    _, _, out = run(match(), ["", "card Vladd", "fighter vladd", "fighter nobody", "card"])
    assert "Fighter: Vladd" in out and "Ability: Fury" in out
    assert "A.Vladd: Vladd" in out and "Now: off the field" in out
    assert out.count("Equipment: Flamethrower (Blast)") == 2  # the card, then the fighter
    assert "error: no fighter 'nobody'" in out or "error: no fighter named" in out
    assert "error: card NAME" in out


def test_masseffect_status_fighter_and_the_walk_and_run_at_a_move() -> None:
    game, _ = commands_of("masseffect").new_match(None, None, rounds=2, seed=2, content=None,
                                                 rules=None)

    def until_move(then: list[str]) -> Any:
        def line(session: Session) -> str | None:
            if session.game.decision().kind == "move":
                return then.pop(0) if then else None  # then the input ends
            return "1" if session._prompt().endswith("> ") else ""
        return line

    then = ["status", "fighter commandante", "card Fusil-mitrailleur"]
    session, _, out = run(game, [until_move(then)] * 200)
    assert "Figures" in out and "vitality" in out  # the figures' own table
    assert "walk 10 cm, run 20 cm" in out  # each mover's allowances at the decision
    assert "Deployment zone of player" in out
    assert "Now: " in out and "facing" in out
    assert "Fusil mitrailleur" in out
    assert any(label.startswith("walk toward enemy") for label in session.labels)
    assert "turn 1/" in out


def test_whatever_is_asked_in_words_only_legal_actions_come_out() -> None:
    """Random requests in every form at the move decisions of bot-played matches of both
    games: each one resolves to an action the engine takes, or is one WordsError line."""
    import random

    from skirmish.bots import make_agent
    from skirmish.core.agents import view_of
    from skirmish.core.words import WordsError, resolve

    rng = random.Random(45)
    games = [*(_two_rounds(seed=s) for s in (7, 8, 9, 10)),
             commands_of("masseffect").new_match(None, None, rounds=1, seed=7, content=None,
                                                 rules=None)[0]]
    counts: dict[str, list[int]] = {}
    for game in games:
        resolved, refused = counts.setdefault(game.ruleset.name, [0, 0])
        bot = make_agent("random", 7)
        while not game.is_over and resolved + refused < 300:
            decision = game.decision()
            if decision.kind in ("action", "move"):
                pieces = getattr(game.state, "fighters", None) or game.state.figures  # type: ignore[attr-defined]
                names = [str(p.ref).split(".", 1)[1] for p in pieces]
                movers = (decision.context.get("figures")
                          or [str(getattr(game.stack[-1], "fighter", names[0]))])
                for _ in range(6):
                    who = rng.choice(names) if rng.random() < 0.2 else \
                        rng.choice(movers).split(".", 1)[-1]
                    other = rng.choice(names)
                    line = rng.choice([
                        f"move {who} toward {other} {rng.uniform(0.5, 22):.1f}",
                        f"move {who} {rng.randint(1, 21)} {rng.choice(['n', 'se', 'west'])}",
                        f"move {who} contact {other}", f"charge {who} {other}",
                        f"walk {who} toward {other}", f"run {who} 15 s"])
                    try:
                        answer = resolve(game, line)
                    except WordsError as exc:
                        assert "\n" not in str(exc)
                        refused += 1
                        continue
                    if answer is not None:  # None: not words in this game (walk in Eden)
                        game.check(answer.action)
                        resolved += 1
            game.apply(bot.act(view_of(game, decision.player, bot), list(game.legal_actions())))
        counts[game.ruleset.name] = [resolved, refused]
    assert all(resolved > 20 and refused > 20 for resolved, refused in counts.values()), counts
