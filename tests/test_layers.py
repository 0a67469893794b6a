"""CR 613 layers for levelers: the five rulings of 2010-06-15, each layer rule, presets."""

from __future__ import annotations

import doctest
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leveler import (
    LevelerCard,
    Zone,
    apply_preset,
    bundled_pool,
    characteristics,
    resolve_situation,
)
from leveler.layers import RULING, Resolution, TraceStep
from leveler.presets import PRESETS, PresetError, next_timestamp
from leveler.situation import (
    CopyOf,
    Counters,
    Effect,
    GainAbility,
    LoseAllAbilities,
    ModifyPT,
    SetBasePT,
    Situation,
    SwitchPT,
    Timing,
    parse_situation,
    situation_to_dict,
)
from tests.strategies import leveler_cards

POOL = bundled_pool()
"""The bundled printed pool, for the core functions that take one."""

ROOT = Path(__file__).resolve().parents[1]
POOL_NAMES = ["Beastbreaker of Bala Ged", "Coralhelm Commander", "Hexdrinker",
              "Kargan Dragonlord", "Student of Warfare", "Transcendent Master"]


def resolve(card: str, level: int = 0, **fields: Any) -> Resolution:
    return resolve_situation({"card": card, "counters": {"level": level}, **fields})


def steps(result: Resolution, layer: str) -> list[TraceStep]:
    return [step for step in result.trace if step.layer == layer]


def pt(result: Resolution) -> tuple[int | None, int | None]:
    return result.power, result.toughness


def humility(timestamp: float) -> list[dict[str, Any]]:
    return [{"type": "lose_all_abilities", "timestamp": timestamp, "source": "Humility"},
            {"type": "set_base_pt", "power": 1, "toughness": 1, "timestamp": timestamp,
             "source": "Humility"}]


# --------------------------------------------------------------------------- the oracle


def test_711_agrees_with_characteristics_for_every_card_level_and_zone(
    pool: dict[str, LevelerCard],
) -> None:
    """With only level counters, resolve_situation is characteristics (711.2-711.6), plus
    what a band grants back to the leveler itself (613.1f): characteristics lists the
    printed abilities, the resolver applies them."""
    for card in pool.values():
        for level in range(card.top_level + 3):
            for zone in Zone:
                expected = characteristics(card, level, zone)
                got = resolve_situation(Situation(card, zone, Counters(level=level)))
                assert (got.power, got.toughness, got.band, got.citations) == (
                    expected.power, expected.toughness, expected.band,
                    expected.citations), (card.name, level, zone)
                printed = got.abilities[:len(expected.abilities)]
                assert printed == expected.abilities, (card.name, level, zone)
                joraga_grant = (card.name == "Joraga Treespeaker" and level >= 5
                                and zone is Zone.BATTLEFIELD)
                assert got.abilities[len(expected.abilities):] == (
                    ("{T}: Add {G}{G}.",) if joraga_grant else ()), (card.name, level, zone)
                assert got.can_level_up is (zone is Zone.BATTLEFIELD)


def test_a_typed_situation_takes_a_zone_name_and_a_list_of_effects(
    pool: dict[str, LevelerCard],
) -> None:
    student = pool["Student of Warfare"]
    typed = Situation(student, "Graveyard", effects=[ModifyPT(1, 1)])  # type: ignore[arg-type]
    assert typed.zone is Zone.GRAVEYARD and typed.effects == (ModifyPT(1, 1),)
    assert resolve_situation(typed).citations == ("711.6",)


def test_a_mapping_and_a_typed_situation_give_the_same_answer(
    pool: dict[str, LevelerCard],
) -> None:
    data = {"card": "Kargan Dragonlord", "counters": {"level": 8, "+1/+1": 2},
            "effects": [{"type": "modify_pt", "power": 3, "toughness": 3}]}
    typed = Situation(pool["Kargan Dragonlord"], counters=Counters(8, 2, 0),
                      effects=(ModifyPT(3, 3),))
    assert resolve_situation(data) == resolve_situation(typed)


# --------------------------------------------------------------------------- rulings


