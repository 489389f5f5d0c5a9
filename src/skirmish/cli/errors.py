"""The command line's one error path (docs/rulings.md, "The command line's errors").

Every expected failure (bad input: a missing, unreadable, non-UTF-8 or malformed file, a
value out of range, an unknown name, an output path that cannot be written) ends a command
with **one line** on stderr, ``error: ...`` naming the file (and the line or field), and exit
code 2. Anything else is a bug: one line too, exit code 1, and the traceback only with the
global ``--debug`` option (``skirmish --debug COMMAND ...``) or ``SKIRMISH_DEBUG=1``.

- :class:`SkirmishTyper` is the ``typer.Typer`` of every command group: each command and
  callback it registers is wrapped by :func:`guard`, and calling the app (the console script,
  ``python -m skirmish``) turns usage errors and unexpected exceptions into one line too.
- :func:`guard` wraps one command (for commands registered on another app).
- :func:`fail` gives the error line and the exit for a failure a command detects itself.
- :func:`check_output` checks an output path (its folder must exist) before any long work.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import typer
import yaml

try:  # typer >= 0.16 carries its own copy of click
    from typer._click import exceptions as _click_exceptions
except ImportError:  # pragma: no cover - older typer on click
    from click import exceptions as _click_exceptions  # type: ignore[no-redef]

#: Click's usage errors, whichever copy of click typer uses.
ClickException: type[Exception] = _click_exceptions.ClickException
NoArgsIsHelpError: type[Exception] = _click_exceptions.NoArgsIsHelpError

#: Show tracebacks (set by the app's ``--debug`` option, or SKIRMISH_DEBUG=1).
DEBUG = os.environ.get("SKIRMISH_DEBUG", "") not in ("", "0")
#: The longest error line (characters); a longer message is cut, saying so.
MAX_LINE = 1000
#: The exit code of an expected failure (bad input) and of a bug.
EXIT_INPUT, EXIT_BUG = 2, 1

#: The failures a command expects: every input error of the project is a ValueError
#: (ContentError, TroopError, TroopArgumentError, RecordError, SetupError, DataError,
#: UnicodeDecodeError, json.JSONDecodeError), a KeyError from a look-up by name, an OSError
#: from a file, a YAML error.
EXPECTED: tuple[type[BaseException], ...] = (ValueError, KeyError, OSError, yaml.YAMLError,
                                             RecursionError)

F = TypeVar("F", bound=Callable[..., Any])


def message_of(exc: BaseException) -> str:
    """The message of an expected failure, as written on its line."""
    if isinstance(exc, KeyError) and exc.args:
        text = str(exc.args[0])
    elif isinstance(exc, OSError) and exc.strerror:
        target = exc.filename if exc.filename is not None else ""
        text = f"{target}: {exc.strerror}" if target != "" else exc.strerror
    elif isinstance(exc, RecursionError):
        text = "the input is nested too deeply"
    else:
        text = str(exc) or type(exc).__name__
    return text


def one_line(text: str) -> str:
    """``text`` on one line (runs of white space made one space), at most MAX_LINE long."""
    line = re.sub(r"\s+", " ", text).strip()
    if len(line) > MAX_LINE:
        cut = len(line) - MAX_LINE
        line = f"{line[:MAX_LINE]}… ({cut} more characters)"
    return line


def echo_error(text: str) -> None:
    """Write ``error: TEXT`` as one line on stderr."""
    sys.stderr.write(f"error: {one_line(text)}\n")
    sys.stderr.flush()


class CommandError(ValueError):
    """A failure a command detected itself (raised instead of the exit with ``--debug``)."""


def fail(text: str) -> Exception:
    """Write the error line; return the exit (code 2) for the caller to raise. With
    ``--debug``, return a :class:`CommandError` instead, whose traceback will be shown."""
    if DEBUG:
        return CommandError(text)
    echo_error(text)
    return typer.Exit(EXIT_INPUT)


def _is_expected(exc: BaseException) -> bool:
    return isinstance(exc, EXPECTED) and not isinstance(exc, BrokenPipeError)


def guard(func: F) -> F:
    """``func`` (a command) with its expected failures turned into one error line and exit
    code 2; with ``--debug`` they propagate (and show their traceback)."""
    if getattr(func, "__skirmish_guarded__", False):
        return func

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except Exception as exc:
            if DEBUG or not _is_expected(exc):
                raise
            echo_error(message_of(exc))
            raise typer.Exit(EXIT_INPUT) from None

    wrapper.__skirmish_guarded__ = True  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]


def set_debug(value: bool) -> None:
    global DEBUG
    DEBUG = value or os.environ.get("SKIRMISH_DEBUG", "") not in ("", "0")


def run(app: typer.Typer, args: list[str] | None = None, prog_name: str | None = None
        ) -> NoReturn:
    """Run ``app`` as the command line does, then exit: usage errors and unexpected
    exceptions become one error line (exit 2, resp. 1) unless ``--debug``."""
    command = typer.main.get_command(app)
    _no_file_size_signal()
    try:
        result = command.main(args=args, prog_name=prog_name, standalone_mode=False)
        code = result if isinstance(result, int) and not isinstance(result, bool) else 0
    except NoArgsIsHelpError as exc:
        exc.show()  # type: ignore[attr-defined]
        code = int(getattr(exc, "exit_code", EXIT_INPUT))
    except ClickException as exc:  # a usage error: bad option, missing argument or file
        ctx = getattr(exc, "ctx", None)
        where = f"{ctx.command_path}: " if ctx is not None else ""
        echo_error(f"{where}{exc.format_message()}")  # type: ignore[attr-defined]
        code = EXIT_INPUT
    except typer.Abort:
        echo_error("aborted")
        code = EXIT_BUG
    except Exception as exc:
        if DEBUG or "--debug" in (args if args is not None else sys.argv[1:]):
            raise
        if _is_expected(exc):
            echo_error(message_of(exc))
            code = EXIT_INPUT
        else:
            echo_error(f"internal error ({type(exc).__name__}: {message_of(exc)}); run "
                       "'skirmish --debug ...' for the traceback")
            code = EXIT_BUG
    sys.exit(code)


def _hide_flag_types() -> None:
    """The help lists an option's type beside it (``<int>``, ``<path>``), but an on/off flag
    takes no value: typer's ``<bool>`` there reads as a value to type (issue 48). A flag's
    type column is left empty; every other option keeps its own."""
    from typer.core import TyperOption

    shown = TyperOption.display_type_rich
    if getattr(shown, "_skirmish_flags_hidden", False):
        return

    def display_type_rich(self: TyperOption, ctx: Any) -> str | None:
        if self.is_flag or self.count:
            return None
        return shown(self, ctx)

    display_type_rich._skirmish_flags_hidden = True  # type: ignore[attr-defined]
    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]


_hide_flag_types()
def _no_file_size_signal() -> None:
    """A write past the file-size limit (``ulimit -f``) fails with an OSError ("File too
    large"), reported on one line like a full disk, instead of SIGXFSZ killing the command
    half-way (its output files are written atomically: none is left half-written)."""
    import signal
    import threading

    if hasattr(signal, "SIGXFSZ") and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


class SkirmishTyper(typer.Typer):
    """A ``typer.Typer`` whose commands and callbacks are wrapped by :func:`guard` and
    which, when called, runs through :func:`run`."""

    def command(self, *args: Any, **kwargs: Any) -> Callable[[F], F]:
        register = super().command(*args, **kwargs)

        def decorator(func: F) -> F:
            register(guard(func))
            return func

        return decorator

    def callback(self, *args: Any, **kwargs: Any) -> Callable[[F], F]:
        register = super().callback(*args, **kwargs)

        def decorator(func: F) -> F:
            register(guard(func))
            return func

        return decorator

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        run(self, *args, **kwargs)


# -- checks before the work ----------------------------------------------------------------------
def check_workers(workers: int | None) -> int | None:
    """``--workers``: 1 to the machine's cores (at least 64), refused by name otherwise."""
    most = max(64, os.cpu_count() or 1)
    if workers is not None and not 1 <= workers <= most:
        raise ValueError(f"--workers: expected 1 to {most} processes, got {workers}")
    return workers


def _missing_folder(folder: Path, path: Path, what: str) -> ValueError:
    return ValueError(f"{path}: the folder {folder} of the {what} does not exist (create it "
                      "first: no folder is created for you)")


#: The suffixes of a matplotlib chart the commands draw (``write_figure``).
CHART_SUFFIXES = (".png", ".svg", ".pdf")
#: The suffixes of a troop or band file.
DATA_SUFFIXES = (".yaml", ".yml", ".json")


def check_output(path: Path, what: str = "output file", *, default: bool = False,
                 suffixes: tuple[str, ...] = ()) -> Path:
    """Make sure ``path`` can be written before the work that fills it: its folder must
    exist (docs/cli.md, "Output files": a typo in a path is not a new folder tree), and the
    path must not be a folder or a read-only file. ``default``: the path is the command's
    own default (under ``out/``), whose folder is created, one level only. ``suffixes``:
    the only suffixes the command writes (a chart is not written into a ``.gif``). Raises
    ``ValueError`` naming the path."""
    if suffixes and path.suffix.lower() not in suffixes:
        raise ValueError(f"{path}: the {what} is a {', '.join(suffixes)} file, not "
                         f"{path.suffix or 'a file without a suffix'!r}")
    if path.is_dir():
        raise ValueError(f"{path}: the {what} is a folder")
    parent = path.parent
    if default and not parent.exists() and parent.parent.is_dir():
        try:
            parent.mkdir()
        except OSError as exc:
            raise ValueError(f"{path}: cannot create the folder of the {what} "
                             f"({exc.strerror or exc})") from None
    if not parent.exists():
        raise _missing_folder(parent, path, what)
    if not parent.is_dir():
        raise ValueError(f"{path}: cannot write the {what}: {parent} is a file, not a folder")
    if not os.access(parent, os.W_OK | os.X_OK) or (path.exists()
                                                    and not os.access(path, os.W_OK)):
        raise ValueError(f"{path}: the {what} cannot be written (permission denied)")
    return path


def check_output_dir(path: Path, what: str = "output folder", *, create: bool = False
                     ) -> Path:
    """Check the folder ``path`` can be written (docs/rulings.md, "Output files"): a missing
    one is created by its writer, one level only, so its parent must exist and be writable.
    ``create``: create it now (when the writing starts); before the work nothing is made,
    so a command refused later leaves no folder behind."""
    if path.exists() and not path.is_dir():
        raise ValueError(f"{path}: the {what} is a file, not a folder")
    target = path
    if not path.exists():
        parent = path.parent
        if not parent.exists():
            raise _missing_folder(parent, path, what)
        if not parent.is_dir():
            raise ValueError(f"{path}: cannot create the {what}: {parent} is a file, "
                             "not a folder")
        target = parent
    if not os.access(target, os.W_OK | os.X_OK):
        raise ValueError(f"{path}: the {what} cannot be written (permission denied)")
    if create and not path.exists():
        try:
            path.mkdir()
        except FileExistsError:
            pass
        except OSError as exc:
            raise ValueError(f"{path}: cannot create the {what} ({exc.strerror or exc})"
                             ) from None
    return path


def write_output(path: Path, text: str | bytes, what: str = "output file") -> None:
    """Write ``text`` to ``path`` atomically (a temporary file in the same folder, then
    renamed: a full disk leaves no empty or half-written report); an OSError becomes a
    ValueError naming the path."""
    from skirmish.core.atomic import write_atomically

    try:
        write_atomically(path, text)
    except OSError as exc:
        raise ValueError(f"{path}: cannot write the {what} ({exc.strerror or exc})") from None


def write_figure(figure: Any, path: Path, what: str = "chart", **options: Any) -> None:
    """Draw a matplotlib ``figure`` into ``path`` atomically: drawn in memory in the format
    of the path's suffix (``.png``, ``.pdf``, ``.svg``...), then written by
    :func:`write_output` (never a 0-byte or half-drawn picture on a full disk)."""
    import io

    buffer = io.BytesIO()
    form = path.suffix.lower().lstrip(".") or "png"
    try:
        figure.savefig(buffer, format=form, **options)
    except ValueError as exc:  # matplotlib: an unknown format
        raise ValueError(f"{path}: cannot draw the {what} ({exc})") from None
    write_output(path, buffer.getvalue(), what)


def save_json(path: Path, data: object, what: str = "report file") -> None:
    """Write ``data`` as JSON once the work is done; if that fails, the JSON goes to stdout
    first (results are never lost to an output error), then the error line."""
    text = json.dumps(data, indent=2) + "\n"
    try:
        write_output(path, text, what)
    except ValueError as exc:
        typer.echo(text, nl=False)
        raise fail(f"{exc}; the {what} was printed above instead") from None
