"""Rulebook, optional rules 1: Territory Management (FR "Gestion du Territoire"), A, the
special scenery rules as typed keywords.

EN "Many rules are standardised and represented by a keyword in the description of the
scenery. [...] Some of the special rules have a value indicated in parentheses after their
names. This default value is 1." FR "De nombreuses règles sont standardisées et indiquées par
un simple mot-clé dans la description du décor. [...] Un certain nombre de règles spéciales
ont une valeur indiquée entre parenthèses après leur nom. Cette valeur est par défaut de 1."

Each keyword is a class (its docstring quotes the rule and says how it plays);
:meth:`Keyword.parse` reads one in English or French, :meth:`Keyword.to_text` prints it.
Under Territory Management a placed element's keywords (:mod:`skirmish.games.eden.optional.terrain`)
make its geometry (sight, crossing, stopping, cost, height) and are played by:

==========================================  ================================================
Destruction (X)                             :mod:`skirmish.games.eden.optional.destruction`
Flammable                                   :mod:`skirmish.games.eden.optional.fire`
Hostile Presence (X)                        :mod:`skirmish.games.eden.optional.hostile`
Elevation                                   :mod:`skirmish.games.eden.optional.elevation`
Climbing (X), Swimming (X), Jump (X)        :mod:`skirmish.games.eden.optional.territory_moves`
Hiding                                      :mod:`skirmish.games.eden.optional.hiding`
Crossing, Occupation, Obstruction (X),      the element's fields (:func:`~skirmish.games.eden.
Obstacle (X), Impenetrable                  optional.terrain.territory_element`)
==========================================  ================================================

Under the basic rules the library's scenery keywords are read through
:func:`skirmish.games.eden.cards.library.scenery_entry`, unchanged. The names, the English list's
"Interference" and the values' bounds are ruled in docs/rulings.md (Optional rules 1).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, Literal, Protocol

from skirmish.core.data_files import quote as _shown
from skirmish.core.names import fold

Language = Literal["en", "fr"]
#: A keyword's text is at most this long (the name, spaces and a bracketed value).
MAX_KEYWORD_TEXT = 80
#: The largest X any keyword takes (as the content library's ``KEYWORD_VALUES``).
MAX_VALUE = 20
#: A name (words of letters, accented or not, between spaces), then maybe "(X)".
_TEXT = re.compile(r"\s*([^\W\d_]+(?:\s+[^\W\d_]+)*)\s*(?:\(\s*([^()]*?)\s*\))?\s*")


@dataclass(frozen=True, slots=True)
class Keyword:
    """A scenery keyword without a value (Territory Management, A)."""

    NAME: ClassVar[str]
    FRENCH: ClassVar[str]
    #: The lowest X the keyword takes (keywords with a value only).
    LOWEST: ClassVar[int] = 1

    @classmethod
    def takes_value(cls) -> bool:
        return issubclass(cls, ValuedKeyword)

    @classmethod
    def label(cls, language: Language = "en") -> str:
        """The name with " (X)" for a keyword that takes a value."""
        name = cls.NAME if language == "en" else cls.FRENCH
        return f"{name} (X)" if cls.takes_value() else name

    @classmethod
    def parse(cls, text: str) -> Keyword:
        """A keyword from its English or French name, case, accents and spaces ignored, with
        its value in brackets for those that take one (``Destruction(3)``, ``destruction ( 3 )``,
        ``Présence Hostile(1)``; 1 when left out). The English list's "Interference" is read as
        Obstruction. Called on a keyword class, the text must name that keyword."""
        if not isinstance(text, str) or len(text) > MAX_KEYWORD_TEXT:
            raise ValueError(f"a scenery keyword is a text of at most {MAX_KEYWORD_TEXT} "
                             f"characters, got {_shown(text)}")
        match = _TEXT.fullmatch(text)
        kind = _BY_NAME.get(fold(match.group(1))) if match else None
        if match is None or kind is None:
            raise ValueError(f"unknown scenery keyword {_shown(text)}: expected one of "
                             f"{known_keywords('en')} (in French {known_keywords('fr')}); "
                             "'Interference' is read as Obstruction")
        value = match.group(2)
        if cls is not Keyword and kind is not cls:
            raise ValueError(f"{_shown(text)} is {kind.NAME}, not {cls.NAME}")
        if not issubclass(kind, ValuedKeyword):
            if value is not None:
                raise ValueError(f"scenery keyword {kind.NAME} takes no value, got "
                                 f"{_shown(text)}")
            return kind()
        if value is None:
            return kind()
        if not re.fullmatch(r"\d{1,9}", value):
            raise ValueError(f"scenery keyword {kind.NAME} (X): X is a whole number, got "
                             f"{_shown(text)}")
        return kind(int(value))

    def to_text(self, language: Language = "en") -> str:
        """As printed in the rulebook's list: EN ``Destruction (3)``, FR ``Destruction(3)``."""
        return self.NAME if language == "en" else self.FRENCH


