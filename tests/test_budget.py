"""JSON read under a budget (issue 11, item 2): every limit refuses while reading, names the
file, the limit with its number and the place, and costs little for a hostile file."""

from __future__ import annotations

import contextlib
import io
import json
import os
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ijson  # type: ignore[import-untyped]
import pytest

from leveler.io.budget import (
    SITUATION_BUDGET,
    UPLOAD_POOL_BUDGET,
    JsonBudget,
    JsonBudgetError,
    JsonSyntaxError,
    budget_events,
    budget_items,
    guard_events,
    open_regular_file,
    read_json,
    read_json_file,
)

SMALL = JsonBudget(max_bytes=1_000, max_depth=4, max_values=50, max_items=10, max_string=20,
                   max_number=1_000)


def _refusal(data: bytes, budget: JsonBudget = SMALL) -> JsonBudgetError:
    with pytest.raises(JsonBudgetError) as caught:
        read_json(data, source="hostile.json", budget=budget)
    return caught.value


def test_a_document_within_its_budget_is_built_as_json_loads_builds_it() -> None:
    data = {"card": "Student of Warfare", "counters": {"level": 7},
            "effects": [{"type": "set_base_pt", "power": 1, "toughness": 1.5}], "x": None}
    text = json.dumps(data).encode()
    assert read_json(text, source="s.json", budget=SMALL) == json.loads(text)
    assert read_json(io.BytesIO(text), source="s.json", budget=SMALL) == data


def test_a_utf8_byte_order_mark_is_skipped() -> None:
    assert read_json(b"\xef\xbb\xbf[1]", source="bom.json", budget=SMALL) == [1]


@pytest.mark.parametrize(("data", "limit", "path", "offset"), [
    (b"[[[[[1]]]]]", "depth", "$[0][0][0][0]", 4),
    (b'{"a": {"b": [[{"c": 1}]]}}', "depth", "$.a.b[0][0]", 14),
    (b"[" + b"1," * 10 + b"1]", "items", "$[10]", 22),  # a number ends at the next byte
    (b"[[1,2,3,4,5,6,7,8],[1,2,3,4,5,6,7,8],[1,2,3,4,5,6,7,8],[1,2,3,4,5,6,7,8],"
     b"[1,2,3,4,5,6,7,8],[1,2,3,4,5,6,7,8]]", "values", "$[5][3]", 99),
    (b'{"name": "' + b"x" * 21 + b'"}', "string", "$.name", 31),
    (b'{"' + b"k" * 21 + b'": 1}', "string", "$", 23),
    (b'{"power": 1000}', "number", "$.power", 14),
    (b'{"power": -1000.5}', "number", "$.power", 17),
])
def test_each_limit_is_named_with_its_number_and_place(data: bytes, limit: str, path: str,
                                                      offset: int) -> None:
    error = _refusal(data)
    assert (error.limit, error.path) == (limit, path)
    assert error.maximum == getattr(SMALL, f"max_{limit}")
    message = str(error)
    assert message.startswith("hostile.json: ")
    assert f"{error.maximum:,}" in message and path in message
    assert f"byte offset {offset:,}" in message, message
    assert isinstance(error, ValueError)


def test_a_file_over_the_byte_limit_is_refused_before_reading_or_after_the_limit() -> None:
    data = b"[" + b" " * 2_000 + b"]"
    assert _refusal(data).limit == "bytes"
    with pytest.raises(JsonBudgetError) as caught:
        read_json(io.BytesIO(data), source="big.json", budget=SMALL)
    assert caught.value.limit == "bytes" and "1,000 bytes" in str(caught.value)


def test_syntax_errors_name_line_column_and_byte() -> None:
    with pytest.raises(JsonSyntaxError) as caught:
        read_json(b'[\n  1,\n  x]', source="bad.json", budget=SMALL)
    assert "bad.json: not a JSON file" in str(caught.value)
    assert "line 3, column 3, byte offset 9" in str(caught.value)
    with pytest.raises(JsonSyntaxError, match="premature EOF"):
        read_json(b'[1, 2', source="cut.json", budget=SMALL)
    with pytest.raises(JsonSyntaxError, match="empty"):
        read_json(b"", source="empty.json", budget=SMALL)
    with pytest.raises(JsonSyntaxError, match="trailing garbage"):
        read_json(b"[1] [2]", source="two.json", budget=SMALL)
    with pytest.raises(JsonSyntaxError):
        read_json(b'["\xff"]', source="latin1.json", budget=SMALL)
    with pytest.raises(JsonSyntaxError, match=r"line 1, column 42, .*beyond 64 bits"):
        read_json(b'{"power": 1234567890123456789012345678901}', source="p.json",
                  budget=UPLOAD_POOL_BUDGET)


