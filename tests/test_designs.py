"""The designs file: saved atomically, never lost (not even by two saves at once), corrupt
files set aside (issue 5, 7)."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from leveler import format_card, load_pool
from leveler.designs import (
    DesignsFile,
    default_designs_path,
    load_designs,
    save_designs,
    update_designs,
)

STUDENT = {"name": "My Student", "mana_cost": "{W}", "type_line": "Creature — Human Knight",
           "power": "1", "toughness": "1",
           "oracle_text": "Level up {W}\nLEVEL 2-6\n3/3\nFirst strike\nLEVEL 7+\n4/4"}
WORK_IN_PROGRESS = {**STUDENT, "name": "Half Done", "oracle_text": "Level up {W}\nLEVEL 2-6\n"}


def test_round_trip_keeps_designs_that_do_not_parse_yet(tmp_path: Path) -> None:
    path = save_designs([STUDENT, WORK_IN_PROGRESS], tmp_path / "designs.json")
    loaded = load_designs(path)
    assert list(loaded.records) == [STUDENT, WORK_IN_PROGRESS]
    assert list(loaded.cards) == ["My Student"]
    assert len(loaded.errors) == 1 and "Half Done, line 2" in str(loaded.errors[0])


def test_the_designs_file_is_a_pool_file(tmp_path: Path) -> None:
    path = save_designs([STUDENT], tmp_path / "designs.json")
    card = load_pool(path)["My Student"]
    assert format_card(card).startswith("Level up {W}")


def test_missing_file_is_an_empty_one(tmp_path: Path) -> None:
    loaded = load_designs(tmp_path / "none.json")
    assert loaded.records == () and loaded.set_aside is None


def test_location_is_configurable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("LEVELER_DESIGNS", str(tmp_path / "mine.json"))
    assert default_designs_path() == tmp_path / "mine.json"
    assert save_designs([STUDENT]) == tmp_path / "mine.json"
    monkeypatch.delenv("LEVELER_DESIGNS")
    assert default_designs_path().name == "designs.json"


@pytest.mark.parametrize("content", [b"{not json", b'{"designs": []}', b"[1, 2]", b"\xff\xfe"])
def test_corrupt_file_is_reported_and_set_aside_never_overwritten(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "designs.json"
    path.write_bytes(content)
    loaded = load_designs(path)
    assert loaded.set_aside is not None and loaded.set_aside.read_bytes() == content
    assert "could not be read" in loaded.message and str(loaded.set_aside) in loaded.message
    save_designs([STUDENT], path)
    assert loaded.set_aside.read_bytes() == content
    assert load_designs(path).records == (STUDENT,)


def test_a_failed_save_leaves_the_previous_file(tmp_path: Path) -> None:
    path = save_designs([STUDENT], tmp_path / "designs.json")
    before = path.read_bytes()
    with pytest.raises(ValueError, match="needs oracle_text"):
        save_designs([STUDENT, {"name": "No text"}], path)
    with pytest.raises(TypeError):
        save_designs([{**STUDENT, "power": object()}], path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["designs.json"]


WRITER = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    from leveler import designs
    marker = Path(sys.argv[2])
    real_fsync = os.fsync
    def stuck_fsync(fd):
        marker.write_text("writing")   # the temporary file is written; hang before rename
        time.sleep(600)
    os.fsync = stuck_fsync
    big = [{**designs_template, "name": f"Design {i}"} for i in range(20000)]
    designs.save_designs(big, sys.argv[1])
""")


def test_killing_a_writer_mid_save_leaves_the_previous_file_intact(tmp_path: Path) -> None:
    path = save_designs([STUDENT], tmp_path / "designs.json")
    before = path.read_bytes()
    marker = tmp_path / "marker"
    script = f"designs_template = {STUDENT!r}\n" + WRITER
    writer = subprocess.Popen([sys.executable, "-c", script, str(path), str(marker)])
    try:
        while not marker.exists():
            assert writer.poll() is None, "the writer ended before it was stopped"
            time.sleep(0.02)
        temporaries = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        assert temporaries and temporaries[0].stat().st_size > len(before)
        os.kill(writer.pid, signal.SIGKILL)
    finally:
        writer.wait()
    assert path.read_bytes() == before
    assert load_designs(path).records == (STUDENT,)
    assert json.loads(path.read_text("utf-8")) == [STUDENT]


