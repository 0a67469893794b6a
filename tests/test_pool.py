"""The vectorised grid equals the scalar rules (CR 711) for every card, level and zone."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leveler import LevelBand, LevelerCard, ManaCost, Zone, characteristics
from leveler.model import MAX_PT
from leveler.pool import SEGMENT_COLUMNS, at_level, cards_frame, progression, resolve_pool, segments
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


@given(st.lists(leveler_cards(gaps=True, other_costs=True), min_size=1, max_size=5),
       st.lists(st.integers(0, 40), min_size=1, max_size=6))
def test_progression_shows_a_level_up_cost_that_is_not_mana_as_printed(
    cards: list[LevelerCard], levels: list[int]
) -> None:
    """702.87a: level up [cost], any cost (711.4: there at every count), in the grid as in
    characteristics(); gaps between bands too (711.2a)."""
    cards = [replace(card, name=f"{card.name} {i}") for i, card in enumerate(cards)]
    pd.testing.assert_frame_equal(_plain(progression(cards, levels, list(Zone))),
                                  _plain(_expected(cards, levels, list(Zone))))


def test_resolve_pool_is_one_level_and_zone(pool: dict[str, LevelerCard]) -> None:
    frame = resolve_pool(pool, 3, "graveyard")
    assert len(frame) == 25 and set(frame["citation"]) == {"711.6"}


def test_bad_levels_are_rejected(pool: dict[str, LevelerCard]) -> None:
    with pytest.raises(ValueError, match="negative"):
        progression(pool, [-1])
    with pytest.raises(ValueError, match="whole number"):
        progression(pool, [1.5])  # type: ignore[list-item]


def test_cards_frame_has_catalogue_facts(pool: dict[str, LevelerCard]) -> None:
    frame = cards_frame(pool).set_index("name")
    student = frame.loc["Student of Warfare"]
    assert (student["mana_cost"], student["colors"], student["top_level"]) == ("{W}", "W", 7)
    assert student["bands"] == "LEVEL 2-6 / LEVEL 7+"


def test_duplicate_names_fail_cleanly(pool: dict[str, LevelerCard]) -> None:
    card = pool["Student of Warfare"]
    with pytest.raises(ValueError, match="unique"):
        progression([card, card], range(5))
    with pytest.raises(ValueError, match="unique"):
        segments([card, card])


def test_an_empty_pool_or_no_levels_give_empty_frames_with_the_columns(
    pool: dict[str, LevelerCard],
) -> None:
    for frame in (progression([], range(5)), progression(pool, []), segments([])):
        assert frame.empty
    assert list(progression([], range(3)).columns) == list(progression(pool, range(3)).columns)
    assert list(segments([]).columns) == list(SEGMENT_COLUMNS)


def test_711_6_off_the_battlefield_only_never_reads_the_stages_on_it(
    pool: dict[str, LevelerCard],
) -> None:
    """711.6: with no battlefield zone every row is the uppermost box, at any count."""
    frame = progression(pool, [0, 7, 10**18], [Zone.HAND, Zone.EXILE])
    pd.testing.assert_frame_equal(
        _plain(frame), _plain(_expected(list(pool.values()), [0, 7, 10**18],
                                        [Zone.HAND, Zone.EXILE])))


def test_column_types_stay_small_and_widen_when_a_value_needs_it(
    pool: dict[str, LevelerCard],
) -> None:
    frame = progression(pool, range(3))
    small = {frame[column].dtype for column in ("level_counters", "power", "toughness")}
    assert small == {np.dtype(np.int32)}
    giant = replace(pool["Student of Warfare"], power=MAX_PT)  # the model's bound (issue 11)
    wide = progression([giant], [10**18])
    assert wide["level_counters"].dtype == np.int64
    assert wide.loc[wide["zone"] == "hand", "power"].tolist() == [MAX_PT]  # 711.6


def test_a_card_with_hundreds_of_bands_resolves_like_characteristics() -> None:
    """711.2a/b with more bands than an int8 stage index can count."""
    bands = tuple(LevelBand(n, n, n % 7, n % 5 + 1, (f"Ability {n}",)) for n in range(1, 300))
    card = LevelerCard(name="Many Bands", mana_cost=ManaCost.parse("{1}"),
                       type_line="Creature — Test", power=0, toughness=1,
                       level_up_cost=ManaCost.parse("{1}"),
                       bands=(*bands, LevelBand(300, None, 9, 9)))
    levels = [0, 1, 127, 128, 129, 255, 256, 299, 300, 1000]
    pd.testing.assert_frame_equal(_plain(progression([card], levels, list(Zone))),
                                  _plain(_expected([card], levels, list(Zone))))


def test_a_number_too_large_for_the_grid_names_its_card(pool: dict[str, LevelerCard]) -> None:
    """A number too large for 64 bits never reaches the grid: the model refuses it first,
    naming the field (issue 11)."""
    student = pool["Student of Warfare"]
    with pytest.raises(ValueError, match=r"^a band's power must be between"):
        replace(student, name="Giant", bands=(student.bands[0], replace(
            student.bands[1], power=10**30)))


# --- segments: the grid from band boundaries, never one row per level ------------------

@st.composite
def gapped_cards(draw: st.DrawFn) -> LevelerCard:
    """Designs the model accepts beyond printed shapes: gaps between bands (711.2a: no symbol
    applies there, 613.1), a first band from 0 counters, a closed last band."""
    count = draw(st.integers(0, 4))
    low = draw(st.integers(0, 6))
    bands = []
    for index in range(count):
        closed = index < count - 1 or draw(st.booleans())
        high = low + draw(st.integers(0, 6)) if closed else None
        bands.append(LevelBand(low, high, draw(st.integers(-3, 9)), draw(st.integers(0, 9)),
                               tuple(draw(st.lists(st.sampled_from(["Flying", "Reach"]),
                                                   max_size=1)))))
        low = (high or 0) + 1 + draw(st.integers(0, 3))
    return LevelerCard(name="Gapped", mana_cost=ManaCost.parse("{1}"),
                       type_line="Creature — Test", power=draw(st.integers(0, 5)),
                       toughness=draw(st.integers(0, 5)), level_up_cost=ManaCost.parse("{1}"),
                       bands=tuple(bands), abilities=tuple(draw(st.lists(
                           st.sampled_from(["Vigilance"]), max_size=1))))


def _named(cards: list[LevelerCard]) -> list[LevelerCard]:
    return [replace(card, name=f"{card.name} {i}") for i, card in enumerate(cards)]


@settings(max_examples=80, deadline=None)
@given(st.lists(gapped_cards(), min_size=1, max_size=4))
def test_711_2a_613_1_progression_in_a_gap_is_the_printed_box_like_characteristics(
    cards: list[LevelerCard],
) -> None:
    """A count in a gap between bands, or past a closed last band, has no band (711.2a) and
    the printed values (613.1), in the grid as in characteristics()."""
    cards = _named(cards)
    levels = list(range(max(card.top_level for card in cards) + 12))
    pd.testing.assert_frame_equal(_plain(progression(cards, levels, list(Zone))),
                                  _plain(_expected(cards, levels, list(Zone))))


def _probes(row: pd.Series) -> list[int]:
    """Counts to check a segment at: its first, its last (or far past an open start), between."""
    first = int(row["from_level"])
    last = first + 10**6 if pd.isna(row["to_level"]) else int(row["to_level"])
    return sorted({first, (first + last) // 2, last})


@settings(max_examples=80, deadline=None)
@given(st.one_of(st.lists(gapped_cards(), min_size=1, max_size=4),
                 st.lists(leveler_cards(), min_size=1, max_size=4)),
       st.lists(st.sampled_from(list(Zone)), min_size=1, max_size=7, unique=True))
def test_segments_equal_characteristics_at_every_boundary_and_between(
    cards: list[LevelerCard], zones: list[Zone],
) -> None:
    """711.2a/b, 711.5, 711.6, 613.1: each segment is what characteristics() says at its first
    count, its last and between; the segments of a card and zone tile 0.. with no hole."""
    cards = _named(cards)
    frame = segments(cards, zones)
    assert list(frame.columns) == list(SEGMENT_COLUMNS)
    assert frame["from_level"].dtype == np.int64 and str(frame["to_level"].dtype) == "Int64"
    for (name, zone), rows in frame.groupby(["name", "zone"], observed=True, sort=False):
        card = next(card for card in cards if card.name == name)
        starts = list(rows["from_level"])
        ends = list(rows["to_level"])
        assert starts[0] == 0 and pd.isna(ends[-1]) and not any(pd.isna(end) for end in ends[:-1])
        assert starts[1:] == [int(end) + 1 for end in ends[:-1]], (name, zone)
        for row in rows.to_dict("records"):
            for level in _probes(pd.Series(row)):
                now = characteristics(card, level, zone)
                band = None if pd.isna(row["band"]) else row["band"]
                assert (row["power"], row["toughness"], band, row["abilities"],
                        row["citation"]) == (now.power, now.toughness,
                                             now.band.label if now.band else None,
                                             "\n".join(now.abilities), now.rule), \
                    (name, zone, level)


@settings(max_examples=40, deadline=None)
@given(st.lists(gapped_cards(), min_size=1, max_size=4), st.integers(0, 60))
def test_at_level_picks_one_segment_per_card_and_zone_equal_to_progression(
    cards: list[LevelerCard], level: int,
) -> None:
    cards = _named(cards)
    frame = segments(cards)
    picked = frame[at_level(frame, level)].reset_index(drop=True)
    grid = progression(cards, [level])
    assert len(picked) == len(grid) == len(cards) * len(Zone)
    columns = ["name", "zone", "power", "toughness", "band", "abilities", "citation"]
    pd.testing.assert_frame_equal(_plain(picked[columns]), _plain(grid[columns]))


def test_segments_cost_the_bands_not_the_numbers_printed_on_them(
    pool: dict[str, LevelerCard],
) -> None:
    """A band starting at 1,000 counters (the model's MAX_LEVEL) makes no more rows than one
    at 10: a card has a segment per band and one below (711.5) on the battlefield, one per
    other zone (711.6)."""
    student = pool["Student of Warfare"]
    low = replace(student, bands=(replace(student.bands[0], min_level=2, max_level=9),
                                  replace(student.bands[1], min_level=10)))
    high = replace(student, bands=(replace(student.bands[0], min_level=2, max_level=999),
                                   replace(student.bands[1], min_level=1000)))
    assert len(segments([low])) == len(segments([high])) == 3 + 6
    assert segments([high])["from_level"].tolist()[:3] == [0, 2, 1000]
    assert len(segments(pool)) == sum(len(card.bands) + 1 + 6 for card in pool.values())


def test_at_level_refuses_a_negative_count(pool: dict[str, LevelerCard]) -> None:
    with pytest.raises(ValueError, match="negative"):
        at_level(segments(pool), -1)
