"""ME18, ME21-ME23, ME26: who may be shot or aimed at, the obstacle −1 and cover.

Distances in cm; 30 mm bases (radius 1.5 cm). The shooter stands at the origin and the target
30 cm (27 cm edge to edge) along +x unless a test says otherwise, so the sight corridor is the
band |y| <= 1.5 between them.
"""

from __future__ import annotations

import math

import pytest

from skirmish.games.masseffect.combat import targeting as targeting_module
from skirmish.games.masseffect.combat.targeting import (
    Targeting,
    clear_targeting_memo,
    figures_in_area,
    point_targeting,
    targeting,
)
from skirmish.geometry.shapes import Base, Circle
from skirmish.geometry.sight import line_of_sight
from skirmish.geometry.table import Element

#: The query itself, without the memo, and the memo's counts.
computed = targeting_module._targeting.__wrapped__
memo_info = targeting_module._targeting.cache_info

R = 1.5
SHOOTER = Base(0, 0, R, "A.Vet")
TARGET = Base(30, 0, R, "B.Merc")


def shoot(
    *,
    enemies: tuple[Base, ...] = (),
    friends: tuple[Base, ...] = (),
    elements: tuple[Element, ...] = (),
    range_cm: float | None = 60.0,
    target: Base = TARGET,
    shooter: Base = SHOOTER,
    contact: bool = False,
) -> Targeting:
    return targeting(
        shooter,
        target,
        enemies=enemies,
        friends=friends,
        elements=elements,
        range_cm=range_cm,
        contact=contact,
    )