def test_ruling_1_band_abilities_do_not_overwrite_level_up(pool: dict[str, LevelerCard]) -> None:
    """Ruling 1: a band's abilities add to the others; level up is always there."""
    for card in pool.values():
        for band in card.bands:
            result = resolve(card.name, band.min_level)
            printed = (*card.abilities, card.level_up_ability, *band.abilities)
            assert result.abilities[:len(printed)] == printed  # then self-grants (613.1f)
            assert result.has_level_up
            assert any(f"{RULING} #1" in step.rule for step in steps(result, "6"))


def test_ruling_1_gained_abilities_do_not_overwrite_level_up_either(
    pool: dict[str, LevelerCard],
) -> None:
    student = pool["Student of Warfare"]
    result = resolve("Student of Warfare", 7, effects=[
        {"type": "gain_ability", "ability": "Flying", "timestamp": 3}])
    assert result.abilities == (student.level_up_ability, *student.bands[1].abilities, "Flying")


def test_ruling_2_band_timestamp_is_the_levelers_own(pool: dict[str, LevelerCard]) -> None:
    """Ruling 2: Godhead of Awe after the leveler: 1/1 however many counters arrive later."""
    coralhelm = pool["Coralhelm Commander"]
    godhead_later = [{"type": "set_base_pt", "power": 1, "toughness": 1, "timestamp": 5,
                      "source": "Godhead of Awe"}]
    for level in range(coralhelm.top_level + 3):
        result = resolve(coralhelm.name, level, timestamp=2, effects=godhead_later)
        assert pt(result) == (1, 1), level
        assert result.band == characteristics(coralhelm, level).band  # still grants abilities
    band_step = next(s for s in steps(resolve(coralhelm.name, 4, timestamp=2,
                                              effects=godhead_later), "7b")
                     if s.description.startswith("LEVEL"))
    assert "timestamp 2, the leveler's own" in band_step.description
    assert f"{RULING} #2" in band_step.rule and "613.7a" in band_step.rule


def test_ruling_2_godhead_before_the_leveler_loses_to_the_band(
    pool: dict[str, LevelerCard],
) -> None:
    """[derived] A static that was there first loses to the band; below N1 it wins."""
    coralhelm = pool["Coralhelm Commander"]
    godhead_first = [{"type": "set_base_pt", "power": 1, "toughness": 1, "timestamp": 1}]
    for level in range(coralhelm.top_level + 3):
        result = resolve(coralhelm.name, level, timestamp=2, effects=godhead_first)
        band = characteristics(coralhelm, level).band
        assert pt(result) == ((band.power, band.toughness) if band else (1, 1)), level


def test_ruling_2_diminish_beats_the_band_even_after_leveling_up(
    pool: dict[str, LevelerCard],
) -> None:
    student = pool["Student of Warfare"]
    situation = apply_preset({"card": student.name, "counters": {"level": 1}}, "Diminish")
    for _ in range(8):
        situation = apply_preset(situation, "level up")
        assert pt(resolve_situation(situation)) == (1, 1)
    assert situation["counters"]["level"] == 9


def test_ruling_3_modify_effects_and_counters_apply_whenever_they_began(
    pool: dict[str, LevelerCard],
) -> None:
    """Ruling 3: an anthem older than the leveler and its counters still add (613.4c)."""
    kargan = pool["Kargan Dragonlord"]
    top = kargan.bands[-1]
    result = resolve(kargan.name, 8, timestamp=10,
                     counters={"level": 8, "+1/+1": 2, "-1/-1": 1},
                     effects=[{"type": "modify_pt", "power": 1, "toughness": 1,
                               "timestamp": -5, "source": "Glorious Anthem"}])
    assert pt(result) == (top.power + 1 + 2 - 1, top.toughness + 1 + 2 - 1)
    assert all(f"{RULING} #3" in step.rule for step in steps(result, "7c"))


