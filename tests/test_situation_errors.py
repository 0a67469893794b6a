"""Invalid situations: every error is a ValueError whose message starts with the field path."""

from __future__ import annotations

import re
from typing import Any

import pytest

from leveler import CardTextError, LevelerCard, bundled_pool, resolve_situation
from leveler.situation import (
    Counters,
    Situation,
    SituationError,
    parse_situation,
)

POOL = bundled_pool()
STUDENT = "Student of Warfare"
CUSTOM = {"name": "Apprentice of the Vault", "mana_cost": "{1}{U}",
          "type_line": "Creature — Human Wizard", "power": 1, "toughness": 2,
          "oracle_text": "Level up {1}{U}\nLEVEL 2-4\n2/3\nFlying\nLEVEL 5+\n3/5\nFlying"}


def error_for(data: Any) -> SituationError:
    with pytest.raises(SituationError) as caught:
        resolve_situation(data)
    return caught.value


def test_unknown_card_names_the_field_and_suggests_close_names() -> None:
    error = error_for({"card": "Studnt of Warfar"})
    assert str(error) == ("card: no card named 'Studnt of Warfar' in the pool; "
                          "did you mean 'Student of Warfare'?")
    assert error.path == "card"


def test_unknown_card_in_copy_of() -> None:
    error = error_for({"card": "Clone", "copy_of": {"card": "Kargan Dragonlrod"}})
    assert error.path == "copy_of.card" and "'Kargan Dragonlord'" in str(error)


def test_unknown_effect_type_lists_the_types() -> None:
    error = error_for({"card": STUDENT, "effects": [
        {"type": "modify_pt", "power": 1, "toughness": 1},
        {"type": "pump", "power": 3, "toughness": 3}]})
    assert error.path == "effects[1].type"
    assert str(error).startswith("effects[1].type: unknown effect type 'pump' (expected one of "
                                 "set_base_pt, modify_pt, switch_pt, lose_all_abilities, "
                                 "gain_ability, set_types, add_types)")


@pytest.mark.parametrize("key", ["level", "+1/+1", "-1/-1"])
def test_negative_counters(key: str) -> None:
    error = error_for({"card": STUDENT, "counters": {key: -1}})
    assert str(error) == f"counters.{key}: counters cannot be negative, got -1"


def test_negative_counters_in_a_typed_situation() -> None:
    with pytest.raises(SituationError, match=r"^counters\.level: counters cannot be negative"):
        Counters(level=-2)


@pytest.mark.parametrize(("data", "message"), [
    ({"card": STUDENT, "timestamp": "soon"}, "timestamp: expected a number, got 'soon'"),
    ({"card": STUDENT, "effects": [{"type": "switch_pt", "timestamp": 1},
                                   {"type": "switch_pt", "timestamp": 2},
                                   {"type": "set_base_pt", "power": 1, "toughness": 1,
                                    "timestamp": "soon"}]},
     "effects[2].timestamp: expected a number, got 'soon'"),
    ({"card": "Clone", "copy_of": {"card": STUDENT, "timestamp": "later"}},
     "copy_of.timestamp: expected a number, got 'later'"),
    ({"card": STUDENT, "timestamp": True}, "timestamp: expected a number, got True"),
    ({"card": STUDENT, "timestamp": float("nan")}, "timestamp: expected a finite number, got nan"),
])
def test_non_numeric_timestamp(data: dict[str, Any], message: str) -> None:
    assert str(error_for(data)) == message


@pytest.mark.parametrize(("data", "path"), [
    ({}, "card"),
    ({"card": STUDENT, "version": 1,
      "effects": [{"type": "set_base_pt", "power": 1, "timestamp": 2}]}, "effects[0].toughness"),
    ({"card": STUDENT, "effects": [{"type": "set_base_pt", "timestamp": 2}]}, "effects[0].power"),
    ({"card": STUDENT, "effects": [{"type": "gain_ability", "timestamp": 2}]},
     "effects[0].ability"),
    ({"card": STUDENT, "effects": [{"type": "lose_all_abilities"}]}, "effects[0].timestamp"),
    ({"card": STUDENT, "effects": [{"power": 1}]}, "effects[0].type"),
    ({"card": "Clone", "copy_of": {"except": {"power": 7}}}, "copy_of.card"),
    ({"card": {k: v for k, v in CUSTOM.items() if k != "oracle_text"}}, "card.oracle_text"),
    ({"card": {k: v for k, v in CUSTOM.items() if k != "power"}}, "card.power"),
])
def test_missing_field(data: dict[str, Any], path: str) -> None:
    error = error_for(data)
    assert error.path == path
    assert str(error).startswith(f"{path}: required field is missing")


