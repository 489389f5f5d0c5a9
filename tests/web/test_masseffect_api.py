"""Mass Effect: Annihilation at the web table (docs/web.md, Mass Effect: Annihilation): the
lobby's options, creating a match (bands by name, mapping or YAML, each checked), playing it
to the end through the websocket, against a bot, its record and replay, and its restore
after a restart."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from skirmish.core.record import verify_jsonl
from skirmish.web import create_app

from .conftest import create, hub_of, next_state, play_remote, seat_headers, token_of

ME = {"ruleset": "masseffect"}
BAND_YAML = """name: Mes mercenaires
faction: Mercenaires
budget: 30
figures: [Capitaine Vorgash, Mercenaire, Mercenaire]
"""


def connect(client: TestClient, match_id: str, token: str | None = None) -> Any:
    return client.websocket_connect(f"/ws/{match_id}",
                                    headers=seat_headers(token) if token else {})


def test_options_offer_the_bands_and_scenarios(client: TestClient) -> None:
    options = client.get("/api/options").json()
    assert options["rulesets"] == ["eden", "masseffect"]
    bands = {b["name"]: b for b in options["masseffect"]["bands"]}
    assert {"Escouade Orion", "Cellule Tisiphone", "Grappe Kappa-9"} <= set(bands)
    orion = bands["Escouade Orion"]
    assert orion["faction"] == "Alliance" and 0 < orion["cost"] <= orion["budget"] == 30
    assert orion["figures"][0] == "Commandante Ilse Marrow"
    scenarios = {s["name"]: s for s in options["masseffect"]["scenarios"]}
    assert scenarios["Escarmouche"]["turns"] == 6
    assert scenarios["Escarmouche"]["table_pas"] == [36, 36]


def test_create_a_match_from_names_a_mapping_or_yaml(client: TestClient) -> None:
    made = create(client, **ME, bands=["orion", {"yaml": BAND_YAML, "name": "mine.yaml"}],
                  scenario="tenir", title="Mardi",
                  seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    summary = client.get(f"/api/matches/{made['id']}").json()
    assert (summary["ruleset"], summary["title"]) == ("masseffect", "Mardi")
    game = hub_of(client).rooms[made["id"]].game
    view = game.view(0)
    assert view["ruleset"] == "masseffect" and view["scenario"] == "Tenir la position"
    names = {f["name"] for f in view["figures"] if f["side"] == 1}
    assert names == {"Capitaine Vorgash", "Mercenaire"}
    assert game.dice.public()["kind"] == "fair"  # fair dice (docs/dice.md)
    mapping = create(client, **ME, bands=[{"name": "Duo", "figures": ["Soldat de l'Alliance",
                                                                     "Adepte de l'Alliance"]},
                                          "Grappe Kappa-9"])
    default = hub_of(client).rooms[mapping["id"]].game.view(None)
    assert default["scenario"] == "Escarmouche"
    assert client.get(f"/api/matches/{mapping['id']}").json()["title"] == \
        "Duo vs Grappe Kappa-9 · Escarmouche"


def test_bad_bands_and_scenarios_are_refused_naming_the_field(client: TestClient) -> None:
    def refused(body: dict[str, Any], status: int, words: str) -> None:
        response = client.post("/api/matches", json={**ME, **body})
        assert response.status_code == status, (body, response.text)
        assert words in response.json()["error"], response.json()

    refused({"bands": ["orion"]}, 400, "bands: expected two bands")
    refused({"bands": ["Nowhere", "orion"]}, 422, "bands[0]: no band 'Nowhere'")
    refused({"bands": ["orion", 7]}, 400, "bands[1]: expected a band name")
    refused({"bands": ["orion", {"figures": "Mercenaire"}]}, 400, "bands[1]: field 'figures'")
    refused({"bands": ["orion", {"name": "x", "colour": "red"}]}, 400, "field 'colour'")
    refused({"bands": ["orion", {"figures": ["Mercenaire", "Soldat de l'Alliance"]}]}, 422,
            "bands[1]: ME39 (faction)")
    refused({"bands": [{"budget": 10, "figures": ["Capitaine Vorgash", "Mercenaire vétéran"]},
                       "orion"]}, 422, "bands[0]: ME39 (budget)")
    refused({"bands": [{"figures": ["Capitaine Vorgash", "Capitaine Vorgash"]}, "orion"]}, 422,
            "ME39 (unique)")
    refused({"bands": ["orion", {"yaml": "figures: [Mercenaire\n"}]}, 400,
            "bands[1] (band.yaml): broken band file")
    refused({"bands": ["orion", {"yaml": "bands: []\n"}]}, 400, "exactly one band")
    refused({"bands": ["orion", {"yaml": "#" * 70_000}]}, 413, "at most 64 KB")
    refused({"scenario": "Nulle part"}, 422, "scenario: no scenario 'Nulle part'")
    refused({"scenario": 3}, 400, "scenario: expected")
    refused({"troops": ["Jokers", "Bamaka"]}, 400, "unknown field(s) troops")
    refused({"rounds": 2}, 400, "unknown field(s) rounds")
    refused({"mode": "solo"}, 400, "mode")
    refused({"seats": [{"kind": "bot", "agent": "oracle"}, {"kind": "human"}]}, 400, "agent")
    refused({"title": "x" * 500}, 400, "title")


def test_a_match_played_to_the_end_then_its_record_and_replay(client: TestClient) -> None:
    made = create(client, **ME, bands=["Cellule Tisiphone", "Compagnie des Lames grises"],
                  scenario="Dernier carré")
    match_id = made["id"]
    tokens = [token_of(made["join"][s]) for s in "01"]
    kinds: set[str] = set()

    def seen(_seat: int, frame: dict[str, Any]) -> None:
        decision = frame["view"]["decision"]
        if decision and "kind" in decision:
            kinds.add(decision["kind"])
        assert frame["svg"].startswith("<svg") and 'data-north-up="true"' in frame["svg"]
        assert frame["cards"]["weapons"]["Fusil mitrailleur"] == \
            "Fusil mitrailleur (Tir) : Portée (16), Dégâts (1), Tirs (2)"

    with connect(client, match_id, tokens[0]) as a, connect(client, match_id, tokens[1]) as b:
        last = play_remote(a, b, random.Random(4), on_frame=seen)
    assert last["over"] and last["outcome"]["reason"]
    assert {"edge", "deploy", "move"} <= kinds
    assert client.get(f"/api/matches/{match_id}").json()["status"] == "over"
    record = client.get(f"/api/matches/{match_id}/record")
    assert record.status_code == 200
    game = verify_jsonl(record.text)
    assert game.is_over and game.ruleset.name == "masseffect"
    assert json.loads(record.text.splitlines()[0])["ruleset"] == "masseffect"
    count = len(game.history)
    step = client.get(f"/api/replays/{match_id}/{count // 2}").json()
    assert step["view"]["ruleset"] == "masseffect" and step["svg"].startswith("<svg")
    assert "Fusil mitrailleur" in step["cards"]["weapons"]
    uploaded = client.post("/api/replays", content=record.text.encode())
    assert uploaded.status_code == 201
    again = client.get(f"/api/replays/{uploaded.json()['id']}/{count // 2}").json()
    assert again["svg"] == step["svg"] and again["log"] == step["log"]


def test_a_match_against_the_random_bot(client: TestClient) -> None:
    made = create(client, **ME, bands=["Grappe Kappa-9", "Escouade Orion"],
                  seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    rng = random.Random(8)
    with connect(client, made["id"], token_of(made["join"]["0"])) as a:
        frame = next_state(a)
        while not frame["over"]:
            if frame["legal"]:
                a.send_json({"type": "action", "text": rng.choice(frame["legal"])})
            frame = next_state(a)
    actions = hub_of(client).store.actions(made["id"])
    assert {player for player, _ in actions} == {0, 1}
    assert client.get(f"/api/matches/{made['id']}").json()["status"] == "over"


def test_an_unfinished_match_is_restored_from_storage(data_dir: Path) -> None:
    rng = random.Random(2)
    with TestClient(create_app(data_dir=data_dir)) as client:
        made = create(client, **ME, scenario="Extraction")
        tokens = [token_of(made["join"][s]) for s in "01"]
        with connect(client, made["id"], tokens[0]) as a, \
                connect(client, made["id"], tokens[1]) as b:
            frames = [next_state(a), next_state(b)]
            for _ in range(25):
                decider = frames[0]["view"]["decision"]["player"]
                (a, b)[decider].send_json({"type": "action",
                                           "text": rng.choice(frames[decider]["legal"])})
                frames = [next_state(a), next_state(b)]
        count, view = frames[0]["count"], frames[0]["view"]
        before = hub_of(client).rooms[made["id"]].game.state_hash()
    with TestClient(create_app(data_dir=data_dir)) as client:
        room = hub_of(client).rooms[made["id"]]  # restored at start
        assert room.game.ruleset.name == "masseffect" and room.game.state_hash() == before
        with connect(client, made["id"], tokens[0]) as a:
            frame = next_state(a)
            assert frame["count"] == count and frame["view"] == view
        with connect(client, made["id"], tokens[0]) as a, \
                connect(client, made["id"], tokens[1]) as b:
            last = play_remote(a, b, rng)
        assert last["over"] and last["count"] > count


def test_a_hotseat_match_never_hands_over(client: TestClient) -> None:
    """ME:A hides nothing: the device is never handed over (docs/web.md, Hot-seat); each
    frame is the public one, acting for the deciding seat, both seats in turn."""
    made = create(client, **ME, mode="hotseat")
    assert made["join"]["0"] == made["join"]["1"]
    shown: list[int] = []
    with connect(client, made["id"], token_of(made["join"]["0"])) as ws:
        for _ in range(30):
            frame = ws.receive_json()
            assert frame["type"] == "state" and frame["mode"] == "hotseat" and frame["public"]
            assert frame["seat"] == frame["view"]["decision"]["player"]
            if not shown or shown[-1] != frame["seat"]:
                shown.append(frame["seat"])
            ws.send_json({"type": "action", "text": frame["legal"][0]})
    # the roll-off's winner picks its edge and deploys first, then the bands alternate
    assert shown[:3] == [shown[0], 1 - shown[0], shown[0]]
