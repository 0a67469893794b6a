"""The designs file: a designer's custom levelers, saved so that no work is ever lost.

The file is a JSON array of card records in the project's own pool format (``name``,
``mana_cost``, ``type_line``, ``power``, ``toughness``, ``oracle_text``), so
``load_pool(path)`` reads it too. A design is saved even while its text does not parse
yet: the file keeps what the designer wrote, and loading reports which designs fail.

- Saving writes a temporary file beside the target, flushes and fsyncs it, then
  renames it over the target (``os.replace`` is atomic on POSIX) and fsyncs the folder:
  a crash at any moment leaves either the old file or the new one, never half of one.
- Changing the file (:func:`update_designs`: read it, change the records, write them)
  is done under an exclusive ``fcntl.flock`` on ``<name>.lock`` beside it, so two
  sessions saving different designs at the same instant cannot both read the old file
  and have the second write drop the first one's design: the second waits, then reads
  the file the first one wrote. The lock is on a file of its own because the designs
  file is replaced by the rename: a lock taken on it would stay with the old file.
  ``flock`` rather than ``fcntl.lockf``: a ``flock`` belongs to the open file, so two
  sessions of one server process exclude each other as two processes do, where a
  ``lockf`` lock belongs to the whole process (flock(2), fcntl(2)). The lock is
  advisory (it binds only code that takes it) and released when the change ends or
  fails. The lock file stays: removing it would let a session that is waiting on it
  lock a file that the next session no longer opens.
- A designs file that is not a JSON array of records is reported and moved aside to
  ``<name>.corrupt-<time>``; it is never overwritten. It is moved under the lock, after
  reading it again, so a file another session has just written is never moved aside.

The location is ``$LEVELER_DESIGNS`` if set, else ``~/.local/share/leveler/designs.json``.
Linux only (``fcntl``).
"""

from __future__ import annotations

import fcntl
import json
import os
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from leveler.data import card_from_record
from leveler.model import LevelerCard
from leveler.text import CardTextError

__all__ = ["DESIGN_FIELDS", "DesignsFile", "default_designs_path", "load_designs",
           "save_designs", "update_designs"]

DESIGN_FIELDS = ("name", "mana_cost", "type_line", "power", "toughness", "oracle_text")
"""The fields of a design record, in the order they are written."""


def default_designs_path() -> Path:
    """``$LEVELER_DESIGNS``, or ``~/.local/share/leveler/designs.json``."""
    configured = os.environ.get("LEVELER_DESIGNS")
    if configured:
        return Path(configured).expanduser()
    return Path.home() / ".local" / "share" / "leveler" / "designs.json"


@dataclass(frozen=True)
class DesignsFile:
    """What :func:`load_designs` found: the records, the cards that parse, the problems."""

    path: Path
    records: tuple[dict[str, Any], ...]
    """Every design as saved, parsing or not."""
    cards: dict[str, LevelerCard]
    """The designs that parse, by name."""
    errors: tuple[CardTextError, ...]
    """Designs that do not parse yet, each naming its card and line."""
    set_aside: Path | None = None
    """Where a corrupt file was moved, if it was."""
    message: str = ""
    """What happened, for a person, when something did not go as expected."""


def _record(design: Mapping[str, Any]) -> dict[str, Any]:
    missing = [key for key in ("name", "oracle_text") if key not in design]
    if missing:
        raise ValueError(f"a design needs {', '.join(missing)}: {dict(design)!r:.120}")
    return {key: design[key] for key in DESIGN_FIELDS if key in design}


def save_designs(designs: Sequence[Mapping[str, Any]], path: str | Path | None = None) -> Path:
    """Write the designs atomically (temp file, fsync, rename, fsync folder); return the path.

    This replaces the whole file without looking at it: to change what is there (add or
    replace one design), use :func:`update_designs`, which holds the lock.
    """
    target = Path(path) if path is not None else default_designs_path()
    _write([_record(d) for d in designs], target)
    return target


def _write(records: list[dict[str, Any]], target: Path) -> None:
    text = json.dumps(records, ensure_ascii=False, indent=2) + "\n"
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                         dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    folder = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


@contextmanager
def _locked(target: Path) -> Iterator[None]:
    """Hold the exclusive flock on ``<name>.lock`` beside ``target``, waiting for it."""
    descriptor = os.open(target.with_name(f"{target.name}.lock"), os.O_RDWR | os.O_CREAT,
                         0o600)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(descriptor, fcntl.LOCK_UN)
    finally:
        os.close(descriptor)


def update_designs(change: Callable[[DesignsFile], Sequence[Mapping[str, Any]]],
                   path: str | Path | None = None) -> DesignsFile:
    """Read the designs file, write ``change(file)`` in its place; return the file as written.

    The read, ``change`` and the atomic write happen under the exclusive lock on
    ``<name>.lock`` (see the module), so a session saving at the same instant waits and
    then changes the file this one wrote: no design is dropped. ``change`` gets the file
    as :func:`load_designs` reads it (a corrupt one already set aside) and returns every
    record to keep. If it raises, nothing is written and the lock is released. The
    returned file has the records written, and the read's ``set_aside`` and ``message``.
    ValueError for a folder, or a record with no ``name`` or ``oracle_text``.
    """
    target = Path(path) if path is not None else default_designs_path()
    if target.is_dir():
        raise ValueError(f"{target}: cannot write the designs file (it is a folder)")
    target.parent.mkdir(parents=True, exist_ok=True)
    with _locked(target):
        current = _load(target, locked=True)
        records = [_record(d) for d in change(current)]
        _write(records, target)
    return _parsed(target, records, current.set_aside, current.message)


def _set_aside(path: Path) -> Path:
    aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%dT%H%M%S')}")
    counter = 1
    while aside.exists():
        aside = aside.with_name(f"{aside.name}-{counter}")
        counter += 1
    os.replace(path, aside)
    return aside


def load_designs(path: str | Path | None = None) -> DesignsFile:
    """Read the designs file; a missing file is an empty one, a corrupt one is set aside."""
    return _load(Path(path) if path is not None else default_designs_path(), locked=False)


def _load(source: Path, locked: bool) -> DesignsFile:
    try:
        raw = source.read_bytes()
    except FileNotFoundError:
        return DesignsFile(source, (), {}, ())
    except OSError as error:
        raise ValueError(f"{source}: cannot read the designs file ({error.strerror})") from None
    try:
        records = json.loads(raw.decode("utf-8"))
        if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
            raise ValueError("not a JSON array of design records")
    except (ValueError, UnicodeDecodeError) as error:
        if not locked:  # read it again under the lock: another session may have saved it
            with _locked(source):
                return _load(source, locked=True)
        aside = _set_aside(source)
        return DesignsFile(source, (), {}, (), aside,
                           f"{source} could not be read ({error}); it was moved to {aside} "
                           "and a new designs file will be started.")
    return _parsed(source, records)


def _parsed(source: Path, records: list[dict[str, Any]], set_aside: Path | None = None,
            message: str = "") -> DesignsFile:
    cards: dict[str, LevelerCard] = {}
    errors: list[CardTextError] = []
    for record in records:
        try:
            card = card_from_record(record)
        except CardTextError as error:
            errors.append(error)
        else:
            cards[card.name] = card
    return DesignsFile(source, tuple(records), cards, tuple(errors), set_aside, message)
