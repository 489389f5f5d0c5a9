"""skirmish: tabletop skirmish wargames played exactly by their rulebooks.

The version is the installed package's (its metadata, from ``pyproject.toml``: the one
place it is written), read when first asked for.
"""

from __future__ import annotations


def __getattr__(name: str) -> str:
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("skirmish")
        except PackageNotFoundError:  # pragma: no cover - run from a source tree
            return "0+unknown"
    raise AttributeError(f"module 'skirmish' has no attribute {name!r}")
