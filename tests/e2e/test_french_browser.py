"""French complete (issue 13), in Chromium: after switching to Français the Pool table shows
the printed French names and level symbols (NIVEAU, 710.2 of the 2011 French rules), and
the What if… trace its steps and zone names in French (400.1, 702.84 of 2011). The
expected words come from the library and the words files, not from this test."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from leveler import Zone, load_pool, resolve_situation
from leveler.app.trace_words import step_text
from leveler.app.whatif_view import CASTER_CHOICES, default_situation
from leveler.app.words import words_for
from tests.browser_helpers import whatif_field

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
EN, FR = words_for("en"), words_for("fr")
POOL = load_pool()
STUDENT = POOL["Student of Warfare"]


def to_french(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("table.lv-table")).to_be_visible(timeout=60_000)
    page.get_by_text(FR["language_name"], exact=True).filter(visible=True).first.click()
    expect(page.get_by_role("tab", name=FR["tab_pool"])).to_be_visible(timeout=TIMEOUT)
    # the page and the copy-link frame say they are French (a screen reader's voice)
    expect(page.locator("html")).to_have_attribute("lang", "fr", timeout=TIMEOUT)
    expect(page.frame_locator("iframe").first.locator("html")).to_have_attribute(
        "lang", "fr", timeout=TIMEOUT)


def trace_rows(page: Page) -> Any:
    return page.locator(".lv-whatif table.lv-trace tbody tr")


def test_french_pool_table_shows_printed_names_and_niveau(page: Page, app_url: str) -> None:
    """710.2 (2011): the level symbol is « NIVEAU N1-N2 »; the card's printed French name."""
    to_french(page, app_url)
    printed = STUDENT.translation("French")
    assert printed is not None
    table = page.locator("table.lv-table")
    expect(table).to_contain_text(printed.name, timeout=TIMEOUT)
    expect(table).not_to_contain_text("Student of Warfare")
    slider = page.locator("[role=slider]").filter(visible=True).first
    slider.focus()
    for _ in range(2):
        page.keyboard.press("ArrowRight")
    expect(table).to_have_attribute("data-level", "2", timeout=TIMEOUT)
    row = table.locator("tbody tr", has_text=printed.name)
    expect(row).to_contain_text("NIVEAU 2-6")  # Student of Warfare's first band (711.2a)
    expect(row).to_contain_text("Montée de niveau {W}")
    expect(table).not_to_contain_text("LEVEL ")


def test_french_what_if_trace_words_its_steps_and_zones(page: Page, app_url: str) -> None:
    """The trace rows are the library's steps worded by key in French: on the battlefield
    level up « peut être activée maintenant »; in the graveyard « dans le cimetière »."""
    to_french(page, app_url)
    page.get_by_role("tab", name=FR["tab_whatif"]).click()
    answer = page.locator(".lv-whatif .lv-wi-answer")
    expect(answer).to_be_visible(timeout=TIMEOUT)
    start = default_situation(POOL)  # what the view opens on
    on_field = resolve_situation(start)
    rows = trace_rows(page)
    expect(rows).to_have_count(len(on_field.trace), timeout=TIMEOUT)
    level_up = next(step for step in on_field.trace if step.layer == "level up")
    expect(page.locator(".lv-whatif table.lv-trace")).to_contain_text(step_text(FR, level_up))
    expect(page.locator(".lv-whatif table.lv-trace")).not_to_contain_text("can be activated")
    expect(answer).to_contain_text("peut être activée maintenant")

    zone = whatif_field(page, FR["wi_zone"]).locator("select")
    # the zones (400.1) and the casters (601.2c) are named in French
    expect(zone.locator("option")).to_have_text([FR[f"zone.{z.value}"] for z in Zone])
    caster = whatif_field(page, FR["wi_caster"]).locator("select")
    expect(caster.locator("option")).to_have_text([FR[f"caster.{c}"] for c in CASTER_CHOICES])
    zone.select_option(label=FR["zone.graveyard"])
    grave = resolve_situation({**start, "zone": "graveyard"})
    expect(rows).to_have_count(len(grave.trace), timeout=TIMEOUT)
    for index, step in enumerate(grave.trace):
        expect(rows.nth(index).locator("td").nth(3)).to_have_text(step_text(FR, step))
    expect(page.locator(".lv-whatif table.lv-trace")).to_contain_text(FR["where.graveyard"])
    expect(page.locator(".lv-whatif table.lv-trace")).not_to_contain_text("graveyard")

    # back to English: the What if… zone stays the graveyard, now named in English
    page.get_by_text(EN["language_name"], exact=True).filter(visible=True).first.click()
    zone = whatif_field(page, EN["wi_zone"]).locator("select")
    expect(zone.locator("option:checked")).to_have_text(EN["zone.graveyard"], timeout=TIMEOUT)
    expect(rows).to_have_count(len(grave.trace), timeout=TIMEOUT)
    expect(page.locator(".lv-whatif table.lv-trace")).to_contain_text(EN["where.graveyard"])


def test_french_card_tab_shows_the_printed_card_and_the_zone_note(page: Page,
                                                                  app_url: str) -> None:
    """The Card tab in French: the printed name and NIVEAU symbols (710.2, 2011); with
    counters set in the graveyard, the note that counters do not survive a zone change
    (122.2, 400.7) and that the uppermost box applies (711.6)."""
    to_french(page, app_url)
    page.get_by_role("tab", name=FR["tab_card"]).click()
    printed = STUDENT.translation("French")
    assert printed is not None
    card = page.locator(".lv-card")
    expect(card.locator(".lv-name")).to_have_text(printed.name, timeout=TIMEOUT)
    expect(card).to_contain_text("NIVEAU 2-6")
    expect(card).to_contain_text("NIVEAU 7+")
    slider = page.locator("[role=slider]").filter(visible=True).first
    slider.focus()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    zone = page.locator("select").filter(has_text=FR["zone.graveyard"]).filter(
        visible=True).first
    zone.select_option(label=FR["zone.graveyard"])
    note = page.locator(".lv-now .lv-zone-note")
    expect(note).to_contain_text("122.2, 400.7", timeout=TIMEOUT)
    expect(note).to_contain_text("711.6")
    expect(note).to_contain_text(FR["where.graveyard"])
