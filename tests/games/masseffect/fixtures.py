"""The draft's own example profile, verbatim (with the forum post's lone ``-`` line and the
space before a comma), and the canonical text the engine prints for it."""

from __future__ import annotations

from pathlib import Path

#: /work/shared/seeds/003_…: «Voici un exemple de profil d'un mercenaire de bon niveau :»
DRAFT = Path("/work/shared/seeds/003_c0e4070b70084a5e.txt")

VETERAN_DRAFT = """Mercenaire vétéran (4 points) :
Tir : 4+
Défense : 5+
Mêlée : 5+
Qualité : 4+
Vitalité : 2
Héroïsme : -
-
Traits : Bouclier (6+, 1) , Munitions incendiaires
Équipement : Arme de mêlée, Fusil mitrailleur"""

VETERAN_PRINTED = """Mercenaire vétéran (4 points) :
Tir : 4+
Défense : 5+
Mêlée : 5+
Qualité : 4+
Vitalité : 2
Héroïsme : -
Traits : Bouclier (6+, 1), Munitions incendiaires
Équipement : Arme de mêlée, Fusil mitrailleur"""
