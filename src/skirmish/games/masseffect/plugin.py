"""Mass Effect: Annihilation as a plugin: its ruleset and the parts each generic layer asks
for (:mod:`skirmish.core.plugins`). Read without loading the rules."""

from __future__ import annotations

from skirmish.core.plugins import GamePlugin

PLUGIN = GamePlugin(
    name="masseffect",
    title="Mass Effect: Annihilation",
    summary="a French fan-made skirmish draft (ME:A)",
    ruleset="skirmish.games.masseffect:MASS_EFFECT",
    order=1,
    parts={
        # each layer's part: the object implementing that layer's protocol
        "bots": "skirmish.games.masseffect.bots.part:BOTS",
        "cli": "skirmish.games.masseffect.cli.part:CLI",
        "house_rules": "skirmish.games.masseffect.house_rules:HOUSE_RULES",
        "rl": "skirmish.games.masseffect.rl.part:RL",
        "sim": "skirmish.games.masseffect.sim.part:SIM",
        "web": "skirmish.games.masseffect.web.part:WEB",
        "words": "skirmish.games.masseffect.words:WORDS",
    },
)
