"""One owner for what a stage is (leveler.stages): its label in the balance frames, the
turns frames and the pool grid, and the stage rows the grid and segments read."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from leveler import LevelBand, LevelerCard, ManaCost, Zone, characteristics, load_pool
from leveler.balance import apply_variant, fit_trend, investment, variant_parameters, variants
from leveler.pool import segments
from leveler.stages import CITATIONS, PRINTED, stage_labels, stage_rows
from leveler.turns import turns_to_band
from tests.test_pool import gapped_cards

TREND = fit_trend(load_pool())


def test_711_2_every_frame_labels_a_stage_as_stage_labels_does(
    pool: dict[str, LevelerCard],
) -> None:
    """711.5/711.6: stage 0 is 'printed'; 711.2a/b: stage k is band k's level symbol."""
    for card in pool.values():
        labels = [PRINTED, *(band.label for band in card.bands)]
        assert list(stage_labels(card)) == labels
        assert investment(card)["band"].tolist() == labels
        assert turns_to_band(card)["band"].tolist() == labels


def test_711_2a_a_variant_of_a_design_with_a_gap_keeps_its_band_ends(
    pool: dict[str, LevelerCard],
) -> None:
    """A design with a gap (5-6) and a closed last band reads LEVEL 2-4 and LEVEL 7-9
    (711.2a), not the contiguous LEVEL 2-6 / LEVEL 7+ (the labels once assumed every band
    ended where the next began and the last was open)."""
    student = pool["Student of Warfare"]
    design = replace(student, bands=(replace(student.bands[0], max_level=4),
                                     replace(student.bands[1], min_level=7, max_level=9)))
    frame = variants(design, trend=fit_trend(pool))
    own = frame[frame["parameter"] == "design"]["band"].tolist()
    assert own == [PRINTED, design.bands[0].label, design.bands[1].label]


@settings(max_examples=40, deadline=None)
@given(gapped_cards())
def test_every_variant_is_labelled_as_its_own_card_reads(card: LevelerCard) -> None:
    """711.2a/b: each variant row's band is the level symbol of the variant card's band
    (apply_variant: moving an N1 moves the end of the band before it, nothing else)."""
    frame = variants(card, trend=TREND)
    assert set(frame["parameter"].astype(str)) <= {"design", *variant_parameters(card)}
    for (parameter, step), rows in frame.groupby(["parameter", "step"], observed=True,
                                                 sort=False):
        # every variant kept is one apply_variant makes (a refused one is never listed)
        moved = card if parameter == "design" else apply_variant(card, str(parameter), int(step))
        assert rows["band"].tolist() == [PRINTED, *(band.label for band in moved.bands)]


@settings(max_examples=60, deadline=None)
@given(st.lists(gapped_cards(), min_size=1, max_size=4))
def test_stage_rows_tile_the_counts_and_cite_as_characteristics(
    cards: list[LevelerCard],
) -> None:
    """Each card's stage rows run from 0 with no hole and no overlap (the last open); at its
    first and last count a stage has characteristics()'s P/T, band and citation (711.2a/b,
    711.5, 613.1). An empty stage 0 (a first band from 0) ends at -1."""
    cards = [replace(card, name=f"{card.name} {i}") for i, card in enumerate(cards)]
    rows = stage_rows(cards)
    assert rows.power.dtype == rows.toughness.dtype == np.int32
    for index, card in enumerate(cards):
        mine = np.flatnonzero(rows.card == index)
        assert mine[0] == rows.first[index]
        starts = rows.from_level[mine].tolist()
        ends = rows.to_level[mine].tolist()
        assert starts[0] == 0 and pd.isna(ends[-1])
        assert starts[1:] == [end + 1 for end in ends[:-1]]
        for row, start, end in zip(mine, starts, ends, strict=True):
            if not pd.isna(end) and end < start:
                assert row == rows.first[index] and card.bands[0].min_level == 0
                continue
            for level in {start, start if pd.isna(end) else end}:
                now = characteristics(card, level, Zone.BATTLEFIELD)
                label = rows.label[row]
                assert (int(rows.power[row]), int(rows.toughness[row]),
                        None if label < 0 else rows.label_values[label],
                        CITATIONS[rows.cite[row]]) == (
                    now.power, now.toughness, now.band.label if now.band else None, now.rule)


def test_a_band_from_0_counters_leaves_no_battlefield_segment_below_it() -> None:
    """711.5 never applies when N1 is 0; off the battlefield the printed box still does
    (711.6)."""
    card = LevelerCard(name="From Zero", mana_cost=ManaCost.parse("{1}"),
                       type_line="Creature — Test", power=1, toughness=1,
                       level_up_cost=ManaCost.parse("{1}"),
                       bands=(LevelBand(0, 2, 2, 2), LevelBand(3, None, 4, 4)))
    frame = segments([card])
    field = frame[frame["zone"] == Zone.BATTLEFIELD.value]
    assert field["from_level"].tolist() == [0, 3]
    assert field["citation"].tolist() == ["711.2a", "711.2b"]
    hand = frame[frame["zone"] == Zone.HAND.value]
    assert hand[["power", "citation"]].values.tolist() == [[1, "711.6"]]
