"""One working pool in every tab (issue 13): printed cards, saved designs and the draft.

The library half (:mod:`leveler.working_pool`) against the rules it shows (711.2 bands,
711.5 the printed box), then the notebook with ``app.run(defs=...)``: a saved design is
in the Pool table, the Card list and the What if… list, its name escaped everywhere, and
the controls of the sidebar and the tabs do not depend on what is typed in the bench.
"""

from __future__ import annotations

import ast
import html
import json
import re
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from leveler import characteristics
from leveler.app.chart_view import pool_chart
from leveler.app.chart_widget import pool_chart_widget
from leveler.app.labels import labels_for
from leveler.bench import SOURCE_PRINTED, balance_frame, read_draft
from leveler.charts import chart_frame
from leveler.io.designs import DesignsStore, open_store
from leveler.model import LevelerCard, Zone
from leveler.pool_grid import PRINTED_SOURCE, SOURCE_COLUMN, TABLE_COLUMNS, pool_table
from leveler.working_pool import (
    DRAFT,
    SOURCE_DESIGN,
    SOURCE_DRAFT,
    card_choices,
    grid_of,
    renamed_note,
    stable_pool,
    working_pool,
)
from tests.app_pages import shown_tab
from tests.samples import KNIGHT

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "explorer.py"
EN, FR = labels_for("en"), labels_for("fr")
SCRIPT_NAME = "<script>alert(1)</script> Knight"


def design(record: dict[str, str]) -> LevelerCard:
    found = read_draft(*(record[key] for key in ("name", "mana_cost", "type_line", "power",
                                                  "toughness", "oracle_text")))
    assert found.card is not None, found.error
    return found.card


def knight(name: str = "Test Knight", text: str = KNIGHT["oracle_text"]) -> LevelerCard:
    return design({**KNIGHT, "name": name, "oracle_text": text})


# ---------------------------------------------------------------- the library

def test_every_card_is_marked_by_its_source_printed_then_designs_then_the_draft(pool):
    saved, typed = knight("Test Knight"), knight("Draft Knight")
    working = working_pool(pool, {saved.name: saved}, typed)
    assert list(working.cards)[:len(pool)] == list(pool)
    assert list(working.cards)[len(pool):] == ["Test Knight", "Draft Knight"]
    assert {working.sources[name] for name in pool} == {SOURCE_PRINTED}
    assert working.sources["Test Knight"] == SOURCE_DESIGN
    assert working.sources["Draft Knight"] == SOURCE_DRAFT and working.draft == "Draft Knight"
    assert [card.name for card in working.designs] == ["Test Knight", "Draft Knight"]
    assert PRINTED_SOURCE == SOURCE_PRINTED  # pool_grid's default source is bench's word


def test_a_design_named_like_a_printed_card_does_not_shadow_it_and_is_said(pool):
    """Issue 13: a name clash is marked and said, never a silent replace."""
    clash = knight("Student of Warfare")
    working = working_pool(pool, {clash.name: clash})
    assert working.cards["Student of Warfare"] == pool["Student of Warfare"]
    assert working.sources["Student of Warfare"] == SOURCE_PRINTED
    assert working.cards["Student of Warfare (design)"].bands == clash.bands
    assert working.sources["Student of Warfare (design)"] == SOURCE_DESIGN
    assert working.renamed == (("Student of Warfare (design)", "Student of Warfare",
                                SOURCE_DESIGN),)
    english, french = renamed_note(working, EN), renamed_note(working, FR)
    assert len(english) == len(french) == 1
    assert "Student of Warfare (design)" in english[0] and "design" in english[0]
    assert "Student of Warfare (design)" in french[0] and FR["source.design"] in french[0]


def test_the_draft_as_saved_is_one_card_and_a_changed_draft_is_its_own(pool):
    saved = knight()
    assert working_pool(pool, {saved.name: saved}, knight()).draft is None
    changed = knight(text=KNIGHT["oracle_text"].replace("5/5", "6/6"))
    working = working_pool(pool, {saved.name: saved}, changed)
    assert working.draft == "Test Knight (draft)"
    assert working.cards["Test Knight"] == saved
    assert working.card(DRAFT).bands == changed.bands
    assert ("Test Knight (draft)", "Test Knight", SOURCE_DRAFT) in working.renamed


