"""The generated part of the bad-input corpus (issue 46): the red team's classes, each
crossed with every command option it applies to, so that a new option or command is
covered by adding one line to a table below.

``generated_cases(root)`` writes its files under ``root`` and returns the cases (the
:class:`~tests.cli.corpus.make_corpus.Case` of make_corpus.py), in a stable order:

- ``path``: input files that are missing, folders, too long a name, a FIFO, a device, a
  symbolic-link loop, for every option that reads a file;
- ``file``: input files whose content is wrong (not UTF-8, broken YAML/JSON, empty, null,
  a list, a number, NUL bytes, UTF-16, a Python tag, a binary picture, deep nesting, an
  alias bomb, near 1 MB, over 10 MB), for every option that reads a file;
- ``outpath``: output paths under a file, in a missing folder (a root-level one too), that
  are folders or too long a name, or whose suffix the command cannot write;
- ``number``: out-of-range, non-finite and non-numeric values for every bounded number;
- ``option``: unknown options and commands, missing values, unknown choices (games,
  agents, backends, rules, kinds...);
- ``badrecord``: records that are not records (for ``replay``, ``replay --verify``,
  ``play --resume``, ``ladder --compare`` and ``--show-history``);
- ``huge``: very long option values and very large numbers;
- ``disk``: a full disk while the report is written (run in their own process under
  ``RLIMIT_FSIZE``).

Every case must end with exit code 2, one ``error: ...`` line naming the file, field or
option (``expect``), no traceback, and nothing written (tests/cli/test_bad_input_corpus.py).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

#: The generated classes (make_corpus.CLASSES adds them).
GENERATED = {
    "path": "input paths that are missing, folders, FIFOs, devices, loops or too long",
    "file": "input files whose content is wrong, for every option that reads one",
    "outpath": "output paths that cannot be written or whose folder does not exist",
    "number": "out-of-range, non-finite and non-numeric numbers, for every bounded option",
    "option": "unknown options, commands and choices; missing values",
    "badrecord": "records, histories and reports that are not what they claim",
    "huge": "very long option values and very large numbers",
    "disk": "a full disk while the report is written",
}

#: A name longer than a file system allows (255 bytes).
LONG_NAME = "n" * 300

#: Every option that reads a file: (id, the command line before the file, the file's
#: suffix, the command line after it; "{}" in a word is replaced by the file).
#: ``dir`` options read a folder of content files: the bad file is put inside it.
FILE_OPTIONS: list[tuple[str, tuple[str, ...], str, tuple[str, ...]]] = [
    ("simulate-setup", ("simulate", "--setup"), ".json", ("--quiet", "--games", "100000")),
    ("simulate-setup-yaml", ("simulate", "--setup"), ".yaml", ("--quiet",)),
    ("simulate-troop-a", ("simulate", "--troop-a"), ".yaml", ("--quiet", "--games", "100000")),
    ("simulate-troop-b", ("simulate", "--troop-b"), ".json", ("--quiet",)),
    ("matchup-troops", ("matchup", "--troops"), ".yaml", ("--quiet", "--games", "100000")),
    ("matchup-troops-second", ("matchup", "--troops", "Jokers,"), ".json", ("--quiet",)),
    ("odds-setup", ("odds", "melee", "--attacker", "Vladd", "--target", "Abama", "--setup"),
     ".json", ()),
    ("odds-compare-setup", ("odds", "compare", "--attacker", "Vladd", "--target", "Abama",
                            "--setup"), ".yaml", ()),
    ("render-table", ("render",), ".json", ("--out", "{out}/never.svg")),
    ("troop-validate", ("troop", "validate"), ".yaml", ()),
    ("troop-validate-json", ("troop", "validate"), ".json", ()),
    ("band-validate", ("troop", "validate", "--game", "masseffect"), ".yaml", ()),
    ("print-troop", ("cards", "print", "--troop"), ".yaml", ("--out", "{out}/never.html")),
    ("print-band", ("cards", "--game", "masseffect", "print", "--band"), ".yaml",
     ("--out", "{out}/never.html")),
    ("play-troop", ("play", "--troop-a"), ".yaml", ()),
    ("ladder-compare", ("ladder", "--agents", "random,heuristic", "--games", "100000",
                        "--no-history", "--quiet", "--compare"), ".json", ()),
]

#: Every option that reads a folder of content files.
DIR_OPTIONS: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [
    ("cards-content", ("cards", "--content"), ()),
    ("cards-me-content", ("cards", "--game", "masseffect", "--content"), ()),
    ("simulate-content", ("simulate", "--quiet", "--games", "100000", "--content"), ()),
    ("demo-content", ("demo", "--seed", "1", "--content"), ()),
    ("balance-content", ("balance", "--games", "100000", "--quiet", "--content"), ()),
    ("balance-what-if", ("balance", "--games", "100000", "--quiet", "--what-if"), ()),
    ("odds-content", ("odds", "melee", "--attacker", "Vladd", "--target", "Abama",
                      "--content"), ()),
]

#: Bad contents of a file: (id, bytes). Each is written under its own name.
CONTENTS: list[tuple[str, bytes]] = [
    ("latin1", "fighters:\n- name: Zoë\n".encode("latin-1")),
    ("broken-yaml", b"a: [1, 2\nb: {\n"),
    ("broken-json", b'{"a": [1, 2,'),
    ("empty", b""),
    ("blank", b"   \n\n\t\n"),
    ("null", b"null\n"),
    ("list", b"[1, 2, 3]\n"),
    ("number", b"42\n"),
    ("text", b"'just a string'\n"),
    ("nul-bytes", b"\x00\x00\x00\x00"),
    ("utf16", "fighters: []\n".encode("utf-16")),
    ("python-tag", b"!!python/object/apply:os.system ['true']\n"),
    ("png", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4),
    ("deep", b"[" * 60_000 + b"]" * 60_000),
    ("bomb", b"a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
             b"c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"),
    ("wrong-types", b'{"fighters": 5, "troops": "x", "field": "wide", "bases": 3, '
                    b'"type": 7, "header": false}\n'),
    ("near-1mb", b"junk: '" + b"x" * 1_000_000 + b"'\n"),
    ("over-10mb", b"# " + b"x" * (10 * 2**20 + 10) + b"\n"),
]

#: Options that write a file: (id, the command line before the path, the suffix, after).
OUTPUT_OPTIONS: list[tuple[str, tuple[str, ...], str, tuple[str, ...]]] = [
    ("simulate-json", ("simulate", "--games", "100000", "--quiet", "--json"), ".json", ()),
    ("matchup-json", ("matchup", "--troops", "Jokers,Bamaka", "--games", "100000", "--quiet",
                      "--json"), ".json", ()),
    ("matchup-png", ("matchup", "--troops", "Jokers,Bamaka", "--games", "100000", "--quiet",
                     "--png"), ".png", ()),
    ("soak-json", ("soak", "--matches", "100000", "--quiet", "--json"), ".json", ()),
    ("ladder-json", ("ladder", "--agents", "random,heuristic", "--games", "100000",
                     "--no-history", "--quiet", "--json"), ".json", ()),
    ("ladder-png", ("ladder", "--agents", "random,heuristic", "--games", "100000",
                    "--no-history", "--quiet", "--png"), ".png", ()),
    ("ladder-history", ("ladder", "--agents", "random,heuristic", "--games", "100000",
                        "--quiet", "--history"), ".jsonl", ()),
    ("balance-json", ("balance", "--games", "100000", "--quiet", "--json"), ".json", ()),
    ("balance-png", ("balance", "--games", "100000", "--quiet", "--png"), ".png", ()),
    ("balance-html", ("balance", "--games", "100000", "--quiet", "--html"), ".html", ()),
    ("demo-record", ("demo", "--seed", "1", "--record"), ".jsonl", ()),
    ("demo-svg", ("demo", "--seed", "1", "--svg"), ".svg", ()),
    ("demo-me-record", ("demo", "--game", "masseffect", "--seed", "1", "--record"), ".jsonl",
     ()),
    ("render-out", ("render", "{table}", "--out"), ".svg", ()),
    ("render-png", ("render", "{table}", "--out"), ".png", ()),
    ("print-out", ("cards", "print", "--troop", "{troop}", "--out"), ".html", ()),
    ("print-pdf", ("cards", "print", "--troop", "{troop}", "--pdf"), ".pdf", ()),
    ("troop-new-out", ("troop", "new", "--faction", "Jokers", "--fighters", "Yuri", "--out"),
     ".yaml", ()),
    ("odds-chart", ("odds", "roll", "--dice", "3", "--difficulty", "4", "--chart"), ".png",
     ()),
    ("odds-melee-chart", ("odds", "melee", "--attacker", "Vladd", "--target", "Abama",
                          "--chart"), ".svg", ()),
    ("replay-out", ("replay", "{record}", "--table-at", "1", "--out"), ".svg", ()),
]

#: Options that write into a folder.
OUTPUT_FOLDERS: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [
    ("simulate-log-dir", ("simulate", "--games", "100000", "--quiet", "--log-dir"), ()),
    ("balance-log-dir", ("balance", "--games", "100000", "--quiet", "--log-dir"), ()),
    ("demo-svg-dir", ("demo", "--seed", "1", "--svg-dir"), ()),
]

#: Bounded numbers: (id, the command line before the value, the option, the bad values,
#: after the value).
NUMBERS: list[tuple[str, tuple[str, ...], str, tuple[str, ...], tuple[str, ...]]] = [
    ("simulate-games", ("simulate", "--quiet"), "--games", ("0", "-5", "abc", "1.5", "nan"),
     ()),
    ("simulate-rounds", ("simulate", "--quiet", "--games", "100000"), "--rounds",
     ("0", "6", "inf"), ()),
    ("simulate-workers", ("simulate", "--quiet", "--games", "100000"), "--workers",
     ("0", "-1", "1000000"), ()),
    ("simulate-seed", ("simulate", "--quiet", "--games", "100000"), "--seed",
     ("x", "1e3", "nan"), ()),
    ("matchup-games", ("matchup", "--troops", "Jokers,Bamaka", "--quiet"), "--games",
     ("0", "-1", "two"), ()),
    ("matchup-rounds", ("matchup", "--troops", "Jokers,Bamaka", "--quiet"), "--rounds",
     ("0", "99"), ()),
    ("matchup-workers", ("matchup", "--troops", "Jokers,Bamaka", "--quiet"), "--workers",
     ("0", "99999"), ()),
    ("soak-matches", ("soak", "--quiet"), "--matches", ("0", "-3", "many"), ()),
    ("soak-workers", ("soak", "--quiet", "--matches", "100000"), "--workers", ("0", "99999"),
     ()),
    ("soak-record-every", ("soak", "--quiet", "--matches", "100000"), "--record-every",
     ("-1", "x"), ()),
    ("ladder-games", ("ladder", "--agents", "random,heuristic", "--no-history", "--quiet"),
     "--games", ("0", "-2", "x"), ()),
    ("ladder-rounds", ("ladder", "--agents", "random,heuristic", "--no-history", "--quiet",
                       "--games", "100000"), "--rounds", ("0", "7"), ()),
    ("ladder-workers", ("ladder", "--agents", "random,heuristic", "--no-history", "--quiet",
                        "--games", "100000"), "--workers", ("0", "99999"), ()),
    ("ladder-last", ("ladder", "--show-history"), "--last", ("-1", "x"), ()),
    ("balance-games", ("balance", "--quiet"), "--games", ("1", "0", "x"), ()),
    ("balance-bootstrap", ("balance", "--quiet", "--games", "100000"), "--bootstrap",
     ("-1", "10001", "1e9"), ()),
    ("balance-spread", ("balance", "--quiet", "--games", "100000"), "--spread",
     ("nan", "inf", "-0.5", "2", "x"), ()),
    ("balance-penalty", ("balance", "--quiet", "--games", "100000"), "--penalty",
     ("nan", "-inf", "-1", "1e308", "x"), ()),
    ("balance-budget", ("balance", "--quiet", "--games", "100000"), "--budget",
     ("0", "-10", "1000000000", "x"), ()),
    ("balance-iterate", ("balance", "--quiet", "--games", "100000"), "--iterate",
     ("-1", "11"), ()),
    ("balance-table-troops", ("balance", "--quiet", "--games", "100000", "--iterate", "1"),
     "--table-troops", ("1", "31"), ()),
    ("balance-table-games", ("balance", "--quiet", "--games", "100000", "--iterate", "1"),
     "--table-games", ("1", "-1"), ()),
    ("balance-workers", ("balance", "--quiet", "--games", "100000"), "--workers",
     ("0", "99999"), ()),
    ("demo-rounds", ("demo", "--seed", "1"), "--rounds", ("0", "6", "x"), ()),
    ("demo-seed", ("demo",), "--seed", ("x", "1.5"), ()),
    ("odds-dice", ("odds", "roll", "--difficulty", "4"), "--dice",
     ("101", "-101", "nan", "1e9", "x"), ()),
    ("odds-difficulty", ("odds", "roll", "--dice", "3"), "--difficulty",
     ("101", "-1000", "x"), ()),
    ("odds-obstacles", ("odds", "shoot", "--attacker", "Tarar", "--target", "Yuri"),
     "--obstacles", ("21", "-1", "x"), ()),
    ("odds-compare-distance", ("odds", "compare", "--attacker", "Tarar", "--target", "Yuri"),
     "--distance", ("nan", "-5", "1e9", "inf", "x"), ()),
    ("odds-compare-obstacles", ("odds", "compare", "--attacker", "Tarar", "--target",
                                "Yuri"), "--obstacles", ("21", "-1"), ()),
    ("odds-target-wounds", ("odds", "melee", "--attacker", "Vladd", "--target", "Abama"),
     "--target-wounds", ("arms=13", "arms=-1", "arms=x", "tail=1", "arms"), ()),
    ("odds-attacker-wounds", ("odds", "melee", "--attacker", "Vladd", "--target", "Abama"),
     "--attacker-wounds", ("legs=99", "head=nan"), ()),
    ("odds-target-markers", ("odds", "melee", "--attacker", "Vladd", "--target", "Abama"),
     "--target-markers", ("burn=21", "burn=-1", "plague=1", "burn"), ()),
    ("odds-attacker-markers", ("odds", "burn", "--fighter", "Abama"), "--markers",
     ("burn=21", "burn=x"), ()),
    ("render-allowance", ("render", "{table}", "--out", "{out}/never.svg"), "--allowance",
     ("nan", "-1", "1e9", "x"), ()),
    ("render-explosion", ("render", "{table}", "--out", "{out}/never.svg"), "--explosion",
     ("1,2,3", "x,y", "inf,1", "1e300,1", ","), ()),
    ("render-los", ("render", "{table}", "--out", "{out}/never.svg"), "--los",
     ("A.Yuri", "A.Yuri:Nobody", "Nobody:A.Yuri"), ()),
    ("render-path", ("render", "{table}", "--out", "{out}/never.svg"), "--path",
     ("A.Yuri:x,1", "Nobody:1,1", "A.Yuri:1e400,1"), ()),
    ("replay-table-at", ("replay", "{record}", "--out", "{out}/never.svg"), "--table-at",
     ("0", "-1", "999", "x"), ()),
    ("troop-new-budget", ("troop", "new", "--faction", "Jokers", "--fighters", "Yuri",
                          "--out", "{out}/never.yaml"), "--budget",
     ("-1", "0", "1000000", "x"), ()),
    ("play-rounds", ("play",), "--rounds", ("0", "6", "x"), ()),
    ("play-seat", ("play", "--vs", "random"), "--seat", ("C", "3", "-1"), ()),
]

#: Unknown or missing options and choices: (id, args, expect).
OPTIONS: list[tuple[str, tuple[str, ...], str]] = [
    *[(f"{c.replace(' ', '-')}-unknown-option", (*c.split(), "--frobnicate"), "--frobnicate")
      for c in ("simulate", "matchup", "soak", "ladder", "balance", "demo", "render x.json",
                "replay x.jsonl", "play", "cards", "cards print", "cards show Yuri", "troop new",
                "troop validate x.yaml", "odds roll", "odds melee", "odds shoot", "odds burn",
                "odds compare", "serve")],
    *[(f"{c.replace(' ', '-')}-missing-value", (*c.split(),), c.split()[-1])
      for c in ("simulate --games", "simulate --setup", "matchup --troops", "soak --matches",
                "ladder --agents", "balance --what-if", "demo --seed", "render x.json --out",
                "replay x.jsonl --table-at", "cards --kind", "troop new --out", "odds roll --dice",
                "odds melee --attacker", "play --vs", "balance --json", "simulate --log-dir")],
    *[(f"{c.split()[0]}-game", (*c.split(), "--game", "klingon"), "klingon")
      for c in ("simulate --quiet", "matchup --troops Jokers,Bamaka --quiet", "soak --quiet",
                "ladder --agents random,heuristic --quiet",
                "balance --quiet", "demo", "play", "cards", "troop new --out never.yaml")],
    *[(f"{c.split()[0]}-agent-{a}", (*c.split(), "--agents", a), "--agents" if "," not in a
       or a.count(",") > 1 or "" in a.split(",") else a.split(",")[1])
      for c in ("simulate --quiet --games 100000", "ladder --quiet --no-history --games 100000",
                "balance --quiet --games 100000", "soak --quiet --matches 100000")
      for a in ("heuristic,oracle", "heuristic", "a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,"
                "x,y,z", "heuristic,")],
    ("demo-agents", ("demo", "--agents", "heuristic,oracle"), "oracle"),
    ("matchup-agents", ("matchup", "--troops", "Jokers,Bamaka", "--agents", "oracle,random",
                        "--quiet"), "oracle"),
    ("play-vs", ("play", "--vs", "oracle"), "oracle"),
    *[(f"{c.split()[0]}-backend", (*c.split(), "--backend", "warp"), "--backend")
      for c in ("simulate --quiet --games 100000", "matchup --troops Jokers,Bamaka --quiet "
                "--games 100000", "ladder --agents random,heuristic --no-history --quiet "
                "--games 100000", "balance --quiet --games 100000")],
    *[(f"{c.split()[0]}-rules-{r.split(':')[0]}", (*c.split(), "--rules", r), "--rules"
       if r != "territory,territory" else "territory")
      for c in ("simulate --quiet --games 100000", "demo --seed 1", "play",
                "soak --quiet --matches 100000", "matchup --troops Jokers,Bamaka --quiet "
                "--games 100000")
      for r in ("frobnicate", "infestation:11", "climate:13", "territory,territory")],
    ("balance-reprice", ("balance", "--quiet", "--games", "100000", "--iterate", "1",
                         "--reprice", "some"), "--reprice"),
    ("balance-what-if-and-iterate", ("balance", "--quiet", "--games", "100000", "--iterate",
                                     "1", "--what-if", "Vladd=10"), "--what-if"),
    ("balance-what-if-unknown", ("balance", "--quiet", "--games", "100000", "--what-if",
                                 "Nobody=10"), "Nobody"),
    ("balance-what-if-cost", ("balance", "--quiet", "--games", "100000", "--what-if",
                              "Vladd=-10"), "Vladd"),
    ("balance-scenario-eden", ("balance", "--quiet", "--games", "100000", "--scenario", "x"),
     "--scenario"),
    ("balance-resume-no-log", ("balance", "--quiet", "--games", "100000", "--resume"),
     "--resume"),
    ("simulate-resume-no-log", ("simulate", "--quiet", "--games", "100000", "--resume"),
     "--resume"),
    ("simulate-scenario", ("simulate", "--game", "masseffect", "--quiet", "--games",
                           "100000", "--scenario", "Nowhere"), "Nowhere"),
    ("demo-scenario", ("demo", "--game", "masseffect", "--scenario", "Nowhere"), "Nowhere"),
    ("demo-bands", ("demo", "--game", "masseffect", "--bands", "Nobody,Nothing"), "Nobody"),
    ("render-zones", ("render", "{table}", "--out", "{out}/never.svg", "--zones", "x"),
     "--zones"),
    ("render-blast", ("render", "{table}", "--out", "{out}/never.svg", "--blast",
                      "Nobody:90"), "Nobody"),
    ("cards-language", ("cards", "print", "--troop", "{troop}", "--out", "{out}/never.html",
                        "--language", "xx"), "--language"),
    ("cards-kind-me", ("cards", "--game", "masseffect", "--kind", "spells"), "--kind"),
    ("cards-show-me", ("cards", "--game", "masseffect", "show", "Nobody"), "Nobody"),
    ("odds-reaction", ("odds", "melee", "--attacker", "Vladd", "--target", "Abama",
                       "--reaction", "teleport"), "teleport"),
    ("odds-weapon", ("odds", "shoot", "--attacker", "Tarar", "--target", "Yuri", "--weapon",
                     "Laser"), "Laser"),
    ("odds-compare-attack", ("odds", "compare", "--attacker", "Tarar", "--target", "Yuri",
                             "--attack", "bite"), "bite"),
    ("odds-attacker-unknown", ("odds", "melee", "--attacker", "Nobody", "--target", "Abama"),
     "Nobody"),
    ("odds-target-unknown", ("odds", "shoot", "--attacker", "Tarar", "--target", "Nobody"),
     "Nobody"),
    ("troop-new-fighter", ("troop", "new", "--faction", "Jokers", "--fighters", "Legolas",
                           "--out", "{out}/never.yaml"), "Legolas"),
    ("troop-new-stigma", ("troop", "new", "--stigma", "Boredom", "--fighters", "Yuri",
                          "--out", "{out}/never.yaml"), "Boredom"),
    ("troop-new-leader", ("troop", "new", "--faction", "Jokers", "--fighters", "Yuri",
                          "--leader", "Vladd", "--out", "{out}/never.yaml"), "Vladd"),
    ("band-new-profile", ("troop", "new", "--game", "masseffect", "--figures", "Nobody",
                          "--out", "{out}/never.yaml"), "Nobody"),
    ("print-band-unknown", ("cards", "--game", "masseffect", "print", "--band", "Nobody",
                            "--out", "{out}/never.html"), "Nobody"),
    ("print-profiles-unknown", ("cards", "--game", "masseffect", "print", "--profiles",
                                "Nobody", "--out", "{out}/never.html"), "Nobody"),
    ("ladder-troops-unknown", ("ladder", "--agents", "random,heuristic", "--no-history",
                               "--quiet", "--troops", "Elves"), "Elves"),
    ("ladder-scenarios-eden", ("ladder", "--agents", "random,heuristic", "--no-history",
                               "--quiet", "--scenarios", "x"), "--scenarios"),
    ("ladder-history-argument", ("ladder", "{out}/h.jsonl"), "--show-history"),
    ("simulate-address-local", ("simulate", "--quiet", "--games", "100000", "--address",
                                "ray://x"), "--address"),
    ("soak-pairings", ("soak", "--quiet", "--matches", "100000", "--pairings", "Jokers"),
     "--pairings"),
    ("matchup-one-troop", ("matchup", "--troops", "Jokers", "--quiet"), "--troops"),
    ("replay-commitment", ("replay", "{record}", "--verify", "--commitment", "zz"),
     "--commitment"),
    ("replay-commitment-no-verify", ("replay", "{record}", "--commitment", "00" * 32),
     "--verify"),
    ("serve-port", ("serve", "--port", "99999"), "--port"),
    ("serve-log-format", ("serve", "--log-format", "xml"), "log_format"),
]


def _write(path: Path, data: bytes | str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.write_bytes(data)
    return path


def _joined(before: tuple[str, ...], path: Path, oid: str) -> tuple[str, ...]:
    """The command line up to the file: ``matchup --troops`` names the file beside a
    good troop (it needs two); a word ending in "," is joined to the file."""
    if before[-1].endswith(","):
        return (*before[:-1], f"{before[-1]}{path}")
    if oid == "matchup-troops":
        return (*before, f"{path},Jokers")
    return (*before, str(path))


def _fill(words: Iterable[str | Path], values: dict[str, str]) -> tuple[str, ...]:
    """The words, ``{out}``, ``{table}``, ``{troop}`` and ``{record}`` replaced."""
    return tuple(str(w).format(**values) if "{" in str(w) else str(w) for w in words)


def generated_cases(root: Path, Case: Callable[..., Any]) -> list[Any]:
    """The generated cases, their files under ``root`` (``Case`` is make_corpus's)."""
    root = Path(root) / "generated"
    root.mkdir(parents=True, exist_ok=True)
    cases: list[Any] = []

    def case(id: str, cls: str, args: Iterable[str | Path], expect: str, **extra: Any) -> None:
        cases.append(Case(f"g-{id}", cls, tuple(str(a) for a in args), expect, **extra))

    # shared good inputs and places
    a_file = _write(root / "a_file.txt", "not a folder\n")
    out = root / "outputs"  # an existing folder, that nothing may write into
    out.mkdir(exist_ok=True)
    troop = _write(root / "good_troop.yaml", "type: faction\nfighters: [Yuri, Vladd]\n")
    table = _write(root / "good_table.json", json.dumps(
        {"field": {"width": 60, "height": 60},
         "bases": [{"id": "A.Yuri", "x": 10, "y": 10, "diameter_mm": 30}]}))
    record = _write(root / "good_record.jsonl", _a_record())
    values = {"out": str(out), "table": str(table), "troop": str(troop), "record": str(record)}

    # -- path: input paths that cannot be read -------------------------------------------------
    fifo = root / "a_fifo.yaml"
    if not fifo.exists():
        os.mkfifo(fifo)
    loop = root / "loop.yaml"
    if not loop.is_symlink():
        loop.symlink_to(root / "loop.yaml")
    folder = root / "a_folder.yaml"
    folder.mkdir(exist_ok=True)
    bad_paths = [("missing", root / "missing" / "gone.yaml", "gone.yaml"),
                 ("folder", folder, "a_folder.yaml"),
                 ("long-name", root / f"{LONG_NAME}.yaml", LONG_NAME[:50]),
                 ("fifo", fifo, "a_fifo.yaml"),
                 ("device", Path("/dev/zero"), "/dev/zero"),
                 ("loop", loop, "loop.yaml"),
                 ("under-file", a_file / "x.yaml", "a_file.txt")]
    for oid, before, _suffix, after in FILE_OPTIONS:
        for pid, path, expect in bad_paths:
            case(f"path-{oid}-{pid}", "path", (*_joined(before, path, oid),
                                                 *_fill(after, values)), expect)
    for oid, before, after in DIR_OPTIONS:
        for pid, path, expect in bad_paths:
            if pid == "folder":
                continue  # an empty folder is a good (empty) content folder
            case(f"path-{oid}-{pid}", "path", (*before, path, *_fill(after, values)), expect)

    # -- file: files whose content is wrong ----------------------------------------------------
    for oid, before, suffix, after in FILE_OPTIONS:
        for cid, data in CONTENTS:
            name = f"{oid}-{cid}{suffix}"
            path = _write(root / "files" / name, data)
            case(f"file-{oid}-{cid}", "file", (*_joined(before, path, oid),
                                                 *_fill(after, values)), name)
    for oid, before, after in DIR_OPTIONS:
        for cid, data in CONTENTS:
            if cid in ("empty", "blank", "null", "over-10mb"):
                continue  # an empty content file adds nothing: not an error
            name = f"{oid}-{cid}"
            _write(root / "folders" / name / "cards.yaml", data)
            case(f"file-{oid}-{cid}", "file", (*before, root / "folders" / name,
                                                 *_fill(after, values)), name)

    # -- outpath: output paths that cannot be written -----------------------------------------
    bad_outputs = [("under-file", lambda s: a_file / f"x{s}", "a_file.txt"),
                   ("missing-folder", lambda s: root / "no" / "such" / f"x{s}", "such"),
                   ("root-level", lambda s: Path(f"/nonexistent-skirmish/x{s}"),
                    "/nonexistent-skirmish"),
                   ("a-folder", lambda s: out, "outputs"),
                   ("long-name", lambda s: out / f"{LONG_NAME}{s}", LONG_NAME[:50])]
    for oid, before, suffix, after in OUTPUT_OPTIONS:
        for pid, make, expect in bad_outputs:
            case(f"outpath-{oid}-{pid}", "outpath",
                 (*_fill(before, values), make(suffix), *_fill(after, values)), expect)
    for oid, before, after in OUTPUT_FOLDERS:
        for pid, path, expect in [("under-file", a_file / "logs", "a_file.txt"),
                                  ("missing-folder", root / "no" / "such" / "logs", "such"),
                                  ("root-level", Path("/nonexistent-skirmish/logs"),
                                   "/nonexistent-skirmish"),
                                  ("is-a-file", a_file, "a_file.txt"),
                                  ("long-name", out / LONG_NAME, LONG_NAME[:50])]:
            case(f"outpath-{oid}-{pid}", "outpath", (*before, path, *_fill(after, values)),
                 expect)
    for oid, args, expect in [
            ("demo-svg-suffix", ("demo", "--seed", "1", "--svg", out / "x.gif"), "x.gif"),
            ("render-suffix", ("render", table, "--out", out / "x.gif"), "x.gif"),
            ("matchup-png-suffix", ("matchup", "--troops", "Jokers,Bamaka", "--games",
                                    "100000", "--quiet", "--png", out / "x.gif"), "x.gif"),
            ("ladder-png-suffix", ("ladder", "--agents", "random,heuristic", "--games",
                                   "100000", "--no-history", "--quiet", "--png",
                                   out / "x.gif"), "x.gif"),
            ("balance-png-suffix", ("balance", "--games", "100000", "--quiet", "--png",
                                    out / "x.gif"), "x.gif"),
            ("odds-chart-suffix", ("odds", "roll", "--dice", "3", "--difficulty", "4",
                                   "--chart", out / "x.gif"), "x.gif"),
            ("replay-out-suffix", ("replay", record, "--table-at", "1", "--out",
                                   out / "x.gif"), "x.gif"),
            ("troop-new-suffix", ("troop", "new", "--faction", "Jokers", "--fighters", "Yuri",
                                  "--out", out / "x.gif"), "x.gif")]:
        case(f"outpath-{oid}", "outpath", args, expect)

    # -- number: bounded numbers ---------------------------------------------------------------
    for oid, before, option, bad, after in NUMBERS:
        for i, value in enumerate(bad):
            case(f"number-{oid}-{i}", "number",
                 (*_fill(before, values), option, value, *_fill(after, values)), option)

    # -- option: unknown options and choices --------------------------------------------------
    for oid, args, expect in OPTIONS:
        case(f"option-{oid}", "option", _fill(args, values), expect)

    # -- badrecord: records that are not records ---------------------------------------------
    for rid, text in _bad_records():
        path = _write(root / "records" / f"{rid}.jsonl", text)
        case(f"badrecord-replay-{rid}", "badrecord", ("replay", path), f"{rid}.jsonl")
        case(f"badrecord-verify-{rid}", "badrecord", ("replay", "--verify", path),
             f"{rid}.jsonl")
        case(f"badrecord-resume-{rid}", "badrecord", ("play", "--resume", path),
             f"{rid}.jsonl")
    for hid, text in [("not-json", "a ladder run?\n"), ("list", "[1, 2]\n"),
                      ("no-ratings", '{"commit": "x", "date": "today"}\n'),
                      ("ratings-text", '{"commit": "x", "ratings": "high"}\n'),
                      ("latin1", b'{"commit": "\xe9"}\n')]:
        path = _write(root / "histories" / f"history-{hid}.jsonl", text)
        case(f"badrecord-history-{hid}", "badrecord", ("ladder", "--show-history",
                                                        "--history", path), f"history-{hid}")
        case(f"badrecord-history-append-{hid}", "badrecord",
             ("ladder", "--agents", "random,heuristic", "--games", "2", "--quiet",
              "--history", path), f"history-{hid}")
    for cid, text in [("not-json", "{"), ("list", "[]"), ("no-agents", '{"spec": {}}'),
                      ("other-agents", json.dumps({"spec": {"agents": ["mcts", "random"]},
                                                   "ratings": {}})),
                      ("latin1", b'{"\xe9": 1}')]:
        path = _write(root / "reports" / f"report-{cid}.json", text)
        case(f"badrecord-compare-{cid}", "badrecord",
             ("ladder", "--agents", "random,heuristic", "--games", "100000", "--no-history",
              "--quiet", "--compare", path), f"report-{cid}")

    # -- huge: very long values and very large numbers ---------------------------------------
    long_text = "x" * 100_000
    for hid, args, expect in [
            ("troops", ("matchup", "--troops", f"Jokers,{long_text}", "--quiet"), "xxxx"),
            ("troops-many", ("matchup", "--troops", ",".join(["Jokers"] * 5000), "--quiet"),
             "--troops"),
            ("agents", ("simulate", "--quiet", "--agents", f"heuristic,{long_text}"),
             "--agents"),
            ("what-if", ("balance", "--quiet", "--games", "100000", "--what-if",
                         f"{long_text}=1"), "--what-if"),
            ("what-if-many", ("balance", "--quiet", "--games", "100000", "--what-if",
                              ",".join(f"Card{i}=1" for i in range(5000))), "--what-if"),
            ("fighters", ("troop", "new", "--faction", "Jokers", "--fighters", long_text,
                          "--out", out / "never.yaml"), "xxxx"),
            ("faction", ("cards", "--faction", long_text), "xxxx"),
            ("show", ("cards", "show", long_text), "xxxx"),
            ("attacker", ("odds", "melee", "--attacker", long_text, "--target", "Abama"),
             "xxxx"),
            ("pairings", ("soak", "--quiet", "--pairings", f"Jokers:{long_text}"), "xxxx"),
            ("games-huge", ("simulate", "--quiet", "--games", "9" * 400), "--games"),
            ("seed-huge", ("simulate", "--quiet", "--games", "0", "--seed", "9" * 400),
             "--games"),
            ("matches-huge", ("soak", "--quiet", "--matches", "9" * 400), "--matches"),
            ("dice-huge", ("odds", "roll", "--dice", "9" * 400, "--difficulty", "4"),
             "--dice"),
            ("budget-huge", ("balance", "--quiet", "--budget", "9" * 400), "--budget"),
            ("rules-long", ("simulate", "--quiet", "--games", "100000", "--rules",
                            ",".join(["territory"] * 10_000)), "--rules"),
            ("explosion-long", ("render", table, "--out", out / "never.svg", "--explosion",
                                "1" * 5000 + ",1"), "--explosion"),
            ("name-long", ("troop", "new", "--faction", "Jokers", "--fighters", "Yuri",
                           "--name", long_text, "--out", out / "never.yaml"), "--name"),
            ("title-table-at", ("replay", record, "--table-at", "9" * 400, "--out",
                                out / "never.svg"), "--table-at")]:
        case(f"huge-{hid}", "huge", _fill(args, values), expect)

    # -- disk: a full disk (own process, file-size limit) --------------------------------------
    for did, args, name in [
            ("soak-json", ("soak", "--matches", "2", "--workers", "1", "--quiet", "--json"),
             "s.json"),
            ("ladder-json", ("ladder", "--agents", "random,heuristic", "--games", "2",
                             "--workers", "1", "--quiet", "--no-history", "--json"), "l.json"),
            ("cards-print", ("cards", "print", "--troop", str(troop), "--out"), "c.html")]:
        case(f"disk-{did}", "disk", (*args, out / name), name, fsize=100)
    return cases


def _a_record() -> str:
    """A short, good Eden record (a demo's), for the commands that read one."""
    from skirmish.core.record import Record
    from skirmish.core.ruleset import RULESETS
    from skirmish.games.eden.demo import match_setup

    game = RULESETS.get("eden").new_game(match_setup(max_rounds=1), seed=5)
    for _ in range(6):
        if game.is_over:
            break
        game.apply(game.legal_actions()[0])
    return Record.of(game).to_jsonl()


def _bad_records() -> list[tuple[str, str | bytes]]:
    """Records that are not records, each with its id."""
    good = _a_record().splitlines()
    header = json.loads(good[0])
    out: list[tuple[str, str | bytes]] = [
        ("rec-empty", ""),
        ("rec-not-json", "not json\n"),
        ("rec-list-line", "[1, 2, 3]\n"),
        ("rec-no-header", "\n".join(good[1:]) + "\n"),
        ("rec-latin1", b'{"type": "header", "ruleset": "\xe9"}\n'),
        ("rec-nul", b"\x00" * 64),
        ("rec-deep", "[" * 100_000 + "\n"),
        ("rec-header-twice", "\n".join([good[0], *good]) + "\n"),
        ("rec-truncated", "\n".join(good)[: len("\n".join(good)) // 2]),
        ("rec-action-unknown-type", "\n".join([*good[:2], '{"type": "wish"}']) + "\n"),
        ("rec-action-illegal", "\n".join(
            [good[0], json.dumps({"type": "action", "player": 0, "action": "fly away"})])
         + "\n"),
        ("rec-action-player-9", "\n".join(
            [good[0], json.dumps({"type": "action", "player": 9, "action": "pass"})]) + "\n"),
        ("rec-action-number", "\n".join(
            [good[0], json.dumps({"type": "action", "player": 0, "action": 5})]) + "\n"),
    ]
    for field, value in [("ruleset", "chess"), ("ruleset", 5), ("setup", None),
                         ("setup", "x"), ("seed", "x"), ("seed", 1.5), ("dice", "x"),
                         ("dice", {"kind": "loaded"}), ("engine", ["x"]), ("type", "footer")]:
        changed = {**header, field: value}
        out.append((f"rec-header-{field}-{type(value).__name__}",
                    "\n".join([json.dumps(changed), *good[1:]]) + "\n"))
    missing = {k: v for k, v in header.items() if k != "setup"}
    out.append(("rec-header-no-setup", "\n".join([json.dumps(missing), *good[1:]]) + "\n"))
    setup = json.loads(json.dumps(header["setup"]))
    setup["max_rounds"] = 10**9
    out.append(("rec-setup-rounds", "\n".join([json.dumps({**header, "setup": setup}),
                                               *good[1:]]) + "\n"))
    return out