@pytest.mark.parametrize(("data", "path"), [
    ({"card": STUDENT, "counter": {"level": 2}}, "counter"),
    ({"card": STUDENT, "counters": {"levels": 2}}, "counters.levels"),
    ({"card": STUDENT, "timing": {"own_turn": False, "combat": True}}, "timing.combat"),
    ({"card": STUDENT, "effects": [{"type": "modify_pt", "power": 1, "toughness": 1,
                                    "duration": "turn"}]}, "effects[0].duration"),
    ({"card": "Clone", "copy_of": {"card": STUDENT, "except": {"power": 7, "colour": "blue"}}},
     "copy_of.except.colour"),
    ({"card": {**CUSTOM, "rarity": "rare"}}, "card.rarity"),
])
def test_unknown_keys_are_rejected_not_ignored(data: dict[str, Any], path: str) -> None:
    error = error_for(data)
    assert error.path == path and "unknown key" in str(error)


def test_a_typo_key_gets_a_suggestion() -> None:
    assert str(error_for({"card": STUDENT, "conters": {}})).endswith(
        "did you mean 'counters'?")


@pytest.mark.parametrize(("data", "path", "fragment"), [
    ([], "situation", "expected a JSON object, got list"),
    ({"card": STUDENT, "version": 3}, "version", "format versions 1, 2, got 3"),
    ({"card": STUDENT, "zone": "sideboard"}, "zone", "unknown zone 'sideboard'"),
    ({"card": STUDENT, "zone": 3}, "zone", "expected a zone name"),
    ({"card": STUDENT, "counters": {"level": 1.5}}, "counters.level", "whole number"),
    ({"card": STUDENT, "counters": {"level": "3"}}, "counters.level", "whole number"),
    ({"card": STUDENT, "counters": {"level": True}}, "counters.level", "whole number"),
    ({"card": STUDENT, "counters": 3}, "counters", "expected a JSON object, got int"),
    ({"card": STUDENT, "face_down": "yes"}, "face_down", "expected true or false"),
    ({"card": STUDENT, "timing": {"own_turn": 0}}, "timing.own_turn", "true or false"),
    ({"card": STUDENT, "effects": {"type": "switch_pt"}}, "effects", "expected a list"),
    ({"card": STUDENT, "effects": ["Giant Growth"]}, "effects[0]", "expected a JSON object"),
    ({"card": STUDENT, "effects": [{"type": "modify_pt", "power": "3", "toughness": 3}]},
     "effects[0].power", "whole number"),
    ({"card": STUDENT, "effects": [{"type": "gain_ability", "ability": "", "timestamp": 1}]},
     "effects[0].ability", "non-empty string"),
    ({"card": "Clone", "copy_of": {"card": STUDENT, "except": {"power": "seven"}}},
     "copy_of.except.power", "whole number"),
    ({"card": "Clone", "copy_of": "Student of Warfare"}, "copy_of", "expected a JSON object"),
    ({"card": 7}, "card", "expected a card name or a card object"),
    ({"card": STUDENT, "zone": "hand", "face_down": True}, "face_down", "708.2a"),
    ({"card": "Clone"}, "card", "no card named 'Clone'"),
    ({"card": "Clone", "zone": "graveyard", "copy_of": {"card": STUDENT}}, "card",
     "no card named 'Clone'"),
    ({"card": {**CUSTOM, "type_line": "Enchantment — Class"}}, "card.type_line", "Class"),
    ({"card": {**CUSTOM, "mana_cost": "{Q}"}}, "card.mana_cost", "{Q}"),
    ({"card": {**CUSTOM, "power": -1}}, "card.power", "cannot be negative"),
])
def test_bad_values_name_the_field(data: Any, path: str, fragment: str) -> None:
    error = error_for(data)
    assert error.path == path, str(error)
    assert str(error).startswith(f"{path}: ") and fragment in str(error)


@pytest.mark.parametrize("where", ["card", "copy_of.card"])
def test_custom_card_text_error_names_the_oracle_text_field(where: str) -> None:
    bad = {**CUSTOM, "oracle_text": "Level up {1}\nLEVEL 1-3\n2/2\nLEVEL 3+\n4/4"}
    data: dict[str, Any] = ({"card": bad} if where == "card"
                            else {"card": "Clone", "copy_of": {"card": bad}})
    with pytest.raises(CardTextError) as caught:
        resolve_situation(data)
    message = str(caught.value)
    assert message.startswith(f"{where}.oracle_text: Apprentice of the Vault, line 4: ")
    assert "711.2a" in message
    assert isinstance(caught.value, ValueError)


def test_a_custom_card_resolves(pool: dict[str, LevelerCard]) -> None:
    result = resolve_situation({"card": CUSTOM, "counters": {"level": 5}})
    assert (result.power, result.toughness, result.band and result.band.label) == (
        3, 5, "LEVEL 5+")


def test_a_typed_situation_rejects_a_non_leveler_name_without_a_copy() -> None:
    with pytest.raises(SituationError, match=re.escape("card: 'Clone' is not a leveler card")):
        Situation("Clone")


def test_errors_are_value_errors() -> None:
    assert issubclass(SituationError, ValueError)
    with pytest.raises(ValueError, match=r"^effects\[0\]\.type: "):
        parse_situation({"card": STUDENT, "effects": [{"type": "grow"}]}, POOL)
