"""Mass Effect: Annihilation in the browser: the lobby's game choice (bands, scenario) against
the random bot, then deploying, walking (and a click too far for a walk becoming a run) and a
shot by clicking the table and the buttons, with the tape, the sight verdict, the profile card
in the draft's notation and the shot's exact odds (cover, Bouclier) before confirming."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest

from .driver import Table

pytestmark = pytest.mark.browser

POINT = re.compile(r"^(deploy|walk|run) (\S+) (-?[\d.]+),(-?[\d.]+) (\d+)$")


def own_and_enemies(table: Table, ref: str) -> tuple[tuple[float, float, float],
                                                     list[tuple[float, float, float]]]:
    bases = table.bases()
    x, y, r, side = bases[ref]
    return (x, y, r), [(bx, by, br) for bx, by, br, s in bases.values() if s != side]


#: The headings tried for a move, in degrees off the line to the nearest enemy: Dernier
#: carré's walls, block and crates stand 11 to 16 cm in front of both deployment zones, so
#: the point straight ahead is often inside one (refused: overlaps_element), turn after turn.
HEADINGS = (0.0, 30.0, -30.0, 60.0, -60.0)


def towards(table: Table, ref: str, step: float, heading: float = 0.0
            ) -> tuple[float, float] | None:
    """A free point ``step`` cm from ``ref`` toward its nearest enemy, turned ``heading``
    degrees off the straight line (None: none fits)."""
    (x, y, r), enemies = own_and_enemies(table, ref)
    if not enemies:
        return None
    ex, ey, er = min(enemies, key=lambda b: math.hypot(b[0] - x, b[1] - y))
    gap = math.hypot(ex - x, ey - y)
    step = min(step, gap - r - er - 0.5)
    angle = math.atan2(ey - y, ex - x) + math.radians(heading)
    tx, ty = x + math.cos(angle) * step, y + math.sin(angle) * step
    if step < 1 or any(math.hypot(bx - tx, by - ty) < br + r + 0.3
                       for bx, by, br, _ in table.bases().values()) or table.on_a_base(tx, ty):
        return None
    return tx, ty


def select(table: Table, ref: str) -> None:
    """Select ``ref`` by its roster line (unless it is selected already: a second click
    would unselect it)."""
    if not table.page.locator(f'.roster-item.selected[data-ref="{ref}"]').count():
        table.page.click(f'.roster-item[data-ref="{ref}"]')
    table.page.wait_for_selector(f'.fighter-card[data-ref="{ref}"]')


def click_move(table: Table, ref: str, step: float) -> str | None:
    """Select ``ref`` (its roster line), click a point ``step`` cm toward the enemy (straight,
    else turned by each of :data:`HEADINGS` in turn): the pending action (walk, or the run the
    page offers instead) once its tape is shown, or None if there is no such point or every
    one is refused (each cancelled)."""
    page = table.page
    for heading in HEADINGS:
        select(table, ref)
        point = towards(table, ref, step, heading)
        if point is None:
            continue
        page.evaluate("document.getElementById('tape').hidden = true")
        table.click_cm(*point)
        page.wait_for_function(
            "!document.getElementById('tape').hidden && "
            "/^(walk|run) /.test(document.getElementById('pending-text').textContent) && "
            "(document.getElementById('tape').classList.contains('illegal') || "
            " /^(Walk|Run)/.test(document.getElementById('tape').textContent))")
        text = str(page.inner_text("#pending-text"))
        if not page.is_disabled("#confirm"):
            return text
        page.click("#cancel")
    return None


@pytest.mark.usefixtures("seeded")  # the same dice and bot moves on every run
def test_a_mass_effect_match_against_the_random_bot(page: Any, live: Any, shots: Path) -> None:
    page.goto("/")
    assert page.is_visible("#troop-0") and not page.is_visible("#band-0")
    page.select_option("#ruleset", "masseffect")
    assert page.is_visible("#band-0") and not page.is_visible("#troop-0")
    assert not page.is_visible("#rounds")
    page.select_option("#band-0", "Escouade Orion")
    page.select_option("#band-1", "Cellule Tisiphone")
    page.select_option("#scenario", "Dernier carré")
    page.select_option("#kind-1", "bot:random")
    page.fill("#title", "ME:A in the browser")
    page.screenshot(path=shots / "me-lobby.png", full_page=True)
    page.click("#create")
    page.wait_for_url("**/match/*")
    match_id = page.url.rsplit("/", 1)[1]
    table = Table(page)
    state = table.wait_ready()
    assert page.evaluate("document.body.dataset.ruleset") == "masseffect"
    assert "Deployment" in page.inner_text("#round")
    if state["decision"] == "edge":
        assert table.click_action("edge lower")
        state = table.wait_ready()
    # deploy: the first figure by clicking beside a legal point, the rest at suggested ones
    assert state["decision"] == "deploy"
    sample = POINT.match(table.samples()[0])
    assert sample
    x, y = float(sample.group(3)), float(sample.group(4))
    for dx in (0.0, 3.0, -3.0, 6.0):
        if table.on_a_base(x + dx, y):  # a click there would select that figure instead
            continue
        page.evaluate("document.getElementById('tape').hidden = true")
        table.click_cm(x + dx, y)
        tape = table.wait_tape()
        if "Allowed" in tape and not page.is_disabled("#confirm"):
            break
        page.click("#cancel")
    pending = POINT.match(page.inner_text("#pending-text"))
    assert pending and pending.group(1) == "deploy" and 0 <= int(pending.group(5)) < 360
    deployed = pending.group(2)
    page.screenshot(path=shots / "me-deploy.png")
    assert table.confirm()
    while (state := table.wait_ready())["decision"] == "deploy":
        assert table.sample_and_confirm()
    # the profile card, in the draft's notation, with what is left
    select(table, deployed)
    card = page.inner_text(".fighter-card")
    assert "Tir : " in card and "Défense : " in card and "Vitalité" in card
    assert "Fusil mitrailleur (Tir) : Portée (16)" in card or "Pistolet lourd (Tir)" in card
    moved = walked = ran = shot = 0
    for _ in range(400):
        state = table.wait_ready()
        assert state["over"] != "true", "the match ended before a shot"
        kind = state["decision"]
        actions = table.actions()
        if kind == "move":
            mover = next(a.split()[1] for a in actions if a.startswith("stay "))
            text = click_move(table, mover, 15.0 if not ran else 8.0)
            if text is not None:
                assert re.match(r"^(walk|run) ", text), text
                if text.startswith("run ") and not ran:
                    assert "Run" in page.inner_text("#tape")
                    page.screenshot(path=shots / "me-run.png")
                    ran += 1
                elif text.startswith("walk "):
                    assert "Walk" in page.inner_text("#tape")
                    walked += 1
                    if walked == 1:
                        page.screenshot(path=shots / "me-walk.png")
                if table.confirm():
                    moved += 1
                    continue
            assert table.click_action(next(a for a in actions if a.startswith(f"stay {mover}")))
        elif kind == "tir" and any(a.startswith("shoot ") for a in actions):
            shoot = next(a for a in actions if a.startswith("shoot "))
            shooter, target = shoot.split()[1], shoot.split()[3]
            select(table, shooter)
            page.hover(f'[id="base-{target}"]')
            page.wait_for_selector("#sight:not([hidden])")
            assert "may be targeted" in page.inner_text("#sight")
            page.mouse.move(0, 0)
            table.propose_attack(shoot)
            odds = page.inner_text("#odds")
            assert "at least one hit" in odds and "out of action" in odds
            assert "in cover" in odds or "in the open" in odds
            protected = live.hub.rooms[match_id].game.state.figure(target).profile.shield
            assert ("Bouclier" in odds) == (protected is not None)
            page.screenshot(path=shots / "me-shot-odds.png")
            assert table.confirm()
            shot += 1
            break
        elif kind in ("fight", "oppose"):
            table.propose_attack(actions[0])
            assert table.confirm()
        elif "pass" in actions:
            assert table.click_action("pass")
        else:
            assert table.click_action(actions[0])
    assert moved >= 2 and walked >= 1 and ran == 1 and shot == 1
    game = live.hub.rooms[match_id].game
    texts = [e.text() for e in game.log]
    assert any(t.startswith("player A: shoot ") for t in texts)
    assert any(t.startswith("player A: walk ") for t in texts)
    assert any(t.startswith("player A: run ") for t in texts)
    page.screenshot(path=shots / "me-table.png")
