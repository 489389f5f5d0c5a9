"""Printable profile cards (skirmish.games.eden.cards.printing): the HTML from the Jinja2 templates
(structure, escaping, French notation), the A4 PDF from WeasyPrint (pages, cards on the
first page), and the layout itself: every limb on one line, cards of 88 x 63 mm."""

from __future__ import annotations

import re
import shutil
import subprocess
import zlib
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from skirmish.cli.cards_cmd import cards_app
from skirmish.games.eden.cards.library import Library
from skirmish.games.eden.cards.printing import (
    CARD_HEIGHT_MM,
    CARD_WIDTH_MM,
    PAIRS_PER_PAGE,
    cp_size,
    render_cards,
)
from skirmish.games.eden.cards.profile import Limb
from skirmish.games.eden.content import load_library

app = typer.Typer()
app.add_typer(cards_app, name="cards")
runner = CliRunner()

TROOP = ["Yuri", "Vladd", "Anton", "Ievgeni", "Kostia"]

FRENCH = """language: fr
faction: Matriarcat
equipment:
- 'Casque (Pr) : Tête+1'
- 'Lance-flammes (Souffle) : Brûlure(1), 1/tour'
- 'Lance (Tir/Jet) : CBT+1 – Portée(10), Pui(3) / Portée(10), Explosif(2)'
abilities:
- {name: Prière ardente, kind: action, cost_ap: 1, text: "Un allié gagne « Élan »."}
- {name: Longue mémoire, kind: permanent, text: "%s"}
fighters:
- name: Sœur Hélène <script>alert(1)</script>
  stigma: Ordre
  types: [Humaine]
  value: 35
  limbs:
    head: {white_cp: 2, red_cp: 2, white: 4, red: 3, faces: [1]}
    arms: {white_cp: 3, red_cp: 1, white: 4, red: 3, faces: [2, 3]}
    torso: {white_cp: 12, red_cp: 12, white: 12, red: 12, faces: [4, 5]}
    legs: {white_cp: 8, red_cp: 2, white: 5, red: 4, faces: [6]}
  equipment: [Casque, Lance-flammes, Lance, "Arbalète (Tir) : CBT+1 – Portée(25), Pui(4)"]
  abilities: [Prière ardente, Longue mémoire]
""" % ("Une phrase assez longue pour remplir le dos de la carte, répétée. " * 9)
HELENE = "Sœur Hélène <script>alert(1)</script>"


class _Cards(HTMLParser):
    """Each fighter's pair, its sides, and per limb row the classes of its boxes."""

    def __init__(self) -> None:
        super().__init__()
        self.pairs: list[dict[str, Any]] = []
        self.row: list[str] | None = None
        self.stray_boxes = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "section" and "pair" in classes:
            self.pairs.append({"name": a["data-fighter"], "sides": [], "limbs": []})
        elif tag == "article" and "card" in classes:
            self.pairs[-1]["sides"].append(classes[1])
        elif tag == "tr" and "limb" in classes:
            self.row = []
            self.pairs[-1]["limbs"].append((classes[1], self.row))
        elif tag == "span" and "box" in classes:
            if self.row is None:
                self.stray_boxes += 1
            else:
                self.row.append(" ".join(classes))

    def handle_endtag(self, tag: str) -> None:
        if tag == "tr":
            self.row = None


def _parse(html: str) -> _Cards:
    parser = _Cards()
    parser.feed(html)
    return parser


def _french_library(tmp_path: Path) -> Library:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "mine.yaml").write_text(FRENCH, encoding="utf-8")
    return load_library([folder])


def _pdf_pages(data: bytes) -> int:
    """The pages of a PDF: its /Type /Page objects, also inside compressed object streams."""
    page = rb"/Type\s*/Page(?![A-Za-z])"
    count = len(re.findall(page, data))
    for m in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S):
        try:
            count += len(re.findall(page, zlib.decompress(m.group(1))))
        except zlib.error:
            continue
    return count


def _classes(box: Any) -> list[str]:
    element = getattr(box, "element", None)
    return (element.get("class") or "").split() if element is not None else []


def _boxes_with(root: Any, cls: str) -> list[Any]:
    return [b for b in root.descendants() if cls in _classes(b)
            and type(b).__name__ not in ("LineBox", "TextBox")]


