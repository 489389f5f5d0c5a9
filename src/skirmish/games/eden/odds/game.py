"""The odds of a legal attack from a game's current state (for players, bots, the web table).

``odds_of(game, "attack A.Vladd B.Ngobo-Quick-Arm")`` reads everything from the state: the
fighters' effective characteristics (white or red values, Poison and Rage markers, card
effects: Rulebook 1.6, 2.G, 9), their CP left, protections (8.A and card effects), the
weapon (8), the obstacles and who is in contact (6.B), the templates' coverage (6.B, 8.C),
and a card letting the target shift the location roll (2.A). Nothing in the game changes.

The agents' helpers :func:`aim_action` and :func:`shift_action` answer the engine's own
``aim`` and ``shift`` decisions with exactly the policy the odds assume.

Not modelled (docs/rulings.md, "Odds"): card effects *triggered* during the attack
(``on_event`` hooks reacting to a wound), and effects on one fighter's values that depend
on another fighter's wounds.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from skirmish.core.actions import Action, Ref
from skirmish.core.errors import IllegalActionError
from skirmish.games.eden.actions import (
    Aim,
    Attack,
    BlastAttack,
    Charge,
    Reaction,
    Shift,
    Shoot,
    Throw,
)
from skirmish.games.eden.cards.equipment import Category, EquipmentPart
from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.effects import location_shift
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.fighting.conditions import CONDITION_EFFECTS
from skirmish.games.eden.fighting.melee import Strike, StrikeBack, reaction_refusal
from skirmish.games.eden.fighting.ranged import Shooting, carried, ranged_refusal, redirected_target
from skirmish.games.eden.fighting.templates_attack import fighters_at
from skirmish.games.eden.fighting.wounds import protection
from skirmish.games.eden.house_rules import NPF_BURN_SCORE, reading_of
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.odds import attacks
from skirmish.games.eden.odds.attacks import (
    AimPolicy,
    Combatant,
    MeleeStrike,
    ShootingStrike,
    parse_aim,
)
from skirmish.games.eden.odds.burn import NextBurn, burn, next_burn
from skirmish.games.eden.odds.dice import ONE
from skirmish.games.eden.odds.results import LIMBS, NO_LOSS, AttackOdds, Delta, FighterInfo
from skirmish.games.eden.optional.elevation import above, melee_cbt
from skirmish.games.eden.optional.infestation import npf_level
from skirmish.games.eden.rolling import state_of
from skirmish.games.eden.state import EdenState
from skirmish.geometry.templates import blast_covers, explosion_covers

if TYPE_CHECKING:
    from skirmish.core.game import Game

REACTIONS = tuple(r.value for r in Reaction)


class _StateOnly:
    """What :func:`skirmish.games.eden.fighting.wounds.protection` reads of a game: its state."""

    __slots__ = ("state",)

    def __init__(self, state: EdenState) -> None:
        self.state = state


def _d(values: Sequence[int]) -> Delta:
    return (values[0], values[1], values[2], values[3])


def combatant(state: EdenState, fighter: Fighter, against: Fighter | None = None) -> Combatant:
    """The :class:`Combatant` model of a fighter as he stands in ``state``; ``against``: his
    opponent in a melee attack, whose position may change his CBT (Territory Management,
    Elevation: +2 CBT against an opponent below)."""
    profile = fighter.profile
    shim = cast("Game", _StateOnly(state))

    def wounded(lost: Delta) -> Combatant:
        other = state.clone()
        twin = other.fighter(fighter.ref)
        for limb, n in zip(LIMBS, lost, strict=True):
            if n:
                twin.wound(limb, n)
        return combatant(other, twin, None if against is None else other.fighter(against.ref))

    return Combatant(
        ref=fighter.ref,
        side=fighter.side,
        cbt=(state.characteristic(fighter, Characteristic.CBT) if against is None
             else melee_cbt(state, fighter, against)),
        vig=state.characteristic(fighter, Characteristic.VIG),
        spd=state.characteristic(fighter, Characteristic.SPD),
        cp_left=_d([fighter.cp_left(limb) for limb in LIMBS]),
        location=tuple(LIMBS.index(profile.location(face)) for face in range(1, 7)),
        limb_faces=tuple(tuple(profile.limb(limb).faces) for limb in LIMBS),
        protection=_d([protection(shim, fighter, limb) for limb in LIMBS]),
        ranged_protection=_d([protection(shim, fighter, limb, ranged=True) for limb in LIMBS]),
        shift_allowance=location_shift(state, fighter) if state.effects else 0,
        wounded=wounded,
    )


def fighter_info(fighter: Fighter) -> FighterInfo:
    limbs = [fighter.profile.limb(limb) for limb in LIMBS]
    return FighterInfo(fighter.ref, fighter.profile.name, _d(fighter.checked),
                       _d([lp.white_cp for lp in limbs]), _d([lp.red_cp for lp in limbs]))


def _values(state: EdenState, fighter: Fighter) -> dict[str, int]:
    return {c.value: state.characteristic(fighter, c) for c in Characteristic}


def _markers(part: EquipmentPart) -> dict[str, int]:
    """Rulebook 8.C: the condition markers a weapon part gives (Burn(X), Fear(X), ...)."""
    return {CONDITION_EFFECTS[name].value: value for name, value in part.effects
            if name in CONDITION_EFFECTS and value > 0}


def _aim_text(policy: AimPolicy) -> str:
    return policy.value if isinstance(policy, Limb) else policy


# -- melee --------------------------------------------------------------------------------------
def melee_odds(state: EdenState, attacker: Fighter, target: Fighter, reaction: str = "passive",
               *, aim: str | AimPolicy = "best", target_aim: str | AimPolicy = "best",
               strike_back: bool = True) -> AttackOdds:
    """Rulebook 6.A: ``attacker`` attacks ``target`` in melee, who reacts ``reaction``; in a
    response the loser strikes back when ``strike_back`` (he may decline)."""
    if reaction not in REACTIONS:
        raise ValueError(f"a reaction is passive, dodge or response, got {reaction!r}")
    a_policy, t_policy = parse_aim(aim), parse_aim(target_aim)
    joint = attacks.melee(combatant(state, attacker, target), combatant(state, target, attacker),
                          reaction, aim=a_policy, target_aim=t_policy, strike_back=strike_back)
    elevated = [f.ref for f, other in ((attacker, target), (target, attacker))
                if above(state, f, other)]
    # The attacker can only lose CP in a response: only then is he listed.
    both = reaction == "response"
    fighters = (fighter_info(target),) + ((fighter_info(attacker),) if both else ())
    keyed: dict[tuple[Delta, ...], Fraction] = {
        ((t, a) if both else (t,)): p for (t, a), p in joint.items()}
    return AttackOdds(
        kind="melee",
        attacker=attacker.ref,
        fighters=fighters,
        joint=keyed,
        settings={"reaction": reaction, "aim": _aim_text(a_policy),
                  "target_aim": _aim_text(t_policy),
                  **({"strike_back": strike_back} if reaction == "response" else {}),
                  "attacker_values": _values(state, attacker),
                  "target_values": _values(state, target),
                  **({"elevated": elevated[0]} if elevated else {})},
        notes=_melee_notes(reaction, strike_back) + ((
            f"Territory Management, Elevation: {elevated[0]} stands above his opponent, +2 "
            "CBT in this melee attack (his strike, his side of a response's opposition roll, "
            "the difficulty of a dodge against his strike).",) if elevated else ()),
    )


def _melee_notes(reaction: str, strike_back: bool = True) -> tuple[str, ...]:
    notes = ["Rulebook 6.A: CBT roll against the target's VIG; one success is always kept "
             "when shifting the location (French text, also for dodge)."]
    if reaction == "dodge":
        notes.append("Dodge: after aiming, the target's SPD roll (difficulty: the attacker's "
                     "CBT) cancels one success per success.")
    if reaction == "response" and strike_back:
        notes.append("Response: opposition CBT roll; the winner strikes the passive loser, "
                     "then the loser strikes back if not incapacitated, with his values "
                     "after the first strike.")
    elif reaction == "response":
        notes.append("Response: opposition CBT roll; the winner strikes the passive loser, "
                     "who declines to strike back.")
    return tuple(notes)


def _net(odds: AttackOdds) -> tuple[Fraction, Fraction]:
    target = odds.target
    if len(odds.fighters) < 2:
        return target.p_incapacitated, target.expected_total
    attacker = odds.fighter(odds.fighters[1].ref)
    return (target.p_incapacitated - attacker.p_incapacitated,
            target.expected_total - attacker.expected_total)


def melee_reactions(state: EdenState, attacker: Fighter, target: Fighter, *,
                    aim: str | AimPolicy = "best", target_aim: str | AimPolicy = "best"
                    ) -> dict[str, AttackOdds]:
    """The odds for every reaction the target may legally announce now (6.A step 2, 9 Fear).
    A non-player fighter (Infestation, C) has one: it always responds (passive when
    frightened)."""
    if target.npf:
        automatic = "passive" if target.marker_count("fear") else "response"
        return {automatic: melee_odds(state, attacker, target, automatic, aim=aim,
                                      target_aim=target_aim)}
    return {r.value: melee_odds(state, attacker, target, r.value, aim=aim,
                                target_aim=target_aim)
            for r in Reaction if reaction_refusal(target, r) is None}


def worst_reaction(options: dict[str, AttackOdds]) -> str:
    """The reaction least favourable to the attacker: the lowest P(target incapacitated) -
    P(attacker incapacitated), then the lowest expected CP lost by the target minus the
    attacker's; ties keep the order passive, dodge, response."""
    return min(options, key=lambda r: _net(options[r]))


