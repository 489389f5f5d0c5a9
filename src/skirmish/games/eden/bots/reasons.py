"""Why Eden's heuristic bot (:mod:`.heuristic`) took a decision, in one English line: what
the web table's "Why?" shows for a decision the search bot leaves to the heuristic (the
preparation's: docs/web.md, "Why?"); the ``"log"`` table of the game's web words turns it
into French. Each line states the rule of thumb the heuristic applies, nothing it does not
know."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skirmish.core.actions import Action, Pass
from skirmish.games.eden.actions import Bid, Deploy, Leader, PlayCard, PlayMission


def reason(view: Mapping[str, Any], action: Action) -> str | None:
    """The heuristic's reason for ``action`` on the decision of ``view`` (``None``: a
    decision it has no rule for, where it picks among the legal actions at random)."""
    decision = view.get("decision") or {}
    kind = str(decision.get("kind", ""))
    me = view.get("player")
    sp = view["sp"][me] if isinstance(me, int) and "sp" in view else None
    if kind == "secret-bid" and isinstance(action, Bid):
        return (f"it bids {action.sp} SP: 1 SP when it holds 4 SP or more, else nothing "
                f"(it holds {sp} SP)")
    if kind == "first-player":
        return "it plays first: the first player reaches cover and objectives first"
    if kind == "leader" and isinstance(action, Leader):
        if (decision.get("context") or {}).get("suggested") == str(action.fighter):
            return f"its troop names {action.fighter} as leader"
        return f"{action.fighter} has the best PSI of the troop (and the most CP left)"
    if kind == "secret-mission" and isinstance(action, PlayMission):
        return "the mission that scores most: kills count double"
    if kind == "deploy" and isinstance(action, Deploy):
        return ("as near the centre of the field as its zone allows, away from the "
                "non-player fighters")
    if kind == "tactical":
        if isinstance(action, Pass):
            return "it keeps its SP: fewer than 3 SP, or no card to play"
        if isinstance(action, PlayCard):
            return "a card of its hand, on the fighter nearest the action"
    if kind == "cancellation":
        return ("it cancels when it holds 5 SP or more" if not isinstance(action, Pass)
                else "it cancels only when it holds 5 SP or more")
    return None


#: The reasons in French (added to the game's "log" table).
FR_REASONS: list[tuple[str, str]] = [
    (r"^it bids (\d+) SP: 1 SP when it holds 4 SP or more, else nothing \(it holds (\d+) SP\)$",
     "il mise {1} PS : 1 PS quand il en a 4 ou plus, sinon rien (il a {2} PS)"),
    (r"^it plays first: the first player reaches cover and objectives first$",
     "il joue en premier : le Premier joueur atteint le premier les couverts et les objectifs"),
    (r"^its troop names (\S+) as leader$", "sa troupe désigne {1} comme chef"),
    (r"^(\S+) has the best PSI of the troop \(and the most CP left\)$",
     "{1} a la meilleure PSI de la troupe (et le plus de PC restants)"),
    (r"^the mission that scores most: kills count double$",
     "la mission qui rapporte le plus : les éliminations comptent double"),
    (r"^as near the centre of the field as its zone allows, away from the non-player "
     r"fighters$",
     "aussi près du centre de la table que sa zone le permet, loin des combattants "
     "non-joueurs"),
    (r"^it keeps its SP: fewer than 3 SP, or no card to play$",
     "il garde ses PS : moins de 3 PS, ou aucune carte à jouer"),
    (r"^a card of its hand, on the fighter nearest the action$",
     "une carte de sa main, sur le combattant le plus proche de l'action"),
    (r"^it cancels when it holds 5 SP or more$", "il annule quand il a 5 PS ou plus"),
    (r"^it cancels only when it holds 5 SP or more$",
     "il n'annule que quand il a 5 PS ou plus"),
]

__all__ = ["FR_REASONS", "reason"]
