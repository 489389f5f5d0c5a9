"""MkDocs hooks (mkdocs.yml, ``hooks:``): the reference pages that are generated from the
code at every build, so they cannot go stale (issue 48).

A page asks for a generated part with an HTML comment on a line of its own:

- ``<!-- generated: cli -->``: every command of the ``skirmish`` command line, from the
  click command behind the typer app (``typer.main.get_command``): its help, arguments and
  options with their types and defaults.
- ``<!-- generated: actions MODULE:SET -->``: every action of a game's action set (its
  verb, its fields in order with their types, its docstring), the notation a record, the
  terminal and the web table's notation box all read.
- ``<!-- generated: models MODULE:Model,Model... -->``: a table per pydantic model of the
  card loaders: every field, its type, its bounds, whether it is required and its default
  (from the model's JSON schema, the same one the loader checks files against).
"""

from __future__ import annotations

import importlib
import re
from typing import Any

MARKER = re.compile(r"^<!-- generated: (\w+)(?: ([^>]*))? -->$", re.M)


def on_page_markdown(markdown: str, **_: Any) -> str:
    """Replace each marker by what it asks for."""
    return MARKER.sub(lambda m: _generate(m.group(1), (m.group(2) or "").strip()), markdown)


def _generate(kind: str, argument: str) -> str:
    if kind == "cli":
        return cli_reference()
    if kind == "actions":
        return actions_reference(argument)
    if kind == "models":
        module, _, names = argument.partition(":")
        return models_reference(module, [n.strip() for n in names.split(",") if n.strip()])
    raise ValueError(f"docs hook: unknown generated part {kind!r}")


# -- the command line -----------------------------------------------------------------------
def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|").replace("<", "&lt;")


# (typer carries its own copy of click, ``typer._click``: its commands and parameters are
# read by their attributes, not by their classes)
def _commands(command: Any, path: list[str]) -> list[tuple[list[str], Any]]:
    out = [(path, command)]
    subcommands = getattr(command, "commands", {})
    for name in sorted(subcommands):
        out += _commands(subcommands[name], [*path, name])
    return out


def _is_option(param: Any) -> bool:
    return getattr(param, "param_type_name", "") == "option"


def _param_row(param: Any, context: Any) -> str:
    if _is_option(param):
        names = ", ".join(f"`{n}`" for n in [*param.opts, *param.secondary_opts])
        kind = "flag" if param.is_flag else _cell(param.display_type(context).strip("<>"))
        default = param.default
        shown = "" if default in (None, False, (), [], "") or callable(default) else f"`{default}`"
        return f"| {names} | {kind} | {shown} | {_cell(param.help or '')} |"
    required = "required" if param.required else "optional"
    return (f"| `{(param.name or '').upper()}` | argument ({required}) | | "
            f"{_cell(getattr(param, 'help', None) or '')} |")


def cli_reference() -> str:
    """Markdown for every command and sub-command of ``skirmish``."""
    import typer

    from skirmish.cli.main import app

    root = typer.main.get_command(app)
    parts = []
    for path, command in _commands(root, ["skirmish"]):
        if getattr(command, "hidden", False):
            continue
        depth = min(len(path) + 1, 4)
        parts.append(f"{'#' * depth} `{' '.join(path)}`\n")
        if command.help:
            parts.append(command.help.strip().replace("\n\n", "\n\n") + "\n")
        params = [p for p in command.params if not (_is_option(p) and p.hidden)]
        if params:
            parts.append("| name | type | default | what |\n| --- | --- | --- | --- |")
            context = command.context_class(command, info_name=path[-1])
            parts.append("\n".join(_param_row(p, context) for p in params) + "\n")
    return "\n".join(parts)


# -- the card models ------------------------------------------------------------------------
def _type(schema: dict[str, Any], defs: dict[str, Any]) -> str:
    """A field's type in words, its bounds included."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{name.lower()})"
    if "anyOf" in schema:
        kinds = [_type(s, defs) for s in schema["anyOf"] if s.get("type") != "null"]
        nullable = any(s.get("type") == "null" for s in schema["anyOf"])
        return " or ".join(kinds) + (" (or none)" if nullable else "")
    if "enum" in schema:
        return "one of " + ", ".join(f"`{v}`" for v in schema["enum"])
    if "const" in schema:
        return f"`{schema['const']}`"
    kind = schema.get("type", "any")
    if kind == "array":
        items = _type(schema.get("items", {}), defs)
        text = f"list of {items}"
    elif kind == "object":
        text = "mapping"
    else:
        text = {"integer": "whole number", "number": "number", "string": "text",
                "boolean": "true/false"}.get(kind, kind)
    bounds = []
    if "minimum" in schema or "maximum" in schema:
        bounds.append(f"{schema.get('minimum', '…')} to {schema.get('maximum', '…')}")
    if "exclusiveMinimum" in schema:
        bounds.append(f"more than {schema['exclusiveMinimum']}")
    for low, high, unit in (("minLength", "maxLength", "characters"),
                            ("minItems", "maxItems", "items")):
        if low in schema or high in schema:
            bounds.append(f"{schema.get(low, 0)} to {schema.get(high, '…')} {unit}")
    return text + (f" ({'; '.join(bounds)})" if bounds else "")


def models_reference(module_name: str, names: list[str]) -> str:
    """A table per model: field, type and bounds, required or its default."""
    module = importlib.import_module(module_name)
    parts = []
    for name in names:
        model = getattr(module, name)
        schema = model.model_json_schema()
        defs = schema.get("$defs", {})
        required = set(schema.get("required", []))
        parts.append(f"#### {name}\n")
        if model.__doc__:
            parts.append(" ".join(model.__doc__.split()) + "\n")
        parts.append("| field | type and bounds | required / default |\n| --- | --- | --- |")
        for field, spec in schema.get("properties", {}).items():
            need = "**required**" if field in required else f"`{spec.get('default')!r}`"
            parts.append(f"| `{field}` | {_cell(_type(spec, defs))} | {need} |")
        parts.append("")
    return "\n".join(parts)


# -- the action notation --------------------------------------------------------------------
def _token(annotation: Any) -> str:
    """How a field's type is written in the notation."""
    import enum
    import typing

    from skirmish.core.actions import Point, Ref

    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if typing.get_origin(annotation) is not None and args and len(args) < len(
            typing.get_args(annotation)):
        return _token(args[0]) + " (optional, last)"
    if annotation is Ref:
        return "piece (`A.Yuri`)"
    if annotation is Point:
        return "point (`x,y` cm)"
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return " or ".join(f"`{m.value}`" for m in annotation)
    return {int: "whole number", float: "number", str: "word"}.get(annotation,
                                                                   str(annotation))


def actions_reference(argument: str) -> str:
    """A table of a game's actions: verb, fields, what it does."""
    import dataclasses
    import typing

    module_name, _, attribute = argument.partition(":")
    actions = getattr(importlib.import_module(module_name), attribute)
    rows = ["| verb | fields, in order | what |", "| --- | --- | --- |"]
    for cls in actions:
        hints = typing.get_type_hints(cls)
        fields = [f"{f.name}: {_token(hints[f.name])}" for f in dataclasses.fields(cls)]
        doc = " ".join((cls.__doc__ or "").split())
        if doc.startswith(f"{cls.__name__}("):  # the dataclass's own signature, no text
            doc = ""
        rows.append(f"| `{cls.verb}` | {_cell('; '.join(fields)) or '-'} | {_cell(doc)} |")
    return "\n".join(rows) + "\n"
