"""What every ruleset's printable profile cards share: the Jinja2 environment of their
templates (a ruleset's own ``templates`` folder, then the shared sheet of
``core/templates/card_sheet.css``) and the PDF of the page, by WeasyPrint.

WeasyPrint is imported only when a PDF is written: it needs the system's Pango library
(:data:`PDF_PACKAGES` on Debian).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from jinja2 import ChoiceLoader, Environment, PackageLoader, StrictUndefined

#: The Debian packages WeasyPrint needs (Pango, its FreeType back-end, HarfBuzz's subsetter)
#: and fonts with the accents of the French notations.
PDF_PACKAGES = ("libpango-1.0-0", "libpangoft2-1.0-0", "libharfbuzz-subset0",
                "fonts-liberation", "fonts-dejavu-core")


@cache
def template_environment(package: str) -> Environment:
    """The templates of ``package``'s ``templates`` folder and the shared ones
    (``card_sheet.css``), autoescaped; an undefined name is an error."""
    loader = ChoiceLoader([PackageLoader(package, "templates"),
                           PackageLoader("skirmish.core", "templates")])
    return Environment(loader=loader, autoescape=True, undefined=StrictUndefined,
                       trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)


def pdf_bytes(html: str, base_url: str | Path | None = None) -> bytes:
    """The PDF of an HTML page (WeasyPrint, which needs the Pango library)."""
    try:
        from weasyprint import HTML  # type: ignore[import-untyped]
    except OSError as exc:  # the system libraries are missing
        raise ValueError(f"writing a PDF needs the Pango library ({exc}); on Debian: "
                         f"apt-get install {' '.join(PDF_PACKAGES)}") from None
    data = HTML(string=html, base_url=str(base_url) if base_url else None).write_pdf()
    assert isinstance(data, bytes)
    return data


def write_pdf(html: str, path: Path) -> None:
    """Write the PDF of an HTML page to ``path``; an OSError becomes a ValueError."""
    data = pdf_bytes(html, path.parent)
    from skirmish.core.record import write_atomically

    try:
        write_atomically(path, data)
    except OSError as exc:
        raise ValueError(f"{path}: cannot write the PDF file ({exc.strerror or exc})") from None