# -- ranged -------------------------------------------------------------------------------------
def shooting_odds(state: EdenState, attacker: Fighter, target: Fighter, part: EquipmentPart, *,
                  weapon: str = "", obstacles: int | None = None,
                  redirect: Fighter | bool | None = True, aim: str | AimPolicy = "best"
                  ) -> AttackOdds:
    """Rulebook 6.B, attack with shooting equipment, steps 2-7.

    ``obstacles`` defaults to the line of sight's count; ``redirect=True`` finds the fighter
    an odd number of successes hits when the target is not free (docs/rulings.md), ``None``
    or ``False`` ignores it, a :class:`Fighter` names him."""
    if obstacles is None:
        obstacles = state.sight(attacker, target).obstacles
    other: Fighter | None
    if redirect is True:
        other = None if state.is_free(target) else redirected_target(state, attacker, target)
    else:
        other = redirect or None
    bonus = part.bonus if part.characteristic is Characteristic.CBT else 0
    strength = part.effect("Str") or 0
    policy = parse_aim(aim)
    a, t = combatant(state, attacker), combatant(state, target)
    o = combatant(state, other) if other is not None else None
    joint = attacks.shooting(a, t, bonus=bonus, obstacles=obstacles, strength=strength,
                             redirect=o, aim=policy)
    fighters = (fighter_info(target),) + ((fighter_info(other),) if other is not None else ())
    keyed: dict[tuple[Delta, ...], Fraction] = {
        ((d1, d2) if other is not None else (d1,)): p for (d1, d2), p in joint.items()}
    odds_hit, odds_other = attacks.p_shot_hits(a, t, bonus=bonus, obstacles=obstacles,
                                               redirect=o)
    markers = _markers(part)
    p_markers: dict[str, Fraction] = {}
    result = AttackOdds("shooting", attacker.ref, fighters, keyed)
    if markers:
        p_markers[target.ref] = odds_hit - result.fighter(target.ref).p_incapacitated
        if other is not None:
            p_markers[other.ref] = odds_other - result.fighter(other.ref).p_incapacitated
    burns = next_burns(state, attacker, result, markers, p_markers)
    notes = ["Rulebook 6.B: CBT + weapon bonus - 1 per obstacle against the target's SPD; "
             "every success may be spent on the location (French and English texts); the "
             "rest add to Str; Str roll against VIG; ranged protections apply."]
    if other is not None:
        notes.append(f"{target.ref} is not free: an odd number of successes hits {other.ref}.")
    return AttackOdds(
        "shooting", attacker.ref, fighters, keyed,
        settings={"weapon": weapon, "bonus": bonus, "obstacles": obstacles,
                  "strength": strength, "aim": _aim_text(policy),
                  "redirect": other.ref if other is not None else None,
                  "attacker_values": _values(state, attacker),
                  "target_values": _values(state, target)},
        notes=tuple(notes), markers=markers, p_markers=p_markers, next_burn=burns,
    )


