"""The state frame's ``glossary`` (docs/web.md, Cards at hand): the texts of the abilities of
the fighters on an Eden table, which the view names only (its golden records unchanged); the
same on every seat, nothing the view does not name, and every sample ability in French."""

from __future__ import annotations

import random
import re

from skirmish.core.game import Game
from skirmish.games.eden import EDEN
from skirmish.games.eden.cards.cards_html import ability_text
from skirmish.games.eden.cards.library import read_library
from skirmish.games.eden.demo import match_setup
from skirmish.games.eden.rolling import state_of
from skirmish.games.eden.web.frames import state_extras
from skirmish.games.eden.web.i18n import CARD_PATTERNS
from skirmish.web.game_parts import web_part


def played(seed: int = 1, actions: int = 40) -> Game:
    game = EDEN.new_game(match_setup(), seed=seed)
    pick = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(pick.choice(list(game.legal_actions())))
    return game


def view_abilities(game: Game, seat: int | None) -> set[str]:
    return {a["name"] for f in game.view(seat)["fighters"] for a in f["abilities"]}


def test_the_glossary_gives_the_texts_of_the_abilities_the_view_names() -> None:
    game = played()
    state = state_of(game)
    library = {a.name: a for f in state.fighters for a in state.catalogue.abilities_of(f.profile)}
    assert library, "the sample troops have abilities"
    for seat in (0, 1, None):
        glossary = state_extras(game, seat)["glossary"]
        assert set(glossary) == view_abilities(game, seat)
        assert glossary == {name: ability_text(library[name]) for name in glossary}
        assert all(text.startswith(name + " (") for name, text in glossary.items())

    # a replay's step (what a spectator sees) carries the same
    assert web_part("eden").replay_extras(game)["glossary"] == state_extras(game, None)["glossary"]


def test_the_glossary_holds_only_the_abilities_of_this_table() -> None:
    game = played()
    state = state_of(game)
    on_table = {a.name for f in state.fighters for a in state.catalogue.abilities_of(f.profile)}
    glossary = state_extras(game, 0)["glossary"]
    everything = set(read_library().abilities)
    assert everything - on_table, "the sample library holds abilities no fighter here has"
    assert not set(glossary) & (everything - on_table)


def translate(text: str) -> str:
    """What common.js's tr(text, "cards") does (its patterns in turn, "{n}" the groups)."""
    for pattern, template in CARD_PATTERNS:
        text = re.sub(pattern, lambda m, t=template: re.sub(
            r"\{(\d+)w?\}", lambda g: m.group(int(g.group(1))) or "", t), text)
    return text


def test_every_sample_ability_reads_in_french() -> None:
    abilities = read_library().abilities
    assert len(abilities) >= 20
    for ability in abilities.values():
        english = ability_text(ability)
        french = translate(english)
        assert french != english, english
        assert french.startswith(ability.name + " ("), french
        assert " : " in french and "Permanent)" not in french and " AP" not in french, french
