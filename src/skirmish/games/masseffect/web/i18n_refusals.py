"""The engine's refusals of Mass Effect: Annihilation in French (issue 45, "every string
translated"): what a player meets typing an action in the notation box or probing a point
(movement, deployment, the phases' picks, heroic actions, moves in words). The rule codes
(``ME17``) stay; the words after them are the French rulebook's (its phase names are
already French in the engine). Fragment patterns, applied in order before the game's other
patterns; the quoted notation stays as typed.
"""

from __future__ import annotations

_WAYS = {"walk": "marcher", "run": "courir"}
_PROBLEMS = {"overlaps_base": "chevauche un socle", "overlaps_element": "sur un décor "
             "infranchissable", "off_field": "hors de la table", "cannot_end_on": "ne peut "
             "pas finir sur ce décor", "on_marker": "sur un marqueur", "out_of_allowance":
             "au-delà du potentiel de mouvement", "unreachable": "inaccessible"}

FR_REFUSALS: list[tuple[str, str]] = [
    (r"^('.*?') is not a movement \(stay, walk or run\)",
     "{1} n'est pas un mouvement (« stay », « walk » ou « run »)"),
    (r"^('.*?') is not an action of the (\S+) phase", "{1} n'est pas une action de la phase "
     "de {2}"),
    (r"^('.*?') is not a deployment", "{1} n'est pas un déploiement"),
    (r"^('.*?') is not allowed now: heroic effort or pass",
     "{1} n'est pas permis maintenant : effort héroïque (« heroic ») ou passer (« pass »)"),
    (r"^('.*?') is not allowed now: heroic (\S+) or pass",
     "{1} n'est pas permis maintenant : « heroic {2} » ou « pass »"),
    (r"^('.*?') is not allowed: up to 2 friends within (\d+) pas who may still act, or pass",
     "{1} n'est pas permis : jusqu'à 2 amies à {2} pas ou moins qui peuvent encore agir, ou "
     "passer"),
    (r"^('.*?') is not allowed: choose one of your engaged figures that has not fought",
     "{1} n'est pas permis : choisissez l'une de vos figurines engagées qui n'a pas encore "
     "combattu"),
    (r"^('.*?') is not allowed: (\S+) strikes with one of its melee weapons \((.+?)\)",
     "{1} n'est pas permis : {2} frappe avec l'une de ses armes de mêlée ({3})"),
    (r"^the figures of an Action groupée act or hold one by one",
     "les figurines d'une Action groupée agissent ou attendent une par une"),
    (r"^choose an edge first: edge lower or edge upper",
     "choisissez d'abord un bord : « edge lower » ou « edge upper »"),
    (r"^a facing is 0 to 359 degrees", "une orientation va de 0 à 359 degrés"),
    (r"^there is no figure (\S+)", "il n'y a pas de figurine {1}"),
    (r"^(\S+) may not act in this phase now", "{1} ne peut pas agir dans cette phase "
     "maintenant"),
    (r"^(\S+) is not a figure player ([AB]) may deploy now",
     "{1} n'est pas une figurine que le joueur {2} peut déployer maintenant"),
    (r"^(\S+) is not in action", "{1} n'est pas en action"),
    (r"^(\S+) is no enemy of (\S+)", "{1} n'est pas un ennemi de {2}"),
    (r"^(\S+) is not one of player ([AB])'s figures", "{1} n'est pas une figurine du joueur "
     "{2}"),
    (r"^(\S+) has already moved this turn", "{1} s'est déjà déplacée ce tour-ci"),
    (r"^(\S+) cannot move now \(it is not one of player ([AB])'s figures still to move\)",
     "{1} ne peut pas se déplacer maintenant (ce n'est pas une figurine du joueur {2} qui "
     "doit encore se déplacer)"),
    (r"^(\S+) cannot move (\S+) cm \(walk (\S+) cm, run (\S+) cm\)",
     "{1} ne peut pas se déplacer de {2} cm (marcher {3} cm, courir {4} cm)"),
    *[(rf"^(\S+) cannot reach contact with (\S+) this {way} \(walk (\S+) cm, run (\S+) cm, "
       r"(\S+) cm away\)",
       f"{{1}} ne peut pas atteindre le contact de {{2}} en allant {french} (marcher {{3}} cm, "
       "courir {4} cm, à {5} cm)")
      for way, french in (("walk", "au pas"), ("run", "en courant"))],
    *[(rf"^(ME\d+, [^:]+): (\S+) cannot {way} there \({code}\)",
       f"{{1}} : {{2}} ne peut pas {french} là ({problem})")
      for way, french in _WAYS.items() for code, problem in _PROBLEMS.items()],
    *[(rf"^(ME\d+, [^:]+): (\S+) cannot stand at (\S+) \({code}\)",
       f"{{1}} : {{2}} ne peut pas se tenir en ({{3}}) ({problem})")
      for code, problem in _PROBLEMS.items()],
    (r"^(ME\d+, [^:]+): (\S+) cannot stand on the marker (\S+)",
     "{1} : {2} ne peut pas se tenir sur le marqueur {3}"),
    # ME44, Escalader (house rule me-climbing)
    (r"^ME14, Escalader: (\S+) touches no scenery (\S+) at most (\S+) pas high to climb "
     r"\(climbable now: none\)",
     "ME14, Escalader : {1} ne touche aucun décor {2} de {3} pas de haut au plus à escalader "
     "(aucun à escalader maintenant)"),
    (r"^ME14, Escalader: (\S+) touches no scenery (\S+) at most (\S+) pas high to climb "
     r"\(climbable now: (.+?)\)",
     "ME14, Escalader : {1} ne touche aucun décor {2} de {3} pas de haut au plus à escalader "
     "(à escalader maintenant : {4})"),
    (r"^ME14, Escalader: the figure ends in contact with (\S+) \(([\d.]+) cm away\)",
     "ME14, Escalader : la figurine finit au contact de {1} (ici à {2} cm)"),
    (r"^ME14, Escalader: the figure ends on the far side of (\S+), over it",
     "ME14, Escalader : la figurine finit de l'autre côté de {1}, par-dessus"),
    (r"^ME14, Escalader: a climb goes over (\S+), not along it \(([\d.]+) cm, at most "
     r"([\d.]+)\)",
     "ME14, Escalader : une escalade passe par-dessus {1}, pas le long ({2} cm, {3} au plus)"),
    *[(rf"^ME14, Escalader: the figure cannot stand there \({code.replace('_', ' ')}\)",
       f"ME14, Escalader : la figurine ne peut pas se tenir là ({problem})")
      for code, problem in _PROBLEMS.items()],
    (r"^ME14, Escalader: a climb may not end in contact with (\S+) \(ME17: charge\)",
     "ME14, Escalader : une escalade ne peut pas finir au contact de {1} (ME17 : charge)"),
    (r"\bME17, a charge ends in contact with an enemy\)",
     "ME17, une charge finit au contact d'un ennemi)"),
    (r"\b(ME\d+), deployment\b", "{1}, déploiement"),
    (r"\b(ME\d+), facing\)", "{1}, orientation)"),
    (r"\b(ME\d+), heroic actions\)", "{1}, actions héroïques)"),
]

__all__ = ["FR_REFUSALS"]
