"""Words, not notation, in the browser (docs/web.md): every page in French holds no English
word (the lobby, the table of each game at several moments of a match, its end, the replay);
the log's lines are sentences with the exact notation on hover and a copy button, the log
can grow and be searched and is an ARIA live region; a card's text shows where its name
appears; a reaction not offered is shown disabled with the rule's reason; "Why?" says how
much it knows (too early to say, the heuristic's reason in the preparation)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from skirmish.core.dice import KeyedDice
from skirmish.games.eden.demo import demo_setup
from skirmish.games.eden.demo import match_setup as eden_setup
from skirmish.games.masseffect import match_setup as me_setup
from skirmish.games.masseffect.cards.library import load_library
from skirmish.web.storage import SeatInfo, new_token, token_hash

from ..test_words import english_in
from .conftest import new_page
from .driver import Stats, Table

pytestmark = pytest.mark.browser

#: Everything a person reads on the page: its text, the table picture's texts and tooltips,
#: the placeholders, tooltips and labels (the log's exact notation aside: it is notation).
WORDS_OF_PAGE = """() => {
  const out = [document.body.innerText];
  for (const n of document.querySelectorAll('#field svg text, #field svg title')) {
    out.push(n.textContent);
  }
  for (const n of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
    if (n.closest('#log') && !n.classList.contains('card-hint')) continue;
    if (n.closest('#actions') && n.classList.contains('sample')) continue;  // notation
    if (n.id === 'step-action') continue;  // a replay step's notation, on hover
    for (const a of ['placeholder', 'aria-label', 'title']) {
      if (n.getAttribute(a)) out.push(n.getAttribute(a));
    }
  }
  return out.join('\\n');
}"""


def english_on(page: Any, where: str, found: dict[str, str]) -> None:
    """Note each line of the page holding an English word (``where``: the moment)."""
    for line in page.evaluate(WORDS_OF_PAGE).splitlines():
        word = english_in(line)
        if word:
            found.setdefault(re.sub(r"\d+", "N", line.strip()), f"{where}: {line!r} ({word})")


def stored(live: Any, ruleset: str, setup: dict[str, Any], seats: list[SeatInfo],
           key: bytes | None = None) -> str:
    """A new match in the store (``key``: its dice' key, else a fresh one)."""
    return str(live.hub.store.create_match(ruleset=ruleset, setup=setup,
                                           dice=KeyedDice(key).to_json(), title="Mots",
                                           mode="remote", seats=seats))


def stored_replay(page: Any, match_id: str) -> None:
    """Wait until the finished match's replay is served (its record is stored just after
    the last frame)."""
    page.evaluate("""id => { window.replayReady = false;
      const ask = () => fetch(`/api/replays/${id}/0`).then(
        (r) => { if (r.ok) window.replayReady = true; else setTimeout(ask, 100); });
      ask(); }""", match_id)
    page.wait_for_function("window.replayReady === true")


def replay_moments(page: Any, match_id: str, game: str, found: dict[str, str]) -> None:
    """The replay of a finished match at its start, its middle and its end."""
    stored_replay(page, match_id)
    page.goto(f"/replay/{match_id}?step=0")
    page.wait_for_selector("#field svg text", state="attached")
    english_on(page, f"{game} replay start", found)
    count = int(page.get_attribute("#slider", "max") or 0)
    for step in (count // 2, count):
        page.goto(f"/replay/{match_id}?step={step}")
        page.wait_for_function(f"document.body.dataset.step === '{step}'")
        english_on(page, f"{game} replay {step}/{count}", found)


def test_every_french_page_holds_no_english_word(browser: Any, live: Any, shots: Path) -> None:
    page = new_page(browser, live, locale="fr-FR")
    found: dict[str, str] = {}
    try:
        page.goto("/")
        english_on(page, "lobby", found)
        # Eden against the random bot, to the end: preparation, deployment, the round, the end
        page.select_option("#kind-1", "bot:random")
        page.fill("#rounds", "1")
        page.click("#create")
        page.wait_for_url("**/match/*")
        match_id = page.url.rsplit("/", 1)[1].split("?")[0]
        table = Table(page)
        stats = Stats()
        seen: set[str] = set()
        for _ in range(400):
            state = table.wait_ready()
            if state["over"] == "true":
                break
            if state["decision"] not in seen:
                seen.add(state["decision"])
                english_on(page, f"eden {state['decision']}", found)
            table.step(stats)
        page.wait_for_selector("#end:not([hidden])")
        english_on(page, "eden end", found)
        assert {"secret-bid", "deploy", "action"} <= seen
        page.screenshot(path=shots / "words-fr-end.png")
        replay_moments(page, match_id, "eden", found)
        # ME:A against the random bot: its table at each kind of decision of its first 40
        # (the deployment, the movement phase)
        lib = load_library()
        bands = list(lib.bands)
        token = new_token()
        me_human = stored(live, "masseffect",
                          me_setup(lib, [bands[0], bands[1]], next(iter(lib.scenarios))),
                          [SeatInfo(0, "human", None, "", token_hash(token)),
                           SeatInfo(1, "bot", "random", "random", None)])
        page.goto(f"/join/{me_human}/{token}")
        page.wait_for_url(f"**/match/{me_human}")
        me_seen: set[str] = set()
        for _ in range(40):
            state = table.wait_ready()
            if state["over"] == "true":
                break
            if state["decision"] not in me_seen:
                me_seen.add(state["decision"])
                english_on(page, f"masseffect {state['decision']}", found)
            table.step(stats)
        assert {"deploy", "move"} <= me_seen, me_seen
        # ME:A, two bots: its table as a spectator sees it at the end, and its replay
        me_id = stored(live, "masseffect",
                       me_setup(lib, [bands[0], bands[1]], next(iter(lib.scenarios))),
                       [SeatInfo(0, "bot", "random", "random", None),
                        SeatInfo(1, "bot", "random", "random", None)])
        page.goto(f"/match/{me_id}")
        page.wait_for_function("document.body.dataset.over === 'true'", timeout=60_000)
        page.wait_for_selector("#end:not([hidden])")
        english_on(page, "masseffect end", found)
        page.click("#end-close")
        english_on(page, "masseffect table", found)
        replay_moments(page, me_id, "masseffect", found)
        page.screenshot(path=shots / "words-fr-masseffect-replay.png")
    finally:
        errors = page.script_errors
        page.context.close()
    assert not errors
    assert not found, "\n".join(sorted(found.values()))


def test_the_log_shows_sentences_keeps_the_notation_grows_and_filters(page: Any, seeded: Any
                                                                      ) -> None:
    live = seeded  # fixed dice and bot: the same match on every run
    token = new_token()
    match_id = stored(live, "eden", demo_setup(max_rounds=3),
                      [SeatInfo(0, "human", None, "", token_hash(token)),
                       SeatInfo(1, "bot", "random", "random", None)], key=bytes(range(32)))
    page.goto(f"/join/{match_id}/{token}")
    page.wait_for_url(f"**/match/{match_id}")
    table = Table(page)
    stats = Stats()
    for _ in range(200):  # until a fighter of ours has moved by a click
        state = table.wait_ready()
        if state["over"] == "true" or page.locator("#log li[data-notation^='player A: move ']"
                                                   ).count():
            break
        table.step(stats)
    log = page.locator("#log")
    assert log.get_attribute("aria-live") == "polite" and log.get_attribute("role") == "log"
    moved = page.locator("#log li[data-notation^='player A: move ']").first
    notation = moved.get_attribute("data-notation")
    assert re.search(r"\d\.\d{2,}", notation or ""), notation  # the exact notation, kept
    assert moved.get_attribute("title") == notation
    shown = moved.locator(".log-text").inner_text()
    assert re.fullmatch(r"player A moves A\.\S+ to \(-?\d+(\.\d)?, -?\d+(\.\d)?\)", shown), shown
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    moved.hover()
    moved.locator("button.log-copy").click()  # the exact notation, copied
    page.wait_for_selector("#log button.log-copy.copied")
    assert page.evaluate("navigator.clipboard.readText()") == notation
    # the filter box keeps the lines holding its words
    total = page.locator("#log li").count()
    page.fill("#log-filter", "moves")
    visible = page.locator("#log li:not([hidden])")
    assert 0 < visible.count() < total
    assert all("moves" in text for text in visible.all_inner_texts())
    page.fill("#log-filter", "")
    assert page.locator("#log li:not([hidden])").count() == total
    # the log grows, and back
    before = page.evaluate("document.getElementById('log').getBoundingClientRect().height")
    page.click("#log-grow")
    assert page.get_attribute("#log-grow", "aria-expanded") == "true"
    page.wait_for_function(f"document.getElementById('log').getBoundingClientRect().height"
                           f" > {before} + 50")
    page.click("#log-grow")
    assert page.get_attribute("#log-grow", "aria-expanded") == "false"
    # the next lines are added to the live region, the ones shown stay (not announced again)
    page.evaluate("window.firstLine = document.querySelector('#log li')")
    count = page.locator("#log li").count()
    state = table.wait_ready()
    if state["over"] != "true":
        table.step(stats)
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {count}")
        assert page.evaluate("document.querySelector('#log li') === window.firstLine")


def test_a_cards_text_shows_where_its_name_appears(page: Any, live: Any) -> None:
    token = new_token()
    match_id = stored(live, "eden", eden_setup(),
                      [SeatInfo(0, "human", None, "", token_hash(token)),
                       SeatInfo(1, "bot", "random", "random", None)])
    page.goto(f"/join/{match_id}/{token}")
    page.wait_for_url(f"**/match/{match_id}")
    table = Table(page)
    stats = Stats()
    for _ in range(200):  # until our tactical hand holds a card
        state = table.wait_ready()
        if state["over"] == "true" or page.locator(".my-cards .card-hint").count():
            break
        table.step(stats)
    hint = page.locator(".my-cards .card-hint").first
    text = hint.get_attribute("data-card-text")
    assert text and hint.get_attribute("title") == text  # on hover
    assert page.locator(".my-cards").get_attribute("open") is not None  # no longer collapsed
    # the log's line of the card taken names it, with its text
    name = hint.inner_text()
    in_log = page.locator("#log .card-hint", has_text=name).first
    assert in_log.get_attribute("title") == text
    in_log.focus()  # a tap or the keyboard opens it
    assert page.evaluate("getComputedStyle(document.activeElement, '::after').content"
                         ).strip('"') == text


def test_a_reaction_not_offered_is_shown_disabled_with_its_reason(browser: Any, live: Any
                                                                  ) -> None:
    page = new_page(browser, live, locale="fr-FR")
    try:
        page.goto("/replay/none")  # any page with common.js and the French tables
        page.evaluate("""() => {
          const box = document.createElement('div');
          box.id = 'unavailable-test';
          document.body.append(box);
          SK.unavailable(box, [{action: 'react dodge', label: SK.word('dodge'),
            reason: 'Rulebook 6.A, Dodge reaction: the target must spend 1 AP and has none'}]);
        }""")
        button = page.locator("#unavailable-test button.unavailable")
        assert button.is_disabled() and button.inner_text() == "esquive"
        reason = page.inner_text("#unavailable-test .why-not")
        assert reason == ("non proposé : Livre de règles 6.A, réaction d'Esquive : la cible "
                          "doit dépenser 1 PA et n'en a plus")
        assert button.get_attribute("title") in reason
        assert page.text_content("#unavailable-test h3") == "Réaction"
    finally:
        page.context.close()


def test_why_says_the_heuristics_reason_in_the_preparation(page: Any, live: Any) -> None:
    token = new_token()
    match_id = stored(live, "eden", demo_setup(max_rounds=1),
                      [SeatInfo(0, "bot", "mcts:iterations=8,scope=fights", "mcts", None),
                       SeatInfo(1, "human", None, "", token_hash(token))])
    page.goto(f"/join/{match_id}/{token}")
    page.wait_for_url(f"**/match/{match_id}")
    Table(page).wait_ready()
    page.wait_for_selector("#why:not([hidden])")
    page.click("#why")
    page.wait_for_selector("#log li.log-explain")
    line = page.inner_text("#log li.log-explain")
    assert "by its rule of thumb, without a search" in line, line
    assert "Its reason" in line and "iterations only" not in line and "%" not in line, line


def test_why_gives_an_estimate_with_its_interval_and_early_ones_as_such(page: Any, live: Any
                                                                        ) -> None:
    page.goto("/replay/none")  # any page with common.js
    said = page.evaluate("""() => [
      SK.whyText({verdict: 'estimate', win: 0.6, interval: [0.5696, 0.6297], iterations: 1000,
                  agent: 'mcts', seat: 1, sentence: 'player B passes',
                  line: [{player: 0, sentence: 'player A activates A.Yuri'}]}),
      SK.whyText({verdict: 'early', win: 1, interval: [0.7961, 1], iterations: 15,
                  agent: 'mcts', seat: 1, sentence: 'player B passes', line: []}),
      SK.whyText({verdict: 'forced', win: 0.5, interval: null, iterations: 0,
                  agent: 'mcts', seat: 1, sentence: 'player B passes', line: []})]""")
    assert said[0] == ("Why mcts (B) played “player B passes”: it puts its chances at 60% (95% "
                       "interval 57–63%, 1000 iterations). Expected line: player A activates "
                       "A.Yuri.")
    assert said[1].startswith("Why mcts (B) played “player B passes”: too early to say, 15 "
                              "iterations only (its chances lie somewhere between 80% and 100%)")
    assert "100%" not in said[1].split("between")[0]  # no "chances at 100 %"
    assert said[2] == "mcts (B) played “player B passes”: its only legal action."
