"""The Balance view's and the bench's Altair charts: what they draw is the frames they are given.

Each chart is compiled and drawn by Vega (vl-convert, as an SVG), so a spec Vega-Lite
rejects fails here, and the rows each chart carries are compared with the library's.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from typing import Any

import numpy as np
import pandas as pd
import pytest

from leveler import LevelerCard, bench, bench_reach
from leveler import balance_charts as bc
from leveler.app.labels import LABELS
from leveler.balance import VanillaLine, fit_trend
from leveler.export import chart_spec, chart_svg
from leveler.io.pool_files import card_from_record
from tests.samples import HOSTILE_NAME

KNIGHT = {"name": "Bench Knight", "mana_cost": "{1}{W}", "type_line": "Creature — Human Knight",
          "power": "2", "toughness": "2",
          "oracle_text": "Level up {1}{W}\nLEVEL 1-2\n3/3\nLEVEL 3+\n5/5"}
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def knight() -> LevelerCard:
    return card_from_record(KNIGHT)


@pytest.fixture(scope="module")
def frame(pool: dict[str, LevelerCard], knight: LevelerCard) -> pd.DataFrame:
    return bench.balance_frame(pool, [knight])


def rows_of(chart: Any) -> list[dict[str, Any]]:
    """Every row of every dataset in the chart's spec."""
    return [row for values in chart_spec(chart).get("datasets", {}).values() for row in values]


def texts(chart: Any) -> list[str]:
    """The text Vega draws: axis labels, legends, titles."""
    root = ET.fromstring(chart_svg(chart).decode("utf-8"))
    return ["".join(node.itertext()) for node in root.iter(f"{SVG}text")]


def test_card_order_puts_designs_first_then_by_top_stage(frame: pd.DataFrame) -> None:
    order = bc.card_order(frame)
    assert order[0] == "Bench Knight"
    tops = frame[frame["source"] == bench.SOURCE_PRINTED].groupby("name")["mana_invested"].max()
    assert [tops[name] for name in order[1:]] == sorted(tops)
    assert sorted(order) == sorted(set(frame["name"]))


def test_investment_chart_draws_every_stage_at_its_mana(frame: pd.DataFrame) -> None:
    chart = bc.investment_chart(frame)
    rows = pd.DataFrame(rows_of(chart))
    assert len(rows) == len(frame)
    merged = rows.merge(frame, on=["name", "stage"], suffixes=("", "_lib"))
    assert (merged["mana_invested"] == merged["mana_invested_lib"]).all()
    spec = chart_spec(chart)
    assert spec["layer"][1]["encoding"]["x"]["field"] == "mana_invested"
    assert spec["layer"][1]["encoding"]["y"]["sort"] == bc.card_order(frame)
    drawn = texts(chart)
    assert "Mana invested per band" in drawn and "Bench Knight" in drawn


def test_turns_chart_leaves_out_stages_never_reached(pool) -> None:
    from leveler.balance import CurveModel

    short = bench.balance_frame(pool, model=CurveModel(max_turn=3))
    rows = pd.DataFrame(rows_of(bc.turns_chart(short)))
    reached = short[short["turn"].notna()]
    assert len(rows) == len(reached) < len(short)
    assert sorted(rows["turn"]) == sorted(int(turn) for turn in reached["turn"])


def test_the_curve_chart_draws_the_trend_and_vanilla_lines(pool, frame) -> None:
    trend, vanilla = fit_trend(pool), VanillaLine(1.5, 2.0)
    chart = bc.curve_chart(frame, trend, vanilla)
    lines = bc.reference_lines(trend, vanilla, float(frame["mana_invested"].max()))
    for row in lines.itertuples(index=False):
        line = trend if row.line == "pool trend" else vanilla
        assert row.stats == pytest.approx(float(line.at(row.mana_invested)))
    rows = pd.DataFrame(rows_of(chart))
    points = rows[rows["name"].notna()]
    assert len(points) == len(frame)
    assert list(points["trend_flag"]) == [str(flag) for flag in frame["trend_flag"]]
    assert {"pool trend", "vanilla"} <= set(texts(chart))


def test_the_reach_chart_is_one_cards_chances(pool) -> None:
    ran = bench_reach.reach_frame(pool, [], run=True, games=3_000)
    assert ran is not None
    chart = bc.reach_chart(ran.frame, "Hexdrinker")
    rows = pd.DataFrame(rows_of(chart))
    mine = ran.frame[ran.frame["name"] == "Hexdrinker"]
    assert set(rows["name"]) == {"Hexdrinker"} and len(rows) == len(mine)
    np.testing.assert_allclose(rows.sort_values(["stage", "turn"])["chance"],
                               mine.sort_values(["stage", "turn"])["chance"])
    assert "Hexdrinker" in texts(chart)


