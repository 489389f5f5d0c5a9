"""Phase de mêlée, scenario by scenario (docs/masseffect.md ME25, ME27-ME29, ME34)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from skirmish.core.errors import IllegalActionError
from skirmish.core.game import Game
from skirmish.games.masseffect.cards.profile import Profile
from skirmish.games.masseffect.events import RollNote, WoundEvent
from skirmish.games.masseffect.state import MEState
from tests.games.masseffect.cards import target
from tests.games.masseffect.table import Put, figure, halted, rolls, scene

CIBLE = target()  # Mêlée 5+, Arme de mêlée (1), Vitalité 3, no protection
A1, A2, B1, B2 = "A.Cible", "A.Cible-2", "B.Cible", "B.Cible-2"


def wounds(game: Game) -> list[tuple[str, int]]:
    return [(e.figure, e.wounds) for e in game.log if isinstance(e, WoundEvent)]


def duel(a: str | Profile = CIBLE, b: str | Profile = CIBLE, dice: Sequence[int] = (),
         prepare: Callable[[MEState], None] | None = None) -> Game:
    """A at (10, 10) and B in base contact to the north, at the start of the melee phase."""
    return scene([Put(0, a, 10, 10), Put(1, b, 10, 11.2)], phase="mêlée", dice=dice,
                 prepare=prepare)


# -- ME27: a normal melee -------------------------------------------------------------------------
@pytest.mark.parametrize(("faces", "hurt"), [
    ((5, 4), [(B1, 1)]),  # one success: it hits
    ((4, 6), [(A1, 1)]),
    ((1, 4), []),  # no success: nobody
    ((5, 6), []),  # two successes with equal Mêlée: nobody
])
def test_a_normal_melee_between_equals(faces: tuple[int, int], hurt: list[tuple[str, int]]
                                       ) -> None:
    game = duel(dice=list(faces))
    assert game.decision().kind == "fight"
    game.apply(f"fight {A1}")
    assert [r[1:] for r in rolls(game)] == [("melee", faces[0]), ("melee", faces[1])]
    assert wounds(game) == hurt and halted(game)


def test_two_successes_the_better_melee_hits() -> None:
    # ME27: «si il y a un personnage qui a une meilleure valeur de mêlée (i.e. la plus basse)».
    game = duel(target(melee=3), dice=[3, 6])
    game.apply(f"fight {A1}")
    assert wounds(game) == [(B1, 1)]


def test_better_means_after_modify_effects() -> None:
    # ME27: B's Mêlée 5+ made 3+ by a modify effect beats A's 4+.
    game = duel(target(melee=4), dice=[6, 3],
                prepare=lambda s: s.figures[1].mods.update({"Mêlée": -2}))
    game.apply(f"fight {A1}")
    assert wounds(game) == [(A1, 1)]


def test_players_alternate_choosing_fights_the_initiative_player_first() -> None:
    game = scene([Put(0, CIBLE, 10, 10), Put(1, CIBLE, 10, 11.2), Put(0, CIBLE, 20, 10),
                  Put(1, CIBLE, 20, 11.2), Put(0, CIBLE, 30, 10), Put(1, CIBLE, 30, 11.2)],
                 phase="mêlée", initiative=1, dice=[1] * 6)
    players = []
    for fighter in ("B.Cible-2", "A.Cible", "B.Cible-3"):
        players.append(game.decision().player)
        game.apply(f"fight {fighter}")
    assert players == [1, 0, 1] and halted(game)


def test_a_figure_that_fought_is_not_chosen_again() -> None:
    game = duel(dice=[1, 1])
    with pytest.raises(IllegalActionError, match="ME27"):
        game.apply(f"fight {B1}")
    game.apply(f"fight {A1}")
    assert halted(game)


# -- ME27: the lone figure -------------------------------------------------------------------------
LONE = [Put(0, CIBLE, 10, 10), Put(1, CIBLE, 10, 11.2), Put(1, CIBLE, 11.2, 10)]


def test_the_lone_figure_chooses_its_opponent_and_the_others_attack_it() -> None:
    # ME27 step 2, ME29: A picks B2 for the normal melee (both miss); B1 then makes an
    # opportunity attack (5: a hit) and A does not strike back.
    game = scene(LONE, phase="mêlée", dice=[1, 2, 5])
    game.apply(f"fight {A1}")
    decision = game.decision()
    assert (decision.kind, decision.player) == ("oppose", 0)
    assert sorted(str(a) for a in game.legal_actions()) == [f"oppose {B1}", f"oppose {B2}"]
    game.apply(f"oppose {B2}")
    assert rolls(game) == [(A1, "melee", 1), (B2, "melee", 2), (B1, "opportunity attack", 5)]
    assert wounds(game) == [(A1, 1)] and halted(game)


def test_a_fight_chosen_on_the_many_side_is_resolved_around_the_lone_figure() -> None:
    # ME27 step 2: B chooses B1, whose one opponent A is a lone figure: A picks its opponent.
    game = scene(LONE, phase="mêlée", initiative=1, dice=[1, 1, 1])
    game.apply(f"fight {B1}")
    assert (game.decision().kind, game.decision().player) == ("oppose", 0)
    game.apply(f"oppose {B1}")
    assert [r[:2] for r in rolls(game)] == [(A1, "melee"), (B1, "melee"),
                                             (B2, "opportunity attack")]


def test_no_opportunity_attack_once_the_lone_figure_is_out() -> None:
    # ME27: «unless the normal melee put it out of action».
    game = scene([Put(0, target(vitality=1), 10, 10), Put(1, CIBLE, 10, 11.2),
                  Put(1, CIBLE, 11.2, 10)], phase="mêlée", dice=[1, 6])
    game.apply(f"fight {A1}")
    game.apply(f"oppose {B1}")
    assert figure(game, 0).out and len(rolls(game)) == 2 and halted(game)


def test_an_opponent_not_in_contact_cannot_be_opposed() -> None:
    game = scene([*LONE, Put(1, CIBLE, 20, 20)], phase="mêlée")
    game.apply(f"fight {A1}")
    with pytest.raises(IllegalActionError, match="ME27"):
        game.apply("oppose B.Cible-3")


def test_a_figure_whose_opponents_all_fought_makes_an_opportunity_attack() -> None:
    # ME27 step 4, in a chain A1 - B1 - A2 - B2: B1 fights A1 and A2 attacks B1; then B2,
    # whose only opponent A2 has fought, makes an opportunity attack on A2. Every figure
    # rolls exactly once.
    game = scene([Put(0, CIBLE, 10, 10), Put(1, CIBLE, 10, 11.2), Put(0, CIBLE, 10, 12.4),
                  Put(1, CIBLE, 10, 13.6)], phase="mêlée", dice=[1, 1, 1, 6])
    game.apply(f"fight {A1}")
    assert game.decision().player == 1  # B1 is the lone figure: B chooses its opponent
    game.apply(f"oppose {A1}")
    assert game.decision().kind == "fight" and game.decision().player == 1
    game.apply(f"fight {B2}")
    assert rolls(game) == [(B1, "melee", 1), (A1, "melee", 1), (A2, "opportunity attack", 1),
                           (B2, "opportunity attack", 6)]
    assert wounds(game) == [(A2, 1)] and halted(game)


def test_each_figure_rolls_once_per_melee_phase() -> None:
    # ME27: a crowd: 2 A figures around 1 B, and another pair.
    game = scene([Put(0, CIBLE, 10, 10), Put(1, CIBLE, 10, 11.2), Put(0, CIBLE, 11.2, 11.2),
                  Put(0, CIBLE, 20, 10), Put(1, CIBLE, 20, 11.2)], phase="mêlée",
                 dice=[1] * 5)
    while not halted(game):
        game.apply(next(iter(game.legal_actions())))
    assert Counter(r[0] for r in rolls(game)) == {A1: 1, A2: 1, "A.Cible-3": 1, B1: 1, B2: 1}


def test_stunned_figures_still_fight() -> None:
    # ME34: «Statuses do not stop a figure from fighting in melee».
    game = duel(dice=[5, 1], prepare=lambda s: s.figures[0].statuses.append("stunned"))
    game.apply(f"fight {A1}")
    assert wounds(game) == [(B1, 1)]


# -- ME28: weapons and bare hands -----------------------------------------------------------------
def one_worse(state: MEState) -> None:
    state.house_rules = {"me-bare-hands": "one-worse"}


@pytest.mark.parametrize(("reading", "threshold", "hurt"), [
    ("one-worse", 5, []), ("even", 4, [(B1, 1)])])
def test_bare_hands_fight_one_worse_and_deal_one_wound(
        reading: str, threshold: int, hurt: list[tuple[str, int]]) -> None:
    # ME28 under me-bare-hands=one-worse (the engine's reading before issue 47): Mêlée 4+
    # without a weapon counts as 5+, a 4 fails. By the draft (the default), which gives no
    # penalty, a 4 succeeds and the bare hands deal 1 wound.
    unarmed = target(melee=4, equipment="-")
    game = duel(unarmed, dice=[4, 1],
                prepare=lambda s: setattr(s, "house_rules", {"me-bare-hands": reading}))
    game.apply(f"fight {A1}")
    roll = next(e for e in game.log if isinstance(e, RollNote))
    assert (roll.threshold, roll.success) == (threshold, reading == "even")
    assert wounds(game) == hurt


@pytest.mark.parametrize(("reading", "hurt"), [("one-worse", []), ("even", [(B1, 1)])])
def test_bare_hands_count_one_worse_in_the_comparison(
        reading: str, hurt: list[tuple[str, int]]) -> None:
    # ME28: 4+ bare handed and 5+ armed both succeed: with one-worse, 5+ against 5+, equal,
    # nobody hits; by the draft, 4+ beats 5+ and hits.
    game = duel(target(melee=4, equipment="-"), dice=[6, 6],
                prepare=lambda s: setattr(s, "house_rules", {"me-bare-hands": reading}))
    game.apply(f"fight {A1}")
    assert wounds(game) == hurt


def test_a_bare_handed_hit_deals_one_wound() -> None:
    game = duel(target(melee=3, equipment="-"), dice=[6, 1])
    game.apply(f"fight {A1}")
    assert wounds(game) == [(B1, 1)]


def test_the_best_melee_weapon_strikes() -> None:
    # ME28: with an Arme de mêlée (1) and a Poing hydraulique (D3), the fist: D3 (5 -> 3).
    # Under me-melee-weapon=best, the engine's choice before issue 47 (on purpose: by default
    # the player chooses, tests/games/masseffect/test_melee_weapon.py).
    brute = target(equipment="Arme de mêlée, Poing hydraulique")
    game = duel(brute, dice=[5, 1, 5],
                prepare=lambda s: setattr(s, "house_rules", {"me-melee-weapon": "best"}))
    game.apply(f"fight {A1}")
    assert rolls(game)[-1] == (A1, "damage D3", 3)
    assert figure(game, 1).out


def test_no_protection_saves_a_melee_hit() -> None:
    # ME24: «inefficaces contre les attaques de mêlée».
    game = duel(b="Sentinelle de l'Alliance", dice=[5, 1])
    game.apply(f"fight {A1}")
    assert [r[1] for r in rolls(game)] == ["melee", "melee"]
    assert figure(game, 1).vitality == 1


def test_armour_takes_melee_wounds_first() -> None:
    # ME25: the guard's Armure (2) absorbs the wound.
    game = duel(b="Garde de Cerberus", dice=[5, 1])
    game.apply(f"fight {A1}")
    guard = figure(game, 1)
    assert (guard.armour, guard.vitality) == (1, 2)


def test_perforant_ignores_armour() -> None:
    # ME25, ME32: the phantom's Lame monofilament (D2, Perforant): 2 wounds straight to
    # Vitalité; the guard is out with its armour intact.
    game = duel("Fantôme de Cerberus", "Garde de Cerberus", dice=[3, 1, 4])
    game.apply("fight A.Fantôme-de-Cerberus")
    guard = figure(game, 1)
    assert (guard.armour, guard.vitality, guard.out) == (2, 0, True)


@pytest.mark.parametrize(("lone", "after"), [
    ("Sentinelle de l'Alliance", (0, 1)),  # no Bouclier, no Barrière: Vitalité 2 -> 1
    ("Garde de Cerberus", (1, 2)),  # Armure (2) -> 1 first
])
def test_an_opportunity_attack_meets_no_protection_and_armour_first(
        lone: str, after: tuple[int, int]) -> None:
    # ME29: the lone figure's second opponent hits it (5): no save roll.
    game = scene([Put(0, lone, 10, 10), Put(1, CIBLE, 10, 11.2), Put(1, CIBLE, 11.2, 10)],
                 phase="mêlée", dice=[1, 1, 5])
    game.apply(f"fight A.{lone.replace(' ', '-')}")
    game.apply(f"oppose {B1}")
    assert [r[1] for r in rolls(game)] == ["melee", "melee", "opportunity attack"]
    assert (figure(game, 0).armour, figure(game, 0).vitality) == after


def test_a_figure_whose_opponents_all_fought_chooses_which_one_it_attacks() -> None:
    # ME27 step 4: A2 fights B1 (B3 attacks A2), A3 fights B2 (B4 attacks A3); then A1,
    # touching B1 and B2 who both fought, attacks the one its player chooses.
    game = scene([Put(0, CIBLE, 10, 10), Put(1, CIBLE, 8.8, 10), Put(1, CIBLE, 11.2, 10),
                  Put(0, CIBLE, 8.8, 11.2), Put(1, CIBLE, 7.6, 11.2),
                  Put(0, CIBLE, 11.2, 11.2), Put(1, CIBLE, 12.4, 11.2)],
                 phase="mêlée", dice=[1] * 6 + [6])
    game.apply(f"fight {A2}")
    game.apply(f"oppose {B1}")
    game.apply("fight B.Cible-4")
    game.apply(f"oppose {B2}")
    game.apply(f"fight {A1}")
    decision = game.decision()
    assert (decision.kind, decision.player) == ("oppose", 0)
    assert sorted(str(a) for a in game.legal_actions()) == [f"oppose {B1}", f"oppose {B2}"]
    game.apply(f"oppose {B2}")
    assert rolls(game)[-1] == (A1, "opportunity attack", 6)
    assert wounds(game) == [(B2, 1)] and halted(game)
    assert Counter(r[0] for r in rolls(game)).most_common(1)[0][1] == 1
