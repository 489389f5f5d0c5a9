"""The one mechanism for card effects: abilities, equipment, missions, tactical cards,
scenery.

An effect in play is plain data, :class:`ActiveEffect` (which effect, from which
card, owned by which fighter or player, with which parameters, until when). What
it *does* lives in one registry of :class:`EffectKind` objects, each answering
the hooks the rules ask about:

=====================  ==================================================  ==============
hook                   asked by                                            rulebook
=====================  ==================================================  ==============
``modifiers``          every effective characteristic                      1.6, 9
``protection``         every wound                                         8.A Pr
``location_shift``     every location roll against a fighter               2.A (Elenia)
``move_allowance``     every Move and Charge distance                       5
``target_reach``       how far an action's target may be                   5, 6.B, 7
``card_cost``          the SP a tactical card costs                        4.B Tactical
``alternate_deployment`` whether fighters are deployed one at a time       4.A step 7
``scenery_attack_refusal`` whether a fighter may attack a scenery element  Optional 1, A
``on_event``           events named in ``triggers`` (wound, activation…)   7 Permanent
``actions``/``perform`` the activated fighter's action abilities           7 Action
``on_play``            a mission or tactical card when played              4.A step 5, 4.B
``intendancy``         intendancy step 1                                   4.B step 1
``score``              intendancy step 10 (VP of the round)                4.B step 10
``end_of_round``       intendancy step 11, before round effects end        4.B step 11
``final_score``        the end of the match                                4.A, missions
=====================  ==================================================  ==============

An effect's ``owner`` is a fighter (``A.Yuri``), a player (``A``), or nobody (``""``): an
optional rule in play for the whole match, such as a climatic condition
(:mod:`skirmish.games.eden.optional`). Such effects come first in ``state.effects``, so that a
card's effect, asked after them, wins over them as it wins over the rules (2.H).

Rulebook 2.H: when a card contradicts the rules, the card wins - so effects are asked
*before* the rules apply their defaults, and may replace them.

Rulebook 7: the effects of a permanent ability with a cost are in play only while it is
paid. They are not put in play with the others; paying (at the start of the owner's
activation, docs/rulings.md) brings them in ``until`` the end of the round
(:func:`skirmish.games.eden.abilities.pay_for`), so every hook above sees them only then.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, cast

from skirmish.core.events import Event
from skirmish.games.eden.cards.cards import EffectSpec, Params, freeze, thaw
from skirmish.games.eden.modifiers import Modifier

if TYPE_CHECKING:
    from skirmish.core.actions import Action
    from skirmish.core.game import Game
    from skirmish.games.eden.cards.profile import Characteristic, Limb
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.state import EdenState
    from skirmish.geometry import Element

Until = Literal["round", "match"]
#: An effect's parameters: name -> (expected type or types, required?)
ParamTypes = Mapping[str, tuple[type | tuple[type, ...], bool]]


@dataclass(frozen=True, slots=True)
class ActiveEffect:
    """An effect in play. ``owner`` is a fighter ref (``A.Yuri``) or a player (``A``)."""

    effect: str
    source: str
    owner: str
    params: Params = ()
    until: Until = "match"
    ability: str = ""

    def param(self, name: str, default: Any = None) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        return default

    @property
    def neutral(self) -> bool:
        """An optional rule of the match, owned by nobody (a climatic condition)."""
        return not self.owner

    @property
    def player(self) -> int:
        """The owner's player, 0 or 1 - or 2 for a non-player fighter's (Infestation), whose
        effects score and gain nothing for anybody."""
        if not self.owner:
            raise ValueError(f"{self.source}: an optional rule belongs to no player")
        return {"A": 0, "B": 1}.get(self.owner[0], 2)

    @property
    def npf_owned(self) -> bool:
        """An effect of a non-player fighter's ability (Infestation: "N.Ghoul")."""
        return self.owner.startswith("N.")

    @property
    def fighter_ref(self) -> str | None:
        return self.owner if "." in self.owner else None

    def to_json(self) -> dict[str, Any]:
        return {"effect": self.effect, "source": self.source, "owner": self.owner,
                "params": thaw(self.params), "until": self.until, "ability": self.ability}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ActiveEffect:
        return cls(data["effect"], data["source"], data["owner"], freeze(data["params"]),
                   data["until"], data.get("ability", ""))

    @classmethod
    def of(cls, spec: EffectSpec, *, source: str, owner: str, until: Until = "match",
           ability: str = "") -> ActiveEffect:
        return cls(spec.effect, source, owner, spec.params, until, ability)


