"""The What-if view in a browser refuses targeted effects the leveler cannot be targeted by.

Expectations come from the library (``apply_preset``, ``resolve_situation``).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from leveler import apply_preset, resolve_situation
from leveler.app import labels
from leveler.presets import PresetError
from tests.browser_helpers import whatif_field

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
EN = labels.LABELS["en"]


def whatif(page: Page) -> Any:
    return page.locator(".lv-whatif")


def field(page: Page, label: str) -> Any:
    return whatif_field(page, label)


def effect_line(page: Page, number: int) -> Any:
    return whatif(page).locator(".lv-wi-line select").nth(number - 1)


def refusal(start: dict[str, Any], name: str, caster: str | None = None) -> str:
    with pytest.raises(PresetError) as refused:
        apply_preset(start, name, caster=caster)
    return str(refused.value)


def test_702_16b_hexdrinker_refuses_giant_growth_and_the_caster_control_decides_trickster(
        page: Page, app_url: str) -> None:
    """Hexdrinker with 3 level counters has protection from instants (702.16b): Giant
    Growth is left out with the rule, Vampire Hexmage's ability is not; Merfolk Trickster
    targets a creature an opponent controls, so cast by "you" it is left out (115.1)."""
    page.goto(app_url)
    expect(page.locator("table.lv-table")).to_be_visible(timeout=60_000)
    page.get_by_role("tab", name="What if…").click()
    expect(whatif(page).locator(".lv-wi-answer")).to_be_visible(timeout=TIMEOUT)
    field(page, "Card").locator("select").select_option(label="Hexdrinker")
    field(page, "Level counters").locator("input").fill("3")
    field(page, "Level counters").locator("input").press("Enter")
    start = {"card": "Hexdrinker", "counters": {"level": 3}}
    effect_line(page, 1).select_option(label="Giant Growth")
    expect(whatif(page).locator(".lv-wi-skip")).to_contain_text(
        refusal(start, "Giant Growth"), timeout=TIMEOUT)
    effect_line(page, 2).select_option(label="Merfolk Trickster")
    pt = resolve_situation(apply_preset(start, "Merfolk Trickster"))
    expect(whatif(page).locator(".lv-wi-answer")).to_have_attribute(
        "data-pt", f"{pt.power}/{pt.toughness}", timeout=TIMEOUT)
    field(page, "Targeted effects cast by").locator("select").select_option(
        label=EN["caster.you"])
    expect(whatif(page).locator(".lv-wi-skip")).to_contain_text(
        refusal(start, "Merfolk Trickster", caster="you"), timeout=TIMEOUT)