def next_burns(state: EdenState, attacker: Fighter | str, odds: AttackOdds,
               markers: Mapping[str, int], p_markers: Mapping[str, Fraction],
               readings: Mapping[str, str] | None = None) -> dict[str, NextBurn]:
    """For an attack placing burn markers (Burn (X)), what they do at the next intendancy to
    each fighter who may receive them (:func:`~skirmish.games.eden.odds.burn.next_burn`).
    ``readings``: the house rules in force (default: the match's); under
    ``eden-npf-burn-score=burner`` an NPF's burn scores its level for the attacker's
    player."""
    if not markers.get(Condition.BURN.value):
        return {}
    rules = state.catalogue.house_rules if readings is None else readings
    burner = reading_of(rules, NPF_BURN_SCORE) == "burner"
    by = attacker if isinstance(attacker, Fighter) else (
        state.fighter(attacker) if attacker in state.index else None)
    out: dict[str, NextBurn] = {}
    for ref, p in p_markers.items():
        fighter = state.fighter(ref)
        info = odds.fighter(ref)
        level = (npf_level(fighter) if burner and fighter.npf and by is not None
                 and not by.npf else None)
        out[ref] = next_burn(combatant(state, fighter), info.info.incapacitated_by, info.lost,
                             p, already=bool(fighter.marker_count(Condition.BURN)),
                             level=level)
    return out


