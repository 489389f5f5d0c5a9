"""Printable profile cards: HTML from Jinja2 templates (``templates/cards.html.j2`` and
``templates/cards.css``), and a PDF of it with WeasyPrint (:mod:`skirmish.core.printing`).

The sheet is A4 portrait. Every card is a poker card turned sideways, 88 x 63 mm (it fits
the standard card sleeves). A fighter is a pair of cards side by side: the front (Rulebook
1, "Profile cards": name, faction, types, the four limbs with their white and red CP boxes,
characteristics and location faces, equipment, value, stigma) and the back (the special
abilities' full text, the equipment). Cut the pair out along its solid outline and fold it
along the dashed line between the two cards: one double-sided card. Four pairs fit on a
page (:data:`PAIRS_PER_PAGE`); the only thing above them is a one-line header.

The CP boxes are empty squares to tick with a pen as the fighter loses CP: the white ones
outlined in black, then the red ones outlined in red (Rulebook 1.5).
"""

from __future__ import annotations

from dataclasses import dataclass

from jinja2 import Environment

from skirmish.core.printing import PDF_PACKAGES as PDF_PACKAGES  # the PDF: shared
from skirmish.core.printing import pdf_bytes as pdf_bytes
from skirmish.core.printing import template_environment
from skirmish.core.printing import write_pdf as write_pdf
from skirmish.games.eden.cards.cards_html import ability_head
from skirmish.games.eden.cards.equipment import Equipment, check_language
from skirmish.games.eden.cards.library import Library
from skirmish.games.eden.cards.profile import CHARACTERISTIC_OF, FighterProfile, Limb

#: The card size in millimetres (a poker card, 63 x 88 mm, turned sideways).
CARD_WIDTH_MM, CARD_HEIGHT_MM = 88, 63
#: The fighters (front and back pairs) on each A4 page.
PAIRS_PER_PAGE = 4

#: The words printed on the cards, per language of the notation.
LABELS: dict[str, dict[str, str]] = {
    "en": {
        "head": "head", "arms": "arms", "torso": "torso", "legs": "legs",
        "PSI": "PSI", "CBT": "CBT", "VIG": "VIG", "SPD": "SPD",
        "cp": "CP", "characteristic": "white / red", "faces": "location",
        "points": "pts", "level": "level", "base": "base", "stigma": "stigma",
        "no_stigma": "no stigma", "equipment": "Equipment", "abilities": "Abilities:",
        "back": "Special abilities", "none": "No special ability.",
        "sample": "SAMPLE CARD (not an official profile)",
        "fighters": "fighters", "how": "cut along the solid lines, fold along the dashed "
                                        "line; tick a box for each CP lost",
    },
    "fr": {
        "head": "tête", "arms": "bras", "torso": "torse", "legs": "jambes",
        "PSI": "PSI", "CBT": "CBT", "VIG": "VIG", "SPD": "RAP",
        "cp": "PC", "characteristic": "blanc / rouge", "faces": "localisation",
        "points": "pts", "level": "niveau", "base": "socle", "stigma": "stigmate",
        "no_stigma": "sans stigmate", "equipment": "Équipement", "abilities": "Capacités :",
        "back": "Capacités spéciales", "none": "Aucune capacité spéciale.",
        "sample": "CARTE D'EXEMPLE (pas un profil officiel)",
        "fighters": "combattants", "how": "découper suivant les traits pleins, plier "
                                          "suivant les pointillés ; cocher une case par PC "
                                          "perdu",
    },
}

# The CP counts past which the boxes get smaller (the CP column is 38 mm wide).
_CP_TIERS = (7, 10, 14)
# Past these lengths (in characters) a side of a card is printed smaller to stay inside it.
_FRONT_DENSE, _BACK_DENSE, _BACK_DENSER = 150, 480, 800


