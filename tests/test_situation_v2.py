"""Situation format version 2: what version 1 could not say, each case by its rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from leveler import apply_preset, bundled_pool, resolve_situation
from leveler.layers import Resolution
from leveler.presets import kept_by_a_copy
from leveler.situation import FORMAT_VERSION, SituationError, parse_situation, situation_to_dict

POOL = bundled_pool()
SITUATIONS = Path(__file__).parent / "data" / "situations"


def rules(result: Resolution, layer: str) -> list[str]:
    return [step.rule for step in result.trace if step.layer == layer]


def texts(result: Resolution) -> str:
    return "\n".join(step.description for step in result.trace)


# --------------------------------------------------------------------------- versions


def test_version_2_is_written_and_version_1_files_still_load() -> None:
    assert FORMAT_VERSION == 2
    written = situation_to_dict(parse_situation({"card": "Student of Warfare"}, POOL), POOL)
    assert written["version"] == 2
    for path in sorted(SITUATIONS.glob("*.json")):
        data = json.loads(path.read_text("utf-8"))
        if data.get("version", 1) == 1 and path.name != "bad_timestamp.json":
            assert resolve_situation(data).trace, path.name


@pytest.mark.parametrize(("data", "path"), [
    ({"entry_order": None}, "entry_order"),
    ({"effects": [{"type": "set_types", "card_types": ["Artifact"], "timestamp": 1}]},
     "effects[0].type"),
    ({"effects": [{"type": "modify_pt", "power": 1, "toughness": 1, "origin": "spell"}]},
     "effects[0].origin"),
    ({"copy_of": {"card": "Kargan Dragonlord", "face_down": True}}, "copy_of.face_down"),
    ({"copy_of": {"card": "Kargan Dragonlord", "except": {"subtypes": ["Illusion"]}}},
     "copy_of.except.subtypes"),
])
def test_a_file_that_says_version_1_may_use_only_version_1_keys(data: dict[str, Any],
                                                                  path: str) -> None:
    with pytest.raises(SituationError) as caught:
        parse_situation({"version": 1, "card": "Student of Warfare", **data}, POOL)
    assert caught.value.path == path and "new in format version 2" in str(caught.value)
    parse_situation({"version": 2, "card": "Student of Warfare", **data}, POOL)  # fine in 2


def test_every_version_2_example_file_round_trips() -> None:
    for path in sorted(SITUATIONS.glob("v2_*.json")):
        data = json.loads(path.read_text("utf-8"))
        situation = parse_situation(data, POOL)
        assert parse_situation(situation_to_dict(situation, POOL), POOL) == situation, path.name


# --------------------------------------------------------------------------- layer 4, 208.3


def test_208_3_a_leveler_that_becomes_a_noncreature_has_no_pt_but_keeps_band_abilities(
        ) -> None:
    result = resolve_situation({"card": "Student of Warfare", "counters": {"level": 7,
                                                                            "+1/+1": 2},
                                "effects": [{"type": "set_types", "card_types": ["Artifact"],
                                             "timestamp": 1, "source": "an effect"}]})
    assert (result.power, result.toughness) == (None, None)
    assert result.card_types == ("Artifact",) and result.subtypes == ()
    assert "Double strike" in result.abilities and result.band is not None
    assert "613.1d, 205.1a" in rules(result, "4") and "208.3" in rules(result, "7")
    assert not [step for step in result.trace if step.layer in ("7b", "7c")]
    assert result.to_dict()["power"] is None


def test_205_1b_becoming_an_artifact_in_addition_keeps_it_a_creature() -> None:
    result = resolve_situation(apply_preset({"card": "Student of Warfare",
                                             "counters": {"level": 2}}, "Liquimetal Coating"))
    assert result.card_types == ("Creature", "Artifact") and (result.power, result.toughness) == (
        3, 3)
    assert result.subtypes == ("Human", "Knight")


def test_soul_sculptor_makes_it_an_enchantment_with_its_band_abilities() -> None:
    result = resolve_situation(apply_preset({"card": "Student of Warfare",
                                             "counters": {"level": 2}}, "Soul Sculptor"))
    assert result.power is None and result.card_types == ("Enchantment",)
    assert "First strike" in result.abilities and result.can_level_up


def test_turn_to_frog_makes_it_a_frog() -> None:
    result = resolve_situation(apply_preset({"card": "Student of Warfare"}, "Turn to Frog"))
    assert result.subtypes == ("Frog",) and (result.power, result.toughness) == (1, 1)


# --------------------------------------------------------------------------- 7b/7c one part


def test_613_4b_a_later_power_only_setter_beats_the_band_power_only() -> None:
    result = resolve_situation({"card": "Student of Warfare", "counters": {"level": 7},
                                "timestamp": 0,
                                "effects": [{"type": "set_base_pt", "power": 0,
                                             "timestamp": 1, "source": "Island of Wak-Wak"}]})
    assert (result.power, result.toughness) == (0, 4)
    assert any("sets only base power 0" in step.description for step in result.trace)


def test_613_4b_an_earlier_toughness_only_setter_loses_to_the_band() -> None:
    result = resolve_situation({"card": "Student of Warfare", "counters": {"level": 7},
                                "timestamp": 5,
                                "effects": [{"type": "set_base_pt", "toughness": 9,
                                             "timestamp": 1}]})
    assert (result.power, result.toughness) == (4, 4)
    below = resolve_situation({"card": "Student of Warfare", "timestamp": 5, "effects": [
        {"type": "set_base_pt", "toughness": 9, "timestamp": 1}]})
    assert (below.power, below.toughness) == (1, 9)


def test_613_4c_modifying_only_power() -> None:
    result = resolve_situation({"card": "Student of Warfare", "counters": {"level": 2},
                                "effects": [{"type": "modify_pt", "power": 2}]})
    assert (result.power, result.toughness) == (5, 3)


# --------------------------------------------------------------------------- copies


def test_707_9a_b_phantasmal_image_is_also_an_illusion_with_the_sacrifice_trigger() -> None:
    image = apply_preset({"card": "Student of Warfare", "counters": {"level": 7}},
                         "Phantasmal Image")
    result = resolve_situation(image)
    assert result.name == "Student of Warfare" and result.subtypes == ("Human", "Knight",
                                                                       "Illusion")
    trigger = "When this creature becomes the target of a spell or ability, sacrifice it."
    assert trigger in result.abilities
    assert "707.9a" in rules(result, "1a") and "707.9b" in rules(result, "1a")
    assert (result.power, result.toughness) == (1, 1)  # no counters of its own (ruling 4)
    clone = resolve_situation(apply_preset(image, "Clone"))  # copiable: a copy of it has it
    assert trigger in clone.abilities and "Illusion" in clone.subtypes


def test_707_2_708_2a_a_copy_of_a_face_down_leveler_is_a_nameless_2_2() -> None:
    hidden = apply_preset({"card": "Kargan Dragonlord", "counters": {"level": 8}},
                          "turn face down")
    clone = apply_preset(hidden, "Clone")
    assert clone["copy_of"] == {"card": "Kargan Dragonlord", "face_down": True}
    clone = {**clone, "counters": {"level": 8, "+1/+1": 0, "-1/-1": 0}}
    result = resolve_situation(clone)
    assert (result.name, result.power, result.toughness, result.abilities, result.band) == (
        None, 2, 2, (), None)
    assert result.subtypes == () and not result.can_level_up
    assert "707.2, 708.2a" in rules(result, "1a") and result.citations == ("708.2a",)
    assert "nothing can turn it face up" in texts(result)


def test_707_9b_exceptions_still_apply_to_a_copy_of_a_face_down_leveler() -> None:
    """Quicksilver Gargantuan copying a face-down creature: the face-down values, then its
    exception: a nameless 7/7 (707.2, 707.9b). Phantasmal Image: a 2/2 Illusion with its
    trigger (707.9a)."""
    hidden = apply_preset({"card": "Kargan Dragonlord"}, "turn face down")
    giant = resolve_situation(apply_preset(hidden, "Quicksilver Gargantuan"))
    assert (giant.name, giant.power, giant.toughness) == (None, 7, 7)
    image = resolve_situation(apply_preset(hidden, "Phantasmal Image"))
    assert (image.power, image.toughness, image.subtypes) == (2, 2, ("Illusion",))
    assert len(image.abilities) == 1 and "sacrifice it" in image.abilities[0]
    assert "707.9a, 707.9b" in rules(image, "1a")
    clone_of_image = resolve_situation(apply_preset(apply_preset(hidden, "Phantasmal Image"),
                                                    "Clone"))
    assert clone_of_image.subtypes == ("Illusion",)  # copiable: a copy of the copy has it


def test_clone_keeps_an_effect_by_what_it_is_not_by_its_source_name() -> None:
    """A static of another permanent still applies to the new object (613.7a); a resolved
    spell's effect applied to the original only (613.7b); with or without a source name."""
    start = {"card": "Student of Warfare", "counters": {"level": 7}, "effects": [
        {"type": "modify_pt", "power": 5, "toughness": 5, "origin": "static"},
        {"type": "modify_pt", "power": 1, "toughness": 1, "origin": "spell",
         "source": "Glorious Anthem"},
        {"type": "modify_pt", "power": 2, "toughness": 2},
        {"type": "set_base_pt", "power": 0, "toughness": 1, "timestamp": 1,
         "source": "Humility", "origin": "spell"}]}
    clone = apply_preset(start, "Clone")
    assert [e["power"] for e in clone["effects"]] == [5]
    assert resolve_situation(clone).power == 6
    assert kept_by_a_copy({"type": "lose_all_abilities", "origin": "static"})
    assert not kept_by_a_copy({"type": "lose_all_abilities", "source": "Humility"})


