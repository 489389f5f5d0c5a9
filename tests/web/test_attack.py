"""Attacker against victim, CI-sized (bench/web_attack.py on a real server with its default
settings): while an attacker floods the server from other addresses — 500 spectator sockets
on its own match, odds requests and pings as fast as 4 sockets each can send —, its
defences hold and the victim's match goes on. The victim's round-trip times are measured
by ``make bench`` (``victim_p95_ratio``), never asserted here (no timing in a test): what is
asserted is that each defence engaged and bounded what the attacker got."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import web_attack

from skirmish.web.settings import WebSettings


def test_the_defences_hold_while_a_victim_plays() -> None:
    figures = web_attack.run(seconds=3.0)
    defaults = WebSettings()
    addresses = len(web_attack.ATTACKERS)
    # the spectator flood: at most 8 per address (and 50 per match) got in
    assert figures["attacker_spectators_open"] <= min(
        addresses * defaults.spectators_per_address, defaults.spectators_per_match)
    assert figures["attacker_spectators_refused"] >= web_attack.SPECTATORS - 50
    # the message floods: each flooding socket was answered at most its burst plus its
    # rate over the run, then closed; most of what was sent was never answered
    answered = figures["attacker_odds_answered"] + figures["attacker_pongs"]
    assert answered < 0.05 * figures["attacker_sent"]
    # the victim played on, every action acknowledged
    assert figures["victim_actions_attacked"] >= 0.5 * figures["victim_actions_alone"] > 0
