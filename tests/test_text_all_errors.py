"""parse_card reports every independent problem of a design at once, each with its line and
rule (711.2, 711.2a, 711.2b, 702.87a, 702.87b, 604.3), without the follow-up noise of one."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leveler import CardTextError, parse_card
from leveler.text import MAX_PT
from leveler.text_errors import MAX_LISTED


def _error(text: str, **overrides: object) -> CardTextError:
    fields: dict[str, object] = {"name": "Test Knight", "power": 1, "toughness": 1}
    fields.update(overrides)
    with pytest.raises(CardTextError) as caught:
        parse_card(text, **fields)  # type: ignore[arg-type]
    return caught.value


def _where(error: CardTextError) -> list[tuple[int | None, str | None, str | None]]:
    return [(p.line_number, p.line, p.rule) for p in error.problems]


# --------------------------------------------------------------------------- several problems


def test_604_3_and_702_87a_a_star_box_and_a_misspelt_level_up_are_both_reported() -> None:
    """The issue's case: a bad power line in one band and a misspelt 'Levle up' line."""
    error = _error("Levle up {1}\nLEVEL 1-3\n*/*\nLEVEL 4+\n4/4")
    assert _where(error) == [(1, "Levle up {1}", "702.87a, 702.87b"),
                             (3, "*/*", "604.3, 711.2a")]
    assert "misspelt" in error.problems[0].message
    lines = str(error).splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("line 1: ") and lines[0].endswith("(rule 702.87a, 702.87b)")
    assert lines[1].startswith("line 3: ") and lines[1].endswith("(rule 604.3, 711.2a)")


def test_711_2a_an_overlapping_band_and_a_bad_pt_line_are_both_reported() -> None:
    error = _error("Level up {1}\nLEVEL 1-3\n2/\nLEVEL 3+\n4/4")
    assert _where(error) == [(3, "2/", "711.2"), (4, "LEVEL 3+", "711.2a")]
    assert "overlaps" in error.problems[1].message


def test_the_error_itself_is_its_first_problem() -> None:
    """Callers that read one error (message, line_number, line, rule) see the first one."""
    error = _error("Level up {1}\nLEVEL 1-3\n2/\nLEVEL 3+\n4/4")
    first = error.problems[0]
    assert (error.message, error.line_number, error.line, error.rule) == (
        first.message, first.line_number, first.line, first.rule)
    assert str(error).splitlines()[0] == str(first)


def test_fields_outside_the_text_box_come_first_then_lines_then_what_the_text_lacks() -> None:
    """208.1 printed power, 711.2 a bad box, 702.87b no level up line: in that order."""
    error = _error("LEVEL 1+\n1/", power=MAX_PT + 1)
    assert [(p.line_number, p.rule) for p in error.problems] == [
        (None, "208.1"), (2, "711.2"), (None, "702.87b")]
    assert "power of 'Test Knight' is larger than 1,000,000" in error.problems[0].message


def test_711_2_every_problem_of_three_bands_is_listed_in_line_order() -> None:
    error = _error("Level up {1}\nLEVEL 1-2\nX/1\nLEVEL 3-4\nFlying\nLEVEL 5+\n1/1\n2/2")
    assert [(p.line_number, p.rule) for p in error.problems] == [
        (3, "711.2"), (4, "711.2"), (8, "711.2")]
    assert [p.message for p in error.problems][1:] == ["this band has no P/T line",
                                                       "a second P/T line in one band"]


def test_str_of_each_problem_is_one_line_naming_its_line_and_rule() -> None:
    error = _error("Level up {1}\nLEVEL 1-3\n2/\nLEVEL 3+\n4/4")
    assert [str(p) for p in error.problems] == [
        "line 3: a power/toughness box must be two whole numbers like '3/3': '2/' "
        "(rule 711.2)",
        "line 4: band overlaps or comes before 'LEVEL 1-3'; bands go upward: 'LEVEL 3+' "
        "(rule 711.2a)",
    ]
    assert str(error) == "\n".join(str(p) for p in error.problems)


def test_naming_the_card_names_it_once_and_in_every_problem() -> None:
    """situation.py and data.py call name_card(name, prefix=path) on the error they catch."""
    error = _error("Level up {1}\nLEVEL 1-3\n2/\nLEVEL 3+\n4/4", name="Knight")
    error.name_card("Knight", prefix="custom.oracle_text")
    lines = str(error).splitlines()
    assert lines[0].startswith("custom.oracle_text: Knight, line 3: ")
    assert lines[1].startswith("line 4: ")
    assert all(p.card == "Knight" for p in error.problems)
    assert str(error.problems[1]).startswith("Knight, line 4: ")


# --------------------------------------------------------------------------- one problem


