"""An Eden match from the lobby (docs/web.md): what ``GET /api/options`` offers of it, the
set-up of ``POST /api/matches`` with ``"ruleset": "eden"`` (the default game) and the
troop check ``POST /api/troops/validate``.

A troop is a faction's name, ``stigma:NAME``, a troop file's text ``{"yaml": "…"}`` or a troop
mapping; every troop is checked as ``skirmish troop validate`` checks it. A malformed request
is a 400 naming the field, a troop that breaks a rule a 422 naming the rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skirmish.core.data_files import DataError, parse_data
from skirmish.games.eden.cards.inputs import FIELD_RANGE
from skirmish.games.eden.cards.library import Library
from skirmish.games.eden.cards.troops import (
    Troop,
    TroopError,
    sp_reserve,
    suggest,
    total_value,
    troop_problems,
)
from skirmish.web.game_parts import COMMON_FIELDS, SetupProblem

MAX_TROOP_TEXT = 64 * 1024
#: The fields of an Eden match request.
FIELDS = COMMON_FIELDS | {"troops", "rounds", "field", "missions", "rules"}
DEFAULT_TROOPS = ("Jokers", "Bamaka")


def _text(value: Any, where: str, limit: int, default: str = "") -> str:
    if value is None:
        return default
    if not isinstance(value, str) or len(value) > limit:
        raise SetupProblem(400, f"{where}: expected a text of at most {limit} characters")
    return value


def _whole(value: Any, where: str, low: int, high: int, default: int) -> int:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SetupProblem(400, f"{where}: expected a whole number from {low} to {high}")
    return value


def options(library: Library) -> dict[str, Any]:
    """What the lobby offers of Eden: factions, stigmas, missions, the table, the rounds and
    the optional rules."""
    missions = [{"name": m.name, "faction": m.faction, "stigma": m.stigma,
                 "secret": m.secret} for m in library.missions.values()]
    return {"factions": library.factions(),
            "stigmas": sorted({p.stigma for p in library.fighters.values()}),
            "missions": missions, "field": [60, 60], "rounds": 5, "rules": rule_choices()}


def rule_choices() -> list[dict[str, str]]:
    """The optional rules the lobby offers: each with its ``--rules`` text and name."""
    from skirmish.games.eden.optional.options import NAMES

    texts = {"territory": "territory", "infestation": "infestation:3", "climate": "climate"}
    return [{"rule": texts[name], "name": NAMES[name]} for name in ("territory",
            "infestation", "climate")]


def troop_of(spec: Any, library: Library, where: str) -> Troop:
    """A troop from the lobby: a faction name, ``stigma:NAME``, ``{"yaml": text}`` or a troop
    mapping; every problem is a 422 with the messages of ``skirmish troop validate``."""
    try:
        if isinstance(spec, str):
            if len(spec) > 100:
                raise SetupProblem(400, f"{where}: a faction name is at most 100 characters")
            if spec.lower().startswith("stigma:"):
                symbol = spec.split(":", 1)[1].strip()
                known = {p.stigma for p in library.fighters.values()}
                match = next((s for s in known if s.casefold() == symbol.casefold()), None)
                if match is None:
                    raise SetupProblem(422, f"{where}: no stigma {symbol!r} (known: "
                                            f"{', '.join(sorted(known))})")
                troop = suggest(library, "stigma", match)
            else:
                try:
                    troop = suggest(library, "faction", library.faction(spec))
                except KeyError as exc:
                    raise SetupProblem(422, f"{where}: {exc.args[0]}") from None
        elif isinstance(spec, dict) and set(spec) <= {"yaml", "name"} and "yaml" in spec:
            name = _text(spec.get("name"), f"{where}.name", 100, "troop.yaml")
            text = spec["yaml"]
            if not isinstance(text, str):
                raise SetupProblem(400, f"{where}.yaml: expected the troop file's text")
            if len(text.encode("utf-8", "replace")) > MAX_TROOP_TEXT:
                raise SetupProblem(413, f"{name}: a troop file is at most "
                                        f"{MAX_TROOP_TEXT // 1024} KB")
            try:
                data = parse_data(text, "yaml")
            except DataError as exc:
                detail = str(exc).removeprefix("broken YAML: ")
                raise SetupProblem(422, f"{name}: broken troop file: {detail}") from None
            troop = Troop.from_dict(data, name)
            where = name
        elif isinstance(spec, dict):
            troop = Troop.from_dict(spec, where)
        else:
            raise SetupProblem(400, f"{where}: expected a faction name, {{\"yaml\": ...}} or "
                                    "a troop mapping")
    except TroopError as exc:
        raise SetupProblem(422, str(exc)) from None
    problems = troop_problems(library, troop)
    if problems:
        raise SetupProblem(422, f"{where}: " + "; ".join(problems))
    return troop


def troop_summary(library: Library, troop: Troop) -> str:
    return (f"a legal {troop.type} troop - {', '.join(troop.fighters)}: "
            f"{total_value(library, troop)}/{troop.budget} points, SP reserve "
            f"{sp_reserve(library, troop)}")


def setup_of(body: Mapping[str, Any], library: Library) -> tuple[dict[str, Any], str]:
    """The set-up (with its optional rules) and the default title of an Eden match request;
    raises :class:`SetupProblem`."""
    unknown = sorted(set(body) - FIELDS)
    if unknown:
        raise SetupProblem(400, f"unknown field(s) {', '.join(unknown)[:200]} "
                                f"(expected {', '.join(sorted(FIELDS))})")
    specs = body.get("troops", list(DEFAULT_TROOPS))
    if not isinstance(specs, list) or len(specs) != 2:
        raise SetupProblem(400, "troops: expected two troops")
    troops = [troop_of(spec, library, f"troop {'AB'[i]}") for i, spec in enumerate(specs)]
    return _setup(body, library, troops)


def _setup(body: Mapping[str, Any], library: Library, troops: list[Troop]
           ) -> tuple[dict[str, Any], str]:
    rounds = _whole(body.get("rounds"), "rounds", 1, 5, 5)
    field = body.get("field", [60, 60])
    if not (isinstance(field, list) and len(field) == 2 and all(
            isinstance(v, int | float) and not isinstance(v, bool)
            and FIELD_RANGE[0] <= v <= FIELD_RANGE[1] for v in field)):
        raise SetupProblem(400, f"field: expected [width, height] in cm, each from "
                                f"{FIELD_RANGE[0]} to {FIELD_RANGE[1]}")
    missions = body.get("missions", [None, None])
    if not (isinstance(missions, list) and len(missions) == 2 and all(
            m is None or (isinstance(m, list) and len(m) <= 50
                          and all(isinstance(n, str) and len(n) <= 100 for n in m))
            for m in missions)):
        raise SetupProblem(400, "missions: expected [names or null, names or null]")
    title = f"{troops[0].name or 'A'} vs {troops[1].name or 'B'}"
    try:
        setup = library.setup(troops[0], troops[1], max_rounds=rounds,
                              field=(float(field[0]), float(field[1])),
                              missions=(missions[0], missions[1]))
    except KeyError as exc:
        raise SetupProblem(422, f"missions: {exc.args[0]}") from None
    return with_rules(setup, body.get("rules")), title


def with_rules(setup: dict[str, Any], rules: Any) -> dict[str, Any]:
    """The optional rules for a new match: ``rules`` as the command line writes them
    (``"territory,infestation:3,climate"``) or as a set-up holds them (an object); absent,
    empty or null: the basic rules only."""
    from skirmish.games.eden.optional.options import (
        MatchOptions,
        OptionsError,
        parse_rules,
        with_options,
    )

    if rules is None or rules == "" or rules == {}:
        return setup
    try:
        if isinstance(rules, str):
            options = parse_rules(rules[:200], "rules")
        else:
            options = MatchOptions.from_json(rules, "rules")
    except OptionsError as exc:
        raise SetupProblem(400, str(exc)) from None
    return with_options(setup, options)
