"""JSON read under a budget, checked while reading, before any object is built.

Untrusted JSON (an uploaded pool or situation, a file named on the command line) is
parsed by ijson's C backend into events (``start_array``, ``map_key``, ``string``...);
:func:`guard_events` counts them as they come and refuses the file the moment a limit
of its :class:`JsonBudget` is passed: total bytes, nesting depth, number of values,
items in one array or object, characters in one string or key, size of a number. Only
events that passed reach a builder (:func:`read_json`) or ijson's ``items``/``kvitems``
(:func:`budget_events`, for the streaming pool readers), so ``[`` × 3,000 unclosed, or
80 KB of nesting, costs a few kilobytes and never a RecursionError.

Every refusal is a :class:`JsonBudgetError` (a ValueError) naming the file, the limit
and its number, the JSON path and the line, column and byte where it was passed; a file
that is not JSON is a :class:`JsonSyntaxError` (a ValueError) naming the same place.
"""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import ijson  # type: ignore[import-untyped]
import ijson.common  # type: ignore[import-untyped]
import ijson.utils  # type: ignore[import-untyped]

__all__ = ["LOCAL_POOL_BUDGET", "SITUATION_BUDGET", "UPLOAD_POOL_BUDGET", "JsonBudget",
           "JsonBudgetError", "JsonSyntaxError", "budget_events", "budget_items", "guard_events",
           "open_regular_file", "read_json", "read_json_file"]

_BOM = b"\xef\xbb\xbf"
_PATH_CHARS = 160
"""A JSON path in a message is cut to this length (its start and its end are kept)."""
Event = tuple[str, Any]


@dataclass(frozen=True, slots=True)
class JsonBudget:
    """What one JSON document may cost; every limit is checked while it is read."""

    max_bytes: int
    """Size of the file in bytes."""
    max_depth: int
    """Arrays and objects open at once."""
    max_values: int
    """Values in the whole document (each scalar, array and object counts one)."""
    max_items: int
    """Items of one array, or keys of one object."""
    max_string: int
    """Characters of one string or key."""
    max_number: int = 10**15
    """Numbers must lie strictly between ``-max_number`` and ``max_number`` (and be finite)."""
    chunk_bytes: int = 4096
    """Bytes handed to the parser at a time: the events of one chunk (~64 bytes each) are
    the most that is ever pending before the guard sees them."""


SITUATION_BUDGET = JsonBudget(max_bytes=64 * 1024, max_depth=16, max_values=10_000,
                              max_items=1_000, max_string=8_192, chunk_bytes=1024)
"""A What-if situation file: a few hundred bytes, depth 5 with a custom card in an effect."""

UPLOAD_POOL_BUDGET = JsonBudget(max_bytes=16 * 1024 * 1024, max_depth=32,
                                max_values=2_000_000, max_items=200_000, max_string=65_536,
                                chunk_bytes=1024)
"""A pool file uploaded through the page: a Scryfall list or search result, an MTGJSON set
file (ROE.json is ~4 MB), the project's own file: 16 MiB, whose base64 request (~22 MB)
passes a proxy's ``client_max_body_size 25m``. Card objects are shallow (depth 7 in
MTGJSON). A whole Scryfall bulk file is larger: serve it with ``LEVELER_POOL``."""

LOCAL_POOL_BUDGET = JsonBudget(max_bytes=4 * 1024**3, max_depth=32, max_values=10**9,
                               max_items=5_000_000, max_string=1024 * 1024)
"""A pool file the server's owner names (``LEVELER_POOL``, the CLI's ``--pool``): Scryfall's
"all cards" bulk file (~2.3 GB, ~500,000 cards) fits; the depth is the same as uploads'."""


class JsonBudgetError(ValueError):
    """A JSON document that passes a limit of its budget, refused where the limit was passed."""

    def __init__(self, source: str, limit: str, maximum: int, path: str,
                 where: str, found: str = "") -> None:
        self.source = source
        self.limit = limit
        """Which limit: ``bytes``, ``depth``, ``values``, ``items``, ``string``, ``number``."""
        self.maximum = maximum
        self.path = path
        """The JSON path where it was passed, e.g. ``$[0].card_faces[1]``."""
        self.where = where
        """Line, column and byte, or the bytes read so far."""
        self.found = found
        found = f" ({found})" if found else ""
        super().__init__(f"{source}: {_LIMIT_WORDS[limit].format(f'{maximum:,}')}{found}, "
                         f"at {path} ({where})")


