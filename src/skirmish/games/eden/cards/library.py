"""The card library: game content as data (Rulebook 1, "Profile cards", 1.D, 7, 8 and the
optional rules), validated by typed models before anything is used.

Content is YAML (or JSON) files. Every file is a mapping with any of the sections
``fighters``, ``npfs``, ``abilities``, ``equipment``, ``missions``, ``tactical``,
``scenery`` (lists of cards), an optional ``faction`` (the default for its fighters), an
optional ``language`` (``fr`` or ``en``: the notation of its equipment cards, otherwise
detected from their words) and ``sample: true`` for sample content. The built-in files
(``eden/content``) are ORIGINAL SAMPLE CONTENT; :func:`read_library` adds the players' own
folders on top: a card with the name of an earlier one replaces it. A malformed file raises
:class:`ContentError` naming the file, the card, the field and what was expected; nothing is
returned half-loaded. Files are read with bounded resources
(:func:`skirmish.core.data_files.read_data`: no YAML aliases, at most 32 levels deep), every
number is in a range the error names, and loading is linear in the number of cards.

Card data only: the effects the cards name are checked against the rules' effect registry
one level up, by :func:`skirmish.games.eden.content.load_library` (the library every match
and tool uses).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from skirmish.core.data_files import DataError, quote, read_data
from skirmish.core.names import fold, match_name
from skirmish.games.eden.cards.cards import (
    Ability,
    EffectSpec,
    MissionCard,
    SceneryCard,
    TacticalCard,
)
from skirmish.games.eden.cards.equipment import MAX_NOTATION, Equipment
from skirmish.games.eden.cards.inputs import check_effect_params
from skirmish.games.eden.cards.profile import FighterProfile, LimbProfile

CONTENT_DIR = Path(__file__).with_name("content")
SECTIONS = ("fighters", "npfs", "abilities", "equipment", "missions", "tactical", "scenery")
SINGULAR = {"fighters": "fighter", "npfs": "NPF", "abilities": "ability",
            "equipment": "equipment", "missions": "mission", "tactical": "tactical card",
            "scenery": "scenery"}
#: Territory Management, A: the scenery keywords (with a value, default 1, or without).
KEYWORDS = {"Destruction": True, "Hiding": False, "Elevation": False, "Climbing": True,
            "Crossing": False, "Impenetrable": False, "Flammable": False, "Obstacle": True,
            "Obstruction": True, "Occupation": False, "Swimming": True,
            "Hostile Presence": True, "Jump": True}
#: The English list says "Interference (2)" where the rules keyword is Obstruction (2).
KEYWORD_ALIASES = {"Interference": "Obstruction"}


class ContentError(ValueError):
    """A content file that cannot be used; ``str()`` names the file, card, field and what
    was expected."""

    def __init__(self, file: str, card: str, where: str, expected: str) -> None:
        self.file, self.card, self.field, self.expected = file, card, where, expected
        parts = [file] + ([card] if card else []) + ([f"field '{where}'"] if where else [])
        super().__init__(f"{': '.join(parts)}: {expected}")


# -- the typed models ---------------------------------------------------------------------
class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


Count = Annotated[int, Field(ge=0, le=12)]
Value = Annotated[int, Field(ge=0, le=12)]
Name = Annotated[str, Field(min_length=1, max_length=60)]


class LimbModel(_Model):
    """Rulebook 1.5-1.7: white/red CP dots, white/red characteristic, location faces."""

    white_cp: Count
    red_cp: Count
    white: Value
    red: Value
    faces: list[Annotated[int, Field(ge=1, le=6)]]


class LimbsModel(_Model):
    head: LimbModel
    arms: LimbModel
    torso: LimbModel
    legs: LimbModel


class FighterModel(_Model):
    """A profile card (Rulebook 1): every field printed on it. NPFs give ``level``."""

    name: Name
    note: str = ""
    faction: str | None = None
    stigma: str = ""
    types: list[Name] = Field(min_length=1)
    value: Annotated[int, Field(ge=0, le=200)] = 0
    level: Annotated[int, Field(ge=1, le=10)] | None = None
    limbs: LimbsModel
    equipment: list[Name] = []
    abilities: list[Name] = []
    base_mm: Literal[30, 40] = 30


class AbilityModel(_Model):
    """Rulebook 7: permanent or action, its cost (AP, SP), X/round, X/match, effects."""

    name: Name
    note: str = ""
    kind: Literal["permanent", "action"] = "permanent"
    cost_ap: Annotated[int, Field(ge=0, le=3)] = 0
    cost_sp: Annotated[int, Field(ge=0, le=20)] = 0
    per_round: Annotated[int, Field(ge=1, le=10)] | None = None
    per_match: Annotated[int, Field(ge=1, le=10)] | None = None
    text: str = ""
    effects: list[dict[str, Any]] = []


class MissionModel(_Model):
    """Rulebook 1.D, Mission cards: secret/revealed, deployment, symbol, objectives."""

    name: Name
    note: str = ""
    secret: bool = True
    deployment: Literal["confrontation", "ambush"] = "confrontation"
    faction: str | None = None
    stigma: str | None = None
    text: str = ""
    effects: list[dict[str, Any]] = []


class TacticalModel(_Model):
    """Rulebook 1.D, Tactical cards: Tactical, First round, Cancellation (X), effects."""

    name: Name
    note: str = ""
    tactical: bool = True
    first_round: bool = False
    cancellation: Annotated[int, Field(ge=1, le=10)] | None = None
    lasts: Literal["round", "match"] = "round"
    text: str = ""
    target: Literal["friend", "enemy", "any"] | None = None
    effects: list[dict[str, Any]] = []


#: A point of a scenery footprint, in cm from the element's centre.
Coordinate = Annotated[float, Field(ge=-50, le=50, allow_inf_nan=False)]
Point2 = Annotated[list[Coordinate], Field(min_length=2, max_length=2)]
Keyword = Annotated[str, Field(min_length=1, max_length=40)]


class SceneryModel(_Model):
    """Territory Management, B: a scenery element, its cost and keywords; its footprint."""

    name: Name
    note: str = ""
    cost: Annotated[int, Field(ge=0, le=8)] = 1
    keywords: list[Keyword] = []
    shape: Annotated[list[Point2], Field(min_length=3, max_length=64)] | None = None
    radius: Annotated[float, Field(gt=0, le=30, allow_inf_nan=False)] | None = None
    sight: Literal["opaque", "low", "flat"] | None = None
    #: Territory Management, Elevation: how high the elevated point stands (cm; 0: the
    #: rules' default height).
    height: Annotated[float, Field(ge=0, le=30, allow_inf_nan=False)] = 0.0
    text: str = ""
    effects: list[dict[str, Any]] = []


class FileModel(_Model):
    """One content file: its sections (each card is checked on its own, to name it)."""

    sample: bool = False
    faction: str | None = None
    language: Literal["fr", "en"] | None = None
    fighters: list[Any] = []
    npfs: list[Any] = []
    abilities: list[Any] = []
    equipment: list[Any] = []
    missions: list[Any] = []
    tactical: list[Any] = []
    scenery: list[Any] = []


class EquipmentModel(_Model):
    """Rulebook 8: an equipment card written as a mapping, to give its own language
    (``{notation: 'Casque (Pr) : Tête+1', language: fr}``); a plain text is the same card
    in the file's language, or detected."""

    notation: Annotated[str, Field(min_length=1, max_length=MAX_NOTATION)]
    language: Literal["fr", "en"] | None = None


