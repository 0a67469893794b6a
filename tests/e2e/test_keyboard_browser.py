"""The explorer by keyboard in Chromium (issue 13): Tab moves focus, it never switches
tabs; entering the tab bar or a radio group by Tab lands on its selected item; every
control in Chromium's own accessibility tree (shadow roots included) has a name.

The cause, in marimo's frontend: its controls live in shadow roots, where Radix's roving
focus reads ``document.activeElement`` (the shadow host), takes every item for one that
refused focus and focuses each in turn, ending on the last; marimo's tabs activate on
focus, so Tab from the sidebar switched to the last tab. leveler/app/head.html does that
entry itself (focus the selected item).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from leveler.app import labels, layout

pytestmark = pytest.mark.browser

TIMEOUT = 60_000
SHOWN = {"pool": ".lv-caption, table.lv-table", "card": ".lv-card", "whatif": ".lv-wi-top",
         "balance": "table.lv-btable[data-kind=balance]", "bench": ".lv-bench-row"}
CONTROL_ROLES = frozenset({
    "button", "checkbox", "combobox", "link", "listbox", "menuitem", "menuitemcheckbox",
    "menuitemradio", "option", "radio", "searchbox", "slider", "spinbutton", "switch", "tab",
    "textbox", "treeitem"})
"""The ARIA roles of controls a person operates (each needs an accessible name)."""

FOCUSED = """() => { let e = document.activeElement;
  while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;
  return e ? {role: e.getAttribute('role'), text: (e.textContent || '').trim(),
              checked: e.getAttribute('aria-checked'),
              selected: e.getAttribute('aria-selected')} : null; }"""
"""The focused element, looked for through shadow roots."""

EN = labels.labels_for("en")


def open_app(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator(SHOWN["pool"]).first).to_be_visible(timeout=TIMEOUT)


def selected_tab(page: Page) -> str:
    return page.get_by_role("tab", selected=True).inner_text().strip()


def show_tab(page: Page, tab: str) -> None:
    page.get_by_role("tab", name=EN[f"tab_{tab}"]).click()
    expect(page.get_by_role("tab", name=EN[f"tab_{tab}"])).to_have_attribute(
        "aria-selected", "true")
    expect(page.locator(SHOWN[tab]).first).to_be_visible(timeout=TIMEOUT)


def tab_into_the_tab_bar(page: Page, presses: int = 40) -> dict[str, Any]:
    """Press Tab until a tab of the tab bar has focus; what has focus then."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        focused: dict[str, Any] | None = page.evaluate(FOCUSED)
        if focused is not None and focused["role"] == "tab":
            return focused
    raise AssertionError(f"no tab took focus in {presses} presses of Tab")


@pytest.mark.parametrize("tab", ["pool", "card"])
def test_tab_from_the_last_sidebar_control_does_not_switch_the_tab(page: Page, app_url: str,
                                                                   tab: str) -> None:
    """Issue 13: focus on the sidebar's last control of the tab (Pool: the descending
    switch; Card: the zone), Tab on into the tab bar: the focus is on the selected tab and
    the tab shown is the same (it was Design bench, the last one)."""
    open_app(page, app_url)
    show_tab(page, tab)
    last = layout.TAB_CONTROLS[tab][-1][1][-1]
    label = {"descending": EN["descending"], "zone": EN["zone"]}[last]
    side = page.locator("aside .lv-side-controls")
    control = side.get_by_role("switch") if last == "descending" else side.get_by_role(
        "combobox", name=label)
    control.first.focus()
    focused = tab_into_the_tab_bar(page)
    assert focused["text"] == EN[f"tab_{tab}"] and focused["selected"] == "true", focused
    page.wait_for_timeout(500)  # a switch would re-render the tab's cells: give it the time
    assert selected_tab(page) == EN[f"tab_{tab}"]
    expect(page.locator(SHOWN[tab]).first).to_be_visible()


def test_tab_into_the_language_choice_lands_on_the_chosen_language(page: Page,
                                                                     app_url: str) -> None:
    """The same entry in a radio group: Tab from the page's top lands on the checked
    language (English), not the last one; arrows then move within the group."""
    open_app(page, app_url)
    page.locator("aside").get_by_role("heading").first.click()
    for _ in range(10):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused is not None and focused["role"] == "radio":
            break
    else:
        raise AssertionError("no radio took focus")
    assert focused["checked"] == "true", focused
    assert page.get_by_role("radio", name="English").first.is_checked()


def unnamed_controls(page: Page) -> list[dict[str, Any]]:
    """Controls in Chromium's full accessibility tree (through shadow roots) with no name."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
        unnamed = []
        for node in nodes:
            role = (node.get("role") or {}).get("value")
            if node.get("ignored") or role not in CONTROL_ROLES:
                continue
            if str((node.get("name") or {}).get("value", "")).strip():
                continue
            described = (cdp.send("DOM.describeNode",
                                  {"backendNodeId": node["backendDOMNodeId"]})["node"]
                         if "backendDOMNodeId" in node else {})
            unnamed.append({"role": role, "tag": described.get("nodeName"),
                            "attributes": described.get("attributes", [])[:8]})
        return unnamed
    finally:
        cdp.detach()


@pytest.mark.parametrize("width", [1366, 390])
def test_every_control_on_every_tab_has_a_name(page: Page, app_url: str, width: int) -> None:
    """Issue 13: no control without an accessible name in the accessibility tree, on any
    tab, wide and on a phone (the What if… panel's controls are named by their visible
    labels, marimo's menu and sidebar buttons by the page)."""
    page.set_viewport_size({"width": width, "height": 900})
    open_app(page, app_url)
    for tab in layout.TABS:
        show_tab(page, tab)
        page.wait_for_timeout(500)  # the names are set on the next frame after a render
        assert unnamed_controls(page) == [], tab


def test_the_what_if_controls_are_named_by_their_visible_labels(page: Page,
                                                                 app_url: str) -> None:
    """The names are the panel's own words (a person hears what a person sees)."""
    open_app(page, app_url)
    show_tab(page, "whatif")
    panel = page.locator(".lv-wi-controls")
    for key in ("wi_card", "wi_zone"):
        expect(panel.get_by_role("combobox", name=EN[key], exact=True)).to_have_count(1)
    expect(panel.get_by_role("switch", name=EN["wi_face_down"], exact=True)).to_have_count(1)