def test_unclosed_brackets_are_refused_by_depth_not_recursion() -> None:
    """The 3 KB pool file of issue 11, item 4: ``[`` x 3,000 with no end."""
    error = _refusal(b"[" * 3_000, UPLOAD_POOL_BUDGET)
    assert error.limit == "depth" and error.maximum == 32
    assert "byte offset 32" in str(error)


def test_guard_events_refuses_a_stream_of_events_from_any_parser() -> None:
    events = ijson.basic_parse(io.BytesIO(b"[[[[[[1]]]]]]"))
    guarded = guard_events(events, source="events", budget=SMALL)
    with pytest.raises(JsonBudgetError, match="nested deeper than the limit of 4"):
        list(guarded)


def test_budget_events_feed_ijson_parse_and_items() -> None:
    data = json.dumps([{"name": f"card {i}"} for i in range(5)]).encode()
    events = budget_events(io.BytesIO(data), source="pool.json", budget=UPLOAD_POOL_BUDGET)
    names = [item["name"] for item in ijson.items(ijson.parse(events), "item")]
    assert names == [f"card {i}" for i in range(5)]


def test_budget_items_yields_the_items_before_the_chunk_that_fails() -> None:
    """Items are built chunk by chunk (1 KB for uploads), each chunk's events checked
    first: the card before the hostile part arrives, the nesting after it is refused."""
    data = json.dumps([{"name": f"card {i}"} for i in range(5)]).encode()
    items = budget_items(io.BytesIO(data), "item", source="pool.json",
                         budget=UPLOAD_POOL_BUDGET)
    assert [item["name"] for item in items] == [f"card {i}" for i in range(5)]
    deep = b'[{"name": "a"}, ' + b" " * 2048 + b"[" * 100 + b"]" * 100 + b"]"
    items = budget_items(io.BytesIO(deep), "item", source="pool.json",
                         budget=UPLOAD_POOL_BUDGET)
    assert next(items) == {"name": "a"}
    with pytest.raises(JsonBudgetError, match=r"pool.json: .*limit of 32, at \$\[1\]"):
        next(items)
    pairs = budget_items(io.BytesIO(b'{"data": {"A": [1], "B": [2]}}'), "data", pairs=True,
                         source="atomic.json", budget=UPLOAD_POOL_BUDGET)
    assert list(pairs) == [("A", [1]), ("B", [2])]


def test_read_json_file_reads_regular_files_and_refuses_a_fifo(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text('{"card": "x"}', encoding="utf-8")
    assert read_json_file(path, budget=SITUATION_BUDGET, what="situation") == {"card": "x"}
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="not a regular file"):
        read_json_file(fifo, budget=SITUATION_BUDGET)
    with pytest.raises(ValueError, match="not a regular file"):
        open_regular_file(tmp_path)
    with pytest.raises(ValueError, match="cannot read the situation"):
        read_json_file(tmp_path / "absent.json", budget=SITUATION_BUDGET, what="situation")


def _peak(work: Callable[[], Any]) -> int:
    tracemalloc.start()
    with contextlib.suppress(ValueError):
        work()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


@pytest.mark.parametrize("hostile", [
    b"[" * 100_000,                       # nested 100k deep, unclosed
    b'{"a":' * 20_000,                    # 100 KB of nested objects
    b"[" * 50_000 + b"]" * 50_000,        # 100 KB of nesting, closed
])
def test_a_hostile_file_costs_less_memory_than_an_honest_one_of_its_size(hostile: bytes
                                                                         ) -> None:
    """Issue 11, item 2: nested JSON grew memory with the square of its depth."""
    honest = json.dumps([{"name": f"card {i}", "power": "2", "toughness": "2",
                          "oracle_text": "Level up {1}"} for i in range(len(hostile) // 80)]
                        ).encode()[:len(hostile)]
    honest = honest[:honest.rindex(b"},") + 1] + b"]"
    assert abs(len(honest) - len(hostile)) < 200
    honest_peak = _peak(lambda: read_json(honest, source="honest", budget=UPLOAD_POOL_BUDGET))
    hostile_peak = _peak(lambda: read_json(hostile, source="hostile",
                                           budget=UPLOAD_POOL_BUDGET))
    assert hostile_peak < honest_peak / 2, (hostile_peak, honest_peak)
