"""House rules: the rulings where a game's text allows more than one reasonable reading,
each a named match option (issue 47).

A game declares its house rules (:class:`HouseRule`: a name such as
``mygame-scenery-ranged``, a one-line question, its readings, which one is the default, the
rulebook citation and the ruling's anchor in the docs) through its plugin's
``"house_rules"`` part (:func:`house_rules_of`). A match's chosen readings live in its
set-up, hence in its record's header, and a replay reads them back from there::

    setup["house_rules"] = {"mygame-scenery-ranged": "allowed"}

An option omitted plays its default reading. :func:`chosen` reads and checks a set-up's
choices (errors are one line naming the option or reading and the known ones);
:func:`parse_text` reads the command line's ``name=reading,name=reading``;
:func:`read_file` a shared YAML set (``{game: GAME, house_rules: {name: reading}}``).

This module knows no game: the rules code of each game asks :func:`reading` for the
reading in force.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: The set-up's key holding the chosen readings.
SETUP_KEY = "house_rules"
#: The biggest house-rule file read (bytes): a set is a few lines.
MAX_FILE_BYTES = 64 * 1024


class HouseRuleError(ValueError):
    """House rules that cannot be read; the message is one line naming the option, the
    reading or the file at fault, and the known ones."""


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of a ruling: its name (``contact``), what it plays, in one line (and in
    French, for the web lobby; English when empty)."""

    name: str
    description: str
    french: str = ""


@dataclass(frozen=True, slots=True)
class HouseRule:
    """One disputed ruling as a match option. ``default`` names the reading played when
    the option is omitted; ``literal`` the reading of the text's words (they differ while a
    default is still to be switched: docs/rulings.md says which)."""

    name: str
    question: str
    readings: tuple[Reading, ...]
    default: str
    citation: str
    anchor: str
    literal: str = ""
    #: The question in French (the web lobby's); English when empty.
    question_fr: str = ""

    def __post_init__(self) -> None:
        if self.default not in self.names():
            raise ValueError(f"house rule {self.name}: default {self.default!r} is not one "
                             f"of its readings ({', '.join(self.names())})")

    def names(self) -> list[str]:
        return [r.name for r in self.readings]

    def reading(self, name: str) -> Reading:
        for r in self.readings:
            if r.name == name:
                return r
        raise HouseRuleError(f"house rule {self.name}: unknown reading {name!r} (known: "
                             f"{', '.join(self.names())})")

    def in_language(self, lang: str) -> dict[str, Any]:
        """The lobby's words for this option in ``lang`` (``en`` or ``fr``): its question
        and each reading's description, the default marked."""
        fr = lang == "fr"
        return {"name": self.name,
                "question": (self.question_fr or self.question) if fr else self.question,
                "readings": [{"name": r.name, "default": r.name == self.default,
                              "description": (r.french or r.description) if fr
                              else r.description} for r in self.readings]}

    def to_json(self) -> dict[str, Any]:
        """For listings and the web lobby."""
        return {"name": self.name, "question": self.question, "default": self.default,
                "literal": self.literal or self.default, "citation": self.citation,
                "anchor": self.anchor,
                "readings": [{"name": r.name, "description": r.description}
                             for r in self.readings]}


def _known(rules: Sequence[HouseRule]) -> str:
    return ", ".join(r.name for r in rules) or "none"


def chosen(rules: Sequence[HouseRule], data: Any, where: str = "setup.house_rules"
           ) -> dict[str, str]:
    """The readings ``data`` (a set-up's ``house_rules``: ``{name: reading}``, or ``None``)
    chooses, checked against the game's ``rules``; every option omitted is absent (its
    default). Raises :class:`HouseRuleError` naming the option or reading at fault."""
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        raise HouseRuleError(f"{where}: expected a mapping of option: reading, got "
                             f"{type(data).__name__}")
    by_name = {r.name: r for r in rules}
    out: dict[str, str] = {}
    for name, value in data.items():
        rule = by_name.get(str(name))
        if rule is None:
            raise HouseRuleError(f"{where}: unknown house rule {str(name)!r} (known: "
                                 f"{_known(rules)})")
        if not isinstance(value, str) or value not in rule.names():
            raise HouseRuleError(f"{where}.{name}: unknown reading {value!r} (known: "
                                 f"{', '.join(rule.names())})")
        out[rule.name] = value
    return out


def reading(rules: Sequence[HouseRule], setup_rules: Mapping[str, str], name: str) -> str:
    """The reading of option ``name`` in force: the chosen one, else the default."""
    if name in setup_rules:
        return setup_rules[name]
    for rule in rules:
        if rule.name == name:
            return rule.default
    raise KeyError(f"unknown house rule {name!r}")


