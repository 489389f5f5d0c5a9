"""What ``skirmish play`` tells an Eden player at the table (issue 45): the activated
fighter's allowance and the deployment zone's bounds with the decision, the suggested moves
by purpose, and ``fighter NAME`` (the fighter's card and where it stands)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skirmish.core.words import cm, pick_name, point_text

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.geometry.zones import DeploymentZone


def decision_notes(game: Game, reader: int | None) -> list[str]:
    """The activated fighter's AP and allowances (Rulebook 5) at an action decision; the
    zone's bounds at a deployment decision (Rulebook 4.A step 7). Public facts only."""
    from skirmish.games.eden.fighting.movement import (
        CHARGE,
        CHARGES_PER_ROUND,
        MOVE,
        MOVES_PER_ROUND,
        allowance,
    )
    from skirmish.games.eden.preparation.deployment import zone_of
    from skirmish.games.eden.rolling import state_of
    from skirmish.games.eden.words import _activated

    if game.is_over:
        return []
    decision = game.decision()
    state = state_of(game)
    if decision.kind == "action":
        ref = _activated(game)
        if ref is None:
            return []
        f = state.fighter(ref)
        moves = MOVES_PER_ROUND - f.round_uses.get(MOVE, 0)
        charges = CHARGES_PER_ROUND - f.round_uses.get(CHARGE, 0)
        return [f"{ref} at {point_text(f.x, f.y)}, {f.ap} AP: Move allowance "
                f"{cm(allowance(state, f))} cm (1 AP, {moves} left this round), Charge "
                f"{cm(allowance(state, f, charge=True))} cm (2 AP, {charges} left)"]
    if decision.kind == "deploy":
        try:
            zone = zone_of(state, decision.player)
        except ValueError:
            return []
        return [f"Deployment zone of player {'AB'[decision.player]}: {zone_bounds(zone)}"]
    return []


def zone_bounds(zone: DeploymentZone) -> str:
    """The zone's bounds in cm, for a base's centre add its radius inside them."""
    x0, y0, x1, y1 = zone.half_rect()
    w, h = zone.field.width, zone.field.height
    if zone.kind == "band":
        d = zone.distance
        if zone.half == "south":
            y1 = h / 2 - d
        elif zone.half == "north":
            y0 = h / 2 + d
        elif zone.half == "west":
            x1 = w / 2 - d
        else:
            x0 = w / 2 + d
        return (f"x {cm(x0)} to {cm(x1)}, y {cm(y0)} to {cm(y1)} cm (the whole base "
                "inside)")
    c = zone.centre()
    return (f"the {zone.half} half (x {cm(x0)} to {cm(x1)}, y {cm(y0)} to {cm(y1)} cm), "
            f"{cm(zone.distance)} cm or more from {point_text(c.x, c.y)} (the whole base)")


def fighter_lines(game: Game, reader: int | None, name: str) -> list[str]:
    """``fighter NAME``: the fighter's card (Rulebook 1), its equipment and abilities in full
    (the match's own cards), and its state as ``reader`` sees it."""
    from skirmish.games.eden.cards.cards_html import profile_text
    from skirmish.games.eden.rolling import state_of

    state = state_of(game)
    ref = pick_name(name, [f.ref for f in state.fighters])
    fighter = state.fighter(ref)
    view: dict[str, Any] = next((f for f in game.view(reader).get("fighters", [])
                                 if f.get("ref") == ref), {})
    # the match's own cards give the equipment's and the abilities' texts (what a library
    # gives ``cards show``: profile_text reads only those two mappings)
    cards: Any = state.catalogue
    lines = [f"{ref}: {profile_text(fighter.profile, cards)}"]
    if view:
        place = (point_text(float(view["x"]), float(view["y"])) if view.get("on_field")
                 else "off the field")
        limbs = view["profile"]["limbs"]
        left = []
        for i, limb in enumerate(("head", "arms", "torso", "legs")):
            total = limbs[limb]["white_cp"] + limbs[limb]["red_cp"]
            left.append(f"{limb} {total - view['checked'][i]}/{total}")
        markers = ", ".join(f"{k} {v}" for k, v in view.get("markers", {}).items()) or "none"
        lines.append(f"Now: {place}; {view.get('ap', 0)} AP"
                     f"{' (activated)' if view.get('activated') else ''}; CP left "
                     f"{', '.join(left)}; markers {markers}")
    return lines
