"""Exports: CSV bytes of a table, PNG and SVG bytes of a chart (vl-convert), download buttons."""

from __future__ import annotations

import errno
import io
import os
import stat
import struct
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import altair as alt
import pandas as pd
import pytest

from leveler import export
from tests.samples import HOSTILE_NAME


@pytest.fixture
def chart() -> alt.Chart:
    frame = pd.DataFrame({"name": ["Student of Warfare", HOSTILE_NAME], "mana": [1, 8],
                          "stats": [2, 8]})
    return alt.Chart(frame).mark_point().encode(x="mana:Q", y="stats:Q", color="name:N",
                                                tooltip=["name:N"]).properties(width=200,
                                                                               height=100)


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_png_is_a_png_at_the_asked_scale(chart: alt.Chart) -> None:
    one, two = export.chart_png(chart, scale=1), export.chart_png(chart, scale=2)
    assert one[:8] == two[:8] == export.PNG_SIGNATURE
    assert one[12:16] == b"IHDR"
    (w1, h1), (w2, h2) = png_size(one), png_size(two)
    assert w1 > 200 and h1 > 100  # the plot plus its axes and legend
    assert (w2, h2) == (2 * w1, 2 * h1)
    with pytest.raises(ValueError, match="positive"):
        export.chart_png(chart, scale=0)


