"""The search's sense of a round's secret bid (issue 49: "the secret bid for the first player
is always the heuristic's"; Rulebook 4.B step 1, Determination of the First Player).

The player who bets more SP chooses who plays first; equal bets are settled by a roll, and
both bets are lost. The bots' measured play says the choice is worth having, to play
**second**: the second player answers each round's first activation (with an interruption
when a faster fighter is at hand) and the first player cannot wait (Rulebook 4.B,
Activation phase). Over 2,000 whole matches against the heuristic (basic rules, the ladder's
deals, seed 12), the heuristic that bid one SP more than the heuristic's usual bet and let its
opponent play first scored 54.5 %, the same bet playing first 42.3 % (docs/bots.md, "Who
plays first").

The search cannot see it for itself: a round's bid is a dozen bids weighed over some hundred
round rollouts, where a few points of a match are lost in the noise. So its root there is
narrowed to the bids that change something against its model of the opponent - the
heuristic, whose rule (:func:`skirmish.games.eden.bots.spending.bid`) reads public facts
only before the last round (1 SP from a reserve of 4 or more): one more than that bet (the
choice, for one SP more), the heuristic's own bet, and nothing - and its default is the
first, which another is taken over only by the search's ``confidence`` margin. Only where
the heuristic would bet 1 SP (as measured), not at the preparation's bid (4.A step 3: being
second there was measured worth nothing, 42.1 % against 42.3 %), nor in the last round, where
the heuristic's rule already bets what wins for certain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from skirmish.core.actions import Action
from skirmish.core.agents import Agent
from skirmish.games.eden.actions import Bid, ChooseFirst, Side
from skirmish.games.eden.bots.spending import last_round

#: The reserve from which the heuristic bets 1 SP before the last round
#: (:func:`skirmish.games.eden.bots.spending.bid`).
BETS_FROM = 4


def opponent_bet(view: Mapping[str, Any]) -> int:
    """What the heuristic would bet in the opponent's seat at a round's bid before the last
    round: 1 SP from a reserve of :data:`BETS_FROM` or more, else nothing (its rule reads the
    opponent's reserve, which both players know)."""
    other = 1 - int(view["player"])
    return 1 if int(view["sp"][other]) >= BETS_FROM else 0


def outbid(view: Mapping[str, Any], heuristics: int) -> int | None:
    """The bet that takes the choice from the heuristic's, where it is worth one SP more
    than ``heuristics`` (the heuristic's own bet): at a round's bid (not the preparation's)
    before the last round, where the heuristic bets 1 SP; ``None`` elsewhere."""
    decision = view.get("decision") or {}
    if decision.get("kind") != "secret-bid" or int(view["round"]) < 1 or last_round(view):
        return None
    if heuristics != 1:
        return None
    bet = opponent_bet(view) + 1
    return bet if bet != heuristics and bet <= int(view["sp"][int(view["player"])]) else None


def second(view: Mapping[str, Any], legal: Sequence[Action]) -> list[Action]:
    """The search's root actions at the choice of the first player (the bid won): the
    opponent first (the root's default: playing second, see the module), then itself. The
    heuristic chooses to play first (its reason: the first player reaches cover first); a
    heuristic that let its opponent play first changed what the balancer measures of the
    cards (tests/sim/test_balance_planted.py), so it is left as it is and the search alone
    knows better."""
    me = int(view["player"])
    wanted = (str(ChooseFirst(Side.of(1 - me))), str(ChooseFirst(Side.of(me))))
    by_text = {str(a): a for a in legal}
    return [by_text[t] for t in wanted if t in by_text]


def narrowed(helper: Agent, view: Mapping[str, Any], legal: Sequence[Action]) -> list[Action]:
    """The search's root actions at a round's secret bid (:attr:`GameSearch.candidates
    <skirmish.bots.game_parts.GameSearch.candidates>`): the bet that takes the choice first
    (the root's default), then the heuristic's bet and nothing; at the choice of the first
    player, the opponent first (:func:`second`); ``[]`` (not narrowed) everywhere else, the
    heuristic not asked."""
    kind = (view.get("decision") or {}).get("kind")
    if kind == "first-player":
        return second(view, legal)
    if kind != "secret-bid":
        return []
    choice = helper.act(view, legal)
    if not isinstance(choice, Bid):
        return []
    bet = outbid(view, choice.sp)
    if bet is None:
        return []
    wanted = (bet, choice.sp, 0)
    by_bet = {a.sp: a for a in legal if isinstance(a, Bid)}
    return [by_bet[sp] for sp in dict.fromkeys(wanted) if sp in by_bet]
