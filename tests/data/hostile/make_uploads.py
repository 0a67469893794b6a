"""Writes uploads/: hostile pool and situation files of issue 11 (items 2 and 4).

Each is small on disk and was costly or fatal to the app before the JSON budget:
nested 100,000 deep, 80 KB of nested objects, ``[`` x 3,000 unclosed, a 6 KB nested
situation, a card whose power is a 31-digit string. :func:`oversized` makes the file
larger than the upload limit at run time (it is not kept in the repository).
Regenerate with ``python tests/data/hostile/make_uploads.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
UPLOADS = HERE / "uploads"
ROOT = HERE.parents[2]


def files() -> dict[str, bytes]:
    """File name -> contents of every hostile upload kept in ``uploads/``."""
    record = json.loads((ROOT / "data" / "levelers.json").read_text("utf-8"))[0]
    situation_tail = b"}" * 1_000 + b"}"
    return {
        "deep_pool_100k.json": b"[" * 100_000 + b"]" * 100_000,
        "nested_pool_80k.json": b'[{"a":' * 10_000 + b"1" + b"}]" * 10_000,
        "unclosed_pool_3000.json": b"[" * 3_000,
        "nested_situation_6k.json": (b'{"card": "Student of Warfare", "x": ' + b'{"a":' * 1_000
                                     + b"1" + situation_tail),
        "power_31_digits.json": json.dumps([{**record, "power": "1" * 31}]).encode(),
    }


def oversized(limit: int) -> bytes:
    """A well-formed pool file (the bundled cards, then padding) of ``limit`` + 1 KB bytes."""
    records = (ROOT / "data" / "levelers.json").read_bytes().rstrip()
    assert records.endswith(b"]")
    pad = limit + 1024 - len(records)
    return records[:-1] + b" " * pad + b"]"


def main() -> None:
    UPLOADS.mkdir(exist_ok=True)
    for name, contents in files().items():
        (UPLOADS / name).write_bytes(contents)


if __name__ == "__main__":
    main()
