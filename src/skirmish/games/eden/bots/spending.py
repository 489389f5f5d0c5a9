"""What the bots spend their SP on, by what the SP are still worth (issue 49: "every match
ended with 3-15 SP and 1-4 cards unused"; "the secret bid for the first player ... bids 0
even where a bid of more than the opponent's whole reserve buys a certain first
activation").

SP are one reserve for the whole match, set at its start and never refilled (Rulebook 4.A
step 2: the sum of the troop's PSI): they pay the secret bids (both bids are lost, 4.A step
3 and 4.B step 1), the tactical cards (2 SP each, 4.B Tactical phase), Cancellation and the
costs of permanent abilities (7). What is left when the match ends is worth nothing. So in
the last round (the round's number is public) the SP that the cards still playable do not
need have no later use:

- **the bid**: before the last round, 1 SP from a reserve of 4 or more (the heuristic's rule
  since issue 16); in the last round, the SP that the cards he may still play this round
  do not need (none without his leader on the field; one at the tactical phase, and those
  without the Tactical special rule at his activations' starts too), up to one more than
  the opponent's whole reserve - the smallest bid that wins for certain (a higher one buys
  nothing more, as both bids are lost) - so that the player who wins the bid chooses who
  strikes first;
- **a tactical card**: before the last round, only from a reserve of 3 SP or more (a card
  leaves at least 1 SP for a later bid); in the last round, whenever its cost can be paid.

The heuristic bot reads these, and through it the searches' rollouts and their model of the
opponent's secret bid; :mod:`.waste` counts the cards a player passed up in the last round and
still held at the end with the SP to pay for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skirmish.games.eden.rounds.tactical import CARD_COST


def last_round(view: Mapping[str, Any]) -> bool:
    """Whether the round under way is the match's last (4.B: the match lasts its rounds)."""
    return int(view["round"]) >= int(view["max_rounds"])


def cards_still_payable(view: Mapping[str, Any]) -> int:
    """How many of the hand's cards the player may still play this round: none without his
    leader on the field (Rulebook 4.B, Tactical phase); else one at the tactical phase, and
    those without the Tactical special rule at his activations' starts as well (1.D), never
    a First-round card after the first round."""
    me = int(view["player"])
    leader = str(view["leaders"][me] or "")
    if not any(f["ref"] == leader and f["on_field"] for f in view["fighters"]):
        return 0
    cards = {c["name"]: c for c in view.get("my_tactical_cards", ())}
    playable = [cards.get(name, {}) for name in view.get("my_hand", ())]
    playable = [c for c in playable if not (c.get("first_round") and int(view["round"]) > 1)]
    anytime = sum(1 for c in playable if not c.get("tactical", True))
    return min(len(playable), 1 + anytime)


def spare_sp(view: Mapping[str, Any]) -> int:
    """The player's SP that the cards he may still play this round do not need (2 SP
    each): in the last round, SP with no later use."""
    me = int(view["player"])
    return max(0, int(view["sp"][me]) - CARD_COST * cards_still_payable(view))


def bid(view: Mapping[str, Any]) -> int:
    """The secret bid (Rulebook 4.A step 3): see the module."""
    me = int(view["player"])
    if not last_round(view):
        return 1 if int(view["sp"][me]) >= 4 else 0
    return min(spare_sp(view), int(view["sp"][1 - me]) + 1)


def card_threshold(view: Mapping[str, Any]) -> int:
    """The reserve from which a tactical card is played: see the module."""
    return CARD_COST if last_round(view) else CARD_COST + 1
