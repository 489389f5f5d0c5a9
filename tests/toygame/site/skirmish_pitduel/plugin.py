"""Pit Duel as a plugin: its ruleset and the parts it offers (skirmish.core.plugins)."""

from __future__ import annotations

from skirmish.core.plugins import GamePlugin

PLUGIN = GamePlugin(
    name="pitduel",
    title="Pit Duel",
    summary="a toy duel: guard in secret, strike, roll one die",
    ruleset="skirmish_pitduel.rules:DUEL",
    parts={
        "bots": "skirmish_pitduel.bots:BOTS",
        "rl": "skirmish_pitduel.rl:RL",
        "sim": "skirmish_pitduel.sim:SIM",
    },
)
