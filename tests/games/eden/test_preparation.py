"""Rulebook 3 and 4.A, the preparation phase: troops, leaders, missions, scenery, hands, AP.

Deployment (step 7) is in test_deployment.py. Cards and scenery here are INVENTED test data.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import pytest

from skirmish.core import Game, IllegalActionError, ScriptedDice
from skirmish.core.dice import SeededDice
from skirmish.games.eden import EDEN
from skirmish.games.eden.cards.cards import Catalogue
from skirmish.games.eden.cards.profile import Characteristic, FighterProfile
from skirmish.games.eden.demo import SAMPLE_EQUIPMENT
from skirmish.games.eden.effects import ActiveEffect, EffectKind, register
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.preparation.deployment import marker_problem
from skirmish.games.eden.preparation.preparation import (
    PreparationPhase,
    TroopError,
    profile_problems,
    troop_problems,
)
from skirmish.games.eden.ruleset import SetupError, catalogue_of
from skirmish.games.eden.state import EdenState
from skirmish.geometry import Marker

from .profiles import ABAMA, NGOBO, VLADD, YURI


@register
class PlaceObjective(EffectKind):
    """Test effect: a mission that puts an objective marker on the field when played."""

    name: ClassVar[str] = "test-place-objective"
    params: ClassVar[Mapping[str, tuple[type | tuple[type, ...], bool]]] = {
        "x": ((int, float), True), "y": ((int, float), True)}

    def on_play(self, game: Game, effect: ActiveEffect) -> None:
        marker = Marker(f"objective-{effect.owner}", float(effect.param("x")),
                        float(effect.param("y")), 1.0, "objective")
        assert not marker_problem(state(game), marker)
        state(game).markers = (*state(game).markers, marker)


@register
class PsiBonus(EffectKind):
    """Test effect: +N PSI to every fighter of the card's owner."""

    name: ClassVar[str] = "test-psi-bonus"
    params: ClassVar[Mapping[str, tuple[type | tuple[type, ...], bool]]] = {
        "bonus": (int, True)}

    def modifiers(self, st: Any, effect: ActiveEffect, fighter: Any) -> list[Any]:
        from skirmish.games.eden.modifiers import Modifier

        if fighter.side != effect.player:
            return []
        return [Modifier.bonus(effect.source, Characteristic.PSI, effect.param("bonus"))]


# -- building a preparation alone -----------------------------------------------------------
Troop = Sequence[FighterProfile | tuple[FighterProfile, float, float]]


def setup(
    a: Troop,
    b: Troop,
    *,
    types: tuple[str, str] = ("faction", "faction"),
    missions: tuple[Sequence[Mapping[str, Any]], Sequence[Mapping[str, Any]]] = ((), ()),
    tactical: tuple[Sequence[Mapping[str, Any]], Sequence[Mapping[str, Any]]] = ((), ()),
    scenery: Sequence[Mapping[str, Any]] = (),
    field: tuple[float, float] = (60, 60),
    **extra: Any,
) -> dict[str, Any]:
    """A set-up dict; a fighter given as (profile, x, y) is already on the field."""
    def entry(item: FighterProfile | tuple[FighterProfile, float, float]) -> dict[str, Any]:
        if isinstance(item, tuple):
            profile, x, y = item
            return {"profile": profile.to_dict(), "at": [x, y]}
        return {"profile": item.to_dict()}

    return {
        "equipment": list(SAMPLE_EQUIPMENT),
        "field": list(field),
        "troops": [
            {"type": types[side], "fighters": [entry(f) for f in troop],
             "missions": [dict(m) for m in missions[side]],
             "tactical": [dict(c) for c in tactical[side]]}
            for side, troop in enumerate((a, b))
        ],
        "scenery": [dict(s) for s in scenery],
        **extra,
    }


