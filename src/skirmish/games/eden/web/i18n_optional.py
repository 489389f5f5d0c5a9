"""The log lines of Eden's optional rules in French (Rulebook, Règles optionnelles: 1 Gestion
du Territoire, 2 Infestation, 3 Conditions climatiques), with the French rulebook's words:
CNJ for a non-player fighter, Rôder, Présence Hostile, Escalade, Nage, Saut, Dissimulation,
the climatic conditions' own names. :data:`FR_OPTIONAL` goes first in the game's "log"
table (:mod:`.i18n`), before the catch-alls of the basic rules; :data:`FR_OPTIONAL_WORDS`
are added to its words.
"""

from __future__ import annotations

from skirmish.games.eden.web.i18n_sentences import SCENERY

_REF = r"(\S+)"
_CLIMATES = r"(Ion storm|Snowstorm|Storm|Dense fog|Normal weather|Mist|Acid rain)"

FR_OPTIONAL: list[tuple[str, str]] = [
    # the decisions' prompts
    (r"^Buy and place a scenery element: (\d+) scenery points? left \(for sale: ([^)]*)\); "
     r"(\d+) cm or more from scenery, edges and objectives$",
     "Achetez et placez un élément de décor : reste {1} point(s) de décor (en vente : {2}) ; "
     "à {3} cm ou plus des décors, des bords et des objectifs"),
    (r"^Spend infestation points \((\d+) left\) to place a non-player fighter, (\d+) cm or "
     r"more from any other$",
     "Dépensez des points d'infestation (reste {1}) pour placer un CNJ, à {2} cm ou plus de "
     "tout autre"),
    (r"^Deploy one fighter in your (\w+) zone: ", "Déployez un combattant dans votre zone {1w} : "),
    (r" \(Mist: one at a time, alternately\)$", " (Brume : un à la fois, en alternance)"),
    (rf"^{_REF} prowls: move it up to (\d+) cm in the direction of your choice$",
     "{1} rôde : déplacez-le de {2} cm au plus dans la direction de votre choix"),
    (r"^Activate a non-player fighter \((\d+) not yet activated this round\)$",
     "Activez un CNJ ({1} pas encore activé(s) ce tour)"),
    # 1. Territory Management: buying and placing scenery
    (r"^Territory Management \(optional rules 1\): each player has (\d+) scenery points to buy "
     r"and place scenery, the first player first$",
     "Gestion du Territoire (règles optionnelles 1) : chaque joueur dispose de {1} points de "
     "décor pour acheter et placer des décors, le Premier joueur en premier"),
    (r"^player ([AB]) buys (.+?) \((\d+) scenery points?; (\d+) left\) and places it "
     r"\((\S+)\) at \(([^)]*)\)",
     "le joueur {1} achète {2w} ({3} point(s) de décor ; reste {4}) et le place ({5}) en ({6})"),
    (r"^player ([AB])'s (\d+) scenery points? buys? no scenery that fits on the table: they "
     r"are lost$",
     "les {2} point(s) de décor du joueur {1} n'achètent aucun décor qui tienne sur la table : "
     "ils sont perdus"),
    (r"^every scenery point is spent: the scenery step ends$",
     "tous les points de décor sont dépensés : l'étape des décors prend fin"),
    (r"^preparation step (\d+)bis: (\w+)$", "préparation, étape {1}bis : {2w}"),
    # 1. Territory Management: the scenery's special rules
    (rf"^{_REF} is in contact with {_REF} as (its move ends|its activation begins): Hostile "
     r"Presence \((\d+)\), (\d+) wounds? ignoring protections$",
     "{1} est au contact de {2} {3w} : Présence Hostile ({4}), {5} blessure(s) qui ignorent "
     "les protections"),
    (rf"^{_REF} climbs {_REF} \(Climbing \((\d+)\): (\d+) AP, SPD roll difficulty (\d+)\)$",
     "{1} escalade {2} (Escalade ({3}) : {4} PA, jet de RAP de difficulté {5})"),
    (rf"^{_REF} swims across {_REF} \(Swimming \((\d+)\): (\d+) AP, VIG rolls difficulty (\d+), "
     r"-(\d+) for (\d+) equipment\)$",
     "{1} traverse {2} à la nage (Nage ({3}) : {4} PA, jets de VIG de difficulté {5}, -{6} "
     "pour {7} équipement(s))"),
    (rf"^{_REF} jumps over {_REF} \(Jump \((\d+)\): SPD roll difficulty (\d+)\)$",
     "{1} saute par-dessus {2} (Saut ({3}) : jet de RAP de difficulté {4})"),
    (rf"^{_REF}'s climb fails: it stays where it is$",
     "l'escalade de {1} échoue : il reste où il est"),
    (rf"^{_REF}'s jump over {_REF} fails: no success, it is incapacitated$",
     "le saut de {1} par-dessus {2} échoue : aucune réussite, il est hors de combat"),
    (rf"^{_REF} hides in {_REF} \(Hiding: no opponent more than (\S+) cm away may target it\)$",
     "{1} se dissimule dans {2} (Dissimulation : aucun adversaire à plus de {3} cm ne peut le "
     "prendre pour cible)"),
    (rf"^{_REF} is no longer hidden in {_REF}$", "{1} n'est plus dissimulé dans {2}"),
    (rf"^{_REF} attacks {_REF} with (.+): automatically successful, no dice are rolled$",
     "{1} attaque {2} avec {3} : réussite automatique, aucun dé n'est lancé"),
    (rf"^{_REF} attacks {_REF}: automatically successful, no dice are rolled$",
     "{1} attaque {2} : réussite automatique, aucun dé n'est lancé"),
    (rf"^{_REF} suffers an attack \((.+)\): (\S+) attacks$",
     "{1} subit une attaque ({2}) : {3} attaque(s)"),
    (rf"^{_REF} suffers (\d+) attacks \((.+)\): (\S+) attacks$",
     "{1} subit {2} attaques ({3}) : {4} attaque(s)"),
    (rf"^{_REF} gets a burn marker \((.+)\): (\d+) in all$",
     "{1} reçoit un marqueur Brûlure ({2}) : {3} en tout"),
    (rf"^{_REF} gets (\d+) burn markers \((.+)\): (\d+) in all$",
     "{1} reçoit {2} marqueurs Brûlure ({3}) : {4} en tout"),
    (r"\((\d+) burn markers?\)", "({1} marqueur(s) Brûlure)"),
    (r"\(intendancy step (\d+)\)", "(intendance, étape {1})"),
    (rf"^{_REF} \((.+)\) is destroyed: {_REF} \(a devastated area\) takes its place$",
     "{1} ({2w}) est détruit : {3} (une zone dévastée) prend sa place"),
    (r"^the effects of (.+) end with its last element$",
     "les effets de {1} prennent fin avec son dernier élément"),
    (rf"^{_REF} finds no room off {_REF} and stays where it is$",
     "{1} ne trouve pas de place hors de {2} et reste où il est"),
    (rf"^{_REF} cannot stay on {_REF}: it is put at \(([^)]*)\) from \(([^)]*)\)$",
     "{1} ne peut pas rester sur {2} : il est placé en ({3}) depuis ({4})"),
    # 2. Infestation: the non-player fighters (CNJ)
    (r"^infestation roll: \[(\d), (\d)\] \(2D6 - 2 = (\d+): level (\d+)\)$",
     "jet d'infestation : [{1}, {2}] (2D6 - 2 = {3} : niveau {4})"),
    (r"^Infestation \(optional rules 2\): level (\d+) \((\w+)\): each player has (\d+) "
     r"infestation points to place non-player fighters$",
     "Infestation (règles optionnelles 2) : niveau {1} ({2w}) : chaque joueur dispose de {3} "
     "points d'infestation pour placer des CNJ"),
    (rf"^player ([AB]) places {_REF} \(level (\d+)\) at \(([^)]*)\); (\d+) infestation points? "
     r"left$",
     "le joueur {1} place {2} (niveau {3}) en ({4}) ; reste {5} point(s) d'infestation"),
    (r"^NPF placement is over: (\d+) non-player fighter\(s\) on the field; infestation points "
     r"left A (\d+), B (\d+)$",
     "fin du placement des CNJ : {1} CNJ sur la table ; points d'infestation restants : "
     "A {2}, B {3}"),
    (r"^player ([AB]) has no room left for any NPF he can afford: he places no more \(",
     "le joueur {1} n'a plus de place pour un CNJ qu'il puisse s'offrir : il n'en place plus ("),
    (rf"^{_REF} \(activated by player ([AB])\) prowls$", "{1} (activé par le joueur {2}) rôde"),
    (rf"^{_REF} \(activated by player ([AB])\) prowls but has no room to move$",
     "{1} (activé par le joueur {2}) rôde mais n'a pas la place de bouger"),
    (rf"^{_REF} \(activated by player ([AB])\) must attack {_REF} in contact$",
     "{1} (activé par le joueur {2}) doit attaquer {3}, à son contact"),
    (rf"^{_REF} \(activated by player ([AB])\) must charge {_REF}, the nearest fighter in sight "
     r"within (\S+) cm$",
     "{1} (activé par le joueur {2}) doit charger {3}, le combattant en vue le plus proche à "
     "{4} cm ou moins"),
    (rf"^{_REF} prowls from \(([^)]+)\) to \(([^)]+)\)$", "{1} rôde de ({2}) à ({3})"),
    (r"^intendancy step 2: every non-player fighter has been activated$",
     "intendance, étape 2 : tous les CNJ ont été activés"),
    # 3. Climatic conditions
    (r"^climate roll: \[(\d), (\d)\] \(sum (\d+): " + _CLIMATES + r"\)$",
     "jet de climat : [{1}, {2}] (somme {3} : {4w})"),
    (r"^climatic conditions \(optional rules 3\): ",
     "conditions climatiques (règles optionnelles 3) : "),
    (r"(\d+(?:-\d+)?) " + _CLIMATES + ": ", "{1} {2w} : "),
    (r"at the end of each round every fighter rolls VIG, difficulty (\d+); without a success, "
     r"a wound to the torso that ignores protections \(NPFs are immune\)",
     "à la fin de chaque tour, chaque combattant fait un jet de VIG de difficulté {1} ; sans "
     "réussite, une blessure au Torse qui ignore les protections (les CNJ y sont immunisés)"),
    (r"at the end of each round every free fighter rolls VIG, difficulty (\d+); without a "
     r"success, a Poison marker",
     "à la fin de chaque tour, chaque combattant libre fait un jet de VIG de difficulté {1} ; "
     "sans réussite, un marqueur Poison"),
    (r"a Move covers (\d+) cm instead of (\d+)",
     "un Déplacement couvre {1} cm au lieu de {2}"),
    (r"no action may aim at a target more than (\d+) cm away",
     "aucune action ne peut viser une cible à plus de {1} cm"),
    (r"the players deploy one fighter at a time, alternately, the first player first",
     "les joueurs déploient un combattant à la fois, en alternance, le Premier joueur en "
     "premier"),
    (r"a tactical card costs (\d+) SP instead of (\d+)",
     "jouer une carte Tactique coûte {1} PS au lieu de {2}"),
    (r"(Temps normal) : no effect", "{1} : aucun effet"),
    (r"^Climatic conditions (\S+) \(" + _CLIMATES + r"\): every free fighter makes a (\w+) "
     r"roll, difficulty (\d+)$",
     "Conditions climatiques {1} ({2w}) : chaque combattant libre fait un jet de {3w}, "
     "difficulté {4}"),
    (r"^Climatic conditions (\S+) \(" + _CLIMATES + r"\): every fighter makes a (\w+) "
     r"roll, difficulty (\d+)$",
     "Conditions climatiques {1} ({2w}) : chaque combattant fait un jet de {3w}, "
     "difficulté {4}"),
    (rf"^{_REF} Climatic conditions (\S+) \(" + _CLIMATES + r"\) roll (\w+) (-?\d+) difficulty "
     r"(\d+): (\[[^\]]*\]) -> (\d+) success(?:es)?",
     "{1}, jet de {4w} {5} des conditions climatiques {2} ({3w}), difficulté {6} : {7} -> {8} "
     "succès"),
]

# the scenery on sale, by name and cost ("en vente : Wall 1, Car wreck 1"), in the French
# rulebook's names (i18n_sentences.SCENERY)
FR_OPTIONAL.append(("(" + "|".join(sorted(SCENERY, key=len, reverse=True)) + r") (\d+)(?=, |\))",
                    "{1w} {2}"))

FR_OPTIONAL_WORDS: dict[str, str] = {
    "its move ends": "à la fin de son déplacement",
    "its activation begins": "au début de son activation",
    "infestation": "infestation", "rolled": "tirée aux dés", "agreed": "convenue",
    "Ion storm": "Tempête ionique", "Storm": "Vent contraire", "Dense fog": "Brouillard épais",
    "Normal weather": "Temps normal", "Mist": "Brume", "Acid rain": "Pluie acide",
    "Snowstorm": "Tempête de neige", "characteristic": "caractéristique",
}

__all__ = ["FR_OPTIONAL", "FR_OPTIONAL_WORDS"]
