"""The one name matcher: exact, then case and accents ignored, then a unique prefix (of the
name, then of a later word), else "did you mean"."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skirmish.core.names import AmbiguousNameError, UnknownNameError, fold, match_name

NAMES = ["Yuri", "Vladd", "Abama Big-Belly", "Agent Sorensen", "Sister Coralie",
         "Sister Ysolde", "Mark"]


@pytest.mark.parametrize(("typed", "meant"), [
    ("Yuri", "Yuri"), ("yuri", "Yuri"), ("Yûri", "Yuri"), ("Vlädd", "Vladd"),
    ("VLADD", "Vladd"), ("abama", "Abama Big-Belly"), ("Abama Big Belly", "Abama Big-Belly"),
    ("Sorensen", "Agent Sorensen"), ("big-belly", "Abama Big-Belly"), ("coralie", "Sister Coralie"),
])
def test_a_name_as_players_type_it(typed: str, meant: str) -> None:
    assert match_name(typed, NAMES, "fighter") == meant


def test_an_exact_name_wins_over_a_longer_one() -> None:
    assert match_name("Mark", [*NAMES, "Marksman"]) == "Mark"


def test_several_candidates_are_named() -> None:
    with pytest.raises(AmbiguousNameError) as caught:
        match_name("Sister", NAMES, "fighter")
    assert str(caught.value) == "fighter 'Sister' is ambiguous: Sister Coralie, Sister Ysolde"
    assert isinstance(caught.value, KeyError)


@pytest.mark.parametrize(("typed", "hint"), [
    ("Yuiri", "did you mean Yuri?"), ("Vlad", None), ("Sorenson", "did you mean Agent Sorensen?"),
])
def test_a_typo_gets_a_suggestion(typed: str, hint: str | None) -> None:
    if hint is None:  # a prefix: found, not suggested
        assert match_name(typed, NAMES) == "Vladd"
        return
    with pytest.raises(UnknownNameError) as caught:
        match_name(typed, NAMES, "fighter")
    assert str(caught.value) == f"no fighter {typed!r} - {hint}"


def test_nothing_close_is_said_plainly() -> None:
    with pytest.raises(UnknownNameError, match=r"^no faction 'Elves'$"):
        match_name("Elves", ["Jokers", "Bamaka"], "faction")


@given(st.sampled_from(NAMES))
def test_every_name_finds_itself_however_it_is_cased(name: str) -> None:
    assert match_name(name.upper(), NAMES) == name
    assert match_name(fold(name), NAMES) == name
