"""Eden as a plugin: its ruleset and the parts each generic layer asks for
(:mod:`skirmish.core.plugins`). Read without loading the rules."""

from __future__ import annotations

from skirmish.core.plugins import GamePlugin

PLUGIN = GamePlugin(
    name="eden",
    title="Eden",
    summary="post-apocalyptic skirmish, by its French rulebook and the English translation",
    ruleset="skirmish.games.eden:EDEN",
    order=0,
    parts={
        # each layer's part: the object implementing that layer's protocol
        "bots": "skirmish.games.eden.bots.part:BOTS",
        "cli": "skirmish.games.eden.cli.part:CLI",
        "house_rules": "skirmish.games.eden.house_rules:HOUSE_RULES",
        "rl": "skirmish.games.eden.rl.part:RL",
        "sim": "skirmish.games.eden.sim.part:SIM",
        "web": "skirmish.games.eden.web.part:WEB",
        "words": "skirmish.games.eden.words:WORDS",
    },
)