def test_the_card_lists_keep_one_fixed_draft_choice_whatever_is_typed(pool):
    """The controls are made from the stable pool: the draft changes no option."""
    saved = knight()
    stable = stable_pool(pool, {saved.name: saved})
    options = card_choices(stable, EN)
    assert options[EN["source_label"].format(name="Test Knight", source="design")] == \
        "Test Knight"
    assert list(options.values()).count(DRAFT) == 1 and options[EN["card_draft"]] == DRAFT
    for typed in (knight("Other"), knight("Other", KNIGHT["oracle_text"].replace("3+", "4+"))):
        working = working_pool(pool, {saved.name: saved}, typed)
        assert working.card(DRAFT) == typed
        assert card_choices(stable_pool(pool, {saved.name: saved}), EN) == options
    assert stable.card(DRAFT) == pool["Student of Warfare"]  # no draft: the default card


def test_french_card_lists_name_each_printed_card_as_printed_and_keep_the_choices(pool):
    """Issue 13, French complete: a card list in French labels a printed card with its
    printed French name ("Étudiante de la guerre"), its value still the pool's name; a
    design keeps its name with its source mark, so one named like a printed French name
    never shadows the printed card."""
    clash = knight("Étudiante de la guerre")
    stable = stable_pool(pool, {clash.name: clash})
    options = card_choices(stable, FR, FR["printed_language"])
    french = pool["Student of Warfare"].translation("French")
    assert french is not None and options[french.name] == "Student of Warfare"
    assert sorted(options.values()) == sorted(card_choices(stable, FR).values())
    for name, card in pool.items():
        printed = card.translation("French")
        label = printed.name if printed is not None and printed.name else name
        assert options[label] == name
    designed = [label for label, value in options.items() if value == clash.name]
    assert designed == [FR["source_label"].format(name=clash.name, source=FR["source.design"])]
    assert card_choices(stable, EN, "") == card_choices(stable, EN)  # English: as before


def test_711_2_a_level_1000_design_costs_its_bands_not_its_number(pool):
    """A design with LEVEL 1000+ adds its bands' rows to the grid and the chart, as a
    LEVEL 10+ one does: the grid is segments (711.2a/b), never one row per count."""
    small = knight("Big Knight", "Level up {1}\nLEVEL 1-9\n3/3\nLEVEL 10+\n5/5")
    huge = knight("Big Knight", "Level up {1}\nLEVEL 1-999\n3/3\nLEVEL 1000+\n5/5")
    grids = [grid_of(working_pool(pool, {card.name: card})) for card in (small, huge)]
    assert len(grids[0].segments) == len(grids[1].segments)
    assert len(grids[0].rows) == len(grids[1].rows)
    assert grids[1].levels.stop - 1 == 1000 + 3  # the slider reaches the band, past it
    frames = [chart_frame(grid, Zone.BATTLEFIELD, grid.names) for grid in grids]
    assert len(frames[0]) == len(frames[1])
    table = pool_table(grids[1], 1000, Zone.BATTLEFIELD, ["Big Knight"])
    now = characteristics(huge, 1000, Zone.BATTLEFIELD)
    assert (table.loc[0, "Power"], table.loc[0, "Rule"]) == (now.power, now.rule) == (5, "711.2b")


def test_the_pool_table_says_the_source_only_when_the_pool_holds_a_design(pool):
    printed = pool_table(grid_of(stable_pool(pool)), 0, Zone.BATTLEFIELD, list(pool))
    assert list(printed.columns) == list(TABLE_COLUMNS)
    saved = knight()
    mixed = grid_of(stable_pool(pool, {saved.name: saved}))
    table = pool_table(mixed, 0, Zone.BATTLEFIELD, mixed.names)
    assert list(table.columns) == ["Name", SOURCE_COLUMN, *TABLE_COLUMNS[1:]]
    assert dict(zip(table["Name"], table[SOURCE_COLUMN], strict=True))["Test Knight"] == "design"


def test_the_balance_tab_places_the_same_cards_under_the_same_names(pool):
    clash, typed = knight("Student of Warfare"), knight("Draft Knight")
    working = working_pool(pool, {clash.name: clash}, typed)
    frame = balance_frame(pool, working.designs)
    assert list(dict.fromkeys(frame["name"])) == list(working.cards)


def test_the_grid_of_an_unchanged_pool_is_made_once(pool):
    saved = knight()
    first = grid_of(working_pool(pool, {saved.name: saved}, None))
    assert grid_of(stable_pool(pool, {saved.name: saved})) is first
    assert grid_of(working_pool(pool, {saved.name: saved}, knight())) is first  # as saved


