"""Mass Effect: Annihilation: the data layer (docs/masseffect.md)."""