def test_each_fighter_has_a_front_and_a_back_with_its_limbs_boxes() -> None:
    lib = load_library()
    html = render_cards(lib, TROOP, "Jokers")
    cards = _parse(html)
    assert [p["name"] for p in cards.pairs] == TROOP
    assert cards.stray_boxes == 0
    for pair in cards.pairs:
        profile = lib.profile(pair["name"])
        assert pair["sides"] == ["front", "back"]
        assert [limb for limb, _ in pair["limbs"]] == [f"limb-{limb}" for limb in Limb]
        for (_, boxes), lp in zip(pair["limbs"], profile.limbs, strict=True):
            assert boxes == ["box white"] * lp.white_cp + ["box red"] * lp.red_cp
    yuri = html[html.index('data-fighter="Yuri"'):html.index('data-fighter="Vladd"')]
    assert "PSI <b class=\"w\">4</b>/<b class=\"r\">3</b>" in yuri
    assert "Molotov (Projectile): Burn(1), Range(15), 1/match" in yuri
    assert "<b>Pyromaniac (Permanent)</b> When he begins his activation" in yuri
    assert "SAMPLE CARD" in yuri and "25 pts" in yuri
    assert html.startswith("<!DOCTYPE html>") and "@page { size: A4 portrait" in html
    assert "Jokers</b> &middot; 5 fighters &middot; 105 pts" in html


def test_names_and_texts_are_escaped(tmp_path: Path) -> None:
    html = render_cards(_french_library(tmp_path), [HELENE], "<b>Troupe</b>")
    assert "<script" not in html and "<b>Troupe" not in html
    assert "Sœur Hélène &lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<title>&lt;b&gt;Troupe&lt;/b&gt;</title>" in html


def test_french_notation_and_labels(tmp_path: Path) -> None:
    lib = _french_library(tmp_path)
    html = render_cards(lib, [HELENE, "Yuri"], "Troupe", language="fr")
    for text in ("Casque (Pr) : Tête+1", "Lance-flammes (Souffle) : Brûlure(1), 1/tour",
                 "Molotov (Jet) : Brûlure(1), Portée(15), 1/partie", ">tête</th>",
                 ">jambes</th>", "RAP <b", "Capacités spéciales", "CARTE D&#39;EXEMPLE",
                 'lang="fr"'):
        assert text in html, text
    cards = _parse(html)
    assert cards.pairs[0]["limbs"][2][1].count("box red") == 12
    english = render_cards(lib, [HELENE], "Troupe")
    assert "Helmet" not in english and "Casque (Pr): head +1" in english


def test_cp_boxes_shrink_only_for_long_limbs(tmp_path: Path) -> None:
    lib = _french_library(tmp_path)
    assert {cp_size(p) for p in lib.fighters.values() if p.name != HELENE} == {"normal"}
    assert cp_size(lib.profile(HELENE)) == "most"
    assert 'class="limbs cp-most"' in render_cards(lib, [HELENE])


def test_cli_writes_html_and_pdf_of_a_five_fighter_troop(tmp_path: Path) -> None:
    troop = tmp_path / "troop.yaml"
    troop.write_text(f"name: Jokers\nfighters: [{', '.join(TROOP)}]\n", encoding="utf-8")
    html, pdf = tmp_path / "out" / "cards.html", tmp_path / "out" / "cards.pdf"
    result = runner.invoke(app, ["cards", "print", "--troop", str(troop), "--out", str(html)])
    assert result.exit_code == 2 and "does not exist" in result.output  # issue 46's ruling
    html.parent.mkdir()
    result = runner.invoke(app, ["cards", "print", "--troop", str(troop), "--out", str(html),
                                 "--pdf", str(pdf)])
    assert result.exit_code == 0, result.output
    assert f"5 profile cards written to {html} and {pdf}" in result.output.replace("\n", "")
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    assert _pdf_pages(data) == 2  # 4 fighters on page 1, the fifth on page 2
    assert html.read_text(encoding="utf-8").count('class="pair"') == 5
    only_pdf = tmp_path / "only.pdf"
    result = runner.invoke(app, ["cards", "print", "--troop", str(troop), "--out",
                                 str(only_pdf)])
    assert result.exit_code == 0 and only_pdf.read_bytes().startswith(b"%PDF")
    assert not (tmp_path / "cards.html").exists()
    result = runner.invoke(app, ["cards", "print", "--troop", str(troop), "--out",
                                 str(only_pdf), "--pdf", str(tmp_path / "other.pdf")])
    assert result.exit_code == 2 and "give one of them" in result.output
    result = runner.invoke(app, ["cards", "print", "--troop", str(troop), "--language", "de"])
    assert result.exit_code == 2 and "expected en or fr" in result.output


