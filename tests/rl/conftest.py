"""Shared set-ups for the environment tests: short games (one round or turn) keep them fast.
Every test here needs the ``rl`` extra (gymnasium, pettingzoo)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

#: The configurations every acceptance test runs: both rulesets, Eden with all its optional
#: rules too.
CONFIGS: dict[str, dict[str, Any]] = {
    "eden": {"ruleset": "eden", "max_rounds": 1},
    "eden-optional": {"ruleset": "eden", "max_rounds": 1,
                      "rules": "territory,infestation:3,climate"},
    "masseffect": {"ruleset": "masseffect", "max_rounds": 1},
}
