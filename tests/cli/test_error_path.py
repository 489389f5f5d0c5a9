"""The command line's one error path (src/skirmish/cli/errors.py): expected failures are one
line on stderr and exit code 2, a bug is one line and exit code 1, the traceback is shown
only with ``--debug``; output paths are checked before the work and results already
computed are never lost to an output error."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from skirmish.cli import errors
from skirmish.cli.errors import SkirmishTyper, check_output, check_output_dir, one_line, run
from skirmish.cli.main import app

from .corpus.make_corpus import skirmish_command

runner = CliRunner()


def toy_app() -> SkirmishTyper:
    toy = SkirmishTyper(add_completion=False)

    @toy.callback()
    def options(debug: bool = typer.Option(False, "--debug")) -> None:
        errors.set_debug(debug)

    @toy.command()
    def bad(kind: str) -> None:
        if kind == "value":
            raise ValueError("mine.yaml: field 'x': expected a number,\nnot two lines")
        if kind == "key":
            raise KeyError("no card named 'Bob'")
        if kind == "os":
            open("/nonexistent-folder/x.txt", encoding="utf-8")  # noqa: SIM115
        raise RuntimeError("a bug")

    return toy


@pytest.mark.parametrize(("kind", "code", "message"), [
    ("value", 2, "error: mine.yaml: field 'x': expected a number, not two lines"),
    ("key", 2, "error: no card named 'Bob'"),
    ("os", 2, "error: /nonexistent-folder/x.txt: No such file or directory"),
    ("bug", 1, "error: internal error (RuntimeError: a bug); run 'skirmish --debug ...' for "
               "the traceback"),
])
def test_one_line_and_the_exit_code(kind: str, code: int, message: str,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        run(toy_app(), ["bad", kind])
    assert info.value.code == code
    assert capsys.readouterr().err == message + "\n"


def test_debug_shows_the_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="expected a number"):
        run(toy_app(), ["--debug", "bad", "value"])
    with pytest.raises(RuntimeError, match="a bug"):
        run(toy_app(), ["--debug", "bad", "bug"])
    errors.set_debug(False)
    with pytest.raises(SystemExit):
        run(toy_app(), ["bad", "value"])
    assert capsys.readouterr().err.count("\n") == 1


def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        run(toy_app(), ["bad"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert "bad: Missing argument 'kind'." in err


def test_long_messages_are_cut() -> None:
    line = one_line("x" * 5000)
    assert len(line) < 1100 and line.endswith("(4000 more characters)")


def test_the_console_script_with_and_without_debug(tmp_path: Path) -> None:
    command = skirmish_command()
    done = subprocess.run([*command, "cards", "--kind", "weapons"], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr
    done = subprocess.run([*command, "--debug", "cards", "--kind", "weapons"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1 and "Traceback" in done.stderr
    assert "--kind: no kind 'weapons'" in done.stderr
    # the same entry point through main(), as tests/cli/test_replay_verify.py uses it
    done = subprocess.run([sys.executable, "-c", "from skirmish.cli.main import main; main()",
                           "troop", "validate", str(tmp_path / "none.yaml")],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "none.yaml: cannot read the troop file" in done.stderr


def test_commands_registered_elsewhere_are_guarded_too() -> None:
    # tests build their own apps with cards_app and troop_app: the guard is on each command
    plain = typer.Typer()
    from skirmish.cli.cards_cmd import cards_app

    plain.add_typer(cards_app, name="cards")
    result = runner.invoke(plain, ["cards", "--kind", "weapons"])
    assert result.exit_code == 2 and result.stderr.startswith("error: --kind: no kind")
    assert result.stderr.count("\n") == 1 and result.stdout == ""


def test_unknown_kind_and_faction_are_errors_not_empty_lists() -> None:
    for args in (["cards", "--kind", "weapons"], ["cards", "--faction", "Elves"],
                 ["cards", "--faction", ""]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and result.stdout == "", args
    result = runner.invoke(app, ["cards", "--kind", "Fighter", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)


def test_output_paths_are_checked_and_no_folder_tree_is_made(tmp_path: Path) -> None:
    """Issue 46 (changed on purpose: folders were created at any depth, a root-level
    /nonexistent included): an output file's folder must exist, or one line names it; only
    a command's own default under out/ gets its folder, one level (docs/cli.md)."""
    with pytest.raises(ValueError, match=r"the folder .*a[/\\]b of the report file does not "
                                         "exist"):
        check_output(tmp_path / "a" / "b" / "report.json", "report file")
    assert not (tmp_path / "a").exists()
    (tmp_path / "a").mkdir()
    assert check_output(tmp_path / "a" / "report.json") == tmp_path / "a/report.json"
    assert not (tmp_path / "a/report.json").exists()
    with pytest.raises(ValueError, match="is a folder"):
        check_output(tmp_path / "a")
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(ValueError, match="is a file, not a folder"):
        check_output(tmp_path / "file" / "report.json")
    # a default under out/: its folder is made, one level only
    assert check_output(tmp_path / "out" / "h.jsonl", default=True)
    assert (tmp_path / "out").is_dir()
    with pytest.raises(ValueError, match="does not exist"):
        check_output(tmp_path / "deep" / "out" / "h.jsonl", default=True)
    # an output folder: made by its writer if its parent exists (not by the check), never a
    # tree
    assert not check_output_dir(tmp_path / "records").exists()
    assert check_output_dir(tmp_path / "records", create=True).is_dir()
    with pytest.raises(ValueError, match="does not exist"):
        check_output_dir(tmp_path / "x" / "y" / "records")
    assert not (tmp_path / "x").exists()
    with pytest.raises(ValueError, match="does not exist"):
        check_output(Path("/nonexistent-skirmish-46/report.json"))


