"""Test fixtures: profile cards for the fighters named in the rulebook's examples.

INVENTED TEST DATA. The rulebook prints none of these cards; it only quotes a
few values in its examples (Rulebook 1 "Profile cards", 2.A, 2.G). Those quoted
values are kept exactly (noted "rulebook" below); everything else is made up
so that the examples can be replayed. Do not use these as official profiles.
"""

from __future__ import annotations

from skirmish.games.eden.cards.profile import FighterProfile, LimbProfile


def limb(white_cp: int, red_cp: int, white: int, red: int, *faces: int) -> LimbProfile:
    return LimbProfile(white_cp=white_cp, red_cp=red_cp, white=white, red=red, faces=faces)


# Rulebook 1: Human, Jokers gang, stigma Chaos, PSI 4 / CBT 4 / VIG 4 / SPD 5, head
# 2 white + 2 red CP, location 1 = head, PSI 3 when wounded in the head, Molotov
# and throwing knives, value 20. Invented: the other limbs' CP, red values, faces.
YURI = FighterProfile(
    name="Yuri",
    faction="Jokers",
    stigma="Chaos",
    types=("Human",),
    value=20,
    limbs=(
        limb(2, 2, 4, 3, 1),
        limb(2, 1, 4, 3, 2, 3),
        limb(3, 1, 4, 3, 4, 5),
        limb(2, 1, 5, 4, 6),
    ),
    equipment=("Molotov", "Throwing knives"),
    abilities=(),
)

# Rulebook 2.A: CBT 4. Invented: everything else.
ABAMA = FighterProfile(
    name="Abama Big-Belly",
    faction="Clan Bamaka",
    stigma="Protection",
    types=("Human",),
    value=25,
    limbs=(
        limb(1, 1, 3, 2, 1),
        limb(2, 2, 4, 3, 2, 3),
        limb(4, 2, 5, 4, 4, 5),
        limb(2, 1, 3, 2, 6),
    ),
    base_mm=40,
)

# Rulebook 2.A: Jokers gang, CBT 6; Rulebook 2.G: PSI 3. Invented: everything else.
VLADD = FighterProfile(
    name="Vlädd",
    faction="Jokers",
    stigma="Destruction",
    types=("Human",),
    value=30,
    limbs=(
        limb(1, 1, 3, 2, 1),
        limb(3, 1, 6, 5, 2, 3),
        limb(3, 1, 4, 3, 4, 5),
        limb(2, 1, 4, 3, 6),
    ),
)

# Rulebook 2.A: CBT 4 when wounded in the arm (the red value). Invented: the rest,
# including the faction (the rulebook does not say it).
NGOBO = FighterProfile(
    name="Ngobo Quick-Arm",
    faction="Clan Bamaka",
    stigma="Change",
    types=("Human",),
    value=22,
    limbs=(
        limb(1, 1, 3, 2, 1),
        limb(1, 2, 5, 4, 2, 3),
        limb(2, 1, 4, 3, 4),
        limb(2, 1, 4, 3, 5, 6),
    ),
)

# Rulebook 2.A: location 5 is Elenia's torso, 6 her legs. Invented: the rest. Her
# head has no red CP (Rulebook 1.5: such a limb is never wounded).
ELENIA = FighterProfile(
    name="Elenia",
    faction="Matriarchy",
    stigma="Order",
    types=("Human",),
    value=24,
    limbs=(
        limb(2, 0, 4, 4, 1),
        limb(2, 1, 4, 3, 2, 3),
        limb(2, 1, 4, 3, 4, 5),
        limb(2, 1, 5, 4, 6),
    ),
    abilities=("Invented: may shift one location roll against her by 1",),
)

ALL = (YURI, ABAMA, VLADD, NGOBO, ELENIA)