MODELS: dict[str, type[_Model]] = {"fighters": FighterModel, "npfs": FighterModel,
                                   "abilities": AbilityModel, "missions": MissionModel,
                                   "tactical": TacticalModel, "scenery": SceneryModel}


# -- what the library holds ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SceneryEntry:
    """A scenery card: the basic-rules element (:class:`SceneryCard`) and its Territory
    Management cost and keywords."""

    card: SceneryCard
    cost: int
    keywords: tuple[tuple[str, int | None], ...]
    text: str = ""
    height: float = 0.0

    def keyword(self, name: str) -> int | None:
        for word, value in self.keywords:
            if word == name:
                return 1 if value is None and KEYWORDS[word] else value
        return None

    def has(self, name: str) -> bool:
        return any(word == name for word, _ in self.keywords)

    @property
    def notation(self) -> str:
        return ", ".join(w if v is None else f"{w} ({v})" for w, v in self.keywords)


@dataclass(frozen=True, slots=True)
class Origin:
    file: str
    sample: bool
    note: str = ""


@dataclass
class Library:
    """Every card by name, per kind; where each came from (:attr:`origin`)."""

    fighters: dict[str, FighterProfile] = field(default_factory=dict)
    npfs: dict[str, FighterProfile] = field(default_factory=dict)
    abilities: dict[str, Ability] = field(default_factory=dict)
    equipment: dict[str, Equipment] = field(default_factory=dict)
    missions: dict[str, MissionCard] = field(default_factory=dict)
    tactical: dict[str, TacticalCard] = field(default_factory=dict)
    scenery: dict[str, SceneryEntry] = field(default_factory=dict)
    origin: dict[tuple[str, str], Origin] = field(default_factory=dict)

    # -- lookups --------------------------------------------------------------------------
    def section(self, kind: str) -> Mapping[str, Any]:
        return dict(getattr(self, kind))

    def find(self, name: str, kinds: Sequence[str] = SECTIONS) -> tuple[str, str]:
        """(kind, exact name) of a card, by the one name matcher
        (:func:`skirmish.core.names.match_name`: exact, then case and accents ignored, then
        a unique prefix, else "did you mean"). Raises a ``KeyError`` naming the card."""
        kind_of: dict[str, str] = {}
        for kind in kinds:
            for card in getattr(self, kind):
                kind_of.setdefault(card, kind)
        what = SINGULAR[kinds[0]] if len(kinds) == 1 else (
            "fighter" if set(kinds) <= {"fighters", "npfs"} else "card")
        exact = match_name(name, kind_of, what)
        return kind_of[exact], exact

    def profile(self, name: str) -> FighterProfile:
        kind, exact = self.find(name, ("fighters", "npfs"))
        return self.fighters[exact] if kind == "fighters" else self.npfs[exact]

    def factions(self) -> list[str]:
        return sorted({p.faction for p in self.fighters.values()})

    def faction(self, text: str) -> str:
        """The faction a player means ("bamaka", "Clan Bamaka", "isc")."""
        wanted = fold(text)
        for faction in self.factions():
            f = fold(faction)
            if wanted and (f in wanted or wanted in f):
                return faction
        return match_name(text, self.factions(), "faction")

    def is_sample(self, kind: str, name: str) -> bool:
        origin = self.origin.get((kind, name))
        return bool(origin and origin.sample)

    # -- game set-ups -------------------------------------------------------------------
    def setup(self, troop_a: Any, troop_b: Any, **options: Any) -> dict[str, Any]:
        """The JSON set-up of a match between two troops
        (:class:`skirmish.games.eden.cards.troops.Troop`)
        for ``EDEN.new_game``; see :func:`skirmish.games.eden.cards.troops.match_setup` for
        options."""
        from skirmish.games.eden.cards.troops import match_setup

        return match_setup(self, troop_a, troop_b, **options)


