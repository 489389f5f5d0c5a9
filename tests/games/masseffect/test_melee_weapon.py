"""ME42: the player chooses the melee weapon of a figure that carries several (issue 47).

ME28 reads the draft's «autant de blessures qu'indiqué par l'arme du tireur» as «if it
carries several, the owner chooses one for the phase». Until issue 47 the engine chose for
him (the highest mean damage); that reading is now the house rule ``me-melee-weapon=best``.
No sample card carries two melee weapons: these scenarios give a test figure (``BRUTE``) an
Arme de mêlée (1) and a Poing hydraulique (D3).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from skirmish.core.actions import Ref
from skirmish.core.errors import IllegalActionError
from skirmish.core.game import Game
from skirmish.games.masseffect.actions import ME_ACTIONS, Wield
from skirmish.games.masseffect.house_rules import FORMER_READINGS, MELEE_WEAPON
from skirmish.games.masseffect.state import MEState
from tests.games.masseffect.cards import target
from tests.games.masseffect.table import Put, at, figure, halted, rolls, scene, st

BRUTE = target("Brute", equipment="Arme de mêlée, Poing hydraulique")  # Mêlée 5+, Vitalité 3
CIBLE = target()  # Mêlée 5+, Arme de mêlée (1), Vitalité 3
A, B, B2 = "A.Brute", "B.Cible", "B.Cible-2"


def reading(name: str):  # type: ignore[no-untyped-def]
    def prepare(state: MEState) -> None:
        state.house_rules = {MELEE_WEAPON: name}
    return prepare


def duel(dice: list[int], how: str = "player") -> Game:
    """The brute (A) at (10, 10), a one-weapon target (B) in contact to the north, at the
    start of the melee phase."""
    return scene([Put(0, BRUTE, 10, 10), Put(1, CIBLE, 10, 11.2)], phase="mêlée", dice=dice,
                 prepare=reading(how))


# -- the draft: the owner chooses, and the damage follows the weapon chosen ----------------------
@pytest.mark.parametrize(("weapon", "dice", "left"), [
    ("Arme-de-mêlée", [5, 1], 2),  # Dégâts (1): 3 -> 2, no damage roll
    ("Poing-hydraulique", [5, 1, 3], 1),  # Dégâts (D3): a 3 is 2 wounds, 3 -> 1
])
def test_the_player_chooses_the_melee_weapon_and_the_damage_follows_it(
        weapon: str, dice: list[int], left: int) -> None:
    # ME28: «autant de blessures qu'indiqué par l'arme du tireur»; «if it carries several,
    # the owner chooses one for the phase». The Arme de mêlée has the lower mean damage: the
    # player may still take it.
    game = duel(dice)
    game.apply(f"fight {A}")
    decision = game.decision()
    assert (decision.kind, decision.player) == ("wield", 0)
    assert sorted(map(str, game.legal_actions())) == [
        f"wield {A} Arme-de-mêlée", f"wield {A} Poing-hydraulique"]
    assert rolls(game) == []  # chosen before the dice
    game.apply(f"wield {A} {weapon}")
    assert figure(game, 0).wielding == weapon.replace("-", " ")
    assert [r[1] for r in rolls(game)] == ["melee", "melee"] + (["damage D3"] if left == 1
                                                                else [])
    assert figure(game, 1).vitality == left and halted(game)
    assert game.view(1)["figures"][0]["wielding"] == weapon.replace("-", " ")  # public


@pytest.mark.parametrize(("how", "asked", "left"), [("player", True, 2), ("best", False, 1)])
def test_each_reading_of_the_option(how: str, asked: bool, left: int) -> None:
    # me-melee-weapon=player (the draft): the player is asked and takes the Arme de mêlée;
    # =best (the engine before issue 47): nobody is asked, the Poing hydraulique (D3, the
    # highest mean) strikes: a 3 is 2 wounds.
    game = duel([5, 1, 3], how)
    game.apply(f"fight {A}")
    assert (game.decision().kind == "wield") is asked
    if asked:
        game.apply(f"wield {A} Arme-de-mêlée")
    assert figure(game, 1).vitality == left
    assert FORMER_READINGS[MELEE_WEAPON] == "best"


def test_both_fighters_choose_the_lone_figures_player_first() -> None:
    # Two brutes: A's player chooses, then B's; then both roll. B (6) hits with its fist.
    game = scene([Put(0, BRUTE, 10, 10), Put(1, BRUTE, 10, 11.2)], phase="mêlée",
                 dice=[1, 6, 5])
    game.apply(f"fight {A}")
    assert game.decision().player == 0
    game.apply(f"wield {A} Arme-de-mêlée")
    assert game.decision().player == 1 and game.decision().kind == "wield"
    game.apply("wield B.Brute Poing-hydraulique")
    assert rolls(game)[-1] == ("B.Brute", "damage D3", 3)  # a 5 on the D3: 3 wounds
    assert figure(game, 0).vitality == 0 and figure(game, 0).out


def test_no_choice_with_one_melee_weapon_or_none() -> None:
    # Offered only to a figure with two or more different melee weapons.
    game = scene([Put(0, CIBLE, 10, 10), Put(1, target(equipment="Fusil mitrailleur"), 10, 11.2)],
                 phase="mêlée", dice=[5, 1])
    game.apply("fight A.Cible")
    assert figure(game, 1).vitality == 2 and halted(game)


def test_a_weapon_it_does_not_carry_is_refused_in_one_line() -> None:
    game = duel([5, 1])
    game.apply(f"fight {A}")
    before = game.state.to_json()  # type: ignore[attr-defined]
    for wrong in (f"wield {A} Lame-monofilament", f"wield {B} Arme-de-mêlée"):
        with pytest.raises(IllegalActionError, match="strikes with one of its melee weapons "
                           r"\(Arme-de-mêlée, Poing-hydraulique\)"):
            game.apply(wrong)
    assert game.state.to_json() == before  # type: ignore[attr-defined]


def test_the_choice_holds_for_the_phase_and_a_new_phase_asks_again() -> None:
    # The brute (B) is in contact with two targets (A). Each disengages in the movement
    # phase: B's player chooses once, before its first opportunity attack; the second
    # attack strikes with the same weapon. The melee phase asks again (nobody is engaged
    # any more here, so the weapon chosen is cleared when it starts).
    game = scene([Put(1, BRUTE, 10, 10), Put(0, CIBLE, 10, 8.8), Put(0, CIBLE, 8.8, 10)],
                 phase=["mouvement", "mêlée"], dice=[5, 2, 5, 2], initiative=0)
    game.apply(f"walk A.Cible {at(10, 5)} 270")
    assert game.decision().kind == "wield" and game.decision().player == 1
    game.apply("wield B.Brute Poing-hydraulique")
    # a 2 on the D3: 1 wound
    assert rolls(game) == [("B.Brute", "opportunity attack", 5), ("B.Brute", "damage D3", 1)]
    game.apply(f"walk A.Cible-2 {at(5, 10)} 180")  # no second choice
    assert rolls(game)[2:] == [("B.Brute", "opportunity attack", 5),
                               ("B.Brute", "damage D3", 1)]
    state = st(game)
    assert [state.figure(r).vitality for r in ("A.Cible", "A.Cible-2")] == [2, 2]
    assert state.figure("B.Brute").wielding == "Poing hydraulique"
    game.apply("stay B.Brute 90")  # the melee phase starts: nobody in contact
    assert halted(game) and state.figure("B.Brute").wielding == ""


def test_the_choice_is_cleared_each_turn_copied_and_saved() -> None:
    game = duel([5, 1])
    game.apply(f"fight {A}")
    game.apply(f"wield {A} Arme-de-mêlée")
    brute = figure(game, 0)
    assert brute.clone().wielding == "Arme de mêlée"
    saved = game.state.to_json()  # type: ignore[attr-defined]
    assert saved["figures"][0]["wielding"] == "Arme de mêlée"
    assert "wielding" not in saved["figures"][1]  # none chosen: the state reads as before
    other = duel([])
    other.state.load(saved)  # type: ignore[attr-defined]
    assert figure(other, 0).wielding == "Arme de mêlée"
    brute.new_turn()
    assert brute.wielding == ""


def test_the_notation_both_ways() -> None:
    action = Wield(Ref("A.Brute"), "Poing-hydraulique")
    assert str(action) == "wield A.Brute Poing-hydraulique"
    assert ME_ACTIONS.parse(str(action)) == action


def test_the_odds_strike_with_the_weapon_named() -> None:
    # ME50: the odds take the weapon (default: the best, as the former engine).
    from skirmish.games.masseffect.odds import melee_from_cards
    from tests.games.masseffect.table import library

    weapons = [library().weapon(n) for n in ("Arme de mêlée", "Poing hydraulique")]
    best = melee_from_cards(BRUTE, weapons, CIBLE, [library().weapon("Arme de mêlée")])
    fist = melee_from_cards(BRUTE, weapons, CIBLE, [library().weapon("Arme de mêlée")],
                            weapon_a="Poing hydraulique")
    club = melee_from_cards(BRUTE, weapons, CIBLE, [library().weapon("Arme de mêlée")],
                            weapon_a="Arme de mêlée")
    assert best == fist and club != fist
    # Mêlée 5+ against 5+: A hits when it succeeds and B fails: 1/3 * 2/3 = 2/9
    assert club.wounds_to_b == {0: Fraction(7, 9), 1: Fraction(2, 9)}
    assert fist.wounds_to_b == {0: Fraction(7, 9), 1: Fraction(2, 27), 2: Fraction(2, 27),
                                3: Fraction(2, 27)}
    with pytest.raises(ValueError, match=r"'Omni-lame' is not one of its melee weapons "
                       r"\(Arme de mêlée, Poing hydraulique\)"):
        melee_from_cards(BRUTE, weapons, CIBLE, [], weapon_a="Omni-lame")


def test_the_rl_action_space_expresses_the_choice() -> None:
    # The codec gives the verb its own block (actor: the figure; k: the k-th weapon offered):
    # each weapon offered has an index of its own, decoded to the action offered.
    from skirmish.rl.actions import ActionCodec, Roster
    from skirmish.rl.setups import Limits

    game = duel([5, 1])
    game.apply(f"fight {A}")
    limits = Limits(per_side=2)
    codec = ActionCodec(ME_ACTIONS, limits)
    roster = Roster(limits, "figures", "markers", "markers")
    roster.sync(game.view(0))
    legal = list(game.legal_actions())
    mask, table, left_out = codec.encode(legal, 0, roster)
    block = codec.by_class[Wield]
    assert not left_out and int(mask.sum()) == 2 and sorted(table.values(), key=str) == legal
    assert all(block.offset <= i < block.offset + block.size for i in table)
    from skirmish.games.masseffect.rl.observations import KINDS

    assert "wield" in KINDS


def test_the_bots_choose_the_weapon() -> None:
    # The heuristic keeps the engine's former choice (the highest mean damage: the fist); the
    # search bot picks one of the weapons offered.
    from skirmish.bots.registry import make_agent
    from skirmish.core.agents import view_of

    game = duel([5, 1])
    game.apply(f"fight {A}")
    legal = list(game.legal_actions())
    heuristic = make_agent("heuristic", 1)
    assert str(heuristic.act(view_of(game, 0, heuristic), legal)) == \
        f"wield {A} Poing-hydraulique"
    search = make_agent("mcts:me_iterations=20,me_stays=true", 2)
    assert search.act(view_of(game, 0, search), legal) in legal


def test_the_web_odds_follow_the_weapon_chosen_and_the_one_offered() -> None:
    # Two brutes: A's player took the Arme de mêlée; B's is asked. The odds of each of B's
    # choices strike with it, and with A's weapon as chosen (not A's best).
    from skirmish.games.masseffect.web.odds import odds

    game = scene([Put(0, BRUTE, 10, 10), Put(1, BRUTE, 10, 11.2)], phase="mêlée")
    game.apply(f"fight {A}")
    game.apply(f"wield {A} Arme-de-mêlée")
    fist = odds(game, "wield B.Brute Poing-hydraulique")["odds"]["melees"][0]
    club = odds(game, "wield B.Brute Arme-de-mêlée")["odds"]["melees"][0]
    assert (fist["a_weapon"], fist["b_weapon"]) == ("Arme de mêlée", "Poing hydraulique")
    assert (club["a_weapon"], club["b_weapon"]) == ("Arme de mêlée", "Arme de mêlée")
    assert fist["wounds_to_b"] == club["wounds_to_b"] == {"0": round(7 / 9, 6),
                                                          "1": round(2 / 9, 6)}
    assert set(fist["wounds_to_a"]) == {"0", "1", "2", "3"}
    assert club["wounds_to_a"] == {"0": round(7 / 9, 6), "1": round(2 / 9, 6)}


def test_the_words_are_in_english_and_french() -> None:
    # The prompt, the log lines and the refusal of the choice read in French with no English
    # word left (the notation quoted aside).
    from skirmish.web.frames import log_lines
    from skirmish.web.i18n import translate
    from tests.web.test_words import english_in

    game = duel([5, 1])
    game.apply(f"fight {A}")
    texts = [game.decision().prompt]
    try:
        game.apply(f"wield {A} Omni-lame")
    except IllegalActionError as exc:
        texts.append(str(exc).replace(f"'wield {A} Omni-lame'", "''"))
    game.apply(f"wield {A} Arme-de-mêlée")
    lines = [x["line"] for x in log_lines(game, 0)]
    texts += [x for x in lines if "takes up" in x or "wields" in x]
    assert len(texts) == 4, lines
    for text in texts:
        french = translate(text, "fr")
        assert french != text and not english_in(french), (text, french)


@pytest.mark.parametrize("weapon", ["Arme de mêlée", "Poing hydraulique"])
def test_the_odds_with_a_named_weapon_agree_with_the_engine_by_simulation(weapon: str) -> None:
    # The brute against an Armure (1) target, both Mêlée 5+: the engine, seeded, played from
    # the wield decision 1,500 times, loses B what the exact odds say, within 3 points.
    from skirmish.core.dice import SeededDice
    from skirmish.games.masseffect.odds import melee_from_cards
    from tests.games.masseffect.table import library

    armoured = target(traits="Armure (1)")
    start = scene([Put(0, BRUTE, 10, 10), Put(1, armoured, 10, 11.2)], phase="mêlée")
    start.apply(f"fight {A}")
    trials = 1500
    lost: dict[int, int] = {}
    for seed in range(trials):
        game = start.copy()
        game.dice = SeededDice(seed)
        game.apply(f"wield {A} {weapon.replace(' ', '-')}")
        b = figure(game, 1)
        hurt = (1 - b.armour) + (3 - b.vitality)
        lost[hurt] = lost.get(hurt, 0) + 1
    lib = library()
    odds = melee_from_cards(BRUTE, [lib.weapon("Arme de mêlée"), lib.weapon("Poing hydraulique")],
                            armoured, [lib.weapon("Arme de mêlée")], weapon_a=weapon)
    # armour and Vitalité lost together (the armour point soaks first, ME25)
    expected: dict[int, float] = {}
    for (state, _hits), p in odds.to_b.joint.items():
        points = (1 - state.armour) + (3 - state.vitality)
        expected[points] = expected.get(points, 0.0) + float(p)
    for points in set(expected) | set(lost):
        assert abs(lost.get(points, 0) / trials - expected.get(points, 0.0)) < 0.03, points


def test_the_terminal_table_shows_the_weapon_chosen() -> None:
    from rich.console import Console

    from skirmish.games.masseffect.cli.table_talk import status_table

    game = duel([5, 1])
    game.apply(f"fight {A}")
    game.apply(f"wield {A} Arme-de-mêlée")
    console = Console(width=200, record=True)
    console.print(status_table(game.view(0)))
    assert "fought, wields Arme de mêlée" in console.export_text()
