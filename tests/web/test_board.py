"""What the board (docs/web.md, The board) receives beyond the view: the deploying seat's own
zone, the allowances of what it may move, and for a refused drop the nearest legal point the
engine finds (the probe's ``instead`` and ``snapped``), in both games."""

from __future__ import annotations

import math
import random

from fastapi.testclient import TestClient

from skirmish.core.game import Game
from skirmish.games.eden import EDEN
from skirmish.games.eden.demo import match_setup
from skirmish.games.eden.rolling import state_of
from skirmish.web import frames
from skirmish.web.snapping import candidates, snap

from .conftest import create
from .test_masseffect_frames import deploying


def eden_until(kind: str, seed: int = 1) -> Game:
    game = EDEN.new_game(match_setup(), seed=seed)
    pick = random.Random(seed)
    while game.decision().kind != kind:
        game.apply(pick.choice(list(game.legal_actions())))
    return game


def legal(game: Game, text: str) -> bool:
    try:
        game.check(game.parse(text))
    except Exception:
        return False
    return True


def test_eden_the_deploying_seat_gets_its_own_zone_only() -> None:
    game = eden_until("deploy")
    seat = game.decision().player
    board = frames.state_frame(game, seat, mode="remote")["board"]
    assert [z["side"] for z in board["zones"]] == [seat]
    ring = board["zones"][0]["rings"][0]
    ys = [p[1] for p in ring]
    assert min(ys) >= 0 and max(ys) <= 60
    # the other seat and the spectators do not learn its zone (its mission's deployment type)
    for other in (1 - seat, None):
        assert frames.state_frame(game, other, mode="remote")["board"]["zones"] == []


def test_eden_allowance_of_the_active_fighter() -> None:
    game = eden_until("action")
    seat = game.decision().player
    frame = frames.state_frame(game, seat, mode="remote")
    movers = {t.split()[1] for t in frame["legal"] if t.startswith("move ")}
    assert movers and set(frame["board"]["allowance"]) >= movers
    for ref in movers:
        assert frame["board"]["allowance"][ref]["move"] == 10.0
    assert frames.state_frame(game, 1 - seat, mode="remote")["board"]["allowance"] == {}


def test_eden_a_drop_too_far_goes_to_the_nearest_legal_point() -> None:
    game = eden_until("action")
    seat = game.decision().player
    ref = next(t.split()[1] for t in frames.legal_texts(game, seat) if t.startswith("move "))
    fighter = state_of(game).fighter(ref)
    far = (min(59.0, fighter.x + 25.0), min(59.0, fighter.y + 25.0))
    answer = frames.probe(game, seat, f"move {ref} {far[0]},{far[1]}")
    assert answer["legal"] is False and answer["reason"]
    assert answer["instead"].startswith(f"move {ref} ") and legal(game, answer["instead"])
    x, y = answer["snapped"]
    # back along the drag: nearer the drop than where it stood, within its 10 cm
    assert math.hypot(x - fighter.x, y - fighter.y) <= 10.0 + 1e-6
    assert math.hypot(far[0] - x, far[1] - y) < math.hypot(far[0] - fighter.x,
                                                           far[1] - fighter.y)
    # a legal drop is answered as it is; the other seat's probe snaps nothing
    assert "instead" not in frames.probe(game, seat, answer["instead"])
    assert "instead" not in frames.probe(game, 1 - seat, f"move {ref} {far[0]},{far[1]}")


def test_masseffect_zones_allowances_and_a_deployment_snapped() -> None:
    game = deploying()
    seat = game.decision().player
    frame = frames.state_frame(game, seat, mode="remote")
    assert sorted(z["side"] for z in frame["board"]["zones"]) == [0, 1]  # public in ME:A
    sample = next(t for t in frame["legal"] if t.startswith("deploy "))
    words = sample.split()
    words[2] = "45,45"
    answer = frames.probe(game, seat, " ".join(words))
    assert answer["legal"] is False and legal(game, answer["instead"])
    assert answer["instead"].split()[:2] == words[:2]


def test_the_candidates_come_nearest_the_drop_first() -> None:
    found = candidates((10.0, 10.0), (0.0, 0.0))
    gaps = [math.hypot(x - 10, y - 10) for x, y in found]
    assert gaps == sorted(gaps) and abs(gaps[0] - 0.5) < 1e-9
    assert snap(eden_until("action"), "end", None) is None


def test_the_pages_name_their_icon_and_it_is_served(client: TestClient) -> None:
    page = client.get("/")
    assert '<link rel="icon" href="/static/favicon.svg"' in page.text
    icon = client.get("/static/favicon.svg")
    assert icon.status_code == 200 and icon.text.startswith("<svg")


def test_the_table_page_has_one_id_field_and_loads_the_board(client: TestClient) -> None:
    match_id = create(client)["id"]
    page = client.get(f"/match/{match_id}")
    assert page.status_code == 200
    assert page.text.count('id="field"') == 1
    assert "/static/board.js" in page.text and "/static/field.js" not in page.text
