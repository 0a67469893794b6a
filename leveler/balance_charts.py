"""Altair charts of the Balance view and the Design bench: pure functions, frame -> chart.

Each takes a frame of :mod:`leveler.bench` (itself the library's numbers) and
draws it; nothing is computed here but the chart's own layout (sort order, the x range
the reference lines span).

- :func:`investment_chart`: mana invested to reach each stage, a row per card.
- :func:`turns_chart`: the turn each stage is reached (deterministic model), a row per card.
- :func:`curve_chart`: P+T against mana invested for every stage, with the pool's trend
  and the vanilla line; points coloured by where they sit against one of them.
- :func:`reach_chart`: one card's chance of having reached each band by each turn.
- :func:`variants_chart`: a design and its one-step variants on the curve.
- :func:`progression_chart`: power and toughness by level, designs over the printed pool.

Designs are drawn as diamonds (or thick coloured lines), printed cards as circles (or
thin grey lines). Text in the charts (names, bands) is drawn by Vega as text, never
parsed as HTML.

Every chart takes ``text``, the app's words in one language (a dict of
the app's words files), over :data:`WORDS` (English: the library, the CLI): titles,
legends and tooltips come from its ``chart.*`` words. A chart's copy of the flags
(``below``, ``on``, ``above``), reference lines and variants' changes is in those words
too; the card data (names, bands, numbers) and the frames given stay as they are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import altair as alt
import pandas as pd

from leveler.balance import FLAGS, Trend, VanillaLine
from leveler.bench import CHANGE_WORDS, SOURCE_DESIGN, SOURCE_PRINTED, Bench, changes_in_words
from leveler.charts import BUILT_UNCHECKED, value_labels

__all__ = [
    "FLAG_COLOURS",
    "SOURCE_SHAPES",
    "WORDS",
    "balance_charts",
    "bench_charts",
    "card_order",
    "curve_chart",
    "investment_chart",
    "progression_chart",
    "reach_chart",
    "reference_lines",
    "turns_chart",
    "variants_chart",
]

FLAG_COLOURS = {"below": "#c0392b", "on": "#8d8d8d", "above": "#1f7a4d"}
"""Point colour by placement against a reference line."""
SOURCE_SHAPES = {SOURCE_PRINTED: "circle", SOURCE_DESIGN: "diamond"}
"""Point shape by where a card comes from."""
_SOURCE_COLOURS = {SOURCE_PRINTED: "#9a9a9a", SOURCE_DESIGN: "#d35400"}
_ROW = 17
"""Pixels per card in the per-card charts."""
_REFERENCE_STYLE = {"pool trend": [6, 3], "vanilla": [1, 0]}


WORDS: Mapping[str, str] = {
    "chart.Power": "Power",
    "chart.Toughness": "Toughness",
    "chart.band": "Band",
    "chart.card": "Card",
    "chart.chance": "Chance",
    "chart.chance_reached": "Chance reached",
    "chart.curve_title": "The curve: P+T per mana invested",
    "chart.flag.above": "above",
    "chart.flag.below": "below",
    "chart.flag.on": "on",
    "chart.investment_title": "Mana invested per band",
    "chart.level_counters": "Level counters",
    "chart.line": "Line",
    "chart.line.pool trend": "pool trend",
    "chart.line.vanilla": "vanilla",
    "chart.mana_invested": "Mana invested",
    "chart.pool_trend": "Pool trend",
    "chart.progression_title": "P/T by level counters (battlefield)",
    "chart.pt_sum": "P+T",
    "chart.reach_title": "Chance of having reached each band by each turn",
    "chart.reference": "Reference",
    "chart.source": "Source",
    "chart.source.design": "design",
    "chart.source.printed": "printed",
    "chart.stage": "Stage (0 = printed box)",
    "chart.turn": "Turn",
    "chart.turn_reached": "Turn reached",
    "chart.turns_title": "Turns to each band",
    "chart.value": "Value",
    "chart.vanilla": "Vanilla",
    "chart.variant": "Variant",
    "chart.variants_title": "Variants: one parameter, one step",
    "chart.vs_pool_trend": "vs pool trend",
    "chart.vs_trend": "vs trend",
    "chart.vs_vanilla": "vs vanilla",
    **CHANGE_WORDS,
}
"""The charts' English words (titles, legends, tooltips, flags, reference lines, the
variants' changes); the app passes its own words for a language (same keys)."""