def prepare(
    data: Mapping[str, Any],
    *,
    dice: Iterable[int] | None = None,
    seed: int = 0,
    skip: Sequence[str] = (),
) -> Game:
    """A game whose stack holds only the preparation phase (forced ``dice`` if given)."""
    catalogue = catalogue_of(data)
    fighters: list[Fighter] = []
    for side, troop in enumerate(data["troops"]):
        for item in troop["fighters"]:
            profile = catalogue.profiles[(side, item["profile"]["name"])]
            at = item.get("at")
            x, y = at if at is not None else (0.0, 0.0)
            fighters.append(Fighter(side, profile, x=x, y=y, on_field=at is not None))
    field = data.get("field", [60, 60])
    st = EdenState(
        fighters,
        troop_types=(data["troops"][0]["type"], data["troops"][1]["type"]),
        field_size=(float(field[0]), float(field[1])),
        catalogue=catalogue,
    )
    source = ScriptedDice(dice) if dice is not None else SeededDice(seed)
    game = Game(EDEN, st, data, source, [PreparationPhase(skip=list(skip))])
    game.advance()
    return game


def first_is(game: Game, player: str = "A") -> None:
    """Play step 3 so that A wins the bid and names ``player`` first."""
    game.apply("bid 1")
    game.apply("bid 0")
    game.apply(f"first {player}")


def state(game: Game) -> EdenState:
    assert isinstance(game.state, EdenState)
    return game.state


# -- invented cards -------------------------------------------------------------------------
HUNT = {"name": "Hunt", "secret": True, "deployment": "ambush", "faction": "Jokers"}
HOLD = {"name": "Hold the line", "secret": False, "deployment": "confrontation"}
BAMAKA_ONLY = {"name": "Retreat to contaminated areas", "secret": False,
               "faction": "Clan Bamaka"}
CARDS = [{"name": n} for n in ("Adrenalin", "Smoke", "Ambush", "Rally", "Fury")]
WALL = {"name": "Wall", "shape": [[-5, -1], [5, -1], [5, 1], [-5, 1]]}
TREE = {"name": "Tree", "radius": 2}


def jokers_vs_bamaka(**kw: Any) -> dict[str, Any]:
    return setup([YURI, VLADD], [NGOBO, ABAMA], **kw)


def to_step(game: Game, kind: str) -> None:
    """Play the first legal action until the pending decision is of ``kind``."""
    while game.decision().kind != kind:
        game.apply(game.legal_actions()[0])


def led(data: dict[str, Any], first: str = "A") -> Game:
    """Past steps 1-4: ``first`` plays first, Yuri and Ngobo lead."""
    game = prepare(data)
    first_is(game, first)
    for _ in range(2):
        player = game.decision().player
        game.apply("leader A.Yuri" if player == 0 else "leader B.Ngobo-Quick-Arm")
    return game


def public_text(game: Game, player: int) -> str:
    log = game.log_for(player)
    return "\n".join([json.dumps(game.view(player)), *(json.dumps(e.to_json()) for e in log),
                      *(e.text() for e in log)])


# -- Rulebook 3 / step 1 ----------------------------------------------------------------------
def test_faction_troop_must_share_the_faction() -> None:
    problems = profile_problems([YURI, NGOBO], "faction")
    assert problems == ["Rulebook 3, Faction troop: every fighter must share one faction "
                        "symbol: Yuri is Jokers, Ngobo Quick-Arm is Clan Bamaka"]
    assert profile_problems([YURI, VLADD], "faction") == []


def test_stigma_troop_must_share_the_stigma() -> None:
    (problem,) = profile_problems([VLADD, YURI], "stigma")
    assert "Stigma troop" in problem and "Vlädd is Destruction, Yuri is Chaos" in problem


def test_budget_and_duplicates() -> None:
    problems = profile_problems([YURI, VLADD, VLADD, YURI], "faction")
    assert "Rulebook 3, Budget: 100 points" not in " ".join(problems)  # 100 is allowed
    problems = profile_problems([YURI, VLADD, VLADD, YURI, YURI], "faction")
    assert problems[0] == ("Rulebook 3, Budget: 120 points > 100 (Yuri 20, Vlädd 30, Vlädd 30, "
                           "Yuri 20, Yuri 20)")
    assert "more than once: Vlädd, Yuri" in problems[1]
    assert profile_problems([YURI, VLADD], "faction", budget=40)[0].startswith(
        "Rulebook 3, Budget: 50 points > 40")
    assert "type faction or stigma" in profile_problems([YURI], "clan")[0]


def test_troop_problems_reads_the_catalogue() -> None:
    catalogue = Catalogue(profiles={(0, "Yuri"): YURI, (0, "Ngobo"): NGOBO, (1, "Vlädd"): VLADD})
    assert "Yuri is Jokers" in troop_problems(catalogue, 0, "faction")[0]
    assert troop_problems(catalogue, 1, "stigma") == []


