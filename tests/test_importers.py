"""Importers: load_pool reads the project's JSON, Scryfall and MTGJSON files, keeps levelers.

Fixtures in tests/data/importers (see its README) are written from ../shared/data facts
in each source's shape. Bulk files are streamed: a test bounds the memory a load takes.
"""

from __future__ import annotations

import io
import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leveler import CardTextError, LevelerCard, PoolError, Zone, characteristics, load_pool
from leveler.cli import main
from leveler.io.budget import LOCAL_POOL_BUDGET, UPLOAD_POOL_BUDGET
from leveler.io.importers import READERS, SOURCE_FORMATS, mtgjson_entry, scryfall_entry
from leveler.io.pool_files import BUNDLED_POOL, PoolReport, card_from_record, load_pool_report
from leveler.text import translate_card

FIXTURES = Path(__file__).parent / "data" / "importers"
RECORDS = json.loads(BUNDLED_POOL.read_text("utf-8"))


def _report(name: str, **options: Any) -> PoolReport:
    return load_pool_report(FIXTURES / name, **options)


@pytest.mark.parametrize(("fixture", "source_format", "cards", "skipped"), [
    ("scryfall_card.json", "scryfall-card", ["Student of Warfare"], []),
    ("scryfall_list.json", "scryfall-list",
     ["Hexdrinker", "Kargan Dragonlord", "Student of Warfare"],
     ["Venerated Teacher", "Level Up", "Delver of Secrets // Insectile Aberration"]),
    ("scryfall_default_cards.json", "scryfall-bulk", ["Caravan Escort", "Student of Warfare"],
     ["Venerated Teacher", "Delver of Secrets // Insectile Aberration"]),
    ("scryfall_page.json", "scryfall-list", ["Hexdrinker"], []),
    ("mtgjson_ROE.json", "mtgjson-set", ["Kargan Dragonlord", "Student of Warfare"],
     ["Venerated Teacher"]),
    ("mtgjson_AtomicCards.json", "mtgjson-atomic", ["Hexdrinker", "Student of Warfare"],
     ["Delver of Secrets // Insectile Aberration", "Level Up"]),
    ("designs.json", "leveler", ["Custom Knight", "Test Design"], []),
])
def test_each_format_is_recognised_and_only_levelers_are_kept(
    fixture: str, source_format: str, cards: list[str], skipped: list[str],
) -> None:
    report = _report(fixture)
    assert report.source_format == source_format
    assert source_format in SOURCE_FORMATS
    assert list(report.cards) == cards
    assert (report.skipped, list(report.skipped_names)) == (len(skipped), skipped)
    assert report.errors == ()
    assert load_pool(FIXTURES / fixture) == report.cards


@pytest.mark.parametrize("fixture", ["scryfall_card.json", "scryfall_list.json",
                                     "scryfall_default_cards.json", "mtgjson_ROE.json",
                                     "mtgjson_AtomicCards.json"])
def test_imported_cards_have_the_rules_of_the_bundled_ones(
    fixture: str, pool: dict[str, LevelerCard],
) -> None:
    for name, card in _report(fixture).cards.items():
        assert card == pool[name]  # cost, type, P/T, level up, bands, abilities


def test_the_bundled_pool_is_the_projects_own_format(pool: dict[str, LevelerCard]) -> None:
    report = load_pool_report()
    assert report.source_format == "leveler" and report.source == str(BUNDLED_POOL)
    assert report.cards == pool and report.skipped == 0


def test_skipped_entries_are_counted_by_layout() -> None:
    report = _report("scryfall_list.json")
    assert report.skipped_layouts == {"layout 'normal'": 2, "layout 'transform'": 1}
    summary = report.summary()
    assert "3 leveler cards from a Scryfall list object" in summary
    assert "skipped 3 entries that are not levelers" in summary and "Level Up" in summary


