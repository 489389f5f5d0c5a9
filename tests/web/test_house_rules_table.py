"""The house rules in force at the web table (issue 47): every seat's state frame (and the
spectators', and a hot-seat device's public one) names the readings that are not the
default, the table page words them in its language, and the finished match's record header
carries them (a re-play verifies under them)."""

from __future__ import annotations

import json
import random

from fastapi.testclient import TestClient

from skirmish.core.record import verify_jsonl
from skirmish.web import frames, handovers

from .conftest import create, hub_of, next_state, play_remote, seat_headers, token_of

CHOSEN = {"eden-storm-charge": "charge-too", "eden-tied-bid": "chooses"}


def test_both_seats_and_the_spectators_are_told_the_readings_in_force(
        client: TestClient) -> None:
    made = create(client, troops=["Jokers", "Bamaka"], rounds=1,
                  house_rules={**CHOSEN, "eden-fear-burn": "allowed"})  # a default
    game = hub_of(client).rooms[made["id"]].game
    for seat in (0, 1, None):
        assert frames.state_frame(game, seat, mode="remote")["house_rules"] == CHOSEN
    assert handovers.public_frame(game, mode="hotseat", log_from=0)["house_rules"] == CHOSEN
    for seat in ("0", "1"):
        with client.websocket_connect(f"/ws/{made['id']}", headers=seat_headers(
                token_of(made["join"][seat]))) as ws:
            frame = next_state(ws)
            while frame.get("type") != "state":
                frame = next_state(ws)
            assert frame["house_rules"] == CHOSEN
    plain = create(client, troops=["Jokers", "Bamaka"], rounds=1)
    plain_game = hub_of(client).rooms[plain["id"]].game
    assert frames.state_frame(plain_game, 0, mode="remote")["house_rules"] == {}
    me = create(client, ruleset="masseffect")  # ME:A's options, all at their defaults
    assert frames.state_frame(hub_of(client).rooms[me["id"]].game, 0,
                              mode="remote")["house_rules"] == {}


def test_the_table_page_words_the_options_in_english_and_french(client: TestClient) -> None:
    made = create(client, troops=["Jokers", "Bamaka"], house_rules=CHOSEN)

    def config(lang: str) -> dict[str, object]:
        page = client.get(f"/match/{made['id']}?lang={lang}").text
        assert 'id="house-rules"' in page and "/static/house_rules.js" in page
        start = page.index('<script type="application/json"')
        body = page[page.index(">", start) + 1:page.index("</script>", start)]
        loaded: dict[str, object] = json.loads(body)
        return loaded

    english, french = config("en"), config("fr")
    assert english["t"]["table.house_rules"] == "House rules: {rules}"  # type: ignore[index]
    assert french["t"]["table.house_rules"] == "Règles maison : {rules}"  # type: ignore[index]
    storm_en = english["house_rules"]["eden-storm-charge"]  # type: ignore[index]
    storm_fr = french["house_rules"]["eden-storm-charge"]  # type: ignore[index]
    assert storm_en["question"] == "Does Storm's 8 cm limit the Charge as well as the Move?"
    assert storm_fr["question"] == "Le Vent contraire (8 cm) limite-t-il aussi l'Engagement ?"
    assert set(storm_en["readings"]) == {"move-only", "charge-too"}
    assert storm_en["readings"]["charge-too"] == "a Move and a Charge both cover 8 cm"
    assert storm_fr["readings"]["charge-too"] == "un Déplacement et un Engagement couvrent 8 cm"


def test_the_record_of_the_match_carries_them_and_verifies_under_them(
        client: TestClient) -> None:
    made = create(client, troops=["Jokers", "Bamaka"], rounds=1, house_rules=CHOSEN)
    match_id = made["id"]
    with client.websocket_connect(f"/ws/{match_id}",
                                  headers=seat_headers(token_of(made["join"]["0"]))) as a, \
            client.websocket_connect(f"/ws/{match_id}",
                                     headers=seat_headers(token_of(made["join"]["1"]))) as b:
        play_remote(a, b, random.Random(7))
    record = client.get(f"/api/matches/{match_id}/record")
    assert record.status_code == 200
    header = json.loads(record.text.splitlines()[0])
    assert header["setup"]["house_rules"] == CHOSEN
    replayed = verify_jsonl(record.text)
    assert replayed.state.catalogue.house_rules == CHOSEN