def test_ruling_3_switch_applies_last_613_4d(pool: dict[str, LevelerCard]) -> None:
    """613.4d example on a leveler: +0/+1, switch, then +5/+0: unswitched 8/4, so 4/8."""
    band = pool["Student of Warfare"].bands[0]
    result = resolve("Student of Warfare", 2, effects=[
        {"type": "modify_pt", "power": 0, "toughness": 1, "timestamp": 1},
        {"type": "switch_pt", "timestamp": 2},
        {"type": "modify_pt", "power": 5, "toughness": 0, "timestamp": 3},
    ])
    assert pt(result) == (band.toughness + 1, band.power + 5)
    assert [s.layer for s in result.trace][-2:] == ["7d", "level up"]


def test_ruling_3_two_switches_cancel(pool: dict[str, LevelerCard]) -> None:
    band = pool["Ikiral Outrider"].bands[0]
    result = resolve("Ikiral Outrider", 1, effects=[
        {"type": "switch_pt", "timestamp": 1}, {"type": "switch_pt", "timestamp": 2}])
    assert pt(result) == (band.power, band.toughness)
    assert len(steps(result, "7d")) == 2


def test_ruling_4_clone_copies_printed_abilities_not_counters(
    pool: dict[str, LevelerCard],
) -> None:
    """Ruling 4: my Clone of their level-8 Kargan Dragonlord is a 2/2 with level up."""
    kargan = pool["Kargan Dragonlord"]
    theirs = {"card": kargan.name, "counters": {"level": 8}}
    mine = apply_preset(theirs, "Clone")
    assert mine["card"] == "Clone" and mine["counters"]["level"] == 0
    result = resolve_situation(mine)
    assert pt(result) == (kargan.power, kargan.toughness)
    assert result.abilities == (kargan.level_up_ability,)
    assert result.name == kargan.name and result.band is None and result.can_level_up
    assert f"{RULING} #4" in result.trace[0].rule and result.trace[0].layer == "1a"


def test_ruling_4_the_copys_band_comes_from_its_own_counters(
    pool: dict[str, LevelerCard],
) -> None:
    kargan = pool["Kargan Dragonlord"]
    for level in range(kargan.top_level + 3):
        result = resolve("Clone", level, copy_of={"card": kargan.name})
        expected = characteristics(kargan, level)
        assert (pt(result), result.abilities, result.band) == (
            (expected.power, expected.toughness), expected.abilities, expected.band)


def test_ruling_5_level_is_the_number_of_level_counters(pool: dict[str, LevelerCard]) -> None:
    """Ruling 5: Venerated Teacher raises the level, Vampire Hexmage takes it back to 0."""
    student = pool["Student of Warfare"]
    taught = apply_preset({"card": student.name}, "Venerated Teacher")
    assert taught["counters"]["level"] == 2
    assert resolve_situation(taught).band == student.bands[0]
    leveled = {"card": student.name, "counters": {"level": 9, "+1/+1": 1}}
    hexed = apply_preset(leveled, "Vampire Hexmage")
    assert hexed["counters"] == {"level": 0, "+1/+1": 0, "-1/-1": 0}
    assert pt(resolve_situation(hexed)) == (student.power, student.toughness)


# --------------------------------------------------------------------------- layer rules


def test_122_1a_a_level_counter_never_changes_pt_by_itself(pool: dict[str, LevelerCard]) -> None:
    """Within a band, and with no band at all, more level counters change nothing."""
    for card in pool.values():
        for band in card.bands:
            last = band.max_level if band.max_level is not None else band.min_level + 5
            values = {pt(resolve(card.name, n)) for n in range(band.min_level, last + 1)}
            assert values == {(band.power, band.toughness)}
        trickstered = {pt(resolve(card.name, n, effects=[{"type": "lose_all_abilities",
                                                          "timestamp": 1}]))
                       for n in range(card.top_level + 3)}
        assert trickstered == {(card.power, card.toughness)}
    result = resolve("Student of Warfare", 9)
    assert steps(result, "7c") == []