def test_a_scryfall_print_in_another_language_brings_its_printed_text() -> None:
    student = _report("scryfall_list.json").cards["Student of Warfare"]
    french = student.translation("French")
    assert french is not None and french.name == "Étudiante de la guerre"
    assert student.translations[0] == french  # the file's own, before the bundled ones
    japanese = _report("scryfall_default_cards.json").cards["Student of Warfare"]
    assert japanese.translations[0].name == "闘争の学び手"


def test_prints_of_one_card_merge_their_sets() -> None:
    cards = _report("scryfall_default_cards.json").cards
    assert cards["Caravan Escort"].sets == ("ROE", "DDG")
    assert cards["Student of Warfare"].sets == ("ROE", "PLST")


def test_a_reversible_entry_is_read_from_its_leveler_face() -> None:
    kargan = _report("scryfall_list.json").cards["Kargan Dragonlord"]
    assert kargan.sets == ("SLD",) and kargan.bands[1].min_level == 8


def test_a_double_faced_entry_without_top_level_text_is_skipped() -> None:
    entry = scryfall_entry(json.loads((FIXTURES / "scryfall_list.json").read_text("utf-8"))
                           ["data"][5])
    assert entry.record is None and entry.skipped == "layout 'transform'"
    assert entry.name == "Delver of Secrets // Insectile Aberration"


def test_mtgjson_keywords_are_never_trusted(pool: dict[str, LevelerCard]) -> None:
    """MTGJSON lists First strike and Double strike for Student of Warfare: band keywords."""
    document = json.loads((FIXTURES / "mtgjson_ROE.json").read_text("utf-8"))
    record = next(c for c in document["data"]["cards"] if c["name"] == "Student of Warfare")
    assert {"First strike", "Double strike"} <= set(record["keywords"])
    student = _report("mtgjson_ROE.json").cards["Student of Warfare"]
    assert student.abilities == ()
    at_zero = characteristics(student, 0, Zone.BATTLEFIELD)
    assert at_zero.abilities == ("Level up {W}",)
    entry = mtgjson_entry({**record, "keywords": ["Flying"]})
    assert entry.record is not None and "keywords" not in entry.record


def test_mtgjson_foreign_data_becomes_translations() -> None:
    kargan = _report("mtgjson_ROE.json", bundled_translations=False).cards["Kargan Dragonlord"]
    assert [t.language for t in kargan.translations] == [
        "German", "Spanish", "French", "Italian", "Japanese", "Portuguese (Brazil)",
        "Russian", "Chinese Simplified"]
    french = translate_card(kargan, "French")  # the run-in '8/8Vol, piétinement'
    assert french is not None and french.bands[1].abilities[0] == "Vol, piétinement"
    hexdrinker = _report("mtgjson_AtomicCards.json").cards["Hexdrinker"]
    assert hexdrinker.sets == ("MH1", "SLD")
    assert hexdrinker.translation("Korean").name == "마법흡수꾼"  # type: ignore[union-attr]


def test_bundled_translations_fill_in_the_languages_a_file_lacks() -> None:
    plain = _report("scryfall_card.json", bundled_translations=False)
    assert plain.cards["Student of Warfare"].translations == ()
    full = _report("scryfall_card.json").cards["Student of Warfare"]
    assert full.translation("Japanese").name == "闘争の学び手"  # type: ignore[union-attr]
    assert _report("designs.json").cards["Test Design"].translations == ()


def test_a_design_file_carries_its_own_translations() -> None:
    knight = _report("designs.json").cards["Custom Knight"]
    assert len(knight.bands) == 3 and knight.rule_warnings
    french = translate_card(knight, "French")
    assert french is not None and french.bands[2].abilities == ("Double initiative",)


def test_a_scryfall_page_with_more_pages_says_so() -> None:
    report = _report("scryfall_page.json")
    assert report.notes and "has_more" in report.notes[0]
    assert "only this page was read" in report.summary()


# ------------------------------------------------------------------------------ errors


