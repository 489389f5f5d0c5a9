"""Every refusal reads in French (issue 45, "Words, not notation": every string translated,
both games). The refusals the engine actually says are collected by playing seeded random
matches of Eden (the basic rules, and the three optional rules together) and of Mass
Effect: Annihilation, and at some decisions typing what a player might type: actions legal
earlier in the match (often illegal now: the wrong decision, the wrong fighter, out of
range...), the activated fighter's own versions of them, and every form of a move in words.
Each refusal, through ``translate(message, "fr")`` as the browser's ``SK.tr`` does, holds no
English word once the notation it quotes (between quotes or guillemets) is set aside."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from skirmish.core.errors import SkirmishError
from skirmish.core.game import Game
from skirmish.core.words import resolve
from skirmish.games.eden import EDEN
from skirmish.games.eden.demo import match_setup as eden_setup
from skirmish.games.eden.demo import with_npfs
from skirmish.games.masseffect import MASS_EFFECT
from skirmish.games.masseffect import match_setup as me_setup
from skirmish.games.masseffect.cards.library import load_library
from skirmish.web.i18n import translate
from tests.web.test_words import english_in

#: The notation a refusal quotes ('move A.Yuri 3,4', « bid N »): kept as typed.
QUOTED = re.compile(r"«[^»]*»|'.*?'(?=[\s:),.]|$)|\"[^\"]*\"")
REF = re.compile(r"\b[ABN]\.[^\s,)]+")


def _words_forms(ref: str, other: str) -> list[str]:
    """Every form of a move in words, possible or not."""
    return [f"move {ref} toward {other}", f"move {ref} toward {other} 3",
            f"move {ref} contact {other}", f"charge {ref} {other}", f"run {ref} contact {other}",
            f"walk {ref} 4 north", f"move {ref} 60 south", f"move {ref} 2 east",
            f"move {ref} 3 northeast", f"move {ref} toward {ref}", f"move {ref} toward {other} x",
            f"move {ref} sideways", f"move Zz toward {other}", f"walk {ref} toward {other}"]


def refusals(game: Game, seed: int, every: int = 4, cap: int = 150) -> Iterator[str]:
    """The refusals met typing at every ``every`` decision of a random match (at most
    ``cap`` decisions)."""
    rng = random.Random(seed)
    pool: list[str] = []
    for step in range(cap):
        if game.is_over:
            return
        legal = [str(a) for a in game.legal_actions()]
        if step % every == 0:
            refs = sorted({t for a in legal + pool for t in a.split() if REF.fullmatch(t)})
            tries = rng.sample(pool, min(len(pool), 30))
            acting = game.decision().prompt.split()[0] if refs else ""
            if REF.fullmatch(acting):  # the activated fighter doing what others did
                tries += [" ".join([p.split()[0], acting, *p.split()[2:]])
                          for p in rng.sample(pool, min(len(pool), 30)) if len(p.split()) > 2]
            for ref in rng.sample(refs, min(len(refs), 4)):
                tries += _words_forms(ref, rng.choice(refs))
            for text in tries:
                if text in legal:
                    continue
                try:
                    if resolve(game, text) is None:
                        game.check(text)
                except SkirmishError as exc:
                    yield str(exc)
        pool.extend(a for a in legal if a not in pool)
        del pool[:-300]
        game.apply(rng.choice(legal))


def eden(seed: int, rules: dict[str, object] | None = None) -> Game:
    setup = eden_setup()
    if rules:
        setup = with_npfs({**setup, "rules": rules})
    return EDEN.new_game(setup, seed=seed)


def masseffect(seed: int) -> Game:
    lib = load_library()
    bands, scenarios = list(lib.bands), list(lib.scenarios)
    return MASS_EFFECT.new_game(me_setup(lib, [bands[seed % len(bands)],
                                               bands[(seed + 1) % len(bands)]],
                                         scenarios[seed % len(scenarios)]), seed=seed)


def untranslated(messages: Iterator[str]) -> dict[str, str]:
    """Each refusal's shape whose French still holds an English word -> an example."""
    found: dict[str, str] = {}
    for message in sorted(set(messages)):
        french = translate(message, "fr")
        word = english_in(QUOTED.sub("", french))
        if word:
            shape = re.sub(r"\d+(\.\d+)?", "N", REF.sub("REF", QUOTED.sub("Q", message)))
            found.setdefault(shape, f"{message!r} -> {french!r} ({word!r})")
    return found


def test_edens_refusals_read_in_french() -> None:
    assert untranslated(refusals(eden(1), 1)) == {}


def test_edens_refusals_with_the_optional_rules_read_in_french() -> None:
    rules = {"territory": True, "infestation": 3, "climate": ["roll"]}
    assert untranslated(refusals(eden(2, rules), 2)) == {}


def test_masseffects_refusals_read_in_french() -> None:
    assert untranslated(refusals(masseffect(1), 1)) == {}


def test_a_word_moves_refusal_reads_as_the_french_rulebook_words_it() -> None:
    assert translate("A.Vladd cannot reach contact with B.Sabaka this charge (allowance 10 cm, "
                     "44.2 cm away) (Rulebook 5, Charge)", "fr") == (
        "A.Vladd ne peut pas atteindre le contact de B.Sabaka avec cette Charge (potentiel "
        "10 cm, à 44.2 cm) (Livre de règles 5, Charge)")
    assert translate("A.Yuri cannot 'attack A.Yuri B.Abama' (Rulebook 6.A step 1: the target "
                     "is an enemy in contact)", "fr") == (
        "A.Yuri ne peut pas « attack A.Yuri B.Abama » (Livre de règles 6.A, étape 1 : la "
        "cible est un ennemi au contact)")
