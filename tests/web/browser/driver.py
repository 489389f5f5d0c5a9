"""Playing the web table through its page, as a person would: reading the buttons and the
drawn table, clicking buttons and points of the field (no access to the game itself).

The page tells where the match stands in ``<body data-seat data-count data-over data-decision
data-turn>`` (``turn``: ``me``, ``other`` or ``handover``)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

ATTACKS = ("attack", "shoot", "charge", "throw", "blast")
#: A script function: the picture's units -> table cm (north up: y = 0 at the bottom), with
#: its ``scale`` (units per cm), from the data- attributes of the picture's root.
TO_CM = """(() => { const d = document.querySelector('#field svg').dataset;
  if (d.northUp !== 'true') throw new Error('the table picture is not north up');
  const s = +d.scale, left = +d.fieldX, bottom = +d.fieldY + +d.fieldHeight;
  const f = (px, py) => [(px - left) / s, (bottom - py) / s];
  f.scale = s; return f; })()"""


@dataclass
class Stats:
    """What an autoplay saw: decisions taken, odds shown, moves made by clicking."""

    decisions: int = 0
    odds: int = 0
    clicked_moves: int = 0
    handovers: int = 0
    kinds: set[str] = field(default_factory=set)


class Table:
    """A player at the page. ``quick``: the page's default, a legal point or attack is sent on
    one click (its odds shown on hover); else (``quick=False``) the player asked to confirm
    moves and attacks (the page's checkbox, kept in localStorage): every one is shown, then
    confirmed."""

    def __init__(self, page: Any, quick: bool = False) -> None:
        self.page = page
        self.quick = quick
        page.evaluate("([q]) => localStorage.setItem('skirmish.confirm', q ? '0' : '1')",
                      [quick])

    # -- reading ---------------------------------------------------------------------------
    def state(self) -> dict[str, str]:
        return dict(self.page.evaluate("({...document.body.dataset})"))

    def wait_ready(self, timeout: float = 30_000) -> dict[str, str]:
        """Until this page must decide, hand over, or the match is over."""
        self.page.wait_for_function(
            "document.body.dataset.over === 'true' || document.body.dataset.turn === 'me' || "
            "document.body.dataset.turn === 'handover'", timeout=timeout)
        return self.state()

    def actions(self) -> list[str]:
        """The plain buttons of the decision (their notation)."""
        return list(self.page.eval_on_selector_all(
            "#actions button.act:not(.pick):not(.sample):not(.picked)",
            "bs => bs.map(b => b.dataset.action)"))

    def picks(self) -> int:
        """How many actions the page holds for a batch confirmed once (turns.js)."""
        return int(self.page.evaluate("Number(document.body.dataset.picks || 0)"))

    def held(self, before: int) -> bool:
        """Whether the last click only held its action for a batch (nothing sent yet)."""
        return not self.page.evaluate("document.getElementById('commit').open === true") \
            and self.picks() > before

    def samples(self) -> list[str]:
        return list(self.page.eval_on_selector_all(
            "#actions button.sample", "bs => bs.map(b => b.dataset.action)"))

    def bases(self) -> dict[str, tuple[float, float, float, str]]:
        """Every base on the field (greyed ones, out of play, left out): ref -> (x, y, radius)
        in table cm and its side."""
        found = self.page.eval_on_selector_all(
            '#field g.base[id^="base-"]:not(.greyed)', f"""gs => {{ const map = {TO_CM};
              return gs.map(g => {{ const c = g.querySelector('circle');
                const [x, y] = map(+c.getAttribute('cx'), +c.getAttribute('cy'));
                return [g.id.slice(5), x, y, +c.getAttribute('r') / map.scale,
                        g.dataset.owner]; }}); }}""")
        return {ref: (x, y, r, owner) for ref, x, y, r, owner in found}

    def to_cm(self, px: float, py: float) -> tuple[float, float]:
        """The table point (cm) at (px, py) in the picture's own units."""
        point = self.page.evaluate(f"([px, py]) => ({TO_CM})(px, py)", [px, py])
        return float(point[0]), float(point[1])

    def client_point(self, x: float, y: float) -> tuple[float, float]:
        """Where the point (x, y) cm of the table is on the screen (the picture's root says
        where its field lies: docs/web.md, The table picture)."""
        point = self.page.evaluate(
            """([x, y]) => { const svg = document.querySelector('#field svg');
               const d = svg.dataset, s = +d.scale;
               const p = svg.createSVGPoint();
               p.x = +d.fieldX + x * s; p.y = +d.fieldY + +d.fieldHeight - y * s;
               const q = p.matrixTransform(svg.getScreenCTM()); return [q.x, q.y]; }""",
            [x, y])
        return float(point[0]), float(point[1])

    def on_a_base(self, x: float, y: float) -> bool:
        """Whether a click at the point (x, y) cm would land on a base: on its touch target,
        which is wider than the base itself on a small screen (board.js, TOUCH_PX)."""
        cx, cy = self.client_point(x, y)
        return bool(self.page.evaluate(
            """([cx, cy]) => { const e = document.elementFromPoint(cx, cy);
               return !!(e && e.closest('g.base')); }""", [cx, cy]))

    # -- acting ----------------------------------------------------------------------------
    def _clear_toast(self) -> None:
        self.page.evaluate("document.getElementById('toast').hidden = true")

    def _accepted(self, count: str, timeout: float = 20_000) -> bool:
        """After acting: True once the action counter moved (or, hot-seat, the device must
        be passed), False on an error message."""
        self.page.wait_for_function(
            "([n]) => document.body.dataset.count !== n || "
            "document.body.dataset.turn === 'handover' || "
            "!document.getElementById('toast').hidden", arg=[count], timeout=timeout)
        state = self.state()
        return state["count"] != count or state["turn"] == "handover"

    def commit_if_asked(self) -> str | None:
        """An irreversible secret choice asks to be confirmed (docs/web.md, Confirm): agree,
        and return what the dialog said would be committed (None: it did not ask)."""
        if not self.page.evaluate("document.getElementById('commit').open === true"):
            return None
        said = str(self.page.inner_text("#commit-text"))
        self.page.click("#commit-yes")
        return said

    def click_action(self, text: str) -> bool:
        count, before = self.state()["count"], self.picks()
        self._clear_toast()
        self.page.click(f'#actions button.act[data-action="{text}"]')
        if self.held(before):
            return True
        self.commit_if_asked()
        return self._accepted(count)

    def confirm(self) -> bool:
        count = self.state()["count"]
        self._clear_toast()
        self.page.click("#confirm")
        self.commit_if_asked()
        return self._accepted(count)

    def wait_tape(self) -> str:
        self.page.wait_for_selector("#tape:not([hidden])")
        return str(self.page.inner_text("#tape"))

    def click_cm(self, x: float, y: float) -> None:
        self.page.mouse.click(*self.client_point(x, y))

    def drag_cm(self, ref: str, x: float, y: float) -> None:
        """Drag the base of ``ref`` to the point (x, y) cm, in small steps."""
        bx, by, _, _ = self.bases()[ref]
        self.page.mouse.move(*self.client_point(bx, by))
        self.page.mouse.down()
        self.page.mouse.move(*self.client_point(x, y), steps=8)
        self.page.mouse.up()

    def propose_attack(self, text: str) -> dict[str, Any]:
        """Click an attack: its exact odds are shown before anything is sent."""
        self.page.click(f'#actions button.act[data-action="{text}"]')
        self.page.wait_for_selector("#odds .odds-body")
        return {"text": self.page.inner_text("#odds")}

    def sample_and_confirm(self, prefix: str | None = None) -> bool:
        """A point-taking action with the page's suggested legal point."""
        samples = [s for s in self.samples() if prefix is None or s.startswith(prefix + " ")]
        self.page.click(f'#actions button.sample[data-action="{samples[0]}"]')
        self.page.wait_for_function("!document.getElementById('confirm').disabled")
        return self.confirm()

    def move_towards_enemy(self, ref: str) -> bool:
        """Click a point up to 8 cm towards the nearest enemy; confirm it if the tape says
        it is legal (the probe's answer), else cancel."""
        bases = self.bases()
        if ref not in bases:
            return False
        x, y, r, side = bases[ref]
        enemies = [b for b in bases.values() if b[3] != side]
        if not enemies:
            return False
        ex, ey, er, _ = min(enemies, key=lambda b: math.hypot(b[0] - x, b[1] - y))
        gap = math.hypot(ex - x, ey - y)
        step = min(gap - r - er - 0.5, 8.0)
        tx, ty = x + (ex - x) / gap * step, y + (ey - y) / gap * step
        # a click on a base (its own too) selects that fighter: it is not a point to move to
        if step < 1 or self.on_a_base(tx, ty):
            return False
        self.page.evaluate("document.getElementById('tape').hidden = true")
        self.click_cm(tx, ty)
        tape = self.wait_tape()
        if self.page.is_disabled("#confirm") or "Not allowed" in tape:
            self.page.click("#cancel")
            return False
        return self.confirm()

    # -- a whole match -----------------------------------------------------------------------
    def step(self, stats: Stats) -> bool:
        """Take the decision in front of this page (False when there is none)."""
        state = self.state()
        if state.get("over") == "true" or state.get("turn") not in ("me", "handover"):
            return False
        if state["turn"] == "handover":
            stats.handovers += 1
            self.page.click("#handover-ready")
            self.page.wait_for_function("document.body.dataset.turn !== 'handover'")
            return True
        kind = state["decision"]
        stats.decisions += 1
        stats.kinds.add(kind)
        actions = self.actions()
        attacks = [a for a in actions if a.split()[0] in ATTACKS]
        if attacks:
            self.propose_attack(attacks[0])
            stats.odds += 1
            if self.confirm():
                return True
        if kind == "reaction":
            self.propose_attack(actions[0])
            stats.odds += 1
            return self.confirm()
        if kind == "action":
            active = next((s.split()[1] for s in self.samples() if s.startswith("move ")), None)
            if active and stats.clicked_moves % 3 != 2 and self.move_towards_enemy(active):
                stats.clicked_moves += 1
                return True
            stats.clicked_moves += 1
            return self.click_action("end") if "end" in actions else self.click_action(actions[0])
        if self.samples():
            return self.sample_and_confirm()
        preferred = [a for a in actions if a == "pass"] if kind in ("interrupt", "tactical",
                                                                    "cancellation") else []
        choice = (preferred or actions)[len(preferred or actions) // 2 if kind == "secret-bid"
                                        else 0]
        return self.click_action(choice)


def play_to_the_end(tables: list[Table], *, max_steps: int = 2000) -> Stats:
    """Play every page's decisions until the match is over (one or two players)."""
    stats = Stats()
    for _ in range(max_steps):
        if all(t.state().get("over") == "true" for t in tables):
            return stats
        acted = False
        for table in tables:
            if table.step(stats):
                acted = True
        if not acted:
            tables[0].page.wait_for_function(
                "document.body.dataset.over === 'true' || document.body.dataset.turn !== 'other'",
                timeout=30_000) if len(tables) == 1 else tables[0].page.wait_for_timeout(50)
    raise AssertionError("the match did not end")


class Person(Table):
    """A player of the page's default (one click per simple decision): a move is a drag of
    the fighter (a refused drop goes to the nearest legal point), an attack's or a reaction's
    odds are read by pointing at its button, then one click sends it. Every click, drag and
    key press is counted in ``inputs``."""

    def __init__(self, page: Any) -> None:
        super().__init__(page, quick=True)
        self.inputs = 0
        self.refused: list[str] = []  # why a drop was refused

    def click(self, selector: str) -> None:
        self.inputs += 1
        self.page.click(selector)

    def act_button(self, text: str) -> bool:
        count, before = self.state()["count"], self.picks()
        self._clear_toast()
        self.click(f'#actions button.act[data-action="{text}"]')
        if self.held(before):
            return True
        self.commit_if_asked()
        return self._accepted(count)

    def commit_if_asked(self) -> str | None:
        """A secret choice is confirmed (docs/web.md, Confirm): one more click, counted."""
        said = super().commit_if_asked()
        if said is not None:
            self.inputs += 1
        return said

    def attack(self, text: str) -> bool:
        """Point at the attack's button (its odds appear), then click it once."""
        count = self.state()["count"]
        self._clear_toast()
        self.page.hover(f'#actions button.act[data-action="{text}"]')
        self.page.wait_for_selector("#odds .odds-body, #odds p.muted", timeout=20_000)
        self.click(f'#actions button.act[data-action="{text}"]')
        if self.page.evaluate("matchMedia('(hover: none)').matches") and \
                self.page.is_visible("#confirm"):
            # a screen that cannot hover: the tap showed the odds, Confirm sends it
            # (table_actions.js quickAttacks)
            self.click("#confirm")
        return self._accepted(count)

    def sample(self, prefix: str | None = None) -> bool:
        samples = [s for s in self.samples() if prefix is None or s.startswith(prefix + " ")]
        count = self.state()["count"]
        self._clear_toast()
        self.click(f'#actions button.sample[data-action="{samples[0]}"]')
        return self._accepted(count)

    def drag_towards_enemy(self, ref: str, step: float = 8.0) -> bool:
        """One drag of ``ref`` up to ``step`` cm toward its nearest enemy (stopping short of
        contact); the page sends it at once, at the nearest legal point if refused there."""
        bases = self.bases()
        if ref not in bases:
            return False
        x, y, r, side = bases[ref]
        enemies = [b for b in bases.values() if b[3] != side]
        if not enemies:
            return False
        ex, ey, er, _ = min(enemies, key=lambda b: math.hypot(b[0] - x, b[1] - y))
        gap = math.hypot(ex - x, ey - y)
        step = min(gap - r - er - 0.5, step)
        if step < 1:
            return False
        count = self.state()["count"]
        self._clear_toast()
        self.inputs += 1
        self.drag_cm(ref, x + (ex - x) / gap * step, y + (ey - y) / gap * step)
        try:
            if self._accepted(count, timeout=10_000):
                return True
        except Exception:  # the page refused it and said why (a toast): nothing was sent
            pass
        self.refused.append(self.page.inner_text("#tape") if self.page.is_visible("#tape")
                            else self.page.inner_text("#toast"))
        return False

    def step(self, stats: Stats) -> bool:
        state = self.state()
        if state.get("over") == "true" or state.get("turn") != "me":
            return False
        kind = state["decision"]
        stats.decisions += 1
        stats.kinds.add(kind)
        actions = self.actions()
        attacks = [a for a in actions if a.split()[0] in ATTACKS]
        if attacks:
            stats.odds += 1
            if self.attack(attacks[0]):
                return True
        if kind == "reaction":
            stats.odds += 1
            return self.attack(actions[0])
        if kind == "action":
            active = next((s.split()[1] for s in self.samples() if s.startswith("move ")), None)
            if active and self.drag_towards_enemy(active):
                stats.clicked_moves += 1
                return True
            return self.act_button("end") if "end" in actions else self.act_button(actions[0])
        if self.samples():
            return self.sample()
        preferred = [a for a in actions if a == "pass"] if kind in ("interrupt", "tactical",
                                                                    "cancellation") else []
        choice = (preferred or actions)[len(preferred or actions) // 2 if kind == "secret-bid"
                                        else 0]
        return self.act_button(choice)


class Keyboard(Person):
    """A player without a mouse: Tab to a control and Enter (an attack's odds show when its
    button has the focus); a move is the board's point moved with the arrow keys from the
    fighter, then Enter. ``inputs`` counts the key presses."""

    def focus(self, selector: str, limit: int = 400) -> None:
        """Tab until ``selector`` has the focus."""
        for _ in range(limit):
            if self.page.evaluate("([s]) => document.activeElement && "
                                  "document.activeElement.matches(s)", [selector]):
                return
            self.page.keyboard.press("Tab")
            self.inputs += 1
        raise AssertionError(f"Tab never reached {selector}")

    def press(self, selector: str) -> bool:
        count, before = self.state()["count"], self.picks()
        self._clear_toast()
        self.focus(selector)
        self.page.keyboard.press("Enter")
        self.inputs += 1
        if self.held(before):
            return True
        if self.page.evaluate("document.getElementById('commit').open === true"):
            # a secret choice is confirmed: the dialog's Commit has the focus
            assert self.page.evaluate("document.activeElement.id") == "commit-yes"
            self.page.keyboard.press("Enter")
            self.inputs += 1
        return self._accepted(count)

    def act_button(self, text: str) -> bool:
        return self.press(f'#actions button.act[data-action="{text}"]')

    def attack(self, text: str) -> bool:
        return self.press(f'#actions button.act[data-action="{text}"]')

    def sample(self, prefix: str | None = None) -> bool:
        samples = [s for s in self.samples() if prefix is None or s.startswith(prefix + " ")]
        return self.press(f'#actions button.sample[data-action="{samples[0]}"]')

    def drag_towards_enemy(self, ref: str, step: float = 6.0) -> bool:
        """The board's point moved from ``ref`` toward the nearest enemy with the arrow keys
        (1 cm a press), then Enter."""
        bases = self.bases()
        if ref not in bases:
            return False
        x, y, _, side = bases[ref]
        enemies = [b for b in bases.values() if b[3] != side]
        if not enemies:
            return False
        ex, ey, _, _ = min(enemies, key=lambda b: math.hypot(b[0] - x, b[1] - y))
        count = self.state()["count"]
        self._clear_toast()
        self.focus("#field")
        dx, dy = ex - x, ey - y
        gap = math.hypot(dx, dy) or 1.0
        for _ in range(round(abs(dx) / gap * step)):
            self.page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
            self.inputs += 1
        for _ in range(round(abs(dy) / gap * step)):
            self.page.keyboard.press("ArrowUp" if dy > 0 else "ArrowDown")
            self.inputs += 1
        self.page.keyboard.press("Enter")
        self.inputs += 1
        try:
            return self._accepted(count, timeout=10_000)
        except Exception:  # the page refused it and said why (a toast): nothing was sent
            return False