def _template_odds(state: EdenState, kind: str, by: str, covered: Sequence[Fighter],
                   joint: dict[tuple[Delta, ...], Fraction], part: EquipmentPart,
                   settings: dict[str, Any], notes: tuple[str, ...]) -> AttackOdds:
    if not covered:  # nobody under the template or at the point
        return AttackOdds(kind, by, (), {(): ONE}, settings, (*notes, "nobody is affected"))
    result = AttackOdds(kind, by, tuple(fighter_info(f) for f in covered), joint, settings,
                        notes)
    markers = _markers(part)
    p_markers = ({f.ref: ONE - result.fighter(f.ref).p_incapacitated for f in covered}
                 if markers else {})
    return AttackOdds(kind, by, result.fighters, joint, settings, notes, markers, p_markers,
                      next_burns(state, by, result, markers, p_markers))


def explosion_odds(state: EdenState, by: str, part: EquipmentPart, centre: tuple[float, float],
                   weapon: str = "") -> AttackOdds:
    """Rulebook 6.B projectile and 8.C Explosive(X) at ``centre``: each fighter covered by the
    explosion template (or, without Explosive, each fighter located at the point)."""
    power = part.effect("Explosive")
    settings: dict[str, Any] = {"weapon": weapon, "at": list(centre), "explosive": power}
    if power is None:
        at_point = sorted(fighters_at(state, centre), key=lambda f: f.ref)
        joint = {tuple(NO_LOSS for _ in at_point): ONE}
        return _template_odds(state, "projectile", by, at_point, joint, part, settings,
                              ("No Explosive(X): no dice, no wound (Rulebook 6.B).",))
    bases = explosion_covers(centre, state.bases())
    covered = sorted((state.fighter(b.id) for b in bases),
                     key=lambda f: (round(math.hypot(f.x - centre[0], f.y - centre[1]), 9),
                                    f.ref))
    joint = attacks.explosion(power, [combatant(state, f) for f in covered])
    return _template_odds(state, "explosion", by, covered, joint, part, settings, (
        "Rulebook 8.C: X D6 against each covered fighter's VIG; one success wounds every "
        "limb once, ignoring protections.",))


def blast_odds(state: EdenState, attacker: Fighter, part: EquipmentPart, angle: float,
               weapon: str = "", axis: float | None = None) -> AttackOdds:
    """Rulebook 6.B, blast: every fighter covered by the template placed at contact ``angle``
    with its axis along ``axis`` (degrees; radial when ``None``: docs/rulings.md G8) loses
    1 CP on each limb (no dice). The placement is not checked here (``odds_of`` does)."""
    bases = blast_covers(state.base(attacker), math.radians(angle), state.bases(attacker),
                         axis=None if axis is None else math.radians(axis))
    covered = [state.fighter(b.id) for b in bases]
    joint = attacks.blast([combatant(state, f) for f in covered])
    settings: dict[str, Any] = {"weapon": weapon, "angle": angle}
    if axis is not None:
        settings["axis"] = axis
    return _template_odds(state, "blast", attacker.ref, covered, joint, part, settings,
                          ("Rulebook 6.B: automatic, one wound to each limb, ignoring "
                           "protections.",))