def test_613_4b_set_effects_apply_in_timestamp_order(pool: dict[str, LevelerCard]) -> None:
    """The later of two 7b effects wins, the band included at its timestamp."""
    band = pool["Student of Warfare"].bands[1]
    early, late = ({"type": "set_base_pt", "power": 0, "toughness": 1, "timestamp": 1},
                   {"type": "set_base_pt", "power": 5, "toughness": 5, "timestamp": 9})
    assert pt(resolve("Student of Warfare", 7, timestamp=4, effects=[late, early])) == (5, 5)
    assert pt(resolve("Student of Warfare", 7, timestamp=10, effects=[late, early])) == (
        band.power, band.toughness)
    assert pt(resolve("Student of Warfare", 7, timestamp=0, effects=[early])) == (0, 1)


def test_613_7n_on_a_timestamp_tie_the_objects_own_band_applies_first() -> None:
    result = resolve("Student of Warfare", 7, timestamp=3, effects=[
        {"type": "set_base_pt", "power": 0, "toughness": 2, "timestamp": 3}])
    assert pt(result) == (0, 2)
    descriptions = [s.description for s in steps(result, "7b")]
    assert descriptions[0].startswith("LEVEL 7+")


def test_613_7a_a_copy_acquired_later_takes_the_copy_effects_timestamp(
    pool: dict[str, LevelerCard],
) -> None:
    """Diminish at 2 loses to a band gained by a copy effect at 5 (Cytoshape-like)."""
    kargan = pool["Kargan Dragonlord"]
    top = kargan.bands[-1]
    diminish = [{"type": "set_base_pt", "power": 1, "toughness": 1, "timestamp": 2}]
    later = resolve("Student of Warfare", 8, timestamp=0, effects=diminish,
                    copy_of={"card": kargan.name, "timestamp": 5})
    assert pt(later) == (top.power, top.toughness)
    assert any(s.rule == "613.7a" for s in steps(later, "1a"))
    assert any("timestamp 5, the copy effect's" in s.description for s in steps(later, "7b"))
    as_entered = resolve("Clone", 8, timestamp=0, effects=diminish,
                         copy_of={"card": kargan.name})
    assert pt(as_entered) == (1, 1)


def test_613_8a_lose_all_abilities_beats_band(pool: dict[str, LevelerCard]) -> None:
    """Humility before or after the leveler: no band P/T, no band abilities, no level up."""
    for card in pool.values():
        for when in (-1, card.top_level, 100):
            result = resolve(card.name, card.top_level, timestamp=card.top_level,
                             effects=humility(when))
            assert pt(result) == (1, 1)
            assert result.abilities == () and result.band is None
            assert not result.can_level_up
            assert result.citations == ("613.8a", card.bands[-1].rule)
            assert any("613.8a" in s.rule for s in steps(result, "6"))


def test_613_8a_merfolk_trickster_leaves_the_uppermost_box(pool: dict[str, LevelerCard]) -> None:
    kargan = pool["Kargan Dragonlord"]
    result = resolve_situation(apply_preset({"card": kargan.name, "counters": {"level": 8}},
                                            "Merfolk Trickster"))
    assert pt(result) == (kargan.power, kargan.toughness) and result.abilities == ()


def test_613_7_a_later_gain_ability_survives_lose_all_an_earlier_one_does_not() -> None:
    result = resolve("Student of Warfare", 7, effects=[
        {"type": "gain_ability", "ability": "Haste", "timestamp": 1},
        *humility(2),
        {"type": "gain_ability", "ability": "Flying", "timestamp": 3},
    ])
    assert result.abilities == ("Flying",)
    regained = resolve("Student of Warfare", 7, effects=[
        *humility(2), {"type": "gain_ability", "ability": "Level up {W}", "timestamp": 3}])
    assert regained.can_level_up and regained.band is None


def test_707_2_copy_takes_printed_text_and_level_up(pool: dict[str, LevelerCard]) -> None:
    hexdrinker = pool["Hexdrinker"]
    result = resolve("Clone", 8, copy_of={"card": "Hexdrinker"})
    assert result.name == "Hexdrinker"
    assert result.abilities == (hexdrinker.level_up_ability, *hexdrinker.bands[1].abilities)
    assert "707.2" in result.citations


