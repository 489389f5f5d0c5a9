"""Optional rules 1, Territory Management in the exact odds (skirmish.games.eden.odds): Elevation's
+2 CBT in melee, a scenery's Obstacle (X) in a shot, and ``skirmish odds melee --elevated``.
Profiles are INVENTED test data (tests/games/eden/profiles.py)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import typer
from typer.testing import CliRunner

from skirmish.cli.odds_cmd import odds_app
from skirmish.games.eden.cards.equipment import Category
from skirmish.games.eden.odds import attacks
from skirmish.games.eden.odds.game import combatant, odds_of, shooting_odds
from skirmish.games.eden.odds.results import NO_LOSS
from skirmish.geometry import Polygon

from ..profiles import NGOBO, YURI
from ..scenario import fighter, state
from .test_territory_moves import (
    BELOW,
    GUNNER,
    GUNNER_REF,
    NGOBO_REF,
    ON_TOWER,
    TOWER,
    YURI_REF,
    record,
    territory,
)

runner = CliRunner()
app = typer.Typer()
app.add_typer(odds_app, name="odds")


@app.callback()
def _root() -> None:
    """The odds commands as ``skirmish odds`` registers them."""


def plus_two(model: attacks.Combatant) -> attacks.Combatant:
    """The same fighter with 2 more CBT, wounded or not."""
    return replace(model, cbt=model.cbt + 2, wounded=lambda lost: plus_two(model.after(lost)))


def test_elevation_enters_the_melee_odds_exactly() -> None:
    # Yuri (CBT 4) on the tower attacks Ngobo (VIG 4, no protection) below: 6 dice at 4+.
    # A passive Ngobo loses nothing only when all six fail: 1/64 (1/16 from the ground).
    game = territory([(YURI, *ON_TOWER)], [(NGOBO, *BELOW)], [TOWER])
    up = odds_of(game, "attack A.Yuri B.Ngobo-Quick-Arm", reaction="passive", check=False)
    assert up.joint[(NO_LOSS,)] == Fraction(1, 64)
    assert up.settings["elevated"] == YURI_REF
    assert any("Elevation" in note for note in up.notes)
    ground = territory([(YURI, 20, 30)], [(NGOBO, 23, 30)], [TOWER])
    flat = odds_of(ground, "attack A.Yuri B.Ngobo-Quick-Arm", reaction="passive", check=False)
    assert flat.joint[(NO_LOSS,)] == Fraction(1, 16) and "elevated" not in flat.settings
    # the whole distribution is that of a CBT 6 attacker, for every reaction
    st = state(game)
    yuri, ngobo = fighter(game, YURI_REF), fighter(game, NGOBO_REF)
    six = plus_two(combatant(st, yuri))
    for reaction in ("passive", "dodge", "response"):
        odds = odds_of(game, "attack A.Yuri B.Ngobo-Quick-Arm", reaction=reaction, check=False)
        joint = attacks.melee(six, combatant(st, ngobo), reaction)
        expected = {((t, a) if reaction == "response" else (t,)): p
                    for (t, a), p in joint.items()}
        assert odds.joint == expected, reaction


def test_elevation_of_the_target_in_the_odds_of_his_response() -> None:
    # Ngobo (CBT 5) attacks Yuri up on the tower, who responds with CBT 6.
    game = territory([(YURI, *ON_TOWER)], [(NGOBO, *BELOW)], [TOWER])
    st = state(game)
    odds = odds_of(game, "attack B.Ngobo-Quick-Arm A.Yuri", reaction="response", check=False)
    yuri, ngobo = fighter(game, YURI_REF), fighter(game, NGOBO_REF)
    joint = attacks.melee(combatant(st, ngobo), plus_two(combatant(st, yuri)), "response")
    assert odds.joint == {(t, a): p for (t, a), p in joint.items()}
    assert odds.settings["elevated"] == YURI_REF


def test_a_scenerys_obstacles_enter_the_shooting_odds() -> None:
    # A car wreck, Obstacle (2), between the Gunner (CBT 4, Pistol CBT +1) and Ngobo (SPD 4):
    # 4 + 1 - 2 = 3 dice at 4+, a hit 7/8 of the time (31/32 without it).
    wreck = ("Car-wreck-1", Polygon.rectangle(24, 25, 26, 35),
             record("Car wreck", "Destruction (8)", "Obstacle (2)"))
    game = territory([(GUNNER, 15, 30)], [(NGOBO, 35, 30)], [wreck])
    st = state(game)
    gunner, ngobo = fighter(game, GUNNER_REF), fighter(game, NGOBO_REF)
    odds = odds_of(game, "shoot A.Gunner Pistol B.Ngobo-Quick-Arm", check=False)
    assert odds.settings["obstacles"] == 2
    part = st.catalogue.item("Pistol").part(Category.SHOOTING)
    assert part is not None
    assert odds.joint == shooting_odds(st, gunner, ngobo, part, weapon="Pistol",
                                       obstacles=2).joint
    hit, _ = attacks.p_shot_hits(combatant(st, gunner), combatant(st, ngobo), bonus=1,
                                 obstacles=2)
    assert hit == Fraction(7, 8)
    st.scenery, st.terrain = (), {}
    assert odds_of(game, "shoot A.Gunner Pistol B.Ngobo-Quick-Arm",
                   check=False).settings["obstacles"] == 0


def odds_json(*args: str) -> dict:  # type: ignore[type-arg]
    result = runner.invoke(app, ["odds", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_the_odds_command_takes_who_is_elevated() -> None:
    # Passive: only the attacker's CBT counts; +2 from above is exactly 2 Rage markers'
    # +2 CBT (which change nothing else the passive attack reads).
    up = odds_json("melee", "--attacker", "Vladd", "--target", "Tarar", "--elevated",
                   "attacker", "--exact")
    rage = odds_json("melee", "--attacker", "Vladd", "--target", "Tarar", "--attacker-markers",
                     "rage=2", "--exact")
    assert up["settings"]["elevated"] == "A.Vladd"
    assert up["fighters"] == rage["fighters"]
    down = odds_json("melee", "--attacker", "Vladd", "--target", "Tarar", "--elevated",
                     "target", "--reaction", "response")
    assert down["settings"]["elevated"] == "B.Tarar"
    result = runner.invoke(app, ["odds", "melee", "--attacker", "Vladd", "--target", "Tarar",
                                 "--elevated", "up"])
    assert result.exit_code != 0 and "--elevated: none, attacker or target" in result.output