class JsonSyntaxError(ValueError):
    """Bytes that are not JSON, with the line, column and byte where the parser stopped."""

    def __init__(self, source: str, reason: str, where: str) -> None:
        self.source = source
        self.reason = reason
        self.where = where
        super().__init__(f"{source}: not a JSON file ({where}: {reason})" if where
                         else f"{source}: not a JSON file ({reason})")


_LIMIT_WORDS = {
    "bytes": "larger than the limit of {} bytes",
    "depth": "arrays and objects nested deeper than the limit of {}",
    "values": "more values than the limit of {}",
    "items": "more items in one array or object than the limit of {}",
    "string": "a string or key longer than the limit of {} characters",
    "number": "a number beyond the limit of ±{} (or not finite)",
}


# ---------------------------------------------------------------- counting bytes

class _Counted:
    """A binary stream that counts what it hands out and refuses past ``max_bytes``.

    ``fine_from`` makes it hand out one byte at a time from that offset on (to find the
    exact byte of an error on a second pass)."""

    def __init__(self, stream: IO[bytes], limit: int, chunk: int,
                 fine_from: int | None = None) -> None:
        self._stream = stream
        self._chunk = chunk
        self._limit = limit
        self._fine_from = fine_from
        self.offset = 0
        self._pending = b""
        head = stream.read(len(_BOM))
        if head == _BOM:
            self.offset = len(_BOM)
        else:
            self._pending = head

    def read(self, size: int | None = -1) -> bytes:
        if size == 0:  # ijson's probe for bytes or text
            return b""
        want = self._chunk if size is None or size < 0 else min(size, self._chunk)
        if self._fine_from is not None and self.offset + want > self._fine_from:
            want = max(1, self._fine_from - self.offset) if self.offset < self._fine_from else 1
        if self._pending:
            chunk, self._pending = self._pending[:want], self._pending[want:]
        else:
            chunk = self._stream.read(want)
        self.offset += len(chunk)
        if self.offset > self._limit:
            raise _Over()
        return chunk


class _Over(Exception):
    """Raised inside the parser's read: the file passed ``max_bytes``."""


# ---------------------------------------------------------------- the guard

Checker = Generator[None, list[Event], None]


def _checker(source: str, budget: JsonBudget, offset: Callable[[], int] | None) -> Checker:
    """A coroutine sent lists of ``basic_parse`` events (a chunk's worth at a time): it
    raises :class:`JsonBudgetError` at the first event that passes a limit. Its state
    lives in local variables, so a chunk costs one loop, with no call per event."""
    max_depth, max_items, max_values = budget.max_depth, budget.max_items, budget.max_values
    max_string, max_number = budget.max_string, budget.max_number
    keys: list[str | None] = []  # per open container: its current key (objects)
    counts: list[int] = []       # per open container: items so far
    values = 0

    def refuse(limit: str, maximum: int, found: str = "") -> JsonBudgetError:
        read = offset() if offset is not None else None
        where = f"within the first {read:,} bytes" if read is not None else "while reading"
        return JsonBudgetError(source, limit, maximum, _path(keys, counts), where, found)

    while True:
        events = yield
        for kind, value in events:
            if kind == "map_key":
                if len(value) > max_string:
                    raise refuse("string", max_string, f"a key of {len(value):,} characters")
                keys[-1] = value
            elif kind == "end_map" or kind == "end_array":
                keys.pop()
                counts.pop()
            else:  # a value starts: count it in its container
                if counts:
                    counts[-1] += 1
                    if counts[-1] > max_items:
                        raise refuse("items", max_items)
                values += 1
                if values > max_values:
                    raise refuse("values", max_values)
                if kind == "start_map" or kind == "start_array":
                    if len(counts) >= max_depth:
                        raise refuse("depth", max_depth)
                    keys.append(None)
                    counts.append(0)
                elif kind == "string":
                    if len(value) > max_string:
                        raise refuse("string", max_string, f"{len(value):,} characters")
                elif kind == "number" and not -max_number < value < max_number:  # NaN too
                    raise refuse("number", max_number)


def _started(checker: Checker) -> Checker:
    next(checker)
    return checker


def guard_events(events: Iterable[Event], *, source: str, budget: JsonBudget,
                 offset: Callable[[], int] | None = None) -> Iterator[Event]:
    """``events`` (ijson ``basic_parse`` pairs), refused with :class:`JsonBudgetError`
    the moment one passes a limit of ``budget``. ``offset()``, if given, says how many
    bytes were read so far (for the message)."""
    check = _started(_checker(source, budget, offset)).send
    for event in events:
        check([event])
        yield event


