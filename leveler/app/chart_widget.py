"""The pool chart as Altair's own widget (``alt.JupyterChart``) in marimo's ``mo.ui.anywidget``.

A filter change sets the chart's :data:`leveler.charts.SHOWN_PARAM` parameter in place
instead of embedding a new chart (``mo.ui.altair_chart`` can only be made anew): the chart
keeps every card of the working pool, the widget draws the cards named
(``benchmarks/README.md`` has the figures).

The widget's script is Vega, Vega-Lite and vega-embed bundled by ``vl-convert`` (Altair's
"offline" mode, :meth:`altair.JupyterChart.enable_offline`): the page loads nothing from a
CDN. Making the bundle takes seconds, so it is kept in the user's cache folder, one file
per Altair and vl-convert version, and made once (``make`` makes it as it installs).

What the widget sends back (its selections) is page input: :func:`chart_selections` keeps
only the chart's own selections, in the shape :func:`leveler.charts.selected_cards` reads,
within a budget.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

import altair as alt
import marimo as mo
import pandas as pd

from leveler.app.inline_chart import INLINE, register_inline
from leveler.app.link_later import LinkWriter
from leveler.charts import BRUSH_SELECTION, CARD_SELECTION, LEGEND_SELECTION, SHOWN_PARAM

__all__ = ["MAX_PICKED", "TELL_AGAIN_DELAY", "PoolChart", "chart_selections",
           "javascript_bundle", "pool_chart_widget"]

EMBED_OPTIONS = {"renderer": "canvas", "actions": False}
"""How the widget draws: on a canvas, as marimo's own chart does, with no export menu (the
CLI exports charts)."""

MAX_PICKED = 10_000
"""The most card names a click selection may carry back from the page; more and it is
dropped (a chart of a pool shows far fewer cards than that)."""
MAX_DRAG_FIELDS = 4
"""The most fields a drag selection may carry back (it has two: level counters and a
panel's value)."""
TELL_AGAIN_DELAY = 0.2
"""Seconds from the page's report of other cards drawn to the filters' cards sent again:
the page has then finished its first run of a new spec (sent sooner, they reach Vega while
it runs and it logs "Dataflow already running")."""
MAX_NAME = 200
"""The longest card name a selection may carry back (longer: the selection is dropped)."""


def _cache_folder() -> Path:
    """The user's cache folder for leveler (``$XDG_CACHE_HOME`` or ``~/.cache``)."""
    root = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(root) / "leveler"


@cache
def javascript_bundle() -> str:
    """The widget's ES module with Vega, Vega-Lite and vega-embed in it (vl-convert's
    ``javascript_bundle`` of Altair's widget script), read from the cache folder when it
    is there, made and kept there when not (written whole, then renamed)."""
    versions = "-".join(f"{name}-{metadata.version(name)}"
                        for name in ("altair", "vl-convert-python"))
    path = _cache_folder() / f"jupyterchart-{versions}.js"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        pass
    alt.JupyterChart.enable_offline()
    bundle = str(alt.JupyterChart._esm)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent,
                                         delete=False, suffix=".tmp") as out:
            out.write(bundle)
        os.replace(out.name, path)
    except OSError:  # a read-only home: made again next time
        pass
    return bundle


@dataclass(eq=False)
class PoolChart:
    """The pool chart's widget in the page, made once, and the selections made in the chart
    it draws (from :func:`chart_selections`); ``on_pick`` is called each time they change."""

    element: mo.ui.anywidget
    on_pick: Callable[[], None] = field(default=lambda: None)
    picked: dict[str, Any] = field(default_factory=dict)
    told: list[str] | None = None
    """The cards :meth:`show` was last told to draw (None: never told: every card)."""
    drawing: bool = False
    """Whether :meth:`draw` is setting a new chart (it tells the cards again itself)."""

    @property
    def text(self) -> str:
        """The widget's markup, to place in a page (the same each time: not re-mounted)."""
        return self.element.text

    @property
    def spec(self) -> dict[str, Any]:
        """The Vega-Lite spec the widget sends to the page."""
        return dict(self.element.widget.spec or {})

    @property
    def dataframe(self) -> pd.DataFrame:
        """The chart's data: every card of the pool, drawn or not."""
        frame: pd.DataFrame = self.element.widget.chart.data
        return frame

    @property
    def shown(self) -> list[str]:
        """The cards drawn (pool names): the chart's :data:`SHOWN_PARAM` parameter."""
        return list(getattr(self.element.widget.params, SHOWN_PARAM))

    def draw(self, chart: alt.TopLevelMixin) -> None:
        """Draw ``chart`` in the widget (the page embeds the new spec in the same element),
        its data inline in the spec: nothing for the page to fetch
        (:mod:`leveler.app.inline_chart`). The cards drawn stay the ones :meth:`show` was
        told (a filter's); the selections start empty, said through ``on_pick`` if there
        were any. The chart it draws already is drawn: the page keeps it, and its
        selections."""
        widget = self.element.widget
        if widget.chart is chart:
            return
        register_inline()
        self.drawing = True
        try:
            with alt.data_transformers.enable(INLINE):
                widget.chart = chart  # its parameters start as its spec's: told again
        finally:
            self.drawing = False
        self.tell_again()
        if self.picked:
            self.picked = {}
            self.on_pick()

    def show(self, names: Iterable[str]) -> None:
        """Draw only the cards ``names`` (pool names): the chart's parameter, set in place
        (and again on a chart drawn later)."""
        self.told = list(names)
        if self.element.widget.chart is not None:
            setattr(self.element.widget.params, SHOWN_PARAM, self.told)

    def tell_again(self) -> None:
        """Send the cards last told (if any) again, where the chart's parameter or the
        page's copy of it holds others."""
        widget = self.element.widget
        if self.told is None or widget.chart is None:
            return
        self.show(self.told)  # the parameter itself, where the page changed it
        if widget._params.get(SHOWN_PARAM) != self.told:  # the page's copy, where it did not
            widget._params = {**widget._params, SHOWN_PARAM: self.told}


