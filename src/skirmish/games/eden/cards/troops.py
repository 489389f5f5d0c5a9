"""Troop building (Rulebook 3, Create his troop): a Faction or Stigma troop of fighters
from the library, a budget (100 points unless the players agree on more, at most 200), no
fighter twice; the SP reserve it starts with (Rulebook 4.A step 2). Troop files are YAML or
JSON: ``{name, type, budget, fighters: [...], leader}``."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from skirmish.games.eden.cards.profile import FighterProfile

if TYPE_CHECKING:
    from skirmish.games.eden.cards.library import Library

#: Rulebook 3: "a maximum value of 100 points" unless agreed; "advised" below 200.
DEFAULT_BUDGET = 100
MAX_BUDGET = 200
TYPES = ("faction", "stigma")
_FIELDS = ("name", "type", "budget", "fighters", "leader", "sample", "content")


def profile_problems(profiles: Sequence[FighterProfile], troop_type: str,
                     budget: int = DEFAULT_BUDGET) -> list[str]:
    """Rulebook 3: one shared faction (Faction troop) or stigma (Stigma troop) symbol, a total
    value of at most ``budget`` points, never two fighters with the same name (FR only)."""
    problems: list[str] = []
    if troop_type not in ("faction", "stigma"):
        return [f"Rulebook 3: a troop is of type faction or stigma, not {troop_type!r}"]
    if not profiles:
        return ["Rulebook 3: a troop needs at least one fighter"]
    symbols = {p.name: getattr(p, troop_type) for p in profiles}
    if len(set(symbols.values())) > 1:
        which = ", ".join(f"{name} is {symbol}" for name, symbol in symbols.items())
        problems.append(f"Rulebook 3, {troop_type.capitalize()} troop: every fighter must "
                        f"share one {troop_type} symbol: {which}")
    total = sum(p.value for p in profiles)
    if total > budget:
        values = ", ".join(f"{p.name} {p.value}" for p in profiles)
        problems.append(f"Rulebook 3, Budget: {total} points > {budget} ({values})")
    twice = sorted(name for name, n in Counter(p.name for p in profiles).items() if n > 1)
    if twice:
        problems.append("Rulebook 3 (FR): a troop may not include a fighter with a given name "
                        f"more than once: {', '.join(twice)}")
    return problems


class TroopError(ValueError):
    """A troop file that cannot be read, or a troop that breaks a rule (the message says
    which rule and names the fighters)."""


@dataclass(frozen=True, slots=True)
class Troop:
    """A player's troop: its type, its fighters (by card name), an optional leader."""

    type: str = "faction"
    fighters: tuple[str, ...] = ()
    budget: int = DEFAULT_BUDGET
    leader: str | None = None
    name: str = ""
    #: The content folders (or files) of the players' own cards the troop needs, as written
    #: in its file: relative paths are relative to the troop file (:func:`content_of`).
    content: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.type, "budget": self.budget,
                               "fighters": list(self.fighters)}
        if self.leader:
            out["leader"] = self.leader
        if self.content:
            out["content"] = list(self.content)
        return out

    @classmethod
    def from_dict(cls, data: Any, where: str = "troop") -> Troop:
        if not isinstance(data, Mapping):
            raise TroopError(f"{where}: expected a mapping with {', '.join(_FIELDS)}")
        unknown = sorted(set(data) - set(_FIELDS))
        if unknown:
            raise TroopError(f"{where}: unknown field(s) {', '.join(unknown)} "
                             f"(expected {', '.join(_FIELDS)})")
        fighters = data.get("fighters", [])
        if isinstance(fighters, str):
            fighters = [f.strip() for f in fighters.split(",") if f.strip()]
        if not isinstance(fighters, list) or not all(isinstance(f, str) for f in fighters):
            raise TroopError(f"{where}: field 'fighters': expected a list of fighter names")
        budget = data.get("budget", DEFAULT_BUDGET)
        if isinstance(budget, bool) or not isinstance(budget, int):
            raise TroopError(f"{where}: field 'budget': expected an integer, got {budget!r}")
        kind = data.get("type", "faction")
        leader = data.get("leader")
        if leader is not None and not isinstance(leader, str):
            raise TroopError(f"{where}: field 'leader': expected a fighter name")
        content = data.get("content", [])
        if isinstance(content, str):
            content = [content]
        if not isinstance(content, list) or not all(isinstance(c, str) and c.strip()
                                                    for c in content):
            raise TroopError(f"{where}: field 'content': expected a list of folders (relative "
                             "to the troop file)")
        return cls(str(kind), tuple(fighters), budget, leader, str(data.get("name", "")),
                   tuple(content))

    @classmethod
    def load(cls, path: str | Path) -> Troop:
        """Read a troop file (.yaml, .yml or .json)."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise TroopError(f"{path}: cannot read the troop file ({exc.strerror})") from None
        try:
            data = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
        except (yaml.YAMLError, json.JSONDecodeError) as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise TroopError(f"{path}: broken troop file: {first}") from None
        return cls.from_dict(data, str(path))

    def save(self, path: str | Path) -> None:
        path = Path(path)
        data = self.to_dict()
        text = (json.dumps(data, indent=2, ensure_ascii=False) + "\n" if path.suffix == ".json"
                else yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
        from skirmish.core.record import write_atomically

        write_atomically(path, text)


def content_of(troop: Troop, troop_file: str | Path) -> list[Path]:
    """The content folders a troop file names, relative paths taken from the file's folder."""
    base = Path(troop_file).parent
    return [p if p.is_absolute() else base / p for p in map(Path, troop.content)]


