"""The one effect mechanism: every hook exercised by a card defined here (test cards)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import ClassVar

import pytest

from skirmish.core import Action, IllegalActionError, Ref
from skirmish.core.events import Event
from skirmish.games.eden.actions import Use
from skirmish.games.eden.cards.profile import Characteristic, Limb
from skirmish.games.eden.effects import EFFECTS, ActiveEffect, EffectKind, register
from skirmish.games.eden.events import WoundEvent
from skirmish.games.eden.fighter import Fighter
from skirmish.games.eden.fighting.fighter_actions import Activation
from skirmish.games.eden.fighting.melee import MeleeAttack
from skirmish.games.eden.modifiers import Condition
from skirmish.games.eden.rounds.intendancy import Intendancy
from skirmish.games.eden.ruleset import SetupError

from .profiles import ELENIA, NGOBO, YURI
from .scenario import fighter, state, table


@register
class RageWhenWounded(EffectKind):
    """Test card: whenever its owner is wounded, it gets a Rage marker (a trigger)."""

    name: ClassVar[str] = "test-rage-when-wounded"
    triggers = frozenset({WoundEvent.kind})

    def on_event(self, game, effect, event: Event) -> None:
        assert isinstance(event, WoundEvent)
        if event.fighter == effect.owner and event.lost:
            state(game).fighter(effect.owner).add_markers(Condition.RAGE, 1)


@register
class FirstAid(EffectKind):
    """Test card: an action ability healing 1 CP of a limb of its owner (an extra action)."""

    name: ClassVar[str] = "test-first-aid"

    def actions(self, game, effect, fighter: Fighter) -> Iterable[Action]:
        if any(fighter.checked):
            yield Use(Ref(fighter.ref), "First-aid")

    def refusal(self, game, effect, fighter: Fighter, action: Action) -> str | None:
        return None if any(fighter.checked) else "First aid: the fighter has no wound"

    def perform(self, game, effect, fighter: Fighter, action: Action) -> None:
        limb = next(limb for limb in Limb if fighter.checked[list(Limb).index(limb)])
        fighter.heal(limb, 1)


@register
class Regenerate(EffectKind):
    """Test card: heals 1 CP of its owner's head at intendancy step 1."""

    name: ClassVar[str] = "test-regenerate"

    def intendancy(self, game, effect) -> None:
        state(game).fighter(effect.owner).heal(Limb.HEAD, 1)


ABILITIES = [
    {"name": "Thick skin", "effects": [{"effect": "protect", "limbs": ["torso"], "amount": 1}]},
    {"name": "Fury", "effects": [{"effect": "test-rage-when-wounded"}]},
    {"name": "First aid", "kind": "action", "cost_ap": 1, "per_round": 1,
     "effects": [{"effect": "test-first-aid"}]},
    {"name": "Lucky", "effects": [{"effect": "shift-location", "by": 1}]},
    {"name": "Regeneration", "effects": [{"effect": "test-regenerate"}]},
    {"name": "Veteran", "effects": [{"effect": "modify", "characteristic": "CBT", "delta": 1}]},
]


def with_abilities(profile, *names):
    return replace(profile, abilities=tuple(names))


def game_with(abilities_a: tuple[str, ...], dice=(), start=(), ap=3):
    from skirmish.games.eden.abilities import ability_effects

    game = table([(with_abilities(YURI, *abilities_a), 10, 10)], [(NGOBO, 13, 10)], dice=dice,
                 start=(), ap=ap, abilities=ABILITIES)
    state(game).effects.extend(ability_effects(game))
    game.push(*start)
    game.advance()
    return game


def test_modifier_hook_a_permanent_bonus() -> None:
    game = game_with(("Veteran",))
    assert state(game).characteristic(fighter(game, "A.Yuri"), Characteristic.CBT) == 5


