"""A link for every answer (issue 13), in Chromium: the screen lives in the page's address.

Set controls, read the address the page keeps (and the one "copy link" puts on the
clipboard), open it in a NEW page (a new marimo session): the same tab, card, level,
zone, language and filters. A language switch keeps every control's value and the tab.
A hostile link is ignored key by key, with no error and nothing injected. Expected
values come from the library (``leveler.characteristics``) and the words files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from leveler import Zone, characteristics, load_pool, resolve_situation
from leveler.app.words import words_for
from leveler.pool_grid import filter_names, pool_grid
from tests.browser_helpers import injected_elements, upload_and_submit, whatif_field

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
EN, FR = words_for("en"), words_for("fr")
POOL = load_pool()


def open_app(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("table.lv-table")).to_be_visible(timeout=60_000)


def slider(page: Page) -> Any:
    return page.locator("[role=slider]").filter(visible=True).first


def set_level(page: Page, level: int) -> None:
    slider(page).focus()
    for _ in range(level):
        page.keyboard.press("ArrowRight")
    expect(page.locator("table.lv-table")).to_have_attribute("data-level", str(level),
                                                             timeout=TIMEOUT)


def zone_select(page: Page, words: Any = EN) -> Any:
    return page.locator("select").filter(has_text=words["zone.graveyard"]).filter(
        visible=True).first


def selected_tab(page: Page) -> Any:
    return page.get_by_role("tab", selected=True)


def query(page: Page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def wait_for_query(page: Page, key: str, value: str) -> None:
    page.wait_for_function("""([key, value]) => new URL(window.location.href)
        .searchParams.getAll(key).includes(value)""", arg=[key, value], timeout=TIMEOUT)


def card_box_name(page: Page) -> Any:
    return page.locator(".lv-card .lv-name").first


def test_link_reopened_in_a_new_page_shows_the_same_screen(browser: Browser,
                                                          app_url: str) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_app(page, app_url)
    set_level(page, 5)
    zone_select(page).select_option(label=EN["zone.graveyard"])
    expect(page.locator("table.lv-table")).to_have_attribute("data-zone", "graveyard",
                                                             timeout=TIMEOUT)
    name_box = page.get_by_placeholder(EN["name_placeholder"]).first
    name_box.fill("ar")
    name_box.press("Enter")
    wait_for_query(page, "name", "ar")
    page.get_by_role("tab", name=EN["tab_card"]).click()
    card = page.locator("select").filter(has_text="Kargan Dragonlord").filter(visible=True)
    card.first.select_option(label="Kargan Dragonlord")
    expect(card_box_name(page)).to_have_text("Kargan Dragonlord", timeout=TIMEOUT)
    wait_for_query(page, "card", "Kargan Dragonlord")
    # the card opens in What if… too: the link is written key by key, so wait for its last
    wait_for_query(page, "wi.card", "Kargan Dragonlord")
    params = query(page)
    assert params["level"] == ["5"] and params["zone"] == ["graveyard"]
    assert params["tab"] == ["card"] and params["name"] == ["ar"]

    # "copy link": the page's address on the clipboard, without the browser's draft token
    frame = page.frame_locator("iframe").first  # the app's one frame (link_button)
    frame.locator("#copy").click()
    expect(frame.locator("#copy")).to_have_attribute("data-copied", "yes", timeout=TIMEOUT)
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert "draft" not in parse_qs(urlsplit(copied).query)
    assert parse_qs(urlsplit(copied).query) == {k: v for k, v in params.items() if k != "draft"}

    fresh = context.new_page()
    fresh.goto(copied)
    expect(selected_tab(fresh)).to_have_text(EN["tab_card"], timeout=60_000)
    expect(card_box_name(fresh)).to_have_text("Kargan Dragonlord", timeout=TIMEOUT)
    expect(slider(fresh)).to_have_attribute("aria-valuenow", "5")
    now = characteristics(POOL["Kargan Dragonlord"], 5, Zone.GRAVEYARD)  # 711.6
    expect(fresh.locator(".lv-now").first).to_contain_text(f"{now.power}/{now.toughness}")
    expect(zone_select(fresh)).to_have_value(zone_select(page).input_value())
    fresh.get_by_role("tab", name=EN["tab_pool"]).click()
    # the filters are the Pool tab's controls (the sidebar shows the current tab's only)
    expect(fresh.get_by_placeholder(EN["name_placeholder"]).filter(visible=True).first
           ).to_have_value("ar", timeout=TIMEOUT)
    table = fresh.locator("table.lv-table")
    expect(table).to_have_attribute("data-level", "5", timeout=TIMEOUT)
    expect(table).to_have_attribute("data-zone", "graveyard")
    wanted = sorted(name for name in POOL if "ar" in name.casefold())
    expect(table.locator("tbody tr")).to_have_count(len(wanted))
    assert errors == []
    context.close()


def test_language_switch_keeps_level_zone_and_tab(page: Page, app_url: str) -> None:
    open_app(page, app_url)
    set_level(page, 5)
    zone_select(page).select_option(label=EN["zone.graveyard"])
    expect(page.locator("table.lv-table")).to_have_attribute("data-zone", "graveyard",
                                                             timeout=TIMEOUT)
    page.get_by_role("tab", name=EN["tab_card"]).click()
    expect(card_box_name(page)).to_be_visible(timeout=TIMEOUT)
    page.get_by_text(FR["language_name"], exact=True).filter(visible=True).first.click()
    expect(selected_tab(page)).to_have_text(FR["tab_card"], timeout=TIMEOUT)
    expect(slider(page)).to_have_attribute("aria-valuenow", "5")
    expect(zone_select(page, FR)).to_have_value(zone_select(page, FR).input_value())
    assert zone_select(page, FR).evaluate(
        "s => s.options[s.selectedIndex].textContent.trim()") == FR["zone.graveyard"]
    page.get_by_role("tab", name=FR["tab_pool"]).click()
    table = page.locator("table.lv-table")
    expect(table).to_have_attribute("data-level", "5", timeout=TIMEOUT)
    expect(table).to_have_attribute("data-zone", "graveyard")
    wait_for_query(page, "lang", "fr")
    # and back: still level 5 in the graveyard, on the Pool tab
    page.get_by_text(EN["language_name"], exact=True).filter(visible=True).first.click()
    expect(selected_tab(page)).to_have_text(EN["tab_pool"], timeout=TIMEOUT)
    expect(table).to_have_attribute("data-level", "5", timeout=TIMEOUT)
    expect(table).to_have_attribute("data-zone", "graveyard")


def test_a_link_in_french_opens_in_french(page: Page, app_url: str) -> None:
    page.goto(f"{app_url}/?lang=fr&tab=card&level=3&card=Kargan%20Dragonlord")
    expect(selected_tab(page)).to_have_text(FR["tab_card"], timeout=60_000)
    expect(slider(page)).to_have_attribute("aria-valuenow", "3")
    expect(card_box_name(page)).to_be_visible(timeout=TIMEOUT)
    now = characteristics(POOL["Kargan Dragonlord"], 3, Zone.BATTLEFIELD)  # 711.5
    expect(page.locator(".lv-now").first).to_contain_text(f"{now.power}/{now.toughness}")


def test_a_hostile_link_is_ignored_key_by_key(page: Page, app_url: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    hostile = ("level=99999&zone=%3Cscript%3Ealert(1)%3C/script%3E&tab=admin&lang=xx"
               "&card=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&colour=Pink&colour=White"
               "&name=%00evil&q=" + "x" * 300 + "&unknown=1")
    open_app(page, f"{app_url}/?{hostile}")
    table = page.locator("table.lv-table")
    expect(table).to_have_attribute("data-level", "0", timeout=TIMEOUT)
    expect(table).to_have_attribute("data-zone", "battlefield")
    expect(selected_tab(page)).to_have_text(EN["tab_pool"])
    # the one good value is kept: the White filter
    white = filter_names(pool_grid(POOL).cards, colours=["White"])
    expect(table.locator("tbody tr")).to_have_count(len(white), timeout=TIMEOUT)
    assert injected_elements(page) == [0, 0, 0]
    assert errors == []


def test_a_what_if_link_reopens_its_card_counters_and_zone_resolved_alike(
        browser: Browser, app_url: str) -> None:
    """Issue 13: the What if… card, its level, +1/+1 and -1/-1 counters (122.1; one
    ``mo.ui.dictionary`` named as the situation names them) and its zone live in the link;
    a new page opened on it shows them and resolves the same situation (613)."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    open_app(page, app_url)
    page.get_by_role("tab", name=EN["tab_whatif"]).click()
    whatif_field(page, EN["wi_card"]).locator("select").select_option(label="Kargan Dragonlord")
    wait_for_query(page, "wi.card", "Kargan Dragonlord")
    for label, value, key in ((EN["wi_level"], "4", "wi.level"), (EN["wi_plus"], "2", "wi.plus"),
                              (EN["wi_minus"], "1", "wi.minus")):
        box = whatif_field(page, label).locator("input")
        box.fill(value)
        box.press("Tab")
        wait_for_query(page, key, value)
    whatif_field(page, EN["wi_zone"]).locator("select").select_option(label=EN["zone.exile"])
    wait_for_query(page, "wi.zone", "exile")
    resolved = resolve_situation({"card": "Kargan Dragonlord", "zone": "exile",
                                  "counters": {"level": 4, "+1/+1": 2, "-1/-1": 1}})
    pt = f"{resolved.power}/{resolved.toughness}"
    expect(page.locator(".lv-whatif .lv-wi-answer")).to_have_attribute("data-pt", pt,
                                                                       timeout=TIMEOUT)

    fresh = context.new_page()
    fresh.goto(page.url)
    expect(selected_tab(fresh)).to_have_text(EN["tab_whatif"], timeout=60_000)
    for label, value in ((EN["wi_level"], "4"), (EN["wi_plus"], "2"), (EN["wi_minus"], "1")):
        expect(whatif_field(fresh, label).locator("input")).to_have_value(value,
                                                                         timeout=TIMEOUT)
    expect(whatif_field(fresh, EN["wi_zone"]).locator("option:checked")).to_have_text(
        EN["zone.exile"])
    expect(fresh.locator(".lv-whatif .lv-wi-answer")).to_have_attribute("data-pt", pt,
                                                                        timeout=TIMEOUT)
    context.close()


