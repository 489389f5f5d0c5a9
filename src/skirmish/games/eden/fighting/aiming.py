"""Rulebook 6.A step 5 and 6.B step 4: spending successes to shift a location roll.

Melee and shooting share the mechanism; they differ in the allowance (melee keeps one
success, shooting may spend all) and in what the remaining successes do.
"""

from __future__ import annotations

from skirmish.core.actions import Action
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.games.eden.actions import Aim, Shift
from skirmish.games.eden.cards.profile import Limb
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.rolls import reachable_faces


def limb_shift(fighter: Fighter, face: int, limb: Limb, allowance: int) -> int | None:
    """The smallest signed shift of ``face`` (at most ``allowance`` either way, staying in
    1-6) that lands on ``limb``; ``None`` when it cannot be reached."""
    best: int | None = None
    for target_face in fighter.profile.limb(limb).faces:
        shift = target_face - face
        if abs(shift) <= allowance and (best is None or abs(shift) < abs(best)):
            best = shift
    return best


def aim_options(target: Fighter, face: int, allowance: int) -> list[Limb]:
    """The limbs a location roll of ``face`` can be shifted onto."""
    return [limb for limb in Limb if limb_shift(target, face, limb, allowance) is not None]


def aim_decision(side: int, attack: str, initiator: str, target: Fighter, face: int,
                 successes: int, options: list[Limb], note: str = "") -> Decision:
    """The initiator's choice of limb, with the facts it depends on as context."""
    return Decision(
        side,
        "aim",
        f"{initiator} rolled location {face} ({target.profile.location(face)}) with "
        f"{successes} successes: aim at which limb?{note}",
        tuple(f"aim {limb.value}" for limb in options),
        {"attack": attack, "attacker": initiator, "target": target.ref,
         "successes": successes, "face": face},
    )


def check_aim(action: Action, options: list[Limb], successes: int, face: int,
              rule: str, fallback_rule: str) -> None:
    """Refuse anything but ``aim LIMB`` onto a reachable limb, naming the rule."""
    if not isinstance(action, Aim):
        raise IllegalActionError(f"'{action}': choose a limb to aim at (aim LIMB)", fallback_rule)
    if action.limb not in options:
        raise IllegalActionError(
            f"{successes} successes cannot shift location {face} onto the {action.limb.value}",
            rule,
        )


def shift_options(face: int, allowance: int) -> list[Action]:
    """Rulebook 2.A (Elenia): the target's card moves a location roll by up to
    ``allowance``, up or down, within 1-6 (0 keeps it)."""
    return [Shift(new - face) for new in reachable_faces(face, allowance)]


def shift_decision(target: Fighter, face: int, allowance: int, attacker: str, *,
                   player: int | None = None) -> Decision:
    """The target's player's choice (``player``: who decides for it, for a non-player
    fighter)."""
    return Decision(
        target.side if player is None else player,
        "location-shift",
        f"Location {face} ({target.profile.location(face)}): shift it by up to {allowance}?",
        tuple(str(a) for a in shift_options(face, allowance)),
        {"attacker": attacker, "target": target.ref, "face": face, "allowance": allowance},
    )


def check_shift(action: Action, face: int, allowance: int) -> None:
    if action not in shift_options(face, allowance):
        raise IllegalActionError(
            f"'{action}': shift the location roll within the card's allowance",
            "Rulebook 2.A, Location roll: raised or lowered, kept within 1-6",
        )
