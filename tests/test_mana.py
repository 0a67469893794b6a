"""Mana costs: parse, format, mana value (CR 202.3) and colours (CR 202.2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leveler import ManaCost, ManaCostError
from leveler.mana import MAX_GENERIC_MANA

CASES = [
    ("{2}{W}", 3, ("W",)),
    ("{W/U}", 1, ("W", "U")),
    ("{2/W}", 2, ("W",)),
    ("{W/P}", 1, ("W",)),
    ("{X}{R}", 1, ("R",)),
    ("{C}", 1, ()),
    ("{S}", 1, ()),
    ("{G/U/P}", 1, ("U", "G")),
    ("", 0, ()),
    ("{1}{W}{U}{B}{R}{G}", 6, ("W", "U", "B", "R", "G")),
]


@pytest.mark.parametrize(("text", "value", "colors"), CASES)
def test_mana_value_and_colours(text: str, value: int, colors: tuple[str, ...]) -> None:
    cost = ManaCost.parse(text)
    assert (cost.mana_value, cost.colors) == (value, colors)
    assert str(cost) == text


def test_lower_case_and_spaces_are_normalised() -> None:
    assert str(ManaCost.parse(" {2}{w/u} ")) == "{2}{W/U}"


@pytest.mark.parametrize(("text", "fragment"), [
    ("{Q}", "unknown mana symbol {Q}"),
    ("{W/W}", "unknown mana symbol {W/W}"),
    ("2W", "not a run of symbols"),
    ("{2}W", "stopped at character 4"),
    ("{2", "not a run of symbols"),
    ("{}", "unknown mana symbol {}"),
    ("{99999999999}", "larger than"),
])
def test_garbage_gets_a_clear_error(text: str, fragment: str) -> None:
    with pytest.raises(ManaCostError, match=None) as caught:
        ManaCost.parse(text)
    assert fragment in str(caught.value)


def test_not_text_is_an_error() -> None:
    with pytest.raises(ManaCostError, match="must be text"):
        ManaCost.parse(3)  # type: ignore[arg-type]


SYMBOLS = st.sampled_from(["W", "U", "B", "R", "G", "C", "S", "X", "W/U", "2/R", "B/P",
                           "0", "1", "7", "12"])


@given(st.lists(SYMBOLS, max_size=8))
def test_format_parse_round_trip(symbols: list[str]) -> None:
    cost = ManaCost(tuple(symbols))
    assert ManaCost.parse(str(cost)) == cost
    assert eval(repr(cost), {"ManaCost": ManaCost}) == cost


def test_107_4b_generic_mana_above_the_limit_is_refused_naming_the_symbol() -> None:
    """A card's cost never grows with the numbers printed on it (issue 11)."""
    assert MAX_GENERIC_MANA == 1_000_000
    assert ManaCost.parse("{1000000}").mana_value == MAX_GENERIC_MANA
    for text in ("{1000001}", "{" + "9" * 31 + "}", "{" + "9" * 5000 + "}"):
        with pytest.raises(ManaCostError, match=r"generic mana .* is larger than 1,000,000"):
            ManaCost.parse(text)


def test_a_mana_cost_built_directly_is_bounded_too() -> None:
    with pytest.raises(ManaCostError, match="generic mana"):
        ManaCost(("1" * 40,))
    with pytest.raises(ManaCostError, match="unknown mana symbol"):
        ManaCost(("Q",))
