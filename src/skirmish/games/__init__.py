"""The games, one package each, every part of a game in its package: its rules by the
rulebook's chapters, its cards, odds, bots' knowledge, web frames and words, command-line
additions, RL encoders and simulation set-ups. Each declares a
:class:`~skirmish.core.plugins.GamePlugin` (its ``plugin`` module) under the
``skirmish.rulesets`` entry points; the generic layers find it there and never import a
game by name. Games never import each other (docs/architecture.md)."""
