"""Effects on characteristics and protections: the most common card texts."""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.effects import ActiveEffect, EffectKind, ParamTypes, register
from skirmish.games.eden.modifiers import Modifier

if TYPE_CHECKING:
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.state import EdenState

WHO = ("self", "allies", "troop", "enemies", "all", "target")


def concerns(state: EdenState, effect: ActiveEffect, fighter: Fighter) -> bool:
    """Does the effect reach ``fighter``? ``who`` picks the fighters (relative to the owner:
    a fighter, or a player), ``within`` (cm, edge to edge) keeps those near the owner
    fighter, ``wounded`` keeps fighters with a wounded limb."""
    who, owner_ref, within, wounded, target = _reach_of(effect)
    if effect.neutral:  # an optional rule of the match: it concerns "all" or nobody
        side = -1
    else:
        side = effect.player if owner_ref is None else state.fighter(owner_ref).side
    if who == "self":
        ok = fighter.ref == owner_ref
    elif who == "target":
        ok = fighter.ref == target
    elif who == "allies":
        ok = fighter.side == side and fighter.ref != owner_ref
    elif who == "troop":
        ok = fighter.side == side
    elif who == "enemies":
        ok = fighter.side != side
    else:
        ok = True
    if not ok:
        return False
    if within is not None and owner_ref is not None:
        owner = state.fighter(owner_ref)
        if not owner.on_field or not fighter.on_field:
            return False
        gap = (
            math.hypot(owner.x - fighter.x, owner.y - fighter.y)
            - (owner.profile.base_mm + fighter.profile.base_mm) / 20
        )
        if gap > float(within):  # type: ignore[arg-type]
            return False
    return not (wounded and not any(fighter.is_wounded(limb) for limb in Limb))


#: (who, owner fighter, within, wounded, target) of an effect, read once per effect (effects
#: never change; kept with the effect, as :data:`_MODIFIER_OF`).
_REACH_OF: dict[int, tuple[ActiveEffect, tuple[str, str | None, object, object, object]]] = {}


def _reach_of(effect: ActiveEffect) -> tuple[str, str | None, object, object, object]:
    """The parameters :func:`concerns` reads, read once per effect."""
    known = _REACH_OF.get(id(effect))
    if known is not None and known[0] is effect:
        return known[1]
    reach = (str(effect.param("who", "self")), effect.fighter_ref, effect.param("within"),
             effect.param("wounded"), effect.param("target"))
    if len(_REACH_OF) >= 4096:
        _REACH_OF.clear()
    _REACH_OF[id(effect)] = (effect, reach)
    return reach


@register
class Modify(EffectKind):
    """A bonus, penalty or factor on a characteristic (``characteristic: CBT|...|all``).

    Example: Adrenalin - ``{effect: modify, characteristic: CBT, delta: 1, who: target}``."""

    name: ClassVar[str] = "modify"
    params: ClassVar[ParamTypes] = {
        "characteristic": (str, True),
        "delta": (int, False),
        "factor": ((int, float, str), False),
        "who": (str, False),
        "within": ((int, float), False),
        "wounded": (bool, False),
        "target": (str, False),
    }

    def validate(self, params: dict[str, object], where: str) -> None:  # type: ignore[override]
        super().validate(params, where)
        c = str(params["characteristic"])
        if c != "all":
            try:
                Characteristic.parse(c)
            except ValueError as exc:
                raise ValueError(f"{where}: effect 'modify': {exc}") from None
        if params.get("who", "self") not in WHO:
            raise ValueError(f"{where}: effect 'modify' who must be one of {', '.join(WHO)}")

    def only_for(self, effect: ActiveEffect) -> str | None:
        """``who: self`` reaches its owner fighter alone, ``who: target`` its target alone
        (:func:`concerns`)."""
        who, owner_ref, _, _, target = _reach_of(effect)
        if who == "self":
            return owner_ref or ""
        if who == "target":
            return target if isinstance(target, str) else ""
        return None

    def modified(self, effect: ActiveEffect) -> Characteristic | None:
        """The ``characteristic`` of :meth:`modifiers`' one modifier (``None`` for ``all``)."""
        c = str(effect.param("characteristic"))
        try:
            return None if c == "all" else Characteristic.parse(c)
        except ValueError:  # an effect no card gives (validate refuses it): ask it anyway
            return None

    def modifier_inputs(self, state: EdenState, effect: ActiveEffect,
                        fighter: Fighter) -> tuple[object, ...] | None:
        """:func:`concerns` reads the fighter's ref, side and CP, the owner's side (none of
        which changes during a match but the CP) and, for ``within``, where both stand."""
        _, owner_ref, within, _, _ = _reach_of(effect)
        if within is None or owner_ref is None:
            return ()
        owner = state.fighter(owner_ref)
        return (owner.x, owner.y, owner.on_field, fighter.x, fighter.y, fighter.on_field)

    def modifiers(
        self, state: EdenState, effect: ActiveEffect, fighter: Fighter
    ) -> Iterable[Modifier]:
        if not concerns(state, effect, fighter):
            return ()
        known = _MODIFIER_OF.get(id(effect))
        if known is not None and known[0] is effect:
            return known[1]
        c = str(effect.param("characteristic"))
        characteristic = None if c == "all" else Characteristic.parse(c)
        factor = Fraction(str(effect.param("factor", 1)))
        made = (Modifier(effect.source, characteristic, int(effect.param("delta", 0)), factor),)
        if len(_MODIFIER_OF) >= _MODIFIERS_KEPT:
            _MODIFIER_OF.clear()
        _MODIFIER_OF[id(effect)] = (effect, made)
        return made