def test_a_ruling_link_keeps_the_what_if_effect_lines_and_timestamp(
        browser: Browser, app_url: str) -> None:
    """Issue 13, "a judge can paste a ruling's link": the What if… effect lines (with an
    emptied line kept in its place) and the card's timestamp live in the link. Godhead of
    Awe and Student of Warfare's LEVEL 7+ both set base P/T in layer 7b, so the later
    timestamp wins (613.7): the card's timestamp changes the answer, and a new page opened
    on the link resolves the same as the library."""
    from leveler.app import whatif_view
    from leveler.app.link import EMPTY_SLOT, LIST_SEPARATOR

    def built(timestamp: float) -> Any:
        return whatif_view.build(
            whatif_view.default_situation(POOL), card="Student of Warfare", zone="battlefield",
            level=7, plus_one=0, minus_one=0, timestamp=timestamp, face_down=False, kept=[],
            presets=[None, "Godhead of Awe"], pool=POOL).resolution

    later, first = built(5), built(0)
    assert (later.power, later.toughness) != (first.power, first.toughness)  # 613.7
    pt = f"{later.power}/{later.toughness}"

    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    open_app(page, app_url)
    page.get_by_role("tab", name=EN["tab_whatif"]).click()
    whatif_field(page, EN["wi_card"]).locator("select").select_option(label="Student of Warfare")
    box = whatif_field(page, EN["wi_level"]).locator("input")
    box.fill("7")
    box.press("Tab")
    wait_for_query(page, "wi.level", "7")
    lines = page.locator(".lv-whatif .lv-wi-line select")
    lines.nth(0).select_option(label="Humility")
    wait_for_query(page, "wi.presets", "Humility")
    lines.nth(1).select_option(label="Godhead of Awe")
    wait_for_query(page, "wi.presets", "Humility~Godhead of Awe")
    lines.nth(0).select_option(label=whatif_view.NO_PRESET)  # emptied: line 2 stays line 2
    stamp = whatif_field(page, EN["wi_timestamp"]).locator("input")
    stamp.fill("5")
    stamp.press("Tab")
    wait_for_query(page, "wi.time", "5")
    expect(page.locator(".lv-whatif .lv-wi-answer")).to_have_attribute("data-pt", pt,
                                                                       timeout=TIMEOUT)
    # one write may bring both keys, one after the other: wait for this one too
    wait_for_query(page, "wi.presets", f"{EMPTY_SLOT}{LIST_SEPARATOR}Godhead of Awe")
    assert query(page)["wi.presets"] == [f"{EMPTY_SLOT}{LIST_SEPARATOR}Godhead of Awe"]

    fresh = context.new_page()
    fresh.goto(page.url)
    expect(selected_tab(fresh)).to_have_text(EN["tab_whatif"], timeout=60_000)
    expect(fresh.locator(".lv-whatif .lv-wi-answer")).to_have_attribute("data-pt", pt,
                                                                        timeout=TIMEOUT)
    shown = fresh.locator(".lv-whatif .lv-wi-line select")
    expect(shown.nth(0).locator("option:checked")).to_have_text(whatif_view.NO_PRESET)
    expect(shown.nth(1).locator("option:checked")).to_have_text("Godhead of Awe")
    expect(whatif_field(fresh, EN["wi_timestamp"]).locator("input")).to_have_value("5")
    context.close()


