"""Issue 6 in a real browser: the pool file picker and the English/French switch.

Expectations come from the library: ``load_pool_report`` on the same file,
``characteristics`` for the rows, ``cite`` for the rule quotes, and the labels of
``leveler.app.labels`` for the words.
"""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from leveler import LevelerCard, Zone, characteristics, load_pool, working_pool
from leveler.app import labels, pool_picker, views
from leveler.app.views import NO_BAND, level_range
from leveler.charts import GEOMETRY, METRICS
from leveler.io.editions import cite
from leveler.io.pool_files import PoolReport, load_pool_report
from leveler.pool_grid import printed_names
from tests.browser_helpers import (
    WidgetStates,
    injected_elements,
    upload_and_submit,
    whatif_field,
)
from tests.data.hostile.make_uploads import oversized
from tests.samples import HOSTILE_NAME

pytestmark = pytest.mark.browser

DATA = Path(__file__).resolve().parents[1] / "data"
IMPORTERS = DATA / "importers"
XSS_POOL = DATA / "xss_pool.json"
TIMEOUT = 30_000
EN, FR = labels.LABELS["en"], labels.LABELS["fr"]

ROWS_MATCH = """(expected) => {
  const rows = [...document.querySelectorAll('table.lv-table tbody tr')].map(
    tr => [...tr.querySelectorAll('td')].map(td => td.textContent.trim()));
  return JSON.stringify(rows) === JSON.stringify(expected);
}"""


def report_of(path: Path) -> PoolReport:
    return load_pool_report(io.BytesIO(path.read_bytes()), name=path.name)


def library_rows(pool: dict[str, LevelerCard], level: int = 0,
                 zone: Zone = Zone.BATTLEFIELD) -> list[list[str]]:
    """The table's cell texts per the library, in name order."""
    rows = []
    for name in sorted(pool):
        now = characteristics(pool[name], level, zone)
        band = now.band.label if now.band is not None else NO_BAND
        rows.append([name, str(pool[name].mana_cost), band, str(now.power),
                     str(now.toughness), "".join(now.abilities), now.rule])
    return rows


def expect_rows(page: Page, expected: list[list[str]]) -> None:
    try:
        page.wait_for_function(ROWS_MATCH, arg=expected, timeout=TIMEOUT)
    except Exception:  # a timeout: say what differs
        shown = page.evaluate("""() => [...document.querySelectorAll(
            'table.lv-table tbody tr')].map(tr => [...tr.querySelectorAll('td')].map(
            td => td.textContent.trim()))""")
        assert shown == expected
        raise


def open_app(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("table.lv-table")).to_be_visible(timeout=60_000)


def sidebar(page: Page) -> Any:
    return page.locator("aside.lv-sidebar")


def load_pool_file(page: Page, path: Path) -> None:
    """Pick a pool file in the sidebar and press OK."""
    upload_and_submit(sidebar(page), path)


def test_a_loaded_pool_file_replaces_the_pool_and_a_bad_one_keeps_it(
        page: Page, app_url: str) -> None:
    """A Scryfall list: its three levelers everywhere (table, What-if), the skipped entries
    said; a list with broken cards: the others load and each failure names card and line;
    a Scryfall error object: refused with the library's message, the pool stays."""
    open_app(page, app_url)
    listed = IMPORTERS / "scryfall_list.json"
    report = report_of(listed)
    load_pool_file(page, listed)
    expect_rows(page, library_rows(report.cards))
    expect(sidebar(page).locator(".lv-pool-source")).to_contain_text(report.summary())

    page.get_by_role("tab", name="What if…").click()
    cards = whatif_field(page, "Card").locator("option")
    # every card of the loaded pool, then the bench draft's one fixed choice (issue 13:
    # the working pool puts it last in every card list, whatever is typed)
    expect(cards).to_have_text([*report.cards, working_pool.MARKS["card_draft"]],
                               timeout=TIMEOUT)
    page.get_by_role("tab", name="Pool").click()

    broken = IMPORTERS / "scryfall_bad_cards.json"
    report = report_of(broken)
    assert report.cards and report.errors
    load_pool_file(page, broken)
    expect_rows(page, library_rows(report.cards))
    failures = sidebar(page).locator(".lv-pool-errors li")
    expect(failures).to_have_text([str(error) for error in report.errors])

    wrong = IMPORTERS / "scryfall_error.json"
    with pytest.raises(ValueError) as refused:
        report_of(wrong)
    load_pool_file(page, wrong)
    expect(sidebar(page).get_by_text(str(refused.value))).to_be_visible(timeout=TIMEOUT)
    expect(sidebar(page).get_by_text("The app keeps the pool it has.")).to_be_visible()
    expect_rows(page, library_rows(report.cards))  # still the previous pool
    assert "Traceback" not in page.locator("body").inner_text()


