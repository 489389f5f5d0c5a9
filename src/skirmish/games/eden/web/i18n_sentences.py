"""Eden's decisions as sentences (docs/web.md, Words, not notation): the log line of a
decision, "player A: <notation>", as an English sentence (:data:`SENTENCES`, made on the
server: :func:`skirmish.web.sentences.sentence`) and the sentences in French
(:data:`FR_SENTENCES`, first in the merged "log" table), and the scenery's names as the
French rulebook writes them (:data:`SCENERY`)."""

from __future__ import annotations

# -- the notation of a log line as a sentence (docs/web.md, Words, not notation) ----------------
# The log line of a decision is "player A: <notation>" (core.events.ActionEvent); these turn it
# into an English sentence on the server (web.frames.log_lines: the line's ``line``, its
# ``text`` keeping the exact notation), which FR_SENTENCES then turn into French. Points are
# written "(x, y)" (web.sentences.sentence rounds them to 0.1 cm afterwards).
_P = r"([AB])"
_NUM = r"(-?\d+(?:\.\d+)?)"
_AT = rf"{_NUM},{_NUM}"
SENTENCES: list[tuple[str, str]] = [
    (rf"^player {_P}: \(secret\)$", "player {1} makes a secret choice"),
    (rf"^player {_P}: pass$", "player {1} passes"),
    (rf"^player {_P}: bid (\d+)$", "player {1} bids {2} SP"),
    (rf"^player {_P}: first {_P}$", "player {1} names player {2} as the first player"),
    (rf"^player {_P}: leader (\S+)$", "player {1} names {2} as leader"),
    (rf"^player {_P}: mission (\S+)$", "player {1} plays the mission {2}"),
    (rf"^player {_P}: place (\S+) {_AT} {_NUM}$",
     "player {1} places {2} at ({3}, {4}), turned {5}°"),
    (rf"^player {_P}: place (\S+) {_AT}$", "player {1} places {2} at ({3}, {4})"),
    (rf"^player {_P}: half (\w+)$", "player {1} takes the {2} half"),
    (rf"^player {_P}: deploy (\S+) {_AT}$", "player {1} deploys {2} at ({3}, {4})"),
    (rf"^player {_P}: hand (\S+)$", "player {1} takes the card {2}"),
    (rf"^player {_P}: play (\S+) (\S+)$", "player {1} plays the card {2} on {3}"),
    (rf"^player {_P}: play (\S+)$", "player {1} plays the card {2}"),
    (rf"^player {_P}: cancel$", "player {1} cancels the card"),
    (rf"^player {_P}: activate (\S+)$", "player {1} activates {2}"),
    (rf"^player {_P}: interrupt (\S+)$", "player {1} interrupts with {2}"),
    (rf"^player {_P}: move (\S+) {_AT}$", "player {1} moves {2} to ({3}, {4})"),
    (rf"^player {_P}: charge (\S+) (\S+) {_AT}$",
     "player {1}: {2} charges {3}, to ({4}, {5})"),
    (rf"^player {_P}: charge (\S+) (\S+)$", "player {1}: {2} charges {3}"),
    (rf"^player {_P}: attack (\S+) (\S+)$", "player {1}: {2} attacks {3} in melee"),
    (rf"^player {_P}: react (\w+)$", "player {1} reacts: {2}"),
    (rf"^player {_P}: strike$", "player {1} strikes back"),
    (rf"^player {_P}: aim (\w+)$", "player {1} aims at the {2}"),
    (rf"^player {_P}: shift (\d+)$", "player {1} shifts the location by {2}"),
    (rf"^player {_P}: end$", "player {1} ends the activation"),
    (rf"^player {_P}: shoot (\S+) (\S+) (\S+)$", "player {1}: {2} shoots at {4} with {3}"),
    (rf"^player {_P}: throw (\S+) (\S+) {_AT}$", "player {1}: {2} throws {3} at ({4}, {5})"),
    (rf"^player {_P}: blast (\S+) (\S+) {_NUM} {_NUM}$",
     "player {1}: {2} blasts with {3} at {4}°, axis {5}°"),
    (rf"^player {_P}: blast (\S+) (\S+) {_NUM}$", "player {1}: {2} blasts with {3} at {4}°"),
    (rf"^player {_P}: use (\S+) (\S+) {_AT}$", "player {1}: {2} uses {3} at ({4}, {5})"),
    (rf"^player {_P}: use (\S+) (\S+) (\S+)$", "player {1}: {2} uses {3} on {4}"),
    (rf"^player {_P}: use (\S+) (\S+)$", "player {1}: {2} uses {3}"),
    (rf"^player {_P}: extinguish (\S+)$", "player {1}: {2} removes a burn marker"),
    (rf"^player {_P}: resolve (\S+)$", "player {1} treats {2} next"),
    (rf"^player {_P}: calm (\S+)$", "player {1} calms {2}"),
    (rf"^player {_P}: pay (\S+) (\S+)$", "player {1} pays for {3} of {2}"),
    (rf"^player {_P}: npf (\S+) {_AT}$", "player {1} places the non-player fighter {2} at "
     "({3}, {4})"),
    (rf"^player {_P}: prowl (\S+) {_AT}$", "player {1}: {2} prowls to ({3}, {4})"),
    (rf"^player {_P}: climb (\S+) (\S+) {_AT}$", "player {1}: {2} climbs {3}, to ({4}, {5})"),
    (rf"^player {_P}: climb (\S+) (\S+)$", "player {1}: {2} climbs {3}"),
    (rf"^player {_P}: swim (\S+) (\S+) {_AT}$", "player {1}: {2} swims across {3} to ({4}, {5})"),
    (rf"^player {_P}: jump (\S+) (\S+) {_AT}$", "player {1}: {2} jumps over {3} to ({4}, {5})"),
    (rf"^player {_P}: hide (\S+) (\S+) {_AT}$", "player {1}: {2} hides behind {3}, at ({4}, {5})"),
    (rf"^player {_P}: hide (\S+) (\S+)$", "player {1}: {2} hides behind {3}"),
]

