"""Data files read with bounded resources (docs/rulings.md, "Bounded inputs"), for every
game's content, troop, set-up and table files.

- :func:`read_data` reads a YAML or JSON file of at most :data:`MAX_FILE_BYTES`, in UTF-8,
  nested at most :data:`MAX_DEPTH` levels, without YAML aliases (``*name``: an alias bomb of
  a few hundred bytes expands to billions of values);
- :func:`quote` is the short ``repr`` every error message uses to quote a value;
- :func:`number` and :func:`check_numbers` check that numbers are finite and in range, the
  range named in the message.

Every problem raises :class:`DataError` (a ``ValueError``) whose message says what is wrong
and where (line and column, or the field).
"""

from __future__ import annotations

import json
import math
import os
import reprlib
import stat
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

#: The largest input file read (bytes).
MAX_FILE_BYTES = 10 * 1024 * 1024
#: The deepest nesting of lists and mappings in an input file.
MAX_DEPTH = 32
#: The longest quoted value in an error message (characters).
QUOTE_LIMIT = 80

class DataError(ValueError):
    """Input that cannot be used; the message says what and where."""


_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxtuple = _REPR.maxlist = _REPR.maxarray = _REPR.maxdict = 6
_REPR.maxset = _REPR.maxfrozenset = _REPR.maxdeque = 6
_REPR.maxstring = _REPR.maxother = QUOTE_LIMIT
_REPR.maxlong = 40


def quote(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to ``limit`` characters, in time bounded whatever the value (a
    huge list, a 100,000-digit number)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        text = f"<a {value.bit_length()}-bit whole number>"
    else:
        try:
            text = _REPR.repr(value)
        except (ValueError, RecursionError):
            text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- files ------------------------------------------------------------------------------------
def read_bytes(path: str | Path) -> bytes:
    """The bytes of the file ``path``, at most :data:`MAX_FILE_BYTES`; :class:`DataError`
    if it is larger, or is not a plain file (a FIFO would wait for a writer forever, a
    device such as /dev/zero never ends); ``OSError`` if it cannot be read (a folder
    included, as before)."""
    info = os.stat(path)
    if not (stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode)):
        raise DataError("not a plain file (a FIFO, a device or a socket)")
    with open(path, "rb") as stream:
        data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise DataError(f"larger than {MAX_FILE_BYTES // 2**20} MB, the limit for an input "
                        "file")
    return data


def read_text(path: str | Path) -> str:
    """The UTF-8 text of ``path``; :class:`DataError` if it is larger than
    :data:`MAX_FILE_BYTES`, not a plain file or not UTF-8 (``OSError`` if it cannot be
    read)."""
    data = read_bytes(path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DataError(f"not UTF-8 text (line {line}, byte {exc.start + 1})") from None


def format_of(path: str | Path) -> str:
    """``json`` for a ``.json`` file, ``yaml`` for anything else."""
    return "json" if Path(path).suffix.lower() == ".json" else "yaml"


def _no_constant(word: str) -> Any:
    raise DataError(f"broken JSON: {word} is not a JSON number")


def _depth_problem(data: Any) -> bool:
    """True if ``data`` nests deeper than :data:`MAX_DEPTH` (checked without recursion)."""
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            if depth > MAX_DEPTH:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return False


def _yaml_loader() -> type[Any]:
    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_data(text: str, fmt: str) -> Any:
    """``text`` read as ``fmt`` ("json" or "yaml"); :class:`DataError` names the problem
    and, when known, its line and column."""
    if fmt == "json":
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except json.JSONDecodeError as exc:
            raise DataError(f"broken JSON: line {exc.lineno}, column {exc.colno}: "
                            f"{exc.msg}") from None
        except RecursionError:
            raise DataError(f"broken JSON: nested more than {MAX_DEPTH} levels") from None
        except DataError:
            raise
        except ValueError as exc:  # e.g. a number of more than 4,300 digits
            raise DataError(f"broken JSON: {_problem(exc)}") from None
        if _depth_problem(data):
            raise DataError(f"broken JSON: nested more than {MAX_DEPTH} levels")
        return data
    loader = _yaml_loader()
    try:
        depth = 0
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, yaml.AliasEvent):
                raise DataError(
                    f"broken YAML: {_where(event.start_mark)}an alias (*{event.anchor}) "
                    "repeats an anchored value; aliases are not allowed, write the value out")
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise DataError(f"broken YAML: {_where(event.start_mark)}nested more than "
                                    f"{MAX_DEPTH} levels")
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
        return yaml.load(text, Loader=loader)  # a safe loader; aliases were refused above
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise DataError(f"broken YAML: {_where(mark)}{problem}") from None
    except RecursionError:
        raise DataError(f"broken YAML: nested more than {MAX_DEPTH} levels") from None
    except DataError:
        raise
    except (ValueError, TypeError, OverflowError) as exc:  # e.g. a 5,000-digit number
        raise DataError(f"broken YAML: {_problem(exc)}") from None


def _problem(exc: Exception) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if "integer string conversion" in text:
        return f"a whole number has more than {sys.get_int_max_str_digits()} digits"
    return text


def _where(mark: Any) -> str:
    return f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""


def read_data(path: str | Path, fmt: str | None = None) -> Any:
    """The data of a YAML or JSON file (by its suffix unless ``fmt`` is given)."""
    return parse_data(read_text(path), fmt or format_of(path))


# -- numbers ----------------------------------------------------------------------------------
def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def number(value: Any, where: str, low: float, high: float, *, whole: bool = False) -> Any:
    """``value`` if it is a finite number (a whole one if ``whole``) from ``low`` to
    ``high``; otherwise :class:`DataError` naming ``where`` and the range."""
    kind = "a whole number" if whole else "a number"
    if not is_number(value) or (whole and not isinstance(value, int)):
        raise DataError(f"{where}: expected {kind} from {low} to {high}, got {quote(value)}")
    if not (isinstance(value, int) or math.isfinite(value)):
        raise DataError(f"{where}: expected a finite number from {low} to {high}, got "
                        f"{quote(value)}")
    if not low <= value <= high:
        raise DataError(f"{where}: {quote(value)} is out of range ({low} to {high})")
    return value


def check_numbers(data: Any, where: str, limit: float) -> None:
    """Every number in ``data`` (nested lists and mappings) is finite and at most ``limit``
    in size; :class:`DataError` names the first that is not, by its path."""
    stack: list[tuple[Any, str]] = [(data, where)]
    while stack:
        item, path = stack.pop()
        if isinstance(item, Mapping):
            stack.extend((v, f"{path}.{k}") for k, v in reversed(list(item.items())))
        elif isinstance(item, (list, tuple)):
            stack.extend((v, f"{path}[{i}]") for i, v in reversed(list(enumerate(item))))
        elif is_number(item):
            number(item, path, -limit, limit)
