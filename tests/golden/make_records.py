"""Writes the golden records (tests/golden/records/*.jsonl) and their traces
(tests/golden/traces.json): run once, on the commit whose behaviour is the reference.

``python -m tests.golden.make_records`` - the records are whole matches of both games,
every optional rule of Eden, every scenario of ME:A and every bot; the trace of a record is
the SHA-256 of, after each action, the state hash, the deciding seat's legal actions and
every seat's view (and the spectator's). ``tests/golden/test_golden_records.py`` re-plays
them and compares.
"""

from __future__ import annotations

import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
RECORDS = HERE / "records"

EDEN_RULES = ["", '{"territory": true}', '{"infestation": "random"}', '{"climate": ["roll"]}',
              '{"territory": true, "infestation": "random", "climate": ["roll"]}']
EDEN_AGENTS = [("random", "random"), ("heuristic", "heuristic"), ("heuristic", "random"),
               ("mcts:iterations=12", "heuristic")]
ME_AGENTS = [("random", "random"), ("heuristic", "heuristic"), ("random", "heuristic"),
             ("mcts:iterations=8", "heuristic")]


def cases() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for r, rules in enumerate(EDEN_RULES):
        for a, agents in enumerate(EDEN_AGENTS):
            for k in range(3 if a < 3 else 2):
                out.append({"game": "eden", "rules": rules, "agents": agents,
                            "index": r * 31 + a * 7 + k})
    for a, agents in enumerate(ME_AGENTS):
        for k in range(14 if a < 3 else 4):
            out.append({"game": "masseffect", "rules": "", "agents": agents,
                        "index": a * 20 + k})
    return out


def play(case: dict[str, Any]) -> tuple[str, str]:
    from skirmish.core.record import Record
    from tests.golden.replay import play_case

    game = play_case(case)
    name = f"{case['game']}-{case['index']:03d}.jsonl"
    return name, Record.of(game).to_jsonl()


def main() -> None:
    from tests.golden.replay import trace

    RECORDS.mkdir(exist_ok=True)
    todo = cases()
    traces: dict[str, Any] = {}
    with ProcessPoolExecutor(2) as pool:
        for name, text in pool.map(play, todo):
            (RECORDS / name).write_text(text)
            print(name, file=sys.stderr)
    for path in sorted(RECORDS.glob("*.jsonl")):
        traces[path.name] = trace(path.read_text())
    (HERE / "traces.json").write_text(json.dumps(traces, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
