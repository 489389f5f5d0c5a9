"""Eden's state remembers characteristics, bases and freedom only inside the kernel's
read-only windows (skirmish.core.reading): never past a change."""

from __future__ import annotations

from skirmish.core import RandomAgent
from skirmish.games.eden import EDEN
from skirmish.games.eden.cards.profile import Characteristic
from skirmish.games.eden.demo import match_setup


def _fighting_game():  # type: ignore[no-untyped-def]
    game = EDEN.new_game(match_setup(), seed=3)
    agents = [RandomAgent(1), RandomAgent(2)]
    while game.decision().kind != "action":
        player = game.decision().player
        game.apply(agents[player].act({}, list(game.legal_actions())))
    return game


def test_the_kernel_leaves_no_window_open_and_copies_start_without_memo() -> None:
    game = _fighting_game()
    list(game.legal_actions())
    game.view(0)
    assert game.state.memo() is None  # type: ignore[attr-defined]
    assert game.copy().state.memo() is None  # type: ignore[attr-defined]


def test_a_change_made_by_hand_between_two_listings_is_seen() -> None:
    """No answer remembered in one listing is given in the next: a fighter moved and
    poisoned by hand between two listings is listed and valued afresh."""
    game = _fighting_game()
    state = game.state
    ref = str(game.top.fighter)  # type: ignore[attr-defined]
    fighter = state.fighter(ref)  # type: ignore[attr-defined]
    before = list(game.legal_actions())
    spd = game.view(0)["fighters"][state.index[ref]]["characteristics"]["SPD"]  # type: ignore[attr-defined]
    fighter.add_markers("poison")
    fighter.x = min(fighter.x + 7.0, state.field.width - 3.0)  # type: ignore[attr-defined]
    fresh = game.copy()  # a copy computes everything afresh
    assert [str(a) for a in game.legal_actions()] == [str(a) for a in fresh.legal_actions()]
    assert game.view(0) == fresh.view(0)
    after = game.view(0)["fighters"][state.index[ref]]["characteristics"]["SPD"]  # type: ignore[attr-defined]
    assert after == spd - 1
    assert state.characteristic(fighter, Characteristic.SPD) == after  # type: ignore[attr-defined]
    assert before  # the first listing was made


def test_a_view_shows_again_what_it_showed_only_while_its_inputs_are_the_same() -> None:
    """A fighter's characteristics in a view are shown again from the last view only while
    what they are worked out from is the same: an aura reaching allies within 5 cm stops
    counting once its owner walks away, a poison marker counts at once."""
    from skirmish.games.eden.effects import ActiveEffect

    game = _fighting_game()
    state = game.state
    owner, ally = [f for f in state.fighters if f.side == 0 and f.on_field][:2]  # type: ignore[attr-defined]
    owner.x, owner.y = ally.x + 4.0, ally.y  # within 5 cm, edge to edge
    aura = ActiveEffect("modify", "Aura", owner.ref, (("characteristic", "CBT"), ("delta", 2),
                                                      ("who", "allies"), ("within", 5)))
    state.effects.append(aura)  # type: ignore[attr-defined]

    def cbt() -> int:
        fighters = game.view(0)["fighters"]
        return int(fighters[state.index[ally.ref]]["characteristics"]["CBT"])  # type: ignore[attr-defined]

    near = cbt()
    assert cbt() == near  # shown again
    owner.x = ally.x + 30.0  # walks away: the aura no longer reaches the ally
    assert cbt() == near - 2
    ally.add_markers("poison")
    assert cbt() == near - 3
    state.effects.remove(aura)  # type: ignore[attr-defined]
    assert cbt() == near - 3  # no aura either way now
    assert state.characteristic(ally, Characteristic.CBT) == near - 3  # type: ignore[attr-defined]


def test_freedom_and_enemies_in_contact_as_the_plain_tests_say() -> None:
    """``is_free`` and ``enemies_in_contact`` (one loop over the fighters) agree with
    ``enemies`` and ``in_contact`` at every decision of random matches, Infestation's
    non-player fighters included."""
    from skirmish.core import RandomAgent
    from skirmish.games.eden import EDEN
    from skirmish.games.eden.content import setup_for

    basic = setup_for(None, None, max_rounds=2)
    for setup in (basic, {**basic, "rules": {"infestation": 3}}):
        for seed in (1, 2):
            game = EDEN.new_game(setup, seed=seed)
            agent = RandomAgent(seed)
            while not game.is_over:
                st = game.state
                for f in st.fighters:
                    plain = [e for e in st.enemies(f) if st.in_contact(f, e)]
                    assert st.enemies_in_contact(f) == plain
                    assert st.is_free(f) == (not plain)
                game.apply(agent.act({}, list(game.legal_actions())))
    # by hand: two enemies touching (at the tolerance's edge), an ally touching too
    st = EDEN.new_game(basic, seed=1).state
    a, b = next(st.troop(0)), next(st.troop(1))
    ally = [f for f in st.troop(0)][1]
    reach = (a.profile.base_mm + b.profile.base_mm) / 20
    for f, x in ((a, 10.0), (b, 10.0 + reach), (ally, 10.0 - reach)):
        f.on_field, f.x, f.y = True, x, 10.0
    assert st.enemies_in_contact(a) == [b] and not st.is_free(a) and not st.is_free(b)
    assert st.is_free(ally) and st.enemies_in_contact(ally) == []
    b.x += 1.0
    assert st.is_free(a) and st.enemies_in_contact(b) == []
