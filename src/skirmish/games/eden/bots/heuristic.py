"""A bot that plays Eden sensibly from its view: it charges and attacks when the exact odds
(:mod:`skirmish.games.eden.odds`) are good, picks reactions by their exact expected damage, shoots
the legal target, walks toward the enemy or its objectives, bids and plays its tactical cards
with simple rules.

It sees only ``view`` (what its player may know) and the legal actions; it builds its own
table from the view for distances and paths.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from skirmish.core.actions import Action, Pass, Point, Ref
from skirmish.core.dice import SeededDice
from skirmish.games.eden.actions import (
    Activate,
    Aim,
    Attack,
    Bid,
    BlastAttack,
    Calm,
    Cancel,
    Charge,
    ChooseFirst,
    Climb,
    Deploy,
    End,
    Extinguish,
    Hide,
    Interrupt,
    JumpOver,
    Leader,
    Move,
    Pay,
    PlayCard,
    PlayMission,
    React,
    Reaction,
    Shift,
    Shoot,
    Side,
    Swim,
    Throw,
    Use,
    key,
)
from skirmish.games.eden.bots import spending
from skirmish.games.eden.bots.card_sense import sensible
from skirmish.games.eden.bots.estimates import (
    LIMBS,
    cp_left,
    distance,
    fragility,
    limb_of,
    melee_value,
    point_distance,
)
from skirmish.games.eden.bots.heuristic_npfs import NpfHeuristics, npf_bonus
from skirmish.games.eden.bots.heuristic_territory import Terrain, TerritoryHeuristics
from skirmish.games.eden.bots.view_odds import (
    combatant,
    open_reactions,
    reaction_values,
    shot_value,
    strike_value,
)
from skirmish.games.eden.bots.view_table import elements_in, markers_in
from skirmish.games.eden.cards.equipment import Category, Equipment
from skirmish.geometry import Base, Field, is_legal_move
from skirmish.geometry.templates import blast_covers, explosion_covers

Fighters = dict[str, Mapping[str, Any]]


class HeuristicAgent(NpfHeuristics, TerritoryHeuristics):
    """Simple rules of thumb, scored; ties broken by its own seeded generator (the
    non-player fighters of Infestation: :mod:`skirmish.games.eden.bots.heuristic_npfs`)."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = SeededDice(seed)

    # -- entry point ------------------------------------------------------------------------
    def act(self, view: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        decision = view["decision"] or {}
        kind = decision.get("kind", "")
        handler = getattr(self, "_" + kind.replace("-", "_"), None)
        if handler is not None:
            choice: Action | None = handler(view, legal_actions, decision)
            if choice is not None:
                return choice
        return self._best(legal_actions, lambda a: 0.0)

    def reason(self, view: Mapping[str, Any], action: Action) -> str | None:
        """Why it took ``action`` on ``view``'s decision, in one line (the web table's
        "Why?": :mod:`skirmish.games.eden.bots.reasons`)."""
        from skirmish.games.eden.bots.reasons import reason

        return reason(view, action)

    def _best(self, actions: Sequence[Action], score: Any) -> Action:
        """The best-scoring action; a tiny seeded jitter breaks ties."""
        best, best_score = actions[0], -math.inf
        for action in actions:
            value = score(action) + self._rng.below(1000) * 1e-6
            if value > best_score:
                best, best_score = action, value
        return best

    # -- helpers over the view ---------------------------------------------------------------
    @staticmethod
    def _fighters(view: Mapping[str, Any]) -> Fighters:
        return {f["ref"]: f for f in view["fighters"]}

    @staticmethod
    def _me(view: Mapping[str, Any]) -> int:
        return int(view["player"])

    def _enemies(self, view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        me = self._me(view)
        return [f for f in view["fighters"] if f["side"] != me and f["on_field"]]

    def _objectives(self, view: Mapping[str, Any]) -> list[tuple[float, float]]:
        letter = "AB"[self._me(view)]
        owners = view.get("objectives", {})
        return [(m["x"], m["y"]) for m in view["markers"]
                if str(owners.get(m["id"], "")).startswith(f"{letter}:")]

    # -- preparation and rounds ------------------------------------------------------------------
    def _secret_bid(self, view: Mapping[str, Any], actions: Sequence[Action],
                    decision: Mapping[str, Any]) -> Action | None:
        want = spending.bid(view)  # the SP still worth keeping (bots.spending)
        return next((a for a in actions if isinstance(a, Bid) and a.sp == want), None)

    def _first_player(self, view: Mapping[str, Any], actions: Sequence[Action],
                      decision: Mapping[str, Any]) -> Action | None:
        return ChooseFirst(Side.of(self._me(view)))

    def _leader(self, view: Mapping[str, Any], actions: Sequence[Action],
                decision: Mapping[str, Any]) -> Action | None:
        suggested = decision.get("context", {}).get("suggested")
        if suggested is not None:  # the troop (file) names its leader: follow it
            return next((a for a in actions if isinstance(a, Leader)
                         and a.fighter == suggested), None)
        fighters = self._fighters(view)

        def score(a: Action) -> float:
            assert isinstance(a, Leader)
            f = fighters[a.fighter]
            return float(f["characteristics"]["PSI"] * 2 + sum(
                cp_left(f, limb) for limb in LIMBS) * 0.1)

        return self._best([a for a in actions if isinstance(a, Leader)], score)

    def _secret_mission(self, view: Mapping[str, Any], actions: Sequence[Action],
                        decision: Mapping[str, Any]) -> Action | None:
        cards = {key(c["name"]): c for c in view.get("my_mission_cards", [])}

        def score(a: Action) -> float:
            if not isinstance(a, PlayMission):
                return -1.0
            effects = cards.get(a.card, {}).get("effects", [])
            return sum(2.0 if e["effect"] == "vp-per-kill" else 1.0 for e in effects)

        return self._best(actions, score)

    def _deploy(self, view: Mapping[str, Any], actions: Sequence[Action],
                decision: Mapping[str, Any]) -> Action | None:
        w, h = view["field_size"]

        def score(a: Action) -> float:
            if not isinstance(a, Deploy):
                return -1e9
            return (-math.hypot(a.at.x - w / 2, a.at.y - h / 2)
                    - 5.0 * self._npf_near_cost(view, a.at.x, a.at.y))

        return self._best(actions, score)

    def _tactical(self, view: Mapping[str, Any], actions: Sequence[Action],
                  decision: Mapping[str, Any]) -> Action | None:
        me = self._me(view)
        if view["sp"][me] < spending.card_threshold(view):
            return Pass()
        # never a card that would change nothing (a heal on an unwounded fighter ...)
        plays = [a for a in sensible(view, actions) if isinstance(a, PlayCard)]
        if not plays:
            return Pass()
        names = sorted({a.card for a in plays})
        name = names[self._rng.below(len(names))]
        aimed = [a for a in plays if a.card == name and a.target is not None]
        if not aimed:
            return next(a for a in plays if a.card == name)
        # The card is offered with each valid chosen fighter: a friend nearest the enemy,
        # or an enemy nearest to my troop.
        fighters = self._fighters(view)
        enemies = self._enemies(view)
        mine = [f for f in view["fighters"] if f["side"] == me and f["on_field"]]

        def closeness(play: Action) -> float:
            assert isinstance(play, PlayCard) and play.target is not None
            chosen = fighters[play.target]
            others = enemies if chosen["side"] == me else mine
            return -min((distance(chosen, o) for o in others), default=0.0)

        return self._best(aimed, closeness)

    def _cancellation(self, view: Mapping[str, Any], actions: Sequence[Action],
                      decision: Mapping[str, Any]) -> Action | None:
        return Cancel() if view["sp"][self._me(view)] >= 5 else Pass()

    def _rage(self, view: Mapping[str, Any], actions: Sequence[Action],
              decision: Mapping[str, Any]) -> Action | None:
        fighters = self._fighters(view)
        # keep rage on fighters in melee range; calm the others (Rage costs VIG and PSI)
        for a in actions:
            if isinstance(a, Calm):
                f = fighters[a.fighter]
                if all(distance(f, e) > 10 for e in self._enemies(view)):
                    return a
        return Pass()

    def _ability_cost(self, view: Mapping[str, Any], actions: Sequence[Action],
                      decision: Mapping[str, Any]) -> Action | None:
        """Rulebook 7, a permanent ability's cost: pay when its effects help (no bonus turned
        against the troop), the fighter keeps 1 AP to act and at most half the SP go."""
        pay = next((a for a in actions if isinstance(a, Pay)), None)
        decline = next((a for a in actions if isinstance(a, Pass)), None)
        if pay is None or decline is None:
            return None
        context = decision.get("context", {})
        cost_ap, cost_sp = int(context.get("cost_ap", 0)), int(context.get("cost_sp", 0))
        owner = self._fighters(view).get(str(context.get("fighter", "")), {})
        gain = sum(int(e.get("delta", 0)) * (-1 if e.get("who") == "enemies" else 1)
                   for e in context.get("effects", []))
        if gain < 0 or 2 * cost_sp > view["sp"][self._me(view)]:
            return decline
        if cost_ap and int(owner.get("ap", 0)) - cost_ap < 1:
            return decline
        return pay

    # -- activation phase --------------------------------------------------------------
    def _fighter_score(self, view: Mapping[str, Any], f: Mapping[str, Any]) -> float:
        """How much this fighter can do now: attacks in reach are worth most."""
        best = 0.0
        for e in self._enemies(view):
            d = distance(f, e)
            if d <= 0.1:
                best = max(best, 2 + melee_value(f, e))
            elif d <= 10:
                best = max(best, 1 + melee_value(f, e))
        return float(best + f["characteristics"]["SPD"] * 0.01)

    def _activate(self, view: Mapping[str, Any], actions: Sequence[Action],
                  decision: Mapping[str, Any]) -> Action | None:
        fighters = self._fighters(view)

        def score(a: Action) -> float:
            if isinstance(a, Activate):
                return self._fighter_score(view, fighters[a.fighter])
            return -0.5  # pass

        return self._best(actions, score)

    def _interrupt(self, view: Mapping[str, Any], actions: Sequence[Action],
                   decision: Mapping[str, Any]) -> Action | None:
        fighters = self._fighters(view)

        def score(a: Action) -> float:
            if isinstance(a, Interrupt):
                return self._fighter_score(view, fighters[a.fighter]) - 1.5
            return 0.0

        return self._best(actions, score)

    def _action(self, view: Mapping[str, Any], actions: Sequence[Action],
                decision: Mapping[str, Any]) -> Action | None:
        fighters = self._fighters(view)
        enemies = self._enemies(view)
        actor_ref = next((str(a.fighter) for a in actions if hasattr(a, "fighter")), None)
        if actor_ref is None:
            return None
        actor = fighters[actor_ref]
        goal = self._goal(view, actor, enemies)
        equipment = view.get("equipment", {})
        me_model = combatant(actor, equipment)
        weapons = self._by_token(equipment)
        terrain = Terrain(view)  # Territory Management (heuristic_territory)

        def score(a: Action) -> float:
            if isinstance(a, Attack) and a.target not in fighters:
                return 0.1  # Territory Management: scenery (Destruction), seldom worth it
            if isinstance(a, Attack):
                target = fighters[a.target]
                return (3.0 + strike_value(self._above(terrain, me_model, actor, target),
                                           combatant(target, equipment),
                                           open_reactions(target))
                        + npf_bonus(target))
            if isinstance(a, Charge):  # the target answers as suits it best (a response
                # strikes back: Rulebook 6.A)
                target = fighters[a.target]
                return (2.5 + strike_value(me_model, combatant(target, equipment),
                                           open_reactions(target)) + npf_bonus(target))
            if isinstance(a, Shoot):
                target = fighters[a.target]
                return (2.0 + shot_value(me_model, combatant(target, equipment),
                                         weapons.get(str(a.weapon)))
                        + npf_bonus(target))
            if isinstance(a, Throw):
                return self._throw_value(view, a)
            if isinstance(a, BlastAttack):
                return self._blast_value(view, actor, a)
            if isinstance(a, Use):
                return 1.2
            if isinstance(a, Extinguish):
                return 1.4 if actor["markers"].get("burn", 0) else -1.0
            if isinstance(a, Move):
                return self._move_value(actor, a.to, goal, enemies) + self._terrain_bonus(
                    terrain, view, actor, a.to.x, a.to.y, enemies)
            if isinstance(a, Climb | Swim | JumpOver | Hide):
                return self._territory_move_value(terrain, view, actor, a, goal, enemies)
            if isinstance(a, End):
                return 0.05
            return 0.0

        best = self._best(actions, score)
        if isinstance(best, Move | End) and any(isinstance(a, Move) for a in actions):
            limit = float(decision.get("context", {}).get("move_allowance", 10.0))

            def worth(p: Point) -> float:
                return self._move_value(actor, p, goal, enemies) + self._terrain_bonus(
                    terrain, view, actor, p.x, p.y, enemies)

            # its own step toward the goal, or onto an elevated point (Territory Management)
            steps = [p for p in (self._step_toward(view, actor, goal, enemies, limit, terrain),
                                 self._elevated_move(terrain, view, actor, limit))
                     if p is not None]
            if steps:
                step = max(steps, key=worth)
                if not isinstance(best, Move) or worth(step) > score(best):
                    return Move(Ref(actor_ref), step)
        return best

    #: What covering one of its own fighters with a blast or an explosion costs: more than any
    #: other action can be worth, so such a placement is chosen only when nothing else is
    #: legal.
    FRIEND_COVERED = 100.0

    def _blast_value(self, view: Mapping[str, Any], actor: Mapping[str, Any],
                     action: BlastAttack) -> float:
        """A blast placement (radial or pivoted) by its net coverage, read on the bot's own
        copy of the table. Each enemy covered is certain to take one wound to each limb
        (Rulebook 6.B), counted as a melee attack is (4 per fighter taken out, plus the CP
        lost); each friend covered costs ``FRIEND_COVERED``."""
        me = self._me(view)
        fighters = self._fighters(view)
        bases = [Base.from_mm(f["x"], f["y"], f["profile"].get("base_mm", 30), f["ref"])
                 for f in view["fighters"] if f["on_field"]]
        actor_base = Base.from_mm(actor["x"], actor["y"], actor["profile"].get("base_mm", 30),
                                  actor["ref"])
        axis = None if action.axis is None else math.radians(action.axis)
        value = 2.0
        for base in blast_covers(actor_base, math.radians(action.angle), bases, axis=axis):
            fighter = fighters[base.id]
            if fighter["side"] == me:
                value -= self.FRIEND_COVERED
                continue
            lost = 0
            for limb in LIMBS:  # one wound per limb, in card order, until taken out
                lost += 1
                if cp_left(fighter, limb) <= 1:
                    value += 4.0
                    break
            value += lost
        return value

    @staticmethod
    def _by_token(equipment: Mapping[str, str]) -> dict[str, str]:
        """The view's equipment notation by the token an action names it with
        (``Throwing-knives``)."""
        return {key(name): text for name, text in equipment.items()}

    def _throw_value(self, view: Mapping[str, Any], action: Throw) -> float:
        """A throw by the fighters it reaches, read on the bot's own copy of the table as the
        engine reads it: the explosion template centred on the point for an Explosive weapon
        (Rulebook 8.C), else the bases at the point (6.B). Each enemy reached is worth 1.5;
        each of its own fighters (the thrower included) costs ``FRIEND_COVERED``."""
        me = self._me(view)
        fighters = self._fighters(view)
        x, y = float(action.at.x), float(action.at.y)
        bases = [Base.from_mm(f["x"], f["y"], f["profile"].get("base_mm", 30), f["ref"])
                 for f in view["fighters"] if f["on_field"]]
        texts = self._by_token(view.get("equipment", {}))
        part = Equipment.parse(texts[action.weapon]).part(Category.PROJECTILE) if (
            action.weapon in texts) else None
        if part is not None and part.effect("Explosive") is not None:
            hit = explosion_covers((x, y), bases)
        else:
            hit = [b for b in bases if math.hypot(b.x - x, b.y - y) <= b.radius + 1e-9]
        return 1.0 + sum(-self.FRIEND_COVERED if fighters[b.id]["side"] == me else 1.5
                         for b in hit)

    def _goal(self, view: Mapping[str, Any], actor: Mapping[str, Any],
              enemies: list[Mapping[str, Any]]) -> tuple[float, float] | None:
        objectives = self._objectives(view)
        if objectives and (actor["characteristics"]["CBT"] < 4 or not enemies):
            return min(objectives, key=lambda p: point_distance(actor, *p))
        if enemies:
            # the opponent's fighters first; non-player fighters (Infestation) only after
            opponents = [e for e in enemies if e["side"] == 1 - self._me(view)] or enemies
            target = max(opponents,
                         key=lambda e: melee_value(actor, e) - 0.05 * distance(actor, e))
            return (target["x"], target["y"])
        return objectives[0] if objectives else None

    @staticmethod
    def _move_value(actor: Mapping[str, Any], to: Point, goal: tuple[float, float] | None,
                    enemies: list[Mapping[str, Any]]) -> float:
        if goal is None:
            return 0.0
        gained = point_distance(actor, *goal) - math.hypot(to.x - goal[0], to.y - goal[1])
        return 0.1 + 0.08 * gained

    def _step_toward(self, view: Mapping[str, Any], actor: Mapping[str, Any],
                     goal: tuple[float, float] | None,
                     enemies: list[Mapping[str, Any]], limit: float = 10.0,
                     terrain: Terrain | None = None) -> Point | None:
        """A legal Move of up to ~95% of the allowance (``limit``: 10 cm, 8 in a Storm)
        straight toward the goal, stopping short of contact and of Hostile Presence
        (``terrain``: Territory Management) (checked on the bot's own copy of the table)."""
        if goal is None:
            return None
        r = actor["profile"].get("base_mm", 30) / 20
        dx, dy = goal[0] - actor["x"], goal[1] - actor["y"]
        length = math.hypot(dx, dy)
        if length < 1.0:
            return None
        field = Field(*view["field_size"])
        bases = [Base.from_mm(f["x"], f["y"], f["profile"].get("base_mm", 30), f["ref"])
                 for f in view["fighters"] if f["on_field"] and f["ref"] != actor["ref"]]
        me_base = Base.from_mm(actor["x"], actor["y"], actor["profile"].get("base_mm", 30),
                               actor["ref"])
        elements = elements_in(view)
        markers = markers_in(view)
        for reach in (0.95 * limit, 0.7 * limit, 0.45 * limit, 0.2 * limit):
            step = min(reach, length)
            # the point as it will be written in the action (0.01 cm) is the one checked
            x = round(actor["x"] + dx / length * step, 2)
            y = round(actor["y"] + dy / length * step, 2)
            touching = any(
                math.hypot(e["x"] - x, e["y"] - y) <= r + e["profile"].get("base_mm", 30) / 20
                + 0.3 for e in enemies)
            if touching or (terrain is not None and not self._safe_step(terrain, actor, x, y)):
                continue
            check = is_legal_move(me_base, (x, y), limit - 0.2, field=field, bases=bases,
                                  elements=elements, markers=markers, explain=False)
            if check.legal:
                return Point(x, y)
        return None

    # -- reactions and aiming ----------------------------------------------------------
    def _reaction(self, view: Mapping[str, Any], actions: Sequence[Action],
                  decision: Mapping[str, Any]) -> Action | None:
        """The reaction with the best exact outlook: harm dealt minus harm taken."""
        fighters = self._fighters(view)
        context = decision.get("context", {})
        attacker = fighters.get(context.get("attacker", ""))
        target = fighters.get(context.get("target", ""))
        if attacker is None or target is None:
            return None
        allowed = {a.reaction.value for a in actions if isinstance(a, React)}
        equipment = view.get("equipment", {})
        terrain = Terrain(view)  # Elevation: +2 CBT to the fighter above the other
        values = reaction_values(
            self._above(terrain, combatant(attacker, equipment), attacker, target),
            self._above(terrain, combatant(target, equipment), target, attacker), allowed)
        best = max(values, key=lambda r: values[r])
        return React(Reaction(best))

    def _strike_back(self, view: Mapping[str, Any], actions: Sequence[Action],
                     decision: Mapping[str, Any]) -> Action | None:
        """Rulebook 6.A, Response: the loser's strike back is free (the response was paid):
        always strike - unless the bot decides for a non-player fighter (Infestation) whose
        blow would fall on one of its own fighters."""
        target = self._fighters(view).get(str(decision.get("context", {}).get("target", "")))
        if target is not None and target["side"] == self._me(view):
            return next((a for a in actions if isinstance(a, Pass)), None)
        return next((a for a in actions if str(a) == "strike"), None)

    def _aim(self, view: Mapping[str, Any], actions: Sequence[Action],
             decision: Mapping[str, Any]) -> Action | None:
        fighters = self._fighters(view)
        context = decision.get("context", {})
        target = fighters.get(context.get("target", ""))
        if target is None:
            return None
        successes, face = int(context.get("successes", 0)), int(context.get("face", 1))
        rolled = limb_of(target, face)
        own = target["side"] == self._me(view)

        def score(a: Action) -> float:
            assert isinstance(a, Aim)
            limb = a.limb.value
            faces = target["profile"]["limbs"][limb]["faces"]
            cost = 0 if limb == rolled else min(abs(f - face) for f in faces)
            left = successes - cost
            kill = 100.0 if left >= cp_left(target, limb) else 0.0
            value = kill + left - 0.01 * cp_left(target, limb)
            # deciding for a non-player fighter that strikes one of its own fighters
            # (Infestation): the least harm
            return -value if own else value

        return self._best([a for a in actions if isinstance(a, Aim)], score)

    def _location_shift(self, view: Mapping[str, Any], actions: Sequence[Action],
                        decision: Mapping[str, Any]) -> Action | None:
        me = self._me(view)
        fighters = self._fighters(view)
        mine = [f for f in fighters.values() if f["side"] == me]
        if not mine:
            return None
        target = max(mine, key=fragility)  # the fighter most at risk is probably the target
        face = int(decision.get("context", {}).get("face", 0) or 0)

        def score(a: Action) -> float:
            assert isinstance(a, Shift)
            new = max(1, min(6, face + a.by)) if face else 0
            return cp_left(target, limb_of(target, new)) if new else -abs(a.by)

        return self._best([a for a in actions if isinstance(a, Shift)], score)

    def _withdrawal_attack(self, view: Mapping[str, Any], actions: Sequence[Action],
                           decision: Mapping[str, Any]) -> Action | None:
        return next((a for a in actions if isinstance(a, Attack)), None)