def test_svg_is_an_svg_document_with_its_text_escaped(chart: alt.Chart) -> None:
    data = export.chart_svg(chart)
    text = data.decode("utf-8")
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    labels = ["".join(node.itertext()) for node in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Student of Warfare" in labels and HOSTILE_NAME in labels  # the legend, as text
    assert "<img" not in text and "&lt;img" in text


def test_the_spec_carries_its_data_inline_whatever_the_transformer(chart: alt.Chart) -> None:
    """marimo moves chart data to URLs served by the app; an export must not depend on them."""
    alt.data_transformers.register("to_nowhere", lambda data: {"url": "./@file/gone.csv"})
    with alt.data_transformers.enable("to_nowhere"):
        assert "url" in chart.to_dict()["data"]
        spec = export.chart_spec(chart)
        png = export.chart_png(chart)
    rows = [row for values in spec["datasets"].values() for row in values]
    assert [row["name"] for row in rows] == ["Student of Warfare", HOSTILE_NAME]
    assert png[:8] == export.PNG_SIGNATURE
    assert alt.data_transformers.active != "to_nowhere"


def test_chart_bytes_and_write_chart_take_the_format_asked(chart: alt.Chart,
                                                           tmp_path: Path) -> None:
    """The format is the one asked for, never guessed from the file's suffix."""
    assert export.chart_bytes(chart, "png")[:8] == export.PNG_SIGNATURE
    assert export.chart_bytes(chart, "svg").startswith(b"<svg")
    with pytest.raises(ValueError, match="pdf"):
        export.chart_bytes(chart, "pdf")
    assert export.write_chart(chart, tmp_path / "c.svg", "png").read_bytes()[:8] == (
        export.PNG_SIGNATURE)
    assert export.write_chart(chart, tmp_path / "c.png", "svg").read_bytes().startswith(b"<svg")
    assert export.write_chart(chart, tmp_path / "c.txt", "png").read_bytes()[:8] == (
        export.PNG_SIGNATURE)
    with pytest.raises(ValueError, match="pdf"):
        export.write_chart(chart, tmp_path / "c.pdf", "pdf")
    assert not (tmp_path / "c.pdf").exists()


def test_csv_round_trips_the_table() -> None:
    frame = pd.DataFrame({"Card": [HOSTILE_NAME, "Student of Warfare"],
                          "Abilities": ["First strike\nLevel up {W}", ""],
                          "Turn": pd.array([4, None], dtype="Int64"), "Trend": [6.92, 1.5]})
    data = export.frame_csv(frame)
    assert data.decode("utf-8").splitlines()[0] == "Card,Abilities,Turn,Trend"
    back = pd.read_csv(io.BytesIO(data), keep_default_na=False, dtype=str)
    assert list(back["Card"]) == [HOSTILE_NAME, "Student of Warfare"]
    assert list(back["Abilities"]) == ["First strike\nLevel up {W}", ""]
    assert list(back["Turn"]) == ["4", ""]


def test_downloads_are_lazy_and_named(chart: alt.Chart) -> None:
    class Exploding:
        def to_dict(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
            raise AssertionError("drawn before anyone asked")

    offered = export.downloads({"balance": pd.DataFrame({"a": [1]})},
                               {"curve": chart, "never": Exploding()})
    assert [(d.filename, d.mimetype) for d in offered] == [
        ("balance.csv", "text/csv"), ("curve.png", "image/png"), ("curve.svg", "image/svg+xml"),
        ("never.png", "image/png"), ("never.svg", "image/svg+xml")]
    assert offered[0].data() == b"a\n1\n"
    assert offered[1].data()[:8] == export.PNG_SIGNATURE
    assert offered[2].data().startswith(b"<svg")
    with pytest.raises(AssertionError, match="drawn before"):
        offered[3].data()


def test_write_atomic_never_replaces_without_force(tmp_path: Path) -> None:
    out = tmp_path / "out.csv"
    assert export.write_atomic(out, b"first") == out and out.read_bytes() == b"first"
    with pytest.raises(export.OutputExists, match="already exists"):
        export.write_atomic(out, b"second")
    assert out.read_bytes() == b"first"
    export.write_atomic(out, b"second", force=True)
    assert out.read_bytes() == b"second" and sorted(tmp_path.iterdir()) == [out]


def test_a_new_file_gets_the_umask_and_a_replaced_one_keeps_its_mode(tmp_path: Path) -> None:
    old_umask = os.umask(0o027)
    try:
        fresh = export.write_atomic(tmp_path / "fresh.png", b"x")
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o640  # not mkstemp's 0600
    os.chmod(fresh, 0o604)
    export.write_atomic(fresh, b"y", force=True)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o604


def test_a_failed_write_keeps_the_old_file_whole_and_leaves_no_temporary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk that fills up at the flush (ENOSPC): the old file is untouched."""
    out = tmp_path / "chart.svg"
    out.write_bytes(b"<svg>old</svg>")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(export.os, "fsync", full)
    with pytest.raises(OSError, match="No space left"):
        export.write_atomic(out, b"<svg>new</svg>", force=True)
    assert out.read_bytes() == b"<svg>old</svg>" and sorted(tmp_path.iterdir()) == [out]


def test_a_file_that_appears_while_writing_is_not_replaced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Checked again at the last step: the new file is linked in, which fails if one is there."""
    out = tmp_path / "out.png"
    real_fsync = os.fsync

    def someone_else_writes(fd: int) -> None:
        real_fsync(fd)
        if not out.exists():
            out.write_bytes(b"theirs")

    monkeypatch.setattr(export.os, "fsync", someone_else_writes)
    with pytest.raises(export.OutputExists, match="appeared while writing"):
        export.write_atomic(out, b"mine")
    assert out.read_bytes() == b"theirs" and sorted(tmp_path.iterdir()) == [out]


@pytest.mark.parametrize("kind", ["folder", "fifo", "link", "read-only"])
def test_write_atomic_refuses_what_is_not_a_writable_regular_file(kind: str,
                                                                  tmp_path: Path) -> None:
    target = tmp_path / "target"
    if kind == "folder":
        target.mkdir()
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "link":
        (tmp_path / "real").write_bytes(b"real")
        target.symlink_to(tmp_path / "real")
    else:
        target.write_bytes(b"kept")
        os.chmod(target, 0o444)
    with pytest.raises(export.OutputRefused, match=str(target)):
        export.write_atomic(target, b"data", force=True)
    assert not list(tmp_path.glob(".*.tmp"))
