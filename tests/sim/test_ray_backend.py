"""The Ray backend on a local Ray instance (``ray.init(num_cpus=2)``): byte-identical reports
with the local processes for the same seed, for ``simulate``, ``matchup``, ``ladder`` and
``balance``, and Ctrl-C keeping the finished games.

One test function on purpose: starting Ray takes seconds, and one function runs in one
process (pytest-xdist may spread separate functions over processes, each starting its own
instance). ``make test`` installs the ``ray`` extra, so CI never skips it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.games.eden.demo import match_setup
from skirmish.sim.backends import LocalBackend, RayBackend, collect, ray_options
from skirmish.sim.runner import BatchSpec, GameSummary, collect_batch, play_one

ray = pytest.importorskip("ray", reason="the ray extra: pip install -e '.[ray]'")
runner = CliRunner()


class Stop(KeyboardInterrupt):
    pass


def _files(tmp: Path, name: str, args: list[str], outputs: tuple[str, ...]
           ) -> dict[str, bytes]:
    folder = tmp / name
    folder.mkdir()
    named = [part.replace("OUT", str(folder)) for part in args]
    result = runner.invoke(app, named)
    assert result.exit_code == 0, result.output
    return {o: (folder / o).read_bytes() for o in outputs}


def _without_timing(data: bytes) -> dict[str, Any]:
    report = json.loads(data)
    report.pop("timing", None)
    return dict(report)


def test_ray_plays_the_same_games_as_local_processes(tmp_path: Path) -> None:
    ray.init(num_cpus=2, object_store_memory=80 * 2**20, **ray_options())
    try:
        # the runner: the same summaries, in the same order
        spec = BatchSpec(match_setup(max_rounds=1), ("heuristic", "random"), 6, seed=8)
        assert collect_batch(spec, RayBackend()).results == collect_batch(
            spec, LocalBackend(1)).results

        # every batch command: the same report files, byte for byte
        commands = {
            "balance": (["balance", "--games", "16", "--agents", "random,random",
                         "--rounds", "1", "--bootstrap", "20", "--seed", "2",
                         "--json", "OUT/r.json", "--html", "OUT/r.html", "--png", "OUT/r.png",
                         "--quiet"], ("r.json", "r.html", "r.png")),
            "what-if": (["balance", "--what-if", "Yuri=20", "--table-troops", "3",
                         "--table-games", "2", "--agents", "random,random", "--rounds", "1",
                         "--bootstrap", "20", "--json", "OUT/w.json", "--quiet"], ("w.json",)),
            "matchup": (["matchup", "--troops", "Jokers,Bamaka", "--games", "4", "--rounds",
                         "1", "--agents", "random", "--json", "OUT/m.json", "--quiet"],
                        ("m.json",)),
            "simulate": (["simulate", "--games", "4", "--rounds", "1", "--json",
                          "OUT/s.json", "--quiet"], ("s.json",)),
            "ladder": (["ladder", "--agents", "random,heuristic", "--games", "2", "--rounds",
                        "1", "--json", "OUT/l.json", "--no-history", "--quiet"], ("l.json",)),
            # house rules (issue 47) travel with the spec to Ray's workers
            "house-rules": (["balance", "--games", "4", "--agents", "random,random",
                             "--rounds", "1", "--bootstrap", "20", "--house-rules",
                             "eden-tied-bid=chooses", "--json", "OUT/h.json",
                             "--log-dir", "OUT/logs", "--quiet"],
                            ("h.json",)),
        }
        for name, (args, outputs) in commands.items():
            local = _files(tmp_path, f"{name}-local", [*args, "--workers", "1"], outputs)
            on_ray = _files(tmp_path, f"{name}-ray", [*args, "--backend", "ray"], outputs)
            if name == "simulate":
                for files in (local, on_ray):
                    data = json.loads(files["s.json"])
                    data.pop("seconds"), data.pop("games_per_second")
                    files["s.json"] = json.dumps(data).encode()
            if name == "ladder":
                assert _without_timing(local["l.json"]) == _without_timing(on_ray["l.json"])
            else:
                assert local == on_ray, name
            if name == "house-rules":  # the workers' games played them: their records
                assert json.loads(on_ray["h.json"])["house_rules"] == {
                    "eden-tied-bid": "chooses"}
                played = tmp_path / "house-rules-ray" / "logs" / "fit-0" / "game-00003.jsonl"
                assert '"house_rules": {"eden-tied-bid": "chooses"}' in played.read_text()

        # Ctrl-C on Ray: the finished games are kept, the rest cancelled
        endless = BatchSpec(match_setup(max_rounds=1), ("random", "random"), 10**6, seed=1)
        seen: list[GameSummary] = []

        def stop_at_three(summary: GameSummary) -> None:
            seen.append(summary)
            if len(seen) == 3:
                raise Stop

        collected = collect(play_one, endless, endless.games, RayBackend(),
                            progress=stop_at_three)
        assert collected.cancelled and len(collected.results) == 3
        assert collected.results == [play_one(endless, s.index) for s in collected.results]
    finally:
        ray.shutdown()
