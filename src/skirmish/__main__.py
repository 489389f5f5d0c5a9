"""``python -m skirmish``: the ``skirmish`` command, for when its script is not on the PATH."""

from __future__ import annotations

from skirmish.cli.main import main

if __name__ == "__main__":  # pragma: no cover - run as a module
    main()
