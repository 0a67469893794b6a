"""The pool chart in a real browser (issue 13): the legend filters, a click still narrows.

Where a legend entry is drawn is read from Vega itself (vl-convert's SVG of the same
spec), where a card's point is from :class:`leveler.charts.ChartGeometry` (checked
against Vega in tests/test_charts.py); every expected table is the library's.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from leveler import LevelerCard, Zone, load_pool
from leveler.app.words import words_for
from leveler.charts import GEOMETRY, chart_frame, progression_chart
from leveler.pool_grid import level_range, pool_grid, printed_name
from tests.browser_helpers import WidgetStates
from tests.e2e.test_app_browser import (
    canvas_digest,
    chart_canvas,
    chart_redrawn,
    expect_level_rule,
    expect_rows,
    library_rows,
    lonely_point,
    move_slider,
    open_app,
    top_value_of,
)

pytestmark = pytest.mark.browser

SVG = "{http://www.w3.org/2000/svg}"
TIMEOUT = 30_000
EN, FR = words_for("en"), words_for("fr")


@pytest.fixture(scope="module")
def pool() -> dict[str, LevelerCard]:
    return load_pool()


def legend_label_at(pool: dict[str, LevelerCard], name: str) -> tuple[float, float]:
    """Where Vega draws ``name``'s legend label (its start, a little above its baseline),
    from the chart's top-left corner, for the app's English pool chart."""
    vl_convert = pytest.importorskip("vl_convert")
    grid = pool_grid(pool)
    spec = progression_chart(chart_frame(grid, Zone.BATTLEFIELD, grid.names), grid.levels)
    found: list[tuple[float, float]] = []

    def walk(element: ET.Element, x: float, y: float) -> None:
        move = re.match(r"translate\(([-\d.]+),([-\d.]+)\)", element.get("transform", ""))
        if move:
            x, y = x + float(move.group(1)), y + float(move.group(2))
        if element.tag == f"{SVG}text" and element.text == name:
            found.append((x, y))
        for child in element:
            walk(child, x, y)

    walk(ET.fromstring(vl_convert.vegalite_to_svg(spec.to_dict())), 0.0, 0.0)
    assert len(found) == 1, found  # the legend names each card once
    x, y = found[0]
    return x + 12, y - 4


def test_a_legend_click_fades_the_others_and_narrows_the_table_as_a_line_click_does(
        page: Page, app_url: str, pool: dict[str, LevelerCard]) -> None:
    first = next(iter(pool))  # in column one of the legend: its place needs no text width
    label = legend_label_at(pool, first)
    open_app(page, app_url)
    page.wait_for_timeout(500)  # let the chart settle before its picture is taken
    before = canvas_digest(page)
    canvas = chart_canvas(page).bounding_box()
    assert canvas is not None

    page.mouse.click(canvas["x"] + label[0], canvas["y"] + label[1])
    expect_rows(page, library_rows(pool, 0, Zone.BATTLEFIELD, [first]))
    expect(page.locator("table.lv-table caption")).to_contain_text("only the 1 selected")
    assert chart_redrawn(page, before), "a legend click did not change the chart"

    # a shift-click on the same entry takes it out again: every card is back
    page.keyboard.down("Shift")
    page.mouse.click(canvas["x"] + label[0], canvas["y"] + label[1])
    page.keyboard.up("Shift")
    expect_rows(page, library_rows(pool, 0, Zone.BATTLEFIELD))

    # on a fresh page, a click on a card's line narrows the table as before
    open_app(page, app_url)
    click_a_lonely_line(page, pool)

def test_the_slider_moves_the_level_rule_without_re_embedding_the_chart(
        page: Page, app_url: str, pool: dict[str, LevelerCard]) -> None:
    """The chart's element and canvas stay the same ones while the rule moves (the chart
    does not depend on the level); the legend's filter survives the move."""
    levels = level_range(pool)
    first = next(iter(pool))
    label = legend_label_at(pool, first)
    open_app(page, app_url)
    canvas = chart_canvas(page).bounding_box()
    assert canvas is not None
    page.mouse.click(canvas["x"] + label[0], canvas["y"] + label[1])
    expect_rows(page, library_rows(pool, 0, Zone.BATTLEFIELD, [first]))
    page.evaluate("""() => {
        const vega = document.querySelector('.lv-chart marimo-anywidget');
        vega.__kept = true; vega.shadowRoot.querySelector('canvas').__kept = true; }""")
    move_slider(page, 4)
    expect_level_rule(page, 4, levels)
    expect_rows(page, library_rows(pool, 4, Zone.BATTLEFIELD, [first]))
    kept = page.evaluate("""() => {
        const vega = document.querySelector('.lv-chart marimo-anywidget');
        return [!!vega.__kept, !!vega.shadowRoot.querySelector('canvas').__kept]; }""")
    assert kept == [True, True]


