"""What the explorer app shows, as plain data and escaped HTML.

The marimo notebook (``notebooks/explorer.py``) only builds controls, calls these
functions and lays out their results. Nothing here decides a rule: every power,
toughness, band and citation comes from :func:`leveler.pool.segments` (the pool's
segments, computed once per pool) or :func:`leveler.rules.characteristics` (one card).

Everything taken from card data and put into HTML goes through :func:`html.escape`.
The words these views add are English; those the app shows in another language take
them as keyword arguments (:mod:`leveler.app.labels` passes the labels' words).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from pathlib import Path

import pandas as pd

from leveler.io.editions import EDITIONS, cite
from leveler.io.pool_files import load_pool
from leveler.model import Characteristics, LevelBand, LevelerCard, Zone
from leveler.pool_grid import (
    LEVELS_PAST_TOP,
    NO_BAND,
    SORT_OPTIONS,
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
)

__all__ = [
    "APPLIES_NOW",
    "APP_CSS",
    "LEVELS_PAST_TOP",
    "NO_BAND",
    "NO_CARD",
    "POOL_ERROR",
    "POOL_ERROR_FIX",
    "SORT_OPTIONS",
    "TABLE_COLUMNS",
    "ZONE_OPTIONS",
    "PoolGrid",
    "card_html",
    "characteristics_html",
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
    "rule_quote_html",
    "selected_names",
    "table_caption",
    "table_html",
    "translation_html",
]

ZONE_OPTIONS: dict[str, Zone] = {zone.value.capitalize(): zone for zone in Zone}
"""Zone dropdown options: label -> zone, in the order of :class:`Zone`."""

# ---------------------------------------------------------------- the pool, once

def load_pool_or_error(path: str | Path | None) -> tuple[dict[str, LevelerCard], str | None]:
    """The pool at ``path`` (the bundled one for None or ""), or an empty pool and the reason.

    Every way a pool file can be bad surfaces from :func:`leveler.load_pool` as a
    ValueError (PoolError included) whose message names the file and the cards.
    """
    try:
        pool = load_pool(path or None)
    except ValueError as error:
        return {}, str(error)
    if not pool:
        return {}, f"{path}: the file holds no leveler cards"
    return pool, None


POOL_ERROR = "The app could not load its card pool."
POOL_ERROR_FIX = ("Fix the file named by {variable}, or unset it to use the bundled pool, "
                  "and reload.")


def error_html(message: str, *, heading: str = POOL_ERROR, fix: str = POOL_ERROR_FIX) -> str:
    """A pool-loading error for a callout: the message escaped, on its own lines.

    ``heading`` and ``fix`` (where ``{variable}`` names ``LEVELER_POOL``) are the words
    around it.
    """
    advice = html.escape(fix).replace("{variable}", "<code>LEVELER_POOL</code>")
    return (f"<p><strong>{html.escape(heading)}</strong> {advice}"
            f'</p><pre style="white-space:pre-wrap">{html.escape(message)}</pre>')


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


def table_caption(shown: int, total: int, level: int, zone: Zone | str,
                  selected: Sequence[str] | None) -> str:
    """One line over the table: how many cards it shows, at which count and zone, and why."""
    zone = Zone.coerce(zone)
    counters = "1 level counter" if level == 1 else f"{level} level counters"
    line = f"{shown} of {total} cards with {counters}, {zone.phrase}"
    if selected is None:
        return line + ". Click a card's line, or drag a box, in the chart to pick cards."
    return (f"{line}; only the {len(selected)} selected in the chart (double-click the chart "
            "to clear).")


APP_CSS = """<style>
.lv-table{border-collapse:collapse;width:100%;table-layout:fixed;font-size:.9rem;line-height:1.35}
.lv-table caption{caption-side:top;text-align:left;padding:.25rem 0 .5rem;color:#444}
.lv-table th{background:#f3f1ea;text-align:left;font-weight:600;padding:.35rem .6rem;
 border-bottom:2px solid #cfc8b4;white-space:nowrap}
.lv-table td{padding:.3rem .6rem;border-bottom:1px solid #e6e1d3;vertical-align:top}
.lv-table tbody tr:nth-child(even){background:#faf8f3}
.lv-table .lv-num{text-align:right;font-variant-numeric:tabular-nums}
.lv-table td.lv-none{color:#888}
.lv-table .lv-ab{display:block}
</style>"""
"""The app's stylesheet (the pool table's look), included once in the page."""
_NUMERIC = frozenset({"Power", "Toughness"})
_WIDTHS = {"Name": "15rem", "Mana cost": "6.5rem", "Band": "7rem", "Power": "4.5rem",
           "Toughness": "6rem", "Rule": "4.5rem"}


def _cell(column: str, value: object, no_band: str = NO_BAND) -> str:
    text = str(value)
    if column == "Abilities":
        lines = "".join(f'<span class="lv-ab">{html.escape(line)}</span>'
                        for line in text.split("\n"))
        return f"<td>{lines}</td>"
    if column == "Band" and text == NO_BAND:
        return f'<td class="lv-none">{html.escape(no_band)}</td>'
    css = "lv-num" if column in _NUMERIC else "lv-none" if text == NO_BAND else ""
    attribute = f' class="{css}"' if css else ""
    return f"<td{attribute}>{html.escape(text)}</td>"


NO_CARD = "No card passes the filters."
"""What the pool table says when no card passes the filters."""


def table_html(table: pd.DataFrame, caption: str, level: int, zone: Zone | str, *,
               empty: str = NO_CARD, no_band: str = NO_BAND) -> str:
    """The pool table as an HTML table: every value escaped, one ability per line.

    ``data-level`` and ``data-zone`` say which count and zone the rows are for. Its
    look comes from :data:`APP_CSS`, which the page includes once (a ``<style>`` in
    every table would restyle the whole page on every update). ``empty`` is what an
    empty table says, ``no_band`` what the Band column shows for :data:`NO_BAND`.
    """
    zone = Zone.coerce(zone)
    numeric = ' class="lv-num"'
    head = "".join(f'<th scope="col"{numeric if column in _NUMERIC else ""}>'
                   f"{html.escape(column)}</th>" for column in table.columns)
    body = "".join(
        "<tr>" + "".join(_cell(column, value, no_band)
                         for column, value in zip(table.columns, row, strict=True)) + "</tr>"
        for row in table.itertuples(index=False, name=None))
    columns = "".join(f'<col style="width:{_WIDTHS[column]}">' if column in _WIDTHS
                      else "<col>" for column in table.columns)
    if table.empty:
        body = (f'<tr><td colspan="{len(table.columns)}" class="lv-none">'
                f"{html.escape(empty)}</td></tr>")
    return (f'<table class="lv-table" data-level="{level}" '
            f'data-zone="{zone.value}"><caption>{html.escape(caption)}</caption>'
            f"<colgroup>{columns}</colgroup><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


# ---------------------------------------------------------------- the card view

_BOX = ("border:2px solid #3b3b3b;border-radius:12px;max-width:34rem;background:#fbf8f1;"
        "color:#1d1d1d;font-family:system-ui,sans-serif;overflow:hidden")
_HEAD = ("display:flex;justify-content:space-between;gap:1rem;padding:.45rem .75rem;"
         "background:#e8e1cf;font-weight:600")
_TYPE = "padding:.3rem .75rem;border-top:1px solid #bbb;font-size:.9em"
_STRIPE = ("display:grid;grid-template-columns:6rem 1fr 3.5rem;gap:.5rem;align-items:center;"
           "padding:.55rem .75rem;border-top:1px solid #d4cdb8")
_ACTIVE = "background:#ffe9a8;box-shadow:inset 5px 0 0 #c77d00"
_LEVEL = ("display:inline-block;padding:.1rem .35rem;border-radius:4px;background:#3b3b3b;"
          "color:#fff;font-size:.75em;font-weight:700;letter-spacing:.03em")
_PT = ("justify-self:end;padding:.1rem .4rem;border:1.5px solid #3b3b3b;border-radius:6px;"
       "background:#fff;font-weight:700")


APPLIES_NOW = "applies now"
"""The card view's mark on the striation that applies."""


def _stripe(level: str, lines: Iterable[str], pt: str, *, active: bool,
            applies_now: str = APPLIES_NOW) -> str:
    style = _STRIPE + (";" + _ACTIVE if active else "")
    current = ' aria-current="true" data-active="true"' if active else ""
    marker = ('<div style="font-size:.75em;color:#8a5200;margin-top:.2rem">'
              f"{html.escape(applies_now)}</div>" if active else "")
    symbol = f'<span style="{_LEVEL}">{html.escape(level)}</span>' if level else ""
    text = "".join(f"<div>{html.escape(line)}</div>" for line in lines)
    return (f'<div class="lv-stripe" data-band="{html.escape(level)}" style="{style}"'
            f'{current}><div>{symbol}{marker}</div><div>{text}</div>'
            f'<div class="lv-pt" style="{_PT}">{html.escape(pt)}</div></div>')


def card_html(card: LevelerCard, active: LevelBand | None, *,
              applies_now: str = APPLIES_NOW) -> str:
    """The card's text box in striations, the one that applies now highlighted.

    The first striation holds the abilities outside any band, level up (711.4) and
    the uppermost P/T box, which is the one that applies when ``active`` is None
    (711.5, 711.6); each band's striation has its level symbol and P/T box. The
    highlighted one is marked ``applies_now``.
    """
    level_up = (f"{card.level_up_ability} ({card.level_up_cost}: Put a level counter on "
                "this. Level up only as a sorcery.)")
    stripes = [_stripe("", (*card.abilities, level_up), f"{card.power}/{card.toughness}",
                       active=active is None, applies_now=applies_now)]
    stripes += [_stripe(band.label, band.abilities, f"{band.power}/{band.toughness}",
                        active=band == active, applies_now=applies_now)
                for band in card.bands]
    return (f'<div class="lv-card" style="{_BOX}"><div style="{_HEAD}">'
            f'<span class="lv-name">{html.escape(card.name)}</span>'
            f"<span>{html.escape(str(card.mana_cost))}</span></div>"
            f'<div style="{_TYPE}">{html.escape(card.type_line)}</div>'
            + "".join(stripes) + "</div>")


def characteristics_html(level: int, zone: Zone | str, now: Characteristics) -> str:
    """What :func:`leveler.characteristics` says the card is now: P/T, band, abilities."""
    zone = Zone.coerce(zone)
    band = now.band.label if now.band is not None else NO_BAND
    counters = "1 level counter" if level == 1 else f"{level} level counters"
    abilities = "".join(f"<li>{html.escape(ability)}</li>" for ability in now.abilities)
    return (f'<div class="lv-now"><div>With <strong>{counters}</strong>, '
            f"<strong>{zone.phrase}</strong>:</div>"
            f'<div class="lv-now-pt" style="font-size:2em;font-weight:700;margin:.1rem 0">'
            f"{now.power}/{now.toughness}</div>"
            f'<div>Band: <strong class="lv-now-band">{html.escape(band)}</strong></div>'
            f'<div style="margin-top:.4rem">Abilities now:</div>'
            f'<ul class="lv-now-abilities" style="margin:.2rem 0">{abilities}</ul></div>')


def edition_options() -> dict[str, str]:
    """Language switch options: edition label -> key of :data:`leveler.io.editions.EDITIONS`."""
    return {label: key for key, label in EDITIONS.items()}


def rule_quote_html(rule: str, edition: str, *, rule_word: str = "Rule", now: str = "now",
                    no_text: str = "no text") -> str:
    """Rule ``rule`` quoted with its number as ``edition`` words it (710 in 2011, 711 now).

    ``rule_word``, ``now`` (before the current number of a renumbered rule) and
    ``no_text`` are the words around the quote.
    """
    quoted = cite(rule, edition)
    label = html.escape(EDITIONS[edition])
    number = html.escape(quoted.number or rule)
    if quoted.text is None:
        return (f'<p class="lv-rule" data-rule="{html.escape(rule)}">{html.escape(rule_word)} '
                f"{number}: {html.escape(quoted.note or no_text)} ({label}).</p>")
    renumbered = (f" &middot; {html.escape(now)} {html.escape(rule)}"
                  if quoted.number != rule else "")
    return (f'<figure class="lv-rule" data-rule="{html.escape(rule)}" style="margin:0">'
            '<blockquote style="margin:.3rem 0;padding:.5rem .9rem;border-left:4px solid '
            f'#c77d00;background:#fff8e6"><strong>{number}</strong> '
            f"{html.escape(quoted.text)}</blockquote>"
            f'<figcaption style="font-size:.85em;color:#555">{label}{renumbered}'
            "</figcaption></figure>")


def translation_html(card: LevelerCard, language: str = "French", *,
                     missing: str | None = None, printed: str | None = None) -> str:
    """The card's printed name and text in ``language``, or a note that the pool lacks it.

    ``missing`` and ``printed`` are that note and the heading over the text (default:
    "The pool has no French text for this card.", "Printed in French:").
    """
    found = card.translation(language)
    if found is None:
        note = missing or f"The pool has no {language} text for this card."
        return f'<p class="lv-translation"><em>{html.escape(note)}</em></p>'
    lang = ' lang="fr"' if language.lower() == "french" else ""
    heading = printed or f"Printed in {language}:"
    return (f'<div class="lv-translation"><div style="font-size:.85em;color:#555">'
            f"{html.escape(heading)}</div><div{lang}>"
            f'<div style="font-weight:600;margin-bottom:.25rem">{html.escape(found.name)}'
            '</div><div style="white-space:pre-wrap;padding:.5rem .75rem;border:1px solid '
            f'#ccc;border-radius:8px;background:#fafafa;max-width:34rem">'
            f"{html.escape(found.text)}</div></div></div>")