def _path(keys: list[str | None], counts: list[int]) -> str:
    """The JSON path of the open containers, e.g. ``$.data[3].name`` (long ones cut)."""
    parts = ["$"]
    for key, count in zip(keys, counts, strict=True):
        if key is not None:
            parts.append(f".{key}" if key.isidentifier() and len(key) <= 40 else
                         f"[{key[:40]!r}]")
        elif count:
            parts.append(f"[{count - 1}]")
    path = "".join(parts)
    return path if len(path) <= _PATH_CHARS else f"{path[:40]}…{path[-(_PATH_CHARS - 41):]}"


def _chunks(counted: _Counted, source: str, budget: JsonBudget) -> Iterator[list[Event]]:
    """The ``basic_parse`` events of each chunk of ``counted``, every one of them checked
    (the same list object, refilled: use it before asking for the next)."""
    events: list[Event] = ijson.utils.sendable_list()
    parser = ijson.get_backend(ijson.backend).basic_parse_basecoro(events, use_float=True)
    check = _started(_checker(source, budget, lambda: counted.offset)).send
    while True:
        data = counted.read(budget.chunk_bytes)
        failure: Exception | None = None
        try:
            parser.send(data)
        except StopIteration:
            failure = None
        except ijson.JSONError as error:  # the events before it are checked first
            failure = error
        check(events)
        if failure is not None:
            raise failure
        yield events
        del events[:]
        if not data:
            return


def _events(counted: _Counted, source: str, budget: JsonBudget) -> Iterator[Event]:
    for events in _chunks(counted, source, budget):
        yield from events


# ---------------------------------------------------------------- reading

def budget_events(stream: IO[bytes], *, source: str, budget: JsonBudget) -> Iterator[Event]:
    """The ``basic_parse`` events of the JSON in ``stream``, read from its current position
    under ``budget`` (for ``ijson.parse``, a builder, or a look at the first keys).

    Raises :class:`JsonBudgetError` or :class:`JsonSyntaxError` (ValueErrors naming
    ``source`` and the place) while iterating; a seekable stream is read again around the
    failure to name its exact line, column and byte.
    """
    return _reported(stream, source, budget, lambda counted: _events(counted, source, budget))


def budget_items(stream: IO[bytes], prefix: str, *, source: str, budget: JsonBudget,
                 pairs: bool = False) -> Iterator[Any]:
    """``ijson.items(stream, prefix)`` (``ijson.kvitems`` with ``pairs``) under ``budget``:
    each chunk's events are checked before any is handed to ijson's C builder of items,
    so nothing is built from an event that did not pass. Errors as
    :func:`budget_events` raises them."""
    backend = ijson.get_backend(ijson.backend)
    build = backend.kvitems_basecoro if pairs else backend.items_basecoro

    def pipeline(counted: _Counted) -> Iterator[Any]:
        items: list[Any] = ijson.utils.sendable_list()
        parse = backend.parse_basecoro(build(items, prefix, map_type=None))
        send = parse.send
        for events in _chunks(counted, source, budget):
            for event in events:
                send(event)
            yield from items
            del items[:]

    return _reported(stream, source, budget, pipeline)


def _reported(stream: IO[bytes], source: str, budget: JsonBudget,
              pipeline: Callable[[_Counted], Iterator[Any]]) -> Iterator[Any]:
    """What ``pipeline`` yields from ``stream`` counted; its failures as ValueErrors that
    name ``source``, the limit and the place."""
    start = stream.tell() if stream.seekable() else None
    counted = _Counted(stream, budget.max_bytes, budget.chunk_bytes)
    try:
        yield from pipeline(counted)
    except _Over:
        raise JsonBudgetError(source, "bytes", budget.max_bytes, "$",
                              f"byte offset {budget.max_bytes:,}") from None
    except JsonBudgetError as error:
        raise _placed(error, stream, start, counted.offset, source, budget) from None
    except ijson.JSONError as error:
        reason = _reason(error)
        if reason == "premature EOF" and _blank(stream, start):
            raise JsonSyntaxError(source, "the file is empty", "") from None
        place = _locate(stream, start, counted.offset, source, budget,
                        at_end=reason == "premature EOF")
        where = place if place else f"within the first {counted.offset:,} bytes"
        raise JsonSyntaxError(source, reason, where) from None


def _blank(stream: IO[bytes], start: int | None) -> bool:
    """Whether the stream holds only blanks (and a byte order mark) from ``start``."""
    if start is None:
        return False
    stream.seek(start)
    head = stream.read(len(_BOM))
    chunk = head[len(_BOM):] if head == _BOM else head
    while True:
        if chunk.strip(b" \t\r\n"):
            return False
        chunk = stream.read(64 * 1024)
        if not chunk:
            return True


