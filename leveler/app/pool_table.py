"""The Pool tab's table as marimo shows it (``mo.ui.table``): the frame, its options, the pick.

The rows are :func:`leveler.pool_grid.pool_table`'s (the library's values, one row per
card at one count and zone); here they get the words of one language for the headers
(``col.<column>``, the column's English name when a language has none) and for "no
band" (``no_band``), each ability on its own line, and the card's printed name in the
words' ``printed_language`` (e.g. "French") when the card has one
(:meth:`leveler.model.LevelerCard.translation`). marimo's table shows every value as
text (it escapes what it is given), sorts by a header, searches, pages, selects rows and
downloads; :func:`picked_card` turns a selected row back into the pool's card name.
Nothing here is marimo: the notebook passes :func:`table_options` to ``mo.ui.table``.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from leveler.app.views import table_caption
from leveler.model import LevelerCard, Zone
from leveler.pool_grid import NO_BAND, SOURCE_COLUMN, TABLE_COLUMNS, PoolGrid, printed_name

__all__ = ["NUMERIC", "STAGE_COLUMNS", "PoolTable", "caption_html", "levels_text",
           "picked_card", "pool_table_frame", "stages_table", "table_options"]

NUMERIC = ("Power", "Toughness")
"""Columns shown right-aligned."""

STAGE_COLUMNS = ("Name", "Levels", "From", "Band", "Power", "Toughness", "Abilities", "Rule",
                 "Mana cost", "Mana value")
"""Columns of the table of every stage: the card, the level counters it holds the stage
over (``Levels`` as text, ``From`` as a number to sort by), then the pool table's."""


@dataclass(frozen=True, slots=True)
class PoolTable:
    """What the Pool tab's table shows (``frame``, headers in one language) and, row by
    row, the pool name of each card (``names``: a selected row's position gives it back,
    whatever language its name is shown in)."""

    frame: pd.DataFrame
    names: tuple[str, ...]
    headers: dict[str, str]
    """English column name -> its header in the frame."""


def _header(text: Mapping[str, str], column: str) -> str:
    return text.get(f"col.{column}", column)


def pool_table_frame(text: Mapping[str, str], table: pd.DataFrame,
                     pool: Mapping[str, LevelerCard] | None = None) -> PoolTable:
    """``table`` (columns :data:`TABLE_COLUMNS`) as the table shows it in ``text``'s words:
    headers ``col.<column>``, :data:`NO_BAND` as ``no_band``, and a card's printed name in
    the words' ``printed_language`` where ``pool`` has one."""
    missing = [column for column in TABLE_COLUMNS if column not in table.columns]
    if missing:
        raise ValueError(f"the pool table lacks the columns {', '.join(missing)}")
    names = tuple(str(name) for name in table["Name"])
    shown = table.loc[:, list(TABLE_COLUMNS)].copy()
    language = text.get("printed_language", "")
    if pool is not None and language:
        shown["Name"] = [printed_name(pool.get(name), name, language) for name in names]
    band = shown["Band"].astype(str)
    shown["Band"] = band.where(band != NO_BAND, text.get("no_band", NO_BAND))
    shown["Abilities"] = shown["Abilities"].astype(str)
    headers = {column: _header(text, column) for column in TABLE_COLUMNS}
    shown = shown.rename(columns=headers).reset_index(drop=True)
    return PoolTable(frame=shown, names=names, headers=headers)


def levels_text(start: int, end: int | None) -> str:
    """Level counters ``start`` to ``end`` as a range: "3", "1-3", "4+" (``end`` None: open)."""
    if end is None:
        return f"{start}+"
    return str(start) if start == end else f"{start}-{end}"


def stages_table(text: Mapping[str, str], grid: PoolGrid, zone: Zone | str,
                 names: Sequence[str], pool: Mapping[str, LevelerCard] | None = None,
                 ) -> PoolTable:
    """Every stage of the cards ``names`` in ``zone``: one row per card and range of level
    counters over which it does not change (the grid's segments, 711.2a/b, 711.5, 711.6),
    in the words of ``text`` (headers ``col.<column>``, ``no_band``, printed names as in
    :func:`pool_table_frame`). The slider is no input: a level move never remakes it."""
    where, starts, ends = grid.zones[Zone.coerce(zone).value]
    open_end = np.iinfo(np.int64).max
    rows = grid.rows.iloc[where].copy()
    rows.insert(1, "Levels", [levels_text(int(start), None if end == open_end else int(end))
                              for start, end in zip(starts, ends, strict=True)])
    rows.insert(2, "From", starts.astype(np.int64))
    rows = rows[rows["Name"].isin(set(names))]
    columns = list(STAGE_COLUMNS)
    if grid.mixed:  # a design or a draft in the pool: each row says where its card comes from
        columns.insert(1, SOURCE_COLUMN)
    rows = rows.sort_values(["Name", "From"], kind="stable").loc[:, columns]
    card_names = tuple(str(name) for name in rows["Name"])
    shown = rows.copy()
    language = text.get("printed_language", "")
    if pool is not None and language:
        shown["Name"] = [printed_name(pool.get(name), name, language) for name in card_names]
    band = shown["Band"].astype(str)
    shown["Band"] = band.where(band != NO_BAND, text.get("no_band", NO_BAND))
    if SOURCE_COLUMN in columns:
        shown[SOURCE_COLUMN] = [text.get(f"source.{source}", str(source))
                                for source in shown[SOURCE_COLUMN]]
    headers = {column: _header(text, column) for column in columns}
    shown = shown.rename(columns=headers).reset_index(drop=True)
    return PoolTable(frame=shown, names=card_names, headers=headers)


def table_options(text: Mapping[str, str], table: PoolTable,
                  picked: str | None = None) -> dict[str, Any]:
    """Keyword arguments for ``mo.ui.table(table.frame, **options)``: one row selectable
    (``picked`` selected when shown), every card on one page, numbers right-aligned,
    abilities wrapped; no column summaries (they cost a round trip per redraw)."""
    options: dict[str, Any] = {
        "selection": "single",
        "pagination": True,
        "page_size": 25,
        "show_column_summaries": False,
        "show_data_types": False,
        "text_justify_columns": {table.headers[column]: "right" for column in NUMERIC
                                 if column in table.headers},
        "wrapped_columns": [table.headers["Abilities"]],
        "label": text.get("pool_table_label", ""),
    }
    if picked is not None and picked in table.names:
        options["initial_selection"] = [table.names.index(picked)]
    return options


def picked_card(table: PoolTable, value: object) -> str | None:
    """The pool name of the row selected in the table (``mo.ui.table(...).value``: a frame
    of the selected rows, indexed by their positions), or None when none is."""
    if not isinstance(value, pd.DataFrame) or value.empty:
        return None
    try:
        position = int(value.index[0])
    except (TypeError, ValueError):  # not a position: a frame this table did not make
        return None
    return table.names[position] if 0 <= position < len(table.names) else None


def caption_html(text: Mapping[str, str], shown: int, total: int, level: int,
                 zone: Zone | str, selected: Sequence[str] | None) -> str:
    """The line over the table (:func:`leveler.app.views.table_caption`), escaped; its
    ``data-level``, ``data-zone`` and ``data-shown`` say what the rows under it are for."""
    zone = Zone.coerce(zone)
    line = table_caption(text, shown, total, level, zone, selected)
    return (f'<p class="lv-caption" data-level="{int(level)}" data-zone="{zone.value}" '
            f'data-shown="{int(shown)}">{html.escape(line)}</p>')