def _words(text: Mapping[str, str] | None) -> Mapping[str, str]:
    """:data:`WORDS` with ``text``'s words over them."""
    return {**WORDS, **(text or {})}


def _in_words(frame: pd.DataFrame, words: Mapping[str, str], prefix: str,
              columns: Sequence[str]) -> pd.DataFrame:
    """A copy of ``frame`` with the values of ``columns`` as the labels name them
    (``prefix`` + value: ``chart.flag.above``), unknown values as they are."""
    frame = frame.copy()
    for column in columns:
        values = frame[column].astype(str)
        frame[column] = values.map(lambda value: words.get(f"{prefix}{value}", value))
    return frame


def _source_legend(words: Mapping[str, str], legend: bool = True) -> alt.Legend | None:
    if not legend:
        return None
    expression = value_labels({source: words[f"chart.source.{source}"]
                               for source in SOURCE_SHAPES})
    return alt.Legend() if expression is None else alt.Legend(labelExpr=expression)


def card_order(frame: pd.DataFrame, by: str = "mana_invested") -> list[str]:
    """Card names for a per-card chart: designs first, then by their top stage's ``by``."""
    tops = frame.groupby("name", sort=False).agg(top=(by, "max"), source=("source", "first"))
    tops["design_first"] = tops["source"] != SOURCE_DESIGN
    tops = tops.reset_index().sort_values(["design_first", "top", "name"], kind="stable")
    return [str(name) for name in tops["name"]]


def _shape(words: Mapping[str, str], legend: bool = True) -> alt.Shape:
    return alt.Shape("source:N", title=words["chart.source"],
                     scale=alt.Scale(domain=list(SOURCE_SHAPES),
                                     range=list(SOURCE_SHAPES.values())),
                     legend=_source_legend(words, legend))


def _stage_colour(words: Mapping[str, str], legend: bool = True) -> alt.Color:
    return alt.Color("stage:O", title=words["chart.stage"],
                     scale=alt.Scale(scheme="viridis"), legend=alt.Legend() if legend else None)


def _per_card(frame: pd.DataFrame, x: str, title: str, width: int, *, labels: bool,
              order: Sequence[str], words: Mapping[str, str],
              heading: str) -> alt.TopLevelMixin:
    """A row per card, a point per stage, under ``heading``; ``labels=False`` leaves out names
    and legends (for a chart drawn beside another with the same rows). Sizes and heading
    are constructor arguments: ``.properties()`` checks each against the schema again."""
    y = alt.Y("name:N", sort=list(order), title=None,
              axis=alt.Axis(labels=labels, ticks=labels, labelLimit=190))
    base = alt.Chart(frame).encode(y=y)
    span = base.mark_rule(color="#c9c2ae", strokeWidth=2).encode(
        x=alt.X(f"min({x}):Q", title=title), x2=f"max({x}):Q")
    points = base.mark_point(filled=True, size=70, opacity=0.95).encode(
        x=alt.X(f"{x}:Q", title=title, axis=alt.Axis(tickMinStep=1, format="d")),
        color=_stage_colour(words, labels),
        shape=_shape(words, labels),
        tooltip=[alt.Tooltip("name:N", title=words["chart.card"]),
                 alt.Tooltip("band:N", title=words["chart.band"]),
                 alt.Tooltip("min_level:Q", title=words["chart.level_counters"]),
                 alt.Tooltip("mana_invested:Q", title=words["chart.mana_invested"]),
                 alt.Tooltip("turn:Q", title=words["chart.turn"]),
                 alt.Tooltip("power:Q", title=words["chart.Power"]),
                 alt.Tooltip("toughness:Q", title=words["chart.Toughness"])],
    )
    height = max(_ROW * len(order), 60)
    return alt.layer(span, points, width=width, height=height, title=heading)


