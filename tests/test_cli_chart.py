"""``leveler chart``: PNG and SVG files of the app's charts; exit status 0, 1 (failed), 2 (usage).

What the chart holds is checked on the chart object the command hands to the writer,
against the library's frames; the files themselves are checked to be real PNG / SVG.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from leveler import LevelerCard, Zone, characteristics
from leveler import export as export_module
from leveler.balance import investment, turns_to_band
from leveler.charts import WORDS
from leveler.cli import main
from leveler.export import PNG_SIGNATURE, chart_spec


@pytest.fixture
def written(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, str]]:
    """The charts the command draws, with the format asked (the files are still written)."""
    seen: list[tuple[Any, str]] = []
    original = export_module.chart_bytes

    def spy(chart: Any, kind: str, scale: float = export_module.DEFAULT_SCALE) -> bytes:
        seen.append((chart, kind))
        return original(chart, kind, scale)

    monkeypatch.setattr(export_module, "chart_bytes", spy)
    return seen


def chart_rows(chart: Any) -> pd.DataFrame:
    """Every data row in the chart's spec (datasets inlined by Altair)."""
    spec = chart_spec(chart)
    rows = [row for values in spec.get("datasets", {}).values() for row in values]
    return pd.DataFrame(rows)


def test_chart_with_no_kind_writes_the_pools_progression_as_png(
        tmp_path: Path, written: list[tuple[Any, str]], pool: dict[str, LevelerCard],
        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.png"
    assert main(["chart", "--png", str(out)]) == 0
    assert out.read_bytes()[:8] == PNG_SIGNATURE
    assert f"wrote {out}" in capsys.readouterr().out
    rows = chart_rows(written[0][0])
    assert set(rows["name"]) == set(pool)
    for row in rows.itertuples(index=False):
        now = characteristics(pool[row.name], row.level_counters, Zone.BATTLEFIELD)
        assert (row.Power, row.Toughness) == (now.power, now.toughness)


def test_progression_at_a_zone_for_one_card_as_svg(
        tmp_path: Path, written: list[tuple[Any, str]], pool: dict[str, LevelerCard]) -> None:
    """711.6: in the graveyard the lines are flat at the uppermost box."""
    out = tmp_path / "out.svg"
    assert main(["chart", "progression", "--zone", "graveyard", "--card",
                 "student of warfare", "--svg", str(out)]) == 0
    assert ET.fromstring(out.read_text("utf-8")).tag.endswith("svg")
    rows = chart_rows(written[0][0])
    assert set(rows["name"]) == {"Student of Warfare"}
    assert set(rows["Power"]) == {pool["Student of Warfare"].power}


def test_the_progression_svg_names_every_card_in_its_legend_in_its_own_look(
        tmp_path: Path, written: list[tuple[Any, str]], pool: dict[str, LevelerCard]) -> None:
    """The command's chart is the readable one (issue 13): one legend entry per card, in
    English (the library's own words), each card its own colour and dash."""
    out = tmp_path / "out.svg"
    assert main(["chart", "--svg", str(out)]) == 0
    texts = {element.text for element in ET.fromstring(out.read_text("utf-8")).iter(
        "{http://www.w3.org/2000/svg}text")}
    assert set(pool) <= texts and WORDS["chart.legend"] in texts
    line = chart_spec(written[0][0])["spec"]["layer"][0]["encoding"]
    looks = list(zip(line["color"]["scale"]["range"],
                     map(tuple, line["strokeDash"]["scale"]["range"]), strict=True))
    assert line["color"]["scale"]["domain"] == list(pool) and len(set(looks)) == len(pool)


@pytest.mark.parametrize("kind", ["investment", "turns", "curve"])
def test_a_cards_balance_charts_hold_the_librarys_numbers(
        kind: str, tmp_path: Path, written: list[tuple[Any, str]],
        pool: dict[str, LevelerCard]) -> None:
    png, svg = tmp_path / f"{kind}.png", tmp_path / f"{kind}.svg"
    assert main(["chart", kind, "--card", "Student of Warfare", "--card", "Hexdrinker",
                 "--png", str(png), "--svg", str(svg)]) == 0
    assert png.read_bytes()[:8] == PNG_SIGNATURE
    text = svg.read_text("utf-8")
    assert text.startswith("<svg") and "Student of Warfare" in text and "Echo Mage" not in text
    assert [kind for _, kind in written] == ["png", "svg"]
    rows = chart_rows(written[0][0])
    cards = rows[rows["name"].notna()] if "name" in rows else rows
    for name in ("Student of Warfare", "Hexdrinker"):
        mine = cards[cards["name"] == name].sort_values("stage")
        spent = investment(pool[name])
        turns = turns_to_band(pool[name])
        assert list(mine["mana_invested"]) == list(spent["mana_invested"])
        assert list(mine["turn"]) == list(turns["turn"])
    assert set(cards["name"]) == {"Student of Warfare", "Hexdrinker"}


def test_chart_needs_an_output_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chart"]) == 2
    assert "--png FILE and/or --svg FILE" in capsys.readouterr().err


def test_zone_is_only_for_the_progression_chart(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chart", "turns", "--zone", "exile", "--png", str(tmp_path / "x.png")]) == 2
    assert "--zone is for the progression chart" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("argv", [["chart", "pie", "--png", "x.png"],
                                  ["chart", "--zone", "attic", "--png", "x.png"]])
def test_bad_usage_exits_2(argv: list[str], tmp_path: Path,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert not (tmp_path / "x.png").exists()


def test_an_unknown_card_exits_1_with_suggestions(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chart", "curve", "--card", "Student of Warfar", "--png",
                 str(tmp_path / "x.png")]) == 1
    assert "Did you mean: Student of Warfare" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_an_unwritable_file_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["chart", "--svg", str(tmp_path / "no" / "such.svg")]) == 1
    assert "cannot write" in capsys.readouterr().err


def test_a_bad_pool_file_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pool = tmp_path / "pool.json"
    pool.write_text("[{not json")
    assert main(["chart", "--pool", str(pool), "--png", str(tmp_path / "x.png")]) == 1
    assert "pool.json" in capsys.readouterr().err


def test_a_pool_with_no_trend_cannot_draw_the_curve(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    pool = tmp_path / "pool.json"
    pool.write_text(json.dumps([{"name": "Free", "mana_cost": "{1}", "type_line": "Creature",
                                 "power": "1", "toughness": "1",
                                 "oracle_text": "Level up {0}\nLEVEL 1+\n2/2"}]))
    assert main(["chart", "curve", "--pool", str(pool), "--png", str(tmp_path / "x.png")]) == 1
    assert "cannot place the pool on the curve" in capsys.readouterr().err
    assert main(["chart", "--pool", str(pool), "--png", str(tmp_path / "x.png")]) == 0
