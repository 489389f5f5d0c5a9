"""Rulebook, optional rules 2, A: NPF placement (preparation step 6 bis, FR "Étape 6 bis
(règle optionnelle) : Détermination de l'Infestation et placement des Combattants Non
Joueurs").

- "Les joueurs se mettent d'accord sur un niveau d'Infestation (Typiquement de 1 à 10).
  Pour plus de simplicité ils peuvent le déterminer au hasard": the set-up's level, or
  ``random``: 2D6 - 2 from the game's dice, a 0 rolled again (1 to 10, docs/rulings.md).
- "Chaque joueur reçoit un nombre de point d'Infestation équivalent au niveau".
- "Le Premier joueur dépense X points d'Infestation de sa réserve et place un CNJ dont le
  niveau est X sur le terrain. Puis son adversaire fait de même. Les joueurs alternent
  alors cette étape jusqu'à ce que les deux joueurs ne possèdent plus assez de points
  d'Infestation pour acheter un CNJ. Un CNJ ne peut pas être placé sur le terrain à moins
  de 15 cm d'un autre CNJ."

``npf Ghoul 30,25`` places one (its base centred there: on the field, on no base, no
impassable scenery or scenery one cannot stop on, no marker - the deployment checks - and
15 cm or more, edge to edge, from every other NPF); ``pass`` only when no NPF the player can
afford fits anywhere: he places no more (docs/rulings.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.actions import Action, Pass, Point
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.events import Event, NoteEvent, RollEvent
from skirmish.core.procedure import Procedure
from skirmish.games.eden.abilities import costly_permanent
from skirmish.games.eden.actions import PlaceNpf, key
from skirmish.games.eden.effects import ActiveEffect
from skirmish.games.eden.fighter import NPF_SIDE, Fighter
from skirmish.games.eden.house_rules import INFESTATION_ROLL, reading_of
from skirmish.games.eden.optional.infestation import (
    EPS,
    RULE_A,
    SPACING_CM,
    Infestation,
    NpfPlaced,
    available,
    new_ref,
)
from skirmish.games.eden.optional.options import RANDOM, options_of
from skirmish.games.eden.rolling import state_of
from skirmish.geometry import Base
from skirmish.geometry.distance import base_distance
from skirmish.geometry.paths import end_position_problem

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.cards.profile import FighterProfile
    from skirmish.games.eden.state import EdenState

#: Spacing of the grid of candidate centres offered to the players (cm).
SAMPLE_GRID = 5.0
#: Spacing of the fine grid that decides that no room is left (cm).
ROOM_GRID = 1.0
#: How many placements of each NPF card are offered (any legal one is accepted).
PLACEMENTS_PER_CARD = 6

_REASONS = {
    "off_field": "its base would be off the field",
    "overlaps_base": "its base would overlap another fighter's base",
    "overlaps_element": "its base would overlap impassable scenery",
    "cannot_end_on": "its base would stand on scenery a fighter cannot stop on",
    "on_marker": "its base would stand on a marker (Rulebook 2.J)",
}


# -- events (public: the table is seen by both players) ---------------------------------------
@dataclass(frozen=True, slots=True)
class InfestationEvent(Event):
    """A: the level of infestation, chosen or rolled, and each player's points."""

    kind: ClassVar[str] = "eden.infestation"
    level: int = 0
    rolled: bool = False

    def text(self) -> str:
        how = "rolled" if self.rolled else "agreed"
        return (f"Infestation (optional rules 2): level {self.level} ({how}): each player "
                f"has {self.level} infestation points to place non-player fighters")


@dataclass(frozen=True, slots=True)
class NpfPlacedEvent(Event):
    """A: a player spends X infestation points and places a level-X NPF."""

    kind: ClassVar[str] = "eden.npf-placed"
    player: int = 0
    fighter: str = ""
    level: int = 0
    at: tuple[float, ...] = ()
    points_left: int = 0
    gap: float | None = None

    def text(self) -> str:
        return (f"player {'AB'[self.player]} places {self.fighter} (level {self.level}) at "
                f"({self.at[0]:g}, {self.at[1]:g}); {self.points_left} infestation point"
                f"{'s' * (self.points_left != 1)} left")