def read_json(data: bytes | IO[bytes], *, source: str, budget: JsonBudget) -> Any:
    """The JSON document in ``data`` (bytes, or a binary stream read to its end), built
    only from events that passed ``budget``; :class:`JsonBudgetError` or
    :class:`JsonSyntaxError` otherwise, naming ``source``, the limit and the place."""
    if isinstance(data, bytes | bytearray | memoryview):
        if len(data) > budget.max_bytes:
            raise JsonBudgetError(source, "bytes", budget.max_bytes, "$", "before reading",
                                  f"{len(data):,} bytes")
        stream: IO[bytes] = io.BytesIO(bytes(data))
    else:
        stream = data
    events = budget_events(stream, source=source, budget=budget)
    builder = ijson.ObjectBuilder()
    for kind, value in events:
        builder.event(kind, value)
    return builder.value


def open_regular_file(path: str | Path, what: str = "file") -> IO[bytes]:
    """``path`` opened for reading in binary, only if it is a regular file: a FIFO, a
    device or a directory is refused at once (it is opened without blocking, then
    checked), with a ValueError naming the path and ``what`` it was meant to be."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise ValueError(f"{path}: cannot read the {what} ({error.strerror})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise ValueError(f"{path}: cannot read the {what} (not a regular file)")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_json_file(path: str | Path, *, budget: JsonBudget, what: str = "file") -> Any:
    """The JSON document in the regular file ``path``, read under ``budget``
    (:func:`read_json`); ValueError naming the path when it cannot be read."""
    with open_regular_file(path, what) as stream:
        try:
            return read_json(stream, source=str(path), budget=budget)
        except OSError as error:
            raise ValueError(f"{path}: cannot read the {what} ({error.strerror})") from None


# ---------------------------------------------------------------- where it failed

def _reason(error: Exception) -> str:
    """ijson/yajl's message without its ASCII art: ``premature EOF``, ``trailing garbage``."""
    text = str(error)
    if text.startswith(("b'", 'b"')):  # yajl's message as the repr of its bytes
        text = text[2:].replace("\\n", "\n")
    first = text.strip().splitlines()[0] if text.strip() else type(error).__name__
    reason = first.replace("parse error: ", "").replace("lexical error: ", "").rstrip(".")
    return _REASONS.get(reason, reason)


_REASONS = {
    "integer overflow": "an integer too large to read (beyond 64 bits)",
    "numeric (floating point) overflow": "a number beyond the floating-point range",
}


def _placed(error: JsonBudgetError, stream: IO[bytes], start: int | None, read: int,
            source: str, budget: JsonBudget) -> JsonBudgetError:
    place = _locate(stream, start, read, source, budget)
    if place is None:
        return error
    return JsonBudgetError(source, error.limit, error.maximum, error.path, place, error.found)


def _locate(stream: IO[bytes], start: int | None, read: int, source: str,
            budget: JsonBudget, *, at_end: bool = False) -> str | None:
    """Line, column and byte of the failure that happened within the first ``read`` bytes:
    the same guarded parse again, the last chunk fed one byte at a time (bounded work:
    one more pass of the file); ``at_end`` names the end of the file (a premature end)
    rather than its last byte. None when the stream cannot be read again."""
    if start is None:
        return None
    try:
        stream.seek(start)
        counted = _Counted(stream, budget.max_bytes, budget.chunk_bytes,
                           fine_from=max(0, read - budget.chunk_bytes))
        try:
            for _ in _events(counted, source, budget):
                pass
        except (JsonBudgetError, ijson.JSONError, _Over):
            pass
        else:
            return None
        offset = counted.offset if at_end else max(0, counted.offset - 1)  # the failing byte
        stream.seek(start)
        line, column = _line_column(stream, offset)
    except (OSError, ValueError):
        return None
    return f"line {line}, column {column}, byte offset {offset:,}"


def _line_column(stream: IO[bytes], offset: int) -> tuple[int, int]:
    """1-based line and column (in bytes) of the byte ``offset`` bytes after the position."""
    line, last_newline, done = 1, -1, 0
    while done < offset:
        chunk = stream.read(min(64 * 1024, offset - done))
        if not chunk:
            break
        count = chunk.count(b"\n")
        if count:
            line += count
            last_newline = done + chunk.rindex(b"\n")
        done += len(chunk)
    return line, offset - last_newline
