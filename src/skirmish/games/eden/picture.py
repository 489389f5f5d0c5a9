"""Eden's picture of the table: what the generic SVG picture (:mod:`skirmish.geometry.svg`)
writes about each fighter.

- Each fighter on the field: its short name, the CP it has lost in all and per limb
  (``−4 CP: A3* T1``; ``*`` marks a wounded limb, whose red value is in use: Rulebook 1.5,
  1.6), a red arc round its base for the share of its CP lost, and a pip per kind of
  condition marker (Rulebook 9: B burn, F fear, P poison, R rage, S slowdown, with their
  number when more than one) and a star for its troop's leader.
- An incapacitated fighter (Rulebook 2.F: it leaves the field) is drawn greyed where it
  fell, and listed under "Off the field" with the fighters not deployed yet.
- Objective markers are named neutrally ("objective 1"): whose mission they serve may be a
  secret (issue 11).
- Under Territory Management: a fighter hidden in scenery (Hiding) has an ``Hd`` pip and
  says where; a burning element (Flammable) says so, with its burn markers, and has a ``B``
  pip. Both are public: the table shows them.
"""

from __future__ import annotations

from collections.abc import Iterable

from skirmish.games.eden.cards.profile import Limb
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.state import EdenState
from skirmish.geometry.annotations import BaseNote, Picture, Pip
from skirmish.geometry.svg import render

#: Rulebook 9: each condition's pip (letter, colour).
CONDITION_PIPS: dict[str, tuple[str, str]] = {
    Condition.BURN.value: ("B", "#e65100"),
    Condition.FEAR.value: ("F", "#6a1b9a"),
    Condition.POISON.value: ("P", "#2e7d32"),
    Condition.RAGE.value: ("R", "#ad1457"),
    Condition.SLOWDOWN.value: ("S", "#1565c0"),
}
LEADER_PIP = Pip("\u2605", "#f9a825", "troop leader", "\u2605 troop leader")
HIDDEN_PIP = Pip("Hd", "#455a64", "hidden (Hiding)", "Hd hidden in scenery (Hiding)")
BURNING_LEGEND = "B burning scenery (and its burn markers)"
LIMB_LETTERS = {Limb.HEAD: "H", Limb.ARMS: "A", Limb.TORSO: "T", Limb.LEGS: "L"}
WOUND_LEGEND = ("\u22124 CP: A3* T1 = CP lost in all, then per limb (Head, Arms, Torso, Legs); "
                "* a wounded limb (its red value counts)")


def short_names(fighters: Iterable[Fighter]) -> dict[str, str]:
    """Each fighter's name as its label shows it: the first word of its name, unless two
    fighters would share it (then the whole name)."""
    fighters = list(fighters)
    first = {f.ref: f.profile.name.split()[0] for f in fighters}
    shared = {n for n in first.values() if list(first.values()).count(n) > 1}
    return {f.ref: f.profile.name if first[f.ref] in shared else first[f.ref]
            for f in fighters}


def cp_lost(fighter: Fighter) -> tuple[int, int]:
    """(CP checked, CP in all) of the fighter's four limbs (Rulebook 1.5)."""
    total = sum(fighter.profile.limb(limb).total_cp for limb in Limb)
    return sum(fighter.checked), total


def wound_line(fighter: Fighter) -> str:
    """``-4 CP: A3* T1``, or "" for a fighter without a checked CP."""
    lost, _ = cp_lost(fighter)
    if not lost:
        return ""
    limbs = " ".join(
        f"{LIMB_LETTERS[limb]}{n}{'*' if fighter.is_wounded(limb) else ''}"
        for limb, n in zip(Limb, fighter.checked, strict=True) if n)
    return f"\u2212{lost} CP: {limbs}"


def condition_pips(fighter: Fighter) -> tuple[Pip, ...]:
    """A pip for each kind of condition marker the fighter has (Rulebook 9)."""
    pips = []
    for condition in Condition:
        n = fighter.marker_count(condition)
        if n:
            letter, colour = CONDITION_PIPS[condition.value]
            count = f"{n} {condition.value} marker{'s' if n > 1 else ''}"
            pips.append(Pip(letter + (str(n) if n > 1 else ""), colour, count,
                            f"{letter} {condition.value} markers (and how many)"))
    return tuple(pips)


