"""The explorer in a real browser: what a person sees is what the library says.

Every expectation is computed from ``leveler.characteristics`` (or the chart
geometry the unit tests check against Vega), never typed in by hand.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from leveler import LevelerCard, Zone, characteristics, load_pool
from leveler.app.views import NO_BAND, level_range
from leveler.charts import GEOMETRY, METRICS
from leveler.io.editions import cite
from tests.browser_helpers import WidgetStates, injected_elements
from tests.samples import HOSTILE_NAME

pytestmark = pytest.mark.browser

XSS_POOL = Path(__file__).resolve().parents[1] / "data" / "xss_pool.json"
TIMEOUT = 30_000

ROWS_MATCH = """(expected) => {
  const rows = [...document.querySelectorAll('table.lv-table tbody tr')].map(
    tr => [...tr.querySelectorAll('td')].map(td => td.textContent.trim()));
  return JSON.stringify(rows) === JSON.stringify(expected);
}"""


@pytest.fixture(scope="module")
def pool() -> dict[str, LevelerCard]:
    return load_pool()


def library_rows(pool: dict[str, LevelerCard], level: int, zone: Zone,
                 names: list[str] | None = None) -> list[list[str]]:
    """The table's cell texts per the library (abilities are one per line, no separator)."""
    rows = []
    for card in pool.values():
        if names is not None and card.name not in names:
            continue
        now = characteristics(card, level, zone)
        band = now.band.label if now.band is not None else NO_BAND
        rows.append([card.name, str(card.mana_cost), band, str(now.power),
                     str(now.toughness), "".join(now.abilities), now.rule])
    return rows


def shown_rows(page: Page) -> list[list[str]]:
    rows: list[list[str]] = page.evaluate("""() => [...document.querySelectorAll(
        'table.lv-table tbody tr')].map(tr => [...tr.querySelectorAll('td')].map(
        td => td.textContent.trim()))""")
    return rows


def expect_rows(page: Page, expected: list[list[str]]) -> None:
    """Wait until the table holds exactly ``expected``; fail showing what it holds."""
    try:
        page.wait_for_function(ROWS_MATCH, arg=expected, timeout=TIMEOUT)
    except Exception:  # a timeout: say what differs
        assert shown_rows(page) == expected
        raise


def open_app(page: Page, url: str) -> WidgetStates:
    """Open the app at ``url``; what its websocket sends the chart's widget is recorded."""
    states = WidgetStates(page)
    page.goto(url)
    expect(page.locator("table.lv-table")).to_be_visible(timeout=60_000)
    expect(chart_canvas(page)).to_be_visible(timeout=TIMEOUT)
    return states


def chart_canvas(page: Page) -> Any:
    return page.locator(".lv-chart marimo-anywidget canvas")


def canvas_digest(page: Page) -> str:
    return hashlib.sha256(chart_canvas(page).screenshot()).hexdigest()


def expect_chart_is_library(page: Page, states: WidgetStates,
                            pool: dict[str, LevelerCard], zone: Zone) -> None:
    """The chart's data sent to the page draws, for every card, a step line that is the
    library's P/T at every count of the slider: a point per segment and one closing it;
    and it draws every card."""
    levels = level_range(pool)
    rows = states.pool_chart_rows(page)
    assert sorted(states.pool_chart_shown()) == sorted(pool)
    segments = (sum(len(card.bands) + 1 for card in pool.values())
                if zone is Zone.BATTLEFIELD else len(pool))
    assert len(rows) == segments + len(pool)
    for row in rows:
        now = characteristics(pool[row["name"]], int(row["level_counters"]), zone)
        assert (int(row["Power"]), int(row["Toughness"]), row["citation"]) == (
            now.power, now.toughness, now.rule), row
    for name, card in pool.items():
        line = sorted((int(row["level_counters"]), int(row["Power"]))
                      for row in rows if row["name"] == name)
        assert line[0][0] == levels.start and line[-1][0] == levels.stop - 1
        for level in levels:
            drawn = [power for start, power in line if start <= level][-1]
            assert drawn == characteristics(card, level, zone).power, (name, level)