def test_step_1_refuses_a_broken_troop() -> None:
    with pytest.raises(TroopError, match=r"player B: Rulebook 3, Faction troop"):
        prepare(setup([YURI, VLADD], [NGOBO, YURI]))
    with pytest.raises(TroopError, match=r"Budget: 50 points > 45"):
        prepare(setup([YURI, VLADD], [NGOBO], budget=45))
    prepare(setup([YURI, VLADD], [NGOBO, YURI]), skip=["1"])  # the set-up settled it


def test_unknown_step_names_are_refused() -> None:
    with pytest.raises(ValueError, match=r"unknown preparation step 'shuffle'"):
        PreparationPhase(skip=["shuffle"])


# -- step 3 and 4 -----------------------------------------------------------------------------
def test_steps_run_in_order_and_the_first_player_designates_first() -> None:
    game = prepare(jokers_vs_bamaka())
    assert game.decision().kind == "secret-bid"
    first_is(game, "B")
    assert (game.decision().player, game.decision().kind) == (1, "leader")
    game.apply("leader B.Abama-Big-Belly")
    assert (game.decision().player, game.decision().kind) == (0, "leader")
    game.apply("leader A.Vlädd")
    assert state(game).leaders == ["A.Vlädd", "B.Abama-Big-Belly"]
    # no mission cards, no scenery pool: straight to step 7, the first player first
    assert (game.decision().player, game.decision().kind) == (1, "deployment-half")
    notes = [e.text() for e in game.log if e.kind == "note"]
    assert notes == ["preparation step 1: troops", "preparation step 3: bid",
                     "preparation step 4: leaders", "preparation step 5: missions",
                     "player B plays no mission (no mission card his troop may play)",
                     "player A plays no mission (no mission card his troop may play)",
                     "preparation step 6: scenery", "preparation step 7: deployment"]


def test_step_3_is_the_first_player_bid_with_its_tie_break_dice() -> None:
    game = prepare(jokers_vs_bamaka(), dice=[2, 5])
    game.apply("bid 2")
    game.apply("bid 2")  # tied: A rolls 2, B rolls 5: B *is* the first player
    assert state(game).first_player == 1 and state(game).sp == [5, 4]
    assert (game.decision().player, game.decision().kind) == (1, "leader")


def test_a_leader_is_one_of_the_players_own_fighters() -> None:
    game = prepare(jokers_vs_bamaka())
    first_is(game)
    with pytest.raises(IllegalActionError, match=r"A designates one of his own fighters; "
                       r"B.Ngobo-Quick-Arm belongs to player B.*Rulebook 4.A step 4"):
        game.apply("leader B.Ngobo-Quick-Arm")
    with pytest.raises(IllegalActionError, match=r"no fighter A.Tarar"):
        game.apply("leader A.Tarar")
    with pytest.raises(IllegalActionError, match=r"designate a leader"):
        game.apply("mission Hunt")
    assert [str(a) for a in game.legal_actions()] == ["leader A.Yuri", "leader A.Vlädd"]


def test_leaders_settled_by_the_set_up_are_not_asked() -> None:
    game = prepare(jokers_vs_bamaka(), skip=["bid", "leaders"])
    assert game.decision().kind == "deployment-half"


# -- step 5 -----------------------------------------------------------------------------------
def test_a_mission_restricted_to_another_faction_is_refused() -> None:
    game = led(jokers_vs_bamaka(missions=([BAMAKA_ONLY, HOLD], [BAMAKA_ONLY, HUNT])))
    assert game.decision().kind == "secret-mission"
    assert [str(a) for a in game.legal_actions()] == ["mission Hold-the-line"]
    with pytest.raises(IllegalActionError,
                       match=r"Retreat to contaminated areas is reserved for a faction Clan "
                             r"Bamaka troop; player A chose a faction troop of Jokers"):
        game.apply("mission Retreat-to-contaminated-areas")
    with pytest.raises(IllegalActionError, match=r"no mission card 'Hunt' in his deck"):
        game.apply("mission Hunt")  # B's card, not A's
    game.apply("mission Hold-the-line")
    # B's Hunt is for Jokers: only the Bamaka card fits
    assert [str(a) for a in game.legal_actions()] == ["mission Retreat-to-contaminated-areas"]


