"""The engine's refusals of Eden in French (issue 45, "every string translated"): what a player
meets typing an action in the notation box or probing a point (melee, ranged attacks,
blasts, abilities, tactical cards, the preparation, the optional rules, moves in words),
with the rule cited as the French rulebook words it ("Livre de règles 6.A, ...").

Fragment patterns, applied in order to the whole refusal: the refusal's own words, then the
rule between its parentheses. The quoted notation (``'move A.Yuri 3,4'``) stays as typed.
:data:`FR_REFUSALS_FIRST` goes before the game's other patterns, :data:`FR_REFUSALS_LAST`
(a rule citation no other pattern knew) after them.
"""

from __future__ import annotations

_R = r"Rulebook "
_OPT = r"Rulebook, optional rules "

FR_REFUSALS_FIRST: list[tuple[str, str]] = [
    # -- a decision of another kind: what it expects ----------------------------------------
    (r"^('.*?'): designate a fighter \(activate (\S+)\)",
     "{1} : désignez un combattant (« activate {2} »)"),
    (r"^('.*?'): interrupt or pass", "{1} : interrompez ou passez"),
    (r"^('.*?'): a secret bid is expected \(bid N\)",
     "{1} : une enchère secrète est attendue (« bid N »)"),
    (r"^('.*?'): choose the first player \(first A\|B\)",
     "{1} : choisissez le premier joueur (« first A|B »)"),
    (r"^('.*?'): take a tactical card \(hand NAME\)",
     "{1} : prenez une carte tactique (« hand NOM »)"),
    (r"^('.*?'): deploy a fighter \(deploy (\S+) x,y\)",
     "{1} : déployez un combattant (« deploy {2} x,y »)"),
    (r"^('.*?'): choose a limb to aim at \(aim LIMB\)",
     "{1} : choisissez le membre visé (« aim MEMBRE »)"),
    (r"^('.*?'): (\S+) must announce a reaction \(react passive\|dodge\|response\)",
     "{1} : {2} doit annoncer une réaction (« react passive|dodge|response »)"),
    (r"^('.*?'): (\S+) may strike back or not \(strike\|pass\)",
     "{1} : {2} peut rendre le coup ou non (« strike|pass »)"),
    (r"^('.*?'): choose one of ([a-z, ]+) \(half NAME\)",
     "{1} : choisissez une direction parmi « {2} » (« half NOM »)"),
    (r"^('.*?'): designate a leader \(leader (\S+)\)",
     "{1} : désignez un meneur (« leader {2} »)"),
    (r"^('.*?'): play a mission card \(mission NAME\)",
     "{1} : jouez une carte Mission (« mission NOM »)"),
    (r"^('.*?'): place a scenery element \(place NAME x,y \[angle\]\)",
     "{1} : placez un élément de décor (« place NOM x,y [angle] »)"),
    (r"^('.*?'): play a card or pass", "{1} : jouez une carte ou passez"),
    (r"^('.*?'): cancel or pass", "{1} : annulez ou passez"),
    (r"^('.*?'): buy and place a scenery element \(place NAME x,y \[angle\]\), or pass when "
     r"none fits",
     "{1} : achetez et placez un élément de décor (« place NOM x,y [angle] »), ou passez si aucun "
     "ne tient"),
    (r"^('.*?'): place a non-player fighter \(npf NAME x,y\)",
     "{1} : placez un combattant non-joueur (« npf NOM x,y »)"),
    (r"^('.*?'): activate a non-player fighter not yet activated this step \(([^)]*)\)",
     "{1} : activez un combattant non-joueur pas encore activé à cette étape ({2})"),
    (r"^('.*?') is not an action of ([ABN]\.\S+) ", "{1} n'est pas une action de {2} "),
    (r"^('.*?') is not what (\S+) may do now \(expected: ([^)]*)\)",
     "{1} n'est pas ce que {2} peut faire maintenant (attendu : {3})"),
    (r"^('.*?') is not allowed now \(expected one of: ([^)]*)\)",
     "{1} n'est pas permis maintenant (attendu : {2})"),
    (r"^('.*?') is not allowed now", "{1} n'est pas permis maintenant"),
    (r"^('.*?') is still possible: a player who can afford an NPF places one",
     "{1} est encore possible : un joueur qui peut s'offrir un CNJ en place un"),
    (r"^('.*?') is still possible: player ([AB]) must spend his scenery points",
     "{1} est encore possible : le joueur {2} doit dépenser ses points de décor"),
    # -- the preparation -------------------------------------------------------------------
    (r"^a bid of (\d+) SP is outside (\d+)\.\.(\d+)",
     "une enchère de {1} PS est hors de {2} à {3}"),
    (r"^player ([AB]) designates one of his own fighters; (\S+) belongs to player ([AB])",
     "le joueur {1} désigne l'un de ses propres combattants ; {2} appartient au joueur {3}"),
    (r"^(\S+) is already on the field", "{1} est déjà sur la table"),
    (r"^(\S+) is not one of player ([AB])'s fighters",
     "{1} n'est pas un combattant du joueur {2}"),
    (r"^(\S+) can still be deployed \(at ([^)]*)\)", "{1} peut encore être déployé (en {2})"),
    (r"^no '([^']*)' is left in the scenery pool \(left: ([^)]*)\)",
     "plus de « {1} » dans la réserve de décors (reste : {2})"),
    (r"^the tactical hand already holds (.+?) \(", "la main tactique contient déjà {1} ("),
    (r"the opponent's mission must differ from a revealed mission; (.+) is already revealed "
     r"by player ([AB])",
     "la mission de l'adversaire doit différer d'une mission révélée ; {1} est déjà révélée "
     "par le joueur {2}"),
    # -- rounds, activation, tactical cards ------------------------------------------------
    (r"^(\S+) cannot interrupt (\S+) ", "{1} ne peut pas interrompre {2} "),
    (r"^the first player cannot pass", "le premier joueur ne peut pas passer"),
    (r"^no fighter (\S+) \(", "aucun combattant {1} ("),
    (r"^(\S+) is not the first player's ", "{1} n'est pas au premier joueur "),
    (r"^(\S+) cannot be activated ", "{1} ne peut pas être activé "),
    (r"^cannot play (\S+) ", "impossible de jouer {1} "),
    (r"^(\S+) carries no (\S+) ", "{1} ne porte pas de {2} "),
    (r"^(\S+) is not (\w+) equipment ", "{1} n'est pas un équipement de {2w} "),
    (r"^(\d+) successes? cannot shift location (\d+) onto the (\w+)",
     "{1} succès ne peuvent pas décaler la localisation {2} sur {3w}"),
    # -- optional rules ----------------------------------------------------------------------
    (r"^(.+) is level (\d+): player ([AB]) has (\d+) infestation points? left",
     "{1} est de niveau {2} : il reste {4} point(s) d'infestation au joueur {3}"),
    (r"^player ([AB]) cannot buy (.+?) \(", "le joueur {1} ne peut pas acheter {2w} ("),
    (r": ([^:]+) costs (\d+) scenery points?; player ([AB]) has (\d+) left\)$",
     " : {1w} coûte {2} point(s) de décor ; il reste {4} au joueur {3})"),
    (r"^no '([^']*)' in the set-up's scenery list \(for sale: ([^)]*)\)",
     "pas de « {1} » dans la liste des décors de la partie (en vente : {2})"),
    (r"^there is no NPF card '([^']*)' \(cards: ([^)]*)\)",
     "il n'y a pas de carte de CNJ « {1} » (cartes : {2})"),
    (r"an NPF cannot be placed less than (\S+) cm from another NPF \((\S+) would be (\S+) cm "
     r"away, edge to edge\)",
     "un CNJ ne peut pas être placé à moins de {1} cm d'un autre CNJ ({2} serait à {3} cm, "
     "bord à bord)"),
    # -- moves in words (core/words.py, games/eden/words.py) ---------------------------------
    (r"^(\S+) is not the activated fighter \((\S+)\)",
     "{1} n'est pas le combattant activé ({2})"),
    (r"^(\S+) cannot reach contact with (\S+) this move \(allowance (\S+) cm, (\S+) cm away\)",
     "{1} ne peut pas atteindre le contact de {2} avec ce Déplacement (potentiel {3} cm, à "
     "{4} cm)"),
    (r"^(\S+) cannot reach contact with (\S+) this charge \(allowance (\S+) cm, (\S+) cm "
     r"away\)",
     "{1} ne peut pas atteindre le contact de {2} avec cette Charge (potentiel {3} cm, à "
     "{4} cm)"),
    (r"^(\S+) cannot move (\S+) cm: the Move's allowance is (\S+) cm",
     "{1} ne peut pas se déplacer de {2} cm : le potentiel du Déplacement est de {3} cm"),
    (r"^(\S+) has no room to move toward (\S+)", "{1} n'a pas la place d'avancer vers {2}"),
    (r"^(\S+) has no room to move that way", "{1} n'a pas la place d'aller par là"),
    (r"^(\S+) has no room to move", "{1} n'a pas la place de se déplacer"),
    (r"^(\S+) stands on (\S+) \(", "{1} est sur {2} ("),
    (r"^(\S+) cannot charge (\S+) \(", "{1} ne peut pas charger {2} ("),
    (r"^(\S+) cannot move (\S+) cm toward (\S+): ",
     "{1} ne peut pas se déplacer de {2} cm vers {3} : "),
    *[(rf"^(\S+) cannot move (\S+) cm {english}: ",
       f"{{1}} ne peut pas se déplacer de {{2}} cm vers {french} : ")
      for english, french in (("north-east", "le nord-est"), ("north-west", "le nord-ouest"),
                              ("south-east", "le sud-est"), ("south-west", "le sud-ouest"),
                              ("north", "le nord"), ("south", "le sud"), ("east", "l'est"),
                              ("west", "l'ouest"))],
    (r"^(\S+) cannot move (\S+) cm (\S+) degrees: ",
     "{1} ne peut pas se déplacer de {2} cm à {3} degrés : "),
    (r"^a Move cannot end in contact with an enemy: type ('[^']*')",
     "un Déplacement ne peut pas finir au contact d'un ennemi : tapez {1}"),
    (r"^nobody moves now: the decision is ('[^']*')",
     "personne ne se déplace maintenant : la décision est {1}"),
    (r"^('.*?'): the distance after the target is a number of cm, got ('[^']*')",
     "{1} : la distance après la cible est un nombre de cm, pas {2}"),
    (r"^('.*?'): moves in words are 'VERB WHO toward TARGET \[CM\]', 'VERB WHO contact "
     r"TARGET' or 'VERB WHO CM DIRECTION'",
     "{1} : un déplacement en mots s'écrit « VERBE QUI toward CIBLE [CM] », « VERBE QUI "
     "contact CIBLE » ou « VERBE QUI CM DIRECTION »"),
    (r"^('.*?') could be (.+?): write the side, e\.g\. ('[^']*')",
     "{1} peut désigner {2} : écrivez le camp, p. ex. {3}"),
    (r"^no (fighter|figure) ('[^']*'|\"[^\"]*\") - did you mean (.+)\? \(",
     "aucun combattant {2} – vouliez-vous dire {3} ? ("),
    (r"^no (fighter|figure) ('[^']*'|\"[^\"]*\") \(", "aucun combattant {2} ("),
    (r"^(fighter|figure) ('[^']*'|\"[^\"]*\") is ambiguous: ([^(]*) \(",
     "combattant {2} ambigu : {3} ("),
    (r" or (?=[^()]*\? \()", " ou "),
    (r" or (?=[^()]*: écrivez le camp)", " ou "),
    (r"^(.+) reads no moves in words", "{1} ne lit pas de déplacement en mots"),
    (r"^the game is over(?= \()", "la partie est finie"),
    (r"\(moves in words\)$", "(déplacements en mots)"),
    # -- the notation ------------------------------------------------------------------------
    (r"^unknown action ('[^']*') in (\S+) \(verbs: ([^)]*)\)",
     "action inconnue {1} dans {2} (verbes : « {3} »)"),
    (r"^([a-z]+(?: [a-z]+)?): ('.*?') is not a point ('.*?')",
     "« {1} » : {2} n'est pas un point {3}"),
    (r"^([a-z]+(?: [a-z]+)?): ('.*?') is not a number", "« {1} » : {2} n'est pas un nombre"),
    (r"\(action notation\)$", "(notation des actions)"),
    (r"^nothing to undo$", "rien à annuler"),
    (r"^cannot undo across a takeback$", "impossible d'annuler au-delà d'une reprise"),
    (r"^a takeback keeps 0 to (\d+) of the (\d+) actions, not (\S+) \(takeback\)$",
     "une reprise garde de 0 à {1} des {2} actions, pas {3} (reprise)"),
    (r"^the game is over: no action can be applied$",
     "la partie est finie : aucune action ne peut être jouée"),
]

