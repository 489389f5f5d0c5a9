"""Printable ME:A profile cards: HTML from Jinja2 templates (``templates/cards.html.j2`` and
``templates/cards.css``, next to this module) and a PDF of it (:mod:`skirmish.core.printing`).

The sheet is A4 portrait, like Eden's (:mod:`skirmish.games.eden.cards.printing`): every card is a
poker card turned sideways, 88 x 63 mm, and a figure is a pair of cards side by side, to cut out
along the solid outline and fold along the dashed line; four pairs a page.

- The front: the name and points, faction, base and move, the four thresholds (Tir, Défense,
  Mêlée, Qualité), a row of boxes to tick per thing the figure loses in play: Vitalité,
  Armure and Héroïsme (one box a point, ME25, ME31) and the Bouclier and Barrière saves (one
  box a use, ticked again each phase, ME24), its other traits and its equipment's names.
- The back: its weapons and gear in the notation (ME32, with a gear's text) and its powers'
  cards (ME33).

The cards are in the draft's French notation. A figure of a band is printed with the
equipment it carries in the band (its card's unless the band says otherwise).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jinja2 import Environment

from skirmish.core.printing import pdf_bytes as pdf_bytes
from skirmish.core.printing import template_environment
from skirmish.core.printing import write_pdf as write_pdf
from skirmish.games.masseffect.cards.bands import Band, equipment_of, figure_cost
from skirmish.games.masseffect.cards.cards_text import power_head
from skirmish.games.masseffect.cards.library import Library
from skirmish.games.masseffect.cards.profile import Profile
from skirmish.games.masseffect.cards.traits import TraitKind
from skirmish.games.masseffect.cards.weapons import Weapon

#: The card size in millimetres (a poker card, 63 x 88 mm, turned sideways).
CARD_WIDTH_MM, CARD_HEIGHT_MM = 88, 63
#: The figures (front and back pairs) on each A4 page.
PAIRS_PER_PAGE = 4
#: The box counts past which a card's boxes get smaller (a row holds 11 normal boxes).
_BOX_TIERS = (11, 14)
#: Past these lengths (characters) a side of a card is printed smaller to stay inside it.
_FRONT_DENSE, _BACK_DENSE, _BACK_DENSER = 150, 520, 800
#: The traits that have their own place on the front (boxes, the meta line).
_SHOWN = (TraitKind.SHIELD, TraitKind.BARRIER, TraitKind.ARMOUR, TraitKind.MOVE,
          TraitKind.POWER)

LABELS = {
    "points": "pts", "base": "socle", "move": "déplacement", "pas": "pas",
    "traits": "Traits :", "equipment": "Équipement :", "powers": "Pouvoirs",
    "weapons": "Équipement", "back": "Équipement et pouvoirs", "none": "Aucun pouvoir.",
    "per_phase": "par phase", "sample": "CARTE D'EXEMPLE (pas un profil officiel)",
    "figures": "personnages", "how": "découper suivant les traits pleins, plier suivant les "
                                     "pointillés ; cocher une case par point perdu ou "
                                     "sauvegarde utilisée",
}


@dataclass(frozen=True, slots=True)
class Track:
    """A row of boxes to tick: Vitalité, Armure, Héroïsme (points) or Bouclier, Barrière
    (uses per phase, with their save)."""

    kind: str
    label: str
    boxes: int
    note: str = ""


@dataclass(frozen=True, slots=True)
class ItemLine:
    """A weapon, gear or power as printed: its notation and its text."""

    head: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class CardView:
    """Everything one figure's pair of cards shows, ready for the template."""

    name: str
    points: int
    faction: str
    base_mm: int
    move: int
    thresholds: tuple[tuple[str, str], ...]
    tracks: tuple[Track, ...]
    traits: tuple[str, ...]
    equipment: tuple[str, ...]
    weapons: tuple[ItemLine, ...]
    powers: tuple[ItemLine, ...]
    sample: bool
    box_size: str
    front_density: str
    back_density: str