def test_a_stigma_mission_needs_a_stigma_troop_of_that_stigma() -> None:
    chaos = {"name": "Chaos reigns", "secret": False, "stigma": "Chaos"}
    data = setup([YURI], [NGOBO], types=("stigma", "faction"), missions=([chaos], [chaos]))
    game = led(data)
    game.apply("mission Chaos-reigns")
    assert state(game).missions[0] == ["Chaos reigns"]
    # B: a Faction troop (even one whose fighters shared a stigma) chose a faction symbol
    assert game.decision().kind == "deployment-half"
    assert state(game).missions[1] == []


def test_the_opponent_cannot_play_the_same_revealed_mission() -> None:
    game = led(jokers_vs_bamaka(missions=([HOLD], [HOLD, BAMAKA_ONLY])))
    game.apply("mission Hold-the-line")
    assert [str(a) for a in game.legal_actions()] == ["mission Retreat-to-contaminated-areas"]
    with pytest.raises(IllegalActionError, match=r"must differ from a revealed mission; Hold the "
                       r"line is already revealed by player A"):
        game.apply("mission Hold-the-line")


def test_the_same_secret_mission_may_be_played_by_both() -> None:
    hunt_any = {**HUNT, "faction": None}
    game = led(jokers_vs_bamaka(missions=([hunt_any], [hunt_any])))
    game.apply("mission Hunt")
    assert [str(a) for a in game.legal_actions()] == ["mission Hunt"]
    game.apply("mission Hunt")
    assert state(game).missions == [["Hunt"], ["Hunt"]]


def test_mission_effects_apply_immediately_for_the_whole_match() -> None:
    objective = {**HOLD, "effects": [{"effect": "test-place-objective", "x": 30, "y": 30},
                                     {"effect": "test-psi-bonus", "bonus": 1}]}
    game = led(jokers_vs_bamaka(missions=([objective], [])))
    game.apply("mission Hold-the-line")
    st = state(game)
    assert [(e.effect, e.source, e.owner, e.until) for e in st.effects] == [
        ("test-place-objective", "Hold the line", "A", "match"),
        ("test-psi-bonus", "Hold the line", "A", "match")]
    assert [m.id for m in st.markers] == ["objective-A"]
    assert st.characteristic(st.fighter("A.Yuri"), Characteristic.PSI) == 5
    assert "player A plays the revealed mission Hold the line" in public_text(game, 1)


def test_a_secret_mission_stays_hidden_from_the_opponent() -> None:
    secret = {**HUNT, "effects": [{"effect": "test-psi-bonus", "bonus": 1}]}
    game = led(jokers_vs_bamaka(missions=([secret], [HOLD]),
                                tactical=(CARDS, [])))
    game.apply("mission Hunt")
    game.apply("mission Hold-the-line")
    assert state(game).missions == [["Hunt"], ["Hold the line"]]
    assert game.view(1)["missions"] == [["(secret mission)"], ["Hold the line"]]
    assert game.view(0)["missions"] == [["Hunt"], ["Hold the line"]]
    to_step(game, "secret-hand")
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    seen_by_b = public_text(game, 1)
    assert "Hunt" not in seen_by_b and "ambush" not in seen_by_b.lower()
    assert "plays a secret mission, face down" in seen_by_b
    assert "Hunt" in public_text(game, 0)


# -- step 6 -----------------------------------------------------------------------------------
def scenery_game(pool: list[dict[str, Any]] | None = None, **kw: Any) -> Game:
    data = jokers_vs_bamaka(scenery=pool if pool is not None else [WALL, TREE, WALL, TREE], **kw)
    game = led(data, first="B")
    assert game.decision().kind == "place-scenery"
    return game


def test_players_alternate_placing_scenery_first_player_first() -> None:
    game = scenery_game()
    order = []
    for at in ("15,15", "45,15", "15,45", "45,45"):
        order.append(game.decision().player)
        name = "Wall" if len(order) % 2 else "Tree"
        game.apply(f"place {name} {at}" + (" 90" if name == "Wall" else ""))
    assert order == [1, 0, 1, 0]
    st = state(game)
    assert [e.id for e in st.scenery] == ["Wall-1", "Tree-1", "Wall-2", "Tree-2"]
    assert st.scenery[0].shape.bounds() == pytest.approx((14, 10, 16, 20))  # turned 90 degrees
    assert game.decision().kind == "deployment-half"


