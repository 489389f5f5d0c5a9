"""A Mass Effect: Annihilation match from the lobby (docs/web.md, Mass Effect: Annihilation):
what ``GET /api/options`` offers of it, and the set-up of ``POST /api/matches`` with
``"ruleset": "masseffect"``.

A band is a sample band's name (matched as players type it), a band mapping
(:meth:`skirmish.games.masseffect.cards.bands.Band.from_dict`) or a band file's text ``{"yaml":
"…"}`` (a band mapping, or a content file whose ``bands`` section holds exactly one band); every
band is checked with :func:`skirmish.games.masseffect.cards.bands.band_problems`. A malformed
request is
a 400 naming the field, a band that breaks a rule (ME7, ME39) a 422 naming the rule, as for
Eden's troops.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skirmish.core.data_files import DataError, parse_data
from skirmish.core.names import NameMatchError
from skirmish.games.masseffect.cards.bands import Band, BandError, band_cost, band_problems
from skirmish.games.masseffect.cards.library import Library
from skirmish.web.game_parts import COMMON_FIELDS, SetupProblem

#: The fields of a ME:A match request.
FIELDS = COMMON_FIELDS | {"bands", "scenario"}
MAX_BAND_TEXT = 64 * 1024
DEFAULT_BANDS = ("Escouade Orion", "Cellule Tisiphone")
DEFAULT_SCENARIO = "Escarmouche"


def options(library: Library) -> dict[str, Any]:
    """What the lobby offers: every band (name, faction, cost, budget, its figures' profile
    names) and scenario (name, turns, table in pas, victory, text)."""
    bands = [{"name": b.name, "faction": b.faction or _faction(library, b),
              "cost": band_cost(library, b), "budget": b.budget,
              "figures": [e.profile for e in b.figures]} for b in library.bands.values()]
    scenarios = [{"name": s.name, "turns": s.turns, "table_pas": list(s.table),
                  "victory": str(s.victory.kind), "text": s.text}
                 for s in library.scenarios.values()]
    return {"bands": bands, "scenarios": scenarios}


def _faction(library: Library, band: Band) -> str:
    try:
        return library.profile(band.figures[0].profile).faction if band.figures else ""
    except KeyError:
        return ""


def band_of(spec: Any, library: Library, where: str) -> Band:
    """A band from the lobby (see the module), checked: a 400 for a malformed one, a 422
    naming the broken rules."""
    if isinstance(spec, str):
        if len(spec) > 100:
            raise SetupProblem(400, f"{where}: a band name is at most 100 characters")
        try:
            band = library.band(spec)
        except NameMatchError as exc:
            raise SetupProblem(422, f"{where}: {exc.args[0]}") from None
    elif isinstance(spec, Mapping) and "yaml" in spec and set(spec) <= {"yaml", "name"}:
        band = _band_file(spec, where)
    elif isinstance(spec, Mapping):
        try:
            band = Band.from_dict(spec, where)
        except BandError as exc:
            raise SetupProblem(400, str(exc)) from None
    else:
        raise SetupProblem(400, f"{where}: expected a band name, {{\"yaml\": ...}} or a band "
                                "mapping")
    problems = band_problems(library, band)
    if problems:
        raise SetupProblem(422, f"{where}: " + "; ".join(problems))
    return band


def _band_file(spec: Mapping[str, Any], where: str) -> Band:
    name = spec.get("name") or "band.yaml"
    text = spec["yaml"]
    if not isinstance(name, str) or len(name) > 100:
        raise SetupProblem(400, f"{where}.name: expected a file name of at most 100 characters")
    if not isinstance(text, str):
        raise SetupProblem(400, f"{where}.yaml: expected the band file's text")
    if len(text.encode("utf-8", "replace")) > MAX_BAND_TEXT:
        raise SetupProblem(413, f"{name}: a band file is at most {MAX_BAND_TEXT // 1024} KB")
    try:
        data = parse_data(text, "yaml")
    except DataError as exc:
        detail = str(exc).removeprefix("broken YAML: ")
        raise SetupProblem(400, f"{where} ({name}): broken band file: {detail}") from None
    if isinstance(data, Mapping) and "bands" in data:
        bands = data["bands"]
        if not isinstance(bands, list) or len(bands) != 1:
            raise SetupProblem(400, f"{where} ({name}): field 'bands': expected exactly one "
                                    "band")
        data = bands[0]
    try:
        return Band.from_dict(data, f"{where} ({name})")
    except BandError as exc:
        raise SetupProblem(400, str(exc)) from None


def setup_of(body: Mapping[str, Any], library: Library) -> tuple[dict[str, Any], str]:
    """The set-up (holding every card it uses) and the default title of a ME:A match
    request; raises :class:`SetupProblem`."""
    from skirmish.games.masseffect import match_setup

    unknown = sorted(set(body) - FIELDS)
    if unknown:
        raise SetupProblem(400, f"unknown field(s) {', '.join(unknown)[:200]} "
                                f"(expected {', '.join(sorted(FIELDS))})")
    specs = body.get("bands", list(DEFAULT_BANDS))
    if not isinstance(specs, list) or len(specs) != 2:
        raise SetupProblem(400, "bands: expected two bands (player A, player B)")
    bands = [band_of(spec, library, f"bands[{i}]") for i, spec in enumerate(specs)]
    name = body.get("scenario", DEFAULT_SCENARIO)
    if not isinstance(name, str) or not name.strip() or len(name) > 100:
        raise SetupProblem(400, "scenario: expected a scenario's name")
    try:
        scenario = library.scenario(name)
    except NameMatchError as exc:
        raise SetupProblem(422, f"scenario: {exc.args[0]}") from None
    try:
        setup = match_setup(library, bands, scenario)
    except (KeyError, ValueError) as exc:
        raise SetupProblem(422, f"set-up: {exc}") from None
    title = f"{bands[0].name or 'A'} vs {bands[1].name or 'B'} \u00b7 {scenario.name}"
    return setup, title
