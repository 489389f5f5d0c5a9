"""Every sample ability, in play with forced dice: one test per card (parametrised by name),
checking what the card's own parameters say it does (Rulebook 7)."""

from __future__ import annotations

import pytest

from skirmish.core import IllegalActionError, Ref
from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.effects import thaw
from skirmish.games.eden.fighting.fighter_actions import Activation
from skirmish.games.eden.fighting.melee import MeleeAttack
from skirmish.games.eden.fighting.wounds import inflict_wounds
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.rolling import roll_characteristic
from skirmish.games.eden.rounds.intendancy import Intendancy, count_victory_points

from ..scenario import fighter, state
from .helpers import library, on_table

LIB = library()
# The owner is a plain fighter given only the card under test: Anton (A), against Dacke (B).
OWNER, ENEMY = "Anton", "Dacke"
A, B = "A.Anton", "B.Dacke"


def game_for(card: str, *, dice=(), ally=False, start=(), enemy_at=(13.0, 10.0)):
    a = [(OWNER, 10.0, 10.0)] + ([("Mirka", 10.0, 13.5)] if ally else [])
    return on_table(a, [(ENEMY, *enemy_at)], dice=dice, start=start, plain=True,
                    abilities={OWNER: (card,)})


def spec(card: str) -> dict:
    effects = LIB.abilities[card].effects
    return {"effect": effects[0].effect, **thaw(effects[0].params)}


def check_modify(card: str, p: dict) -> None:
    c = Characteristic.parse(p["characteristic"])
    ally = p.get("who") == "allies"
    game = game_for(card, dice=[6] * 20, ally=ally)
    who = fighter(game, "A.Mirka" if ally else A)
    base = who.base_value(c)
    if p.get("wounded"):
        assert state(game).characteristic(who, c) == base  # not wounded yet: no bonus
        who.wound(Limb.LEGS, who.profile.limb(Limb.LEGS).white_cp)
    roll = roll_characteristic(game, who, c, 4)
    assert roll.dice == base + p["delta"] and roll.successes == roll.dice
    if ally:  # beyond reach: no bonus
        who.y = 10 + 3 + float(p["within"]) + 1
        assert state(game).characteristic(who, c) == base


def check_protect(card: str, p: dict) -> None:
    limb = Limb(p["limbs"][0])
    ally = p.get("who") == "allies"
    game = game_for(card, ally=ally)
    who = fighter(game, "A.Mirka" if ally else A)
    lost = inflict_wounds(game, who, limb, 2, ranged=True).lost
    assert lost == 2 - p["amount"]
    if p.get("ranged_only"):  # a melee attack: Dacke CBT 3 vs VIG: 3 successes, aim the head
        game = game_for(card, dice=[6, 6, 6, 1], start=[MeleeAttack(Ref(B), Ref(A))])
        game.apply("react passive")
        if game.decision() is not None and game.decision().kind == "aim":
            game.apply(f"aim {limb.value}")
        assert fighter(game, A).checked[list(Limb).index(limb)] >= 1


def check_shift(card: str, p: dict) -> None:
    # Dacke CBT 3 vs Anton VIG 4: dice 4,1,1 -> 1 success; location 5 (torso) shifted to 6
    game = game_for(card, dice=[4, 1, 1, 5], start=[MeleeAttack(Ref(B), Ref(A))])
    game.apply("react passive")
    assert game.decision().kind == "location-shift" and game.decision().player == 0
    game.apply(f"shift {p['by']}")
    assert fighter(game, A).checked == [0, 0, 0, 1]


def check_move(card: str, p: dict) -> None:
    game = game_for(card, start=[Activation(Ref(A))], enemy_at=(50.0, 50.0))
    game.apply(f"move {A} {10 + p['cm'] - 0.5},10")
    assert fighter(game, A).x == pytest.approx(10 + p["cm"] - 0.5)
    with pytest.raises(IllegalActionError):
        game.apply(f"move {A} {10 + p['cm'] - 0.5},{10 + p['cm'] + 1}")


def check_marker_on(card: str, p: dict) -> None:
    condition, count = p["condition"], p.get("count", 1)
    if p["on"] == "wounded":  # Dacke hits Anton: 1 success (4, 1, 1), location 2 = arms
        game = game_for(card, dice=[4, 1, 1, 2], start=[MeleeAttack(Ref(B), Ref(A))])
        game.apply("react passive")
        who = fighter(game, B if p.get("to") == "attacker" else A)
    elif p["on"] == "activation":
        game = game_for(card, start=[Activation(Ref(A))])
        who = fighter(game, B)
    else:
        game = game_for(card, ally=True)
        inflict_wounds(game, fighter(game, "A.Mirka"), Limb.HEAD, 9)
        who = fighter(game, A)
    assert who.marker_count(condition) == count


def check_gain_on(card: str, p: dict) -> None:
    game = game_for(card, dice=[6, 6, 6, 6, 1])
    sp = state(game).sp[0]
    inflict_wounds(game, fighter(game, B), Limb.HEAD, 9, by=A)
    assert state(game).sp[0] == sp + p.get("sp", 0)


