"""The pool file picker: which pool the app shows, what loading one said (issue 6).

Expectations come from ``leveler.io.pool_files.load_pool_report`` on the same bytes. The notebook
tests replace the picker with a submitted upload (``app.run(defs=...)``).
"""

from __future__ import annotations

import base64
import html
import io
import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import marimo as mo
import pandas as pd
import pytest
from marimo._plugins.ui._impl.input import FileUploadResults

from leveler import Zone, characteristics, load_pool, working_pool
from leveler.app import labels
from leveler.app import pool_picker as pp
from leveler.app import whatif_view as wv
from leveler.io.editions import cite
from leveler.io.pool_files import BUNDLED_POOL, load_pool_report
from tests.app_pages import page_html, shown_tab
from tests.data.hostile.make_uploads import oversized

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "explorer.py"
IMPORTERS = ROOT / "tests" / "data" / "importers"
XSS_POOL = ROOT / "tests" / "data" / "xss_pool.json"
EN, FR = labels.LABELS["en"], labels.LABELS["fr"]


BUNDLED_POOL_TEXT = BUNDLED_POOL.read_text("utf-8")

def raw(path: Path) -> list[list[str]]:
    """What the browser sends for a picked file: ``[[name, base64]]``."""
    return [[path.name, base64.b64encode(path.read_bytes()).decode()]]


def uploaded(path: Path) -> tuple[FileUploadResults, ...]:
    return (FileUploadResults(path.name, path.read_bytes()),)


def library_report(path: Path):
    return load_pool_report(io.BytesIO(path.read_bytes()), name=path.name)


@pytest.mark.parametrize("name", ["scryfall_list.json", "scryfall_bad_cards.json",
                                  "mtgjson_ROE.json", "mtgjson_AtomicCards.json",
                                  "scryfall_default_cards.json", "designs.json"])
def test_a_recognised_file_becomes_the_pool(name):
    path = IMPORTERS / name
    assert pp.upload_error(raw(path)) is None
    pool, error, report = pp.choose_pool(None, uploaded(path))
    expected = library_report(path)
    assert error is None and report is not None
    assert pool == expected.cards and report.summary() == expected.summary()


@pytest.mark.parametrize(("name", "message"), [
    ("scryfall_error.json", "not a card file leveler knows"),
    ("README.md", "not a JSON file"),
])
def test_a_file_of_another_kind_is_refused_and_the_pool_kept(name, message):
    error = pp.upload_error(raw(IMPORTERS / name))
    assert error is not None and message in error and name in error
    assert error.endswith("The app keeps the pool it has.")


def test_a_file_whose_every_card_fails_is_refused_with_each_card_and_line(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps([{"name": "No Bands", "mana_cost": "{W}",
                                 "type_line": "Creature — Human", "power": "1",
                                 "toughness": "1", "oracle_text": "Level up {W}"}]))
    report = library_report(path)
    assert not report.cards and report.errors
    error = pp.upload_error(raw(path))
    assert error is not None and "no card to show" in error
    assert all(str(failure) in error for failure in report.errors)


@pytest.mark.parametrize("value", [None, [], "x", ["x"]])
def test_nothing_picked_is_not_accepted(value):
    assert pp.upload_error(value) == "Choose a pool file first."


def test_a_damaged_upload_is_refused():
    assert "damaged" in (pp.upload_error([["pool.json", "@@not base64@@"]]) or "")


def test_without_an_upload_the_pool_is_leveler_pool_or_the_bundled_one(tmp_path):
    pool, error, report = pp.choose_pool(None, None)
    assert pool == load_pool() and error is None and report is None
    pool, error, report = pp.choose_pool(str(XSS_POOL), ())
    assert pool == load_pool(XSS_POOL) and report is None
    pool, error, _ = pp.choose_pool(str(tmp_path / "missing.json"), None)
    assert pool == {} and error is not None and "cannot read the pool file" in error


def test_the_report_lists_failed_cards_with_card_and_line():
    path = IMPORTERS / "scryfall_bad_cards.json"
    pool, _, report = pp.choose_pool(None, uploaded(path))
    page = pp.report_html(EN, pool, report, None)
    assert html.escape(report.summary()) in page
    assert report.errors and all(html.escape(str(e)) in page for e in report.errors)
    assert EN["pool_failed"] in page
    assert "Student of Warfare, line 2" in page
    assert "style=" not in page  # its look is leveler/app/style.css's (.lv-pool-errors)


