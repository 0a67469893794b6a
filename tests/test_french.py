"""French complete (issue 13): printed French names, level symbols as NIVEAU (710.2 of the
2011 French rules), abilities as printed, the What if… trace worded by key in the 2011
vocabulary, and the note on counters off the battlefield (122.2, 400.7, 711.6); the rules
answer is the same in every language."""

from __future__ import annotations

import ast
import html
import json
import string
from dataclasses import replace
from pathlib import Path

import pytest

from leveler import Zone, characteristics, resolve_situation
from leveler.app import card_tab, labels, words
from leveler.app import whatif_view as wv
from leveler.app.trace_words import step_text
from leveler.model import LevelerCard
from leveler.pool_grid import NO_BAND, pool_grid, pool_table, printed_grid
from leveler.presets import PRESETS, apply_preset
from leveler.text import parse_card
from leveler.trace import MESSAGES, Count, Listing, Param, Phrase, TraceStep

ROOT = Path(__file__).resolve().parents[1]
EN, FR = labels.LABELS["en"], labels.LABELS["fr"]
CORE = ("trace.py", "layers.py", "layer7.py", "copiable.py")
FILES = sorted(words.WORDS_DIR.glob("*.toml"))


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def resolutions(pool: dict[str, LevelerCard]) -> list[list[TraceStep]]:
    """Traces over the stored situations and every preset on a few cards, zones and counts."""
    found = []
    for path in sorted((ROOT / "tests" / "data" / "situations").glob("*.json")):
        try:
            found.append(list(resolve_situation(json.loads(path.read_text()), pool).trace))
        except ValueError:
            continue  # bad_timestamp.json: refused, as its name says
    for card in ("Student of Warfare", "Kargan Dragonlord", "Coralhelm Commander"):
        for zone in ("battlefield", "graveyard", "exile"):
            for level in (0, 1, 4, 8):
                base = {"card": card, "zone": zone,
                        "counters": {"level": level, "+1/+1": 1, "-1/-1": 2}}
                found.append(list(resolve_situation(base, pool).trace))
                for name in PRESETS:
                    try:
                        found.append(list(resolve_situation(
                            apply_preset(base, name, pool=pool), pool).trace))
                    except ValueError:
                        continue  # a preset that cannot apply there (Hexmage in exile)
    return found


def keys_of(params: tuple[tuple[str, Param], ...]) -> set[str]:
    found: set[str] = set()
    for _, value in params:
        if isinstance(value, Phrase):
            found |= {value.key} | keys_of(value.params)
        elif isinstance(value, Listing):
            found |= keys_of(tuple(("", item) for item in value.items))
            found.add(f"join.{value.joiner}")
        elif isinstance(value, Count):
            found |= {f"count.{value.kind}.one", f"count.{value.kind}.other"}
    return found


@pytest.fixture(scope="module")
def traces(pool) -> list[list[TraceStep]]:
    return resolutions(pool)


# ---------------------------------------------------------------- words by key

