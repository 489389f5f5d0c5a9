"""The game and its turns, scenario by scenario (docs/masseffect.md ME8, ME9, ME36-ME38, ME41),
snapshots, replays and refused actions."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

import pytest

from skirmish.core.dice import ScriptedDice, dice_from_json
from skirmish.core.errors import IllegalActionError
from skirmish.core.game import Game
from skirmish.games.masseffect import MASS_EFFECT, match_setup
from skirmish.games.masseffect.events import TurnEvent
from skirmish.games.masseffect.rules import pas_to_cm
from skirmish.games.masseffect.turn import initiative_bonus
from tests.games.masseffect.cards import HERO, target
from tests.games.masseffect.table import Put, at, figure, halted, library, scene, setup_for, st

CIBLE = target()
GUNNER = target("Tireur", vitality=1, equipment="Arme de mêlée, Fusil mitrailleur")
FAR = [Put(0, CIBLE, 5, 2), Put(1, CIBLE, 30, 34)]  # out of reach of everything


def match(figures: Sequence[Put], dice: Sequence[int], scenario: str = "Escarmouche",
          turns: int | None = None, deploy: bool = False) -> Game:
    """A whole game from turn 1 (or from deployment) with forced dice."""
    setup = setup_for(figures, scenario=scenario)
    if turns is not None:
        setup["scenario"]["turns"] = turns
    if deploy:
        for band in setup["bands"]:
            for entry in band["figures"]:
                del entry["at"], entry["facing"]
    return MASS_EFFECT.new_game(setup, dice=ScriptedDice(list(dice)))


def quiet(game: Game, until: str = "") -> None:
    """Everybody stays and passes until a decision that is not routine, or of the kind
    ``until`` (or the end)."""
    while not game.is_over:
        kind = game.decision().kind
        if kind == until:
            return
        if kind == "move":
            game.apply(f"stay {game.decision().context['figures'][0]} 90")
        elif kind in ("pouvoirs", "tir", "actions spéciales"):
            game.apply("pass")
        else:
            return


def phases(game: Game) -> list[str]:
    return [e.phase for e in game.log if e.kind == "me.phase"]  # type: ignore[attr-defined]


def turn_events(game: Game) -> list[TurnEvent]:
    return [e for e in game.log if isinstance(e, TurnEvent)]


# -- ME9: initiative ------------------------------------------------------------------------------
def test_the_higher_roll_has_the_initiative() -> None:
    game = match(FAR, [2, 5])
    event = turn_events(game)[0]
    assert (event.faces, event.bonuses, event.initiative) == ((2, 5), (0, 0), 1)
    assert st(game).initiative == 1 and game.decision().player == 1


def test_tacticien_adds_the_highest_only_and_ties_are_rolled_again() -> None:
    # ME9: A's Tacticien (+2) and (+1) give +2, not +3: 3+2 = 5 ties B's 5 (re-roll,
    # same modifiers); then 1+2 = 3 beats 2.
    figures = [Put(0, target("Chef", traits="Tacticien (+2)"), 5, 2),
               Put(0, target("Second", traits="Tacticien (+1)"), 10, 2),
               Put(1, CIBLE, 30, 34)]
    game = match(figures, [3, 5, 1, 2])
    event = turn_events(game)[0]
    assert (event.faces, event.bonuses, event.initiative) == ((3, 5, 1, 2), (2, 0), 0)


def test_only_figures_in_action_give_their_tacticien() -> None:
    game = match([Put(0, target("Chef", traits="Tacticien (+2)"), 5, 2),
                  Put(0, CIBLE, 10, 2), Put(1, CIBLE, 30, 34)], [1, 2])
    assert initiative_bonus(st(game), 0) == 2
    figure(game, 0).out = True
    assert initiative_bonus(st(game), 0) == 0


def test_the_initiative_is_rolled_again_every_turn() -> None:
    game = match(FAR, [2, 1, 1, 2], turns=2)
    quiet(game)
    assert [e.initiative for e in turn_events(game)] == [0, 1] and game.is_over


# -- ME8: the phase order -------------------------------------------------------------------------
def test_the_phases_come_in_the_listed_order() -> None:
    game = match(FAR, [2, 1, 2, 1], turns=2)
    quiet(game)
    order = ["mouvement", "pouvoirs", "tir", "actions spéciales", "mêlée"]
    assert phases(game) == order * 2
    kinds = [e.kind for e in game.log if e.kind in ("me.turn", "me.phase")]
    assert kinds == (["me.turn"] + ["me.phase"] * 5) * 2


# -- ME36: game length ----------------------------------------------------------------------------
@pytest.mark.parametrize(("scenario", "turns"), [("Escarmouche", 6), ("Dernier carré", 5)])
def test_a_game_lasts_the_scenarios_turns(scenario: str, turns: int) -> None:
    game = match(FAR, [2, 1] * turns, scenario=scenario)
    quiet(game)
    assert game.is_over and len(turn_events(game)) == turns and st(game).turn == turns


# -- ME37: eliminate ------------------------------------------------------------------------------
def test_eliminate_scores_the_points_of_enemy_figures_out_of_action() -> None:
    # ME37: at the end, A scores B's fallen figure (4 points, the adept); B nothing.
    game = match([Put(0, CIBLE, 5, 2), Put(1, CIBLE, 30, 34),
                  Put(1, "Adepte de l'Alliance", 20, 34)], [2, 1], turns=1)
    figure(game, 2).out = True
    quiet(game)
    outcome = game.outcome()
    assert st(game).scores == [4, 0]
    assert outcome is not None and outcome.winner == 0 and outcome.scores == (4, 0)


def test_equal_scores_are_a_draw() -> None:
    game = match(FAR, [2, 1], turns=1)
    quiet(game)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is None


def test_a_band_wiped_out_loses_at_once() -> None:
    # ME36, ME37: B's last figure falls to A's first shot in turn 1 of 6: the game is over,
    # no later phase begins, and A's burning figure does not burn (the game has ended).
    game = match([Put(0, GUNNER, 10, 5), Put(1, CIBLE, 10, 15)], [2, 1, 4, 4, 4, 4])
    game.apply("stay A.Tireur 90")
    game.apply("stay B.Cible 270")
    figure(game, 0).statuses.append("burning")
    figure(game, 1).vitality = 1
    game.apply("shoot A.Tireur Fusil-mitrailleur B.Cible")
    assert game.is_over
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 0 and "no figure" in outcome.reason
    assert phases(game) == ["mouvement", "pouvoirs", "tir"]
    assert figure(game, 0).in_action and st(game).turn == 1


def test_wipe_out_false_plays_on() -> None:
    setup = setup_for([Put(0, GUNNER, 10, 5), Put(1, CIBLE, 10, 15)])
    setup["scenario"]["victory"] = {"kind": "eliminate", "wipe_out": False}
    setup["scenario"]["turns"] = 2
    game = MASS_EFFECT.new_game(setup, dice=ScriptedDice([2, 1, 4, 2, 1]))
    figure(game, 1).vitality = 1
    quiet(game, until="tir")
    game.apply("shoot A.Tireur Fusil-mitrailleur B.Cible")
    assert figure(game, 1).out and not game.is_over and game.decision().kind == "move"
    quiet(game)
    assert game.is_over and st(game).scores == [2, 0]


# -- ME37, ME41: hold_objectives ------------------------------------------------------------------
HOLD = "Tenir la position"  # objectives at (9, 18), (18, 18), (27, 18); control 2; from turn 2


def scoring(figures: Sequence[Put], turn: int, dice: Sequence[int] = (),
            scenario: str = HOLD, **kw: Any) -> Game:
    def prepare(state: Any) -> None:
        state.turn = turn
        if "prepare" in kw:
            kw["prepare"](state)

    return scene(figures, phase="fin du tour", scenario=scenario, prepare=prepare, dice=dice)


def test_objectives_score_for_the_player_with_more_figures_within_control() -> None:
    # ME41: objective 1: A alone (3.2 pas centre to centre = 2 pas edge to edge); objective 2:
    # one each, nobody; objective 3: B two against A's one, engaged with one of them.
    game = scoring([Put(0, CIBLE, 9, 21.2), Put(0, CIBLE, 18, 16), Put(1, CIBLE, 18, 20),
                    Put(0, CIBLE, 27, 16), Put(1, CIBLE, 27, 19.5), Put(1, CIBLE, 28.2, 16)],
                   turn=2)
    assert halted(game)
    assert st(game).scores == [1, 1]
    why = [e.why for e in game.log if e.kind == "me.score"]  # type: ignore[attr-defined]
    assert why == ["holds objective-1", "holds objective-3"]


def test_an_objective_is_not_held_from_farther_than_control() -> None:
    game = scoring([Put(0, CIBLE, 9, 21.4), Put(1, CIBLE, 30, 34)], turn=2)
    assert st(game).scores == [0, 0]


def test_objectives_score_only_from_the_scenarios_turn() -> None:
    game = scoring([Put(0, CIBLE, 9, 20), Put(1, CIBLE, 30, 34)], turn=1)
    assert st(game).scores == [0, 0]
    last = scoring([Put(0, CIBLE, 15, 17.5), Put(1, CIBLE, 30, 28)], turn=3,
                   scenario="Dernier carré")  # 2 points from turn 3
    assert st(last).scores == [2, 0]


def test_figures_out_of_action_do_not_hold() -> None:
    game = scoring([Put(0, CIBLE, 9, 20), Put(0, CIBLE, 18, 20), Put(1, CIBLE, 18, 16)],
                   turn=2, prepare=lambda s: setattr(s.figures[1], "out", True))
    assert st(game).scores == [1, 1]


def test_objectives_score_every_turn_of_a_game() -> None:
    # ME37: from turn 2 to 6, A holds objective 1 alone: 5 points; no elimination points.
    game = match([Put(0, CIBLE, 9, 20), Put(1, CIBLE, 30, 34)], [2, 1] * 6, scenario=HOLD)
    quiet(game)
    assert game.is_over and st(game).scores == [5, 0]
    assert game.outcome().winner == 0  # type: ignore[union-attr]


# -- ME37: extract_data ---------------------------------------------------------------------------
def test_extracting_data_ends_the_game_at_the_end_of_that_turn() -> None:
    # ME37: A's soldier leaves by its own edge in turn 1 of 8; the turn is played out (B
    # still takes its special action), then the game ends: more data extracted wins.
    game = match([Put(0, CIBLE, 10, 0.6), Put(1, "Ingénieur de l'Alliance", 10, 19.2),
                  Put(1, CIBLE, 30, 34)], [2, 1, 6], scenario="Extraction de données")
    state = st(game)
    carrier = figure(game, 0)
    from skirmish.games.masseffect.state import MarkerState

    state.markers.append(MarkerState("data-x", "data", carrier.x, carrier.y,
                                     carrier=str(carrier.ref)))
    carrier.carries.append("data-x")
    quiet(game, until="actions spéciales")
    game.apply("special A.Cible extract")
    assert not game.is_over and game.decision().player == 1
    game.apply("special B.Ingénieur-de-l'Alliance download terminal-1")
    quiet(game)
    assert game.is_over and len(turn_events(game)) == 1
    outcome = game.outcome()
    assert st(game).extracted == [1, 0]
    assert outcome is not None and outcome.winner == 0 and outcome.reason == "more data extracted"


# -- ME38: deployment -----------------------------------------------------------------------------
def test_deployment_roll_off_edge_choice_and_alternate_placement() -> None:
    # ME38: the roll-off ties (3, 3), then B wins (2, 5); B takes the lower edge and places
    # first; then A (upper edge), B, and A's last figure.
    figures = [Put(0, CIBLE, 0, 0), Put(0, CIBLE, 0, 0), Put(1, CIBLE, 0, 0),
               Put(1, CIBLE, 0, 0)]
    game = match(figures, [3, 3, 2, 5, 2, 1], deploy=True)
    decision = game.decision()
    assert (decision.kind, decision.player) == ("edge", 1)
    game.apply("edge lower")
    assert st(game).edges == ["upper", "lower"]
    placed = []
    for ref, y in (("B.Cible", 1), ("A.Cible", 35), ("B.Cible-2", 3.4), ("A.Cible-2", 32.6)):
        placed.append(game.decision().player)
        game.apply(f"deploy {ref} {at(10 + len(placed) * 3, y)} 90")
    assert placed == [1, 0, 1, 0]
    assert game.decision().kind == "move" and st(game).turn == 1


def test_deployment_stays_within_the_zone_depth() -> None:
    game = match([Put(0, CIBLE, 0, 0), Put(1, CIBLE, 0, 0)], [5, 2, 2, 1], deploy=True)
    game.apply("edge upper")
    before = game.state_hash()
    with pytest.raises(IllegalActionError, match="ME38"):
        game.apply(f"deploy A.Cible {at(10, 32.5)} 270")  # its base reaches 4.1 pas deep
    with pytest.raises(IllegalActionError, match="ME38"):
        game.apply(f"deploy B.Cible {at(10, 35)} 270")  # not B's turn
    assert game.state_hash() == before
    game.apply(f"deploy A.Cible {at(10, 32.6)} 270")
    with pytest.raises(IllegalActionError, match="ME38"):
        game.apply(f"deploy B.Cible {at(10, 3.5)} 90")
    game.apply(f"deploy B.Cible {at(10, 3.4)} 90")
    assert figure(game, 0).y == pas_to_cm(32.6) and figure(game, 0).facing == 270


def test_deployment_keeps_off_markers_and_other_bases() -> None:
    # ME38: the markers are placed first (here one inside A's zone); no figure on it, nor
    # on another figure.
    setup = setup_for([Put(0, CIBLE, 0, 0), Put(0, CIBLE, 0, 0), Put(1, CIBLE, 0, 0),
                       Put(1, CIBLE, 0, 0)])
    setup["scenario"]["markers"] = [{"kind": "objective", "at": [10, 2]}]
    setup["scenario"]["victory"] = {"kind": "hold_objectives"}
    for entry in [e for band in setup["bands"] for e in band["figures"]]:
        del entry["at"], entry["facing"]
    game = MASS_EFFECT.new_game(setup, dice=ScriptedDice([5, 2]))
    game.apply("edge lower")
    before = game.state_hash()
    with pytest.raises(IllegalActionError, match="marker"):
        game.apply(f"deploy A.Cible {at(10.5, 2)} 90")
    assert game.state_hash() == before
    game.apply(f"deploy A.Cible {at(20, 2)} 90")
    game.apply(f"deploy B.Cible {at(20, 34)} 270")
    with pytest.raises(IllegalActionError, match="ME38"):
        game.apply(f"deploy A.Cible-2 {at(20.8, 2)} 90")


# -- snapshots, replays, refusals -----------------------------------------------------------------
def _busy(rnd: random.Random, legal: list[Any]) -> Any:
    """A random player who mostly does something: shoots, uses powers, moves (the last
    move offered is a charge when one is in reach)."""
    busy = [a for a in legal if a.verb not in ("pass", "hold", "stay")]
    moves = [a for a in busy if a.verb in ("walk", "run")]
    if busy and rnd.random() < 0.9:
        return moves[-1] if moves and rnd.random() < 0.5 else rnd.choice(busy)
    return rnd.choice(legal)


_PLAYED: dict[int, Game] = {}


def random_game(seed: int) -> Game:
    """A whole random game of two sample bands, from deployment to the end (cached)."""
    if seed not in _PLAYED:
        setup = match_setup(library(), ["Escouade Orion", "Cellule Tisiphone"], "Dernier carré")
        game = MASS_EFFECT.new_game(setup, seed=seed)
        rnd = random.Random(seed)
        while not game.is_over:
            game.apply(_busy(rnd, list(game.legal_actions())))
        _PLAYED[seed] = game
    return _PLAYED[seed]


def fresh(game: Game) -> Game:
    return MASS_EFFECT.new_game(game.setup, dice=dice_from_json(game.initial_dice))


@pytest.mark.parametrize("seed", [1, 3])
def test_a_random_games_history_replays_through_the_notation_to_the_same_state(seed: int
                                                                               ) -> None:
    game = random_game(seed)
    verbs = {a.verb for a in game.history}
    assert {"deploy", "shoot", "power"} <= verbs  # (a game where things happen)
    replayed = game.replayed([str(a) for a in game.history])
    assert replayed.state_hash() == game.state_hash()
    assert replayed.outcome() == game.outcome()


def test_a_json_snapshot_round_trips_all_through_a_game() -> None:
    game = random_game(3)
    again = fresh(game)
    for i, action in enumerate(game.history):
        if i % 4 == 0:
            restored = Game.from_json(again.to_json())
            assert restored.state_hash() == again.state_hash()
            assert restored.decision() == again.decision()
        again.apply(str(action))
    assert again.state_hash() == game.state_hash()
    assert Game.from_json(game.to_json()).state_hash() == game.state_hash()


def test_a_restored_snapshot_plays_on_like_the_original() -> None:
    game = random_game(1)
    half = len(game.history) // 2
    start = fresh(game)
    for action in game.history[:half]:
        start.apply(str(action))
    restored = Game.from_json(start.to_json())
    for action in game.history[half:]:
        restored.apply(str(action))
    assert restored.state_hash() == game.state_hash()


RULE = re.compile(r"\bME\d+")


@pytest.mark.parametrize(("phase", "action"), [
    ("mouvement", "stay B.Cible 90"),  # not his figure
    ("mouvement", f"walk A.Héros {at(10, 10.1)} 90"),  # too far
    ("mouvement", f"run A.Héros {at(10, 14)} 90"),  # too far
    ("mouvement", "shoot A.Héros Fusil-mitrailleur B.Cible"),  # not a movement
    ("mouvement", "pass"),
    ("pouvoirs", "power A.Héros Distorsion B.Cible"),  # no such power
    ("pouvoirs", "power A.Héros Projection B.Cible-2"),  # out of range
    ("pouvoirs", f"area A.Héros Singularité {at(10, 10)}"),
    ("tir", "shoot A.Héros Fusil-mitrailleur B.Cible-2"),  # out of range
    ("tir", "shoot A.Héros Pistolet-lourd B.Cible"),  # no such weapon
    ("tir", "special A.Héros extract"),  # not this phase
    ("tir", "hold B.Cible"),  # not his turn
    ("tir", "fight A.Héros"),
    ("tir", "heroic dodge"),
    ("tir", "group A.Héros"),
    ("tir", "oppose B.Cible"),
    ("tir", "edge lower"),
    ("tir", f"deploy A.Héros {at(10, 2)} 90"),
    ("actions spéciales", "special A.Héros door door-1"),  # no door
    ("actions spéciales", "special A.Héros heal B.Cible"),  # not a friend
    ("mêlée", "fight B.Cible"),  # not engaged (and not A's turn)
    ("mêlée", "fight A.Héros"),  # not engaged
])
def test_an_illegal_action_of_each_kind_changes_nothing_and_names_the_rule(
        phase: str, action: str) -> None:
    # A hero who may use a power, shoot, heal itself (wounded) and fight (its friend is
    # engaged), so that each phase waits for player A.
    hero = target("Héros", vitality=2, heroism=3, traits="Projection (biotique)",
                  equipment="Arme de mêlée, Fusil mitrailleur, Médigel")
    game = scene([Put(0, hero, 10, 5), Put(1, CIBLE, 10, 12), Put(1, CIBLE, 10, 34),
                  Put(0, CIBLE, 30, 20), Put(1, CIBLE, 30, 21.2)], phase=phase,
                 prepare=lambda s: setattr(s.figures[0], "vitality", 1))
    assert game.decision().player == 0 and game.decision().kind != "halt"
    before = game.state_hash()
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)
    assert RULE.search(error.value.rule), error.value.rule
    assert game.state_hash() == before


@pytest.mark.parametrize(("action", "rule"), [
    ("oppose B.Cible-3", "ME27"), ("heroic effort", "ME27"), ("fight A.Cible", "ME27")])
def test_illegal_actions_inside_a_fight_name_the_rule(action: str, rule: str) -> None:
    game = scene([Put(0, CIBLE, 10, 10), Put(1, CIBLE, 10, 11.2), Put(1, CIBLE, 11.2, 10),
                  Put(1, CIBLE, 20, 20)], phase="mêlée")
    game.apply("fight A.Cible")
    before = game.state_hash()
    with pytest.raises(IllegalActionError, match=rule):
        game.apply(action)
    assert game.state_hash() == before


def test_illegal_heroic_answers_name_the_rule() -> None:
    game = scene([Put(0, HERO, 10, 5), Put(1, CIBLE, 10, 12)], phase="tir", dice=[1])
    game.apply("shoot A.Héros Fusil-mitrailleur B.Cible")
    assert game.decision().kind == "heroic"
    before = game.state_hash()
    for action in ("heroic stand", "heroic dodge", "stay A.Héros 90"):
        with pytest.raises(IllegalActionError, match="ME31"):
            game.apply(action)
    assert game.state_hash() == before


def test_no_action_after_the_end() -> None:
    game = match(FAR, [2, 1], turns=1)
    quiet(game)
    from skirmish.core.errors import GameOverError

    with pytest.raises(GameOverError):
        game.apply("pass")


def test_a_figures_clone_copies_every_field_and_shares_nothing_mutable() -> None:
    """Figure.clone is written out field by field for speed: a field added to Figure and
    forgotten there fails here."""
    from skirmish.games.masseffect.figure import Figure

    game = scene([Put(0, "Soldat de l'Alliance", 10, 5), Put(1, "Soldat de l'Alliance", 10, 15)])
    original = st(game).figures[0]
    original.chargers.append("B.x")
    original.mods["Tir"] = -1
    original.uses["Médigel"] = 1
    twin = original.clone()
    for name in Figure.__slots__:
        if name == "_base":
            continue
        mine, theirs = getattr(original, name), getattr(twin, name)
        assert mine == theirs, name
        if isinstance(mine, list | dict):
            assert mine is not theirs, name


def test_a_wipe_out_does_not_end_a_hold_objectives_game() -> None:
    # ME36: only an eliminate game ends at once when a band has no figure left in action.
    # Here B's last figure falls in turn 1 of 2; the game goes on and A scores objective-1
    # at the end of turn 2 (no elimination points in this scenario).
    game = match([Put(0, GUNNER, 9, 20), Put(1, CIBLE, 9, 28)], [2, 1, 4, 2, 1],
                 scenario=HOLD, turns=2)
    figure(game, 1).vitality = 1
    quiet(game, until="tir")
    game.apply("shoot A.Tireur Fusil-mitrailleur B.Cible")
    assert figure(game, 1).out and not game.is_over
    quiet(game)
    assert game.is_over and len(turn_events(game)) == 2 and st(game).scores == [1, 0]
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 0
