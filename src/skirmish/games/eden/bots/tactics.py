"""The Eden positions of the tactical suite (issue 16), each with the move a strong player
makes and why, by the exact odds of :mod:`skirmish.games.eden.odds` (probabilities rounded to three
places; "P(kill)" is the probability that the target is incapacitated).

Unless a position says otherwise: round 2 of 3, no VP yet, both players play the mission
"Hunt" (1 VP per enemy incapacitated, 2 more for the enemy leader; counted each round),
player A decides, and the fighters are the sample cards without their abilities
(:mod:`.board`). Spent fighters (activated, 0 AP) can neither act nor dodge nor respond:
they react passively. The table is 60 x 60 cm, without scenery.
"""

from __future__ import annotations

from skirmish.bots.tactics.positions import (
    Position,
    either,
    hits,
    negation,
    one_of,
    react,
    registry,
)
from skirmish.core import Game
from skirmish.games.eden.bots.tactics_board import (
    CHARGE_REACH,
    Spot,
    ends_beyond,
    ends_near,
    ends_within,
    table,
)

POSITIONS: list[Position] = []
position = registry(POSITIONS)

HOLD = ("Hold the crossroads", "Hunt")  # A holds markers at (20, 30) and (40, 30)
DENY = ("Hunt", "Hold the crossroads")  # B does
#: Move (10 cm) then Charge (10 cm), and the 3 cm between two 30 mm bases in contact: what a
#: fresh enemy (3 AP) reaches in one activation.
MOVE_AND_CHARGE = 2 * CHARGE_REACH + 3.0
NGOBO_ON_ONE_CP = (1, 0, 1, 1)  # head, torso and legs down to their last CP


# -- finish off the wounded -----------------------------------------------------------------------
@position("finish-in-melee", "finish the wounded", "attack B.Ngobo (wounded), not B.Tarar",
          hits("B.Ngobo-Quick-Arm"))
def finish_in_melee() -> Game:
    """Vladd (CBT 6) is in contact with two spent enemies. Ngobo is on his last CP in the
    head, torso and legs (5 of the 6 location faces): attacking him incapacitates him with
    P = 0.867 (1 VP), attacking the fresh Tarar only with P = 0.137 (expected CP lost 2.10
    against 1.82). Neither can strike back."""
    return table([Spot("Vladd", 30, 30, equipment=())],
                 [Spot("Ngobo Quick-Arm", 30, 33, checked=NGOBO_ON_ONE_CP, spent=True),
                  Spot("Tarar", 33, 30, spent=True), Spot("Dacke", 50, 50)],
                 leaders=("", "Dacke"), steps=["activate A.Vladd"])


@position("finish-by-charge", "finish the wounded", "charge B.Ngobo (wounded), not B.Tarar",
          hits("B.Ngobo-Quick-Arm"))
def finish_by_charge() -> Game:
    """Sekongo (CBT 6) can charge either of two spent enemies 7 cm away. The charge on the
    wounded Ngobo (last CP in head, torso and legs) incapacitates him with P = 0.867; the
    charge on the fresh Tarar with P = 0.137. Neither can respond or dodge."""
    return table([Spot("Sekongo", 20, 20, equipment=())],
                 [Spot("Ngobo Quick-Arm", 27, 22, checked=NGOBO_ON_ONE_CP, spent=True),
                  Spot("Tarar", 18, 27, spent=True), Spot("Dacke", 50, 50)],
                 leaders=("", "Dacke"), steps=["activate A.Sekongo"])


@position("withdrawal-attack", "finish the wounded", "attack the withdrawing B.Ngobo",
          hits("B.Ngobo-Quick-Arm"))
def withdrawal_attack() -> Game:
    """B's wounded Ngobo (last CP in head, torso and legs) tried to walk away from Vladd and
    failed his SPD roll: Vladd may spend 1 AP to attack him, and he can only take it
    passively (Rulebook 5, Move). The attack incapacitates him with P = 0.867 (1 VP), at no
    risk; passing lets him walk away."""
    return table([Spot("Vladd", 30, 30, equipment=()), Spot("Dacke", 5, 55, spent=True)],
                 [Spot("Ngobo Quick-Arm", 30, 33, checked=NGOBO_ON_ONE_CP, equipment=()),
                  Spot("Tarar", 50, 10, spent=True)],
                 leaders=("", "Tarar"), first=1, seed=10,
                 steps=["activate B.Ngobo-Quick-Arm", "move B.Ngobo-Quick-Arm 30,42"])


