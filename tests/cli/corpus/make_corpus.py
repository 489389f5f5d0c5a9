"""The bad-input corpus of the command line (issue 11, points 3 and 4).

``make_corpus(root)`` writes small files into ``root`` and returns the cases (the cases
written here by hand, then those generate.py makes class by class): each is a
``skirmish`` command line that must end with exit code 2, exactly one line on stderr (naming
the file, field or option at fault: ``expect``), no traceback, within the time and memory
bounds (tests/cli/test_bad_input_corpus.py runs them).

    python tests/cli/corpus/make_corpus.py DIR    # writes the files, prints the cases
"""

from __future__ import annotations

import copy
import json
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    from .generate import GENERATED, generated_cases
except ImportError:  # run as a script: python tests/cli/corpus/make_corpus.py DIR
    from generate import GENERATED, generated_cases  # type: ignore[no-redef]

#: The classes of bad input (issue 11, points 3 and 4).
CLASSES = {
    "missing": "missing or unreadable files (a folder where a file is expected)",
    "utf8": "files that are not UTF-8",
    "deep": "deeply nested YAML/JSON",
    "alias": "YAML alias/anchor bombs",
    "record": "wrong JSON types in records",
    "table": "NaN, infinite, negative or zero sizes in tables",
    "setup": "NaN, infinite or out-of-range numbers and wrong types in set-ups",
    "content": "card values out of range (Str(999999999) ...)",
    "unknown": "unknown --kind, faction, troop and card names",
    "self": "an attacker attacking himself",
    "odds": "odds beyond the documented limits",
    "output": "output paths that cannot be written, refused before the work",
    "usage": "bad options and arguments",
    "big": "files near 1 MB",
    **GENERATED,
}


@dataclass(frozen=True)
class Case:
    id: str
    cls: str
    args: tuple[str, ...]
    expect: str  # a text the error line must contain
    fsize: int | None = None  # a file-size limit (bytes): a full disk, in its own process

    def __post_init__(self) -> None:
        assert self.cls in CLASSES, self.cls


def _write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def _bomb(levels: int = 9, width: int = 9) -> tuple[str, str]:
    """Anchors (as YAML list items) and the alias of the last: ~9**9 values expanded."""
    items = ["- &a0 [" + ",".join(["lol"] * width) + "]"]
    items += [f"- &a{i} [" + ",".join([f"*a{i - 1}"] * width) + "]" for i in range(1, levels)]
    return "\n".join(items), f"*a{levels - 1}"


def _setup() -> dict[str, Any]:
    from skirmish.games.eden.demo import match_setup

    return match_setup(max_rounds=1)


FIGHTER = """fighters:
- name: Zed
  faction: Jokers
  stigma: Chaos
  types: [Human]
  value: 15
  limbs:
    head: {white_cp: 1, red_cp: 1, white: 3, red: 2, faces: [1]}
    arms: {white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [2, 3]}
    torso: {white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [4, 5]}
    legs: {white_cp: 2, red_cp: 1, white: 4, red: 3, faces: [6]}
  equipment: [Pistol]
"""


