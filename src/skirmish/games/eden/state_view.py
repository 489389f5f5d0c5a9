"""What a player of Eden may know: the view of an :class:`~skirmish.games.eden.state.EdenState`
for one seat or a spectator (Rulebook 4.A step 1: troops are revealed; the other player's
pending bid, secret missions and tactical hand are hidden, their sizes known).

The state says which of its effects, missions and objectives are secret
(:meth:`EdenState._effect_public`, :meth:`EdenState._secret_mission`...); this module builds
the view from what is not, sharing with other views the JSON of what never changes (cards,
profiles, effects, scenery: views are read-only).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from skirmish.games.eden.cards.cards import Catalogue
from skirmish.games.eden.cards.profile import FighterProfile
from skirmish.games.eden.effects import (
    EFFECTS,
    ActiveEffect,
    EffectKind,
    modifies_only,
    modifying_index,
)
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.modifiers import condition_modifiers, effective_values
from skirmish.geometry import Element, Marker

if TYPE_CHECKING:
    from skirmish.games.eden.state import EdenState


def _card_json(card: object) -> dict[str, Any]:
    """A card of one's own deck as JSON (its effects as data)."""
    data = {f: getattr(card, f) for f in card.__dataclass_fields__}  # type: ignore[attr-defined]
    data["effects"] = [e.to_dict() for e in data.get("effects", ())]
    return data


#: JSON that views share, built once per immutable object (:func:`_json_once`), by ``id``:
#: the object is kept with it, so its ``id`` is not reused while the entry lives.
_JSON_ONCE: dict[int, tuple[object, Any]] = {}
_JSON_KEPT = 8192
T = TypeVar("T")
J = TypeVar("J")


def _json_once(thing: T, build: Callable[[T], J]) -> J:
    """``build(thing)``, built once per object: cards, profiles and effects never change,
    and views share what is built from them (views are read-only). Looked up by identity:
    hashing a frozen card costs about as much as building its JSON."""
    known = _JSON_ONCE.get(id(thing))
    if known is not None and known[0] is thing:
        return known[1]  # type: ignore[no-any-return]
    if len(_JSON_ONCE) >= _JSON_KEPT:
        _JSON_ONCE.clear()
    data = build(thing)
    _JSON_ONCE[id(thing)] = (thing, data)
    return data


def _catalogue_json(catalogue: Catalogue) -> dict[str, Any]:
    """Each player's tactical and mission cards and the match's equipment (full notation)
    as JSON (built once per catalogue: :func:`_json_once`)."""
    return {
        "tactical": [[_card_json(c) for c in cards] for cards in catalogue.tactical],
        "missions": [[_card_json(c) for c in cards] for cards in catalogue.missions],
        "equipment": {name: str(item) for name, item in catalogue.equipment.items()},
    }


#: Each profile's abilities (name, kind, AP and SP costs) in a catalogue, and the names of
#: its costly permanent abilities, read once (cards never change; both kept with the entry,
#: so that their ``id`` is not reused meanwhile).
_ABILITIES: dict[tuple[int, int], tuple[Catalogue, FighterProfile, tuple[
    tuple[tuple[str, str, int, int], ...], tuple[str, ...]]]] = {}


#: :func:`abilities_view`'s entries by (catalogue, profile, standing, paid for), with the
#: catalogue and the profile kept so that their ``id`` is not reused while the entry lives.
_ENTRIES: dict[tuple[int, int, bool, tuple[bool, ...]],
               tuple[Catalogue, FighterProfile, list[dict[str, Any]]]] = {}


def _abilities_read(catalogue: Catalogue, profile: FighterProfile
                    ) -> tuple[tuple[tuple[str, str, int, int], ...], tuple[str, ...]]:
    """The profile's abilities (name, kind, AP and SP costs), and the names of its
    permanent abilities with a cost (whose ``active`` reads whether they were paid for
    this round), in the same order."""
    known = _ABILITIES.get((id(catalogue), id(profile)))
    if known is not None and known[0] is catalogue and known[1] is profile:
        return known[2]
    read = tuple((a.name, a.kind, a.cost_ap, a.cost_sp)
                 for a in catalogue.abilities_of(profile))
    costly = tuple(name for name, kind, cost_ap, cost_sp in read
                   if kind == "permanent" and (cost_ap or cost_sp))
    if len(_ABILITIES) >= 4096:
        _ABILITIES.clear()
    _ABILITIES[(id(catalogue), id(profile))] = (catalogue, profile, (read, costly))
    return read, costly


def _elements_json(elements: tuple[Element, ...] | tuple[Marker, ...]) -> list[dict[str, Any]]:
    """The table's scenery elements or markers as JSON (built once per tuple:
    :func:`_json_once`)."""
    return [e.to_dict() for e in elements]