def test_a_link_with_two_colours_reopens_both_filters(page: Page, app_url: str) -> None:
    """marimo gives a notebook only the last value of a repeated key, so a multiselect's
    choices are one value (``colour=White~Blue``): a link with two colours filters on both,
    as leveler.pool_grid.filter_names does."""
    open_app(page, f"{app_url}/?colour=White~Blue")
    both = filter_names(pool_grid(POOL).cards, colours=["White", "Blue"])
    white = filter_names(pool_grid(POOL).cards, colours=["White"])
    assert len(both) > len(white)  # the test tells one colour from two
    expect(page.locator("table.lv-table tbody tr")).to_have_count(len(both), timeout=TIMEOUT)


CUSTOM = {"name": "Apprentice of the Vault", "mana_cost": "{1}{U}",
          "type_line": "Creature — Human Wizard", "power": 1, "toughness": 2,
          "oracle_text": "Level up {1}{U}\nLEVEL 2-4\n2/3\nFlying\nLEVEL 5+\n3/5\nFlying"}


def test_a_loaded_situation_with_its_own_card_reopens_from_its_link_613_4(
        browser: Browser, app_url: str, tmp_path: Path) -> None:
    """Issue 13, "the What if… situation lives in the URL": a situation file with a custom
    leveler (no control holds its card) and Giant Growth is loaded, then its level counters
    changed; the link holds the situation as it is now, packed (no file name, no control
    key), and a new page opened on it resolves the same as the library (711.2a and the
    pump in layer 7c, 613.4c), its effects said to come from the link, not a file."""
    from leveler import apply_preset
    from leveler.app import situation_link
    from leveler.app.link import PACKED_KEY

    loaded = apply_preset({"card": CUSTOM, "counters": {"level": 5}}, "Giant Growth")
    file = tmp_path / "ruling.json"
    file.write_text(json.dumps(loaded), encoding="utf-8")
    changed = {**loaded, "counters": {"level": 2}}
    first, then = resolve_situation(loaded, POOL), resolve_situation(changed, POOL)
    assert (first.power, first.toughness) != (then.power, then.toughness)  # 711.2a

    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    open_app(page, app_url)
    page.get_by_role("tab", name=EN["tab_whatif"]).click()
    upload_and_submit(page.locator(".lv-whatif"), file)
    answer = page.locator(".lv-whatif .lv-wi-answer")
    expect(answer).to_have_attribute("data-pt", f"{first.power}/{first.toughness}",
                                     timeout=TIMEOUT)
    expect(page.locator(".lv-whatif")).to_contain_text(EN["wi_file_effects"])
    box = whatif_field(page, EN["wi_level"]).locator("input")
    box.fill("2")
    box.press("Tab")
    pt = f"{then.power}/{then.toughness}"
    expect(answer).to_have_attribute("data-pt", pt, timeout=TIMEOUT)
    # the link follows a moment after the answer (leveler.app.link_later): wait for the
    # packed situation of level 2, not the file's own of level 5
    for _ in range(TIMEOUT // 100):
        packed = query(page).get(PACKED_KEY, [""])[0]
        if packed and situation_link.unpack(packed, POOL)["counters"]["level"] == 2:
            break
        page.wait_for_timeout(100)
    linked = situation_link.unpack(packed, POOL)
    assert linked == situation_link.unpack(situation_link.pack(linked), POOL)
    assert linked["counters"]["level"] == 2 and linked["card"]["name"] == CUSTOM["name"]
    # no control's key and no file name (beside the bench's own draft token)
    assert set(query(page)) - {"draft"} == {"tab", PACKED_KEY}

    fresh = context.new_page()
    fresh.goto(page.url)
    expect(selected_tab(fresh)).to_have_text(EN["tab_whatif"], timeout=60_000)
    expect(fresh.locator(".lv-whatif .lv-wi-answer")).to_have_attribute("data-pt", pt,
                                                                        timeout=TIMEOUT)
    expect(whatif_field(fresh, EN["wi_level"]).locator("input")).to_have_value("2")
    expect(whatif_field(fresh, EN["wi_card"]).locator("option:checked")).to_have_text(
        f"{CUSTOM['name']} — link")
    expect(fresh.locator(".lv-whatif").get_by_role("checkbox", checked=True)).to_have_count(
        len(loaded["effects"]))
    # no file in this page: the effects are the link's, and ↺ empties the situation
    panel = fresh.locator(".lv-whatif")
    expect(panel).to_contain_text(EN["wi_link_effects"])
    expect(panel).to_contain_text(EN["wi_link_reset"])
    expect(panel).not_to_contain_text(EN["wi_file_effects"])
    context.close()


def test_a_tampered_packed_situation_is_said_and_the_view_starts_over(
        page: Page, app_url: str) -> None:
    """A link's packed situation is untrusted: one that is not zlib is refused naming what
    is wrong, the default situation is resolved instead, and the link drops the key."""
    from leveler.app import whatif_view
    from leveler.app.link import PACKED_KEY

    page.goto(f"{app_url}/?tab=whatif&{PACKED_KEY}=AAAA")
    note = page.locator(".lv-whatif .lv-wi-link-note")
    expect(note).to_have_text(EN["wi_link_error"].format(
        error="the link's situation: not a packed situation (zlib)"), timeout=60_000)
    default = resolve_situation(whatif_view.default_situation(POOL), POOL)
    expect(page.locator(".lv-whatif .lv-wi-answer")).to_have_attribute(
        "data-pt", f"{default.power}/{default.toughness}", timeout=TIMEOUT)
    page.wait_for_function("(key) => !new URL(window.location.href).searchParams.has(key)",
                           arg=PACKED_KEY, timeout=TIMEOUT)