#: The sentences above in French (first in the "log" table: a sentence is French before the
#: engine's own patterns look at it).
FR_SENTENCES: list[tuple[str, str]] = [
    (r"^player ([AB]) makes a secret choice$", "le joueur {1} fait un choix secret"),
    (r"^player ([AB]) passes$", "le joueur {1} passe"),
    (r"^player ([AB]) bids (\d+) SP$", "le joueur {1} mise {2} PS"),
    (r"^player ([AB]) names player ([AB]) as the first player$",
     "le joueur {1} désigne le joueur {2} comme Premier joueur"),
    (r"^player ([AB]) names (\S+) as leader$", "le joueur {1} désigne {2} comme chef"),
    (r"^player ([AB]) plays the mission (\S+)$", "le joueur {1} joue la mission {2}"),
    (r"^player ([AB]) places (\S+) at (\([^)]*\)), turned (\S+)°$",
     "le joueur {1} place {2w} en {3}, tourné de {4}°"),
    (r"^player ([AB]) places (\S+) at (\([^)]*\))$", "le joueur {1} place {2w} en {3}"),
    (r"^player ([AB]) takes the (\w+) half$", "le joueur {1} prend la moitié {2w}"),
    (r"^player ([AB]) deploys (\S+) at (\([^)]*\))$", "le joueur {1} déploie {2} en {3}"),
    (r"^player ([AB]) takes the card (\S+)$", "le joueur {1} prend la carte {2}"),
    (r"^player ([AB]) plays the card (\S+) on (\S+)$",
     "le joueur {1} joue la carte {2} sur {3}"),
    (r"^player ([AB]) plays the card (\S+)$", "le joueur {1} joue la carte {2}"),
    (r"^player ([AB]) cancels the card$", "le joueur {1} annule la carte"),
    (r"^player ([AB]) activates (\S+)$", "le joueur {1} active {2}"),
    (r"^player ([AB]) interrupts with (\S+)$", "le joueur {1} interrompt avec {2}"),
    (r"^player ([AB]) moves (\S+) to (\([^)]*\))$", "le joueur {1} déplace {2} en {3}"),
    (r"^player ([AB]): (\S+) charges (\S+), to (\([^)]*\))$",
     "joueur {1} : {2} engage {3}, jusqu'en {4}"),
    (r"^player ([AB]): (\S+) charges (\S+)$", "joueur {1} : {2} engage {3}"),
    (r"^player ([AB]): (\S+) attacks (\S+) in melee$",
     "joueur {1} : {2} attaque {3} au corps à corps"),
    (r"^player ([AB]) reacts: (\w+)$", "le joueur {1} réagit : {2w}"),
    (r"^player ([AB]) strikes back$", "le joueur {1} frappe en retour"),
    (r"^player ([AB]) aims at the (\w+)$", "le joueur {1} vise : {2w}"),
    (r"^player ([AB]) shifts the location by (\d+)$",
     "le joueur {1} décale la localisation de {2}"),
    (r"^player ([AB]) ends the activation$", "le joueur {1} termine l'activation"),
    (r"^player ([AB]): (\S+) shoots at (\S+) with (\S+)$",
     "joueur {1} : {2} tire sur {3} avec {4}"),
    (r"^player ([AB]): (\S+) throws (\S+) at (\([^)]*\))$",
     "joueur {1} : {2} lance {3} en {4}"),
    (r"^player ([AB]): (\S+) blasts with (\S+) at (\S+)°, axis (\S+)°$",
     "joueur {1} : {2} souffle avec {3} à {4}°, axe {5}°"),
    (r"^player ([AB]): (\S+) blasts with (\S+) at (\S+)°$",
     "joueur {1} : {2} souffle avec {3} à {4}°"),
    (r"^player ([AB]): (\S+) uses (\S+) at (\([^)]*\))$",
     "joueur {1} : {2} utilise {3} en {4}"),
    (r"^player ([AB]): (\S+) uses (\S+) on (\S+)$", "joueur {1} : {2} utilise {3} sur {4}"),
    (r"^player ([AB]): (\S+) uses (\S+)$", "joueur {1} : {2} utilise {3}"),
    (r"^player ([AB]): (\S+) removes a burn marker$",
     "joueur {1} : {2} retire un marqueur Brûlure"),
    (r"^player ([AB]) treats (\S+) next$", "le joueur {1} traite ensuite {2}"),
    (r"^player ([AB]) calms (\S+)$", "le joueur {1} calme {2}"),
    (r"^player ([AB]) pays for (\S+) of (\S+)$", "le joueur {1} paie pour {2} de {3}"),
    (r"^player ([AB]) places the non-player fighter (\S+) at (\([^)]*\))$",
     "le joueur {1} place le combattant non-joueur {2} en {3}"),
    (r"^player ([AB]): (\S+) prowls to (\([^)]*\))$", "joueur {1} : {2} rôde jusqu'en {3}"),
    (r"^player ([AB]): (\S+) climbs (\S+), to (\([^)]*\))$",
     "joueur {1} : {2} escalade {3}, jusqu'en {4}"),
    (r"^player ([AB]): (\S+) climbs (\S+)$", "joueur {1} : {2} escalade {3}"),
    (r"^player ([AB]): (\S+) swims across (\S+) to (\([^)]*\))$",
     "joueur {1} : {2} traverse {3} à la nage jusqu'en {4}"),
    (r"^player ([AB]): (\S+) jumps over (\S+) to (\([^)]*\))$",
     "joueur {1} : {2} saute par-dessus {3} jusqu'en {4}"),
    (r"^player ([AB]): (\S+) hides behind (\S+), at (\([^)]*\))$",
     "joueur {1} : {2} se cache derrière {3}, en {4}"),
    (r"^player ([AB]): (\S+) hides behind (\S+)$", "joueur {1} : {2} se cache derrière {3}"),
]

