"""Attack rolls: a shooting action's N shots, a power's roll, an opportunity attack
(docs/masseffect.md ME16, ME19, ME22, ME26, ME29, ME31 Effort héroïque, ME32 Explosif).

Each procedure rolls, offers the hero's re-roll on a failure, and pushes a
:class:`~skirmish.games.masseffect.combat.hits.Hit` per figure hit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from skirmish.core.actions import Action, Pass, Point
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.game import Game
from skirmish.core.procedure import Procedure
from skirmish.games.masseffect.actions import Heroic, HeroicAct, Wield, token
from skirmish.games.masseffect.cards.powers import Target
from skirmish.games.masseffect.combat.hits import OPPORTUNITY, POWER, SHOT, Hit
from skirmish.games.masseffect.dice import succeeds
from skirmish.games.masseffect.events import Note
from skirmish.games.masseffect.figure import Figure
from skirmish.games.masseffect.house_rules import BARE_HANDS, MELEE_WEAPON, reading_of
from skirmish.games.masseffect.rolling import (
    can_heroic,
    heroic_offer,
    roll_d6,
    roll_succeeds,
    spend_heroic,
    state_of,
)
from skirmish.games.masseffect.rules import UNARMED_PENALTY, pas_to_cm
from skirmish.games.masseffect.state import MEState


def melee_threshold(game: Game, figure: Figure) -> int:
    """ME28: Mêlée as printed (after any ``modify`` effect); one worse (at most 6+) without a
    melee weapon under the house rule ``me-bare-hands=one-worse`` (the engine's reading
    before issue 47: the draft gives no such penalty)."""
    value = figure.threshold("Mêlée")
    if not figure.card.melee_weapons and reading_of(
            state_of(game).house_rules, BARE_HANDS) == "one-worse":
        value = min(6, value + UNARMED_PENALTY)
    return value


def power_threshold(figure: Figure, roll: str) -> int | None:
    """ME19: the power's roll: Tir, Qualité, a fixed X+, or none (``None``)."""
    if roll == "auto":
        return None
    if roll in ("Tir", "Qualité"):
        return figure.threshold(roll)
    return int(roll.rstrip("+"))


class _Rolls(Procedure):
    """Shared by the attack rolls: the Effort héroïque offer after a failed roll. Each roll
    names the field that holds the figure rolling (``roller``)."""

    step: str
    roller: ClassVar[str]

    def _roller(self, game: Game) -> Figure:
        return state_of(game).figure(getattr(self, self.roller))

    def decision(self, game: Game) -> Decision | None:
        if self.step != "effort?":
            return None
        return heroic_offer(self._roller(game), "effort", "the roll failed")

    def legal_actions(self, game: Game) -> list[Action]:
        return [HeroicAct(Heroic.EFFORT), Pass()] if self.step == "effort?" else []

    def check(self, game: Game, action: Action) -> None:
        if action not in self.legal_actions(game):
            raise IllegalActionError(f"'{action}' is not allowed now: heroic effort or pass",
                                     "ME31, Effort héroïque")


@dataclass(slots=True)
class Volley(_Rolls):
    """ME16, ME21-ME26: a shooting action, Tirs (N) rolls at one target, each resolved in
    full before the next; the rest are lost once the target is out of action."""

    name: ClassVar[str] = "me.volley"
    roller: ClassVar[str] = "shooter"
    shooter: str
    weapon: str
    target: str
    shots: int
    modifier: int = 0
    cover: bool = False
    step: str = "roll"

    def apply(self, game: Game, action: Action) -> None:
        shooter = self._roller(game)
        if isinstance(action, HeroicAct):
            spend_heroic(game, shooter, "effort", "the shot is rolled again")
            self._roll(game, shooter)
        else:
            self.step = "roll"

    def run(self, game: Game) -> None:
        state = state_of(game)
        shooter, target = state.figure(self.shooter), state.figure(self.target)
        if self.shots <= 0 or not target.in_action or not shooter.in_action:
            game.pop()
            return
        self.shots -= 1
        self._roll(game, shooter)

    def _roll(self, game: Game, shooter: Figure) -> None:
        threshold = shooter.threshold("Tir")
        face = roll_d6(game, shooter, f"shot ({self.weapon})", threshold, self.modifier)
        if roll_succeeds(game, face, threshold, self.modifier):
            self.step = "roll"
            hits = [Hit(self.shooter, self.target, SHOT, self.weapon, cover=self.cover)]
            weapon = shooter.card.weapon(self.weapon)
            blast = weapon.trait("Explosif") if weapon is not None else None
            if blast:
                hits += explosion_hits(state_of(game), shooter, self.target, self.weapon,
                                       blast)
            game.push(*hits)
        elif self.step == "roll" and can_heroic(shooter, "effort"):
            self.step = "effort?"
        else:
            self.step = "roll"