def expect_level_rule(page: Page, level: int, levels: range) -> None:
    """The rule over each panel says ``level`` and sits at that level's pixel on the chart."""
    rules = page.locator(".lv-chart .lv-level-rule")
    expect(rules).to_have_count(len(METRICS))
    for panel in range(len(METRICS)):
        expect(rules.nth(panel)).to_have_attribute("data-level", str(level), timeout=TIMEOUT)
    canvas = chart_canvas(page).bounding_box()
    assert canvas is not None
    for panel in range(len(METRICS)):
        box = rules.nth(panel).bounding_box()
        assert box is not None
        centre = box["x"] + box["width"] / 2 - canvas["x"]
        assert abs(centre - GEOMETRY.x(panel, level, levels)) < 1.0
        assert abs(box["y"] - canvas["y"] - GEOMETRY.top) < 1.0


def slider(page: Page) -> Any:
    return page.locator("[role=slider]").filter(visible=True).first


def move_slider(page: Page, steps: int) -> None:
    handle = slider(page)
    start = int(handle.get_attribute("aria-valuenow") or "0")
    handle.focus()
    key = "ArrowRight" if steps > 0 else "ArrowLeft"
    for _ in range(abs(steps)):
        page.keyboard.press(key)
    expect(handle).to_have_attribute("aria-valuenow", str(start + steps))


def choose_zone(page: Page, zone: Zone) -> None:
    label = zone.value.capitalize()
    page.locator("select").filter(visible=True).filter(
        has=page.locator("option", has_text="Graveyard")).first.select_option(label=label)


def lonely_point(pool: dict[str, LevelerCard], levels: range) -> tuple[str, int, int]:
    """A (card, level, power) no other card's power line touches: a click there is that card's.

    With step lines, another card's line is at level L at its power before L, its power
    at L, and everything between (the vertical step).
    """
    def power(card: LevelerCard, level: int) -> int:
        return characteristics(card, level, Zone.BATTLEFIELD).power

    for level in levels[1:-1]:
        for card in pool.values():
            value = power(card, level)
            crowded = any(
                min(power(other, level - 1), power(other, level)) - 1 <= value
                <= max(power(other, level - 1), power(other, level)) + 1
                for other in pool.values() if other is not card)
            if not crowded:
                return card.name, level, value
    raise AssertionError("no uncrowded point in the pool's power chart")


def test_slider_and_zone_change_the_table_and_chart_to_what_the_library_says(
        page: Page, app_url: str, pool: dict[str, LevelerCard], artifacts: Path) -> None:
    """711.5 at 0 counters, 711.2a/711.2b at 7, and 711.6 in the graveyard: the table flat,
    the chart still the battlefield's (dimmed, under a note citing 711.6) and not redrawn."""
    levels = level_range(pool)
    states = open_app(page, app_url)
    expect(slider(page)).to_have_attribute("aria-valuemax", str(levels.stop - 1))
    expect_rows(page, library_rows(pool, 0, Zone.BATTLEFIELD))
    expect_level_rule(page, 0, levels)
    expect_chart_is_library(page, states, pool, Zone.BATTLEFIELD)

    move_slider(page, 7)
    expect(page.locator("table.lv-table")).to_have_attribute("data-level", "7")
    expect_rows(page, library_rows(pool, 7, Zone.BATTLEFIELD))
    expect_level_rule(page, 7, levels)
    page.screenshot(path=str(artifacts / "explorer.png"))

    embedding = chart_embedding(page)
    mark_chart_canvas(page)
    expect(page.locator(".lv-chart-note")).to_be_empty()
    choose_zone(page, Zone.GRAVEYARD)
    expect(page.locator("table.lv-table")).to_have_attribute("data-zone", "graveyard")
    expect_rows(page, library_rows(pool, 7, Zone.GRAVEYARD))
    note = page.locator(".lv-chart-note")
    expect(note).to_have_attribute("data-zone", "graveyard")
    expect(note).to_contain_text("Every card in the graveyard has its uppermost P/T box (711.6)")
    expect(page.locator(".lv-chart")).to_have_class(re.compile(r"\blv-chart-off\b"))
    expect_chart_is_library(page, states, pool, Zone.BATTLEFIELD)
    assert chart_embedding(page) == embedding, "the zone change re-made the chart"
    assert chart_canvas_marked(page), "the zone change re-mounted the chart"
    expect_level_rule(page, 7, levels)

    move_slider(page, -3)
    expect_rows(page, library_rows(pool, 4, Zone.GRAVEYARD))
    expect_level_rule(page, 4, levels)