def test_francais_labels_the_app_and_quotes_the_french_710_rule(
        page: Page, app_url: str, artifacts: Path) -> None:
    """711.2b at 7 counters, quoted as 710.2b in the 2011 French rules once French is on."""
    open_app(page, app_url)
    handle = page.locator("[role=slider]").filter(visible=True).first
    handle.focus()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect(page.locator("table.lv-table")).to_have_attribute("data-level", "3")
    sidebar(page).get_by_label("Français").check()
    expect(page.get_by_role("heading", name="Explorateur des monteurs de niveau")).to_be_visible(
        timeout=TIMEOUT)
    # the remade slider keeps its value (issue 13: the screen survives a language switch),
    # on the page as in the kernel
    expect(handle).to_have_attribute("aria-valuenow", "3")
    expect(page.locator("table.lv-table")).to_have_attribute("data-level", "3")
    heads = page.locator("table.lv-table thead th")
    expect(heads).to_have_text([FR[f"col.{key}"] for key in
                                ("Name", "Mana cost", "Band", "Power", "Toughness",
                                 "Abilities", "Rule")])
    expect(sidebar(page).get_by_text(FR["level"], exact=True)).to_be_visible()
    expect(page.get_by_role("tab", name=FR["tab_whatif"])).to_be_visible()

    handle.focus()
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    expect(page.locator("table.lv-table")).to_have_attribute("data-level", "7")
    expect(page.locator("table.lv-table caption")).to_contain_text(
        views.table_caption(FR, 25, 25, 7, Zone.BATTLEFIELD, None)[:40])

    page.get_by_role("tab", name=FR["tab_card"]).click()
    now = characteristics(load_pool()["Student of Warfare"], 7, Zone.BATTLEFIELD)
    quoted = cite(now.rule, "fr-2011")
    assert quoted.number == "710.2b" and quoted.text is not None
    expect(page.get_by_label("Français, 2011 (710)")).to_be_checked()
    expect(page.locator(".lv-rule blockquote")).to_contain_text(
        f"{quoted.number} {quoted.text}", timeout=TIMEOUT)
    expect(page.get_by_text("Capacités maintenant :")).to_be_visible()
    page.screenshot(path=str(artifacts / "explorer-fr.png"))

    sidebar(page).get_by_label("English").check()
    # the switch keeps the tab (issue 13): still the Card tab, now in English
    expect(page.get_by_role("tab", selected=True)).to_have_text(EN["tab_card"], timeout=TIMEOUT)
    page.get_by_role("tab", name=EN["tab_pool"]).click()
    expect(page.locator("table.lv-table thead th").first).to_have_text("Name", timeout=TIMEOUT)


def chart_titles(states: WidgetStates) -> list[Any]:
    """The pool chart's panels and x-axis title, as last sent to the page."""
    spec = states.pool_chart()["spec"]
    return [spec["repeat"]["column"], spec["spec"]["layer"][0]["encoding"]["x"]["title"]]