def test_protection_hook_reduces_wounds_to_its_limbs() -> None:
    # Ngobo hits Yuri: CBT 5 vs VIG 4: 4,4,4,1,1 -> 3 successes, location 4 (torso); aim torso
    game = game_with(("Thick skin",), dice=[4, 4, 4, 1, 1, 4],
                     start=[MeleeAttack(Ref("B.Ngobo-Quick-Arm"), Ref("A.Yuri"))])
    game.apply("react passive")
    game.apply("aim torso")
    assert fighter(game, "A.Yuri").checked == [0, 0, 2, 0]  # 3 wounds, 1 stopped


def test_trigger_hook_reacts_to_an_event() -> None:
    game = game_with(("Fury",), dice=[4, 4, 1, 1, 1, 1],
                     start=[MeleeAttack(Ref("B.Ngobo-Quick-Arm"), Ref("A.Yuri"))])
    game.apply("react passive")
    game.apply("aim head")
    assert fighter(game, "A.Yuri").marker_count(Condition.RAGE) == 1


def test_extra_action_hook_an_action_ability_with_cost_and_limit() -> None:
    game = game_with(("First aid",), start=[Activation(Ref("A.Yuri"))])
    yuri = fighter(game, "A.Yuri")
    with pytest.raises(IllegalActionError, match="no wound"):
        game.apply("use A.Yuri First-aid")
    yuri.wound(Limb.ARMS, 2)
    assert "use A.Yuri First-aid" in game.legal_actions()
    game.apply("use A.Yuri First-aid")
    assert yuri.checked == [0, 1, 0, 0] and yuri.ap == 2
    with pytest.raises(IllegalActionError, match="1/round"):
        game.apply("use A.Yuri First-aid")
    with pytest.raises(IllegalActionError, match="no action ability"):
        game.apply("use A.Yuri Flying")


def test_location_shift_hook_lets_the_target_move_the_roll() -> None:
    # Rulebook 2.A, Elenia: location 5 (torso) raised by 1 to 6 (legs).
    game = table([(replace(ELENIA, abilities=()), 10, 10)], [(NGOBO, 13, 10)], abilities=ABILITIES,
                 dice=[4, 1, 1, 1, 1, 5], start=[])
    from skirmish.games.eden.abilities import ability_effects

    st = state(game)
    elenia = st.fighters[0]
    elenia.profile = replace(elenia.profile, abilities=("Lucky",))
    st.catalogue = replace(st.catalogue, profiles={**st.catalogue.profiles,
                                                  (0, elenia.profile.name): elenia.profile})
    st.effects.extend(ability_effects(game))
    game.push(MeleeAttack(Ref("B.Ngobo-Quick-Arm"), Ref(elenia.ref)))
    game.advance()
    game.apply("react passive")
    assert game.decision().kind == "location-shift" and game.decision().player == 0
    assert {str(a) for a in game.legal_actions()} == {"shift -1", "shift 0", "shift 1"}
    game.apply("shift 1")
    assert elenia.checked[3] == 1  # one success, one wound, to the legs


def test_intendancy_hook_step_1() -> None:
    game = game_with(("Regeneration",))
    fighter(game, "A.Yuri").wound(Limb.HEAD, 2)
    game.push(Intendancy())
    game.advance()
    assert fighter(game, "A.Yuri").checked[0] == 1


def test_an_unknown_effect_or_parameter_is_refused_by_name() -> None:
    from skirmish.games.eden.ruleset import catalogue_of

    setup = {"troops": [{"fighters": []}, {"fighters": []}],
             "abilities": [{"name": "Odd", "effects": [{"effect": "no-such-effect"}]}]}
    with pytest.raises(SetupError, match="unknown effect 'no-such-effect'"):
        catalogue_of(setup)
    setup["abilities"] = [{"name": "Odd", "effects": [{"effect": "modify", "delta": 1}]}]
    with pytest.raises(SetupError, match="needs parameter 'characteristic'"):
        catalogue_of(setup)
    setup["abilities"] = [{"name": "Odd", "effects": [
        {"effect": "modify", "characteristic": "CBT", "delta": "two"}]}]
    with pytest.raises(SetupError, match="parameter 'delta' must be int"):
        catalogue_of(setup)


