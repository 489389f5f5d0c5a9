"""``skirmish render`` figures: the CPU time to draw the framed picture of a crowded table of
500, 2,000 and 10,000 bases (issue 43: "render linear", 2,000 bases <= 2 s, 10,000 <= 10 s).

Each table is a table file (JSON) read as the command reads it (``load_table``,
``load_picture``) and drawn as the command draws it (framed, labels on): the time is process
CPU time (``time.process_time``), so other work on the machine barely moves it. The tables
keep one density whatever their size: a base in every 5 x 5 cm square of a jittered grid
(25, 30 or 40 mm; 4.95 cm squares for 10,000 bases, the command's fields being at most
500 cm a side), two sides, a scenery element and a marker every 100 bases, so a linear
drawing takes time in proportion to the bases.
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path

from bench.workloads import crowded_table

#: The crowded tables are bench.workloads' (the side by side draws the same ones).
__all__ = ["crowded_table", "render_file", "render_seconds", "run"]


def render_file(path: Path) -> str:
    """The SVG ``skirmish render PATH`` writes (framed, labels on)."""
    from skirmish.cli.render_cmd import load_picture, load_table
    from skirmish.geometry.svg import render

    table = load_table(path)
    return render(load_picture(path, table), labels=True, frame=True)


def render_seconds(bases: int, repeats: int = 1) -> float:
    """The median process CPU time (s) to read and draw the crowded table of ``bases``."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"table-{bases}.json"
        path.write_text(json.dumps(crowded_table(bases)))
        times = []
        for _ in range(repeats):
            start = time.process_time()
            render_file(path)
            times.append(time.process_time() - start)
    return statistics.median(times)


def run() -> dict[str, float]:
    render_seconds(50)  # imports and caches out of the figures
    return {
        "render_500_bases_s": render_seconds(500, repeats=5),
        "render_2000_bases_s": render_seconds(2000, repeats=3),
        "render_10000_bases_s": render_seconds(10_000),
    }


if __name__ == "__main__":
    print(run())
