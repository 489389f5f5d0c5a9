"""Eden's fighter rows are made again only when what they are made from changed (issue 43):
an encoder that remembers rows gives, after any change to a fighter's entry or context, the
rows a fresh encoder gives (the memo never answers stale)."""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from skirmish.rl.aec import SkirmishAEC


def _mid_game_view() -> tuple[SkirmishAEC, dict[str, Any], int]:
    env = SkirmishAEC("eden", max_rounds=2)
    env.reset(seed=3)
    rng = random.Random(3)
    for _ in range(60):  # into the fight: fighters on the field
        legal = list(env.legal())
        env.step(rng.choice(legal))
    seat = env._seat
    return env, copy.deepcopy(env.view(seat)), seat


def _fresh(env: SkirmishAEC, view: dict[str, Any], seat: int) -> dict[str, np.ndarray]:
    encoder = type(env.encoder)(env.limits)
    return encoder.encode(view, seat, env.roster)


def _changes(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Views that differ from ``view`` in one thing a row reads."""
    out = []
    standing = [i for i, p in enumerate(view["fighters"]) if p["on_field"]]
    assert standing
    i = standing[0]
    for key, value in (("x", 1.5), ("y", 2.5), ("ap", 3), ("activated", True),
                       ("checked", [1, 0, 1, 0]), ("markers", {"burn": 2}),
                       ("characteristics", {"PSI": 9, "CBT": 1, "VIG": 2, "SPD": 3}),
                       ("on_field", False)):
        changed = copy.deepcopy(view)
        changed["fighters"][i][key] = value
        out.append(changed)
    led = copy.deepcopy(view)
    led["leaders"] = [view["fighters"][i]["ref"], None]
    out.append(led)
    hid = copy.deepcopy(view)
    hid["hidden"] = {view["fighters"][i]["ref"]: True}
    out.append(hid)
    touching = copy.deepcopy(view)  # two enemies brought into contact
    a = next(p for p in touching["fighters"] if p["on_field"] and p["side"] == 0)
    b = next(p for p in touching["fighters"] if p["on_field"] and p["side"] == 1)
    b["x"], b["y"] = a["x"] + 0.1, a["y"]
    out.append(touching)
    fewer = copy.deepcopy(view)  # a fighter no longer listed: its slot emptied
    del fewer["fighters"][i]
    out.append(fewer)
    return out


def test_rows_remembered_are_those_of_a_fresh_encoder_after_any_change() -> None:
    env, view, seat = _mid_game_view()
    encoder = env.encoder
    for changed in _changes(view):
        for shown in (view, changed, view, changed):
            for s in (seat, 1 - seat):
                got = encoder.encode(shown, s, env.roster)
                want = _fresh(env, shown, s)
                for key in want:
                    assert np.array_equal(got[key], want[key]), key