@dataclass(frozen=True, slots=True)
class LimbRow:
    """One limb's line on the front: its CP boxes, its characteristic, its faces."""

    limb: str
    label: str
    characteristic: str
    white_cp: int
    red_cp: int
    white: int
    red: int
    faces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AbilityLine:
    """An ability as printed: ``Field medic (Action: 1 AP, 1/round)`` and its text."""

    head: str
    text: str


@dataclass(frozen=True, slots=True)
class CardView:
    """Everything one fighter's pair of cards shows, ready for the template."""

    name: str
    faction: str
    stigma: str
    types: str
    worth: str
    base_mm: int
    limbs: tuple[LimbRow, ...]
    equipment: tuple[str, ...]
    abilities: tuple[AbilityLine, ...]
    sample: bool
    cp_size: str
    front_density: str
    back_density: str


def equipment_text(library: Library, item: str, language: str = "en") -> str:
    """An item of a profile in the rulebook notation of ``language``: the library's card,
    else the item as written on the profile (parsed and re-printed when it can be)."""
    if item in library.equipment:
        return library.equipment[item].to_text(language)
    if "(" in item:
        try:
            return Equipment.parse(item).to_text(language)
        except ValueError:
            pass
    return item


def _density(length: int, *limits: int) -> str:
    return ("normal", "dense", "denser")[sum(length > limit for limit in limits)]


def cp_size(profile: FighterProfile) -> str:
    """How big the card's CP boxes are, so that its longest limb stays on one line: up to 7
    CP "normal" (3.8 mm boxes), then "many", "more" and "most" (24 CP, the library's limit)."""
    most = max(lp.total_cp for lp in profile.limbs)
    return ("normal", "many", "more", "most")[sum(most > n for n in _CP_TIERS)]


def card_view(library: Library, profile: FighterProfile, language: str = "en") -> CardView:
    """The printed content of ``profile``'s cards, equipment in ``language``'s notation."""
    labels = LABELS[language]
    limbs = tuple(
        LimbRow(limb.value, labels[limb.value], labels[CHARACTERISTIC_OF[limb].value],
                lp.white_cp, lp.red_cp, lp.white, lp.red, lp.faces)
        for limb, lp in zip(Limb, profile.limbs, strict=True))
    equipment = tuple(equipment_text(library, e, language) for e in profile.equipment)
    abilities = tuple(
        AbilityLine(ability_head(library.abilities[a]), library.abilities[a].text)
        if a in library.abilities else AbilityLine(a, "")
        for a in profile.abilities)
    worth = (f"{profile.value} {labels['points']}" if profile.level is None
             else f"{labels['level']} {profile.level}")
    sample = (library.is_sample("fighters", profile.name)
              or library.is_sample("npfs", profile.name))
    front = sum(len(e) for e in equipment) + sum(len(a.head) for a in abilities)
    back = front + sum(len(a.text) for a in abilities)
    return CardView(
        name=profile.name, faction=profile.faction, stigma=profile.stigma,
        types=" / ".join(profile.types), worth=worth,
        base_mm=profile.base_mm, limbs=limbs, equipment=equipment, abilities=abilities,
        sample=sample, cp_size=cp_size(profile), front_density=_density(front, _FRONT_DENSE),
        back_density=_density(back, _BACK_DENSE, _BACK_DENSER))


def _environment() -> Environment:
    return template_environment("skirmish.games.eden.cards")


def render_cards(library: Library, names: list[str], title: str = "Eden troop",
                 language: str | None = None) -> str:
    """A printable HTML page (A4) of the fighters ``names``: for each one its front and its
    back side by side, to cut out and fold (Jinja2 template ``cards.html.j2``, escaped)."""
    lang = check_language(language) or "en"
    profiles = [library.profile(name) for name in names]
    cards = [card_view(library, p, lang) for p in profiles]
    total = sum(p.value for p in profiles if p.level is None)
    return _environment().get_template("cards.html.j2").render(
        title=title, cards=cards, labels=LABELS[lang], language=lang, total=total)