def fighter_note(state: EdenState, fighter: Fighter, name: str,
                 hidden_in: str | None = None) -> BaseNote:
    """What the picture writes about one fighter (``hidden_in``: the element it hides in)."""
    lost, total = cp_lost(fighter)
    cp = ", ".join(f"{limb.value} {fighter.cp_left(limb)}/{fighter.profile.limb(limb).total_cp}"
                   for limb in Limb)
    markers = ", ".join(f"{k} {v}" for k, v in sorted(fighter.markers.items()))
    title = (f"{fighter.ref} ({fighter.profile.name}): CP left {cp}; AP {fighter.ap}"
             + (f"; markers {markers}" if markers else ""))
    if fighter.incapacitated and not fighter.on_field:
        return BaseNote(fighter.ref, (name, "out of action"), greyed=True,
                        title=f"{fighter.ref}: out of action (Rulebook 2.F); CP left {cp}")
    pips = condition_pips(fighter)
    if not fighter.npf and state.leaders[fighter.side] == fighter.ref:
        pips = (LEADER_PIP, *pips)
    if hidden_in is not None:
        pips = (*pips, HIDDEN_PIP)
        title += f"; hidden in {hidden_in} (Hiding)"
    line = wound_line(fighter)
    return BaseNote(fighter.ref, (name, line) if line else (name,), pips,
                    damage=lost / total if total else 0.0, title=title)


def default_title(state: EdenState, when: str = "") -> str:
    """"Eden · Round 2 of 5[, WHEN] · VP A 1 – B 0" ("Preparation" before round 1)."""
    at = f"Round {state.round} of {state.max_rounds}" if state.round else "Preparation"
    at += f", {when}" if when else ""
    return f"Eden \u00b7 {at} \u00b7 VP A {state.vp[0]} \u2013 B {state.vp[1]}"


def side_name(state: EdenState, side: int) -> str:
    factions = sorted({f.profile.faction for f in state.troop(side) if f.profile.faction})
    half = state.halves[side]
    return "AB"[side] + (f" \u00b7 {', '.join(factions)}" if factions
                                           else "") + (f" ({half} half)" if half else "")


def picture_of(state: EdenState, *, title: str | None = None, when: str = "") -> Picture:
    """The annotated table of an Eden state (everything on it is public: positions, CP,
    markers, leaders, neutral objective names). ``title``: instead of the default one
    (:func:`default_title`, where ``when`` follows the round)."""
    names = short_names(state.fighters)
    w, h = state.field.width, state.field.height
    notes: list[BaseNote] = []
    ghosts = []
    aside = []
    hidden, burning = _territory_notes(state)
    notes.extend(burning)
    for f in state.fighters:
        notes.append(fighter_note(state, f, names[f.ref], hidden.get(f.ref)))
        if f.on_field:
            continue
        where = "out of action" if f.incapacitated else "not on the field yet"
        aside.append(f"{'ABN'[f.side]} \u00b7 {f.profile.name}: {where}")
        if f.incapacitated and 0 <= f.x <= w and 0 <= f.y <= h:
            ghosts.append(state.base(f))
    for marker in state.markers:
        if marker.id.startswith("objective-"):
            number = marker.id.removeprefix("objective-")
            notes.append(BaseNote(marker.id, (f"objective {number}",)))
    return Picture(
        state.table(), tuple(notes), tuple(ghosts), tuple(aside),
        sides=(("A", side_name(state, 0)), ("B", side_name(state, 1)),
               *((("N", "non-player fighters"),) if state.infestation is not None else ())),
        title=default_title(state, when) if title is None else title,
        legend=(WOUND_LEGEND,) if any(len(n.lines) > 1 and not n.greyed and n.id in names
                                      for n in notes) else (),
        damage_legend="red arc: the share of its CP lost")


def _territory_notes(state: EdenState) -> tuple[dict[str, str], list[BaseNote]]:
    """Territory Management: the fighters hidden now (ref -> element) and a note for each
    burning element."""
    if not state.territory:
        return {}, []
    from skirmish.games.eden.optional.hiding import hidden_fighters
    from skirmish.games.eden.optional.terrain import burn_markers

    notes = []
    for element in state.table().elements:
        n = burn_markers(state, element.id)
        if n:
            label = element.label or element.id
            notes.append(BaseNote(element.id, (label, f"burning ({n} burn marker"
                                                      f"{'s' if n > 1 else ''})"),
                                  (Pip(f"B{n}" if n > 1 else "B", "#e65100", "burning",
                                       BURNING_LEGEND),)))
    return hidden_fighters(state), notes


def picture_svg(state: EdenState, *, title: str | None = None, when: str = "") -> str:
    """The framed, north-up SVG picture of an Eden state."""
    return render(picture_of(state, title=title, when=when))