def test_707_9b_except_7_7_is_copiable_below_n1_and_the_band_wins_inside(
    pool: dict[str, LevelerCard],
) -> None:
    """Quicksilver Gargantuan of Transcendent Master (derived, rules.md §13 point 1)."""
    master = pool["Transcendent Master"]
    low = master.bands[0]
    below = resolve_situation(apply_preset({"card": master.name}, "Quicksilver Gargantuan"))
    assert pt(below) == (7, 7) and "707.9b" in below.citations
    inside = resolve("Quicksilver Gargantuan", low.min_level,
                     copy_of={"card": master.name, "except": {"power": 7, "toughness": 7}})
    assert pt(inside) == (low.power, low.toughness)


def test_707_9b_a_clone_of_a_quicksilver_copy_keeps_the_exception(
    pool: dict[str, LevelerCard],
) -> None:
    quicksilver = apply_preset({"card": "Transcendent Master"}, "Quicksilver Gargantuan")
    clone = apply_preset(quicksilver, "Clone")
    assert clone["copy_of"] == {"card": "Transcendent Master",
                                "except": {"power": 7, "toughness": 7}}
    assert pt(resolve_situation(clone)) == (7, 7)


def test_708_2a_face_down_leveler_is_a_2_2_with_no_abilities(
    pool: dict[str, LevelerCard],
) -> None:
    """Level counters do nothing face down; +1/+1 counters still count (7c)."""
    for card in pool.values():
        result = resolve(card.name, card.top_level, face_down=True,
                         counters={"level": card.top_level, "+1/+1": 1})
        assert pt(result) == (3, 3) and result.abilities == ()
        assert result.name is None and result.band is None and not result.can_level_up
        assert result.citations == ("708.2a",)


def test_708_10_a_face_down_copy_is_still_a_2_2() -> None:
    result = resolve("Clone", 8, face_down=True, copy_of={"card": "Kargan Dragonlord"})
    assert pt(result) == (2, 2) and result.abilities == ()


def test_613_7f_turned_face_up_its_bands_are_newer_than_diminish(
    pool: dict[str, LevelerCard],
) -> None:
    top = pool["Kargan Dragonlord"].bands[-1]
    situation: dict[str, Any] = {"card": "Kargan Dragonlord", "counters": {"level": 8}}
    situation = apply_preset(situation, "turn face down")
    situation = apply_preset(situation, "Diminish")
    assert pt(resolve_situation(situation)) == (1, 1)
    situation = apply_preset(situation, "turn face up")
    assert pt(resolve_situation(situation)) == (top.power, top.toughness)


@pytest.mark.parametrize("flag", ["controller_has_priority", "own_turn", "main_phase",
                                  "stack_empty"])
def test_702_87a_602_5d_level_up_only_as_a_sorcery(flag: str) -> None:
    result = resolve("Student of Warfare", 3, timing={flag: False})
    assert not result.can_level_up and result.has_level_up
    assert "602.5d" in steps(result, "level up")[0].rule
    with pytest.raises(PresetError, match="only as a sorcery"):
        apply_preset({"card": "Student of Warfare", "timing": {flag: False}}, "level up")


def test_711_4_level_up_has_no_cap_on_counters() -> None:
    assert resolve("Student of Warfare", 10**6).can_level_up


def test_711_6_off_the_battlefield_uppermost_box_and_122_1a_counters_still_count(
    pool: dict[str, LevelerCard],
) -> None:
    """Level counters do nothing there; +1/+1 and -1/-1 counters do; effects are set aside."""
    for card in pool.values():
        for zone in (z for z in Zone if z is not Zone.BATTLEFIELD):
            result = resolve(card.name, card.top_level, zone=zone.value,
                             counters={"level": card.top_level, "+1/+1": 3, "-1/-1": 1},
                             effects=[{"type": "modify_pt", "power": 9, "toughness": 9}])
            assert pt(result) == (card.power + 2, card.toughness + 2)
            assert result.band is None and not result.can_level_up
            assert result.citations == ("711.6",)
            assert any("400.7" in s.rule for s in steps(result, "zone"))


