"""The bench's designs cells without a browser (``app.run(defs=...)``): the store is the
server's and no field names it; a draft kept for the browser's token comes back in a new
session; a save starts from the revision the session opened (issue 11, items 1, 5, 6)."""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from leveler.io.designs import DesignsStore, new_draft_token, open_store
from tests.app_pages import shown_tab
from tests.samples import BROKEN, KNIGHT
from tests.test_app_balance import form

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "explorer.py"


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> DesignsStore:
    monkeypatch.setenv("LEVELER_DESIGNS", str(tmp_path / "designs.sqlite"))
    return open_store(tmp_path / "designs.sqlite")


def bench(store: DesignsStore, token: str, **more: Any) -> dict[str, Any]:
    return {"view": SimpleNamespace(value="Design bench"), **shown_tab("Design bench"),
            "card_name": SimpleNamespace(value="Student of Warfare"),
            "edition": SimpleNamespace(value="en-current"),
            "designs_store": store, "draft_token": token, **more}


def run(notebook: ModuleType, **defs: Any) -> tuple[str, dict[str, Any]]:
    outputs, found = notebook.app.run(defs=defs)
    return "".join(output.text for output in outputs if output is not None), dict(found)


def test_no_control_of_the_notebook_takes_a_path() -> None:
    """Issue 11 item 1: the designs location was a text field; no control may name a file
    now (the store is opened from the server's configuration only)."""
    tree = ast.parse(NOTEBOOK.read_text("utf-8"))
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
    opened = [ast.unparse(call) for call in calls if ast.unparse(call.func).endswith(
        ("open_store", "open_designs"))]
    assert opened == ["designs_io.open_store()", "designs_view.open_designs(designs_store)"]
    assert "designs_location" not in NOTEBOOK.read_text("utf-8")


def test_a_typed_draft_is_kept_and_offered_back_in_a_new_session(notebook, store) -> None:
    token = new_draft_token()
    run(notebook, **bench(store, token), **form({**BROKEN, "power": "6"}))
    kept = store.draft(token)
    assert kept is not None and kept.record == {**BROKEN, "power": "6"}
    page, defs = run(notebook, **bench(open_store(store.path), token))  # a restart
    assert defs["design_text"].value == BROKEN["oracle_text"]
    assert defs["design_power"].value == "6"
    assert "Your unsaved draft of “Half Done”" in page and defs["draft_note"] is not None


def memory(**values: Any) -> dict[str, Any]:
    """Stand-ins for the session's memory cell (``kept_values`` and its helpers)."""
    kept_values: dict[str, Any] = dict(values)
    return {"kept_values": kept_values,
            "keep": lambda key: lambda value: kept_values.__setitem__(key, value),
            "kept": lambda key, default: kept_values.get(key, default)}


def test_a_save_from_a_stale_revision_is_refused_in_the_page(notebook, store) -> None:
    store.save(KNIGHT, None)
    token = new_draft_token()
    session = memory(opened=("Bench Knight", 1))  # this session opened revision 1
    page, defs = run(notebook, **bench(store, token), **session,
                     **form({**KNIGHT, "power": "3"}, True))
    assert defs["save_ok"] and "Saved “Bench Knight” in designs.sqlite as revision 2" in page
    assert session["kept_values"]["opened"] == ("Bench Knight", 2)
    store.save({**KNIGHT, "power": "5"}, 2)  # another session, meanwhile
    page, defs = run(notebook, **bench(store, token), **session,
                     **form({**KNIGHT, "power": "9"}, True))
    assert not defs["save_ok"] and "changed meanwhile by another session" in defs["save_note"]
    assert store.snapshot().records == ({**KNIGHT, "power": "5"},)
    assert store.draft(token) is not None and store.draft(token).record["power"] == "9"


def test_one_saved_design_is_one_design_not_design_s(notebook, store) -> None:
    """Issue 13: "1 design(s)": the count is said as the language says it (words files:
    ``designs_n.one``/``.other``, ``plural_one``), in the save note and the store's summary."""
    page, defs = run(notebook, **bench(store, new_draft_token()), **form(KNIGHT, True))
    assert defs["save_ok"] and "1 design in the store." in page
    assert "1 design, 1 parses" in page and "design(s)" not in page


def test_the_bench_form_and_parsed_panel_share_a_grid_row(notebook, store) -> None:
    """Issue 13 layout: the form and what it parses to sit in one ``lv-bench-row`` grid (its
    columns minmax(0, ...): content cannot widen one over the other), the form first."""
    page, _ = run(notebook, **bench(store, new_draft_token()), **form(KNIGHT, True))
    row = page.index('<div class="lv-bench-row">')
    assert row < page.index('class="lv-bench-form"') < page.index('class="lv-bench-parsed"')
    assert page.index('class="lv-bench-parsed"') < page.index('class="lv-design"')