def explosion_hits(state: MEState, shooter: Figure, target_ref: str, weapon: str,
                   radius_pas: int) -> list[Hit]:
    """ME32 Explosif (X): every other figure within X pas of the target (edge to edge),
    friend or foe, takes a hit too, with its own Défense and protections. The shooter is
    one of them when it stands that close (a counter-charge shot at a charger in contact);
    no cover stands between it and its own blast. A figure in cover from the shooter, or
    hidden from it completely, rolls Défense (ME47)."""
    from skirmish.games.masseffect.combat.targeting import targeting

    target = state.figure(target_ref)
    out = []
    for f in state.in_action():
        if f is target:
            continue
        gap = ((f.x - target.x) ** 2 + (f.y - target.y) ** 2) ** 0.5 - f.radius - target.radius
        if gap <= pas_to_cm(radius_pas) + 1e-9:
            seen = targeting(shooter.base, f.base, enemies=[], friends=[],
                             elements=state.elements(), range_cm=None)
            # ME47: in cover from the shooter, or hidden from it completely (by opaque
            # scenery: the only refusal left with no figures and no range), it rolls Défense.
            cover = f is not shooter and (seen.cover is not None or not seen.allowed)
            out.append(Hit(str(shooter.ref), str(f.ref), SHOT, weapon, cover=cover))
    return out


@dataclass(slots=True)
class PowerRoll(_Rolls):
    """ME19: a power's roll (with +1 if the user stayed and -1 for an obstacle); on a
    success, a hit on each figure it affects."""

    name: ClassVar[str] = "me.power"
    roller: ClassVar[str] = "user"
    user: str
    power: str
    target: str = ""
    at: Point | None = None
    modifier: int = 0
    cover: bool = False
    step: str = "roll"

    def apply(self, game: Game, action: Action) -> None:
        user = self._roller(game)
        if isinstance(action, HeroicAct):
            spend_heroic(game, user, "effort", "the power's roll is made again")
            self._roll(game, user, again=True)
        else:
            game.pop()

    def run(self, game: Game) -> None:
        user = self._roller(game)
        if self.step != "roll" or not user.in_action:
            game.pop()
            return
        self._roll(game, user, again=False)

    def _roll(self, game: Game, user: Figure, *, again: bool) -> None:
        power = user.card.power(self.power)
        assert power is not None
        threshold = power_threshold(user, power.roll)
        if threshold is not None:
            face = roll_d6(game, user, f"power ({self.power})", threshold, self.modifier)
            if not roll_succeeds(game, face, threshold, self.modifier):
                if not again and can_heroic(user, "effort"):
                    self.step = "effort?"
                else:
                    game.pop()
                return
        game.pop()
        game.push(*self._hits(game, user))

    def _hits(self, game: Game, user: Figure) -> list[Hit]:
        state = state_of(game)
        power = user.card.power(self.power)
        assert power is not None
        if power.target is Target.POINT and self.at is not None:
            from skirmish.games.masseffect.combat.targeting import figures_in_area

            hit = set(figures_in_area(self.at, pas_to_cm(power.area or 1), state.bases()))
            return [Hit(self.user, str(f.ref), POWER, self.power, cover=False)
                    for f in state.in_action() if str(f.ref) in hit]
        target = self.target or self.user
        step = "dodge" if power.attacks else "payload"
        cover = self.cover and not power.ignores_cover
        return [Hit(self.user, target, POWER, self.power, cover=cover, step=step)]