def test_the_report_lists_at_most_twenty_failures_and_counts_the_rest(tmp_path):
    path = tmp_path / "many.json"
    good = {"name": "Fine", "mana_cost": "{G}", "type_line": "Creature — Elf", "power": "1",
            "toughness": "1", "oracle_text": "Level up {1}\nLEVEL 1+\n2/2"}
    bad = [{**good, "name": f"Bad {n}", "oracle_text": "Level up {1}\nLEVEL 1-"}
           for n in range(25)]
    path.write_text(json.dumps([good, *bad]))
    pool, _, report = pp.choose_pool(None, uploaded(path))
    assert report is not None and len(report.errors) == 25
    page = pp.report_html(FR, pool, report, None)
    assert page.count("<li>") == pp.MAX_LISTED_ERRORS + 1
    assert FR["pool_more"].format(count=5) in page


def test_the_starting_pool_is_named(pool):
    assert EN["pool_bundled"].format(count=len(pool)) in pp.report_html(EN, pool, None, None)
    page = pp.report_html(FR, pool, None, "/tmp/<b>x.json")
    assert "&lt;b&gt;x.json" in page and "<b>" not in page


def test_a_hostile_file_report_is_escaped(tmp_path):
    path = tmp_path / "<img src=x onerror=alert(1)>.json"
    path.write_bytes(XSS_POOL.read_bytes())
    pool, _, report = pp.choose_pool(None, uploaded(path))
    page = pp.report_html(EN, pool, report, None)
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;.json" in page


# ---------------------------------------------------------------- the notebook, without a browser



def first_cell(language: str = "English", upload: Any = None) -> dict[str, Any]:
    """Every def of the first cell: the language switch and the pool picker, submitted."""
    form = mo.ui.file().form()
    return {"language": mo.ui.radio(options=labels.LANGUAGES, value=language),
            "pool_file": SimpleNamespace(value=upload, text=form.text)}


def test_the_app_shows_an_uploaded_pool_everywhere(notebook):
    path = IMPORTERS / "scryfall_list.json"
    expected = library_report(path)
    outputs, defs = notebook.app.run(defs=first_cell(upload=uploaded(path)))
    assert defs["pool"] == expected.cards and defs["pool_report"].summary() == expected.summary()
    assert list(defs["pool_table"]["Name"]) == sorted(expected.cards)
    for row in defs["pool_table"].itertuples(index=False):
        now = characteristics(expected.cards[row.Name], 0, Zone.BATTLEFIELD)
        assert (row.Power, row.Toughness, row.Rule) == (now.power, now.toughness, now.rule)
    assert set(defs["chart"].dataframe["name"]) == set(expected.cards)
    # every card of the pool, then the one fixed choice of the bench's draft (working_pool)
    assert list(defs["wi_card"].options) == [*expected.cards, working_pool.MARKS["card_draft"]]
    assert html.escape(expected.summary()) in page_html(outputs)


def test_a_bad_leveler_pool_can_be_replaced_by_an_upload(notebook, tmp_path, monkeypatch):
    broken = tmp_path / "broken.json"
    broken.write_text("[{not json")
    monkeypatch.setenv("LEVELER_POOL", str(broken))
    path = IMPORTERS / "scryfall_bad_cards.json"
    _, defs = notebook.app.run(defs=first_cell(upload=uploaded(path)))
    assert defs["pool_error"] is None and defs["pool"] == library_report(path).cards
    assert "pool_table" in defs


def test_french_labels_the_app_and_quotes_the_2011_french_rules(notebook, pool):
    outputs, defs = notebook.app.run(defs=first_cell("Français"))
    page = page_html(outputs)
    assert "Explorateur des monteurs de niveau" in page
    heads = re.findall(r'<th scope="col"[^>]*>(.*?)</th>', defs["table"].text)
    assert heads == [html.escape(FR[f"col.{c}"]) for c in pd.Index(defs["pool_table"].columns)]
    assert "25 cartes sur 25 avec 0 marqueur" in html.unescape(defs["table"].text)
    for tab in labels.tab_names(FR):
        assert tab in defs["view"].text
    assert defs["edition"].value == "fr-2011" and defs["zone"].value is Zone.BATTLEFIELD
    assert FR["level"] in defs["level"].text and FR["sort.Name"] in defs["sort_by"].text
    assert defs["sort_by"].value == "Name"
    quoted = cite(defs["now"].rule, "fr-2011")
    assert quoted.number is not None and quoted.number.startswith("710.")


