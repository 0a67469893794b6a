"""Exports: a table as CSV bytes, an Altair chart as PNG or SVG bytes (vl-convert).

The charts are rendered by ``vl-convert-python`` (Vega-Lite compiled and drawn in
process, no browser and no network), at the Vega-Lite version Altair writes.

Inside a marimo app, marimo replaces Altair's data transformer with one that moves a
chart's data out to a URL served by the app, which a converter outside the page
cannot fetch; :func:`chart_spec` therefore always inlines the data.

>>> import altair as alt, pandas as pd
>>> chart = alt.Chart(pd.DataFrame({"x": [1, 2]})).mark_point().encode(x="x:Q")
>>> chart_png(chart)[:8] == PNG_SIGNATURE, chart_svg(chart).startswith(b"<svg")
(True, True)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import altair as alt
import pandas as pd

__all__ = [
    "FORMATS",
    "PNG_SIGNATURE",
    "Download",
    "chart_bytes",
    "chart_png",
    "chart_spec",
    "chart_svg",
    "downloads",
    "frame_csv",
    "write_chart",
]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
"""The first eight bytes of every PNG file."""

FORMATS = ("png", "svg")
"""Image formats a chart can be exported to."""

DEFAULT_SCALE = 2.0
"""PNG pixels per chart pixel: sharp on a high-density screen and in print."""


def _vega_lite_version() -> str | None:
    """Altair's Vega-Lite version as vl-convert names it (``v6.4.1`` -> ``6.4``), if it has it.

    None lets vl-convert use its own default (its newest Vega-Lite).
    """
    import vl_convert

    found = re.match(r"v?(\d+)\.(\d+)", alt.SCHEMA_VERSION)
    version = f"{found.group(1)}.{found.group(2)}" if found else None
    return version if version in vl_convert.get_vegalite_versions() else None


def chart_spec(chart: alt.TopLevelMixin) -> dict[str, Any]:
    """The chart's Vega-Lite spec with its data inline (whatever transformer is active)."""
    with alt.data_transformers.enable("default", max_rows=None):
        spec: dict[str, Any] = chart.to_dict()
    return spec


def chart_png(chart: alt.TopLevelMixin, scale: float = DEFAULT_SCALE) -> bytes:
    """The chart drawn as a PNG image, ``scale`` image pixels per chart pixel."""
    import vl_convert

    if scale <= 0:
        raise ValueError(f"scale must be positive (got {scale})")
    png: bytes = vl_convert.vegalite_to_png(chart_spec(chart), vl_version=_vega_lite_version(),
                                            scale=scale)
    return png


def chart_svg(chart: alt.TopLevelMixin) -> bytes:
    """The chart drawn as an SVG document (UTF-8); text in it is XML-escaped."""
    import vl_convert

    svg: str = vl_convert.vegalite_to_svg(chart_spec(chart), vl_version=_vega_lite_version())
    return svg.encode("utf-8")


def chart_bytes(chart: alt.TopLevelMixin, kind: str, scale: float = DEFAULT_SCALE) -> bytes:
    """The chart as ``kind`` (one of :data:`FORMATS`)."""
    if kind == "png":
        return chart_png(chart, scale)
    if kind == "svg":
        return chart_svg(chart)
    raise ValueError(f"cannot export a chart as {kind!r}: expected one of {', '.join(FORMATS)}")


def write_chart(chart: alt.TopLevelMixin, path: str | Path,
                scale: float = DEFAULT_SCALE) -> Path:
    """Write the chart to ``path``, as PNG or SVG by its suffix; return the path."""
    target = Path(path)
    kind = target.suffix.lower().lstrip(".")
    data = chart_bytes(chart, kind, scale)
    target.write_bytes(data)
    return target


def frame_csv(frame: pd.DataFrame) -> bytes:
    """The table as UTF-8 CSV with a header row and no index (what a spreadsheet opens).

    Missing values are empty cells; multi-line text stays one quoted cell.
    """
    text: str = frame.to_csv(index=False, lineterminator="\n")
    return text.encode("utf-8")


@dataclass(frozen=True)
class Download:
    """One download button: its label, file name, MIME type, and how to make the bytes.

    ``data`` runs only when the button is pressed (``mo.download`` takes a callable),
    so offering a PNG costs nothing until someone wants it.
    """

    label: str
    filename: str
    mimetype: str
    data: Callable[[], bytes]


def downloads(tables: Mapping[str, pd.DataFrame],
              charts: Mapping[str, alt.TopLevelMixin]) -> list[Download]:
    """A CSV per table and a PNG and an SVG per chart, keyed by file stem (``balance``).

    >>> [d.filename for d in downloads({"balance": pd.DataFrame()}, {})]
    ['balance.csv']
    """
    found = [Download(f"{stem} (CSV)", f"{stem}.csv", "text/csv", partial(frame_csv, frame))
             for stem, frame in tables.items()]
    for stem, chart in charts.items():
        found.append(Download(f"{stem} (PNG)", f"{stem}.png", "image/png",
                              partial(chart_png, chart)))
        found.append(Download(f"{stem} (SVG)", f"{stem}.svg", "image/svg+xml",
                              partial(chart_svg, chart)))
    return found
