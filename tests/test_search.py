"""Band-aware search (leveler.search) against a brute force over every count.

The oracle below walks every count of level counters from 0 on, asks
:func:`leveler.characteristics` (711.2a/b, 711.5) what the card is there, and evaluates
each term with its own code; :func:`leveler.search.search` must give the same cards at
the same fewest counts, on the printed pool and on generated designs.
"""

from __future__ import annotations

import dataclasses
import operator
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leveler import LevelerCard, Zone, characteristics
from leveler.search import QueryError, parse_query, search
from leveler.search import matching_names as search_names
from tests.strategies import leveler_cards

COMPARE = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
           ">": operator.gt, ">=": operator.ge}


def _oracle_term(term: str, card: LevelerCard, count: int) -> bool:
    """One term at one count, evaluated from characteristics() alone."""
    negated = term.startswith("-")
    body = term[1:] if negated else term
    now = characteristics(card, count, Zone.BATTLEFIELD)
    number = re.fullmatch(r"(pow|tou|pt|lvl|mana)(!=|<=|>=|=|<|>)(-?\d+)", body)
    if number:
        key, op, value = number.group(1), number.group(2), int(number.group(3))
        if key == "mana":
            if count > 0 and card.level_up_other_cost:
                return False  # unknown once a non-mana cost is paid: no term holds
            measured = card.mana_cost.mana_value + count * card.level_up_cost.mana_value
        else:
            measured = {"pow": now.power, "tou": now.toughness,
                        "pt": now.power + now.toughness, "lvl": count}[key]
        return COMPARE[op](measured, value) != negated
    key, _, value = body.partition(":")
    value = value.strip('"').lower()
    if key == "o":
        result = any(value in ability.lower() for ability in now.abilities)
    elif key == "c":
        result = all(letter.upper() in card.mana_cost.colors for letter in value)
    elif key == "r":
        rarity = (card.rarity or "").lower()
        result = bool(rarity) and (rarity == value or (len(value) == 1 and rarity[0] == value))
    elif key == "s":
        result = value.upper() in {code.upper() for code in card.sets}
    else:
        result = any(value in name.lower()
                     for name in (card.name, *(t.name for t in card.translations)))
    return result != negated


def _oracle(cards: list[LevelerCard], query: str) -> list[tuple[str, int]]:
    terms = query.split()
    numbers = [int(n) for n in re.findall(r"-?\d+", query)] or [0]
    found = []
    for card in cards:
        top = max((band.min_level for band in card.bands), default=0)
        bound = max(max(numbers), 0) + top + 3  # past every crossing and band start
        for count in range(bound):
            if all(_oracle_term(term, card, count) for term in terms):
                found.append((card.name, count))
                break
    return sorted(found)


QUERIES = ["pow>=4 lvl<=3", "pow>=4", "tou<2", "pt>=10", "lvl=0", "lvl>5 pow<3",
           "mana<=5 pow>=4", "mana=4", "mana!=3 -lvl=0", "o:flying", 'o:"first strike"',
           "-o:flying pow>=3", "c:w", "c:rw", "-c:u", "r:rare", "r:m", "-r:c pow>=5",
           "s:roe", "s:mh1", "name:student", "name:guerre", "pow>=6 mana<=8", "pt!=2",
           "pow>100", "lvl>=50", "-pow<0", "tou>=4 o:trample"]


@pytest.mark.parametrize("query", QUERIES)
def test_search_equals_brute_force_over_counts_on_the_printed_pool(pool, query: str) -> None:
    """711.2a/b, 711.5: the first count at which every term holds, card by card."""
    got = [(match.name, match.level) for match in search(pool, query)]
    assert got == _oracle(list(pool.values()), query)


def test_the_issue_example_finds_levelers_reaching_power_4_with_three_counters(pool) -> None:
    found = {match.name: match for match in search(pool, "pow>=4 lvl<=3")}
    for match in found.values():
        assert match.level <= 3 and match.power >= 4
    # Kargan Dragonlord is 4/4 at LEVEL 4-7: one counter too many (711.2a)
    assert "Kargan Dragonlord" not in found
    student = search(pool, "name:student pow>=4")[0]
    assert (student.level, student.band.label if student.band else None) == (7, "LEVEL 7+")
    assert student.citations == ("711.2b",)