def test_400_7_a_copy_effect_does_not_follow_a_leveler_to_the_graveyard(
    pool: dict[str, LevelerCard],
) -> None:
    student = pool["Student of Warfare"]
    result = resolve(student.name, 0, zone="graveyard", copy_of={"card": "Kargan Dragonlord"})
    assert result.name == student.name and pt(result) == (student.power, student.toughness)


def test_704_5f_zero_toughness_is_noted_as_a_state_based_action() -> None:
    result = resolve("Student of Warfare", 0, counters={"level": 0, "-1/-1": 1})
    assert pt(result) == (0, 0)
    assert [s.rule for s in steps(result, "sba")] == ["704.5f"]
    assert steps(resolve("Student of Warfare", 0), "sba") == []


def test_trace_reads_well_to_a_judge() -> None:
    result = resolve("Student of Warfare", 3)
    assert TraceStep("7b", "LEVEL 2-6 sets base P/T 3/3 (timestamp 0, the leveler's own, "
                     "not the last counter's)",
                     f"711.2a, 613.4b, 613.7a, {RULING} #2") in result.trace
    layers = [s.layer for s in result.trace]
    order = ["zone", "1", "1a", "1b", "6", "7a", "7b", "7c", "7d", "sba", "level up"]
    assert layers == sorted(layers, key=order.index)


def test_to_dict_is_json_ready() -> None:
    result = resolve("Kargan Dragonlord", 8)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["band"]["label"] == "LEVEL 8+" and data["power"] == result.power
    assert [step["layer"] for step in data["trace"]] == [s.layer for s in result.trace]


# --------------------------------------------------------------------------- properties

_CARDS = st.one_of(st.sampled_from(POOL_NAMES), leveler_cards())
_BUNDLED = bundled_pool()


def _card(value: str | LevelerCard, pool: Mapping[str, LevelerCard]) -> LevelerCard:
    return pool[value] if isinstance(value, str) else value


@settings(max_examples=150)
@given(_CARDS, st.integers(0, 20), st.integers(-10, 10), st.integers(-10, 10),
       st.sampled_from(list(Zone)))
def test_ruling_3_a_modify_effect_shifts_pt_by_exactly_its_amount(
    card: str | LevelerCard, level: int, power: int, toughness: int, zone: Zone,
) -> None:
    """At any level, on the battlefield; off it the effect is set aside."""
    pool = _BUNDLED
    base = Situation(_card(card, pool), zone, Counters(level=level))
    plain = resolve_situation(base)
    pumped = resolve_situation(Situation(base.card, zone, base.counters,
                                         effects=(ModifyPT(power, toughness, 1),)))
    assert plain.power is not None and plain.toughness is not None
    shift = (power, toughness) if zone is Zone.BATTLEFIELD else (0, 0)
    assert pt(pumped) == (plain.power + shift[0], plain.toughness + shift[1])
    assert pumped.abilities == plain.abilities and pumped.band == plain.band


@settings(max_examples=150)
@given(_CARDS, st.integers(0, 20), st.integers(0, 3), st.integers(0, 3), st.booleans())
def test_ruling_4_a_copy_with_the_same_counters_equals_the_original(
    card: str | LevelerCard, level: int, plus: int, minus: int, face_down: bool,
) -> None:
    leveler = _card(card, _BUNDLED)
    counters = Counters(level, plus, minus)
    original = resolve_situation(Situation(leveler, counters=counters, face_down=face_down))
    copy = resolve_situation(Situation("Clone", counters=counters, face_down=face_down,
                                       copy_of=CopyOf(leveler)))
    assert (copy.name, pt(copy), copy.abilities, copy.band, copy.can_level_up) == (
        original.name, pt(original), original.abilities, original.band, original.can_level_up)


