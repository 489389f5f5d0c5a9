"""ME36-ME38, ME41: scenarios as data: length, table, deployment, markers, victory."""

from __future__ import annotations

import pytest

from skirmish.games.masseffect.cards.library import load_library
from skirmish.games.masseffect.cards.scenarios import (
    DEPLOYMENT_KINDS,
    VICTORY_KINDS,
    MarkerKind,
    Scenario,
)
from skirmish.games.masseffect.cards.specs import Spec
from skirmish.games.masseffect.rules import DEFAULT_TURNS

LIB = load_library()


def test_the_sample_scenarios() -> None:
    """ME37: at least three scenarios, one per victory condition; they read back."""
    assert set(VICTORY_KINDS) == {"eliminate", "hold_objectives", "extract_data"}
    assert set(DEPLOYMENT_KINDS) == {"edges"}
    hold = LIB.scenario("Tenir la position")
    assert len(hold.markers_of(MarkerKind.OBJECTIVE)) == 3
    assert hold.victory.param("control") == 2 and hold.turns == 6
    extraction = LIB.scenario("Extraction de données")
    assert [m.locked for m in extraction.markers_of(MarkerKind.TERMINAL)] == [False, True]
    for scenario in LIB.scenarios.values():
        assert Scenario.from_dict(scenario.to_dict()) == scenario


def test_game_length_and_table_defaults() -> None:
    """ME36/ME38: 6 turns, a 36 x 36 pas table, deployment 4 pas deep unless a scenario
    says otherwise."""
    plain = Scenario("Plain", Spec("eliminate"))
    assert (plain.turns, plain.table, plain.deployment.param("depth")) == (
        DEFAULT_TURNS, (36, 36), 4)


@pytest.mark.parametrize(("changes", "message"), [
    ({"turns": 0}, "turns: must be 1 to 12"),
    ({"table": (36, 8)}, "table sides are 12 to 72 pas"),
    ({"table": (24, 20), "deployment": Spec("edges", (("depth", 10),))},
     "deployment: the two zones (10 pas each) must leave no-man's land"),
    ({"deployment": Spec("corners")}, "deployment: unknown deployment kind 'corners'"),
    ({"victory": Spec("eliminate", (("wipe_out", "yes"),))},
     "victory: victory 'eliminate' parameter 'wipe_out' must be true or false"),
    ({"victory": Spec("extract_data")}, "markers: extract_data needs at least one terminal"),
])
def test_scenario_errors(changes: dict[str, object], message: str) -> None:
    data = {"name": "Raid", "victory": Spec("eliminate"), **changes}
    with pytest.raises(ValueError) as error:
        Scenario(**data)  # type: ignore[arg-type]
    assert str(error.value).startswith("Raid: ") and message in str(error.value), error.value
