"""leveler.bands.band_frame: one tidy row per stage, checked against the rules core."""

from __future__ import annotations

import dataclasses

import pandas as pd
from hypothesis import given
from hypothesis import strategies as st

from leveler import Zone, characteristics
from leveler.balance import investment, turns_to_band
from leveler.bands import BAND_COLUMNS, band_frame
from tests.strategies import leveler_cards


def _check_rows(pool) -> None:
    frame = band_frame(pool)
    assert tuple(frame.columns) == BAND_COLUMNS
    for name, card in pool.items():
        rows = frame[frame["name"] == name].reset_index(drop=True)
        assert len(rows) == len(card.bands) + 1  # the printed box, then each band (711.2)
        assert rows.loc[0, "band"] == "printed" and pd.isna(rows.loc[0, "max_level"])
        for index, band in enumerate(card.bands, start=1):
            row = rows.loc[index]
            # 711.2a: N1-N2; 711.2b: N3+ has no upper end
            assert (row["min_level"], row["band"]) == (band.min_level, band.label)
            assert (pd.isna(row["max_level"]) if band.max_level is None
                    else row["max_level"] == band.max_level)
            now = characteristics(card, band.min_level, Zone.BATTLEFIELD)
            assert (row["power"], row["toughness"]) == (now.power, now.toughness)
            assert row["abilities"] == "\n".join(now.abilities)  # 711.4: level up too
            assert row["rule"] == " ".join(now.citations)
        assert rows["mana_invested"].tolist() == investment(card)["mana_invested"].tolist()
        assert rows["turn"].tolist() == turns_to_band(card)["turn"].tolist()


def test_band_frame_rows_are_what_the_rules_say_at_each_n1_on_the_printed_pool(pool) -> None:
    _check_rows(pool)


@given(st.lists(leveler_cards(), min_size=1, max_size=3))
def test_band_frame_rows_are_what_the_rules_say_on_generated_designs(cards) -> None:
    _check_rows({f"Design {i}": dataclasses.replace(card, name=f"Design {i}")
                 for i, card in enumerate(cards)})


def test_band_frame_of_an_empty_pool_has_the_columns_and_no_rows() -> None:
    frame = band_frame({})
    assert tuple(frame.columns) == BAND_COLUMNS and frame.empty