@st.composite
def _effects(draw: st.DrawFn) -> tuple[Effect, ...]:
    """Effects with distinct timestamps (the leveler itself has timestamp 0.5)."""
    count = draw(st.integers(0, 6))
    stamps = draw(st.lists(st.integers(-5, 20), min_size=count, max_size=count, unique=True))
    small = st.integers(-3, 6)
    made: list[Effect] = []
    for stamp in stamps:
        kind = draw(st.sampled_from(["set", "modify", "switch", "lose", "gain"]))
        if kind == "set":
            made.append(SetBasePT(draw(small), draw(small), stamp))
        elif kind == "modify":
            made.append(ModifyPT(draw(small), draw(small), stamp))
        elif kind == "switch":
            made.append(SwitchPT(stamp))
        elif kind == "lose":
            made.append(LoseAllAbilities(stamp))
        else:
            made.append(GainAbility(draw(st.sampled_from(["Flying", "Haste", "Reach"])), stamp))
    return tuple(made)


@settings(max_examples=200)
@given(st.sampled_from(POOL_NAMES), st.integers(0, 14), _effects(), st.randoms())
def test_613_7_the_order_of_listing_effects_never_matters(
    name: str, level: int, effects: tuple[Effect, ...], random: Any,
) -> None:
    card = _BUNDLED[name]
    shuffled = list(effects)
    random.shuffle(shuffled)
    first = resolve_situation(Situation(card, counters=Counters(level), timestamp=0.5,
                                        effects=effects))
    second = resolve_situation(Situation(card, counters=Counters(level), timestamp=0.5,
                                         effects=tuple(shuffled)))
    assert (pt(first), first.abilities, first.band, first.can_level_up) == (
        pt(second), second.abilities, second.band, second.can_level_up)


@given(_CARDS, st.integers(0, 20), _effects(), st.sampled_from(list(Zone)), st.booleans())
def test_situations_round_trip_through_json(
    card: str | LevelerCard, level: int, effects: tuple[Effect, ...], zone: Zone,
    face_down: bool,
) -> None:
    situation = Situation(_card(card, _BUNDLED), zone, Counters(level, 1, 0),
                          face_down=face_down and zone is Zone.BATTLEFIELD, effects=effects,
                          timing=Timing(own_turn=False))
    data = json.loads(json.dumps(situation_to_dict(situation, POOL)))
    assert parse_situation(data, POOL) == situation


# --------------------------------------------------------------------------- presets

def test_presets_are_the_ones_the_app_lists() -> None:
    wanted = {"Giant Growth", "Glorious Anthem", "Diminish", "Godhead of Awe", "Humility",
              "Merfolk Trickster", "Turn to Frog", "Clone", "Quicksilver Gargantuan",
              "turn face down", "+1/+1 counter", "-1/-1 counter", "Vampire Hexmage",
              "Venerated Teacher"}
    assert wanted <= set(PRESETS)
    for name, preset in PRESETS.items():
        assert preset.name == name and preset.summary and preset.models and preset.rule
        assert preset.kind in {"effect", "counters", "copy", "face"}


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_gives_a_valid_situation(name: str) -> None:
    start = {"card": "Student of Warfare", "counters": {"level": 3}}
    if name == "turn face up":
        start = apply_preset(start, "turn face down")
    if name == "Island of Wak-Wak":  # "target creature with flying"
        start = {**start, "effects": [{"type": "gain_ability", "ability": "Flying",
                                       "timestamp": 1}]}
    after = apply_preset(start, name)
    assert parse_situation(after, POOL) is not None
    before = situation_to_dict(parse_situation(start, POOL), POOL)
    assert after != before or name == "Venerated Teacher"


