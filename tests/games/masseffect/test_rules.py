"""The numbers and tables of docs/masseffect.md that the engine reads from rules.py."""

from __future__ import annotations

from skirmish.games.masseffect.rules import (
    COUNTER_CHARGE_PENALTY,
    HEROIC_ACTIONS,
    OBSTACLE_PENALTY,
    PAS_CM,
    PHASES,
    RUN_PAS,
    SPECIAL_ACTIONS,
    STATIONARY_BONUS,
    UNARMED_PENALTY,
    WALK_PAS,
    Phase,
    cm_to_pas,
    equipment_limit,
    pas_to_cm,
)


def test_measuring_in_pas() -> None:
    """ME1: 1 pas = 2.5 cm; walk 4 pas (10 cm), run up to 8 pas (20 cm)."""
    assert PAS_CM == 2.5 and pas_to_cm(4) == 10 and cm_to_pas(20) == 8
    assert (WALK_PAS, RUN_PAS) == (4, 8)


def test_the_phase_order() -> None:
    """ME8: movement, powers, shooting, special actions, melee (the draft's list)."""
    assert PHASES == (Phase.MOVEMENT, Phase.POWERS, Phase.SHOOTING, Phase.SPECIAL, Phase.MELEE)


def test_the_sizes_of_modifiers() -> None:
    """ME12: +1 for standing still; ME22: -1 for an obstacle; ME26: -1 for a counter-charge
    shot; ME28: bare hands make Mêlée one worse."""
    assert (STATIONARY_BONUS, OBSTACLE_PENALTY, COUNTER_CHARGE_PENALTY, UNARMED_PENALTY) == (
        1, -1, -1, 1)


def test_heroic_actions_and_their_costs() -> None:
    """ME31: four heroic actions and their costs in Héroïsme points."""
    assert {a.name: a.cost for a in HEROIC_ACTIONS} == {
        "Esquive au dernier moment": 1, "Action groupée": 1, "Effort héroïque": 1,
        "Tenir bon": 2}


def test_special_actions_and_their_rolls() -> None:
    """ME14: the special actions; those that can fail roll Qualité."""
    assert {a.key: a.roll for a in SPECIAL_ACTIONS} == {
        "door": None, "hack": "Qualité", "download": "Qualité", "pick": None,
        "climb": "Qualité", "heal": None, "extract": None}


def test_equipment_limit_numbers() -> None:
    """ME7: 2, 3 for a hero, Arsenal (N) only for a hero."""
    assert [equipment_limit(0), equipment_limit(1), equipment_limit(2, 5),
            equipment_limit(0, 5)] == [2, 3, 5, 2]