# -- reading --------------------------------------------------------------------------------
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
        return loc, f"expected a mapping of the card's fields, got {quote(error.get('input'))}"
    expected = msg[len("Input should be "):] if msg.startswith("Input should be ") else msg
    return loc, f"expected {expected}, got {quote(error.get('input'))}"


def _read_file(path: Path, display: str) -> dict[str, Any]:
    """A content file's data (:func:`skirmish.core.data_files.read_data`: at most 10 MB of
    UTF-8, nested at most 32 levels, no YAML aliases)."""
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
    if kind == "equipment":
        if isinstance(raw, Mapping) and isinstance(raw.get("notation"), str):
            raw = raw["notation"]
        return quote(raw) if not isinstance(raw, str) else quote(raw.split("(")[0].strip())
    name = raw.get("name") if isinstance(raw, Mapping) else None
    return f"{SINGULAR[kind]} {quote(name)}" if isinstance(name, str) else f"{kind}[{index}]"


#: Territory Management, A: the values of keywords (Obstacle (X), Destruction (X) ...).
KEYWORD_VALUES = (0, 20)


def parse_keyword(text: str) -> tuple[str, int | None]:
    match = re.fullmatch(r"\s*([A-Za-z][A-Za-z ]*?)\s*(?:\(\s*(\d{1,9})\s*\))?\s*",
                         text) if len(text) <= 80 else None
    word = match.group(1).title() if match else ""
    word = KEYWORD_ALIASES.get(word, word)
    if not match or word not in KEYWORDS:
        raise ValueError(f"unknown scenery keyword {quote(text)} (expected "
                         f"{', '.join(KEYWORDS)}, with a value in brackets for some)")
    value = match.group(2)
    if value is not None and not KEYWORDS[word]:
        raise ValueError(f"scenery keyword {word} takes no value")
    low, high = KEYWORD_VALUES
    if value is not None and not low <= int(value) <= high:
        raise ValueError(f"scenery keyword {word} ({int(value)}) is out of range ({low} to "
                         f"{high})")
    return word, None if value is None else int(value)