def test_clone_of_a_leveler_under_the_humility_preset_keeps_humility() -> None:
    humbled = apply_preset({"card": "Kargan Dragonlord", "counters": {"level": 8}}, "Humility")
    result = resolve_situation(apply_preset(humbled, "Clone"))
    assert (result.power, result.toughness, result.abilities) == (1, 1, ())


# --------------------------------------------------------------------------- 613.7m


def entered_together(order: list[str]) -> dict[str, Any]:
    return {"card": "Coralhelm Commander", "counters": {"level": 4}, "timestamp": 3,
            "effects": [{"type": "set_base_pt", "power": 1, "toughness": 1, "timestamp": 3,
                         "source": "Godhead of Awe", "entered_with": True}],
            "entry_order": {"chosen_by": "Alice", "order": order}}


def test_613_7m_the_active_players_order_decides_simultaneous_entry() -> None:
    godhead_last = resolve_situation(entered_together(["Coralhelm Commander",
                                                       "Godhead of Awe"]))
    godhead_first = resolve_situation(entered_together(["Godhead of Awe",
                                                        "Coralhelm Commander"]))
    assert (godhead_last.power, godhead_last.toughness) == (1, 1)
    assert (godhead_first.power, godhead_first.toughness) == (4, 4)
    for result in (godhead_last, godhead_first):
        step = next(s for s in result.trace if s.layer == "timestamps")
        assert step.rule == "613.7m" and "Alice, the active player, chose" in step.description


