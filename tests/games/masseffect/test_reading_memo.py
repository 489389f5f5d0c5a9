"""ME:A's state remembers, inside the kernel's read-only windows only, which figures are in
action and which are engaged (issue 43): a figure moved or taken out by hand between two
windows is seen at once, and a copy starts with nothing remembered."""

from __future__ import annotations

from skirmish.core.reading import reading
from tests.games.masseffect.table import Put, scene, st

SOLDIER = "Soldat de l'Alliance"


def _engaged(state: object) -> list[bool]:
    return [state.engaged(f) for f in state.figures]  # type: ignore[attr-defined]


def test_a_change_between_two_windows_is_seen_and_nothing_is_remembered_outside() -> None:
    game = scene([Put(0, SOLDIER, 5, 5), Put(1, SOLDIER, 5, 9), Put(1, SOLDIER, 30, 30)])
    state = st(game)
    a, b, c = state.figures
    b.x, b.y = a.x, a.y + a.radius + b.radius  # base contact
    with reading(state):
        assert _engaged(state) == [True, True, False]
        assert list(state.in_action(1)) == [b, c]
        assert _engaged(state) == [True, True, False]  # asked again: remembered
        assert state.memo()
    assert state.memo() is None
    b.y += 5.0  # moved out of contact by hand
    c.out = True  # and another taken out
    assert _engaged(state) == [False, False, False]
    assert list(state.in_action(1)) == [b]
    with reading(state):
        assert _engaged(state) == [False, False, False]
        assert list(state.in_action(1)) == [b]
        copy = state.clone()
        assert copy.memo() is None
    b.y -= 5.0
    with reading(state):
        assert _engaged(state) == [True, True, False]


def test_the_bots_scenery_read_again_only_while_the_very_list_and_entries_stand() -> None:
    from skirmish.games.masseffect.bots.table import elements_of
    from skirmish.geometry import Element, Polygon

    wall = Element("w", Polygon.rectangle(1, 1, 3, 3), sight="opaque").to_dict()
    other = Element("v", Polygon.rectangle(5, 5, 9, 6), sight="low").to_dict()
    scenery = [wall]
    first = elements_of(scenery)
    assert [e.id for e in first] == ["w"] and elements_of(scenery) is first
    scenery.append(other)  # the same list, grown by hand
    assert [e.id for e in elements_of(scenery)] == ["w", "v"]
    scenery[1] = wall  # an entry replaced
    assert [e.id for e in elements_of(scenery)] == ["w", "w"]


def test_a_views_card_names_are_those_of_its_figures_cards() -> None:
    from skirmish.games.masseffect.view import state_view

    game = scene([Put(0, SOLDIER, 5, 5), Put(1, "Mercenaire", 5, 30)])
    for f, seen in zip(st(game).figures, state_view(st(game))["figures"], strict=True):
        assert seen["weapons"] == [w.name for w in f.card.weapons]
        assert seen["powers"] == [p.name for p in f.card.powers]
        assert seen["profile"] == f.profile.to_text()
        assert seen["radius"] == f.radius


def test_every_figures_engaged_at_once_is_each_figures_own_test() -> None:
    """:meth:`MEState.engaged_all` measures each pair once: the same answers as each
    figure's own test, bases of different sizes at and around the contact distance."""
    import random

    from skirmish.geometry import CONTACT_TOLERANCE

    rng = random.Random(5)
    game = scene([Put(0, SOLDIER, 5, 5), Put(0, "Drone de combat geth", 15, 5),
                  Put(1, SOLDIER, 5, 30), Put(1, "Mercenaire", 15, 30),
                  Put(1, "Drone de combat geth", 25, 30)])
    state = st(game)
    figures = state.figures
    for _ in range(300):
        for f in figures:
            f.x, f.y = rng.uniform(2, 12), rng.uniform(2, 12)
        a, b = rng.sample(figures, 2)  # two put at about the contact distance
        gap = a.radius + b.radius + rng.choice([-1, 0, 1]) * rng.choice(
            [0.0, CONTACT_TOLERANCE, 1e-12, 1e-3])
        b.x, b.y = a.x + gap, a.y
        figures[rng.randrange(len(figures))].out = rng.random() < 0.2
        want = [state._engaged(f) for f in figures]
        assert state.engaged_all() == want
        with reading(state):
            assert state.engaged_all() == want
            assert [state.engaged(f) for f in figures] == want
        for f in figures:
            f.out = False