def test_results_are_not_lost_to_an_output_error(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(path: Path, text: str, what: str = "") -> None:
        raise ValueError(f"{path}: cannot write the {what} (No space left on device)")

    monkeypatch.setattr(errors, "write_output", broken)
    out = tmp_path / "report.json"
    result = runner.invoke(app, ["simulate", "--games", "2", "--workers", "1", "--rounds", "1",
                                 "--quiet", "--json", str(out)])
    assert result.exit_code == 2
    assert "95% interval" in result.stdout  # the table was printed before writing
    report = json.loads(result.stdout[result.stdout.index("{"):])
    assert report["games"] == 2  # and the JSON report too, when it could not be written
    assert result.stderr.count("\n") == 1 and "No space left on device" in result.stderr
    assert "printed above instead" in result.stderr


def test_a_full_disk_leaves_no_empty_report(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # issue 46: write_output (every report: soak/ladder/simulate --json, cards print) is
    # atomic; a write that fails leaves neither the file nor its temporary behind
    import os

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    out = tmp_path / "report.json"
    with pytest.raises(ValueError, match="No space left on device"):
        errors.write_output(out, "{}\n", "report file")
    assert list(tmp_path.iterdir()) == []


def test_a_chart_that_cannot_be_written_leaves_no_file_and_names_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 46: pictures and charts are written atomically, through write_output.
    import os

    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    from skirmish.cli.errors import write_figure, write_output

    figure = Figure()
    figure.add_subplot().plot([0, 1], [1, 0])
    png = tmp_path / "chart.png"
    write_figure(figure, png, dpi=50)
    data = png.read_bytes()
    assert data.startswith(b"\x89PNG")
    write_figure(figure, tmp_path / "chart.svg")
    assert (tmp_path / "chart.svg").read_bytes().lstrip().startswith(b"<?xml")
    png.unlink()
    (tmp_path / "chart.svg").unlink()

    def full_disk(_fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(ValueError, match=r"chart\.png: cannot write the chart \(No space"):
        write_output(png, data, "chart")
    assert list(tmp_path.iterdir()) == []
