"""What ``skirmish play`` prints: decisions, numbered legal actions, a seat's private
information, the fighters and the result. Plain functions of views and texts (no game
access, no input): the session decides what may be shown to whom."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from rich.table import Table

from skirmish.core.actions import format_number
from skirmish.core.decision import Decision

#: At most this many legal actions are listed at once (``more``/``all``/``list`` show more).
PAGE = 30
SEATS = "AB"

HELP = """\
Commands (anything else is read as an action in the notation, e.g. 'move A.Yuri 32.5,18',
or as a move in words: 'move Yuri toward Sabaka 6', 'move Yuri 6 north' (n, ne, e, se, s,
sw, w, nw), 'move Yuri contact Kostia', 'charge Yuri Sabaka'; the legal point nearest the
one asked for is played and said; a point typed as shown, to 0.1 cm, is played at the
legal point that near):
  N                  choose the legal action numbered N
  more | all         list the next legal actions | all of them
  list PREFIX        list the legal actions starting with PREFIX (e.g. 'list move A.Yuri')
  odds ACTION|N      exact odds of an attack (attack, charge, shoot, throw, blast); add
                     passive, dodge or response for the target's reaction
  table [FILE]       draw the table as FILE.svg or FILE.png (default table.svg)
  status             the fighters: place, AP, CP left per limb, markers
  hand               your private information (tactical hand, missions, bid)
  card NAME          a card's full text (a fighter's, a tactical card, equipment...)
  fighter NAME       a fighter's card and where it stands now
  log [N]            the last N lines of the game's account (default 20)
  undo               take back your last decision (against a bot: and the bot's since)
  save FILE          save the game record (JSON Lines); resume with --resume FILE
  help               this text
  quit               leave (offers to save)"""


def _round_token(token: str) -> str:
    """A number or an ``x,y`` point of a token rounded to 0.1; other tokens unchanged."""
    parts = token.split(",")
    if len(parts) > 2:
        return token
    out = []
    for part in parts:
        if not re.fullmatch(r"-?\d+(\.\d+)?([eE][-+]?\d+)?", part):
            return token
        if "." not in part and "e" not in part.lower():
            out.append(part)
            continue
        value = float(part)
        if not math.isfinite(value):
            return token
        out.append(format_number(round(value, 1)))
    return ",".join(out)


def rounded(text: str) -> str:
    """An action's text with its positions (and any other decimal number) rounded to
    0.1 cm for display: ``move B.Ngwane 17.282675,57.923871`` -> ``move B.Ngwane 17.3,57.9``."""
    return " ".join(_round_token(token) for token in text.split(" "))


def numbered(texts: Sequence[str], numbers: Sequence[int], width: int) -> list[str]:
    """``N. text`` entries laid out in as many columns as ``width`` allows, down each column."""
    if not texts:
        return []
    digits = len(str(max(numbers)))
    cells = [f"{n:>{digits}}. {t}" for n, t in zip(numbers, texts, strict=True)]
    column = max(len(c) for c in cells) + 3
    columns = max(1, min(len(cells), (width - 2) // column))
    rows = math.ceil(len(cells) / columns)
    lines = []
    for r in range(rows):
        row = [cells[c * rows + r] for c in range(columns) if c * rows + r < len(cells)]
        lines.append("  " + "".join(cell.ljust(column) for cell in row).rstrip())
    return lines


def labelled(text: str, label: str) -> str:
    """A listed action with its purpose, if it has one: ``move A.Vladd 31,40  [toward B.X]``."""
    return f"{text}  [{label}]" if label else text


def page_footer(shown_to: int, total: int) -> str | None:
    """The line after a truncated list: how to see the rest."""
    if shown_to >= total:
        return None
    return (f"  ... {total - shown_to} more: type 'more', 'all', or 'list PREFIX' "
            "(or any action in the notation)")


def seat_name(seat: int) -> str:
    return f"player {SEATS[seat]}"


def decision_header(view: Mapping[str, Any], seat: int, kind: str, who: str) -> str:
    """``-- player A (you): action -- round 1/5 | SP A 12, B 6 | VP A 0, B 0``."""
    return f"-- {seat_name(seat)}{who}: {kind} -- {status_line(view)}"


def status_line(view: Mapping[str, Any]) -> str:
    """Round, strategy points and victory points (public)."""
    parts = []
    if view.get("round"):
        parts.append(f"round {view['round']}/{view.get('max_rounds', '?')}")
    elif view.get("turn"):
        parts.append(f"turn {view['turn']}/{view.get('turns', '?')}")
    else:
        parts.append("preparation")
    scores = view.get("scores")
    if isinstance(scores, Sequence) and len(scores) == 2 and "vp" not in view:
        parts.append(f"points A {scores[0]}, B {scores[1]}")
    sp, vp = view.get("sp"), view.get("vp")
    if isinstance(sp, Sequence) and len(sp) == 2:
        parts.append(f"SP A {sp[0]}, B {sp[1]}")
    if isinstance(vp, Sequence) and len(vp) == 2:
        parts.append(f"VP A {vp[0]}, B {vp[1]}")
    return " | ".join(parts)


def shows_secrets(decision: Decision, mine: Mapping[str, Any], theirs: Mapping[str, Any],
                  texts: Sequence[str]) -> bool:
    """Does showing ``decision`` show its seat's secrets? Yes if its kind is secret, if the
    seat has a bid pending, or if its prompt, options or legal actions ``texts`` name a card
    of the seat's hand or mission cards, or a mission of its own that the other seat does
    not know. ``mine`` and ``theirs`` are the views of the deciding seat and of the other."""
    seat = decision.player
    if decision.kind.startswith("secret") or mine.get("my_bid") is not None:
        return True
    names = [*(mine.get("my_hand") or []),
             *(str(c.get("name")) for c in mine.get("my_mission_cards") or [])]
    own = (mine.get("missions") or [[], []])[seat]
    public = (theirs.get("missions") or [[], []])[seat]
    names += [m for m in own if m not in public]
    said = " ".join([decision.prompt, *decision.options, *texts])
    return any(re.search(rf"(?<![\w-]){re.escape(form)}(?![\w-])", said)
               for name in names for form in {name, name.replace(" ", "-")})


def private_lines(view: Mapping[str, Any], seat: int) -> list[str]:
    """What ``seat`` alone knows, from its own view: its tactical hand, its missions (secret
    or not), its mission cards and its pending bid."""
    lines = []
    hand = view.get("my_hand") or []
    lines.append(f"Your tactical hand: {', '.join(hand) if hand else '(empty)'}")
    missions = view.get("missions") or []
    if len(missions) > seat and missions[seat]:
        lines.append(f"Your missions in play: {', '.join(missions[seat])}")
    cards = [str(c.get("name")) for c in view.get("my_mission_cards") or []
             if isinstance(c, Mapping)]
    if cards:
        lines.append(f"Your mission cards: {', '.join(cards)}")
    if view.get("my_bid") is not None:
        lines.append(f"Your bid: {view['my_bid']} SP")
    return lines


def fighters_table(view: Mapping[str, Any]) -> Table:
    """Each fighter as the view shows him: where, AP, CP left per limb, markers."""
    table = Table(title="Fighters", title_justify="left")
    for column in ("fighter", "place", "AP", "head", "arms", "torso", "legs", "markers"):
        table.add_column(column)
    for f in view.get("fighters", []):
        limbs = f["profile"]["limbs"]
        cells = []
        for i, limb in enumerate(("head", "arms", "torso", "legs")):
            total = limbs[limb]["white_cp"] + limbs[limb]["red_cp"]
            cells.append(f"{total - f['checked'][i]}/{total}")
        place = rounded(f"{float(f['x'])!r},{float(f['y'])!r}") if f["on_field"] else "off"
        ap = f"{f.get('ap', 0)}{' (done)' if f.get('activated') else ''}"
        markers = ", ".join(f"{k} {v}" for k, v in f.get("markers", {}).items()) or "-"
        table.add_row(str(f["ref"]), place, ap, *cells, markers)
    return table


def result_line(outcome: Mapping[str, Any], decisions: int) -> str:
    """``Result: player A wins - VP A 3, B 1 (reason); 71 decisions.``"""
    winner = outcome.get("winner")
    scores = outcome.get("scores") or [0, 0]
    said = "a draw" if winner is None else f"{seat_name(int(winner))} wins"
    return (f"Result: {said} - VP A {scores[0]}, B {scores[1]} ({outcome.get('reason', '')}); "
            f"{decisions} decisions.")


def resume_hint(path: str, bot: str | None, seat: int | None) -> str:
    """The command that continues a saved game in the same mode."""
    tail = f" --vs {bot} --seat {SEATS[seat]}" if bot and seat is not None else ""
    return f"skirmish play --resume {path}{tail}"