def differing(rules: Sequence[HouseRule], setup_rules: Mapping[str, str]) -> dict[str, str]:
    """The options whose reading in force is not the default (what records and reports
    show)."""
    return {r.name: setup_rules[r.name] for r in rules
            if r.name in setup_rules and setup_rules[r.name] != r.default}


def words(rules: Sequence[HouseRule], setup_rules: Mapping[str, str]) -> str:
    """The options in force in one line: ``mygame-scenery-ranged=allowed`` or
    ``none (every default reading)``."""
    diff = differing(rules, setup_rules)
    if not diff:
        return "none (every default reading)"
    return ", ".join(f"{k}={v}" for k, v in diff.items())


def in_force(game: str, setup: Mapping[str, Any]) -> dict[str, str] | None:
    """What a match of ``game`` set up with ``setup`` plays, for reports and the web table:
    the options whose reading is not the default (``{}``: every default reading), or
    ``None`` when the game declares no house rules. Read from the set-up (the record's
    header), so a replay, a determinized copy or a restored room shows the same."""
    rules = house_rules_of(game)
    if not rules:
        return None
    return differing(rules, chosen(rules, setup.get(SETUP_KEY)))


def parse_text(text: str, option: str = "--house-rules") -> dict[str, str]:
    """``name=reading,name=reading`` as a mapping (checked against a game later, by
    :func:`chosen`); :class:`HouseRuleError` names the part at fault."""
    out: dict[str, str] = {}
    if not text.strip():
        raise HouseRuleError(f"{option}: expected name=reading[,name=reading], got nothing")
    for part in text.split(","):
        item = part.strip()
        name, eq, value = (s.strip() for s in item.partition("="))
        if not item or not eq or not name or not value:
            raise HouseRuleError(f"{option} {item!r}: expected name=reading "
                                 "(`skirmish house-rules` lists the names and readings)")
        if name in out:
            raise HouseRuleError(f"{option}: house rule {name!r} given twice")
        out[name] = value
    return out


def read_file(path: Path) -> tuple[str | None, dict[str, Any]]:
    """A shared house-rule set: a YAML (or JSON) file ``{game: NAME, house_rules: {name:
    reading}}``. Returns the game it names (or ``None``) and the raw choices, to be checked
    by :func:`chosen`; :class:`HouseRuleError` names the file and what is wrong."""
    import yaml

    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise HouseRuleError(f"{path}: a house-rule file is at most "
                                 f"{MAX_FILE_BYTES // 1024} KiB")
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise HouseRuleError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise HouseRuleError(f"{path}: not UTF-8 text") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark is not None else ""
        raise HouseRuleError(f"{path}{where}: not YAML ({getattr(exc, 'problem', exc)})"
                             ) from None
    if not isinstance(data, Mapping):
        raise HouseRuleError(f"{path}: expected a mapping with game and house_rules")
    unknown = sorted(set(map(str, data)) - {"game", SETUP_KEY})
    if unknown:
        raise HouseRuleError(f"{path}: unknown key {unknown[0]!r} (known: game, house_rules)")
    game = data.get("game")
    if game is not None and not isinstance(game, str):
        raise HouseRuleError(f"{path}: game: expected a game's name, got {game!r}")
    rules = data.get(SETUP_KEY, {})
    if rules is None:
        rules = {}
    if not isinstance(rules, Mapping):
        raise HouseRuleError(f"{path}: house_rules: expected a mapping of option: reading")
    return game, dict(rules)


def write_file(path: Path, game: str, setup_rules: Mapping[str, str]) -> None:
    """Save a house-rule set to share (:func:`read_file` reads it back)."""
    import yaml

    path.write_text(yaml.safe_dump({"game": game, SETUP_KEY: dict(setup_rules)},
                                   sort_keys=False), encoding="utf-8")


def house_rules_of(game: str) -> tuple[HouseRule, ...]:
    """The house rules game ``game`` declares (its plugin's ``"house_rules"`` part; none
    without it)."""
    from skirmish.core.plugins import GAMES

    part = GAMES.get(game).part("house_rules")
    return tuple(part) if part is not None else ()


def with_house_rules(setup: Mapping[str, Any], game: str, choices: Mapping[str, Any],
                     where: str = "--house-rules") -> dict[str, Any]:
    """A copy of ``setup`` playing ``choices`` on top of its own house rules, checked
    against ``game``'s options (:class:`HouseRuleError` names the one at fault)."""
    rules = house_rules_of(game)
    checked = chosen(rules, choices, where)
    merged = {**chosen(rules, setup.get(SETUP_KEY)), **checked}
    out = {k: v for k, v in setup.items() if k != SETUP_KEY}
    if merged:
        out[SETUP_KEY] = merged
    return out