class EffectKind:
    """What one named effect does. Every hook is optional; the defaults do nothing."""

    name: ClassVar[str] = ""
    #: parameter name -> (expected type(s), required)
    params: ClassVar[ParamTypes] = {}
    #: event kinds that call :meth:`on_event`
    triggers: ClassVar[frozenset[str]] = frozenset()
    description: ClassVar[str] = ""

    def validate(self, params: Mapping[str, Any], where: str) -> None:
        """Check a card's parameters; the message names the card and the parameter."""
        for key, (kind, required) in self.params.items():
            if key not in params:
                if required:
                    raise ValueError(f"{where}: effect '{self.name}' needs parameter '{key}'")
                continue
            if not isinstance(params[key], kind) or (isinstance(params[key], bool) and (
                    kind is int)):
                expected = kind.__name__ if isinstance(kind, type) else " or ".join(
                    k.__name__ for k in kind)
                raise ValueError(
                    f"{where}: effect '{self.name}' parameter '{key}' must be {expected}, "
                    f"got {params[key]!r}"
                )
        unknown = sorted(set(params) - set(self.params))
        if unknown:
            raise ValueError(
                f"{where}: effect '{self.name}' has no parameter {', '.join(unknown)} "
                f"(expected {', '.join(self.params) or 'none'})"
            )

    # -- hooks -----------------------------------------------------------------------------
    def modifiers(self, state: EdenState, effect: ActiveEffect,
                  fighter: Fighter) -> Iterable[Modifier]:
        return ()

    def modifier_inputs(self, state: EdenState, effect: ActiveEffect,
                        fighter: Fighter) -> tuple[Any, ...] | None:
        """What :meth:`modifiers` reads of the table beyond the effect itself and the
        fighter's CP and markers (e.g. where the owner and the fighter stand), as a value to
        compare; ``None`` when it may read more (the default): a view then works the
        modifiers out afresh each time rather than showing what it showed before."""
        return None

    def only_for(self, effect: ActiveEffect) -> str | None:
        """The one fighter (ref) whose characteristics the effect's :meth:`modifiers` may
        change, ``""`` for none, or ``None`` when it may reach several: a fighter it cannot
        reach is not asked (:func:`effect_modifiers`; the answer never changes)."""
        return None

    def modified(self, effect: ActiveEffect) -> Characteristic | None:
        """The one characteristic every modifier of the effect's :meth:`modifiers` changes, or
        ``None`` when they may change another, or all four: a characteristic it cannot change
        is worked out without asking it (:func:`effect_modifiers`; the answer never changes)."""
        return None

    def protection(self, state: EdenState, effect: ActiveEffect, fighter: Fighter, limb: Limb,
                   ranged: bool) -> int:
        return 0

    def location_shift(self, state: EdenState, effect: ActiveEffect, target: Fighter) -> int:
        return 0

    def move_allowance(self, state: EdenState, effect: ActiveEffect, fighter: Fighter,
                       allowance: float, *, charge: bool = False) -> float:
        """A card that changes how far a fighter moves in a Move (or a Charge, ``charge``)
        (Rulebook 2.H: the card wins)."""
        return allowance

    def target_reach(self, state: EdenState, effect: ActiveEffect, fighter: Fighter,
                     reach: float) -> float:
        """How far (cm, edge to edge) an action of ``fighter`` may reach its target (a
        fighter, or a thrown point): ``reach`` unless the effect limits it."""
        return reach

    def card_cost(self, state: EdenState, effect: ActiveEffect, player: int,
                  cost: int) -> int:
        """The SP ``player`` pays to play a tactical card (Rulebook 4.B: 2)."""
        return cost

    def alternate_deployment(self, state: EdenState, effect: ActiveEffect) -> bool:
        """Whether the players deploy one fighter at a time, alternately (4.A step 7)."""
        return False

    def scenery_attack_refusal(self, state: EdenState, effect: ActiveEffect, fighter: Fighter,
                               element: Element) -> str | None:
        """Why ``fighter`` may not make an Attack action against a scenery element
        (Territory Management, Destruction (X)), or None."""
        return None

    def on_event(self, game: Game, effect: ActiveEffect, event: Event) -> None:
        return None

    def actions(self, game: Game, effect: ActiveEffect, fighter: Fighter) -> Iterable[Action]:
        return ()

    def refusal(self, game: Game, effect: ActiveEffect, fighter: Fighter,
                action: Action) -> str | None:
        return None

    def perform(self, game: Game, effect: ActiveEffect, fighter: Fighter,
                action: Action) -> None:
        return None

    def on_play(self, game: Game, effect: ActiveEffect) -> None:
        return None

    def intendancy(self, game: Game, effect: ActiveEffect) -> None:
        return None

    def score(self, game: Game, effect: ActiveEffect) -> int:
        return 0

    def end_of_round(self, game: Game, effect: ActiveEffect) -> None:
        return None

    def final_score(self, game: Game, effect: ActiveEffect) -> int:
        return 0


