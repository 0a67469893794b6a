"""What the bench shows of the designs store and what its buttons do (leveler.app.designs_view):
conflicts said out loud, history and restore, drafts offered back, poison records shown as
their own problem, the caps and the store's file name (never a server path) in the page."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from leveler import bench
from leveler.app import bench_view
from leveler.app import designs_view as dv
from leveler.app.labels import LABELS
from leveler.io.designs import (
    MAX_DESIGNS,
    MAX_IMPORT_BYTES,
    DesignsStore,
    new_draft_token,
    open_store,
)
from tests.samples import BROKEN, HOSTILE_NAME, KNIGHT

EN, FR = LABELS["en"], LABELS["fr"]


@pytest.fixture
def store(tmp_path: Path) -> DesignsStore:
    return open_store(tmp_path / "designs.sqlite")


def test_saving_adds_then_saves_a_new_revision_and_keeps_the_others(
        store: DesignsStore) -> None:
    added = dv.save_and_reload(store, BROKEN, (None, None))
    assert added.ok and added.note == ("Added “Half Done” to designs.sqlite (revision 1): "
                                       "1 design in the store.")
    knight = dv.save_and_reload(store, KNIGHT, added.opened)  # a renamed form: a new name
    assert knight.ok and knight.opened == ("Bench Knight", 1)
    bigger = dv.save_and_reload(store, {**KNIGHT, "power": "3"}, knight.opened)
    assert bigger.ok and bigger.note is not None and bigger.note.startswith(
        "Saved “Bench Knight” in designs.sqlite as revision 2")
    assert bigger.designs.records == (BROKEN, {**KNIGHT, "power": "3"})
    again = dv.save_and_reload(store, {**KNIGHT, "power": "3"}, bigger.opened)
    assert again.note == "“Bench Knight” is unchanged since revision 2: nothing to save."


def test_two_sessions_saving_one_name_one_is_told_and_both_designs_are_kept(
        store: DesignsStore) -> None:
    """Issue 11 item 5: one was told "Added", the other "Replaced", the first lost."""
    store.save(KNIGHT, None)
    opened = dv.opened_for(dv.open_designs(store), "Bench Knight", KNIGHT)
    assert opened == ("Bench Knight", 1)
    first = dv.save_and_reload(store, {**KNIGHT, "power": "3"}, opened)
    second = dv.save_and_reload(store, {**KNIGHT, "power": "7"}, opened)
    assert first.ok and not second.ok and second.conflict
    assert second.note == ("Not saved: “Bench Knight” was changed meanwhile by another "
                           "session (now revision 2, you opened revision 1) — keep yours "
                           "as a copy, or reload.")
    assert second.opened == opened  # still holds what it opened: it can try again, knowingly
    copy = dv.save_and_reload(store, {**KNIGHT, "power": "7"}, second.opened, copy=True)
    assert copy.ok and copy.opened == ("Bench Knight (copy)", 1)
    powers = {d.name: d.record["power"] for d in copy.designs.designs}
    assert powers == {"Bench Knight": "3", "Bench Knight (copy)": "7"}


def test_a_new_design_under_a_taken_name_is_a_conflict(store: DesignsStore) -> None:
    store.save(KNIGHT, None)
    saved = dv.save_and_reload(store, {**KNIGHT, "power": "9"}, (None, None), FR)
    assert not saved.ok and saved.note is not None
    assert saved.note.startswith("Pas enregistrée : « Bench Knight » existe déjà dans "
                                 "designs.sqlite (révision 1")
    assert store.snapshot().records == (KNIGHT,)


def test_a_failed_save_says_why_and_nothing_is_written(store: DesignsStore) -> None:
    saved = dv.save_and_reload(store, {**KNIGHT, "name": ""}, (None, None), FR)
    assert not saved.ok and saved.note == ("Pas enregistrée : give the design a name before "
                                           "saving it")
    assert store.snapshot().designs == ()
    assert dv.save_and_reload(store, None, (None, None)).note is None  # only a reload


def test_after_save_a_changed_form_is_said_not_saved_never_silently(
        store: DesignsStore) -> None:
    """No user's work lost in silence: a field typed just before Save reaches the server
    after the click (the fields are debounced), so the saved revision lacks it. While the
    form holds what was saved the save's note stays; once it differs, the note says the
    form is not saved yet, by name, in the app's language; a refused save keeps its note."""
    saved = dv.save_and_reload(store, KNIGHT, (None, None), LABELS["en"])
    last = (KNIGHT, saved.note, saved.ok)
    assert saved.ok and dv.since_save(last, dict(KNIGHT), LABELS["en"]) == (saved.note, True)
    changed = {**KNIGHT, "name": "Bench Knight Two"}
    note, ok = dv.since_save(last, changed, LABELS["en"])
    assert not ok and note is not None and "Not saved yet" in note
    assert "“Bench Knight Two”" in note and LABELS["en"]["design_save"] in note
    french, _ = dv.since_save(last, changed, LABELS["fr"])
    assert french is not None and "« Bench Knight Two »" in french
    assert LABELS["fr"]["design_save"] in french
    refused = ({**KNIGHT}, "Not saved: taken", False)
    assert dv.since_save(refused, changed, LABELS["en"]) == ("Not saved: taken", False)


