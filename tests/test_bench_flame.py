"""bench.flame's summary of py-spy's collapsed stacks (no profiler run here)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.flame import WORKLOADS, summarise
from bench.workloads import WORKLOADS as KNOWN

STACKS = """\
<module> (bench/flame.py:1);worker (bench/flame.py:9);play (a.py:3);legal (b.py:7) 6
<module> (bench/flame.py:1);worker (bench/flame.py:9);play (a.py:3);legal (b.py:7);sight (c.py:2) 2
<module> (bench/flame.py:1);worker (bench/flame.py:9);play (a.py:3) 2
<module> (<frozen runpy>:1);_find_and_load (<frozen importlib._bootstrap>:1) 50
"""


def test_shares_on_the_stack_and_at_its_top_leave_imports_and_the_harness_out() -> None:
    inclusive, own = summarise(STACKS, top=3)
    assert inclusive == [("a.py play", 1.0), ("b.py legal", 0.8), ("c.py sight", 0.2)]
    assert own[0] == ("b.py legal", 0.6)
    assert dict(own) == {"b.py legal": 0.6, "a.py play": 0.2, "c.py sight": 0.2}


def test_every_sampled_workload_is_one_of_the_side_by_sides() -> None:
    assert set(WORKLOADS) <= set(KNOWN)
