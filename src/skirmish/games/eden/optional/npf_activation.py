"""Rulebook, optional rules 2, B: NPF activation (intendancy step 2, FR "Activation des CNJ
(combattants non-joueurs). Cette étape est optionnelle si aucun CNJ n'est présent sur le
Terrain").

"Le Premier joueur choisit un CNJ sur le Terrain et l'active. Un CNJ ne peut effectuer
qu'une seule action durant son tour parmi les trois suivantes:

- Rôder : Le CNJ se déplace de 5 cm dans la direction du choix du joueur.
- Charger : Cette action est obligatoire si le CNJ est libre et si au moins un combattant
  se trouve à moins de 10 cm et dans la ligne de vue du CNJ. Celui-ci effectue
  immédiatement un déplacement qui l'amène au contact du combattant le plus proche et dans
  sa ligne de vue. Puis il effectue une attaque de corps à corps contre ce combattant en
  suivant les règles normales de l'attaque de corps à corps.
- Attaquer : Cette action est obligatoire si au moins un combattant est en contact avec le
  CNJ. Le CNJ effectue une attaque de corps à corps contre un combattant en contact avec
  lui (au choix du joueur) en suivant les règles normales de l'attaque de corps à corps.

Puis les joueurs alternent l'activation des CNJ jusqu'à ce que tous les CNJ aient été
activés."

``activate N.Ghoul`` chooses the NPF (asked only when there is a choice), then
``attack N.Ghoul A.Yuri`` (several fighters in contact), ``charge N.Ghoul A.Yuri``
(several nearest fighters) or ``prowl N.Ghoul x,y``. An NPF has no AP and no limit on its
attacks; the activating player makes its choices (its aim, its strike back). Every point
the texts leave open is ruled in docs/rulings.md (Optional rules 2, B).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from skirmish.core.actions import Action, Point, Ref
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.events import Event, NoteEvent
from skirmish.core.procedure import Procedure
from skirmish.games.eden.actions import Activate, Attack, Charge, Prowl
from skirmish.games.eden.effects import announce
from skirmish.games.eden.events import ActivationEvent
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.fighting.melee import MeleeAttack
from skirmish.games.eden.fighting.movement import charge_position, relocate, touches_an_enemy
from skirmish.games.eden.house_rules import NPF_PROWL, reading_of
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.optional.infestation import (
    CHARGE_REACH_CM,
    EPS,
    PROWL_CM,
    RULE_B,
    decide_for_npfs,
)
from skirmish.games.eden.rolling import state_of
from skirmish.geometry import is_legal_move, sample_destinations
from skirmish.geometry.distance import base_distance

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.state import EdenState

#: How far short of 5 cm an exact prowl may end (its offsets are cut to 0.01 cm).
EXACT_SLACK_CM = 0.05
#: The directions offered for a prowl (degrees, 0 = +x, counter-clockwise).
PROWL_DIRECTIONS = tuple(range(0, 360, 45))


@dataclass(frozen=True, slots=True)
class NpfActionEvent(Event):
    """B: which of its three actions an activated NPF performs, and for which player."""

    kind: ClassVar[str] = "eden.npf-action"
    player: int = 0
    fighter: str = ""
    action: str = ""
    target: str = ""

    def text(self) -> str:
        what = {"attack": f"must attack {self.target} in contact",
                "charge": f"must charge {self.target}, the nearest fighter in sight within "
                          f"{CHARGE_REACH_CM:g} cm",
                "prowl": "prowls", "stays": "prowls but has no room to move"}[self.action]
        return f"{self.fighter} (activated by player {'AB'[self.player]}) {what}"


# -- what the NPF must do -----------------------------------------------------------------
def attack_targets(state: EdenState, npf: Fighter) -> list[Fighter]:
    """Attack: the fighters in contact with the NPF (by reference)."""
    return sorted(state.enemies_in_contact(npf), key=lambda f: f.ref)


def charge_targets(state: EdenState, npf: Fighter) -> list[tuple[Fighter, Point]]:
    """Charge: when the NPF is free, the fighters less than 10 cm away (edge to edge) in its
    line of sight that it can reach in contact, the nearest ones (ties all count), each with
    the contact position the NPF's move reaches by the shortest path (docs/rulings.md).

    The fighters are tried nearest first (then by reference): once one is found, only
    those as near are still tried (a farther one could not be among the nearest)."""
    if not state.is_free(npf):
        return []
    me = state.base(npf)
    near = sorted(((base_distance(me, state.base(f)), f.ref, f) for f in state.enemies(npf)),
                  key=lambda t: (t[0], t[1]))
    found: list[tuple[Fighter, Point]] = []
    best: float | None = None
    for gap, _, fighter in near:
        if gap >= CHARGE_REACH_CM - EPS or (best is not None and gap > best + EPS):
            break
        if not state.sight(npf, fighter).visible:
            continue
        end = charge_position(state, npf, fighter, None)
        if end is not None:
            best = gap if best is None else best
            found.append((fighter, end))
    return found


def prowl_refusal(state: EdenState, npf: Fighter, to: Point) -> str | None:
    """Prowl: a move of up to 5 cm along a legal path (Rulebook 2.D), not ending in contact
    with a fighter (as a Move: contact comes from a charge), to a point the activating
    player chooses (the direction)."""
    if touches_an_enemy(state, npf, to):
        return f"{RULE_B}, Prowl: a prowl cannot end in contact with a fighter"
    if _exactly(state) and math.hypot(to.x - npf.x, to.y - npf.y) < PROWL_CM - EXACT_SLACK_CM:
        # House rule eden-npf-prowl=exactly: "the NPF moves 5 cm" read to the letter.
        return (f"{RULE_B}, Prowl: the NPF moves exactly {PROWL_CM:g} cm "
                f"(house rule {NPF_PROWL}=exactly)")
    check = is_legal_move(state.base(npf), to, PROWL_CM, field=state.field,
                          bases=state.bases(npf), elements=state.scenery,
                          markers=state.markers, explain=False)
    if not check.legal:
        return (f"{RULE_B}, Prowl: the NPF moves up to {PROWL_CM:g} cm along a legal path "
                f"({check.reason})")
    return None


def prowl_options(state: EdenState, npf: Fighter) -> list[Action]:
    """Representative prowls: 5 cm in each of 8 directions, else 2.5 cm, else sampled
    destinations; empty when the NPF cannot move at all."""
    return list(_prowls(state, npf))


def _prowls(state: EdenState, npf: Fighter) -> Iterator[Action]:
    """:func:`prowl_options` one at a time (whether the NPF can prowl at all is known from
    the first)."""
    ref = Ref(npf.ref)
    for reach in (PROWL_CM,) if _exactly(state) else (PROWL_CM, PROWL_CM / 2):
        found = False
        for angle in PROWL_DIRECTIONS:
            a = math.radians(angle)  # offsets cut to 0.01 cm toward the NPF: within reach
            dx = math.trunc(reach * math.cos(a) * 100) / 100
            dy = math.trunc(reach * math.sin(a) * 100) / 100
            to = Point(round(npf.x + dx, 2), round(npf.y + dy, 2))
            if prowl_refusal(state, npf, to) is None:
                found = True
                yield Prowl(ref, to)
        if found:
            return
    checks = sample_destinations(state.base(npf), PROWL_CM, 8, field=state.field,
                                 bases=state.bases(npf), elements=state.scenery,
                                 markers=state.markers, seed=state.round * 100 + len(npf.ref))
    for check in checks:
        if check.end is None:
            continue
        to = Point(round(check.end.x, 2), round(check.end.y, 2))
        if prowl_refusal(state, npf, to) is None:
            yield Prowl(ref, to)


def _exactly(state: EdenState) -> bool:
    """Whether the match plays house rule ``eden-npf-prowl=exactly``."""
    return reading_of(state.catalogue.house_rules, NPF_PROWL) == "exactly"


# -- the procedure --------------------------------------------------------------------------
@dataclass(slots=True)
class NpfActivation(Procedure):
    """Rulebook, optional rules 2, B: NPF activation (intendancy step 2).

    ``turn`` counts the NPFs activated (the first player's turn when even); ``activated``
    lists them; ``current`` is the NPF just activated whose action is still to settle."""

    name: ClassVar[str] = "eden.npf-activation"
    turn: int = 0
    activated: list[str] = field(default_factory=list)
    current: str = ""

    def _player(self, state: EdenState) -> int:
        first = state.first_player
        return first if self.turn % 2 == 0 else 1 - first

    def _waiting(self, state: EdenState) -> list[Fighter]:
        return [f for f in state.npfs() if f.ref not in self.activated]

    def _mode(self, state: EdenState, prowls: int | None = None) -> tuple[str, list[Action]]:
        """The current NPF's compulsory action and its options: Attack, else Charge, else
        Prowl (only the first ``prowls`` prowls when given: the decision asks only whether
        there is one). A frightened NPF can only Prowl (Rulebook 9, Fear: "no action but
        Move")."""
        npf = state.fighter(self.current)
        ref = Ref(npf.ref)
        if not npf.marker_count(Condition.FEAR):
            in_contact = attack_targets(state, npf)
            if in_contact:
                return "attack", [Attack(ref, Ref(f.ref)) for f in in_contact]
            charges = charge_targets(state, npf)
            if charges:
                return "charge", [Charge(ref, Ref(f.ref)) for f, _ in charges]
        return "prowl", list(itertools.islice(_prowls(state, npf), prowls))

    def decision(self, game: Game) -> Decision | None:
        state = state_of(game)
        player = self._player(state)
        if not self.current:
            waiting = self._waiting(state)
            if len(waiting) < 2:
                return None
            return Decision(player, "npf-activate", "Activate a non-player fighter "
                            f"({len(waiting)} not yet activated this round)",
                            tuple(f.ref for f in waiting), {"npfs": [f.ref for f in waiting]})
        npf = state.fighter(self.current)
        if not npf.on_field:
            return None
        mode, options = self._mode(state, prowls=1)
        if mode == "prowl":
            if not options:
                return None
            return Decision(player, "npf-prowl", f"{npf.ref} prowls: move it up to "
                            f"{PROWL_CM:g} cm in the direction of your choice",
                            context={"npf": npf.ref, "allowance": PROWL_CM})
        if len(options) < 2:
            return None
        targets = tuple(str(getattr(a, "target", "")) for a in options)
        what = ("attack which fighter in contact" if mode == "attack"
                else "charge which of the nearest fighters")
        return Decision(player, f"npf-{mode}", f"{npf.ref} must {mode}: {what}?", targets,
                        {"npf": npf.ref, "targets": list(targets)})

    def legal_actions(self, game: Game) -> list[Action]:
        state = state_of(game)
        if not self.current:
            return [Activate(Ref(f.ref)) for f in self._waiting(state)]
        return self._mode(state)[1]

    def check(self, game: Game, action: Action) -> None:
        state = state_of(game)
        if not self.current:
            waiting = [f.ref for f in self._waiting(state)]
            if not isinstance(action, Activate) or action.fighter not in waiting:
                raise IllegalActionError(
                    f"'{action}': activate a non-player fighter not yet activated this step "
                    f"({', '.join(waiting)})", f"{RULE_B}: the players alternately choose an "
                    "NPF on the field and activate it")
            return
        mode, options = self._mode(state)
        if mode == "prowl" and isinstance(action, Prowl) and action.fighter == self.current:
            refusal = prowl_refusal(state, state.fighter(self.current), action.to)
            if refusal:
                raise IllegalActionError(f"{self.current} cannot '{action}'", refusal)
            return
        if action in options:
            return
        if mode == "attack":
            rule = (f"{RULE_B}, Attack: compulsory when a fighter is in contact; the NPF "
                    "attacks one of them")
        elif mode == "charge":
            rule = (f"{RULE_B}, Charge: compulsory when the NPF is free and a fighter is less "
                    f"than {CHARGE_REACH_CM:g} cm away in its sight; it charges the nearest")
        else:
            rule = f"{RULE_B}, Prowl: the NPF moves up to {PROWL_CM:g} cm"
        allowed = ", ".join(str(a) for a in options[:4]) or "prowl N.Name x,y"
        raise IllegalActionError(f"'{action}' is not what {self.current} may do now "
                                 f"(expected: {allowed})", rule)

    def apply(self, game: Game, action: Action) -> None:
        if isinstance(action, Activate):
            self._activate(game, str(action.fighter))
            return
        self._act(game, action)

    def run(self, game: Game) -> None:
        state = state_of(game)
        if not self.current:
            waiting = self._waiting(state)
            if waiting:
                self._activate(game, waiting[0].ref)  # the only one left: no choice
                return
            game.pop()
            game.emit(NoteEvent(message="intendancy step 2: every non-player fighter has "
                                        "been activated"))
            return
        npf = state.fighter(self.current)
        if not npf.on_field:
            self._done()
            return
        options = self._mode(state)[1]
        if options:
            self._act(game, options[0])  # one possible target: no choice
            return
        game.emit(NpfActionEvent(player=self._player(state), fighter=npf.ref, action="stays"))
        self._done()

    def _activate(self, game: Game, ref: str) -> None:
        state = state_of(game)
        self.current = ref
        decide_for_npfs(state, self._player(state))
        announce(game, ActivationEvent(fighter=ref))  # its abilities may react (Rulebook 7)

    def _done(self) -> None:
        self.activated.append(self.current)
        self.current = ""
        self.turn += 1

    def _act(self, game: Game, action: Action) -> None:
        state = state_of(game)
        npf = state.fighter(self.current)
        player = self._player(state)
        self._done()
        if isinstance(action, Prowl):
            game.emit(NpfActionEvent(player=player, fighter=npf.ref, action="prowl"))
            relocate(game, npf, action.to, "prowls")
        elif isinstance(action, Charge):
            target = state.fighter(action.target)
            end = charge_position(state, npf, target, None)
            assert end is not None
            game.emit(NpfActionEvent(player=player, fighter=npf.ref, action="charge",
                                     target=target.ref))
            relocate(game, npf, end, "charges")
            game.push(MeleeAttack(Ref(npf.ref), Ref(target.ref)))
        else:
            assert isinstance(action, Attack)
            game.emit(NpfActionEvent(player=player, fighter=npf.ref, action="attack",
                                     target=str(action.target)))
            game.push(MeleeAttack(Ref(npf.ref), Ref(action.target)))