# -- the target worth most ------------------------------------------------------------------------
@position("the-leader-first", "the target worth most", "attack B.Kofi (the leader)",
          hits("B.Kofi"))
def the_leader_first() -> Game:
    """Vladd is in contact with two identical spent fighters (Ngobo's card), both with one
    torso CP checked: the odds are the same (P(kill) = 0.734), but Kofi is B's leader, whose
    fall is worth 3 VP under "Hunt" against 1 for Ngobo."""
    return table([Spot("Vladd", 30, 30, equipment=())],
                 [Spot("Ngobo Quick-Arm", 30, 33, checked=(0, 0, 1, 0), spent=True),
                  Spot("Ngobo Quick-Arm", 33, 30, checked=(0, 0, 1, 0), name="Kofi", spent=True),
                  Spot("Dacke", 50, 50)],
                 leaders=("", "Kofi"), steps=["activate A.Vladd"])


@position("the-better-shot", "the better shot", "shoot B.Ngobo (no armour), not B.Mark",
          hits("B.Ngobo-Quick-Arm", "shoot"))
def the_better_shot() -> Game:
    """Anton's pistol (Range 20, Str 3) may take either of two enemies at the same
    distance (both "the nearest", Rulebook 6.B), both worth 25 points. Mark wears Combat
    armour (+1 protection everywhere): P(kill) = 0.166, expected CP lost 1.35; Ngobo wears
    nothing: P(kill) = 0.554, expected CP lost 1.91."""
    return table([Spot("Anton", 30, 20)],
                 [Spot("Mark", 24, 35, equipment=("Combat armour",)),
                  Spot("Ngobo Quick-Arm", 36, 35, equipment=()), Spot("Dacke", 55, 55)],
                 leaders=("", "Dacke"), steps=["activate A.Anton"])


# -- do not charge into a fight you lose ----------------------------------------------------------
@position("shoot-do-not-charge", "no losing melee", "not a charge on B.Sekongo (shoot him)",
          negation(hits("B.Sekongo")))
def shoot_do_not_charge() -> Game:
    """Dacke (CBT 3, 10 points, A's leader) is 8 cm from Sekongo (CBT 6, 3 AP). Charged,
    Sekongo responds and wins the opposition: Dacke is incapacitated with P = 0.931 (3 VP
    for B), Sekongo with P = 0.017. The throwing knives (Range 10, Str 3) incapacitate
    Sekongo (one head CP in white) with P = 0.381, at no risk."""
    return table([Spot("Dacke", 20, 20), Spot("Yuri", 5, 55)],
                 [Spot("Sekongo", 20, 28, equipment=()), Spot("Tarar", 50, 50)],
                 steps=["activate A.Dacke"])


@position("charge-the-one-who-cannot-respond", "no losing melee",
          "not a charge on B.Sekongo (who would respond)", negation(hits("B.Sekongo")))
def charge_the_one_who_cannot_respond() -> Game:
    """Anton (CBT 4) can charge Sekongo (CBT 6, 3 AP) or the spent Tarar. Sekongo would
    respond: Anton incapacitated with P = 0.664, Sekongo with P = 0.097. Tarar can only
    take it: P(kill) = 0.029, expected CP lost 1.20, no risk. Keeping away is sound too;
    charging Sekongo is not."""
    return table([Spot("Anton", 30, 20, equipment=())],
                 [Spot("Sekongo", 24, 27, equipment=()), Spot("Tarar", 36, 27, spent=True),
                  Spot("Dacke", 55, 55)],
                 leaders=("", "Dacke"), steps=["activate A.Anton"])