def wait_for_titles(page: Page, states: WidgetStates, titles: list[Any]) -> None:
    """Wait (about ten seconds at most) until the pool chart sent to the page has ``titles``."""
    for _ in range(100):
        if states.models and any("repeat" in (state.get("spec") or {})
                                 for state in states.models.values()) \
                and chart_titles(states) == titles:
            return
        page.wait_for_timeout(100)
    assert chart_titles(states) == titles


MARK_CANVAS = """() => { const widget = document.querySelector('.lv-chart marimo-anywidget');
  const canvas = widget && widget.shadowRoot && widget.shadowRoot.querySelector('canvas');
  if (canvas) canvas.dataset.lvMarked = '1'; return !!canvas; }"""
CANVAS_MARKED = """() => document.querySelector('.lv-chart marimo-anywidget')?.shadowRoot
  ?.querySelector('canvas')?.dataset.lvMarked === '1'"""
"""JavaScript: tag the chart's canvas; whether it is still the tagged one (not drawn anew)."""


def test_francais_draws_the_chart_in_french_and_the_slider_never_redraws_it(
        page: Page, app_url: str) -> None:
    """After the switch the chart's panels, axis and tooltip read in French, the level rule
    says « niveau 7 » at level 7's pixel; a slider move never re-embeds the chart."""
    pool = load_pool()
    levels = level_range(pool)
    states = WidgetStates(page)
    open_app(page, app_url)
    canvas = page.locator(".lv-chart marimo-anywidget canvas")
    expect(canvas).to_be_visible(timeout=TIMEOUT)
    wait_for_titles(page, states, [["Power", "Toughness"], "Level counters"])
    assert page.evaluate(MARK_CANVAS)

    sidebar(page).get_by_label("Français").check()
    wait_for_titles(page, states, [["Force", "Endurance"], "Marqueurs « niveau »"])
    expect(canvas).to_be_visible(timeout=TIMEOUT)
    # the language switch draws the chart anew, in the same widget: a new canvas
    page.wait_for_function(f"() => !({CANVAS_MARKED})()", timeout=TIMEOUT)
    assert page.evaluate(MARK_CANVAS)

    # the slider was never moved: the remade one keeps level 0, so seven presses reach 7
    handle = page.locator("[role=slider]").filter(visible=True).first
    expect(handle).to_have_attribute("aria-valuenow", "0")
    handle.focus()
    for _ in range(7):
        page.keyboard.press("ArrowRight")
    expect(page.locator("table.lv-table")).to_have_attribute("data-level", "7")
    label = page.locator(".lv-chart .lv-level-label")
    expect(label).to_have_text("niveau 7", timeout=TIMEOUT)
    assert page.evaluate(CANVAS_MARKED)  # the slider only moves the overlay
    box, rules = canvas.bounding_box(), page.locator(".lv-chart .lv-level-rule")
    assert box is not None
    expect(rules).to_have_count(len(METRICS))
    for panel in range(len(METRICS)):
        rule = rules.nth(panel).bounding_box()
        assert rule is not None
        assert abs(rule["x"] + rule["width"] / 2 - box["x"] - GEOMETRY.x(panel, 7, levels)) < 1
        assert abs(rule["y"] - box["y"] - GEOMETRY.top) < 1

    # the tooltip Vega draws over a point: French titles (the card and its band are data)
    card = pool["Student of Warfare"]
    now = characteristics(card, 7, Zone.BATTLEFIELD)
    top = max(value for other in pool.values() for level in levels
              for then in [characteristics(other, level, Zone.BATTLEFIELD)]
              for value in (then.power, then.toughness))
    page.mouse.move(box["x"] + GEOMETRY.x(0, 7, levels), box["y"] + GEOMETRY.y(now.power, top))
    tooltip = page.locator("#vg-tooltip-element")
    for title in ("Carte", "Niveau", "F/E", "Marqueurs « niveau »", "Règle"):
        expect(tooltip).to_contain_text(title, timeout=TIMEOUT)
    for english_title in ("Card", "Band", "P/T", "Level counters", "Rule"):
        expect(tooltip).not_to_contain_text(english_title)

    # the cards as printed in French, as in the tables: in the tooltips' data and the legend
    french_names = printed_names(pool, "French")
    spec = states.pool_chart()["spec"]
    rows = states.pool_chart_rows(page)
    assert {row["name"]: row["shown_name"] for row in rows} == french_names
    legend = spec["spec"]["layer"][0]["encoding"]["color"]["legend"]["labelExpr"]
    assert json.dumps(french_names["Student of Warfare"], ensure_ascii=False) in legend