def scenery_entry(model: SceneryModel) -> SceneryEntry:
    """Territory Management keywords -> the element the basic rules place (docs: content
    rulings): Crossing/Occupation/Obstruction make it passable, Obstruction (X) costs X cm
    per cm, Occupation lets a fighter stop on it, Obstacle (X) counts X obstacles."""
    keywords = tuple(parse_keyword(k) for k in model.keywords)
    words = {w: v for w, v in keywords}
    passable = any(w in words for w in ("Crossing", "Occupation", "Obstruction"))
    obstacles = words.get("Obstacle", 1 if "Obstacle" in words else None)
    if model.sight is not None:
        sight = model.sight
    elif "Impenetrable" in words or (obstacles and not passable):
        sight = "opaque"
    else:
        sight = "low" if obstacles else "flat"
    move_cost = float(words.get("Obstruction") or 1) if "Obstruction" in words else 1.0
    shape: tuple[tuple[float, float], ...] | float
    if model.radius is not None:
        shape = float(model.radius)
    elif model.shape is not None:
        shape = tuple((float(x), float(y)) for x, y in model.shape)
    else:
        raise ValueError("give a 'radius' (circle) or a 'shape' (polygon points)")
    texts = tuple(w if v is None else f"{w} ({v})" for w, v in keywords)
    card = SceneryCard(model.name, shape, sight, passable, move_cost, "Occupation" in words,
                       obstacles if obstacles is not None else (1 if sight == "low" else 0),
                       _specs(model.effects), model.cost, texts, float(model.height))
    return SceneryEntry(card, model.cost, keywords, model.text, float(model.height))


def _specs(effects: Iterable[Mapping[str, Any]]) -> tuple[EffectSpec, ...]:
    """The effects of a card, each named by its ``effect`` and its numbers in range
    (:func:`skirmish.games.eden.cards.inputs.check_effect_params`)."""
    specs = []
    for i, effect in enumerate(effects):
        if not isinstance(effect.get("effect"), str):
            raise ValueError(f"effects[{i}]: 'effect' (the effect's name, a text) is required, "
                             f"got {quote(effect.get('effect'))}")
        check_effect_params({k: v for k, v in effect.items() if k != "effect"},
                            f"effects[{i}]")
        specs.append(EffectSpec.from_dict(effect))
    return tuple(specs)


