"""Rulebook 8's two vocabularies of the equipment notation: the English translation's words
and the French original's (categories, characteristics, limbs, effects, limits), how each is
read (accents and case) and printed, and which language a text is written in
(:func:`detect_language`). :mod:`skirmish.games.eden.cards.equipment` reads and prints the
notation with them.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from skirmish.games.eden.cards.profile import Characteristic, Limb

Language = Literal["en", "fr"]
#: The languages of the notation: the English translation and the French original.
LANGUAGES: tuple[Language, ...] = ("en", "fr")


class Category(StrEnum):
    """Rulebook 8.A: the equipment categories (French: Tir, Jet, Souffle, Pr, Tech)."""

    SHOOTING = "Shooting"
    PROJECTILE = "Projectile"
    BLAST = "Blast"
    PR = "Pr"
    TECH = "Tech"

    @classmethod
    def parse(cls, text: str, language: str | None = None) -> Category:
        """A category in English, French (``language=None``: either) or as an alias."""
        lang = check_language(language)
        found = lookup_category(text, accepted(lang))
        if found is None:
            raise ValueError(unknown_category(text, lang or "en"))
        return found

    def word(self, language: str = "en") -> str:
        """The category as printed in ``language`` (8.A)."""
        return WORDS[printing(language)].categories[self]


#: Rulebook 8.C: the effect keywords and whether they take a value.
EFFECT_KEYWORDS = ("Burn", "Fear", "Explosive", "Range", "Str", "Poison", "Rage", "Slowdown")
#: An item: its name, its categories in brackets, then the rest.
ITEM = re.compile(r"^\s*(.+?)\s*\(([^)]*)\)\s*:?\s*(.*?)\s*$")


# -- the two vocabularies ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Words:
    """One language's words for the notation, and how it is typeset."""

    categories: dict[Category, str]
    category_aliases: dict[str, Category]
    characteristics: dict[Characteristic, str]
    limbs: dict[Limb, str]
    complete: str
    effects: dict[str, str]
    effect_aliases: dict[str, str]
    per_match: str
    per_round: str
    colon: str
    dash: str
    bonus_space: str
    bonus_example: str
    protection_example: str


WORDS: dict[Language, _Words] = {
    # Rulebook 8 (English translation): "Name (Category): Bonus / Penalty - Effects".
    "en": _Words(
        categories={Category.SHOOTING: "Shooting", Category.PROJECTILE: "Projectile",
                    Category.BLAST: "Blast", Category.PR: "Pr", Category.TECH: "Tech"},
        category_aliases={"throwing": Category.PROJECTILE, "protection": Category.PR},
        characteristics={c: c.value for c in Characteristic},
        limbs={limb: limb.value for limb in Limb},
        complete="complete",
        effects={k: k for k in EFFECT_KEYWORDS},
        effect_aliases={},
        per_match="match", per_round="round",
        colon=": ", dash=" - ", bonus_space=" ",
        bonus_example="CBT +2", protection_example="head +1",
    ),
    # Rulebook 8 (French original): "Nom (Catégorie) : Bonus/Malus – Effets", "Casque (Pr) :
    # Tête+1", "CBT+X", "Pui(X)", "X/partie", "X/tour"; the states of 9 for the others.
    "fr": _Words(
        categories={Category.SHOOTING: "Tir", Category.PROJECTILE: "Jet",
                    Category.BLAST: "Souffle", Category.PR: "Pr", Category.TECH: "Tech"},
        category_aliases={"protection": Category.PR},
        characteristics={Characteristic.PSI: "PSI", Characteristic.CBT: "CBT",
                         Characteristic.VIG: "VIG", Characteristic.SPD: "RAP"},
        limbs={Limb.HEAD: "Tête", Limb.ARMS: "Bras", Limb.TORSO: "Torse",
               Limb.LEGS: "Jambes"},
        complete="Complète",
        effects={"Burn": "Brûlure", "Fear": "Effrayant", "Explosive": "Explosif",
                 "Range": "Portée", "Str": "Pui", "Poison": "Poison", "Rage": "Rage",
                 "Slowdown": "Ralentissement"},
        # 8.C names the keyword Effrayant and the state Peur; 6.B says "la Puissance
        # (noté Pui(X))".
        effect_aliases={"Peur": "Fear", "Puissance": "Str"},
        per_match="partie", per_round="tour",
        colon=" : ", dash=" – ", bonus_space="",
        bonus_example="CBT+2", protection_example="Tête+1",
    ),
}


def plain(text: str) -> str:
    """``text`` without accents (case kept): "Brûlure" -> "Brulure"."""
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))


def fold(text: str) -> str:
    """``text`` without accents or case: "Tête" -> "tete"."""
    return plain(text).casefold().strip()


def check_language(language: str | None) -> Language | None:
    """``"en"``, ``"fr"`` (any case) or None; anything else is refused by name."""
    if language is None:
        return None
    word = language.strip().lower() if isinstance(language, str) else None
    if word == "en":
        return "en"
    if word == "fr":
        return "fr"
    raise ValueError(f"language must be 'en', 'fr' or None (detect), got {language!r}")


