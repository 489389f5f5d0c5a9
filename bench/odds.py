"""Odds figures (issue 6): one full melee or shooting attack with ``--aim best``, exact.

Each figure is the median of ``repeats`` runs of :func:`skirmish.games.eden.odds.odds_of` on a game
state, with the dice caches cleared first (a cold computation): the melee is the costliest
reaction, a response (opposition, both strikes, the second from every state the first can
leave); the shot has a weapon bonus, an obstacle and an odd-success redirection.
"""

from __future__ import annotations

import time
from statistics import median

from skirmish.core import Game
from skirmish.games.eden.cards.profile import FighterProfile
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.odds import dice, odds_of


def _game(placed: list[tuple[int, str, float, float]]) -> Game:
    """The sample match's fighters (skirmish.games.eden.demo) at (x, y), side 0 = A, 1 = B."""
    from skirmish.core.dice import SeededDice
    from skirmish.games.eden import EDEN
    from skirmish.games.eden.demo import match_setup
    from skirmish.games.eden.ruleset import catalogue_of
    from skirmish.games.eden.state import EdenState

    setup = match_setup()
    profiles = {e["profile"]["name"]: FighterProfile.from_dict(e["profile"])
                for troop in setup["troops"] for e in troop["fighters"]}
    fighters = [Fighter(side, profiles[name], x=x, y=y, on_field=True, ap=3)
                for side, name, x, y in placed]
    mini = {"equipment": setup["equipment"], "abilities": setup.get("abilities", []), "troops": [
        {"fighters": [{"profile": f.profile.to_dict(), "at": [f.x, f.y]}
                      for f in fighters if f.side == s]} for s in (0, 1)]}
    return Game(EDEN, EdenState(fighters, catalogue=catalogue_of(mini)), mini, SeededDice(0))


def _timed(game: Game, action: str, reaction: str | None = None, aim: str = "best") -> float:
    dice._successes.cache_clear()
    dice.opposition.cache_clear()
    start = time.perf_counter()
    odds_of(game, action, reaction=reaction, aim=aim)
    return (time.perf_counter() - start) * 1000


def run(repeats: int = 5) -> dict[str, float]:
    duel = _game([(0, "Vladd", 30, 30), (1, "Abama Big-Belly", 33, 30)])
    melee = [_timed(duel, "attack A.Vladd B.Abama-Big-Belly", reaction="response", aim="best")
             for _ in range(repeats)]
    # Tarar's spear at Yuri, behind Abama (one obstacle), Yuri in contact with Ngobo.
    shot = _game([(0, "Yuri", 22, 30), (1, "Tarar", 12, 30), (1, "Ngobo Quick-Arm", 22, 33),
                  (1, "Abama Big-Belly", 17, 31.5)])
    shoot = [_timed(shot, "shoot B.Tarar Spear A.Yuri", aim="best") for _ in range(repeats)]
    return {"odds_melee_best_ms": median(melee), "odds_shoot_best_ms": median(shoot)}


if __name__ == "__main__":  # pragma: no cover
    print(run())