def test_french_names_the_what_if_zones_and_casters_and_keeps_their_situation_words(
        notebook):
    """Issue 13: the What if… zone (400.1) and caster (601.2c) dropdowns read in French, and
    each still gives the situation file's word, so the situation resolved is the same."""
    _, defs = notebook.app.run(defs=first_cell("Français"))
    assert list(defs["wi_zone"].options) == [FR[f"zone.{zone.value}"] for zone in Zone]
    assert defs["wi_zone"].value == "battlefield"
    assert [defs["wi_zone"].options[FR[f"zone.{zone.value}"]] for zone in Zone] == [
        zone.value for zone in Zone]
    assert list(defs["wi_caster"].options) == [FR[f"caster.{caster}"]
                                               for caster in wv.CASTER_CHOICES]
    assert defs["wi_caster"].value == "usual"
    _, english = notebook.app.run(defs=first_cell())
    assert defs["whatif"].situation == english["whatif"].situation


def test_french_card_view_quotes_the_french_710_rule(notebook, pool):
    tabs = {"view": mo.ui.tabs(dict.fromkeys(labels.tab_names(FR), ""), value=FR["tab_card"]),
            **shown_tab(FR["tab_card"]),
            "card_name": mo.ui.dropdown(options=list(pool), value="Student of Warfare"),
            "edition": mo.ui.radio(options={"Français, 2011 (710)": "fr-2011"},
                                   value="Français, 2011 (710)")}
    outputs, defs = notebook.app.run(defs=first_cell("Français") | tabs)
    quoted = cite(defs["now"].rule, "fr-2011")
    page = page_html(outputs)
    assert quoted.text is not None and f"<strong>{quoted.number}</strong>" in page
    assert html.escape(quoted.text)[:60] in page
    assert "Pourquoi" in page and "Capacités maintenant" in page
    assert html.escape("s'applique maintenant") in page and "applies now" not in page
    assert f"actuellement {defs['now'].rule}" in page and "Imprimée en français :" in page


def test_french_says_the_pool_cannot_be_loaded_in_french(notebook, tmp_path, monkeypatch):
    broken = tmp_path / "broken.json"
    broken.write_text("[{not json")
    monkeypatch.setenv("LEVELER_POOL", str(broken))
    outputs, defs = notebook.app.run(defs=first_cell("Français"))
    page = html.unescape(page_html(outputs))
    assert "n&#x27;a pas pu charger ses cartes" in page and "LEVELER_POOL" in page
    assert "not a JSON file" in page  # the library's message, as it is
    assert "grid" not in defs


def chart_spec(chart: Any) -> dict[str, Any]:
    """The Vega-Lite spec the pool chart's widget sends to the page, as JSON carries it."""
    spec: dict[str, Any] = json.loads(json.dumps(chart.spec))
    return spec


def test_french_draws_the_pool_chart_and_its_level_rule_in_french(notebook):
    outputs, defs = notebook.app.run(defs=first_cell("Français"))
    spec = chart_spec(defs["chart"])
    assert spec["repeat"] == {"column": [FR["chart.Power"], FR["chart.Toughness"]]}
    encoding = spec["spec"]["layer"][0]["encoding"]
    assert encoding["x"]["title"] == "Marqueurs « niveau »"
    assert encoding["color"]["title"] == FR["chart.legend"]  # one legend by card (issue 13)
    assert [tip["title"] for tip in encoding["tooltip"]] == [
        "Carte", "Couleur", "Niveau", "F/E", "Marqueurs « niveau »", "Règle"]
    page = html.unescape(page_html(outputs))
    assert ">niveau 0</div>" in page and 'title="0 marqueur « niveau »"' in page
    english = chart_spec(notebook.app.run(defs=first_cell())[1]["chart"])
    assert english["repeat"] == {"column": ["Power", "Toughness"]}
    assert english["spec"]["layer"][0]["encoding"]["x"]["title"] == "Level counters"


def test_the_language_switch_redraws_the_chart_and_the_slider_and_filters_do_not(notebook):
    """The cell drawing the chart reads the labels, so a language switch draws it anew (in
    the same widget, made once by a cell that reads nothing the page sets); it never
    reads the level, the zone or the filters, so a slider move keeps it (and a selection
    made in it) and a filter only sets which cards it draws."""
    cells = {frozenset(cell._cell.defs): cell._cell.refs
             for cell in notebook.app._cell_manager.cells()}
    widget = next(refs for defs, refs in cells.items() if "chart" in defs)
    assert widget == {"chart_widget", "set_chart_picks"}
    drawn = next(refs for defs, refs in cells.items() if "chart_drawn" in defs)
    assert "ui_text" in drawn and not drawn & {"level", "zone", "language", "names"}


