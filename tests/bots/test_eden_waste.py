"""Issue 49: the waste counted in Eden matches (skirmish.games.eden.bots.waste): a heal on an
unwounded fighter, AP given and left unused, and what is left at the end; the bench's
report over a folder of self-play matches."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from skirmish.core import Game
from skirmish.core.dice import ScriptedDice
from skirmish.games.eden.bots.tactics import NGOBO_ON_ONE_CP
from skirmish.games.eden.bots.tactics_board import Spot, table
from skirmish.games.eden.bots.tactics_second import (
    heal_the_wounded,
    stimulants_for_the_second_blow,
)
from skirmish.games.eden.bots.waste import Waste, waste_in, waste_of
from skirmish.learn.selfplay import SelfplaySpec, run_selfplay
from skirmish.sim.backends import LocalBackend
from skirmish.sim.ladder import make_deals


def _to_the_end(game: Game, first: list[str]) -> list[str]:
    """``first``, then a pass (or the first legal action) at each decision to the end."""
    played = game.copy()
    for text in first:
        played.apply(text)
    while not played.is_over:
        legal = list(played.legal_actions())
        played.apply(next((a for a in legal if a.verb in ("pass", "end")), legal[0]))
    return [str(a) for a in played.history[len(game.history):]]


def test_a_heal_on_an_unwounded_fighter_is_counted_and_one_on_the_wounded_is_not() -> None:
    game = heal_the_wounded()
    a, b = waste_in(game, _to_the_end(game, ["play Medical-supplies A.Mirka"]))
    assert (a.cards, a.heals_on_unwounded, a.without_effect) == (1, 1, 1)
    assert (b.cards, b.without_effect) == (0, 0)
    a, _ = waste_in(game, _to_the_end(game, ["play Medical-supplies A.Vladd"]))
    assert (a.cards, a.heals_on_unwounded) == (1, 0)
    assert a.sp_left == 2 and a.cards_left == 0


def test_ap_given_to_a_fighter_who_never_spends_it_are_counted() -> None:
    game = stimulants_for_the_second_blow()
    a, _ = waste_in(game, _to_the_end(game, ["play Stimulants A.Mirka"]))  # spent: no use
    assert (a.cards, a.ap_unused) == (1, 1)
    a, _ = waste_in(game, _to_the_end(game, ["play Stimulants A.Vladd", "end"]))
    assert a.ap_unused == 1  # Vladd ends his activation with his 4 AP
    a, _ = waste_in(game, _to_the_end(game, ["pass"]))
    assert (a.cards, a.without_effect) == (0, 0)
    assert (a.sp_left, a.cards_left) == (4, 1)


def test_what_is_left_at_the_end_and_whether_it_could_be_paid_for() -> None:
    game = heal_the_wounded()
    a, b = waste_in(game, _to_the_end(game, ["pass"]))
    assert (a.sp_left, a.cards_left, a.cards_left_playable) == (4, 1, 1)
    assert (b.sp_left, b.cards_left, b.cards_left_playable) == (0, 0, 0)
    total = Waste(0)
    total.add(a)
    total.add(b)
    assert (total.matches, total.sp_left, total.cards_left) == (2, 4, 1)


def test_a_card_passed_up_in_the_last_round_with_the_sp_kept_is_counted() -> None:
    """Round 3 of 3: A passes the tactical phase holding Medical supplies (a heal on the
    wounded Vladd offered) and ends the match with its 4 SP: a card passed up."""
    game = heal_the_wounded()
    a, b = waste_in(game, _to_the_end(game, ["pass"]))
    assert (a.cards_passed_up, b.cards_passed_up) == (1, 0)
    assert (a.sp_left, a.sp_left_unspendable) == (4, 0)  # the phase offered the card
    a, _ = waste_in(game, _to_the_end(game, ["play Medical-supplies A.Vladd"]))
    assert (a.cards_left, a.cards_passed_up) == (0, 0)  # played: nothing passed up
    # nobody wounded: only plays that change nothing offered, so no card passed up
    unwounded = table([Spot("Vladd", 20, 20, spent=True, equipment=()),
                       Spot("Mirka", 5, 55, spent=True)],
                      [Spot("Sekongo", 30, 35, spent=True, equipment=()),
                       Spot("Dacke", 50, 50, spent=True)],
                      leaders=("Mirka", "Dacke"), hands=(("Medical supplies",), ()),
                      sp=(4, 0), until="tactical")
    a, _ = waste_in(unwounded, _to_the_end(unwounded, ["pass"]))
    assert (a.cards_left, a.sp_left, a.cards_passed_up) == (1, 4, 0)
    assert a.cards_left_leaderless == 0  # Mirka, A's leader, still stands


def test_cards_left_by_a_seat_whose_leader_fell_are_told_apart() -> None:
    """Vladd takes out B's leader Ngobo (forced sixes): B keeps his Stimulants and 4 SP to
    the end, as no card may be played without the leader (Rulebook 4.B)."""
    game = table([Spot("Vladd", 30, 30, equipment=()), Spot("Dacke", 5, 5, spent=True)],
                 [Spot("Ngobo Quick-Arm", 30, 33, checked=NGOBO_ON_ONE_CP, spent=True,
                       equipment=()), Spot("Tarar", 50, 50, spent=True)],
                 leaders=("Dacke", "Ngobo Quick-Arm"), hands=((), ("Stimulants",)),
                 sp=(0, 4), steps=["activate A.Vladd"])
    game.dice = ScriptedDice([6] * 10 + [1, 2] * 100)  # then every tied bid won by A
    played = _to_the_end(game, ["attack A.Vladd B.Ngobo-Quick-Arm", "react passive",
                                "aim head"])
    _, b = waste_in(game, played)
    assert (b.cards_left, b.cards_left_leaderless, b.sp_left, b.cards_passed_up) == \
        (1, 1, 4, 0)
    # round 3: A chooses the first player (B's leader fell, Rulebook 4.B), and B may play
    # no card: his 4 SP could buy nothing in the last round
    assert b.sp_left_unspendable == 4


def test_the_bench_counts_a_selfplay_folder_by_agent(tmp_path: Path) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench import waste

    deals = make_deals("eden", games=10**9, rounds=1)
    run_selfplay(SelfplaySpec("eden", ("heuristic", "random"), 2, deals, str(tmp_path), 3),
                 LocalBackend(1))
    totals, results = waste.count(tmp_path)
    assert set(totals) == {"heuristic", "random"}
    assert all(w.matches == 2 for w in totals.values())
    from skirmish.core.record import verify_file

    first = [waste_of(verify_file(p)) for p in sorted(tmp_path.glob("game-*.jsonl"))]
    heuristic_cards = first[0][0].cards + first[1][1].cards  # seat A, then B
    assert totals["heuristic"].cards == heuristic_cards
    assert "heuristic: 2 matches" in waste.report(totals)
    assert sum(results["heuristic"]) == 2 and results["heuristic"][0] == results["random"][2]
    assert results["heuristic"][1] == results["random"][1]
    text = waste.report(totals, results)
    wins, draws, losses = results["heuristic"]
    assert text.startswith(f"heuristic: {wins}-{draws}-{losses}, ")
    assert waste.interval(3, 0, 1)[0] == 0.75 and waste.interval(1, 2, 1)[0] == 0.5
    low, high = waste.interval(30, 0, 10)[1:]
    assert 0.6 < low < 0.75 < high < 0.9


def test_the_bench_counts_a_ladders_log_folder_by_the_seats_its_manifest_names(
        tmp_path: Path) -> None:
    """A ladder's log folder (``skirmish ladder --log-dir``) is counted as a selfplay folder
    is: each game's agents at A and B read from its line in ``batch.ndjson`` (the pair's
    first agent at B in odd games), only the games listed there (one being played, not yet
    listed, is left out)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench import waste
    from typer.testing import CliRunner

    from skirmish.cli.main import app
    from skirmish.core.record import verify_file

    logs = tmp_path / "logs"
    result = CliRunner().invoke(app, [
        "ladder", "--agents", "heuristic,random", "--games", "2", "--rounds", "1", "--seed", "4",
        "--quiet", "--workers", "1", "--no-history", "--log-dir", str(logs)])
    assert result.exit_code == 0, result.output
    game_name, agents, records = waste.seated(logs)
    assert (game_name, agents) == ("eden", ["heuristic", "random"])
    assert list(records.values()) == [("heuristic", "random"), ("random", "heuristic")]
    (logs / "game-00002.jsonl").write_text("a game under way\n")  # not in the manifest
    totals, results = waste.count(logs)
    seats = [waste_of(verify_file(path)) for path in records]
    assert totals["heuristic"].cards == seats[0][0].cards + seats[1][1].cards
    assert totals["random"].sp_left == seats[0][1].sp_left + seats[1][0].sp_left
    assert all(w.matches == 2 for w in totals.values())
    lines = [json.loads(line) for line in (logs / "batch.ndjson").read_text().splitlines()]
    won = [line["result"]["winner"] for line in lines[1:]]  # 0: the pair's first, heuristic
    assert results["heuristic"] == [won.count(0), won.count(None), won.count(1)]
    (logs / "batch.ndjson").write_text(json.dumps({"batch": "x", "description": {
        "kind": "balance", "game": "eden"}}) + "\n")
    with pytest.raises(ValueError, match="a log folder of a balance, not of a ladder"):
        waste.seated(logs)


