"""Altair charts as marimo elements whose data travels inside the spec.

``mo.ui.altair_chart`` writes a chart's frames to marimo virtual files (``/@file/...``)
unless a ``marimo*`` data transformer is active (marimo/_plugins/ui/_impl/altair_chart.py,
``_parse_spec``). A virtual file is freed when the cell that made it runs again
(marimo/_runtime/virtual_file/virtual_file.py, ``VirtualFileLifecycleItem.dispose``), so
a chart re-made while the browser still loads the previous one (typing in the bench,
switching tabs, a zone change) leaves that load cut off: the server has already answered
200 and the stream ends in an error (``ERR_INCOMPLETE_CHUNKED_ENCODING``, "Failed to
fetch" in the console). The app's frames are small (a few hundred rows), so they go in
the spec as a ``data:`` URL (marimo's own ``marimo_inline_csv`` transformer): nothing to
fetch, nothing to free.
"""

from __future__ import annotations

from typing import Any

import altair as alt
import marimo as mo

from leveler.charts import BUILT_UNCHECKED

AltairChart = (alt.Chart | alt.LayerChart | alt.RepeatChart | alt.ConcatChart | alt.HConcatChart
               | alt.VConcatChart | alt.FacetChart)
"""What ``mo.ui.altair_chart`` takes."""

INLINE = "marimo_inline_csv"
"""marimo's transformer putting a frame in the spec as a base64 ``data:text/csv`` URL
(registered by marimo when altair is imported in a marimo runtime)."""


def register_inline() -> None:
    """marimo registers its transformers when it first formats a chart; a notebook run as
    a script (``app.run()``) may not have yet, so register them here (the same function
    ``mo.ui.altair_chart`` calls)."""
    if INLINE not in alt.data_transformers.names():
        from marimo._plugins.ui._impl.charts.altair_transformer import register_transformers

        register_transformers()


@BUILT_UNCHECKED
def inline_altair_chart(chart: AltairChart, **options: Any) -> mo.ui.altair_chart:
    """``mo.ui.altair_chart(chart, **options)`` with every frame inline in the spec (its copy
    of the chart made without Altair's check of each object: the spec is the same)."""
    register_inline()
    with alt.data_transformers.enable(INLINE):
        return mo.ui.altair_chart(chart, **options)
