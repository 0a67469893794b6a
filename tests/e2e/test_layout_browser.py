"""The explorer's layout in Chromium (issue 13): the page never scrolls sideways at 390,
1366 and 1920 px in English and French on any tab; the sidebar holds the current tab's
controls only (and keeps their values) and stays beside the tab; on a phone the level
slider is on the page above the tab; the bench's form and parsed panel never overlap; a
loading line is painted with the served page, before marimo's scripts render anything;
no cell leaves a blank band where a tab not shown sits.

Widths, tabs and words come from ``leveler.app.layout`` and the words files.
"""

from __future__ import annotations

import urllib.request
from collections.abc import Mapping
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from leveler.app import labels, layout
from tests.browser_helpers import show_stage_table

pytestmark = pytest.mark.browser

TIMEOUT = 60_000
EN = labels.labels_for("en")
WIDTHS = (390, 1366, 1920)
LANGUAGE_NAMES = {code: name for name, code in labels.LANGUAGES.items()}

SHOWN = {
    "pool": ".lv-caption, table.lv-table",
    "card": ".lv-card",
    "whatif": ".lv-wi-top",
    "balance": "table.lv-btable[data-kind=balance]",
    "bench": ".lv-bench-row",
}
"""A selector that is on the page once each tab's content is drawn."""

PAGE_WIDTH = """() => {
  const app = document.getElementById('App');
  return {inner: window.innerWidth, doc: document.documentElement.scrollWidth,
          app: app ? app.scrollWidth : 0, appBox: app ? app.clientWidth : 0};
}"""
"""How wide the page is: the document, and marimo's own scrolling box (#App), which is
what scrolls sideways when an output is too wide (the document itself never does)."""


def words(code: str) -> Mapping[str, str]:
    return labels.labels_for(code)


def open_app(page: Page, url: str, code: str = "en") -> None:
    page.goto(url)
    expect(page.locator(SHOWN["pool"]).first).to_be_visible(timeout=TIMEOUT)
    if code != "en":
        page.get_by_role("radio", name=LANGUAGE_NAMES[code]).first.check()
        expect(page.get_by_role("tab", name=words(code)["tab_pool"])).to_be_visible(
            timeout=TIMEOUT)


def show_tab(page: Page, code: str, tab: str) -> None:
    page.get_by_role("tab", name=words(code)[f"tab_{tab}"]).click()
    expect(page.get_by_role("tab", name=words(code)[f"tab_{tab}"])).to_have_attribute(
        "aria-selected", "true")
    expect(page.locator(SHOWN[tab]).first).to_be_visible(timeout=TIMEOUT)


def settled_width(page: Page) -> dict[str, int]:
    """The page's widths once two reads a moment apart agree (charts draw after the HTML)."""
    before: dict[str, int] = page.evaluate(PAGE_WIDTH)
    while True:
        page.wait_for_timeout(400)
        now: dict[str, int] = page.evaluate(PAGE_WIDTH)
        if now == before:
            return now
        before = now


def too_wide(page: Page) -> list[str]:
    """Boxes whose right edge passes the window and that no scrolling box of their own
    holds (a table or chart may scroll inside its box; the page must not). Fixed boxes
    (marimo's outline, off to the side until hovered) never scroll the page."""
    found: list[str] = page.evaluate("""() => {
      const W = window.innerWidth, out = [];
      const held = e => {
        for (let p = e; p && p.id !== 'App'; p = p.parentElement) {
          const s = getComputedStyle(p);
          if (s.position === 'fixed') return true;
          if (p !== e && ['auto', 'scroll', 'hidden'].includes(s.overflowX)) return true;
        }
        return false;
      };
      for (const e of document.querySelectorAll('#App *')) {
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.right <= W + 1) continue;
        if (!held(e)) out.push(e.tagName + '.' + String(e.className).slice(0, 40) + ' right=' +
                            Math.round(r.right));
      }
      return out.slice(0, 8);
    }""")
    return found


@pytest.mark.parametrize("code", sorted(LANGUAGE_NAMES))
def test_no_tab_scrolls_the_page_sideways_at_390_1366_1920(page: Page, app_url: str,
                                                           code: str) -> None:
    """Issue 13: at 390, 1366 and 1920 px, in each language, every tab fits the window
    (document and marimo's #App box); only a table or chart scrolls, inside its own box."""
    open_app(page, app_url, code)
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        for tab in layout.TABS:
            show_tab(page, code, tab)
            if tab == "pool":  # the stage table is drawn once scrolled to (mo.lazy)
                show_stage_table(page)
            size = settled_width(page)
            assert size["doc"] <= size["inner"], (width, tab, size)
            assert size["app"] <= size["appBox"] + 1, (width, tab, size, too_wide(page))
            assert too_wide(page) == [], (width, tab)