def test_the_bench_refuses_a_folder_that_is_not_self_play_in_one_line(tmp_path: Path) -> None:
    import subprocess

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-m", "bench.waste", str(tmp_path)], cwd=root,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == f"bench.waste: {tmp_path}: not a skirmish selfplay folder " \
                                  "nor a ladder's log folder (no selfplay.json, no batch.ndjson)"


def test_the_bench_pairs_two_folders_of_the_same_deals_match_by_match(tmp_path: Path) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench import waste

    from skirmish.core.record import verify_file

    deals = make_deals("eden", games=10**9, rounds=1)
    folders = {}
    for name, agents, seed in (("first", ("heuristic", "random"), 3),
                               ("second", ("random", "random"), 3),
                               ("other", ("random", "random"), 4)):
        folders[name] = tmp_path / name
        run_selfplay(SelfplaySpec("eden", agents, 4, deals, str(folders[name]), seed),
                     LocalBackend(1))

    def first_agent(folder: Path) -> list[float]:  # the first agent's score, match by match
        scores = []
        for i, path in enumerate(sorted(folder.glob("game-*.jsonl"))):
            winner = verify_file(path).outcome().winner  # type: ignore[union-attr]
            scores.append(0.5 if winner is None else float(winner == i % 2))
        return scores

    a, b = first_agent(folders["first"]), first_agent(folders["second"])
    found = waste.paired(folders["first"], folders["second"])
    assert found["n"] == 4 and found["score"] == sum(a) / 4 and found["other"] == sum(b) / 4
    assert abs(found["difference"] - (sum(a) - sum(b)) / 4) < 1e-12
    assert found["changed"] == sum(1 for x, y in zip(a, b, strict=True) if x != y)
    same = waste.paired(folders["first"], folders["first"])
    assert (same["difference"], same["half"], same["changed"]) == (0.0, 0.0, 0)
    with pytest.raises(ValueError, match=r"not the same matches .*\(seed 4, not 3\)"):
        waste.paired(folders["first"], folders["other"])


