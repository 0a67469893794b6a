"""The vectorised grid equals the scalar rules (CR 711) for every card, level and zone."""

from __future__ import annotations

import gc
import mmap
import pickle
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leveler import LevelBand, LevelerCard, ManaCost, Zone, characteristics, grid_fill, stages
from leveler.model import MAX_PT
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


# --- the big-grid path: columns written on worker threads into mapped pages -------------

def _force_big_grid_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every grid take the path of a 100,000-card grid (cards read in several blocks,
    columns written on threads into mapped pages)."""
    monkeypatch.setattr(stages, "BLOCK", 2)
    monkeypatch.setattr(grid_fill, "PARALLEL_ROWS", 0)
    monkeypatch.setattr(grid_fill, "MAPPED_BYTES", 1)
    monkeypatch.setattr(grid_fill, "_cpus", lambda: 2)


@settings(max_examples=40, deadline=None)
@given(st.lists(leveler_cards(), min_size=1, max_size=9),
       st.lists(st.integers(0, 40), min_size=1, max_size=5),
       st.lists(st.sampled_from(list(Zone)), min_size=1, max_size=7, unique=True))
def test_big_grid_path_gives_the_same_frame_as_the_small_one(
    cards: list[LevelerCard], levels: list[int], zones: list[Zone]
) -> None:
    """711.2a/b, 711.5, 711.6 on the threaded path: same values, dtypes and categories."""
    cards = [replace(card, name=f"{card.name} {i}") for i, card in enumerate(cards)]
    small = progression(cards, levels, zones)
    with pytest.MonkeyPatch.context() as monkeypatch:
        _force_big_grid_path(monkeypatch)
        assert isinstance(grid_fill.column_writer(1), ThreadPoolExecutor)
        big = progression(cards, levels, zones)
    pd.testing.assert_frame_equal(big, small)


def test_big_grid_columns_live_in_mapped_pages_and_behave_like_any_column(
    monkeypatch: pytest.MonkeyPatch, pool: dict[str, LevelerCard],
) -> None:
    _force_big_grid_path(monkeypatch)
    column = grid_fill.fresh((3, 4, 7), np.dtype(np.int32))
    owner = column
    while isinstance(owner, np.ndarray):
        owner = owner.base
    assert isinstance(owner, memoryview) and isinstance(owner.obj, mmap.mmap)
    assert column.flags.writeable and column.shape == (3, 4, 7)
    frame = progression(pool, range(10))
    again = pickle.loads(pickle.dumps(frame))
    pd.testing.assert_frame_equal(again, frame)
    frame.loc[0, "power"] = 99  # writable like any frame (copy-on-write)
    assert frame.loc[0, "power"] == 99 and again.loc[0, "power"] != 99


def test_duplicate_names_fail_cleanly_on_the_big_grid_path(
    monkeypatch: pytest.MonkeyPatch, pool: dict[str, LevelerCard],
) -> None:
    _force_big_grid_path(monkeypatch)
    card = pool["Student of Warfare"]
    with pytest.raises(ValueError, match="unique"):
        progression([card, card], range(5))
    assert not [t for t in threading.enumerate() if t.name.startswith("leveler-grid")]


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


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc (Linux)")
def test_a_mapped_column_gives_its_pages_back_when_dropped() -> None:
    def resident() -> int:
        return int(Path("/proc/self/statm").read_text().split()[1]) * mmap.PAGESIZE

    column = grid_fill.fresh((64, 1024, 1024), np.dtype(np.int8))  # 64 MiB, mapped
    column[...] = 1
    grown = resident()
    del column
    gc.collect()
    assert resident() < grown - 48 * 2**20


def test_a_number_too_large_for_the_grid_names_its_card(pool: dict[str, LevelerCard]) -> None:
    """A number too large for 64 bits never reaches the grid: the model refuses it first,
    naming the field (issue 11)."""
    student = pool["Student of Warfare"]
    with pytest.raises(ValueError, match=r"^a band's power must be between"):
        replace(student, name="Giant", bands=(student.bands[0], replace(
            student.bands[1], power=10**30)))