def _profile(model: FighterModel, faction: str | None) -> FighterProfile:
    limbs = tuple(LimbProfile(lm.white_cp, lm.red_cp, lm.white, lm.red, tuple(lm.faces))
                  for lm in (model.limbs.head, model.limbs.arms, model.limbs.torso,
                             model.limbs.legs))
    own = model.faction or faction
    if not own:
        raise ValueError("faction: is required (on the card or as the file's 'faction')")
    return FighterProfile(model.name, own, model.stigma, tuple(model.types), model.value,
                          (limbs[0], limbs[1], limbs[2], limbs[3]), tuple(model.equipment),
                          tuple(model.abilities), model.base_mm, model.level)


def _build(kind: str, raw: Any, file_faction: str | None,
           file_language: str | None = None) -> tuple[Any, str]:
    """One card from its raw data: (the card, its note). Raises ValidationError/ValueError."""
    if kind == "equipment":
        return _equipment(raw, file_language), ""
    model = MODELS[kind].model_validate(raw)
    note = getattr(model, "note", "")
    if isinstance(model, FighterModel):
        if kind == "npfs" and model.level is None:
            raise ValueError("level: an NPF shows a level instead of a value (Infestation)")
        if kind == "fighters" and model.level is not None:
            raise ValueError("level: only non-player fighters (npfs) have a level")
        return _profile(model, file_faction), note
    if isinstance(model, AbilityModel):
        return Ability(model.name, model.kind, model.cost_ap, model.cost_sp, model.per_round,
                       model.per_match, _specs(model.effects), model.text), note
    if isinstance(model, MissionModel):
        return MissionCard(model.name, model.secret, model.deployment, model.faction,
                           model.stigma, _specs(model.effects), model.text), note
    if isinstance(model, TacticalModel):
        return TacticalCard(model.name, model.tactical, model.first_round, model.cancellation,
                            _specs(model.effects), model.lasts, model.text,
                            model.target), note
    assert isinstance(model, SceneryModel)
    return scenery_entry(model), note


def _equipment(raw: Any, file_language: str | None) -> Equipment:
    """Rulebook 8: an equipment card, in English or French (the card's ``language``, else
    the file's, else detected from its words)."""
    if isinstance(raw, Mapping):
        model = EquipmentModel.model_validate(raw)
        try:
            return Equipment.parse(model.notation, model.language or file_language)
        except ValueError as exc:
            raise ValueError(f"notation: {str(exc).partition(': ')[2] or exc}") from None
    if not isinstance(raw, str):
        raise ValueError(f"expected the rulebook notation 'Name (Category): ...' as a "
                         f"text (or {{notation: ..., language: fr}}), got {quote(raw)}")
    return Equipment.parse(raw, file_language)


def effects_of(card: Any) -> tuple[EffectSpec, ...]:
    if isinstance(card, SceneryEntry):
        return card.card.effects
    return tuple(getattr(card, "effects", ()))


