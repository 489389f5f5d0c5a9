"""Cards in the rulebook's notation (text); the printable profile cards are made by
:mod:`skirmish.games.eden.cards.printing` (Jinja2 templates, PDF), reached here by
:func:`render_cards`.

Rulebook 1, "Profile cards": the front shows the name (1), faction (2), types (3), the
limbs (4) with their white and red CP dots (5), characteristics (6) and location faces (7),
equipment (8), value (9) and stigma (10); the back the special abilities (11).
"""

from __future__ import annotations

from typing import Any

from skirmish.games.eden.cards.cards import Ability, MissionCard, TacticalCard
from skirmish.games.eden.cards.library import SINGULAR, Library, SceneryEntry
from skirmish.games.eden.cards.profile import CHARACTERISTIC_OF, FighterProfile, Limb

SAMPLE_MARK = "[sample]"


def ability_head(a: Ability) -> str:
    """``Field medic (Action: 1 AP, 1/round)`` (Rulebook 7: type symbol, then cost)."""
    cost = [f"{n} {unit}" for n, unit in ((a.cost_ap, "AP"), (a.cost_sp, "SP")) if n]
    cost += [f"{n}/{unit}" for n, unit in ((a.per_round, "round"), (a.per_match, "match"))
             if n]
    return f"{a.name} ({a.kind.capitalize()}{': ' + ', '.join(cost) if cost else ''})"


def ability_text(a: Ability) -> str:
    """``Field medic (Action: 1 AP, 1/round): text``."""
    return f"{ability_head(a)}: {a.text}".rstrip(": ")


def mission_text(m: MissionCard) -> str:
    parts = ["Secret mission" if m.secret else "Revealed mission", m.deployment.capitalize()]
    if m.faction:
        parts.append(f"Faction: {m.faction}")
    if m.stigma:
        parts.append(f"Stigma: {m.stigma}")
    return f"{m.name} - {', '.join(parts)}\n  Objectives: {m.text}"


def tactical_text(c: TacticalCard) -> str:
    rules = [r for r, on in (("Tactical", c.tactical), ("First round", c.first_round)) if on]
    if c.cancellation is not None:
        rules.append(f"Cancellation ({c.cancellation})")
    return f"{c.name} - {', '.join(rules) or 'no special rule'}\n  {c.text}"


def scenery_text(s: SceneryEntry) -> str:
    text = f"{s.card.name} ({s.cost} point{'s' if s.cost != 1 else ''}): {s.notation}."
    return text + (f" {s.text}" if s.text else "")


def dots(white: int, red: int) -> str:
    return "o" * white + "*" * red


def profile_text(p: FighterProfile, library: Library | None = None) -> str:
    """A profile card as text: ``o`` a white CP dot, ``*`` a red one."""
    what = f"value {p.value}" if p.level is None else f"level {p.level}"
    lines = [f"{p.name} - {p.faction}, stigma {p.stigma or '-'}, {'/'.join(p.types)}, {what}, "
             f"base {p.base_mm} mm"]
    for limb in Limb:
        lp = p.limb(limb)
        c = CHARACTERISTIC_OF[limb].value
        faces = ",".join(str(f) for f in lp.faces)
        lines.append(f"  {limb.value:<6} {dots(lp.white_cp, lp.red_cp):<8} {c} {lp.white}/{lp.red}"
                     f"  faces {faces}")
    for item in p.equipment:
        shown = str(library.equipment[item]) if library and item in library.equipment else item
        lines.append(f"  Equipment: {shown}")
    for name in p.abilities:
        shown = ability_text(library.abilities[name]) if library and name in library.abilities \
            else name
        lines.append(f"  Ability: {shown}")
    return "\n".join(lines)


def card_text(library: Library, kind: str, name: str) -> str:
    """Any card of the library in the rulebook's notation, marked when it is sample."""
    card: Any = getattr(library, kind)[name]
    if kind in ("fighters", "npfs"):
        text = profile_text(card, library)
    elif kind == "abilities":
        text = ability_text(card)
    elif kind == "equipment":
        text = str(card)
    elif kind == "missions":
        text = mission_text(card)
    elif kind == "tactical":
        text = tactical_text(card)
    else:
        text = scenery_text(card)
    origin = library.origin[(kind, name)]
    mark = f" {SAMPLE_MARK}" if origin.sample else ""
    first, _, rest = text.partition("\n")
    note = f"\n  Note: {origin.note}" if origin.note else ""
    label = SINGULAR[kind][0].upper() + SINGULAR[kind][1:]
    return f"{label}: {first}{mark}" + (f"\n{rest}" if rest else "") + note


def render_cards(library: Library, names: list[str], title: str = "Eden troop",
                 language: str | None = None) -> str:
    """The printable HTML page of the fighters ``names`` (now built from Jinja2 templates:
    :func:`skirmish.games.eden.cards.printing.render_cards`)."""
    from skirmish.games.eden.cards.printing import render_cards as render

    return render(library, names, title, language)
