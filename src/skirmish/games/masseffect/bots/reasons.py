"""Why ME:A's heuristic bot (:mod:`.heuristic`) took a decision, in one English line: what
the web table's "Why?" shows for a decision the search bot leaves to the heuristic (the
table edge and the deployment: :data:`~skirmish.games.masseffect.bots.search.
MASSEFFECT_UNSEARCHED`); the game's ``"log"`` table turns it into French."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skirmish.core.actions import Action
from skirmish.games.masseffect.actions import ChooseEdge, Deploy


def reason(view: Mapping[str, Any], action: Action) -> str | None:
    """The heuristic's reason for ``action`` on the decision of ``view`` (``None``: a
    decision it gives no reason for)."""
    kind = str((view.get("decision") or {}).get("kind", ""))
    if kind == "edge" and isinstance(action, ChooseEdge):
        return "it always takes the lower edge: the two edges are alike"
    if kind == "deploy" and isinstance(action, Deploy):
        return ("the best spot of its zone: near scenery that will cover it, toward its goal, "
                "apart from its friends, facing the enemy's edge")
    return None


#: The reasons in French (added to the game's "log" table).
FR_REASONS: list[tuple[str, str]] = [
    (r"^it always takes the lower edge: the two edges are alike$",
     "il prend toujours le bord inférieur : les deux bords se valent"),
    (r"^the best spot of its zone: near scenery that will cover it, toward its goal, apart "
     r"from its friends, facing the enemy's edge$",
     "le meilleur endroit de sa zone : près d'un décor qui le couvrira, vers son objectif, à "
     "l'écart de ses amis, face au bord ennemi"),
]

__all__ = ["FR_REASONS", "reason"]
