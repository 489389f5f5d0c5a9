"""A table of 10,000 bases draws (issue 43, "render linear"): read from its table file and
drawn framed as ``skirmish render`` does, every base, marker and scenery element gets its
label, and no two labels overlap. (Its speed is in ``bench/render.py``, not here.)"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from bench.render import crowded_table, render_file

from skirmish.geometry.labels import Box, Grid, overlap

NS = "{http://www.w3.org/2000/svg}"


#: The SVG writes 2 decimals: boxes that touch may seem to overlap by up to 0.01 px.
ROUNDING = 0.01


def label_boxes(svg: str) -> list[Box]:
    """The label boxes of a framed picture, each shrunk by the SVG's rounding all round."""
    return [(float(r.get("x", 0)) + ROUNDING, float(r.get("y", 0)) + ROUNDING,
             float(r.get("width", 0)) - 2 * ROUNDING, float(r.get("height", 0)) - 2 * ROUNDING)
            for r in ET.fromstring(svg).iter(NS + "rect") if r.get("class") == "label-box"]


def test_a_table_of_10000_bases_gets_every_label_and_none_overlap(tmp_path: Path) -> None:
    data = crowded_table(10_000)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data))
    svg = render_file(path)
    boxes = label_boxes(svg)
    assert len(data["bases"]) == 10_000
    assert len(boxes) == len(data["bases"]) + len(data["markers"]) + len(data["elements"])
    side = data["field"]["width"] * 10  # px
    seen = Grid()
    for box in boxes:
        x, y, w, h = box
        assert x >= 0 and x + w <= side and y >= 0 and y + h <= side  # on the field
        clashes = [boxes[k] for k in seen.near(x, y, x + w, y + h) if overlap(box, boxes[k])]
        assert not clashes, (box, clashes)
        seen.add(x, y, x + w, y + h)
