"""Altair charts of the pool: pure functions from frames to charts (no marimo here).

The P/T progression chart draws, for every card, a step line of power (left panel)
and toughness (right panel) against level counters, as the library's segments give
them; values change only where a band (or a gap) starts (CR 711.2a, 711.2b), and off the
battlefield every line is flat at the uppermost P/T box (CR 711.6). The lines are drawn
from segment boundaries, a point where each segment starts and one closing the line at
the axis end, so a card costs its bands, never the counts printed on it; a drag is
tested against the segments (:func:`selected_cards`), so it picks the cards whose line
crosses it, not only those with a point in it.

Every card has its own look: a colour from the Okabe-Ito palette (a published
colour-blind-safe set, without its yellow, which does not show on a white page), and
past its seven colours a stroke dash, then a point shape (:func:`card_styles`), so up
to ``7 x 4 x 6`` cards drawn at once never share a look and colour is never the only
cue. Clicking a legend entry shows only that card (shift-click adds more) and fades the
others; that, a click on a line and a dragged box select the cards the app's table keeps.

The chart does not depend on the current level, so moving the level slider never
redraws it (which keeps it fast and keeps a selection made in it). The app draws the
rule at the current level as a thin HTML overlay (``leveler.app.chart_view``), placed
with :class:`ChartGeometry`: the panels have fixed sizes and spacing (``bounds:
flush``) and everything left of and above them has a fixed extent, so where level N
falls is known without drawing it. ``tests/test_charts.py`` checks that against a
rule drawn by Vega itself, in every language.

The chart's words (axis, legend and tooltip titles, colour names) are :data:`WORDS`,
English; a caller passes a mapping that overrides any of them (the app passes the words
of the language it shows). The data stays as it is, but for the two panels' columns,
which are named by the words (a repeated chart titles each panel's y axis with its
field's name), and the colour and band, shown in the words' language.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import altair as alt
import numpy as np
import pandas as pd
from altair.utils.schemapi import debug_mode

from leveler.model import Zone
from leveler.pool_grid import NO_BAND, PoolGrid

__all__ = [
    "BRUSH_SELECTION",
    "BUILT_UNCHECKED",
    "CARD_SELECTION",
    "DASHES",
    "GEOMETRY",
    "LEGEND_SELECTION",
    "METRICS",
    "PALETTE",
    "PALETTE_NAME",
    "RULE_COLOUR",
    "SHAPES",
    "SHOWN_PARAM",
    "WORDS",
    "CardStyle",
    "ChartGeometry",
    "card_styles",
    "chart_frame",
    "chart_words",
    "progression_chart",
    "selected_cards",
    "top_value",
    "value_labels",
]

WORDS: Mapping[str, str] = {
    "chart.level_counters": "Level counters",
    "chart.Power": "Power",
    "chart.Toughness": "Toughness",
    "chart.colour": "Colour",
    "chart.card": "Card",
    "chart.legend": "Card (click: only it, shift-click: more)",
    "chart.band": "Band",
    "chart.pt": "P/T",
    "chart.rule": "Rule",
    "no_band": NO_BAND,
    "colour.White": "White",
    "colour.Blue": "Blue",
    "colour.Black": "Black",
    "colour.Red": "Red",
    "colour.Green": "Green",
    "colour.Colourless": "Colourless",
    "colour.Multicolour": "Multicolour",
}
"""The chart's own words, English; :func:`progression_chart` and :func:`selected_cards`
take a mapping that overrides any of them."""

PALETTE_NAME = "Okabe-Ito"
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000")
"""Line colours, one per card in turn: the Okabe-Ito colour-blind-safe palette (Okabe and
Ito, *Color Universal Design*, 2008) in its usual order, without its yellow ``#F0E442``
(too pale on a white page). Its vermillion and bluish green differ in lightness and hue
for the three common colour deficiencies, and a line never relies on colour alone."""

DASHES: tuple[tuple[int, ...], ...] = ((1, 0), (6, 3), (2, 2), (8, 3, 2, 3))
"""Stroke dashes (solid, dashed, dotted, dash-dot): the second cue, once the colours are
used up."""
SHAPES = ("circle", "square", "triangle-up", "diamond", "cross", "triangle-down")
"""Point shapes: the third cue, once every colour and dash pair is used up."""


@dataclass(frozen=True, slots=True)
class CardStyle:
    """How one card's lines and points look: a colour, a stroke dash and a point shape."""

    colour: str
    dash: tuple[int, ...]
    shape: str


