"""``skirmish replay --show`` (and ``--brief``) tells a record as it did before the games
became plugins: the outputs of two golden records, written by the reference commit's
command (0633749), are the command's outputs now. (Issue 46 opened the tactical windows on
public facts: eden-040 was played again with the heuristic passing them; its narration is the
same but for the count of actions and the final state's hash on its last line. Issue 47 made
the literal readings the defaults: eden-040's set-up carries the old engine's readings, and
masseffect-000's the former ME:A readings (the draft's became ME:A's defaults), so their last
lines give the new final hash (the set-up is in the hash) and name those house rules; the
stories are unchanged.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app

HERE = Path(__file__).parent


@pytest.mark.parametrize("record", ["masseffect-000", "eden-040"])
@pytest.mark.parametrize("brief", [False, True])
def test_a_records_narration_is_unchanged(record: str, brief: bool,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    expected = (HERE / "narration" / f"{record}{'-brief' if brief else ''}.txt").read_text()
    monkeypatch.chdir(HERE.parents[1])  # the record's path as the reference run wrote it
    args = ["replay", f"tests/golden/records/{record}.jsonl", "--show"]
    result = CliRunner().invoke(app, [*args, "--brief"] if brief else args,
                                env={"COLUMNS": "80", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert result.output == expected
