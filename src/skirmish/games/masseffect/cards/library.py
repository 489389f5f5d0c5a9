"""The ME:A content library: profiles, weapons, powers, scenarios and bands as data,
validated by typed models before anything is used (the style of
:mod:`skirmish.games.eden.cards.library`).

Content is YAML (or JSON) files. Every file is a mapping with any of the sections
``profiles``, ``weapons``, ``powers``, ``scenarios``, ``bands`` (lists of cards), an optional
``faction`` (the default for its profiles) and ``sample: true`` for sample content.

- a profile is the draft's notation as a text (a YAML block), or ``{notation: …, note: …,
  faction: …}``, or written field by field (:meth:`Profile.to_dict`'s layout);
- a weapon is its notation (:class:`~skirmish.games.masseffect.cards.weapons.Weapon`) as a text, or
  ``{notation: …, effects: [...], text: …}`` (gear's effects);
- powers, scenarios and bands are mappings (:mod:`skirmish.games.masseffect.cards.models`).

The built-in files (``masseffect/cards/content``) are ORIGINAL SAMPLE CONTENT; :func:`load_library`
adds the players' own folders on top: a card with the name of an earlier one (of the same
section, whatever its spelling) replaces it. A malformed file raises :class:`ContentError`
naming the file, the card, the field and what was expected; nothing is returned half-loaded.
Files are read with bounded resources by :func:`skirmish.core.data_files.read_data`
(generic: at most 10 MB of UTF-8, 32 levels deep, no YAML aliases), which belongs to no ruleset.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from skirmish.core.data_files import DataError, quote, read_data
from skirmish.core.names import fold, match_name
from skirmish.games.masseffect.cards.bands import Band, BandError
from skirmish.games.masseffect.cards.models import (
    BandModel,
    FileModel,
    NotationModel,
    PowerModel,
    ProfileModel,
    ScenarioModel,
)
from skirmish.games.masseffect.cards.powers import Power
from skirmish.games.masseffect.cards.profile import Profile
from skirmish.games.masseffect.cards.scenarios import Scenario
from skirmish.games.masseffect.cards.traits import ProfileError
from skirmish.games.masseffect.cards.weapons import Weapon

CONTENT_DIR = Path(__file__).with_name("content")
SECTIONS = ("profiles", "weapons", "powers", "scenarios", "bands")
SINGULAR = {"profiles": "profile", "weapons": "weapon", "powers": "power",
            "scenarios": "scenario", "bands": "band"}


class ContentError(ValueError):
    """A content file that cannot be used; ``str()`` names the file, card, field and what
    was expected."""

    def __init__(self, file: str, card: str, where: str, expected: str) -> None:
        self.file, self.card, self.field, self.expected = file, card, where, expected
        parts = [file] + ([card] if card else []) + ([f"field '{where}'"] if where else [])
        super().__init__(f"{': '.join(parts)}: {expected}")


@dataclass(frozen=True, slots=True)
class Origin:
    file: str
    sample: bool
    note: str = ""


@dataclass
class Library:
    """Every card by name, per section; where each came from (:attr:`origin`)."""

    profiles: dict[str, Profile] = field(default_factory=dict)
    weapons: dict[str, Weapon] = field(default_factory=dict)
    powers: dict[str, Power] = field(default_factory=dict)
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    bands: dict[str, Band] = field(default_factory=dict)
    origin: dict[tuple[str, str], Origin] = field(default_factory=dict)

    def find(self, name: str, kinds: Sequence[str] = SECTIONS) -> tuple[str, str]:
        """(section, exact name) of a card, by :func:`skirmish.core.names.match_name`
        (exact, then case and accents ignored, then a unique prefix, else "did you mean").
        Raises a ``KeyError`` (:class:`~skirmish.core.names.NameMatchError`) naming it."""
        kind_of: dict[str, str] = {}
        for kind in kinds:
            for card in getattr(self, kind):
                kind_of.setdefault(card, kind)
        what = SINGULAR[kinds[0]] if len(kinds) == 1 else "card"
        exact = match_name(name, kind_of, what)
        return kind_of[exact], exact

    def profile(self, name: str) -> Profile:
        return self.profiles[self.find(name, ("profiles",))[1]]

    def weapon(self, name: str) -> Weapon:
        return self.weapons[self.find(name, ("weapons",))[1]]

    def power(self, name: str) -> Power:
        return self.powers[self.find(name, ("powers",))[1]]

    def scenario(self, name: str) -> Scenario:
        return self.scenarios[self.find(name, ("scenarios",))[1]]

    def band(self, name: str) -> Band:
        return self.bands[self.find(name, ("bands",))[1]]

    def factions(self) -> list[str]:
        return sorted({p.faction for p in self.profiles.values()})

    def faction(self, text: str) -> str:
        """The faction a player means ("geth", "alliance")."""
        return match_name(text, self.factions(), "faction")

    def is_sample(self, kind: str, name: str) -> bool:
        origin = self.origin.get((kind, name))
        return bool(origin and origin.sample)


# -- reading ------------------------------------------------------------------------------------
def _describe(error: Mapping[str, Any]) -> tuple[str, str]:
    """(field path, what was expected) from one pydantic error."""
    loc = ".".join(str(p) for p in error["loc"])
    loc = re.sub(r"\.(\d+)", r"[\1]", loc)
    kind, msg = error["type"], str(error["msg"])
    if kind == "extra_forbidden":
        return loc, "unknown field"
    if kind == "missing":
        return loc, "is required"
    if kind in ("model_type", "dict_type"):
        return loc, f"expected a mapping, got {quote(error.get('input'))}"
    if kind in ("too_short", "too_long"):
        ctx = error.get("ctx") or {}
        bound = (f"at least {ctx.get('min_length')}" if kind == "too_short"
                 else f"at most {ctx.get('max_length')}")
        return loc, f"expected {bound} item(s), got {quote(error.get('input'))}"
    expected = msg[len("Input should be "):] if msg.startswith("Input should be ") else msg
    return loc, f"expected {expected}, got {quote(error.get('input'))}"


def _read_file(path: Path, display: str) -> dict[str, Any]:
    try:
        data = read_data(path)
    except OSError as exc:
        raise ContentError(display, "", "", f"cannot read the file ({exc.strerror or exc})"
                           ) from None
    except DataError as exc:
        raise ContentError(display, "", "", str(exc)) from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ContentError(display, "", "", "expected a mapping with sections "
                           f"{', '.join(SECTIONS)}, got {type(data).__name__}")
    return data


def _card_name(raw: Any, index: int, kind: str) -> str:
    if isinstance(raw, Mapping) and isinstance(raw.get("notation"), str):
        raw = raw["notation"]
    elif isinstance(raw, Mapping) and len(raw) == 1 and "name" not in raw:
        raw = str(next(iter(raw)))  # an unquoted notation that YAML read as a mapping
    if isinstance(raw, str):
        head = raw.strip().splitlines()[0] if raw.strip() else raw
        return f"{SINGULAR[kind]} {quote(head.split('(')[0].strip())}"
    name = raw.get("name") if isinstance(raw, Mapping) else None
    return f"{SINGULAR[kind]} {quote(name)}" if isinstance(name, str) else f"{kind}[{index}]"


def _notation(raw: Any) -> NotationModel | None:
    if isinstance(raw, str):
        return NotationModel(notation=raw)
    if isinstance(raw, Mapping) and "notation" in raw:
        return NotationModel.model_validate(raw)
    return None


def _build(kind: str, raw: Any, faction: str | None) -> tuple[Any, str]:
    """One card from its raw data: (the card, its note). Raises ValidationError/ValueError
    (a ValueError's message is ``"field: problem"`` when the field is known)."""
    if kind == "profiles":
        written = _notation(raw)
        if written is not None:
            if written.effects or written.text:
                raise ValueError("effects: a profile has no effects or text (its traits say "
                                 "what it does)")
            try:
                profile = Profile.parse(written.notation, written.faction or faction or "")
            except ProfileError as exc:
                raise ValueError(f"{exc.field or 'notation'}: {exc.problem}") from None
            return _with_faction(profile), written.note
        model = ProfileModel.model_validate(raw)
        data = model.model_dump(exclude={"note"})
        data["faction"] = model.faction or faction or ""
        try:
            return _with_faction(Profile.from_dict(data)), model.note
        except ProfileError as exc:
            raise ValueError(f"{exc.field}: {exc.problem}") from None
    if kind == "weapons":
        written = _notation(raw)
        if written is None:
            hint = (" (quote the notation: in YAML an unquoted ' : ' makes a mapping)"
                    if isinstance(raw, Mapping) and len(raw) == 1 else "")
            raise ValueError(f"expected the notation 'Nom (Tir) : Portée (X), Dégâts (X)' as "
                             f"a text, or {{notation: …, effects: [...]}}, got "
                             f"{quote(raw)}{hint}")
        try:
            weapon = Weapon.from_dict(written.model_dump(exclude={"note", "faction"}))
        except ValueError as exc:
            raise ValueError(f"notation: {str(exc).partition(': ')[2] or exc}") from None
        return weapon, written.note
    if kind == "powers":
        power_model = PowerModel.model_validate(raw)
        return Power.from_dict(power_model.model_dump(exclude={"note"})), power_model.note
    if kind == "scenarios":
        scenario_model = ScenarioModel.model_validate(raw)
        data = scenario_model.model_dump(exclude={"note"})
        return Scenario.from_dict(data), scenario_model.note
    band_model = BandModel.model_validate(raw)
    data = band_model.model_dump(exclude={"note"}, exclude_none=True)
    try:
        return Band.from_dict(data, ""), band_model.note
    except BandError as exc:
        raise ValueError(str(exc).removeprefix(": field ").replace("'", "", 2)) from None


def _with_faction(profile: Profile) -> Profile:
    if not profile.faction:
        raise ValueError("faction: is required (a 'Faction :' line, or the file's 'faction')")
    return profile


def _error(display: str, card: str, exc: Exception, name: str) -> ContentError:
    message = str(exc.args[0] if isinstance(exc, KeyError) and exc.args else exc)
    if name and message.startswith(f"{name}: "):
        message = message[len(name) + 2:]
    where, _, rest = message.partition(": ")
    if not rest or " " in where.strip("'"):
        where, rest = "", message
    return ContentError(display, card, where, rest)


def read_folder(folder: Path, display_root: Path | None = None
                ) -> list[tuple[str, str, Any, Origin]]:
    """Every card of every content file in ``folder`` (sorted by file name), checked on its
    own: [(section, name, card, origin)]. Duplicate names within the folder are refused."""
    try:
        if not folder.exists():
            raise ContentError(str(folder), "", "", "no such folder (a folder of content "
                               "files is expected)")
        if not folder.is_dir():
            raise ContentError(str(folder), "", "", "expected a folder of content files")
        files = sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml", ".json"))
    except OSError as exc:
        raise ContentError(str(folder), "", "", "cannot read the folder "
                           f"({exc.strerror or exc})") from None
    out: list[tuple[str, str, Any, Origin]] = []
    seen: dict[tuple[str, str], str] = {}
    for path in files:
        display = str(path if display_root is None else path.relative_to(display_root))
        data = _read_file(path, display)
        try:
            head = FileModel.model_validate(data)
        except ValidationError as exc:
            loc, expected = _describe(exc.errors()[0])
            if expected == "unknown field":
                expected = f"unknown section (expected sample, faction, {', '.join(SECTIONS)})"
            raise ContentError(display, "", loc, expected) from None
        for kind in SECTIONS:
            for index, raw in enumerate(getattr(head, kind)):
                card_name = _card_name(raw, index, kind)
                try:
                    card, note = _build(kind, raw, head.faction)
                except ValidationError as exc:
                    loc, expected = _describe(exc.errors()[0])
                    raise ContentError(display, card_name, loc, expected) from None
                except (ValueError, TypeError, KeyError) as exc:
                    name = card_name.partition(" ")[2].strip("'\"")
                    raise _error(display, card_name, exc, name) from None
                if (kind, fold(card.name)) in seen:
                    raise ContentError(display, card_name, "name", "duplicate name: "
                                       f"{card.name!r} is already defined in "
                                       f"{seen[(kind, fold(card.name))]}")
                seen[(kind, fold(card.name))] = display
                out.append((kind, card.name, card, Origin(display, head.sample, note)))
    return out


def _check_references(lib: Library) -> None:
    """Cross-references, once every folder is merged: a profile's equipment and powers
    exist (a power of the kind the profile says), a band's profiles and items exist."""
    for name, profile in lib.profiles.items():
        file, card = lib.origin[("profiles", name)].file, f"profile {name!r}"
        for i, item in enumerate(profile.equipment):
            if item not in lib.weapons:
                raise ContentError(file, card, f"Équipement[{i}]", _unknown(lib, item,
                                                                            "weapons"))
        for trait in profile.powers:
            power = lib.powers.get(trait.name)
            if power is None:
                raise ContentError(file, card, "Traits", _unknown(lib, trait.name, "powers"))
            if power.kind is not trait.power_kind:
                raise ContentError(file, card, "Traits", f"{trait} but the power card "
                                   f"{power.name!r} is {power.kind.french}")
    for name, band in lib.bands.items():
        file, card = lib.origin[("bands", name)].file, f"band {name!r}"
        for i, entry in enumerate(band.figures):
            if entry.profile not in lib.profiles:
                raise ContentError(file, card, f"figures[{i}]",
                                   _unknown(lib, entry.profile, "profiles"))
            for item in entry.equipment or ():
                if item not in lib.weapons:
                    raise ContentError(file, card, f"figures[{i}].equipment",
                                       _unknown(lib, item, "weapons"))


def _unknown(lib: Library, name: str, kind: str) -> str:
    try:
        exact = match_name(name, getattr(lib, kind), SINGULAR[kind])
    except KeyError as exc:
        return f"{exc} (define it in a '{kind}' section)"
    return f"no {SINGULAR[kind]} {name!r}: write its exact name {exact!r}"


def load_library(extra_dirs: Iterable[str | Path] = (), *, builtin: bool = True) -> Library:
    """The built-in sample content, then each folder of ``extra_dirs`` in order (adding
    cards, or replacing those of the same name). Everything is read and checked before the
    library is returned; any problem raises :class:`ContentError`."""
    folders: list[tuple[Path, Path | None]] = []
    if builtin:
        folders.append((CONTENT_DIR, CONTENT_DIR.parent.parent))
    folders += [(Path(d), None) for d in extra_dirs]
    lib = Library()
    folded: dict[tuple[str, str], str] = {}
    for folder, root in folders:
        for kind, name, card, origin in read_folder(folder, root):
            old = folded.pop((kind, fold(name)), None)
            if old is not None:
                del getattr(lib, kind)[old]
                del lib.origin[(kind, old)]
            getattr(lib, kind)[name] = card
            lib.origin[(kind, name)] = origin
            folded[(kind, fold(name))] = name
    _check_references(lib)
    return lib

