"""The learned evaluation's cost (issue 49): a shipped model read and evaluated in numpy.

``learned_<game>_eval_us``: one position (a seat's flat observation) through the game's
shipped model, the median of ``repeats`` batches of single evaluations, in microseconds
(issue 49's goal: at most 200, 0.2 ms a position). ``learned_<game>_leaf_us``: the whole leaf
of a search (both seats' views built and encoded, then evaluated) on a position in the
middle of a match. A game whose model is not shipped is skipped.
"""

from __future__ import annotations

import importlib
import time
from statistics import median

import numpy as np

MODELS = {"eden": "skirmish.games.eden.bots.search",
          "masseffect": "skirmish.games.masseffect.bots.search"}


def run(repeats: int = 7, per_batch: int = 200) -> dict[str, float]:
    from skirmish.core.ruleset import RULESETS
    from skirmish.learn.leaf import LearnedLeaf
    from skirmish.learn.model import ValueModel
    from skirmish.sim.ladder import make_deals

    out: dict[str, float] = {}
    for game, module in MODELS.items():
        path = importlib.import_module(module).LEARNED_MODEL
        if not path.exists():
            continue
        model = ValueModel.load(path)
        leaf = LearnedLeaf(model)
        match = RULESETS.get(game).new_game(dict(make_deals(game, games=2)[0].setup), seed=1)
        rows = leaf.rows(match)
        row = np.ascontiguousarray(rows[0])
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            for _ in range(per_batch):
                model.evaluate(row)
            times.append((time.perf_counter() - start) / per_batch)
        out[f"learned_{game}_eval_us"] = median(times) * 1e6
        leaves = []
        for _ in range(repeats):
            start = time.perf_counter()
            for _ in range(20):
                leaf(match)
            leaves.append((time.perf_counter() - start) / 20)
        out[f"learned_{game}_leaf_us"] = median(leaves) * 1e6
    return out


if __name__ == "__main__":
    print(run())