def test_a_language_switch_runs_the_tables_before_the_chart_is_drawn_anew(notebook):
    """marimo runs the cells a change reaches in the file's order where the graph leaves a
    choice: after a language switch the cell of the Pool table and the Card view (the
    level's P/T, 711.2a/b, in the new words) comes before the cell drawing the chart anew,
    and no cell waits for that one."""
    from marimo._runtime import dataflow

    notebook.app._maybe_initialize()
    graph = notebook.app._graph
    defs = {cell_id: cell.defs for cell_id, cell in graph.cells.items()}
    words = next(cell_id for cell_id, found in defs.items() if "ui_text" in found)
    order = dataflow.topological_sort(graph, dataflow.transitive_closure(graph, {words}))
    tables = next(cell_id for cell_id, found in defs.items() if "pool_table" in found)
    drawn = next(cell_id for cell_id, found in defs.items() if "chart_drawn" in found)
    assert order.index(tables) < order.index(drawn)
    assert not graph.children[drawn]


def test_the_what_if_controls_and_the_pool_picker_do_not_depend_on_the_language(notebook):
    """A language switch never remakes the What-if controls or the pool picker, so it never
    loses a situation or an uploaded pool; the worded dropdowns (card, zone, caster) are
    cells of their own, remade on the value the controls cell keeps."""
    cells = {frozenset(cell._cell.defs): cell._cell.refs
             for cell in notebook.app._cell_manager.cells()}
    controls = next(refs for defs, refs in cells.items() if "wi_counters" in defs)
    for worded in ("wi_card", "wi_zone", "wi_caster"):
        assert next(defs for defs in cells if worded in defs) == {worded}
    picker = next(refs for defs, refs in cells.items() if "whatif_file" in defs)
    first = next(refs for defs, refs in cells.items() if "pool_file" in defs)
    for refs in (controls, picker, first):
        assert not refs & {"language", "ui_text"}
    assert tuple(zone.value for zone in Zone) == wv.ZONE_CHOICES


HOSTILE = ROOT / "tests" / "data" / "hostile" / "uploads"


@pytest.mark.parametrize("name", ["unclosed_pool_3000.json", "nested_pool_80k.json",
                                  "deep_pool_100k.json", "power_31_digits.json"])
def test_a_hostile_upload_posted_around_the_validator_keeps_the_app_whole(notebook, name):
    """Issue 11, item 4: a page can set the file control's value without the validator;
    the notebook still shows the starting pool everywhere (the table, the chart, the
    What-if cards), no tab vanishes, and nothing raised."""
    outputs, defs = notebook.app.run(defs=first_cell(upload=uploaded(HOSTILE / name)))
    pool = load_pool()
    assert defs["pool"] == pool and defs["pool_report"] is None and defs["pool_error"] is None
    assert list(defs["pool_table"]["Name"]) == sorted(pool)
    assert set(defs["chart"].dataframe["name"]) == set(pool)
    assert list(defs["wi_card"].options) == [*pool, working_pool.MARKS["card_draft"]]
    page = page_html(outputs)
    for tab in labels.tab_names(EN):
        assert tab in defs["view"].text
    assert "Traceback" not in page


def test_an_oversized_upload_posted_around_the_validator_is_not_read(notebook):
    big = (FileUploadResults("big.json", oversized(pp.MAX_UPLOAD_BYTES)),)
    _, defs = notebook.app.run(defs=first_cell(upload=big))
    assert defs["pool_report"] is None and defs["pool"] == load_pool()


def test_a_bad_leveler_pool_is_named_by_its_file_never_its_server_folder(notebook, tmp_path,
                                                                           monkeypatch):
    """The app is a shared server: LEVELER_POOL's error and its source line name the file,
    not where the server keeps it (docs/security.md)."""
    broken = tmp_path / "broken.json"
    broken.write_text("[{not json")
    monkeypatch.setenv("LEVELER_POOL", str(broken))
    outputs, defs = notebook.app.run(defs=first_cell())
    assert defs["pool_error"] is not None and "broken.json" in defs["pool_error"]
    assert str(tmp_path) not in page_html(outputs) and str(tmp_path) not in defs["pool_error"]
    good = tmp_path / "good.json"
    good.write_text(BUNDLED_POOL_TEXT)
    monkeypatch.setenv("LEVELER_POOL", str(good))
    outputs, _ = notebook.app.run(defs=first_cell())
    page = page_html(outputs)
    assert "good.json" in page and str(tmp_path) not in page