def test_the_variants_chart_joins_the_designs_stages(pool, knight) -> None:
    placed = bench.variants_frame(knight, pool)
    chart = bc.variants_chart(placed, bench.trend_of(pool), bench.VANILLA)
    spec = chart_spec(chart)
    datasets = spec["datasets"]
    design_layer = spec["layer"][2]
    design_rows = datasets[design_layer["data"]["name"]]
    assert [row["stage"] for row in design_rows] == [0, 1, 2]
    assert {row["variant"] for row in design_rows} == {0}
    others = datasets[spec["layer"][1]["data"]["name"]]
    assert len(others) == (placed["variant"] != 0).sum()
    chart_svg(chart)  # Vega draws it


def test_the_progression_chart_draws_designs_over_the_pool(pool, knight) -> None:
    frame = bench.progression_frame(pool, [knight])
    chart = bc.progression_chart(frame)
    rows = pd.DataFrame(rows_of(chart))
    assert len(rows) == len(frame)
    spec = chart_spec(chart)
    filters = [layer["transform"][0]["filter"] for layer in spec["spec"]["layer"]]
    assert filters == [f"(datum.source === '{bench.SOURCE_PRINTED}')",
                       f"(datum.source === '{bench.SOURCE_DESIGN}')"]
    assert {"Power", "Toughness"} <= set(texts(chart))


def test_a_hostile_design_name_is_drawn_as_text(pool, knight) -> None:
    hostile = replace(knight, name=HOSTILE_NAME)
    frame = bench.balance_frame(pool, [hostile])
    for chart in bc.balance_charts(frame, bench.trend_of(pool), bench.VANILLA).values():
        svg = chart_svg(chart).decode("utf-8")
        assert "<img" not in svg
    assert HOSTILE_NAME in texts(bc.investment_chart(frame))


def test_the_views_chart_sets(pool, knight) -> None:
    frame = bench.balance_frame(pool, [knight])
    assert list(bc.balance_charts(frame, bench.trend_of(pool), bench.VANILLA)) == [
        "investment", "turns", "curve"]
    good = bench.bench_frames(pool, bench.read_draft(*KNIGHT.values()))
    assert list(bc.bench_charts(good, bench.trend_of(pool), bench.VANILLA)) == [
        "progression", "investment", "turns", "variants"]
    broken = bench.bench_frames(pool, bench.read_draft(*{**KNIGHT, "power": "x"}.values()))
    assert list(bc.bench_charts(broken, bench.trend_of(pool), bench.VANILLA)) == [
        "progression", "investment", "turns"]


# ---------------------------------------------------------------- the charts' words

EN, FR = LABELS["en"], LABELS["fr"]
POOL_CHART_ONLY = {"chart.colour", "chart.pt", "chart.rule", "chart.level_rule"}
WORDS = sorted(key for key in EN if key.startswith("chart.") and key not in POOL_CHART_ONLY)
"""The labels the Balance and bench charts take their words from."""
TITLES = ["chart.source", "chart.stage", "chart.mana_invested", "chart.turn",
          "chart.turn_reached", "chart.investment_title", "chart.turns_title",
          "chart.reference", "chart.line", "chart.vs_pool_trend", "chart.vs_trend",
          "chart.vs_vanilla", "chart.pt_sum", "chart.pool_trend", "chart.vanilla",
          "chart.curve_title", "chart.chance_reached", "chart.chance", "chart.reach_title",
          "chart.variant", "chart.variants_title", "chart.value", "chart.progression_title",
          "chart.card", "chart.band", "chart.level_counters", "chart.Power", "chart.Toughness"]
"""The labels the charts use as titles (axis, legend, tooltip, chart)."""


def every_chart(pool: dict[str, LevelerCard], knight: LevelerCard,
                text: dict[str, str] | None) -> dict[str, Any]:
    """Every chart of the Balance view and the bench, in the words of ``text``."""
    trend, frame = bench.trend_of(pool), bench.balance_frame(pool, [knight])
    drawn = bench.bench_frames(pool, bench.read_draft(*KNIGHT.values()))
    ran = bench_reach.reach_frame(pool, [knight], run=True, games=2_000)
    assert ran is not None
    charts = {f"balance {name}": chart for name, chart in
              bc.balance_charts(frame, trend, bench.VANILLA, text=text).items()}
    charts |= {f"bench {name}": chart for name, chart in
               bc.bench_charts(drawn, trend, bench.VANILLA, text=text).items()}
    return charts | {"reach": bc.reach_chart(ran.frame, "Student of Warfare", text=text)}