def chart_embedding(page: Page) -> str:
    """The random id marimo gives the chart each time its cell makes it (a re-embedding)."""
    return page.locator(".lv-chart marimo-ui-element").first.get_attribute("random-id") or ""


CHART_CANVAS = ("document.querySelector('.lv-chart marimo-anywidget')?.shadowRoot"
                "?.querySelector('canvas')")


def mark_chart_canvas(page: Page) -> None:
    """Tag the chart's canvas element, to tell later whether it is still the same one."""
    page.wait_for_function(f"() => !!{CHART_CANVAS}", timeout=TIMEOUT)
    page.evaluate(f"() => {{ const canvas = {CHART_CANVAS}; canvas.dataset.lvMarked = '1'; }}")


def chart_canvas_marked(page: Page) -> bool:
    """Whether the chart's canvas is still the one :func:`mark_chart_canvas` tagged."""
    return bool(page.evaluate(f"() => {CHART_CANVAS}?.dataset.lvMarked === '1'"))


def chart_redrawn(page: Page, before: str) -> bool:
    """Whether the chart's canvas changes from ``before`` within about ten seconds."""
    for _ in range(50):
        if canvas_digest(page) != before:
            return True
        page.wait_for_timeout(200)
    return False


def test_clicking_a_card_in_the_chart_narrows_the_table_until_cleared(
        page: Page, app_url: str, pool: dict[str, LevelerCard]) -> None:
    levels = level_range(pool)
    name, level, value = lonely_point(pool, levels)
    open_app(page, app_url)
    canvas = chart_canvas(page).bounding_box()
    assert canvas is not None
    x = canvas["x"] + GEOMETRY.x(0, level, levels)
    y = canvas["y"] + GEOMETRY.y(value, top_value_of(pool, levels))
    page.mouse.click(x, y)
    expect_rows(page, library_rows(pool, 0, Zone.BATTLEFIELD, [name]))
    expect(page.locator("table.lv-table caption")).to_contain_text("only the 1 selected")

    move_slider(page, 5)  # the chart is not redrawn by the slider, so the selection stays
    expect_rows(page, library_rows(pool, 5, Zone.BATTLEFIELD, [name]))

    page.mouse.dblclick(x, y)
    expect_rows(page, library_rows(pool, 5, Zone.BATTLEFIELD))


def test_brushing_a_region_narrows_the_table_to_the_cards_with_points_in_it(
        page: Page, app_url: str, pool: dict[str, LevelerCard]) -> None:
    """Drag over levels 4-8 x power 6-9 in the power panel: the cards the library puts there."""
    levels = level_range(pool)
    low, high, first, last = 6, 9, 4, 8
    inside = sorted({card.name for card in pool.values() for level in range(first, last + 1)
                     if low <= characteristics(card, level, Zone.BATTLEFIELD).power <= high})
    assert 0 < len(inside) < len(pool)
    open_app(page, app_url)
    canvas = chart_canvas(page).bounding_box()
    assert canvas is not None
    top = top_value_of(pool, levels)
    # half a step outside each bound, so no point sits on the brush's edge
    half_level = GEOMETRY.width / (len(levels) - 1) / 2
    half_value = GEOMETRY.height / top / 2
    start = (canvas["x"] + GEOMETRY.x(0, first, levels) - half_level,
             canvas["y"] + GEOMETRY.y(high, top) - half_value)
    end = (canvas["x"] + GEOMETRY.x(0, last, levels) + half_level,
           canvas["y"] + GEOMETRY.y(low, top) + half_value)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=8)
    page.mouse.up()
    expect_rows(page, library_rows(pool, 0, Zone.BATTLEFIELD, inside))
    move_slider(page, 6)
    expect_rows(page, library_rows(pool, 6, Zone.BATTLEFIELD, inside))


def top_value_of(pool: dict[str, LevelerCard], levels: range) -> int:
    """The chart's y-axis top, from the library's P/T at every level."""
    values = [value for card in pool.values() for level in levels
              for now in [characteristics(card, level, Zone.BATTLEFIELD)]
              for value in (now.power, now.toughness)]
    return max(values)


