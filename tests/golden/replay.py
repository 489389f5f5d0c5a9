"""Playing a golden case, and the trace of a record's re-play (see make_records)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from skirmish.core.record import Record


def play_case(case: dict[str, Any]) -> Any:
    """The match of a case, played to its end with the soak's set-ups and seeds."""
    from skirmish.bots.registry import make_agent
    from skirmish.core.agents import view_of
    from skirmish.core.ruleset import RULESETS
    from skirmish.sim.runner import game_seed
    from skirmish.sim.soak import _setup, library_pairings

    pairings = library_pairings("factions", case["game"])
    index = case["index"]
    pairing = pairings[(index * 5) % len(pairings)]
    seed = game_seed(1234, index)
    setup = _setup(pairing, 3, case["game"], index, case["rules"])
    if case["game"] == "eden" and ("territory" in case["rules"] or
                                   "infestation" in case["rules"]):
        # issue 47 made the literal readings the defaults: the records play the old ones
        from skirmish.games.eden.house_rules import OLD_ENGINE

        setup = {**setup, "house_rules": dict(OLD_ENGINE)}
    if case["game"] == "masseffect":
        # issue 47 made the draft's readings ME:A's defaults: the records play the former
        from skirmish.games.masseffect.house_rules import FORMER_READINGS

        setup = {**setup, "house_rules": dict(FORMER_READINGS)}
    game = RULESETS.get(case["game"]).new_game(setup, seed=seed)
    agents = [make_agent(name, seed + seat) for seat, name in enumerate(case["agents"])]
    while not game.is_over:
        player = game.decision().player
        agent = agents[player]
        game.apply(agent.act(view_of(game, player, agent), list(game.legal_actions())))
    return game


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str).encode()


def trace(text: str) -> dict[str, Any]:
    """The re-play of a record: after each action, the state hash, the deciding seat's
    legal actions and the three views (seat 0, seat 1, spectator), digested together."""
    record = Record.from_jsonl(text)
    header = record.header
    from skirmish.core.dice import dice_from_json
    from skirmish.core.ruleset import RULESETS

    game = RULESETS.get(header["ruleset"]).new_game(header["setup"],
                                                     dice=dice_from_json(header["dice"]))
    digest = hashlib.sha256()

    def step() -> None:
        digest.update(game.state_hash().encode())
        if not game.is_over:
            decision = game.decision()
            digest.update(_dump([decision.player,
                                 sorted(str(a) for a in game.legal_actions())]))
        for seat in (0, 1, None):
            digest.update(_dump(game.view(seat)))

    step()
    for _player, action in record.actions:
        game.apply(action)
        step()
    outcome = game.outcome()
    return {"actions": len(record.actions), "hash": game.state_hash(),
            "outcome": outcome.to_json() if outcome else None,
            "trace": digest.hexdigest()}
