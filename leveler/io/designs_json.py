"""The JSON designs file, the format designers share (a pool file too): read under a budget.

A designs file is a JSON array of records in the project's pool format. One that is
uploaded, imported or moved in from an old ``designs.json`` is read under
:data:`DESIGNS_BUDGET` (:mod:`leveler.io.budget`: size, depth, counts and string length
checked while reading, before anything is built), and only from a regular file (never a
FIFO or a device, which would hang the server or cost it without bound).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from leveler.io.budget import JsonBudget, JsonBudgetError, JsonSyntaxError, read_json

__all__ = ["DESIGNS_BUDGET", "MAX_IMPORT_BYTES", "MAX_IMPORT_DEPTH", "MAX_RECORD_BYTES",
           "DesignsCapError", "DesignsError", "read_designs_json", "read_regular_file"]

MAX_RECORD_BYTES = 16_384
"""A record's size as JSON (UTF-8); a printed leveler's record is under 1 KB."""
MAX_IMPORT_BYTES = 4 * 1024 * 1024
"""A JSON designs file to import."""
MAX_IMPORT_DEPTH = 8
"""Nesting of a JSON designs file (an array of records: 3 is enough)."""


class DesignsError(ValueError):
    """What went wrong with the designs store, for a person (no server path in it)."""


class DesignsCapError(DesignsError):
    """A budget of the store (designs, record size) that a save or an import would pass."""


DESIGNS_BUDGET = JsonBudget(max_bytes=MAX_IMPORT_BYTES, max_depth=MAX_IMPORT_DEPTH,
                            max_values=400_000, max_items=50_000, max_string=MAX_RECORD_BYTES)
"""A JSON designs file to import: flat records (depth 3), checked while it is read."""


def read_designs_json(data: bytes, source: str = "the file") -> list[Any]:
    """A JSON designs file's records, read under :data:`DESIGNS_BUDGET` (size, depth,
    counts and string length checked while reading, before anything is built);
    DesignsError (naming ``source`` and the limit) if not."""
    try:
        records = read_json(data, source=source, budget=DESIGNS_BUDGET)
    except JsonBudgetError as error:
        raise DesignsCapError(str(error)) from None
    except JsonSyntaxError as error:
        raise DesignsError(str(error)[:300]) from None
    except ValueError as error:
        raise DesignsError(f"{source} is not JSON ({str(error)[:200]})") from None
    if not isinstance(records, list):
        raise DesignsError(f"{source} is not a JSON array of designs")
    return records


def read_regular_file(path: Path, max_bytes: int) -> bytes:
    """At most ``max_bytes + 1`` bytes of the regular file ``path`` (opened without
    blocking, so a FIFO is refused, not waited on); DesignsError or OSError otherwise."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(descriptor, "rb") as stream:
        if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
            raise DesignsError(f"{path.name} is not a regular file")
        return stream.read(max_bytes + 1)