def titles(spec: object) -> set[str]:
    """Every title in a Vega-Lite spec: axes, legends, tooltips, the chart's (and subtitle)."""
    found: set[str] = set()
    if isinstance(spec, dict):
        for key, value in spec.items():
            if key == "title" and isinstance(value, str):
                found.add(value)
            elif key == "title" and isinstance(value, dict):
                found |= {value[part] for part in ("text", "subtitle") if part in value}
            elif key != "datasets":
                found |= titles(value)
    elif isinstance(spec, list):
        for item in spec:
            found |= titles(item)
    return found


def test_the_labels_have_every_word_the_balance_charts_use() -> None:
    assert set(TITLES) <= set(WORDS) and all(FR[key] != EN[key] for key in WORDS)


def test_the_balance_and_bench_charts_are_english_by_default(pool, knight) -> None:
    default, english = every_chart(pool, knight, None), every_chart(pool, knight, EN)
    assert list(default) == list(english)
    for name, chart in default.items():
        assert chart.to_dict() == english[name].to_dict(), name
    shown = set().union(*(titles(chart.to_dict()) for chart in default.values()))
    assert {"Mana invested per band", "Turns to each band", "Source", "Stage (0 = printed box)",
            "Mana invested", "Turn", "Card", "Band"} <= shown
    assert shown <= {EN[key] for key in TITLES} | {"Student of Warfare"}
    assert "labelExpr" not in str([chart.to_dict() for chart in default.values()])


def test_the_balance_and_bench_charts_read_in_french(pool, knight) -> None:
    french = every_chart(pool, knight, FR)
    shown = set().union(*(titles(chart.to_dict()) for chart in french.values()))
    assert shown == {FR[key] for key in TITLES} | {"Student of Warfare"}
    assert not shown & {EN[key] for key in WORDS}
    curve = chart_spec(french["balance curve"])
    points = curve["layer"][1]
    assert points["encoding"]["color"]["scale"]["domain"] == [
        "en dessous", "sur la droite", "au-dessus"]
    flags = {row["trend_flag"] for row in curve["datasets"][points["data"]["name"]]}
    assert flags and flags <= {"en dessous", "sur la droite", "au-dessus"}
    variants = chart_spec(french["bench variants"])
    changes = {row["change"] for rows in variants["datasets"].values() for row in rows
               if "change" in row}
    assert "la création" in changes and not any("level up" in change for change in changes)


def test_the_french_charts_as_vega_draws_them(pool, knight) -> None:
    """vl-convert's SVGs: titles, legends (flags, lines, sources) and facet headers in French;
    the card data as they are."""
    french = every_chart(pool, knight, FR)
    drawn = {name: set(texts(chart)) for name, chart in french.items()}
    assert {"Mana investi pour chaque niveau", "Mana investi", "Origine", "imprimée",
            "création", "Étape (0 = cartouche imprimé)", "Bench Knight"} <= drawn[
        "balance investment"]
    assert {"Tours pour atteindre chaque niveau", "Tour atteint"} <= drawn["balance turns"]
    assert {"La courbe : F+E selon le mana investi", "F+E", "Référence", "tendance des cartes",
            "vanille", "Face à la tendance des cartes", "au-dessus", "en dessous",
            "sur la droite"} <= drawn["balance curve"]
    assert {"Force", "Endurance", "Marqueurs « niveau »",
            "F/E selon les marqueurs « niveau » (champ de bataille)"} <= drawn[
        "bench progression"]
    assert {"Variantes : un paramètre, un cran"} <= drawn["bench variants"]
    assert {"Probabilité d'avoir atteint chaque niveau à chaque tour", "Tour",
            "Niveau", "LEVEL 7+"} <= drawn["reach"]
    english = {EN[key] for key in WORDS} | {"Power", "Toughness"}
    drawn["reach"].discard("printed")  # the library's band name of stage 0: data, in English
    for name, shown in drawn.items():
        assert not shown & english, (name, shown & english)


def test_the_charts_own_english_words_are_the_apps_english() -> None:
    """leveler.balance_charts imports no app module: its own English words (WORDS) are
    the app's English words for the same keys, and cover every chart title."""
    assert {key: EN[key] for key in bc.WORDS} == dict(bc.WORDS)
    assert set(TITLES) <= set(bc.WORDS)


def test_words_passed_override_only_their_keys(pool, knight) -> None:
    """A mapping with one key changes that word only; the others stay English."""
    frame = bench.balance_frame(pool, [knight])
    chart = bc.investment_chart(frame, text={"chart.investment_title": "Mana par bande"})
    shown = titles(chart.to_dict())
    assert "Mana par bande" in shown and EN["chart.mana_invested"] in shown
