"""Rulebook 5, The actions: what an activated fighter may do, and what each costs.

Move, Charge, Attack (melee or ranged; under Territory Management also on scenery with
Destruction (X), :mod:`skirmish.games.eden.optional.destruction`), action abilities (7), removing
a burn marker (9, Burn). Fear (9) leaves only Move. Limits X/round and X/match are counted on the
fighter (``round_uses`` / ``match_uses``).

"Once the fighter has performed all the desired actions, his activation ends" (5): the
activation goes on while anything but ``end`` is possible - an action ability that costs
no AP included - and ends by itself only when nothing else is (docs/rulings.md).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.actions import Action, Ref
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.procedure import Procedure
from skirmish.games.eden.abilities import (
    AbilityCosts,
    ability_options,
    ability_refusal,
    costly_permanent_abilities,
    use_ability,
)
from skirmish.games.eden.actions import (
    Attack,
    BlastAttack,
    Charge,
    End,
    Extinguish,
    Move,
    Shoot,
    Throw,
    Use,
)
from skirmish.games.eden.effects import announce
from skirmish.games.eden.events import ActivationEvent, MarkerEvent
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.fighting.melee import ATTACK, MeleeAttack, attacks_left
from skirmish.games.eden.fighting.movement import (
    MOVE,
    MOVES_PER_ROUND,
    allowance,
    charge_refusal,
    failed_charge,
    move_refusal,
    movement_options,
    start_charge,
    start_move,
)
from skirmish.games.eden.fighting.ranged import ranged_options, ranged_refusal, start_ranged_attack
from skirmish.games.eden.house_rules import FEAR_BURN, reading_of
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.optional.destruction import (
    attack_scenery,
    is_scenery_ref,
    scenery_attack_options,
    scenery_attack_refusal,
)
from skirmish.games.eden.optional.scenery_ranged import (
    attack_scenery_ranged,
    ranged_scenery_options,
    ranged_scenery_refusal,
)
from skirmish.games.eden.optional.territory_moves import (
    TERRITORY_ACTIONS,
    start_territory_move,
    territory_move_options,
    territory_move_refusal,
)
from skirmish.games.eden.rolling import state_of

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.state import EdenState

FEAR_RULE = "Rulebook 9, Fear: a frightened fighter can take no action but Move"


def attack_refusal(state: EdenState, fighter: Fighter, target: Fighter) -> str | None:
    """Why ``fighter`` may not attack ``target`` in melee now (Rulebook 5, Attack; 9 Fear)."""
    if fighter.marker_count(Condition.FEAR):
        return FEAR_RULE
    if fighter.ap < 1:
        return "Rulebook 5, Attack: costs 1 AP"
    if attacks_left(fighter) < 1:
        return "Rulebook 5, Attack: 2/round"
    if not state.is_enemy(fighter, target) or not state.in_contact(fighter, target):
        return "Rulebook 6.A step 1: the target is an enemy in contact"
    return None


def extinguish_refusal(fighter: Fighter, fear_forbids: bool = False) -> str | None:
    """Rulebook 9, Burn: "During his activation, a fighter can remove one of his burn markers
    by spending 1 AP". Not one of the actions of section 5, so Fear does not forbid it
    (docs/rulings.md) unless ``fear_forbids`` (house rule ``eden-fear-burn=forbidden``)."""
    if fear_forbids and fighter.marker_count(Condition.FEAR):
        return ("Rulebook 9, Fear: no action except the Move action (house rule "
                f"{FEAR_BURN}=forbidden)")
    if not fighter.marker_count(Condition.BURN):
        return "Rulebook 9, Burn: the fighter has no burn marker"
    if fighter.ap < 1:
        return "Rulebook 9, Burn: removing a burn marker costs 1 AP"
    return None


def _fear_forbids(state: EdenState) -> bool:
    """Whether the match plays house rule ``eden-fear-burn=forbidden``."""
    return reading_of(state.catalogue.house_rules, FEAR_BURN) == "forbidden"


@dataclass(slots=True)
class Activation(Procedure):
    """Rulebook 5, The actions: the activated fighter pays for and carries out actions.

    First the costs of its permanent abilities fall due (7, :class:`AbilityCosts`), then the
    activation begins (card triggers react), then the player acts until he ends it or
    nothing but ``end`` is possible (docs/rulings.md)."""

    name: ClassVar[str] = "eden.activation"
    fighter: Ref
    started: bool = False
    costs_asked: bool = False

    def decision(self, game: Game) -> Decision | None:
        state = state_of(game)
        fighter = state.fighter(self.fighter)
        if not self.started or not fighter.on_field or not self.can_act(game, fighter):
            return None
        return Decision(fighter.side, "action", f"{fighter.ref} has {fighter.ap} AP: act or end",
                        context={"move_allowance": allowance(state, fighter)})

    def can_act(self, game: Game, fighter: Fighter) -> bool:
        """Rulebook 5: is anything but ``end`` possible? A Move is, with 1 AP and a Move left
        this round (the quick answer; sampled destinations are only representatives);
        otherwise any other legal action counts - a 0-AP action ability among them. The
        kinds are tried cheapest first and the first action found answers."""
        if fighter.ap >= 1 and fighter.round_uses.get(MOVE, 0) < MOVES_PER_ROUND:
            return True
        kinds = self._kinds(game, fighter)
        return any(any(True for _ in kinds[k]()) for k in
                   ("extinguish", "attacks", "abilities", "ranged", "movement"))

    def _kinds(self, game: Game, fighter: Fighter) -> dict[str, Callable[[], Iterable[Action]]]:
        """Rulebook 5, the fighter's actions by kind, in the order they are offered: each
        kind checks its own cost (AP, SP, X/round). None while the fighter is off the field;
        Fear (6.B) forbids all but moving and extinguishing."""
        state = state_of(game)
        if not fighter.on_field:
            return {k: tuple for k in ("movement", "attacks", "ranged", "abilities",
                                       "extinguish")}
        afraid = bool(fighter.marker_count(Condition.FEAR))

        def attacks() -> Iterable[Action]:
            if afraid:
                return ()
            melee = (Attack(self.fighter, Ref(enemy.ref))
                     for enemy in state.enemies_in_contact(fighter)
                     if attack_refusal(state, fighter, enemy) is None)
            if not state.territory:
                return melee
            # Territory Management, Destruction (X): scenery in contact may be attacked, and
            # in range and sight by a ranged attack (house rule eden-scenery-ranged=allowed).
            return itertools.chain(melee, scenery_attack_options(game, fighter),
                                   ranged_scenery_options(game, fighter))

        def extinguish() -> Iterable[Action]:  # not an action of 5: Fear allows it
            refusal = extinguish_refusal(fighter, _fear_forbids(state))
            return (Extinguish(self.fighter),) if refusal is None else ()

        return {
            # Territory Management: the sceneries' move actions (climb, swim, jump, hide)
            "movement": lambda: [*movement_options(game, fighter),
                                 *territory_move_options(game, fighter)],
            "attacks": attacks,
            "ranged": lambda: () if afraid else ranged_options(game, fighter),
            "abilities": lambda: () if afraid else ability_options(game, fighter),
            "extinguish": extinguish,
        }

    def legal_actions(self, game: Game) -> list[Action]:
        fighter = state_of(game).fighter(self.fighter)
        actions: list[Action] = []
        for kind in self._kinds(game, fighter).values():
            actions.extend(kind())
        actions.append(End())
        return actions

    def check(self, game: Game, action: Action) -> None:
        state = state_of(game)
        fighter = state.fighter(self.fighter)
        if isinstance(action, End):
            return
        actor = getattr(action, "fighter", None)
        if actor is not None and actor != self.fighter:
            raise IllegalActionError(f"{actor} is not the activated fighter ({self.fighter})",
                                     "Rulebook 5: only the activated fighter acts")
        refusal: str | None
        if isinstance(action, Move):
            refusal = move_refusal(state, fighter, action.to)
        elif isinstance(action, Charge):
            target = self._fighter(state, action.target)
            refusal = charge_refusal(state, fighter, target, action.to)
            if refusal and "no contact position" in refusal and action.to is not None:
                # a charge that cannot reach contact becomes a move, when that is legal
                refusal = move_refusal(state, fighter, action.to) and refusal
        elif isinstance(action, Attack) and is_scenery_ref(action.target):
            refusal = FEAR_RULE if fighter.marker_count(Condition.FEAR) else \
                scenery_attack_refusal(game, fighter, action.target) if action.weapon is None \
                else ranged_scenery_refusal(game, fighter, action.target, action.weapon)
        elif isinstance(action, Attack) and action.weapon is not None:
            refusal = ("Rulebook 6.B: a ranged attack on a fighter is a shoot, throw or blast "
                       "action; attack ... WEAPON names scenery")
        elif isinstance(action, Attack):
            refusal = attack_refusal(state, fighter, self._fighter(state, action.target))
        elif isinstance(action, Shoot | Throw | BlastAttack):
            refusal = FEAR_RULE if fighter.marker_count(Condition.FEAR) else ranged_refusal(
                game, fighter, action)
        elif isinstance(action, Use):
            refusal = FEAR_RULE if fighter.marker_count(Condition.FEAR) else ability_refusal(
                game, fighter, action)
        elif isinstance(action, Extinguish):
            refusal = extinguish_refusal(fighter, _fear_forbids(state_of(game)))
        elif isinstance(action, TERRITORY_ACTIONS):  # move actions: Fear allows them
            refusal = territory_move_refusal(game, fighter, action)
        else:
            raise IllegalActionError(f"'{action}' is not an action of {self.fighter}",
                                     self.rule())
        if refusal:
            raise IllegalActionError(f"{self.fighter} cannot '{action}'", refusal)

    @staticmethod
    def _fighter(state: EdenState, ref: str) -> Fighter:
        if ref not in state.index:
            raise IllegalActionError(f"no fighter {ref}", "Rulebook 1.D: fighters by name")
        return state.fighter(ref)

    def apply(self, game: Game, action: Action) -> None:
        state = state_of(game)
        fighter = state.fighter(self.fighter)
        if isinstance(action, End):
            game.pop()
        elif isinstance(action, Move):
            start_move(game, fighter, action)
        elif isinstance(action, Charge):
            target = state.fighter(action.target)
            if charge_refusal(state, fighter, target, action.to) is None:
                start_charge(game, fighter, action)
            else:
                failed_charge(game, fighter, action)
        elif isinstance(action, Attack) and is_scenery_ref(action.target):
            if action.weapon is None:
                attack_scenery(game, fighter, action.target)
            else:
                attack_scenery_ranged(game, fighter, action.target, action.weapon)
        elif isinstance(action, Attack):
            fighter.ap -= 1
            fighter.record_use(ATTACK)
            game.push(MeleeAttack(action.fighter, Ref(action.target)))
        elif isinstance(action, Shoot | Throw | BlastAttack):
            start_ranged_attack(game, fighter, action)
        elif isinstance(action, Use):
            use_ability(game, fighter, action)
        elif isinstance(action, Extinguish):
            fighter.ap -= 1
            fighter.remove_marker(Condition.BURN)
            announce(game, MarkerEvent(fighter=fighter.ref, condition=Condition.BURN.value,
                                       change=-1, total=fighter.marker_count(Condition.BURN),
                                       reason="removed for 1 AP"))
        elif isinstance(action, TERRITORY_ACTIONS):
            start_territory_move(game, fighter, action)

    def run(self, game: Game) -> None:
        if not self.started and not self.costs_asked:
            # Rulebook 7: the costs of permanent abilities fall due first (docs/rulings.md),
            # so that a paid ability reacts to the activation beginning.
            self.costs_asked = True
            fighter = state_of(game).fighter(self.fighter)
            if fighter.on_field and costly_permanent_abilities(game, fighter):
                game.push(AbilityCosts(self.fighter))
                return
        if not self.started:
            self.started = True
            announce(game, ActivationEvent(fighter=self.fighter))
            return
        game.pop()  # nothing but ending is possible, or the fighter has left the field
