"""Exports: a table as CSV bytes, an Altair chart as PNG or SVG bytes (vl-convert), and
files written safely: atomically, never over an existing file unless asked, never over a
folder, FIFO, device or symbolic link.

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

import contextlib
import errno
import os
import re
import secrets
import stat
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
    "OutputExists",
    "OutputRefused",
    "chart_bytes",
    "chart_png",
    "chart_spec",
    "chart_svg",
    "check_output",
    "downloads",
    "frame_csv",
    "write_atomic",
    "write_chart",
    "write_csv",
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


class OutputRefused(ValueError):
    """An output path the writers will not write to (named in the message)."""


class OutputExists(OutputRefused):
    """The output file exists and replacing it was not asked for (``force``)."""


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def check_output(path: str | Path, *, force: bool = False) -> os.stat_result | None:
    """What is at ``path`` now (None: nothing), or OutputRefused if it may not be written.

    Refused: a symbolic link, a folder, FIFO, socket or device (even with ``force``), a
    read-only file (even with ``force``), and an existing file without ``force``.
    """
    target = Path(path)
    try:
        found = os.lstat(target)
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(found.st_mode):
        raise OutputRefused(f"{target}: is a symbolic link; name the file itself")
    if not stat.S_ISREG(found.st_mode):
        raise OutputRefused(f"{target}: is {_kind_of(found.st_mode)}, not a file to write")
    if not force:
        raise OutputExists(f"{target}: already exists (not replaced without force)")
    if not found.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise OutputRefused(f"{target}: is read-only; not replaced")
    return found


def write_atomic(path: str | Path, data: bytes, *, force: bool = False) -> Path:
    """Write ``data`` to ``path`` atomically: a temporary file in the same folder, flushed
    to disk (fsync), then renamed over the target, so a reader or a crash sees the old
    file or the new one, never half of one.

    Without ``force`` an existing file is never replaced (checked again at the rename:
    the file is linked into place, which fails if something appeared meanwhile). A
    replaced file keeps its permission bits; a new one gets the usual ones (umask).
    Raises :class:`OutputRefused` (see :func:`check_output`) or OSError.
    """
    target = Path(path)
    found = check_output(target, force=force)
    folder = target.parent
    temp = folder / f".{target.name[:80]}.{secrets.token_hex(6)}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | os.O_NOFOLLOW,
                 0o666)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        if found is not None:
            os.chmod(temp, stat.S_IMODE(found.st_mode))
            os.replace(temp, target)
        else:
            _link_new(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_folder(folder)
    return target


def _link_new(temp: Path, target: Path) -> None:
    """Put ``temp`` at ``target`` only if nothing is there, then drop the ``temp`` name."""
    try:
        os.link(temp, target)
    except FileExistsError:
        raise OutputExists(f"{target}: already exists (appeared while writing; not "
                           "replaced without force)") from None
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EMLINK):
            raise
        # a file system without hard links: check once more, then rename
        check_output(target)
        os.replace(temp, target)
        return
    with contextlib.suppress(OSError):
        os.unlink(temp)


def _sync_folder(folder: Path) -> None:
    """Flush the folder entry of a rename to disk, where the system allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def write_chart(chart: alt.TopLevelMixin, path: str | Path, kind: str,
                scale: float = DEFAULT_SCALE, *, force: bool = False) -> Path:
    """Write the chart to ``path`` as ``kind`` (PNG or SVG, whatever the file's suffix),
    atomically, see :func:`write_atomic`; return the path."""
    return write_atomic(path, chart_bytes(chart, kind, scale), force=force)


def write_csv(frame: pd.DataFrame, path: str | Path, *, force: bool = False) -> Path:
    """Write the table to ``path`` as CSV (:func:`frame_csv`), atomically; return the path."""
    return write_atomic(path, frame_csv(frame), force=force)


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
