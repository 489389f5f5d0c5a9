"""Rulebook 8, Equipment: ``Name (Category): Bonus / Penalty - Effects``.

The notation parses and prints back::

    Molotov (Projectile): Burn(1), Range(15), 1/match
    Pistol (Shooting): CBT +1 - Range(20), Str(3)
    Helmet (Pr): head +1
    Armour (Pr): complete +1
    Spear (Shooting/Projectile): CBT +1 - Range(10), Str(3) / Range(10), Explosive(2)

Two-category items write one part per category, separated by `` / `` (a slash with
spaces; ``1/match`` has none). A part is an optional bonus or penalty (``CBT +2``,
``SPD -1``; for a protection the limbs: ``head, arms +1`` or ``complete +2``), then
``-`` (or an en dash) and the effects.

The French original (8, "Les équipements": ``Nom (Catégorie) : Bonus/Malus – Effets``)
is read and printed too, into and from the same language-neutral :class:`Equipment`::

    Casque (Pr) : Tête+1
    Champ gyromagnétique (Pr) : Complète+2
    Lance (Tir/Jet) : CBT+1 – Portée(10), Pui(3) / Portée(10), Explosif(2)

The categories Tir, Jet, Souffle (Pr and Tech are the same words), the characteristic
RAP (SPD), the limbs Tête, Bras, Torse, Jambes, Complète, the effects Brûlure, Effrayant,
Explosif, Portée, Pui (8.C) and the states Poison, Rage, Ralentissement (9), the limits
X/partie and X/tour. ``Equipment.parse(text, language="fr")`` accepts only the French
words (plus the shared ones, accents optional); ``language=None`` accepts both and
:func:`detect_language` picks the language of the error messages. ``to_text("fr")``
prints the French text; ``str()`` is ``to_text("en")``. The choices are in docs/rulings.md
("Rulebook 8: French card notation").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NoReturn

from skirmish.games.eden.cards.equipment_words import (
    EFFECT_KEYWORDS,
    ITEM,
    LANGUAGES,
    WORDS,
    Category,
    Language,
    accepted,
    check_language,
    detect_language,
    language_of,
    lookup_category,
    lookup_characteristic,
    lookup_effect,
    lookup_limbs,
    lookup_limit,
    printing,
    spaces,
    unknown_category,
)
from skirmish.games.eden.cards.profile import Characteristic, Limb

__all__ = ["EFFECT_KEYWORDS", "EFFECT_RANGES", "LANGUAGES", "LIMIT_RANGE", "MAX_NOTATION",
           "RANGED", "Category", "Equipment", "EquipmentPart", "Language", "check_language",
           "detect_language"]

RANGED = (Category.SHOOTING, Category.PROJECTILE, Category.BLAST)

#: The longest notation read (characters): no card needs more.
MAX_NOTATION = 500
#: The values each number of the notation may take (docs/rulings.md, "Bounded inputs"):
#: Range(X) in cm (up to the largest field), the other effects dice or markers, X/match and
#: X/round as for abilities, a bonus or penalty and a protection as a characteristic.
EFFECT_RANGES: dict[str, tuple[int, int]] = {k: (1, 500) if k == "Range" else (0, 20)
                                             for k in EFFECT_KEYWORDS}
LIMIT_RANGE = (1, 10)
BONUS_RANGE = (-12, 12)
PROTECTION_RANGE = (0, 12)

#: A word with a numeric value in brackets: ``Range(10)``, ``Portée (7,5)`` (a decimal is
#: matched here so that it can be refused with its own message).
_EFFECT = re.compile(r"^([^\W\d_]+)\s*\(\s*(-?\d+(?:[.,]\d+)?)\s*\)$")
_LIMIT = re.compile(r"^(\d+)\s*/\s*([^\W\d_]+)$")
_BONUS = re.compile(r"^([^\W\d_]+)\s*([+-])\s*(\d+)$")
#: " / " between two categories' parts; also at either end when a part is empty, never in
#: "1/match" or "1 / round".
_PART_SEPARATOR = re.compile(r"(?:^|\s+)/(?!\s*(?:match|round|partie|tour)\b)(?:\s+|$)", re.I)
#: The bonus/penalty and the effects: a hyphen, an en dash (French 8) or an em dash.
_DASH = re.compile(r"\s+[-–—]\s+")
_PROTECTION = re.compile(r"^([^\W\d_]+(?:[ ,]+[^\W\d_]+)*)\s*\+\s*(\d+)$")


def _items(text: str) -> list[str]:
    """``text`` split at the commas outside brackets ("Portée(7,5)" stays whole)."""
    items, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif char == "," and depth == 0:
            items.append(text[start:i])
            start = i + 1
    items.append(text[start:])
    return [item.strip() for item in items]


def _is_effect_or_limit(item: str) -> bool:
    effect = _EFFECT.match(item)
    return bool(_LIMIT.match(item)) or bool(effect and effect.group(1)[0].isupper())


# -- the items --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class EquipmentPart:
    """What one category of an item does: its bonus or penalty, protection and effects.

    The value is the same whichever language it was read from: effects are named by the
    English keywords of :data:`EFFECT_KEYWORDS`."""

    category: Category
    characteristic: Characteristic | None = None
    bonus: int = 0
    protects: tuple[Limb, ...] = ()
    protection: int = 0
    effects: tuple[tuple[str, int], ...] = ()
    per_match: int | None = None
    per_round: int | None = None

    def effect(self, keyword: str) -> int | None:
        for name, value in self.effects:
            if name == keyword:
                return value
        return None

    @property
    def range(self) -> float | None:
        value = self.effect("Range")
        return None if value is None else float(value)

    def to_text(self, language: str = "en") -> str:
        """The part in the notation of ``language`` ("en", the default, or "fr")."""
        words = WORDS[printing(language)]
        head = ""
        if self.category is Category.PR and self.protects:
            limbs = (
                words.complete
                if set(self.protects) == set(Limb)
                else ", ".join(words.limbs[limb] for limb in self.protects)
            )
            head = f"{limbs}{words.bonus_space}+{self.protection}"
        elif self.characteristic is not None:
            sign = "+" if self.bonus >= 0 else "-"
            head = (f"{words.characteristics[self.characteristic]}{words.bonus_space}"
                    f"{sign}{abs(self.bonus)}")
        tail = [f"{words.effects.get(name, name)}({value})" for name, value in self.effects]
        if self.per_match is not None:
            tail.append(f"{self.per_match}/{words.per_match}")
        if self.per_round is not None:
            tail.append(f"{self.per_round}/{words.per_round}")
        if head and tail:
            return f"{head}{words.dash}{', '.join(tail)}"
        return head or ", ".join(tail)

    def __str__(self) -> str:
        return self.to_text("en")


@dataclass(frozen=True, slots=True)
class Equipment:
    """An item of equipment: a name and one part per category (language-neutral: French
    and English texts of the same item give equal values)."""

    name: str
    parts: tuple[EquipmentPart, ...]

    @property
    def categories(self) -> tuple[Category, ...]:
        return tuple(p.category for p in self.parts)

    def part(self, category: Category) -> EquipmentPart | None:
        for part in self.parts:
            if part.category is category:
                return part
        return None

    @property
    def ranged_parts(self) -> tuple[EquipmentPart, ...]:
        return tuple(p for p in self.parts if p.category in RANGED)

    def to_text(self, language: str = "en") -> str:
        """The item in the notation of ``language``: "en" (the default) gives
        ``Helmet (Pr): head +1``, "fr" gives ``Helmet (Pr) : Tête+1`` (Rulebook 8)."""
        words = WORDS[printing(language)]
        cats = "/".join(words.categories[p.category] for p in self.parts)
        body = " / ".join(p.to_text(language) for p in self.parts)
        return f"{self.name} ({cats}){words.colon}{body}" if body else f"{self.name} ({cats})"

    def __str__(self) -> str:
        return self.to_text("en")

    @classmethod
    def parse(cls, text: str, language: str | None = None) -> Equipment:
        """Read the rulebook's notation; errors name the item and the part at fault.

        ``language`` "en" or "fr" accepts that language's words only (and the shared ones:
        Pr, Tech, PSI, CBT, VIG, Poison, Rage); None (the default) accepts both and words
        the errors in the language detected (:func:`detect_language`), English if none.
        An item read once is remembered (items never change): bots read the equipment
        written in views again at every decision."""
        known = _READ.get((text, language)) if isinstance(text, str) else None
        if known is not None:
            return known
        item = cls._parse(text, language)
        if len(_READ) >= 4096:
            _READ.clear()
        _READ[(text, language)] = item
        return item

    @classmethod
    def _parse(cls, text: str, language: str | None = None) -> Equipment:
        lang = check_language(language)
        if not isinstance(text, str):
            raise ValueError(f"equipment is written as a text, got {type(text).__name__}")
        if len(text) > MAX_NOTATION:
            name = text.split("(")[0].split(":")[0].strip()[:40] or "equipment"
            if lang == "fr":
                raise ValueError(f"{name}: un équipement s'écrit en {MAX_NOTATION} caractères "
                                 f"au plus (celui-ci en a {len(text)})")
            raise ValueError(f"{name}: an equipment notation is at most {MAX_NOTATION} "
                             f"characters (this one has {len(text)})")
        text = spaces(text)
        match = ITEM.match(text)
        if not match:
            if lang == "fr":
                raise ValueError(f"{text!r}: un équipement s'écrit "
                                 "'Nom (Catégorie) : Bonus/Malus – Effets'")
            raise ValueError(
                f"{text!r}: equipment is written 'Name (Category): Bonus/Penalty - Effects'"
            )
        name, cats, body = match.groups()
        reader = _Reader(name, accepted(lang), lang, f"{cats} {body}")
        categories = [reader.category(c) for c in cats.split("/")]
        bodies = [b.strip() for b in _PART_SEPARATOR.split(body)] if body else []
        if len(bodies) > len(categories):
            reader.fail(
                f"{len(bodies)} parts for {len(categories)} categories "
                "(separate the categories' parts with ' / ')",
                f"{len(bodies)} descriptions pour {len(categories)} catégories "
                "(séparer les descriptions des catégories par ' / ')",
            )
        bodies += [""] * (len(categories) - len(bodies))
        return cls(name, tuple(reader.part(c, b) for c, b in zip(categories, bodies,
                                                                   strict=True)))


#: :meth:`Equipment.parse`'s items, by text and language.
_READ: dict[tuple[str, str | None], Equipment] = {}


@dataclass
class _Reader:
    """Reads the parts of one item: the words it accepts, the language of its errors."""

    name: str
    languages: tuple[Language, ...]
    declared: Language | None
    words: str

    @property
    def language(self) -> Language:
        """The language of the messages: declared, else detected, else English."""
        return self.declared or language_of(self.words, "") or "en"

    def fail(self, english: str, french: str) -> NoReturn:
        raise ValueError(f"{self.name}: {french if self.language == 'fr' else english}")

    def hint(self, text: str, translate: str | None) -> str:
        """The words to write instead (`` (in English: Range(10))``), if any."""
        if translate is None or translate == text:
            return ""
        return (f" (en français : {translate})" if self.language == "fr"
                else f" (in English: {translate})")

    def category(self, text: str) -> Category:
        found = lookup_category(text, self.languages)
        if found is None:
            other = lookup_category(text, LANGUAGES)
            hint = self.hint(text.strip(), None if other is None or len(self.languages) == 2
                             else other.word(self.language))
            self.fail(unknown_category(text, "en") + hint,
                      unknown_category(text, "fr") + hint)
        return found

    def _translation(self, part: EquipmentPart) -> str | None:
        """``part`` printed in the message's language, when it was read in the other."""
        if len(self.languages) == 2:
            return None
        return part.to_text(self.language)

    def part(self, category: Category, text: str) -> EquipmentPart:
        head, tail = "", text
        split = _DASH.split(text, maxsplit=1)
        if len(split) == 2:
            head, tail = split
        elif text and not _is_effect_or_limit(_items(text)[0]):
            head, tail = text, ""
        characteristic: Characteristic | None = None
        bonus = protection = 0
        protects: tuple[Limb, ...] = ()
        if head:
            characteristic, bonus, protects, protection = self._head(category, head.strip())
        effects: list[tuple[str, int]] = []
        limits: dict[str, int] = {}
        for item in (t for t in _items(tail) if t):
            self._effect(category, item, effects, limits)
        return EquipmentPart(category, characteristic, bonus, protects, protection,
                             tuple(effects), limits.get("per_match"), limits.get("per_round"))

    def _head(self, category: Category, head: str
              ) -> tuple[Characteristic | None, int, tuple[Limb, ...], int]:
        bonus = _BONUS.match(head)
        if bonus:
            characteristic = lookup_characteristic(bonus.group(1), self.languages)
            sign = 1 if bonus.group(2) == "+" else -1
            value = sign * int(bonus.group(3))
            if characteristic is not None:
                self._in_range(head, value, BONUS_RANGE, "a bonus or penalty",
                               "un bonus ou malus")
                return characteristic, value, (), 0
            other = lookup_characteristic(bonus.group(1), LANGUAGES)
            if other is not None:
                self._not_a_bonus(category, head, self._translation(
                    EquipmentPart(category, other, value)))
        protection = _PROTECTION.match(head)
        if category is Category.PR and protection:
            limbs = lookup_limbs(protection.group(1), self.languages)
            amount = int(protection.group(2))
            if limbs is None:
                other_limbs = lookup_limbs(protection.group(1), LANGUAGES)
                translated = None if other_limbs is None else self._translation(
                    EquipmentPart(category, protects=other_limbs, protection=amount))
                self.fail(
                    "protected limbs must be head, arms, torso, legs or complete, "
                    f"got {protection.group(1)!r}" + self.hint(head, translated),
                    "les membres protégés sont Tête, Bras, Torse, Jambes ou Complète, "
                    f"pas {protection.group(1)!r}" + self.hint(head, translated),
                )
            self._in_range(head, amount, PROTECTION_RANGE, "a protection", "une protection")
            return None, 0, limbs, amount
        self._not_a_bonus(category, head, None)

    def _in_range(self, item: str, value: int, bounds: tuple[int, int], english: str,
                  french: str) -> None:
        """Refuse ``value`` (of ``item``) outside ``bounds``, naming them."""
        low, high = bounds
        if not low <= value <= high:
            self.fail(f"{item!r} is out of range: {english} is {low} to {high}",
                      f"{item!r} hors limites : {french} va de {low} à {high}")

    def _not_a_bonus(self, category: Category, head: str, translated: str | None) -> NoReturn:
        en, fr = WORDS["en"], WORDS["fr"]
        pr = category is Category.PR
        self.fail(
            f"{head!r} is not a bonus/penalty like {en.bonus_example!r}"
            + (f" or a protection like {en.protection_example!r}" if pr else "")
            + self.hint(head, translated),
            f"{head!r} n'est pas un bonus/malus comme {fr.bonus_example!r}"
            + (f" ni une protection comme {fr.protection_example!r}" if pr else "")
            + self.hint(head, translated),
        )

    def _effect(self, category: Category, item: str, effects: list[tuple[str, int]],
                limits: dict[str, int]) -> None:
        effect, limit = _EFFECT.match(item), _LIMIT.match(item)
        if limit:
            kind = lookup_limit(limit.group(2), self.languages)
            if kind is not None:
                words = {lang: getattr(WORDS[lang], kind) for lang in LANGUAGES}
                self._in_range(item, int(limit.group(1)), LIMIT_RANGE,
                               f"N/{words['en']}", f"N/{words['fr']}")
                limits[kind] = int(limit.group(1))
                return
        elif effect and effect.group(1)[0].isupper():
            keyword = lookup_effect(effect.group(1), self.languages)
            if keyword is not None and re.fullmatch(r"-?\d+", effect.group(2)):
                self._in_range(item, int(effect.group(2)), EFFECT_RANGES[keyword],
                               f"{keyword}(X)", f"{WORDS['fr'].effects[keyword]}(X)")
                effects.append((keyword, int(effect.group(2))))
                return
            if keyword is not None:
                self.fail(f"{item!r} has a decimal value; values are whole numbers",
                          f"{item!r} a une valeur décimale ; les valeurs sont des nombres "
                          "entiers")
        translated: str | None = None
        if limit and (kind := lookup_limit(limit.group(2), LANGUAGES)) is not None:
            count = int(limit.group(1))
            translated = self._translation(EquipmentPart(
                category, per_match=count if kind == "per_match" else None,
                per_round=count if kind == "per_round" else None))
        elif effect and effect.group(1)[0].isupper() and re.fullmatch(r"-?\d+", effect.group(2)):
            keyword = lookup_effect(effect.group(1), LANGUAGES)
            if keyword is not None:
                translated = self._translation(
                    EquipmentPart(category, effects=((keyword, int(effect.group(2))),)))
        names = {lang: ", ".join(WORDS[lang].effects.values()) for lang in LANGUAGES}
        limits_words = {lang: f"N/{WORDS[lang].per_match}, N/{WORDS[lang].per_round}"
                        for lang in LANGUAGES}
        self.fail(
            f"unknown effect {item!r} (expected {names['en']} with a value in brackets, "
            f"or {limits_words['en']})" + self.hint(item, translated),
            f"effet inconnu {item!r} (attendu {names['fr']} avec une valeur entre "
            f"parenthèses, ou {limits_words['fr']})" + self.hint(item, translated),
        )
