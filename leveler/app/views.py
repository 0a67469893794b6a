"""The Pool tab: the pool the app loads, its table and the caption over it, as escaped HTML.

The marimo notebook (``notebooks/explorer.py``) only builds controls, calls these
functions and lays out their results. Nothing here decides a rule: every power,
toughness, band and citation comes from :mod:`leveler.pool_grid` (the pool's segments,
computed once per pool); the grid's names are re-exported here for the app.

Every view takes the words of one language (a mapping of :data:`leveler.app.labels.LABELS`)
and looks its words up by key; everything taken from card data goes through
:func:`html.escape`. The look is :mod:`leveler.app.style`'s stylesheet (classes only).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from pathlib import Path

import pandas as pd

from leveler.app.labels import counters_text, where_text
from leveler.io.editions import EDITIONS
from leveler.io.pool_files import load_pool
from leveler.model import LevelerCard, Zone
from leveler.pool_grid import (
    LEVELS_PAST_TOP,
    NO_BAND,
    SORT_OPTIONS,
    SOURCE_COLUMN,
    TABLE_COLUMNS,
    PoolGrid,
    colour_name,
    default_card,
    filter_names,
    filter_options,
    level_range,
    narrow,
    pool_grid,
    pool_table,
    printed_grid,
    printed_name,
    printed_names,
)

__all__ = [
    "LEVELS_PAST_TOP",
    "NO_BAND",
    "SORT_OPTIONS",
    "TABLE_COLUMNS",
    "ZONE_OPTIONS",
    "PoolGrid",
    "colour_name",
    "default_card",
    "edition_options",
    "error_html",
    "filter_names",
    "filter_options",
    "level_range",
    "load_pool_or_error",
    "narrow",
    "pool_grid",
    "pool_table",
    "pool_table_html",
    "printed_grid",
    "printed_name",
    "printed_names",
    "selected_names",
    "table_caption",
    "table_html",
]

ZONE_OPTIONS: dict[str, Zone] = {zone.value.capitalize(): zone for zone in Zone}
"""Zone options by the zones' English names (the CLI's and benchmarks' words); the app's
dropdown is :func:`leveler.app.labels.zone_options`."""


def edition_options() -> dict[str, str]:
    """Edition radio options: edition label -> key of :data:`leveler.io.editions.EDITIONS`."""
    return {label: key for key, label in EDITIONS.items()}


# ---------------------------------------------------------------- the pool, once

def load_pool_or_error(path: str | Path | None) -> tuple[dict[str, LevelerCard], str | None]:
    """The pool at ``path`` (the bundled one for None or ""), or an empty pool and the reason.

    Every way a pool file can be bad surfaces from :func:`leveler.load_pool` as a
    ValueError (PoolError included) whose message names the file and the cards.
    """
    try:
        pool = load_pool(path or None)
    except ValueError as error:
        return {}, _file_name_only(str(error), path)
    if not pool:
        return {}, f"{Path(path or '').name}: the file holds no leveler cards"
    return pool, None


def _file_name_only(message: str, path: str | Path | None) -> str:
    """``message`` with the server path of ``path`` said as its file name (the page is
    shared: it never learns where the server keeps its files)."""
    if not path:
        return message
    return message.replace(str(path), Path(path).name)


def error_html(text: Mapping[str, str], message: str) -> str:
    """A pool-loading error for a callout: the words ``pool_error`` and ``pool_error_fix``
    (where ``{variable}`` names ``LEVELER_POOL``), then the message escaped, as it is."""
    advice = html.escape(text["pool_error_fix"]).replace("{variable}",
                                                         "<code>LEVELER_POOL</code>")
    return (f"<p><strong>{html.escape(text['pool_error'])}</strong> {advice}"
            f'</p><pre class="lv-pre">{html.escape(message)}</pre>')


# ---------------------------------------------------------------- the table

def selected_names(selection: object) -> list[str] | None:
    """Card names in a chart selection frame, or None when nothing is selected.

    ``mo.ui.altair_chart(...).value`` is an empty frame when nothing is selected;
    anything without a ``name`` column counts as no selection too.
    """
    if not isinstance(selection, pd.DataFrame) or selection.empty:
        return None
    if "name" not in selection.columns:
        return None
    return list(dict.fromkeys(selection["name"].astype(str)))


def table_caption(text: Mapping[str, str], shown: int, total: int, level: int,
                  zone: Zone | str, selected: Sequence[str] | None) -> str:
    """One line over the table: how many cards it shows, at which count and zone, and why."""
    line = text["caption"].format(shown=shown, total=total, zone=where_text(text, zone),
                                  counters=counters_text(text, level))
    if selected is None:
        return line + text["caption_hint"]
    return line + text["caption_selected"].format(selected=len(selected))


_NUMERIC = frozenset({"Power", "Toughness"})
_WIDTH_CLASS = {"Name": "lv-w-name", "Mana cost": "lv-w-cost", "Band": "lv-w-band",
                "Power": "lv-w-power", "Toughness": "lv-w-toughness", "Rule": "lv-w-rule"}


def _cell(column: str, value: object, no_band: str) -> str:
    written = str(value)
    if column == "Abilities":
        lines = "".join(f'<span class="lv-ab">{html.escape(line)}</span>'
                        for line in written.split("\n"))
        return f"<td>{lines}</td>"
    if column == "Band" and written == NO_BAND:
        return f'<td class="lv-none">{html.escape(no_band)}</td>'
    css = "lv-num" if column in _NUMERIC else "lv-none" if written == NO_BAND else ""
    attribute = f' class="{css}"' if css else ""
    return f"<td{attribute}>{html.escape(written)}</td>"


def table_html(text: Mapping[str, str], table: pd.DataFrame, caption: str, level: int,
               zone: Zone | str) -> str:
    """The pool table as an HTML table: every value escaped, one ability per line.

    The headers are the words ``col.<column>``; an empty table says ``table_empty``, the
    Band column shows ``no_band`` for :data:`NO_BAND`. ``data-level`` and ``data-zone``
    say which count and zone the rows are for.
    """
    zone = Zone.coerce(zone)
    numeric = ' class="lv-num"'
    head = "".join(f'<th scope="col"{numeric if column in _NUMERIC else ""}>'
                   f"{html.escape(text.get(f'col.{column}', str(column)))}</th>"
                   for column in table.columns)
    if SOURCE_COLUMN in table.columns:  # a design's row says so, in the words' source.*
        table = table.assign(**{SOURCE_COLUMN: [text.get(f"source.{value}", str(value))
                                                for value in table[SOURCE_COLUMN]]})
    body = "".join(
        "<tr>" + "".join(_cell(column, value, text["no_band"])
                         for column, value in zip(table.columns, row, strict=True)) + "</tr>"
        for row in table.itertuples(index=False, name=None))
    columns = "".join(f'<col class="{_WIDTH_CLASS[column]}">' if column in _WIDTH_CLASS
                      else "<col>" for column in table.columns)
    if table.empty:
        body = (f'<tr><td colspan="{len(table.columns)}" class="lv-none">'
                f"{html.escape(text['table_empty'])}</td></tr>")
    return (f'<table class="lv-table" data-level="{level}" '
            f'data-zone="{zone.value}"><caption>{html.escape(caption)}</caption>'
            f"<colgroup>{columns}</colgroup><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def pool_table_html(text: Mapping[str, str], table: pd.DataFrame, total: int, level: int,
                    zone: Zone | str, selected: Sequence[str] | None,
                    pool: Mapping[str, LevelerCard] | None = None) -> str:
    """The Pool tab's table with its caption (:func:`table_caption`) over it; with
    ``pool``, each card's printed name in the words' ``printed_language`` where it has one
    (:meth:`leveler.model.LevelerCard.translation`), else its name as written."""
    caption = table_caption(text, len(table), total, level, zone, selected)
    language = text.get("printed_language", "")
    if pool is not None and language and "Name" in table.columns:
        table = table.assign(Name=[printed_name(pool.get(str(name)), str(name), language)
                                   for name in table["Name"]])
    return table_html(text, table, caption, level, zone)