def test_scenery_per_player_and_an_odd_pool() -> None:
    game = scenery_game([WALL, TREE, TREE], scenery_per_player=3)
    game.apply("place Tree 15,15")
    game.apply("place Tree 45,45")
    assert game.decision().kind == "deployment-half"  # 3 cards: one each, equal numbers


def test_scenery_must_stand_5_cm_from_edges_scenery_and_objectives() -> None:
    objective = {**HOLD, "effects": [{"effect": "test-place-objective", "x": 30, "y": 30}]}
    data = jokers_vs_bamaka(scenery=[WALL, TREE, WALL, TREE], missions=([objective], []))
    game = led(data)
    game.apply("mission Hold-the-line")
    with pytest.raises(IllegalActionError,
                       match=r"Tree at 6,30: it is 4.00 cm from a field edge.*5 cm or more"):
        game.apply("place Tree 6,30")
    game.apply("place Tree 7,30")  # exactly 5 cm: allowed
    with pytest.raises(IllegalActionError, match=r"Wall at 12,30: it is 2.00 cm from Tree"):
        game.apply("place Wall 12,30 90")
    with pytest.raises(IllegalActionError, match=r"cm from the objective marker objective"):
        game.apply("place Wall 30,34")
    with pytest.raises(IllegalActionError, match=r"no 'Rock' is left in the scenery pool"):
        game.apply("place Rock 30,50")
    actions = list(game.legal_actions())
    assert actions and all(game.legal_actions().__contains__(a) for a in actions[:40])


def test_scenery_may_not_overlap_a_fighter_already_on_the_field() -> None:
    data = setup([(YURI, 20, 20), VLADD], [NGOBO, ABAMA], scenery=[WALL, TREE])
    game = led(data)
    with pytest.raises(IllegalActionError, match=r"overlaps A.Yuri's base"):
        game.apply("place Tree 22,21")


def test_a_player_with_no_room_for_scenery_ends_the_step() -> None:
    big = {"name": "Mesa", "shape": [[-20, -20], [20, -20], [20, 20], [-20, 20]]}
    game = scenery_game([big, big], field=(60, 60))
    game.apply("place Mesa 30,30")  # B, the first player, fills the table
    assert [str(a) for a in game.legal_actions()] == ["pass"]
    game.apply("pass")
    assert game.decision().kind == "deployment-half"
    game = scenery_game([big, big])
    with pytest.raises(IllegalActionError, match=r"is still possible"):
        game.apply("pass")


# -- step 8 -----------------------------------------------------------------------------------
def test_the_tactical_hand_holds_as_many_cards_as_the_leaders_psi() -> None:
    data = jokers_vs_bamaka(tactical=([*CARDS, {"name": "Adrenalin"}], CARDS))
    game = led(data)  # leaders Yuri (PSI 4) and Ngobo (PSI 3)
    to_step(game, "secret-hand")
    assert game.decision().player == 0
    game.apply("hand Adrenalin")
    with pytest.raises(IllegalActionError, match=r"already holds Adrenalin.*no two with the same"):
        game.apply("hand Adrenalin")  # the deck holds two: the hand may not
    with pytest.raises(IllegalActionError, match=r"no tactical card 'Bribe'"):
        game.apply("hand Bribe")
    for card in ("Smoke", "Ambush", "Rally"):
        assert game.decision().player == 0
        game.apply(f"hand {card}")
    # four cards = Yuri's PSI: the fifth is B's pick, not A's
    assert game.decision().player == 1
    assert next(str(a) for a in game.legal_actions()) == "hand Adrenalin"
    for card in ("Fury", "Smoke", "Rally"):
        game.apply(f"hand {card}")
    assert state(game).hands == [["Adrenalin", "Smoke", "Ambush", "Rally"],
                                 ["Fury", "Smoke", "Rally"]]
    assert game.is_over


def test_a_small_deck_gives_a_smaller_hand() -> None:
    game = led(jokers_vs_bamaka(tactical=([{"name": "Smoke"}, {"name": "Smoke"}], [])))
    to_step(game, "secret-hand")
    game.apply("hand Smoke")
    assert game.is_over and state(game).hands == [["Smoke"], []]