def test_every_registered_effect_has_a_name_and_docstring() -> None:
    for name, kind in EFFECTS.items():
        assert kind.name == name and (type(kind).__doc__ or "").strip()


def test_active_effects_round_trip_json() -> None:
    effect = ActiveEffect("hold-objectives", "Crossroads", "B", (("at", ((30, 30),)),), "match")
    assert ActiveEffect.from_json(effect.to_json()).to_json() == effect.to_json()


def test_card_text_beats_rules_text_a_longer_move() -> None:
    """Rulebook 2.H: a card ("Sprinter: moves 15 cm") overrides the rule's 10 cm."""
    sprinter = {"name": "Sprinter", "effects": [{"effect": "move-distance", "cm": 15}]}
    game = table([(with_abilities(YURI, "Sprinter"), 10, 10)], [(NGOBO, 50, 50)], start=(),
                 abilities=[*ABILITIES, sprinter])
    from skirmish.games.eden.abilities import ability_effects

    state(game).effects.extend(ability_effects(game))
    game.push(Activation(Ref("A.Yuri")))
    game.advance()
    game.apply("move A.Yuri 24,10")  # 14 cm: legal for this card only
    assert fighter(game, "A.Yuri").x == 24
    with pytest.raises(IllegalActionError, match="longer than 15 cm"):
        game.apply("move A.Yuri 24,26")


@register
class RecordWounds(EffectKind):
    """Test card: notes which effect heard a wound, to check the order of simultaneous
    triggers."""

    name: ClassVar[str] = "test-record-wounds"
    triggers = frozenset({WoundEvent.kind})
    heard: ClassVar[list[str]] = []

    def on_event(self, game, effect, event: Event) -> None:
        RecordWounds.heard.append(effect.owner)


def test_simultaneous_effects_resolve_first_player_first() -> None:
    """Rulebook 2.I (French only): the first player orders simultaneous effects."""
    game = table([(YURI, 10, 10)], [(NGOBO, 13, 10)], start=())
    st = state(game)
    st.effects = [ActiveEffect("test-record-wounds", "card", "A"),
                  ActiveEffect("test-record-wounds", "card", "B")]
    for first, expected in ((1, ["B", "A"]), (0, ["A", "B"])):
        st.first_player = first
        RecordWounds.heard.clear()
        from skirmish.games.eden.fighting.wounds import inflict_wounds

        inflict_wounds(game, fighter(game, "A.Yuri"), Limb.ARMS, 1)
        assert RecordWounds.heard == expected


def test_fear_forbids_action_abilities() -> None:
    game = game_with(("First aid",), start=[Activation(Ref("A.Yuri"))])
    yuri = fighter(game, "A.Yuri")
    yuri.wound(Limb.ARMS, 1)
    yuri.add_markers(Condition.FEAR, 1)
    assert "use A.Yuri First-aid" not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="Fear"):
        game.apply("use A.Yuri First-aid")


def test_location_shift_hook_applies_to_shots_too() -> None:
    """Rulebook 2.A (Elenia): "a location roll against her" - a shot's location as well."""
    from skirmish.games.eden.fighting.ranged import Shooting

    sling = "Sling (Shooting): Str(1)"
    game = table([(YURI, 10, 10)], [(replace(NGOBO, abilities=("Lucky",)), 20, 10)],
                 abilities=ABILITIES, equipment=[sling],
                 dice=[6, 6, 1, 1, 4, 1])  # CBT 4 vs SPD 4: 2 successes; location 4 (torso)
    from skirmish.games.eden.abilities import ability_effects

    state(game).effects.extend(ability_effects(game))
    game.push(Shooting(Ref("A.Yuri"), "Sling", Ref("B.Ngobo-Quick-Arm")))
    game.advance()
    assert game.decision().kind == "location-shift" and game.decision().player == 1
    assert {str(a) for a in game.legal_actions()} == {"shift -1", "shift 0", "shift 1"}
    game.apply("shift 1")  # 4 -> 5: Ngobo's legs
    assert game.decision().kind == "aim" and game.decision().context["face"] == 5