def test_a_language_switch_redraws_the_chart_keeping_the_filter_and_dropping_a_pick(
        page: Page, app_url: str, pool: dict[str, LevelerCard]) -> None:
    """Switching to Français draws the chart anew in French words, after the table: a pick
    made in the English chart is gone (the table shows every card again, 711.2a/b at 0
    counters, named as printed in French), and the cards a name filter leaves are still
    the ones the new chart draws (its Vega view's ``shown`` parameter, as the page reports
    it once it has embedded the new spec)."""
    states = open_app(page, app_url)
    name = click_a_lonely_line(page, pool)

    page.get_by_text(FR["language_name"], exact=True).filter(visible=True).first.click()
    expect(page.locator("table.lv-table caption")).to_contain_text(
        FR["caption"].split("{")[0], timeout=TIMEOUT)
    rows = page.locator("table.lv-table tbody tr")
    expect(rows).to_have_count(len(pool), timeout=TIMEOUT)
    french = {card.name: printed_name(card, card.name, FR["printed_language"])
              for card in pool.values()}
    expect(page.locator("table.lv-table")).to_contain_text(french[name])
    wait_until(page, lambda: states.pool_chart()["spec"]["repeat"]["column"][0]
               == FR["chart.Power"], lambda: states.pool_chart()["spec"]["repeat"])

    mages = [card for card in pool if "Mage" in card]
    assert 1 < len(mages) < len(pool)
    search = page.get_by_placeholder(FR["name_placeholder"]).first
    search.fill("Mage")
    search.press("Enter")
    expect(rows).to_have_count(len(mages), timeout=TIMEOUT)
    wait_until(page, lambda: sorted(states.pool_chart_drawn() or []) == mages,
               states.pool_chart_drawn)
    page.get_by_text(EN["language_name"], exact=True).filter(visible=True).first.click()
    expect(page.locator("table.lv-table caption")).to_contain_text(
        EN["caption"].split("{")[0], timeout=TIMEOUT)
    wait_until(page, lambda: states.pool_chart()["spec"]["repeat"]["column"][0]
               == EN["chart.Power"], lambda: states.pool_chart()["spec"]["repeat"])
    states.reported.clear()  # from here on, what the page reports of the English chart
    wait_until(page, lambda: sorted(states.pool_chart_drawn() or []) == mages,
               states.pool_chart_drawn)
    expect_rows(page, library_rows(pool, 0, Zone.BATTLEFIELD, mages))


def test_a_link_with_a_name_filter_opens_on_a_chart_drawing_only_its_cards(
        page: Page, app_url: str, pool: dict[str, LevelerCard]) -> None:
    """A link is the screen (issue 13): opened with ``name=Mage``, the table shows the
    mages' lines at 0 counters (711.2a/b, 711.5) and the chart draws only them, as its
    Vega view reports once embedded (its spec starts with every card drawn)."""
    mages = [card for card in pool if "Mage" in card]
    states = WidgetStates(page)
    page.goto(app_url + "?name=Mage")
    expect_rows(page, library_rows(pool, 0, Zone.BATTLEFIELD, mages))
    expect(chart_canvas(page)).to_be_visible(timeout=TIMEOUT)
    wait_until(page, lambda: sorted(states.pool_chart_drawn() or []) == mages,
               states.pool_chart_drawn)


def click_a_lonely_line(page: Page, pool: dict[str, LevelerCard]) -> str:
    """Click the power line of a card where no other card's line is (:func:`lonely_point`)
    and wait for the table to show that card only, at 0 counters (711.2a/b, 711.5); its
    name."""
    levels = level_range(pool)
    canvas = chart_canvas(page).bounding_box()
    assert canvas is not None
    name, level, value = lonely_point(pool, levels)
    page.mouse.click(canvas["x"] + GEOMETRY.x(0, level, levels),
                     canvas["y"] + GEOMETRY.y(value, top_value_of(pool, levels)))
    expect_rows(page, library_rows(pool, 0, Zone.BATTLEFIELD, [name]))
    return name


def wait_until(page: Page, done: Callable[[], bool], said: Callable[[], Any]) -> None:
    """Wait until ``done()``; fail with what ``said()`` gives then."""
    for _ in range(TIMEOUT // 100):
        if done():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"never done; last: {str(said())[:500]}")
