"""Every sample mission and tactical card, in play with forced dice: one test per card
(parametrised by name), checking what its own parameters say (Rulebook 1.D, 4.A step 5,
4.B tactical phase and step 10)."""

from __future__ import annotations

import pytest

from skirmish.core import Ref
from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.effects import EFFECTS, ActiveEffect, thaw
from skirmish.games.eden.fighting.melee import MeleeAttack
from skirmish.games.eden.fighting.wounds import inflict_wounds
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.rolling import roll_characteristic
from skirmish.games.eden.rounds.intendancy import count_victory_points
from skirmish.games.eden.rounds.tactical import TacticalPhase

from ..scenario import fighter, state
from .helpers import library, on_table, with_card

LIB = library()
A, B = "A.Anton", "B.Dacke"


# -- missions ---------------------------------------------------------------------------------
def play_mission(card: str, a_at=(10.0, 10.0), b_at=(50.0, 50.0), dice=()):
    game = on_table([("Anton", *a_at), ("Mirka", a_at[0] + 3.5, a_at[1])], [("Dacke", *b_at)],
                    dice=dice, plain=True)
    st = state(game)
    st.halves = ["south", "north"]
    st.leaders = ["A.Anton", "B.Dacke"]
    mission = LIB.missions[card]
    with_card(game, missions=((mission,), ()))
    st.missions[0].append(card)
    for spec in mission.effects:
        effect = ActiveEffect.of(spec, source=card, owner="A")
        st.effects.append(effect)
        EFFECTS[effect.effect].on_play(game, effect)
    return game


def score(game, final=False) -> int:
    before = state(game).vp[0]
    count_victory_points(game, final=final)
    return state(game).vp[0] - before


def kill_in_melee(game) -> None:
    """Anton (CBT 4) attacks Dacke (VIG 3) with forced dice: 6,6,6,6 and location 1 (head)."""
    game.push(MeleeAttack(Ref(A), Ref(B)))
    game.advance()
    game.apply("react passive")
    if game.decision() is not None:
        game.apply("aim head")


