"""A whole match against the heuristic bot, played through the page: create it in the lobby,
deploy, move by clicking the table (the tape), the line of sight preview, the odds before an
attack, to the end; then the record verifies with ``skirmish replay --verify`` and the replay
page steps through it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .driver import Stats, Table, play_to_the_end

pytestmark = pytest.mark.browser


def test_a_match_against_the_heuristic_bot(page: Any, live: Any, shots: Path,
                                           tmp_path: Path) -> None:
    page.goto("/")
    page.select_option("#troop-0", "Jokers")
    page.select_option("#troop-1", "Bamaka")
    page.select_option("#kind-1", "bot:heuristic")
    page.fill("#rounds", "2")
    page.fill("#title", "Browser test")
    page.screenshot(path=shots / "lobby.png", full_page=True)
    page.click("#create")
    page.wait_for_url("**/match/*")
    table = Table(page)
    stats = Stats()
    # the preparation, through the buttons, until deploying
    while (state := table.wait_ready())["decision"] != "deploy":
        assert state["over"] != "true"
        table.step(stats)
    assert page.is_visible("#zone-deploy") or page.locator("#field .zone").count()
    page.screenshot(path=shots / "deploy.png")
    # deploy the selected fighter by clicking inside the zone, the others at suggested points
    box = page.eval_on_selector(".zone", "z => { const b = z.getBBox(); "
                                "return [b.x, b.y, b.x + b.width, b.y + b.height]; }")
    x, y = table.to_cm((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    table.click_cm(x, y)
    assert "Allowed" in table.wait_tape()
    assert table.confirm()
    while (state := table.wait_ready())["decision"] != "action":
        table.step(stats)
    # move by clicking: the tape shows the path and the allowance left
    active = page.get_attribute(".fighter-card", "data-ref")
    assert active and active.startswith("A.")
    ax, ay, _, _ = table.bases()[active]
    page.evaluate("document.getElementById('tape').hidden = true")
    corners = [(cx, cy) for cx in (3, 57) for cy in (3, 57)]  # the 60 x 60 cm table's
    far = max(corners, key=lambda c: (c[0] - ax) ** 2 + (c[1] - ay) ** 2)
    table.click_cm(*far)  # far beyond the allowance: refused, with the engine's reason
    assert "Not allowed" in table.wait_tape()
    assert page.is_disabled("#confirm")
    page.click("#cancel")
    enemy = next(ref for ref, b in table.bases().items() if b[3] == "B")
    page.hover(f'[id="base-{enemy}"]')
    page.wait_for_selector("#sight:not([hidden])")
    assert "Line of sight" in page.inner_text("#sight")
    assert page.locator("#sight-line").count() == 1
    page.screenshot(path=shots / "sight.png")
    # move by dragging the fighter: the same tape, then confirm
    page.mouse.move(0, 0)
    ax, ay, _, _ = table.bases()[active]
    ex, ey, _, _ = table.bases()[enemy]
    gap = ((ex - ax) ** 2 + (ey - ay) ** 2) ** 0.5
    page.evaluate("document.getElementById('tape').hidden = true")
    table.drag_cm(active, ax + (ex - ax) / gap * 5, ay + (ey - ay) / gap * 5)
    if "allowance left" in table.wait_tape():
        assert page.locator("#tape-path").count() == 1
        assert table.confirm()
    else:
        page.click("#cancel")
    assert table.move_towards_enemy(active) or table.sample_and_confirm("move " + active)
    # the rest of the match: attacks show their odds first
    stats = play_to_the_end([table])
    assert stats.decisions > 5
    page.screenshot(path=shots / "end.png")
    assert page.is_visible("#end")
    assert "Score" in page.inner_text("#end")
    match_id = page.url.rsplit("/", 1)[1]
    with page.expect_download() as download:
        page.click("#record-link")
    record = tmp_path / "record.jsonl"
    download.value.save_as(record)
    skirmish = Path(sys.executable).with_name("skirmish")
    verified = subprocess.run([str(skirmish), "replay", str(record), "--verify"],
                              capture_output=True, text=True, timeout=120)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "verified: every line matches the re-play" in verified.stdout
    # the replay page: forwards and backwards, the table drawn at each step
    page.goto(f"/replay/{match_id}")
    page.wait_for_selector("#field svg")
    page.click("#last")
    page.wait_for_function("document.body.dataset.step !== '0'")
    last = page.evaluate("document.body.dataset.step")
    page.click("#prev")
    page.wait_for_function("([n]) => document.body.dataset.step === String(n - 1)",
                           arg=[int(last)])
    page.screenshot(path=shots / "replay.png")
    # an uploaded record is replayed the same way
    page.goto("/")
    page.set_input_files("#record-file", str(record))
    page.click("#upload")
    page.wait_for_url("**/replay/*")
    assert page.url.rsplit("/", 1)[1].split("?")[0] != match_id
    page.wait_for_selector("#field svg")
    page.click("#next")
    page.wait_for_function("document.body.dataset.step === '1'")
    page.click("#last")
    page.wait_for_function("([n]) => document.body.dataset.step === n", arg=[last])
    page.wait_for_selector("#field svg g.base")
