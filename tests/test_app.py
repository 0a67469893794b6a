"""The explorer notebook without a browser: ``app.run()`` against what the library says.

``app.run(defs=...)`` replaces one cell; it must be given every name that cell
defines, so the helpers below build stand-ins for a whole cell at a time.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import marimo as mo
import pandas as pd
import pytest

from leveler import LevelerCard, Zone, characteristics, load_pool
from leveler.app import style
from leveler.app.views import NO_BAND, ZONE_OPTIONS, filter_options, pool_grid
from leveler.io.editions import EDITIONS, cite
from leveler.search import search
from tests.app_pages import page_html, shown_tab
from tests.samples import HOSTILE_NAME

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "explorer.py"
XSS_POOL = ROOT / "tests" / "data" / "xss_pool.json"




def run(notebook: ModuleType, **defs: Any) -> tuple[list[Any], dict[str, Any]]:
    outputs, found = notebook.app.run(defs=defs) if defs else notebook.app.run()
    return list(outputs), dict(found)


def library_table(pool: dict[str, LevelerCard], level: int, zone: Zone,
                  names: list[str] | None = None) -> pd.DataFrame:
    """The table the app should show, built from ``characteristics`` card by card."""
    rows = []
    for card in pool.values():
        if names is not None and card.name not in names:
            continue
        now = characteristics(card, level, zone)
        rows.append({"Name": card.name, "Mana cost": str(card.mana_cost),
                     "Band": now.band.label if now.band is not None else NO_BAND,
                     "Power": now.power, "Toughness": now.toughness,
                     "Abilities": "\n".join(now.abilities), "Rule": now.rule})
    return pd.DataFrame(rows)


def controls(pool: dict[str, LevelerCard], level: int = 0, zone: str = "Battlefield",
             colours: tuple[str, ...] = (), rarities: tuple[str, ...] = (),
             sets: tuple[str, ...] = (), search: str = "", sort_by: str = "Name",
             descending: bool = False, band_query: str = "") -> dict[str, Any]:
    """Every def of the sidebar cell, as real controls set to other values (and the dict of
    them the layout cell places, ``sidebar_controls``)."""
    options = filter_options(pool_grid(pool).cards)
    top = max(card.top_level for card in pool.values()) + 3
    made = {
        "level": mo.ui.slider(0, top, value=level),
        "zone": mo.ui.dropdown(options=ZONE_OPTIONS, value=zone),
        "colours": mo.ui.multiselect(options["colour"], value=list(colours)),
        "rarities": mo.ui.multiselect(options["rarity"], value=list(rarities)),
        "sets": mo.ui.multiselect(options["set"], value=list(sets)),
        "search": mo.ui.text(value=search),
        "band_query": mo.ui.text(value=band_query),
        "sort_by": mo.ui.dropdown(options=["Name", "Mana value", "Power", "Toughness", "Rule"],
                                  value=sort_by),
        "descending": mo.ui.switch(value=descending),
    }
    return made | {"sidebar_controls": dict(made)}


def view_controls(pool: dict[str, LevelerCard], card: str = "Student of Warfare",
                  edition: str = "en-current", view: str = "Pool") -> dict[str, Any]:
    """Every def of the view cell (tabs, card picker, rule edition)."""
    labels = {key: label for key, label in EDITIONS.items()}
    return {
        "view": mo.ui.tabs({"Pool": "", "Card": ""}, value=view), **shown_tab(view),
        "card_name": mo.ui.dropdown(options=list(pool), value=card),
        "edition": mo.ui.radio(options={label: key for key, label in labels.items()},
                               value=labels[edition]),
    }


def callout_html(callout: Any) -> str:
    """The HTML a ``mo.callout`` shows (it travels JSON-encoded in an attribute)."""
    found = re.search(r"data-html='([^']*)'", callout.text)
    assert found is not None
    return str(json.loads(html.unescape(found.group(1))))


def table_rows(html_text: str) -> list[list[str]]:
    body = html_text.split("<tbody>", 1)[1]
    return [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in body.split("</tr>") if "<td" in row]


def test_the_page_holds_the_apps_one_stylesheet_once(notebook):
    """leveler/app/style.css, read once, is in the page once; no other <style> of the Pool,
    Card and What-if views (the Balance tab's own is its module's)."""
    outputs, _ = run(notebook)
    page = "".join(output.text for output in outputs if output is not None)
    assert page.count(style.style_html()) == 1
    assert ".lv-card{" in style.style_css() and ".lv-wi-answer{" in style.style_css()


def test_the_app_opens_on_the_whole_pool_at_0_counters_on_the_battlefield(notebook, pool):
    """711.5: at 0 counters every printed leveler is its uppermost P/T box."""
    outputs, defs = run(notebook)
    assert defs["level"].value == 0 and defs["zone"].value is Zone.BATTLEFIELD
    top = max(card.top_level for card in pool.values())
    assert (defs["level"].start, defs["level"].stop) == (0, top + 3)
    expected = library_table(pool, 0, Zone.BATTLEFIELD)
    pd.testing.assert_frame_equal(defs["pool_table"], expected, check_dtype=False)
    pd.testing.assert_frame_equal(defs["shown"], expected, check_dtype=False)
    assert set(defs["pool_table"]["Rule"]) == {"711.5"}
    page = page_html(outputs)
    assert 'data-level="0"' in page and "marimo-anywidget" in page and "lv-level-rule" in page
    # the card view waits behind its tab: in the Card tab's box, in the page but hidden
    # (only the Pool tab's box is shown), so a tab switch re-runs no cell
    assert "lv-card" not in page
    raw = "".join(output.text for output in outputs if output is not None)
    assert re.search(r'data-lv-tab="card">.*class="lv-card"', raw, flags=re.DOTALL)
    assert len(table_rows(defs["table"].text)) == len(pool)


@pytest.mark.parametrize(("level", "zone", "rules"), [
    (3, "Battlefield", {"711.2a", "711.2b", "711.5"}),
    (7, "Battlefield", {"711.2a", "711.2b"}),
    (15, "Battlefield", {"711.2b"}),
    (7, "Graveyard", {"711.6"}),
    (12, "Command", {"711.6"}),
])
def test_other_levels_and_zones_give_the_librarys_table(notebook, pool, level, zone, rules):
    """711.2a/711.2b on the battlefield, 711.6 elsewhere: the table is the library's."""
    _, defs = run(notebook, **controls(pool, level, zone))
    expected = library_table(pool, level, ZONE_OPTIONS[zone])
    pd.testing.assert_frame_equal(defs["pool_table"], expected, check_dtype=False)
    assert set(defs["pool_table"]["Rule"]) == rules
    rows = table_rows(defs["table"].text)
    assert [row[3] for row in rows] == [str(p) for p in expected["Power"]]
    assert f'data-level="{level}"' in defs["table"].text


