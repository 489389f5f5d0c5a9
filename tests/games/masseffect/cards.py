"""Custom cards for the ME:A engine's scenario tests: plain targets and heroes, and powers that
the sample content lacks (a fixed roll, per_game, ignores_cover)."""

from __future__ import annotations

from skirmish.games.masseffect.cards.powers import Power
from skirmish.games.masseffect.cards.profile import Profile


def target(name: str = "Cible", vitality: int = 3, traits: str = "-",
           equipment: str = "Arme de mêlée", heroism: int = 0, melee: int = 5,
           defence: int = 4, quality: int = 4, shoot: int = 4) -> Profile:
    """A figure with no protection unless ``traits`` gives some."""
    return Profile.parse(f"""{name} (2 points) :
Tir : {shoot}+
Défense : {defence}+
Mêlée : {melee}+
Qualité : {quality}+
Vitalité : {vitality}
Héroïsme : {heroism or '-'}
Traits : {traits}
Équipement : {equipment}""")


#: A hero: Héroïsme 3, Vitalité 2, no protection.
HERO = target("Héros", vitality=2, heroism=3, equipment="Arme de mêlée, Fusil mitrailleur")

#: A power rolled on a fixed 3+, dealing 1 wound, ignoring cover, once per game.
SHOCK = Power.from_dict({
    "name": "Onde de choc", "kind": "biotique", "target": "enemy", "range": 10,
    "roll": "3+", "ignores_cover": True, "per_game": 1,
    "effects": [{"kind": "damage", "amount": 1}]})


def shocker(name: str = "Lanceur") -> Profile:
    return target(name, traits="Onde de choc (biotique)", shoot=5)
