"""The Balance and Design bench cells of the explorer without a browser: ``app.run(defs=...)``.

The tab, the form and the buttons are replaced by stand-ins with a ``.value`` (every def
of the cell they replace); what the cells compute is compared with the library.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import marimo as mo
import pandas as pd
import pytest

from leveler import LevelerCard, bench, bench_reach
from leveler.app import balance_view as bv
from leveler.app import designs_view as dv
from leveler.app import labels
from leveler.balance import LimitedModel, curve, fit_trend, pool_reach_chances, turns_to_band
from leveler.io.designs import open_store
from leveler.io.pool_files import card_from_record
from tests.app_pages import shown_tab
from tests.samples import BROKEN, HOSTILE_NAME, KNIGHT

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "explorer.py"




@pytest.fixture
def designs_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "designs.sqlite"
    monkeypatch.setenv("LEVELER_DESIGNS", str(path))
    return path


CURVE = {"slope": 2.0, "intercept": 0.0, "tolerance": 1.0}
"""The curve control's value (one mo.ui.dictionary of its three numbers)."""

def tab(name: str) -> dict[str, Any]:
    """Every def of the tabs cell, the tab ``name`` chosen."""
    return {"view": SimpleNamespace(value=name), **shown_tab(name),
            "card_name": SimpleNamespace(value="Student of Warfare"),
            "edition": SimpleNamespace(value="en-current")}


def form(record: dict[str, str], save: bool = False) -> dict[str, Any]:
    """Every def of the bench's form cell, holding ``record``."""
    return {"design_name": SimpleNamespace(value=record["name"]),
            "design_cost": SimpleNamespace(value=record["mana_cost"]),
            "design_type": SimpleNamespace(value=record["type_line"]),
            "design_power": SimpleNamespace(value=record["power"]),
            "design_toughness": SimpleNamespace(value=record["toughness"]),
            "design_text": SimpleNamespace(value=record["oracle_text"]),
            "design_save": SimpleNamespace(value=save),
            "design_copy": SimpleNamespace(value=False), "draft_note": None}


def french() -> dict[str, Any]:
    """Every def of the first cell: the language switch on Français, no pool uploaded."""
    return {"language": mo.ui.radio(options=labels.LANGUAGES, value="Français"),
            "pool_file": SimpleNamespace(value=None, text="")}


def run(notebook: ModuleType, **defs: Any) -> tuple[str, dict[str, Any]]:
    outputs, found = notebook.app.run(defs=defs)
    return "".join(output.text for output in outputs if output is not None), dict(found)


def test_nothing_balance_related_is_computed_behind_other_tabs(notebook, designs_path) -> None:
    page, defs = run(notebook, **tab("Pool"))
    for name in ("balance", "chances", "bench", "bench_figures"):
        assert name not in defs, name
    assert "<table class=\"lv-btable" not in page
    assert defs["designs_store"].path == designs_path  # the server's, named by no field
    assert "designs_location" not in defs


def test_the_balance_tab_is_the_librarys_curve_and_turns(notebook, designs_path, pool) -> None:
    page, defs = run(notebook, **tab("Balance"))
    frame = defs["balance"]
    expected = curve(pool)
    pd.testing.assert_frame_equal(frame[list(expected.columns)], expected)
    for card in pool.values():
        rows = frame[frame["name"] == card.name]
        assert list(rows["turn"]) == list(turns_to_band(card)["turn"])
    assert defs["chances"] is None  # the Monte Carlo waits for its button
    assert 'data-kind="balance"' in page and "Not played yet" in page
    student = defs["balance_shown"].query("Card == 'Student of Warfare' and Band == 'LEVEL 7+'")
    assert (student["Mana"].iloc[0], student["Turn"].iloc[0]) == (8, 4)


def test_saved_designs_join_the_balance_tab(notebook, designs_path, pool) -> None:
    for record in (KNIGHT, BROKEN):
        open_store(designs_path).save(record, None)
    page, defs = run(notebook, **tab("Balance"))
    knight = card_from_record(KNIGHT)
    placed = defs["balance"]
    designs = placed[placed["source"] == bench.SOURCE_DESIGN].reset_index(drop=True)
    expected = curve([knight], trend=fit_trend(pool))
    pd.testing.assert_frame_equal(designs[list(expected.columns)], expected)
    assert page.count('data-source="design"') == len(knight.bands) + 1
    assert defs["design_pick"].value == dv.draft_fields(BROKEN)  # opens on the last saved


def test_the_monte_carlo_plays_when_its_button_is_pressed(notebook, designs_path, pool) -> None:
    controls = {"curve_controls": "", "curve": SimpleNamespace(value=CURVE),
                "mc_lands": SimpleNamespace(value=16), "mc_play": SimpleNamespace(value=False),
                "mc_run": SimpleNamespace(value=True)}
    page, defs = run(notebook, **tab("Balance"), **controls)
    chances = defs["chances"]
    assert chances.model == LimitedModel(lands=16, on_the_play=False)
    expected = pool_reach_chances(pool, chances.model, games=bench_reach.GAMES,
                                  seed=bench_reach.SEED)
    pd.testing.assert_frame_equal(chances.frame.drop(columns="source"), expected)
    assert 'data-kind="chances"' in page and "16 lands" in page