def test_bad_cards_are_reported_with_file_card_and_line_and_the_others_load() -> None:
    report = _report("scryfall_bad_cards.json")
    assert list(report.cards) == ["Caravan Escort", "Hexdrinker"]
    assert [(e.card, e.line_number, e.line) for e in report.errors] == [
        ("Student of Warfare", 2, "LEVEL 2-"), ("Null Champion", None, None)]
    with pytest.raises(PoolError) as caught:
        load_pool(FIXTURES / "scryfall_bad_cards.json")
    message = str(caught.value)
    assert message.startswith(f"{FIXTURES / 'scryfall_bad_cards.json'}: 2 card(s) could not")
    assert "Student of Warfare, line 2: a level symbol reads 'LEVEL N1-N2'" in message
    assert "Null Champion: missing field(s) oracle_text" in message


def test_an_mtgjson_leveler_without_text_names_the_mtgjson_field(tmp_path: Path) -> None:
    document = json.loads((FIXTURES / "mtgjson_ROE.json").read_text("utf-8"))
    del document["data"]["cards"][0]["text"]
    path = tmp_path / "ROE.json"
    path.write_text(json.dumps(document), "utf-8")
    report = load_pool_report(path)
    assert [str(e) for e in report.errors] == ["Kargan Dragonlord: missing field(s) text"]
    assert list(report.cards) == ["Student of Warfare"]


def test_a_card_whose_text_does_not_parse_in_its_language(tmp_path: Path) -> None:
    path = tmp_path / "designs.json"
    path.write_text(json.dumps([{"name": "Mauvais", "power": 1, "toughness": 1,
                                 "oracle_text": "Montée de niveau {W}\nNIVEAU 3+\n2/2\n"
                                                "NIVEAU 1-2\n1/1"}]), "utf-8")
    with pytest.raises(PoolError, match=r"Mauvais, line 4: an open band \(NIVEAU 3\+\)"):
        load_pool(path)


def test_two_prints_with_different_rules_text_are_an_error(tmp_path: Path) -> None:
    card = json.loads((FIXTURES / "scryfall_card.json").read_text("utf-8"))
    other = {**card, "oracle_text": card["oracle_text"].replace("LEVEL 7+", "LEVEL 7+\n5/5")}
    other["oracle_text"] = other["oracle_text"].replace("\n4/4", "", 1)
    path = tmp_path / "bulk.json"
    path.write_text(json.dumps([card, other]), "utf-8")
    report = load_pool_report(path)
    assert list(report.cards) == ["Student of Warfare"]
    assert "different rules text" in str(report.errors[0])


def _write(tmp_path: Path, content: str | bytes) -> Path:
    path = tmp_path / "cards.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


@pytest.mark.parametrize(("content", "fragment"), [
    ("this is not JSON", "not a JSON file (line 1, column 2, byte offset 1: invalid string"),
    ("", "not a JSON file (the file is empty)"),
    ('[{"object": "card", "name": "A", "layout": "normal"},\n{"object": ',
     "not a JSON file (line 2, column 12, byte offset 65: premature EOF)"),
    ('{"object": "list", "data": [1, 2,]}', "not a JSON file (line 1, column 34, byte offset 33"),
    ('{"cards": []}', "a pool file is a JSON array of card records"),
    ("42", "this is a int"),
    ("{}", "this is an empty object"),
    ('{"meta": {}, "data": {"ROE": {"baseSetSize": 248, "cards": []}}}',
     "an MTGJSON AllPrintings file (sets by code, 'ROE' first)"),
    (b"\xff\xfe[\x00]\x00", "not a JSON file"),
])
def test_files_that_are_not_card_files(tmp_path: Path, content: str | bytes,
                                       fragment: str) -> None:
    path = _write(tmp_path, content)
    with pytest.raises(ValueError) as caught:
        load_pool(path)
    assert str(caught.value).startswith(f"{path}: ")
    assert fragment in str(caught.value)


def test_the_scryfall_error_object_is_named() -> None:
    with pytest.raises(ValueError, match="this is a Scryfall 'error' object \\(No card found"):
        load_pool(FIXTURES / "scryfall_error.json")


