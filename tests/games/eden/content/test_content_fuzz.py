"""Fuzzing the card library's loader (issue 11, point 3): whatever a content file holds, its
YAML or JSON structure and values, ``load_library`` either loads it or raises ContentError,
never another exception, and the message stays short (values are quoted cut).

Derandomized, with a fixed small budget: each test takes a few seconds."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skirmish.games.eden.cards.library import SECTIONS, ContentError, Library
from skirmish.games.eden.content import load_library

FUZZ = settings(derandomize=True, max_examples=150, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

#: Words the loader looks for, so that examples get past the first checks.
FIELDS = ["name", "note", "faction", "stigma", "types", "value", "level", "limbs", "equipment",
          "abilities", "base_mm", "kind", "cost_ap", "cost_sp", "per_round", "per_match",
          "text", "effects", "secret", "deployment", "tactical", "first_round",
          "cancellation", "lasts", "target", "cost", "keywords", "shape", "radius", "sight",
          "notation", "language", "head", "arms", "torso", "legs", "white_cp", "red_cp",
          "white", "red", "faces", "effect", "characteristic", "delta", "factor", "within",
          "at", "vp", "sp", "ap", "amount", "range", "on", "condition"]
WORDS = ["Yuri", "Jokers", "Chaos", "Human", "Pistol", "Fury", "modify", "CBT", "instant",
         "permanent", "action", "confrontation", "round", "opaque", "fr", "en", "1/2",
         "Obstacle(3)", "Flammable", "Gun (Shooting): Range(20), Str(3)",
         "Gun (Shooting): Range(20), Str(999999999)", "Fusil (Tir) : Portée(20), Pui(3)",
         "Cap (Pr): head +1", "Cap (Pr): head +99", "Knife (Projectile): 0/match",
         "Spear (Shooting/Projectile): CBT +1 - Range(10) / Explosive(2)", "Ω", "", " "]

SCALARS = (st.none() | st.booleans()
           | st.integers(min_value=-(10**40), max_value=10**40)
           | st.integers(min_value=-3, max_value=30)
           | st.floats(allow_nan=True, allow_infinity=True)
           | st.sampled_from(WORDS) | st.text(max_size=12))
KEYS = st.sampled_from(FIELDS) | st.text(max_size=6)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(KEYS, inner, max_size=5), max_leaves=20)


def mostly(good: st.SearchStrategy) -> st.SearchStrategy:
    """A plausible value three times in four, anything otherwise."""
    return st.one_of(good, good, good, VALUES)


SMALL = st.integers(min_value=-2, max_value=14)
NUMBER = SMALL | st.floats(min_value=-1e3, max_value=1e3) | st.sampled_from(
    [float("nan"), float("inf"), 10**9, 1.5])
NAMES = st.sampled_from(WORDS[:8]) | st.text(min_size=1, max_size=8)
LIMB = st.fixed_dictionaries({k: mostly(SMALL) for k in ("white_cp", "red_cp", "white", "red")}
                             | {"faces": mostly(st.lists(st.integers(0, 7), max_size=3))})
LIMBS = st.fixed_dictionaries({k: mostly(LIMB) for k in ("head", "arms", "torso", "legs")})
EFFECT_NAMES = ["modify", "instant", "heal", "buff", "gain", "gain-on", "marker-on", "protect",
                "strike", "afflict", "vp-near", "hold-objectives", "scenery-aura", "nothing"]
PARAMS = {"characteristic": st.sampled_from(["CBT", "PSI", "SPD", "VIG", "all", "XYZ"]),
          "delta": NUMBER, "factor": NUMBER | st.sampled_from(["1/2", "3/0", "1e99999", "x"]),
          "within": NUMBER, "range": NUMBER, "amount": NUMBER, "sp": NUMBER, "ap": NUMBER,
          "vp": NUMBER, "radius": NUMBER, "count": NUMBER, "who": st.sampled_from(["self", "x"]),
          "on": st.sampled_from(["wounded", "activation", "x"]),
          "condition": st.sampled_from(["rage", "burn", "poison", "x"]),
          "at": st.lists(st.lists(NUMBER, max_size=3), max_size=3),
          "limbs": st.sampled_from([["head"], "complete", ["tail"]])}
EFFECT = st.fixed_dictionaries({"effect": mostly(st.sampled_from(EFFECT_NAMES))},
                               optional={k: mostly(v) for k, v in PARAMS.items()})
EFFECTS = mostly(st.lists(EFFECT, max_size=3))
NOTATIONS = st.sampled_from(WORDS[17:26]) | st.builds(
    lambda name, cat, body: f"{name} ({cat}): {body}", st.sampled_from(["Gun", "Fusil", ""]),
    st.sampled_from(["Shooting", "Tir", "Pr", "Blast/Projectile", "Laser"]),
    st.text(alphabet="RangeStrPuiBurn()0123456789-+, /matchroundhead", max_size=40))
EQUIPMENT = NOTATIONS | st.fixed_dictionaries(
    {"notation": mostly(NOTATIONS)}, optional={"language": mostly(st.sampled_from(["fr", "en"]))})
COMMON = {"note": mostly(st.text(max_size=10)), "text": mostly(st.text(max_size=10)),
          "effects": EFFECTS}
CARDS = {
    "fighters": {"faction": mostly(st.sampled_from(["Jokers", "Bamaka"])),
                 "stigma": mostly(st.sampled_from(["Chaos", "Order"])),
                 "types": mostly(st.just(["Human"])), "value": mostly(SMALL | NUMBER),
                 "level": mostly(SMALL), "limbs": mostly(LIMBS),
                 "equipment": mostly(st.lists(st.sampled_from(["Pistol", "Molotov", "Nope"])
                                              | NOTATIONS, max_size=2)),
                 "abilities": mostly(st.lists(st.sampled_from(["Fury", "Nope"]), max_size=2)),
                 "base_mm": mostly(st.sampled_from([30, 40, 25]))},
    "abilities": {"kind": mostly(st.sampled_from(["permanent", "action", "x"])),
                  "cost_ap": mostly(SMALL), "cost_sp": mostly(SMALL),
                  "per_round": mostly(SMALL), "per_match": mostly(SMALL), **COMMON},
    "missions": {"secret": mostly(st.booleans()),
                 "deployment": mostly(st.sampled_from(["confrontation", "ambush", "x"])),
                 "faction": mostly(st.sampled_from(["Jokers", "Elves"])), **COMMON},
    "tactical": {"tactical": mostly(st.booleans()), "first_round": mostly(st.booleans()),
                 "cancellation": mostly(SMALL), "lasts": mostly(st.sampled_from(["round", "x"])),
                 "target": mostly(st.sampled_from(["friend", "enemy", "x"])), **COMMON},
    "scenery": {"cost": mostly(SMALL), "radius": mostly(NUMBER),
                "shape": mostly(st.lists(st.lists(NUMBER, min_size=2, max_size=3),
                                         max_size=5)),
                "keywords": mostly(st.lists(st.sampled_from(
                    ["Flammable", "Obstacle(3)", "Obstacle(99)", "Swimming", "Crossing",
                     "Bouncy", "Flammable(2)"]), max_size=3)),
                "sight": mostly(st.sampled_from(["opaque", "low", "x"])), **COMMON},
}
CARDS["npfs"] = CARDS["fighters"]


def card(section: str) -> st.SearchStrategy:
    if section == "equipment":
        return mostly(EQUIPMENT)
    return mostly(st.fixed_dictionaries({"name": mostly(NAMES)},
                                        optional=CARDS[section]))


FILE = st.fixed_dictionaries(
    {}, optional={**{section: mostly(st.lists(card(section), max_size=3))
                     for section in SECTIONS},
                  "sample": mostly(st.booleans()),
                  "faction": mostly(st.sampled_from(["Jokers", "Elves"])),
                  "language": mostly(st.sampled_from(["fr", "en", "de"]))})


def load(text: str, suffix: str, builtin: bool) -> Library | None:
    """Load one file; None when refused with a ContentError (anything else fails)."""
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / f"cards{suffix}").write_text(text, encoding="utf-8")
        try:
            return load_library([folder], builtin=builtin)
        except ContentError as exc:
            message = str(exc)
            assert len(message) < 3000, message[:300]
            return None


@FUZZ
@given(data=FILE, as_json=st.booleans())
def test_structured_content_loads_or_is_refused(data: dict, as_json: bool) -> None:
    if as_json:
        text, suffix = json.dumps(data), ".json"
    else:
        text, suffix = yaml.safe_dump(data, allow_unicode=True), ".yaml"
    load(text, suffix, builtin=False)


#: YAML's own punctuation: anchors, aliases, tags, flow and block collections, scalars.
PUNCTUATION = "abcXYZ019 \n\t-:,[]{}&*!|>'\"%@`#?.~\\"


@FUZZ
@given(body=st.text(alphabet=PUNCTUATION, max_size=120),
       head=st.sampled_from(["", "fighters:\n", "equipment:\n- ", "scenery:\n- {name: R, ",
                             "tactical: [", "abilities:\n- name: A\n  effects: "]))
def test_any_text_loads_or_is_refused(head: str, body: str) -> None:
    load(head + body, ".yaml", builtin=False)


@settings(derandomize=True, max_examples=25, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=FILE)
def test_cards_over_the_sample_library_load_or_are_refused(data: dict) -> None:
    """With the built-in cards: overriding them, and cross-references to them."""
    load(yaml.safe_dump(data, allow_unicode=True), ".yaml", builtin=True)