def test_hands_are_hidden_from_the_opponent() -> None:
    game = led(jokers_vs_bamaka(tactical=(CARDS, [{"name": "Bribe"}])))
    to_step(game, "secret-hand")
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    assert game.view(1)["opponent_hand_size"] == 4 and game.view(1)["my_hand"] == ["Bribe"]
    seen_by_b = public_text(game, 1)
    assert not any(card["name"] in seen_by_b for card in CARDS)
    assert "takes a tactical card (4 in hand)" in seen_by_b
    assert "Bribe" not in public_text(game, 0)
    assert "Fury" in public_text(game, 0)


# -- step 9, snapshots ----------------------------------------------------------------------------
def test_every_fighter_on_the_field_receives_3_ap() -> None:
    game = prepare(setup([(YURI, 10, 5), (VLADD, 20, 5)], [(NGOBO, 10, 55), (ABAMA, 30, 55)]),
                   skip=["bid", "leaders"])
    assert game.is_over  # every fighter was placed by the set-up: nothing to decide
    assert [f.ap for f in state(game).fighters] == [3, 3, 3, 3]


def test_a_preparation_in_progress_survives_copy_and_snapshot() -> None:
    game = scenery_game()
    game.apply("place Wall 15,15")
    twin = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert twin.state_hash() == game.state_hash()
    copy = game.copy()
    copy.apply("place Tree 45,45")
    assert len(state(game).scenery) == 1 and len(state(copy).scenery) == 2
    twin.apply("place Tree 45,45")
    assert twin.state_hash() == copy.state_hash()


def test_placed_scenery_brings_its_effects_into_play_once() -> None:
    """Territory Management: a scenery card's effects (here +1 VIG to the troop of the player
    who placed it) come into play with its first element, once for every element of it."""
    beacon = {"name": "Beacon", "radius": 1.5,
              "effects": [{"effect": "modify", "characteristic": "VIG", "delta": 1,
                           "who": "troop"}]}
    game = scenery_game([beacon, TREE, beacon, TREE])
    player = game.decision().player
    game.apply("place Beacon 15,15")
    st = state(game)
    assert [(e.source, e.owner) for e in st.effects] == [("Beacon", "AB"[player])]
    game.apply("place Tree 45,45")
    game.apply("place Beacon 45,15")
    assert len([e for e in st.effects if e.source == "Beacon"]) == 1


def test_a_leader_chosen_in_advance_is_only_a_suggestion_asked_in_order() -> None:
    """Rulebook 4.A step 4: the first player designates first, then the opponent, knowing
    it. A troop file's leader is the default choice, offered first; it skips nothing."""
    data = jokers_vs_bamaka()
    data["troops"][1]["leader"] = NGOBO.name
    game = EDEN.new_game(data, seed=3)
    st = game.state
    assert isinstance(st, EdenState) and st.leaders == [None, None]
    game.apply("bid 1")
    game.apply("bid 0")
    game.apply("first B")  # A chooses B as the first player
    decision = game.decision()
    assert (decision.player, decision.kind) == (1, "leader")  # B, first, is asked first
    assert decision.options[0] == "B.Ngobo-Quick-Arm"
    assert decision.context == {"suggested": "B.Ngobo-Quick-Arm"}
    game.apply("leader B.Abama-Big-Belly")  # a suggestion, not an obligation
    decision = game.decision()
    assert (decision.player, decision.kind) == (0, "leader")
    assert "B.Abama-Big-Belly" in [e.text() for e in game.log_for(0)][-1]  # A knows it
    game.apply("leader A.Yuri")
    assert st.leaders == ["A.Yuri", "B.Abama-Big-Belly"]


def test_a_set_up_that_skips_step_4_designates_the_suggested_leaders() -> None:
    data = jokers_vs_bamaka()
    data["troops"][1]["leader"] = NGOBO.name
    data["preparation_skip"] = ["leaders"]
    game = EDEN.new_game(data, seed=3)
    assert game.state.leaders == [None, "B.Ngobo-Quick-Arm"]  # type: ignore[attr-defined]
    data["troops"][0]["leader"] = "Gandalf"
    data["troops"][0]["leader"] = "Gandalf"
    with pytest.raises(SetupError, match="leader: 'Gandalf' is not one of"):
        EDEN.new_game(data)