def read_folder(folder: Path, display_root: Path | None = None) -> list[tuple[str, str, Any,
                                                                              Origin]]:
    """Every card of every content file in ``folder`` (sorted by file name), checked on its
    own: [(kind, name, card, origin)]. Duplicate names within the folder are refused."""
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
                expected = ("unknown section (expected sample, faction, language, "
                            f"{', '.join(SECTIONS)})")
            raise ContentError(display, "", loc, expected) from None
        for kind in SECTIONS:
            for index, raw in enumerate(getattr(head, kind)):
                card_name = _card_name(raw, index, kind)
                try:
                    card, note = _build(kind, raw, head.faction, head.language)
                except ValidationError as exc:
                    loc, expected = _describe(exc.errors()[0])
                    raise ContentError(display, card_name, loc, expected) from None
                except (ValueError, TypeError, KeyError) as exc:
                    message = str(exc.args[0] if isinstance(exc, KeyError) and exc.args
                                  else exc)
                    where, _, rest = message.partition(": ")
                    if kind == "fighters" or kind == "npfs":
                        name = raw.get("name", "") if isinstance(raw, Mapping) else ""
                        if where == name and rest:
                            where, _, rest = rest.partition(": ") if ": " in rest else (
                                "", "", rest)
                    if not rest:
                        where, rest = "", message
                    if kind in ("fighters", "npfs") and not where and "faces" in rest:
                        where = "limbs"
                    raise ContentError(display, card_name, where, rest) from None
                name = card.card.name if isinstance(card, SceneryEntry) else card.name
                group = "fighters" if kind == "npfs" else kind
                if (group, fold(name)) in seen:
                    raise ContentError(display, card_name, "name", "duplicate name: "
                                       f"{name!r} is already defined in "
                                       f"{seen[(group, fold(name))]}")
                seen[(group, fold(name))] = display
                out.append((kind, name, card, Origin(display, head.sample, note)))
    return out


def _check_references(lib: Library) -> None:
    """Cross-references, once every folder is merged: equipment and abilities named by
    fighters exist (the effects the cards name are checked against the rules' registry by
    :func:`skirmish.games.eden.content.load_library`)."""
    for kind in ("fighters", "npfs"):
        for name, profile in getattr(lib, kind).items():
            file = lib.origin[(kind, name)].file
            card = f"{SINGULAR[kind]} {name!r}"
            for i, item in enumerate(profile.equipment):
                if item not in lib.equipment:
                    if "(" in item:
                        try:
                            Equipment.parse(item)
                            continue
                        except ValueError as exc:
                            raise ContentError(file, card, f"equipment[{i}]", str(exc)) from None
                    raise ContentError(file, card, f"equipment[{i}]",
                                       f"unknown equipment {item!r} (expected one of "
                                       f"{', '.join(sorted(lib.equipment))}, or the full "
                                       "notation 'Name (Category): ...')")
            for i, ability in enumerate(profile.abilities):
                if ability not in lib.abilities:
                    raise ContentError(file, card, f"abilities[{i}]",
                                       f"unknown ability {ability!r} (define it in an "
                                       "'abilities' section)")


def read_library(extra_dirs: Iterable[str | Path] = (), *,
                 builtin: bool = True) -> Library:
    """The built-in sample content, then each folder of ``extra_dirs`` in order (adding
    cards, or replacing those of the same name). Everything is read and checked before the
    library is returned, but for the effects the cards name: any problem raises
    :class:`ContentError`. A match's library is
    :func:`skirmish.games.eden.content.load_library`'s, its effects checked too."""
    folders: list[tuple[Path, Path | None]] = []
    if builtin:
        folders.append((CONTENT_DIR, CONTENT_DIR.parent.parent))
    folders += [(Path(d), None) for d in extra_dirs]
    lib = Library()
    # (kind, folded name) -> the exact name in the library: replacing is linear overall
    folded: dict[tuple[str, str], str] = {}
    for folder, root in folders:
        for kind, name, card, origin in read_folder(folder, root):
            group = "fighters" if kind == "npfs" else kind
            key = fold(name)
            # a folder replaces an earlier card of that name (whatever its spelling)
            for other in ((group,) if group != "fighters" else ("fighters", "npfs")):
                old = folded.pop((other, key), None)
                if old is not None:
                    del getattr(lib, other)[old]
                    del lib.origin[(other, old)]
            getattr(lib, kind)[name] = card
            lib.origin[(kind, name)] = origin
            folded[(kind, key)] = name
    _check_references(lib)
    return lib
