"""``skirmish play`` in a real terminal (tmux), typed into as a person would."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
SKIRMISH = Path(sys.executable).parent / "skirmish"


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
@pytest.mark.skipif(not SKIRMISH.exists(), reason="the skirmish script is not installed")
def test_a_person_plays_against_the_bot_in_tmux(tmp_path: Path) -> None:
    assert TMUX is not None
    server = [TMUX, "-L", f"skirmish-play-test-{os.getpid()}", "-f", "/dev/null"]

    def tmux(*args: str) -> str:
        return subprocess.run([*server, *args], check=True, capture_output=True,
                              text=True).stdout

    def screen() -> str:
        return tmux("capture-pane", "-p", "-J", "-S", "-200", "-t", "play")

    def wait_for(test: Callable[[str], bool]) -> str:
        """The screen once ``test`` holds of it (polled; fails after a generous while)."""
        for _ in range(600):
            text = screen()
            if test(text):
                return text
            time.sleep(0.05)
        raise AssertionError(f"the terminal never showed what was expected:\n{screen()}")

    command = f"{SKIRMISH} play --vs heuristic --rounds 1 --seed 1"
    tmux("new-session", "-d", "-s", "play", "-x", "120", "-y", "50", "-c", str(tmp_path),
         command + "; sleep 30")
    try:
        text = wait_for(lambda t: "A> " in t)
        assert "Secret bid for the first player" in text
        assert re.search(r"^\s+1\. bid 0\b", text, re.MULTILINE)  # the numbered actions
        tmux("send-keys", "-t", "play", "help", "Enter")
        wait_for(lambda t: "undo" in t and "quit" in t and t.rstrip().endswith("A>"))
        tmux("send-keys", "-t", "play", "2", "Enter")  # bid 1
        text = wait_for(lambda t: "Designate your troop leader" in t
                        and t.rstrip().endswith("A>"))
        assert "> you: bid 1" in text
        assert re.search(r"^\s+1\. leader A\.Vladd", text, re.MULTILINE)
        tmux("send-keys", "-t", "play", "leader A.Yuri", "Enter")
        wait_for(lambda t: "designates A.Yuri as troop leader" in t and t.rstrip().endswith("A>"))
        tmux("send-keys", "-t", "play", "quit", "Enter")
        wait_for(lambda t: "Save the game before leaving?" in t)
        tmux("send-keys", "-t", "play", "game.jsonl", "Enter")
        text = wait_for(lambda t: "bye: the game was not finished" in t)
        assert "skirmish play --resume game.jsonl --vs heuristic --seat A" in text
        assert (tmp_path / "game.jsonl").exists()
    finally:
        subprocess.run([*server, "kill-server"], capture_output=True, check=False)
