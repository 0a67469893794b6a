"""leveler.app.pool_table: the Pool tab's marimo table (issue 13).

The values are the library's (pool_grid.pool_table: 711.2a/b, 711.5, 711.6); here only
the words around them and the pick of a row are checked.
"""

from __future__ import annotations

from collections.abc import Mapping

import marimo as mo
import pandas as pd
import pytest

import leveler
from leveler.app import pool_table as pt
from leveler.app.words import words_for
from leveler.pool_grid import NO_BAND, TABLE_COLUMNS, pool_grid, pool_table

POOL = leveler.load_pool()
GRID = pool_grid(POOL)
EN, FR = words_for("en"), words_for("fr")


def _table(level: int = 0, zone: str = "battlefield",
           text: Mapping[str, str] = EN) -> pt.PoolTable:
    return pt.pool_table_frame(text, pool_table(GRID, level, zone, GRID.names), POOL)


def test_711_2b_values_are_the_librarys_and_headers_the_words() -> None:
    table = _table(7)
    frame = table.frame
    assert list(frame.columns) == [EN.get(f"col.{c}", c) for c in TABLE_COLUMNS]
    row = frame.iloc[table.names.index("Student of Warfare")]
    now = leveler.characteristics(POOL["Student of Warfare"], 7, leveler.Zone.BATTLEFIELD)
    assert row.iloc[3] == now.power == 4 and row.iloc[4] == now.toughness == 4
    assert row.iloc[6] == now.rule == "711.2b"
    assert "Double strike" in row.iloc[5].split("\n")


def test_711_6_no_band_in_the_graveyard_says_the_words_no_band() -> None:
    for text in (EN, FR):
        table = _table(7, "graveyard", text)
        band = table.frame.iloc[:, 2]
        assert set(band) == {text["no_band"]}
        assert NO_BAND not in set(band) or text["no_band"] == NO_BAND


def test_french_shows_the_printed_french_name_and_keeps_the_pool_name() -> None:
    table = _table(0, "battlefield", FR)
    row = table.names.index("Student of Warfare")
    if FR.get("printed_language"):
        assert table.frame.iloc[row, 0] == "Étudiante de la guerre"
    assert table.names[row] == "Student of Warfare"


def test_a_selected_row_gives_its_pool_name_back() -> None:
    table = _table(3)
    ui = mo.ui.table(table.frame, **pt.table_options(EN, table))
    for position in (0, 5, len(table.names) - 1):
        value = ui._convert_value([str(position)])
        assert pt.picked_card(table, value) == table.names[position]
    assert pt.picked_card(table, ui._convert_value([])) is None
    assert pt.picked_card(table, None) is None
    assert pt.picked_card(table, pd.DataFrame({"x": [1]}, index=["nope"])) is None
    assert pt.picked_card(table, pd.DataFrame({"x": [1]}, index=[999])) is None


def test_the_picked_card_is_selected_when_the_table_is_made_again() -> None:
    table = _table(3)
    options = pt.table_options(EN, table, picked="Kargan Dragonlord")
    assert options["initial_selection"] == [table.names.index("Kargan Dragonlord")]
    ui = mo.ui.table(table.frame, **options)
    assert pt.picked_card(table, ui.value) == "Kargan Dragonlord"
    assert "initial_selection" not in pt.table_options(EN, table, picked="Not In Pool")


def test_a_hostile_name_is_data_not_markup() -> None:
    """marimo's table shows a value as text: the frame keeps it as it is (no HTML here)."""
    hostile = pool_table(GRID, 0, "battlefield", GRID.names).head(1).copy()
    hostile["Name"] = "<img src=x onerror=alert(1)>"
    table = pt.pool_table_frame(EN, hostile)
    assert table.frame.iloc[0, 0] == "<img src=x onerror=alert(1)>"


def test_a_table_without_the_pool_columns_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="Rule"):
        pt.pool_table_frame(EN, pool_table(GRID, 0, "battlefield", GRID.names)
                            .drop(columns="Rule"))