def test_history_lists_revisions_and_a_restore_fills_the_form(store: DesignsStore) -> None:
    store.save(KNIGHT, None)
    store.save({**KNIGHT, "power": "3"}, 1)
    choices = dv.history_choices(store, "Bench Knight")
    assert list(choices.values()) == [2, 1]
    assert all(label.startswith(f"revision {n} · ") for label, n in choices.items())
    assert dv.history_choices(store, None) == {}
    restored = dv.restore_design(store, "Bench Knight", 1, ("Bench Knight", 2))
    assert restored.ok and restored.fields == KNIGHT and restored.opened == ("Bench Knight", 3)
    assert restored.note == ("Restored revision 1 of “Bench Knight”: it is now revision 3, "
                             "in the form.")
    stale = dv.restore_design(store, "Bench Knight", 2, ("Bench Knight", 2))
    assert not stale.ok and stale.fields is None and "changed meanwhile" in str(stale.note)
    assert dv.restore_design(store, None, None, (None, None)).note is None


def test_a_draft_is_offered_back_only_when_it_differs_from_what_it_opened(
        store: DesignsStore) -> None:
    token = new_draft_token()
    assert dv.offered_draft(store, token, store.snapshot()) == (None, None)
    store.save(KNIGHT, None)
    assert dv.save_draft(store, token, KNIGHT, ("Bench Knight", 1)) is None
    draft, note = dv.offered_draft(store, token, store.snapshot())
    assert draft is not None and note is None  # the saved design itself: nothing to offer
    dv.save_draft(store, token, {**KNIGHT, "power": "6"}, ("Bench Knight", 1))
    draft, note = dv.offered_draft(open_store(store.path), token, store.snapshot())
    assert draft is not None and draft.record["power"] == "6"
    assert note is not None and note.startswith("Your unsaved draft of “Bench Knight” (typed ")


def test_the_draft_token_is_the_pages_or_a_new_one_put_there() -> None:
    params: dict[str, str] = {}
    token = dv.draft_token(params)
    assert params == {"draft": token} and dv.draft_token(params) == token
    hostile = {"draft": "../../etc/passwd"}
    assert dv.draft_token(hostile) != "../../etc/passwd" and hostile["draft"] != "../../etc/passwd"


def test_the_store_is_shown_by_file_name_with_its_caps_and_each_problem(
        store: DesignsStore, tmp_path: Path) -> None:
    store.save(KNIGHT, None)
    store.save({**BROKEN, "name": HOSTILE_NAME}, None)
    store.save({**KNIGHT, "name": "Poison", "mana_cost": "{²}"}, None)
    page = dv.designs_html(store.snapshot())
    assert str(tmp_path) not in page
    assert '<code class="lv-designs-path">designs.sqlite</code>' in page
    assert f"(at most {MAX_DESIGNS} designs, 16,384 bytes each)" in page
    assert "<img" not in page and "&lt;img" in page
    assert "3 designs, 1 parses" in page and page.count("does not parse") == 2
    assert "(line 5)" in page and 'data-design="Poison"' in page
    french = dv.designs_html(store.snapshot(), FR)
    assert "Magasin des créations :" in french and "3 créations, 1 lisible" in french


def test_the_picker_offers_a_new_design_then_each_saved_one(store: DesignsStore) -> None:
    store.save(KNIGHT, None)
    store.save(BROKEN, None)
    choices = dv.design_choices(store.snapshot())
    assert list(choices) == [bench_view.NEW_DESIGN_LABEL, "Bench Knight", "Half Done"]
    assert choices[bench_view.NEW_DESIGN_LABEL] == dv.NEW_DESIGN
    assert bench.read_draft(*dv.NEW_DESIGN.values()).error is None  # the new design parses
    store.save({**KNIGHT, "power": "4"}, 1)  # another session's revision, then a reload
    newer = dv.design_choices(store.snapshot())
    assert dv.pick_label(newer, choices["Bench Knight"]) == "Bench Knight"
    assert dv.pick_label(newer, None) == "Half Done"
    assert dv.opened_for(store.snapshot(), bench_view.NEW_DESIGN_LABEL,
                         dv.NEW_DESIGN) == (None, None)
    french = dv.design_choices(store.snapshot(), FR)
    assert next(iter(french)) == "Nouvelle création"


def upload(name: str, data: bytes) -> list[list[str]]:
    """A ``mo.ui.file`` frontend value: ``[[name, base64]]``."""
    return [[name, base64.b64encode(data).decode()]]


def test_an_uploaded_designs_file_is_checked_before_it_is_taken_and_never_raises(
        store: DesignsStore) -> None:
    good = json.dumps([KNIGHT, BROKEN]).encode()
    assert dv.import_error(upload("mine.json", good)) is None
    nested = dv.import_error(upload("deep.json", b"[" * 3000))
    assert nested is not None and "deep.json" in nested and "limit of 8" in nested
    big = dv.import_error(upload("big.json", b" " * (MAX_IMPORT_BYTES + 10)))
    assert big is not None and "larger than the limit" in big
    for raw in (None, [], [["x.json", 5]], [["x.json", "@@not base64@@"]], object()):
        assert isinstance(dv.import_error(raw), str)  # a message, never an exception
    note, ok = dv.import_upload(store, [SimpleNamespace(name="mine.json", contents=good)])
    assert ok and note is not None and "mine.json imported into designs.sqlite" in note
    assert store.snapshot().records == (KNIGHT, BROKEN)
    note, ok = dv.import_upload(store, [SimpleNamespace(name="bad.json", contents=b"{")], FR)
    assert not ok and note is not None and note.startswith("Pas importé : ")
    assert dv.import_upload(store, None) == (None, True)
