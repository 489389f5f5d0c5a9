"""ME7 and ME39: band building; each problem names the ruling it breaks."""

from __future__ import annotations

import pytest

from skirmish.games.masseffect.cards.bands import (
    Band,
    BandEntry,
    BandError,
    band_cost,
    band_problems,
    equipment_of,
    figure_cost,
)
from skirmish.games.masseffect.cards.library import load_library

LIB = load_library()


def band(*figures: str | BandEntry, budget: int = 30, faction: str = "") -> Band:
    return Band("Test", tuple(f if isinstance(f, BandEntry) else BandEntry(f)
                              for f in figures), faction, budget)


def test_the_sample_bands_are_legal() -> None:
    """ME39: every sample band keeps every rule, within the default 30 points."""
    for sample in LIB.bands.values():
        assert band_problems(LIB, sample) == [], sample.name
        assert band_cost(LIB, sample) <= 30


def test_the_budget() -> None:
    """ME39 (budget): 30 points unless agreed, 10 to 200; the total must fit, and the
    message lists each figure's cost."""
    assert band_problems(LIB, band("Mercenaire", budget=5)) == [
        "ME39 (budget): a budget is 10 to 200 points, got 5"]
    over = band("Capitaine Vorgash", "Guerrier krogan", "Guerrier krogan", "Biotique asari",
                "Mercenaire vétéran")
    assert band_cost(LIB, over) == 33
    assert band_problems(LIB, over) == [
        "ME39 (budget): 33 points for a budget of 30 (Capitaine Vorgash 12, Guerrier krogan "
        "6, Guerrier krogan 6, Biotique asari 5, Mercenaire vétéran 4)"]
    assert band_problems(LIB, Band("Empty", ())) == [
        "ME39 (figures): a band has at least one figure"]


def test_one_faction() -> None:
    """ME39 (faction): a band is of one faction, its own or its first figure's."""
    assert band_problems(LIB, band("Mercenaire", "Fantassin geth", "Primat geth")) == [
        "ME39 (faction): a band is of one faction (Mercenaires); Fantassin geth, Primat geth "
        "are not"]
    assert band_problems(LIB, band("Fantassin geth", faction="Geth")) == []
    assert band_problems(LIB, band("Fantassin geth", faction="Quarien"))[0].startswith(
        "ME39 (faction): no faction 'Quarien'")


def test_unique_figures_once() -> None:
    """ME39 (unique): a Unique profile (a named hero) is in a band at most once."""
    assert band_problems(LIB, band("Capitaine Vorgash", "Capitaine Vorgash", budget=40)) == [
        "ME39 (unique): Capitaine Vorgash is Unique and is in the band 2 times"]


def test_equipment_limits_in_a_band() -> None:
    """ME7 (equipment): 2 items, 3 for a hero, Arsenal (N) for a named hero; the band's
    list for a figure replaces its card's and is checked the same way."""
    soldier = BandEntry("Soldat de l'Alliance", ("Fusil mitrailleur", "Omni-lame", "Médigel"))
    assert band_problems(LIB, band(soldier)) == [
        "ME7 (equipment): Soldat de l'Alliance carries 3 items, the limit is 2 (not a hero)"]
    lieutenant = BandEntry("Lieutenant de l'Alliance",
                           ("Fusil mitrailleur", "Omni-lame", "Médigel", "Pistolet lourd"))
    assert band_problems(LIB, band(lieutenant)) == [
        "ME7 (equipment): Lieutenant de l'Alliance carries 4 items, the limit is 3 (a hero, "
        "Héroïsme 1 or more)"]
    marrow = BandEntry("Commandante Ilse Marrow", ("Fusil mitrailleur", "Omni-lame", "Médigel",
                                                   "Pistolet lourd", "Fusil à pompe"))
    assert band_problems(LIB, band(marrow, budget=40)) == [
        "ME7 (equipment): Commandante Ilse Marrow carries 5 items, the limit is 4 "
        "(Arsenal (4))"]
    assert LIB.profile("Commandante Ilse Marrow").equipment_limit == 4


def test_equipment_choices_cost_their_points() -> None:
    """ME39 (equipment): an item not on the card costs its Points; items are known and
    carried once; names are read as typed."""
    entry = BandEntry("Soldat de l'Alliance", ("omni-lame", "Fusil mitrailleur"))
    assert figure_cost(LIB, entry) == 3 + 1
    assert [w.name for w in equipment_of(LIB, entry)] == ["Omni-lame", "Fusil mitrailleur"]
    assert figure_cost(LIB, BandEntry("Soldat de l'Alliance")) == 3
    assert band_problems(LIB, band(BandEntry("Mercenaire", ("Laser",)))) == [
        "ME39 (equipment): Mercenaire: no weapon 'Laser'"]
    assert band_problems(LIB, band(BandEntry("Mercenaire", ("Omni-lame", "omni lame")))) == [
        "ME39 (equipment): Mercenaire carries an item twice"]


def test_unknown_and_ambiguous_profiles() -> None:
    """ME39 (figures): a name no profile has, or several, is a problem (no crash)."""
    problems = band_problems(LIB, band("Zorglub", "Mercenaire"))
    assert problems == ["ME39 (figures): no profile 'Zorglub'"]
    assert "is ambiguous" in band_problems(LIB, band("Soldat"))[0]


def test_band_files_read_and_print() -> None:
    data = {"name": "Test", "faction": "Geth", "budget": 20,
            "figures": ["Fantassin geth", {"profile": "Chasseur geth",
                                           "equipment": ["Arme de mêlée", "Fusil à pompe"]}]}
    read = Band.from_dict(data)
    assert read.to_dict() == data and Band.from_dict(read.to_dict()) == read
    with pytest.raises(BandError, match="band: field 'colour': unknown field"):
        Band.from_dict({**data, "colour": "red"})
    with pytest.raises(BandError, match=r"field 'figures\[0\]': expected a profile name"):
        Band.from_dict({**data, "figures": [3]})