def printing(language: str | None) -> Language:
    return check_language(language) or "en"


def accepted(language: Language | None) -> tuple[Language, ...]:
    return LANGUAGES if language is None else (language,)


@dataclass(frozen=True, slots=True)
class _Index:
    """One language's words as read: categories, characteristics, limbs and limits without
    accents or case; effects without accents only (their case counts)."""

    categories: dict[str, Category]
    characteristics: dict[str, Characteristic]
    limbs: dict[str, Limb]
    complete: str
    effects: dict[str, str]
    limits: dict[str, str]

    @classmethod
    def of(cls, words: _Words) -> _Index:
        categories = {fold(w): c for c, w in words.categories.items()}
        return cls(
            categories={**categories, **words.category_aliases},
            characteristics={fold(w): c for c, w in words.characteristics.items()},
            limbs={fold(w): limb for limb, w in words.limbs.items()},
            complete=fold(words.complete),
            effects={**{plain(w): k for k, w in words.effects.items()},
                     **{plain(w): k for w, k in words.effect_aliases.items()}},
            limits={words.per_match: "per_match", words.per_round: "per_round"},
        )


_INDEX: dict[Language, _Index] = {lang: _Index.of(WORDS[lang]) for lang in LANGUAGES}


def lookup_category(text: str, languages: tuple[Language, ...]) -> Category | None:
    word = fold(text)
    for lang in languages:
        if word in _INDEX[lang].categories:
            return _INDEX[lang].categories[word]
    return None


def lookup_characteristic(text: str,
                           languages: tuple[Language, ...]) -> Characteristic | None:
    word = fold(text)
    for lang in languages:
        if word in _INDEX[lang].characteristics:
            return _INDEX[lang].characteristics[word]
    return None


def lookup_limbs(text: str, languages: tuple[Language, ...]) -> tuple[Limb, ...] | None:
    """The limbs of ``head, arms`` / ``Tête, Bras`` / ``complete`` (None if any is unknown)."""
    words = [fold(w) for w in text.split(",")]
    for lang in languages:
        index = _INDEX[lang]
        if words == [index.complete]:
            return tuple(Limb)
        if all(w in index.limbs for w in words):
            return tuple(index.limbs[w] for w in words)
    return None


def lookup_effect(text: str, languages: tuple[Language, ...]) -> str | None:
    """The keyword (English, as the engine names it) of an effect word. Case counts, as
    printed (a capital initial), accents do not: "Brulure" is Burn, "brûlure" is nothing."""
    word = plain(text)
    for lang in languages:
        if word in _INDEX[lang].effects:
            return _INDEX[lang].effects[word]
    return None


def lookup_limit(text: str, languages: tuple[Language, ...]) -> str | None:
    word = fold(text)
    for lang in languages:
        if word in _INDEX[lang].limits:
            return _INDEX[lang].limits[word]
    return None


def unknown_category(text: str, language: Language) -> str:
    names = ", ".join(WORDS[language].categories.values())
    if language == "fr":
        return f"catégorie d'équipement inconnue {text.strip()!r} (attendu {names})"
    return f"unknown equipment category {text.strip()!r} (expected {names})"


# -- language detection ----------------------------------------------------------------------
def _vocabulary(language: Language) -> set[str]:
    vocab = WORDS[language]
    words = {*vocab.categories.values(), *vocab.category_aliases,
             *vocab.characteristics.values(), *vocab.limbs.values(), vocab.complete,
             *vocab.effects.values(), *vocab.effect_aliases, vocab.per_match, vocab.per_round}
    return {fold(w) for w in words}


_EN_ONLY = _vocabulary("en") - _vocabulary("fr")
_FR_ONLY = _vocabulary("fr") - _vocabulary("en")
#: "Complète" with its accent is French; "complete" is the English word.
_FR_ACCENTED = {w.casefold() for w in (WORDS["fr"].complete, *WORDS["fr"].limbs.values(),
                                       *WORDS["fr"].effects.values()) if plain(w) != w}


def language_of(categories: str, body: str) -> Language | None:
    french = english = 0
    for token in re.findall(r"[^\W\d_]+", f"{categories} {body}"):
        if token.casefold() in _FR_ACCENTED or fold(token) in _FR_ONLY:
            french += 1
        elif fold(token) in _EN_ONLY:
            english += 1
    if french > english:
        return "fr"
    if english > french:
        return "en"
    return None


def detect_language(text: str) -> Language | None:
    """The language an item is written in, from the words after its name (the name is free
    text): "fr" if more words are French only (Tir, RAP, Tête, Portée, partie …) than English
    only (Shooting, SPD, head, Range, match …), "en" if fewer, None if no word tells or as
    many of each (``Helmet (Pr)``, ``Idole (Tech)``, ``Cap (Pr): complete +1``)."""
    match = ITEM.match(spaces(text))
    return None if match is None else language_of(match.group(2), match.group(3))


def spaces(text: str) -> str:
    """French typography puts a no-break space before ":"; read it as a space."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")
