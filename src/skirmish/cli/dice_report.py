"""What ``skirmish replay --verify`` says of a verified record's dice (docs/dice.md).

The re-play has already checked every commitment against its reveal and every die against
the derived key (core/record.py: the end line's dice are those the re-play drew); here the
commitments it checked are printed, so players compare them with the ones shown during the
match, and ``--commitment`` makes that comparison for them."""

from __future__ import annotations

from collections.abc import Sequence

from skirmish.core.dice import KeyedDice, commitment_of
from skirmish.core.fair_dice import SCHEME, FairDice, dice_of_record, header_of
from skirmish.core.game import Game


def _first(game: Game) -> FairDice | None:
    """The fair dice a verified game started with (``None``: not fair dice)."""
    if game.initial_dice.get("kind") != "fair":
        return None
    header = header_of(game.initial_dice)
    full = game.initial_dice
    reveal = {"reveal": {"server": full["server_key"], "seats": full["nonces"]}}
    return dice_of_record(header, reveal)


def dice_lines(game: Game) -> list[str]:
    """The lines that say how a verified record's dice were checked."""
    kind = game.initial_dice.get("kind")
    fair = _first(game)
    if fair is not None:
        commitments = fair.commitments()
        lines = [f"dice: {SCHEME}: every commitment matches its reveal, every die "
                 f"({game.dice.counter if isinstance(game.dice, KeyedDice) else 0} draws) "
                 "was drawn from the key derived from them",
                 f"  server commitment {commitments['server']}"]
        lines += [f"  seat {i} commitment {c}" if c else
                  f"  seat {i}: absent (it had not committed when the first die was drawn)"
                  for i, c in enumerate(commitments["seats"])]
        lines.append("  compare them with the commitments shown when the match began")
        return lines
    if kind == "keyed":
        key = str(game.initial_dice.get("key", ""))
        return [f"dice: keyed by the server alone (no seat contributed), key commitment "
                f"{commitment_of(key)}: this proves no die was changed after the start, not "
                "that the key was not chosen"]
    if kind == "seeded":
        return ["dice: seeded (simulation dice: whoever knows the seed knows every die)"]
    return [f"dice: {kind} (forced faces)"]


def check_noted(game: Game, noted: Sequence[str]) -> None:
    """Each commitment a player noted during the match must be in the record (a ValueError
    in one line otherwise)."""
    if not noted:
        return
    fair = _first(game)
    if fair is None:
        raise ValueError("--commitment: this record's dice have no seat commitments "
                         f"(dice kind {game.initial_dice.get('kind')!r})")
    commitments = fair.commitments()
    known = {commitments["server"]: "the server's", **{
        c: f"seat {i}'s" for i, c in enumerate(commitments["seats"]) if c}}
    for value in noted:
        if value.strip().lower() not in known:
            raise ValueError(f"--commitment {value[:16]}...: not in this record (its server "
                             f"commits to {commitments['server'][:16]}...): the record's "
                             "dice are not the ones committed to during the match")
