"""The designs store (SQLite): revisions, conflicts said out loud, poison records kept to
themselves, caps, drafts, the JSON import/export and the one-time import of designs.json,
file modes kept, saves atomic under kill -9 and never lost to a concurrent save (issue 11,
items 1, 3, 5, 6, 7; the guarantees of issues 5 and 7 kept)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from leveler import format_card, load_pool
from leveler.io import designs as store_module
from leveler.io.designs import (
    MAX_DESIGNS,
    MAX_RECORD_BYTES,
    DesignConflict,
    DesignsCapError,
    DesignsError,
    DesignsStore,
    default_store_path,
    new_draft_token,
    open_store,
    read_designs_json,
)
from tests.samples import BROKEN, KNIGHT

POISON = {**KNIGHT, "name": "Poison", "mana_cost": "{²}"}
"""Issue 11 item 3: a cost that once locked the designs for every session."""


@pytest.fixture
def store(tmp_path: Path) -> DesignsStore:
    return open_store(tmp_path / "designs.sqlite")


def test_a_save_is_a_revision_and_the_history_keeps_every_one(store: DesignsStore) -> None:
    first = store.save(KNIGHT, None)
    second = store.save({**KNIGHT, "power": "3"}, first.revision)
    assert (first.revision, second.revision) == (1, 2)
    assert [r.revision for r in store.history("Bench Knight")] == [2, 1]
    assert store.history("Bench Knight")[1].record == KNIGHT
    assert store.snapshot().records == ({**KNIGHT, "power": "3"},)
    assert store.save({**KNIGHT, "power": "3"}, 2).revision == 2  # unchanged: no revision


def test_a_revision_is_restored_as_the_newest_and_history_is_not_rewritten(
        store: DesignsStore) -> None:
    store.save(KNIGHT, None)
    store.save({**KNIGHT, "power": "3"}, 1)
    restored = store.restore("Bench Knight", 1, 2)
    assert restored.revision == 3 and restored.record == KNIGHT
    assert [r.revision for r in store.history("Bench Knight")] == [3, 2, 1]
    with pytest.raises(DesignConflict):  # a stale restore is a conflict like a stale save
        store.restore("Bench Knight", 2, 2)
    with pytest.raises(DesignsError, match="no revision 9"):
        store.restore("Bench Knight", 9, 3)


def test_a_save_of_a_name_changed_meanwhile_is_refused_out_loud(store: DesignsStore) -> None:
    """Issue 11 item 5: two sessions open revision 1; the second save is refused."""
    opened = store.save(KNIGHT, None).revision
    store.save({**KNIGHT, "power": "3"}, opened)  # the other session
    with pytest.raises(DesignConflict, match="changed meanwhile by another session") as refused:
        store.save({**KNIGHT, "power": "9"}, opened)
    assert "keep yours as a copy, or reload" in str(refused.value)
    assert (refused.value.expected, refused.value.current) == (1, 2)
    assert store.snapshot().records == ({**KNIGHT, "power": "3"},)  # theirs kept
    copy = store.save_copy({**KNIGHT, "power": "9"})  # and mine, as a copy
    assert copy.name == "Bench Knight (copy)" and copy.record["power"] == "9"
    assert store.save_copy(KNIGHT).name == "Bench Knight (copy 2)"


def test_two_sessions_adding_one_new_name_is_a_conflict_not_a_replace(
        store: DesignsStore) -> None:
    store.save(KNIGHT, None)
    with pytest.raises(DesignConflict, match="already exists"):
        store.save({**KNIGHT, "power": "5"}, None)
    assert store.snapshot().records == (KNIGHT,)


def test_sessions_saving_one_name_at_once_get_exactly_one_conflict_each_but_one(
        store: DesignsStore) -> None:
    """8 sessions (threads) open revision 1 and save at the same instant: one wins, seven
    are told, none is lost in silence."""
    store.save(KNIGHT, None)
    start = threading.Barrier(8)
    outcomes: list[str] = []

    def session(number: int) -> None:
        start.wait()
        try:
            # a power unlike KNIGHT's 2: an unchanged record is a no-op save, not a conflict
            store.save({**KNIGHT, "power": str(10 + number)}, 1)
            outcomes.append("saved")
        except DesignConflict:
            outcomes.append("conflict")

    threads = [threading.Thread(target=session, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["conflict"] * 7 + ["saved"]
    assert [r.revision for r in store.history("Bench Knight")] == [2, 1]


def test_a_poison_record_is_its_own_problem_never_the_stores(store: DesignsStore) -> None:
    """Issue 11 item 3: a cost of {²} (or a row that is not JSON) beside good designs."""
    store.save(KNIGHT, None)
    poison = store.save(POISON, None)
    assert poison.card is None and poison.problem is not None
    with sqlite3.connect(store.path) as db:  # a row damaged behind the store's back
        db.execute("INSERT INTO designs VALUES ('Garbage', 1, '{not json', 0, 99)")
    store.save(BROKEN, None)  # saves still work
    shown = store.snapshot()
    assert [d.name for d in shown.designs] == ["Bench Knight", "Poison", "Garbage", "Half Done"]
    assert list(shown.cards) == ["Bench Knight"]
    problems = {d.name: d.problem for d in shown.designs if d.problem is not None}
    assert set(problems) == {"Poison", "Garbage", "Half Done"}
    assert "not JSON" in str(problems["Garbage"])
    assert shown.message == ""


def test_the_store_caps_designs_and_record_size_and_says_the_cap(
        store: DesignsStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "MAX_DESIGNS", 3)
    for number in range(3):
        store.save({**KNIGHT, "name": f"K{number}"}, None)
    with pytest.raises(DesignsCapError, match=r"holds 3 designs, its cap \(3\)"):
        store.save({**KNIGHT, "name": "K3"}, None)
    store.save({**KNIGHT, "name": "K0", "power": "4"}, 1)  # a new revision is not a new design
    big = {**KNIGHT, "name": "Big", "oracle_text": "x" * MAX_RECORD_BYTES}
    with pytest.raises(DesignsCapError, match=f"{MAX_RECORD_BYTES:,} at most"):
        store.save({**big, "name": "K1"}, 1)
    assert len(store.snapshot().designs) == 3 and MAX_DESIGNS == 500


def test_a_design_needs_a_name_and_its_fields_only_are_saved(store: DesignsStore) -> None:
    with pytest.raises(DesignsError, match="name"):
        store.save({**KNIGHT, "name": "  "}, None)
    saved = store.save({**KNIGHT, "password": "hunter2"}, None)
    assert saved.record == KNIGHT and store.snapshot().records == (KNIGHT,)


def test_drafts_are_kept_by_token_and_found_again_by_a_new_store(tmp_path: Path) -> None:
    """Issue 11 item 6: what was typed comes back after a restart (a new process opens
    the store anew)."""
    token = new_draft_token()
    open_store(tmp_path / "designs.sqlite").save_draft(token, BROKEN, "Half Done", 3)
    found = open_store(tmp_path / "designs.sqlite").draft(token)
    assert found is not None and found.record == BROKEN
    assert (found.opened_name, found.opened_revision) == ("Half Done", 3)
    assert open_store(tmp_path / "designs.sqlite").draft(new_draft_token()) is None
    with pytest.raises(DesignsError):
        open_store(tmp_path / "designs.sqlite").save_draft("../etc/passwd", KNIGHT, None, None)


def test_export_and_import_round_trip_in_the_json_designs_format(
        store: DesignsStore, tmp_path: Path) -> None:
    store.save(KNIGHT, None)
    store.save(BROKEN, None)
    exported = store.export_json()
    assert json.loads(exported) == [KNIGHT, BROKEN]
    one = open_store(tmp_path / "one.sqlite")
    one.save(KNIGHT, None)
    (tmp_path / "shared.json").write_bytes(one.export_json())
    assert format_card(load_pool(tmp_path / "shared.json")["Bench Knight"]).startswith(
        "Level up")  # a designs file is a pool file
    other = open_store(tmp_path / "other.sqlite")
    note = other.import_json(exported, "shared.json")
    assert "2 designs added" in note and other.snapshot().records == (KNIGHT, BROKEN)
    assert "0 designs added, 0 revised" in other.import_json(exported, "shared.json")


@pytest.mark.parametrize(("data", "why"), [
    (b"{not json", "x.json: not a JSON file"), (b'{"designs": []}', "not a JSON array"),
    (b"[" * 3000, "nested deeper than the limit of 8"), (b"\xff\xfe", "not a JSON file"),
    (b"[" + b'"x",' * 60_000 + b'"x"]', "limit of 50,000"),
])
def test_a_bad_designs_file_is_refused_before_it_is_built(data: bytes, why: str) -> None:
    with pytest.raises(DesignsError, match=why):
        read_designs_json(data, "x.json")


def test_an_old_designs_json_is_imported_once_losslessly_and_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = [KNIGHT, BROKEN, {**KNIGHT, "power": "4", "artist": "kept too"}, {"no": "name"}]
    legacy = tmp_path / "designs.json"
    legacy.write_text(json.dumps(old), "utf-8")
    before = legacy.read_bytes()
    monkeypatch.setenv("LEVELER_DESIGNS", str(legacy))
    assert default_store_path() == tmp_path / "designs.sqlite"
    store = open_store()
    assert "designs.json imported into designs.sqlite" in store.message
    assert "3 designs added, 1 revised" in store.message and "kept as it was" in store.message
    assert str(tmp_path) not in store.message  # no server path for the page
    shown = store.snapshot()
    assert shown.records == ({**KNIGHT, "power": "4", "artist": "kept too"}, BROKEN,
                             {"no": "name"})
    assert [r.record for r in store.history("Bench Knight")][-1] == KNIGHT  # in history
    assert legacy.read_bytes() == before
    legacy.write_text("[]")  # once: a later open does not import again
    again = open_store()
    assert again.message == "" and len(again.snapshot().designs) == 3


def test_an_unreadable_old_file_is_kept_said_and_tried_again(tmp_path: Path) -> None:
    legacy = tmp_path / "designs.json"
    legacy.write_bytes(b"{not json")
    store = open_store(tmp_path / "designs.sqlite")
    assert "designs.json was not imported" in store.message and "kept as it was" in store.message
    assert legacy.read_bytes() == b"{not json" and store.snapshot().designs == ()
    os.mkfifo(tmp_path / "fifo.json")  # never hangs on a FIFO
    assert "not a regular file" in open_store(tmp_path / "fifo.sqlite").message


def test_location_is_server_configuration(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    monkeypatch.setenv("LEVELER_DESIGNS", str(tmp_path / "mine.sqlite"))
    assert default_store_path() == tmp_path / "mine.sqlite"
    monkeypatch.setenv("LEVELER_DESIGNS", str(tmp_path))
    assert default_store_path() == tmp_path / "designs.sqlite"
    monkeypatch.delenv("LEVELER_DESIGNS")
    assert default_store_path().name == "designs.sqlite"


def test_a_new_store_is_0600_and_an_existing_files_mode_is_kept(tmp_path: Path) -> None:
    """Issue 11 item 7: saves reset the file's mode; a read-only file was replaced."""
    store = open_store(tmp_path / "new.sqlite")
    store.save(KNIGHT, None)
    assert (store.path.stat().st_mode & 0o777) == 0o600
    shared = tmp_path / "shared.sqlite"
    open_store(shared).save(KNIGHT, None)
    shared.chmod(0o640)
    open_store(shared).save(BROKEN, None)
    assert (shared.stat().st_mode & 0o777) == 0o640


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file permissions")
def test_a_read_only_store_is_read_and_refuses_saves_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "designs.sqlite"
    open_store(path).save(KNIGHT, None)
    path.chmod(0o400)
    store = open_store(path)
    assert store.snapshot().records == (KNIGHT,) and not store.snapshot().writable
    with pytest.raises(DesignsError, match="read-only on the server"):
        store.save(BROKEN, None)
    assert (path.stat().st_mode & 0o777) == 0o400


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file permissions")
def test_a_read_only_folder_gives_a_message_not_a_crash(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    (folder / "designs.json").write_bytes(b"{not json")
    folder.chmod(0o500)
    try:
        store = open_store(folder / "designs.sqlite")
        assert "cannot use the designs store designs.sqlite" in store.message
        assert store.snapshot().designs == ()
        with pytest.raises(DesignsError, match=r"designs\.sqlite"):
            store.save(KNIGHT, None)
    finally:
        folder.chmod(0o700)


def test_a_folder_or_fifo_named_as_the_store_is_a_message(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.sqlite")
    store = open_store(tmp_path / "pipe.sqlite")
    assert "not a regular file" in store.message
    with pytest.raises(DesignsError):
        store.save(KNIGHT, None)


# ------------------------------------------------ no lost work: kill -9 and saves at once

KILLED = textwrap.dedent("""
    import sys
    from leveler.io.designs import open_store
    store = open_store(sys.argv[1])
    n = 0
    while True:
        store.save({**template, "name": f"Killed {n}"}, None)
        print(n, flush=True)   # printed only after the save's transaction committed
        n += 1
""")


def test_a_writer_killed_mid_save_leaves_every_committed_design_and_a_sound_store(
        tmp_path: Path) -> None:
    """Saves are SQLite transactions: a kill -9 at any moment keeps what was committed."""
    path = tmp_path / "designs.sqlite"
    open_store(path).save(BROKEN, None)
    script = f"template = {KNIGHT!r}\n" + KILLED
    for _round in range(3):
        existing = len(open_store(path).snapshot().designs)
        writer = subprocess.Popen([sys.executable, "-c", script, str(path)],
                                  stdout=subprocess.PIPE, text=True)
        assert writer.stdout is not None
        committed = [writer.stdout.readline() for _ in range(20)]
        os.kill(writer.pid, signal.SIGKILL)
        writer.wait()
        shown = open_store(path).snapshot()
        with sqlite3.connect(path) as db:
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        names = {d.name for d in shown.designs}
        assert {f"Killed {line.strip()}" for line in committed} <= names
        assert "Half Done" in names and len(names) >= existing
        store = open_store(path)  # the next round starts numbering again: clear them
        with sqlite3.connect(store.path) as db:
            db.execute("DELETE FROM designs WHERE name LIKE 'Killed %'")


SAVER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from leveler.io.designs import open_store
    path, start, worker, saves = sys.argv[1], Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    store = open_store(path)
    print("ready", flush=True)
    while not start.exists():  # every saver starts at the same instant
        time.sleep(0.001)
    for n in range(saves):
        store.save({**template, "name": f"Saver {worker} design {n}"}, None)
""")


def test_savers_in_separate_processes_at_the_same_instant_lose_no_design(
        tmp_path: Path) -> None:
    """8 processes each add 5 designs to one store at once; every one must be there."""
    path = tmp_path / "designs.sqlite"
    open_store(path).save(KNIGHT, None)
    start = tmp_path / "start"
    count, saves = 8, 5
    script = f"template = {KNIGHT!r}\n" + SAVER
    savers = [subprocess.Popen([sys.executable, "-c", script, str(path), str(start), str(i),
                                str(saves)], stdout=subprocess.PIPE, text=True)
              for i in range(count)]
    try:
        ready = [saver.stdout.readline() if saver.stdout else "" for saver in savers]
    finally:
        start.touch()
        for saver in savers:
            saver.communicate()
    assert ready == ["ready\n"] * count
    assert [saver.returncode for saver in savers] == [0] * count
    names = [d.name for d in open_store(path).snapshot().designs]
    expected = {f"Saver {i} design {n}" for i in range(count) for n in range(saves)}
    assert names[0] == "Bench Knight" and set(names[1:]) == expected
    assert len(names) == 1 + len(expected)
    for i in range(count):  # each saver's designs in the order it saved them
        mine = [name for name in names if name.startswith(f"Saver {i} ")]
        assert mine == [f"Saver {i} design {n}" for n in range(saves)]


def test_sessions_of_one_server_saving_different_names_at_once_lose_none(
        store: DesignsStore) -> None:
    """marimo run gives each session a kernel thread in one process: 8 threads x 5 saves."""
    start = threading.Barrier(8)

    def session(number: int) -> None:
        start.wait()
        for n in range(5):
            store.save({**KNIGHT, "name": f"Session {number} #{n}"}, None)

    threads = [threading.Thread(target=session, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    names = {d.name for d in store.snapshot().designs}
    assert names == {f"Session {i} #{n}" for i in range(8) for n in range(5)}


def test_a_store_the_server_cannot_write_is_read_whole_and_refuses_saves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The read-only branch, also where the tests run as root (who may write anything):
    the store is read without making -wal or -shm files, and saves are refused."""
    path = tmp_path / "designs.sqlite"
    open_store(path).save(KNIGHT, None)
    monkeypatch.setattr(DesignsStore, "writable", property(lambda self: False))
    store = open_store(path)
    assert store.snapshot().records == (KNIGHT,) and not store.snapshot().writable
    with pytest.raises(DesignsError, match="read-only on the server"):
        store.save(BROKEN, None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["designs.sqlite"]


def test_a_folder_where_the_store_cannot_be_made_is_a_message(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_open = os.open

    def refused(path: object, flags: int, mode: int = 0o777) -> int:
        if str(path).endswith("designs.sqlite") and flags & os.O_CREAT:
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, mode)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refused)
    store = open_store(tmp_path / "designs.sqlite")
    assert store.message == "cannot use the designs store designs.sqlite: Permission denied"
    assert store.snapshot().designs == () and str(tmp_path) not in store.snapshot().message
    with pytest.raises(DesignsError, match="Permission denied"):
        store.save(KNIGHT, None)


def test_a_snapshot_is_read_again_whenever_another_session_changed_the_store(
        tmp_path: Path) -> None:
    """The snapshot is reused while the designs table is unchanged (a keystroke costs one
    query); any save, restore or import by another session (another store) shows up."""
    mine, theirs = open_store(tmp_path / "designs.sqlite"), open_store(tmp_path / "designs.sqlite")
    mine.save(KNIGHT, None)
    first = mine.snapshot()
    assert mine.snapshot() is first  # unchanged: the same snapshot
    theirs.save({**KNIGHT, "power": "3"}, 1)
    assert mine.snapshot().records == ({**KNIGHT, "power": "3"},)
    theirs.restore("Bench Knight", 1, 2)
    assert mine.snapshot().records == (KNIGHT,)
    theirs.import_records([BROKEN], "more.json")
    assert mine.snapshot().records == (KNIGHT, BROKEN)
