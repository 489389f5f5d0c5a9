"""Cards (Eden) or powers (ME:A) played without effect and resources left unspent (issue 49),
counted over a folder of matches written by ``skirmish selfplay`` (its records,
``game-NNNNN.jsonl``, and its ``selfplay.json``, which names the agents: seat A's and B's in
even matches, swapped in odd ones) or by ``skirmish ladder --log-dir`` (the records, and
``batch.ndjson``, whose lines name each game's two agents and their seats; only the games it
lists are read, so a ladder still being played is counted as far as it went): each record
is verified (re-played to its recorded state), then the game's count
(:func:`skirmish.games.eden.bots.waste.waste_of`,
:func:`skirmish.games.masseffect.bots.waste.waste_of`: :data:`COUNTS`) counts each seat's
waste, added up by agent.

    skirmish selfplay --agents mcts:expert,heuristic --games 100 --rounds 3 --out out/waste
    python -m bench.waste out/waste
    skirmish ladder --agents heuristic,mcts:expert --games 400 --log-dir out/ladder ...
    python -m bench.waste out/ladder

Prints each agent's results (wins-draws-losses, its score with a 95 % interval), then one
line per agent: on Eden, matches, cards played, cards without effect (heals on unwounded
fighters, AP given and left unused, Burn removed from nobody), and at the matches' ends the
SP and cards left, and the cards left that the last tactical phase would have paid for; on
ME:A, powers used and those without effect, and the Héroïsme spent, left, declined and kept
by declining.

``python -m bench.waste FOLDER --paired OTHER`` compares the first agent of two folders of the
same deals (the same ``--seed``, deals and rounds: one agent changed, the other kept) match by
match: each first agent's score, the mean difference with its 95 % interval, and how many
matches ended otherwise. The matches present in both are compared. Two ladder log folders of
the same game, seed and rounds compare likewise, game by game (the ladder's first agent:
``--agents heuristic,mcts:expert`` compares the heuristic's scores, so expert's difference is
the opposite), say the same ladder played at two commits.
"""

from __future__ import annotations

import importlib
import json
import math
import sys
from pathlib import Path
from typing import Any

from skirmish.core.record import verify_file
from skirmish.sim.logdir import MANIFEST, record_name


def _described(folder: Path) -> dict[str, Any]:
    """``folder``'s ``selfplay.json``: the agents, seed, deals and caps of its matches."""
    described = folder / "selfplay.json"
    if not described.is_file():
        raise ValueError(f"{folder}: not a skirmish selfplay folder (no selfplay.json)")
    meta: dict[str, Any] = json.loads(described.read_text())
    return meta


def _manifest(folder: Path) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """A log folder's ``batch.ndjson``: its description and its games' lines; ``None`` for a
    selfplay folder or a folder without one."""
    manifest = folder / MANIFEST
    if (folder / "selfplay.json").is_file() or not manifest.is_file():
        return None
    lines = [json.loads(line) for line in manifest.read_text().splitlines() if line]
    return (lines[0].get("description", {}) if lines else {}), lines[1:]


def seated(folder: Path) -> tuple[str, list[str], dict[Path, tuple[str, str]]]:
    """``folder``'s game, its agents, and each record with the agents at seats A and B: a
    selfplay folder's (:func:`_described`), or a ladder's log folder's (``batch.ndjson``:
    each game's pair, ``first`` and ``second``, and ``seats``, the seat of each)."""
    found = _manifest(folder)
    if found is not None:
        described, lines = found
        if described.get("kind") != "ladder":
            raise ValueError(f"{folder}: a log folder of a {described.get('kind')}, not of a "
                             "ladder or self-play")
        names: list[str] = list(described["agents"])
        games: dict[Path, tuple[str, str]] = {}
        for line in lines:
            result = line["result"]
            pair = (names[result["first"]], names[result["second"]])
            games[folder / record_name(int(line["game"]))] = (
                pair if result["seats"][0] == 0 else (pair[1], pair[0]))
        return str(described["game"]), names, dict(sorted(games.items()))
    if not (folder / "selfplay.json").is_file():
        raise ValueError(f"{folder}: not a skirmish selfplay folder nor a ladder's log folder "
                         f"(no selfplay.json, no {MANIFEST})")
    meta = _described(folder)
    agents: list[str] = meta["agents"]
    out: dict[Path, tuple[str, str]] = {}
    for path in sorted(folder.glob("game-*.jsonl")):
        index = int(path.stem.split("-")[1])
        out[path] = (agents[0], agents[1]) if index % 2 == 0 else (agents[1], agents[0])
    return str(meta.get("game")), agents, out


#: Each game's count of waste: its ``Waste`` (``add``, ``describe``) and ``waste_of``.
COUNTS = {"eden": "skirmish.games.eden.bots.waste",
          "masseffect": "skirmish.games.masseffect.bots.waste"}


def count(folder: Path) -> tuple[dict[str, Any], dict[str, list[int]]]:
    """Each agent's waste (the game's ``Waste``: Eden's :class:`Waste`, ME:A's
    :class:`skirmish.games.masseffect.bots.waste.Waste`) over the matches of ``folder`` (a
    selfplay or a ladder's log folder, :func:`seated`), and its results (wins, draws,
    losses)."""
    game_name, agents, records = seated(folder)
    if game_name not in COUNTS:
        raise ValueError(f"{folder}: no count of waste for {game_name} (only "
                         f"{', '.join(COUNTS)})")
    counted = importlib.import_module(COUNTS[game_name])
    totals = {name: counted.Waste(0) for name in dict.fromkeys(agents)}
    results = {name: [0, 0, 0] for name in totals}
    for path, seats in records.items():
        game = verify_file(path)
        outcome = game.outcome()
        for side, (name, seat) in enumerate(zip(seats, counted.waste_of(game), strict=True)):
            totals[name].add(seat)
            if outcome is not None:
                results[name][0 if outcome.winner == side else
                              1 if outcome.winner is None else 2] += 1
    return totals, results


