"""Issue 45: Eden's moves in words (games/eden/words.py through core/words.py): each form
becomes the legal Move or Charge it says and the line says which; each impossible request is
one line saying why; a point typed as shown (0.1 cm) is played at the legal point that near,
an illegal one never."""

from __future__ import annotations

import math

import pytest

from skirmish.core import Ref
from skirmish.core.words import WordsError, parse_request, pick_name, resolve
from skirmish.games.eden.fighting.fighter_actions import Activation

from .profiles import ABAMA, NGOBO, VLADD, YURI
from .scenario import fighter, table


def activation(a, b, ref: str, **kw):  # type: ignore[no-untyped-def]
    return table(a, b, start=[Activation(Ref(ref))], **kw)


def test_the_forms_parse_and_plain_notation_is_left_alone() -> None:
    verbs, charges = {"move"}, {"charge"}
    toward = parse_request("move Vladd toward Sabaka 6", verbs, charges)
    assert toward is not None and (toward.form, toward.actor, toward.target,
                                   toward.distance) == ("toward", "Vladd", "Sabaka", 6.0)
    assert parse_request("move vladd towards sabaka", verbs, charges).distance is None  # type: ignore[union-attr]
    north = parse_request("move Vladd 6 north", verbs, charges)
    assert north is not None and (north.distance, north.angle) == (6.0, 90.0)
    assert parse_request("move Vladd south-west 2.5cm", verbs, charges).angle == 225.0  # type: ignore[union-attr]
    assert parse_request("move Vladd 3 NE", verbs, charges).direction == "north-east"  # type: ignore[union-attr]
    assert parse_request("move Vladd toward Sabaka 6 cm", verbs, charges).distance == 6  # type: ignore[union-attr]
    assert parse_request("move Vladd contact Yuri", verbs, charges).form == "contact"  # type: ignore[union-attr]
    assert parse_request("charge Vladd Sabaka", verbs, charges).form == "charge"  # type: ignore[union-attr]
    for notation in ("move A.Vlädd 30,40", "charge A.Vladd B.Sabaka 30,40", "end", "bid 3"):
        assert parse_request(notation, verbs, charges) is None
    with pytest.raises(WordsError, match="number of cm"):
        parse_request("move Vladd toward Sabaka far", verbs, charges)
    with pytest.raises(WordsError, match="moves in words are"):
        parse_request("move Vladd north", verbs, charges)


def test_names_by_ref_name_case_and_unique_prefix() -> None:
    refs = ["A.Vladd", "A.Yuri", "B.Sabaka", "B.Abama-Big-Belly"]
    assert pick_name("vladd", refs) == "A.Vladd"
    assert pick_name("B.Sabaka", refs) == "B.Sabaka"
    assert pick_name("aba", refs) == "B.Abama-Big-Belly"
    assert pick_name("big", refs) == "B.Abama-Big-Belly"
    with pytest.raises(WordsError, match="no fighter 'Zed'"):
        pick_name("Zed", refs)
    with pytest.raises(WordsError, match="could be"):
        pick_name("Soldat", ["A.Soldat", "B.Soldat"])


def test_toward_goes_the_distance_straight_at_the_target_and_says_the_notation() -> None:
    game = activation([(VLADD, 10, 10)], [(NGOBO, 40, 10)], "A.Vlädd")
    resolved = resolve(game, "move Vladd toward Ngobo 6")
    assert resolved is not None and str(resolved.action) == "move A.Vlädd 16,10"
    assert "-> move A.Vlädd 16,10 (6 cm toward B.Ngobo-Quick-Arm)" in resolved.said
    full = resolve(game, "move vladd toward ngobo")  # no distance: the whole allowance
    assert full is not None and str(full.action) == "move A.Vlädd 20,10"
    game.apply(resolved.action)
    assert (fighter(game, "A.Vlädd").x, fighter(game, "A.Vlädd").y) == (16, 10)