@dataclass(frozen=True, slots=True)
class ValuedKeyword(Keyword):
    """A scenery keyword with a value X, 1 by default, from :attr:`LOWEST` to
    :data:`MAX_VALUE`."""

    value: int = 1

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, int) or not (
                self.LOWEST <= self.value <= MAX_VALUE):
            raise ValueError(f"scenery keyword {self.NAME} (X): X is a whole number from "
                             f"{self.LOWEST} to {MAX_VALUE}, got {_shown(self.value)}")

    def to_text(self, language: Language = "en") -> str:
        if language == "en":
            return f"{self.NAME} ({self.value})"
        return f"{self.FRENCH}({self.value})"


@dataclass(frozen=True, slots=True)
class Destruction(ValuedKeyword):
    """Destruction (X). EN "An element of scenery with this special rule may be the targeted by
    an attack action. If this is the case, the attack is automatically successful. Such an
    element is destroyed if it undergoes X attacks in the game. [...] When this element is
    destroyed, remove it from the ground and replace it with a disaster area scenery (see
    further) of equivalent size." FR "L'attaque est automatiquement réussie et les dés ne sont
    pas lancés."

    How it plays: an Attack action aimed at an element (no roll), a count of attacks per placed
    element (burn markers count, see :class:`Flammable`), and the replacement by a Devastated
    area of the same footprint. X >= 1 (0 would be destroyed before any attack)."""

    NAME = "Destruction"
    FRENCH = "Destruction"


@dataclass(frozen=True, slots=True)
class Hiding(Keyword):
    """Hiding (FR Dissimulation). EN "To do so, the fighter must be in contact with this scenery,
    stand at more than 15 cm from any enemy fighter and must carry out a move action. No
    opponent can target this fighter if he is more than 5 cm from him." FR "Aucun combattant
    adverse à plus de 5 cm de ce combattant ne peut le prendre pour cible d'une action."

    How it plays: a hidden state set by a Move ending in contact, 15 cm from every enemy, and a test
    in every "target" check (any action, FR) for enemies farther than 5 cm; when the state
    ends is not said (an open point)."""

    NAME = "Hiding"
    FRENCH = "Dissimulation"


@dataclass(frozen=True, slots=True)
class Elevation(Keyword):
    """Elevation (FR Élévation). EN "the scenery has a point raised above ground. A fighter
    standing on this point has a +2 CBT bonus for melee attacks against any opponent who is
    below this position. Furthermore the range of shooting and throwing equipment increases by
    5 cm on an elevated position."

    How it plays: the element's ``height`` and :mod:`skirmish.geometry.heights` (who stands on it,
    who is below), a +2 CBT modifier in melee and +5 cm to Range (X) of shooting and throwing
    equipment."""

    NAME = "Elevation"
    FRENCH = "Élévation"


