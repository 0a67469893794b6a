"""The vectorised grid equals the scalar rules (CR 711) for every card, level and zone."""

from __future__ import annotations

from dataclasses import replace

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leveler import LevelerCard, Zone, characteristics
from leveler.pool import cards_frame, progression, resolve_pool
from tests.strategies import leveler_cards


def _expected(cards: list[LevelerCard], levels: list[int], zones: list[Zone]) -> pd.DataFrame:
    rows = []
    for card in cards:
        for level in levels:
            for zone in zones:
                c = characteristics(card, level, zone)
                rows.append((card.name, level, zone.value, c.power, c.toughness,
                             c.band.label if c.band else None, "\n".join(c.abilities), c.rule))
    return pd.DataFrame(rows, columns=["name", "level_counters", "zone", "power", "toughness",
                                       "band", "abilities", "citation"])


def _plain(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.astype(object).where(frame.notna(), None).reset_index(drop=True)


def test_progression_equals_characteristics_for_every_card_level_and_zone(
    pool: dict[str, LevelerCard],
) -> None:
    levels = list(range(max(c.top_level for c in pool.values()) + 4))
    grid = progression(pool, levels, list(Zone))
    expected = _expected(list(pool.values()), levels, list(Zone))
    assert len(grid) == len(pool) * len(levels) * 7
    pd.testing.assert_frame_equal(_plain(grid), _plain(expected))


@settings(max_examples=60, deadline=None)
@given(st.lists(leveler_cards(), min_size=1, max_size=5),
       st.lists(st.integers(0, 10**18), min_size=1, max_size=6),
       st.lists(st.sampled_from(list(Zone)), min_size=1, max_size=3, unique=True))
def test_progression_equals_characteristics_for_any_designs(
    cards: list[LevelerCard], levels: list[int], zones: list[Zone]
) -> None:
    cards = [replace(card, name=f"{card.name} {i}") for i, card in enumerate(cards)]
    pd.testing.assert_frame_equal(_plain(progression(cards, levels, zones)),
                                  _plain(_expected(cards, levels, zones)))


def test_resolve_pool_is_one_level_and_zone(pool: dict[str, LevelerCard]) -> None:
    frame = resolve_pool(pool, 3, "graveyard")
    assert len(frame) == 25 and set(frame["citation"]) == {"711.6"}


def test_bad_levels_are_rejected(pool: dict[str, LevelerCard]) -> None:
    with pytest.raises(ValueError, match="negative"):
        progression(pool, [-1])
    with pytest.raises(ValueError, match="whole numbers"):
        progression(pool, [1.5])  # type: ignore[list-item]


def test_cards_frame_has_catalogue_facts(pool: dict[str, LevelerCard]) -> None:
    frame = cards_frame(pool).set_index("name")
    student = frame.loc["Student of Warfare"]
    assert (student["mana_cost"], student["colors"], student["top_level"]) == ("{W}", "W", 7)
    assert student["bands"] == "LEVEL 2-6 / LEVEL 7+"