def _density(length: int, *limits: int) -> str:
    return ("normal", "dense", "denser")[sum(length > limit for limit in limits)]


def tracks(profile: Profile) -> tuple[Track, ...]:
    """The rows of boxes of ``profile``: Vitalité always, then what it has of Armure,
    Héroïsme, Bouclier and Barrière."""
    rows = [Track("vitality", "Vitalité", profile.vitality)]
    if profile.armour:
        rows.append(Track("armour", "Armure", profile.armour))
    if profile.heroism:
        rows.append(Track("heroism", "Héroïsme", profile.heroism))
    for kind, trait in (("shield", profile.shield), ("barrier", profile.barrier)):
        if trait is not None:
            rows.append(Track(kind, f"{trait.kind.value} {trait.save}+", trait.value or 0,
                              LABELS["per_phase"]))
    return tuple(rows)


def box_size(profile: Profile) -> str:
    """How big the card's boxes are, so that its longest row stays on one line: up to 11
    "normal" (3.8 mm), then "many" and "more" (20, the most Vitalité a profile has)."""
    most = max(t.boxes for t in tracks(profile))
    return ("normal", "many", "more")[sum(most > n for n in _BOX_TIERS)]


def card_view(library: Library, profile: Profile, items: Sequence[Weapon] | None = None,
              points: int | None = None) -> CardView:
    """The printed content of ``profile``'s cards; ``items``: the equipment it carries (its
    card's by default), ``points``: its cost in the band (its profile's by default)."""
    carried = tuple(items) if items is not None else tuple(
        library.weapon(name) for name in profile.equipment)
    weapons = tuple(ItemLine(w.to_text(), w.text) for w in carried)
    powers = tuple(ItemLine(power_head(library.powers[t.name]), library.powers[t.name].text)
                   if t.name in library.powers else ItemLine(str(t)) for t in profile.powers)
    traits = tuple(str(t) for t in profile.traits if t.kind not in _SHOWN)
    traits += tuple(str(t) for t in profile.powers)
    front = sum(len(w.name) + 2 for w in carried) + sum(len(t) + 2 for t in traits)
    back = sum(len(i.head) + len(i.text) for i in (*weapons, *powers))
    return CardView(
        name=profile.name, points=profile.points if points is None else points,
        faction=profile.faction, base_mm=profile.base_mm, move=profile.move,
        thresholds=(("Tir", f"{profile.shoot}+"), ("Défense", f"{profile.defence}+"),
                    ("Mêlée", f"{profile.melee}+"), ("Qualité", f"{profile.quality}+")),
        tracks=tracks(profile), traits=traits, equipment=tuple(w.name for w in carried),
        weapons=weapons, powers=powers, sample=library.is_sample("profiles", profile.name),
        box_size=box_size(profile), front_density=_density(front, _FRONT_DENSE),
        back_density=_density(back, _BACK_DENSE, _BACK_DENSER))


def band_views(library: Library, band: Band) -> list[CardView]:
    """A card for each figure of ``band``, with the equipment it carries and its cost."""
    return [card_view(library, library.profile(entry.profile), equipment_of(library, entry),
                      figure_cost(library, entry)) for entry in band.figures]


def _environment() -> Environment:
    return template_environment("skirmish.games.masseffect.cards")


def render_cards(cards: Sequence[CardView], title: str = "Bande") -> str:
    """A printable HTML page (A4) of ``cards``: each figure's front and back side by side,
    to cut out and fold (Jinja2 template ``cards.html.j2``, escaped)."""
    return _environment().get_template("cards.html.j2").render(
        title=title, cards=list(cards), labels=LABELS,
        total=sum(c.points for c in cards))


def render_band(library: Library, band: Band) -> str:
    """The printable cards of every figure of ``band``."""
    return render_cards(band_views(library, band), band.name or "Bande")


def render_profiles(library: Library, names: Sequence[str], title: str = "Profils") -> str:
    """The printable cards of the profiles ``names`` (each with its card's equipment)."""
    return render_cards([card_view(library, library.profile(n)) for n in names], title)

