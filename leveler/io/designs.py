"""The designs store: a designer's custom levelers in SQLite, with revisions, never lost.

- One SQLite file (standard library, WAL mode, ``synchronous=FULL``), one row per design
  with a revision number; every revision is kept in ``revisions`` (the newest
  :data:`MAX_REVISIONS` of each design), so a design's history can be listed and one
  restored (as a new revision: history is never rewritten). A save is one transaction
  (``BEGIN IMMEDIATE``): a crash or ``kill -9`` leaves the store before or after it.
- A save names the revision its session opened (None for a name it did not open): if the
  name's revision is another one now, the save is refused with :class:`DesignConflict`
  ("changed meanwhile by another session"), never a silent replace; the caller can keep
  the work as a copy (:meth:`DesignsStore.save_copy`) or reload.
- A record that fails to parse (a bad cost, a text that is not a leveler's, a row that is
  not JSON) is that design's ``problem``; it never fails the store or other designs.
- Budgets: :data:`MAX_DESIGNS` designs per store, :data:`MAX_RECORD_BYTES` per record,
  :data:`MAX_DRAFTS` drafts (the oldest go first); a JSON file to import is read under
  :data:`leveler.io.designs_json.DESIGNS_BUDGET` (checked while reading).
- Drafts (what a session has typed, saved as it is typed) are keyed by a random token the
  browser keeps (:func:`new_draft_token`), so a reload or a server restart offers them back.
- The location is server configuration only (:func:`default_store_path`:
  ``$LEVELER_DESIGNS``, else ``~/.local/share/leveler/designs.sqlite``); a ``.json``
  designs file of the old format named there, or lying beside the store with its stem,
  is imported once, losslessly (every record as it was, a repeated name as an older
  revision) and kept as it was; the import is noted in the store. Messages name the
  store by its file name only: the page never learns a server path.
- A new store is created 0600; an existing file's mode is never changed. A read-only file
  or folder is read, and saves are refused with a message.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import sqlite3
import stat
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from functools import lru_cache
from pathlib import Path
from typing import Any

from leveler.io.design_records import Design, DesignConflict, Designs, Revision, StoredDraft
from leveler.io.designs_json import (
    MAX_IMPORT_BYTES,
    MAX_RECORD_BYTES,
    DesignsCapError,
    DesignsError,
    read_designs_json,
    read_regular_file,
)
from leveler.io.pool_files import card_from_record
from leveler.model import LevelerCard
from leveler.text import CardTextError

__all__ = [
    "DESIGN_FIELDS",
    "MAX_DESIGNS",
    "MAX_DRAFTS",
    "MAX_IMPORT_BYTES",
    "MAX_RECORD_BYTES",
    "MAX_REVISIONS",
    "Design",
    "DesignConflict",
    "Designs",
    "DesignsCapError",
    "DesignsError",
    "DesignsStore",
    "Revision",
    "StoredDraft",
    "check_record_size",
    "default_store_path",
    "new_draft_token",
    "open_store",
    "read_designs_json",
    "valid_token",
]

DESIGN_FIELDS = ("name", "mana_cost", "type_line", "power", "toughness", "oracle_text")
"""The fields of a design record (the project's pool format), in the order they are written."""
MAX_DESIGNS = 500
"""Designs (names) per store: a save of a new name beyond it is refused, the cap named."""
MAX_NAME_CHARS = 200
"""A design name's length."""
MAX_REVISIONS = 100
"""Revisions kept per design (the newest); older ones are dropped as new ones are saved."""
MAX_DRAFTS = 1_000
"""Drafts per store; beyond it the least recently typed ones are dropped."""
STORE_NAME = "designs.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS designs (name TEXT PRIMARY KEY, revision INTEGER NOT NULL,
    record TEXT NOT NULL, saved_at REAL NOT NULL, position INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS revisions (name TEXT NOT NULL, revision INTEGER NOT NULL,
    record TEXT NOT NULL, saved_at REAL NOT NULL, PRIMARY KEY (name, revision));
CREATE TABLE IF NOT EXISTS drafts (token TEXT PRIMARY KEY, record TEXT NOT NULL,
    opened_name TEXT, opened_revision INTEGER, saved_at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS imports (source TEXT PRIMARY KEY, imported_at REAL NOT NULL,
    designs INTEGER NOT NULL, note TEXT NOT NULL);
"""
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


def _designs(count: int) -> str:
    """``1 design``, ``2 designs``: a count as English says it."""
    return f"{count} design" if count == 1 else f"{count} designs"


def default_store_path() -> Path:
    """``$LEVELER_DESIGNS`` (a ``.json`` there means the store beside it, same stem), else
    ``~/.local/share/leveler/designs.sqlite``."""
    configured = os.environ.get("LEVELER_DESIGNS")
    if not configured:
        return Path.home() / ".local" / "share" / "leveler" / STORE_NAME
    path = Path(configured).expanduser()
    if path.suffix.lower() == ".json":
        return path.with_suffix(".sqlite")
    return path / STORE_NAME if path.is_dir() else path


def new_draft_token() -> str:
    """A random token naming one browser's draft (128 bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def valid_token(token: object) -> bool:
    return isinstance(token, str) and _TOKEN.fullmatch(token) is not None


def open_store(path: str | Path | None = None) -> DesignsStore:
    """The store at ``path`` (default :func:`default_store_path`), created if missing, with
    the old ``.json`` designs file beside it imported once. Never raises: a problem is the
    store's ``message``, and its saves then fail with it."""
    store = DesignsStore(Path(path) if path is not None else default_store_path())
    store.prepare()
    return store


@lru_cache(maxsize=4096)
def _parsed(text: str, name: str) -> tuple[LevelerCard | None, CardTextError | None]:
    """The card a saved record parses to, or its problem (cached by the record's text)."""
    try:
        record = json.loads(text)
    except (ValueError, RecursionError):
        return None, CardTextError("the saved record is not JSON", card=name)
    try:
        return card_from_record(record), None
    except CardTextError as error:
        return None, error
    except Exception as error:
        return None, CardTextError(f"{type(error).__name__}: {str(error)[:200]}", card=name)


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return text


def _clean(record: Mapping[str, Any]) -> tuple[str, str]:
    """(name, JSON text) of a record the bench saves; DesignsError for one it cannot."""
    if not isinstance(record, Mapping):
        raise DesignsError("a design must be a record of fields")
    name = record.get("name")
    if not isinstance(name, str) or not name.strip():
        raise DesignsError("give the design a name before saving it")
    if len(name) > MAX_NAME_CHARS:
        raise DesignsCapError(f"a design name may have {MAX_NAME_CHARS} characters at most "
                              f"(this one has {len(name)})")
    fields = {key: record[key] for key in DESIGN_FIELDS if key in record}
    if "oracle_text" not in fields:
        raise DesignsError("a design needs an oracle_text")
    if not all(isinstance(value, (str, int, float)) for value in fields.values()):
        raise DesignsError("every field of a design must be text or a number")
    return name, check_record_size(fields)


def check_record_size(record: Mapping[str, Any]) -> str:
    """The design's fields as the store writes them (JSON), or DesignsCapError when they
    pass :data:`MAX_RECORD_BYTES` (the bench checks what is typed against it too)."""
    fields = {key: record[key] for key in DESIGN_FIELDS if key in record}
    return _sized(json.dumps(fields, ensure_ascii=False), str(record.get("name") or ""))


def _sized(text: str, name: str) -> str:
    size = len(text.encode("utf-8"))
    if size > MAX_RECORD_BYTES:
        raise DesignsCapError(f"“{name[:60]}” is {size:,} bytes; a design may have "
                              f"{MAX_RECORD_BYTES:,} at most")
    return text


class DesignsStore:
    """The designs store at ``path`` (see the module). Each call opens its own connection,
    so sessions (threads) and processes share one store safely."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.location = path.name
        self.message = ""
        self.problem: str | None = None
        """Why the store cannot be used at all (its folder or file), if it cannot."""
        self._seen: tuple[tuple[Any, ...], Designs] | None = None
        """The last snapshot and the designs table's signature when it was read."""

    # ------------------------------------------------------------ opening
    def prepare(self) -> None:
        """Create the store if missing (0600), its tables, and import the old JSON once."""
        try:
            self._create()
        except (OSError, sqlite3.Error, DesignsError) as error:
            self.problem = self._say(error)
            self.message = self.problem
            return
        legacy = self._legacy()
        if legacy is not None:
            self.message = self._import_legacy(legacy)

    def _create(self) -> None:
        try:
            mode = os.stat(self.path).st_mode
        except FileNotFoundError:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            with suppress(FileExistsError):  # another session may have created it meanwhile
                os.close(os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        else:
            if not stat.S_ISREG(mode):
                raise DesignsError(f"{self.location} is not a regular file")
        if not self.writable:
            return
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)

    @property
    def writable(self) -> bool:
        return os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK)

    @contextmanager
    def _connect(self, synchronous: str = "FULL") -> Iterator[sqlite3.Connection]:
        if self.problem is not None:
            raise DesignsError(self.problem)
        if self.writable:
            db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        else:  # read-only: no -wal or -shm can be made, and nobody writes it
            db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro&immutable=1",
                                 uri=True, timeout=30, isolation_level=None)
        try:
            db.execute(f"PRAGMA synchronous={synchronous}")
            yield db
        finally:
            db.close()

    @contextmanager
    def _write(self, synchronous: str = "FULL") -> Iterator[sqlite3.Connection]:
        """One write transaction (BEGIN IMMEDIATE ... COMMIT, rolled back on any error);
        ``synchronous=NORMAL`` (drafts) survives a killed process, not a power cut."""
        if self.problem is None and not self.writable:
            raise DesignsError(f"{self.location} is read-only on the server: nothing can be "
                               "saved (ask who runs the server)")
        try:
            with self._connect(synchronous) as db:
                db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
        except (sqlite3.Error, OSError) as error:
            raise DesignsError(self._say(error)) from None

    def _say(self, error: BaseException) -> str:
        if isinstance(error, DesignsError):
            return str(error)
        if isinstance(error, OSError):
            return f"cannot use the designs store {self.location}: {error.strerror or error}"
        return f"cannot use the designs store {self.location}: {error}"

    # ------------------------------------------------------------ reading
    def snapshot(self) -> Designs:
        """Every design as it is now, in the order first saved; never raises. Read again
        only when the designs table changed since the last snapshot (its count, revisions,
        positions and times), so a keystroke that re-reads the store costs one query."""
        try:
            with self._connect() as db:
                signature = tuple(db.execute(
                    "SELECT count(*), total(revision), max(position), max(saved_at), "
                    "total(length(record)) FROM designs").fetchone())
                if self._seen is not None and self._seen[0] == signature:
                    return self._seen[1]
                rows = db.execute("SELECT name, revision, record, saved_at FROM designs "
                                  "ORDER BY position").fetchall()
        except (sqlite3.Error, OSError, DesignsError) as error:
            return Designs(self.location, (), self._say(error), False)
        designs = []
        for name, revision, text, saved_at in rows:
            name, text = str(name), str(text)
            card, problem = _parsed(text, name)
            designs.append(Design(name, int(revision), _loads(text), float(saved_at), card,
                                  problem))
        shown = Designs(self.location, tuple(designs), self.message, self.writable)
        self._seen = (signature, shown)
        return shown

    def history(self, name: str) -> tuple[Revision, ...]:
        """A design's kept revisions, newest first (empty for a name never saved)."""
        try:
            with self._connect() as db:
                rows = db.execute("SELECT revision, record, saved_at FROM revisions WHERE "
                                  "name = ? ORDER BY revision DESC", (name,)).fetchall()
        except (sqlite3.Error, OSError) as error:
            raise DesignsError(self._say(error)) from None
        return tuple(Revision(name, int(rev), _loads(str(text)), float(at))
                     for rev, text, at in rows)

    def export_json(self) -> bytes:
        """Every design's current record, as a JSON designs file (a pool file too)."""
        records = self.snapshot().records
        return (json.dumps(list(records), ensure_ascii=False, indent=2) + "\n").encode("utf-8")

    # ------------------------------------------------------------ saving
    def save(self, record: Mapping[str, Any], expected: int | None) -> Design:
        """Save ``record`` under its name, if the name's revision is still ``expected`` (None:
        the name must not exist); the new revision. DesignConflict, DesignsCapError or
        DesignsError otherwise, nothing written."""
        name, text = _clean(record)
        with self._write() as db:
            return self._put(db, name, text, expected)

    def save_copy(self, record: Mapping[str, Any]) -> Design:
        """Save ``record`` as a new design named ``Name (copy)``, ``Name (copy 2)``, …"""
        name, _ = _clean(record)
        with self._write() as db:
            taken = {str(row[0]) for row in db.execute(
                "SELECT name FROM designs WHERE name LIKE ?", (f"{name} (copy%",))}
            number = 1
            while (copy := f"{name} (copy)" if number == 1 else
                   f"{name} (copy {number})") in taken:
                number += 1
            copy_name, text = _clean({**record, "name": copy})
            return self._put(db, copy_name, text, None)

    def restore(self, name: str, revision: int, expected: int | None) -> Design:
        """Save revision ``revision`` of ``name`` again, as its newest revision (the
        revisions between are kept); refused like :meth:`save` if ``expected`` is stale."""
        with self._write() as db:
            row = db.execute("SELECT record FROM revisions WHERE name = ? AND revision = ?",
                             (name, revision)).fetchone()
            if row is None:
                raise DesignsError(f"“{name}” has no revision {revision} in {self.location}")
            return self._put(db, name, str(row[0]), expected)

    def _put(self, db: sqlite3.Connection, name: str, text: str, expected: int | None,
             check: bool = True) -> Design:
        row = db.execute("SELECT revision, record FROM designs WHERE name = ?",
                         (name,)).fetchone()
        current = None if row is None else int(row[0])
        if check and current != expected:
            raise DesignConflict(self.location, name, expected, current)
        now = time.time()
        if row is not None and str(row[1]) == text:
            revision = current or 0  # nothing changed: no new revision
        elif row is None:
            count, last = db.execute("SELECT count(*), max(position) FROM designs").fetchone()
            if count >= MAX_DESIGNS:
                raise DesignsCapError(f"{self.location} holds {count} designs, its cap "
                                      f"({MAX_DESIGNS}): “{name}” was not added")
            revision = 1 + (db.execute("SELECT max(revision) FROM revisions WHERE name = ?",
                                       (name,)).fetchone()[0] or 0)
            db.execute("INSERT INTO designs VALUES (?, ?, ?, ?, ?)",
                       (name, revision, text, now, (last or 0) + 1))
        else:
            revision = (current or 0) + 1
            db.execute("UPDATE designs SET revision = ?, record = ?, saved_at = ? "
                       "WHERE name = ?", (revision, text, now, name))
        if row is None or str(row[1]) != text:
            db.execute("INSERT INTO revisions VALUES (?, ?, ?, ?)", (name, revision, text, now))
            db.execute("DELETE FROM revisions WHERE name = ? AND revision <= ?",
                       (name, revision - MAX_REVISIONS))
        card, problem = _parsed(text, name)
        return Design(name, revision, _loads(text), now, card, problem)

    # ------------------------------------------------------------ import
    def import_records(self, records: Sequence[Any], source: str) -> str:
        """Add every record of a JSON designs file, as it is (a name already there gets a
        new revision, its earlier ones kept; a record identical to the current one adds
        nothing); what was done, for a person. A record with no usable name is kept under
        ``(entry N)``; one over :data:`MAX_RECORD_BYTES` is left out and named. Refused as a
        whole (DesignsCapError) if it would pass :data:`MAX_DESIGNS`."""
        added = revised = 0
        left_out: list[str] = []
        with self._write() as db:
            for number, record in enumerate(records, start=1):
                name = record.get("name") if isinstance(record, dict) else None
                name = name if isinstance(name, str) and name.strip() else f"(entry {number})"
                try:
                    text = _sized(json.dumps(record, ensure_ascii=False), name)
                except DesignsCapError:
                    left_out.append(f"“{name[:60]}” (over {MAX_RECORD_BYTES:,} bytes)")
                    continue
                before = db.execute("SELECT revision FROM designs WHERE name = ?",
                                    (name,)).fetchone()
                design = self._put(db, name, text, None, check=False)
                if before is None:
                    added += 1
                elif design.revision != before[0]:
                    revised += 1
            note = (f"{source} imported into {self.location}: {_designs(added)} added, "
                    f"{revised} revised (earlier revisions kept)")
            if left_out:
                note += f"; left out: {', '.join(left_out)}"
            db.execute("INSERT OR REPLACE INTO imports VALUES (?, ?, ?, ?)",
                       (source, time.time(), added + revised, note))
        return note + "."

    def import_json(self, data: bytes, source: str) -> str:
        """:meth:`import_records` of a JSON designs file's bytes (read under budget)."""
        return self.import_records(read_designs_json(data, source), source)

    def _legacy(self) -> Path | None:
        configured = os.environ.get("LEVELER_DESIGNS")
        candidates = [Path(configured).expanduser()] if configured else []
        candidates.append(self.path.with_suffix(".json"))
        return next((c for c in candidates if c.suffix.lower() == ".json"
                     and c.parent == self.path.parent and c.exists()), None)

    def _import_legacy(self, legacy: Path) -> str:
        """Import the old designs file once (noted in ``imports``); it is kept as it was."""
        try:
            with self._connect() as db:
                done = db.execute("SELECT note FROM imports WHERE source = ?",
                                  (legacy.name,)).fetchone()
        except (sqlite3.Error, OSError, DesignsError) as error:
            return self._say(error)
        if done is not None:
            return ""
        try:
            data = read_regular_file(legacy, MAX_IMPORT_BYTES)
            return self.import_json(data, legacy.name) + f" {legacy.name} is kept as it was."
        except (OSError, DesignsError) as error:
            why = error.strerror if isinstance(error, OSError) else str(error)
            return (f"{legacy.name} was not imported ({why}); it is kept as it was, and "
                    "the import is tried again when the store is next opened.")

    # ------------------------------------------------------------ drafts
    def save_draft(self, token: str, record: Mapping[str, Any], opened_name: str | None,
                   opened_revision: int | None) -> None:
        """Keep what the session with ``token`` has typed (the newest :data:`MAX_DRAFTS`)."""
        if not valid_token(token):
            raise DesignsError("not a draft token")
        fields = {key: str(record.get(key, "")) for key in DESIGN_FIELDS}
        text = _sized(json.dumps(fields, ensure_ascii=False), fields["name"] or "the draft")
        with self._write("NORMAL") as db:
            db.execute("INSERT OR REPLACE INTO drafts VALUES (?, ?, ?, ?, ?)",
                       (token, text, opened_name, opened_revision, time.time()))
            db.execute("DELETE FROM drafts WHERE token NOT IN (SELECT token FROM drafts "
                       "ORDER BY saved_at DESC LIMIT ?)", (MAX_DRAFTS,))

    def draft(self, token: str) -> StoredDraft | None:
        """The draft kept for ``token``, or None (none, or not readable)."""
        if not valid_token(token):
            return None
        try:
            with self._connect() as db:
                row = db.execute("SELECT record, opened_name, opened_revision, saved_at FROM "
                                 "drafts WHERE token = ?", (token,)).fetchone()
        except (sqlite3.Error, OSError, DesignsError):
            return None
        if row is None:
            return None
        record = _loads(str(row[0]))
        if not isinstance(record, dict):
            return None
        fields = {key: str(record.get(key, "")) for key in DESIGN_FIELDS}
        return StoredDraft(fields, None if row[1] is None else str(row[1]),
                           None if row[2] is None else int(row[2]), float(row[3]))
