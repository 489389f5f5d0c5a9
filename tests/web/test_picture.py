"""The table picture each seat receives (docs/web.md, The table picture): the framed, north-up
picture of the command line, its field's place on its root for the page's script, drawn from
what the seat may know."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

from fastapi.testclient import TestClient

from skirmish.games.eden.demo import demo_setup
from skirmish.games.eden.picture import picture_svg
from skirmish.games.eden.rolling import state_of

from .conftest import hub_of, next_state, seat_headers, stored_match

NS = "{http://www.w3.org/2000/svg}"


def root_and_ids(svg: str) -> tuple[ET.Element, dict[str, ET.Element]]:
    root = ET.fromstring(svg)
    return root, {e.get("id", ""): e for e in root.iter() if e.get("id")}


def to_cm(root: ET.Element, px: float, py: float) -> tuple[float, float]:
    """The page scripts' mapping (once field.js; board.js draws with the same attributes),
    from the root's data- attributes."""
    scale = float(root.get("data-scale", "nan"))
    left, top = float(root.get("data-field-x", "nan")), float(root.get("data-field-y", "nan"))
    bottom = top + float(root.get("data-field-height", "nan"))
    assert root.get("data-north-up") == "true"
    return (px - left) / scale, (bottom - py) / scale


def test_the_state_frame_shows_the_north_up_picture(client: TestClient) -> None:
    match_id, tokens = stored_match(client, demo_setup())
    with client.websocket_connect(f"/ws/{match_id}", headers=seat_headers(tokens[0])) as a, \
            client.websocket_connect(f"/ws/{match_id}") as watcher:
        frame, watched = next_state(a), next_state(watcher)
    game = hub_of(client).rooms[match_id].game
    root, ids = root_and_ids(frame["svg"])
    assert "framed" in root.get("class", "")
    field = ids["field"]
    assert (root.get("data-field-x"), root.get("data-field-y")) == (field.get("x"), field.get("y"))
    assert float(root.get("data-field-width", "0")) == float(field.get("width", "-1")) == 600
    assert float(root.get("data-scale", "0")) == 10
    # each fighter on the field where the view has it: y = 0 (south) at the bottom
    placed: list[Any] = [f for f in frame["view"]["fighters"] if f["on_field"]]
    assert placed
    for fighter in placed:
        circle = ids["base-" + fighter["ref"]].find(NS + "circle")
        assert circle is not None
        x, y = to_cm(root, float(circle.get("cx", "nan")), float(circle.get("cy", "nan")))
        assert abs(x - fighter["x"]) < 0.01 and abs(y - fighter["y"]) < 0.01
    # the command line's picture (its legend, labels, compass), less its root's data
    assert {"legend", "compass", "scale-bar", "title"} <= set(ids)
    assert root.find(f".//{NS}g[@class='label base']") is not None
    head = frame["svg"][:frame["svg"].index(">")]
    bare = re.sub(r' data-[a-z-]+="[^"]*"', "", head) + frame["svg"][len(head):]
    assert bare == picture_svg(state_of(game))
    # the same picture for every seat and the spectator (all of it is public)
    assert watched["svg"] == frame["svg"]


def test_the_sight_answer_is_the_same_picture_with_the_line_of_sight(
        client: TestClient) -> None:
    match_id, tokens = stored_match(client, demo_setup())
    with client.websocket_connect(f"/ws/{match_id}", headers=seat_headers(tokens[0])) as a:
        next_state(a)
        a.send_json({"type": "sight", "from": "A.Yuri", "to": "B.Ngobo-Quick-Arm"})
        seen = a.receive_json()
    root, ids = root_and_ids(seen["svg"])
    assert root.get("data-north-up") == "true" and {"los", "legend", "field"} <= set(ids)
