"""Rulebook 6.B, Ranged attack (shooting, projectile, blast), 8.C effects, 9 markers:
scenarios with forced dice."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

import pytest

from skirmish.core import Game, IllegalActionError, Ref
from skirmish.core.actions import Action
from skirmish.core.decision import Decision
from skirmish.core.events import RollEvent
from skirmish.core.procedure import Procedure
from skirmish.games.eden.actions import End
from skirmish.games.eden.cards.profile import FighterProfile, Limb
from skirmish.games.eden.events import MarkerEvent, WoundEvent
from skirmish.games.eden.fighting.conditions import give_markers
from skirmish.games.eden.fighting.ranged import (
    FEAR_RULE,
    FREE_RULE,
    NEAREST_RULE,
    RangedAttackEvent,
    RedirectEvent,
    ranged_options,
    ranged_refusal,
    redirected_target,
    start_ranged_attack,
)
from skirmish.games.eden.fighting.templates_attack import TemplateEvent
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.rolling import state_of
from skirmish.geometry import Element, Polygon

from .profiles import ABAMA, NGOBO, VLADD, YURI
from .profiles import ELENIA as _ELENIA
from .scenario import fighter, state, table

if TYPE_CHECKING:
    from collections.abc import Sequence

# Invented test equipment, in the rulebook's notation.
EQUIPMENT = [
    "Pistol (Shooting): CBT +1 - Range(20), Str(3)",
    "Grenade (Projectile): Range(20), Explosive(2), Fear(1)",
    "Armour (Pr): complete +1",
    "Flare gun (Shooting): Str(1), Burn(2)",  # no Range(X): no range limit
]


def armed(profile: FighterProfile, *items: str) -> FighterProfile:
    return replace(profile, equipment=items)


# Yuri: CBT 4, SPD 5; carries Molotov and Throwing knives (profiles.py), here also a Pistol.
GUNNER = armed(YURI, "Pistol", "Molotov", "Throwing knives", "Grenade")
FLARER = armed(YURI, "Flare gun")
PYRO = armed(VLADD, "Flamethrower")  # Vladd: CBT 6, VIG 4, head 1+1 CP
TOUGH_NGOBO = armed(NGOBO, "Armour")  # Ngobo: SPD 4, VIG 4, torso 2+1 CP (face 4)
TOUGH_ABAMA = armed(ABAMA, "Armour")  # Abama: 40 mm base, VIG 5, SPD 3
ELENIA = replace(_ELENIA, abilities=())  # her invented ability is not in the catalogue

YURI_REF, NGOBO_REF, ABAMA_REF = "A.Yuri", "B.Ngobo-Quick-Arm", "B.Abama-Big-Belly"
VLADD_REF, ELENIA_REF = "A.Vlädd", "B.Elenia"


@dataclass(slots=True)
class Turn(Procedure):
    """Test stand-in for the activation (Rulebook 5): ranged attacks or end."""

    name: ClassVar[str] = "test.ranged-turn"
    fighter: Ref

    def decision(self, game: Game) -> Decision:
        return Decision(state_of(game).fighter(self.fighter).side, "action", "shoot or end")

    def legal_actions(self, game: Game) -> list[Action]:
        me = state_of(game).fighter(self.fighter)
        return [*ranged_options(game, me), End()]

    def check(self, game: Game, action: Action) -> None:
        if isinstance(action, End):
            return
        refusal = ranged_refusal(game, state_of(game).fighter(self.fighter), action)
        if refusal:
            raise IllegalActionError(f"{self.fighter} cannot '{action}'", refusal)

    def apply(self, game: Game, action: Action) -> None:
        if isinstance(action, End):
            game.pop()
        else:
            start_ranged_attack(game, state_of(game).fighter(self.fighter), action)


Placed = tuple[FighterProfile, float, float]


def turn(a: Sequence[Placed], b: Sequence[Placed], dice: Sequence[int] = (),
         who: str = YURI_REF, scenery: Sequence[Element] = (), ap: int = 3) -> Game:
    game = table(a, b, dice=dice, equipment=EQUIPMENT, ap=ap)
    state(game).scenery = tuple(scenery)
    game.push(Turn(Ref(who)))
    game.advance()
    return game


def options(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def refusal(game: Game, action: str, who: str = YURI_REF) -> str | None:
    return ranged_refusal(game, fighter(game, who), game.parse(action))


def rolls(game: Game, kind: str) -> list[RollEvent]:
    return [e for e in game.log if isinstance(e, RollEvent) and e.roll == kind]


def events(game: Game, cls: type) -> list:  # type: ignore[type-arg]
    return [e for e in game.log if isinstance(e, cls)]


# -- shooting, steps 1-7 ---------------------------------------------------------------------
def test_shooting_steps_and_remaining_successes_raise_str() -> None:
    # Yuri (10,10) with a Pistol (CBT +1, Str 3) at Ngobo (20,10), 7 cm away, free, no obstacle.
    # Step 2: CBT 4+1 = 5 dice vs Ngobo's SPD 4: 4 5 1 6 2 -> 3 successes.
    # Step 3: location 4 = torso. Step 4: aim torso, nothing spent.
    # Step 5-6: Str 3 + 3 = 6 dice vs VIG 4: 4 4 1 1 1 1 -> 2 wounds to the torso.
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10)],
                dice=[4, 5, 1, 6, 2, 4, 4, 4, 1, 1, 1, 1])
    assert f"shoot A.Yuri Pistol {NGOBO_REF}" in options(game)
    game.apply(f"shoot A.Yuri Pistol {NGOBO_REF}")
    assert game.decision().kind == "aim" and game.decision().player == 0
    # Every success may be spent: 3 reach faces 1-6 (all four limbs).
    assert options(game) == {"aim head", "aim arms", "aim torso", "aim legs"}
    game.apply("aim torso")
    shot = rolls(game, "shooting")[0]
    assert (shot.value, shot.difficulty, shot.successes) == (5, 4, 3)
    strength = rolls(game, "strength")[0]
    assert (strength.value, strength.dice, strength.difficulty, strength.successes) == (6, 6, 4, 2)
    ngobo, yuri = fighter(game, NGOBO_REF), fighter(game, YURI_REF)
    assert ngobo.checked == [0, 0, 2, 0]
    assert yuri.ap == 2 and yuri.round_uses == {"attack": 1, "Pistol": 1}
    assert yuri.match_uses == {"attack": 1, "Pistol": 1}
    assert events(game, RangedAttackEvent)[0].text() == (
        f"A.Yuri shoots at {NGOBO_REF} with Pistol (1 AP)")
    assert game.decision().kind == "action" and game.dice.remaining == 0  # type: ignore[attr-defined]


def test_shift_may_spend_every_success_french_text() -> None:
    # 3 successes, location 4; aiming at the head (face 1) spends all 3: Str 3 + 0 = 3 dice.
    # (In melee one success must be kept; for shooting neither text says so.)
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10)], dice=[4, 5, 1, 6, 2, 4, 4, 5, 6])
    game.apply(f"shoot A.Yuri Pistol {NGOBO_REF}")
    game.apply("aim head")
    assert rolls(game, "strength")[0].value == 3
    ngobo = fighter(game, NGOBO_REF)
    assert ngobo.checked == [2, 0, 0, 0] and not ngobo.on_field  # head 1+1 CP: incapacitated


def test_no_success_the_shot_fails_without_location_roll() -> None:
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10)], dice=[1, 2, 3, 1, 2])
    game.apply(f"shoot A.Yuri Pistol {NGOBO_REF}")
    assert game.dice.remaining == 0  # type: ignore[attr-defined]
    assert fighter(game, NGOBO_REF).checked == [0, 0, 0, 0]
    assert fighter(game, YURI_REF).ap == 2  # the AP and the attack are spent all the same


def test_obstacles_give_minus_one_cbt_each() -> None:
    # A low wall counting as 2 obstacles cuts the line of sight: CBT 4 + 1 - 2 = 3 dice.
    low = Element("low-wall", Polygon.rectangle(14, 0, 15, 20), sight="low", obstacle_count=2)
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10)], dice=[1, 1, 1], scenery=[low])
    game.apply(f"shoot A.Yuri Pistol {NGOBO_REF}")
    shot = rolls(game, "shooting")[0]
    assert (shot.value, shot.dice) == (3, 3)


def test_no_line_of_sight_through_an_opaque_wall() -> None:
    wall = Element("wall", Polygon.rectangle(14, 0, 15, 20))
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10)], scenery=[wall])
    assert options(game) == {"end"}
    with pytest.raises(IllegalActionError, match="line of sight"):
        game.apply(f"shoot A.Yuri Pistol {NGOBO_REF}")
    assert "line of sight" in (refusal(game, "throw A.Yuri Molotov 20,10") or "")


def test_the_target_must_be_the_nearest_enemy_in_range_and_sight() -> None:
    # Ngobo 7 cm away, Abama 16.5 cm away: only Ngobo may be shot.
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10), (ABAMA, 30, 10)])
    shots = {o for o in options(game) if o.startswith("shoot")}
    assert shots == {f"shoot A.Yuri Pistol {NGOBO_REF}",
                     f"shoot A.Yuri Throwing-knives {NGOBO_REF}"}
    assert refusal(game, f"shoot A.Yuri Pistol {ABAMA_REF}") == NEAREST_RULE
    # Hidden behind a wall, Ngobo is no longer eligible: Abama (in sight) becomes the nearest.
    wall = Element("wall", Polygon.rectangle(14, 5, 15, 12))
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10), (ABAMA, 10, 28)], scenery=[wall])
    assert refusal(game, f"shoot A.Yuri Pistol {NGOBO_REF}") is not None
    assert refusal(game, f"shoot A.Yuri Pistol {ABAMA_REF}") is None


def test_an_enemy_who_is_not_free_may_be_ignored() -> None:
    # Ngobo (7 cm) is in contact with Vladd (behind him): not free. Abama (14.5 cm) is free.
    game = turn([(GUNNER, 10, 10), (VLADD, 23, 10)], [(NGOBO, 20, 10), (ABAMA, 10, 28)],
                dice=[6, 1, 1, 1, 1, 6, 1, 1, 1, 1])
    shots = {o for o in options(game) if "Pistol" in o}
    assert shots == {f"shoot A.Yuri Pistol {NGOBO_REF}", f"shoot A.Yuri Pistol {ABAMA_REF}"}
    # 1 success vs Abama's SPD 3... faces 6,1,1,1,1 -> 1 success; location 6 = legs (the
    # only limb 1 success can reach from 6 besides torso 5): aim legs.
    game.apply(f"shoot A.Yuri Pistol {ABAMA_REF}")
    assert rolls(game, "shooting")[0].difficulty == 3
    game.apply("aim legs")
    assert rolls(game, "strength")[0].opponent == ABAMA_REF


def test_a_free_enemy_nearer_than_a_non_free_one_must_be_shot() -> None:
    # Ngobo free at 7 cm; Abama at 14.5 cm in contact with Vladd: Abama may not be chosen.
    game = turn([(GUNNER, 10, 10), (VLADD, 10, 31.5)], [(NGOBO, 20, 10), (ABAMA, 10, 28)])
    assert refusal(game, f"shoot A.Yuri Pistol {ABAMA_REF}") == NEAREST_RULE


def test_odd_successes_on_a_target_not_free_hit_the_nearest_fighter_in_contact() -> None:
    # Ngobo (20,10) is in contact with Vladd (A, at 60 degrees behind him) and Elenia (B).
    # Vladd's edge is 8.79 cm from Yuri, Elenia's 10 cm: the shot hits Yuri's own ally.
    # 3 successes (odd); location 4 = Vladd's torso; Str 3 + 3 = 6 vs VIG 4: 3 wounds.
    vladd = (VLADD, 21.5, 10 + 3 * 0.8660254037844386)
    game = turn([(GUNNER, 10, 10), vladd], [(NGOBO, 20, 10), (ELENIA, 23, 10)],
                dice=[4, 5, 6, 1, 1, 4, 4, 4, 4, 1, 1, 1])
    game.apply(f"shoot A.Yuri Pistol {NGOBO_REF}")
    redirect = events(game, RedirectEvent)
    assert [(e.intended, e.target, e.successes) for e in redirect] == [
        (NGOBO_REF, VLADD_REF, 3)]
    game.apply("aim torso")
    assert fighter(game, VLADD_REF).checked == [0, 0, 3, 0]
    assert fighter(game, NGOBO_REF).checked == [0, 0, 0, 0]
    assert rolls(game, "strength")[0].difficulty == 4


def test_even_successes_on_a_target_not_free_hit_the_target() -> None:
    vladd = (VLADD, 21.5, 10 + 3 * 0.8660254037844386)
    game = turn([(GUNNER, 10, 10), vladd], [(NGOBO, 20, 10)],
                dice=[4, 5, 1, 1, 1, 4, 4, 4, 1, 1, 1])
    game.apply(f"shoot A.Yuri Pistol {NGOBO_REF}")
    assert not events(game, RedirectEvent)
    game.apply("aim torso")
    assert fighter(game, NGOBO_REF).checked == [0, 0, 2, 0]


def test_redirection_ties_go_to_the_nearest_centre_then_the_reference() -> None:
    # Vladd and Elenia (both A) touch Ngobo symmetrically: equal distances, "A.Elenia" first.
    game = turn([(GUNNER, 10, 10), (VLADD, 20, 13), (ELENIA, 20, 7)], [(NGOBO, 20, 10)])
    st = state(game)
    other = redirected_target(st, fighter(game, YURI_REF), fighter(game, NGOBO_REF))
    assert other is not None and other.ref == "A.Elenia"


def test_odd_successes_never_hit_a_friend_of_the_target() -> None:
    # Rulebook 6.B step 2 with 2.E and the glossary "Contact": contact is touching an
    # *opponent*. Ngobo (20,10) is engaged with Vladd (A, 8.79 cm from Yuri) and touches his
    # own friend Abama (B, 40 mm, 7.09 cm from Yuri, nearer): the shot goes to Vladd.
    vladd = (VLADD, 21.5, 10 + 3 * 0.8660254037844386)
    game = turn([(GUNNER, 10, 10), vladd], [(NGOBO, 20, 10), (ABAMA, 20, 6.5)],
                dice=[4, 5, 6, 1, 1, 4, 4, 4, 4, 1, 1, 1])
    st = state(game)
    assert st.in_contact(fighter(game, NGOBO_REF), fighter(game, ABAMA_REF))  # bases touch
    other = redirected_target(st, fighter(game, YURI_REF), fighter(game, NGOBO_REF))
    assert other is not None and other.ref == VLADD_REF
    game.apply(f"shoot A.Yuri Pistol {NGOBO_REF}")
    redirect = events(game, RedirectEvent)
    assert [(e.intended, e.target) for e in redirect] == [(NGOBO_REF, VLADD_REF)]
    assert fighter(game, ABAMA_REF).checked == [0, 0, 0, 0]


def test_a_target_touching_only_friends_is_free_and_never_redirected() -> None:
    # Ngobo touches only his friend Abama: he is free, so 3 successes hit him.
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10), (ABAMA, 20, 6.5)],
                dice=[4, 5, 6, 1, 1, 4, 4, 4, 4, 1, 1, 1])
    st = state(game)
    assert st.is_free(fighter(game, NGOBO_REF))
    assert redirected_target(st, fighter(game, YURI_REF), fighter(game, NGOBO_REF)) is None


def test_protection_reduces_ranged_wounds() -> None:
    # 1 success; location 4 (torso), aimed there; Str 3 + 1 = 4 vs VIG 4: 2 wounds, Armour +1.
    game = turn([(GUNNER, 10, 10)], [(TOUGH_NGOBO, 20, 10)],
                dice=[4, 1, 1, 1, 1, 4, 4, 5, 1, 1])
    game.apply(f"shoot A.Yuri Pistol {NGOBO_REF}")
    game.apply("aim torso")
    wound = events(game, WoundEvent)[0]
    assert (wound.wounds, wound.protection, wound.lost) == (2, 1, 1)
    assert fighter(game, NGOBO_REF).checked == [0, 0, 1, 0]


def test_range_is_measured_edge_to_edge_and_inclusive() -> None:
    # Throwing knives: Range(10). Ngobo's edge exactly 10 cm away: in range; 10.5: out.
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 23, 10)])
    assert refusal(game, f"shoot A.Yuri Throwing-knives {NGOBO_REF}") is None
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 23.5, 10)])
    assert "within range" in (refusal(game, f"shoot A.Yuri Throwing-knives {NGOBO_REF}") or "")
    assert refusal(game, f"shoot A.Yuri Pistol {NGOBO_REF}") is None  # Range(20)
    # A projectile's range runs from the thrower's base edge to the point.
    assert refusal(game, "throw A.Yuri Molotov 10,26.5") is None  # 15 cm
    assert "within range" in (refusal(game, "throw A.Yuri Molotov 10,26.6") or "")


def test_a_shooting_weapon_burns_its_target_on_a_hit_even_without_wound() -> None:
    # No Range(X): Ngobo 46.5 cm away may be shot. CBT 4 vs SPD 4: 4 1 1 1 -> 1 success;
    # location 4 (torso), aim torso; Str 1 + 1 = 2 vs VIG 4: 1 1 -> no wound; Burn(2) all the
    # same. A miss (no success) gives nothing.
    game = turn([(FLARER, 2, 10)], [(NGOBO, 51.5, 10)], dice=[4, 1, 1, 1, 4, 1, 1])
    game.apply(f"shoot A.Yuri Flare-gun {NGOBO_REF}")
    game.apply("aim torso")
    ngobo = fighter(game, NGOBO_REF)
    assert ngobo.checked == [0, 0, 0, 0] and ngobo.markers == {"burn": 2}
    game = turn([(FLARER, 2, 10)], [(NGOBO, 51.5, 10)], dice=[1, 1, 1, 1])
    game.apply(f"shoot A.Yuri Flare-gun {NGOBO_REF}")
    assert fighter(game, NGOBO_REF).markers == {}


# -- who may make a ranged attack ------------------------------------------------------------
def test_fighter_conditions_for_a_ranged_attack() -> None:
    shoot = f"shoot A.Yuri Pistol {NGOBO_REF}"
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10)], ap=0)
    assert refusal(game, shoot) == "Rulebook 5, Attack: costs 1 AP"
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10)])
    fighter(game, YURI_REF).round_uses["attack"] = 2
    assert refusal(game, shoot) == "Rulebook 5, Attack: 2/round"
    assert options(game) == {"end"}
    # In contact with an enemy: not free, no ranged attack at all.
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 13, 10), (ABAMA, 30, 10)])
    assert refusal(game, shoot) == FREE_RULE and options(game) == {"end"}


def test_fear_forbids_ranged_attacks() -> None:
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10)])
    fighter(game, YURI_REF).add_markers(Condition.FEAR)
    assert options(game) == {"end"}
    with pytest.raises(IllegalActionError, match="Fear"):
        game.apply(f"shoot A.Yuri Pistol {NGOBO_REF}")
    assert refusal(game, "throw A.Yuri Molotov 20,10") == FEAR_RULE


def test_the_weapon_must_be_carried_and_of_the_category() -> None:
    game = turn([(YURI, 10, 10)], [(NGOBO, 20, 10)])  # plain Yuri: Molotov, Throwing knives
    assert "carries no Pistol" in (refusal(game, f"shoot A.Yuri Pistol {NGOBO_REF}") or "")
    assert refusal(game, "throw A.Yuri Throwing-knives 20,10") == (
        "Rulebook 8.A: Throwing knives is not Projectile equipment")
    assert refusal(game, f"shoot A.Yuri Throwing-knives {NGOBO_REF}") is None
    assert refusal(game, f"shoot A.Yuri Throwing-knives {NGOBO_REF}", who=NGOBO_REF) == (
        "Rulebook 5: only the activated fighter acts")


def test_refusals_change_nothing() -> None:
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10), (ABAMA, 30, 10)])
    before = game.state_hash()
    for text in (f"shoot A.Yuri Pistol {ABAMA_REF}", "throw A.Yuri Molotov 70,10",
                 "blast A.Yuri Molotov 0"):
        assert refusal(game, text) is not None
        with pytest.raises(IllegalActionError):
            game.apply(text)
    list(game.legal_actions())
    assert game.state_hash() == before


# -- projectile -------------------------------------------------------------------------------
def test_molotov_burn_markers_and_one_per_match() -> None:
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10), (ABAMA, 20, 20)])
    assert "throw A.Yuri Molotov 20,10" in options(game)
    game.apply("throw A.Yuri Molotov 20,10")  # no dice: automatic
    assert fighter(game, NGOBO_REF).markers == {"burn": 1}
    assert fighter(game, ABAMA_REF).markers == {}
    assert [m.text() for m in events(game, MarkerEvent)] == [
        f"{NGOBO_REF} gets 1 burn marker -> 1 (A.Yuri's Molotov)"]
    yuri = fighter(game, YURI_REF)
    assert yuri.ap == 2 and yuri.match_uses["Molotov"] == 1
    assert refusal(game, "throw A.Yuri Molotov 20,20") == "Rulebook 8.C: Molotov is 1/match"
    yuri.round_uses.clear()  # a new round: still used up for the match
    assert refusal(game, "throw A.Yuri Molotov 20,20") == "Rulebook 8.C: Molotov is 1/match"
    assert not any(o.startswith("throw A.Yuri Molotov") for o in options(game))


def test_a_projectile_on_an_empty_point_affects_nobody() -> None:
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10)])
    game.apply("throw A.Yuri Molotov 15,20")
    assert events(game, TemplateEvent)[0].covered == ()
    assert fighter(game, NGOBO_REF).markers == {}
    assert "on the field" in (refusal(game, "throw A.Yuri Grenade -1,0") or "")


def test_sight_of_a_fighter_located_at_the_point_is_enough() -> None:
    # A 2 cm screen hides the point (20,10) - the corridor to a point is narrow - but not
    # Ngobo's whole base, which covers that point.
    screen = Element("screen", Polygon.rectangle(15, 9, 15.2, 11))
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10)], scenery=[screen])
    assert not state(game).sight(fighter(game, YURI_REF), (20.0, 10.0)).visible
    assert refusal(game, "throw A.Yuri Molotov 20,10") is None
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 30)], scenery=[screen])
    assert "line of sight" in (refusal(game, "throw A.Yuri Molotov 20,10") or "")


def test_explosive_hits_every_fighter_under_the_template_ignoring_protection() -> None:
    # Grenade: Explosive(2), Fear(1). Centre (20,10), template 7.5 cm across. Covered (by
    # centre distance, then reference): Abama 1.75, Ngobo 1.75, Vladd (Yuri's ally) 4.47.
    # Elenia (30,10) is outside. 2 D6 each vs VIG: Abama (VIG 5) 5 1 -> hit; Ngobo (VIG 4)
    # 1 3 -> missed; Vladd (VIG 4) 6 2 -> hit. Every one under the template gets Fear(1).
    game = turn([(GUNNER, 10, 10), (VLADD, 24, 12)],
                [(NGOBO, 20, 8.25), (TOUGH_ABAMA, 20, 11.75), (ELENIA, 30, 10)],
                dice=[5, 1, 1, 3, 6, 2])
    game.apply("throw A.Yuri Grenade 20,10")
    template = events(game, TemplateEvent)[0]
    assert template.template == "explosion"
    assert template.covered == (ABAMA_REF, NGOBO_REF, VLADD_REF)
    assert [(r.opponent, r.difficulty, r.successes) for r in rolls(game, "explosive")] == [
        (ABAMA_REF, 5, 1), (NGOBO_REF, 4, 0), (VLADD_REF, 4, 1)]
    assert fighter(game, ABAMA_REF).checked == [1, 1, 1, 1]  # Armour +1 ignored
    assert all(w.protection == 0 for w in events(game, WoundEvent))
    assert fighter(game, NGOBO_REF).checked == [0, 0, 0, 0]
    assert fighter(game, VLADD_REF).checked == [1, 1, 1, 1]
    for ref in (ABAMA_REF, NGOBO_REF, VLADD_REF):
        assert fighter(game, ref).markers == {"fear": 1}
    assert fighter(game, ELENIA_REF).markers == {}


def test_an_explosion_that_incapacitates_gives_no_markers() -> None:
    # Ngobo's head has 1 + 1 CP: already wounded once, the explosion's head wound ends him.
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10)], dice=[6, 6])
    fighter(game, NGOBO_REF).wound(Limb.HEAD)
    game.apply("throw A.Yuri Grenade 20,10")
    ngobo = fighter(game, NGOBO_REF)
    assert not ngobo.on_field and ngobo.checked == [2, 0, 0, 0]  # stops at incapacitation
    assert ngobo.markers == {}


# -- blast ------------------------------------------------------------------------------------
def test_blast_covers_an_ally_too_and_ignores_protection() -> None:
    # Vladd's Flamethrower from (10,10) along 0 degrees reaches x = 31.5: Ngobo (16,10) and
    # Yuri (A, 21,10) are covered, Elenia (35,10) is not. One wound to each limb, then Burn(1).
    game = turn([(PYRO, 10, 10), (YURI, 21, 10)],
                [(TOUGH_NGOBO, 16, 10), (ELENIA, 35, 10)], who=VLADD_REF)
    assert "blast A.Vlädd Flamethrower 0" in options(game)
    game.apply("blast A.Vlädd Flamethrower 0")
    assert events(game, TemplateEvent)[0].covered == (NGOBO_REF, YURI_REF)
    assert fighter(game, NGOBO_REF).checked == [1, 1, 1, 1]
    assert fighter(game, YURI_REF).checked == [1, 1, 1, 1]
    assert fighter(game, ELENIA_REF).checked == [0, 0, 0, 0]
    assert fighter(game, NGOBO_REF).markers == {"burn": 1}
    assert fighter(game, YURI_REF).markers == {"burn": 1}
    assert game.dice.remaining == 0  # type: ignore[attr-defined]


def test_blast_must_cover_the_nearest_enemy_and_is_one_per_round() -> None:
    game = turn([(PYRO, 10, 10)], [(NGOBO, 16, 10), (ELENIA, 10, 20)], who=VLADD_REF)
    assert "nearest enemy" in (refusal(game, "blast A.Vlädd Flamethrower 90", VLADD_REF) or "")
    assert refusal(game, "blast A.Vlädd Flamethrower 180", VLADD_REF) is not None
    assert refusal(game, "blast A.Vlädd Flamethrower 5", VLADD_REF) is None  # still partly
    game.apply("blast A.Vlädd Flamethrower 0")
    assert refusal(game, "blast A.Vlädd Flamethrower 0", VLADD_REF) == (
        "Rulebook 8.C: Flamethrower is 1/round")
    fighter(game, VLADD_REF).round_uses.clear()  # the next round
    assert refusal(game, "blast A.Vlädd Flamethrower 0", VLADD_REF) is None


def test_blast_template_ignores_scenery() -> None:
    # An opaque wall between Vladd and Ngobo neither forbids the blast nor shields Ngobo.
    wall = Element("wall", Polygon.rectangle(12.5, 5, 13, 15))
    game = turn([(PYRO, 10, 10)], [(NGOBO, 16, 10)], who=VLADD_REF, scenery=[wall])
    game.apply("blast A.Vlädd Flamethrower 0")
    assert fighter(game, NGOBO_REF).checked == [1, 1, 1, 1]


def test_every_option_offered_is_legal() -> None:
    game = turn([(GUNNER, 10, 10), (PYRO, 10, 40)],
                [(NGOBO, 20, 10), (ABAMA, 25, 25), (ELENIA, 18, 45)])
    for who in (YURI_REF, VLADD_REF):
        offered = ranged_options(game, fighter(game, who))
        assert offered
        for action in offered:
            assert ranged_refusal(game, fighter(game, who), action) is None, action


def test_a_shot_in_progress_survives_a_snapshot() -> None:
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10)], dice=[4, 5, 1, 6, 2, 4, 4, 4, 1, 1, 1, 1])
    game.apply(f"shoot A.Yuri Pistol {NGOBO_REF}")
    again = Game.from_json(game.to_json())
    assert again.state_hash() == game.state_hash()
    twin = game.copy()
    twin.apply("aim legs")
    assert fighter(game, NGOBO_REF).checked == [0, 0, 0, 0]


def test_give_markers_ignores_nothing_to_give_and_absent_fighters() -> None:
    game = turn([(GUNNER, 10, 10)], [(NGOBO, 20, 10)])
    ngobo = fighter(game, NGOBO_REF)
    assert give_markers(game, ngobo, Condition.SLOWDOWN, 0) == 0
    assert give_markers(game, ngobo, "poison", 2, by="A.Yuri") == 2
    assert ngobo.markers == {"poison": 2}
    ngobo.on_field = False
    assert give_markers(game, ngobo, Condition.RAGE, 1) == 0
    assert [e.change for e in events(game, MarkerEvent)] == [2]
