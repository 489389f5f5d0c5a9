"""Issue 49 on ME:A: no power used without effect
(:mod:`skirmish.games.masseffect.bots.power_sense`). A boost that cannot serve its figure
this turn is never weighed at the search's root, and a figure whose Tir a boost betters
shoots before its friends, for the heuristic (and so the rollouts) and the search alike."""

from __future__ import annotations

from skirmish.bots.registry import make_agent
from skirmish.core import Game
from skirmish.core.agents import view_of
from skirmish.games.masseffect.bots.heuristic import MassEffectHeuristic
from skirmish.games.masseffect.bots.power_sense import (
    boosted_shots,
    narrowed,
    pointless,
)
from skirmish.games.masseffect.bots.table import Table
from skirmish.games.masseffect.bots.tactics import me_table
from skirmish.games.masseffect.rolling import state_of

CONSENSUS = "power A.Primat-geth Consensus A.Fantassin-geth"
RAGE = "power A.Capitaine-Vorgash Rage-sanguinaire"


def _consensus(enemy: tuple[float, float]) -> Game:
    """Turn 1's powers phase: A's Primat geth (Consensus: a friend within 6 pas shoots one
    better) beside a Fantassin geth (Fusil à impulsions, 14 pas), B's Cerberus soldier at
    ``enemy`` (pas)."""
    return me_table([(0, "Primat geth", 10, 5), (0, "Fantassin geth", 14, 5),
                     (1, "Soldat de Cerberus", *enemy)], decision="pouvoirs")


def _rage(enemy: tuple[float, float]) -> Game:
    """Turn 1's powers phase: A's Capitaine Vorgash (Rage sanguinaire: his Mêlée one better
    this turn), B's Cerberus soldier at ``enemy`` (pas)."""
    return me_table([(0, "Capitaine Vorgash", 10, 5), (1, "Soldat de Cerberus", *enemy)],
                    decision="pouvoirs")


def _judged(game: Game, notation: str) -> bool:
    table = Table.of(view_of(game, 0))
    action = next(a for a in game.legal_actions() if str(a) == notation)
    return pointless(table, action)


def test_a_better_tir_for_a_figure_with_no_shot_is_pointless() -> None:
    assert _judged(_consensus((10, 23)), CONSENSUS)  # 18 pas: beyond the rifle's 14
    assert not _judged(_consensus((14, 17)), CONSENSUS)  # 12 pas, in sight


def test_a_better_melee_for_a_figure_in_contact_with_no_one_is_pointless() -> None:
    far = _rage((10, 20))
    assert not Table.of(view_of(far, 0)).figs["A.Capitaine-Vorgash"].engaged
    assert _judged(far, RAGE)
    near = _rage((10, 6.4))  # bases touching (3.5 cm apart): engaged
    assert Table.of(view_of(near, 0)).figs["A.Capitaine-Vorgash"].engaged
    assert not _judged(near, RAGE)


def test_the_search_root_leaves_the_pointless_boosts_out_and_puts_the_heuristic_first() -> None:
    game = _consensus((10, 23))
    view, legal = view_of(game, 0), list(game.legal_actions())
    roots = narrowed(MassEffectHeuristic(0), view, legal)
    assert roots and CONSENSUS not in [str(a) for a in roots]
    assert str(roots[0]) == str(MassEffectHeuristic(0).act(view, legal))
    assert len(roots) == len(legal) - 1
    near = _consensus((14, 17))  # nothing pointless: the root is not narrowed
    assert narrowed(MassEffectHeuristic(0), view_of(near, 0), list(near.legal_actions())) == []


def _volley(boosted: bool) -> Game:
    """Turn 1's shooting phase: A's Primat geth (Canon d'assaut) and Fantassin geth (Fusil à
    impulsions) may both shoot B's Cerberus soldier, their only target; with ``boosted`` the
    Fantassin's Tir is one better this turn (a Consensus of the powers phase)."""
    game = me_table([(0, "Primat geth", 10, 5), (0, "Fantassin geth", 14, 5),
                     (1, "Soldat de Cerberus", 12, 15)])
    if boosted:
        state_of(game).figure("A.Fantassin-geth").mods["Tir"] = -1
    return game


def _shooter(game: Game) -> str:
    action = MassEffectHeuristic(0).act(view_of(game, 0), list(game.legal_actions()))
    return str(action).split()[1]


def test_a_figure_bettered_in_tir_shoots_before_its_friends() -> None:
    # unboosted, the heuristic fires the Primat's cannon first (worth 2.66 against the rifle's
    # 1.76): had it a Consensus, the Fantassin would be left no target if the soldier fell
    assert _shooter(_volley(False)) == "A.Primat-geth"
    assert _shooter(_volley(True)) == "A.Fantassin-geth"


def test_the_search_root_weighs_only_the_boosted_figures_shots() -> None:
    game = _volley(True)
    view, legal = view_of(game, 0), list(game.legal_actions())
    roots = narrowed(MassEffectHeuristic(0), view, legal)
    assert roots and {str(a).split()[1] for a in roots} == {"A.Fantassin-geth"}
    assert roots == boosted_shots(Table.of(view), legal)[:1] + [
        a for a in boosted_shots(Table.of(view), legal) if a != roots[0]]
    assert narrowed(MassEffectHeuristic(0), view_of(_volley(False), 0),
                    list(_volley(False).legal_actions())) == []
    agent = make_agent("mcts:expert", 1)
    chosen = agent.act(view_of(game, 0, agent), legal)
    assert str(chosen).split()[1] == "A.Fantassin-geth"


REGENERATION = "power A.Agent-Corvin-Hale Régénération-de-bouclier"
MEDIC = "power A.Ingénieur-de-Cerberus Unité-de-soins A.Agent-Corvin-Hale"


def _cerberus(vitality: int | None = None) -> Game:
    """Turn 1's powers phase: A's Agent Corvin Hale (Bouclier 4+, 2 uses; Régénération de
    bouclier: his Bouclier back with all its uses) beside an Ingénieur de Cerberus (Unité de
    soins: D2 Vitalité back to a friend within 4 pas), B's Cerberus soldier far off; Hale
    left ``vitality`` of his 3."""
    return me_table([(0, "Agent Corvin Hale", 10, 5), (0, "Ingénieur de Cerberus", 12, 5),
                     (1, "Soldat de Cerberus", 10, 23)],
                    vitality=None if vitality is None else {0: vitality}, decision="pouvoirs")


def test_restoring_a_whole_protection_is_pointless_and_one_short_of_a_use_or_off_is_not() -> None:
    game = _cerberus()
    assert _judged(game, REGENERATION)  # both uses left, not switched off: nothing comes back
    hale = state_of(game).figure("A.Agent-Corvin-Hale")
    hale.shield_uses = 1
    assert not _judged(game, REGENERATION)  # a use comes back
    hale.shield_uses = 2
    hale.stripped.append("Bouclier")  # ME24: switched off until the turn's end
    assert not _judged(game, REGENERATION)


def test_healing_an_unwounded_friend_is_pointless_and_a_wounded_one_is_not() -> None:
    assert _judged(_cerberus(), MEDIC)
    assert not _judged(_cerberus(vitality=2), MEDIC)


def test_the_search_root_leaves_out_the_powers_without_effect() -> None:
    game = _cerberus()
    view, legal = view_of(game, 0), list(game.legal_actions())
    roots = [str(a) for a in narrowed(MassEffectHeuristic(0), view, legal)]
    assert roots and REGENERATION not in roots and MEDIC not in roots
    assert len(roots) == len(legal) - 2