BLANK_CELLS = """() => {
  const fixedWithin = (e, cell) => {
    for (let p = e; p && p !== cell; p = p.parentElement) {
      if (getComputedStyle(p).position === 'fixed') return true;
    }
    return false;
  };
  // what an output holds, marimo's controls' shadow roots included
  const within = root => [...root.querySelectorAll('*')].flatMap(
    e => e.shadowRoot ? [e, ...within(e.shadowRoot)] : [e]);
  return [...document.querySelectorAll('#App .marimo-cell')].filter(cell => {
    if (cell.getBoundingClientRect().height < 1) return false;
    return ![...cell.querySelectorAll('.output')].flatMap(within).some(e => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && !fixedWithin(e, cell);
    });
  }).map(cell => `${cell.id} ${Math.round(cell.getBoundingClientRect().height)}px: `
    + String((cell.querySelector('.output > *') || {}).className || '').slice(0, 40));
}"""
"""JavaScript: the cells that take room in the page and show nothing in it (their outputs
only hidden tab boxes, the hidden phone copy of the controls, the sidebar fixed beside
the page, a ``<style>``)."""


def test_no_cell_leaves_a_blank_band_on_any_tab_at_390_and_1366(page: Page,
                                                                app_url: str) -> None:
    """Issue 13: the tabs not shown take no room; marimo's space around an output goes on
    the shown tab's box only, so no blank band sits under the tab bar (or anywhere)."""
    open_app(page, app_url)
    for width in (390, 1366):
        page.set_viewport_size({"width": width, "height": 900})
        for tab in layout.TABS:
            show_tab(page, "en", tab)
            settled_width(page)
            assert page.evaluate(BLANK_CELLS) == [], (width, tab)


def test_the_sidebar_holds_only_the_current_tabs_controls_and_keeps_their_values(
        page: Page, app_url: str) -> None:
    """Issue 13: level, zone, filters and sort show on the Pool tab; level and zone on the
    Card tab; none on What if…, Balance and the Design bench (they change nothing there);
    the language and pool picker everywhere; a level set on Pool is still set after a
    round through the other tabs (the same control, not a remade one)."""
    t = words("en")
    open_app(page, app_url)
    aside = page.locator("aside")
    slider = aside.get_by_role("slider").first
    slider.focus()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect(slider).to_have_attribute("aria-valuenow", "3")
    for tab in layout.TABS:
        show_tab(page, "en", tab)
        wanted = [t[name] for name in ("level", "zone")] if tab in layout.TAB_CONTROLS else []
        if tab == "pool":
            wanted += [t[name] for name in ("colour", "rarity", "set", "name", "band_search",
                                            "sort_by", "descending")]
        expect(aside.get_by_role("slider")).to_have_count(1 if wanted else 0)
        # every group stays in the sidebar (never redrawn); the others are hidden
        side = aside.locator(".lv-side-controls").filter(visible=True)
        expect(side).to_have_count(1 if wanted else 0)
        for label in wanted:
            expect(side.get_by_text(label, exact=True).first).to_be_visible()
        if tab != "pool":
            expect(aside.get_by_text(t["colour"], exact=True).filter(visible=True)
                   ).to_have_count(0)
        expect(aside.get_by_role("radio", name=LANGUAGE_NAMES["fr"])).to_be_visible()
        expect(aside.get_by_text(t["pool_heading"].lstrip("# "))).to_be_visible()
        # beside the tab, never over it (fixed at the left, the page's content after it)
        side_box, tabs_box = aside.bounding_box(), page.get_by_role("tablist").bounding_box()
        assert side_box and tabs_box and side_box["x"] + side_box["width"] <= tabs_box["x"], (
            tab, side_box, tabs_box)
    show_tab(page, "en", "pool")
    expect(aside.get_by_role("slider").first).to_have_attribute("aria-valuenow", "3")