def _effect_json(effect: ActiveEffect) -> dict[str, Any]:
    return effect.to_json()


#: The JSON of a list of effects (:func:`_effects_json`), by the effects' ``id``: the
#: effects are kept with it, so that their ``id`` is not reused while the entry lives.
_EFFECTS_JSON: dict[tuple[int, ...], tuple[tuple[ActiveEffect, ...], list[dict[str, Any]]]] = {}


def _effects_json(effects: Sequence[ActiveEffect]) -> list[dict[str, Any]]:
    """The effects as JSON, each built once (:func:`_json_once`), the list once per list of
    effects (the same effects make the same list: effects never change)."""
    key = tuple(map(id, effects))
    known = _EFFECTS_JSON.get(key)
    if known is None:
        if len(_EFFECTS_JSON) >= 4096:
            _EFFECTS_JSON.clear()
        known = _EFFECTS_JSON[key] = (tuple(effects),
                                      [_json_once(e, _effect_json) for e in effects])
    return list(known[1])


def profile_card(profile: FighterProfile) -> dict[str, Any]:
    """A profile card as JSON, built once per card: views share it (views are read-only)."""
    return _json_once(profile, FighterProfile.to_dict)


def view_of(state: EdenState, player: int | None) -> dict[str, Any]:
    """Rulebook 4.A step 1: troops are revealed. Hidden: the other player's pending bid,
    secret missions and tactical hand (their sizes are known). ``None`` is a spectator:
    both players' secrets are hidden (``my_*`` are empty; ``bids_made`` and
    ``hand_sizes`` say what is known of both)."""
    if player is None:
        # The public parts as player 0 sees them, then nothing of player 0's own.
        view = _view(state, 0, state._effects_seen(None))
        view.update(my_bid=None, opponent_has_bid=False, my_hand=[], my_tactical_cards=[],
                    my_mission_cards=[], opponent_hand_size=0,
                    bids_made=[b is not None for b in state.bids],
                    hand_sizes=[len(h) for h in state.hands],
                    missions=[state._missions_seen(side, None) for side in (0, 1)],
                    objectives=state._objectives_seen(None))
        return view
    return _view(state, player, state._effects_seen(player))


def _view(state: EdenState, player: int, seen: Sequence[ActiveEffect]) -> dict[str, Any]:
    """:func:`view_of` for ``player``, the effects and characteristics as ``seen``: the
    effects known to ``player``, or to a spectator (:meth:`EdenState._effects_seen`)."""
    other = 1 - player
    cards = _json_once(state.catalogue, _catalogue_json)
    # every effect seen (no secret mission's left out): grouped once per list of effects
    modifying = (modifying_index(state).grouped() if len(seen) == len(state.effects)
                 else _modifying(seen))
    return {
        "round": state.round,
        "max_rounds": state.max_rounds,
        "first_player": state.first_player,
        "field_size": [state.field.width, state.field.height],
        "sp": list(state.sp),
        "vp": list(state.vp),
        "troop_types": list(state.troop_types),
        "leaders": list(state.leaders),
        "halves": list(state.halves),
        "my_bid": state.bids[player],
        "opponent_has_bid": state.bids[other] is not None,
        "missions": [state._missions_seen(0, player), state._missions_seen(1, player)],
        "my_hand": list(state.hands[player]),
        "my_tactical_cards": list(cards["tactical"][player]),
        "my_mission_cards": list(cards["missions"][player]),
        "equipment": dict(cards["equipment"]),
        "opponent_hand_size": len(state.hands[other]),
        "played_cards": [list(p) for p in state.played],
        "effects": _effects_json(seen),
        # shared by the views of one table (views are read-only): a bot reads the
        # elements once per table (bots.heuristic)
        "scenery": _json_once(state.scenery, _elements_json),
        "markers": _json_once(state.markers, _elements_json),
        **state._terrain_json(view=True),
        "objectives": state._objectives_seen(player),
        **state._infestation_json(),
        "fighters": [
            {
                "ref": f.ref,
                "side": f.side,
                "name": f.profile.name,
                "on_field": f.on_field,
                "x": f.x,
                "y": f.y,
                "ap": f.ap,
                "activated": f.activated,
                "checked": list(f.checked),
                "markers": dict(f.markers),
                "characteristics": characteristics_seen(state, f, player, modifying),
                "profile": profile_card(f.profile),
                "abilities": abilities_view(state, f),
            }
            for f in state.fighters
        ],
    }


