"""Optional rules 1, A, Destruction (X): a *ranged* Attack action on scenery (house rule
``eden-scenery-ranged``, issue 47).

FR "Un décor possédant cette règle spéciale peut être la cible d'une action d'Attaque";
EN "may be the targeted by an attack action"; and Rulebook 6: "Un combattant peut effectuer
une attaque de corps à corps ou à distance lors de l'action d'Attaque". Read to the letter
(``allowed``, the default), a ranged attack may target such an element too; ``contact``
keeps the engine's reading before issue 47 (only a fighter touching the element attacks it,
:mod:`skirmish.games.eden.optional.destruction`).

The ranged attack (docs/rulings.md, Destruction (X), the Attack action): ``attack A.Yuri
Wall-1 Pistol`` names the equipment. Its conditions are those of 6.B that make sense without
a fighter as the target: the fighter is free, carries a shooting, throwing or blasting
equipment whose X/match and X/round allow a use, the element is within the equipment's
range (edge to edge; a blast's reach is its template's length; Elevation's +5 cm counts; an
effect limiting how far a target may be, Dense fog, limits it) and in sight. The nearest
enemy rule of shooting chooses among enemy fighters, so an element is no such choice. Then,
as in contact: 1 AP, one of the round's 2 attacks, automatically successful, no dice, one
chip; the equipment's use is counted, its effects (Burn, Explosive...) are not applied.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skirmish.core.actions import Ref
from skirmish.core.events import NoteEvent
from skirmish.games.eden.actions import Attack, key
from skirmish.games.eden.cards.equipment import Category, Equipment, EquipmentPart
from skirmish.games.eden.effects import reach_refusal
from skirmish.games.eden.fighting.melee import ATTACK
from skirmish.games.eden.fighting.ranged import EPS, carried
from skirmish.games.eden.house_rules import SCENERY_RANGED, reading_of
from skirmish.games.eden.optional.destruction import (
    DESTRUCTION,
    add_attacks,
    element_of,
    scenery_attack_refusal,
)
from skirmish.games.eden.optional.elevation import range_bonus
from skirmish.games.eden.rolling import state_of
from skirmish.geometry.distance import distance
from skirmish.geometry.templates import DEFAULT_BLAST

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.state import EdenState

#: The categories of a ranged attack's equipment, in the order an item's part is looked for.
RANGED = (Category.SHOOTING, Category.PROJECTILE, Category.BLAST)
CONTACT_ONLY = (f"{DESTRUCTION}: only a fighter in contact attacks scenery (house rule "
                f"{SCENERY_RANGED}=contact)")


def ranged_allowed(state: EdenState) -> bool:
    """Whether the match plays ``eden-scenery-ranged=allowed`` (the default)."""
    return reading_of(state.catalogue.house_rules, SCENERY_RANGED) == "allowed"


def ranged_part(item: Equipment) -> EquipmentPart | None:
    """The item's shooting, throwing or blasting part (in that order), if any."""
    return next((p for c in RANGED if (p := item.part(c)) is not None), None)


def reach_of(part: EquipmentPart) -> float | None:
    """How far (cm, edge to edge) the part reaches an element: Range(X), a blast template's
    length; ``None``: no limit (a shooting or throwing item without Range)."""
    if part.category is Category.BLAST:
        return DEFAULT_BLAST.length
    return part.range


def ranged_scenery_refusal(game: Game, fighter: Fighter, ident: str, weapon: str
                           ) -> str | None:
    """Why the activated ``fighter`` may not make a ranged Attack action with ``weapon``
    against the element ``ident`` now, or None (Fear is the caller's, as for every attack)."""
    state = state_of(game)
    if state.territory and not ranged_allowed(state):
        return CONTACT_ONLY
    item = carried(game, fighter, weapon)
    part = ranged_part(item) if item is not None else None
    if item is None or part is None:
        return (f"Rulebook 6.B: {fighter.ref} carries no shooting, throwing or blasting "
                f"equipment called {weapon}")
    if part.per_match is not None and fighter.match_uses.get(item.name, 0) >= part.per_match:
        return f"Rulebook 8.C: {item.name} is {part.per_match}/match"
    if part.per_round is not None and fighter.round_uses.get(item.name, 0) >= part.per_round:
        return f"Rulebook 8.C: {item.name} is {part.per_round}/round"
    # the element, AP, attacks, a card forbidding it (as in contact), contact aside
    refusal = scenery_attack_refusal(game, fighter, ident, contact=False)
    if refusal:
        return refusal
    if not state.is_free(fighter):
        return "Rulebook 6.B: the fighter must be free"
    element = element_of(state, ident)
    assert element is not None
    gap = distance(state.base(fighter), element)
    reach = reach_of(part)
    extra = range_bonus(state, fighter)
    if reach is not None and gap > reach + extra + EPS:
        return (f"Rulebook 6.B: {ident} must be within the reach of {item.name} "
                f"({reach + extra:g} cm, {gap:.2f} cm away)")
    fog = reach_refusal(state, fighter, gap, ident) if state.effects else None
    if fog:
        return fog
    if not state.sight(fighter, element).visible:
        return f"Rulebook 6.B: the initiator must have a line of sight on {ident}"
    return None


def ranged_scenery_options(game: Game, fighter: Fighter) -> list[Attack]:
    """The ranged Attack actions against scenery the fighter may make now: per element (in
    the table's order), each ranged item of his card that may."""
    state = state_of(game)
    if not state.territory or not ranged_allowed(state) or not state.is_free(fighter):
        return []
    items = [item for item in state.catalogue.equipment_of(fighter.profile)
             if ranged_part(item) is not None]
    if not items:
        return []
    out: list[Attack] = []
    for element in state.scenery:
        for item in items:
            if ranged_scenery_refusal(game, fighter, element.id, key(item.name)) is None:
                out.append(Attack(Ref(fighter.ref), element.id, key(item.name)))
    return out


def attack_scenery_ranged(game: Game, fighter: Fighter, ident: str, weapon: str) -> None:
    """The checked ranged Attack action: 1 AP, one of the round's attacks, the item's use,
    one chip on the element, no dice."""
    item = carried(game, fighter, weapon)
    assert item is not None
    fighter.ap -= 1
    fighter.record_use(ATTACK)
    fighter.record_use(item.name)
    game.emit(NoteEvent(message=f"{fighter.ref} attacks {ident} with {item.name}: "
                                "automatically successful, no dice are rolled"))
    add_attacks(game, ident, 1, fighter.ref)