def test_a_byte_order_mark_and_leading_space_are_fine(tmp_path: Path) -> None:
    text = (FIXTURES / "scryfall_card.json").read_text("utf-8")
    path = _write(tmp_path, b"\xef\xbb\xbf \n" + text.encode())
    assert list(load_pool(path)) == ["Student of Warfare"]
    path = _write(tmp_path, b" " * 10_000 + text.encode())
    assert list(load_pool(path)) == ["Student of Warfare"]


def test_an_uploaded_file_can_be_given_as_bytes() -> None:
    """The app's file picker hands over bytes: an io.BytesIO, named for the messages."""
    contents = (FIXTURES / "mtgjson_ROE.json").read_bytes()
    report = load_pool_report(io.BytesIO(contents), name="ROE.json")
    assert report.source == "ROE.json" and list(report.cards) == ["Kargan Dragonlord",
                                                                   "Student of Warfare"]
    with pytest.raises(ValueError, match=r"^upload\.json: not a JSON file"):
        load_pool_report(io.BytesIO(b"{oops"), name="upload.json")


def test_entries_of_the_wrong_shape_are_errors_and_the_rest_load(tmp_path: Path) -> None:
    card = json.loads((FIXTURES / "scryfall_card.json").read_text("utf-8"))
    path = _write(tmp_path, json.dumps({"object": "list", "data": [card, "oops", 7,
                                                                   {"object": "set"}]}))
    report = load_pool_report(path)
    assert list(report.cards) == ["Student of Warfare"]
    assert [str(e) for e in report.errors] == [
        "record 2: a Scryfall card must be a JSON object, not str",
        "record 3: a Scryfall card must be a JSON object, not int"]
    assert report.skipped_layouts == {"object 'set'": 1}


def test_an_array_of_mtgjson_cards_and_an_empty_atomic_file(tmp_path: Path) -> None:
    document = json.loads((FIXTURES / "mtgjson_ROE.json").read_text("utf-8"))
    path = _write(tmp_path, json.dumps(document["data"]["cards"]))
    report = load_pool_report(path)
    assert report.source_format == "mtgjson-cards" and len(report.cards) == 2
    empty = load_pool_report(_write(tmp_path, '{"meta": {}, "data": {}}'))
    assert (empty.source_format, empty.cards) == ("mtgjson-atomic", {})


def test_duplicate_names_in_the_projects_own_format_are_still_errors(tmp_path: Path) -> None:
    path = _write(tmp_path, json.dumps([RECORDS[0], RECORDS[0]]))
    with pytest.raises(PoolError, match="appears twice"):
        load_pool(path)


# ------------------------------------------------------------------- streaming