def burn_odds(state: EdenState, fighter: Fighter) -> AttackOdds:
    """Rulebook 4.B, Intendancy step 3: one burn roll of ``fighter``."""
    joint: dict[tuple[Delta, ...], Fraction] = {
        (d,): p for d, p in burn(combatant(state, fighter)).items()}
    return AttackOdds("burn", None, (fighter_info(fighter),), joint,
                      {"vig": state.characteristic(fighter, Characteristic.VIG)},
                      ("Rulebook 4.B step 3: 3D6, each die above VIG is a wound to the "
                       "limb of one location die; protections count against the total.",))


# -- from a game ----------------------------------------------------------------------------------
def odds_of(game: Game, action: Action | str, *, reaction: str | None = None,
            aim: str | AimPolicy = "best", target_aim: str | AimPolicy = "best",
            check: bool = True) -> AttackOdds:
    """The exact odds of an ``attack``, ``charge``, ``shoot``, ``throw`` or ``blast`` action.

    ``reaction`` (melee): the target's reaction; ``None`` takes the legal reaction least
    favourable to the attacker (:func:`worst_reaction`). ``aim``: the attacker's use of his
    successes; ``target_aim``: the target's in a response. With ``check`` the action must
    be legal for its fighter now (the Rulebook's refusal is raised otherwise).
    """
    if isinstance(action, str):
        action = game.parse(action)
    state = state_of(game)
    if isinstance(action, Attack) and not isinstance(action.target, Ref):
        raise ValueError(f"'{action}' attacks a scenery element: Territory Management's "
                         "Destruction (X) makes it automatically successful, no dice rolled")
    if isinstance(action, Attack | Charge):
        return _melee_action(game, state, action, reaction, aim, target_aim, check)
    if not isinstance(action, Shoot | Throw | BlastAttack):
        raise ValueError(f"'{action}' is not an attack (attack, charge, shoot, throw, blast)")
    fighter = state.fighter(action.fighter)
    if check:
        refusal = ranged_refusal(game, fighter, action)
        if refusal:
            raise IllegalActionError(f"{fighter.ref} cannot '{action}'", refusal)
    item = carried(game, fighter, action.weapon)
    if item is None:
        raise IllegalActionError(f"{fighter.ref} carries no {action.weapon}", "Rulebook 6.B")
    category = {Shoot: Category.SHOOTING, Throw: Category.PROJECTILE,
                BlastAttack: Category.BLAST}[type(action)]
    part = item.part(category)
    if part is None:
        raise IllegalActionError(f"{item.name} is not {category.value} equipment",
                                 "Rulebook 8.A")
    if isinstance(action, Shoot):
        return shooting_odds(state, fighter, state.fighter(action.target), part,
                             weapon=item.name, aim=aim)
    if isinstance(action, Throw):
        return explosion_odds(state, fighter.ref, part,
                              (float(action.at.x), float(action.at.y)), item.name)
    return blast_odds(state, fighter, part, float(action.angle), item.name,
                      None if action.axis is None else float(action.axis))


def _melee_action(game: Game, state: EdenState, action: Attack | Charge, reaction: str | None,
                  aim: str | AimPolicy, target_aim: str | AimPolicy, check: bool
                  ) -> AttackOdds:
    from skirmish.games.eden.fighting.fighter_actions import attack_refusal
    from skirmish.games.eden.fighting.movement import charge_position, charge_refusal

    attacker, target = state.fighter(action.fighter), state.fighter(action.target)
    if isinstance(action, Charge):
        refusal = charge_refusal(state, attacker, target, action.to) if check else None
        end = charge_position(state, attacker, target, action.to)
        if refusal or end is None:
            raise IllegalActionError(f"{attacker.ref} cannot '{action}'",
                                     refusal or "Rulebook 5, Charge: no contact position")
        state = state.clone()  # the melee is fought where the charge ends
        attacker, target = state.fighter(action.fighter), state.fighter(action.target)
        attacker.x, attacker.y = float(end.x), float(end.y)
    elif check:
        refusal = attack_refusal(state, attacker, target)
        if refusal:
            raise IllegalActionError(f"{attacker.ref} cannot '{action}'", refusal)
    if reaction is not None:
        if check and reaction in REACTIONS:
            refusal = reaction_refusal(target, Reaction(reaction))
            if refusal:
                raise IllegalActionError(f"{target.ref} cannot react '{reaction}'", refusal)
        return melee_odds(state, attacker, target, reaction, aim=aim, target_aim=target_aim)
    options = melee_reactions(state, attacker, target, aim=aim, target_aim=target_aim)
    return options[worst_reaction(options)]