def test_toward_a_near_enemy_stops_short_of_contact() -> None:
    game = activation([(VLADD, 10, 10)], [(NGOBO, 18, 10)], "A.Vlädd")
    resolved = resolve(game, "move Vladd toward Ngobo 6")
    assert resolved is not None and "stopping short of B.Ngobo-Quick-Arm" in resolved.said
    game.check(resolved.action)
    to = resolved.action.to  # type: ignore[attr-defined]
    assert to.x < 18 - 3 and math.isclose(to.y, 10)


def test_a_compass_direction() -> None:
    game = activation([(VLADD, 30, 30)], [(NGOBO, 50, 50)], "A.Vlädd")
    for line, text in (("move Vladd 6 north", "move A.Vlädd 30,36"),
                       ("move Vladd 4 w", "move A.Vlädd 26,30"),
                       ("move Vladd south 5", "move A.Vlädd 30,25")):
        resolved = resolve(game, line)
        assert resolved is not None and str(resolved.action) == text, line


def test_a_way_blocked_by_a_base_stops_before_it_or_steps_aside() -> None:
    game = activation([(VLADD, 30, 30), (YURI, 30, 36)], [(NGOBO, 50, 50)], "A.Vlädd")
    resolved = resolve(game, "move Vladd 6 north")  # Yuri stands there: stop before him
    assert resolved is not None and "(6 cm north; only 3 cm: the way is blocked further)" \
        in resolved.said
    game.check(resolved.action)
    assert str(resolved.action) == "move A.Vlädd 30,33"  # in contact with Yuri, a friend
    game = activation([(VLADD, 30, 30), (YURI, 30.5, 36.6)], [(NGOBO, 50, 50)], "A.Vlädd")
    near = resolve(game, "move Vladd 4 north")  # 30,34 touches Yuri's base: just aside
    assert near is not None and "the nearest legal point" in near.said


def test_contact_with_a_friend_and_a_charge_of_an_enemy() -> None:
    game = activation([(VLADD, 10, 10), (YURI, 16, 18)], [(ABAMA, 23, 10)], "A.Vlädd")
    contact = resolve(game, "move Vladd contact Yuri")
    assert contact is not None and "into contact with A.Yuri" in contact.said
    game.check(contact.action)
    to = contact.action.to  # type: ignore[attr-defined]
    assert math.hypot(to.x - 16, to.y - 18) == pytest.approx(
        (VLADD.base_mm + YURI.base_mm) / 20, abs=0.1)
    charge = resolve(game, "charge Vladd Abama")
    assert charge is not None and str(charge.action).startswith("charge A.Vlädd B.Abama-Big-Belly")
    game.apply(charge.action)
    assert state_in_contact(game, "A.Vlädd", "B.Abama-Big-Belly")


def state_in_contact(game, a: str, b: str) -> bool:  # type: ignore[no-untyped-def]
    from .scenario import state

    s = state(game)
    return s.in_contact(s.fighter(a), s.fighter(b))


def test_each_refusal_is_one_line_saying_why() -> None:
    game = activation([(VLADD, 10, 10), (YURI, 50, 50)], [(NGOBO, 40, 10)], "A.Vlädd")
    cases = {
        "move Vladd 12 north": "cannot move 12 cm: the Move's allowance is 10 cm",
        "charge Vladd Ngobo": "cannot reach contact with B.Ngobo-Quick-Arm this charge "
                              "(allowance 10 cm, 27 cm away)",
        "move Vladd contact Yuri": "cannot reach contact with A.Yuri this move (allowance "
                                   "10 cm",
        "move Vladd contact Ngobo": "a Move cannot end in contact with an enemy: type "
                                    "'charge Vladd Ngobo'",
        "move Yuri 3 north": "A.Yuri is not the activated fighter (A.Vlädd)",
        "move Zed 3 north": "no fighter 'Zed'",
    }
    before = game.state_hash()
    for line, reason in cases.items():
        with pytest.raises(WordsError) as caught:
            resolve(game, line)
        assert reason in str(caught.value), (line, str(caught.value))
        assert "\n" not in str(caught.value)
    assert game.state_hash() == before
    cornered = activation([(VLADD, 1.5, 1.5)], [(NGOBO, 40, 10)], "A.Vlädd")
    with pytest.raises(WordsError) as caught:
        resolve(cornered, "move Vladd 9 sw")
    assert ("cannot move 9 cm south-west: Rulebook 2.D, movement: the base would leave the "
            "field") in str(caught.value)