#: The scenery's names as the French rulebook writes them (Rulebook, Gestion du Territoire,
#: B - Liste de décors; the sample's own, not in the rulebook, translated plainly), with the
#: notation's hyphens and as the picture writes them.
SCENERY: dict[str, str] = {
    "Tree": "Arbre", "Bushes": "Buissons", "Car wreck": "Épave de voiture", "Wall": "Muret",
    "Crumbling wall": "Mur en ruine", "Dark wood": "Bois sombre", "Pond": "Étang",
    "Devastated area": "Zone dévastée", "Energy Beacon": "Balise énergétique",
    "Quarterist Idol": "Idole Quartériste", "Waste Pile": "Tas de déchets", "Lake": "Lac",
    "Deep river": "Rivière profonde", "Ruined tower": "Tour en ruine",
    "Rock spur": "Éperon rocheux", "Ravine": "Ravin", "Rubble": "Gravats",
}


#: The refusals a probe says most (a move's or a deployment's point: the tape's "Not allowed:
#: ..."), in French (added to the "log" table after the sentences).
FR_REFUSALS: list[tuple[str, str]] = [
    (r"^(\S+) cannot '(.+)' \((.+)\)$", "{1} ne peut pas « {2} » ({3})"),
    (r"Rulebook 2\.D, movement: ", "Livre de règles 2.D, déplacement : "),
    (r"Rulebook 5, Move: costs 1 AP", "Livre de règles 5, Déplacement : coûte 1 PA"),
    (r"Rulebook 5, Move: 3/round", "Livre de règles 5, Déplacement : 3/tour"),
    (r"Rulebook 5, Move: it cannot end in contact with an enemy",
     "Livre de règles 5, Déplacement : il ne peut pas finir au contact d'un ennemi"),
    (r"the base would leave the field", "le socle sortirait de la table"),
    (r"the base would overlap another base", "le socle chevaucherait un autre socle"),
    (r"the base would stand on impassable scenery",
     "le socle serait sur un décor infranchissable"),
    (r"a move cannot end on this scenery", "un déplacement ne peut pas finir sur ce décor"),
    (r"a move cannot end on a marker \(Rulebook 2\.J\)",
     "un déplacement ne peut pas finir sur un marqueur (Livre de règles 2.J)"),
    (r"the path is longer than (\S+) cm", "le trajet dépasse {1} cm"),
    (r"no path leads there \(Rulebook 2\.D: the base must pass between elements\)",
     "aucun trajet n'y mène (Livre de règles 2.D : le socle doit passer entre les éléments)"),
    (r"^Rulebook 4\.A step 7, (Confrontation|Ambush) deployment: (\S+) at (\S+) is not "
     r"entirely inside player ([AB])'s (?:Confrontation|Ambush) zone: ",
     "Livre de règles 4.A, étape 7, déploiement {1w} : {2} en ({3}) n'est pas entièrement "
     "dans la zone du joueur {4} : "),
    (r"^Rulebook 4\.A step 7: (\S+) cannot be deployed at (\S+): ",
     "Livre de règles 4.A, étape 7 : {1} ne peut pas être déployé en ({2}) : "),
    (r"its base would be off the field$", "son socle serait hors de la table"),
    (r"its base would overlap another fighter's base$",
     "son socle chevaucherait le socle d'un autre combattant"),
    (r"its base would overlap impassable scenery$",
     "son socle chevaucherait un décor infranchissable"),
    (r"its base would stand on scenery a fighter cannot stop on$",
     "son socle serait sur un décor où un combattant ne peut pas s'arrêter"),
    (r"its base would stand on a marker \(Rulebook 2\.J\)$",
     "son socle serait sur un marqueur (Livre de règles 2.J)"),
    (r"^(.+) at (\S+): it is (\S+) cm from ", "{1w} en ({2}) : à {3} cm de "),
    (r": à (\S+) cm de a field edge ", ": à {1} cm d'un bord de table "),
    (r": à (\S+) cm de the objective marker objective \(", ": à {1} cm d'un marqueur Objectif ("),
    (r": à (\S+) cm de the objective marker (.+?) \(", ": à {1} cm du marqueur Objectif {2} ("),
    (r": à (\S+) cm de the marker (\S+) ", ": à {1} cm du marqueur {2} "),
    (r"\(Rulebook 4\.A step 6: scenery 5 cm or more from other scenery, the field edges and "
     r"mission objectives\)$",
     "(Livre de règles 4.A, étape 6 : les décors à 5 cm ou plus des autres décors, des bords "
     "de table et des objectifs de mission)"),
    (r"^off_field$", "hors de la table"),
    (r"^overlaps_base$", "chevauche un socle"),
    (r"^overlaps_element$", "sur un décor infranchissable"),
    (r"^cannot_end_on$", "ne peut pas finir sur ce décor"),
    (r"^on_marker$", "sur un marqueur"),
    (r"^out_of_allowance$", "au-delà du potentiel de déplacement"),
    (r"^unreachable$", "inaccessible"),
]
