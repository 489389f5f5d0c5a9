"""ME32-ME34: weapon notation both ways; power cards and their effects as validated data."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.games.masseffect.cards.powers import POWER_EFFECTS, Power, PowerKind, Target
from skirmish.games.masseffect.cards.specs import Spec
from skirmish.games.masseffect.cards.weapons import Weapon, WeaponKind
from skirmish.games.masseffect.dice import Amount


def test_weapon_notation_reads_and_prints() -> None:
    """ME32: range in pas, damage 1/D2/D3, shots, traits, points; gear has no damage."""
    rifle = Weapon.parse("Fusil mitrailleur (Tir) : Portée (16), Dégâts (1), Tirs (2)")
    assert (rifle.kind, rifle.range, rifle.damage, rifle.shots) == (
        WeaponKind.RANGED, 16, Amount(1), 2)
    rocket = Weapon.parse("Lance-roquettes (tir): portee (20), degats (d3), Explosif (1), "
                          "lourd, Limité (2), Points (2)")
    assert rocket.traits == (("Explosif", 1), ("Lourd", None), ("Limité", 2))
    assert rocket.per_game == 2 and rocket.has("Lourd") and rocket.points == 2
    assert str(rocket) == ("Lance-roquettes (Tir) : Portée (20), Dégâts (D3), Explosif (1), "
                           "Lourd, Limité (2), Points (2)")
    blade = Weapon.parse("Omni-lame (Mêlée) : Dégâts (D2)")
    assert blade.kind is WeaponKind.MELEE and blade.range is None
    assert Weapon.parse("Médigel (Equipement) : Limité (1)").damage is None


@pytest.mark.parametrize(("text", "message"), [
    ("Fusil (Tir) : Dégâts (1)", "Fusil: Portée: a ranged weapon has a range"),
    ("Lame (Mêlée) : Portée (2), Dégâts (1)", "Lame: Portée: a ranged weapon has a range"),
    ("Fusil (Laser) : Dégâts (1)", "Fusil: unknown category 'Laser'"),
    ("Fusil (Tir) : Portée (100), Dégâts (1)", "Portée must be a whole number from 1 to 36"),
    ("Fusil (Tir) : Portée (8), Dégâts (D4)", "got D4"),
    ("Fusil (Tir) : Portée (8), Dégâts (1), Volant", "unknown item 'Volant'"),
    ("Fusil (Tir) : Portée (8), Dégâts (1), Lourd (2)", "trait Lourd takes no value"),
    ("Fusil (Tir) : Portée (8), Dégâts (1), Explosif", "trait Explosif needs a value"),
    ("Kit (Équipement) : Dégâts (1)", "Dégâts: a weapon has damage, gear has none"),
    ("Kit (Équipement) : Lourd", "gear takes no weapon trait but Limité"),
    ("Fusil", "a weapon is written 'Nom (Tir|Mêlée|Équipement)"),
])
def test_weapon_errors_name_the_item(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Weapon.parse(text)


@st.composite
def weapons(draw: st.DrawFn) -> Weapon:
    kind = draw(st.sampled_from(list(WeaponKind)))
    name = draw(st.text(alphabet="abcdefghijklmnopqrstuvwxyzéà '-", min_size=1,
                        max_size=20).map(str.strip).filter(bool))
    damage = None if kind is WeaponKind.GEAR else draw(st.sampled_from(
        [Amount(1), Amount(2), Amount(0, 2), Amount(0, 3), Amount(0, 6)]))
    traits: list[tuple[str, int | None]] = []
    if kind is not WeaponKind.GEAR:
        for keyword in draw(st.lists(st.sampled_from(["Lourd", "Perforant", "Incendiaire",
                                                      "Explosif"]), unique=True)):
            traits.append((keyword, draw(st.integers(1, 3)) if keyword == "Explosif"
                           else None))
    if draw(st.booleans()):
        traits.append(("Limité", draw(st.integers(1, 6))))
    ranged = kind is WeaponKind.RANGED
    return Weapon(name, kind, damage, draw(st.integers(1, 36)) if ranged else None,
                  draw(st.integers(1, 4)) if ranged else 1, tuple(traits),
                  draw(st.integers(0, 10)))


@given(weapons())
def test_print_then_parse_gives_the_same_weapon(weapon: Weapon) -> None:
    """ME32: the weapon notation round trip."""
    assert Weapon.parse(weapon.to_text()) == weapon
    assert Weapon.from_dict(weapon.to_dict()) == weapon


def _power(**changes: object) -> Power:
    data: dict[str, object] = {"name": "Test", "kind": "biotique", "target": "enemy",
                               "range": 8, "roll": "Tir",
                               "effects": [{"kind": "damage", "amount": "D2"}]}
    data.update(changes)
    return Power.from_dict(data)


def test_power_cards_are_data() -> None:
    """ME33: a power's kind, target, range, roll and effects; ``attacks`` for enemy or
    point targets (ME18)."""
    throw = _power(effects=[{"kind": "move", "direction": "away", "distance": 3,
                             "impact": 1}])
    assert throw.kind is PowerKind.BIOTIC and throw.target is Target.ENEMY and throw.attacks
    assert throw.effects[0].param("distance") == 3 and throw.effects[0].amount("impact") == (
        Amount(1))
    assert Power.from_dict(throw.to_dict()) == throw
    heal = _power(kind="tech", target="ally", roll="Qualité",
                  effects=[{"kind": "heal", "amount": "D2"}])
    assert not heal.attacks and heal.effects[0].amount() == Amount(0, 2)
    assert set(POWER_EFFECTS) == {"damage", "strip", "restore", "move", "status", "heal",
                                  "modify"}


@pytest.mark.parametrize(("changes", "message"), [
    ({"effects": [{"kind": "teleport"}]}, "effects[0]: unknown effect kind 'teleport'"),
    ({"effects": [{"kind": "damage"}]}, "effect 'damage' needs parameter 'amount'"),
    ({"effects": [{"kind": "damage", "amount": "D4"}]},
     "effect 'damage' parameter 'amount' must be an amount"),
    ({"effects": [{"kind": "damage", "amount": 1, "ignores": ["Armour"]}]},
     "parameter 'ignores' must be a list (Bouclier, Barrière, Armure)"),
    ({"effects": [{"kind": "move", "direction": "up", "distance": 3}]},
     "parameter 'direction' must be a text (away, toward)"),
    ({"effects": [{"kind": "move", "direction": "away", "distance": 30}]},
     "parameter 'distance' must be a whole number from 1 to 12, got 30"),
    ({"effects": [{"kind": "status", "status": "asleep"}]}, "parameter 'status'"),
    ({"effects": [{"kind": "heal", "amount": 1, "revive": "yes"}]},
     "parameter 'revive' must be true or false"),
    ({"effects": [{"kind": "strip", "protection": "Bouclier", "turns": 2}]},
     "has no parameter turns"),
    ({"effects": []}, "effects: a power needs at least one effect"),
    ({"target": "point"}, "area: a power aimed at a point has an area radius"),
    ({"target": "self"}, "range: a power on the user itself has range 0"),
    ({"roll": "7+"}, "roll must be one of Tir, Qualité, auto"),
    ({"kind": "psionique"}, "unknown power kind 'psionique'"),
])
def test_power_errors_name_the_effect_and_parameter(changes: dict[str, object],
                                                    message: str) -> None:
    """ME33: effects are validated like Eden's effect specs: kind, parameters, values."""
    with pytest.raises(ValueError) as error:
        _power(**changes)
    assert str(error.value).startswith("Test: ") and message in str(error.value), error.value


def test_specs_round_trip_and_freeze_lists() -> None:
    spec = Spec.from_dict({"kind": "damage", "amount": "D2", "ignores": ["Bouclier"]})
    assert spec.param("ignores") == ("Bouclier",)
    assert spec.to_dict() == {"kind": "damage", "amount": "D2", "ignores": ["Bouclier"]}
    assert hash(spec)