def investment_chart(frame: pd.DataFrame, *, width: int = 300, labels: bool = True,
                     order: Sequence[str] | None = None,
                     text: Mapping[str, str] | None = None) -> alt.TopLevelMixin:
    """Mana invested to reach each stage (702.87a, 711.2), one row per card.

    ``frame`` is :func:`leveler.bench.balance_frame` (or its rows for some cards).
    Rows go in ``order`` (default :func:`card_order`): designs first.
    """
    words = _words(text)
    rows = order if order is not None else card_order(frame)
    return _per_card(frame, "mana_invested", words["chart.mana_invested"], width,
                     labels=labels, order=rows, words=words,
                     heading=words["chart.investment_title"])


def turns_chart(frame: pd.DataFrame, *, width: int = 240, labels: bool = True,
                order: Sequence[str] | None = None,
                text: Mapping[str, str] | None = None) -> alt.TopLevelMixin:
    """The turn each stage is first reached (on the play, a land a turn), one row per card.

    Stages never reached within the model's turns are left out.
    """
    words = _words(text)
    rows = order if order is not None else card_order(frame)
    reached = frame[frame["turn"].notna()].astype({"turn": "int64"})
    return _per_card(reached, "turn", words["chart.turn_reached"], width, labels=labels,
                     order=rows, words=words, heading=words["chart.turns_title"])


def reference_lines(trend: Trend, vanilla: VanillaLine, top_mana: float) -> pd.DataFrame:
    """The two reference lines as points at 0 and ``top_mana`` mana: line, mana, stats."""
    ends = [0.0, float(max(top_mana, 1))]
    rows = [{"line": "pool trend", "mana_invested": mana, "stats": float(trend.at(mana))}
            for mana in ends]
    rows += [{"line": "vanilla", "mana_invested": mana, "stats": float(vanilla.at(mana))}
             for mana in ends]
    return pd.DataFrame(rows)


def _lines_layer(trend: Trend, vanilla: VanillaLine, top_mana: float,
                 words: Mapping[str, str]) -> alt.Chart:
    lines = _in_words(reference_lines(trend, vanilla, top_mana), words, "chart.line.", ["line"])
    layer: alt.Chart = alt.Chart(lines).mark_line(color="#555", strokeWidth=1.5, clip=True).encode(
        x="mana_invested:Q", y="stats:Q",
        strokeDash=alt.StrokeDash("line:N", title=words["chart.reference"],
                                  scale=alt.Scale(domain=[words[f"chart.line.{line}"]
                                                          for line in _REFERENCE_STYLE],
                                                  range=list(_REFERENCE_STYLE.values()))),
        tooltip=[alt.Tooltip("line:N", title=words["chart.line"])])
    return layer


def _flag_colour(flag: str, words: Mapping[str, str]) -> alt.Color:
    title = words["chart.vs_pool_trend" if flag == "trend_flag" else "chart.vs_vanilla"]
    return alt.Color(f"{flag}:N", title=title,
                     scale=alt.Scale(domain=[words[f"chart.flag.{f}"] for f in FLAGS],
                                     range=[FLAG_COLOURS[f] for f in FLAGS]))


_FLAG_COLUMNS = ("trend_flag", "vanilla_flag")


def curve_chart(frame: pd.DataFrame, trend: Trend, vanilla: VanillaLine, *,
                flag: str = "trend_flag", width: int = 360, height: int = 260,
                text: Mapping[str, str] | None = None) -> alt.TopLevelMixin:
    """P+T at each stage against mana invested, with the pool's trend and the vanilla line.

    Points are coloured by ``flag`` (``trend_flag`` or ``vanilla_flag``) and shaped by
    source. The y axis follows the points; the lines are clipped to it.
    """
    words = _words(text)
    top = float(frame["mana_invested"].max()) if not frame.empty else 1.0
    top_stats = float(frame["stats"].max()) if not frame.empty else 1.0
    shown = _in_words(frame, words, "chart.flag.", _FLAG_COLUMNS)
    points = alt.Chart(shown).mark_point(filled=True, size=65, opacity=0.85).encode(
        x=alt.X("mana_invested:Q", title=words["chart.mana_invested"],
                scale=alt.Scale(domain=[0, top])),
        y=alt.Y("stats:Q", title=words["chart.pt_sum"],
                scale=alt.Scale(domain=[0, top_stats + 1])),
        color=_flag_colour(flag, words),
        shape=_shape(words),
        tooltip=[alt.Tooltip("name:N", title=words["chart.card"]),
                 alt.Tooltip("band:N", title=words["chart.band"]),
                 alt.Tooltip("mana_invested:Q", title=words["chart.mana_invested"]),
                 alt.Tooltip("stats:Q", title=words["chart.pt_sum"]),
                 alt.Tooltip("trend_stats:Q", title=words["chart.pool_trend"], format=".2f"),
                 alt.Tooltip("trend_flag:N", title=words["chart.vs_trend"]),
                 alt.Tooltip("vanilla_stats:Q", title=words["chart.vanilla"], format=".2f"),
                 alt.Tooltip("vanilla_flag:N", title=words["chart.vs_vanilla"])],
    )
    return alt.layer(_lines_layer(trend, vanilla, top, words), points, width=width,
                     height=height, title=words["chart.curve_title"])