def test_711_6_off_the_battlefield_the_table_is_flat_and_the_chart_says_why(notebook, pool):
    """711.6: in the graveyard every card has its uppermost P/T box: the table says so, and
    the chart, still the battlefield's progression (711.2a/b), is dimmed under a note."""
    outputs, defs = run(notebook, **controls(pool, 4, "Graveyard"))
    assert set(defs["pool_table"]["Rule"]) == {"711.6"}
    frame = defs["chart"].dataframe
    for name, rows in frame.groupby("name"):
        for row in rows.itertuples():
            now = characteristics(pool[name], int(row.level_counters), Zone.BATTLEFIELD)
            assert (row.Power, row.Toughness) == (now.power, now.toughness), (name, row)
    page = page_html(outputs)
    assert 'class="lv-chart lv-chart-off"' in page
    assert "Every card in the graveyard has its uppermost P/T box (711.6)" in page


def test_the_chart_holds_every_level_of_every_card_as_the_library_says(notebook, pool):
    """711.2a/b, 711.5: the step line through each card's points (one per segment and one
    closing it) is the library's P/T at every count of the slider."""
    _, defs = run(notebook, **controls(pool, 5, "Battlefield"))
    frame = defs["chart"].dataframe
    top = defs["level"].stop
    assert len(frame) == sum(len(card.bands) + 2 for card in pool.values())
    for name, rows in frame.groupby("name"):
        for level in range(top + 1):
            row = rows[rows["level_counters"] <= level].iloc[-1]
            now = characteristics(pool[name], level, Zone.BATTLEFIELD)
            assert (row.Power, row.Toughness) == (now.power, now.toughness), (name, level)