def check_heal(card: str, p: dict) -> None:
    game = game_for(card, ally=True, start=[Activation(Ref(A))])
    mirka = fighter(game, "A.Mirka")
    mirka.wound(Limb.TORSO, 2)
    assert f"use {A} {card.replace(' ', '-')} A.Mirka" in game.legal_actions()
    game.apply(f"use {A} {card.replace(' ', '-')} A.Mirka")
    assert mirka.checked[2] == 2 - p["amount"]
    with pytest.raises(IllegalActionError):  # X/round, or no wound left
        game.apply(f"use {A} {card.replace(' ', '-')} A.Mirka")


def check_afflict(card: str, p: dict) -> None:
    token = card.replace(" ", "-")
    for faces, expected in (([6, 6, 6], p.get("count", 1)), ([1, 1, 1], 0)):
        game = game_for(card, dice=faces, start=[Activation(Ref(A))], enemy_at=(20.0, 10.0))
        game.apply(f"use {A} {token} {B}")
        assert fighter(game, B).marker_count(p["condition"]) == (
            expected if "roll" in p else p.get("count", 1))


def check_strike(card: str, p: dict) -> None:
    # Anton PSI 3 against Dacke VIG 3: 6, 6, 1 -> 2 successes; location 2 = arms
    game = game_for(card, dice=[6, 6, 1, 2], start=[Activation(Ref(A))], enemy_at=(20.0, 10.0))
    game.apply(f"use {A} {card.replace(' ', '-')} {B}")
    assert fighter(game, B).checked[1] == 2
    far = game_for(card, start=[Activation(Ref(A))], enemy_at=(50.0, 50.0))
    with pytest.raises(IllegalActionError, match="more than"):
        far.apply(f"use {A} {card.replace(' ', '-')} {B}")


def check_buff(card: str, p: dict) -> None:
    c = Characteristic.parse(p["characteristic"])
    game = game_for(card, ally=True, dice=[6] * 10, start=[Activation(Ref(A))])
    mirka = fighter(game, "A.Mirka")
    game.apply(f"use {A} {card.replace(' ', '-')} A.Mirka")
    assert roll_characteristic(game, mirka, c, 4).dice == mirka.base_value(c) + p["delta"]
    game.push(Intendancy())
    game.advance()
    assert state(game).characteristic(mirka, c) == mirka.base_value(c)  # round over


def check_gain(card: str, p: dict) -> None:
    game = game_for(card, start=[Activation(Ref(A))])
    anton, ability = fighter(game, A), LIB.abilities[card]
    sp, ap = state(game).sp[0], anton.ap
    game.apply(f"use {A} {card.replace(' ', '-')}")
    assert state(game).sp[0] == sp + p.get("sp", 0) - ability.cost_sp
    assert anton.ap == ap + p.get("ap", 0) - ability.cost_ap


def check_upkeep(card: str, p: dict) -> None:
    game = game_for(card, ally=True, dice=[1] * 10)
    anton, mirka = fighter(game, A), fighter(game, "A.Mirka")
    whom = mirka if p.get("who") == "troop" else anton
    whom.wound(Limb.TORSO, 1)
    if p.get("remove"):
        whom.add_markers(p["remove"], 2)
    sp = state(game).sp[0]
    game.push(Intendancy())
    game.advance()
    if p.get("heal"):
        assert whom.checked[2] == 0
    if p.get("remove"):
        assert whom.marker_count(p["remove"]) == 0
    assert state(game).sp[0] == sp + p.get("sp", 0)


def check_vp_per_kill(card: str, p: dict) -> None:
    game = game_for(card, dice=[6, 6, 6, 6, 1])
    inflict_wounds(game, fighter(game, B), Limb.HEAD, 9, by=A)
    count_victory_points(game)
    assert state(game).vp[0] == p.get("vp", 1)


CHECKS = {"modify": check_modify, "protect": check_protect, "shift-location": check_shift,
          "move-distance": check_move, "marker-on": check_marker_on, "gain-on": check_gain_on,
          "heal": check_heal, "afflict": check_afflict, "strike": check_strike,
          "buff": check_buff, "gain": check_gain, "upkeep": check_upkeep,
          "vp-per-kill": check_vp_per_kill}


@pytest.mark.parametrize("card", sorted(LIB.abilities))
def test_ability_in_play(card: str) -> None:
    p = spec(card)
    assert p["effect"] in CHECKS, f"{card}: no in-play test for effect {p['effect']!r}"
    CHECKS[p["effect"]](card, p)


def test_without_the_card_nothing_happens() -> None:
    """The control: the same melee wound without Fury gives no Rage marker."""
    game = on_table([(OWNER, 10, 10)], [(ENEMY, 13, 10)], dice=[4, 1, 1, 2], plain=True,
                    start=[MeleeAttack(Ref(B), Ref(A))])
    game.apply("react passive")
    assert fighter(game, A).marker_count(Condition.RAGE) == 0