def test_on_a_phone_the_level_slider_is_on_the_page_not_in_the_drawer(
        page: Page, app_url: str) -> None:
    """Issue 13: at 390 px the sidebar is a box at the page's top without the tab's
    controls (the language and pool picker only); the Pool tab's controls are on the page
    above the tab, the slider moves the table's level, and the same slider in the sidebar
    (the wide-screen copy) follows it."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, app_url)
    phone = page.locator(".lv-phone-controls")
    expect(phone).to_be_visible()
    expect(page.locator("aside.lv-sidebar").get_by_role("slider")).to_be_hidden()
    expect(page.locator("aside.lv-sidebar").get_by_role("radio", name=LANGUAGE_NAMES["fr"])
           ).to_be_visible()
    slider = phone.get_by_role("slider").first
    slider.scroll_into_view_if_needed()
    expect(slider).to_be_in_viewport()
    slider.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(slider).to_have_attribute("aria-valuenow", "2")
    expect(page.locator("[data-level]").first).to_have_attribute("data-level", "2",
                                                                 timeout=TIMEOUT)
    # a tab without sidebar controls shows no phone box; back on Pool, the same slider
    page.get_by_role("tab", name=EN["tab_whatif"]).click()
    expect(phone).to_be_hidden(timeout=TIMEOUT)
    page.get_by_role("tab", name=EN["tab_pool"]).click()
    expect(phone).to_be_visible(timeout=TIMEOUT)
    expect(slider).to_have_attribute("aria-valuenow", "2")
    page.set_viewport_size({"width": layout.PHONE_WIDTH - 100, "height": 768})
    expect(phone).to_be_visible()  # a tablet: the sidebar is still at the page's top
    page.set_viewport_size({"width": 1366, "height": 768})
    expect(phone).to_be_hidden()
    expect(page.locator("aside").get_by_role("slider").first).to_have_attribute(
        "aria-valuenow", "2")


def boxes_apart(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate("""() => {
      const f = document.querySelector('.lv-bench-form').getBoundingClientRect();
      const p = document.querySelector('.lv-bench-parsed').getBoundingClientRect();
      const inputs = [...document.querySelectorAll('.lv-bench-form marimo-ui-element')]
        .map(e => e.getBoundingClientRect().right);
      return {formRight: f.right, formBottom: f.bottom, parsedLeft: p.left,
              parsedTop: p.top, widestInput: Math.max(0, ...inputs), formBoxRight: f.right};
    }""")
    return found


@pytest.mark.parametrize("code", sorted(LANGUAGE_NAMES))
def test_the_bench_form_and_its_parsed_panel_never_overlap(page: Page, app_url: str,
                                                           code: str) -> None:
    """Issue 13: side by side the form ends left of the panel, one above the other (narrow)
    it ends above it; no control of the form runs past the form's box."""
    open_app(page, app_url, code)
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        show_tab(page, code, "bench")
        settled_width(page)
        box = boxes_apart(page)
        side_by_side = box["parsedTop"] < box["formBottom"]
        if side_by_side:
            assert box["formRight"] <= box["parsedLeft"] + 1, (width, box)
        else:
            assert box["formBottom"] <= box["parsedTop"] + 1, (width, box)
        assert box["widestInput"] <= box["formBoxRight"] + 1, (width, box)


def test_the_served_page_paints_a_loading_line_before_the_app_renders(
        page: Page, app_url: str) -> None:
    """Issue 13: the HTML marimo serves holds the loading line (leveler/app/head.html), so
    it is painted with the page, before marimo's scripts run; it goes once a tab is drawn.
    Scripts are blocked here to see the page as it is before they run."""
    with urllib.request.urlopen(app_url) as response:
        served = response.read().decode("utf-8")
    assert "Loading the leveler explorer…" in served
    assert served.index("Loading the leveler explorer") < served.index("</head>")
    assert "Chargement de l’explorateur leveler…" in served  # a link with lang=fr

    loading = "() => getComputedStyle(document.documentElement, '::before').content"
    page.route("**/*.js", lambda route: route.abort())
    page.goto(app_url)
    assert page.evaluate(loading) == '"Loading the leveler explorer…"'
    box = page.evaluate("""() => { const s = getComputedStyle(document.documentElement,
        '::before'); return [s.display, s.position, s.visibility]; }""")
    assert box == ["block", "fixed", "visible"]
    page.goto(app_url + "/?lang=fr")
    assert page.evaluate(loading) == '"Chargement de l’explorateur leveler…"'
    page.unroute("**/*.js")
    page.goto(app_url)
    expect(page.locator(SHOWN["pool"]).first).to_be_visible(timeout=TIMEOUT)
    page.wait_for_function(f"() => ({loading})() === 'none'")


def test_after_save_in_french_the_bench_form_still_keeps_off_the_panel(
        page: Page, bench_url: str) -> None:
    """Issue 13: after Save (a long note in the form) in French, the form did widen over
    the parsed panel and the bench table ran past the right edge: neither at 1366 nor 390."""
    fr = words("fr")
    open_app(page, bench_url, "fr")
    show_tab(page, "fr", "bench")
    name = "Chevalière de la très longue lignée des monteurs de niveau"
    page.get_by_label(fr["design_name"], exact=True).fill(name)
    # the parsed panel names the design once the typed name reached the server (the fields
    # wait 300 ms): a Save pressed before that saves the name before it
    expect(page.locator(".lv-design-name")).to_have_text(name, timeout=TIMEOUT)
    page.get_by_role("button", name=fr["design_save"]).click()
    expect(page.get_by_text(f"« {name} »").first).to_be_visible(timeout=TIMEOUT)
    for width in (1366, 390):
        page.set_viewport_size({"width": width, "height": 900})
        size = settled_width(page)
        box = boxes_apart(page)
        if box["parsedTop"] < box["formBottom"]:
            assert box["formRight"] <= box["parsedLeft"] + 1, (width, box)
        else:
            assert box["formBottom"] <= box["parsedTop"] + 1, (width, box)
        assert size["app"] <= size["appBox"] + 1, (width, size, too_wide(page))
        assert too_wide(page) == [], width
