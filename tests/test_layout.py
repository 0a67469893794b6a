"""leveler.app.layout (issue 13): which controls each tab's sidebar holds, and the phone copy.

The browser half (the sidebar in Chromium, 390/1366/1920 px) is tests/e2e/test_layout_browser.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import marimo as mo
import pytest

from leveler.app import labels, layout
from tests.app_pages import GATED_TABS

STYLE = Path(layout.__file__).with_name("style.css")

NAMES = ("level", "zone", "colours", "rarities", "sets", "search", "band_query", "sort_by",
         "descending")


@pytest.fixture
def controls() -> dict[str, object]:
    return {name: mo.ui.text(value=name, label=f"label-{name}") for name in NAMES}


@pytest.mark.parametrize("code", sorted(labels.LANGUAGES.values()))
def test_tab_of_reads_every_tab_name_in_every_language(code: str) -> None:
    words = labels.labels_for(code)
    assert [layout.tab_of(words, words[f"tab_{tab}"]) for tab in layout.TABS] == \
        list(layout.TABS)
    assert layout.tab_of(words, "") == "pool"  # marimo's tabs value before the first render


def _groups_of(markup: str, tab: str) -> list[str]:
    """The control labels in the groups of ``markup`` marked for ``tab``, in order."""
    found = []
    for marks, body in re.findall(
            r'class="lv-(?:side|phone)-group" data-lv-tabs="([^"]*)">(.*?)</(?:div|details)>'
            r'(?=<div class="lv-side-group"|<details|</div></div>$|</section>$|<div class)',
            markup, flags=re.DOTALL):
        if tab in marks.split():
            found += re.findall(r"label-(\w+)", body)
    return found


def test_only_the_pool_and_card_tabs_have_sidebar_controls(controls: dict[str, object]) -> None:
    """Issue 13: What if…, Balance and the Design bench change nothing with the level,
    zone, filters or sort, so their sidebar shows none; Card shows level and zone."""
    words = labels.labels_for("en")
    for markup in (layout.sidebar_controls(controls, words).text,
                   layout.phone_controls(controls, words).text):
        assert _groups_of(markup, "pool") == list(NAMES)
        assert _groups_of(markup, "card") == ["level", "zone"]
        for tab in ("whatif", "balance", "bench"):
            assert _groups_of(markup, tab) == []
            assert "lv-phone" not in layout.tab_style(tab)  # no empty phone box


def test_both_copies_hold_the_same_controls_under_the_words_headings(
        controls: dict[str, object]) -> None:
    words = labels.labels_for("fr")
    side = layout.sidebar_controls(controls, words).text
    phone = layout.phone_controls(controls, words).text
    for name in NAMES:
        assert side.count(f"label-{name}") == phone.count(f"label-{name}") == 1
    assert 'class="lv-side-controls"' in side and 'class="lv-phone-controls"' in phone
    assert phone.count("<details") == len(layout.TAB_CONTROLS["pool"]) - 1  # first stays open
    heading = words["filter"].lstrip("#").strip()
    assert f"<summary class=\"lv-phone-heading\">{heading}</summary>" in phone


def test_the_phone_headings_are_escaped(controls: dict[str, object]) -> None:
    words = dict(labels.labels_for("en"), show_with="### <b>Show</b> & tell")
    phone = layout.phone_controls(controls, words).text
    assert "<b>Show</b>" not in phone and "&lt;b&gt;Show&lt;/b&gt; &amp; tell" in phone


def test_the_sidebar_holds_each_group_once_marked_with_its_tabs(
        controls: dict[str, object]) -> None:
    """Issue 13: one sidebar for every tab (never redrawn on a tab switch, which logged
    react-slot-fill errors): level and zone once, for Pool and Card; filter and sort for
    Pool; every control there exactly once."""
    side = layout.sidebar_controls(controls, labels.labels_for("en")).text
    assert side.count('data-lv-tabs="pool card"') == 1
    assert side.count('data-lv-tabs="pool"') == 2
    for name in NAMES:
        assert side.count(f"label-{name}") == 1, name


@pytest.mark.parametrize("tab", layout.TABS)
def test_the_style_shows_only_the_current_tabs_groups(tab: str) -> None:
    style = layout.tab_style(tab)
    if tab in layout.TAB_CONTROLS:
        assert f'.lv-side-group[data-lv-tabs~="{tab}"]{{display:block}}' in style
        assert f'.lv-phone-group[data-lv-tabs~="{tab}"]{{display:block}}' in style
        assert f"min-width:{layout.PHONE_WIDTH}px" in style
    else:
        assert "lv-side" not in style
    # the tab's own content box, whatever the width; no other tab's
    assert f'.lv-tab-box[data-lv-tab="{tab}"]{{display:block}}' in style
    assert style.count("lv-tab-box") == 1


def test_a_tabs_content_box_is_hidden_until_the_style_of_its_tab_shows_it() -> None:
    box = layout.tab_box("card", "<p>x</p>")
    assert box == '<div class="lv-tab-box" data-lv-tab="card"><p>x</p></div>'
    assert re.search(r"(^|\n)\.lv-tab-box\{[^}]*\bdisplay:none[;}]", STYLE.read_text("utf-8"))
    with pytest.raises(ValueError, match="'stats'"):
        layout.tab_box("stats", "")


def test_an_unknown_tab_is_refused_with_its_name() -> None:
    with pytest.raises(ValueError, match="'stats'"):
        layout.tab_style("stats")


def test_a_tab_switch_re_runs_the_tab_placing_cell_and_only_the_tabs_left_and_opened(notebook):
    """Issue 13 (tab switch <= 2x the minimal slider): only the cell placing the tab reads
    the tabs; the What if…, Balance and bench cells each read their tab's own state, which
    a switch sets only when it changes, so a Pool <-> Card switch re-runs none of them."""
    cells = [cell._cell for cell in notebook.app._cell_manager.cells()]
    readers = [cell for cell in cells if "view" in cell.refs]
    assert len(readers) == 1 and "layout.tab_style" in readers[0].code
    makers = [cell for cell in cells if "view" in cell.defs]
    for tab in GATED_TABS:
        state = f"get_{tab}_shown"
        assert state in makers[0].defs
        stopped = [cell for cell in cells if state in cell.refs and
                   f"mo.stop(not {state}())" in cell.code]
        assert stopped, f"no cell of the {tab} tab stops on {state}"


def test_the_sidebar_is_the_apps_own_named_aside_with_escaped_headings(
        controls: dict[str, object]) -> None:
    """Issue 13's console: not ``mo.sidebar`` (a react-slot-fill Fill that every
    ``mo.ui.table`` listens to, logging errors when it is redrawn); its headings are
    headings to a screen reader, but not ``<h3>``, which marimo lists in its page outline."""
    words = dict(labels.labels_for("en"), show_with="### <b>Show</b> & tell",
                 sidebar_name='Side "panel" <x>')
    panel = layout.side_panel(words, [layout.sidebar_controls(controls, words)]).text
    assert panel.startswith('<aside class="lv-sidebar" '
                            'aria-label="Side &quot;panel&quot; &lt;x&gt;">')
    assert ('<p class="lv-side-heading" role="heading" aria-level="2">'
            "&lt;b&gt;Show&lt;/b&gt; &amp; tell</p>") in panel
    assert "<h3" not in panel and "<b>Show" not in panel and panel.endswith("</aside>")


def test_the_sidebars_top_is_the_language_then_the_pool_picker_and_its_report() -> None:
    words = labels.labels_for("fr")
    language, pool_file = mo.ui.radio(["a", "b"], label="lang"), mo.ui.text(label="file")
    top = layout.language_and_pool(words, language, pool_file, '<p class="lv-x">25</p>')
    markup = layout.side_panel(words, top).text
    order = [markup.index(part) for part in (
        words["language_heading"].lstrip("# "), language.text,
        words["pool_heading"].lstrip("# "), pool_file.text, '<p class="lv-x">25</p>')]
    assert order == sorted(order)