def test_the_modifying_index_follows_effects_changed_by_hand() -> None:
    """The effects that may reach each fighter are found once per list of effects
    (``effects.modifying_index``): a list changed in place or replaced, by hand, is seen at
    the next question, and a copy's changes never reach the original."""
    from skirmish.games.eden.cards.cards import freeze
    from skirmish.games.eden.effects import modifying_index

    def bonus(delta: int, owner: str = "A.Yuri") -> ActiveEffect:
        return ActiveEffect("modify", f"Test {delta}", owner,
                            freeze({"characteristic": "CBT", "delta": delta}))

    game = game_with(("Veteran",))
    st = state(game)
    yuri = fighter(game, "A.Yuri")
    base = yuri.base_value(Characteristic.CBT)
    assert st.characteristic(yuri, Characteristic.CBT) == base + 1
    st.effects.clear()
    assert st.characteristic(yuri, Characteristic.CBT) == base
    st.effects.append(bonus(2))
    assert st.characteristic(yuri, Characteristic.CBT) == base + 2
    st.effects[0] = bonus(3)  # replaced in place: the same length
    assert st.characteristic(yuri, Characteristic.CBT) == base + 3
    st.effects[0] = bonus(3, "A.Other")  # another fighter's alone: Yuri's value drops
    assert st.characteristic(yuri, Characteristic.CBT) == base
    st.effects = [bonus(1)]
    copy = st.clone()
    assert copy.characteristic(copy.fighter("A.Yuri"), Characteristic.CBT) == base + 1
    copy.effects.append(bonus(-2))
    assert copy.characteristic(copy.fighter("A.Yuri"), Characteristic.CBT) == base - 1
    assert st.characteristic(yuri, Characteristic.CBT) == base + 1
    # events: the effects a kind triggers follow the list too
    assert modifying_index(st).triggered(WoundEvent.kind) == []
    st.effects.append(ActiveEffect("test-rage-when-wounded", "Fury", "A.Yuri"))
    assert [e.source for e in modifying_index(st).triggered(WoundEvent.kind)] == ["Fury"]


def test_a_characteristic_asks_only_the_effects_that_may_change_it() -> None:
    """``EdenState.characteristic`` asks only the effects that may change the characteristic
    (``EffectKind.modified``): the same value as every modifier of the fighter gives, in
    random matches and with effects of every reach added by hand (one characteristic, all
    four, a factor, a scenery tactic)."""
    from skirmish.core import RandomAgent
    from skirmish.games.eden import EDEN
    from skirmish.games.eden.cards.cards import freeze
    from skirmish.games.eden.content import setup_for
    from skirmish.games.eden.effects import modifying_index
    from skirmish.games.eden.modifiers import effective_value
    from skirmish.games.eden.state_view import _modifying

    def agree(st) -> None:
        assert modifying_index(st).grouped() == _modifying(st.effects)  # as views group them
        for f in st.fighters:
            for c in Characteristic:
                expected = effective_value(f.base_value(c), st.modifiers(f), c)
                assert st.characteristic(f, c) == expected, (f.ref, c)

    extra = [
        ActiveEffect("modify", "All", "A", freeze({"characteristic": "all", "delta": 1,
                                                   "who": "troop"})),
        ActiveEffect("modify", "Half", "B", freeze({"characteristic": "SPD", "factor": "1/2",
                                                    "who": "enemies"})),
        ActiveEffect("modify", "Psi", "B", freeze({"characteristic": "PSI", "delta": -2,
                                                   "who": "all"})),
    ]
    for seed in (1, 2):
        game = EDEN.new_game(setup_for(None, None, max_rounds=1), seed=seed)
        agent = RandomAgent(seed)
        while not game.is_over:
            st = state(game)
            agree(st)
            if len(game.history) == 30:
                st.effects.extend(extra)
                agree(st)
            game.apply(agent.act({}, list(game.legal_actions())))
