"""The designs store in a real browser, used as a hostile member of a group would (issue 11):
no field of any tab takes a path (decoy files stay as they were), two sessions saving one
name (one is told, both designs kept), a poison record beside good ones, a server killed
with a draft open and started again (the draft offered back), file modes kept.

Expected states come from the library (``open_store``), never from the page alone.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError

from leveler.app import labels
from leveler.app.plural import plural_text
from leveler.io.designs import open_store
from tests.browser_helpers import upload_and_submit
from tests.e2e.conftest import ROOT, MarimoServer
from tests.samples import BROKEN, KNIGHT

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
EN = labels.LABELS["en"]
LEGACY = {**KNIGHT, "name": "Legacy Knight", "artist": "kept as it was"}
SECRET = "api_key=sk-DECOY-0123456789 password_hash=$6$decoy$abcdef"


@pytest.fixture(scope="module")
def store_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The server's store, made 0640 before the server starts, an old designs.json beside."""
    folder = tmp_path_factory.mktemp("group-designs")
    path = folder / "designs.sqlite"
    open_store(path).save({**KNIGHT, "name": "Before the server"}, None)
    path.chmod(0o640)
    legacy = folder / "designs.json"
    legacy.write_text(json.dumps([LEGACY]) + "\n", "utf-8")
    legacy.chmod(0o644)
    return path


