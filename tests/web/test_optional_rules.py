"""Eden's optional rules at the web table: the lobby offers them, a match plays them."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .conftest import create, hub_of


def test_the_lobby_offers_the_climatic_conditions(client: TestClient) -> None:
    options = client.get("/api/options").json()
    assert {"rule": "climate", "name": "Climatic conditions (optional rules 3)"} in \
        options["rules"]
    page = client.get("/", headers={"Accept-Language": "fr"}).text
    assert "Conditions climatiques" in page and "Tempête de neige" in page
    assert 'id="rule-climate"' in page


def test_a_match_plays_the_rules_it_was_created_with(client: TestClient) -> None:
    made = create(client, troops=["Jokers", "Bamaka"], rules="climate:12",
                  seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    game = hub_of(client).rooms[made["id"]].game
    assert game.setup["rules"] == {"climate": [12]}
    assert any(e["source"].endswith("(Snowstorm)") for e in game.view(0)["effects"])
    as_object = create(client, troops=["Jokers", "Bamaka"], rules={"climate": 3},
                       seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    assert hub_of(client).rooms[as_object["id"]].game.setup["rules"] == {"climate": [3]}
    plain = create(client, troops=["Jokers", "Bamaka"], rules="",
                   seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    assert "rules" not in hub_of(client).rooms[plain["id"]].game.setup


def test_bad_rules_are_refused_and_name_the_part_at_fault(client: TestClient) -> None:
    for rules, words in (("weather", "no optional rule 'weather'"),
                         ("climate:13", "a climate roll is the sum of 2D6"),
                         ({"climate": 1}, "rules.climate"), (7, "rules: expected an object")):
        response = client.post("/api/matches", json={"rules": rules})
        assert response.status_code == 400, response.text
        assert words in response.json()["error"]


def test_all_three_rules_at_the_table(client: TestClient) -> None:
    assert [r["rule"] for r in client.get("/api/options").json()["rules"]] == [
        "territory", "infestation:3", "climate"]
    page = client.get("/").text
    assert 'id="rule-territory"' in page and 'id="rule-infestation"' in page
    made = create(client, troops=["Jokers", "Bamaka"], rules="territory,infestation:2,climate:7",
                  seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    game = hub_of(client).rooms[made["id"]].game
    assert game.setup["rules"] == {"territory": True, "infestation": 2, "climate": [7]}
    assert game.state.territory and game.view(0)["territory"]