# -- the level ----------------------------------------------------------------------------------
def roll_level(game: Game) -> int:
    """"Ils peuvent le déterminer au hasard": 2D6 - 2 from the game's dice, a 0 (double 1)
    rolled again, so 1 to 10 - the rulebook's typical range (docs/rulings.md); under house
    rule ``eden-infestation-roll=uniform``, every level of 1 to 10 equally likely
    (:func:`roll_uniform_level`)."""
    if reading_of(state_of(game).catalogue.house_rules, INFESTATION_ROLL) == "uniform":
        return roll_uniform_level(game)
    while True:
        faces = game.dice.roll(2)
        level = sum(faces) - 2
        game.emit(RollEvent(roll="infestation", dice=2, faces=faces, successes=0,
                            detail=f"2D6 - 2 = {level}" + (": rolled again" if not level
                                                            else f": level {level}")))
        if level:
            return level


def roll_uniform_level(game: Game) -> int:
    """House rule ``eden-infestation-roll=uniform``: a D6 gives the units (1-5, a 6 rolled
    again), a second D6 adds 5 on 4-6; so 1 to 10, each 1 in 10."""
    while True:
        units = game.dice.d6()
        if units != 6:
            break
        game.emit(RollEvent(roll="infestation", dice=1, faces=(6,), successes=0,
                            detail="units: a 6 is rolled again"))
    half = game.dice.d6()
    level = units + (5 if half >= 4 else 0)
    game.emit(RollEvent(roll="infestation", dice=2, faces=(units, half), successes=0,
                        detail=f"{units} + {5 if half >= 4 else 0} (the second die "
                               f"{'4-6 adds 5' if half >= 4 else '1-3 adds 0'}): level {level}"))
    return level


def start_infestation(state: EdenState) -> None:
    """As the match starts: the match plays Infestation (its level is settled in step 6 bis)."""
    state.infestation = Infestation()


# -- where an NPF may stand ---------------------------------------------------------------------
def npf_base(profile: FighterProfile, at: tuple[float, float], ref: str = "N.new") -> Base:
    return Base.from_mm(float(at[0]), float(at[1]), profile.base_mm, ref, "N")


def nearest_npf_gap(state: EdenState, base: Base) -> float | None:
    """Edge to edge, the gap to the nearest NPF on the field (``None`` without any)."""
    gaps = [base_distance(base, state.base(n)) for n in state.npfs()]
    return min(gaps) if gaps else None


def placement_problem(state: EdenState, profile: FighterProfile, at: tuple[float, float]) -> str:
    """Why this NPF may not be placed with its centre at ``at`` (A), or ""."""
    base = npf_base(profile, at)
    for other in state.npfs():
        gap = base_distance(base, state.base(other))
        if gap < SPACING_CM - EPS:
            return (f"{RULE_A}: an NPF cannot be placed less than {SPACING_CM:g} cm from "
                    f"another NPF ({other.ref} would be {gap:.2f} cm away, edge to edge)")
    problem = end_position_problem(base, at, field=state.field, bases=state.bases(),
                                   elements=state.scenery, markers=state.markers)
    if problem:
        return f"{RULE_A}: {profile.name} cannot stand at {at[0]:g},{at[1]:g}: " \
               f"{_REASONS.get(problem, problem)}"
    return ""