def test_711_6_the_pool_chart_is_built_once_per_pool_and_language_and_drawing_keeps_it(pool):
    """The app's chart (every card on the battlefield: 711.2a/b there, 711.6 elsewhere, so
    one chart whatever the zone) is one per pool and language for the whole server: a
    second session, or a switch back, draws the same chart; a widget drawing it does not
    change it; a draft, or French, is another chart (its printed names in the legend)."""
    saved, typed = knight(), knight("Draft Knight")
    english, french = labels_for("en"), labels_for("fr")
    chart = pool_chart(working_pool(pool, {saved.name: saved}, None), english)
    before = json.dumps(chart.to_dict(), sort_keys=True)
    pool_chart_widget(lambda: None).draw(chart)
    assert pool_chart(stable_pool(pool, {saved.name: saved}), english) is chart
    assert json.dumps(chart.to_dict(), sort_keys=True) == before
    with_draft = pool_chart(working_pool(pool, {saved.name: saved}, typed), english)
    assert with_draft is not chart and "Draft Knight" in set(with_draft.data["name"])
    in_french = pool_chart(working_pool(pool, {saved.name: saved}, None), french)
    assert in_french is not chart
    assert "Étudiante de la guerre" in set(in_french.data["shown_name"])


# ---------------------------------------------------------------- the notebook

@dataclass(frozen=True)
class Upload:
    """A submitted file, as ``mo.ui.file(...).value`` holds it."""

    name: str
    contents: bytes


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> DesignsStore:
    monkeypatch.setenv("LEVELER_DESIGNS", str(tmp_path / "designs.sqlite"))
    return open_store(tmp_path / "designs.sqlite")


def run(notebook: ModuleType, **defs: Any) -> tuple[str, dict[str, Any]]:
    outputs, found = notebook.app.run(defs=defs) if defs else notebook.app.run()
    return "".join(output.text for output in outputs if output is not None), dict(found)


def tabs(view: str, card: str = "Student of Warfare") -> dict[str, Any]:
    """The tab shown and the Card tab's card (stand-ins for the tabs and card list cells)."""
    return {"view": SimpleNamespace(value=view), **shown_tab(view),
            "card_name": SimpleNamespace(value=card),
            "edition": SimpleNamespace(value="en-current")}


def test_a_saved_design_is_in_the_pool_table_card_list_and_what_if_list(notebook, store):
    store.save({**KNIGHT, "name": "Test Knight"}, None)
    _page, defs = run(notebook, **tabs("Pool"))
    table = defs["pool_table"]
    assert dict(zip(table["Name"], table[SOURCE_COLUMN], strict=True))["Test Knight"] == "design"
    assert "<td>design</td>" in defs["table"].text
    assert defs["card_list"]["Test Knight — design"] == "Test Knight"
    assert defs["wi_card"].options["Test Knight ◆"] == "Test Knight"
    _, card = run(notebook, **tabs("Card", "Test Knight"))
    assert card["now"] == characteristics(design({**KNIGHT, "name": "Test Knight"}), 0,
                                          Zone.BATTLEFIELD)


def test_a_script_named_design_is_text_in_the_pool_table_card_and_what_if(notebook, store):
    """Every byte of a design is untrusted: its name is escaped in every view."""
    store.save({**KNIGHT, "name": SCRIPT_NAME}, None)
    escaped = "&lt;script&gt;alert(1)&lt;/script&gt; Knight"
    page, defs = run(notebook, **tabs("Pool"))
    assert SCRIPT_NAME in list(defs["pool_table"]["Name"])
    assert escaped in defs["table"].text
    page, defs = run(notebook, **tabs("Card", SCRIPT_NAME))
    assert escaped in defs["card_view"].text
    situation = json.dumps({"card": SCRIPT_NAME, "counters": {"level": 3}}).encode()
    page, defs = run(notebook, **tabs("What if…"),
                     whatif_file=SimpleNamespace(value=[Upload("s.json", situation)], text=""),
                     whatif_reset=SimpleNamespace(value=0, text=""))
    assert defs["whatif"].resolution is not None and escaped in page
    for shown in (page, defs["table"].text, defs["card_view"].text):
        assert "<script>alert" not in shown