# -- the same choices, for agents playing the engine's own decisions -----------------------------
def aim_action(game: Game, policy: str | AimPolicy = "best") -> Aim:
    """The ``aim LIMB`` answer to the pending aim decision (6.A step 5, 6.B step 4) that the
    odds assume for ``policy``."""
    state = state_of(game)
    top = game.stack[-1] if game.stack else None
    chosen: int
    if isinstance(top, Strike):
        striker, struck = state.fighter(top.initiator), state.fighter(top.target)
        attacker, target = combatant(state, striker, struck), combatant(state, struck, striker)
        strike = MeleeStrike(attacker, target, dodge=top.dodge, aim=parse_aim(policy))
        chosen, _ = strike.aim_at(top.successes, top.face)
    elif isinstance(top, Shooting):
        shooter = state.fighter(top.initiator)
        struck = state.fighter(top.target)
        part = state.catalogue.item(top.weapon).part(Category.SHOOTING)
        assert part is not None
        shot = ShootingStrike(combatant(state, struck), part.effect("Str") or 0,
                              aim=parse_aim(policy), maximise=struck.side != shooter.side)
        chosen, _ = shot.aim_at(top.successes, top.face)
    else:
        raise ValueError(f"no aim decision is pending ({type(top).__name__})")
    return Aim(LIMBS[chosen])


def shift_action(game: Game, attacker_policy: str | AimPolicy = "best") -> Shift:
    """The target's ``shift N`` answer to a pending location-shift decision (2.A, a card like
    Elenia's): the face that minimises the attacker's value under ``attacker_policy``."""
    state = state_of(game)
    top = game.stack[-1] if game.stack else None
    if isinstance(top, Strike) and top.step == "shift":
        striker, struck = state.fighter(top.initiator), state.fighter(top.target)
        strike = MeleeStrike(combatant(state, striker, struck),
                             combatant(state, struck, striker), dodge=top.dodge,
                             aim=parse_aim(attacker_policy))
        return Shift(strike.shift(top.successes, top.face) - top.face)
    if isinstance(top, Shooting) and top.step == "shift":
        shooter, struck = state.fighter(top.initiator), state.fighter(top.target)
        part = state.catalogue.item(top.weapon).part(Category.SHOOTING)
        assert part is not None
        shot = ShootingStrike(combatant(state, struck), part.effect("Str") or 0,
                              aim=parse_aim(attacker_policy),
                              maximise=struck.side != shooter.side)
        return Shift(shot.shift(top.successes, top.face) - top.face)
    raise ValueError("no location-shift decision is pending")


def strike_back_action(game: Game, strike_back: bool = True) -> Action:
    """The answer to a pending strike-back decision (6.A, Response) that the odds assume:
    ``strike`` when ``strike_back`` (the default of :func:`melee_odds`), else ``pass``."""
    if not game.stack or not isinstance(game.stack[-1], StrikeBack):
        raise ValueError("no strike-back decision is pending")
    return game.parse("strike" if strike_back else "pass")


def react(game: Game, reaction: str) -> Action:
    """The ``react REACTION`` action (a convenience for agents and tests)."""
    return game.parse(f"react {reaction}")


__all__ = [
    "aim_action",
    "blast_odds",
    "burn_odds",
    "combatant",
    "explosion_odds",
    "melee_odds",
    "melee_reactions",
    "odds_of",
    "react",
    "shift_action",
    "shooting_odds",
    "strike_back_action",
    "worst_reaction",
]