def profiles_of(library: Library, troop: Troop) -> tuple[list[FighterProfile], list[str]]:
    """The troop's profiles (exact names), and the problems with names the library lacks or
    that are non-player fighters."""
    profiles: list[FighterProfile] = []
    problems: list[str] = []
    for name in troop.fighters:
        try:
            kind, exact = library.find(name, ("fighters", "npfs"))
        except KeyError as exc:
            problems.append(f"Rulebook 3: unknown fighter: {exc.args[0]}")
            continue
        if kind == "npfs":
            problems.append(f"Infestation: {exact} is a non-player fighter and cannot be "
                            "recruited into a troop")
            continue
        profiles.append(library.fighters[exact])
    return profiles, problems


def troop_problems(library: Library, troop: Troop) -> list[str]:
    """Rulebook 3: everything wrong with the troop ([] if it may play). Each message names
    the rule and the fighters, e.g. "Rulebook 3, Stigma troop: every fighter must share one
    stigma symbol: Vladd is Chaos, Tarar is Order"."""
    problems: list[str] = []
    if troop.type not in TYPES:
        return [f"Rulebook 3: a troop is a faction troop or a stigma troop, not {troop.type!r}"]
    if not 1 <= troop.budget <= MAX_BUDGET:
        problems.append(f"Rulebook 3, Budget: the players may agree on a budget above 100 "
                        f"points but below {MAX_BUDGET}; {troop.budget} is not allowed")
    profiles, unknown = profiles_of(library, troop)
    problems += unknown
    if troop.fighters and not profiles and unknown:
        return problems
    problems += profile_problems(profiles, troop.type, troop.budget)
    if troop.leader is not None:
        names = {p.name for p in profiles}
        try:
            leader = library.profile(troop.leader).name
        except KeyError:
            leader = troop.leader
        if leader not in names:
            problems.append(f"Rulebook 4.A step 4: the leader {troop.leader} is not one of "
                            f"the troop's fighters ({', '.join(sorted(names))})")
    return problems


def check(library: Library, troop: Troop) -> None:
    """Raise :class:`TroopError` listing every problem of the troop."""
    problems = troop_problems(library, troop)
    if problems:
        raise TroopError("; ".join(problems))


def total_value(library: Library, troop: Troop) -> int:
    return sum(p.value for p in profiles_of(library, troop)[0])


