"""Where the search leaves the heuristic, and by how much (docs/bots.md, "Where normal and
hard leave the heuristic on ME:A", and "How seldom expert leaves the heuristic on Eden").

Plays heuristic self-play matches on the ladder's deals of ``--game`` (ME:A by default); at
every ``every``-th decision with a choice, each agent named searches the position as if it
were to play it (the heuristic's action is played all the same, so every agent sees the
same positions). For each search it records whether the agent left the heuristic's choice,
and the root action that beats the heuristic's by most standard errors of the paired
differences: that margin, the mean difference (in the leaf's chances) and the number of
pairs. Comparing two budgets at the same positions shows how far the larger search confirms
the smaller one's departures::

    python -m bench.departures --games 4 --every 2 --agents "mcts:normal;mcts:hard"
    python -m bench.departures --game eden --games 4 --every 3 --agents "mcts:hard;mcts:expert"

(some 12 minutes on one core; ``--json FILE`` keeps the rows). Only the decisions an agent
searches count (``scope``: hard leaves Eden's bids, picks and deployment to the heuristic).
``--check N`` settles each departure with a search of its own: the departed action and the
heuristic's alone at the root, ``N`` paired visits each (no time cap), so a departure can
be told right (the check's mean difference above 0) or wrong: the precision of an agent's
departures, the question a change to the confidence rule turns on. ``--check-from M`` also
checks the strongest rival of a search that kept the heuristic's choice when it led by
``M`` standard errors or more: whether a looser margin would have left rightly.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from skirmish.bots.game_parts import heuristic_of
from skirmish.bots.mcts.agent import MCTSAgent
from skirmish.bots.mcts.search import Search
from skirmish.bots.mcts.tree import paired_margin
from skirmish.bots.registry import make_agent
from skirmish.core.actions import Action
from skirmish.core.agents import view_of
from skirmish.core.dice import SeededDice
from skirmish.core.ruleset import RULESETS
from skirmish.sim.ladder import make_deals


@dataclass(frozen=True)
class Row:
    """One agent's search of one position."""

    game: int
    decision: int
    agent: str
    kind: str
    iterations: int
    departed: bool
    #: The root action that beats the heuristic's by most standard errors: the margin,
    #: the mean paired difference and the pairs (``None`` without two pairs to compare).
    margin: float | None
    difference: float | None
    pairs: int | None
    #: ``--check``: the departure's own search (its action against the heuristic's, many
    #: pairs): the mean difference, its margin and the pairs (``None`` when not checked).
    checked: float | None = None
    checked_margin: float | None = None
    checked_pairs: int | None = None


def strongest_rival(search: Search) -> tuple[float, float, int, str] | None:
    """(margin, mean difference, pairs, action) of the root action that beats the
    heuristic's choice by most standard errors of the paired differences."""
    held = search.root.children.get((search.observer, search.prior or ""))
    if held is None or not held.values:
        return None
    rivals = []
    for child in search.root.children.values():
        if child is held or not child.values or child.key is None:
            continue
        pairs = min(len(child.values), len(held.values))
        if pairs >= 2:
            mean = sum(child.values[k] - held.values[k] for k in range(pairs)) / pairs
            rivals.append((paired_margin(child.values, held.values), mean, pairs,
                           child.key[1]))
    return max(rivals) if rivals else None


def check(agent: MCTSAgent, view: Mapping[str, Any], legal: Sequence[Action], prior: Action,
          chosen: Action, visits: int, seed: int) -> tuple[float, float, int] | None:
    """(mean difference, margin, pairs) of ``chosen`` over ``prior`` in a search of the
    two alone, ``visits`` paired visits each (the agent's settings, no time cap, an
    exploration that visits both alike)."""
    ruleset = str(view["observation"]["ruleset"])
    budget = {"me_iterations": 2 * visits} if ruleset == "masseffect" else {}  # ME:A's own
    settings = replace(agent.settings, iterations=2 * visits, seconds=None,
                       exploration=100.0, extra={**agent.settings.extra, **budget})
    search = Search(view["observation"], legal, settings, SeededDice(seed), prior=prior,
                    opponent=agent._in_search(ruleset), guide=agent._in_search(ruleset),
                    candidates=[prior, chosen])
    search.run()
    held = search.root.children.get((search.observer, str(prior)))
    other = search.root.children.get((search.observer, str(chosen)))
    if held is None or other is None or not held.values or not other.values:
        return None
    pairs = min(len(held.values), len(other.values))
    mean = sum(other.values[k] - held.values[k] for k in range(pairs)) / pairs
    return mean, paired_margin(other.values, held.values), pairs