@dataclass(frozen=True, slots=True)
class Climbing(ValuedKeyword):
    """Climbing (X) (FR Escalade). EN "a scenery element having the elevation rule may also have
    this special rule. To reach a high point on an element of scenery, a fighter must be in
    contact with a passage way and complete a move action that costs 2AP. In addition, the
    fighter performs a SPD roll with a difficulty of X. If the roll is not successful, the
    movement fails [...] and the fighter must then make a VIG roll with a difficulty of X. If
    he is not successful, all of his limbs are injured (1 wound) without taking into account
    the effect of any protection equipment."

    How it plays: a climb action (2 AP, SPD X, on failure VIG X or a wound to every limb ignoring
    protections), a passage way on the element, and placing the base on the element's
    elevated point (``can_end_on`` and ``height``)."""

    NAME = "Climbing"
    FRENCH = "Escalade"
    LOWEST = 0


@dataclass(frozen=True, slots=True)
class Crossing(Keyword):
    """Crossing (FR Franchissement). EN "The fighters can cross this scenery with no penalty."
    FR "Les combattants peuvent franchir un tel décor sans finir un déplacement à
    l'intérieur."

    How it plays: the element is passable, a Move may not end on it (the French; the English adds
    "with no penalty", which Obstruction may contradict)."""

    NAME = "Crossing"
    FRENCH = "Franchissement"


@dataclass(frozen=True, slots=True)
class Impenetrable(Keyword):
    """Impenetrable (FR Impénétrable). EN "scenery with this special rule cuts any line of
    sight." FR "coupe toute ligne de vue qui passe entièrement à travers lui."

    How it plays: under Territory Management scenery does not hinder sight, except this: an opaque
    element; the French limits it to sight lines passing right through it."""

    NAME = "Impenetrable"
    FRENCH = "Impénétrable"


@dataclass(frozen=True, slots=True)
class Flammable(Keyword):
    """Flammable (FR Inflammable). EN "This scenery may receive a burn marker. A fighter who
    begins their activation or completes a movement in contact with a Flammable element, with
    at least one burn marker, receives a burn marker immediately. During the Intendancy Phase,
    add a burn marker to the scenery if it already has at least one. Each burn marker counts as
    an attack with the special Destruction (X) rule. When such scenery has at least one burn
    marker, it loses its other special rules Crossing, Occupation and Obstruction, and obtains
    the Obstacle (1) rule (if it already has this rule, add 1 to the value of the obstacle)."

    How it plays: burn markers on placed elements (from Burn (X) weapons and explosions), the
    contact test at the start of an activation and after a Move, an Intendancy step, and the
    element's keywords changing while it burns."""

    NAME = "Flammable"
    FRENCH = "Inflammable"


@dataclass(frozen=True, slots=True)
class Obstacle(ValuedKeyword):
    """Obstacle (X). EN "The scenery counts as X obstacles. This particularly affects the
    penalty of ranged attacks."

    How it plays: the element's ``obstacle_count`` in line of sight (as under the basic rules), even
    though Territory Management scenery otherwise does not hinder sight."""

    NAME = "Obstacle"
    FRENCH = "Obstacle"
    LOWEST = 0


@dataclass(frozen=True, slots=True)
class Obstruction(ValuedKeyword):
    """Obstruction (X); the English list's "Interference (X)". EN "To travel 1 cm on this type of
    terrain a fighter must spend X. Example: [...] Obstruction (2) rule. Thus, every cm walked
    through this scenery will cost him 2 cm."

    How it plays: the element is passable with ``move_cost`` X (geometry G11). X >= 1 (a cost
    below 1 would make the scenery faster than open ground)."""

    NAME = "Obstruction"
    FRENCH = "Obstruction"


@dataclass(frozen=True, slots=True)
class Occupation(Keyword):
    """Occupation. EN "The fighter can cross and/or stop on this scenery element." FR "Les
    combattant peuvent franchir et s'arrêter dans ou sur un tel décor."

    How it plays: the element is passable and ``can_end_on``."""

    NAME = "Occupation"
    FRENCH = "Occupation"


