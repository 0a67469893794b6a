"""The Pool tab's marimo table (issue 13), in Chromium: header sort, search, pages, a row
that opens its card, download.

The table holds every stage of the cards shown (one row per card and range of level
counters over which it does not change: ``leveler.pool.segments``, 711.2a/b, 711.5,
711.6); every expected value comes from the library, never typed in by hand.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from leveler import Zone, load_pool
from leveler.app.words import words_for
from leveler.pool import segments
from tests.browser_helpers import show_stage_table

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
EN = words_for("en")
POOL = load_pool()


def library_stages(zone: Zone = Zone.BATTLEFIELD, names: Any = None) -> list[dict[str, Any]]:
    """Every stage per the library, by name then first count: name, from, power, toughness."""
    frame = segments(POOL if names is None else {n: POOL[n] for n in names}, (zone,))
    rows = [{"name": str(name), "from": int(start), "power": int(power),
             "toughness": int(toughness)} for name, start, power, toughness in zip(
                 frame["name"], frame["from_level"], frame["power"], frame["toughness"],
                 strict=True)]
    return sorted(rows, key=lambda row: (row["name"], row["from"]))


def header(column: str) -> str:
    return EN.get(f"col.{column}", column)


def stage_table(page: Page) -> Any:
    """marimo's table on the Pool tab (the one holding a Levels column)."""
    return page.locator("marimo-table").filter(
        has=page.locator("thead th", has_text=header("Levels")))


def column(page: Page, name: str) -> list[str]:
    """The texts of ``name``'s cells on the page shown, read by marimo's cell ids."""
    texts: list[str] = stage_table(page).locator(
        f'tbody td[data-cell-id$="_{header(name)}"]').all_inner_texts()
    return [text.strip() for text in texts]


def open_pool(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("table.lv-table")).to_be_visible(timeout=60_000)
    show_stage_table(page)
    expect(stage_table(page).locator("tbody tr").first).to_be_visible(timeout=TIMEOUT)


def test_the_stage_table_waits_out_of_view_and_shows_the_filters_stages_when_scrolled_to(
        page: Page, app_url: str) -> None:
    """Below the chart and the level table, marimo draws the stage table only once it is
    scrolled into view (mo.lazy): a filter changed meanwhile shows its stages then."""
    page.goto(app_url)
    expect(page.locator("table.lv-table")).to_be_visible(timeout=60_000)
    page.wait_for_timeout(1000)
    assert stage_table(page).count() == 0  # not drawn while out of view
    name = page.locator("aside.lv-sidebar").get_by_placeholder(EN["name_placeholder"])
    name.fill("Kargan")
    name.press("Enter")
    expect(page.locator("table.lv-table tbody tr")).to_have_count(1, timeout=TIMEOUT)
    show_stage_table(page)
    kargan = library_stages(names=["Kargan Dragonlord"])
    expect(stage_table(page).locator("tbody tr")).to_have_count(len(kargan), timeout=TIMEOUT)
    assert column(page, "From") == [str(row["from"]) for row in kargan]


def search(page: Page, text: str) -> None:
    box = stage_table(page).get_by_placeholder("Search").first
    box.fill(text)
    box.press("Enter")


def test_711_stages_first_page_then_the_next(page: Page, app_url: str) -> None:
    open_pool(page, app_url)
    stages = library_stages()
    expect(stage_table(page).locator("tbody tr")).to_have_count(25, timeout=TIMEOUT)
    assert column(page, "Name") == [row["name"] for row in stages[:25]]
    assert column(page, "Power") == [str(row["power"]) for row in stages[:25]]
    stage_table(page).get_by_role("button", name="Next page").first.click()
    expect(stage_table(page).locator(f'tbody td[data-cell-id$="_{header("Name")}"]').first
           ).to_have_text(stages[25]["name"], timeout=TIMEOUT)
    assert column(page, "From") == [str(row["from"]) for row in stages[25:50]]


def test_header_sort_orders_every_stage_by_power(page: Page, app_url: str) -> None:
    open_pool(page, app_url)
    powers = sorted(row["power"] for row in library_stages())
    th = stage_table(page).locator("thead th").filter(has_text=header("Power")).first
    th.hover()
    th.locator("[data-testid=data-table-sort-button]").click()
    expect(stage_table(page).locator(f'tbody td[data-cell-id$="_{header("Power")}"]').first
           ).to_have_text(str(powers[0]), timeout=TIMEOUT)
    page.wait_for_timeout(300)
    assert column(page, "Power") == [str(power) for power in powers[:25]]
    th.hover()
    th.locator("[data-testid=data-table-sort-button]").click()  # again: descending
    expect(stage_table(page).locator(f'tbody td[data-cell-id$="_{header("Power")}"]').first
           ).to_have_text(str(powers[-1]), timeout=TIMEOUT)
    page.wait_for_timeout(300)
    assert column(page, "Power") == [str(power) for power in powers[::-1][:25]]


def test_search_then_a_row_opens_its_card_in_the_card_and_whatif_tabs(
        page: Page, app_url: str) -> None:
    open_pool(page, app_url)
    search(page, "Kargan")
    kargan = library_stages(names=["Kargan Dragonlord"])
    expect(stage_table(page).locator("tbody tr")).to_have_count(len(kargan), timeout=TIMEOUT)
    assert column(page, "From") == [str(row["from"]) for row in kargan]
    row = stage_table(page).locator("tbody tr").nth(1)
    row.get_by_role("checkbox").click()
    page.wait_for_function("""() => new URL(window.location.href).searchParams.get('card')
        === 'Kargan Dragonlord'""", timeout=TIMEOUT)
    page.get_by_role("tab", name=EN["tab_card"]).click()
    expect(page.locator(".lv-card .lv-name").first).to_have_text("Kargan Dragonlord",
                                                                 timeout=TIMEOUT)
    page.get_by_role("tab", name=EN["tab_whatif"]).click()
    chosen = page.locator("select").filter(has_text="Kargan Dragonlord").filter(visible=True)
    expect(chosen.first).to_be_visible(timeout=TIMEOUT)
    assert chosen.first.evaluate(
        "s => s.options[s.selectedIndex].textContent.trim()") == "Kargan Dragonlord"
    assert parse_qs(urlsplit(page.url).query)["wi.card"] == ["Kargan Dragonlord"]


def test_download_holds_the_librarys_stages(page: Page, app_url: str) -> None:
    open_pool(page, app_url)
    stage_table(page).locator("[data-testid=export-button]").first.click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("CSV", timeout=TIMEOUT)
    with page.expect_download(timeout=TIMEOUT) as info:
        # the first format is CSV; its first button downloads (the second copies)
        dialog.get_by_role("button", name=re.compile("download", re.IGNORECASE)).first.click()
    text = Path(info.value.path()).read_text(encoding="utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    stages = library_stages()
    assert len(rows) == len(stages)
    got = sorted((row[header("Name")], int(row[header("From")]), int(row[header("Power")]),
                  int(row[header("Toughness")])) for row in rows)
    assert got == [(s["name"], s["from"], s["power"], s["toughness"]) for s in stages]