def test_a_hostile_pool_upload_shows_as_text_and_opens_no_dialog(
        page: Page, app_url: str) -> None:
    """tests/data/xss_pool.json uploaded: names, abilities and the What-if answer are text."""
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_app(page, app_url)
    report = report_of(XSS_POOL)
    load_pool_file(page, XSS_POOL)
    expect_rows(page, library_rows(report.cards))
    expect(page.locator("table.lv-table td").filter(has_text=HOSTILE_NAME)).to_have_count(1)

    page.get_by_role("tab", name="What if…").click()
    whatif_field(page, "Card").locator("select").select_option(
        label=HOSTILE_NAME)
    level = whatif_field(page, "Level counters").locator("input")
    level.fill("7")
    level.press("Tab")
    now = characteristics(report.cards[HOSTILE_NAME], 7, Zone.BATTLEFIELD)
    answer = page.locator(".lv-whatif .lv-wi-answer")
    expect(answer).to_have_attribute("data-pt", f"{now.power}/{now.toughness}", timeout=TIMEOUT)
    expect(answer.locator(".lv-wi-name")).to_have_text(HOSTILE_NAME)
    expect(answer.locator(".lv-wi-abilities li")).to_have_text(list(now.abilities))

    assert injected_elements(page) == [0, 0, 0]
    assert dialogs == []


HOSTILE = DATA / "hostile" / "uploads"


@pytest.mark.parametrize("names", [("unclosed_pool_3000.json", "nested_pool_80k.json",
                                    "deep_pool_100k.json", "power_31_digits.json")])
def test_hostile_and_oversized_pool_uploads_are_refused_and_the_table_stays(
        page: Page, app_url: str, tmp_path: Path, names: tuple[str, ...]) -> None:
    """Issue 11, items 2, 4 and 7: ``[`` x 3,000 unclosed (a RecursionError that wiped the
    app), 80 KB of nesting (3.9 GB), 100,000 deep, a 31-digit power (every tab vanished)
    and a file over the upload limit (checked in the kernel, not only by the browser):
    each is refused with the message ``upload_error`` gives for the same bytes, the table
    and the picker stay, and a good file still loads afterwards."""
    open_app(page, app_url)
    bundled = library_rows(load_pool())
    expect_rows(page, bundled)
    big = tmp_path / "oversized_pool.json"
    big.write_bytes(oversized(pool_picker.MAX_UPLOAD_BYTES))
    for path in [HOSTILE / name for name in names] + [big]:
        message = pool_picker.upload_error([[path.name, base64.b64encode(
            path.read_bytes()).decode()]])
        assert message is not None
        load_pool_file(page, path)
        first_line = message.splitlines()[0]
        expect(sidebar(page).get_by_text(first_line, exact=False).first).to_be_visible(
            timeout=120_000)  # the oversized file is 22 MB of base64 on a shared machine
        expect(sidebar(page).get_by_text("The app keeps the pool it has.").first
               ).to_be_visible()
        expect_rows(page, bundled)
        expect(sidebar(page).locator("input[type=file]")).to_have_count(1)
        assert "Traceback" not in page.locator("body").inner_text()
        assert "An internal error occurred" not in page.locator("body").inner_text()
    listed = IMPORTERS / "scryfall_list.json"
    load_pool_file(page, listed)
    expect_rows(page, library_rows(report_of(listed).cards))
