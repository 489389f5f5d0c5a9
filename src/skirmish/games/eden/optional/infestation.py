"""Rulebook, optional rules 2: Infestation (FR "Infestation": Combattants Non-Joueurs, CNJ;
EN Non-Player Fighters, NPFs) - the match's record of it and the helpers the rules share.

"Un CNJ est un combattant qui a ses propres motivations et ne peut être recruté par les
joueurs dans leurs bandes." NPFs are :class:`~skirmish.games.eden.fighter.Fighter` objects of a
third side (:data:`~skirmish.games.eden.fighter.NPF_SIDE`, refs "N.<Name>", numbered when a card
is placed again: "N.Ghoul-2"), enemies of both troops and never of each other. Their
profile cards come from the set-up's ``npfs`` (the card library's NPFs when a set-up that
plays Infestation names none: :func:`skirmish.games.eden.demo.with_npfs`), so a record
re-plays with them.

- A, placement (preparation step 6 bis): :mod:`skirmish.games.eden.optional.npf_placement`;
- B, activation (intendancy step 2): :mod:`skirmish.games.eden.optional.npf_activation`;
- C, attacking an NPF: the automatic Response (:mod:`skirmish.games.eden.fighting.melee`) and the
  victory points for eliminating one
  (:func:`skirmish.games.eden.fighting.wounds.score_elimination`).

Every point the texts leave open is ruled in docs/rulings.md (Optional rules 2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from skirmish.games.eden.fighter import NPF_SIDE

if TYPE_CHECKING:
    from skirmish.games.eden.cards.profile import FighterProfile
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.state import EdenState

#: A, placement: "Un CNJ ne peut pas être placé sur le terrain à moins de 15 cm d'un autre
#: CNJ" (edge to edge, as every distance between bases: docs/rulings.md).
SPACING_CM = 15.0
#: B, Charge: compulsory when a fighter is "à moins de 10 cm" (edge to edge) in sight.
CHARGE_REACH_CM = 10.0
#: B, Prowl: "le CNJ se déplace de 5 cm" (up to 5 cm, like every move: docs/rulings.md).
PROWL_CM = 5.0
#: Numerical slack on distances (cm).
EPS = 1e-9
RULE_A = "Rulebook, optional rules 2, A: NPF placement"
RULE_B = "Rulebook, optional rules 2, B: NPF activation"
RULE_C = "Rulebook, optional rules 2, C: attacking an NPF"


@dataclass(frozen=True, slots=True)
class NpfPlaced:
    """One placement of step 6 bis, as it was made: who, which NPF, its level, where, and
    the gap (cm, edge to edge) to the nearest NPF already on the field then (``None`` for
    the first one). The invariants check the spacing on these records."""

    player: int
    ref: str
    level: int
    x: float
    y: float
    gap: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "ref": self.ref, "level": self.level, "x": self.x,
                "y": self.y, "gap": self.gap}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> NpfPlaced:
        gap = data.get("gap")
        return cls(int(data["player"]), str(data["ref"]), int(data["level"]),
                   float(data["x"]), float(data["y"]), None if gap is None else float(gap))


@dataclass(slots=True)
class Infestation:
    """The match's Infestation: its level (``None`` until step 6 bis settles it), each
    player's infestation points left, the placements made, the players who stopped for want
    of room (``blocked``), whether placement is over (``done``), and ``player``: who decides
    for the NPFs now (the activating player in intendancy step 2; the attacker's opponent
    when a fighter attacks one). Public: both players see the table."""

    level: int | None = None
    points: list[int] = field(default_factory=lambda: [0, 0])
    placed: list[NpfPlaced] = field(default_factory=list)
    blocked: list[bool] = field(default_factory=lambda: [False, False])
    done: bool = False
    player: int = 0

    def clone(self) -> Infestation:
        return Infestation(self.level, list(self.points), list(self.placed),
                           list(self.blocked), self.done, self.player)

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "points": list(self.points),
                "placed": [p.to_json() for p in self.placed], "blocked": list(self.blocked),
                "done": self.done, "player": self.player}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Infestation:
        level = data.get("level")
        return cls(None if level is None else int(level),
                   [int(p) for p in data.get("points", [0, 0])],
                   [NpfPlaced.from_json(p) for p in data.get("placed", [])],
                   [bool(b) for b in data.get("blocked", [False, False])],
                   bool(data.get("done", False)), int(data.get("player", 0)))


def controller(state: EdenState, fighter: Fighter) -> int:
    """The player who decides for ``fighter`` now: its owner, or for an NPF the player
    deciding for the NPFs (:attr:`Infestation.player`)."""
    if fighter.side != NPF_SIDE:
        return fighter.side
    return state.infestation.player if state.infestation is not None else 0


def decide_for_npfs(state: EdenState, player: int) -> None:
    """From now on ``player`` makes the NPFs' choices (C: "C'est l'adversaire du combattant
    qui effectue les jets pour le CNJ"; B: the activating player)."""
    if state.infestation is not None:
        state.infestation.player = player


def npf_level(fighter: Fighter) -> int:
    """An NPF's level (its card shows a level instead of a value); 0 for anything else."""
    return (fighter.profile.level or 0) if fighter.side == NPF_SIDE else 0


# -- the set-up ---------------------------------------------------------------------------------
def npf_profiles(setup: Mapping[str, Any]) -> dict[str, FighterProfile]:
    """The set-up's NPF cards by name (A: a card shows a level, 1 to 10, not a value).
    Raises ``ValueError`` naming the card at fault."""
    from skirmish.games.eden.cards.profile import FighterProfile

    raw = setup.get("npfs", [])
    if not isinstance(raw, list):
        raise ValueError("setup.npfs: expected a list of NPF profile cards")
    out: dict[str, FighterProfile] = {}
    for i, entry in enumerate(raw):
        where = f"setup.npfs[{i}]"
        if not isinstance(entry, Mapping):
            raise ValueError(f"{where}: expected a profile card (a JSON object)")
        try:
            profile = FighterProfile.from_dict(entry)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"{where}: {exc}") from None
        if profile.level is None:
            raise ValueError(f"{where} {profile.name}: an NPF card shows a level (Infestation)")
        if profile.name in out:
            raise ValueError(f"{where}: two NPF cards named {profile.name!r}")
        out[profile.name] = profile
    return out


def available(state: EdenState) -> list[FighterProfile]:
    """The NPF cards of the match, cheapest first (then by name)."""
    cards = [p for (side, _), p in state.catalogue.profiles.items() if side == NPF_SIDE]
    return sorted(cards, key=lambda p: (p.level or 0, p.name))


def new_ref(state: EdenState, profile: FighterProfile) -> str:
    """"N.Ghoul" for the first Ghoul placed, then "N.Ghoul-2", "N.Ghoul-3"."""
    base = f"N.{profile.key}"
    if base not in state.index:
        return base
    n = 2
    while f"{base}-{n}" in state.index:
        n += 1
    return f"{base}-{n}"


# -- C: eliminating an NPF -------------------------------------------------------------------