# ------------------------------------------------ no lost work: saves at the same instant

SAVER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from leveler.designs import update_designs
    path, start, worker, saves = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    print("ready", flush=True)
    while not start.exists():  # every saver starts at the same instant
        time.sleep(0.001)
    for n in range(saves):
        design = {**template, "name": f"Saver {worker} design {n}"}
        update_designs(lambda current: [*current.records, design], path)
""")


def test_savers_in_separate_processes_at_the_same_instant_lose_no_design(
    tmp_path: Path,
) -> None:
    """Issue 7, item 3 ("no lost work"): 8 processes each add 5 designs to one file at
    once; every read-modify-write overlaps others, and each design must still be there."""
    path = save_designs([STUDENT], tmp_path / "designs.json")
    start = tmp_path / "start"
    savers_count, saves = 8, 5
    script = f"template = {STUDENT!r}\n" + SAVER
    savers = [subprocess.Popen([sys.executable, "-c", script, str(path), str(start), str(i),
                                str(saves)], stdout=subprocess.PIPE, text=True)
              for i in range(savers_count)]
    try:
        ready = [saver.stdout.readline() if saver.stdout else "" for saver in savers]
    finally:
        start.touch()  # every saver is waiting for it: they all start now
        for saver in savers:
            saver.communicate()
    assert ready == ["ready\n"] * savers_count
    assert [saver.returncode for saver in savers] == [0] * savers_count
    loaded = load_designs(path)
    assert loaded.message == "" and isinstance(json.loads(path.read_text("utf-8")), list)
    expected = {f"Saver {i} design {n}" for i in range(savers_count) for n in range(saves)}
    names = [record["name"] for record in loaded.records]
    assert names[0] == "My Student" and len(names) == 1 + len(expected)
    assert set(names[1:]) == expected
    for i in range(savers_count):  # each saver's designs in the order it saved them
        mine = [name for name in names if name.startswith(f"Saver {i} ")]
        assert mine == [f"Saver {i} design {n}" for n in range(saves)]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["designs.json", "designs.json.lock",
                                                          "start"]


def lock_is_free(path: Path) -> bool:
    """Whether another open file can take the designs file's lock right now."""
    descriptor = os.open(path.with_name(f"{path.name}.lock"), os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    finally:
        os.close(descriptor)
    return True


def test_the_lock_is_held_for_the_whole_change_and_released_when_it_fails(
    tmp_path: Path,
) -> None:
    path = save_designs([STUDENT], tmp_path / "designs.json")
    seen: list[bool] = []

    def failing(current: DesignsFile) -> list[dict[str, str]]:
        seen.append(lock_is_free(path))
        raise RuntimeError("the change failed")

    with pytest.raises(RuntimeError, match="the change failed"):
        update_designs(failing, path)
    assert seen == [False]  # held while the change ran
    assert lock_is_free(path)  # and released by the exception
    assert load_designs(path).records == (STUDENT,)  # nothing was written
    with pytest.raises(ValueError, match="needs oracle_text"):  # a record that cannot be saved
        update_designs(lambda current: [*current.records, {"name": "No text"}], path)
    assert lock_is_free(path) and load_designs(path).records == (STUDENT,)
    now = update_designs(lambda current: [*current.records, WORK_IN_PROGRESS], path)
    assert now.records == (STUDENT, WORK_IN_PROGRESS) == load_designs(path).records
    assert list(now.cards) == ["My Student"] and len(now.errors) == 1  # kept as typed


def test_an_update_sets_a_corrupt_file_aside_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "designs.json"
    path.write_bytes(b"{not json")
    now = update_designs(lambda current: [*current.records, STUDENT], path)
    assert now.records == (STUDENT,) and now.set_aside is not None
    assert now.set_aside.read_bytes() == b"{not json" and "could not be read" in now.message
    assert load_designs(path).records == (STUDENT,)
    with pytest.raises(ValueError, match="folder"):
        update_designs(lambda current: [STUDENT], tmp_path)