def interval(wins: int, draws: int, losses: int) -> tuple[float, float, float]:
    """The score (a draw half a win) and its 95 % interval (normal approximation on the
    per-match scores)."""
    n = wins + draws + losses
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = (wins + draws / 2) / n
    var = (wins * (1 - mean) ** 2 + draws * (0.5 - mean) ** 2 + losses * mean ** 2) / n
    half = 1.96 * math.sqrt(var / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def report(totals: dict[str, Any], results: dict[str, list[int]] | None = None) -> str:
    lines = []
    for name, (wins, draws, losses) in (results or {}).items():
        score, low, high = interval(wins, draws, losses)
        lines.append(f"{name}: {wins}-{draws}-{losses}, {100 * score:.1f} % "
                     f"[{100 * low:.0f}, {100 * high:.0f}]")
    for name, w in totals.items():
        lines.append(f"{name}: {w.describe()}")
    return "\n".join(lines)


def _ladder_scores(folder: Path) -> tuple[dict[str, object], dict[int, float]] | None:
    """A ladder log folder's description (its game, seed and rounds, as ``deals``) and, by
    game, the score of the ladder's first agent (a draw 0.5), read from ``batch.ndjson``
    (``first``, ``second``: the agents' indices; ``winner``: 0 the first, 1 the second);
    ``None`` for a folder that is not a ladder's."""
    found = _manifest(folder)
    if found is None or found[0].get("kind") != "ladder":
        return None
    described, lines = found
    meta = {"game": described.get("game"), "seed": described.get("seed"),
            "deals": described.get("rounds"), "agents": described.get("agents")}
    scores: dict[int, float] = {}
    for line in lines:
        result = line["result"]
        winner = result.get("winner")
        if winner is None:
            scores[int(line["game"])] = 0.5
        else:
            scores[int(line["game"])] = float((result["first"], result["second"])[winner] == 0)
    return meta, scores


def _first_scores(folder: Path) -> tuple[dict[str, object], dict[int, float]]:
    """A selfplay folder's description and, by match, its first agent's score (a draw 0.5);
    a ladder's log folder's likewise (:func:`_ladder_scores`)."""
    ladder = _ladder_scores(folder)
    if ladder is not None:
        return ladder
    meta = _described(folder)
    scores: dict[int, float] = {}
    for path in sorted(folder.glob("game-*.jsonl")):
        index = int(path.stem.split("-")[1])
        outcome = verify_file(path).outcome()
        if outcome is None:
            continue
        side = index % 2  # the first agent sits at A in even matches, at B in odd ones
        scores[index] = 0.5 if outcome.winner is None else float(outcome.winner == side)
    return meta, scores


def paired(folder: Path, other: Path) -> dict[str, float]:
    """The first agents of two folders of the same deals, match by match: ``n`` matches in
    both, each agent's ``score``, the mean ``difference`` (``folder``'s less ``other``'s) and
    the ``half`` width of its 95 % interval, and the matches that ended ``changed``."""
    meta, mine = _first_scores(folder)
    theirs_meta, theirs = _first_scores(other)
    for key in ("game", "seed", "deals", "time_caps"):
        if meta.get(key) != theirs_meta.get(key):
            raise ValueError(f"{other}: not the same matches as {folder} ({key} "
                             f"{theirs_meta.get(key)!r}, not {meta.get(key)!r})")
    both = sorted(set(mine) & set(theirs))
    if len(both) < 2:
        raise ValueError(f"{other}: fewer than 2 finished matches in common with {folder}")
    differences = [mine[i] - theirs[i] for i in both]
    n = len(both)
    mean = sum(differences) / n
    var = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return {"n": n, "score": sum(mine[i] for i in both) / n,
            "other": sum(theirs[i] for i in both) / n, "difference": mean,
            "half": 1.96 * math.sqrt(var / n), "changed": sum(1 for d in differences if d)}


def main(argv: list[str] | None = None) -> None:  # pragma: no cover - a report for people
    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (1, 3) or (len(args) == 3 and args[1] != "--paired"):
        print("usage: python -m bench.waste FOLDER [--paired OTHER] (skirmish selfplay --out "
              "folders; FOLDER alone may be a skirmish ladder --log-dir)", file=sys.stderr)
        sys.exit(2)
    try:
        if len(args) == 3:
            p = paired(Path(args[0]), Path(args[2]))
            print(f"{p['n']:.0f} matches in common: {100 * p['score']:.1f} % against "
                  f"{100 * p['other']:.1f} %, {100 * p['difference']:+.1f} ± "
                  f"{100 * p['half']:.1f} points (95 %), {p['changed']:.0f} matches changed")
            return
        found = count(Path(args[0]))
    except ValueError as error:  # one line, exit 2
        print(f"bench.waste: {error}", file=sys.stderr)
        sys.exit(2)
    print(report(*found))


if __name__ == "__main__":  # pragma: no cover
    main()
