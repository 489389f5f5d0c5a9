"""The built documentation's link check, offline (``make docs-build``, CI; issue 48).

Walks every HTML page under the site folder (default ``site/``) and checks that each
relative ``href`` and ``src`` names a file of the site, and each ``#anchor`` an ``id`` of
the page it points to. External links (``http:``, ``https:``, ``mailto:``) are not
fetched: CI has no network. Prints one line per broken link and exits 1 if there is any.

    python scripts/check_links.py [SITE]
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class _Page(HTMLParser):
    """A page's ids and its relative links."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name in ("id", "name"):
                self.ids.add(value)
            elif name in ("href", "src") and tag in ("a", "img", "link", "script"):
                self.links.append(value)


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8", errors="replace"))
    return page


def broken_links(site: Path) -> list[str]:
    """Every broken relative link or anchor of the site, as ``page: link (why)``."""
    pages = {path.resolve(): _parse(path) for path in site.rglob("*.html")}
    problems = []
    for path, page in sorted(pages.items()):
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//"):
                continue
            if not parts.path:
                target = path
            elif parts.path.startswith("/"):  # from the site's root (the 404 page's links)
                target = (site / unquote(parts.path).lstrip("/")).resolve()
            else:
                target = (path.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            where = f"{path.relative_to(site.resolve())}: {link}"
            if not target.exists():
                problems.append(f"{where} (no such file)")
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else _parse(target).ids
                if unquote(parts.fragment) not in ids:
                    problems.append(f"{where} (no anchor #{parts.fragment})")
    return problems


def main(argv: list[str]) -> int:
    site = Path(argv[0] if argv else "site")
    if not (site / "index.html").exists():
        print(f"check_links: {site}/index.html is missing: build the site first "
              "(make docs-build)", file=sys.stderr)
        return 2
    problems = broken_links(site)
    for problem in problems:
        print(problem)
    pages = sum(1 for _ in site.rglob("*.html"))
    print(f"check_links: {pages} pages, {len(problems)} broken link(s)", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