# -- reactions ------------------------------------------------------------------------------------
@position("dodge", "reactions", "react dodge", react("dodge"))
def dodge() -> Game:
    """B's Anton (CBT 4) attacks A's Dacke (CBT 3, 3 AP left, A's leader: 3 VP to B).
    Passive: Dacke incapacitated with P = 0.741; response (Dacke loses the opposition
    mostly): P = 0.694, Anton with P = 0.084; dodge (1 AP): P = 0.182."""
    return table([Spot("Dacke", 30, 33), Spot("Mirka", 5, 55, spent=True)],
                 [Spot("Anton", 30, 30, equipment=()), Spot("Tarar", 50, 50)],
                 first=1, steps=["activate B.Anton", "attack B.Anton A.Dacke"])


@position("respond", "reactions", "react response", react("response"))
def respond() -> Game:
    """B's Dacke (CBT 3) attacks A's Vladd (CBT 6, 3 AP). A response wins the opposition
    most of the time and strikes first: Dacke incapacitated with P = 0.931 (1 VP),
    Vladd with P = 0.017; a dodge only makes Dacke's strike weaker (Vladd
    incapacitated with P = 0.004) and passive takes it whole (P = 0.125)."""
    return table([Spot("Vladd", 30, 33, equipment=()), Spot("Mirka", 5, 55, spent=True)],
                 [Spot("Dacke", 30, 30), Spot("Tarar", 50, 50)],
                 first=1, steps=["activate B.Dacke", "attack B.Dacke A.Vladd"])


# -- tempo: who acts first, and AP not wasted -----------------------------------------------------
@position("strike-first", "tempo", "activate A.Vladd", one_of("activate A.Vladd"))
def strike_first() -> Game:
    """Round 2 begins with A to designate. Vladd (CBT 6) is in contact with B's leader Ngobo,
    on his last CP in head, torso and legs, who has his 3 AP: activated now, Vladd attacks
    before Ngobo can act (P(kill) = 0.867 if he takes it, 0.710 if he dodges, 0.771 if he
    responds; 3 VP); activating Dacke, far away, lets Ngobo act first (attack Vladd, or
    walk away)."""
    return table([Spot("Vladd", 30, 30, equipment=()), Spot("Dacke", 10, 50)],
                 [Spot("Ngobo Quick-Arm", 30, 33, checked=NGOBO_ON_ONE_CP, equipment=()),
                  Spot("Tarar", 50, 10)],
                 leaders=("", "Ngobo Quick-Arm"))


@position("interrupt", "tempo", "interrupt A.Yuri", one_of("interrupt A.Yuri"))
def interrupt() -> Game:
    """B designates his Ngobo (SPD 4, 1 AP; last CP in head, torso and legs), in contact
    with A's spent leader Dacke, on his last CP everywhere: Ngobo's attack would
    incapacitate Dacke with P = 1.000 (0.99987; 3 VP for B). Yuri (SPD 5, 3 AP), also in
    contact with Ngobo, may interrupt (Rulebook 4.B) and attack first: Ngobo then takes it
    (incapacitated with P = 0.667) or spends his only AP to dodge (P = 0.163) or respond
    (P = 0.489, Yuri's P = 0.274) - and with no AP left he cannot attack Dacke. Passing
    loses Dacke almost surely."""
    return table([Spot("Dacke", 33, 30, checked=(1, 1, 2, 2), spent=True),
                  Spot("Yuri", 30, 27, equipment=())],
                 [Spot("Ngobo Quick-Arm", 30, 30, checked=NGOBO_ON_ONE_CP, ap=1,
                       equipment=()), Spot("Tarar", 50, 10, spent=True)],
                 first=1, steps=["activate B.Ngobo-Quick-Arm"])


@position("use-the-ap", "tempo", "attack B.Tarar, not end", hits("B.Tarar"))
def use_the_ap() -> Game:
    """Vladd has 2 AP left and the spent Tarar (one torso CP
    checked) in contact: the attack incapacitates him with P = 0.210 (expected CP lost
    1.78) at no risk; ending the activation throws the AP away (unused AP are lost at the
    intendancy)."""
    return table([Spot("Vladd", 30, 30, ap=2, equipment=())],
                 [Spot("Tarar", 30, 33, checked=(0, 0, 1, 0), spent=True),
                  Spot("Dacke", 50, 50, spent=True)],
                 leaders=("", "Dacke"), steps=["activate A.Vladd"])