@pytest.fixture(scope="module")
def server(store_path: Path) -> Iterator[MarimoServer]:
    running = MarimoServer(None, store_path)
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def decoys(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Files a hostile member would aim at: a secret, a config, a designs-like array."""
    folder = tmp_path_factory.mktemp("decoys")
    (folder / "secret.txt").write_text(SECRET + "\n")
    (folder / "config.json").write_text(json.dumps({"token": SECRET}) + "\n")
    (folder / "designs.json").write_text(
        json.dumps([{"name": "Decoy", "oracle_text": "x", "password": SECRET}]) + "\n")
    (folder / "run.sh").write_text("#!/bin/sh\necho decoy\n")
    (folder / "run.sh").chmod(0o750)
    return folder


def state(folder: Path) -> dict[str, tuple[str, int, int]]:
    """Every file of ``folder``: its hash, mode and modification time."""
    return {p.name: (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mode,
                     p.stat().st_mtime_ns) for p in sorted(folder.iterdir()) if p.is_file()}


def open_bench(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("table.lv-table")).to_be_visible(timeout=60_000)
    page.get_by_role("tab", name=EN["tab_bench"]).click()
    expect(page.get_by_label(EN["design_text"], exact=True)).to_be_visible(timeout=2 * TIMEOUT)


def field(page: Page, key: str) -> Any:
    return page.get_by_label(EN[key], exact=True)


def saved(page: Page, words: str) -> None:
    expect(page.get_by_text(words).first).to_be_visible(timeout=TIMEOUT)


def designs_now(path: Path) -> dict[str, Any]:
    return {d.name: d.record for d in open_store(path).snapshot().designs}


TEXT_FIELDS = "input[type=text]:visible, input:not([type]):visible, textarea:visible"


def test_no_field_of_any_tab_takes_a_path_and_every_decoy_stays(
        page: Page, server: MarimoServer, store_path: Path, decoys: Path) -> None:
    """Issue 11 item 1: typed paths opened, moved aside and overwrote files; now every text
    field is only text, and Save writes to the server's store alone."""
    before, notebooks = state(decoys), state(ROOT / "notebooks")
    store_folder = sorted(p.name for p in store_path.parent.iterdir())
    hostile = ["/etc/passwd", "~/x", "../notebooks/explorer.py", str(decoys / "designs.json"),
               str(decoys / "secret.txt")]
    open_bench(page, server.url)
    tabs = [*labels.tab_names(EN), EN["tab_balance"], EN["tab_bench"]]
    filled: dict[str, int] = {}
    for path in hostile:
        for tab in tabs:
            page.get_by_role("tab", name=tab).click()
            page.wait_for_timeout(300)
            for box in page.locator(TEXT_FIELDS).element_handles():
                try:
                    box.fill(path, timeout=10_000)
                    if box.evaluate("e => e.tagName") == "INPUT":
                        box.press("Enter", timeout=10_000)
                except PlaywrightError:  # a field that a re-render took away meanwhile
                    continue
                filled[tab] = filled.get(tab, 0) + 1
                page.wait_for_timeout(100)
        page.get_by_role("tab", name=EN["tab_bench"]).click()
        for key in ("design_name", "design_cost", "design_type", "design_power",
                    "design_toughness", "design_text"):  # surely, whatever re-rendered
            field(page, key).fill(path)
        expect(field(page, "design_name")).to_have_value(path, timeout=TIMEOUT)
        page.wait_for_timeout(500)  # the 300 ms debounce
        page.get_by_role("button", name=EN["design_save"]).click()
        expect(page.locator(".lv-designs-file li").filter(has_text=path).first).to_be_visible(
            timeout=TIMEOUT)
        assert SECRET not in page.content() and "root:x:0:0" not in page.content()
    assert filled[EN["tab_bench"]] >= 7  # the six design fields and the pool's search
    assert state(decoys) == before and state(ROOT / "notebooks") == notebooks
    assert not list(decoys.glob("*.lock")) and not list(decoys.glob("*corrupt*"))
    names = designs_now(store_path)
    assert set(hostile) <= set(names)  # saved as design names, in the store, nowhere else
    assert sorted(p.name for p in store_path.parent.iterdir()) == store_folder or set(
        p.name for p in store_path.parent.iterdir()) <= {*store_folder, "designs.sqlite-wal",
                                                           "designs.sqlite-shm"}
    assert str(store_path.parent) not in page.content() and str(Path.home()) not in (
        page.locator(".lv-designs-file").inner_text())


def test_two_sessions_saving_one_name_one_is_told_and_both_designs_are_kept(
        page: Page, context: BrowserContext, server: MarimoServer, store_path: Path) -> None:
    """Issue 11 item 5: one session was told "Added", the other "Replaced", and the first
    design was gone without a word."""
    shared = {**KNIGHT, "name": "Shared Knight"}
    open_store(store_path).save(shared, None)
    other = context.new_page()
    for session in (page, other):
        open_bench(session, server.url)
        session.get_by_label(EN["design_open"], exact=True).select_option(label="Shared Knight")
        expect(field(session, "design_name")).to_have_value("Shared Knight", timeout=TIMEOUT)
    field(page, "design_power").fill("3")
    page.wait_for_timeout(500)
    page.get_by_role("button", name=EN["design_save"]).click()
    saved(page, "Saved “Shared Knight” in designs.sqlite as revision 2")
    field(other, "design_power").fill("7")
    other.wait_for_timeout(500)
    other.get_by_role("button", name=EN["design_save"]).click()
    saved(other, "was changed meanwhile by another session")
    saved(other, "keep yours as a copy, or reload")
    assert designs_now(store_path)["Shared Knight"]["power"] == "3"  # theirs, not replaced
    other.get_by_role("button", name=EN["design_copy"]).click()
    saved(other, "Kept yours as “Shared Knight (copy)”")
    now = designs_now(store_path)
    assert (now["Shared Knight"]["power"], now["Shared Knight (copy)"]["power"]) == ("3", "7")
    page.get_by_role("button", name=EN["designs_reload"]).click()  # the other list refreshes
    expect(page.locator('.lv-designs-file li[data-design="Shared Knight (copy)"]')).to_be_visible(
        timeout=TIMEOUT)
    other.close()


def test_a_poison_record_beside_good_ones_is_only_its_own_problem(
        page: Page, server: MarimoServer, store_path: Path) -> None:
    """Issue 11 item 3: a design with cost {²} hid every design and failed every save."""
    store = open_store(store_path)
    store.save({**KNIGHT, "name": "Good One"}, None)
    store.save({**KNIGHT, "name": "Poison Cost", "mana_cost": "{²}"}, None)
    with sqlite3.connect(store_path) as db:  # a row damaged behind the store's back
        db.execute("INSERT INTO designs VALUES ('Garbage Row', 1, '{not json', 0, 9999)")
    store.save({**BROKEN, "name": "Good Two"}, None)
    open_bench(page, server.url)
    listed = page.locator(".lv-designs-file")
    for name in ("Good One", "Poison Cost", "Garbage Row", "Good Two", "Legacy Knight"):
        expect(listed.locator(f'li[data-design="{name}"]')).to_be_visible(timeout=TIMEOUT)
    expect(listed.locator('li[data-design="Good One"]')).to_contain_text(EN["designs_parses"])
    for name in ("Poison Cost", "Garbage Row"):
        expect(listed.locator(f'li[data-design="{name}"]')).to_contain_text("does not parse")
    field(page, "design_name").fill("After The Poison")
    page.wait_for_timeout(500)
    page.get_by_role("button", name=EN["design_save"]).click()
    saved(page, "Added “After The Poison”")
    page.get_by_role("tab", name=EN["tab_balance"]).click()
    expect(page.locator("table.lv-btable[data-kind=balance] tr[data-source=design]")
           .filter(has_text="Good One").first).to_be_visible(timeout=TIMEOUT)


def test_modes_are_kept_and_the_old_designs_json_was_imported_and_kept(
        page: Page, server: MarimoServer, store_path: Path) -> None:
    """Issue 11 item 7: saves reset the file's mode to 0600; the old file moves in once."""
    legacy = store_path.with_suffix(".json")
    legacy_bytes = legacy.read_bytes()
    open_bench(page, server.url)
    expect(page.locator('.lv-designs-file li[data-design="Legacy Knight"]')).to_be_visible(
        timeout=TIMEOUT)
    field(page, "design_name").fill("Mode Keeper")
    page.wait_for_timeout(500)
    page.get_by_role("button", name=EN["design_save"]).click()
    saved(page, "Added “Mode Keeper”")
    assert (store_path.stat().st_mode & 0o777) == 0o640
    assert legacy.read_bytes() == legacy_bytes and (legacy.stat().st_mode & 0o777) == 0o644
    assert designs_now(store_path)["Legacy Knight"] == LEGACY  # every field, as it was
    for companion in store_path.parent.glob("designs.sqlite-*"):  # -wal, -shm: no wider
        assert (companion.stat().st_mode & 0o077) & ~0o040 == 0, companion.name


def test_a_server_killed_with_a_draft_open_offers_it_back_after_a_restart(
        page: Page, tmp_path: Path) -> None:
    """Issue 11 item 6: after a restart Save said "kernel not found" and a reload lost the
    draft; now what was typed is in the store, under the page's ?draft= token."""
    path = tmp_path / "designs.sqlite"
    first = MarimoServer(None, path)
    try:
        open_bench(page, first.url)
        deadline = time.monotonic() + TIMEOUT / 1000
        while "draft" not in parse_qs(urlparse(page.url).query):
            assert time.monotonic() < deadline, page.url
            page.wait_for_timeout(200)
        token = parse_qs(urlparse(page.url).query)["draft"][0]
        field(page, "design_name").fill("Unsaved Draft")
        field(page, "design_text").fill(BROKEN["oracle_text"])
        while True:  # typed, debounced, kept
            kept = open_store(path).draft(token)
            if kept is not None and kept.record["name"] == "Unsaved Draft" and (
                    kept.record["oracle_text"] == BROKEN["oracle_text"]):
                break
            assert time.monotonic() < deadline, kept
            page.wait_for_timeout(200)
        first.kill()
    finally:
        first.stop()
    second = MarimoServer(None, path, port=first.port)
    try:
        page.reload()
        # the page's link holds the tab (issue 13): the reload opens on the bench again
        expect(page.get_by_role("tab", selected=True)).to_have_text(EN["tab_bench"],
                                                                    timeout=60_000)
        expect(field(page, "design_name")).to_have_value("Unsaved Draft", timeout=TIMEOUT)
        expect(field(page, "design_text")).to_have_value(BROKEN["oracle_text"])
        saved(page, "Your unsaved draft of “Unsaved Draft”")
        assert designs_now(path) == {}  # offered back, not saved behind the designer's back
        assert os.stat(path).st_mode & 0o777 == 0o600
    finally:
        second.stop()


def test_a_designs_file_is_imported_from_the_page_and_a_nested_one_refused(
        page: Page, server: MarimoServer, store_path: Path, tmp_path: Path) -> None:
    """Import from the JSON designs file (the format a designer shares): a hostile nested
    file is refused with the limit named and the store unchanged; a good one is added."""
    nested = tmp_path / "nested.json"
    nested.write_bytes(b"[" * 3000)
    shared = tmp_path / "shared.json"
    shared.write_text(json.dumps([{**KNIGHT, "name": "Imported Knight"}]), "utf-8")
    open_bench(page, server.url)
    before = designs_now(store_path)
    importer = page.locator("div").filter(has_text=EN["designs_import"]).filter(
        has=page.locator("input[type=file]")).last  # the innermost: the bench's import row
    upload_and_submit(importer, nested)
    saved(page, "nested deeper than the limit of 8")
    assert designs_now(store_path) == before
    upload_and_submit(importer, shared)
    saved(page, "shared.json imported into designs.sqlite: 1 design added")
    expect(page.locator('.lv-designs-file li[data-design="Imported Knight"]')).to_be_visible(
        timeout=TIMEOUT)
    assert designs_now(store_path)["Imported Knight"]["name"] == "Imported Knight"


def test_a_designs_history_is_listed_and_an_old_revision_restored(
        page: Page, server: MarimoServer, store_path: Path) -> None:
    """Old revisions are kept: the picked design's history, and one restored as the newest
    (the form holds it, and a save from there starts from the new revision)."""
    store = open_store(store_path)
    store.save({**KNIGHT, "name": "History Knight", "power": "1"}, None)
    store.save({**KNIGHT, "name": "History Knight", "power": "4"}, 1)
    open_bench(page, server.url)
    page.get_by_label(EN["design_open"], exact=True).select_option(label="History Knight")
    expect(field(page, "design_power")).to_have_value("4", timeout=TIMEOUT)
    history = page.get_by_label(EN["design_history"], exact=True)
    expect(history.locator("option")).to_have_count(2, timeout=TIMEOUT)
    history.select_option(index=1)  # newest first: revision 1
    page.get_by_role("button", name=EN["design_restore"]).click()
    saved(page, "Restored revision 1 of “History Knight”: it is now revision 3")
    expect(field(page, "design_power")).to_have_value("1", timeout=TIMEOUT)
    assert [r.revision for r in store.history("History Knight")] == [3, 2, 1]
    field(page, "design_toughness").fill("5")
    page.wait_for_timeout(500)
    page.get_by_role("button", name=EN["design_save"]).click()
    saved(page, "Saved “History Knight” in designs.sqlite as revision 4")
    assert designs_now(store_path)["History Knight"]["toughness"] == "5"


def test_the_stores_count_is_said_in_the_singular_or_the_plural(
        page: Page, server: MarimoServer, store_path: Path) -> None:
    """Issue 13: "1 design(s)". The save note and the store's summary say the count as the
    language does (English: 1 design, 2 designs; French: 0 or 1 création, 2 créations)."""
    open_bench(page, server.url)
    field(page, "design_name").fill("Counted Knight")
    for key, value in (("design_cost", KNIGHT["mana_cost"]), ("design_type", KNIGHT["type_line"]),
                       ("design_power", "2"), ("design_toughness", "2"),
                       ("design_text", KNIGHT["oracle_text"])):
        field(page, key).fill(value)
    page.wait_for_timeout(500)  # the 300 ms debounce
    page.get_by_role("button", name=EN["design_save"]).click()
    saved(page, "Added “Counted Knight”")
    count = len(designs_now(store_path))
    note = plural_text(EN, "designs_n", count)
    expect(page.get_by_text(f"{note} in the store.")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(".lv-designs-file")).to_contain_text(f"— {note}, ")
    summary = page.locator(".lv-designs-file").inner_text().split("\n")[0]
    assert note in summary and "design(s)" not in summary
