"""The new effect kinds, each on its own: parameter checking (messages name the card and
the parameter), and the hooks the sample cards do not reach (scenery auras)."""

from __future__ import annotations

import pytest

from skirmish.games.eden.cards.cards import EffectSpec, freeze
from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.effects import EFFECTS, ActiveEffect, validate_spec
from skirmish.games.eden.fighting.wounds import inflict_wounds
from skirmish.geometry import Circle, Element

from ..scenario import fighter, state
from .helpers import library, on_table

NEW = ("marker-on", "gain-on", "heal", "afflict", "strike", "buff", "gain", "upkeep",
       "instant", "scenery-aura", "vp-near", "vp-zone", "vp-survivors", "vp-per-wound")


@pytest.mark.parametrize(("params", "message"), [
    ({"effect": "marker-on", "on": "sneeze", "condition": "rage"},
     "effect 'marker-on' parameter 'on' must be one of wounded, activation"),
    ({"effect": "marker-on", "on": "wounded", "condition": "itch"},
     "parameter 'condition' must be one of burn"),
    ({"effect": "gain-on", "sp": 1}, "effect 'gain-on' needs parameter 'on'"),
    ({"effect": "heal", "amount": 1, "who": "enemies"}, "parameter 'who' must be one of self"),
    ({"effect": "afflict", "condition": "fear", "range": 10, "roll": "LUCK"},
     "effect 'afflict' parameter 'roll': unknown characteristic 'LUCK'"),
    ({"effect": "strike", "range": 10}, "effect 'strike' needs parameter 'characteristic'"),
    ({"effect": "buff", "characteristic": "CBT", "delta": "1"},
     "effect 'buff' parameter 'delta' must be int"),
    ({"effect": "gain", "mana": 1}, "effect 'gain' has no parameter mana"),
    ({"effect": "upkeep", "remove": "sadness"}, "parameter 'remove' must be one of"),
    ({"effect": "instant", "who": "friends"}, "parameter 'who' must be one of"),
    ({"effect": "scenery-aura", "within": 5}, "needs parameter 'scenery'"),
    ({"effect": "vp-near", "vp": 1}, "effect 'vp-near' needs parameter 'at'"),
    ({"effect": "vp-zone", "zone": "moon"}, "parameter 'zone' must be one of enemy-half"),
    ({"effect": "vp-survivors", "vp": 1.5}, "parameter 'vp' must be int"),
    ({"effect": "vp-per-wound", "per": 0}, "parameter 'per' must be >= 1"),
])
def test_each_kind_checks_its_parameters(params: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        validate_spec(EffectSpec.from_dict(params), "card 'X'")


def test_every_new_kind_is_registered_with_a_docstring_and_used_or_tested() -> None:
    lib = library()
    used = {e.effect for group in (lib.abilities, lib.missions, lib.tactical)
            for card in group.values() for e in card.effects}
    used |= {e.effect for s in lib.scenery.values() for e in s.card.effects}
    for name in NEW:
        assert name in EFFECTS and (type(EFFECTS[name]).__doc__ or "").strip()
        assert name in used, name


def test_scenery_aura_energy_beacon_and_quarterist_idol() -> None:
    """Territory Management: the Energy Beacon's Gyromagnetic Field (complete +2, ranged only,
    within 5 cm) and the Quarterist Idol (+1 PSI to Sister fighters within 10 cm)."""
    lib = library()
    game = on_table([("Mother Agathe", 10.0, 10.0), ("Anton", 40.0, 10.0)],
                    [("Dacke", 50.0, 50.0)], plain=True)
    st = state(game)
    st.scenery = (Element("Energy-Beacon-1", Circle(44.0, 10.0, 1.5), label="Energy Beacon"),
                  Element("Quarterist-Idol-1", Circle(10.0, 18.0, 1.5),
                          label="Quarterist Idol"))
    for name in ("Energy Beacon", "Quarterist Idol"):
        for spec in lib.scenery[name].card.effects:
            st.effects.append(ActiveEffect.of(spec, source=name, owner="A"))
    agathe, anton = fighter(game, "A.Mother-Agathe"), fighter(game, "A.Anton")
    assert st.characteristic(agathe, Characteristic.PSI) == 7  # Sister, 6.5 cm away
    assert st.characteristic(anton, Characteristic.PSI) == 3  # not a Sister
    assert inflict_wounds(game, anton, Limb.TORSO, 3, ranged=True).lost == 1
    assert inflict_wounds(game, anton, Limb.ARMS, 1).lost == 1  # melee: no field
    assert inflict_wounds(game, agathe, Limb.TORSO, 2, ranged=True).lost == 2  # too far


def test_instant_for_everyone_and_params_freeze() -> None:
    game = on_table([("Anton", 10.0, 10.0)], [("Dacke", 40.0, 40.0)], plain=True)
    effect = ActiveEffect("instant", "Card", "A", freeze({"who": "all", "condition": "fear"}))
    EFFECTS["instant"].on_play(game, effect)
    assert fighter(game, "A.Anton").marker_count("fear") == 1
    assert fighter(game, "B.Dacke").marker_count("fear") == 1
