"""leveler.app.chart_widget: the pool chart in Altair's widget, filtered in place, and the
selections the page sends back (untrusted page input, issue 11) read within a budget."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from leveler import LevelerCard, Zone
from leveler.app import chart_widget
from leveler.app.chart_widget import MAX_PICKED, chart_selections, pool_chart_widget
from leveler.app.labels import labels_for
from leveler.charts import (
    BRUSH_SELECTION,
    CARD_SELECTION,
    LEGEND_SELECTION,
    SHOWN_PARAM,
    chart_frame,
    progression_chart,
    selected_cards,
)
from leveler.pool_grid import PoolGrid, pool_grid


@pytest.fixture(scope="module")
def grid(pool: dict[str, LevelerCard]) -> PoolGrid:
    return pool_grid(pool)


@pytest.fixture(scope="module")
def made(grid: Any) -> tuple[Any, list[int]]:
    """A widget of the whole pool's chart and how many times it said a pick changed."""
    calls: list[int] = []
    chart = progression_chart(chart_frame(grid, Zone.BATTLEFIELD, grid.names), grid.levels,
                              shown=grid.names)
    widget = pool_chart_widget(lambda: calls.append(1))
    widget.draw(chart)
    return widget, calls


def sent(**values: Any) -> dict[str, Any]:
    """Selections as the widget's script sends them: ``{name: {"value": ..., "store": []}}``."""
    return {name: {"value": value, "store": []} for name, value in values.items()}


def test_the_widget_carries_every_card_and_draws_those_it_is_shown(made, grid):
    """A filter sets the chart's parameter; the spec (and so the embedded chart) stays."""
    chart, _ = made
    spec = chart.spec
    assert set(chart.dataframe["name"]) == set(grid.names)
    chart.show(["Hexdrinker"])
    assert chart.shown == ["Hexdrinker"]
    assert chart.element.widget._params[SHOWN_PARAM] == ["Hexdrinker"]
    assert chart.spec == spec
    chart.show(grid.names)
    assert "marimo-anywidget" in chart.text


def test_the_widget_loads_nothing_from_a_cdn(made):
    """The page reaches no CDN (CI reaches none either): Vega is in the widget's module."""
    chart, _ = made
    module = chart.element.widget._esm
    assert "cdn.jsdelivr" not in module and "https://" not in module.split("\n", 1)[0]
    assert len(module) > 100_000


def test_a_click_sent_by_the_page_picks_its_cards_and_says_so_once(made, grid):
    """The page's click on a line (by name) becomes the chart's picks, read by
    selected_cards as the table's narrowing; the same selection sent again is no change."""
    chart, calls = made
    before = len(calls)
    picked = ["Hexdrinker", "Echo Mage"]
    update = sent(**{CARD_SELECTION: {"name": picked, "vlPoint": {"or": []}}})
    chart.element.widget.set_state({"_vl_selections": update})
    assert chart.picked == {CARD_SELECTION: {"name": picked}}
    assert len(calls) == before + 1
    chart.element.widget.set_state({"_vl_selections": dict(update)})
    assert len(calls) == before + 1
    assert selected_cards(grid, Zone.BATTLEFIELD, grid.names, chart.picked) == [
        name for name in grid.names if name in picked]


def test_a_drag_sent_by_the_page_is_read_as_a_drag(grid):
    """711.2a/b: a drag's ranges of counts and power pick the cards whose line crosses it."""
    drag = {"level_counters": [2.6, 5.4], "Power": [3.9, 4.1]}
    picked = chart_selections(sent(**{BRUSH_SELECTION: drag}))
    assert picked == {BRUSH_SELECTION: drag}
    assert selected_cards(grid, Zone.BATTLEFIELD, grid.names, picked)


def test_a_chart_drawn_anew_keeps_the_filter_and_drops_the_picks_saying_so(grid):
    """A language switch draws the chart anew (French words, the same cards, 711.2a/b):
    the cards a filter left drawn stay drawn, a selection made in the old chart is gone
    and ``on_pick`` says so (the table stops narrowing by it); the same chart drawn again
    is no change and keeps the picks."""
    calls: list[int] = []
    frame = chart_frame(grid, Zone.BATTLEFIELD, grid.names)
    english = progression_chart(frame, grid.levels, shown=grid.names)
    french = progression_chart(frame, grid.levels, shown=grid.names, text=labels_for("fr"))
    chart = pool_chart_widget(lambda: calls.append(1))
    chart.draw(english)
    assert calls == [] and chart.shown == grid.names
    chart.show(["Hexdrinker"])
    picked = sent(**{CARD_SELECTION: {"name": ["Hexdrinker"], "vlPoint": {"or": []}}})
    chart.element.widget.set_state({"_vl_selections": picked})
    assert chart.picked and calls == [1]
    chart.draw(english)
    assert chart.picked and calls == [1]
    chart.draw(french)
    assert chart.spec["repeat"]["column"] == [labels_for("fr")["chart.Power"],
                                               labels_for("fr")["chart.Toughness"]]
    assert chart.shown == ["Hexdrinker"]
    assert chart.picked == {} and calls == [1, 1]
    chart.draw(english)
    assert calls == [1, 1]  # nothing was picked in the French chart