#: Rule citations (the parentheses of a refusal), each as the French rulebook words it.
_RULES: list[tuple[str, str]] = [
    (r"Rulebook 4\.B, Activation phase: designations, interrupts by strictly faster "
     r"fighters,",
     "Livre de règles 4.B, phase d'activation : désignations, interruptions par des "
     "combattants strictement plus rapides"),
    (r"Rulebook 4\.B, Activation phase", "Livre de règles 4.B, phase d'activation"),
    (r"Rulebook 5, The actions: the activated fighter pays for and carries out actions",
     "Livre de règles 5, Les actions : le combattant activé paie et effectue ses actions"),
    (r"Rulebook 4\.A step 3: each player secretly bids SP; the higher bid chooses the first",
     "Livre de règles 4.A, étape 3 : chaque joueur mise secrètement des PS ; la plus forte "
     "mise choisit le premier joueur"),
    (r"Rulebook 4\.A step 3: a bid is limited to the player's SP reserve",
     "Livre de règles 4.A, étape 3 : une mise est limitée à la réserve de PS du joueur"),
    (r"Rulebook 4\.A step 4: the first player designates one of his fighters as leader, then "
     r"his opponent",
     "Livre de règles 4.A, étape 4 : le premier joueur désigne l'un de ses combattants comme "
     "meneur, puis son adversaire"),
    (r"Rulebook 4\.A step 6: players take turns placing scenery from the pool",
     "Livre de règles 4.A, étape 6 : les joueurs placent tour à tour les décors de la "
     "réserve"),
    (r"Rulebook 4\.A step 7: the field is split across its width, the first player chooses "
     r"the direction on a square field, then his half",
     "Livre de règles 4.A, étape 7 : la table est partagée dans sa largeur, le premier joueur "
     "choisit la direction sur une table carrée, puis sa moitié"),
    (r"Rulebook 4\.A step 7: each player deploys his own fighters",
     "Livre de règles 4.A, étape 7 : chaque joueur déploie ses propres combattants"),
    (r"Rulebook 4\.A step 7: the player deploys all his fighters",
     "Livre de règles 4.A, étape 7 : le joueur déploie tous ses combattants"),
    (r"Rulebook 4\.A step 8: a tactical hand of as many cards as the leader's PSI, no two "
     r"with the same name",
     "Livre de règles 4.A, étape 8 : une main tactique d'autant de cartes que la PSI du "
     "meneur, jamais deux du même nom"),
    (r"Rulebook 4\.A step 8: only a card of the player's tactical hand can be played",
     "Livre de règles 4.A, étape 8 : seule une carte de la main tactique du joueur peut être "
     "jouée"),
    (r"Rulebook 6\.A, Passive reaction steps 3-6 \(Dodge reaction steps 3-7 with "
     r"``dodge``\)",
     "Livre de règles 6.A, réaction Passive, étapes 3 à 6 (réaction d'Esquive, étapes 3 à 7, "
     "avec « dodge »)"),
    (r"Rulebook 6\.A, Melee attack, steps 1-2: the target announces its reaction",
     "Livre de règles 6.A, attaque de mêlée, étapes 1-2 : la cible annonce sa réaction"),
    (r"Rulebook 6\.A, Response reaction, step 3: \"if he is not incapacitated, the target "
     r"may",
     "Livre de règles 6.A, réaction de Riposte, étape 3 : « s'il n'est pas hors de combat, "
     "la cible peut"),
    (r"Rulebook 6\.A step 1: the target is an enemy in contact",
     "Livre de règles 6.A, étape 1 : la cible est un ennemi au contact"),
    (r"Rulebook 6\.A step 5: one success per point of shift, keeping at least one",
     "Livre de règles 6.A, étape 5 : un succès par point de décalage, en en gardant au "
     "moins un"),
    (r"Rulebook 6\.B, Attack with shooting equipment, steps 2-7",
     "Livre de règles 6.B, attaque avec un équipement de tir, étapes 2 à 7"),
    (r"Rulebook 6\.B step 1: the initiator must have a line of sight on the target",
     "Livre de règles 6.B, étape 1 : l'initiateur doit avoir une ligne de vue sur la cible"),
    (r"Rulebook 6\.B step 1: the target must be an enemy fighter",
     "Livre de règles 6.B, étape 1 : la cible doit être un combattant ennemi"),
    (r"Rulebook 6\.B step 1: the target must be the nearest enemy in range and in sight",
     "Livre de règles 6.B, étape 1 : la cible doit être l'ennemi le plus proche à portée et "
     "en vue"),
    (r"Rulebook 6\.B step 1: the target must be within range",
     "Livre de règles 6.B, étape 1 : la cible doit être à portée"),
    (r"Rulebook 6\.B step 1: there is no fighter (\S+)",
     "Livre de règles 6.B, étape 1 : il n'y a pas de combattant {1}"),
    (r"Rulebook 6\.B step 4: one success per point of shift",
     "Livre de règles 6.B, étape 4 : un succès par point de décalage"),
    (r"Rulebook 6\.B, blast: there is no enemy on the field",
     "Livre de règles 6.B, souffle : il n'y a aucun ennemi sur la table"),
    (r"Rulebook 6\.B, blast: the narrow end of the template must stay in contact with ",
     "Livre de règles 6.B, souffle : le petit bout du gabarit doit rester au contact de "),
    (r"Rulebook 6\.B, blast: the template must cover at least part of the nearest ",
     "Livre de règles 6.B, souffle : le gabarit doit couvrir au moins en partie le plus "
     "proche "),
    (r"Rulebook 6\.B, projectile: the point must be on the field",
     "Livre de règles 6.B, jet : le point doit être sur la table"),
    (r"Rulebook 6\.B, projectile: the point must be within range",
     "Livre de règles 6.B, jet : le point doit être à portée"),
    (r"Rulebook 6\.B, projectile: the thrower must have a line of sight on the point or on ",
     "Livre de règles 6.B, jet : le lanceur doit avoir une ligne de vue sur le point ou sur "),
    (r"Rulebook 6\.B: (\S+) carries no (\S+) \(a ranged attack needs a shooting, throwing or "
     r"blasting equipment\)",
     "Livre de règles 6.B : {1} ne porte pas de {2} (une attaque à distance demande un "
     "équipement de tir, de jet ou de souffle)"),
    (r"Rulebook 6\.B: the fighter must be free",
     "Livre de règles 6.B : le combattant doit être libre"),
    (r"Rulebook 6\.B: ('[^']*') is not a ranged attack",
     "Livre de règles 6.B : {1} n'est pas une attaque à distance"),
    (r"Rulebook 5, Attack: 2/round", "Livre de règles 5, Attaque : 2/tour"),
    (r"Rulebook 5, Attack: costs 1 AP", "Livre de règles 5, Attaque : coûte 1 PA"),
    (r"Rulebook 5, Charge: 1/round", "Livre de règles 5, Charge : 1/tour"),
    (r"Rulebook 5, Charge: costs 2 AP", "Livre de règles 5, Charge : coûte 2 PA"),
    (r"Rulebook 5, Charge: its attack counts in the 2 attacks per round",
     "Livre de règles 5, Charge : son attaque compte dans les 2 attaques par tour"),
    (r"Rulebook 5, Charge: no contact position with the target within (\S+) cm",
     "Livre de règles 5, Charge : aucune position au contact de la cible à {1} cm ou moins"),
    (r"Rulebook 5, Charge: the fighter must be free",
     "Livre de règles 5, Charge : le combattant doit être libre"),
    (r"Rulebook 5, Charge: the target is an enemy on the field",
     "Livre de règles 5, Charge : la cible est un ennemi sur la table"),
    (r"Rulebook 5, Move: withdrawal", "Livre de règles 5, Déplacement : désengagement"),
    (r"Rulebook 5: only the activated fighter acts",
     "Livre de règles 5 : seul le combattant activé agit"),
    (r"Rulebook 5: (.+?) is (\d+)/match", "Livre de règles 5 : {1} est {2}/partie"),
    (r"Rulebook 5: (.+?) is (\d+)/round", "Livre de règles 5 : {1} est {2}/tour"),
    (r"Rulebook 7: (.+?) costs (\d+) AP", "Livre de règles 7 : {1} coûte {2} PA"),
    (r"Rulebook 7: (.+?) costs (\d+) SP", "Livre de règles 7 : {1} coûte {2} PS"),
    (r"Rulebook 7: (\S+) has no action ability '([^']*)'",
     "Livre de règles 7 : {1} n'a pas de compétence d'action « {2} »"),
    (r"Rulebook 8\.A: (.+?) is not (\w+) equipment",
     "Livre de règles 8.A : {1} n'est pas un équipement de {2w}"),
    (r"Rulebook 8\.C: (.+?) is (\d+)/match", "Livre de règles 8.C : {1} est {2}/partie"),
    (r"Rulebook 8\.C: (.+?) is (\d+)/round", "Livre de règles 8.C : {1} est {2}/tour"),
    (r"Rulebook 9, Burn: removing a burn marker costs 1 AP",
     "Livre de règles 9, Brûlure : retirer un marqueur Brûlure coûte 1 PA"),
    (r"Rulebook 9, Burn: the fighter has no burn marker",
     "Livre de règles 9, Brûlure : le combattant n'a pas de marqueur Brûlure"),
    (r"Rulebook 9, Fear: a frightened fighter can only move",
     "Livre de règles 9, Peur : un combattant effrayé ne peut que se déplacer"),
    (r"Rulebook 9, Fear: a frightened fighter can take no action but Move",
     "Livre de règles 9, Peur : un combattant effrayé ne peut faire d'autre action qu'un "
     "Déplacement"),
    (r"Rulebook 2\.F: an incapacitated fighter has left the field",
     "Livre de règles 2.F : un combattant hors de combat a quitté la table"),
    (r"Rulebook 4\.B, Intendancy: each player treats his own fighters, once each",
     "Livre de règles 4.B, Intendance : chaque joueur soigne ses propres combattants, une "
     "fois chacun"),
    (r"Rulebook 4\.B, Tactical phase: the first player may play a tactical card, then his",
     "Livre de règles 4.B, phase tactique : le premier joueur peut jouer une carte "
     "tactique, puis son adversaire"),
    (r"Rulebook 4\.B, Tactical phase: only while the troop leader is on the field",
     "Livre de règles 4.B, phase tactique : seulement tant que le meneur de la troupe est "
     "sur la table"),
    (r"Rulebook 4\.B, Tactical phase: playing a card costs (\d+) SP",
     "Livre de règles 4.B, phase tactique : jouer une carte coûte {1} PS"),
    (r"Rulebook 4\.B: a fighter is activated once per round and needs AP",
     "Livre de règles 4.B : un combattant est activé une fois par tour et a besoin de PA"),
    (r"Rulebook 4\.B: not on the first activation of the round",
     "Livre de règles 4.B : pas à la première activation du tour"),
    (r"Rulebook 4\.B: only a fighter not yet activated, with a strictly higher SPD than the "
     r"last designated enemy",
     "Livre de règles 4.B : seul un combattant pas encore activé, de RAP strictement "
     "supérieure à celle du dernier ennemi désigné"),
    (r"Rulebook 1\.D, First round: this card is played in the first round only",
     "Livre de règles 1.D, Premier tour : cette carte ne se joue qu'au premier tour"),
    (r"Rulebook 1\.D, Tactical: this card can be played only during the tactical phase",
     "Livre de règles 1.D, Tactique : cette carte ne se joue que pendant la phase tactique"),
    (r"Rulebook 1\.D: two tactical cards of the same name cannot be played in a match",
     "Livre de règles 1.D : deux cartes tactiques du même nom ne peuvent pas être jouées "
     "dans une partie"),
    (r"Rulebook 1\.D: (.+?) is aimed at an enemy fighter",
     "Livre de règles 1.D : {1} vise un combattant ennemi"),
    (r"Rulebook 1\.D: (.+?) is aimed at one of the player's own fighters",
     "Livre de règles 1.D : {1} vise l'un des combattants du joueur"),
    (r"Rulebook 1\.D: (.+?) is not aimed at a fighter \(play it without one\)",
     "Livre de règles 1.D : {1} ne vise pas de combattant (jouez-la sans)"),
    (r"Rulebook 1\.D: (.+?) needs a chosen fighter and none is valid",
     "Livre de règles 1.D : {1} demande un combattant choisi et aucun ne convient"),
    (r"Rulebook 1\.D: (.+?) is aimed at a fighter and there is no (\S+)",
     "Livre de règles 1.D : {1} vise un combattant et il n'y a pas de {2}"),
    (_OPT + r"1, Territory Management: each player spends his (\d+) scenery points buying "
     r"scenery and places it, alternately, the first player first",
     "Livre de règles, règles optionnelles 1, Gestion du territoire : chaque joueur dépense "
     "ses {1} points de décor pour acheter des décors et les place, en alternance, le premier "
     "joueur d'abord"),
    (_OPT + r"2, A: NPF placement: a level-X NPF costs X infestation points",
     "Livre de règles, règles optionnelles 2, A : placement des CNJ : un CNJ de niveau X "
     "coûte X points d'infestation"),
    (_OPT + r"2, A: NPF placement: the players alternate until neither has enough "
     r"infestation points to buy an NPF",
     "Livre de règles, règles optionnelles 2, A : placement des CNJ : les joueurs alternent "
     "jusqu'à ce qu'aucun n'ait assez de points d'infestation pour acheter un CNJ"),
    (_OPT + r"2, A: NPF placement: an NPF of the match's cards",
     "Livre de règles, règles optionnelles 2, A : placement des CNJ : un CNJ des cartes de "
     "la partie"),
    (_OPT + r"2, A: NPF placement", "Livre de règles, règles optionnelles 2, A : placement "
     "des CNJ"),
    (_OPT + r"2, B: NPF activation, Prowl: the NPF moves exactly (\d+) cm \(house rule "
     r"eden-npf-prowl=exactly\)",
     "Livre de règles, règles optionnelles 2, B : activation des CNJ, Rôder : le CNJ se "
     "déplace d'exactement {1} cm (règle maison eden-npf-prowl=exactly)"),
    (_OPT + r"2, B: NPF activation: the players alternately choose an NPF on the field and "
     r"activate it",
     "Livre de règles, règles optionnelles 2, B : activation des CNJ : les joueurs "
     "choisissent tour à tour un CNJ sur la table et l'activent"),
    (_OPT + r"2, B: NPF activation, Prowl: a prowl cannot end in contact with a fighter",
     "Livre de règles, règles optionnelles 2, B : activation des CNJ, Rôder : un CNJ qui "
     "rôde ne finit pas au contact d'un combattant"),
    (_OPT + r"2, B: NPF activation, Prowl: the NPF moves up to (\d+) cm along a legal path",
     "Livre de règles, règles optionnelles 2, B : activation des CNJ, Rôder : le CNJ se "
     "déplace de {1} cm au plus par un trajet permis"),
    (_OPT + r"2, B: NPF activation, Prowl: the NPF moves up to (\d+) cm",
     "Livre de règles, règles optionnelles 2, B : activation des CNJ, Rôder : le CNJ se "
     "déplace de {1} cm au plus"),
    (_OPT + r"2, B: NPF activation", "Livre de règles, règles optionnelles 2, B : activation "
     "des CNJ"),
    (_OPT + r"1, A: Destruction \(X\): the fighter attacks an element it is in contact with "
     r"\((\S+) is out of contact\)",
     "Livre de règles, règles optionnelles 1, A : Destruction (X) : le combattant attaque un "
     "élément à son contact ({1} n'est pas à son contact)"),
    (_OPT + r"1, A: Destruction \(X\): the fighter attacks an element it is in contact with",
     "Livre de règles, règles optionnelles 1, A : Destruction (X) : le combattant attaque un "
     "élément à son contact"),
    # issue 47: a ranged Attack action on scenery (eden-scenery-ranged), an exact prowl
    (_OPT + r"1, A: Destruction \(X\): only a fighter in contact attacks scenery \(house rule "
     r"eden-scenery-ranged=contact\)",
     "Livre de règles, règles optionnelles 1, A : Destruction (X) : seul un combattant à son "
     "contact attaque un décor (règle maison eden-scenery-ranged=contact)"),
    (r"Rulebook 6\.B: (\S+) carries no shooting, throwing or blasting equipment called (\S+)",
     "Livre de règles 6.B : {1} ne porte aucun équipement de tir, de jet ou de souffle nommé "
     "{2}"),
    (r"Rulebook 6\.B: (\S+) must be within the reach of (.+?) \(([\d.]+) cm, ([\d.]+) cm "
     r"away\)",
     "Livre de règles 6.B : {1} doit être à la portée de {2} ({3} cm, à {4} cm)"),
    (r"Rulebook 6\.B: the initiator must have a line of sight on (\S+)",
     "Livre de règles 6.B : l'initiateur doit avoir une ligne de vue sur {1}"),
    (r"Rulebook 6\.B: a ranged attack on a fighter is a shoot, throw or blast action; "
     r"attack \.\.\. WEAPON names scenery",
     "Livre de règles 6.B : une attaque à distance sur un combattant est une action shoot, "
     "throw ou blast ; « attack … ÉQUIPEMENT » vise un décor"),
    (r"Territory Management, no room left at 5 cm: ([\d.]+) cm or more from scenery, the "
     r"field edges and objectives \(house rule eden-scenery-no-room\)",
     "Gestion du Territoire, plus de place à 5 cm : {1} cm ou plus des décors, des bords du "
     "Terrain et des objectifs (règle maison eden-scenery-no-room)"),
    (r"Cancellation \(X\)", "Annulation (X)"),
]
FR_REFUSALS_FIRST += _RULES

#: After every other pattern: what is left of a citation (its number in the French words).
FR_REFUSALS_LAST: list[tuple[str, str]] = [
    (r"(: à [\d.]+ cm de )([A-Z][a-z]+(?: [a-z]+)?)(?= \()", "{1}{2w}"),
    (r"Rulebook 4\.A step 6: scenery 5 cm or more from other scenery, the field edges and "
     r"mission objectives",
     "Livre de règles 4.A, étape 6 : les décors à 5 cm ou plus des autres décors, des bords "
     "de table et des objectifs de mission"),
    (r"Rulebook 5, Move\b", "Livre de règles 5, Déplacement"),
    (r"Rulebook 5, Charge\b", "Livre de règles 5, Charge"),
    (r"Rulebook, optional rules (\d+)", "Livre de règles, règles optionnelles {1}"),
    (r"Rulebook (\d+)\.([A-Z]) step (\d+)", "Livre de règles {1}.{2}, étape {3}"),
    (r"\bRulebook\b", "Livre de règles"),
]

__all__ = ["FR_REFUSALS_FIRST", "FR_REFUSALS_LAST"]
