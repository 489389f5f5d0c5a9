"""The simulations' and the command line's game parts (skirmish.sim.game_parts,
skirmish.cli.game_parts): a game that offers neither part gets the generic defaults, and
what it lacks is refused in one line naming it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rich.console import Console

from skirmish.cli.game_parts import GameCommands, commands_of
from skirmish.core.plugins import GAMES, GamePlugin, game_choices
from skirmish.sim.game_parts import DEFAULT, GameSims, SetupRequest, sims_of

#: A game with a kernel ruleset and no part at all.
BARE = GamePlugin(name="bare", title="Bare Game", ruleset="skirmish.games.eden:EDEN",
                  order=1000)


@pytest.fixture
def bare() -> Iterator[GamePlugin]:
    GAMES.add(BARE)
    try:
        yield BARE
    finally:
        GAMES.refresh()


def test_a_game_without_parts_gets_the_defaults(bare: GamePlugin) -> None:
    sims = sims_of("bare")
    assert type(sims) is GameSims and sims.plugin is bare
    assert sims.pairings() == ((DEFAULT, DEFAULT),)
    assert sims.setup(SetupRequest()) == {}
    assert sims.side_names({}) == ("side A", "side B")
    assert sims.deal_scenarios([]) == [""]
    assert type(commands_of("bare")) is GameCommands


def test_what_it_lacks_is_one_line_naming_it(bare: GamePlugin) -> None:
    sims = sims_of("bare")
    with pytest.raises(ValueError, match=r"^Bare Game \(bare\) has no balancer"):
        sims.armoury()
    with pytest.raises(ValueError, match=r"^Bare Game \(bare\) has no set-ups by name"):
        sims.setup(SetupRequest(("Jokers", None)))
    with pytest.raises(ValueError, match="Bare Game's matches have no scenario"):
        sims.deal_scenarios(["x"])
    with pytest.raises(ValueError, match=r"^Bare Game \(bare\) has no cards to list$"):
        commands_of("bare").list_cards(Console(), content=None, faction=None, kind=None,
                                       as_json=False)


def test_unknown_games_are_refused_with_the_installed_ones() -> None:
    assert game_choices() == " or ".join(GAMES.names())
    with pytest.raises(ValueError, match=r"--game: .* got 'chess'"):
        sims_of("chess")
    with pytest.raises(ValueError, match=r"--game: .* got 'chess'"):
        commands_of("chess")


def test_every_installed_game_offers_both_parts() -> None:
    for plugin in GAMES:
        assert isinstance(plugin.part("sim"), GameSims)
        assert isinstance(plugin.part("cli"), GameCommands)
