"""One working pool in a real browser (issue 13): a design saved in the bench is in every tab.

Save "Test Knight" in the Design bench, then, with no page reload: it is in the Pool table
(marked as a design), in the chart, in the Card tab's list (and opens there), in the What
if… list, and "my Knight under Humility" resolves there with a cited answer. Typing in
the bench keeps the sidebar's level and zone. Expected answers come from the library
(``resolve_situation`` over the pool with the design), never typed in by hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from leveler import apply_preset, load_pool, resolve_situation
from leveler.app import labels
from leveler.bench import read_draft
from leveler.io.designs import DESIGN_FIELDS
from tests.browser_helpers import WidgetStates, whatif_field
from tests.e2e.conftest import MarimoServer
from tests.samples import KNIGHT

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
EN = labels.LABELS["en"]
RECORD = {**KNIGHT, "name": "Test Knight"}
FIELDS = dict(zip(DESIGN_FIELDS, ("design_name", "design_cost", "design_type", "design_power",
                                  "design_toughness", "design_text"), strict=True))


@pytest.fixture(scope="module")
def server() -> Iterator[MarimoServer]:
    """A server of its own with a fresh designs store (MarimoServer's temporary one)."""
    running = MarimoServer(None)
    try:
        yield running
    finally:
        running.stop()


def knight_pool() -> dict[str, Any]:
    card = read_draft(*(RECORD[key] for key in DESIGN_FIELDS)).card
    assert card is not None
    return {**load_pool(), card.name: card}


def tab(page: Page, key: str) -> None:
    page.get_by_role("tab", name=EN[key]).click()


def open_app(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.get_by_role("tab", name=EN["tab_bench"])).to_be_visible(timeout=60_000)
    expect(page.get_by_role("row").filter(has_text="Student of Warfare").first).to_be_visible(
        timeout=60_000)


def type_design(page: Page, record: dict[str, str]) -> None:
    tab(page, "tab_bench")
    for key, label in FIELDS.items():
        box = page.get_by_label(EN[label], exact=True)
        expect(box).to_be_visible(timeout=TIMEOUT)
        box.fill(record[key])
    expect(page.get_by_label(EN["design_name"], exact=True)).to_have_value(record["name"])
    page.wait_for_timeout(700)  # the fields' 300 ms debounce


def slider_value(page: Page) -> str:
    slider = page.get_by_role("slider").first
    value = slider.get_attribute("aria-valuenow")
    assert value is not None
    return value


def test_a_saved_design_is_in_the_pool_table_chart_card_and_what_if(
        page: Page, server: MarimoServer) -> None:
    states = WidgetStates(page)
    open_app(page, server.url)
    type_design(page, RECORD)
    page.get_by_role("button", name=EN["design_save"]).click()
    expect(page.get_by_text("Added “Test Knight”").first).to_be_visible(timeout=TIMEOUT)

    tab(page, "tab_pool")  # no reload: the save reached the Pool tab
    row = page.get_by_role("row").filter(has_text="Test Knight")
    expect(row.first).to_be_visible(timeout=TIMEOUT)
    expect(row.first).to_contain_text(EN["source.design"])
    expect(page.locator(".lv-chart marimo-anywidget canvas")).to_be_visible(timeout=TIMEOUT)
    drawn = states.pool_chart_rows(page)
    assert {row["name"] for row in drawn} == set(knight_pool())  # its lines, with the pool's
    assert set(states.pool_chart_shown()) == set(knight_pool())  # and it draws them all

    tab(page, "tab_card")
    picker = page.locator("select").filter(has=page.locator("option", has_text="Test Knight"))
    expect(picker.first).to_be_visible(timeout=TIMEOUT)
    label = EN["source_label"].format(name="Test Knight", source=EN["source.design"])
    picker.first.select_option(label=label)
    expect(page.locator(".lv-card").first).to_contain_text("Test Knight", timeout=TIMEOUT)
    expect(page.locator(".lv-card").first).to_contain_text("LEVEL 3+")

    tab(page, "tab_whatif")
    answer = page.locator(".lv-whatif .lv-wi-answer")
    expect(answer).to_be_visible(timeout=TIMEOUT)
    card = whatif_field(page, "Card").locator("select")
    card.select_option(label="Test Knight ◆")
    page.locator(".lv-whatif .lv-wi-line select").nth(0).select_option(label="Humility")
    pool = knight_pool()
    humble = resolve_situation(apply_preset({"card": "Test Knight", "counters": {"level": 0}},
                                            "Humility", pool=pool), pool)
    pt = f"{humble.power}/{humble.toughness}"
    expect(answer).to_have_attribute("data-pt", pt, timeout=TIMEOUT)
    rows = page.locator(".lv-whatif table.lv-trace tbody tr")
    expect(rows).to_have_count(len(humble.trace))
    rules = [step.rule for step in humble.trace]
    assert any(rule.startswith("613") for rule in rules)  # Humility is layer 6/7b (613)
    for index, rule in enumerate(rules):
        expect(rows.nth(index).locator("td").nth(2)).to_have_text(rule)
    expect(page.locator(".lv-whatif")).to_contain_text("Test Knight")


def test_typing_in_the_bench_keeps_the_level_and_zone_of_the_sidebar(
        page: Page, server: MarimoServer) -> None:
    """Issue 13: the controls' dependency is the printed pool and the saved designs, never
    the draft: a keystroke in the bench remakes none of them."""
    open_app(page, server.url)
    slider = page.get_by_role("slider").first
    slider.focus()
    for _ in range(5):
        slider.press("ArrowRight")
    expect(slider).to_have_attribute("aria-valuenow", "5", timeout=TIMEOUT)
    page.get_by_role("combobox", name=EN["zone"]).select_option(label=EN["zone.exile"])
    page.wait_for_timeout(500)
    type_design(page, {**RECORD, "name": "Typed Knight",
                       "oracle_text": RECORD["oracle_text"].replace("5/5", "7/7")})
    expect(page.get_by_text("LEVEL 3+").first).to_be_visible(timeout=TIMEOUT)
    tab(page, "tab_pool")
    assert slider_value(page) == "5"
    expect(page.get_by_role("combobox", name=EN["zone"])).to_have_value(
        page.get_by_role("combobox", name=EN["zone"]).locator(
            "option", has_text=EN["zone.exile"]).get_attribute("value") or "")
    row = page.get_by_role("row").filter(has_text="Typed Knight")  # the draft, in the table
    expect(row.first).to_contain_text(EN["source.draft"], timeout=TIMEOUT)


SCRIPT_NAME = "<script>alert(1)</script> Knight"


def injected(page: Page) -> list[int]:
    """Scripts a design's name could have put in the page, and alerts that ran."""
    found: list[int] = page.evaluate("""() => [
        [...document.querySelectorAll('script')].filter(
            s => s.textContent.includes('alert(1)')).length,
        window.__alerts || 0]""")
    return found


def test_a_script_named_design_is_text_in_the_pool_table_card_and_what_if(
        page: Page, server: MarimoServer) -> None:
    """Every byte of a design is untrusted: its name is shown as text in every tab."""
    page.add_init_script("window.alert = () => { window.__alerts = (window.__alerts||0)+1 }")
    open_app(page, server.url)
    type_design(page, {**RECORD, "name": SCRIPT_NAME})
    page.get_by_role("button", name=EN["design_save"]).click()
    expect(page.get_by_text(f"Added “{SCRIPT_NAME}”").first).to_be_visible(timeout=TIMEOUT)
    assert injected(page) == [0, 0]

    tab(page, "tab_pool")
    expect(page.get_by_role("row").filter(has_text=SCRIPT_NAME).first).to_be_visible(
        timeout=TIMEOUT)
    assert injected(page) == [0, 0]

    tab(page, "tab_card")
    label = EN["source_label"].format(name=SCRIPT_NAME, source=EN["source.design"])
    page.locator("select").filter(has=page.locator("option", has_text=SCRIPT_NAME)).first \
        .select_option(label=label)
    expect(page.locator(".lv-card").first).to_contain_text(SCRIPT_NAME, timeout=TIMEOUT)
    assert injected(page) == [0, 0]

    tab(page, "tab_whatif")
    card = whatif_field(page, "Card").locator("select")
    expect(card).to_be_visible(timeout=TIMEOUT)
    card.select_option(label=f"{SCRIPT_NAME} ◆")
    expect(page.locator(".lv-whatif")).to_contain_text(SCRIPT_NAME, timeout=TIMEOUT)
    expect(page.locator(".lv-whatif .lv-wi-answer")).to_be_visible()
    assert injected(page) == [0, 0]
