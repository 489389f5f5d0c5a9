"""What ``skirmish play --game masseffect`` tells a player at the table (issue 45): each
mover's walk and run (ME10-ME11) at a movement decision and the deployment zone's bounds
(ME38), the figures' table for ``status``, ``fighter NAME`` (the figure's card and state)
and the suggested moves by purpose."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from skirmish.core.words import Request, WordsError, cm, pick_name, point_text

if TYPE_CHECKING:
    from rich.table import Table

    from skirmish.core.actions import Action
    from skirmish.core.game import Game


def decision_notes(game: Game, reader: int | None) -> list[str]:
    """Public facts for the pending decision: each mover's walk and run; the zone's bounds."""
    from skirmish.games.masseffect.phases.deployment import depth_cm
    from skirmish.games.masseffect.phases.movement import allowance, movers
    from skirmish.games.masseffect.rolling import state_of

    if game.is_over:
        return []
    decision = game.decision()
    state = state_of(game)
    if decision.kind == "move":
        return [f"{f.ref} at {point_text(f.x, f.y)}: walk {cm(allowance(f, False))} cm, run "
                f"{cm(allowance(f, True))} cm" for f in movers(state, decision.player)]
    if decision.kind == "deploy":
        depth, h = depth_cm(state), state.field.height
        edge = state.edges[decision.player]
        y0, y1 = (0.0, depth) if edge == "lower" else (h - depth, h)
        return [f"Deployment zone of player {'AB'[decision.player]} ({edge} edge): x 0 to "
                f"{cm(state.field.width)}, y {cm(y0)} to {cm(y1)} cm (the whole base inside)"]
    return []


def status_table(view: dict[str, Any]) -> Table:
    """The figures as the view shows them: where, facing, vitality, armour, this turn."""
    from rich.table import Table

    table = Table(title="Figures", title_justify="left")
    for column in ("figure", "place", "facing", "vitality", "armour", "this turn", "statuses"):
        table.add_column(column)
    for f in view.get("figures", []):
        place = (point_text(float(f["x"]), float(f["y"])) if f.get("placed") and not f.get("out")
                 else "out" if f.get("out") else "off")
        done = [k for k in ("moved", "used_power", "shot", "special", "fought") if f.get(k)]
        turn = ", ".join(f"{k} {f[k]}" if k == "moved" else k for k in done) or "-"
        if f.get("wielding"):  # ME42: the melee weapon its player chose for the phase
            turn = f"{turn}, wields {f['wielding']}" if done else f"wields {f['wielding']}"
        table.add_row(str(f["ref"]), place, f"{float(f.get('facing', 0)):g}",
                      f"{f.get('vitality')}/{f.get('max_vitality')}", str(f.get("armour")),
                      turn, ", ".join(f.get("statuses") or []) or "-")
    return table


def fighter_lines(game: Game, reader: int | None, name: str) -> list[str]:
    """``fighter NAME``: the figure's card and its state as ``reader`` sees it."""
    figures = game.view(reader).get("figures", [])
    ref = pick_name(name, [str(f["ref"]) for f in figures], "figure")
    f = next(f for f in figures if f["ref"] == ref)
    place = point_text(float(f["x"]), float(f["y"])) if f.get("placed") else "off the table"
    return [f"{ref}: {f.get('profile', f.get('name', ''))}",
            f"Now: {place}, facing {float(f.get('facing', 0)):g}; vitality "
            f"{f.get('vitality')}/{f.get('max_vitality')}, armour {f.get('armour')}, heroism "
            f"{f.get('heroism')}; statuses {', '.join(f.get('statuses') or []) or 'none'}"]


#: The suggestions of a figure, by what they depend on (the turn, the figure's place, the
#: enemies' places, the markers): kept while those stand, checked again when used.
_KEPT: dict[tuple[Any, ...], list[tuple[Action, str]]] = {}


def suggested_moves(game: Game) -> list[tuple[Action, str]]:
    """Per figure still to move: a charge when the nearest enemy is in reach, a walk and a
    run toward it, and a walk toward the nearest marker (objectives, data, terminals), each
    labelled with its purpose; each legal (the engine checked it, again when kept from the
    decision before: one figure moves at a time)."""
    from skirmish.core.words import is_legal
    from skirmish.games.masseffect.phases.movement import movers
    from skirmish.games.masseffect.rolling import state_of

    if game.is_over or game.decision().kind != "move":
        return []
    state = state_of(game)
    out: list[tuple[Action, str]] = []
    for figure in movers(state, game.decision().player):
        key = (id(state.field), state.turn, str(figure.ref), figure.x, figure.y,
               tuple((e.x, e.y) for e in state.in_action(1 - figure.side)),
               tuple((m.id, m.x, m.y) for m in state.markers))
        kept = _KEPT.get(key)
        if kept is None:
            if len(_KEPT) > 256:
                _KEPT.clear()
            kept = _KEPT[key] = _figure_suggestions(game, figure)
            out.extend(kept)
        else:
            out.extend((a, label) for a, label in kept if is_legal(game, a))
    seen: list[Action] = []
    unique = []
    for action, label in out:
        if action not in seen:
            seen.append(action)
            unique.append((action, label))
    return unique


def _figure_suggestions(game: Game, figure: Any) -> list[tuple[Action, str]]:
    """One figure's suggested moves (:func:`suggested_moves`)."""
    from skirmish.games.masseffect.rolling import state_of
    from skirmish.games.masseffect.words import WORDS, _move

    state = state_of(game)
    out: list[tuple[Action, str]] = []
    enemies = sorted(state.in_action(1 - figure.side),
                     key=lambda e: math.hypot(e.x - figure.x, e.y - figure.y))
    name = str(figure.ref)
    for enemy in enemies[:1]:
        gap = math.hypot(enemy.x - figure.x, enemy.y - figure.y) - figure.radius \
            - enemy.radius
        for request, label in (
                (Request("", "charge", name, "charge", target=str(enemy.ref), quick=True),
                 f"charge {enemy.ref}"),
                (Request("", "walk", name, "toward", target=str(enemy.ref), quick=True),
                 f"walk toward enemy {enemy.ref} ({cm(gap)} cm away)"),
                (Request("", "run", name, "toward", target=str(enemy.ref), quick=True),
                 f"run toward enemy {enemy.ref}")):
            try:
                action = WORDS.resolve(game, request).action
            except WordsError:
                continue
            to = getattr(action, "to", None)
            if to is not None and request.form == "toward":
                label += f", {cm(math.hypot(to.x - figure.x, to.y - figure.y))} cm"
            out.append((action, label))
    markers = sorted(state.markers, key=lambda m: math.hypot(m.x - figure.x,
                                                             m.y - figure.y))
    for marker in markers[:1]:
        dx, dy = marker.x - figure.x, marker.y - figure.y
        far = math.hypot(dx, dy)
        if far < 2:
            continue
        angle = math.degrees(math.atan2(dy, dx))
        try:
            request = Request("", "walk", name, "direction",
                              distance=min(far - figure.radius - 1.6, 10.0), angle=angle,
                              quick=True)
            out.append((_move(game, state, figure, None, request, (False,)).action,
                        f"toward marker {marker.id}"))
        except (WordsError, ValueError):
            continue
    return out
