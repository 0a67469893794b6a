"""The What-if view: the situation the controls describe, resolved by the library.

Every expectation comes from ``resolve_situation`` on a situation built with the
library's own presets (``apply_preset``), never typed in by hand. The notebook tests run
it with ``app.run(defs=...)``: the What-if controls cell replaced by real controls set to
other values.
"""

from __future__ import annotations

import base64
import dataclasses
import html
import json
import re
from pathlib import Path
from typing import Any

import marimo as mo
import pytest
from marimo._plugins.ui._impl.input import FileUploadResults

from leveler import Zone, apply_preset, characteristics, load_pool, resolve_situation
from leveler.app import labels
from leveler.app import whatif_view as wv
from leveler.app.link import label_of
from leveler.io.editions import cite
from leveler.presets import PRESETS
from tests.app_pages import page_html, shown_tab
from tests.samples import HOSTILE_NAME

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "explorer.py"
XSS_POOL = ROOT / "tests" / "data" / "xss_pool.json"
EN, FR = labels.LABELS["en"], labels.LABELS["fr"]
RAW_TAGS = ("<img", "<script", "<svg", "<b>", "<i>", "href=")


def controls(start: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """Keyword arguments of ``wv.build``: the start's own values, with ``changes``."""
    values = {"card": start["card"], "zone": start["zone"],
              "level": start["counters"]["level"], "plus_one": start["counters"]["+1/+1"],
              "minus_one": start["counters"]["-1/-1"], "timestamp": start["timestamp"],
              "face_down": start["face_down"], "kept": [True] * len(start["effects"]),
              "presets": []}
    return values | changes


def chained(situation: dict[str, Any], *names: str, pool=None) -> dict[str, Any]:
    """The library's presets applied one after the other, each "now" (its default)."""
    for name in names:
        situation = apply_preset(situation, name, pool=pool)
    return situation


# ---------------------------------------------------------------- build: the library's answer

def test_with_only_level_counters_it_is_characteristics_711_2b(pool):
    start = wv.default_situation(pool)
    whatif = wv.build(start, pool=pool, **controls(start, level=7))
    now = characteristics(pool["Student of Warfare"], 7, Zone.BATTLEFIELD)
    assert whatif.resolution is not None and whatif.error is None
    assert (whatif.resolution.power, whatif.resolution.toughness) == (now.power, now.toughness)
    assert whatif.resolution.abilities == now.abilities
    assert whatif.resolution.rule == now.rule == "711.2b"


def test_613_8a_humility_removes_the_band_then_giant_growth_adds_3(pool):
    start = wv.default_situation(pool)
    base = {"card": "Student of Warfare", "counters": {"level": 7}}
    humble = wv.build(start, pool=pool, **controls(start, level=7, presets=["Humility"]))
    assert humble.situation == chained(base, "Humility")
    assert humble.resolution == resolve_situation(chained(base, "Humility"))
    assert (humble.resolution.power, humble.resolution.toughness) == (1, 1)
    assert humble.resolution.abilities == ()
    assert any("613.8a" in step.rule for step in humble.resolution.trace)
    grown = wv.build(start, pool=pool,
                     **controls(start, level=7, presets=["Humility", "Giant Growth"]))
    assert grown.resolution == resolve_situation(chained(base, "Humility", "Giant Growth"))
    assert (grown.resolution.power, grown.resolution.toughness) == (4, 4)


@pytest.mark.parametrize("lines", [
    [None, "Giant Growth", None, "Glorious Anthem"],
    ["+1/+1 counter", "-1/-1 counter", "-1/-1 counter"],
    ["Venerated Teacher", "Diminish", "level up"],
    ["Clone", "level up", "level up"],
    ["Quicksilver Gargantuan", "Merfolk Trickster"],
    ["turn face down", "Giant Growth"],
    ["Godhead of Awe", "Vampire Hexmage", "Turn to Frog"],
])
def test_presets_apply_in_the_order_of_their_lines(pool, lines):
    start = wv.default_situation(pool)
    whatif = wv.build(start, pool=pool, **controls(start, level=3, presets=lines))
    expected = chained({"card": "Student of Warfare", "counters": {"level": 3}},
                       *(name for name in lines if name))
    assert whatif.not_applied == ()
    assert whatif.situation == expected
    assert whatif.resolution == resolve_situation(expected)


@pytest.mark.parametrize(("own", "winner"), [(0, "Godhead of Awe"), (5, "LEVEL 7+")])
def test_613_7_its_timestamp_places_the_card_among_the_effects(pool, own, winner):
    """Ruling 2: the band's P/T has the leveler's timestamp; the later set effect wins."""
    start = wv.default_situation(pool)
    whatif = wv.build(start, pool=pool,
                      **controls(start, level=7, timestamp=own, presets=["Godhead of Awe"]))
    situation = {"card": "Student of Warfare", "counters": {"level": 7}, "timestamp": own}
    expected = resolve_situation(apply_preset(situation, "Godhead of Awe", timestamp=1))
    assert whatif.resolution == expected
    last = [step for step in expected.trace if step.layer == "7b"][-1]
    assert winner in last.description


def test_a_preset_that_cannot_apply_is_left_out_with_the_librarys_reason(pool):
    start = wv.default_situation(pool)
    whatif = wv.build(start, pool=pool, **controls(
        start, zone="hand", level=4, presets=["Vampire Hexmage", "Glorious Anthem"]))
    with pytest.raises(ValueError) as refused:
        apply_preset({"card": "Student of Warfare", "zone": "hand"}, "Vampire Hexmage")
    assert whatif.not_applied == ((1, "Vampire Hexmage", str(refused.value)),)
    expected = apply_preset({"card": "Student of Warfare", "zone": "hand",
                             "counters": {"level": 4}}, "Glorious Anthem", timestamp=1)
    assert whatif.resolution == resolve_situation(expected)


def test_an_invalid_situation_gives_the_librarys_error_naming_the_field(pool):
    start = wv.default_situation(pool)
    whatif = wv.build(start, pool=pool, **controls(start, zone="hand", face_down=True))
    assert whatif.resolution is None and whatif.situation is None
    assert whatif.error is not None and whatif.error.startswith("face_down: ")


def test_an_empty_number_field_counts_as_zero(pool):
    start = wv.default_situation(pool)
    whatif = wv.build(start, pool=pool, **controls(start, level=None, timestamp=None))
    assert whatif.situation == wv.default_situation(pool)


def test_loaded_effects_can_be_unticked_and_presets_come_after_them(pool):
    loaded = wv.read_situation_file("s.json", json.dumps({
        "card": "Student of Warfare", "counters": {"level": 7},
        "effects": [{"type": "modify_pt", "power": 1, "toughness": 1, "timestamp": 4,
                     "source": "Glorious Anthem"},
                    {"type": "gain_ability", "ability": "Flying", "timestamp": 6}]}).encode(),
        pool)
    whatif = wv.build(loaded, pool=pool,
                      **controls(loaded, kept=[False, True], presets=["Diminish"]))
    expected = apply_preset({**loaded, "effects": loaded["effects"][1:]}, "Diminish")
    assert whatif.situation == expected
    assert whatif.resolution == resolve_situation(expected)


def test_the_downloaded_json_loads_back_to_the_same_situation(pool):
    start = wv.default_situation(pool)
    whatif = wv.build(start, pool=pool, **controls(
        start, level=8, presets=["Humility", "Clone", "+1/+1 counter", "Giant Growth"]))
    assert whatif.situation is not None
    saved = wv.situation_json(whatif.situation).encode()
    loaded = wv.read_situation_file("situation.json", saved, pool)
    assert loaded == whatif.situation
    again = wv.build(loaded, pool=pool, **controls(loaded))
    assert again.situation == whatif.situation and again.resolution == whatif.resolution
    upload = [FileUploadResults("situation.json", saved)]
    assert wv.starting_situation(pool, upload) == whatif.situation
    assert wv.upload_error(raw(saved), pool) is None


def raw(contents: bytes, name: str = "situation.json") -> list[list[str]]:
    """What the browser sends for a picked file: ``[[name, base64]]``."""
    return [[name, base64.b64encode(contents).decode()]]


@pytest.mark.parametrize(("contents", "message"), [
    (b"{not json", "bad.json: not a JSON file (line 1, column 3, byte offset 2: invalid"),
    (b"\xff\xfe", "bad.json: not a JSON file (line 1, column 1, byte offset 0: invalid char"),
    (b"[1, 2]", "bad.json: situation: expected a JSON object"),
    (b'{"card": "Student of Warfare", "counters": {"level": -1}}',
     "bad.json: counters.level: counters cannot be negative, got -1"),
    (b'{"card": "Studnt of Warfare"}', "bad.json: card: no card named 'Studnt of Warfare'"),
    (b'{"card": "Student of Warfare", "conters": {}}', "bad.json: conters: unknown key"),
    (b'{"card": "Student of Warfare", "effects": [{"type": "pump"}]}',
     "bad.json: effects[0].type: unknown effect type 'pump'"),
])
def test_a_bad_situation_file_is_refused_naming_the_file_and_the_field(pool, contents, message):
    error = wv.upload_error(raw(contents, "bad.json"), pool)
    assert error is not None and error.startswith(message)
    with pytest.raises(ValueError, match=re.escape(message)):
        wv.read_situation_file("bad.json", contents, pool)


@pytest.mark.parametrize(("kind", "change"), [
    ("level", {"level": wv.MAX_COUNTERS + 1}), ("+1/+1", {"plus_one": 1e308}),
    ("-1/-1", {"minus_one": float("inf")}), ("level", {"level": float("nan")})])
def test_122_1_a_count_over_the_budget_is_refused_naming_its_field(pool, kind, change):
    """Issue 11's number budget for the What if… counters (122.1): a count typed or posted
    above MAX_COUNTERS, or not a number, is refused with its field before it is resolved
    (it was resolved into a 309-digit P/T); the budget itself still resolves."""
    start = wv.default_situation(pool)
    refused = wv.build(start, pool=pool, **controls(start, **change))
    assert (refused.situation, refused.resolution) == (None, None)
    assert refused.error == (f"counters.{kind}: more than the {wv.MAX_COUNTERS:,} counters "
                             "of a kind this app resolves")
    at_limit = wv.build(start, pool=pool, **controls(start, level=wv.MAX_COUNTERS))
    assert at_limit.resolution == resolve_situation(at_limit.situation, pool)


def test_a_situation_file_over_the_counters_budget_is_refused_and_the_screen_stays(pool):
    contents = json.dumps({"card": "Student of Warfare",
                           "counters": {"level": 10 * wv.MAX_COUNTERS}}).encode()
    error = wv.upload_error(raw(contents, "big.json"), pool)
    assert error is not None and error.startswith(
        f"big.json: counters.level: more than the {wv.MAX_COUNTERS:,} counters")
    assert error.endswith("The situation on screen stays.")
    # posted around the validator, it gives the default situation, never an error
    upload = [FileUploadResults("big.json", contents)]
    assert wv.starting_situation(pool, upload) == wv.default_situation(pool)


@pytest.mark.parametrize("value", [None, [], "x", [["only-a-name"]]])
def test_no_file_is_not_accepted(pool, value):
    assert wv.upload_error(value, pool) == "Choose a situation file first."


def test_without_an_upload_the_view_starts_on_the_default(pool):
    assert wv.starting_situation(pool, None) == wv.default_situation(pool)
    assert wv.default_situation(pool)["card"] == "Student of Warfare"
    assert wv.upload_name(None) == "file"


def test_a_copy_or_a_custom_card_from_a_file_joins_the_card_choices(pool):
    clone = chained({"card": "Student of Warfare"}, "Clone")
    options = wv.card_options(pool, clone, "mine.json")
    assert options["Clone — mine.json"] == "Clone" and list(options)[:len(pool)] == list(pool)
    assert label_of(options, clone["card"]) == "Clone — mine.json"
    custom = {"name": "Apprentice", "mana_cost": "{1}{U}", "type_line": "Creature — Human",
              "power": 1, "toughness": 2, "oracle_text": "Level up {1}\nLEVEL 2+\n2/3"}
    start = wv.read_situation_file("c.json", json.dumps({"card": custom}).encode(), pool)
    options = wv.card_options(pool, start, "c.json")
    assert label_of(options, start["card"]) == "Apprentice — c.json"
    whatif = wv.build(start, pool=pool, **controls(start, level=2))
    assert whatif.resolution == resolve_situation({"card": custom, "counters": {"level": 2}})
    assert label_of(wv.card_options(pool, wv.default_situation(pool)),
                    wv.default_situation(pool)["card"]) == "Student of Warfare"


@pytest.mark.parametrize(("chosen", "shown"), [
    ([None] * 4, [0]),
    (["Humility", None, None, None], [0, 1]),
    (["Humility", None, "Clone", None], [0, 1, 2, 3]),
    (["Humility"] * 4, [0, 1, 2, 3]),
])
def test_the_view_shows_the_chosen_lines_and_one_empty_line(chosen, shown):
    assert wv.visible_slots(chosen) == shown


def test_every_preset_is_offered_after_the_empty_line():
    assert list(wv.preset_options()) == [wv.NO_PRESET, *PRESETS]
    assert wv.preset_options()[wv.NO_PRESET] is None


# ---------------------------------------------------------------- HTML: escaped, labelled

@pytest.fixture(scope="module")
def hostile() -> dict:
    return load_pool(XSS_POOL)


def assert_no_markup(page: str) -> None:
    for tag in RAW_TAGS:
        assert tag not in page, tag


def test_hostile_card_text_and_effects_are_shown_as_text(hostile):
    start = wv.read_situation_file("x.json", json.dumps({
        "card": HOSTILE_NAME, "counters": {"level": 7},
        "effects": [{"type": "gain_ability", "ability": "<script>alert(10)</script>",
                     "timestamp": 1, "source": "<img src=q onerror=alert(11)>"}]}).encode(),
        hostile)
    whatif = wv.build(start, pool=hostile, **controls(start, presets=["Giant Growth"]))
    assert whatif.resolution is not None
    assert whatif.resolution.name == HOSTILE_NAME
    assert "<script>alert(3)</script>" in whatif.resolution.abilities
    panel = wv.panel_html(EN, whatif, dict.fromkeys(
        wv.PANEL_CONTROLS, "<marimo-x></marimo-x>"),
        [("<marimo-box></marimo-box>", start["effects"][0])], [("<marimo-menu></marimo-menu>",
                                                                "Giant Growth")])
    pieces = [panel, wv.answer_html(whatif.resolution, EN),
              wv.trace_html(whatif.resolution, FR), wv.effects_html(whatif.situation, EN)]
    for page in pieces:
        assert_no_markup(page)
    assert html.escape(HOSTILE_NAME) in pieces[1]
    assert "&lt;script&gt;alert(3)&lt;/script&gt;" in pieces[1]
    assert "&lt;img src=q onerror=alert(11)&gt;" in pieces[3]
    assert "&lt;script&gt;alert(10)&lt;/script&gt;" in pieces[0]
    skipped = wv.build(start, pool=hostile, **controls(start, zone="hand",
                                                       presets=["Vampire Hexmage"]))
    assert skipped.not_applied  # 702.87a: no level counter off the battlefield... a reason
    for page in (*pieces, wv.not_applied_html(skipped, EN), wv.error_html("x", EN),
                 wv.rule_quote(whatif.resolution, EN)):
        assert "style=" not in page  # the look is leveler/app/style.css's, by class


def test_an_error_message_is_escaped():
    page = wv.error_html("card: no card named '<img src=x onerror=alert(1)>'", EN)
    assert_no_markup(page)
    assert "&lt;img src=x onerror=alert(1)&gt;" in page and EN["wi_error"] in page


def test_the_answer_says_what_the_library_says(pool):
    start = wv.default_situation(pool)
    whatif = wv.build(start, pool=pool, **controls(start, level=7, presets=["Humility"]))
    resolution = whatif.resolution
    assert resolution is not None
    answer = wv.answer_html(resolution, EN)
    assert 'data-pt="1/1"' in answer and 'data-can-level-up="false"' in answer
    assert f">{EN['wi_no_abilities']}<" in answer
    assert html.escape(", ".join(resolution.citations)) in answer
    rows = re.findall(r'<tr data-layer="([^"]*)"><td>(\d+)</td>.*?'
                      r'<td class="lv-trace-rule">(.*?)</td><td>(.*?)</td></tr>',
                      wv.trace_html(resolution, EN))
    assert [(layer, int(n), html.unescape(rule), html.unescape(what))
            for layer, n, rule, what in rows] == [
        (step.layer, number, step.rule, step.description)
        for number, step in enumerate(resolution.trace, start=1)]


def test_the_rule_quote_is_in_the_languages_edition(pool):
    start = wv.default_situation(pool)
    whatif = wv.build(start, pool=pool, **controls(start, level=7))
    assert whatif.resolution is not None and whatif.resolution.citations == ("711.2b",)
    assert "<strong>710.2b</strong>" in wv.rule_quote(whatif.resolution, FR)
    assert "<strong>711.2b</strong>" in wv.rule_quote(whatif.resolution, EN)


EFFECTS = [
    {"type": "set_base_pt", "power": 1, "toughness": 1, "source": "Humility", "timestamp": 2},
    {"type": "modify_pt", "power": 3, "toughness": 3, "source": "Giant Growth"},
    {"type": "switch_pt", "source": "Twisted Image", "timestamp": 3},
    {"type": "lose_all_abilities", "source": "Humility", "timestamp": 2},
    {"type": "gain_ability", "ability": "Flying", "source": "Jump"},
]


def test_effects_are_worded_in_english_by_default():
    assert [wv.effect_text(effect) for effect in EFFECTS] == [
        "Humility: base P/T 1/1 (timestamp 2)", "Giant Growth: +3/+3",
        "Twisted Image: switch P/T (timestamp 3)", "Humility: loses all abilities (timestamp 2)",
        "Jump: gains 'Flying'"]
    assert [wv.effect_text(effect, EN) for effect in EFFECTS] == [
        wv.effect_text(effect) for effect in EFFECTS]


def test_effects_are_worded_in_french_the_sources_and_abilities_as_they_are():
    assert [wv.effect_text(effect, FR) for effect in EFFECTS] == [
        "Humility: force/endurance de base 1/1 (horodatage 2)", "Giant Growth: +3/+3",
        "Twisted Image: force et endurance échangées (horodatage 3)",
        "Humility: perd toutes ses capacités (horodatage 2)", "Jump: acquiert 'Flying'"]
    assert wv.effect_text({"type": "odd", "source": "X"}, FR) == "X: odd"


def test_the_french_view_words_its_effects_and_a_missing_band_in_french(pool):
    start = wv.default_situation(pool)
    whatif = wv.build(start, pool=pool, **controls(start, presets=["Humility"]))
    assert whatif.resolution is not None and whatif.resolution.band is None  # 613.8a
    keys = wv.PANEL_CONTROLS
    page = wv.panel_html(FR, whatif, dict.fromkeys(keys, ""), [], [])
    state = html.unescape(wv.effects_html(whatif.situation, FR))
    assert "perd toutes ses capacités" in state and "loses all abilities" not in state
    assert state in html.unescape(page)  # (the trace's steps are the library's, in English)
    assert '<strong class="lv-wi-band">(aucun)</strong>' in page and "(none)" not in page


def test_only_cited_rules_with_text_are_quoted_613_8a(pool):
    start = wv.default_situation(pool)
    whatif = wv.build(start, pool=pool, **controls(start, level=7, presets=["Humility"]))
    assert whatif.resolution is not None
    assert whatif.resolution.citations == ("613.8a", "711.2b")
    quotes = wv.rule_quote(whatif.resolution, FR)
    assert cite("613.8a", "fr-2011").text is None and 'data-rule="613.8a"' not in quotes
    assert quotes.count("<figure") == 1 and "<strong>710.2b</strong>" in quotes
    face_down = wv.build(start, pool=pool, **controls(start, face_down=True))
    assert face_down.resolution is not None and face_down.resolution.citations == ("708.2a",)
    assert wv.rule_quote(face_down.resolution, EN) == ""


# ---------------------------------------------------------------- the notebook, without a browser



def whatif_cell(pool, start: dict[str, Any] | None = None, *, level: int = 0,
                zone: str = "battlefield", presets: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every def of the What-if controls cell and the card's own cell, as real controls set
    to other values."""
    start = start or wv.default_situation(pool)
    options = wv.card_options(pool, start)
    lines = [*presets, *[None] * (wv.PRESET_SLOTS - len(presets))]
    labels_of = {value: label for label, value in wv.preset_options().items()}
    return {
        "whatif_start": start,
        "wi_chosen": {"card": start["card"], "zone": zone},
        "wi_keep": lambda kind: None,
        "wi_file_cards": {},
        "wi_link_error": None,
        "wi_packed": False,
        "wi_card": mo.ui.dropdown(options=options, value=label_of(options, start["card"])),
        "wi_counters": mo.ui.dictionary({
            "level": mo.ui.number(start=0, step=1, value=level),
            "+1/+1": mo.ui.number(start=0, step=1, value=0),
            "-1/-1": mo.ui.number(start=0, step=1, value=0)}),
        "wi_zone": mo.ui.dropdown(options=wv.ZONE_CHOICES, value=zone),
        "wi_timestamp": mo.ui.number(step=0.5, value=start["timestamp"]),
        "wi_face_down": mo.ui.switch(value=False),
        "wi_kept": mo.ui.array([mo.ui.checkbox(value=True) for _ in start["effects"]]),
        "wi_presets": mo.ui.array([
            mo.ui.dropdown(options=wv.preset_options(), value=labels_of[name])
            for name in lines]),
    }


def tabs_cell(pool, text=EN, tab: str = "tab_whatif") -> dict[str, Any]:
    """Every def of the tabs cell, with ``tab`` chosen."""
    return {"view": mo.ui.tabs(dict.fromkeys(labels.tab_names(text), ""), value=text[tab]),
            **shown_tab(text[tab]),
            "card_name": mo.ui.dropdown(options=list(pool), value=list(pool)[-1]),
            "edition": mo.ui.radio(options={"English, current (711)": "en-current"},
                                   value="English, current (711)")}


def test_the_notebook_opens_the_what_if_view_on_the_default_situation(notebook, pool):
    _, defs = notebook.app.run()
    assert defs["whatif_start"] == wv.default_situation(pool)
    assert defs["whatif"].resolution == resolve_situation({"card": "Student of Warfare"})


@pytest.mark.parametrize("presets", [("Humility",), ("Humility", "Giant Growth"),
                                     ("Clone", "level up", "Glorious Anthem")])
def test_the_notebooks_what_if_view_is_resolve_situation_613_8a(notebook, pool, presets):
    outputs, defs = notebook.app.run(
        defs=whatif_cell(pool, level=7, presets=presets) | tabs_cell(pool))
    expected = chained({"card": "Student of Warfare", "counters": {"level": 7}}, *presets)
    assert defs["whatif"].situation == expected
    resolution = resolve_situation(expected)
    assert defs["whatif"].resolution == resolution
    page = page_html(outputs)
    assert f'data-pt="{resolution.power}/{resolution.toughness}"' in page
    assert all(html.escape(step.description) in page for step in resolution.trace)
    assert "lv-level-rule" not in page and "lv-card" not in page  # other tabs wait


def test_the_what_if_view_waits_behind_its_tab(notebook, pool):
    outputs, defs = notebook.app.run(defs=tabs_cell(pool, tab="tab_pool"))
    assert "lv-whatif" not in page_html(outputs)
    assert defs["whatif"].resolution is not None


def test_a_loaded_situation_file_starts_the_view(notebook, pool):
    saved = chained({"card": "Kargan Dragonlord", "counters": {"level": 8}}, "Merfolk Trickster")
    upload = (FileUploadResults("mine.json", wv.situation_json(saved).encode()),)
    form = mo.ui.file().form()
    defs_in = {"whatif_file": _Submitted(form, upload),
               "whatif_reset": mo.ui.button(label="↺")}
    outputs, defs = notebook.app.run(defs=defs_in | tabs_cell(pool))
    assert defs["whatif_start"] == saved
    assert defs["wi_counters"].value["level"] == 8 and defs["wi_kept"].value == [True]
    assert defs["wi_card"].value == "Kargan Dragonlord"
    assert defs["whatif"].resolution == resolve_situation(saved)
    assert html.escape(wv.effect_text(saved["effects"][0])) in page_html(outputs)


class _Submitted:
    """A submitted form: what ``whatif_file`` is after a file passed ``validate``."""

    def __init__(self, form: Any, value: Any) -> None:
        self.form, self.value = form, value

    @property
    def text(self) -> str:
        return str(self.form.text)


def test_a_hostile_pool_in_the_what_if_view_is_text(notebook, monkeypatch, hostile):
    monkeypatch.setenv("LEVELER_POOL", str(XSS_POOL))
    start = wv.default_situation(hostile)
    start = {**start, "card": HOSTILE_NAME}
    outputs, defs = notebook.app.run(
        defs=whatif_cell(hostile, start, level=7, presets=("Giant Growth",))
        | tabs_cell(hostile))
    page = page_html(outputs)
    assert_no_markup(page.split("lv-whatif", 1)[1])
    assert html.escape(HOSTILE_NAME) in page
    assert defs["whatif"].resolution.name == HOSTILE_NAME


def test_a_level_slider_move_still_reruns_one_cell(notebook):
    """The What-if view has its own controls: no cell of it reads the sidebar's slider, so a
    slider move re-runs only the cell that draws the pool and card views (benchmarks/README)."""
    cells = [cell._cell for cell in notebook.app._cell_manager.cells()]
    readers = [cell for cell in cells if "level" in cell.refs]
    assert len(readers) == 1 and {"pool_table", "card_view"} <= set(readers[0].defs)
    whatif_cells = [cell for cell in cells
                    if cell.defs & {"whatif_file", "whatif_start", "whatif"}
                    or "whatif" in cell.refs]
    assert len(whatif_cells) == 4
    assert not any(cell.refs & {"level", "zone", "chart", "names"} for cell in whatif_cells)


def _answer_lines(answer: str) -> tuple[str, list[str]]:
    name = re.search(r'<div class="lv-wi-name">(.*?)</div>', answer)
    assert name is not None
    return (html.unescape(name.group(1)),
            [html.unescape(item) for item in re.findall(r"<li>(.*?)</li>", answer)])


def test_the_french_answer_names_the_card_and_its_abilities_as_printed(pool):
    """Issue 13, French complete: Student of Warfare at level 7 (LEVEL 7+, 711.2b) is
    "Étudiante de la guerre" with "Double initiative" and "Montée de niveau {W}" (702.87a):
    each line as the French card prints it; the English answer is unchanged."""
    start = wv.default_situation(pool)
    whatif = wv.build(start, pool=pool, **controls(start, level=7))
    resolution = whatif.resolution
    assert resolution is not None and resolution.abilities
    french = pool["Student of Warfare"].translation("French")
    assert french is not None
    name, abilities = _answer_lines(wv.answer_html(resolution, FR, pool))
    assert name == french.name == "Étudiante de la guerre"
    printed = [line.strip() for line in french.text.splitlines()]
    assert len(abilities) == len(resolution.abilities)
    for ability in abilities:
        assert ability in printed or any(line.startswith(ability) for line in printed), ability
    assert "Montée de niveau {W}" in abilities
    assert _answer_lines(wv.answer_html(resolution, EN, pool)) == (
        "Student of Warfare", list(resolution.abilities))


def test_a_given_ability_stays_as_the_rules_write_it(pool):
    """An ability the card does not print (one an effect gave it) has no printed line, so
    the French answer writes it as the rules do; a card outside the pool keeps its name."""
    start = wv.default_situation(pool)
    whatif = wv.build(start, pool=pool, **controls(start, level=7))
    resolution = whatif.resolution
    assert resolution is not None
    given = dataclasses.replace(resolution, abilities=(*resolution.abilities, "Hexproof"))
    _, abilities = _answer_lines(wv.answer_html(given, FR, pool))
    assert abilities[-1] == "Hexproof" and abilities[0] != resolution.abilities[0]
    name, _ = _answer_lines(wv.answer_html(resolution, FR, {}))
    assert name == "Student of Warfare"