@dataclass(frozen=True, slots=True)
class Swimming(ValuedKeyword):
    """Swimming (X) (FR Nage). EN "the fighter must be in contact with one edge of this scenery
    and make a move action that costs 2AP. The fighter must perform a VIG roll with a
    difficulty of X. If he fails, he suffers a head wound without taking into account his
    protective equipment. The test must be done again until the fighter gets at least one
    successful roll. This test suffers a penalty equal to the number of equipment the fighter
    carries where "full protection" equipment counts as 2. When the roll indicates at least one
    success, place the fighter anywhere you want at the edge of the scenery within 20 cm from
    its original position."

    How it plays: a swim action (2 AP), repeated VIG X rolls with a penalty per equipment, a head
    wound ignoring protections per failure, and a placement in contact with the element within
    20 cm."""

    NAME = "Swimming"
    FRENCH = "Nage"
    LOWEST = 0


@dataclass(frozen=True, slots=True)
class HostilePresence(ValuedKeyword):
    """Hostile Presence (X) (FR Présence Hostile). EN "Fighters that begin or end their activation
    in contact or inside a scenery with this special rule immediately suffer X wounds where
    protection equipment is ignored. The player makes a location roll for each wound caused by
    this effect." FR "Les combattants qui commencent leur activation ou terminent un
    déplacement au contact ou dans un décor [...]".

    How it plays: a test at the start of an activation and (the French) at the end of each Move,
    X location rolls and wounds ignoring protections."""

    NAME = "Hostile Presence"
    FRENCH = "Présence Hostile"
    LOWEST = 0


@dataclass(frozen=True, slots=True)
class Jump(ValuedKeyword):
    """Jump (X) (FR Saut). EN "Some terrain can be crossed only by jumping. When a fighter wants
    to jump over an element of scenery having this rule, he must be in contact with it and make
    a move action. Then he performs a SPD roll with a difficulty of X. If the roll is not
    successful (at least one success), the fighter is automatically incapacitated."

    How it plays: a jump action (a Move from contact to the far side), a SPD X roll, and the fighter
    incapacitated when it has no success."""

    NAME = "Jump"
    FRENCH = "Saut"
    LOWEST = 0


#: Every keyword, in the rulebook's order.
KEYWORDS: tuple[type[Keyword], ...] = (
    Destruction, Hiding, Elevation, Climbing, Crossing, Impenetrable, Flammable, Obstacle,
    Obstruction, Occupation, Swimming, HostilePresence, Jump)
#: Other names: the English scenery list's "Interference (2)" is Obstruction (2).
ALIASES: dict[str, type[Keyword]] = {"Interference": Obstruction}
_BY_NAME: dict[str, type[Keyword]] = {
    **{fold(k.NAME): k for k in KEYWORDS}, **{fold(k.FRENCH): k for k in KEYWORDS},
    **{fold(name): k for name, k in ALIASES.items()}}


def known_keywords(language: Language = "en") -> str:
    """The keywords' names, "(X)" after those that take a value."""
    return ", ".join(k.label(language) for k in KEYWORDS)


def parse_keywords(texts: Iterable[str]) -> tuple[Keyword, ...]:
    """Several keywords, each read by :meth:`Keyword.parse`."""
    return tuple(Keyword.parse(text) for text in texts)


class KeywordedScenery(Protocol):
    """A library scenery card (:class:`skirmish.games.eden.cards.library.SceneryEntry`) as
    :func:`scenery_keywords` reads it: its keywords as (word, value or None) pairs."""

    @property
    def keywords(self) -> tuple[tuple[str, int | None], ...]: ...


def scenery_keywords(entry: KeywordedScenery) -> tuple[Keyword, ...]:
    """A library scenery card's keywords, typed, in the card's order (the card and the way the
    basic rules play it are unchanged)."""
    return tuple(Keyword.parse(word if value is None else f"{word} ({value})")
                 for word, value in entry.keywords)