def test_the_monte_carlo_states_its_cap_in_the_page(notebook, designs_path, pool) -> None:
    """Per-server budget (issue 11): the page says how many games a press plays at most."""
    controls = {"curve_controls": "", "curve": SimpleNamespace(value=CURVE),
                "mc_lands": SimpleNamespace(value=17), "mc_play": SimpleNamespace(value=True),
                "mc_run": SimpleNamespace(value=False)}
    page, defs = run(notebook, **tab("Balance"), **controls)
    budget = defs["mc_budget"]
    assert budget == bench_reach.monte_carlo_budget(len(pool))
    assert bv.budget_html(budget) in page
    assert f"{bench_reach.CARD_GAMES:,} games in all" in page


def test_the_bench_places_a_typed_design_against_the_printed_pool(notebook, designs_path,
                                                                  pool) -> None:
    page, defs = run(notebook, **tab("Design bench"), **form(KNIGHT))
    knight = card_from_record(KNIGHT)
    assert defs["draft"].card == knight
    rows = defs["bench"].design_rows
    expected = curve([knight], trend=fit_trend(pool))
    pd.testing.assert_frame_equal(rows[list(expected.columns)], expected)
    assert set(defs["bench_figures"]) == {"progression", "investment", "turns", "variants"}
    assert 'data-kind="design"' in page and 'data-kind="variants"' in page
    assert open_store(designs_path).snapshot().designs == ()  # saved only when pressed


def test_a_broken_design_shows_its_error_and_the_pool_view_still_works(
        notebook, designs_path, pool: dict[str, LevelerCard]) -> None:
    page, defs = run(notebook, **tab("Design bench"), **form(BROKEN))
    assert defs["draft"].card is None and defs["draft"].error.line_number == 5
    assert 'data-line="5"' in page and "lv-parse-error" in page
    assert defs["bench"].variants is None
    assert len(defs["pool_table"]) == len(pool)  # the Pool view's cell ran as always


def test_saving_writes_the_design_as_typed(notebook, designs_path) -> None:
    _, defs = run(notebook, **tab("Design bench"), **form(BROKEN, save=True))
    assert defs["save_ok"] and "Added “Half Done”" in defs["save_note"]
    assert open_store(designs_path).snapshot().records == (BROKEN,)
    assert [record["name"] for record in defs["designs"].records] == ["Half Done"]


def test_a_hostile_design_is_text_on_the_bench(notebook, designs_path) -> None:
    hostile = {**KNIGHT, "name": HOSTILE_NAME,
               "oracle_text": "<script>alert(2)</script>\n" + KNIGHT["oracle_text"]}
    page, defs = run(notebook, **tab("Design bench"), **form(hostile, save=True))
    assert defs["draft"].card is not None
    assert "<img" not in page and "<script" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page


def test_french_draws_the_balance_and_bench_charts_in_french(notebook, designs_path) -> None:
    fr = labels.LABELS["fr"]
    controls = {"curve_controls": "", "curve": SimpleNamespace(value=CURVE),
                "mc_lands": SimpleNamespace(value=17), "mc_play": SimpleNamespace(value=True),
                "mc_run": SimpleNamespace(value=True)}
    _, defs = run(notebook, **french(), **tab(fr["tab_balance"]), **controls)
    figures = {name: chart.to_dict() for name, chart in defs["balance_figures"].items()}
    assert figures["investment"]["title"] == fr["chart.investment_title"]
    assert figures["turns"]["title"] == fr["chart.turns_title"]
    assert figures["curve"]["title"] == fr["chart.curve_title"]
    assert defs["reach_shown"].to_dict()["title"]["text"] == fr["chart.reach_title"]
    _, defs = run(notebook, **french(), **tab(fr["tab_bench"]), **form(KNIGHT))
    bench = {name: chart.to_dict() for name, chart in defs["bench_figures"].items()}
    assert bench["progression"]["title"] == fr["chart.progression_title"]
    assert bench["variants"]["title"] == fr["chart.variants_title"]


def test_the_controls_a_language_switch_remakes_come_back_with_their_kept_values(notebook):
    """The Balance and bench controls carry words, so their cells read the labels; they are
    remade with the values kept in a store that no language switch remakes (the browser
    test types a design, switches to Français and finds it, with the curve settings)."""
    cells = {frozenset(cell._cell.defs): cell._cell.refs
             for cell in notebook.app._cell_manager.cells()}
    store = next(refs for defs, refs in cells.items() if "kept_values" in defs)
    assert not store & {"language", "ui_text"}
    for control in ("curve", "mc_play", "design_pick", "design_text"):
        refs = next(refs for defs, refs in cells.items() if control in defs)
        assert {"ui_text", "kept"} <= refs, control