def test_filters_narrow_the_table_and_the_chart(notebook, pool):
    wanted = [card.name for card in pool.values()
              if card.colors == ("U",) and "mage" in card.name.lower()]
    assert wanted
    _, defs = run(notebook, **controls(pool, 4, colours=("Blue",), search="MAGE"))
    pd.testing.assert_frame_equal(defs["pool_table"],
                                  library_table(pool, 4, Zone.BATTLEFIELD, wanted),
                                  check_dtype=False)
    # the chart keeps every card and draws the filtered ones (its parameter, set in place)
    assert sorted(set(defs["chart"].dataframe["name"])) == sorted(pool)
    assert sorted(defs["chart"].shown) == sorted(wanted)


def chart_with_picks(picked: dict[str, Any], text: str = "") -> SimpleNamespace:
    """A stand-in for the pool chart's cell: a chart whose page made the ``picked``
    selections (``chart_widget.PoolChart.picked``)."""
    return SimpleNamespace(picked=picked, text=text, show=lambda names: None,
                           draw=lambda chart: None)


def test_a_selection_in_the_chart_narrows_the_table(notebook, pool):
    picked = ["Hexdrinker", "Echo Mage"]
    chart = chart_with_picks({"card": {"name": picked, "vlPoint": {}}}, "<div>chart</div>")
    _, defs = run(notebook, chart=chart)
    assert sorted(defs["shown"]["Name"]) == sorted(picked)
    assert len(defs["pool_table"]) == len(pool)
    assert "only the 2 selected in the chart" in defs["table"].text


def test_a_drag_in_the_chart_narrows_the_table_to_the_lines_it_crosses(notebook, pool):
    """711.2a/b: a drag over counts 3-5 x power 4-4 keeps the cards the library puts there,
    though no point is drawn at most of those counts (the lines come from segments)."""
    inside = sorted(name for name, card in pool.items()
                    if any(characteristics(card, level, Zone.BATTLEFIELD).power == 4
                           for level in range(3, 6)))
    assert 0 < len(inside) < len(pool)
    chart = chart_with_picks({"brush": {"level_counters": [2.6, 5.4], "Power": [3.9, 4.1]}})
    _, defs = run(notebook, chart=chart)
    assert sorted(defs["shown"]["Name"]) == inside


def test_an_empty_chart_selection_leaves_the_table_whole(notebook, pool):
    for selections in ({}, {"card": {}}, {"brush": {}}):
        chart = chart_with_picks(selections)
        _, defs = run(notebook, chart=chart)
        assert len(defs["shown"]) == len(pool)


@pytest.mark.parametrize("descending", [False, True])
def test_the_sort_controls_sort_the_table(notebook, pool, descending):
    _, defs = run(notebook, **controls(pool, sort_by="Power", descending=descending))
    expected = library_table(pool, 0, Zone.BATTLEFIELD).sort_values("Name")
    expected = expected.sort_values("Power", ascending=not descending, kind="stable")
    assert list(defs["shown"]["Name"]) == list(expected["Name"])


