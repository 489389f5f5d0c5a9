"""The table picture is north up, like every other picture of the table: a click on the
picture is the table point under it, y = 0 (the south edge) at the bottom. The screen point
is worked out here from the field's rectangle on the screen alone, not from the page's own
mapping, so that a mapping flipped the wrong way fails."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from skirmish.games.eden.rolling import state_of

from .driver import Stats, Table

pytestmark = pytest.mark.browser

#: Points of the south strip of the 60 x 60 cm field (every deployment zone of the south
#: half holds them, with a base's room), tried in turn until one is free of scenery.
SOUTH_POINTS = [(7.5, 4.0), (52.5, 3.5), (22.0, 4.5), (40.0, 2.5), (31.5, 5.0)]
DEPLOY = re.compile(r"^deploy (\S+) (-?[\d.]+),(-?[\d.]+)$")


def field_box(page: Any) -> tuple[float, float, float, float]:
    """The field's rectangle on the screen: left, top, width, height (px)."""
    box = page.eval_on_selector("#field svg rect#field-area", """r => {
        const b = r.getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; }""")
    return float(box[0]), float(box[1]), float(box[2]), float(box[3])


def test_a_click_deploys_at_the_table_point_under_it(page: Any, live: Any,
                                                     shots: Path) -> None:
    page.goto("/")
    page.select_option("#kind-0", "human")
    page.select_option("#kind-1", "human")
    page.check("input[name=mode][value=hotseat]")
    page.fill("#rounds", "1")
    page.fill("#title", "North up")
    page.click("#create")
    page.wait_for_url("**/match/*")
    match_id = page.url.rsplit("/", 1)[1]
    table = Table(page)
    stats = Stats()
    # the preparation, A taking the south half, until A deploys
    for _ in range(300):
        state = table.wait_ready()
        assert state["over"] != "true"
        if state["turn"] == "me" and state["decision"] == "deployment-half":
            assert table.click_action("half south" if state["seat"] == "A" else "half north")
        elif state["turn"] == "me" and state["decision"] == "deploy" and state["seat"] == "A":
            break
        else:
            table.step(stats)
    else:
        raise AssertionError("A never got to deploy")
    svg = page.eval_on_selector("#field svg", "s => ({...s.dataset})")
    assert svg["northUp"] == "true" and float(svg["scale"]) > 0
    texts = page.eval_on_selector_all("#field svg text", "ts => ts.map(t => t.textContent)")
    assert "NORTH" in texts and "SOUTH  (y = 0)" in texts
    left, top, width, height = field_box(page)
    for x, y in SOUTH_POINTS:
        page.evaluate("document.getElementById('tape').hidden = true")
        # (x, y) cm on the screen: x from the west (left) edge, y up from the south (bottom)
        sx, sy = left + x / 60 * width, top + height - y / 60 * height
        page.mouse.click(sx, sy)
        tape = table.wait_tape()
        text = page.inner_text("#pending-text")
        found = DEPLOY.match(text)
        assert found, text
        ref, cx, cy = found.group(1), float(found.group(2)), float(found.group(3))
        # the action names the point clicked (within a screen pixel)
        assert abs(cx - x) < 0.25 and abs(cy - y) < 0.25, (text, (x, y))
        if "Allowed" in tape and not page.is_disabled("#confirm"):
            break
        page.click("#cancel")
    else:
        raise AssertionError("no point of the south strip could be deployed on")
    page.screenshot(path=shots / "north-up-deploy.png")
    assert table.confirm()
    game = live.hub.rooms[match_id].game
    assert f"player A: deploy {ref} {found.group(2)},{found.group(3)}" in [
        e.text() for e in game.log]
    fighter = state_of(game).fighter(ref)
    assert fighter.on_field and (fighter.x, fighter.y) == (cx, cy)
    assert fighter.y < 10  # the south strip: the bottom of the picture
    # its base is drawn where the click was (hot-seat: B's table may be shown first)
    table.wait_ready()
    if table.state()["turn"] == "handover":
        page.click("#handover-ready")
        page.wait_for_function("document.body.dataset.turn !== 'handover'")
    centre = page.eval_on_selector(f'#field svg g[id="base-{ref}"] circle', """c => {
        const b = c.getBoundingClientRect(); return [b.left + b.width / 2,
                                                     b.top + b.height / 2]; }""")
    left, top, width, height = field_box(page)
    assert abs(centre[0] - (left + cx / 60 * width)) < 1.5
    assert abs(centre[1] - (top + height - cy / 60 * height)) < 1.5
    assert centre[1] > top + height * 0.8