# -- objectives and VP on the last round ----------------------------------------------------------
@position("take-the-objective", "last round", "a move ending on the marker at (20, 30)",
          ends_within(20, 30, "A.Yuri"))
def take_the_objective() -> Game:
    """Last round (3 of 3), 0-0, A plays "Hold the crossroads" (1 VP per marker controlled
    at the intendancy: a fighter within 5 cm, no enemy). Yuri has 1 AP, 11 cm from the
    marker at (20, 30); B's fighters are spent. A move onto the marker wins 1-0; the
    throwing knives on Ngobo (P(kill) = 0.554) score nothing for A: a draw."""
    return table([Spot("Yuri", 21, 41, ap=1)],
                 [Spot("Ngobo Quick-Arm", 27, 47, spent=True), Spot("Tarar", 50, 10, spent=True)],
                 missions=HOLD, round=3, steps=["activate A.Yuri"])


@position("stay-on-the-objective", "last round", "stay within control of (20, 30)",
          ends_within(20, 30, "A.Yuri"))
def stay_on_the_objective() -> Game:
    """Last round, 0-0, A plays "Hold the crossroads"; Yuri (2 AP) stands on the marker at
    (20, 30); B's Dacke, wounded and spent, is 10 cm away. Charging him ends in contact 7.8
    cm from the marker's centre, out of control (7.5 cm), and his fall scores nothing for A: a draw.
    Staying (the knives from where he stands, P(kill) = 0.888, or nothing) wins
    1-0."""
    return table([Spot("Yuri", 20, 31, ap=2)],
                 [Spot("Dacke", 24, 40, checked=(0, 0, 1, 1), spent=True),
                  Spot("Tarar", 50, 10, spent=True)],
                 missions=HOLD, round=3, steps=["activate A.Yuri"])


@position("the-free-objective", "last round", "a move ending on the marker at (40, 30)",
          ends_within(40, 30, "A.Yuri"))
def the_free_objective() -> Game:
    """Last round, 0-0, A plays "Hold the crossroads". Yuri (1 AP) is 12 and 14 cm from
    the markers; B's spent Tarar stands on the one at (20, 30), so moving there controls
    nothing. A move onto the free marker at (40, 30) wins 1-0; the knives on Tarar
    (P(kill) = 0.094) score nothing."""
    return table([Spot("Yuri", 31, 38, ap=1)],
                 [Spot("Tarar", 20, 32, spent=True), Spot("Dacke", 50, 55, spent=True)],
                 missions=HOLD, round=3, steps=["activate A.Yuri"])


@position("deny-the-objective", "last round", "a move contesting the marker at (40, 30)",
          ends_within(40, 30, "A.Yuri"))
def deny_the_objective() -> Game:
    """Last round, A leads 1-0; B plays "Hold the crossroads" and his spent Tarar stands on
    the marker at (40, 30): at the intendancy he scores 1 VP, a draw. Yuri (1 AP) moving
    within 5 cm of the marker takes its control away: A wins 1-0. The knives on Tarar
    (P(kill) = 0.094) leave the draw almost sure."""
    return table([Spot("Yuri", 31, 38, ap=1), Spot("Dacke", 5, 55, spent=True)],
                 [Spot("Tarar", 40, 30, spent=True), Spot("Ngobo Quick-Arm", 50, 55, spent=True)],
                 missions=DENY, round=3, vp=(1, 0), steps=["activate A.Yuri"])


@position("charge-to-win", "last round", "charge B.Ngobo (the wounded leader)",
          hits("B.Ngobo-Quick-Arm"))
