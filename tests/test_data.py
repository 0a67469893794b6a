"""The bundled pool and pool files: parsed from oracle text, cross-checked, all errors at once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from leveler import LevelerCard, PoolError, load_pool
from leveler.io.editions import load_rule_texts

RECORDS = json.loads((Path(__file__).parents[1] / "data" / "levelers.json").read_text("utf-8"))


def test_bundled_pool_has_every_printed_leveler_in_name_order(pool: dict[str, LevelerCard]) -> None:
    assert list(pool) == sorted(r["name"] for r in RECORDS)
    assert len(pool) == 25


@pytest.mark.parametrize("record", RECORDS, ids=[r["name"] for r in RECORDS])
def test_parsed_card_matches_structured_fields(record: dict, pool: dict[str, LevelerCard]) -> None:
    card = pool[record["name"]]
    assert str(card.mana_cost) == record["mana_cost"]
    assert card.mana_cost.mana_value == record["mana_value"]
    assert list(card.colors) == record["colors"]
    assert (str(card.power), str(card.toughness)) == (record["power"], record["toughness"])
    assert str(card.level_up_cost) == record["level_up_cost"]
    assert card.rarity == record["rarity"] and list(card.sets) == record["sets"]
    french = card.translation("French")
    assert french is not None and french.name == record["name_fr"]


def _write(tmp_path: Path, records: object) -> Path:
    path = tmp_path / "pool.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    return path


def test_several_bad_cards_are_reported_at_once_each_with_its_name(tmp_path: Path) -> None:
    good = RECORDS[0]
    bad_text = {**RECORDS[1], "oracle_text": "Level up {1}\nLEVEL 3+\n2/2\nLEVEL 1-2\n1/1"}
    bad_levels = {**RECORDS[2], "levels": [{"min": 1, "max": None, "power": "9",
                                            "toughness": "9", "abilities": []}]}
    no_text = {k: v for k, v in RECORDS[3].items() if k != "oracle_text"}
    with pytest.raises(PoolError) as caught:
        load_pool(_write(tmp_path, [good, bad_text, bad_levels, no_text]))
    error = caught.value
    assert len(error.errors) == 3
    message = str(error)
    assert f"{RECORDS[1]['name']}, line 4: " in message
    assert f"{RECORDS[2]['name']}: structured fields disagree" in message
    assert f"{RECORDS[3]['name']}: missing field(s) oracle_text" in message
    assert isinstance(error, ValueError)


def test_duplicate_names_are_reported(tmp_path: Path) -> None:
    with pytest.raises(PoolError, match="appears twice"):
        load_pool(_write(tmp_path, [RECORDS[0], RECORDS[0]]))


@pytest.mark.parametrize(("content", "fragment"), [
    ("{not json", "not a JSON file"),
    ('{"cards": []}', "a pool file is a JSON array"),
])
def test_bad_files_get_a_clear_error(tmp_path: Path, content: str, fragment: str) -> None:
    path = tmp_path / "pool.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ValueError, match=fragment):
        load_pool(path)


def test_missing_file_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="cannot read the pool file"):
        load_pool(tmp_path / "nope.json")


def test_a_record_that_is_not_an_object(tmp_path: Path) -> None:
    with pytest.raises(PoolError, match="record 2: a card record must be a JSON object"):
        load_pool(_write(tmp_path, [RECORDS[0], "Student of Warfare"]))


def test_rule_texts_in_three_editions_keep_their_own_numbers() -> None:
    current, english_2011, french_2011 = (load_rule_texts(e)
                                          for e in ("en-current", "en-2011", "fr-2011"))
    assert current["711.5"][0] == "711.5" and english_2011["711.5"][0] == "710.5"
    assert french_2011["711.6"][0] == "710.6"
    assert "base power and toughness" in current["711.2a"][1]
    assert "it‘s [P/T]" in english_2011["711.2a"][1]
    assert "marqueurs « niveau »" in french_2011["711.2a"][1]
    assert english_2011["702.87a"][0] == "702.85a"


def test_unknown_edition() -> None:
    with pytest.raises(ValueError, match="unknown rules edition"):
        load_rule_texts("de-2011")


def test_a_situation_file_is_read_under_the_situation_budget(tmp_path: Path) -> None:
    """Issue 11: ``read_json`` (the CLI's situation files) refuses nesting by its depth
    limit, naming the file and the byte, instead of a RecursionError; FIFOs are refused."""
    import os

    from leveler.io.pool_files import read_json

    path = tmp_path / "deep.json"
    path.write_bytes(b'{"card": "Student of Warfare", "x": ' + b"[" * 5_000)
    with pytest.raises(ValueError, match=r"deep.json: arrays and objects nested deeper than "
                                         r"the limit of 16, .*byte offset 51"):
        read_json(path, "situation file")
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="not a regular file"):
        read_json(fifo, "situation file")


def test_a_pool_file_that_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "pool.json"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="cannot read the pool file \\(not a regular file\\)"):
        load_pool(fifo)