def test_the_card_view_highlights_the_band_and_quotes_the_rule_in_each_edition(
        page: Page, app_url: str, pool: dict[str, LevelerCard], artifacts: Path) -> None:
    """711.2b at 7 counters, worded as 711.2b now and 710.2b in 2011 (English, French)."""
    open_app(page, app_url)
    move_slider(page, 7)
    page.get_by_role("tab", name="Card").click()
    card = pool["Student of Warfare"]
    now = characteristics(card, 7, Zone.BATTLEFIELD)
    assert now.band is not None
    active = page.locator(".lv-card [aria-current=true]")
    expect(active).to_have_count(1, timeout=TIMEOUT)
    expect(active).to_have_attribute("data-band", now.band.label)
    expect(page.locator(".lv-now-pt")).to_have_text(f"{now.power}/{now.toughness}")
    quote = page.locator(".lv-rule blockquote")
    for edition, label in [("en-current", "English, current (711)"),
                           ("en-2011", "English, 2011 (710)"),
                           ("fr-2011", "Français, 2011 (710)")]:
        page.get_by_label(label).check()
        quoted = cite(now.rule, edition)
        assert quoted.text is not None
        expect(quote).to_contain_text(f"{quoted.number} {quoted.text}")
    french = card.translation("French")
    assert french is not None
    expect(page.locator(".lv-translation")).to_contain_text(french.name)
    page.screenshot(path=str(artifacts / "explorer-card.png"))

    other = pool["Transcendent Master"]
    page.locator("select").filter(visible=True).filter(
        has=page.locator("option", has_text=other.name)).first.select_option(label=other.name)
    then = characteristics(other, 7, Zone.BATTLEFIELD)
    expect(page.locator(".lv-card .lv-name")).to_have_text(other.name)
    expect(page.locator(".lv-now-pt")).to_have_text(f"{then.power}/{then.toughness}")
    expect(page.locator(".lv-card [aria-current=true]")).to_have_attribute(
        "data-band", then.band.label if then.band is not None else "")


def test_a_card_named_like_html_shows_as_text_and_opens_no_dialog(
        page: Page, xss_url: str, artifacts: Path) -> None:
    hostile = load_pool(XSS_POOL)
    levels = level_range(hostile)
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_app(page, xss_url)
    expect_rows(page, library_rows(hostile, 0, Zone.BATTLEFIELD))
    move_slider(page, 7)
    expect_rows(page, library_rows(hostile, 7, Zone.BATTLEFIELD))
    expect(page.locator("table.lv-table td").filter(has_text=HOSTILE_NAME)).to_have_count(1)

    canvas = chart_canvas(page).bounding_box()
    assert canvas is not None
    now = characteristics(hostile[HOSTILE_NAME], 8, Zone.BATTLEFIELD)
    page.mouse.move(canvas["x"] + GEOMETRY.x(0, 8, levels),
                    canvas["y"] + GEOMETRY.y(now.power, top_value_of(hostile, levels)))
    tooltip = page.locator("#vg-tooltip-element")
    expect(tooltip).to_contain_text(HOSTILE_NAME, timeout=TIMEOUT)
    assert tooltip.locator("img").count() == 0

    page.get_by_role("tab", name="Card").click()
    page.locator("select").filter(visible=True).filter(
        has=page.locator("option", has_text="Plain Squire")).first.select_option(
        label=HOSTILE_NAME)
    expect(page.locator(".lv-card .lv-name")).to_have_text(HOSTILE_NAME)
    page.get_by_label("Français, 2011 (710)").check()
    french = hostile[HOSTILE_NAME].translation("French")
    assert french is not None
    expect(page.locator(".lv-translation")).to_contain_text(french.name)
    page.screenshot(path=str(artifacts / "explorer-xss.png"))

    assert injected_elements(page) == [0, 0, 0]
    assert dialogs == []


def test_a_missing_pool_file_shows_an_error_message_not_a_traceback(
        page: Page, missing_pool_url: str) -> None:
    page.goto(missing_pool_url)
    message = page.get_by_text("The app could not load its card pool.")
    expect(message).to_be_visible(timeout=60_000)
    expect(page.get_by_text("no-such-pool.json: cannot read the pool file")).to_be_visible()
    assert page.locator("table.lv-table").count() == 0
    assert "Traceback" not in page.locator("body").inner_text()