def test_613_7m_the_godhead_presets_record_who_chose() -> None:
    start = {"card": "Coralhelm Commander", "counters": {"level": 4}, "timestamp": 3}
    first = apply_preset(start, "Godhead of Awe, entered with it (Godhead first)")
    last = apply_preset(start, "Godhead of Awe, entered with it (leveler first)")
    assert first["entry_order"]["chosen_by"] == "the active player"
    assert resolve_situation(first).power == 4 and resolve_situation(last).power == 1


def test_613_7m_entered_with_needs_an_order_naming_each_object() -> None:
    data = entered_together(["Coralhelm Commander", "Godhead of Awe"])
    with pytest.raises(SituationError, match="entry_order: required"):
        parse_situation({**data, "entry_order": None}, POOL)
    with pytest.raises(SituationError) as caught:
        parse_situation({**data, "entry_order": {"chosen_by": "Alice",
                                                 "order": ["Godhead of Awe"]}}, POOL)
    assert caught.value.path == "entry_order.order"
    late = {**data, "effects": [{**data["effects"][0], "timestamp": 4}]}
    with pytest.raises(SituationError, match=r"effects\[0\].timestamp"):
        parse_situation(late, POOL)


# --------------------------------------------------------------------------- 613.1f grants


def test_613_1f_joraga_treespeaker_grants_its_mana_ability_to_itself_at_level_5(pool) -> None:
    """LEVEL 5+: 'Elves you control have "{T}: Add {G}{G}."' and Joraga is an Elf."""
    result = resolve_situation({"card": "Joraga Treespeaker", "counters": {"level": 5}})
    assert result.abilities[-1] == "{T}: Add {G}{G}."
    step = next(s for s in result.trace if "so it has {T}: Add {G}{G}. itself" in s.description)
    assert step.rule == "711.2b, 613.1f, 611.3a"