def make_corpus(root: Path) -> list[Case]:
    """Write the corpus's files under ``root``; the cases, in a stable order."""
    root = Path(root)
    cases: list[Case] = []

    def case(id: str, cls: str, *args: str | Path, expect: str = "") -> None:
        cases.append(Case(id, cls, tuple(str(a) for a in args), expect))

    def content(name: str, text: str | bytes, file: str = "cards.yaml") -> Path:
        folder = root / name
        _write(folder / file, text)
        return folder

    good_troop = _write(root / "good_troop.yaml", "type: faction\nfighters: [Yuri, Vladd]\n")
    table = {"field": {"width": 60, "height": 60},
             "bases": [{"id": "A.Yuri", "x": 10, "y": 10, "diameter_mm": 30}]}
    good_table = _write(root / "good_table.json", json.dumps(table))
    a_file = _write(root / "a_file.txt", "not a folder\n")
    folder = root / "a_folder.yaml"
    folder.mkdir(parents=True, exist_ok=True)
    missing = root / "missing"

    # -- missing or unreadable files -------------------------------------------------------
    case("troop-missing", "missing", "troop", "validate", missing / "t.yaml",
         expect="t.yaml")
    case("troop-folder", "missing", "troop", "validate", folder, expect="a_folder.yaml")
    case("render-missing", "missing", "render", missing / "t.json", expect="t.json")
    case("replay-missing", "missing", "replay", missing / "g.jsonl", expect="g.jsonl")
    case("simulate-setup-missing", "missing", "simulate", "--setup", missing / "s.json",
         "--quiet", expect="s.json")
    case("simulate-troop-missing", "missing", "simulate", "--troop-a", missing / "a.yaml",
         "--quiet", expect="a.yaml")
    case("odds-setup-missing", "missing", "odds", "melee", "--attacker", "Vladd", "--target",
         "Abama", "--setup", missing / "s.json", expect="s.json")
    case("print-troop-missing", "missing", "cards", "print", "--troop", missing / "t.yaml",
         "--out", root / "o.html", expect="t.yaml")
    case("content-missing", "missing", "cards", "--content", missing / "cards",
         expect="cards")
    case("play-resume-missing", "missing", "play", "--resume", missing / "g.jsonl",
         expect="g.jsonl")
    case("play-troop-missing", "missing", "play", "--troop-a", missing / "a.yaml",
         expect="a.yaml")
    case("replay-table-at-missing", "missing", "replay", missing / "g.jsonl", "--table-at",
         "1", "--out", root / "o.svg", expect="g.jsonl")
    case("demo-content-missing", "missing", "demo", "--content", missing / "cards",
         expect="cards")
    case("odds-content-missing", "missing", "odds", "compare", "--attacker", "Vladd",
         "--target", "Abama", "--content", missing / "cards", expect="cards")
    case("print-pdf-folder", "missing", "cards", "print", "--troop", good_troop, "--out",
         folder, expect="a_folder.yaml")
    dir_inside = content("dir_in_content", "", "ok.yaml")
    (dir_inside / "sub.yaml").mkdir(exist_ok=True)
    case("content-file-is-folder", "missing", "cards", "--content", dir_inside,
         expect="sub.yaml")

    # -- not UTF-8 -------------------------------------------------------------------------
    latin = "fighters:\n- name: Zoë\n".encode("latin-1")
    case("content-latin1", "utf8", "cards", "--content", content("latin1", latin),
         expect="not UTF-8")
    case("troop-latin1", "utf8", "troop", "validate",
         _write(root / "latin1_troop.yaml", b"fighters: [Zo\xeb]\n"), expect="not UTF-8")
    case("render-latin1", "utf8", "render",
         _write(root / "latin1_table.json", b'{"bases": [{"id": "Zo\xeb"}]}'),
         "--out", root / "o.svg", expect="not UTF-8")
    case("setup-latin1", "utf8", "simulate", "--setup",
         _write(root / "latin1_setup.json", b'{"troops": "\xff"}'), "--quiet",
         expect="not UTF-8")
    case("replay-latin1", "utf8", "replay",
         _write(root / "latin1.jsonl", b'{"type": "header\xff"}\n'), expect="UTF-8")

    # -- deeply nested ---------------------------------------------------------------------
    case("content-deep-flow", "deep", "cards", "--content",
         content("deep_flow", "fighters: " + "[" * 50_000 + "]" * 50_000 + "\n"),
         expect="nest")
    block = "".join("  " * i + "-\n" for i in range(200)) + "  " * 200 + "- x\n"
    case("content-deep-block", "deep", "cards", "--content",
         content("deep_block", "fighters:\n" + block), expect="nested more than")
    case("troop-deep-json", "deep", "troop", "validate",
         _write(root / "deep_troop.json", "[" * 100_000 + "]" * 100_000), expect="nested")
    case("render-deep", "deep", "render",
         _write(root / "deep_table.json", '{"bases": ' + "[" * 100_000 + "]" * 100_000 + "}"),
         "--out", root / "o.svg", expect="nested")
    case("setup-deep-yaml", "deep", "simulate", "--setup",
         _write(root / "deep_setup.yaml", "troops: " + "[" * 20_000 + "]" * 20_000 + "\n"),
         "--quiet", expect="nest")
    case("replay-deep", "deep", "replay", _write(root / "deep.jsonl", "[" * 100_000 + "\n"),
         expect="deep.jsonl")

    # -- YAML alias bombs ------------------------------------------------------------------
    anchors, alias = _bomb()
    case("content-bomb", "alias", "cards", "--content",
         content("bomb", f"npfs:\n{anchors}\nsample: {alias}\n"), expect="alias")
    troop_bomb = _write(root / "bomb_troop.yaml", f"fighters:\n{anchors}\nbudget: {alias}\n")
    case("troop-bomb", "alias", "troop", "validate", troop_bomb, expect="alias")
    case("print-bomb", "alias", "cards", "print", "--troop", troop_bomb, "--out",
         root / "o.html", expect="alias")
    case("setup-bomb", "alias", "simulate", "--setup",
         _write(root / "bomb_setup.yaml", f"scenery:\n{anchors}\nfield: {alias}\n"),
         "--quiet", expect="alias")
    case("content-merge-key", "alias", "cards", "--content",
         content("merge", "tactical:\n- &t {name: A}\n- {<<: *t, name: B}\n"),
         expect="alias")

    # -- wrong JSON types in records -------------------------------------------------------
    header = {"type": "header", "ruleset": "eden", "engine": "0.1.0", "seed": 3,
              "dice": {"kind": "seeded", "seed": 3, "counter": 0},
              "setup": copy.deepcopy(_setup())}
    r_setup = _write(root / "r_setup.jsonl", json.dumps({**header, "setup": [1, 2]}) + "\n")
    case("record-setup-list", "record", "replay", "--verify", r_setup, expect="r_setup.jsonl")
    # Without --verify the replay command does not name the file yet (docs: known gap).
    case("record-setup-list-replay", "record", "replay", r_setup, expect="setup")
    case("record-player-text", "record", "replay",
         _write(root / "r_player.jsonl", json.dumps(header) + "\n"
                + json.dumps({"type": "action", "player": "zero", "action": "bid 1"}) + "\n"),
         expect="r_player.jsonl")
    case("record-no-header", "record", "replay", "--verify",
         _write(root / "r_nohead.jsonl", '{"type": "action"}\n'), expect="r_nohead.jsonl")
    bad_setup = copy.deepcopy(header)
    bad_setup["setup"]["field"] = [0, 0]
    r_field = _write(root / "r_field.jsonl", json.dumps(bad_setup) + "\n")
    case("record-zero-field", "record", "replay", "--verify", r_field, expect="r_field.jsonl")
    case("record-zero-field-replay", "record", "replay", r_field, expect="setup.field[0]")
    # issue 46: a header whose dice are a list (was an internal error, exit 1)
    r_dice = _write(root / "r_dice.jsonl", json.dumps({**header, "dice": []}) + "\n")
    case("record-dice-list-replay", "record", "replay", r_dice, expect="r_dice.jsonl")
    case("record-dice-list-verify", "record", "replay", "--verify", r_dice,
         expect="r_dice.jsonl")
    # issue 46: a 5 MB action (quoted twice by the error) gives a line cut to MAX_LINE
    huge = json.dumps({"type": "action", "player": 0, "action": "x" * 5_000_000})
    r_huge = _write(root / "r_huge.jsonl", json.dumps(header) + "\n" + huge + "\n")
    case("record-huge-action", "big", "replay", r_huge, expect="more characters")

    # -- tables ----------------------------------------------------------------------------
    def bad_table(id: str, text: str, expect: str) -> None:
        case(id, "table", "render", _write(root / f"{id}.json", text), "--out",
             root / "o.svg", expect=expect)

    bad_table("table-nan-width", '{"field": {"width": NaN, "height": 60}}', "NaN")
    bad_table("table-negative-width", '{"field": {"width": -60, "height": 60}}',
              "field.width")
    bad_table("table-zero-field", '{"field": {"width": 0, "height": 0}}', "field.width")
    bad_table("table-inf-base", '{"bases": [{"id": "A", "x": 1e999, "y": 3}]}', "bases[0].x")
    bad_table("table-negative-radius",
              '{"elements": [{"id": "rock", "circle": [10, 10, -3]}]}', "circle radius")
    bad_table("table-bases-number", '{"bases": 5}', "bases")
    bad_table("table-base-no-x", '{"bases": [{"id": "A", "y": 3}]}', "'x'")
    bad_table("table-list", "[1, 2, 3]", "expected an object")

    # -- set-ups ---------------------------------------------------------------------------
    def bad_setup_case(id: str, change: Any, expect: str, suffix: str = ".json") -> None:
        data = copy.deepcopy(_setup())
        change(data)
        text = json.dumps(data).replace("Infinity", "1e400")
        case(id, "setup", "simulate", "--setup", _write(root / f"{id}{suffix}", text),
             "--games", "100000", "--quiet", expect=expect)

    def at(value: Any) -> Any:
        def change(data: dict[str, Any]) -> None:
            data["troops"][0]["fighters"][0]["at"] = value
        return change

    bad_setup_case("setup-zero-field", lambda d: d.update(field=[0, 0]), "setup.field[0]")
    bad_setup_case("setup-inf-field", lambda d: d.update(field=[float("inf"), 60]),
                   "setup.field[0]")
    bad_setup_case("setup-rounds-0", lambda d: d.update(max_rounds=0), "setup.max_rounds")
    bad_setup_case("setup-budget-text", lambda d: d.update(budget="lots"), "setup.budget")
    bad_setup_case("setup-troops-text", lambda d: d.update(troops="x"), "setup.troops")
    bad_setup_case("setup-fighters-number",
                   lambda d: d["troops"][1].update(fighters=5), "setup.troops[1].fighters")
    bad_setup_case("setup-at-nan", at([float("nan"), 3]), "NaN")
    bad_setup_case("setup-at-inf", at([float("inf"), 3]), "at[0]")
    nan_field = {**_setup(), "field": ["NAN", 60]}  # YAML's .nan, which JSON cannot write
    case("setup-yaml-nan", "setup", "simulate", "--setup",
         _write(root / "setup_nan.yaml", json.dumps(nan_field).replace('"NAN"', ".nan")),
         "--quiet", expect="setup.field[0]")
    bad_setup_case(
        "setup-cbt-billion",
        lambda d: d["troops"][0]["fighters"][0]["profile"]["limbs"]["arms"].update(
            white=999_999_999), "limbs.arms.white")
    bad_setup_case(
        "setup-effect-delta",
        lambda d: d.update(abilities=[{"name": "Huge", "effects": [
            {"effect": "modify", "characteristic": "CBT", "delta": 10**9}]}]), "delta")
    bad_setup_case("setup-str-billion",
                   lambda d: d.update(equipment=["Gun (Shooting): Range(20), Str(999999999)"]),
                   "Str(999999999)")
    case("setup-yaml-list", "setup", "simulate", "--setup",
         _write(root / "setup_list.yaml", "- 1\n- 2\n"), "--quiet", expect="setup_list.yaml")
    case("odds-setup-bad", "setup", "odds", "melee", "--attacker", "Vladd", "--target",
         "Abama", "--setup", root / "setup-cbt-billion.json", expect="limbs.arms.white")

    # -- content values --------------------------------------------------------------------
    def bad_content(id: str, text: str, expect: str, *extra: str) -> None:
        case(id, "content", "cards", "--content", content(id, text), *extra, expect=expect)

    bad_content("content-str-billion",
                "equipment:\n- 'Gun (Shooting): Range(20), Str(999999999)'\n", "Str(999999999)")
    bad_content("content-value-billion", FIGHTER.replace("value: 15", "value: 1000000000"),
                "field 'value'")
    bad_content("content-shape-nan",
                "scenery:\n- {name: Rock, shape: [[0, 0], [1, .nan], [1, 1]]}\n", "shape")
    bad_content("content-effect-delta",
                "abilities:\n- {name: Huge, effects: [{effect: modify, characteristic: CBT, "
                "delta: 1000000000}]}\n", "delta")
    bad_content("content-keyword-value",
                "scenery:\n- {name: Rock, radius: 2, keywords: ['Obstacle(99999999)']}\n",
                "Obstacle")
    bad_content("content-huge-int", f"fighters:\n- {{name: Zed, value: {'9' * 5000}}}\n",
                "cards.yaml")
    bad_content("content-long-notation", f"equipment:\n- 'Gun (Shooting): {'x' * 10_000}'\n",
                "500 characters")
    bad_content("content-effect-nameless", "abilities:\n- {name: Odd, effects: [{delta: 1}]}\n",
                "effects[0]")
    case("simulate-content-str", "content", "simulate", "--content",
         content("str_weapon", "equipment:\n- 'Pistol (Shooting): Range(20), Str(999999999)'\n"),
         "--quiet", expect="Str(999999999)")

    # -- unknown names ---------------------------------------------------------------------
    case("cards-kind", "unknown", "cards", "--kind", "weapons", expect="--kind")
    case("cards-faction", "unknown", "cards", "--faction", "Elves", expect="Elves")
    case("cards-show", "unknown", "cards", "show", "Nobody", expect="Nobody")
    case("troop-new-faction", "unknown", "troop", "new", "--faction", "Elves", "--fighters",
         "Yuri", "--out", root / "new.yaml", expect="Elves")
    case("simulate-faction", "unknown", "simulate", "--troop-a", "Elves", "--quiet",
         expect="Elves")
    case("matchup-faction", "unknown", "matchup", "--troops", "Jokers,Elves", "--games",
         "100000", "--quiet", expect="Elves")
    case("soak-faction", "unknown", "soak", "--pairings", "Elves:Jokers", "--matches",
         "100000", "--quiet", expect="Elves")
    case("odds-fighter", "unknown", "odds", "burn", "--fighter", "Nobody", expect="Nobody")
    case("troop-unknown-fighter", "unknown", "troop", "validate",
         _write(root / "elf_troop.yaml", "fighters: [Legolas]\n"), expect="Legolas")

    # -- an attacker attacking himself -----------------------------------------------------
    case("odds-melee-self", "self", "odds", "melee", "--attacker", "Vladd", "--target",
         "vladd", expect="same fighter")
    case("odds-shoot-self", "self", "odds", "shoot", "--attacker", "Tarar", "--target",
         "Tarar", expect="same fighter")
    case("odds-redirect-target", "self", "odds", "shoot", "--attacker", "Tarar", "--target",
         "Yuri", "--redirect", "Yuri", expect="--redirect")

    # -- odds limits -----------------------------------------------------------------------
    case("odds-1000-dice", "odds", "odds", "roll", "--dice", "1000", "--difficulty", "4",
         expect="--dice")
    case("odds-markers", "odds", "odds", "burn", "--fighter", "Abama", "--markers",
         "burn=1000000", expect="burn=1000000")
    case("odds-wounds", "odds", "odds", "melee", "--attacker", "Vladd", "--target", "Abama",
         "--target-wounds", "arms=99", expect="arms=99")
    case("odds-obstacles", "odds", "odds", "shoot", "--attacker", "Tarar", "--target", "Yuri",
         "--obstacles", "1000000000", expect="--obstacles")

    # -- output paths (refused before the work) --------------------------------------------
    case("simulate-json-under-file", "output", "simulate", "--games", "1000000", "--json",
         a_file / "report.json", "--quiet", expect="report.json")
    case("simulate-log-dir-file", "output", "simulate", "--games", "1000000", "--log-dir",
         a_file, "--quiet", expect="a_file.txt")
    case("matchup-png-under-file", "output", "matchup", "--troops", "Jokers,Bamaka",
         "--games", "100000", "--png", a_file / "m.png", "--quiet", expect="m.png")
    case("render-out-folder", "output", "render", good_table, "--out", folder,
         expect="a_folder.yaml")
    case("print-out-under-file", "output", "cards", "print", "--troop", good_troop, "--out",
         a_file / "cards.html", expect="cards.html")
    case("troop-new-out-under-file", "output", "troop", "new", "--faction", "Jokers",
         "--fighters", "Yuri", "--out", a_file / "t.yaml", expect="t.yaml")
    case("odds-chart-under-file", "output", "odds", "roll", "--dice", "3", "--difficulty", "4",
         "--chart", a_file / "c.png", expect="c.png")
    case("odds-chart-format", "output", "odds", "roll", "--dice", "3", "--difficulty", "4",
         "--chart", root / "c.gif", expect="c.gif")
    case("soak-json-under-file", "output", "soak", "--matches", "1000000", "--json",
         a_file / "s.json", "--quiet", expect="s.json")

    # -- usage errors ----------------------------------------------------------------------
    case("odds-dice-text", "usage", "odds", "roll", "--dice", "abc", "--difficulty", "3",
         expect="--dice")
    case("simulate-unknown-agent", "usage", "simulate", "--agents", "heuristic,oracle",
         "--quiet", expect="oracle")
    case("simulate-workers", "usage", "simulate", "--workers", "100000", "--quiet",
         expect="--workers")
    case("balance-what-if-twice", "usage", "balance", "--what-if", "Vladd=10,Vladd=12",
         "--games", "100000", "--quiet", expect="named twice")
    case("balance-bootstrap-huge", "usage", "balance", "--bootstrap", "1000000000",
         "--games", "10", "--quiet", expect="--bootstrap")
    junk_history = _write(root / "junk_history.jsonl", "not a ladder run\n")
    case("ladder-history-junk", "usage", "ladder", "--agents", "random,heuristic", "--games", "2",
         "--history", junk_history, "--quiet", expect="junk_history.jsonl")
    case("cards-show-no-name", "usage", "cards", "show", expect="name")
    case("no-such-command", "usage", "frobnicate", expect="frobnicate")
    case("render-xy-nan", "usage", "render", good_table, "--out", root / "o.svg",
         "--explosion", "nan,3", expect="X,Y")
    case("render-xy-huge", "usage", "render", good_table, "--out", root / "huge.svg",
         "--explosion", "1e308,3", expect="out of range")
    case("render-path-huge", "usage", "render", good_table, "--out", root / "huge.svg",
         "--path", "A.Yuri:10,-1e308", expect="out of range")

    # -- near 1 MB -------------------------------------------------------------------------
    cards = "".join(f"- {{name: Card {i}, text: 'A card typed in by a player, number {i}.'}}\n"
                    for i in range(16_000))
    case("big-content", "big", "cards", "--content",
         content("big", "tactical:\n" + cards + "- {name: Card 1}\n"), expect="duplicate")
    case("big-deep-table", "big", "render",
         _write(root / "big_deep.json", "[" * 500_000 + "]" * 500_000), "--out",
         root / "o.svg", expect="nested")
    case("big-troop-string", "big", "troop", "validate",
         _write(root / "big_troop.yaml", "budget: '" + "x" * 1_000_000 + "'\n"),
         expect="budget")
    return cases + generated_cases(root, Case)


def skirmish_command() -> list[str]:
    """The console script (pyproject: skirmish = "skirmish.cli.main:app"), else the same
    entry point through this interpreter."""
    script = Path(sys.executable).with_name("skirmish")
    if script.exists():
        return [str(script)]
    found = shutil.which("skirmish")
    if found:
        return [found]
    return [sys.executable, "-c", "import sys; from skirmish.cli.main import app; "
            "sys.argv[0] = 'skirmish'; app()"]


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    for c in make_corpus(Path(argv[1])):
        print(f"{c.id:28} {c.cls:8} skirmish {' '.join(c.args)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