@pytest.mark.parametrize(("card", "level", "zone", "edition"), [
    ("Student of Warfare", 0, "Battlefield", "en-current"),
    ("Student of Warfare", 7, "Battlefield", "fr-2011"),
    ("Kargan Dragonlord", 5, "Battlefield", "en-2011"),
    ("Hexdrinker", 9, "Exile", "fr-2011"),
])
def test_the_card_view_shows_characteristics_and_quotes_the_deciding_rule(
        notebook, pool, card, level, zone, edition):
    defs_in = controls(pool, level, zone) | view_controls(pool, card=card, edition=edition,
                                                          view="Card")
    outputs, defs = run(notebook, **defs_in)
    now = characteristics(pool[card], level, ZONE_OPTIONS[zone])
    assert defs["now"] == now
    page = page_html(outputs)
    assert "lv-level-rule" not in page  # the pool view waits behind its tab
    assert f"{now.power}/{now.toughness}" in page
    quoted = cite(now.rule, edition)
    assert quoted.number is not None and quoted.text is not None
    assert f"<strong>{quoted.number}</strong>" in page
    assert quoted.text.replace("'", "&#x27;").replace('"', "&quot;")[:60] in page
    french = pool[card].translation("French")
    if edition == "fr-2011" and french is not None:
        assert french.name in page


def test_a_bad_pool_file_shows_an_error_not_a_traceback(notebook, tmp_path, monkeypatch):
    path = tmp_path / "<b>broken.json"
    path.write_text("[{not json")
    monkeypatch.setenv("LEVELER_POOL", str(path))
    outputs, defs = run(notebook)
    assert "grid" not in defs and "pool_table" not in defs
    callouts = [callout_html(output) for output in outputs
                if type(output).__name__ == "callout"]
    assert len(callouts) == 1
    text = callouts[0]
    assert "could not load its card pool" in text and "not a JSON file" in text
    assert "&lt;b&gt;broken.json" in text and "<b>broken" not in text
    assert "Traceback" not in text


def test_a_pool_file_with_bad_cards_names_them(notebook, tmp_path, monkeypatch):
    path = tmp_path / "pool.json"
    path.write_text(json.dumps([{"name": "No Bands", "mana_cost": "{W}",
                                 "type_line": "Creature — Human", "power": "1",
                                 "toughness": "1", "oracle_text": "Level up {W}"}]))
    monkeypatch.setenv("LEVELER_POOL", str(path))
    outputs, defs = run(notebook)
    assert "grid" not in defs
    assert any("No Bands" in callout_html(output) for output in outputs
               if type(output).__name__ == "callout")


def test_a_hostile_pool_is_shown_as_text_everywhere(notebook, monkeypatch):
    monkeypatch.setenv("LEVELER_POOL", str(XSS_POOL))
    hostile = load_pool(XSS_POOL)
    defs_in = controls(hostile, 7) | view_controls(hostile, card=HOSTILE_NAME,
                                                   edition="fr-2011", view="Card")
    outputs, defs = run(notebook, **defs_in)
    assert HOSTILE_NAME in list(defs["pool_table"]["Name"])
    pages = [page_html(outputs), defs["table"].text, defs["card_view"].text]
    for page in pages:
        for tag in ("<img", "<script", "<svg", "<b>", "<i>"):
            assert tag not in page, tag
    assert "&lt;img src=x onerror=alert(1)&gt;" in defs["table"].text
    assert "&lt;img src=z onerror=alert(6)&gt;" in defs["card_view"].text  # its French name


def test_marimo_check_strict_passes_on_the_notebooks():
    result = subprocess.run([sys.executable, "-m", "marimo", "check", "--strict", "notebooks/"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_band_search_narrows_the_pool_table_and_a_bad_query_is_said(
        notebook: ModuleType, pool: dict[str, LevelerCard]) -> None:
    """leveler.search in the Pool tab: cards reaching power 4 by three counters (711.2)."""
    matching = [match.name for match in search(pool, "pow>=4 lvl<=3")]
    _, defs = run(notebook, **controls(pool, band_query="pow>=4 lvl<=3"))
    assert defs["names"] == matching and defs["band_error"] is None
    _, defs = run(notebook, **controls(pool, band_query="pow>=4 lvl<=x"))
    assert defs["names"] == list(pool) and "whole number" in str(defs["band_error"])
