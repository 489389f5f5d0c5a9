"""Scenario tables for the ME:A engine's tests: these figures here, this scenery, these dice,
starting at this phase (docs/masseffect.md)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from skirmish.core.decision import Decision
from skirmish.core.dice import ScriptedDice
from skirmish.core.game import Game
from skirmish.core.procedure import Procedure
from skirmish.games.masseffect import MASS_EFFECT
from skirmish.games.masseffect.cards.library import Library, load_library
from skirmish.games.masseffect.cards.powers import Power
from skirmish.games.masseffect.cards.profile import Profile
from skirmish.games.masseffect.cards.weapons import Weapon
from skirmish.games.masseffect.phases.melee import MeleePhase
from skirmish.games.masseffect.phases.movement import MovementPhase
from skirmish.games.masseffect.phases.picks import PickPhase
from skirmish.games.masseffect.rolling import state_of
from skirmish.games.masseffect.rules import pas_to_cm
from skirmish.games.masseffect.state import MEState
from skirmish.games.masseffect.table.terrain import scenery_to_setup
from skirmish.games.masseffect.turn import Turn
from skirmish.geometry import Element, Polygon

_LIBRARY: list[Library] = []


@dataclass
class Halt(Procedure):
    """Stands under the phase being tested: the scene stops when that phase ends."""

    name = "test.me.halt"

    def decision(self, game: Game) -> Decision | None:
        return Decision(0, "halt", "the tested phase is over")


def library() -> Library:
    if not _LIBRARY:
        _LIBRARY.append(load_library())
    return _LIBRARY[0]


@dataclass
class Put:
    """A figure for a scene: side 0/1, a library profile name (or a Profile), where (pas),
    facing (degrees), equipment names (``None``: its card's)."""

    side: int
    profile: str | Profile
    x: float
    y: float
    facing: int | None = None
    equipment: Sequence[str] | None = None


def wall(id: str, x0: float, y0: float, x1: float, y1: float, sight: str = "low") -> Element:
    """An impassable rectangle between two corners given in pas."""
    return Element(id, Polygon.rectangle(pas_to_cm(x0), pas_to_cm(y0), pas_to_cm(x1),
                                         pas_to_cm(y1)), sight=sight)  # type: ignore[arg-type]


def setup_for(figures: Sequence[Put], scenery: Sequence[Element] = (),
              scenario: str = "Escarmouche",
              cards: Sequence[Weapon | Power] = ()) -> dict[str, Any]:
    """A set-up; ``cards`` are weapons or powers used instead of the library's (or besides:
    a custom profile may name them)."""
    lib = library()
    own_weapons = {c.name: c for c in cards if isinstance(c, Weapon)}
    own_powers = {c.name: c for c in cards if isinstance(c, Power)}
    weapons: dict[str, Any] = {}
    powers: dict[str, Any] = {}
    bands: list[dict[str, Any]] = [{"name": "A", "figures": []}, {"name": "B", "figures": []}]
    for put in figures:
        profile = lib.profile(put.profile) if isinstance(put.profile, str) else put.profile
        names = list(profile.equipment if put.equipment is None else put.equipment)
        items = [own_weapons.get(n) or lib.weapon(n) for n in names]
        for weapon in items:
            weapons[weapon.name] = weapon.to_dict()
        for trait in profile.powers:
            power = own_powers.get(trait.name) or lib.power(trait.name)
            powers[power.name] = power.to_dict()
        bands[put.side]["figures"].append({
            "profile": profile.to_dict(), "equipment": [w.name for w in items],
            "at": [pas_to_cm(put.x), pas_to_cm(put.y)],
            "facing": put.facing if put.facing is not None else (90 if put.side == 0 else 270),
        })
    return {"scenario": lib.scenario(scenario).to_dict(), "bands": bands,
            "weapons": list(weapons.values()), "powers": list(powers.values()),
            "scenery": scenery_to_setup(scenery)}


def scene(figures: Sequence[Put], *, dice: Sequence[int] = (), scenery: Sequence[Element] = (),
          phase: str | Sequence[str] = "mouvement", initiative: int = 0,
          scenario: str = "Escarmouche", moved: dict[int, str] | None = None,
          prepare: Callable[[MEState], None] | None = None,
          cards: Sequence[Weapon | Power] = ()) -> Game:
    """A game at turn 1 with the figures placed, at the start of ``phase`` (mouvement,
    pouvoirs, tir, actions spéciales, mêlée, and "fin du tour": the end of the turn (burning,
    scoring); or several of them, played in the order given),
    player ``initiative`` first; when the (last) phase ends, the game halts (decision kind
    "halt"). ``dice`` are the faces rolled from then on; ``moved`` sets figures' movement
    choice (index -> stay/walk/run) for phases after movement; ``prepare`` changes the state
    before the phase starts; ``cards`` are custom weapons and powers (see :func:`setup_for`)."""
    game = MASS_EFFECT.new_game(setup_for(figures, scenery, scenario, cards),
                                dice=ScriptedDice([1, 2] if initiative else [2, 1]))
    game.dice = ScriptedDice(list(dice))
    state = state_of(game)
    for index, how in (moved or {}).items():
        state.figures[index].moved = how
    if prepare is not None:
        prepare(state)
    phases = [phase] if isinstance(phase, str) else list(phase)
    procedures: list[Procedure] = [
        MovementPhase() if p == "mouvement" else MeleePhase() if p == "mêlée"
        else Turn(step="end") if p == "fin du tour" else PickPhase(p) for p in phases]
    game.stack = [Halt(), *reversed(procedures)]
    game.advance()
    return game


def figure(game: Game, index: int) -> Any:
    return state_of(game).figures[index]


def st(game: Game) -> MEState:
    return state_of(game)


def at(x: float, y: float) -> str:
    """A point of the notation (cm) from pas."""
    return f"{pas_to_cm(x):g},{pas_to_cm(y):g}"


def rolls(game: Game) -> list[tuple[str, str, int]]:
    """The D6 rolls logged so far: (figure, what, face)."""
    return [(e.figure, e.roll, e.face) for e in game.log  # type: ignore[attr-defined]
            if e.kind == "me.roll"]


def kinds(game: Game) -> list[str]:
    """The kinds of the events logged so far."""
    return [e.kind for e in game.log]


def halted(game: Game) -> bool:
    """The tested phase (or phases) is over."""
    return not game.is_over and game.decision().kind == "halt"
