"""skirmish: tabletop skirmish wargames played exactly by their rulebooks."""

__version__ = "0.1.0"