def sp_reserve(library: Library, troop: Troop) -> int:
    """Rulebook 4.A step 2: the sum of the fighters' PSI, halved (rounded up) for a Stigma
    troop."""
    total = sum(p.limbs[0].white for p in profiles_of(library, troop)[0])
    return -(-total // 2) if troop.type == "stigma" else total


def symbol_of(library: Library, troop: Troop) -> str | None:
    """The troop's faction (or stigma) when all its fighters share it."""
    symbols = {getattr(p, troop.type) for p in profiles_of(library, troop)[0]} \
        if troop.type in TYPES else set()
    return symbols.pop() if len(symbols) == 1 else None


def candidates(library: Library, troop_type: str, symbol: str) -> list[FighterProfile]:
    """The library's fighters that a troop of this type and symbol may recruit."""
    return sorted((p for p in library.fighters.values()
                   if getattr(p, troop_type) == symbol), key=lambda p: (-p.value, p.name))


def suggest(library: Library, troop_type: str, symbol: str, budget: int = DEFAULT_BUDGET,
            *, include: Iterable[str] = (), skip: Iterable[str] = ()) -> Troop:
    """A legal troop filling the budget greedily (dearest first) around ``include``."""
    chosen = [library.profile(n) for n in include]
    left = budget - sum(p.value for p in chosen)
    avoid = {library.profile(n).name for n in skip} | {p.name for p in chosen}
    for profile in candidates(library, troop_type, symbol):
        if profile.name not in avoid and profile.value <= left:
            chosen.append(profile)
            left -= profile.value
    names = tuple(p.name for p in chosen)
    return Troop(troop_type, names, budget, None, symbol)


def build(library: Library, fighters: Sequence[str], *, troop_type: str = "faction",
          budget: int = DEFAULT_BUDGET, leader: str | None = None, name: str = "") -> Troop:
    """A troop from a list of names (any spelling the library recognises), checked."""
    exact = []
    for text in fighters:
        try:
            exact.append(library.profile(text).name)
        except KeyError:
            exact.append(text)
    troop = Troop(troop_type, tuple(exact), budget,
                  library.profile(leader).name if leader else None, name)
    check(library, troop)
    return troop


@dataclass
class SetupOptions:
    """What :func:`match_setup` adds to the two troops (defaults give a whole match)."""

    max_rounds: int = 5
    field: tuple[float, float] = (60.0, 60.0)
    scenery: Sequence[str] = ("Wall", "Car wreck", "Bushes", "Pond")
    scenery_per_player: int = 2
    missions: tuple[Sequence[str] | None, Sequence[str] | None] = (None, None)
    tactical: tuple[Sequence[str] | None, Sequence[str] | None] = (None, None)
    preparation_skip: Sequence[str] = ()
    #: a troop's chosen leader is designated without a question (step 4)
    use_leaders: bool = True


def _mission_playable(card: Any, troop_type: str, symbol: str | None) -> bool:
    wanted = [(k, v) for k, v in (("faction", card.faction), ("stigma", card.stigma)) if v]
    return not wanted or (troop_type, symbol) in wanted


def match_setup(library: Library, troop_a: Troop, troop_b: Troop,
                **options: Any) -> dict[str, Any]:
    """The JSON set-up for ``EDEN.new_game``: each troop's profiles, the missions it may
    play (Rulebook 1.D: its symbol, or none), a tactical deck (every tactical card unless
    given), the abilities and equipment they name, the scenery pool."""
    opts = SetupOptions(**options)
    troops = []
    abilities: dict[str, Any] = {}
    equipment: dict[str, str] = {}
    for side, troop in enumerate((troop_a, troop_b)):
        profiles, _ = profiles_of(library, troop)
        symbol = symbol_of(library, troop)
        mission_names = opts.missions[side]
        missions = ([library.missions[library.find(n, ("missions",))[1]] for n in mission_names]
                    if mission_names is not None else
                    [m for m in library.missions.values()
                     if _mission_playable(m, troop.type, symbol)])
        tactical_names = opts.tactical[side]
        tactical = ([library.tactical[library.find(n, ("tactical",))[1]] for n in tactical_names]
                    if tactical_names is not None else list(library.tactical.values()))
        for profile in profiles:
            for ability in profile.abilities:
                abilities[ability] = ability_dict(library.abilities[ability])
            for item in profile.equipment:
                if item in library.equipment:
                    equipment[item] = str(library.equipment[item])
        entry: dict[str, Any] = {"type": troop.type,
                                 "fighters": [{"profile": p.to_dict()} for p in profiles],
                                 "missions": [card_dict(m) for m in missions],
                                 "tactical": [card_dict(c) for c in tactical]}
        if troop.leader is not None and opts.use_leaders:
            entry["leader"] = library.profile(troop.leader).name
        troops.append(entry)
    scenery = [scenery_dict(library.scenery[library.find(n, ("scenery",))[1]].card)
               for n in opts.scenery]
    setup: dict[str, Any] = {
        "field": list(opts.field), "max_rounds": opts.max_rounds,
        "budget": max(troop_a.budget, troop_b.budget),
        "abilities": list(abilities.values()), "equipment": list(equipment.values()),
        "scenery": scenery, "scenery_per_player": opts.scenery_per_player, "troops": troops,
    }
    if opts.preparation_skip:
        setup["preparation_skip"] = list(opts.preparation_skip)
    return setup


def ability_dict(a: Any) -> dict[str, Any]:
    out = {"name": a.name, "kind": a.kind, "cost_ap": a.cost_ap, "cost_sp": a.cost_sp,
           "effects": [s.to_dict() for s in a.effects], "text": a.text}
    out.update({k: getattr(a, k) for k in ("per_round", "per_match") if getattr(a, k)})
    return out


def card_dict(card: Any) -> dict[str, Any]:
    """A mission or tactical card as the set-up's plain data."""
    from dataclasses import fields

    out = {}
    for f in fields(card):
        value = getattr(card, f.name)
        out[f.name] = [s.to_dict() for s in value] if f.name == "effects" else value
    return {k: v for k, v in out.items() if v is not None}


def scenery_dict(card: Any) -> dict[str, Any]:
    """A scenery card as the set-up's plain data: the basic rules' element, and its Territory
    Management cost, keywords and height (optional rules 1)."""
    out: dict[str, Any] = {"name": card.name, "sight": card.sight, "passable": card.passable,
                           "move_cost": card.move_cost, "can_end_on": card.can_end_on,
                           "obstacle_count": card.obstacle_count,
                           "effects": [s.to_dict() for s in card.effects],
                           "cost": card.cost, "keywords": list(card.keywords)}
    if card.height:
        out["height"] = card.height
    if isinstance(card.shape, float | int):
        out["radius"] = card.shape
    else:
        out["shape"] = [list(p) for p in card.shape]
    return out

