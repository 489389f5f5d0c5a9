"""The second suite's Mass Effect: Annihilation positions (issue 49), written on 2026-12-05
with the Eden ones (:mod:`skirmish.games.eden.bots.tactics_second`), after the learned
evaluation's first generation, and never used to tune a bot. Built as the first suite's
(:func:`.tactics.me_table`: the sample library, scenario "Escarmouche" unless a position says
otherwise, every figure staying until A's decision); the odds are
:mod:`skirmish.games.masseffect.odds`'s.
"""

from __future__ import annotations

from skirmish.bots.tactics.positions import Position, hits, registry
from skirmish.core import Game
from skirmish.games.masseffect.bots.tactics import ends_near, me_table
from skirmish.games.masseffect.rolling import state_of

SECOND_MASS_EFFECT_POSITIONS: list[Position] = []
position = registry(SECOND_MASS_EFFECT_POSITIONS)


@position("me-the-veteran-first", "the target worth most",
          "shoot B.Mercenaire-vétéran (4 points, Bouclier 6+), not the soldier (3, 5+)",
          hits("B.Mercenaire-vétéran", "shoot"))
def me_the_veteran_first() -> Game:
    """ME:A, turn 1, shooting phase. A's Alliance soldier (stayed: +1) may fire his Fusil
    mitrailleur at a Cerberus soldier or a veteran mercenary, side by side, both with 2
    Vitalité, no armour and the same Fusil mitrailleur, and both have shot already this
    phase. The veteran is worth 4 points against 3 and his Bouclier 6+ saves less than the
    soldier's 5+: he is taken out of action with P = 10/27 = 0.370, the soldier with
    P = 8/27 = 0.296. Every reason points the same way."""
    game = me_table([(0, "Soldat de l'Alliance", 18, 10), (1, "Soldat de Cerberus", 14, 22),
                     (1, "Mercenaire vétéran", 22, 22)])
    for figure in state_of(game).figures[1:]:
        figure.shot = figure.spent = True  # their shots this phase are behind them
    return game


@position("me-the-softer-target", "the better shot",
          "shoot B.Ingénieur-de-Cerberus, not the armoured guard",
          hits("B.Ingénieur-de-Cerberus", "shoot"))
def me_the_softer_target() -> Game:
    """ME:A, turn 1, shooting phase. A's Alliance soldier may fire at a Cerberus guard or a
    Cerberus engineer, both worth 4 points, at the same distance. The guard's Armure (2)
    stops two wounds before his 2 Vitalité are touched, more than this volley deals him:
    P(out of action) = 0; the engineer has only his Bouclier 5+: P = 8/27 = 0.296."""
    return me_table([(0, "Soldat de l'Alliance", 18, 10), (1, "Garde de Cerberus", 14, 22),
                     (1, "Ingénieur de Cerberus", 22, 22)])


@position("me-finish-the-geth", "finish the wounded",
          "shoot B.Fantassin-geth (1 Vitalité left), not the fresh one",
          hits("B.Fantassin-geth", "shoot"))
def me_finish_the_geth() -> Game:
    """ME:A, turn 1, shooting phase. A's Cerberus soldier (stayed: +1) may fire his Fusil
    mitrailleur at either of two geth troopers (3 points each, Bouclier 5+, no armour). The
    one with 1 Vitalité left is taken out of action with P = 20/27 = 0.741; the fresh one with
    P = 8/27 = 0.296."""
    return me_table([(0, "Soldat de Cerberus", 30, 10), (1, "Fantassin geth", 26, 22),
                     (1, "Fantassin geth", 34, 22)], vitality={1: 1})


@position("me-take-the-near-beacon", "last round",
          "a walk or run of A.Soldat-de-Cerberus ending within 2 pas of the beacon at (18, 18)",
          ends_near("A.Soldat-de-Cerberus", 18, 18, 2))
def me_take_the_near_beacon() -> Game:
    """ME:A, scenario "Tenir la position", the last turn (6), movement phase: a beacon
    scores 1 at the turn's end for the player with more figures in action within 2 pas of
    it (ME37, ME41). A's Cerberus soldier stands 5 pas (centre to centre) from the middle
    beacon, held by nobody, with B's geth 14 pas beyond it; a walk brings him within 2 pas,
    and B's geth cannot contest it this turn. Staying for the +1 to his shot scores
    nothing."""
    game = me_table([(0, "Soldat de Cerberus", 21, 14), (1, "Fantassin geth", 18, 32)],
                    decision="move", scenario="Tenir la position")
    state_of(game).turn = 6
    return game