@BUILT_UNCHECKED
def reach_chart(chances: pd.DataFrame, name: str, *, width: int = 300, height: int = 200,
                text: Mapping[str, str] | None = None) -> alt.TopLevelMixin:
    """Chance of having reached each stage of ``name`` by each turn (Limited Monte Carlo)."""
    words = _words(text)
    rows = chances[chances["name"] == name]
    order = list(dict.fromkeys(rows.sort_values("stage")["band"]))
    chart: alt.Chart = alt.Chart(
        rows, width=width, height=height,
        title=alt.Title(words["chart.reach_title"], subtitle=name)).mark_line(point=True).encode(
        x=alt.X("turn:Q", title=words["chart.turn"], axis=alt.Axis(tickMinStep=1, format="d")),
        y=alt.Y("chance:Q", title=words["chart.chance_reached"], axis=alt.Axis(format="%"),
                scale=alt.Scale(domain=[0, 1])),
        color=alt.Color("band:N", title=words["chart.band"], sort=order,
                        scale=alt.Scale(scheme="viridis")),
        tooltip=[alt.Tooltip("band:N", title=words["chart.band"]),
                 alt.Tooltip("turn:Q", title=words["chart.turn"]),
                 alt.Tooltip("chance:Q", title=words["chart.chance"], format=".1%")],
    )
    return chart


def variants_chart(frame: pd.DataFrame, trend: Trend, vanilla: VanillaLine, *,
                   width: int = 360, height: int = 260,
                   text: Mapping[str, str] | None = None) -> alt.TopLevelMixin:
    """A design's stages (joined by a line) and its one-step variants' (points) on the curve.

    ``frame`` is :func:`leveler.bench.variants_frame`; variant 0 is the design.
    """
    words = _words(text)
    top = float(frame["mana_invested"].max()) if not frame.empty else 1.0
    top_stats = float(frame["stats"].max()) if not frame.empty else 1.0
    frame = _in_words(frame, words, "chart.flag.", _FLAG_COLUMNS)
    frame["change"] = changes_in_words(frame, words)
    x = alt.X("mana_invested:Q", title=words["chart.mana_invested"],
              scale=alt.Scale(domain=[0, top]))
    y = alt.Y("stats:Q", title=words["chart.pt_sum"],
              scale=alt.Scale(domain=[0, top_stats + 1]))
    tooltip = [alt.Tooltip("change:N", title=words["chart.variant"]),
               alt.Tooltip("band:N", title=words["chart.band"]),
               alt.Tooltip("power:Q", title=words["chart.Power"]),
               alt.Tooltip("toughness:Q", title=words["chart.Toughness"]),
               alt.Tooltip("mana_invested:Q", title=words["chart.mana_invested"]),
               alt.Tooltip("turn:Q", title=words["chart.turn"]),
               alt.Tooltip("trend_flag:N", title=words["chart.vs_trend"]),
               alt.Tooltip("vanilla_flag:N", title=words["chart.vs_vanilla"])]
    design = frame[frame["variant"] == 0]
    others = frame[frame["variant"] != 0]
    spread = alt.Chart(others).mark_point(size=45, opacity=0.7).encode(
        x=x, y=y, color=_flag_colour("trend_flag", words), tooltip=tooltip)
    path = alt.Chart(design).mark_line(color=_SOURCE_COLOURS[SOURCE_DESIGN], strokeWidth=2,
                                       point=alt.OverlayMarkDef(shape="diamond", size=110,
                                                                filled=True,
                                                                color=_SOURCE_COLOURS[SOURCE_DESIGN])).encode(
        x=x, y=y, order="stage:Q", tooltip=tooltip)
    return alt.layer(_lines_layer(trend, vanilla, top, words), spread, path, width=width,
                     height=height, title=words["chart.variants_title"])


