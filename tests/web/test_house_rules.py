"""House rules at the web table (issue 47): the lobby offers each game's options (EN and
FR, the default chosen), the server checks the request's and the match plays them."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .conftest import create, hub_of

EDEN_OPTIONS = ["eden-npf-prowl", "eden-storm-charge", "eden-tied-bid", "eden-fear-burn",
                "eden-redirection", "eden-scenery-ranged", "eden-npf-burn-score",
                "eden-infestation-roll", "eden-scenery-no-room"]


def test_the_lobby_offers_the_house_rules_default_chosen_in_both_languages(
        client: TestClient) -> None:
    options = client.get("/api/options").json()["house_rules"]
    assert [r["name"] for r in options["eden"]] == EDEN_OPTIONS
    assert [r["name"] for r in options["masseffect"]] == [
        "me-rear-counter-charge", "me-natural-rolls", "me-eliminate-points",
        "me-protection-uses", "me-bare-hands", "me-melee-weapon", "me-brushing-past",
        "me-climbing", "me-armour", "me-melee-damage", "me-counter-charge-window",
        "me-counter-charge-roll"]
    page = client.get("/").text
    assert "House rules" in page and 'data-rule="eden-npf-prowl"' in page
    assert '<option value="exactly" selected>exactly 5 cm' in page  # issue 47: the letter
    french = client.get("/", headers={"Accept-Language": "fr"}).text
    assert "Règles maison" in french and "(par défaut)" in french
    assert "De combien un CNJ qui rôde se déplace-t-il ?" in french


def test_a_match_plays_the_house_rules_it_was_created_with(client: TestClient) -> None:
    made = create(client, troops=["Jokers", "Bamaka"],
                  house_rules={"eden-npf-prowl": "exactly", "eden-storm-charge": "move-only"},
                  seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    game = hub_of(client).rooms[made["id"]].game
    assert game.setup["house_rules"] == {"eden-npf-prowl": "exactly",
                                         "eden-storm-charge": "move-only"}
    assert game.state.catalogue.house_rules["eden-npf-prowl"] == "exactly"
    plain = create(client, troops=["Jokers", "Bamaka"], house_rules={},
                   seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    assert "house_rules" not in hub_of(client).rooms[plain["id"]].game.setup


def test_bad_house_rules_are_refused_in_one_line_naming_the_option(client: TestClient) -> None:
    for rules, words in (({"eden-nope": "x"}, "house_rules: unknown house rule 'eden-nope'"),
                         ({"eden-npf-prowl": "far"},
                          "house_rules.eden-npf-prowl: unknown reading 'far' (known: up-to, "
                          "exactly)"),
                         ("exactly", "house_rules: expected a mapping of option: reading")):
        response = client.post("/api/matches", json={"troops": ["Jokers", "Bamaka"],
                                                     "house_rules": rules})
        assert response.status_code == 400, response.text
        assert words in response.json()["error"]
    response = client.post("/api/matches", json={"ruleset": "masseffect",
                                                 "house_rules": {"eden-npf-prowl": "exactly"}})
    assert response.status_code == 400
    assert "unknown house rule 'eden-npf-prowl' (known: me-rear-counter-charge" in (
        response.json()["error"])
