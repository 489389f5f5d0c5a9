"""Cards in the rulebook's notation (text) and as printable HTML profile cards.

Rulebook 1, "Profile cards": the front shows the name (1), faction (2), types (3), the
limbs (4) with their white and red CP dots (5), characteristics (6) and location faces (7),
equipment (8), value (9) and stigma (10); the back the special abilities (11).
"""

from __future__ import annotations

from html import escape
from typing import Any

from skirmish.eden.cards import Ability, MissionCard, TacticalCard
from skirmish.eden.library import SINGULAR, Library, SceneryEntry
from skirmish.eden.profile import CHARACTERISTIC_OF, FighterProfile, Limb

SAMPLE_MARK = "[sample]"


def ability_text(a: Ability) -> str:
    """``Field medic (Action: 1 AP, 1/round): text`` (Rulebook 7: type symbol, then cost)."""
    cost = [f"{n} {unit}" for n, unit in ((a.cost_ap, "AP"), (a.cost_sp, "SP")) if n]
    cost += [f"{n}/{unit}" for n, unit in ((a.per_round, "round"), (a.per_match, "match"))
             if n]
    head = a.kind.capitalize() + (f": {', '.join(cost)}" if cost else "")
    return f"{a.name} ({head}): {a.text}".rstrip(": ")


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


_CSS = """
body { font-family: sans-serif; } .sheet { display: flex; flex-wrap: wrap; gap: 6mm; }
.card { width: 63mm; height: 88mm; border: 1px solid #333; border-radius: 3mm; padding: 3mm;
  box-sizing: border-box; page-break-inside: avoid; font-size: 8pt; position: relative; }
.card h2 { font-size: 11pt; margin: 0 0 1mm; } .meta { color: #444; margin-bottom: 2mm; }
table { border-collapse: collapse; width: 100%; } td, th { border: 1px solid #999;
  padding: 0.5mm 1mm; text-align: center; } .box { display: inline-block; width: 2.6mm;
  height: 2.6mm; border: 1px solid #333; margin-right: 0.4mm; }
.white { background: #fff; } .red { background: #d33; } .value { position: absolute;
  right: 3mm; top: 3mm; font-weight: bold; font-size: 12pt; }
.back { background: #f4f1ea; } .sample { color: #a00; font-size: 7pt; }
@media print { .card { border-color: #000; } }
"""


def _front(p: FighterProfile, library: Library, sample: bool) -> str:
    rows = []
    for limb in Limb:
        lp = p.limb(limb)
        boxes = ('<span class="box white"></span>' * lp.white_cp
                 + '<span class="box red"></span>' * lp.red_cp)
        rows.append(f"<tr><th>{limb.value}</th><td>{boxes}</td>"
                    f"<td>{CHARACTERISTIC_OF[limb].value} {lp.white}</td>"
                    f"<td style='color:#d33'>{lp.red}</td>"
                    f"<td>{', '.join(str(f) for f in lp.faces)}</td></tr>")
    equipment = "".join(f"<li>{escape(str(library.equipment.get(e, e)))}</li>"
                        for e in p.equipment)
    value = f"{p.value}" if p.level is None else f"lvl {p.level}"
    mark = '<div class="sample">SAMPLE CARD (not an official profile)</div>' if sample else ""
    return (f'<div class="card front"><div class="value">{value}</div>'
            f"<h2>{escape(p.name)}</h2><div class='meta'>{escape(p.faction)} &middot; "
            f"stigma {escape(p.stigma or '-')} &middot; {escape('/'.join(p.types))}</div>"
            "<table><tr><th>limb</th><th>CP</th><th>white</th><th>red</th><th>faces</th></tr>"
            f"{''.join(rows)}</table><ul>{equipment}</ul>{mark}</div>")


def _back(p: FighterProfile, library: Library) -> str:
    items = "".join(f"<li>{escape(ability_text(library.abilities[a]))}</li>"
                    for a in p.abilities if a in library.abilities)
    return (f'<div class="card back"><h2>{escape(p.name)}</h2><div class="meta">Special '
            f"abilities</div><ul>{items or '<li>none</li>'}</ul></div>")


def render_cards(library: Library, names: list[str], title: str = "Eden troop") -> str:
    """A printable HTML page: for each fighter its front then its back (cut and fold)."""
    cards = []
    for name in names:
        profile = library.profile(name)
        sample = library.is_sample("fighters", profile.name) or library.is_sample(
            "npfs", profile.name)
        cards.append(_front(profile, library, sample) + _back(profile, library))
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{escape(title)}</title>"
            f"<style>{_CSS}</style></head><body><h1>{escape(title)}</h1>"
            f"<div class='sheet'>{''.join(cards)}</div></body></html>\n")
