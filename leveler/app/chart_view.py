"""The pool chart as the app shows it: the chart's box with the current level's rule over it.

The chart itself (:func:`leveler.charts.progression_chart`) does not depend on the level,
so a slider move never re-embeds it; only this overlay (two thin rules and a label, no
card data) is redrawn, at the pixels :class:`leveler.charts.ChartGeometry` gives.

Nor does it depend on the zone: level counters change a card only on the battlefield
(711.2a, 711.2b); in every other zone it has its uppermost P/T box (711.6), a flat line
that says nothing the table does not. So the chart always shows the battlefield, and off
it a note above the chart says so and the chart is dimmed: a zone change redraws no chart.

So the chart depends only on the pool and the language: :func:`pool_chart` builds it once
per pool and language for the whole server (Altair's build is ~0.1-0.3 s of a session's
start and of a language switch), and every session draws the same one.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from functools import lru_cache

import altair as alt

from leveler.app.labels import LABELS, counters_text, labels_for
from leveler.charts import (
    GEOMETRY,
    METRICS,
    RULE_COLOUR,
    ChartGeometry,
    chart_frame,
    progression_chart,
)
from leveler.model import Zone
from leveler.pool_grid import printed_names
from leveler.working_pool import PoolKey, WorkingPool, grid_of_key, key_of

__all__ = ["CHART_ZONE", "chart_with_rule_html", "level_rule_html", "pool_chart",
           "zone_note_html"]

CHART_ZONE = Zone.BATTLEFIELD
"""The zone the app's chart is drawn for, whatever zone the table shows (711.6)."""


def pool_chart(pool: WorkingPool, text: Mapping[str, str]) -> alt.TopLevelMixin:
    """The chart of every card of ``pool`` on :data:`CHART_ZONE` (711.2a, 711.2b), in the
    language of ``text``, its cards named as printed in it; all of them shown until the
    widget is told otherwise. One chart per pool and language, kept: nobody changes a
    chart once built (the widget reads it, a filter sets the widget's parameter)."""
    return _pool_chart(key_of(pool), text["language_code"])


@lru_cache(maxsize=8)
def _pool_chart(key: PoolKey, language: str) -> alt.TopLevelMixin:
    grid, text = grid_of_key(key), labels_for(language)
    cards = {card.name: card for card in key[0]}
    return progression_chart(chart_frame(grid, CHART_ZONE, grid.names), grid.levels,
                             text=text, names=printed_names(cards, text["printed_language"]),
                             shown=grid.names)


def level_rule_html(level: int, levels: range, geometry: ChartGeometry = GEOMETRY, *,
                    text: Mapping[str, str] | None = None) -> str:
    """Absolutely placed rules at ``level`` over both panels of the chart (no card data).

    Meant to sit in a ``position: relative`` box whose top-left corner is the chart's;
    its words (``level 7``) from ``text``, English by default. Dashed and labelled, so
    the rule is not told from the cards' lines by its colour alone.
    """
    words = LABELS["en"] if text is None else text
    counters = html.escape(counters_text(words, level))
    parts = []
    for panel, metric in enumerate(METRICS):
        x = geometry.x(panel, level, levels)
        parts.append(
            f'<div class="lv-level-rule" data-level="{level}" data-panel="{metric}" '
            f'title="{counters}" aria-hidden="true" style="position:absolute;'
            f"left:{x - 1:.1f}px;top:{geometry.top}px;height:{geometry.height}px;width:0;"
            f'border-left:2px dashed {RULE_COLOUR};pointer-events:none"></div>')
    label_x = geometry.x(0, level, levels)
    parts.append(
        f'<div class="lv-level-label" style="position:absolute;left:{label_x + 4:.1f}px;'
        f"top:{geometry.top + 2}px;font:600 11px system-ui,sans-serif;color:{RULE_COLOUR};"
        f'pointer-events:none">{html.escape(words["chart.level_rule"].format(level=level))}'
        "</div>")
    return "".join(parts)


def zone_note_html(zone: Zone | str, *, text: Mapping[str, str] | None = None) -> str:
    """The note above the chart: empty on the battlefield; elsewhere, that every card there
    has its uppermost P/T box (711.6) and that the chart shows the battlefield. Always
    present, so the chart after it keeps its place in the page and is never re-mounted."""
    words = LABELS["en"] if text is None else text
    zone = Zone.coerce(zone)
    said = "" if zone is CHART_ZONE else html.escape(
        words["chart.off_battlefield"].format(where=words[f"where.{zone.value}"]))
    return (f'<p class="lv-chart-note" role="note" data-zone="{zone.value}">{said}</p>')


def chart_with_rule_html(chart_html: str, level: int, levels: range,
                         geometry: ChartGeometry = GEOMETRY, *,
                         text: Mapping[str, str] | None = None,
                         zone: Zone | str = CHART_ZONE) -> str:
    """The chart's HTML in a box whose top-left corner is the chart's, the level rule over it,
    under the note for ``zone`` (:func:`zone_note_html`); off the battlefield the box is
    dimmed (``lv-chart-off``).

    ``chart_html`` is the embedded chart's own markup (marimo's ``chart.text``) for
    :data:`CHART_ZONE`, placed as it is.
    """
    dimmed = "" if Zone.coerce(zone) is CHART_ZONE else " lv-chart-off"
    return (f'<div class="lv-chart-zone">{zone_note_html(zone, text=text)}'
            f'<div class="lv-chart{dimmed}" style="position:relative;display:inline-block">'
            f"{chart_html}{level_rule_html(level, levels, geometry, text=text)}</div></div>")