def pool_chart_widget(on_pick: Callable[[], None],
                      spawn: Callable[[Callable[[], None]], None] | None = None) -> PoolChart:
    """An empty chart widget (Altair's, wrapped for marimo) for :meth:`PoolChart.draw`. Each
    time the page sends selections that differ from the last (:func:`chart_selections`),
    they become the chart's ``picked`` and ``on_pick`` is called (so too when a chart drawn
    anew drops them). Whatever sets the chart's parameters to other cards than the ones
    :meth:`PoolChart.show` was told (a chart drawn anew, the page reporting its new spec's
    start), they are told again: at once for a chart drawn anew, :data:`TELL_AGAIN_DELAY`
    after the page's report (sooner, Vega in the page is still running the new spec and
    logs an error). ``spawn`` runs that wait (a ``mo.Thread`` by default)."""
    alt.JupyterChart._esm = javascript_bundle()
    # no chart yet: Altair's trait allows None (an empty spec) until draw sets one
    widget = alt.JupyterChart(None, embed_options=EMBED_OPTIONS)  # type: ignore[arg-type]
    pool_chart = PoolChart(mo.ui.anywidget(widget), on_pick)

    def changed(change: Mapping[str, Any]) -> None:
        picked = chart_selections(change.get("new"))
        if picked != pool_chart.picked:
            pool_chart.picked = picked
            on_pick()

    later = LinkWriter(pool_chart.tell_again, TELL_AGAIN_DELAY,
                       *([spawn] if spawn is not None else []))

    def kept_shown(change: Mapping[str, Any]) -> None:
        # the cards drawn are the ones the notebook told: a chart drawn anew starts its
        # parameters as its spec sets them (every card), and so does the page once it has
        # embedded a spec (it reports them back); either way they are told again. What
        # the page sends is only compared, never kept.
        params = change.get("new")
        told = pool_chart.told
        if pool_chart.drawing or told is None or (
                isinstance(params, Mapping) and params.get(SHOWN_PARAM) == told):
            return
        later.soon()

    widget.observe(changed, names="_vl_selections")
    widget.observe(kept_shown, names="_params")
    return pool_chart


def chart_selections(sent: object) -> dict[str, Any]:
    """The chart's selections as the page sent them (``{name: {"value": ..., "store": ...}}``)
    in :func:`leveler.charts.selected_cards`'s shape (``{name: value}``): only the click,
    legend and drag selections, a click's names only if they are at most
    :data:`MAX_PICKED` strings of at most :data:`MAX_NAME` characters, a drag only if it
    is at most :data:`MAX_DRAG_FIELDS` fields, each a pair of numbers. Anything else is
    left out, as if nothing were selected there."""
    if not isinstance(sent, Mapping):
        return {}
    picked: dict[str, Any] = {}
    for name in (CARD_SELECTION, LEGEND_SELECTION):
        names = _value(sent, name).get("name")
        if (isinstance(names, list) and len(names) <= MAX_PICKED
                and all(isinstance(card, str) and len(card) <= MAX_NAME for card in names)):
            picked[name] = {"name": list(names)}
    drag = _value(sent, BRUSH_SELECTION)
    if 0 < len(drag) <= MAX_DRAG_FIELDS and all(
            isinstance(axis, str) and len(axis) <= MAX_NAME and _pair(ends)
            for axis, ends in drag.items()):
        picked[BRUSH_SELECTION] = {axis: list(ends) for axis, ends in drag.items()}
    return picked


def _value(sent: Mapping[Any, Any], name: str) -> Mapping[Any, Any]:
    """The ``value`` of selection ``name`` in what the page sent, or ``{}``."""
    entry = sent.get(name)
    value = entry.get("value") if isinstance(entry, Mapping) else None
    return value if isinstance(value, Mapping) else {}


def _pair(ends: object) -> bool:
    """Whether ``ends`` is a [low, high] pair of plain numbers."""
    return (isinstance(ends, list) and len(ends) == 2
            and all(isinstance(end, int | float) and not isinstance(end, bool) for end in ends))