def _bulk(path: Path, fillers: int) -> int:
    """A Scryfall-shaped bulk file: the 25 levelers among ``fillers`` other cards."""
    leveler = json.loads((FIXTURES / "scryfall_card.json").read_text("utf-8"))
    filler = {"object": "card", "lang": "en", "layout": "normal", "mana_cost": "{2}{U}",
              "type_line": "Creature — Human Wizard", "oracle_text": "Flying. " * 40,
              "power": "2", "toughness": "2", "legalities": {f"format{i}": "legal"
                                                             for i in range(20)}}
    with path.open("w", encoding="utf-8") as stream:
        stream.write("[")
        for index in range(fillers):
            if index % (fillers // 25) == 0 and index // (fillers // 25) < len(RECORDS):
                record = RECORDS[index // (fillers // 25)]
                stream.write(json.dumps({**leveler, **{k: record[k] for k in (
                    "name", "mana_cost", "type_line", "oracle_text", "power", "toughness")},
                    "set": record["sets"][0].lower()}) + ",\n")
            stream.write(json.dumps({**filler, "name": f"Filler {index}"}) + ",\n")
        stream.write(json.dumps({**filler, "name": "Last"}) + "]")
    return path.stat().st_size


def test_a_bulk_file_is_streamed_in_bounded_memory(tmp_path: Path,
                                                   pool: dict[str, LevelerCard]) -> None:
    path = tmp_path / "default-cards.json"
    size = _bulk(path, 12_000)
    assert size > 10_000_000
    tracemalloc.start()
    try:
        report = load_pool_report(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert report.source_format == "scryfall-bulk"
    assert report.cards == pool and report.skipped == 12_001
    assert len(report.skipped_names) == 10
    assert peak < 4_000_000, f"peak {peak:,} bytes for a {size:,}-byte file"


# ------------------------------------------------------------------------ the CLI


def test_cli_table_from_a_scryfall_file_notes_what_it_skipped(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["table", "--level", "8", "--pool", str(FIXTURES / "scryfall_list.json")]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[0] == "3 cards with 8 level counters, on the battlefield"
    assert "skipped 3 entries that are not levelers" in captured.err


def test_cli_show_by_printed_name_from_an_mtgjson_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["show", "Seigneur-dragon kargan", "--level", "8",
                 "--pool", str(FIXTURES / "mtgjson_ROE.json")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Kargan Dragonlord") and "power/toughness: 8/8" in out


@pytest.mark.parametrize(("fixture", "fragment"), [
    ("scryfall_bad_cards.json", "Student of Warfare, line 2"),
    ("scryfall_error.json", "a pool file is a JSON array"),
    ("README.md", "not a JSON file"),
])
def test_cli_bad_files_exit_1_naming_the_problem(
    fixture: str, fragment: str, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["table", "--pool", str(FIXTURES / fixture)]) == 1
    err = capsys.readouterr().err
    assert str(FIXTURES / fixture) in err and fragment in err


# ------------------------------------------------------------------------ hostile entries

_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=12)
_FIELDS = st.sampled_from(["object", "layout", "card_faces", "name", "oracle_text", "power",
                           "toughness", "set", "lang", "printed_name", "printed_text", "text",
                           "printings", "foreignData", "setCode", "manaCost", "type"])


def _read_any(entry: dict[str, Any], source_format: str) -> None:
    """Reading an entry gives an Entry, or a CardTextError with a message; nothing else."""
    if entry.get("layout") == "leveler" and "card_faces" in entry:
        entry["card_faces"] = [entry["card_faces"], {"layout": "leveler", **entry}]
    item: object = (entry.get("name"), [entry]) if source_format == "mtgjson-atomic" else entry
    try:
        read = READERS[source_format](item)
        if read.record is not None:
            card_from_record(read.record)
    except CardTextError as error:
        assert str(error)


@pytest.mark.parametrize("entry", [
    {"card_faces": 5},
    {"layout": "leveler", "printings": 5, "text": "x", "power": 1, "toughness": 1},
    {"layout": "leveler", "foreignData": {"a": 1}, "text": "x", "power": 1, "toughness": 1},
    {"layout": "leveler", "lang": "fr", "printed_name": 3, "printed_text": [1]},
    {"layout": "leveler", "oracle_text": 7, "text": None, "power": "1", "toughness": "1"},
])
@pytest.mark.parametrize("source_format", sorted(SOURCE_FORMATS))
def test_entries_with_fields_of_the_wrong_type(entry: dict[str, Any],
                                               source_format: str) -> None:
    _read_any(dict(entry), source_format)


@given(st.dictionaries(_FIELDS, _JSON | st.just("leveler") | st.just("card"), max_size=8),
       st.sampled_from(sorted(SOURCE_FORMATS)))
def test_any_entry_gives_an_entry_or_a_card_text_error(entry: dict[str, Any],
                                                       source_format: str) -> None:
    _read_any(entry, source_format)


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.json")), ids=lambda p: p.name)
def test_every_honest_fixture_reads_the_same_under_the_upload_budget(path: Path) -> None:
    """The upload budget (issue 11: 16 MiB, depth 32) refuses no real card file: each
    fixture gives the same report under it as under the local-file budget."""
    def report(budget: Any) -> Any:
        try:
            return load_pool_report(io.BytesIO(path.read_bytes()), name=path.name,
                                    budget=budget).summary()
        except ValueError as error:  # the fixtures of bad files: refused alike
            return str(error)

    local = report(LOCAL_POOL_BUDGET)
    assert report(UPLOAD_POOL_BUDGET) == local
    assert "limit of" not in local