def _grid(state: EdenState, step: float, radius: float) -> list[Point]:
    w, h = state.field.width, state.field.height
    nx, ny = int((w - 2 * radius) // step), int((h - 2 * radius) // step)
    x0, y0 = (w - nx * step) / 2, (h - ny * step) / 2
    return [Point(round(x0 + i * step, 6), round(y0 + j * step, 6))
            for j in range(ny + 1) for i in range(nx + 1)]


def _spaced(state: EdenState, base_mm: int, p: Point) -> bool:
    r = base_mm / 20
    return all(math.hypot(n.x - p.x, n.y - p.y) - r - n.profile.base_mm / 20
               >= SPACING_CM - EPS for n in state.npfs())


def placement_samples(state: EdenState, profiles: list[FighterProfile],
                      limit: int | None = None) -> list[PlaceNpf]:
    """Deterministic legal placements: for each card, the first few legal points of a 5 cm
    grid visited in an order that depends on the NPFs already placed (so that the offers
    spread over the field); when the grid has none for any card, a 1 cm grid is searched,
    so an empty list means no room is left (to 1 cm)."""
    out: list[PlaceNpf] = []
    placed = sum(1 for _ in state.npfs())
    for fine in (False, True):
        for profile in profiles:
            radius = profile.base_mm / 20
            grid = _grid(state, ROOM_GRID if fine else SAMPLE_GRID, radius)
            if not grid:
                continue
            stride = next(k for k in (37, 41, 43, 47, 53, 59, 61, 1)
                          if math.gcd(k, len(grid)) == 1)
            start = (placed * 53 + len(profile.name)) % len(grid)
            found = 0
            for i in range(len(grid)):
                at = grid[(start + i * stride) % len(grid)]
                if not _spaced(state, profile.base_mm, at):
                    continue
                if placement_problem(state, profile, at):
                    continue
                out.append(PlaceNpf(key(profile.name), at))
                found += 1
                if limit is not None and len(out) >= limit:
                    return out
                if found >= (1 if fine else PLACEMENTS_PER_CARD):
                    break
        if out:
            return out
    return out


# -- the procedure --------------------------------------------------------------------------
@dataclass(slots=True)
class NpfPlacement(Procedure):
    """Rulebook, optional rules 2, A: NPF placement (preparation step 6 bis).

    ``turn`` counts the turns taken (the first player's when even); ``started`` once the
    level is settled and the points given."""

    name: ClassVar[str] = "eden.npf-placement"
    turn: int = 0
    started: bool = False

    @staticmethod
    def _infestation(state: EdenState) -> Infestation:
        if state.infestation is None:
            state.infestation = Infestation()
        return state.infestation

    def _player(self, state: EdenState) -> int:
        first = state.first_player
        return first if self.turn % 2 == 0 else 1 - first

    @staticmethod
    def affordable(state: EdenState, player: int) -> list[FighterProfile]:
        """The NPF cards ``player`` can buy with the points he has left."""
        infestation = state.infestation
        if infestation is None:
            return []
        return [p for p in available(state) if (p.level or 0) <= infestation.points[player]]

    def _can_place(self, state: EdenState, player: int) -> bool:
        infestation = state.infestation
        return (infestation is not None and not infestation.blocked[player]
                and bool(self.affordable(state, player)))

    def decision(self, game: Game) -> Decision | None:
        state = state_of(game)
        if not self.started:
            return None
        player = self._player(state)
        if not self._can_place(state, player):
            return None
        infestation = self._infestation(state)
        cards = self.affordable(state, player)
        return Decision(player, "place-npf",
                        f"Spend infestation points ({infestation.points[player]} left) to "
                        f"place a non-player fighter, {SPACING_CM:g} cm or more from any other",
                        tuple(f"{key(p.name)} (level {p.level})" for p in cards),
                        {"points": list(infestation.points), "level": infestation.level,
                         "spacing": SPACING_CM,
                         "npfs": {key(p.name): p.level for p in cards}})

    def legal_actions(self, game: Game) -> list[Action]:
        state = state_of(game)
        samples = placement_samples(state, self.affordable(state, self._player(state)))
        return list(samples) or [Pass()]

    def check(self, game: Game, action: Action) -> None:
        state = state_of(game)
        player = self._player(state)
        cards = self.affordable(state, player)
        if isinstance(action, Pass):
            samples = placement_samples(state, cards, 1)
            if samples:
                raise IllegalActionError(
                    f"'{samples[0]}' is still possible: a player who can afford an NPF "
                    "places one", f"{RULE_A}: the players alternate until neither has enough "
                    "infestation points to buy an NPF")
            return
        if not isinstance(action, PlaceNpf):
            raise IllegalActionError(f"'{action}': place a non-player fighter (npf NAME x,y)",
                                     RULE_A)
        profile = self._card(state, action.npf)
        if profile is None:
            names = ", ".join(f"{key(p.name)} (level {p.level})" for p in available(state))
            raise IllegalActionError(f"there is no NPF card {action.npf!r} (cards: {names})",
                                     f"{RULE_A}: an NPF of the match's cards")
        points = self._infestation(state).points[player]
        if (profile.level or 0) > points:
            raise IllegalActionError(
                f"{profile.name} is level {profile.level}: player {'AB'[player]} has "
                f"{points} infestation point{'s' * (points != 1)} left",
                f"{RULE_A}: a level-X NPF costs X infestation points")
        problem = placement_problem(state, profile, (action.at.x, action.at.y))
        if problem:
            raise IllegalActionError(f"{action}: {problem}")

    @staticmethod
    def _card(state: EdenState, token: str) -> FighterProfile | None:
        return next((p for p in available(state) if key(p.name) == token), None)

    def apply(self, game: Game, action: Action) -> None:
        state = state_of(game)
        infestation = self._infestation(state)
        player = self._player(state)
        self.turn += 1
        if isinstance(action, Pass):
            infestation.blocked[player] = True
            game.emit(NoteEvent(message=f"player {'AB'[player]} has no room left for any NPF "
                                f"he can afford: he places no more ({RULE_A})"))
            return
        assert isinstance(action, PlaceNpf)
        profile = self._card(state, action.npf)
        assert profile is not None
        place_npf(game, player, profile, (action.at.x, action.at.y))

    def run(self, game: Game) -> None:
        state = state_of(game)
        infestation = self._infestation(state)
        if not self.started:
            self.started = True
            chosen = options_of(game.setup).infestation
            level = roll_level(game) if chosen == RANDOM or chosen is None else int(chosen)
            infestation.level = level
            infestation.points = [level, level]
            game.emit(InfestationEvent(level=level, rolled=chosen == RANDOM))
            return
        player = self._player(state)
        if self._can_place(state, 1 - player):
            self.turn += 1  # this player cannot buy any NPF: his opponent goes on
            return
        infestation.done = True
        game.pop()
        game.emit(NoteEvent(message=f"NPF placement is over: {sum(1 for _ in state.npfs())} "
                            f"non-player fighter(s) on the field; infestation points left "
                            f"A {infestation.points[0]}, B {infestation.points[1]}"))


def place_npf(game: Game, player: int, profile: FighterProfile, at: tuple[float, float]) -> Fighter:
    """``player`` spends the NPF's level and places it at ``at`` (checked by the caller): it
    joins the match with its abilities in play, and the placement is recorded."""
    state = state_of(game)
    infestation = state.infestation
    assert infestation is not None
    level = profile.level or 0
    fighter = Fighter(NPF_SIDE, profile, x=at[0], y=at[1], on_field=True,
                      ref=new_ref(state, profile))
    gap = nearest_npf_gap(state, state.base(fighter))
    state.add_fighter(fighter)
    state.effects.extend(npf_effects(state, fighter))
    infestation.points[player] -= level
    infestation.placed.append(NpfPlaced(player, fighter.ref, level, fighter.x, fighter.y,
                                        None if gap is None else round(gap, 6)))
    game.emit(NpfPlacedEvent(player=player, fighter=fighter.ref, level=level,
                             at=(fighter.x, fighter.y), points_left=infestation.points[player],
                             gap=None if gap is None else round(gap, 6)))
    return fighter


def npf_effects(state: EdenState, fighter: Fighter) -> list[ActiveEffect]:
    """C: "Certains CNJ ont des capacités spéciales": the effects of the NPF's abilities,
    owned by it, as for every fighter (Rulebook 7; a permanent ability with a cost is never
    paid: an NPF has no activation of its own and no player's SP)."""
    out: list[ActiveEffect] = []
    for ability in state.catalogue.abilities_of(fighter.profile):
        if costly_permanent(ability):
            continue
        out.extend(ActiveEffect.of(spec, source=ability.name, owner=fighter.ref,
                                   ability=ability.name) for spec in ability.effects)
    return out