def test_nobody_moves_outside_an_action_decision() -> None:
    from skirmish.games.eden import EDEN
    from skirmish.games.eden.demo import demo_setup

    game = EDEN.new_game(demo_setup(), seed=1)
    with pytest.raises(WordsError, match="nobody moves now"):
        resolve(game, "move Vladd 3 north")


def test_a_point_typed_as_shown_is_played_at_the_legal_point_that_near() -> None:
    # Vladd stands at 9.96,10.03, shown as 10,10: a full Move typed from what is shown,
    # 20,10, is 10.04 cm away, 0.04 cm over the allowance.
    game = activation([(VLADD, 9.96, 10.03)], [(NGOBO, 50, 50)], "A.Vlädd")
    with pytest.raises(Exception, match="longer than 10 cm"):
        game.check("move A.Vlädd 20,10")
    resolved = resolve(game, "move A.Vlädd 20,10")
    assert resolved is not None and "cm from a legal point: played 'move A.Vlädd" in \
        resolved.said
    to = resolved.action.to  # type: ignore[attr-defined]
    assert math.hypot(to.x - 20, to.y - 10) <= 0.15
    game.check(resolved.action)
    # a legal line is left alone; a point far from any legal one is not moved
    assert resolve(game, "move A.Vlädd 15,10") is None
    assert resolve(game, "move A.Vlädd 21,10") is None
    with pytest.raises(Exception, match="longer than 10 cm"):
        game.apply("move A.Vlädd 21,10")


def test_a_rolls_lowered_difficulty_and_characteristic_read_in_french() -> None:
    # Rulebook 2.B's notes on a roll (a difficulty above 6 lowers the characteristic, one
    # below 1 is raised) in the French log, word for word.
    from skirmish.games.eden.web.i18n import FR_PATTERNS, FR_WORDS
    from skirmish.web.sentences import apply_table

    lines = {
        "A.Anton shooting roll CBT 4 difficulty 7: [4, 1, 5] -> 0 successes (difficulty 7 "
        "lowered to 6, CBT 4 lowered to 3; 3D6 at 6+: 4 1 5, 0 successes)":
        "A.Anton, jet de tir CBT 4 difficulté 7 : [4, 1, 5] -> 0 succès (difficulté 7 abaissée "
        "à 6, CBT 4 abaissée à 3 ; 3D6 à 6+ : 4 1 5, 0 succès)",
        "A.Anton shooting roll CBT 1 difficulty 7: [] -> 0 successes (difficulty 7 lowered to "
        "6, CBT 1 lowered to 0; CBT 0 is 0 or less: no dice rolled, the roll fails "
        "automatically)":
        "A.Anton, jet de tir CBT 1 difficulté 7 : [] -> 0 succès (difficulté 7 abaissée à 6, "
        "CBT 1 abaissée à 0 ; CBT 0 vaut 0 ou moins : aucun dé lancé, le jet échoue d'office)",
        "A.Anton shooting roll CBT 2 difficulty 0: [4, 1] -> 2 successes (difficulty 0 raised "
        "to 1, every die succeeds; 2D6 at 1+: 4 1, 2 successes)":
        "A.Anton, jet de tir CBT 2 difficulté 0 : [4, 1] -> 2 succès (difficulté 0 relevée à 1, "
        "chaque dé réussit ; 2D6 à 1+ : 4 1, 2 succès)",
    }
    for english, french in lines.items():
        assert apply_table(english, FR_PATTERNS, FR_WORDS) == french