def card_styles(names: Iterable[str]) -> dict[str, CardStyle]:
    """Each card (in order, duplicates once) its own look: colours first, then dashes, then
    shapes, so the first ``len(PALETTE)`` cards differ by colour and no two of the first
    ``len(PALETTE) * len(DASHES) * len(SHAPES)`` look the same."""
    styles = {}
    for index, name in enumerate(dict.fromkeys(names)):
        colour, rest = index % len(PALETTE), index // len(PALETTE)
        styles[name] = CardStyle(PALETTE[colour], DASHES[rest % len(DASHES)],
                                 SHAPES[(rest // len(DASHES)) % len(SHAPES)])
    return styles


def chart_words(text: Mapping[str, str] | None = None) -> dict[str, str]:
    """:data:`WORDS` with ``text``'s words over them (keys the chart does not use are kept)."""
    return {**WORDS, **(text or {})}


METRICS = ("Power", "Toughness")
"""The two panels, left to right: columns of :func:`chart_frame` (named ``chart.Power``,
``chart.Toughness`` in the labels)."""

CARD_SELECTION = "card"
"""Name of the click selection (by card name) in the chart spec."""
LEGEND_SELECTION = "legend"
"""Name of the legend-bound selection (by card name) in the chart spec."""
BRUSH_SELECTION = "brush"
"""Name of the drag selection (a level x P/T rectangle) in the chart spec."""

SHOWN_PARAM = "shown"
"""Name of the chart's parameter listing the cards it draws (by pool name), for a chart
made with ``shown``: a widget that sets it filters the chart without embedding it anew."""

RULE_COLOUR = "#6b6b6b"
"""Colour of the current-level rule: a grey no card line is drawn in."""

_CHART_COLUMNS = ("name", "colour", "level_counters", "until", "levels", *METRICS, "pt",
                  "band", "citation")
_HIT_WIDTH = 8
"""Pixels around a segment's flat line where a hover or click reaches it."""


_TITLE_X = -34
"""Where each panel's title ("Power", "Toughness", the y axis title) starts, left of the plot."""
_TITLE_Y = -10
"""The baseline of that title, above the plot."""
_TITLE_SIZE = 13
_LEFT_EXTENT = 35
"""How far Vega's padding autosize reaches left of the plot: the title at ``_TITLE_X``
plus the half pixel axes are shifted by (checked against Vega in tests/test_charts.py)."""
_TOP_EXTENT = 24
"""How far it reaches above the plot: the title's ``_TITLE_SIZE`` above ``_TITLE_Y``, plus
the half pixel."""


@dataclass(frozen=True, slots=True)
class ChartGeometry:
    """Pixel layout of the progression chart: two fixed-size panels at known places.

    The panels' plot areas are ``width`` x ``height``, ``spacing`` apart (Vega-Lite
    ``bounds: flush``), and everything left of and above the first one (its y axis and
    title) has a fixed size, so the plot area of panel ``i`` starts at
    ``(left + i * (width + spacing), top)`` from the chart's top-left corner.
    """

    width: int = 330
    """Plot width of each panel."""
    height: int = 190
    """Plot height of each panel."""
    spacing: int = 64
    """Gap between the panels' plot areas (holds the right panel's y axis)."""
    padding: int = 5
    """Vega padding on every side."""

    @property
    def left(self) -> int:
        """Left edge of the first plot area."""
        return self.padding + _LEFT_EXTENT

    @property
    def top(self) -> int:
        """Top edge of the plot areas."""
        return self.padding + _TOP_EXTENT

    def x(self, panel: int, level: int, levels: range) -> float:
        """Horizontal pixel of ``level`` counters in panel ``panel`` (0 = power)."""
        span = max(levels.stop - 1 - levels.start, 1)
        return self.left + panel * (self.width + self.spacing) \
            + (level - levels.start) / span * self.width

    def y(self, value: int, top_value: int) -> float:
        """Vertical pixel of a power or toughness ``value`` on a 0..``top_value`` axis."""
        return self.top + self.height * (1 - value / max(top_value, 1))


GEOMETRY = ChartGeometry()
"""The layout the app uses."""


def chart_frame(grid: PoolGrid, zone: Zone | str, names: Iterable[str]) -> pd.DataFrame:
    """The step lines of the cards ``names`` in ``zone``, from their segments: one row per
    segment that starts on the chart's axis (``grid.levels``), at its first count, and one
    more per card at the axis end that closes its line. ``levels`` says which counts the
    row's values hold for (``2-6``, ``7+``), ``until`` where its flat line ends (the next
    point). Its size is the cards' bands, not their counts.
    """
    frame = grid.segments
    zone = Zone.coerce(zone)
    end = grid.levels.stop - 1
    rows = frame[(frame["zone"] == zone.value) & frame["name"].isin(list(names))
                 & (frame["from_level"] <= end)]
    rows = rows.assign(level_counters=rows["from_level"].to_numpy())
    first, last = rows["from_level"], rows["to_level"]
    single = (last == first).fillna(False).to_numpy(dtype=bool)
    ranges = ("-" + last.astype("string")).where(~single, "").fillna("+")
    rows = rows.assign(levels=(first.astype("string") + ranges).astype(str))
    closing = rows[~rows["name"].duplicated(keep="last") & (first < end)]
    # each card's closing row right after its last segment (stable sort of the index)
    rows = pd.concat([rows, closing.assign(level_counters=end)]).sort_index(kind="stable")
    # where each point's flat line ends: the next point of the same card (itself for the last)
    following = rows["level_counters"].shift(-1)
    same_card = rows["name"].eq(rows["name"].shift(-1)).to_numpy()
    rows = rows.assign(until=np.where(same_card, following, rows["level_counters"]).astype(
        np.int64))
    return pd.DataFrame({
        "name": rows["name"].astype(str),
        "colour": rows["colour"],
        "level_counters": rows["level_counters"],
        "until": rows["until"],
        "levels": rows["levels"],
        "Power": rows["power"],
        "Toughness": rows["toughness"],
        "pt": rows["power"].astype(str) + "/" + rows["toughness"].astype(str),
        "band": rows["band"].astype(str).where(rows["band"].notna(), NO_BAND),
        "citation": rows["citation"].astype(str),
    }, columns=list(_CHART_COLUMNS)).reset_index(drop=True)


def selected_cards(grid: PoolGrid, zone: Zone | str, names: Iterable[str],
                   selections: object, text: Mapping[str, str] | None = None
                   ) -> list[str] | None:
    """The cards a selection in :func:`progression_chart` picks, or None when nothing is.

    ``selections`` is what marimo's chart reports (``chart.selections``): a click on a
    line (:data:`CARD_SELECTION`, by name), one on a legend entry
    (:data:`LEGEND_SELECTION`) and a drag
    (:data:`BRUSH_SELECTION`, a range of counts and of one panel's value, named by
    ``text``'s ``chart.Power`` or ``chart.Toughness``). A card is in a drag when some
    whole count in its range, on the axis, gives it a value in the value range: a test
    of its segments, so its cost is the bands, not the counts. A card must be in each
    selection made (what the chart leaves unfaded). Names come in pool order.
    """
    words = chart_words(text)
    if not isinstance(selections, Mapping):
        return None
    wanted = [name for name in dict.fromkeys(names)]
    picked: set[str] | None = None
    for selection in (CARD_SELECTION, LEGEND_SELECTION):
        click = selections.get(selection)
        if isinstance(click, Mapping) and isinstance(click.get("name"), list | tuple):
            chosen = {str(name) for name in click["name"]}
            picked = chosen if picked is None else picked & chosen
    brush = selections.get(BRUSH_SELECTION)
    if isinstance(brush, Mapping) and brush:
        inside = _brushed(grid, zone, brush, words)
        if inside is not None:
            picked = inside if picked is None else picked & inside
    if picked is None:
        return None
    return [name for name in wanted if name in picked]


def _brushed(grid: PoolGrid, zone: Zone | str, brush: Mapping[str, object],
             words: Mapping[str, str]) -> set[str] | None:
    """Cards with a segment in the drag's rectangle (whole counts on the axis; None if the
    drag names no range of counts or no panel)."""
    fields = {words[f"chart.{metric}"]: metric.lower() for metric in METRICS}
    counts = _interval(brush.get("level_counters"))
    values = next(((fields[key], _interval(value)) for key, value in brush.items()
                   if key in fields and _interval(value) is not None), None)
    if counts is None or values is None:
        return None
    column, (low_value, high_value) = values[0], values[1] or (0.0, 0.0)
    low = max(math.ceil(counts[0]), grid.levels.start)
    high = min(math.floor(counts[1]), grid.levels.stop - 1)
    frame = grid.segments[grid.segments["zone"] == Zone.coerce(zone).value]
    ends = frame["to_level"].to_numpy(dtype=np.float64, na_value=np.inf)
    hit = ((np.maximum(frame["from_level"].to_numpy(), low) <= np.minimum(ends, high))
           & (frame[column].to_numpy() >= low_value) & (frame[column].to_numpy() <= high_value))
    return set(frame.loc[hit, "name"].astype(str))


def _interval(value: object) -> tuple[float, float] | None:
    """A selection's [low, high] as floats (either order), or None if it is not one."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        return None
    try:
        ends = sorted(float(end) for end in value)
    except (TypeError, ValueError):
        return None
    if not all(math.isfinite(end) for end in ends):
        return None
    return ends[0], ends[1]


def top_value(frame: pd.DataFrame) -> int:
    """The top of both panels' y axis: the largest power or toughness in ``frame`` (at least 1).

    Both panels share it, so a power and a toughness at the same height are equal.
    """
    if frame.empty:
        return 1
    return max(int(frame[list(METRICS)].to_numpy().max()), 1)


def value_labels(words: Mapping[str, str]) -> str | None:
    """A Vega ``labelExpr`` that shows each value of ``words`` (value -> label) as its label
    and any other value as it is; None when every label is its value (nothing to change).

    For legends and headers whose values are data the app names in words (colours,
    sources): the data keep their values, only what is drawn changes.
    """
    changed = {value: label for value, label in words.items() if label != value}
    if not changed:
        return None
    # (datum.label) in brackets: a facet header puts an unbracketed expression in its place
    expression = "(datum.label)"
    for value, label in reversed(changed.items()):
        expression = (f"(datum.label) === {json.dumps(value, ensure_ascii=False)} ? "
                      f"{json.dumps(label, ensure_ascii=False)} : {expression}")
    return expression


def _style_scales(frame: pd.DataFrame) -> tuple[alt.Scale, alt.Scale]:
    """The colour and dash scales over the cards of ``frame``, in its order."""
    styles = card_styles(frame["name"])
    domain = list(styles)
    return (alt.Scale(domain=domain, range=[style.colour for style in styles.values()]),
            alt.Scale(domain=domain, range=[list(style.dash) for style in styles.values()]))


BUILT_UNCHECKED = debug_mode(False)
"""Builds a chart without Altair's schema check of every object as it is made (its debug
mode: "slows things down, particularly for larger specs"), as a decorator: the specs are
the same, ``to_dict()`` still checks the whole one (the tests do), and a chart of the
pool is built in about half the time (``benchmarks/charts_build.py``)."""


@BUILT_UNCHECKED
def progression_chart(
    frame: pd.DataFrame,
    levels: range,
    *,
    geometry: ChartGeometry = GEOMETRY,
    level: int | None = None,
    text: Mapping[str, str] | None = None,
    names: Mapping[str, str] | None = None,
    shown: Iterable[str] | None = None,
) -> alt.RepeatChart:
    """Power and toughness step lines per card, side by side, over ``levels``.

    ``frame`` is :func:`chart_frame`'s output; each card has its own look
    (:func:`card_styles`), shown in one legend below the panels. Clicking a line or a
    point selects its card, a click on a legend entry shows only that card (shift-click
    adds one or takes it out); dragging a rectangle (a brush) selects the points in it;
    double-click clears a line's, a click off the marks the legend's. The three
    selections are named (:data:`CARD_SELECTION`, :data:`LEGEND_SELECTION`,
    :data:`BRUSH_SELECTION`), work in both panels and fade what they leave out.
    ``level`` draws the current-level rule inside the chart too (the app draws it as an
    overlay instead). ``text`` overrides :data:`WORDS`: the panels' columns are renamed
    to its ``chart.Power`` and ``chart.Toughness``, which the panels' y axes and a brush
    selection then carry. ``names`` gives a card's name as shown (its printed French name)
    in the legend and the tooltip; the data and the selections keep the pool's names.
    ``shown`` keeps every card of ``frame`` in the data but draws, and lists in the legend,
    only the cards named in the chart's :data:`SHOWN_PARAM` parameter (first ``shown``):
    each card keeps its look and the axes their range whatever is shown.
    """
    words = chart_words(text)
    metrics = [words[f"chart.{metric}"] for metric in METRICS]
    top = top_value(frame)
    data = frame.rename(columns=dict(zip(METRICS, metrics, strict=True)))
    if words["no_band"] != NO_BAND:
        data["band"] = data["band"].where(data["band"] != NO_BAND, words["no_band"])
    data["colour"] = data["colour"].map(lambda colour: words.get(f"colour.{colour}", colour))
    colour, dash = _style_scales(frame)
    styles = card_styles(frame["name"])
    data["point_colour"] = [styles[name].colour for name in frame["name"]]
    data["point_shape"] = [styles[name].shape for name in frame["name"]]
    shown_names = {name: (names or {}).get(name, name) for name in styles}
    data["shown_name"] = [shown_names[name] for name in frame["name"]]
    card = alt.selection_point(name=CARD_SELECTION, fields=["name"], on="click",
                               clear="dblclick")
    # its own selection: the app's Vega-Lite leaves a legend binding dead on one with `on`
    legend = alt.selection_point(name=LEGEND_SELECTION, fields=["name"], bind="legend")
    brush = alt.selection_interval(name=BRUSH_SELECTION, encodings=["x", "y"])
    x_scale = alt.Scale(domain=[levels.start, levels.stop - 1], nice=False, zero=False)
    x = alt.X("level_counters:Q", title=words["chart.level_counters"], scale=x_scale,
              axis=alt.Axis(tickMinStep=1, format="d"))
    title = words["chart.legend"]
    base = alt.Chart().encode(
        x=x,
        y=alt.Y(alt.repeat("column"), type="quantitative",
                scale=alt.Scale(domain=[0, top], nice=False),
                axis=alt.Axis(tickMinStep=1, format="d", titleAngle=0, titleAlign="left",
                              titleAnchor="end", titleBaseline="bottom", titleX=_TITLE_X,
                              titleY=_TITLE_Y, titleFontSize=_TITLE_SIZE)),
        color=alt.Color("name:N", scale=colour, title=title,
                        legend=_legend(shown_names, filtered=shown is not None)),
        tooltip=[alt.Tooltip("shown_name:N", title=words["chart.card"]),
                 alt.Tooltip("colour:N", title=words["chart.colour"]),
                 alt.Tooltip("band:N", title=words["chart.band"]),
                 alt.Tooltip("pt:N", title=words["chart.pt"]),
                 alt.Tooltip("levels:N", title=words["chart.level_counters"]),
                 alt.Tooltip("citation:N", title=words["chart.rule"])],
    )
    faded = alt.value(0.12)
    # the selections belong to the lines' layer, drawn first: the transparent background a
    # drag needs lies under the lines, so a click or hover anywhere on a line reaches it
    # (there is a point only where a segment starts)
    layers: list[alt.Chart] = [
        base.mark_line(interpolate="step-after", strokeWidth=2).encode(
            strokeDash=alt.StrokeDash("name:N", scale=dash, legend=None),
            opacity=alt.when(card & legend).then(alt.value(0.9)).otherwise(faded),
        ).add_params(card, legend, brush),
        # the points take their look as it is (no scale), so the one legend shows the
        # lines' colour and dash
        base.mark_point(size=36, filled=True).encode(
            color=alt.Color("point_colour:N", scale=None),
            shape=alt.Shape("point_shape:N", scale=None),
            opacity=alt.when(card & legend & brush).then(alt.value(0.9)).otherwise(faded)),
        # an invisible wide rule along each segment: hovering or clicking anywhere on a
        # line's flat part shows that segment's tooltip and picks its card
        base.mark_rule(strokeWidth=_HIT_WIDTH, opacity=0, aria=False).encode(x2="until:Q"),
    ]
    if level is not None:
        layers.append(alt.Chart(pd.DataFrame({"level": [level]})).mark_rule(
            color=RULE_COLOUR, strokeWidth=2).encode(x=alt.X("level:Q", scale=x_scale)))
    # sizes as constructor arguments: .properties() validates each against the schema
    # again (about 60 ms a chart; the same spec)
    layered = alt.layer(*layers, width=geometry.width, height=geometry.height)
    if shown is not None:
        layered = layered.transform_filter(f"indexof({SHOWN_PARAM}, datum.name) >= 0")
    chart = layered.repeat(column=metrics, data=data, padding=geometry.padding,
                           spacing=geometry.spacing, bounds="flush")
    if shown is not None:
        chart = chart.add_params(alt.param(name=SHOWN_PARAM, value=list(shown)))
    return chart


_LEGEND: dict[str, Any] = {
    "orient": "bottom", "columns": 3, "symbolType": "stroke", "symbolStrokeWidth": 3,
    "symbolSize": 360, "labelLimit": 230, "columnPadding": 12, "titleLimit": 600}
"""One legend below both panels (names take room; the panels keep their places), by
colour: the dash scale has no legend of its own, as the app's Vega-Lite draws it as a
second, grey legend beside the first instead of merging them. Three columns as wide as
the longest printed French name ("Meneuse de pachydermes du Kazandou"), about as wide as
the two panels."""


def _legend(labels: Mapping[str, str], *, filtered: bool = False) -> alt.Legend:
    """The legend (:data:`_LEGEND`), each card labelled with its name as shown (``labels``:
    pool name -> label); ``filtered``: only the cards the :data:`SHOWN_PARAM` parameter
    names."""
    expression = value_labels(labels)
    options: dict[str, Any] = dict(_LEGEND)
    if filtered:
        options["values"] = {"expr": SHOWN_PARAM}
    if expression:
        options["labelExpr"] = expression
    return alt.Legend(**options)