@pytest.mark.parametrize("reported", [
    "every card", {SHOWN_PARAM: "Hexdrinker"}, {SHOWN_PARAM: ["x" * 10_000] * 100}, {},
])
def test_the_page_reporting_other_cards_drawn_is_told_the_filters_again(grid, reported):
    """Once the page has embedded a spec it reports the parameters as that spec starts them
    (every card): the cards a filter left (711.2a/b lines) are sent again, whatever the page
    reports; what it reports is page input, compared and never kept."""
    waits: list[Any] = []
    chart = pool_chart_widget(lambda: None, spawn=waits.append)
    chart.show(["Hexdrinker", "Echo Mage"])
    chart.draw(progression_chart(chart_frame(grid, Zone.BATTLEFIELD, grid.names),
                                 grid.levels, shown=grid.names))
    assert chart.element.widget._params[SHOWN_PARAM] == ["Hexdrinker", "Echo Mage"]
    sent = {SHOWN_PARAM: list(grid.names)} if reported == "every card" else reported
    assert waits == []  # a chart drawn anew is told at once
    chart.element.widget.set_state({"_params": sent})
    assert waits  # the page's report: told again a moment later (TELL_AGAIN_DELAY), once
    for wait in waits:
        wait()
    assert chart.element.widget._params[SHOWN_PARAM] == ["Hexdrinker", "Echo Mage"]
    assert chart.shown == ["Hexdrinker", "Echo Mage"]


@pytest.mark.parametrize("hostile", [
    None, [], "card", {CARD_SELECTION: "x"}, {CARD_SELECTION: {"value": ["a"]}},
    sent(**{CARD_SELECTION: {"name": "Hexdrinker"}}),
    sent(**{CARD_SELECTION: {"name": [1, 2]}}),
    sent(**{CARD_SELECTION: {"name": ["x" * (chart_widget.MAX_NAME + 1)]}}),
    sent(**{LEGEND_SELECTION: {"name": ["Hexdrinker"] * (MAX_PICKED + 1)}}),
    sent(**{BRUSH_SELECTION: {"level_counters": [0, "9"], "Power": [True, 2]}}),
    sent(**{BRUSH_SELECTION: {f"f{i}": [0, 1] for i in range(chart_widget.MAX_DRAG_FIELDS + 1)}}),
    sent(other={"name": ["Hexdrinker"]}),
])
def test_page_input_out_of_shape_or_over_budget_selects_nothing(hostile):
    """Issue 11: a page can send any JSON as the chart's selections; what is not a click
    of at most MAX_PICKED short names, or a drag of number pairs, is no selection."""
    assert chart_selections(hostile) == {}


def test_the_bundle_is_made_once_and_kept(tmp_path, monkeypatch):
    """The widget's module is read back from the cache folder, not made again."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    chart_widget.javascript_bundle.cache_clear()
    try:
        first = chart_widget.javascript_bundle()
        kept = list((tmp_path / "leveler").iterdir())
        assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == first
        kept[0].write_text("// kept", encoding="utf-8")
        chart_widget.javascript_bundle.cache_clear()
        assert chart_widget.javascript_bundle() == "// kept"
    finally:
        chart_widget.javascript_bundle.cache_clear()


@pytest.mark.parametrize("hostile", [
    {"card": "x"}, {"bogus": {"value": {"name": ["Hexdrinker"]}, "store": []}},
    sent(**{CARD_SELECTION: {"name": ["Hexdrinker"] * (MAX_PICKED + 1)}}),
    sent(**{BRUSH_SELECTION: {"level_counters": ["0", "9"], "Power": [1, 2]}}),
])
def test_hostile_selections_posted_to_the_widget_pick_nothing(made, hostile):
    """Issue 11: whatever the page posts as the widget's selections (Altair's own handler
    may refuse it: marimo then reports the error and keeps the session), the chart's
    picks, which narrow the table, stay none."""
    chart, _ = made
    chart.element.widget.set_state({"_vl_selections": sent()})
    chart.picked = {}
    with contextlib.suppress(Exception):
        chart.element.widget.set_state({"_vl_selections": hostile})
    assert chart.picked == {}