def test_613_1f_other_grants_nothing_to_itself() -> None:
    card = {"name": "Elf Captain", "power": 1, "toughness": 1,
            "type_line": "Creature — Elf Warrior",
            "oracle_text": 'Level up {1}\nLEVEL 1+\n2/2\nOther Elves you control have '
                           '"{T}: Add {G}."'}
    result = resolve_situation({"card": card, "counters": {"level": 1}})
    assert "{T}: Add {G}." not in result.abilities
    assert any("grants nothing to itself" in s.description for s in result.trace)


def test_613_1f_a_grant_to_a_group_it_is_not_in_gives_it_nothing() -> None:
    card = {"name": "Human Captain", "power": 1, "toughness": 1,
            "type_line": "Creature — Human Warrior",
            "oracle_text": "Level up {1}\nLEVEL 1+\n2/2\nElves you control have flying."}
    result = resolve_situation({"card": card, "counters": {"level": 1}})
    assert "Flying" not in result.abilities
    creatures = {**card, "oracle_text": "Level up {1}\nLEVEL 1+\n2/2\n"
                                        "Creatures you control have vigilance."}
    assert resolve_situation({"card": creatures, "counters": {"level": 1}}).abilities[-1] == (
        "Vigilance")


def test_613_1f_the_grant_follows_its_types_and_its_removal() -> None:
    frog = apply_preset({"card": "Joraga Treespeaker", "counters": {"level": 5}},
                        "Liquimetal Coating")
    assert "{T}: Add {G}{G}." in resolve_situation(frog).abilities  # still an Elf
    sculpted = resolve_situation(apply_preset({"card": "Joraga Treespeaker",
                                               "counters": {"level": 5}}, "Soul Sculptor"))
    assert "{T}: Add {G}{G}." not in sculpted.abilities  # no creature, no Elf (205.3d)
    humbled = resolve_situation(apply_preset({"card": "Joraga Treespeaker",
                                              "counters": {"level": 5}}, "Humility"))
    assert humbled.abilities == ()


def test_613_6_a_static_that_covers_creatures_skips_a_noncreature_leveler() -> None:
    """Soul Sculptor made it an enchantment (layer 4, before layer 6): Humility and Glorious
    Anthem cover creatures only, so they do not apply to it, whatever the timestamps."""
    sculpted = apply_preset({"card": "Student of Warfare", "counters": {"level": 7}},
                            "Soul Sculptor")
    humbled = resolve_situation(apply_preset(sculpted, "Humility"))
    assert "Double strike" in humbled.abilities and humbled.band is not None
    assert any(s.rule == "613.6, 613.1d" and "Humility" in s.description
               for s in humbled.trace)
    spell = apply_preset({"card": "Student of Warfare", "counters": {"level": 7}},
                         "Merfolk Trickster")  # a spell's effect on it: it stays
    assert resolve_situation(apply_preset(spell, "Soul Sculptor")).abilities == ()


def test_702_87a_an_ability_starting_level_up_is_not_the_level_up_ability() -> None:
    """'Level up abilities you activate cost {1} less' printed first is no level up: the
    level up step names the keyword; a gained lookalike does not count as level up."""
    card = {"name": "Mentor", "power": 1, "toughness": 1,
            "oracle_text": "Level up abilities you activate cost {1} less to activate.\n"
                           "Level up—Pay 2 life.\nLEVEL 1+\n2/2"}
    result = resolve_situation({"card": card})
    step = next(s for s in result.trace if s.layer == "level up")
    assert step.description.startswith("Level up—Pay 2 life. can be activated now")
    humbled = {"card": card, "effects": [
        {"type": "lose_all_abilities", "timestamp": 1},
        {"type": "gain_ability", "ability": "Level up abilities you activate cost {1} less.",
         "timestamp": 2}]}
    assert not resolve_situation(humbled).has_level_up


def test_venerated_teacher_skips_a_leveler_that_is_not_a_creature_now() -> None:
    """'each creature you control with level up': a Soul Sculptor'd leveler is none (208.3)."""
    sculpted = apply_preset({"card": "Student of Warfare"}, "Soul Sculptor")
    assert apply_preset(sculpted, "Venerated Teacher")["counters"]["level"] == 0
