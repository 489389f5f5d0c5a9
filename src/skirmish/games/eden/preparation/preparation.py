"""Rulebook 4.A, the preparation phase, steps 1 to 9 (with the optional rules' 6 and 6 bis).

1. troops revealed and checked (Rulebook 3, :mod:`skirmish.games.eden.preparation.composition`);
2. SP reserves (computed by the state); 3. the first-player bid
(:class:`~skirmish.games.eden.preparation.bidding.FirstPlayerBid`); 4. leaders; 5. missions;
6. scenery (Territory Management: :mod:`skirmish.games.eden.optional.territory_setup`); 6 bis, NPFs
(Infestation: :mod:`skirmish.games.eden.optional.npf_placement`); 7. deployment; 8. tactical hands;
9. 3 AP each. The table helpers of steps 6 and 7 are in
:mod:`skirmish.games.eden.preparation.deployment`. Every choice on a point the texts leave open is
in docs/rulings.md (Preparation phase).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from skirmish.core.actions import Action, Pass, Ref
from skirmish.core.decision import Decision
from skirmish.core.errors import IllegalActionError
from skirmish.core.events import NoteEvent, plural
from skirmish.core.procedure import Procedure
from skirmish.games.eden.actions import (
    ChooseHalf,
    Deploy,
    Leader,
    Place,
    PlayMission,
    TakeCard,
    key,
)
from skirmish.games.eden.cards.cards import MissionCard, SceneryCard
from skirmish.games.eden.cards.profile import Characteristic
from skirmish.games.eden.effects import EFFECTS, ActiveEffect, kind_of
from skirmish.games.eden.events import (
    HandCardEvent,
    LeaderEvent,
    MissionPlayedEvent,
    PointsEvent,
    TroopRevealedEvent,
)
from skirmish.games.eden.optional.npf_placement import NpfPlacement
from skirmish.games.eden.optional.territory_setup import TerritorySetup
from skirmish.games.eden.preparation.bidding import FirstPlayerBid
from skirmish.games.eden.preparation.composition import (
    DEFAULT_BUDGET,
    STEP5,
    TroopError,
    mission_refusal,
    profile_problems,
    troop_problems,
    troop_symbol,
)
from skirmish.games.eden.preparation.deployment import (
    STEP7,
    DeployedEvent,
    HalvesEvent,
    NotDeployedEvent,
    SceneryPlacedEvent,
    deploy_points,
    deploy_problem,
    element_id,
    halves_allowed,
    scenery_element,
    scenery_problem,
    scenery_samples,
    scenery_shape,
    zone_of,
    zone_text,
)
from skirmish.games.eden.rolling import state_of
from skirmish.games.eden.rounds.intendancy import AP_PER_ROUND

if TYPE_CHECKING:
    from skirmish.core.game import Game
    from skirmish.games.eden.fighter import Fighter
    from skirmish.games.eden.state import EdenState

#: The steps in order, by name; step 2 (SP reserves) is computed by the state itself.
STEPS = ("troops", "bid", "leaders", "missions", "scenery", "infestation", "deployment",
         "hands", "ap")
STEP_NUMBERS = {"1": "troops", "3": "bid", "4": "leaders", "5": "missions", "6": "scenery",
                "6bis": "infestation", "7": "deployment", "8": "hands", "9": "ap"}
DEFAULT_SCENERY_PER_PLAYER = 2

STEP4 = "Rulebook 4.A step 4: the first player designates one of his fighters as leader, then " \
        "his opponent"
STEP6_RULE = "Rulebook 4.A step 6: players take turns placing scenery from the pool"
STEP8 = "Rulebook 4.A step 8: a tactical hand of as many cards as the leader's PSI, no two " \
        "with the same name"


# -- events -----------------------------------------------------------------------------------
def _p(player: int) -> str:
    return "AB"[player]


# -- the procedure ------------------------------------------------------------------------------
def _step_name(step: str) -> str:
    name = STEP_NUMBERS.get(step, step)
    if name not in STEPS:
        raise ValueError(f"unknown preparation step {step!r} (steps: {', '.join(STEPS)}, or "
                         f"their numbers {', '.join(STEP_NUMBERS)})")
    return name


def alternate_deployment(state: EdenState) -> bool:
    """Rulebook 4.A step 7: each player deploys all his fighters, the first player first -
    unless an effect has them deploy one at a time, alternately (Mist)."""
    return any(EFFECTS[e.effect].alternate_deployment(state, e) for e in state.effects)


def suggested_leader(setup: Mapping[str, Any], state: EdenState, side: int) -> str | None:
    """The leader a troop (file) suggests, as a reference, or ``None``. Rulebook 4.A step 4
    still asks the players in order, the first player first: it is only the default choice."""
    leader = setup["troops"][side].get("leader")
    matches = [f.ref for f in state.troop(side) if f.profile.name == leader]
    return matches[0] if matches else None


@dataclass(slots=True)
class PreparationPhase(Procedure):
    """Rulebook 4.A, Preparation phase: steps 1 to 9, in order.

    ``skip`` names steps the set-up already settled ("bid" or "3", "deployment" or "7"...).
    ``step`` is the step under way ("" before step 1); ``turn`` is 0 while the first player
    acts in it, 1 while his opponent does; ``placed`` lists the scenery cards placed so far
    (step 6); ``stopped`` ends step 6 early (nothing fits any more); ``left_off`` lists the
    fighters for whom no room was left in step 7; ``deploys`` counts the deployment turns
    taken when the players deploy one fighter at a time (Mist, optional rules 3)."""

    name: ClassVar[str] = "eden.preparation-phase"
    skip: list[str] = field(default_factory=list)
    step: str = ""
    turn: int = 0
    placed: list[str] = field(default_factory=list)
    stopped: bool = False
    left_off: list[str] = field(default_factory=list)
    deploys: int = 0

    def __post_init__(self) -> None:
        for step in self.skip:
            _step_name(step)

    # -- who acts ----------------------------------------------------------------------------
    def _player(self, game: Game) -> int:
        first = state_of(game).first_player
        return first if self.turn == 0 else 1 - first

    def decision(self, game: Game) -> Decision | None:
        state = state_of(game)
        if self.step == "leaders":
            player = self._player(game)
            if state.leaders[player] is None and any(True for _ in state.troop(player)):
                refs = [f.ref for f in state.troop(player)]
                suggested = suggested_leader(game.setup, state, player)
                if suggested is None:
                    return Decision(player, "leader", "Designate your troop leader",
                                    tuple(refs))
                refs.remove(suggested)  # the troop's suggestion comes first
                return Decision(player, "leader", f"Designate your troop leader (your troop "
                                f"suggests {suggested})", (suggested, *refs),
                                {"suggested": suggested})
        elif self.step == "missions":
            player = self._player(game)
            if not state.missions[player] and self._missions(state, player):
                names = tuple(key(c.name) for c in self._missions(state, player))
                return Decision(player, "secret-mission", "Play a mission card", names)
        elif self.step == "scenery":
            if not self.stopped and len(self.placed) < 2 * self._scenery_each(game):
                player = self._scenery_player(game)
                return Decision(player, "place-scenery", "Place a scenery element "
                                "(5 cm or more from scenery, edges and objectives)",
                                tuple(sorted({key(c.name) for c in self._pool(game)})))
        elif self.step == "deployment":
            return self._deployment_decision(state)
        elif self.step == "hands":
            player = self._player(game)
            size = self._hand_size(state, player)  # the leader's PSI, read once
            eligible = self._eligible_cards(state, player) if size > len(state.hands[player]) \
                else []
            if eligible:
                return Decision(player, "secret-hand",
                                f"Take a tactical card ({len(state.hands[player])}/{size})",
                                tuple(key(n) for n in eligible))
        return None

    def _deployment_decision(self, state: EdenState) -> Decision | None:
        first = state.first_player
        if self.turn == 0 and state.halves[first] is None:
            options = tuple(f"half {h.value}" for h in halves_allowed(state.field))
            return Decision(first, "deployment-half", "Choose your half of the field", options)
        if alternate_deployment(state):
            return self._alternate_decision(state)
        player = first if self.turn == 0 else 1 - first
        waiting = tuple(f.ref for f in self._undeployed(state, player))
        if waiting:
            return Decision(player, "deploy", f"Deploy your fighters in your "
                            f"{zone_text(zone_of(state, player))}", waiting)
        return None

    def _alternate_decision(self, state: EdenState) -> Decision | None:
        """Mist (optional rules 3, climatic conditions 8-9): one fighter at a time, the first
        player first, then alternately; a player with nobody left to deploy is skipped
        (docs/rulings.md)."""
        first = state.first_player
        turn = first if self.deploys % 2 == 0 else 1 - first
        for player in (turn, 1 - turn):
            waiting = tuple(f.ref for f in self._undeployed(state, player))
            if waiting:
                return Decision(player, "deploy", "Deploy one fighter in your "
                                f"{zone_text(zone_of(state, player))} (Mist: one at a time, "
                                "alternately)", waiting, {"one_at_a_time": True})
        return None

    # -- the automatic steps -------------------------------------------------------------------
    def run(self, game: Game) -> None:
        state = state_of(game)
        if self.step:
            self._end_turn(game)
            if self.turn == 0:
                self.turn = 1
                return
        index = STEPS.index(self.step) + 1 if self.step else 0
        skipped = {_step_name(s) for s in self.skip}
        if state.infestation is None:
            skipped.add("infestation")  # step 6 bis belongs to Infestation (optional rules 2)
        while index < len(STEPS) and STEPS[index] in skipped:
            index += 1
        if index == len(STEPS):
            game.pop()
            game.emit(NoteEvent(message="the preparation phase is over"))
            return
        self.step, self.turn = STEPS[index], 0
        game.emit(NoteEvent(message=f"preparation step {self._number()}: {self.step}"))
        if self.step == "troops":
            self._reveal_troops(game)
            self.turn = 1
        elif self.step == "infestation":  # step 6 bis (optional rules 2, A)
            self.turn = 1
            game.push(NpfPlacement())
        elif self.step == "bid":
            self.turn = 1
            game.push(FirstPlayerBid())
        elif self.step == "scenery" and state.territory:
            # Territory Management (optional rules 1) replaces step 6: scenery points.
            self.turn, self.stopped = 1, True
            game.push(TerritorySetup())
        elif self.step == "leaders":
            for player in (state.first_player, 1 - state.first_player):
                leader = state.leaders[player]
                if leader is not None:
                    game.emit(LeaderEvent(player=player, fighter=leader))
        elif self.step == "deployment" and all(f.on_field for f in state.fighters):
            self.turn = 1  # the set-up placed every fighter already
        elif self.step == "ap":
            self.turn = 1
            for fighter in (f for f in state.on_field() if not f.npf):  # NPFs: no AP
                fighter.ap = AP_PER_ROUND
                game.emit(PointsEvent(owner=fighter.ref, points="AP", change=AP_PER_ROUND,
                                      total=fighter.ap, reason="Rulebook 4.A step 9"))

    def _end_turn(self, game: Game) -> None:
        """Public narration of what a player's turn in a step settled."""
        state = state_of(game)
        player = self._player(game)
        if self.step == "missions" and not state.missions[player]:
            game.emit(NoteEvent(message=f"player {_p(player)} plays no mission (no mission "
                                "card his troop may play)"))
        elif self.step == "hands":
            game.emit(NoteEvent(message=f"player {_p(player)}'s tactical hand holds "
                                f"{plural(len(state.hands[player]), 'card', 'cards')}"))

    def _number(self) -> str:
        return next(n for n, s in STEP_NUMBERS.items() if s == self.step)

    def _reveal_troops(self, game: Game) -> None:
        """Step 1: both troops are revealed and checked; a broken troop stops the match."""
        state = state_of(game)
        budget = int(game.setup.get("budget", DEFAULT_BUDGET))
        problems: list[str] = []
        for player in (0, 1):
            profiles = [f.profile for f in state.troop(player)]
            game.emit(TroopRevealedEvent(
                player=player, troop_type=state.troop_types[player],
                fighters=tuple(f"{p.name} {p.value}" for p in profiles),
                total=sum(p.value for p in profiles), budget=budget))
            problems += [f"player {_p(player)}: {text}" for text in
                         profile_problems(profiles, state.troop_types[player], budget)]
        if problems:
            raise TroopError("; ".join(problems))

    # -- the actions -----------------------------------------------------------------------------
    def legal_actions(self, game: Game) -> list[Action]:
        decision = self.decision(game)
        if decision is None:
            return []
        state = state_of(game)
        player = decision.player
        if decision.kind == "leader":
            return [Leader(Ref(ref)) for ref in decision.options]
        if decision.kind == "secret-mission":
            return [PlayMission(token) for token in decision.options]
        if decision.kind == "place-scenery":
            return self._scenery_samples(game) or [Pass()]
        if decision.kind == "deployment-half":
            return [ChooseHalf(h) for h in halves_allowed(state.field)]
        if decision.kind == "deploy":
            actions: list[Action] = [
                Deploy(ref, point)
                for f in self._undeployed(state, player)
                for ref in (Ref(f.ref),)
                for point in deploy_points(state, f)
            ]
            return actions or [Pass()]
        return [TakeCard(token) for token in decision.options]

    def check(self, game: Game, action: Action) -> None:
        decision = self.decision(game)
        assert decision is not None
        state = state_of(game)
        player = decision.player
        if decision.kind == "leader":
            self._check_leader(state, player, action)
        elif decision.kind == "secret-mission":
            self._check_mission(state, player, action)
        elif decision.kind == "place-scenery":
            self._check_place(game, action)
        elif decision.kind == "deployment-half":
            allowed = halves_allowed(state.field)
            if not isinstance(action, ChooseHalf) or action.half not in allowed:
                raise IllegalActionError(
                    f"'{action}': choose one of {', '.join(h.value for h in allowed)} "
                    f"(half NAME)", f"{STEP7}: the field is split across its width, the "
                    "first player chooses the direction on a square field, then his half")
        elif decision.kind == "deploy":
            self._check_deploy(state, player, action)
        else:
            self._check_card(state, player, action)

    def apply(self, game: Game, action: Action) -> None:
        state = state_of(game)
        player = self.decision(game).player  # type: ignore[union-attr]
        if isinstance(action, Leader):
            state.leaders[player] = str(action.fighter)
            game.emit(LeaderEvent(player=player, fighter=str(action.fighter)))
        elif isinstance(action, PlayMission):
            self._play_mission(game, player, self._mission(state, player, action.card))
        elif isinstance(action, Place):
            card = self._scenery_card(game, action.scenery)
            assert card is not None
            element = scenery_element(card, action.at, action.angle,
                                      element_id(state, card.name))
            state.scenery = (*state.scenery, element)
            self.placed.append(card.name)
            # Territory Management: the scenery's own effects (an Energy Beacon's field) come
            # into play with its first element; one effect serves every element of that name.
            if not any(e.source == card.name for e in state.effects):
                for spec in card.effects:
                    effect = ActiveEffect.of(spec, source=card.name, owner=_p(player),
                                             until="match")
                    state.effects.append(effect)
                    kind_of(effect).on_play(game, effect)
            game.emit(SceneryPlacedEvent(player=player, scenery=card.name, element=element.id,
                                         at=(action.at.x, action.at.y), angle=action.angle))
        elif isinstance(action, ChooseHalf):
            state.halves[player] = action.half.value
            state.halves[1 - player] = action.half.opposite.value
            game.emit(HalvesEvent(player=player, half=action.half.value,
                                  other=action.half.opposite.value))
        elif isinstance(action, Deploy):
            self.deploys += 1
            fighter = state.fighter(action.fighter)
            fighter.x, fighter.y, fighter.on_field = action.at.x, action.at.y, True
            game.emit(DeployedEvent(fighter=fighter.ref, at=(action.at.x, action.at.y),
                                    zone=self._public_zone(state, player)))
        elif isinstance(action, TakeCard):
            name = self._card_name(state, player, action.card)
            assert name is not None
            state.hands[player].append(name)
            game.emit(HandCardEvent(player=player, card=name, count=len(state.hands[player]),
                                    audience=(player,)))
        elif self.step == "scenery":
            self.stopped = True
            game.emit(NoteEvent(message=f"player {_p(player)} has no room for any scenery "
                                "element: the scenery step ends"))
        else:
            left = tuple(f.ref for f in self._undeployed(state, player))
            self.left_off.extend(left)
            game.emit(NotDeployedEvent(player=player, fighters=left))

    # -- step 4 -----------------------------------------------------------------------------------
    def _check_leader(self, state: EdenState, player: int, action: Action) -> None:
        if not isinstance(action, Leader):
            raise IllegalActionError(f"'{action}': designate a leader (leader A.Name)", STEP4)
        if action.fighter not in state.index:
            raise IllegalActionError(f"there is no fighter {action.fighter}", STEP4)
        if action.fighter.side != player:
            raise IllegalActionError(
                f"player {_p(player)} designates one of his own fighters; {action.fighter} "
                f"belongs to player {_p(action.fighter.side)}", STEP4)

    # -- step 5 -----------------------------------------------------------------------------------
    @staticmethod
    def _missions(state: EdenState, player: int) -> list[MissionCard]:
        """The distinct mission cards the player may play now."""
        seen: dict[str, MissionCard] = {}
        for card in state.catalogue.missions[player]:
            if card.name not in seen and not mission_refusal(state, player, card):
                seen[card.name] = card
        return list(seen.values())

    @staticmethod
    def _mission(state: EdenState, player: int, token: str) -> MissionCard:
        for card in state.catalogue.missions[player]:
            if key(card.name) == token:
                return card
        raise IllegalActionError(
            f"player {_p(player)} has no mission card {token!r} in his deck",
            f"{STEP5}: the first player chooses a mission card from his deck, then his opponent")

    def _check_mission(self, state: EdenState, player: int, action: Action) -> None:
        if not isinstance(action, PlayMission):
            raise IllegalActionError(f"'{action}': play a mission card (mission NAME)", STEP5)
        refusal = mission_refusal(state, player, self._mission(state, player, action.card))
        if refusal:
            raise IllegalActionError(refusal)

    def _play_mission(self, game: Game, player: int, card: MissionCard) -> None:
        """Step 5: the card is played (face down if secret) and its effects apply at once."""
        state = state_of(game)
        state.missions[player].append(card.name)
        game.emit(MissionPlayedEvent(player=player, card=card.name, secret=card.secret,
                                     deployment=card.deployment,
                                     audience=(player,) if card.secret else None))
        effects = [ActiveEffect.of(spec, source=card.name, owner=_p(player), until="match")
                   for spec in card.effects]
        state.effects.extend(effects)
        for effect in effects:
            kind_of(effect).on_play(game, effect)

    # -- step 6 -----------------------------------------------------------------------------------
    @staticmethod
    def _scenery_each(game: Game) -> int:
        """Step 6: each player places the same number: the set-up's ``scenery_per_player``
        (default 2), fewer if the pool cannot give both players as many."""
        each = int(game.setup.get("scenery_per_player", DEFAULT_SCENERY_PER_PLAYER))
        return max(0, min(each, len(state_of(game).catalogue.scenery) // 2))

    def _scenery_player(self, game: Game) -> int:
        first = state_of(game).first_player
        return first if len(self.placed) % 2 == 0 else 1 - first

    def _pool(self, game: Game) -> list[SceneryCard]:
        """The scenery cards not placed yet (each card of the pool is one element)."""
        left = Counter(self.placed)
        pool = []
        for card in state_of(game).catalogue.scenery:
            if left[card.name]:
                left[card.name] -= 1
            else:
                pool.append(card)
        return pool

    def _scenery_card(self, game: Game, token: str) -> SceneryCard | None:
        return next((c for c in self._pool(game) if key(c.name) == token), None)

    def _check_place(self, game: Game, action: Action) -> None:
        if isinstance(action, Pass):
            samples = self._scenery_samples(game, 1)
            if samples:
                raise IllegalActionError(f"'{samples[0]}' is still possible: a scenery element "
                                         "must be placed", STEP6_RULE)
            return
        if not isinstance(action, Place):
            raise IllegalActionError(f"'{action}': place a scenery element "
                                     "(place NAME x,y [angle])", STEP6_RULE)
        card = self._scenery_card(game, action.scenery)
        if card is None:
            names = ", ".join(sorted({key(c.name) for c in self._pool(game)}))
            raise IllegalActionError(f"no {action.scenery!r} is left in the scenery pool "
                                     f"(left: {names})", STEP6_RULE)
        problem = scenery_problem(state_of(game), scenery_shape(card, action.at, action.angle))
        if problem:
            raise IllegalActionError(f"{card.name} at {action.at.x:g},{action.at.y:g}: "
                                     f"{problem}")

    def _scenery_samples(self, game: Game, limit: int | None = None) -> list[Action]:
        return list(scenery_samples(state_of(game), self._pool(game), limit))

    # -- step 7 -----------------------------------------------------------------------------------
    def _undeployed(self, state: EdenState, player: int) -> list[Fighter]:
        return [f for f in state.troop(player) if not f.on_field and f.ref not in self.left_off]

    @staticmethod
    def _public_zone(state: EdenState, player: int) -> str:
        """The zone as the opponent may know it: a secret mission hides its deployment."""
        if any(state.catalogue.mission(player, m).secret for m in state.missions[player]):
            return f"the {state.halves[player]} half"
        return zone_text(zone_of(state, player))

    def _check_deploy(self, state: EdenState, player: int, action: Action) -> None:
        waiting = self._undeployed(state, player)
        if isinstance(action, Pass):
            for fighter in waiting:
                points = deploy_points(state, fighter, 1)
                if points:
                    raise IllegalActionError(
                        f"{fighter.ref} can still be deployed (at {points[0].x:g},"
                        f"{points[0].y:g})", f"{STEP7}: the player deploys all his fighters")
            return
        if not isinstance(action, Deploy):
            raise IllegalActionError(f"'{action}': deploy a fighter (deploy A.Name x,y)", STEP7)
        chosen = next((f for f in waiting if f.ref == action.fighter), None)
        if chosen is None:
            owner = action.fighter.side
            why = (f"{action.fighter} is not one of player {_p(player)}'s fighters"
                   if owner != player else f"{action.fighter} is already on the field")
            raise IllegalActionError(why, f"{STEP7}: each player deploys his own fighters")
        problem = deploy_problem(state, chosen, action.at)
        if problem:
            if not deploy_points(state, chosen, 1):
                problem += (f"; and no room is left for {chosen.ref} anywhere in the zone "
                            "(pass to leave it off the field)")
            raise IllegalActionError(problem)

    # -- step 8 -----------------------------------------------------------------------------------
    @staticmethod
    def _hand_size(state: EdenState, player: int) -> int:
        """The leader's current PSI (0 without a leader)."""
        leader = state.leader(player)
        if leader is None:
            return 0
        return max(0, state.characteristic(leader, Characteristic.PSI))

    @staticmethod
    def _eligible_cards(state: EdenState, player: int) -> list[str]:
        """Names in the deck that the hand does not hold yet (deck order, once each)."""
        held = set(state.hands[player])
        names: list[str] = []
        for card in state.catalogue.tactical[player]:
            if card.name not in held and card.name not in names:
                names.append(card.name)
        return names

    @staticmethod
    def _card_name(state: EdenState, player: int, token: str) -> str | None:
        return next((c.name for c in state.catalogue.tactical[player] if key(c.name) == token),
                    None)

    def _check_card(self, state: EdenState, player: int, action: Action) -> None:
        if not isinstance(action, TakeCard):
            raise IllegalActionError(f"'{action}': take a tactical card (hand NAME)", STEP8)
        name = self._card_name(state, player, action.card)
        if name is None:
            raise IllegalActionError(f"player {_p(player)} has no tactical card "
                                     f"{action.card!r} in his deck", STEP8)
        if name in state.hands[player]:
            raise IllegalActionError(f"the tactical hand already holds {name}", STEP8)


__all__ = [
    "STEPS",
    "PreparationPhase",
    "TroopError",
    "mission_refusal",
    "profile_problems",
    "troop_problems",
    "troop_symbol",
]