@pytest.mark.parametrize(("name", "expected"), [
    ("Giant Growth", (6, 6)), ("Glorious Anthem", (4, 4)), ("Diminish", (1, 1)),
    ("Godhead of Awe", (1, 1)), ("Humility", (1, 1)), ("Merfolk Trickster", (1, 1)),
    ("Turn to Frog", (1, 1)), ("+1/+1 counter", (4, 4)), ("-1/-1 counter", (2, 2)),
    ("turn face down", (2, 2)), ("Vampire Hexmage", (1, 1)), ("Venerated Teacher", (3, 3)),
    ("level up", (3, 3)), ("Clone", (1, 1)), ("Quicksilver Gargantuan", (7, 7)),
])
def test_each_preset_on_student_of_warfare_at_level_3(
    name: str, expected: tuple[int, int], pool: dict[str, LevelerCard],
) -> None:
    """Student: 1/1, LEVEL 2-6 3/3 first strike, LEVEL 7+ 4/4 double strike."""
    student = pool["Student of Warfare"]
    assert (student.power, student.bands[0].power, student.bands[0].min_level) == (1, 3, 2)
    after = apply_preset({"card": student.name, "counters": {"level": 3}}, name)
    assert pt(resolve_situation(after)) == expected


def test_preset_effects_are_stamped_now_unless_told() -> None:
    start = {"card": "Student of Warfare", "timestamp": 4,
             "effects": [{"type": "switch_pt", "timestamp": 9}]}
    assert next_timestamp(situation_to_dict(parse_situation(start, POOL), POOL)) == 10
    assert apply_preset(start, "Humility")["effects"][1:] == [
        {"type": "lose_all_abilities", "timestamp": 10, "source": "Humility",
         "origin": "static", "affects": "creatures"},
        {"type": "set_base_pt", "power": 1, "toughness": 1, "timestamp": 10,
         "source": "Humility", "origin": "static", "affects": "creatures"}]
    assert apply_preset(start, "Diminish", timestamp=2)["effects"][-1]["timestamp"] == 2


def test_venerated_teacher_skips_a_leveler_without_level_up() -> None:
    """'each creature you control with level up': not under Humility, not face down."""
    humbled = apply_preset({"card": "Student of Warfare"}, "Humility")
    assert apply_preset(humbled, "Venerated Teacher")["counters"]["level"] == 0
    hidden = apply_preset({"card": "Student of Warfare"}, "turn face down")
    assert apply_preset(hidden, "Venerated Teacher")["counters"]["level"] == 0


def test_clone_keeps_static_effects_and_drops_targeted_ones() -> None:
    situation = apply_preset({"card": "Kargan Dragonlord"}, "Glorious Anthem")
    situation = apply_preset(situation, "Giant Growth")
    sources = [e["source"] for e in apply_preset(situation, "Clone")["effects"]]
    assert sources == ["Glorious Anthem"]


@pytest.mark.parametrize(("name", "start", "message"), [
    ("Vampire Hexmage", {"zone": "hand"}, "targets a permanent"),
    ("Clone", {"zone": "graveyard"}, "copies a creature on the battlefield"),
    ("turn face down", {"zone": "exile"}, "only a permanent"),
    ("turn face up", {}, "already face up"),
    ("level up", {"zone": "graveyard"}, "off the battlefield"),
    ("level up", {"effects": humility(1)}, "no level up ability"),
])
def test_presets_that_cannot_apply_say_why(name: str, start: dict[str, Any],
                                           message: str) -> None:
    with pytest.raises(PresetError, match=re.escape(message)):
        apply_preset({"card": "Student of Warfare", **start}, name)


def test_unknown_preset_lists_the_presets() -> None:
    with pytest.raises(PresetError, match="Giant Growth"):
        apply_preset({"card": "Student of Warfare"}, "Giant Grwoth")


def test_docs_situation_python_examples_run() -> None:
    result = doctest.testfile(str(ROOT / "docs" / "situations.md"), module_relative=False,
                              optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 5 and result.failed == 0


def test_docs_situation_examples_are_valid() -> None:
    """Every JSON example in docs/situations.md parses (or is an error example)."""
    text = (ROOT / "docs" / "situations.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)
    assert len(blocks) >= 5
    for block in blocks:
        data = json.loads(block)
        if isinstance(data, dict) and "card" in data:
            resolve_situation(data)


def test_example_situation_files_resolve() -> None:
    for path in sorted((ROOT / "tests" / "data" / "situations").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if path.name.startswith("bad_"):
            with pytest.raises(ValueError):
                resolve_situation(data)
        else:
            assert isinstance(resolve_situation(data), Resolution)