def progression_chart(frame: pd.DataFrame, *, width: int = 300, height: int = 170,
                      text: Mapping[str, str] | None = None) -> alt.TopLevelMixin:
    """Power and toughness by level counters on the battlefield: designs over the pool.

    ``frame`` is :func:`leveler.bench.progression_frame` (a point per segment and
    one closing each line). Printed cards are thin grey step lines, designs thick
    coloured ones (711.2a/b, 711.5).
    """
    words = _words(text)
    x = alt.X("level_counters:Q", title=words["chart.level_counters"],
              axis=alt.Axis(tickMinStep=1, format="d"))
    y = alt.Y("value:Q", title=None, axis=alt.Axis(tickMinStep=1, format="d"))
    tooltip = [alt.Tooltip("name:N", title=words["chart.card"]),
               alt.Tooltip("band:N", title=words["chart.band"]),
               alt.Tooltip("levels:N", title=words["chart.level_counters"]),
               alt.Tooltip("value:Q", title=words["chart.value"])]
    sources = value_labels({source: words[f"chart.source.{source}"]
                            for source in _SOURCE_COLOURS})
    colour = alt.Color("source:N", title=words["chart.source"],
                       scale=alt.Scale(domain=list(_SOURCE_COLOURS),
                                       range=list(_SOURCE_COLOURS.values())),
                       legend=alt.Undefined if sources is None else alt.Legend(labelExpr=sources))
    metrics = value_labels({metric: words[f"chart.{metric}"] for metric in ("Power",
                                                                             "Toughness")})
    header = alt.Undefined if metrics is None else alt.Header(labelExpr=metrics)
    printed = alt.Chart().mark_line(interpolate="step-after", strokeWidth=1,
                                    opacity=0.45).encode(
        x=x, y=y, detail="name:N", color=colour, tooltip=tooltip,
    ).transform_filter(alt.datum.source == SOURCE_PRINTED)
    designs = alt.Chart().mark_line(interpolate="step-after", strokeWidth=3.5,
                                    point=True).encode(
        x=x, y=y, detail="name:N", color=colour, tooltip=tooltip,
    ).transform_filter(alt.datum.source == SOURCE_DESIGN)
    return alt.layer(printed, designs, data=frame, width=width, height=height).facet(
        column=alt.Column("metric:N", title=None, sort=["Power", "Toughness"],
                          header=header), title=words["chart.progression_title"])


@BUILT_UNCHECKED
def balance_charts(frame: pd.DataFrame, trend: Trend, vanilla: VanillaLine, *,
                   text: Mapping[str, str] | None = None) -> dict[str, alt.TopLevelMixin]:
    """The Balance view's charts of :func:`leveler.bench.balance_frame`, by file stem:
    ``investment`` and ``turns`` (cards in the same order, so they read side by side;
    the turns chart leaves the names to the investment chart) and ``curve``."""
    order = card_order(frame)
    return {
        "investment": investment_chart(frame, order=order, text=text),
        "turns": turns_chart(frame, order=order, labels=False, text=text),
        "curve": curve_chart(frame, trend, vanilla, text=text),
    }


@BUILT_UNCHECKED
def bench_charts(bench: Bench, trend: Trend, vanilla: VanillaLine, *,
                 text: Mapping[str, str] | None = None) -> dict[str, alt.TopLevelMixin]:
    """The bench's charts of a :class:`leveler.bench.Bench`, by file stem:
    ``progression`` always; ``investment`` and ``turns`` when the pool gives a trend;
    ``variants`` (the draft on the curve) when the draft parses too."""
    found: dict[str, alt.TopLevelMixin] = {
        "progression": progression_chart(bench.progression, text=text)}
    if bench.balance is not None:
        order = card_order(bench.balance)
        found["investment"] = investment_chart(bench.balance, order=order, text=text)
        found["turns"] = turns_chart(bench.balance, order=order, labels=False, text=text)
    if bench.variants is not None:
        found["variants"] = variants_chart(bench.variants, trend, vanilla, text=text)
    return found