EFFECTS: dict[str, EffectKind] = {}


def register(cls: type[EffectKind]) -> type[EffectKind]:
    """Class decorator: add an effect kind to the registry (a name is used once)."""
    if not cls.name:
        raise TypeError(f"{cls.__name__} needs a name")
    other = EFFECTS.get(cls.name)
    if other is not None and type(other).__qualname__ != cls.__qualname__:
        raise TypeError(f"effect {cls.name!r} is already {type(other).__name__}")
    EFFECTS[cls.name] = cls()
    return cls


def kind_of(effect: ActiveEffect | EffectSpec) -> EffectKind:
    try:
        return EFFECTS[effect.effect]
    except KeyError:
        raise KeyError(
            f"unknown effect {effect.effect!r} (known: {', '.join(sorted(EFFECTS))})"
        ) from None


def validate_spec(spec: EffectSpec, where: str) -> None:
    kind_of(spec).validate(thaw(spec.params), where)


# -- what the rules ask ------------------------------------------------------------------------
def _state(game: Game) -> EdenState:
    """The game's Eden state (as :func:`skirmish.games.eden.rolling.state_of`: every procedure
    of the Eden ruleset runs on one, so nothing is checked or imported here)."""
    return cast("EdenState", game.state)


def effect_modifiers(state: EdenState, fighter: Fighter,
                     characteristic: Characteristic | None = None) -> list[Modifier]:
    """Every card effect's modifier on ``fighter`` (conditions are added by the state), in
    the order of ``state.effects``: only the effects that may reach it are asked
    (:func:`modifying_index`) and, given a ``characteristic``, only those that may change it
    (the others' modifiers would not apply to it: :meth:`EffectKind.modified`)."""
    out: list[Modifier] = []
    for kind, effect in modifying_index(state).of(fighter.ref, characteristic):
        out.extend(kind.modifiers(state, effect, fighter))
    return out


class ModifyingIndex:
    """The effects of one list of effects in play that may modify characteristics, by the
    fighter they may reach (:func:`modifies_only`) and the characteristic they may change
    (:meth:`EffectKind.modified`), in the list's order, and those each event kind triggers:
    found once per list instead of asking every effect every time. It stands for the list it
    was made from (a copy of it is kept) and for any list holding the same effects, or equal
    ones (:meth:`holds`): its answers depend on the effects alone, never on the table."""

    __slots__ = ("_by_ref", "_grouped", "_of", "_reaching", "_triggered")

    def __init__(self, effects: Iterable[ActiveEffect]) -> None:
        self._of = list(effects)
        self._reaching = [(EFFECTS[e.effect], e, only) for e in self._of
                          if (only := modifies_only(e)) != ""]
        self._by_ref: dict[tuple[str, Characteristic | None],
                           tuple[tuple[EffectKind, ActiveEffect], ...]] = {}
        self._triggered: dict[str, list[ActiveEffect]] = {}
        self._grouped: tuple[list[ActiveEffect], dict[str, list[ActiveEffect]]] | None = None

    def holds(self, effects: list[ActiveEffect]) -> bool:
        """Whether ``effects`` are the effects the index was made from (each the same object,
        or an equal one, in the same place): compared one by one, identity first."""
        return effects == self._of

    def of(self, ref: str, characteristic: Characteristic | None = None
           ) -> tuple[tuple[EffectKind, ActiveEffect], ...]:
        """The effects (with their kinds) that may modify the characteristics of the fighter
        ``ref`` (``characteristic`` alone, when given), in order."""
        known = self._by_ref.get((ref, characteristic))
        if known is None:
            known = self._by_ref[(ref, characteristic)] = tuple(
                (kind, e) for kind, e, only in self._reaching
                if (only is None or only == ref)
                and (characteristic is None or kind.modified(e) in (None, characteristic)))
        return known

    def grouped(self) -> tuple[list[ActiveEffect], dict[str, list[ActiveEffect]]]:
        """The effects that may modify characteristics: those that may reach any fighter, and
        by ref those that may reach one fighter alone, in order (``state_view._modifying`` of every
        effect; shared: never change them)."""
        if self._grouped is None:
            general: list[ActiveEffect] = []
            only: dict[str, list[ActiveEffect]] = {}
            for _, effect, ref in self._reaching:
                if ref is None:
                    general.append(effect)
                else:
                    only.setdefault(ref, []).append(effect)
            self._grouped = (general, only)
        return self._grouped

    def triggered(self, kind: str) -> list[ActiveEffect]:
        """The effects whose kind's ``triggers`` name the event kind ``kind``, in order (a
        fresh list)."""
        known = self._triggered.get(kind)
        if known is None:
            known = self._triggered[kind] = [
                e for e in self._of if kind in EFFECTS[e.effect].triggers]
        return list(known)