@pytest.mark.parametrize(("text", "rule"), [
    ("Level up {1}\nLEVEL 1-3\n2/2\nLEVEL 3+\n4/4", "711.2a"),
    ("Level up {1}\nLEVEL 1-2\n2/2\nLEVEL 3-4\n4/4", "711.2b"),
    ("Level up\nLEVEL 1+\n2/2", "702.87a"),
    ("LEVEL 1-2\n2/2\nLEVEL 3+\n3/3", "702.87b"),
])
def test_one_problem_is_exactly_one_and_its_text_is_unchanged(text: str, rule: str) -> None:
    error = _error(text)
    assert error.problems == (error,) and error.unlisted == 0
    assert error.rule == rule and "\n" not in str(error)


def test_readme_example_text_is_kept_for_a_single_overlapping_band() -> None:
    """711.2a: the README prints this exact text."""
    error = _error("Level up {1}\nLEVEL 1-3\n2/2\nLEVEL 3+\n4/4", name="Test")
    assert str(error) == ("line 4: band overlaps or comes before 'LEVEL 1-3'; bands go upward: "
                          "'LEVEL 3+' (rule 711.2a)")


# --------------------------------------------------------------------------- no cascades


def test_711_2_a_malformed_level_symbol_takes_its_lines_without_follow_up_noise() -> None:
    """'LEVEL X+' is refused (711.2); its 3/3 is not 'a second P/T line' of the band before,
    and the band before is not 'the last band must be open' (711.2b): the X+ was meant last."""
    error = _error("Level up {1}\nLEVEL 1-2\n2/2\nLEVEL X+\n3/3\nFlying")
    assert _where(error) == [(4, "LEVEL X+", "711.2")]


def test_711_2_a_refused_box_is_not_also_a_band_without_a_pt_line() -> None:
    error = _error("Level up {1}\nLEVEL 1-2\n*/*\nLEVEL 3+\n3/3")
    assert _where(error) == [(3, "*/*", "604.3, 711.2a")]


def test_702_87a_a_level_up_line_without_a_cost_is_not_also_a_missing_level_up() -> None:
    error = _error("Level up\nLEVEL 1-2\n2/2\nLEVEL 3+\n3/3")
    assert _where(error) == [(1, "Level up", "702.87a")]


def test_711_2a_a_band_ending_before_it_starts_is_left_out_of_the_order_checks() -> None:
    """LEVEL 6-2 is refused; LEVEL 7+ after it is not reported as overlapping it."""
    error = _error("Level up {1}\nLEVEL 6-2\n2/2\nLEVEL 7+\n3/3")
    assert _where(error) == [(2, "LEVEL 6-2", "711.2a")]


def test_711_2b_an_open_band_first_is_one_problem_not_also_a_closed_last_band() -> None:
    error = _error("Level up {1}\nLEVEL 7+\n4/4\nLEVEL 2-6\n3/3")
    assert _where(error) == [(4, "LEVEL 2-6", "711.2b")]
    assert "open band" in error.message


def test_711_2_the_wrong_language_reports_the_first_stray_box_and_the_missing_keyword() -> None:
    """French text read as German: no level symbol is read, so every box is outside a band;
    one such box is reported, then the German keyword the text lacks (702.87b)."""
    error = _error("Montée de niveau {W}\nNIVEAU 2-6\n3/3\nNIVEAU 7+\n4/4", language="de")
    assert [(p.line_number, p.rule) for p in error.problems] == [(3, "711.2"), (None, "702.87b")]
    assert "Stufe aufsteigen" in error.problems[1].message


def test_716_4_a_class_text_is_one_problem_not_one_per_level_bar() -> None:
    """A Class's level bars (716) and its type line say the same thing: one problem."""
    error = _error("(Gain the next level as a sorcery.)\nFlying\n{2}{W}: Level 2\nVigilance\n"
                   "{4}{W}: Level 3\nDouble strike", type_line="Enchantment — Class")
    assert _where(error) == [(3, "{2}{W}: Level 2", "711.7, 716.4")]


def test_702_87b_a_non_creature_is_not_also_missing_its_keyword_and_symbols() -> None:
    error = _error("Enchant creature\nWhenever enchanted creature attacks, double the number "
                   "of +1/+1 counters on it.", name="Level Up", type_line="Enchantment — Aura")
    assert [p.rule for p in error.problems] == ["702.87b, 711.2a"]


def test_711_1_no_level_symbol_is_not_reported_when_the_level_up_line_is_missing_too() -> None:
    """Without a level up line the text is not a leveler's (702.87b); its lack of level
    symbols (711.1) follows from that."""
    error = _error("Flying\nVigilance")
    assert [p.rule for p in error.problems] == ["702.87b"]


@pytest.mark.parametrize(("text", "number"), [
    ("Level up {1}\nLEVLE 1-3\n2/2\nLEVEL 4+\n4/4", 2),
    ("Level up {1}\nLEVEL 1-3\n2/2\nLEVL 4+\n4/4\nFlying", 4),
])
def test_711_2_a_misspelt_level_symbol_is_one_problem_on_its_own_line(
        text: str, number: int) -> None:
    """Read as a refused symbol, its box is not 'outside any band' or 'a second P/T line',
    and the band before is not 'the last band must be open' (711.2b)."""
    error = _error(text)
    assert [(p.line_number, p.rule) for p in error.problems] == [(number, "711.2")]
    assert "misspelt level symbol" in error.message


