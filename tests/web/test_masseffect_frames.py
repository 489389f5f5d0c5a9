"""What a Mass Effect: Annihilation seat receives (docs/web.md, Mass Effect: Annihilation):
the table picture and its coordinates, the move tape (walk or run, the engine's reason when a
point is refused), the sight verdict (cover, obstacle, protections) and the exact odds of a
shot, a power and a melee, as the engine would resolve them now."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from skirmish.core.dice import SeededDice
from skirmish.core.game import Game
from skirmish.games.masseffect import MASS_EFFECT, match_setup
from skirmish.games.masseffect.cards.library import load_library
from skirmish.games.masseffect.odds import MeleeSide, ShotSituation, melee_odds, shot_odds
from skirmish.games.masseffect.rolling import state_of
from skirmish.web import frames
from skirmish.web.frames import FrameError
from tests.games.masseffect.table import Put, figure, scene, wall

from .conftest import create, next_state, seat_headers, token_of
from .test_picture import NS, root_and_ids, to_cm

SOLDIER = "Soldat de l'Alliance"  # Tir 4+, Défense 4+, Bouclier (5+, 1), Vitalité 2
ADEPT = "Adepte de l'Alliance"  # Tir 5+, Barrière (5+, 1), Projection, Distorsion
A_SOLDIER, B_SOLDIER = "A.Soldat-de-l'Alliance", "B.Soldat-de-l'Alliance"
SHOOT = f"shoot {A_SOLDIER} Fusil-mitrailleur {B_SOLDIER}"
#: ME22, ME23: a low wall in contact with the target (cover), one half way (obstacle).
WALLS = [wall("near", 4, 13.8, 16, 14.4), wall("far", 9.8, 9.5, 12, 10)]


def deploying() -> Game:
    """A sample match deploying, two figures of each side on the table."""
    lib = load_library()
    game = MASS_EFFECT.new_game(match_setup(lib, ["orion", "tisiphone"], "Escarmouche"),
                                seed=3)
    while sum(f.placed for f in state_of(game).figures) < 4:
        game.apply(game.legal_actions()[0])
    assert game.decision().kind == "deploy"
    return game


def covered_shot(**moved: str) -> Game:
    return scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 10, 15)], phase="tir",
                 scenery=WALLS, moved={0: moved.get("a", "stay")})


# -- the picture ----------------------------------------------------------------------------------
def test_the_picture_is_north_up_with_every_figure_where_the_view_has_it() -> None:
    game = deploying()
    decider = game.decision().player
    frame = frames.state_frame(game, decider, mode="remote")
    root, ids = root_and_ids(frame["svg"])
    assert root.get("data-north-up") == "true" and float(root.get("data-scale", "0")) == 10
    assert float(root.get("data-field-width", "0")) == 900  # 36 pas = 90 cm
    placed = [f for f in frame["view"]["figures"] if f["placed"]]
    assert len(placed) == 4
    for f in placed:
        circle = ids["base-" + f["ref"]].find(NS + "circle")
        assert circle is not None
        x, y = to_cm(root, float(circle.get("cx", "nan")), float(circle.get("cy", "nan")))
        assert abs(x - f["x"]) < 0.01 and abs(y - f["y"]) < 0.01
    # both deployment zones (ME38): nothing is secret, everyone sees the same picture
    assert {"zone-0", "zone-1"} <= set(ids)
    watcher = frames.state_frame(game, None, mode="remote")
    assert watcher["svg"] == frame["svg"] and watcher["legal"] == []
    assert frames.state_frame(game, 1 - decider, mode="remote")["svg"] == frame["svg"]
    assert frame["legal"] and all(text.startswith("deploy ") for text in frame["legal"])
    # the cards of the set-up in the draft's notation
    assert frame["cards"]["weapons"]["Pistolet lourd"] == \
        "Pistolet lourd (Tir) : Portée (10), Dégâts (1)"
    powers = frame["cards"]["powers"]
    assert powers["Projection"].startswith(
        "Projection (biotique) : cible : un ennemi, Portée (8), Jet (Tir) \u2014 Hurls")
    assert powers["Régénération de bouclier"].startswith(
        "Régénération de bouclier (tech) : cible : soi-même, Jet (auto) \u2014")
    assert frames.table_svg(game, None) == watcher["svg"]


# -- the move tape ---------------------------------------------------------------------------------
def test_the_tape_of_a_walk_and_the_run_offered_instead() -> None:
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 10, 30)], phase="mouvement")
    walk = frames.probe(game, 0, f"walk {A_SOLDIER} 25,20 90")  # 3 pas north of (10, 5) pas
    assert walk["legal"] is True and walk["how"] == "walk"
    assert walk["allowance"] == 10 and walk["length"] == pytest.approx(7.5)
    assert walk["left"] == pytest.approx(2.5) and walk["pas"]["left"] == pytest.approx(1)
    assert walk["path"][0] == [25.0, 12.5] and walk["path"][-1] == [25.0, 20.0]
    far = frames.probe(game, 0, f"walk {A_SOLDIER} 25,30 90")  # 7 pas: a run
    assert far["legal"] is False and far["reason"].startswith("ME10")
    assert far["length"] is None and far["instead"] == f"run {A_SOLDIER} 25,30 90"
    run = frames.probe(game, 0, far["instead"])
    assert run["legal"] is True and run["allowance"] == 20
    assert run["length"] == pytest.approx(17.5) and run["pas"]["length"] == pytest.approx(7)
    beyond = frames.probe(game, 0, f"walk {A_SOLDIER} 25,40 90")
    # no run reaches it: the nearest legal point instead (the board's snapped drop)
    assert beyond["legal"] is False and "snapped" in beyond
    other = frames.probe(game, 1, f"walk {A_SOLDIER} 25,20 90")
    assert other["legal"] is False and "decision, not yours" in other["reason"]
    with pytest.raises(FrameError):
        frames.probe(game, 0, "walk somewhere")


def test_a_wall_in_the_way_and_a_deployment_outside_the_zone() -> None:
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 10, 30)], phase="mouvement",
                 scenery=[wall("w", 0, 7, 36, 7.6)])
    blocked = frames.probe(game, 0, f"walk {A_SOLDIER} 25,22 90")
    assert blocked["legal"] is False and blocked["path_problem"]
    game = deploying()
    decider = game.decision().player
    ref = game.legal_actions()[0].figure  # type: ignore[attr-defined]
    outside = frames.probe(game, decider, f"deploy {ref} 45,45 90")
    assert outside["legal"] is False and outside["reason"].startswith("ME38")
    assert outside["end"] == [45.0, 45.0]


# -- sight ---------------------------------------------------------------------------------------
def test_sight_says_cover_obstacle_and_the_targets_protections() -> None:
    game = covered_shot()
    seen = frames.sight(game, 0, A_SOLDIER, B_SOLDIER)
    assert (seen["allowed"], seen["obstacle"], seen["cover"]) == (True, True, "near")
    assert seen["visible"] is True and {"near", "far"} <= set(seen["obstructing"])
    assert seen["distance_pas"] == pytest.approx(8.8)
    assert seen["target"] == {"ref": B_SOLDIER, "defence": 4, "shield": [5, 1],
                              "barrier": None, "armour": 0, "vitality": 2, "stripped": [],
                              "lifted": False}
    assert seen["weapons"] == [{"name": "Fusil mitrailleur", "range_pas": 16, "allowed": True,
                                "reason": ""}]
    assert seen["svg"].startswith("<svg") and 'data-north-up="true"' in seen["svg"]
    with pytest.raises(FrameError):
        frames.sight(game, 0, A_SOLDIER, "B.Nobody")


def test_sight_gives_the_engines_reason_for_a_refused_target() -> None:
    # ME21: a nearer enemy partly hides the farther one; a target out of the weapon's range.
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 10, 12), Put(1, ADEPT, 10, 25)],
                 phase="tir")
    hidden = frames.sight(game, 0, A_SOLDIER, "B.Adepte-de-l'Alliance")
    assert hidden["allowed"] is False and "nearer enemy" in hidden["reason"]
    assert hidden["cover"] is None and hidden["obstacle"] is False
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 10, 24)], phase="tir")
    far = frames.sight(game, 0, A_SOLDIER, B_SOLDIER)
    assert far["allowed"] is True  # sight has no range: the weapons say it
    assert far["weapons"][0]["allowed"] is False and "beyond the range" in \
        far["weapons"][0]["reason"]


def test_an_engaged_target_cannot_be_shot() -> None:
    game = scene([Put(0, SOLDIER, 10, 5), Put(1, SOLDIER, 10, 20), Put(0, ADEPT, 10, 21.2)],
                 phase="tir")
    seen = frames.sight(game, 0, A_SOLDIER, B_SOLDIER)
    assert seen["allowed"] is False and "engaged" in seen["reason"]


# -- odds ----------------------------------------------------------------------------------------
def test_shot_odds_are_the_engines_situation_exactly() -> None:
    game = covered_shot()
    answer = frames.odds(frames.knowledge(game, 0), SHOOT, None)
    assert answer["legal_now"] is True and answer["why"] == ""
    odds = answer["odds"]
    assert (odds["stayed"], odds["obstacle"], odds["cover"], odds["in_cover"]) == (
        True, True, "near", True)
    assert (odds["threshold"], odds["modifier"], odds["shots"]) == (4, 0, 2)
    lib = load_library()
    soldier, rifle = lib.profile(SOLDIER), lib.weapon("Fusil mitrailleur")
    expected = shot_odds(ShotSituation.from_cards(soldier, rifle, soldier, stayed=True,
                                                  obstacle=True, cover=True))
    assert odds["exact"] == {"any_hit": str(expected.any_hit),
                             "out_of_action": str(expected.out_of_action),
                             "expected_wounds": str(expected.expected_wounds)}
    # the Bouclier's use spent earlier in the phase: no save left (ME24)
    figure(game, 1).shield_uses = 0
    spent = frames.odds(frames.knowledge(game, 0), SHOOT, None)["odds"]
    assert spent["protections"]["shield"] == [5, 0]
    no_shield = shot_odds(ShotSituation.from_cards(soldier, rifle, soldier, stayed=True,
                                                   obstacle=True, cover=True,
                                                   shield_uses_left=0))
    assert spent["exact"]["any_hit"] == str(no_shield.any_hit) != odds["exact"]["any_hit"]
    # walked: no +1 (ME12)
    walked = frames.odds(frames.knowledge(covered_shot(a="walk"), 0), SHOOT, None)["odds"]
    assert (walked["stayed"], walked["modifier"]) == (False, -1)


def test_shot_odds_match_the_engine_rolling_the_dice() -> None:
    game = covered_shot()
    expected = frames.odds(frames.knowledge(game, 0), SHOOT, None)["odds"]
    trials, outs, wounds = 3000, 0, 0
    for seed in range(trials):
        twin = game.copy()
        twin.dice = SeededDice(seed)
        twin.apply(SHOOT)
        target = figure(twin, 1)
        outs += target.out
        wounds += 2 - target.vitality
    assert abs(outs / trials - expected["out_of_action"]) < 0.02
    assert abs(wounds / trials - expected["expected_wounds"]) < 0.05


def test_power_and_melee_odds() -> None:
    game = scene([Put(0, ADEPT, 10, 5), Put(1, SOLDIER, 10, 12)], phase="pouvoirs")
    known = frames.knowledge(game, 0)
    damage = frames.odds(known, f"power A.Adepte-de-l'Alliance Distorsion {B_SOLDIER}", None)
    assert damage["odds"]["kind"] == "power" and damage["odds"]["threshold"] == 5
    assert 0 < damage["odds"]["any_hit"] < 1
    push = frames.odds(known, f"power A.Adepte-de-l'Alliance Projection {B_SOLDIER}", None)
    assert push["odds"] is None and "no damage roll" in push["summary"]
    for text in ("hold A.Adepte-de-l'Alliance", "power A.Nobody Projection B.Soldat", "pass"):
        with pytest.raises(FrameError):
            frames.odds(known, text, None)
    duel = scene([Put(0, SOLDIER, 10, 10), Put(1, ADEPT, 10, 11.2)], phase="mêlée")
    fight = frames.odds(frames.knowledge(duel, 0), f"fight {A_SOLDIER}", None)
    assert fight["legal_now"] is True
    (melee,) = fight["odds"]["melees"]
    lib = load_library()
    exact = melee_odds(
        MeleeSide.from_card(lib.profile(SOLDIER), [lib.weapon("Arme de mêlée")]),
        MeleeSide.from_card(lib.profile(ADEPT), [lib.weapon("Arme de mêlée")]))
    assert (melee["a"], melee["b"]) == (A_SOLDIER, "B.Adepte-de-l'Alliance")
    assert Fraction(melee["a_hits"]).limit_denominator(1000) == exact.a_hits
    assert melee["b_out"] == pytest.approx(float(exact.b_out_of_action), abs=1e-6)
    assert fight["odds"]["opportunities"] == []
    not_now = frames.odds(frames.knowledge(duel, 0), "fight B.Adepte-de-l'Alliance", None)
    assert not_now["legal_now"] is False and not_now["why"]


# -- through the websocket -------------------------------------------------------------------------
def test_probe_sight_and_odds_messages_in_a_live_match(client: TestClient) -> None:
    made = create(client, ruleset="masseffect", bands=["orion", "tisiphone"])
    tokens = [token_of(made["join"][s]) for s in "01"]
    rng = random.Random(1)
    with client.websocket_connect(f"/ws/{made['id']}", headers=seat_headers(tokens[0])) as a, \
            client.websocket_connect(f"/ws/{made['id']}",
                                     headers=seat_headers(tokens[1])) as b:
        sockets, last = (a, b), [next_state(a), next_state(b)]
        while sum(f["placed"] for f in last[0]["view"]["figures"]) < 2:
            decider = last[0]["view"]["decision"]["player"]
            sockets[decider].send_json({"type": "action",
                                        "text": rng.choice(last[decider]["legal"])})
            last = [next_state(a), next_state(b)]
        decider = last[0]["view"]["decision"]["player"]
        me = sockets[decider]
        deploy = last[decider]["legal"][0]
        me.send_json({"type": "probe", "text": deploy})
        answer: dict[str, Any] = me.receive_json()
        assert answer["type"] == "probe" and answer["legal"] is True and answer["end"]
        placed = [f["ref"] for f in last[0]["view"]["figures"] if f["placed"]]
        me.send_json({"type": "sight", "from": placed[0], "to": placed[1]})
        seen = me.receive_json()
        assert seen["type"] == "sight" and isinstance(seen["allowed"], bool)
        me.send_json({"type": "odds", "text": "edge lower"})
        assert me.receive_json()["type"] == "error"
        me.send_json({"type": "sight", "from": placed[0], "to": "10,10"})
        assert me.receive_json()["type"] == "error"


def test_the_table_is_the_rulesets_picture_with_both_zones_while_deploying() -> None:
    game = deploying()
    svg = frames.state_frame(game, 0, mode="remote")["svg"]
    root, ids = root_and_ids(svg)
    assert root.get("data-north-up") == "true" and {"zone-0", "zone-1"} <= set(ids)
    for f in state_of(game).figures:
        if f.placed:
            circle = ids["base-" + str(f.ref)].find(NS + "circle")
            assert circle is not None
            x, y = to_cm(root, float(circle.get("cx", "nan")), float(circle.get("cy", "nan")))
            assert abs(x - f.x) < 0.01 and abs(y - f.y) < 0.01