_TERMS = st.one_of(
    st.builds(lambda k, op, v, neg: f"{'-' if neg else ''}{k}{op}{v}",
              st.sampled_from(["pow", "tou", "pt", "lvl", "mana"]),
              st.sampled_from(list(COMPARE)), st.integers(-2, 30), st.booleans()),
    st.builds(lambda w, neg: f"{'-' if neg else ''}o:{w}",
              st.sampled_from(["flying", "strike", "draw", "hexproof", "level"]),
              st.booleans()),
    st.builds(lambda c, neg: f"{'-' if neg else ''}c:{c}",
              st.sampled_from(["w", "u", "wu", "r", "b", "g"]), st.booleans()),
)


@given(st.lists(leveler_cards(), min_size=1, max_size=4),
       st.lists(_TERMS, min_size=1, max_size=4))
def test_search_equals_brute_force_on_generated_designs(cards, terms) -> None:
    """Any design, any mix of terms and negations: the same first matching count."""
    named = [dataclasses.replace(card, name=f"Design {i}") for i, card in enumerate(cards)]
    query = " ".join(terms)
    got = [(match.name, match.level) for match in search(named, query)]
    assert got == _oracle(named, query)


@given(leveler_cards(), st.integers(10, 900))
def test_search_work_does_not_grow_with_the_numbers_printed(card, shift) -> None:
    """A design whose bands start far up is searched by its boundaries (711.2), not by
    walking every count: the answer for lvl>=N is N itself."""
    far = dataclasses.replace(card, bands=tuple(
        dataclasses.replace(band, min_level=band.min_level + shift,
                            max_level=None if band.max_level is None
                            else band.max_level + shift) for band in card.bands))
    top = far.bands[-1]
    found = search([far], f"lvl>={top.min_level} pow={top.power}")
    assert [(m.level, m.band) for m in found] == [(top.min_level, top)]


@pytest.mark.parametrize(("query", "where", "says"), [
    ("pow>=4 lvl<=x", "lvl<=x", "whole number"),
    ("pow>=4 foo>3", "foo", "unknown number term"),
    ("zz:flying", "zz:", "unknown term"),
    ('o:"first strike', 'o:"first strike', "quote is not closed"),
    ("c:wx", "c:wx", "colour letters"),
    ("pow>=4 flying", "flying", "not a term"),
    ("   ", " ", "empty"),
    ("pow>=1234567890", "pow>=1234567890", "at most 9 digits"),
])
def test_a_malformed_query_points_at_its_term(query: str, where: str, says: str) -> None:
    with pytest.raises(QueryError) as raised:
        parse_query(query)
    error = raised.value
    assert says in error.message
    lines = str(error).splitlines()
    caret_line = lines[-1][2:]
    start = caret_line.index("^")
    assert query[start:start + len(where)] == where
    assert caret_line.count("^") == max(1, error.end - error.start)


def test_a_design_paying_life_to_level_up_has_no_mana_figure_past_zero(pool) -> None:
    """702.87a: level up [cost] may be any cost; mana invested counts only mana."""
    student = pool["Student of Warfare"]
    paying = dataclasses.replace(student, name="Life Student", level_up_other_cost="Pay 2 life")
    assert [m.level for m in search([paying], "mana>=0")] == [0]
    assert search([paying], "mana>=2") == []
    assert search([paying], "-mana<2") == []


def test_matching_names_for_the_app_filter(pool) -> None:
    """A blank query lets every card through; a malformed one is returned, not raised."""
    assert search_names(pool, "  ") == (None, None)
    names, error = search_names(pool, "pow>=4 lvl<=3")
    assert error is None and names == {match.name for match in search(pool, "pow>=4 lvl<=3")}
    names, error = search_names(pool, "pow>=")
    assert names is None and isinstance(error, QueryError)
