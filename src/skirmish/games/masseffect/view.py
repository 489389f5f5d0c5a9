"""What a seat sees of an ME:A game: everything (the draft has no hidden information), as
plain JSON data, distances in cm and pas."""

from __future__ import annotations

from typing import Any

from skirmish.games.masseffect.cards.profile import Profile
from skirmish.games.masseffect.figure import Card, Figure
from skirmish.games.masseffect.rules import cm_to_pas
from skirmish.games.masseffect.state import MEState


def figure_view(state: MEState, f: Figure, engaged: bool | None = None) -> dict[str, Any]:
    """One figure as a seat sees it; ``engaged`` when already known (:func:`_engaged`)."""
    card = f.card
    p = card.profile
    weapons, powers, text = _card_names(card)
    out = {
        "ref": str(f.ref), "side": f.side, "name": p.name, "points": p.points,
        "x": f.x, "y": f.y, "facing": f.facing, "radius": p.base_mm / 20.0,  # f.radius
        "placed": f.placed, "out": f.out, "extracted": f.extracted,
        "vitality": f.vitality, "max_vitality": p.vitality, "armour": f.armour,
        "heroism": f.heroism, "shield_uses": f.shield_uses, "barrier_uses": f.barrier_uses,
        "moved": f.moved, "used_power": f.used_power, "shot": f.shot, "special": f.special,
        "fought": f.fought, "statuses": list(f.statuses), "stripped": list(f.stripped),
        "carries": list(f.carries),
        "engaged": state.engaged(f) if engaged is None else engaged,
        "chargers": list(f.chargers),
        "profile": text,
        "weapons": list(weapons),
        "powers": list(powers),
        "uses": dict(f.uses),
        "mods": dict(f.mods),
        "heroic_used": list(f.heroic_used),
        "disengaged": f.disengaged, "counter_charged": f.counter_charged,
        "spent": f.spent, "revived_turn": f.revived_turn,
    }
    if f.wielding:  # ME42: the melee weapon its player chose for the phase, once chosen
        out["wielding"] = f.wielding
    return out


def cards_view(state: MEState) -> dict[str, dict[str, Any]]:
    """Every weapon and power card on the table, by name (the figures list their names):
    written once per set of cards (cards are immutable; views are read-only and share it)."""
    cards = tuple(f.card for f in state.figures)
    key = tuple(id(c) for c in cards)
    known = _CARDS_VIEWS.get(key)
    if known is not None and all(a is b for a, b in zip(known[0], cards, strict=True)):
        return known[1]
    view = _cards_view(state)
    if len(_CARDS_VIEWS) >= 64:
        _CARDS_VIEWS.clear()
    _CARDS_VIEWS[key] = (cards, view)  # the cards kept: their ids are not reused meanwhile
    return view


#: :func:`cards_view` by the identities of the figures' cards.
_CARDS_VIEWS: dict[tuple[int, ...], tuple[tuple[Any, ...], dict[str, dict[str, Any]]]] = {}


def _cards_view(state: MEState) -> dict[str, dict[str, Any]]:
    weapons: dict[str, Any] = {}
    powers: dict[str, Any] = {}
    for f in state.figures:
        for w in f.card.weapons:
            if w.name not in weapons:  # the first card of a name, as setdefault keeps it
                weapons[w.name] = w.to_dict()
        for p in f.card.powers:
            if p.name not in powers:
                powers[p.name] = p.to_dict()
    return {"weapons": weapons, "powers": powers}


def _card_names(card: Card) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """A card's weapon and power names and its profile's notation, by the card's identity
    (cards are immutable; each entry holds its card, so the identity stays its own)."""
    known = _CARD_NAMES.get(id(card))
    if known is None or known[0] is not card:
        if len(_CARD_NAMES) >= 1024:
            _CARD_NAMES.clear()
        known = _CARD_NAMES[id(card)] = (card, tuple(w.name for w in card.weapons),
                                         tuple(pw.name for pw in card.powers),
                                         _profile_text(card.profile))
    return known[1], known[2], known[3]


_CARD_NAMES: dict[int, tuple[Card, tuple[str, ...], tuple[str, ...], str]] = {}

#: Profiles' notations by identity (each entry holds its profile, immutable, so the identity
#: stays its own): every view writes every figure's.
_PROFILE_TEXTS: dict[int, tuple[Profile, str]] = {}


def _profile_text(profile: Profile) -> str:
    known = _PROFILE_TEXTS.get(id(profile))
    if known is None or known[0] is not profile:
        if len(_PROFILE_TEXTS) >= 1024:
            _PROFILE_TEXTS.clear()
        known = _PROFILE_TEXTS[id(profile)] = (profile, profile.to_text())
    return known[1]


#: JSON built once per immutable object (a scenario, a tuple of scenery elements), by
#: identity: views are read-only and share it (each entry keeps its object).
_JSON: dict[int, tuple[object, Any]] = {}


def _once(thing: object, build: Any) -> Any:
    known = _JSON.get(id(thing))
    if known is not None and known[0] is thing:
        return known[1]
    if len(_JSON) >= 256:
        _JSON.clear()
    data = build(thing)
    _JSON[id(thing)] = (thing, data)
    return data


def _scenery_view(state: MEState) -> list[dict[str, Any]]:
    """The table's elements and the closed doors (:meth:`MEState.elements`) as JSON: the
    scenery's shared by the views of one table."""
    scenery = _once(state.scenery, lambda elements: [e.to_dict() for e in elements])
    doors = state.doors()
    return [*scenery, *(d.to_dict() for d in doors)] if doors else scenery


def _engaged(state: MEState) -> list[bool]:
    """:meth:`MEState.engaged` of every figure (remembered in the view's read-only window:
    the same figures asked again by the listing's checks are not)."""
    return state.engaged_all()


def state_view(state: MEState) -> dict[str, Any]:
    return {
        "scenario": state.scenario.name,
        "scenario_card": _once(state.scenario, lambda scenario: scenario.to_dict()),
        "cards": cards_view(state),
        "turn": state.turn, "turns": state.scenario.turns,
        "initiative": state.initiative, "phase": state.phase,
        "scores": list(state.scores), "extracted": list(state.extracted),
        "edges": list(state.edges), "ended": state.ended,
        "table_cm": [state.field.width, state.field.height],
        "table_pas": [cm_to_pas(state.field.width), cm_to_pas(state.field.height)],
        "figures": [figure_view(state, f, engaged)
                    for f, engaged in zip(state.figures, _engaged(state), strict=True)],
        "markers": [m.to_json() for m in state.markers],
        "scenery": _scenery_view(state),
        # the house rules chosen (issue 47: public, what the bots weigh by); none: defaults
        **({"house_rules": dict(state.house_rules)} if state.house_rules else {}),
    }