def wall(
    ident: str, x0: float, y0: float, x1: float, y1: float, sight: str = "low", **kw: bool
) -> Element:
    return Element.from_dict(
        {"id": ident, "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], "sight": sight, **kw}
    )


# ------------------------------------------------------------------------ ME21: range, sight


def test_range_is_edge_to_edge_and_inclusive() -> None:
    """ME1, ME21: 27 cm between the edges; a 27 cm range reaches, 26.9 does not."""
    ok = shoot(range_cm=27.0)
    assert ok == Targeting(True, "", False, None, 27.0)
    assert not shoot(range_cm=26.9).allowed
    far = shoot(range_cm=25.0)
    assert far == Targeting(
        False, "ME21: B.Merc is 10.8 pas away, beyond the range of 10 pas", distance_cm=27.0
    )
    assert shoot(range_cm=None).allowed
    # out of range is reported before anything else, and carries no modifiers
    hidden = shoot(range_cm=10.0, elements=(wall("bloc", 14, -5, 16, 5, "opaque"),))
    assert hidden.reason.startswith("ME21: B.Merc is 10.8 pas away")
    assert (hidden.obstacle, hidden.cover) == (False, None)


def test_scenery_cutting_the_corridor_completely_hides_the_target() -> None:
    """ME21: real line of sight, even partial: an opaque element across the whole corridor
    forbids the shot; one across part of it leaves the target visible (an obstacle, ME22)."""
    across = shoot(elements=(wall("bloc-1", 14, -5, 16, 5, "opaque"),))
    assert not across.allowed
    assert across.reason == "ME21: no real line of sight to B.Merc; bloc-1 cuts it completely"
    assert (across.obstacle, across.cover) == (False, None)
    part = shoot(elements=(wall("bloc-1", 14, 0.5, 16, 5, "opaque"),))
    assert part.allowed and part.obstacle and part.cover is None


def test_a_low_wall_across_the_corridor_is_an_obstacle_not_a_block() -> None:
    """ME21/ME22 (T5): low scenery never cuts sight; a low wall across the whole corridor,
    away from the target, is an obstacle."""
    res = shoot(elements=(wall("muret", 14, -5, 14.5, 5),))
    assert res.allowed and res.obstacle and res.cover is None


def test_flat_scenery_is_neither_obstacle_nor_cover() -> None:
    """ME22, ME23: a flat element (a puddle, a road) does nothing, even touching the target."""
    flat = (wall("flaque", 10, -5, 31.5, 5, "flat", passable=True, can_end_on=True),)
    assert shoot(elements=flat) == Targeting(True, "", False, None, 27.0)


def test_figures_never_cut_sight_but_a_nearer_enemy_must_be_targeted() -> None:
    """ME21: «Si un personnage adverse en cache partiellement un deuxième, le tireur doit
    cibler la plus proche»: an enemy base in the corridor, wholly or partly, forbids the target
    behind it; the nearest such enemy is named."""
    across = Base(15, 0, R, "B.Legion")
    partly = Base(10, 2.5, R, "B.Tali")
    assert line_of_sight(SHOOTER, TARGET, bases=[across]).blocking == ("B.Legion",)
    res = shoot(enemies=(across,))
    assert res == Targeting(
        False,
        "ME21: B.Legion partly hides the target; the nearer enemy must be targeted",
        distance_cm=27.0,
    )
    assert shoot(enemies=(partly,)).reason.startswith("ME21: B.Tali partly hides")
    assert shoot(enemies=(across, partly)).reason.startswith("ME21: B.Tali partly hides")
    mirror = Base(10, -2.5, R, "B.Kal")  # as near as B.Tali: the first given is named
    assert shoot(enemies=(partly, mirror)).reason.startswith("ME21: B.Tali partly hides")
    assert shoot(enemies=(mirror, partly)).reason.startswith("ME21: B.Kal partly hides")
    # the hiding enemy itself is a legal target
    assert shoot(target=partly, enemies=(across, TARGET)).allowed


def test_a_figure_touching_the_corridor_edge_hides_nothing() -> None:
    """ME21, G2 (T2): a base merely touching the corridor's side is not in it."""
    grazing = Base(15, 3.0, R, "B.Legion")
    assert shoot(enemies=(grazing,)).allowed
    assert shoot(friends=(grazing,)).allowed
    assert not shoot(enemies=(Base(15, 2.99, R, "B.Legion"),)).allowed


def test_a_friend_in_the_corridor_forbids_the_target() -> None:
    """ME21: «si c'est un personnage allié qui cache partiellement un personnage adverse, le
    tireur ne peut cibler celui-ci»; a friend in contact behind the shooter hides nothing."""
    res = shoot(friends=(Base(20, -1.0, R, "A.Tali"),))
    assert res == Targeting(
        False,
        "ME21: friend A.Tali partly hides the target, so it cannot be targeted",
        distance_cm=27.0,
    )
    assert shoot(friends=(Base(-3.0, 0, R, "A.Tali"),)).allowed
    # out-of-action figures are simply not passed: the same position without them is legal
    assert shoot().allowed


def test_the_reasons_come_in_a_fixed_order() -> None:
    """T1: range, then scenery, then a nearer enemy, then a friend."""
    enemy, friend = Base(15, 0, R, "B.Legion"), Base(10, 0, R, "A.Tali")
    block = wall("bloc", 20, -5, 22, 5, "opaque")
    assert shoot(enemies=(enemy,), friends=(friend,), elements=(block,)).reason.startswith(
        "ME21: no real line of sight"
    )
    assert shoot(enemies=(enemy,), friends=(friend,)).reason.startswith("ME21: B.Legion")


# ------------------------------------------------------------------ ME22 obstacle, ME23 cover


def test_an_element_away_from_the_target_is_an_obstacle() -> None:
    """ME22: a partial element in the corridor, the target not touching it: −1, no cover."""
    res = shoot(elements=(wall("caisses", 12, 0.5, 16, 1.5),))
    assert res.allowed and res.obstacle and res.cover is None


def test_cover_is_an_element_touching_the_target_in_the_corridor() -> None:
    """ME23: low scenery touching the target's base on the shooter's side is cover, not an
    obstacle; touching within the contact tolerance counts (ME1), a wider gap does not."""
    front = wall("muret", 27.5, -3, 28.5, 3)  # touches the base's front at x = 28.5
    assert line_of_sight(SHOOTER, TARGET, elements=[front]).obstructing == ("muret",)
    assert shoot(elements=(front,)) == Targeting(True, "", False, "muret", 27.0)
    near = wall("muret", 27.5, -3, 28.46, 3)  # 0.04 cm gap
    assert shoot(elements=(near,)).cover == "muret"
    gap = wall("muret", 27.5, -3, 28.3, 3)  # 0.2 cm gap: an obstacle
    res = shoot(elements=(gap,))
    assert res.cover is None and res.obstacle


@pytest.mark.parametrize(
    "element",
    [
        wall("derriere", 31.5, -3, 32.5, 3),  # behind the target
        wall("flanc", 27, 1.5, 33, 2.5),  # along its side, outside the corridor
    ],
)
def test_scenery_touching_the_target_outside_the_corridor_is_no_cover(element: Element) -> None:
    """ME23: the element must also hide the target at least partly from the shooter."""
    assert shoot(elements=(element,)) == Targeting(True, "", False, None, 27.0)


def test_opaque_scenery_touching_the_target_is_cover_when_partial() -> None:
    """ME23: opaque scenery qualifies; if it cuts the whole corridor the target is unseen."""
    corner = wall("bloc", 26.5, -0.5, 28.5, 6, "opaque")
    assert shoot(elements=(corner,)).cover == "bloc"
    whole = wall("bloc", 26.5, -6, 28.5, 6, "opaque")
    assert not shoot(elements=(whole,)).allowed


def test_cover_from_scenery_the_target_stands_in() -> None:
    """ME23, T3: an element overlapping the target's base (a ruin it stands in) is reported
    as standing_in by the geometry; it is cover when it reaches between the two bases, not when
    it overlaps only the far half of the base."""
    ruin = wall("ruine", 28, -4, 36, 4, passable=True, can_end_on=True)
    assert line_of_sight(SHOOTER, TARGET, elements=[ruin]).standing_in == ("ruine",)
    assert shoot(elements=(ruin,)) == Targeting(True, "", False, "ruine", 27.0)
    rear = wall("ruine", 30.5, -4, 36, 4, passable=True, can_end_on=True)
    assert line_of_sight(SHOOTER, TARGET, elements=[rear]).standing_in == ("ruine",)
    assert shoot(elements=(rear,)) == Targeting(True, "", False, None, 27.0)


def test_obstacle_and_cover_together() -> None:
    """ME22 + ME23: −1 for a far element and a Défense roll for a near one."""
    res = shoot(elements=(wall("caisses", 12, 0.5, 16, 1.5), wall("muret", 27.5, -3, 28.5, 3)))
    assert res == Targeting(True, "", True, "muret", 27.0)


def test_the_shooters_own_cover_is_no_obstacle() -> None:
    """T6: only contact with the *target* turns an element into cover; a wall the shooter
    stands against or in, reaching into the corridor, is no obstacle either: the figure
    shoots over its own cover, as in the video games. A wall away from both is one."""
    own = wall("muret", 1.5, -3, 2.5, 3)
    assert shoot(elements=(own,)) == Targeting(True, "", False, None, 27.0)
    ruin = wall("ruine", -4, -4, 3, 4, passable=True, can_end_on=True)
    assert not shoot(elements=(ruin,)).obstacle
    behind = wall("ruine", -4, -4, -0.5, 4, passable=True, can_end_on=True)
    assert shoot(elements=(behind,)) == Targeting(True, "", False, None, 27.0)
    away = wall("muret", 8, -3, 9, 3)
    assert shoot(elements=(away,)).obstacle


# ------------------------------------------------------------------ ME26 counter-charge shots


def test_a_counter_charge_shot_needs_contact_and_ignores_range_and_figures() -> None:
    """ME26: the charger in contact may be shot although another enemy or a friend stands in
    the corridor, whatever the weapon's range; a charger not in contact may not."""
    charger = Base(3.0, 0, R, "B.Merc")
    side = Base(1.5, 2.6, R, "B.Legion")  # engaged with both, reaching into the corridor
    assert not shoot(target=charger, enemies=(side,), range_cm=0).allowed
    res = shoot(target=charger, enemies=(side,), friends=(side,), range_cm=0, contact=True)
    assert res == Targeting(True, "", False, None, 0.0)
    apart = shoot(target=Base(3.2, 0, R, "B.Merc"), contact=True)
    assert not apart.allowed and apart.distance_cm == pytest.approx(0.2)
    assert apart.reason == "ME26: a counter-charge shot needs B.Merc in base contact (0.1 pas away)"


def test_a_counter_charge_shot_still_judges_sight_and_cover() -> None:
    """ME26, T7: scenery between two touching bases still counts: a post touching the target
    in the corridor is cover, one short of it an obstacle."""
    charger = Base(3.0, 0, R, "B.Merc")
    post = wall("poteau", 1.2, 0.9, 1.8, 5)  # touches both bases, reaches into the corridor
    assert shoot(target=charger, elements=(post,), contact=True).cover == "poteau"
    short = wall("poteau", 1.2, 1.0, 1.8, 5)  # 0.06 cm from each base
    res = shoot(target=charger, elements=(short,), contact=True)
    assert res.allowed and res.obstacle and res.cover is None


# ------------------------------------------------------------------------ ME18 point powers


def test_point_targeting_range_and_sight() -> None:
    """ME18: a point in range (from the shooter's edge) and in real line of sight; scenery
    partly in the way gives no −1 to a point power (ME19)."""
    assert point_targeting(SHOOTER, (21.5, 0), (), 20.0) == Targeting(True, "", distance_cm=20.0)
    assert not point_targeting(SHOOTER, (21.6, 0), (), 20.0).allowed
    far = point_targeting(SHOOTER, (24, 0), (), 20.0)
    assert far == Targeting(
        False, "ME18: the point is 9 pas away, beyond the range of 8 pas", distance_cm=22.5
    )
    blocked = point_targeting(SHOOTER, (20, 0), (wall("bloc", 9, -5, 11, 5, "opaque"),), None)
    assert blocked.reason == "ME18: no real line of sight to the point; bloc cuts it completely"
    partial = point_targeting(SHOOTER, (20, 0), (wall("bloc", 9, 0.2, 11, 5, "opaque"),), None)
    assert partial == Targeting(True, "", False, None, 18.5)
    over_low = point_targeting(SHOOTER, (20, 0), (wall("muret", 9, -5, 11, 5),), None)
    assert over_low.allowed


def test_a_point_inside_opaque_scenery_is_out_of_sight() -> None:
    """ME18, T8: aiming into a solid block is refused unless the shooter is touching it; a
    point inside low scenery is seen."""
    block = wall("bloc", 15, -5, 25, 5, "opaque")
    res = point_targeting(SHOOTER, (20, 0), (block,), None)
    assert res.reason == "ME18: the point lies inside opaque scenery bloc, out of sight"
    assert point_targeting(Base(13.5, 0, R, "A.Vet"), (20, 0), (block,), None).allowed
    low = wall("ruine", 15, -5, 25, 5, passable=True)
    assert point_targeting(SHOOTER, (20, 0), (low,), None).allowed


def test_figures_in_area_touching_counts() -> None:
    """ME18, T9: every base the area touches (contact tolerance), friend or foe, in order."""
    bases = [
        Base(4.0, 0, R, "in"),
        Base(0, 4.54, R, "touching"),  # gap 0.04 cm
        Base(0, -4.6, R, "apart"),  # gap 0.1 cm
        Base(-4.0, 0, 2.0, "large"),  # gap -1
    ]
    assert figures_in_area((0, 0), 3.0, bases) == ["in", "touching", "large"]
    assert figures_in_area((0, 0), 0.0, [Base(0, 0, R, "under")]) == ["under"]


def test_circle_scenery_is_judged_too() -> None:
    """ME22/ME23 work for round scenery (a pillar) as for polygons."""
    # a 1 cm pillar touching the target's base, in front of it and a little to the side
    angle = math.radians(30)
    pillar = Element(
        "pilier", Circle(30 - 2.5 * math.cos(angle), 2.5 * math.sin(angle), 1.0), sight="opaque"
    )
    assert shoot(elements=(pillar,)) == Targeting(True, "", False, "pilier", 27.0)
    far = Element("pilier", Circle(12, 2.0, 1.0), sight="opaque")
    assert shoot(elements=(far,)) == Targeting(True, "", True, None, 27.0)


# ------------------------------------------------------------------------ the memo of answers


@pytest.mark.parametrize("seed", range(6))
def test_a_remembered_answer_is_the_answer_computed_afresh(seed: int) -> None:
    """``MEMO_SIZE``: every argument is a value, so the memo answers what the query computes;
    a list given and changed afterwards changes nothing remembered."""
    import random

    rng = random.Random(seed)
    walls = tuple(wall(f"w{i}", x, y, x + rng.uniform(1, 6), y + rng.uniform(1, 6),
                       rng.choice(["low", "opaque"]))
                  for i, (x, y) in enumerate((rng.uniform(3, 25), rng.uniform(-6, 4))
                                             for _ in range(4)))
    clear_targeting_memo()
    for _ in range(20):
        target = Base(rng.uniform(5, 40), rng.uniform(-8, 8), R, "B.Merc")
        others = [Base(rng.uniform(3, 30), rng.uniform(-5, 5), R, f"B.{i}") for i in range(2)]
        asked = dict(enemies=list(others), friends=[], elements=list(walls), range_cm=30.0)
        fresh = computed(SHOOTER, target, tuple(others), (), walls, 30.0, False)
        assert targeting(SHOOTER, target, **asked) == fresh  # type: ignore[arg-type]
        asked["enemies"].clear()  # type: ignore[attr-defined]
        assert targeting(SHOOTER, target, enemies=others, friends=[], elements=walls,
                         range_cm=30.0) == fresh


def test_a_repeated_question_is_answered_without_being_worked_out_again() -> None:
    clear_targeting_memo()
    before = memo_info().misses
    for _ in range(3):
        shoot(elements=(wall("w", 10, -3, 12, 3),))
    assert memo_info().misses == before + 1
    shoot(elements=(wall("w", 10, -3, 12, 3),), target=Base(30.5, 0, R, "B.Merc"))
    assert memo_info().misses == before + 2  # a figure elsewhere is another question
    clear_targeting_memo()


def test_a_tables_elements_hash_once_and_stand_for_the_same_key() -> None:
    """The elements tuple asked again (the same object) is hashed once, and keys the memo as
    the plain tuple does; another tuple of other elements is answered for itself."""
    near = (wall("w1", 10, -4, 12, 4, "opaque"),)
    far = (wall("w2", 50, -4, 52, 4, "opaque"),)
    wrapped = targeting_module._scenery(near)
    assert wrapped == near and hash(wrapped) == hash(near)
    assert targeting_module._scenery(near) is wrapped
    clear_targeting_memo()
    blocked = targeting(SHOOTER, TARGET, enemies=(), friends=(), elements=near, range_cm=60.0)
    assert not blocked.allowed
    assert targeting(SHOOTER, TARGET, enemies=(), friends=(), elements=far,
                     range_cm=60.0) == computed(SHOOTER, TARGET, (), (), far, 60.0, False)
    assert targeting(SHOOTER, TARGET, enemies=(), friends=(), elements=near,
                     range_cm=60.0) == blocked
