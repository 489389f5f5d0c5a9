"""The board (docs/web.md, The board): the table drawn in the page from the seat's view, a
fighter dragged with its allowance drawn and sent on the drop (a refused drop at the nearest
legal point), attacks sent on one click with their odds shown on pointing; a 5-round match
against the bot takes at most one input (click or drag) per decision plus 10 %."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from .conftest import new_page
from .driver import ATTACKS, Keyboard, Person, Stats

pytestmark = pytest.mark.browser


def new_match_against_the_bot(page: Any, rounds: int, title: str) -> None:
    page.goto("/")
    page.select_option("#troop-0", "Jokers")
    page.select_option("#troop-1", "Bamaka")
    page.select_option("#kind-1", "bot:heuristic")
    page.fill("#rounds", str(rounds))
    page.fill("#title", title)
    page.click("#create")
    page.wait_for_url("**/match/*")


def play(person: Person, stats: Stats, max_steps: int = 3000) -> int:
    """Play to the end; how many of the page's own decisions showed the pieces of the last
    action marked."""
    marked = 0
    for _ in range(max_steps):
        state = person.wait_ready(timeout=60_000)
        if state["over"] == "true":
            return marked
        if state["turn"] == "me" and state["decision"] == "action":
            marked += person.page.locator("#field g.base.is-last").count() > 0
        person.step(stats)
    raise AssertionError("the match did not end")


def test_a_five_round_match_takes_one_input_per_decision(page: Any, live: Any,
                                                         shots: Path) -> None:
    new_match_against_the_bot(page, 5, "Clicks")
    person = Person(page)
    stats = Stats()
    # the board is drawn in the page: an SVG built by the script, no server picture
    page.wait_for_selector("#field svg.board #field-area")
    assert page.locator("#field svg.board").count() == 1
    assert page.evaluate("document.querySelectorAll('[id=field]').length") == 1
    while (state := person.wait_ready())["decision"] != "action":
        assert state["over"] != "true"
        person.step(stats)
    # dropped far beyond its 10 cm: sent at once, at the nearest legal point found
    active = next(s.split()[1] for s in person.samples() if s.startswith("move "))
    x, y, _, _ = person.bases()[active]
    stats.decisions += 1
    assert person.drag_towards_enemy(active, step=25.0), person.refused
    assert "nearest legal point" in page.inner_text("#tape")
    page.wait_for_function("([ref, x, y]) => { const c = document.querySelector("
                           "`[id='base-${ref}'] circle`); return c && c.getAttribute('cx') !== "
                           "String(x * 10); }", arg=[active, x, y])
    nx, ny, _, _ = person.bases()[active]
    assert 1 < math.hypot(nx - x, ny - y) <= 10.01
    marked = play(person, stats)
    page.screenshot(path=shots / "board-end.png")
    print(f"5 rounds vs the bot: {stats.decisions} decisions, {person.inputs} inputs "
          f"({stats.clicked_moves} moves dragged, {stats.odds} attacks/reactions); refused "
          f"drops: {person.refused}")
    assert stats.decisions > 40 and stats.clicked_moves > 5, stats
    assert marked > 5  # the last action's pieces marked on the board
    assert person.inputs <= stats.decisions * 1.1, (person.inputs, stats)


def test_a_whole_match_on_a_phone(page: Any, live: Any, shots: Path) -> None:
    """390 x 844: the decision panel is a sheet over the bottom of the table, every button
    and every piece at least 44 px to touch, two fingers zoom; a match played to its end."""
    page.set_viewport_size({"width": 390, "height": 844})
    new_match_against_the_bot(page, 1, "Phone")
    person = Person(page)
    stats = Stats()
    page.wait_for_selector("#field svg.board #field-area")
    sheet = page.eval_on_selector(".side-col", """s => { const c = getComputedStyle(s);
        const b = s.getBoundingClientRect(); return [c.position, b.top, b.bottom]; }""")
    assert sheet[0] == "fixed" and sheet[2] >= 843 and sheet[1] > 844 / 2, sheet
    # two fingers apart: the table comes closer
    zoom = page.evaluate("""() => { const svg = document.querySelector('#field svg');
        const r = svg.getBoundingClientRect(), cx = r.left + r.width / 2, cy = r.top + r.height / 2;
        const ev = (type, id, x) => svg.dispatchEvent(new PointerEvent(type, {pointerId: id,
          clientX: x, clientY: cy, bubbles: true, isPrimary: id === 1, pointerType: 'touch'}));
        const before = +svg.dataset.zoom;
        ev('pointerdown', 1, cx - 20); ev('pointerdown', 2, cx + 20);
        ev('pointermove', 2, cx + 60); ev('pointerup', 2, cx + 60); ev('pointerup', 1, cx - 20);
        return [before, +svg.dataset.zoom]; }""")
    assert zoom[1] > zoom[0] * 1.5, zoom
    page.click("#zoom-fit")
    for _ in range(400):
        state = person.wait_ready(timeout=60_000)
        if state["over"] == "true":
            break
        if state["decision"] == "action":
            small = page.evaluate("""() => [...document.querySelectorAll(
                '.side-col button, #field circle.hit, .board-tools button')].filter(b => {
                  const r = b.getBoundingClientRect();
                  return r.width > 0 && (r.width < 43.5 || r.height < 43.5); }).length""")
            assert small == 0
            page.screenshot(path=shots / "phone-action.png")
        person.step(stats)
    else:
        raise AssertionError("the match did not end")
    page.screenshot(path=shots / "phone-end.png")
    assert page.is_visible("#end") and stats.decisions > 10


def test_a_whole_match_with_the_keyboard(page: Any, live: Any, shots: Path) -> None:
    """No mouse: Tab to a decision's button and Enter, moves with the arrow keys on the
    board and Enter, to the end of a match."""
    page.goto("/")
    page.select_option("#troop-0", "Jokers")
    page.select_option("#troop-1", "Bamaka")
    page.select_option("#kind-1", "bot:heuristic")
    page.fill("#rounds", "1")
    page.focus("#create")
    page.keyboard.press("Enter")
    page.wait_for_url("**/match/*")
    player = Keyboard(page)
    stats = Stats()
    page.wait_for_selector("#field svg.board #field-area")
    while (state := player.wait_ready())["decision"] != "action":
        assert state["over"] != "true"
        player.step(stats)
    # on the table, ] chooses the next fighter (its card shows), [ the one before
    player.focus("#field")
    page.keyboard.press("]")
    first = page.get_attribute(".fighter-card", "data-ref")
    page.keyboard.press("]")
    second = page.get_attribute(".fighter-card", "data-ref")
    page.keyboard.press("[")
    assert first and second and first != second
    assert page.get_attribute(".fighter-card", "data-ref") == first
    play(player, stats)
    page.screenshot(path=shots / "keyboard-end.png")
    assert page.is_visible("#end")
    assert stats.clicked_moves >= 1 and stats.decisions > 10, stats


def test_a_blast_template_placed_and_turned_by_a_drag(page: Any, seeded: Any,
                                                      shots: Path) -> None:
    """Eden's flamethrower: pressed where the template touches, dragged to turn its axis
    (a pivoted blast), the template and whom it covers drawn while dragging, sent on the
    drop."""
    from skirmish.games.eden.demo import demo_setup

    from .test_odds_and_templates import stored_match

    live = seeded
    setup = demo_setup(max_rounds=1)
    setup["troops"][0]["fighters"][1]["at"] = [35.0, 23.0]  # Vladd free, 4.5 cm from Abama
    match_id, join = stored_match(live, setup)
    page.goto(join)
    page.wait_for_url(f"**/match/{match_id}")
    person = Person(page)
    stats = Stats()
    pick = '#actions button.pick[data-prefix="blast A.Vladd Flamethrower"]'
    for _ in range(60):
        state = person.wait_ready()
        assert state["over"] != "true", "the match ended before Vladd could act"
        if "activate A.Vladd" in person.actions():
            assert person.act_button("activate A.Vladd")
            continue
        if state["decision"] == "action" and page.locator(pick).count():
            break
        person.step(stats)
    else:
        raise AssertionError("Vladd never got to act")
    page.click(pick)
    bases = person.bases()
    vx, vy, vr, _ = bases["A.Vladd"]
    # the nearest enemy, whom the template must cover (Rulebook 6.B): Abama at the start,
    # unless the bot's play brought another nearer first (its bids and cards follow the
    # match's length: one round here)
    ax, ay, _, _ = min((b for ref, b in bases.items() if ref.startswith("B.")),
                       key=lambda b: ((b[0] - vx) ** 2 + (b[1] - vy) ** 2) ** 0.5 - b[2])
    gap = ((ax - vx) ** 2 + (ay - vy) ** 2) ** 0.5
    ux, uy = (ax - vx) / gap, (ay - vy) / gap
    # pressed towards it (the contact point's direction; off Vladd's own base, which a
    # drag would move), then turned a little
    start = (vx + ux * (vr + 3), vy + uy * (vr + 3))
    count = person.state()["count"]
    page.mouse.move(*person.client_point(*start))
    page.mouse.down()
    page.mouse.move(*person.client_point(start[0] + ux * 4 - uy * 1, start[1] + uy * 4 + ux * 1),
                    steps=6)
    page.wait_for_selector("#template-preview")
    page.screenshot(path=shots / "blast-turned.png")
    page.mouse.up()
    page.wait_for_function("([n]) => document.body.dataset.count !== n", arg=[count])
    game = live.hub.rooms[match_id].game
    sent = [e.text() for e in game.log if "blast A.Vladd Flamethrower" in e.text()]
    assert sent and len(sent[0].split("blast ", 1)[1].split()) == 4, sent  # angle and axis


def test_masseffect_figures_dragged_on_the_board(page: Any, live: Any, shots: Path) -> None:
    """ME:A on the board: both bands' zones while deploying, a figure's walk and run rings
    while it is dragged, the drop sent at once (a walk too far becoming a run, a refused
    point moved to the nearest legal one)."""
    page.goto("/")
    page.select_option("#ruleset", "masseffect")
    page.select_option("#band-0", "Escouade Orion")
    page.select_option("#band-1", "Cellule Tisiphone")
    page.select_option("#kind-1", "bot:random")
    page.click("#create")
    page.wait_for_url("**/match/*")
    person = Person(page)
    stats = Stats()
    dragged = 0
    for _ in range(300):
        state = person.wait_ready(timeout=60_000)
        if state["over"] == "true" or dragged >= 3:
            break
        if state["decision"] == "deploy":
            assert page.locator("#field path.zone").count() == 2
        if state["decision"] == "move":
            mover = next(a.split()[1] for a in person.actions() if a.startswith("stay "))
            bases = person.bases()
            x, y, _, side = bases[mover]
            ex, ey, _, _ = min((b for b in bases.values() if b[3] != side),
                               key=lambda b: math.hypot(b[0] - x, b[1] - y))
            gap = math.hypot(ex - x, ey - y)
            step = min(12.0, gap - 4.0)
            if step > 1:
                page.mouse.move(*person.client_point(x, y))
                page.mouse.down()
                page.mouse.move(*person.client_point(x + 0.3, y + 0.8), steps=3)
                rings = page.eval_on_selector_all("#field circle.allowance",
                                                  "cs => cs.map(c => c.dataset.verb)")
                assert sorted(rings) == ["run", "walk"], rings
                page.mouse.move(*person.client_point(x + (ex - x) / gap * step,
                                                     y + (ey - y) / gap * step), steps=6)
                page.mouse.up()
                page.wait_for_function("([n]) => document.body.dataset.count !== n",
                                       arg=[state["count"]])
                dragged += 1
                continue
        person.step(stats)
    page.screenshot(path=shots / "me-board.png")
    assert dragged >= 3 or person.state()["over"] == "true"
    game = live.hub.rooms[page.url.rsplit("/", 1)[1]].game
    assert any(e.text().startswith(("player A: walk ", "player A: run ")) for e in game.log)


def test_on_a_phone_an_attack_shows_its_odds_before_it_is_sent(browser: Any, live: Any,
                                                                shots: Path) -> None:
    """A finger cannot point at a button without pressing it: on a screen that cannot hover,
    the first tap on an attack shows its exact odds and the second (Confirm) sends it;
    moves stay one drop (table_actions.js quickAttacks)."""
    page = new_page(browser, live, touch=True)
    try:
        assert page.evaluate("matchMedia('(hover: none)').matches")
        new_match_against_the_bot(page, 3, "Tap")
        person = Person(page)
        page.evaluate("localStorage.removeItem('skirmish.confirm')")  # the page's default
        stats = Stats()
        for _ in range(600):
            state = person.wait_ready(timeout=60_000)
            assert state["over"] != "true", "no attack was offered"
            attacks = [a for a in person.actions() if a.split()[0] in ATTACKS]
            if state["decision"] == "action" and attacks:
                break
            person.step(stats)
        count = state["count"]
        page.tap(f'#actions button.act[data-action="{attacks[0]}"]')
        page.wait_for_selector("#odds .odds-body")
        assert page.is_visible("#confirm") and person.state()["count"] == count
        page.screenshot(path=shots / "phone-odds.png")
        page.tap("#confirm")
        page.wait_for_function("([n]) => document.body.dataset.count !== n", arg=[count])
    finally:
        page.context.close()
