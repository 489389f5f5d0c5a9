"""A hit on a figure, from its dodge to its wounds (docs/masseffect.md ME19, ME23-ME25, ME29,
ME31, ME33).

:class:`Hit` is one hit: the target may dodge (Esquive au dernier moment), roll Défense if
in cover, be saved by its Bouclier then its Barrière (shots and powers only), and then takes
the payload: the weapon's wounds, or the power's effects in card order. Wounds come off
Armure first, then Vitalité; at 0 the figure is out of action unless a hero holds on (Tenir
bon). :func:`take_out` lays a figure down.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from skirmish.core.actions import Action, Pass
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.game import Game
from skirmish.core.procedure import Procedure
from skirmish.games.masseffect.actions import Heroic, HeroicAct
from skirmish.games.masseffect.combat.effects import apply_effect
from skirmish.games.masseffect.dice import Amount, succeeds
from skirmish.games.masseffect.events import Note, WoundEvent
from skirmish.games.masseffect.figure import Figure
from skirmish.games.masseffect.house_rules import ARMOUR, MELEE_DAMAGE, reading_of
from skirmish.games.masseffect.rolling import (
    can_heroic,
    heroic_offer,
    roll_amount,
    roll_d6,
    spend_heroic,
    state_of,
)
from skirmish.games.masseffect.state import MEState

#: Where a hit comes from: what it allows (ME19, ME24, ME29, ME34).
SHOT, POWER, MELEE, OPPORTUNITY, BURN, IMPACT = (
    "shot", "power", "melee", "opportunity", "burn", "impact")
_DODGEABLE = (SHOT, POWER, MELEE, OPPORTUNITY)
_PROTECTED = (SHOT, POWER)
#: ME24: the protections, in the order they are rolled.
_SAVES = ("Bouclier", "Barrière")


def weapon_damage(figure: Figure, item: str) -> tuple[Amount, bool]:
    """The wounds of one hit with ``item`` (bare hands: 1, ME28) and whether they ignore
    Armure (Perforant, ME25)."""
    weapon = figure.card.weapon(item) if item else None
    if weapon is None or weapon.damage is None:
        return Amount(1), False
    return weapon.damage, weapon.has("Perforant")


def ignored_protections(state: MEState, hit: Hit) -> frozenset[str]:
    """ME24: Bouclier is no save against incendiary shots; a power names what it passes."""
    attacker = state.figure(hit.attacker)
    if hit.source == SHOT:
        weapon = attacker.card.weapon(hit.item)
        if attacker.profile.incendiary or (weapon is not None and weapon.has("Incendiaire")):
            return frozenset({"Bouclier"})
        return frozenset()
    power = attacker.card.power(hit.item)
    out: set[str] = set()
    if power is not None:
        for spec in power.effects:
            if spec.kind == "strip":
                out.add(str(spec.param("protection")))
            elif spec.kind == "damage":
                out.update(str(p) for p in spec.param("ignores", ()) or ())
    return frozenset(out)


@dataclass(slots=True)
class Hit(Procedure):
    """ME19-ME25: one hit on a figure, resolved in the draft's order."""

    name: ClassVar[str] = "me.hit"
    attacker: str
    target: str
    source: str
    item: str = ""
    cover: bool = False
    step: str = "dodge"
    effect: int = 0
    pending: int = 0
    perforant: bool = False
    after: str = ""
    saving: str = ""  # the protection whose failed roll a hero may roll again (ME31)

    # -- decisions ---------------------------------------------------------------------------
    def _offer(self, game: Game) -> tuple[Figure, str] | None:
        state = state_of(game)
        target = state.figure(self.target)
        if self.step == "dodge?":
            return target, "dodge"
        if self.step in ("effort?", "save effort?"):
            return target, "effort"
        if self.step == "stand?":
            return target, "stand"
        return None

    def decision(self, game: Game) -> Decision | None:
        offer = self._offer(game)
        if offer is None:
            return None
        figure, key = offer
        why = {"dodge": f"hit by {self.attacker}",
               "effort": f"the {self.saving or 'Défense'} roll failed",
               "stand": f"{self.pending} wound(s) would put it out of action"}[key]
        return heroic_offer(figure, key, why, attacker=self.attacker, source=self.source,
                            item=self.item, wounds=self.pending, cover=self.cover)

    def legal_actions(self, game: Game) -> list[Action]:
        offer = self._offer(game)
        if offer is None:
            return []
        return [HeroicAct(Heroic(offer[1])), Pass()]

    def check(self, game: Game, action: Action) -> None:
        if action not in self.legal_actions(game):
            raise IllegalActionError(f"'{action}' is not allowed now: heroic "
                                     f"{(self._offer(game) or (None, '?'))[1]} or pass",
                                     "ME31, heroic actions")

    def apply(self, game: Game, action: Action) -> None:
        state = state_of(game)
        target = state.figure(self.target)
        take = isinstance(action, HeroicAct)
        if self.step == "dodge?":
            if take:
                spend_heroic(game, target, "dodge", f"the hit from {self.attacker} misses")
                game.pop()
                return
            self.step = "defence"
        elif self.step == "effort?":
            if take:
                spend_heroic(game, target, "effort", "Défense rolled again")
                face = roll_d6(game, target, "Défense", target.threshold("Défense"))
                if succeeds(face, target.threshold("Défense")):
                    game.emit(Note(figure=self.target, what="is saved by its cover"))
                    game.pop()
                    return
            self.step = "protect"
        elif self.step == "save effort?":
            if take:
                spend_heroic(game, target, "effort", f"{self.saving} rolled again")
                save = _save(target, self.saving)
                if succeeds(roll_d6(game, target, self.saving, save), save):
                    game.emit(Note(figure=self.target, what=f"is saved by its {self.saving}"))
                    game.pop()
                    return
            self._protect(game, state, target, after=self.saving)
        elif self.step == "stand?":
            if take:
                spend_heroic(game, target, "stand", "stays in action with 1 Vitalité")
                self._wound(game, target, stand=True)
            else:
                self._wound(game, target, stand=False)
            self.step = self.after or "done"

    # -- automatic steps -------------------------------------------------------------------
    def run(self, game: Game) -> None:
        state = state_of(game)
        target = state.figure(self.target)
        # ME35: a ``revive`` effect reaches a figure out of action (its payload and effects).
        if not target.in_action and not (self.step in ("payload", "effects")
                                         and self._revives(game)):
            game.pop()
            return
        if self.step == "dodge":
            self.step = "dodge?" if (self.source in _DODGEABLE
                                     and can_heroic(target, "dodge")) else "defence"
        elif self.step == "defence":
            self._defence(game, target)
        elif self.step == "protect":
            self._protect(game, state, target)
        elif self.step == "payload":
            self._payload(game, state, target)
        elif self.step == "wound":
            self._start_wound(game, target)
        elif self.step == "effects":
            self._effects(game, target)
        else:
            game.pop()

    def _revives(self, game: Game) -> bool:
        power = state_of(game).figure(self.attacker).card.power(self.item)
        gear = state_of(game).figure(self.attacker).card.weapon(self.item)
        effects = power.effects if power else gear.effects if gear else ()
        return any(s.kind == "heal" and s.param("revive") for s in effects)

    def _defence(self, game: Game, target: Figure) -> None:
        """ME23: a target in cover rolls Défense (no modifier); a lifted one cannot."""
        self.step = "protect"
        if not self.cover or self.source not in _PROTECTED or target.has_status("lifted"):
            return
        face = roll_d6(game, target, "Défense", target.threshold("Défense"))
        if succeeds(face, target.threshold("Défense")):
            game.emit(Note(figure=self.target, what="is saved by its cover"))
            game.pop()
        elif can_heroic(target, "effort"):
            self.step = "effort?"

    def _protect(self, game: Game, state: MEState, target: Figure, after: str = "") -> None:
        """ME24: Bouclier first, then Barrière (those after ``after``); each roll spends a
        use, saved or not. A hero may roll a failed save again (ME31 Effort héroïque: «one
        of the hero's own D6 rolls»); the re-roll spends no other use."""
        self.step, self.saving = "payload", ""
        if self.source not in _PROTECTED:
            return
        ignored = ignored_protections(state, self)
        for name in _SAVES[_SAVES.index(after) + 1:] if after else _SAVES:
            trait = target.profile.shield if name == "Bouclier" else target.profile.barrier
            uses = "shield_uses" if name == "Bouclier" else "barrier_uses"
            if trait is None or name in ignored or name in target.stripped:
                continue
            if getattr(target, uses) <= 0:
                continue
            setattr(target, uses, getattr(target, uses) - 1)
            save = _save(target, name)
            face = roll_d6(game, target, name, save)
            if succeeds(face, save):
                game.emit(Note(figure=self.target, what=f"is saved by its {name}"))
                game.pop()
                return
            if can_heroic(target, "effort"):
                self.step, self.saving = "save effort?", name
                return

    def _payload(self, game: Game, state: MEState, target: Figure) -> None:
        attacker = state.figure(self.attacker)
        if self.source == POWER:
            self.step, self.effect = "effects", 0
            return
        if self.source in (BURN, IMPACT):
            self.step, self.after = "wound", "done"
            return
        amount, self.perforant = weapon_damage(attacker, self.item)
        if self.source in (MELEE, OPPORTUNITY) and reading_of(
                state.house_rules, MELEE_DAMAGE) == "one":
            amount = Amount(1)  # ME28, house rule me-melee-damage=one: 1 wound a melee hit
        self.pending = roll_amount(game, attacker, "damage", amount)
        self.step, self.after = "wound", "done"

    def _effects(self, game: Game, target: Figure) -> None:
        """ME19 step 3, ME33: the power's effects in card order."""
        state = state_of(game)
        attacker = state.figure(self.attacker)
        power = attacker.card.power(self.item)
        gear = attacker.card.weapon(self.item)
        effects = power.effects if power else gear.effects if gear else ()
        if self.effect >= len(effects):
            game.pop()
            return
        spec = effects[self.effect]
        self.effect += 1
        if spec.kind == "damage":
            self.pending = roll_amount(game, attacker, "damage", spec.amount())
            self.perforant = "Armure" in (spec.param("ignores", ()) or ())
            self.step, self.after = "wound", "effects"
            return
        impact = apply_effect(game, attacker, target, spec)
        if impact:
            self.pending, self.perforant = impact, False
            self.step, self.after = "wound", "effects"

    def _start_wound(self, game: Game, target: Figure) -> None:
        if self.pending <= 0:
            self.step = self.after or "done"
            return
        armour = 0 if self.perforant else min(target.armour, self.pending)
        if target.vitality - (self.pending - armour) <= 0 and can_heroic(target, "stand"):
            self.step = "stand?"
            return
        self._wound(game, target, stand=False)
        self.step = self.after or "done"

    def _wound(self, game: Game, target: Figure, *, stand: bool) -> None:
        """ME25: armour first (unless Perforant), then Vitalité; Tenir bon keeps 1. Under the
        house rule ``me-armour=per-hit`` the armour stops up to X wounds of each hit and never
        wears out (the default, ``pool``: X points for the game)."""
        armour = 0 if self.perforant else min(target.armour, self.pending)
        if reading_of(state_of(game).house_rules, ARMOUR) == "pool":
            target.armour -= armour
        target.vitality = max(0, target.vitality - (self.pending - armour))
        if stand and target.vitality == 0:
            target.vitality = 1
        out = target.vitality == 0
        by = "burn" if self.source == BURN else self.attacker
        game.emit(WoundEvent(figure=self.target, wounds=self.pending, armour=target.armour,
                             vitality=target.vitality, out=out, by=by))
        self.pending = 0
        if out:
            take_out(game, target)


def _save(figure: Figure, protection: str) -> int:
    """ME24: the X+ of a figure's Bouclier or Barrière."""
    trait = figure.profile.shield if protection == "Bouclier" else figure.profile.barrier
    return (trait.save if trait is not None else None) or 6


def take_out(game: Game, figure: Figure) -> None:
    """ME25: out of action, laid down where it stands; the data it carries drops there (ME14).
    A band left with nothing in action ends an eliminate game at once (ME36, ME37)."""
    state = state_of(game)
    figure.out = True
    for m in state.markers:
        if m.carrier == str(figure.ref):
            m.carrier, m.x, m.y = "", figure.x, figure.y
    figure.carries = []
    victory = state.scenario.victory
    if (victory.kind == "eliminate" and victory.param("wipe_out", True) and not state.ended
            and not any(state.in_action(figure.side))
            and not any(f.placed and f.extracted for f in state.band(figure.side))):
        state.ended = f"player {'AB'[figure.side]} has no figure left in action"

