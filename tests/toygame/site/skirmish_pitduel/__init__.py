"""Pit Duel: a deliberately small third game on skirmish's kernel, made to prove that a
game is a plugin (tests/toygame/README.md). Its rules are :mod:`.rules`; its plugin
(:mod:`.plugin`) is registered through the ``skirmish.rulesets`` entry points."""