def test_the_troops_own_content_is_read(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "mine.yaml").write_text(FRENCH, encoding="utf-8")
    troop = tmp_path / "troop.yaml"
    troop.write_text(f"content: [mine]\nfighters: ['{HELENE}']\n", encoding="utf-8")
    out = tmp_path / "cards.html"
    result = runner.invoke(app, ["cards", "print", "--troop", str(troop), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Sœur Hélène &lt;script&gt;" in out.read_text(encoding="utf-8")


# -- the layout, as WeasyPrint lays it out --------------------------------------------------
def _px(mm: float) -> float:
    """Millimetres in WeasyPrint's layout unit, the CSS pixel (1/96 inch)."""
    return mm * 96 / 25.4


@pytest.fixture(scope="module")
def laid_out() -> Any:
    from weasyprint import HTML

    lib = load_library()
    return HTML(string=render_cards(lib, TROOP, "Jokers")).render()


def test_first_page_holds_four_fighters(laid_out: Any) -> None:
    pages = [p._page_box for p in laid_out.pages]
    assert len(pages) == 2
    per_page = [len(_boxes_with(page, "card")) for page in pages]
    assert per_page == [2 * PAIRS_PER_PAGE, 2]
    first = _boxes_with(pages[0], "pair")
    assert [b.element.get("data-fighter") for b in first] == TROOP[:PAIRS_PER_PAGE]


def test_cards_keep_their_size(laid_out: Any) -> None:
    cards = [b for p in laid_out.pages for b in _boxes_with(p._page_box, "card")]
    assert len(cards) == 10
    for card in cards:
        assert card.border_width() == pytest.approx(_px(CARD_WIDTH_MM), abs=0.5)
        assert card.border_height() == pytest.approx(_px(CARD_HEIGHT_MM), abs=0.5)


def _check_one_line_limbs(document: Any, rows_expected: int) -> None:
    """Each limb row: every cell one line at most, its content inside its column and the
    card, the row one line high."""
    rows = 0
    for page in document.pages:
        for card in _boxes_with(page._page_box, "front"):
            right = card.content_box_x() + card.width
            for row in _boxes_with(card, "limb"):
                rows += 1
                for cell in row.children:
                    where = (card.element.get("class"), _classes(row), _classes(cell))
                    lines = [c for c in cell.children if type(c).__name__ == "LineBox"]
                    assert len(lines) <= 1, (*where, "wraps")
                    end = cell.position_x + cell.margin_width()
                    assert end <= right + 0.5, (*where, "past the card")
                    for box in cell.descendants():
                        if type(box).__name__ in ("InlineBlockBox", "TextBox"):
                            assert box.position_x + box.margin_width() <= end + 0.5, (
                                *where, "past its column")
                assert row.height < _px(6)  # one line: 5.4 mm
    assert rows == rows_expected


def _check_inside(document: Any) -> None:
    """No line of any card's text runs past the card's bottom (long texts print smaller)."""
    for page in document.pages:
        for card in _boxes_with(page._page_box, "card"):
            bottom = card.content_box_y() + card.height
            for line in card.descendants():
                if type(line).__name__ == "LineBox":
                    assert line.position_y + line.height <= bottom + 0.5, (
                        card.element.get("class"), line.position_y, bottom)


def test_every_limb_is_on_one_line(laid_out: Any) -> None:
    _check_one_line_limbs(laid_out, 4 * len(TROOP))


def test_every_card_fits_limbs_on_one_line_texts_inside(tmp_path: Path) -> None:
    """Every sample card, and one with 24 CP on a limb and long texts, in French (the longer
    words)."""
    from weasyprint import HTML

    lib = _french_library(tmp_path)
    names = [*lib.fighters, *lib.npfs]
    document = HTML(string=render_cards(lib, names, language="fr")).render()
    _check_one_line_limbs(document, 4 * len(names))
    _check_inside(document)


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler-utils")
def test_pdf_text_keeps_the_accents(tmp_path: Path) -> None:
    from skirmish.games.eden.cards.printing import write_pdf

    pdf = tmp_path / "fr.pdf"
    write_pdf(render_cards(_french_library(tmp_path), [HELENE], language="fr"), pdf)
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    for word in ("Sœur Hélène", "Tête+1", "Brûlure(1)", "Capacités spéciales", "« Élan »"):
        assert word in text, word
