"""Printable ME:A profile cards (skirmish.games.masseffect.cards.printing): a front with a row of
boxes per thing a figure loses (Vitalité, Armure, Héroïsme) or uses per phase (Bouclier,
Barrière), a back with its weapons' and powers' cards; escaped; and, as WeasyPrint lays them
out, cards of 88 x 63 mm with every row of boxes on one line and every text inside."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from skirmish.games.masseffect.cards.library import Library, load_library
from skirmish.games.masseffect.cards.printing import (
    CARD_HEIGHT_MM,
    CARD_WIDTH_MM,
    box_size,
    render_band,
    render_profiles,
    tracks,
)
from tests.games.eden.test_cards_print import _boxes_with, _check_inside, _classes, _px

TRAITS = ("Armure (10), Bouclier (3+, 6), Barrière (4+, 6), Tacticien (+3), Unique, "
          "Arsenal (5), Projection (biotique), Distorsion (biotique), Singularité (biotique), "
          "Charge biotique (biotique)")
ITEMS = ("Fusil à pompe, Fusil de précision, Lance-roquettes, Grenade à fragmentation, "
         "Médigel")
#: The most of everything: Vitalité 20, Héroïsme 10, Armure 10, six uses of each protection.
BIG = "\n".join(["faction: Essai", "profiles:", "- |", "  Colosse <b>krogan</b> (40 points) :",
                 "  Tir : 4+", "  Défense : 3+", "  Mêlée : 2+", "  Qualité : 3+",
                 "  Vitalité : 20", "  Héroïsme : 10", f"  Traits : {TRAITS}",
                 f"  Équipement : {ITEMS}", ""])
COLOSSUS = "Colosse <b>krogan</b>"


def _library(tmp_path: Path) -> Library:
    folder = tmp_path / "mine"
    folder.mkdir(exist_ok=True)
    (folder / "big.yaml").write_text(BIG, encoding="utf-8")
    return load_library([folder])


def test_tracks_follow_the_profile() -> None:
    lib = load_library()
    primat = tracks(lib.profile("Primat geth"))
    assert [(t.kind, t.label, t.boxes) for t in primat] == [
        ("vitality", "Vitalité", 4), ("armour", "Armure", 2), ("heroism", "Héroïsme", 1),
        ("shield", "Bouclier 4+", 2)]
    sentinel = tracks(lib.profile("Sentinelle de l'Alliance"))
    assert [(t.label, t.note) for t in sentinel][1:] == [("Bouclier 6+", "par phase"),
                                                        ("Barrière 6+", "par phase")]


def test_a_band_prints_each_figure_with_what_it_carries() -> None:
    lib = load_library()
    html = render_band(lib, lib.band("orion"))
    assert html.count('class="pair"') == 6
    assert html.count('data-figure="Soldat de l&#39;Alliance"') == 3
    assert html.count('class="box vitality"') == 3 + 5 * 2
    assert html.count('class="box heroism"') == 2
    assert html.count('class="box shield"') == 2 + 3 * 1 + 1  # Commandante, soldiers, Ingénieur
    assert html.count('class="box barrier"') == 1  # the Adepte
    assert "Omni-lame (Mêlée) : Dégâts (D2), Points (1)" in html  # the soldier's swap
    assert '<span class="label">Tir</span> <b>3+</b>' in html
    assert "Équipement :</span> Fusil mitrailleur" in html
    assert "<b>Projection (biotique) : an enemy, 8 pas, Tir</b> Hurls the target" in html
    assert "Escouade Orion</b> &middot; 6 personnages &middot; 29 pts" in html  # the swap costs 1
    assert "CARTE D&#39;EXEMPLE" in html and "@page { size: A4 portrait" in html


def test_names_are_escaped_and_many_boxes_shrink(tmp_path: Path) -> None:
    lib = _library(tmp_path)
    html = render_profiles(lib, [COLOSSUS], "<i>Essai</i>")
    assert "<b>krogan" not in html and "Colosse &lt;b&gt;krogan&lt;/b&gt;" in html
    assert "<title>&lt;i&gt;Essai&lt;/i&gt;</title>" in html
    assert box_size(lib.profile(COLOSSUS)) == "more"
    assert {box_size(p) for p in load_library().profiles.values()} == {"normal"}
    assert 'class="tracks boxes-more"' in html


# -- the layout, as WeasyPrint lays it out --------------------------------------------------
def _check_tracks(document: Any, rows_expected: int) -> None:
    """Each row of boxes: one line, every box inside the card."""
    rows = 0
    for page in document.pages:
        for card in _boxes_with(page._page_box, "front"):
            right = card.content_box_x() + card.width
            for row in _boxes_with(card, "track"):
                rows += 1
                assert row.height < _px(6), _classes(row)
                for box in row.descendants():
                    if type(box).__name__ in ("InlineBlockBox", "TextBox"):
                        assert box.position_x + box.margin_width() <= right + 0.5, (
                            _classes(row), "past the card")
    assert rows == rows_expected


@pytest.fixture(scope="module")
def laid_out(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, int]:
    from weasyprint import HTML

    lib = _library(tmp_path_factory.mktemp("content"))
    names = list(lib.profiles)
    rows = sum(len(tracks(lib.profiles[n])) for n in names)
    return HTML(string=render_profiles(lib, names)).render(), rows


def test_every_card_keeps_its_size_rows_on_one_line_texts_inside(
        laid_out: tuple[Any, int]) -> None:
    document, rows = laid_out
    cards = [b for p in document.pages for b in _boxes_with(p._page_box, "card")]
    assert len(cards) == 2 * 28  # the 27 sample profiles and the colossus
    for card in cards:
        assert card.border_width() == pytest.approx(_px(CARD_WIDTH_MM), abs=0.5)
        assert card.border_height() == pytest.approx(_px(CARD_HEIGHT_MM), abs=0.5)
    _check_tracks(document, rows)
    _check_inside(document)