@pytest.mark.parametrize("line", ["Lure 3+", "Level 3 Wizards you control get +1/+1.",
                                  "Bushido 2"])
def test_711_2_an_ability_shaped_like_a_word_and_a_number_is_not_a_misspelt_symbol(
        line: str) -> None:
    card = parse_card(f"Level up {{1}}\nLEVEL 1-3\n2/2\n{line}\nLEVEL 4+\n4/4",
                      name="T", power=1, toughness=1)
    assert card.bands[0].abilities == (line,)


# --------------------------------------------------------------------------- the limit


def test_at_most_max_listed_problems_then_and_n_more() -> None:
    bands = "\n".join(f"LEVEL {level}-{level}\n{level}/" for level in range(1, 31))
    error = _error(f"Level up {{1}}\n{bands}\nLEVEL 31+\n1/1")
    assert MAX_LISTED == 20
    assert len(error.problems) == MAX_LISTED and error.unlisted == 10
    assert [p.line_number for p in error.problems] == list(range(3, 3 + 2 * MAX_LISTED, 2))
    assert str(error).splitlines()[-1] == "and 10 more problems"
    assert len(str(error).splitlines()) == MAX_LISTED + 1


def test_a_long_text_of_bad_lines_still_lists_only_max_listed() -> None:
    """10,000 refused boxes: 20 listed, the rest counted (reading stays one pass)."""
    bands = "\n".join(["LEVEL 1+", *(["9/"] * 10_000)])
    error = _error(f"Level up {{1}}\n{bands}")
    assert len(error.problems) == MAX_LISTED and error.unlisted == 10_000 - MAX_LISTED
    assert str(error).endswith(f"and {10_000 - MAX_LISTED:,} more problems")


# --------------------------------------------------------------------------- '*' (604.3)


@pytest.mark.parametrize("box", ["*/*", "*/2", "1+*/3", "2/*"])
def test_604_3_a_star_band_box_says_it_needs_a_characteristic_defining_ability(
        box: str) -> None:
    error = _error(f"Level up {{1}}\nLEVEL 1+\n{box}")
    assert (error.line_number, error.line, error.rule) == (3, box, "604.3, 711.2a")
    for words in ("characteristic-defining ability", "rule 604.3", "design is refused",
                  "as numbers"):
        assert words in error.message


@pytest.mark.parametrize(("field", "value"), [("power", "*"), ("toughness", "*+1")])
def test_604_3_a_star_printed_power_or_toughness_says_why_it_is_refused(
        field: str, value: str) -> None:
    error = _error("Level up {1}\nLEVEL 1+\n2/2", **{field: value})
    assert error.rule == "604.3" and error.line_number is None
    assert f"{field} of 'Test Knight' must be a whole number, not {value!r}" in error.message
    assert "characteristic-defining ability" in error.message
    assert "design is refused" in error.message


def test_604_3_star_power_and_a_star_band_box_are_two_problems() -> None:
    error = _error("Level up {1}\nLEVEL 1+\n*/*", power="*", toughness="*")
    assert [(p.line_number, p.rule) for p in error.problems] == [
        (None, "604.3"), (None, "604.3"), (3, "604.3, 711.2a")]


# --------------------------------------------------------------------------- property

_LINES = st.sampled_from([
    "Level up {1}", "Levle up {2}", "Level up", "LEVEL 1-2", "LEVEL 3+", "LEVEL 2-1", "LEVEL X+",
    "LEVEL 1001+", "2/2", "*/*", "X/1", "3/", "Flying", "", "   ", "{2}{W}: Level 2",
])


@given(st.lists(_LINES, max_size=30), st.sampled_from([1, "*", "-1"]))
def test_problems_are_ordered_by_line_and_quote_lines_of_the_text(
        lines: list[str], power: int | str) -> None:
    """Fields first, then problems by line (711.2: each quotes its own line), at most
    MAX_LISTED; the error is its first problem."""
    text = "\n".join(lines)
    try:
        parse_card(text, name="T", power=power, toughness=1)
    except CardTextError as error:
        problems = error.problems
        assert 1 <= len(problems) <= MAX_LISTED and error.unlisted >= 0
        numbered = [p.line_number for p in problems if p.line_number is not None]
        assert numbered == sorted(numbered)
        first_numbered = next((i for i, p in enumerate(problems) if p.line_number), None)
        if first_numbered is not None:  # fields (no line) only before the first line problem
            assert all(p.line_number is None or i >= first_numbered
                       for i, p in enumerate(problems))
        for problem in problems:
            assert problem.problems == (problem,) or problem is error
            if problem.line_number is not None:
                assert 1 <= problem.line_number <= len(lines)
                assert problem.line == lines[problem.line_number - 1].strip()
        assert (error.message, error.line_number, error.rule) == (
            problems[0].message, problems[0].line_number, problems[0].rule)
        assert len(str(error).splitlines()) == len(problems) + (1 if error.unlisted else 0)
    else:
        assert power == 1