#: The modifier each ``modify`` effect gives, made once per effect (effects and modifiers
#: never change), by ``id``: the effect is kept with it, so its ``id`` is not reused while
#: the entry lives.
_MODIFIER_OF: dict[int, tuple[ActiveEffect, tuple[Modifier, ...]]] = {}
_MODIFIERS_KEPT = 4096


@register
class Protect(EffectKind):
    """Protection on some limbs (``limbs: [head]`` or ``complete``), optionally against
    ranged attacks only (the Energy Beacon's Gyromagnetic Field)."""

    name: ClassVar[str] = "protect"
    params: ClassVar[ParamTypes] = {
        "limbs": ((list, str), True),
        "amount": (int, True),
        "ranged_only": (bool, False),
        "who": (str, False),
        "within": ((int, float), False),
        "target": (str, False),
    }

    def protection(
        self, state: EdenState, effect: ActiveEffect, fighter: Fighter, limb: Limb, ranged: bool
    ) -> int:
        if effect.param("ranged_only") and not ranged:
            return 0
        limbs = effect.param("limbs")
        if limbs != "complete" and limb.value not in limbs:
            return 0
        return int(effect.param("amount")) if concerns(state, effect, fighter) else 0


@register
class ShiftLocation(EffectKind):
    """Location rolls against this fighter may be shifted by ``by`` (Elenia, Rulebook 2.A)."""

    name: ClassVar[str] = "shift-location"
    params: ClassVar[ParamTypes] = {"by": (int, True)}

    def location_shift(self, state: EdenState, effect: ActiveEffect, target: Fighter) -> int:
        return int(effect.param("by")) if target.ref == effect.fighter_ref else 0


@register
class MoveDistance(EffectKind):
    """A fighter's Move and Charge cover ``cm`` instead of 10 (a card beats the rules, 2.H);
    ``only: move`` (or ``charge``) changes that action alone.

    Example: the climatic condition Storm - ``{effect: move-distance, cm: 8, who: all,
    only: move}``."""

    name: ClassVar[str] = "move-distance"
    params: ClassVar[ParamTypes] = {"cm": ((int, float), True), "who": (str, False),
                                    "target": (str, False), "only": (str, False)}

    def validate(self, params: dict[str, object], where: str) -> None:  # type: ignore[override]
        super().validate(params, where)
        if params.get("only", "move") not in ("move", "charge"):
            raise ValueError(f"{where}: effect 'move-distance' parameter 'only' must be one "
                             f"of move, charge, got {params['only']!r}")

    def move_allowance(self, state: EdenState, effect: ActiveEffect, fighter: Fighter,
                       allowance: float, *, charge: bool = False) -> float:
        only = effect.param("only")
        if only is not None and only != ("charge" if charge else "move"):
            return allowance
        return float(effect.param("cm")) if concerns(state, effect, fighter) else allowance