def _last_bid() -> Game:
    """Round 3 of 3 begins (every fighter spent in round 2): the secret bids, A with 6 SP and
    no card, B with 2 SP."""
    game = table([Spot("Vladd", 20, 20, spent=True, equipment=()), Spot("Mirka", 5, 55,
                                                                         spent=True)],
                 [Spot("Sekongo", 30, 35, spent=True, equipment=()), Spot("Dacke", 50, 50,
                                                                          spent=True)],
                 leaders=("Mirka", "Dacke"), sp=(6, 2), until="secret-bid")
    assert game.decision().kind == "secret-bid" and game.decision().player == 0
    return game


def test_sp_left_that_a_surer_last_bid_could_have_used_are_told_apart() -> None:
    # B holds 2 SP: a bid of 3 wins for certain, so of A's 6 SP a bid of 1 left 2 that could
    # still have bought the first activation; the rest could buy nothing (no card in hand)
    game = _last_bid()
    a, _ = waste_in(game, _to_the_end(game, ["bid 1"]))
    assert (a.sp_left, a.sp_left_usable) == (5, 2)
    a, _ = waste_in(game, _to_the_end(game, ["bid 3"]))
    assert (a.sp_left, a.sp_left_usable) == (3, 0)  # a higher bid would buy nothing more
    # a card passed up adds its cost (heal-the-wounded: Medical supplies passed, 4 SP)
    healing = heal_the_wounded()
    a, _ = waste_in(healing, _to_the_end(healing, ["pass"]))
    assert (a.sp_left, a.cards_passed_up, a.sp_left_usable) == (4, 1, 2)


def test_the_bench_pairs_two_ladder_folders_game_by_game(tmp_path: Path) -> None:
    """Two log folders of the same ladder (game, seed, rounds) played with one agent changed
    compare game by game: the ladder's first agent's score, read from ``batch.ndjson``."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench import waste
    from typer.testing import CliRunner

    from skirmish.cli.main import app

    def ladder(name: str, agents: str, seed: str) -> Path:
        logs = tmp_path / name
        result = CliRunner().invoke(app, [
            "ladder", "--agents", agents, "--games", "4", "--rounds", "1", "--seed", seed,
            "--quiet", "--workers", "1", "--no-history", "--log-dir", str(logs)])
        assert result.exit_code == 0, result.output
        return logs

    first, second = ladder("a", "heuristic,random", "4"), ladder("b", "random,heuristic", "4")

    def scores(logs: Path) -> list[float]:  # the first agent's, from each game's result
        out = []
        for line in (logs / "batch.ndjson").read_text().splitlines()[1:]:
            result = json.loads(line)["result"]
            winner = result["winner"]
            out.append(0.5 if winner is None else
                       float((result["first"], result["second"])[winner] == 0))
        return out

    a, b = scores(first), scores(second)
    found = waste.paired(first, second)
    assert found["n"] == 4 and found["score"] == sum(a) / 4 and found["other"] == sum(b) / 4
    assert found["changed"] == sum(1 for x, y in zip(a, b, strict=True) if x != y)
    with pytest.raises(ValueError, match=r"not the same matches .*\(seed 5, not 4\)"):
        waste.paired(first, ladder("c", "random,heuristic", "5"))