def mission_check(card: str) -> None:
    mission = LIB.missions[card]
    for spec in mission.effects:
        p = {"effect": spec.effect, **thaw(spec.params)}
        kind = p["effect"]
        if kind in ("hold-objectives", "vp-near"):
            x, y = p["at"][0]
            game = play_mission(card, a_at=(x, y + 3.0))
            st = state(game)  # neutral marker names; the state knows whose they are
            assert any(m.id == "objective-1" and st.objectives[m.id] == f"A:{card}"
                       for m in st.markers)
            per = 2 if kind == "vp-near" and x + 3.5 else 1
            expected = p.get("vp", 1) * (per if kind == "vp-near" else 1)
            got = score(game)
            assert got >= expected
            fighter(game, "B.Dacke").x, fighter(game, "B.Dacke").y = x + 2.5, y - 2.5
            if kind == "hold-objectives":  # an enemy near the marker: not controlled
                assert score(game) < got
            far = play_mission(card, a_at=(30.0 if x != 30 else 45.0, 45.0))
            assert score(far) == 0 or (kind == "hold-objectives" and len(p["at"]) > 1)
        elif kind == "vp-zone":
            inside = (30.0, 34.0) if p["zone"] == "centre" else (20.0, 45.0)
            game = play_mission(card, a_at=inside, b_at=(50.0, 10.0))
            assert score(game) == 2 * p.get("vp", 1)  # Anton and Mirka
            assert score(play_mission(card, a_at=(10.0, 10.0), b_at=(50.0, 50.0))) == 0
        elif kind == "vp-survivors":
            game = play_mission(card, dice=[1] * 5)
            inflict_wounds(game, fighter(game, "A.Mirka"), Limb.HEAD, 9)
            assert score(game) == 0
            assert score(game, final=True) == p.get("vp", 1) + p.get("leader", 0)
        elif kind == "vp-per-wound":
            game = play_mission(card, a_at=(10.0, 10.0), b_at=(13.0, 10.0), dice=[6, 6, 6, 6, 5])
            game.push(MeleeAttack(Ref(A), Ref(B)))
            game.advance()
            game.apply("react passive")
            if game.decision() is not None:
                game.apply("aim torso")
            lost = sum(fighter(game, B).checked)
            assert score(game) == (lost // p["per"]) * p.get("vp", 1)
        elif kind == "vp-per-kill":
            game = play_mission(card, b_at=(13.5, 10.0), dice=[6, 6, 6, 6, 1])
            kill_in_melee(game)
            assert not fighter(game, B).on_field
            assert score(game) == p.get("vp", 1) + p.get("leader", 0)
        elif kind == "modify":
            c = Characteristic.parse(p["characteristic"])
            game = play_mission(card, dice=[6] * 10)
            anton = fighter(game, A)
            assert roll_characteristic(game, anton, c, 4).dice == anton.base_value(c) + \
                p["delta"]
        else:
            raise AssertionError(f"{card}: no in-play test for effect {kind!r}")


@pytest.mark.parametrize("card", sorted(LIB.missions))
def test_mission_in_play(card: str) -> None:
    mission_check(card)


def test_retreat_to_contaminated_areas_is_the_rulebooks_card() -> None:
    card = LIB.missions["Retreat to contaminated areas"]
    assert (card.secret, card.deployment, card.faction) == (False, "confrontation", "Bamaka")


# -- tactical cards ---------------------------------------------------------------------------
def play_tactical(card: str, target: str | None = "A.Anton", dice=(), round_=1):
    game = on_table([("Anton", 10.0, 10.0), ("Mirka", 13.5, 10.0)], [("Dacke", 13.0, 13.0)],
                    dice=dice, plain=True)
    st = state(game)
    with_card(game, tactical=((LIB.tactical[card],), ()))
    st.hands = [[card], []]
    st.leaders = ["A.Anton", "B.Dacke"]
    st.sp = [6, 0]
    st.round = round_
    game.push(TacticalPhase())
    game.advance()
    aims = LIB.tactical[card].aims
    if target is not None and aims is not None:
        target = B if aims == "enemy" else target
    game.apply(f"play {card.replace(' ', '-')}" + (f" {target}" if target and aims else ""))
    return game


def tactical_check(card: str) -> None:
    c = LIB.tactical[card]
    for spec in c.effects:
        p = {"effect": spec.effect, **thaw(spec.params)}
        kind, who = p["effect"], p.get("who", "target")
        game = play_tactical(card, dice=[6] * 10 + [1] * 10)
        st = state(game)
        assert st.sp[0] == 4 + p.get("sp", 0)
        chosen = B if c.aims == "enemy" else A
        picks = {"target": [chosen], "troop": [A, "A.Mirka"], "enemies": [B]}[who]
        if kind == "modify":
            ch = Characteristic.parse(p["characteristic"])
            for ref in picks:
                f = fighter(game, ref)
                assert roll_characteristic(game, f, ch, 4).dice == f.base_value(ch) + p["delta"]
            assert st.effects[0].until == c.lasts
        elif kind == "instant":
            for ref in picks:
                f = fighter(game, ref)
                if p.get("condition"):
                    assert f.marker_count(p["condition"]) == p.get("count", 1)
                    if p["condition"] == Condition.POISON:  # -1 to every roll
                        assert roll_characteristic(game, f, Characteristic.CBT, 4).dice == \
                            f.base_value(Characteristic.CBT) - 1
                if p.get("ap"):
                    assert f.ap == 3 + p["ap"]
            if p.get("heal") or p.get("remove"):
                game = on_table([("Anton", 10.0, 10.0), ("Mirka", 13.5, 10.0)],
                                [("Dacke", 13.0, 13.0)], plain=True)
                anton = fighter(game, A)
                anton.wound(Limb.TORSO, 2)
                anton.add_markers(Condition.BURN, 2)
                effect = ActiveEffect.of(spec, source=card, owner="A")
                effect = ActiveEffect(effect.effect, card, "A",
                                      tuple(sorted({**dict(effect.params), "target": A}
                                                   .items())))
                EFFECTS["instant"].on_play(game, effect)
                if p.get("heal"):
                    assert anton.checked[2] == max(0, 2 - p["heal"])
                if p.get("remove"):
                    assert anton.marker_count(p["remove"]) == 0
        elif kind == "move-distance":
            from skirmish.core import Ref as R
            from skirmish.games.eden.fighting.fighter_actions import Activation

            mirka = fighter(game, "A.Mirka")
            game.push(Activation(R("A.Mirka")))
            game.advance()
            game.apply(f"move A.Mirka {13.5 + p['cm'] - 0.5},10")
            assert mirka.x == pytest.approx(13.5 + p["cm"] - 0.5)
        elif kind == "protect":
            assert inflict_wounds(game, fighter(game, A), Limb.HEAD, 2, ranged=True).lost == \
                2 - p["amount"]
            assert inflict_wounds(game, fighter(game, A), Limb.ARMS, 1).lost == 1
        else:
            raise AssertionError(f"{card}: no in-play test for effect {kind!r}")


@pytest.mark.parametrize("card", sorted(LIB.tactical))
def test_tactical_card_in_play(card: str) -> None:
    tactical_check(card)


def test_contaminated_area_is_first_round_only() -> None:
    card = LIB.tactical["Contaminated Area"]
    assert card.tactical and card.first_round
    from skirmish.games.eden.rounds.tactical import card_refusal

    game = on_table([("Anton", 10.0, 10.0)], [("Dacke", 40.0, 40.0)], plain=True)
    st = state(game)
    with_card(game, tactical=((card,), ()))
    st.hands, st.leaders, st.sp, st.round = [[card.name], []], ["A.Anton", "B.Dacke"], [6, 6], 2
    assert "first round only" in (card_refusal(st, 0, "Contaminated-Area", None) or "")