def modifying_index(state: EdenState) -> ModifyingIndex:
    """The :class:`ModifyingIndex` of ``state.effects``, kept by the state while it holds
    (checked at every call, so a list changed in place or replaced, by the rules or by hand,
    is seen at once; copies of the state share it)."""
    index = state.modifying
    if index is None or not index.holds(state.effects):
        index = state.modifying = ModifyingIndex(state.effects)
    return index


#: :meth:`EffectKind.only_for` of each effect, asked once per effect (effects never change):
#: kept with the effect, so that its ``id`` is not reused while the entry lives.
_ONLY_FOR: dict[int, tuple[ActiveEffect, str | None]] = {}


def modifies_only(effect: ActiveEffect) -> str | None:
    """The one fighter whose characteristics ``effect`` may modify, ``""`` for none (as for
    every effect whose kind has no ``modifiers`` hook), ``None`` for several
    (:meth:`EffectKind.only_for`, remembered)."""
    known = _ONLY_FOR.get(id(effect))
    if known is not None and known[0] is effect:
        return known[1]
    kind = EFFECTS[effect.effect]
    # a kind without a modifiers hook modifies nobody
    only = "" if type(kind).modifiers is EffectKind.modifiers else kind.only_for(effect)
    if len(_ONLY_FOR) >= 4096:
        _ONLY_FOR.clear()
    _ONLY_FOR[id(effect)] = (effect, only)
    return only


def effect_protection(state: EdenState, fighter: Fighter, limb: Limb, ranged: bool) -> int:
    return sum(EFFECTS[e.effect].protection(state, e, fighter, limb, ranged)
               for e in state.effects)


def location_shift(state: EdenState, target: Fighter) -> int:
    """How far the target's player may shift a location roll against ``target``."""
    return max((EFFECTS[e.effect].location_shift(state, e, target) for e in state.effects),
               default=0)


def reach_limit(state: EdenState, fighter: Fighter) -> tuple[float, str]:
    """How far (cm, edge to edge) an action of ``fighter`` may reach its target, and the
    source of the limit: ``(inf, "")`` when nothing limits it (Dense fog: 15 cm)."""
    reach, source = math.inf, ""
    for effect in state.effects:
        limited = EFFECTS[effect.effect].target_reach(state, effect, fighter, reach)
        if limited < reach:
            reach, source = limited, effect.source
    return reach, source


def reach_refusal(state: EdenState, fighter: Fighter, gap: float, what: str) -> str | None:
    """Why ``fighter`` may not aim an action at ``what`` (a target ``gap`` cm away, edge to
    edge), or None: only an effect limiting the reach refuses it (:func:`reach_limit`)."""
    if not state.effects:
        return None
    reach, source = reach_limit(state, fighter)
    if gap <= reach + 1e-9:
        return None
    return (f"{source}: no fighter may take an action whose target is more than {reach:g} cm "
            f"away ({what} is {gap:.2f} cm away)")


def in_first_player_order(state: EdenState, effects: Iterable[ActiveEffect]
                          ) -> list[ActiveEffect]:
    """Rulebook 2.I (French text only): simultaneous effects are resolved in the order the
    first player decides; the engine resolves the first player's effects first, each
    player's in the order they came into play."""
    first = state.first_player

    def order(effect: ActiveEffect) -> int:
        if effect.neutral:
            return -1  # an optional rule of the match: nobody's, resolved first
        ref = effect.fighter_ref
        side = state.fighter(ref).side if ref is not None else effect.player
        if side not in (0, 1):
            return 2  # a non-player fighter's (Infestation): after both players'
        return 0 if side == first else 1

    return sorted(effects, key=order)


def announce(game: Game, event: Event) -> None:
    """Log an event, then let every effect triggered by its kind react (Rulebook 7), in the
    first player's order (2.I)."""
    game.emit(event)
    kind = event.kind
    state = _state(game)
    triggered = modifying_index(state).triggered(kind)
    if not triggered:
        return
    for effect in in_first_player_order(state, triggered):
        EFFECTS[effect.effect].on_event(game, effect, event)


def expire(game: Game, until: Until) -> list[ActiveEffect]:
    """Rulebook 4.B intendancy step 11: effects "until the end of the round" end."""
    state = _state(game)
    gone = [e for e in state.effects if e.until == until]
    if gone:
        state.effects = [e for e in state.effects if e.until != until]
    return gone
