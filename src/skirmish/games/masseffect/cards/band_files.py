"""Band files (ME39): a band written as YAML or JSON, in :meth:`Band.to_dict`'s layout::

    name: Escouade Orion
    faction: Alliance          # optional: its first figure's
    budget: 30
    figures:
    - Commandante Ilse Marrow
    - Soldat de l'Alliance
    - {profile: Soldat de l'Alliance, equipment: [Omni-lame, Fusil mitrailleur]}
    content: [my-cards]        # optional: folders of the players' own cards, relative to it

Read with bounded resources (:func:`skirmish.core.data_files.read_data`: at most 10 MB, no
YAML aliases); every error is a :class:`~skirmish.games.masseffect.cards.bands.BandError` naming the
file.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from skirmish.core.atomic import write_atomically
from skirmish.core.data_files import DataError, read_data
from skirmish.games.masseffect.cards.bands import Band, BandError


def read_band(path: str | Path) -> Band:
    """The band of a band file (.yaml, .yml or .json)."""
    try:
        data = read_data(path)
    except OSError as exc:
        raise BandError(f"{path}: cannot read the band file ({exc.strerror or exc})"
                        ) from None
    except DataError as exc:
        raise BandError(f"{path}: broken band file: {exc}") from None
    return Band.from_dict(data, str(path))


def content_of_band(band: Band, band_file: str | Path) -> list[Path]:
    """The content folders a band file names, relative paths taken from the file's folder."""
    base = Path(band_file).parent
    return [p if p.is_absolute() else base / p for p in map(Path, band.content)]


def band_file_text(band: Band, suffix: str = ".yaml") -> str:
    """The text of ``band``'s file: JSON for a ``.json`` suffix, else YAML."""
    data = band.to_dict()
    if suffix.lower() == ".json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def write_band(band: Band, path: str | Path) -> None:
    """Write ``band``'s file (YAML, or JSON for a .json path); an OSError becomes a
    ValueError naming the path."""
    path = Path(path)
    try:
        write_atomically(path, band_file_text(band, path.suffix))
    except OSError as exc:
        raise ValueError(f"{path}: cannot write the band file ({exc.strerror or exc})"
                         ) from None