def survey(agents: Sequence[str], games: int, every: int, seed: int = 500,
           checks: int = 0, check_from: float | None = None,
           game_name: str = "masseffect") -> list[Row]:
    """Every agent's searches at the same positions of ``games`` heuristic matches (each
    departure checked with ``checks`` paired visits, :func:`check`; with ``check_from``,
    also the strongest rival of a search that kept the heuristic's choice when it beat it
    by that many standard errors or more: would a looser margin have left rightly?), in
    ``game_name``'s matches on its ladder's deals."""
    heuristic = heuristic_of(game_name)
    if heuristic is None:
        raise ValueError(f"{game_name}: no heuristic bot to play the matches")
    deals = make_deals(game_name, games=2 * games)
    rows: list[Row] = []
    for g in range(games):
        game = RULESETS.get(game_name).new_game(deals[g % len(deals)].setup, seed=seed + g)
        bots = [heuristic(3 * g + 1), heuristic(3 * g + 2)]
        searchers = {name: make_agent(name, 7 + g) for name in agents}
        k = 0
        while not game.is_over:
            player = game.decision().player
            legal = list(game.legal_actions())
            if len(legal) > 1:
                k += 1
                if k % every == 0:
                    for name, agent in searchers.items():
                        assert isinstance(agent, MCTSAgent)
                        view = view_of(game, player, agent)
                        if not agent._searched(view):
                            continue
                        search = agent.search(view, legal, 1234 + k)
                        action, explanation = search.run()
                        rival = strongest_rival(search)
                        departed = str(action) != search.prior
                        contender: Action | None = action if departed else None
                        if (not departed and rival is not None and check_from is not None
                                and rival[0] >= check_from):
                            contender = search.legal.get(rival[3])
                        checked = None
                        if contender is not None and checks and search.prior is not None:
                            checked = check(agent, view, legal, search.legal[search.prior],
                                            contender, checks, 4321 + k)
                        rows.append(Row(g, k, name, str(view["decision"]["kind"]),
                                        explanation.iterations, departed,
                                        *(rival[:3] if rival else (None, None, None)),
                                        *(checked or (None, None, None))))
            game.apply(bots[player].act(game.view(player), legal))
    return rows


def summary(rows: Sequence[Row]) -> str:
    """Departures by agent, and at each position where one agent left the heuristic, what
    every agent found there."""
    lines = []
    for name in dict.fromkeys(row.agent for row in rows):
        mine = [row for row in rows if row.agent == name]
        gone = [row for row in mine if row.departed]
        lines.append(f"{name}: {len(mine)} searches, left the heuristic at {len(gone)} "
                     f"({dict(Counter(row.kind for row in gone))})")
        for label, among in (("departures", gone),
                             ("rivals kept out", [r for r in mine if not r.departed])):
            settled = [row.checked for row in among if row.checked is not None]
            if settled:
                right = sum(1 for d in settled if d > 0)
                lines.append(f"  checked: {right} of {len(settled)} {label} better than the "
                             f"heuristic's choice, mean difference "
                             f"{sum(settled) / len(settled):+.4f}")
    places: dict[tuple[int, int], list[Row]] = {}
    for row in rows:
        places.setdefault((row.game, row.decision), []).append(row)
    for (g, k), found in places.items():
        if any(row.departed or row.checked is not None for row in found):
            lines.append(f"game {g} decision {k} ({found[0].kind}): " + "; ".join(
                f"{row.agent} {'left' if row.departed else 'kept'}, {row.iterations} it., "
                + ("no rival" if row.margin is None else
                   f"{row.difference:+.3f} by {row.margin:.2f} s.e. over {row.pairs} pairs")
                + ("" if row.checked is None else
                   f" (checked: {row.checked:+.3f} by {row.checked_margin:.2f} s.e. over "
                   f"{row.checked_pairs} pairs)")
                for row in found))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="masseffect", help="eden or masseffect")
    parser.add_argument("--agents", default="mcts:normal;mcts:hard",
                        help="agents separated by ';'")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--every", type=int, default=2)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--json", default=None)
    parser.add_argument("--check", type=int, default=0,
                        help="paired visits of each action in a departure's check search")
    parser.add_argument("--check-from", type=float, default=None,
                        help="also check a kept search's strongest rival this many "
                             "standard errors ahead or more")
    args = parser.parse_args(argv)
    rows = survey(args.agents.split(";"), args.games, args.every, args.seed, args.check,
                  args.check_from, args.game)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump([asdict(row) for row in rows], out, indent=1)
    print(summary(rows))


if __name__ == "__main__":
    main()