def test_every_key_the_core_writes_in_its_source_is_a_message():
    """Every ``trace.add(layer, KEY, ...)`` and ``Phrase(KEY)`` in the core names a key of
    MESSAGES (a key the words files then word, next test)."""
    unknown = []
    for name in CORE:
        tree = ast.parse((ROOT / "leveler" / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            argument = None
            if isinstance(func, ast.Attribute) and func.attr == "add" and len(node.args) >= 2:
                argument = node.args[1]
            elif isinstance(func, ast.Name) and func.id == "Phrase" and node.args:
                argument = node.args[0]
            branches = ([argument.body, argument.orelse] if isinstance(argument, ast.IfExp)
                        else [argument])
            for branch in branches:
                if isinstance(branch, ast.Constant) and branch.value not in MESSAGES:
                    unknown.append((name, branch.value))
    assert unknown == []


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_every_message_of_the_core_has_words_with_its_fields_in_every_file(path: Path):
    found = words.load_words(path.parent)[path.stem]
    missing = [key for key in MESSAGES if f"trace.{key}" not in found]
    assert missing == []
    wrong = [key for key in MESSAGES if fields(found[f"trace.{key}"]) != fields(MESSAGES[key])]
    assert wrong == []


def test_every_key_a_resolution_emits_has_words_in_every_file(traces):
    """Dynamically too: every step's key and nested phrase of many resolutions."""
    emitted = {step.key for trace in traces for step in trace}
    emitted |= {key for trace in traces for step in trace for key in keys_of(step.params)}
    assert "" not in emitted  # every step of the core has a key
    for language, found in labels.LABELS.items():
        assert sorted(key for key in emitted if f"trace.{key}" not in found) == [], language


def test_the_english_words_are_the_cores_description_word_for_word(traces):
    """en.toml words each step exactly as the CLI and JSON do (``description``)."""
    steps = [step for trace in traces for step in trace]
    assert len(steps) > 500
    assert [step for step in steps if step_text(EN, step) != step.description] == []
    assert {key: EN[f"trace.{key}"] for key in MESSAGES} == MESSAGES


def test_french_trace_follows_the_2011_vocabulary_on_the_level_up_step(pool):
    """702.84 (2011): « montée de niveau », marqueurs « niveau »; zones as 400.1 names them."""
    on_field = resolve_situation({"card": "Student of Warfare", "counters": {"level": 3}}, pool)
    said = [step_text(FR, step) for step in on_field.trace]
    assert any("Montée de niveau {W} peut être activée maintenant" in line for line in said)
    assert any("(actuellement 3)" in line for line in said)
    assert not any("can be activated" in line for line in said)
    grave = resolve_situation({"card": "Student of Warfare", "zone": "graveyard",
                               "counters": {"level": 3}}, pool)
    said = [step_text(FR, step) for step in grave.trace]
    assert any("dans le cimetière" in line for line in said)
    assert any("3 marqueurs « niveau » : ils ne font rien ici" in line for line in said)
    exiled = resolve_situation({"card": "Student of Warfare", "zone": "exile"}, pool)
    assert any("en exil" in step_text(FR, step) for step in exiled.trace)
    assert any(" in exile:" in step.description for step in exiled.trace)  # 400.1's phrase


def test_a_french_step_words_the_level_symbol_as_niveau(pool):
    """710.2b (2011): « {NIVEAU N3+} »; the core keeps LEVEL in its description (711.2b)."""
    result = resolve_situation({"card": "Student of Warfare", "counters": {"level": 7}}, pool)
    band = next(step for step in result.trace if step.key == "band_sets")
    assert "NIVEAU 7+ fixe la force et l'endurance de base à 4/4" in step_text(FR, band)
    assert band.description.startswith("LEVEL 7+ sets base P/T 4/4")


def test_the_french_plural_of_a_count_is_the_words_own(pool):
    """French takes the singular for 0 and 1 (``plural_one``): 0 marqueur +1/+1."""
    result = resolve_situation({"card": "Student of Warfare",
                                "counters": {"level": 1, "+1/+1": 1}}, pool)
    said = " ".join(step_text(FR, step) for step in result.trace)
    assert "1 marqueur +1/+1 : +1/+1 -> 2/2" in said


def test_a_step_without_a_key_is_shown_in_its_english():
    assert step_text(FR, TraceStep("7b", "made elsewhere", "613.4b")) == "made elsewhere"


# ---------------------------------------------------------------- the pool table in French

def test_the_french_grid_equals_the_english_one_on_every_number(pool):
    """A translation changes words, not rules: same rows, P/T, citations, band ranges."""
    grid = pool_grid(pool)
    french = printed_grid(grid, pool, FR["printed_language"])
    english, shown = grid.rows, french.rows
    assert shown.index.equals(english.index)
    for column in english.columns:
        if column not in ("Band", "Abilities"):
            assert shown[column].equals(english[column]), column
    assert ((english["Band"] == NO_BAND) == (shown["Band"] == NO_BAND)).all()
    bands = english["Band"] != NO_BAND
    assert (shown.loc[bands, "Band"].str.replace("NIVEAU ", "LEVEL ", regex=False)
            == english.loc[bands, "Band"]).all()
    assert french.zones is grid.zones and french.segments is grid.segments


def test_french_rows_show_niveau_and_the_printed_abilities(pool):
    grid = printed_grid(pool_grid(pool), pool, "French")
    table = pool_table(grid, 7, Zone.BATTLEFIELD, ["Student of Warfare"])
    row = table.iloc[0]
    assert row["Band"] == "NIVEAU 7+" and row["Rule"] == "711.2b"
    assert row["Abilities"].split("\n") == ["Montée de niveau {W}", "Double initiative"]
    assert (row["Power"], row["Toughness"]) == (4, 4)


def test_a_design_without_a_translation_shows_as_written(pool):
    design = parse_card("Level up {1}\nLEVEL 1-2\n2/2\nFlying\nLEVEL 3+\n4/4\nTrample",
                        name="Test Knight", mana_cost="{W}", power=1, toughness=1)
    both = {**pool, "Test Knight": design}
    grid = printed_grid(pool_grid(both), both, "French")
    row = pool_table(grid, 3, Zone.BATTLEFIELD, ["Test Knight"]).iloc[0]
    assert row["Abilities"].split("\n") == ["Level up {1}", "Trample"]
    assert row["Band"] == "NIVEAU 3+"  # the level symbol is the table's word (710.2b)


def test_english_words_keep_the_grid_itself(pool):
    grid = pool_grid(pool)
    assert printed_grid(grid, pool, "English") is grid


# ---------------------------------------------------------------- the Card tab in French

def test_french_card_tab_shows_the_card_as_printed_in_french(pool):
    card = pool["Student of Warfare"]
    now = characteristics(card, 7, Zone.BATTLEFIELD)  # 711.2b
    page = card_tab.card_html(FR, card, now.band)
    assert "Étudiante de la guerre" in page and "NIVEAU 2-6" in page and "NIVEAU 7+" in page
    assert html.escape("Montée de niveau {W} ({W} : Mettez un marqueur « niveau »") in page
    assert "Double initiative" in page and "Double strike" not in page
    active = page.split('aria-current="true"', 1)[1].split('class="lv-stripe"', 1)[0]
    assert "4/4" in active  # the band that applies is the same band, found by its range
    said = card_tab.characteristics_html(FR, 7, Zone.BATTLEFIELD, now, card)
    assert "Double initiative" in said and "Montée de niveau {W}" in said
    assert ">4/4<" in said and "NIVEAU 7+" in said


def test_french_card_tab_shows_a_design_as_written(pool):
    bare = replace(pool["Student of Warfare"], translations=())
    page = card_tab.card_html(FR, bare, characteristics(bare, 7, Zone.BATTLEFIELD).band)
    assert "Student of Warfare" in page and "Double strike" in page
    assert "NIVEAU 7+" in page


# ---------------------------------------------------------------- counters off the battlefield

def test_counters_set_off_the_battlefield_get_the_122_2_note(pool):
    """122.2/400.7: counters do not survive a zone change; 711.6: the uppermost box."""
    card = pool["Student of Warfare"]
    now = characteristics(card, 5, Zone.GRAVEYARD)
    for text in (EN, FR):
        page = card_tab.characteristics_html(text, 5, Zone.GRAVEYARD, now, card)
        assert "122.2, 400.7" in page and "711.6" in page
    english = card_tab.zone_counters_note(EN, 5, Zone.GRAVEYARD)
    assert "5 level counters in the graveyard" in english
    french = card_tab.zone_counters_note(FR, 5, Zone.EXILE)
    assert "5 marqueurs « niveau » en exil" in french
    assert card_tab.zone_counters_note(EN, 5, Zone.BATTLEFIELD) == ""
    assert card_tab.zone_counters_note(EN, 0, Zone.GRAVEYARD) == ""


def test_the_what_if_panel_notes_counters_off_the_battlefield(pool):
    """+1/+1 counters there still count (122.1a), the note says so too."""
    start = wv.default_situation(pool)
    whatif = wv.build(start, card=start["card"], zone="graveyard", level=3, plus_one=2,
                      minus_one=0, timestamp=0, face_down=False, kept=[], presets=[None],
                      pool=pool)
    controls = dict.fromkeys(wv.PANEL_CONTROLS, "")
    page = wv.panel_html(FR, whatif, controls, [], [])
    assert "122.2, 400.7" in page and "122.1a" in page and "dans le cimetière" in page
    assert "marqueurs « niveau » : ils ne font rien ici" in page  # the trace, in French
    on_field = wv.build(start, card=start["card"], zone="battlefield", level=3, plus_one=2,
                        minus_one=0, timestamp=0, face_down=False, kept=[], presets=[None],
                        pool=pool)
    assert "lv-zone-note" not in wv.panel_html(FR, on_field, controls, [], [])


# ---------------------------------------------------------------- Balance and bench labels

def test_balance_and_bench_band_labels_are_the_words_own(pool):
    """The stage labels ``printed`` (711.5, 711.6) and ``LEVEL 2-6`` (711.2a) in French."""
    import pandas as pd

    from leveler.app import balance_view, bench_view
    from leveler.stages import stage_labels

    card = pool["Student of Warfare"]
    labels_now = list(stage_labels(card))
    page = balance_view.frame_html(pd.DataFrame({"Band": labels_now}), "", kind="x", text=FR)
    assert f"<td>{html.escape(FR['design_printed'])}</td>" in page
    assert "<td>NIVEAU 2-6</td>" in page and "<td>NIVEAU 7+</td>" in page
    english = balance_view.frame_html(pd.DataFrame({"Band": labels_now}), "", kind="x", text=EN)
    assert "<td>LEVEL 2-6</td>" in english and "<td>printed</td>" in english
    design = bench_view.design_html(card, FR)
    assert "NIVEAU 2-6" in design and "LEVEL" not in design


def test_the_printed_grid_is_made_once_per_pool_and_language_not_per_slider_move(notebook):
    """Its cell reads the grid, the working pool and the words, never a control."""
    cells = [cell._cell for cell in notebook.app._cell_manager.cells()]
    makers = [cell for cell in cells if "shown_grid" in cell.defs]
    assert len(makers) == 1
    assert makers[0].refs & {"level", "zone", "chart", "names", "view"} == set()
    assert {"grid", "ui_text"} <= makers[0].refs
    readers = [cell for cell in cells if "shown_grid" in cell.refs]
    assert any({"pool_table", "card_view"} <= cell.defs for cell in readers)
