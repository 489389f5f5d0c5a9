"""One set of sample cards: the demo's set-ups, ``skirmish odds`` and the library agree."""

from __future__ import annotations

from typer.testing import CliRunner

from skirmish.cli.main import app
from skirmish.games.eden import EDEN
from skirmish.games.eden.demo import ABAMA, VLADD, demo_setup, match_setup, sample_library
from skirmish.games.eden.odds import odds_of


def test_the_demos_fighters_are_the_librarys_cards() -> None:
    library = sample_library()
    assert library.profile("Vladd").to_dict() == VLADD
    assert library.profile("Abama").to_dict() == ABAMA
    for setup in (demo_setup(), match_setup()):
        for troop in setup["troops"]:
            for entry in troop["fighters"]:
                profile = entry["profile"]
                assert profile == library.profile(profile["name"]).to_dict()


def test_the_api_and_the_command_give_the_same_odds_for_the_same_names() -> None:
    game = EDEN.new_game(demo_setup(), seed=1)
    odds = odds_of(game, "attack A.Vladd B.Abama-Big-Belly", reaction="response", check=False)
    shown = f"incapacitated {100 * float(odds.p_incapacitated):.2f}%"
    result = CliRunner().invoke(app, ["odds", "melee", "--attacker", "Vladd", "--target",
                                      "Abama", "--reaction", "response"])
    assert result.exit_code == 0, result.output
    assert f"B.Abama-Big-Belly: {shown}" in result.output
