"""``skirmish replay --verify`` and the stand-alone ``verify_dice.py`` (docs/dice.md) give
the same verdict on a record of fair dice: an honest one is verified and its commitments
printed; a forged one (another nonce, an honest re-play under another server key, a die
changed) is refused with one line, exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import skirmish.verify_dice as standalone
from skirmish.cli.main import app
from skirmish.core import RandomAgent, Record, play
from skirmish.core.dice import KeyedDice
from skirmish.core.fair_dice import FairDice
from skirmish.games.eden import EDEN
from skirmish.games.eden.demo import demo_setup

runner = CliRunner()
KEY = bytes(range(32))
NONCES = [bytes([7]) * 32, bytes([9]) * 32]
VERIFIER = Path(standalone.__file__)


def played(key: bytes, nonces: list[bytes], *, events: bool = False) -> str:
    game = EDEN.new_game(demo_setup(max_rounds=1), dice=FairDice(key, nonces))
    play(game, [RandomAgent(3), RandomAgent(4)])
    return Record.of(game, events=events).to_jsonl()


def commitments(text: str) -> dict[str, object]:
    dice = json.loads(text.splitlines()[0])["dice"]
    assert isinstance(dice, dict)
    return dict(dice["commitments"])


def end_replaced(text: str, **changes: object) -> str:
    lines = text.splitlines()
    end = json.loads(lines[-1])
    end.update(changes)
    return "\n".join([*lines[:-1], json.dumps(end, sort_keys=True)]) + "\n"


def honest() -> str:
    return played(KEY, NONCES, events=True)


def other_nonce() -> str:
    text = honest()
    end = json.loads(text.splitlines()[-1])
    return end_replaced(text, reveal={**end["reveal"], "seats": [NONCES[0].hex(), "11" * 32]})


def other_key() -> str:
    """An honest re-play under another server key, written under the honest header."""
    text, other = honest(), played(bytes(32), NONCES, events=True)
    return "\n".join([text.splitlines()[0], *other.splitlines()[1:]]) + "\n"


def other_die() -> str:
    text = honest()
    dice = json.loads(text.splitlines()[-1])["dice"]
    rolled = list(dice["rolled"])
    rolled[-1] = rolled[-1] % 6 + 1
    return end_replaced(text, dice={**dice, "rolled": rolled})


def verdicts(path: Path, *extra: str) -> tuple[int, str, subprocess.CompletedProcess[str]]:
    """``replay --verify``'s exit code and stderr, and the stand-alone verifier's run (in a
    plain interpreter that cannot import skirmish: ``-I`` and a bare working folder)."""
    result = runner.invoke(app, ["replay", str(path), "--verify", *extra])
    alone = subprocess.run([sys.executable, "-I", str(VERIFIER), str(path), *extra],
                           capture_output=True, text=True, timeout=120, check=False,
                           cwd=path.parent)
    return result.exit_code, result.stderr, alone


def test_an_honest_record_is_verified_by_both_with_its_commitments(tmp_path: Path) -> None:
    path = tmp_path / "honest.jsonl"
    path.write_text(honest(), encoding="utf-8")
    code, stderr, alone = verdicts(path)
    assert code == 0 and stderr == "" and alone.returncode == 0, alone.stderr
    printed = runner.invoke(app, ["replay", str(path), "--verify"]).stdout
    noted = commitments(path.read_text(encoding="utf-8"))
    for value in [noted["server"], *noted["seats"]]:  # type: ignore[list-item]
        assert str(value) in printed and str(value) in alone.stdout
    assert "dice verified" in alone.stdout and "skirmish-fair-dice/1" in printed
    # the commitments noted during the match: both accept them
    code, _, alone = verdicts(path, "--commitment", str(noted["server"]))
    assert code == 0 and alone.returncode == 0


@pytest.mark.parametrize(("forge", "words"), [
    (other_nonce, "seat 1's revealed nonce does not match its commitment"),
    (other_key, "the server's revealed key does not match its commitment"),
    (other_die, "die"),
])
def test_a_forged_record_is_refused_by_both(tmp_path: Path, forge: object,
                                            words: str) -> None:
    assert callable(forge)
    path = tmp_path / "forged.jsonl"
    path.write_text(forge(), encoding="utf-8")
    code, stderr, alone = verdicts(path)
    assert code == 2 and alone.returncode == 2, (stderr, alone.stderr)
    for message in (stderr, alone.stderr):
        assert len(message.splitlines()) == 1 and "Traceback" not in message
        assert words in message and message.startswith("error: ")


def test_a_whole_record_rewritten_under_another_key_is_caught_by_the_noted_commitment(
        tmp_path: Path) -> None:
    """A forger who rewrites the header too makes a record true to itself: only the
    commitment shown when the match began tells it apart, and both verifiers check it."""
    noted = str(commitments(honest())["server"])
    path = tmp_path / "rewritten.jsonl"
    path.write_text(played(bytes(32), NONCES, events=True), encoding="utf-8")
    assert verdicts(path)[0] == 0
    code, stderr, alone = verdicts(path, "--commitment", noted)
    assert code == 2 and alone.returncode == 2
    for message in (stderr, alone.stderr):
        assert len(message.splitlines()) == 1 and "not in this record" in message


def test_records_of_other_dice_still_replay(tmp_path: Path) -> None:
    game = EDEN.new_game(demo_setup(max_rounds=1), dice=KeyedDice(KEY))
    play(game, [RandomAgent(3), RandomAgent(4)])
    path = tmp_path / "keyed.jsonl"
    Record.of(game).save(path)
    result = runner.invoke(app, ["replay", str(path), "--verify"])
    assert result.exit_code == 0 and "keyed by the server alone" in result.stdout
    alone = subprocess.run([sys.executable, "-I", str(VERIFIER), str(path)],
                           capture_output=True, text=True, timeout=120, check=False)
    assert alone.returncode == 1 and "replay --verify" in alone.stdout
    result = runner.invoke(app, ["replay", str(path), "--verify", "--commitment", "00" * 32])
    assert result.exit_code == 2 and "no seat commitments" in result.stderr


def test_the_verifier_imports_only_hashlib_json_and_sys() -> None:
    source = VERIFIER.read_text(encoding="utf-8")
    imports = {line.split()[1] for line in source.splitlines()
               if line.startswith(("import ", "from "))}
    assert imports == {"__future__", "hashlib", "json", "sys"}


def test_an_absent_seat_is_checked_the_same_by_both(tmp_path: Path) -> None:
    """A seat that had not committed when the first die came is null in the header and on
    the end line: both verify it; a nonce slipped in for it afterwards is refused by both."""
    game = EDEN.new_game(demo_setup(max_rounds=1), dice=FairDice(KEY, [None, NONCES[1]]))
    play(game, [RandomAgent(3), RandomAgent(4)])
    text = Record.of(game).to_jsonl()
    path = tmp_path / "absent.jsonl"
    path.write_text(text, encoding="utf-8")
    code, _, alone = verdicts(path)
    assert code == 0 and alone.returncode == 0 and "seat 0: absent" in alone.stdout
    end = json.loads(text.splitlines()[-1])
    path.write_text(end_replaced(text, reveal={**end["reveal"], "seats": [NONCES[0].hex(),
                                                                          NONCES[1].hex()]}),
                    encoding="utf-8")
    code, stderr, alone = verdicts(path)
    assert code == 2 and alone.returncode == 2, (stderr, alone.stderr)
    assert "seat 0" in stderr and "seat 0" in alone.stderr
