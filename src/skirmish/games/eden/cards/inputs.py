"""What players type into a game of Eden, checked with bounded resources (docs/rulings.md,
"Bounded inputs"): :func:`check_effect_params` bounds a card effect's numbers,
:func:`check_setup` a set-up's structure and numbers. Files are read, and numbers checked,
by the kernel's :mod:`skirmish.core.data_files` (:func:`~skirmish.core.data_files.read_data`,
:func:`~skirmish.core.data_files.number`); every problem raises its
:class:`~skirmish.core.data_files.DataError`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from skirmish.core.data_files import DataError, check_numbers, is_number, number, quote

#: Card effect parameters: distances (cm), the ``factor`` of a characteristic, the rest.
EFFECT_DISTANCES = frozenset({"at", "within", "radius", "range", "cm"})
EFFECT_DISTANCE_RANGE = (0, 500)
EFFECT_FACTOR_RANGE = (0, 10)
EFFECT_NUMBER_RANGE = (-20, 20)
_FRACTION = re.compile(r"\s*-?\d{1,6}(?:\.\d{1,6})?(?:\s*/\s*\d{1,6})?\s*")


def check_effect_params(params: Mapping[str, Any], where: str) -> None:
    """The numbers of a card effect's parameters: distances (``at``, ``within``,
    ``radius``, ``range``, ``cm``) 0-500 cm, a ``factor`` 0-10 (a number or a fraction
    like "1/2"), every other number -20 to 20."""
    for key, value in params.items():
        at = f"{where}: parameter '{key}'"
        if key == "factor" and isinstance(value, str):
            try:  # digits only: "1e999999999" would be a billion-digit number
                factor = Fraction(value) if _FRACTION.fullmatch(value) else None
            except (ValueError, ZeroDivisionError):
                factor = None
            if factor is None:
                raise DataError(f"{at}: expected a number or a fraction like '1/2', got "
                                f"{quote(value)}")
            number(float(factor), at, *EFFECT_FACTOR_RANGE)
            continue
        low, high = (EFFECT_DISTANCE_RANGE if key in EFFECT_DISTANCES
                     else EFFECT_FACTOR_RANGE if key == "factor" else EFFECT_NUMBER_RANGE)
        stack: list[tuple[Any, str]] = [(value, at)]
        while stack:
            item, path = stack.pop()
            if isinstance(item, Mapping):
                stack.extend((v, f"{path}.{k}") for k, v in item.items())
            elif isinstance(item, (list, tuple)):
                stack.extend((v, f"{path}[{i}]") for i, v in enumerate(item))
            elif is_number(item):
                number(item, path, low, high)


# -- set-ups ----------------------------------------------------------------------------------
#: The numbers of a set-up (docs/rulings.md, "Bounded inputs"): every number is finite and
#: at most SETUP_NUMBER_LIMIT in size; these are checked more closely.
SETUP_NUMBER_LIMIT = 10_000
FIELD_RANGE = (20, 500)
SETUP_RANGES = {"max_rounds": (1, 20), "budget": (0, 10_000), "scenery_per_player": (0, 20)}
PROFILE_RANGES = {"value": (0, 200), "level": (1, 10)}
LIMB_RANGES = dict.fromkeys(("white_cp", "red_cp", "white", "red"), (0, 12))


def _objects(value: Any, where: str) -> list[Mapping[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise DataError(f"{where}: expected a list of JSON objects, got {quote(value)}")
    return value


def _check_cards(cards: Any, where: str) -> None:
    for i, card in enumerate(_objects(cards, where)):
        for j, effect in enumerate(_objects(card.get("effects", []), f"{where}[{i}].effects")):
            check_effect_params({k: v for k, v in effect.items() if k != "effect"},
                                f"{where}[{i}].effects[{j}]")


def check_setup(setup: Any) -> None:
    """The set-up's structure and numbers, before anything is built: the field 20-500 cm a
    side, max_rounds 1-20, budget 0-10,000, scenery_per_player 0-20, positions [x, y],
    profile CP and characteristics 0-12, value 0-200, level 1-10, card effects' numbers as
    in content (:func:`skirmish.games.eden.cards.inputs.check_effect_params`), and every other
    number finite and at most 10,000 in size.
    Raises :class:`DataError` naming the field and the range (``new_game`` raises it as a
    ``SetupError``)."""
    if not isinstance(setup, Mapping):
        raise DataError(f"setup: expected a JSON object, got {quote(setup)}")
    field = setup.get("field", [60, 60])
    if not isinstance(field, list) or len(field) != 2:
        raise DataError(f"setup.field: expected [width, height] in cm, got {quote(field)}")
    for i, side in enumerate(field):
        number(side, f"setup.field[{i}]", *FIELD_RANGE)
    for key, (low, high) in SETUP_RANGES.items():
        if key in setup:
            number(setup[key], f"setup.{key}", low, high, whole=True)
    if not isinstance(setup.get("preparation_skip", []), list):
        raise DataError("setup.preparation_skip: expected a list of steps")
    troops = setup.get("troops")
    if not isinstance(troops, list) or len(troops) != 2:
        raise DataError("setup.troops must list exactly two troops (player A, player B)")
    for side, troop in enumerate(_objects(troops, "setup.troops")):
        where = f"setup.troops[{side}]"
        for i, entry in enumerate(_objects(troop.get("fighters", []), f"{where}.fighters")):
            at, profile = entry.get("at"), entry.get("profile")
            if at is not None and (not isinstance(at, list) or len(at) != 2):
                raise DataError(f"{where}.fighters[{i}].at: expected [x, y] in cm, got "
                                f"{quote(at)}")
            if not isinstance(profile, Mapping):
                raise DataError(f"{where}.fighters[{i}].profile: expected a JSON object")
            for key, bounds in PROFILE_RANGES.items():
                if profile.get(key) is not None:
                    number(profile[key], f"{where}.fighters[{i}].profile.{key}", *bounds,
                           whole=True)
            limbs = profile.get("limbs")
            for limb, data in (limbs.items() if isinstance(limbs, Mapping) else ()):
                for key, bounds in LIMB_RANGES.items():
                    if isinstance(data, Mapping) and key in data:
                        number(data[key], f"{where}.fighters[{i}].profile.limbs.{limb}."
                               f"{key}", *bounds, whole=True)
        _check_cards(troop.get("missions", []), f"{where}.missions")
        _check_cards(troop.get("tactical", []), f"{where}.tactical")
    _check_cards(setup.get("abilities", []), "setup.abilities")
    _check_cards(setup.get("scenery", []), "setup.scenery")
    check_numbers(setup, "setup", SETUP_NUMBER_LIMIT)