def charge_to_win() -> Game:
    """Last round, B leads 0-2. Sekongo (CBT 6, 2 AP) can charge B's spent leader Ngobo, on
    his last CP in head, torso and legs: P(kill) = 0.867, worth 3 VP, a 3-2 win. Anything
    else loses 0-2."""
    return table([Spot("Sekongo", 20, 20, ap=2, equipment=())],
                 [Spot("Ngobo Quick-Arm", 27, 22, checked=NGOBO_ON_ONE_CP, spent=True),
                  Spot("Dacke", 50, 50, spent=True)],
                 leaders=("", "Ngobo Quick-Arm"), round=3, vp=(0, 2),
                 steps=["activate A.Sekongo"])


@position("approach-then-charge", "last round", "a move ending within charge reach of B.Ngobo",
          ends_near("B.Ngobo-Quick-Arm", CHARGE_REACH + 3.0))
def approach_then_charge() -> Game:
    """Last round, B leads 0-2. Vladd (CBT 6, 3 AP) is 15.7 cm from B's spent leader Ngobo,
    on his last CP in head, torso and legs: too far for a Charge (10 cm to contact, 13 cm
    centre to centre). A Move (1 AP) ending within 13 cm, then the Charge (2 AP), wins 3-2
    with P(kill) = 0.867; any other first action loses 0-2."""
    return table([Spot("Vladd", 20, 12, equipment=())],
                 [Spot("Ngobo Quick-Arm", 27, 26, checked=NGOBO_ON_ONE_CP, spent=True),
                  Spot("Dacke", 50, 50, spent=True)],
                 leaders=("", "Ngobo Quick-Arm"), round=3, vp=(0, 2),
                 steps=["activate A.Vladd"])


# -- outnumbered: keep out of reach ---------------------------------------------------------------
@position("run-out-of-reach", "outnumbered", "a move ending out of both enemies' reach",
          ends_beyond(("B.Sekongo", "B.Vladd"), MOVE_AND_CHARGE))
def run_out_of_reach() -> Game:
    """Last round, A leads 2-0; Dacke (CBT 3, A's leader, 1 AP) is 15 cm from two fresh
    enemies (CBT 6, 3 AP each): a move then a charge (20 cm) reaches him, and each attack
    incapacitates him with P = 0.941 (passive) or 0.822 (dodging): 3 VP, a 2-3 defeat.
    A move ending more than 23 cm from both keeps the 2-0 win."""
    return table([Spot("Dacke", 30, 13, ap=1), Spot("Mirka", 5, 55, spent=True)],
                 [Spot("Sekongo", 30, 28, equipment=()), Spot("Vladd", 38, 26, equipment=())],
                 round=3, vp=(2, 0), steps=["activate A.Dacke"])


@position("keep-your-distance", "outnumbered", "no move into the enemies' reach",
          negation(either(ends_near("B.Sekongo", MOVE_AND_CHARGE),
                          ends_near("B.Vladd", MOVE_AND_CHARGE))))
def keep_your_distance() -> Game:
    """Last round, A leads 2-0; Dacke (A's leader, 1 AP) is 24 cm and more from two fresh
    enemies (CBT 6, 3 AP): out of their reach (a move and a charge, 23 cm centre to
    centre). Walking toward them brings him within it, where each attack incapacitates him
    with P = 0.941 (3 VP for B, a 2-3 defeat); staying or walking away keeps the win."""
    return table([Spot("Dacke", 30, 4, ap=1), Spot("Mirka", 5, 55, spent=True)],
                 [Spot("Sekongo", 30, 28, equipment=()), Spot("Vladd", 40, 27, equipment=())],
                 round=3, vp=(2, 0), steps=["activate A.Dacke"])


@position("last-round-kill", "last round", "shoot B.Dacke", hits("B.Dacke", "shoot"))
def last_round_kill() -> Game:
    """Last round, 0-0, both play "Hunt". Yuri (1 AP) has the wounded, spent Dacke within
    the throwing knives' range: P(kill) = 0.888, 1 VP and the win; a move scores
    nothing."""
    return table([Spot("Yuri", 20, 31, ap=1), Spot("Mirka", 5, 55, spent=True)],
                 [Spot("Dacke", 24, 40, checked=(0, 0, 1, 1), spent=True),
                  Spot("Tarar", 50, 10, spent=True)],
                 round=3, leaders=("Mirka", "Tarar"), steps=["activate A.Yuri"])
