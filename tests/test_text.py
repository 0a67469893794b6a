"""parse_card / format_card: oracle text <-> model (CR 711.1, 711.2, 702.87), and its errors."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given

from leveler import CardTextError, LevelBand, LevelerCard, characteristics, format_card, parse_card
from leveler.text import MAX_LEVEL, MAX_PT
from tests.strategies import leveler_cards

RECORDS = json.loads((Path(__file__).parents[1] / "data" / "levelers.json").read_text("utf-8"))
STUDENT = (
    "Level up {W} ({W}: Put a level counter on this. Level up only as a sorcery.)\n"
    "LEVEL 2-6\n3/3\nFirst strike\nLEVEL 7+\n4/4\nDouble strike"
)


def _parse(text: str, **overrides: object) -> LevelerCard:
    fields: dict[str, object] = {"name": "Student of Warfare", "mana_cost": "{W}",
                                 "type_line": "Creature — Human Knight", "power": "1",
                                 "toughness": "1"}
    fields.update(overrides)
    return parse_card(text, **fields)  # type: ignore[arg-type]


def _same_arguments(card: LevelerCard) -> dict[str, object]:
    return {"name": card.name, "mana_cost": str(card.mana_cost), "type_line": card.type_line,
            "power": card.power, "toughness": card.toughness}


def test_design_md_example_parses_student_of_warfare() -> None:
    card = _parse("Level up {W} ...\nLEVEL 2-6\n3/3\nFirst strike\nLEVEL 7+\n4/4\nDouble strike")
    assert card.bands == (LevelBand(2, 6, 3, 3, ("First strike",)),
                          LevelBand(7, None, 4, 4, ("Double strike",)))
    assert str(card.level_up_cost) == "{W}"
    assert (card.power, card.toughness) == (1, 1)


@pytest.mark.parametrize("record", RECORDS, ids=[r["name"] for r in RECORDS])
def test_every_printed_card_round_trips(record: dict[str, object],
                                        pool: dict[str, LevelerCard]) -> None:
    """parse_card(format_card(c)) == c, and the canonical text is the Oracle text itself."""
    card = pool[str(record["name"])]
    assert parse_card(format_card(card), **_same_arguments(card)) == card  # type: ignore[arg-type]
    assert format_card(card) == record["oracle_text"]


@pytest.mark.parametrize("record", RECORDS, ids=[r["name"] for r in RECORDS])
def test_printed_2010_text_with_blank_lines_between_striations(
    record: dict[str, str], pool: dict[str, LevelerCard]
) -> None:
    card = pool[record["name"]]
    printed = record["printed_text_original"]
    parsed = parse_card(printed, **_same_arguments(card))  # type: ignore[arg-type]
    assert [(b.min_level, b.max_level, b.power, b.toughness) for b in parsed.bands] == [
        (b.min_level, b.max_level, b.power, b.toughness) for b in card.bands
    ]


def test_blank_lines_between_striations_are_ignored() -> None:
    assert _parse(STUDENT.replace("\nLEVEL", "\n\nLEVEL")) == _parse(STUDENT)


@given(leveler_cards())
def test_round_trip_for_any_valid_design(card: LevelerCard) -> None:
    assert parse_card(format_card(card), **_same_arguments(card)) == card  # type: ignore[arg-type]


@given(leveler_cards(gaps=True, other_costs=True))
def test_round_trip_for_designs_with_gaps_and_non_mana_level_up_costs(card: LevelerCard) -> None:
    """711.2a gaps and 702.87a non-mana costs survive format_card -> parse_card."""
    assert parse_card(format_card(card), **_same_arguments(card)) == card  # type: ignore[arg-type]
    assert bool(card.gaps) == any(w.startswith("711.2a") for w in card.rule_warnings)
    assert card.level_up_is_mana == (not any(w.startswith("702.87a")
                                             for w in card.rule_warnings))


def test_abilities_outside_bands_come_before_them_and_stay_in_order() -> None:
    card = _parse("Flying\nLevel up {1}\nVigilance\nLEVEL 1-2\n2/2\nLEVEL 3+\n3/3")
    assert card.abilities == ("Flying", "Vigilance")


def test_711_1_one_band_or_three_parses_and_is_flagged() -> None:
    one = _parse("Level up {W}\nLEVEL 2+\n3/3")
    three = _parse("Level up {W}\nLEVEL 1-2\n2/2\nLEVEL 3-4\n3/3\nLEVEL 5+\n5/5")
    assert len(one.bands) == 1 and len(three.bands) == 3
    assert one.rule_warnings and "711.1" in one.rule_warnings[0]
    assert "711.1" in three.rule_warnings[0]


def test_printed_cards_have_no_warnings(pool: dict[str, LevelerCard]) -> None:
    assert all(card.rule_warnings == () for card in pool.values())


def test_full_width_digits_and_dashes_are_folded() -> None:
    card = _parse("Level up {W}\nLEVEL ２–６\n３/３\nLEVEL 7+\n4/4")
    assert card.bands[0] == LevelBand(2, 6, 3, 3)


def _error(text: str, **overrides: object) -> CardTextError:
    with pytest.raises(CardTextError) as caught:
        _parse(text, **overrides)
    return caught.value


def test_error_bands_out_of_order_points_at_the_line() -> None:
    error = _error("Level up {W}\nLEVEL 7+\n4/4\nLEVEL 2-6\n3/3")
    assert error.line_number == 4 and error.line == "LEVEL 2-6" and error.rule == "711.2b"
    assert str(error).startswith("line 4: an open band (LEVEL 7+) must be the last one")


def test_error_overlapping_bands() -> None:
    error = _error("Level up {W}\nLEVEL 2-6\n3/3\nLEVEL 5+\n4/4")
    assert (error.line_number, error.rule) == (4, "711.2a")
    assert "overlaps" in str(error) and "'LEVEL 5+'" in str(error)


def test_error_band_ends_before_it_starts() -> None:
    error = _error("Level up {W}\nLEVEL 6-2\n3/3\nLEVEL 7+\n4/4")
    assert (error.line_number, error.line) == (2, "LEVEL 6-2")
    assert "ends (2) before it starts (6)" in str(error)


def test_711_2a_gap_between_bands_is_accepted_with_a_warning() -> None:
    """A gap (LEVEL 1-2 / LEVEL 5+) is no printed shape (711.1), but the rules answer it:
    no level symbol applies there (711.2a), so the uppermost box and no band abilities."""
    card = _parse("Level up {W}\nLEVEL 1-2\n3/3\nFlying\nLEVEL 5+\n4/4")
    assert [(b.min_level, b.max_level) for b in card.bands] == [(1, 2), (5, None)]
    assert card.gaps == ((3, 4),)
    assert any(w.startswith("711.2a") and "3-4 level counters" in w for w in card.rule_warnings)
    for count in (3, 4):
        c = characteristics(card, count)
        assert (c.power, c.toughness, c.band, c.citations) == (1, 1, None, ("711.2a", "613.1"))
        assert "Flying" not in c.abilities
    assert characteristics(card, 0).citations == ("711.5",)
    assert characteristics(card, 5).band == card.bands[1]


def test_error_last_band_not_open() -> None:
    error = _error("Level up {W}\nLEVEL 1-2\n3/3\nLEVEL 3-4\n4/4")
    assert (error.line_number, error.rule) == (4, "711.2b")


def test_error_band_without_pt_line() -> None:
    error = _error("Level up {W}\nLEVEL 2-6\nFirst strike\nLEVEL 7+\n4/4")
    assert (error.line_number, error.line, error.rule) == (2, "LEVEL 2-6", "711.2")
    assert "no P/T line" in str(error)


def test_error_last_band_without_pt_line() -> None:
    error = _error("Level up {W}\nLEVEL 2-6\n3/3\nLEVEL 7+\nDouble strike")
    assert (error.line_number, error.line) == (4, "LEVEL 7+")


def test_error_pt_line_outside_any_band() -> None:
    error = _error("Level up {W}\n3/3\nLEVEL 2+\n4/4")
    assert (error.line_number, error.line) == (2, "3/3")
    assert "outside any band" in str(error)


@pytest.mark.parametrize("line", ["*/*", "1/", "3/3/3", "X/2", "-1/1"])
def test_error_malformed_pt_line_quotes_it(line: str) -> None:
    error = _error(f"Level up {{W}}\nLEVEL 2+\n{line}")
    assert (error.line_number, error.line) == (3, line)


def test_error_no_level_up_line() -> None:
    error = _error("LEVEL 2-6\n3/3\nLEVEL 7+\n4/4")
    assert error.rule == "702.87b" and "no 'Level up {cost}' line" in str(error)


def test_error_level_up_without_cost() -> None:
    error = _error("Level up\nLEVEL 2+\n3/3")
    assert (error.line_number, error.rule) == (1, "702.87a")


def test_error_class_level_bar_names_711_7_and_716_4() -> None:
    text = "(Gain the next level as a sorcery.)\nFlying\n{2}{W}: Level 2\nVigilance"
    error = _error(text, type_line="Enchantment — Class")
    assert "Class" in str(error) and error.rule == "711.7, 716.4"
    error = _error(text)
    assert (error.line_number, error.line) == (3, "{2}{W}: Level 2")
    assert error.rule == "711.7, 716.4"


def test_error_station_text_names_721() -> None:
    error = _error("Station (Tap another creature you control: Put charge counters equal to its "
                   "power on this Spacecraft. Station only as a sorcery.)\nSTATION 8+\nFlying",
                   type_line="Artifact — Spacecraft")
    assert (error.line_number, error.rule) == (1, "721")
    assert error.line is not None and error.line.startswith("Station (Tap another")
    error = _error("Level up {2}\nSTATION 8+\nFlying")
    assert (error.line_number, error.line, error.rule) == (2, "STATION 8+", "721")


def test_error_the_aura_named_level_up_is_not_a_leveler() -> None:
    error = _error("Enchant creature\nWhenever enchanted creature attacks, double the number of "
                   "+1/+1 counters on it.", name="Level Up", type_line="Enchantment — Aura",
                   power="0", toughness="0")
    assert "not a creature" in str(error) and "Level Up" in str(error)


def test_error_garbage_mana_cost() -> None:
    error = _error(STUDENT, mana_cost="{W}{Q}")
    assert "mana cost" in str(error) and "{Q}" in str(error)


def test_error_garbage_level_up_cost_points_at_line() -> None:
    error = _error("Level up {banana}\nLEVEL 2+\n3/3")
    assert error.line_number == 1 and "{BANANA}" in str(error)


def test_error_a_second_pt_line_in_a_band() -> None:
    error = _error("Level up {W}\nLEVEL 2+\n3/3\n4/4")
    assert (error.line_number, error.line) == (4, "4/4")


def test_error_non_numeric_printed_power() -> None:
    error = _error(STUDENT, power="*")
    assert "power of 'Student of Warfare' must be a whole number" in str(error)


def test_604_3_a_star_printed_power_names_the_characteristic_defining_ability_rule() -> None:
    """'*' needs a characteristic-defining ability (604.3): refused, with what to give."""
    error = _error(STUDENT, power="*")
    assert error.rule == "604.3" and "characteristic-defining ability" in error.message
    assert "give power and toughness as numbers" in error.message
    error = _error("Level up {W}\nLEVEL 2+\n*/*")
    assert (error.line_number, error.rule) == (3, "604.3, 711.2a")


def test_card_text_error_is_a_value_error() -> None:
    assert issubclass(CardTextError, ValueError)


# --------------------------------------------------------------------------- legal custom text


@pytest.mark.parametrize("where", ["outside", "inside"])
def test_702_87a_a_line_starting_level_up_that_is_not_the_keyword_is_an_ability(
        where: str) -> None:
    """Only "Level up [cost]" is the keyword (702.87a); "Level up abilities ..." is an
    ordinary ability, legal inside or outside a striation."""
    line = "Level up abilities you activate cost {1} less to activate."
    text = (f"{line}\nLevel up {{W}}\nLEVEL 1-2\n2/2\nLEVEL 3+\n3/3" if where == "outside"
            else f"Level up {{W}}\nLEVEL 1-2\n2/2\n{line}\nLEVEL 3+\n3/3")
    card = _parse(text)
    assert str(card.level_up_cost) == "{W}"
    found = card.abilities if where == "outside" else card.bands[0].abilities
    assert found == (line,)
    assert parse_card(format_card(card), **_same_arguments(card)) == card  # type: ignore[arg-type]


def test_702_87b_only_a_level_up_lookalike_is_still_not_a_leveler() -> None:
    error = _error("Level up abilities you activate cost {1} less to activate.\nLEVEL 1+\n2/2")
    assert error.rule == "702.87b"


def test_711_2_level_and_a_number_that_is_not_a_symbol_is_an_ability() -> None:
    card = _parse("Level up {1}\nLEVEL 1+\n2/2\nLevel 3 Wizards you control get +1/+1.")
    assert card.bands[0].abilities == ("Level 3 Wizards you control get +1/+1.",)


@pytest.mark.parametrize("line", ["LEVEL 3", "LEVEL 1-3 4/4", "LEVEL X+", "LEVEL 2 -", "LEVEL 1-"])
def test_711_2_a_malformed_level_symbol_is_still_refused(line: str) -> None:
    error = _error(f"Level up {{1}}\n{line}\n2/2\nLEVEL 9+\n3/3")
    assert (error.line_number, error.rule) == (2, "711.2")


@pytest.mark.parametrize(("line", "mana", "other"), [
    ("Level up—Pay 2 life.", "", "Pay 2 life"),
    ("Level up—{1}, Pay 2 life.", "{1}", "Pay 2 life"),
    ("Level up—Discard a card. (Discard a card: Put a level counter on this.)", "",
     "Discard a card"),
])
def test_702_87a_level_up_with_a_non_mana_cost(line: str, mana: str, other: str) -> None:
    """702.87a: "Level up [cost]", any cost; mana investment figures say what they miss."""
    card = _parse(f"{line}\nLEVEL 1-2\n2/2\nLEVEL 3+\n3/3")
    assert (str(card.level_up_cost), card.level_up_other_cost) == (mana, other)
    assert not card.level_up_is_mana
    assert card.level_up_ability.startswith("Level up—") and other in card.level_up_ability
    warning = next(w for w in card.rule_warnings if w.startswith("702.87a"))
    assert "mana investment figures cannot count" in warning and other in warning
    assert parse_card(format_card(card), **_same_arguments(card)) == card  # type: ignore[arg-type]
    assert characteristics(card, 0).abilities == (card.level_up_ability,)


def test_702_87a_a_mana_only_level_up_has_no_cost_warning(pool: dict[str, LevelerCard]) -> None:
    assert all(card.level_up_is_mana for card in pool.values())


# --------------------------------------------------------------------------- bounds (issue 11)


def test_711_2_level_number_above_max_level_is_refused_naming_line_rule_and_limit() -> None:
    assert MAX_LEVEL == 1000
    assert _parse("Level up {1}\nLEVEL 1-999\n2/2\nLEVEL 1000+\n3/3").top_level == 1000
    for text, number in (("Level up {1}\nLEVEL 1001+\n2/2", 2),
                         ("Level up {1}\nLEVEL 1-1001\n2/2\nLEVEL 1002+\n3/3", 2),
                         ("Level up {1}\nLEVEL 1+\n2/2\nLEVEL " + "9" * 40 + "+\n3/3", 4)):
        error = _error(text)
        assert error.line_number == number and error.rule == "711.2, 702.87"
        assert "1,000" in str(error)


@pytest.mark.parametrize("field", ["power", "toughness"])
def test_208_1_printed_power_or_toughness_above_max_pt_is_refused_naming_the_field(
        field: str) -> None:
    for value in (MAX_PT + 1, "1" * 31, str(MAX_PT + 1)):
        error = _error(STUDENT, **{field: value})
        assert f"{field} of 'Student of Warfare' is larger than 1,000,000" in str(error)
    assert getattr(_parse(STUDENT, **{field: MAX_PT}), field) == MAX_PT


@pytest.mark.parametrize("box", ["1000001/1", "1/1000001", "9999999999999999999999999999999/1"])
def test_208_1_band_pt_above_max_pt_is_refused_naming_the_line(box: str) -> None:
    error = _error(f"Level up {{1}}\nLEVEL 1+\n{box}")
    assert error.line_number == 3 and error.rule == "208.1" and "1,000,000" in str(error)


def test_level_up_generic_mana_above_the_limit_is_refused_naming_the_line() -> None:
    error = _error("Level up {1000001}\nLEVEL 1+\n2/2")
    assert error.line_number == 1 and "generic mana {1000001}" in str(error)


@pytest.mark.parametrize(("build", "field"), [
    (lambda: LevelBand(10**40, None, 1, 1), "N1"),
    (lambda: LevelBand(1, 10**40, 1, 1), "N2"),
    (lambda: LevelBand(1, None, 10**40, 1), "power"),
    (lambda: LevelBand(1, None, 1, -(10**40)), "toughness"),
])
def test_huge_numbers_given_to_level_band_directly_are_a_value_error_naming_the_field(
        build: object, field: str) -> None:
    with pytest.raises(ValueError, match=field) as caught:
        build()  # type: ignore[operator]
    assert not isinstance(caught.value, OverflowError)


@pytest.mark.parametrize("field", ["power", "toughness"])
def test_huge_numbers_given_to_leveler_card_directly_are_a_value_error_naming_the_field(
        field: str) -> None:
    card = _parse(STUDENT)
    with pytest.raises(ValueError, match=f"^{field} must be between"):
        replace(card, **{field: 10**5000})