def _cells() -> list[tuple[set[str], set[str]]]:
    """Each cell of the notebook as (names it reads, names it defines)."""
    tree = ast.parse(NOTEBOOK.read_text("utf-8"))
    cells = []
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or not any(
                ast.unparse(decorator).startswith("app.cell") for decorator in
                node.decorator_list):
            continue
        reads = {argument.arg for argument in node.args.args}
        returned = [statement.value for statement in node.body
                    if isinstance(statement, ast.Return) and statement.value is not None]
        defines = {name.id for value in returned for name in ast.walk(value)
                   if isinstance(name, ast.Name)}
        cells.append((reads, defines))
    return cells


def test_typing_in_the_bench_remakes_no_sidebar_control_tab_or_card_list():
    """Issue 13: the controls depend on the printed pool and the saved designs (a state set
    only when the store changed), never on the draft: no cell downstream of the bench's
    fields or of the save cell makes them, nor redraws the other tabs."""
    cells = _cells()
    reached: set[str] = {"design_name", "design_text", "draft", "designs", "save_note"}
    changed = True
    while changed:
        changed = False
        for reads, defines in cells:
            if reads & reached and not defines <= reached:
                reached |= defines
                changed = True
    controls = {"level", "zone", "colours", "rarities", "sets", "search", "band_query",
                "sort_by", "descending", "view", "card_name", "edition", "card_list",
                "stable_grid", "wi_card", "wi_counters", "wi_zone", "whatif_start"}
    assert controls <= {name for _, defines in cells for name in defines}  # all found
    assert reached & controls == set()
    # nor any cell of the Pool, Card or What if… tabs: the draft reaches them through a
    # state handed over when the bench is left (typed_changed), read by the working pool
    assert reached & {"working", "grid", "chart", "pool_table", "card_view", "whatif"} == set()
    assert any("typed_changed" in reads and "draft" in reads for reads, _ in cells)
    assert any("get_typed" in reads and "working" in defines for reads, defines in cells)


def test_marimos_stage_table_says_each_rows_source_in_the_words(pool):
    """The Pool tab's mo.ui.table (every stage) marks a design's rows, in each language."""
    from leveler.app.pool_table import stages_table

    saved = knight()
    grid = grid_of(stable_pool(pool, {saved.name: saved}))
    for words in (EN, FR):
        table = stages_table(words, grid, Zone.BATTLEFIELD, grid.names)
        header = words["col.Source"]
        marks = dict(zip(table.names, table.frame[header], strict=True))
        assert marks["Test Knight"] == words["source.design"]
        assert marks["Student of Warfare"] == words["source.printed"]
    printed = stages_table(EN, grid_of(stable_pool(pool)), Zone.BATTLEFIELD, list(pool))
    assert EN["col.Source"] not in printed.frame.columns


def test_a_design_named_like_a_printed_card_is_said_on_the_pool_tab(notebook, store, pool):
    """The clash is marked (its own name) and said (a note), the printed card untouched."""
    store.save({**KNIGHT, "name": "Student of Warfare"}, None)
    page, defs = run(notebook, **tabs("Pool"))
    table = defs["pool_table"].set_index("Name")
    assert table.loc["Student of Warfare", SOURCE_COLUMN] == "printed"
    assert table.loc["Student of Warfare (design)", SOURCE_COLUMN] == "design"
    now = characteristics(pool["Student of Warfare"], 0, Zone.BATTLEFIELD)
    assert table.loc["Student of Warfare", "Power"] == now.power
    note = EN["renamed_note"].format(name="Student of Warfare", source="design",
                                     shown="Student of Warfare (design)")
    callouts = [str(json.loads(html.unescape(found)))
                for found in re.findall(r"data-html='([^']*)'", page)]
    assert any(html.escape(note) in callout for callout in callouts)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_what_if_tab_says_what_its_card_list_marks_mean(language: str) -> None:
    """The What if… card list marks a design and the draft with signs of no language (its
    control survives a language switch); the tab says what each sign means, in its words."""
    from leveler.app import whatif_view
    from leveler.working_pool import MARKS

    words = labels_for(language)
    for mark in (MARKS["source.design"], MARKS["card_draft"]):
        assert mark in words["wi_card_marks"]
    whatif = whatif_view.WhatIf(None, None, "no situation yet")
    page = whatif_view.panel_html(words, whatif, dict.fromkeys(
        whatif_view.PANEL_CONTROLS, ""), [], [])
    assert html.escape(words["wi_card_marks"]) in page
