"""skirmish: tabletop skirmish wargames played exactly by their rulebooks.

The version is the installed distribution's (``skirmish-tabletop``: its metadata, written
by setuptools-scm from the git tags at install time), read when first asked for; a source
tree that was never installed says :data:`SOURCE_VERSION`.
"""

from __future__ import annotations

#: The distribution's name on the package index (``skirmish`` there is another project).
DISTRIBUTION = "skirmish-tabletop"
#: The version of a source tree that is not installed (no metadata to read).
SOURCE_VERSION = "0+unknown"


def __getattr__(name: str) -> str:
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version(DISTRIBUTION)
        except PackageNotFoundError:  # pragma: no cover - run from a source tree
            return SOURCE_VERSION
    raise AttributeError(f"module 'skirmish' has no attribute {name!r}")