def abilities_view(state: EdenState, fighter: Fighter) -> list[dict[str, Any]]:
    """Rulebook 7: the fighter's abilities, their costs, and for a permanent ability
    whether its effects are in force (``active``): a free one while the fighter stands,
    one with a cost only once paid this round (``paid``, docs/rulings.md).

    The entries depend on the profile's abilities, whether the fighter stands and which
    costly permanent abilities it paid for this round, nothing else: they are built once
    per such case and shared by the views (views are read-only; the list is the view's)."""
    catalogue, profile = state.catalogue, fighter.profile
    read, costly = _abilities_read(catalogue, profile)
    uses = fighter.round_uses
    paid = tuple(uses.get(name, 0) > 0 for name in costly) if costly else ()
    key = (id(catalogue), id(profile), fighter.on_field, paid)
    known = _ENTRIES.get(key)
    if known is None or known[0] is not catalogue or known[1] is not profile:
        if len(_ENTRIES) >= 4096:
            _ENTRIES.clear()
        known = _ENTRIES[key] = (catalogue, profile,
                                 _ability_entries(read, fighter.on_field,
                                                  dict(zip(costly, paid, strict=True))))
    return list(known[2])


def _ability_entries(read: tuple[tuple[str, str, int, int], ...], on_field: bool,
                     paid_for: dict[str, bool]) -> list[dict[str, Any]]:
    """:func:`abilities_view`'s entries for a fighter with the abilities ``read``
    (:func:`_abilities_read`) standing or not, the costly permanent abilities paid for this
    round as ``paid_for`` says."""
    out: list[dict[str, Any]] = []
    for name, kind, cost_ap, cost_sp in read:
        if kind != "permanent":
            out.append({"name": name, "kind": kind, "cost_ap": cost_ap, "cost_sp": cost_sp})
            continue
        costly = bool(cost_ap or cost_sp)
        paid = paid_for.get(name, False)
        entry: dict[str, Any] = {"name": name, "kind": kind, "cost_ap": cost_ap,
                                 "cost_sp": cost_sp, "active": on_field and (paid or not costly)}
        if costly:
            entry["paid"] = paid
        out.append(entry)
    return out


def characteristics_seen(state: EdenState, fighter: Fighter, player: int | None,
                         seen: Reaching | None = None) -> dict[str, int]:
    """The effective values ``player`` may know: the modifiers of the other player's
    secret mission are left out (docs/rulings.md; the rolls in the log show what was
    rolled, as across a table). Otherwise as :meth:`EdenState.characteristic` (Rulebook 1.6, 2.G,
    9), the fighter's modifiers gathered once for its four characteristics. ``seen``:
    the effects ``player`` knows of that may modify a characteristic, by the fighter
    they may reach (:func:`_modifying`), which a view finds once for all its fighters."""
    if seen is None:
        seen = _modifying(state._effects_seen(player))
    general, only = seen
    own = only.get(fighter.ref, ())
    if not fighter.markers and not general and not own:
        return {c.value: value for c, value in fighter.base_values().items()}
    # What the values are worked out from: the same inputs, the same values (a view
    # shows again what it showed, unless an effect may read more than it says).
    inputs: list[Any] = [tuple(fighter.checked), tuple(fighter.markers.items())]
    for effect in (*general, *own):
        read = EFFECTS[effect.effect].modifier_inputs(state, effect, fighter)
        if read is None:
            inputs.clear()
            break
        inputs.append((effect, read))
    key = tuple(inputs)
    if key:
        shown = fighter._seen.get(player)
        if shown is not None and shown[0] == key:
            return dict(shown[1])
    base = fighter.base_values()
    mods = condition_modifiers(fighter.markers) if fighter.markers else []
    for effect in general:
        mods.extend(EFFECTS[effect.effect].modifiers(state, effect, fighter))
    for effect in own:
        mods.extend(EFFECTS[effect.effect].modifiers(state, effect, fighter))
    values = {c.value: value for c, value in
              (effective_values(base, mods) if mods else base).items()}
    if key:
        fighter._seen[player] = (key, values)
        return dict(values)
    return values


#: The effects that may modify characteristics: those that may reach any fighter, and those
#: that may reach one fighter alone, by its ref (:func:`_modifying`).
Reaching = tuple[list[ActiveEffect], dict[str, list[ActiveEffect]]]


def _modifying(effects: Sequence[ActiveEffect]) -> Reaching:
    """The effects whose kind has a ``modifiers`` hook (the others modify nothing:
    :meth:`EffectKind.modifiers <skirmish.games.eden.effects.EffectKind.modifiers>`): those
    that may reach any fighter, and by ref those that may reach one fighter alone
    (:func:`~skirmish.games.eden.effects.modifies_only`; one that reaches nobody is left out).
    Their order does not matter: deltas add up and factors multiply (Rulebook 2.G)."""
    general: list[ActiveEffect] = []
    only: dict[str, list[ActiveEffect]] = {}
    for effect in effects:
        if type(EFFECTS[effect.effect]).modifiers is EffectKind.modifiers:
            continue
        ref = modifies_only(effect)
        if ref is None:
            general.append(effect)
        elif ref:
            only.setdefault(ref, []).append(effect)
    return general, only