@dataclass(slots=True)
class Opportunity(_Rolls):
    """ME29: one D6 against the attacker's Mêlée (ME28); a success is a hit with its melee
    weapon's damage, no protection; the target does not strike back."""

    name: ClassVar[str] = "me.opportunity"
    roller: ClassVar[str] = "attacker"
    attacker: str
    target: str
    step: str = "roll"

    def apply(self, game: Game, action: Action) -> None:
        attacker = self._roller(game)
        if isinstance(action, HeroicAct):
            spend_heroic(game, attacker, "effort", "the opportunity attack is rolled again")
            self._roll(game, attacker, again=True)
        else:
            game.pop()

    def run(self, game: Game) -> None:
        state = state_of(game)
        attacker, target = state.figure(self.attacker), state.figure(self.target)
        if self.step != "roll" or not attacker.in_action or not target.in_action:
            game.pop()
            return
        if must_wield(game, attacker):  # ME42: its player chooses the weapon first
            game.push(ChooseMeleeWeapon(self.attacker))
            return
        self._roll(game, attacker, again=False)

    def _roll(self, game: Game, attacker: Figure, *, again: bool) -> None:
        threshold = melee_threshold(game, attacker)
        face = roll_d6(game, attacker, "opportunity attack", threshold)
        if succeeds(face, threshold):
            game.pop()
            game.push(Hit(self.attacker, self.target, OPPORTUNITY,
                          melee_weapon_name(game, attacker), step="dodge"))
        elif not again and can_heroic(attacker, "effort"):
            self.step = "effort?"
        else:
            game.pop()


def melee_choices(figure: Figure) -> list[str]:
    """ME42: the names of a figure's melee weapons, each once, in card order."""
    return list(dict.fromkeys(w.name for w in figure.card.melee_weapons))


def must_wield(game: Game, figure: Figure) -> bool:
    """ME42: must ``figure``'s player choose its melee weapon before it rolls? Under
    ``me-melee-weapon=player`` (the default), when it carries two or more different ones and
    has not chosen yet this phase (the choice holds for the phase: :attr:`Figure.wielding`
    is cleared at the start of each turn and of each melee phase)."""
    return (not figure.wielding and figure.in_action and len(melee_choices(figure)) > 1
            and reading_of(state_of(game).house_rules, MELEE_WEAPON) == "player")


def melee_weapon_name(game: Game, figure: Figure) -> str:
    """ME28, ME42: the melee weapon a figure strikes with ("" bare handed): the one its
    player chose for the phase (``me-melee-weapon=player``, the default), else the highest
    mean damage, Perforant breaking ties
    (:func:`skirmish.games.masseffect.odds.best_melee_weapon`; ``me-melee-weapon=best``, the
    engine's reading before issue 47)."""
    from skirmish.games.masseffect.odds import best_melee_weapon

    if figure.wielding and reading_of(state_of(game).house_rules, MELEE_WEAPON) == "player":
        return figure.wielding
    best = best_melee_weapon(figure.card.melee_weapons)
    return best.name if best is not None else ""


@dataclass(slots=True)
class ChooseMeleeWeapon(Procedure):
    """ME42: «if it carries several, the owner chooses one for the phase»: the player of a
    figure with several melee weapons chooses the one it strikes with, before its first
    melee or opportunity attack roll of the phase. Public, like everything in ME:A."""

    name: ClassVar[str] = "me.wield"
    figure: str

    def decision(self, game: Game) -> Decision | None:
        figure = state_of(game).figure(self.figure)
        if not must_wield(game, figure):
            return None
        names = ", ".join(token(n) for n in melee_choices(figure))
        return Decision(figure.side, "wield", f"{figure.ref}: choose the melee weapon it "
                        f"strikes with this phase ({names})", context={"figure": self.figure})

    def legal_actions(self, game: Game) -> list[Action]:
        figure = state_of(game).figure(self.figure)
        if not must_wield(game, figure):
            return []
        return [Wield(figure.ref, token(n)) for n in melee_choices(figure)]

    def check(self, game: Game, action: Action) -> None:
        if action not in self.legal_actions(game):
            names = ", ".join(token(n) for n in melee_choices(state_of(game).figure(self.figure)))
            raise IllegalActionError(f"'{action}' is not allowed: {self.figure} strikes with one "
                                     f"of its melee weapons ({names})",
                                     "ME42, Mêlée")

    def apply(self, game: Game, action: Action) -> None:
        assert isinstance(action, Wield)
        figure = state_of(game).figure(self.figure)
        figure.wielding = next(n for n in melee_choices(figure) if token(n) == action.weapon)
        game.emit(Note(figure=self.figure, what=f"wields {action.weapon}",
                       detail="for the phase"))
        game.pop()

    def run(self, game: Game) -> None:
        game.pop()  # nothing to choose (any more)
