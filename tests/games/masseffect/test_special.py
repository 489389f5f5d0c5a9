"""Phase d'actions spéciales, scenario by scenario (docs/masseffect.md ME13, ME14, ME35, ME37).

The scenario «Extraction de données» has terminal-1 at (10, 18) pas (holding data) and the
locked terminal-2 at (26, 18); a figure at (10, 16.8) touches terminal-1.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from skirmish.core.errors import IllegalActionError
from skirmish.core.game import Game
from skirmish.games.masseffect.rules import pas_to_cm
from skirmish.games.masseffect.state import MarkerState, MEState
from tests.games.masseffect.cards import target
from tests.games.masseffect.table import Put, at, figure, halted, rolls, scene, st, wall

DATA = "Extraction de données"
SOLDIER = "Soldat de l'Alliance"  # Qualité 5+
ENGINEER = "Ingénieur de l'Alliance"  # Qualité 4+, Médigel (heal D3, revive, once a game)
DRONE = "Drone de combat geth"  # 25 mm base
ENG, SOL = "A.Ingénieur-de-l'Alliance", "A.Soldat-de-l'Alliance"
CIBLE = target()


def refused(game: Game, action: str, rule: str) -> None:
    before = game.state_hash()
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)
    assert rule in str(error.value)
    assert game.state_hash() == before


def offered(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def put_marker(kind: str, x: float, y: float, *, locked: bool = False, open: bool = False,
               id: str = "") -> Callable[[MEState], None]:
    def prepare(state: MEState) -> None:
        state.markers.append(MarkerState(id or f"{kind}-9", kind, pas_to_cm(x), pas_to_cm(y),
                                         locked=locked, open=open))
    return prepare


def carrying(index: int, data: str = "data-1") -> Callable[[MEState], None]:
    """The figure ``index`` carries a data marker."""
    def prepare(state: MEState) -> None:
        f = state.figures[index]
        state.markers.append(MarkerState(data, "data", f.x, f.y, carrier=str(f.ref)))
        f.carries.append(data)
    return prepare


# -- ME13: who may take a special action ----------------------------------------------------------
def test_a_figure_touching_a_terminal_may_download() -> None:
    game = scene([Put(0, ENGINEER, 10, 16.8), Put(1, CIBLE, 30, 32)],
                 phase="actions spéciales", scenario=DATA)
    assert f"special {ENG} download terminal-1" in offered(game)


@pytest.mark.parametrize("why", ["used_power", "shot", "run", "engaged", "special"])
def test_no_special_action_after_a_power_a_shot_a_run_or_when_engaged(why: str) -> None:
    # ME13 (and ME11): «ne peut ni utiliser de pouvoirs, ni tirer»; «engagé … ne peut
    # effectuer d'action spéciale»; one special action a turn.
    def prepare(state: MEState) -> None:
        f = state.figures[0]
        if why == "run":
            f.moved = "run"
        elif why != "engaged":
            setattr(f, why, True)

    enemy = (10, 15.6) if why == "engaged" else (30, 32)
    game = scene([Put(0, ENGINEER, 10, 16.8), Put(1, CIBLE, *enemy)],
                 phase="actions spéciales", scenario=DATA, prepare=prepare)
    assert halted(game)


def test_players_alternate_special_actions_the_initiative_player_first() -> None:
    # ME13: B has the initiative; when A has nobody left, B finishes.
    game = scene([Put(0, ENGINEER, 10, 16.8), Put(1, ENGINEER, 10, 19.2),
                  Put(1, ENGINEER, 26, 19.2)], phase="actions spéciales", scenario=DATA,
                 initiative=1, dice=[1, 1, 1])
    players = []
    for action in ("special B.Ingénieur-de-l'Alliance download terminal-1",
                   f"special {ENG} download terminal-1",
                   "special B.Ingénieur-de-l'Alliance-2 hack terminal-2"):
        players.append(game.decision().player)
        game.apply(action)
    assert players == [1, 0, 1] and halted(game)


# -- ME14: doors ----------------------------------------------------------------------------------
DOORWAY = [wall("left", 0, 9.4, 9.4, 10.6, sight="opaque"),
           wall("right", 10.6, 9.4, 36, 10.6, sight="opaque")]


def test_a_closed_door_blocks_movement_and_an_open_one_does_not() -> None:
    # ME14: the door fills a doorway 1.2 pas wide; a 25 mm drone passes only when it is open.
    for is_open, passes in ((False, False), (True, True)):
        game = scene([Put(0, DRONE, 10, 7), Put(1, CIBLE, 30, 32)], scenery=DOORWAY,
                     prepare=put_marker("door", 10, 10, open=is_open, id="door-1"))
        assert ("door-1" in [e.id for e in st(game).elements()]) is not is_open
        action = f"walk A.Drone-de-combat-geth {at(10, 12.5)} 90"
        if passes:
            game.apply(action)
        else:
            refused(game, action, "ME10")


def test_opening_and_closing_a_door() -> None:
    # ME14: no roll; opens (it leaves the scenery), and a second figure may close it again.
    game = scene([Put(0, DRONE, 10, 8.9), Put(0, DRONE, 10, 11.1), Put(1, CIBLE, 30, 32)],
                 scenery=DOORWAY, phase=("actions spéciales", "mouvement"),
                 prepare=put_marker("door", 10, 10, id="door-1"))
    game.apply("special A.Drone-de-combat-geth door door-1")
    assert st(game).marker("door-1").open
    assert "door-1" not in [e.id for e in st(game).elements()]
    game.apply("special A.Drone-de-combat-geth-2 door door-1")
    assert not st(game).marker("door-1").open
    assert "door-1" in [e.id for e in st(game).elements()]
    assert rolls(game) == []


def test_a_door_does_not_close_on_a_figure_in_the_doorway() -> None:
    # ME14: a closed door is impassable scenery: it cannot close on a base standing there.
    game = scene([Put(0, DRONE, 10, 8.9), Put(0, DRONE, 10, 10), Put(1, CIBLE, 30, 32)],
                 scenery=DOORWAY, phase="actions spéciales",
                 prepare=put_marker("door", 10, 10, open=True, id="door-1"))
    assert halted(game)


def test_a_closed_door_blocks_sight() -> None:
    # ME14, ME21: the only line through the wall is the doorway.
    for is_open in (False, True):
        game = scene([Put(0, SOLDIER, 10, 6), Put(1, CIBLE, 10, 14)], scenery=DOORWAY,
                     phase="tir", prepare=put_marker("door", 10, 10, open=is_open, id="door-1"))
        assert (f"shoot {SOL} Fusil-mitrailleur B.Cible" in offered(game)) is is_open


def test_a_locked_door_is_hacked_open() -> None:
    # ME14: Pirater on Qualité (4+): a 3 fails, nothing changes; the door stays closed.
    for face, unlocked in ((3, False), (4, True)):
        game = scene([Put(0, ENGINEER, 10, 8.8), Put(1, CIBLE, 30, 32)],
                     phase="actions spéciales",
                     prepare=put_marker("door", 10, 10, locked=True, id="door-1"), dice=[face])
        assert f"special {ENG} door door-1" not in offered(game)
        game.apply(f"special {ENG} hack door-1")
        door = st(game).marker("door-1")
        assert (door.locked, door.open) == (not unlocked, unlocked)


# -- ME14: terminals and data ---------------------------------------------------------------------
def test_a_locked_terminal_must_be_hacked_before_downloading() -> None:
    game = scene([Put(0, ENGINEER, 26, 16.8), Put(1, CIBLE, 30, 32)],
                 phase="actions spéciales", scenario=DATA, dice=[4])
    assert offered(game)[0] == f"special {ENG} hack terminal-2"
    refused(game, f"special {ENG} download terminal-2", "ME13")
    game.apply(f"special {ENG} hack terminal-2")
    terminal = st(game).marker("terminal-2")
    assert not terminal.locked and terminal.holds and figure(game, 0).carries == []


def test_downloading_on_qualite_gives_the_figure_the_data() -> None:
    game = scene([Put(0, ENGINEER, 10, 16.8), Put(1, CIBLE, 30, 32)],
                 phase="actions spéciales", scenario=DATA, dice=[4])
    game.apply(f"special {ENG} download terminal-1")
    assert rolls(game) == [(ENG, "download", 4)]
    assert not st(game).marker("terminal-1").holds
    assert figure(game, 0).carries == ["data-terminal-1"]
    assert st(game).marker("data-terminal-1").carrier == ENG


def test_a_failed_download_leaves_the_data_in_the_terminal() -> None:
    game = scene([Put(0, SOLDIER, 10, 16.8), Put(1, CIBLE, 30, 32)],
                 phase="actions spéciales", scenario=DATA, dice=[4])  # Qualité 5+
    game.apply(f"special {SOL} download terminal-1")
    assert st(game).marker("terminal-1").holds and figure(game, 0).carries == []


def test_data_drops_where_its_carrier_falls_and_a_friend_picks_it_up() -> None:
    # ME14: «A figure out of action drops the data it carries where it lies»; Ramasser.
    game = scene([Put(0, target("Porteur", vitality=1), 10, 10),
                  Put(0, SOLDIER, 10, 8.8), Put(1, SOLDIER, 10, 20)],
                 phase=("tir", "actions spéciales"), prepare=carrying(0), dice=[6])
    game.apply("shoot B.Soldat-de-l'Alliance Fusil-mitrailleur A.Porteur")
    data = st(game).marker("data-1")
    assert figure(game, 0).out and data.carrier == "" and (data.x, data.y) == (25.0, 25.0)
    assert figure(game, 0).carries == []
    game.apply(f"hold {SOL}")  # (the carrier no longer hides B: the soldier could shoot)
    assert game.decision().kind == "actions spéciales"
    game.apply(f"special {SOL} pick data-1")
    assert data.carrier == SOL and figure(game, 1).carries == ["data-1"]


def test_data_is_passed_to_a_friend_in_contact() -> None:
    game = scene([Put(0, SOLDIER, 10, 5), Put(0, SOLDIER, 11.2, 5), Put(0, SOLDIER, 20, 5),
                  Put(1, CIBLE, 30, 32)], phase="actions spéciales", prepare=carrying(0))
    assert f"special {SOL} pick A.Soldat-de-l'Alliance-3" not in offered(game)
    game.apply(f"special {SOL} pick A.Soldat-de-l'Alliance-2")
    assert figure(game, 0).carries == [] and figure(game, 1).carries == ["data-1"]
    assert st(game).marker("data-1").carrier == "A.Soldat-de-l'Alliance-2"


# -- ME14, ME35: healing --------------------------------------------------------------------------
def test_the_medigel_heals_a_friend_in_contact_never_above_its_vitalite() -> None:
    # ME35: D3 (5 -> 3) on a friend at 1 of 2: back to 2; no roll to use it; once a game.
    game = scene([Put(0, ENGINEER, 10, 5), Put(0, SOLDIER, 11.2, 5), Put(1, CIBLE, 30, 32)],
                 phase="actions spéciales", dice=[5],
                 prepare=lambda s: setattr(s.figures[1], "vitality", 1))
    game.apply(f"special {ENG} heal {SOL}")
    assert figure(game, 1).vitality == 2
    assert figure(game, 0).uses == {"Médigel": 1}


def test_the_medigel_heals_its_carrier() -> None:
    game = scene([Put(0, ENGINEER, 10, 5), Put(1, CIBLE, 30, 32)], phase="actions spéciales",
                 dice=[1], prepare=lambda s: setattr(s.figures[0], "vitality", 1))
    game.apply(f"special {ENG} heal {ENG}")
    assert figure(game, 0).vitality == 2


def test_the_medigel_is_used_once_a_game_and_heals_only_the_wounded() -> None:
    def prepare(state: MEState) -> None:
        state.figures[1].vitality = 1
        state.figures[0].uses["Médigel"] = 1

    spent = scene([Put(0, ENGINEER, 10, 5), Put(0, SOLDIER, 11.2, 5), Put(1, CIBLE, 30, 32)],
                  phase="actions spéciales", prepare=prepare)
    assert halted(spent)
    unhurt = scene([Put(0, ENGINEER, 10, 5), Put(0, SOLDIER, 11.2, 5), Put(1, CIBLE, 30, 32)],
                   phase="actions spéciales")
    assert halted(unhurt)


def test_the_medigel_revives_a_friend_out_of_action_where_it_lies() -> None:
    # ME35: back in action with the healed Vitalité (D3: 3 -> 2), armour not given back.
    def prepare(state: MEState) -> None:
        state.figures[1].out = True
        state.figures[1].vitality = 0

    game = scene([Put(0, ENGINEER, 10, 5), Put(0, SOLDIER, 11.2, 5), Put(1, CIBLE, 30, 32)],
                 phase="actions spéciales", dice=[3], prepare=prepare)
    game.apply(f"special {ENG} heal {SOL}")
    revived = figure(game, 1)
    assert revived.in_action and revived.vitality == 2 and revived.x == pas_to_cm(11.2)
    assert revived.revived_turn == 1


def test_a_revived_figure_acts_from_the_next_turn() -> None:
    # ME35: it touches a terminal, but the second special-actions phase of this turn does
    # not offer it anything.
    def prepare(state: MEState) -> None:
        state.figures[1].out = True
        state.figures[1].vitality = 0

    game = scene([Put(0, ENGINEER, 8.8, 16.8), Put(0, SOLDIER, 10, 16.8),
                  Put(1, CIBLE, 30, 32)], phase=("actions spéciales", "actions spéciales"),
                 scenario=DATA, dice=[3], prepare=prepare)
    game.apply(f"special {ENG} heal {SOL}")
    assert figure(game, 1).in_action and halted(game)


def test_a_revived_figure_in_contact_with_an_enemy_is_engaged() -> None:
    def prepare(state: MEState) -> None:
        state.figures[1].out = True
        state.figures[1].vitality = 0

    game = scene([Put(0, ENGINEER, 10, 5), Put(0, SOLDIER, 11.2, 5), Put(1, CIBLE, 11.2, 6.2)],
                 phase="actions spéciales", dice=[3], prepare=prepare)
    assert not st(game).engaged(figure(game, 0))
    game.apply(f"special {ENG} heal {SOL}")
    assert st(game).engaged(figure(game, 1))


# -- ME14, ME37: extraction -----------------------------------------------------------------------
def test_a_figure_with_data_leaves_by_its_own_edge_only() -> None:
    def both_carry(state: MEState) -> None:
        carrying(0, "data-1")(state)
        carrying(1, "data-2")(state)

    game = scene([Put(0, SOLDIER, 10, 0.6), Put(0, SOLDIER, 20, 35.4), Put(1, CIBLE, 30, 20)],
                 phase="actions spéciales", scenario=DATA, prepare=both_carry)
    assert "special A.Soldat-de-l'Alliance-2 extract" not in offered(game)
    game.apply(f"special {SOL} extract")
    state = st(game)
    assert figure(game, 0).extracted and not figure(game, 0).in_action
    assert state.extracted == [1, 0] and "data-1" not in [m.id for m in state.markers]


def test_a_figure_without_data_cannot_leave() -> None:
    game = scene([Put(0, SOLDIER, 10, 0.6), Put(1, CIBLE, 30, 20)], phase="actions spéciales",
                 scenario=DATA)
    assert halted(game)


def test_a_revived_figure_in_contact_fights_in_the_melee_of_its_turn() -> None:
    # ME35, ME27 (ruling in the report): acting «from the next turn» is about being picked;
    # every figure in contact with an enemy makes its one melee roll.
    def prepare(state: MEState) -> None:
        state.figures[1].out = True
        state.figures[1].vitality = 0

    game = scene([Put(0, ENGINEER, 10, 5), Put(0, SOLDIER, 11.2, 5), Put(1, CIBLE, 11.2, 6.2)],
                 phase=("actions spéciales", "mêlée"), dice=[3, 1, 1], prepare=prepare)
    game.apply(f"special {ENG} heal {SOL}")
    assert game.decision().kind == "fight"
    game.apply(f"fight {SOL}")
    assert [r[:2] for r in rolls(game)][-2:] == [(SOL, "melee"), ("B.Cible", "melee")]
