"""What the Design bench shows of the designs store, and what its buttons do, in the page's words.

The store (:mod:`leveler.io.designs`) is opened by the server from its configuration; the
page names no path and is shown only the store's file name (the server's folders, and
its home, are no business of a group's members). A session remembers what it opened as
``(name, revision)`` (:data:`Opened`); a save of that name starts from that revision, so a
design changed meanwhile by another session is a conflict said out loud, never a silent
replace. Whatever the store holds (names, texts, problems) is escaped before it reaches
HTML. Words come from ``text`` (:data:`leveler.app.words.WORDS`, English by default).
"""

from __future__ import annotations

import html
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from leveler.app.plural import plural_text
from leveler.app.uploads import first_upload
from leveler.app.words import WORDS
from leveler.io.designs import (
    DESIGN_FIELDS,
    MAX_DESIGNS,
    MAX_IMPORT_BYTES,
    MAX_RECORD_BYTES,
    DesignConflict,
    Designs,
    DesignsError,
    DesignsStore,
    StoredDraft,
    new_draft_token,
    read_designs_json,
    valid_token,
)
from leveler.io.uploads import decode_upload

__all__ = ["NEW_DESIGN", "Opened", "Restored", "Saved", "design_choices", "designs_html",
           "draft_fields", "draft_token", "expected_revision", "history_choices",
           "import_error", "import_upload", "offered_draft", "open_designs", "opened_for",
           "pick_label", "restore_design", "save_and_reload", "save_draft", "since_save"]

Opened = tuple[str | None, int | None]
"""What a session opened: a design's name and revision, or ``(None, None)`` for a new one."""

NEW_DESIGN: dict[str, str] = {
    "name": "New Leveler",
    "mana_cost": "{1}{W}",
    "type_line": "Creature — Human Soldier",
    "power": "1",
    "toughness": "2",
    "oracle_text": "Level up {1}\nLEVEL 2-4\n2/3\nVigilance\nLEVEL 5+\n3/4\nFirst strike",
}
"""What the bench opens on when the store holds nothing: a small valid leveler."""


def _words(text: Mapping[str, str] | None) -> Mapping[str, str]:
    return WORDS["en"] if text is None else text


def _when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))


@dataclass(frozen=True, eq=False)
class Restored:
    """What a press of Restore did: the form's new values (None if nothing was restored)."""

    fields: dict[str, str] | None
    opened: Opened
    note: str | None
    ok: bool = True


@dataclass(frozen=True)
class Saved:
    """What a press of Save (or Keep mine as a copy) did, and the store after it."""

    designs: Designs
    note: str | None
    """What was done, for a person (None when nothing was pressed)."""
    ok: bool
    opened: Opened
    """What the session holds now (the saved name and revision after a save)."""
    conflict: bool = False


def draft_fields(record: Any) -> dict[str, str]:
    """The bench's form values for a saved record (every field a string, missing ones empty)."""
    found = record if isinstance(record, Mapping) else {}
    return {key: "" if found.get(key) is None else str(found[key]) for key in DESIGN_FIELDS}


def open_designs(store: DesignsStore) -> Designs:
    """The store as it is now (never raises: a problem is its ``message``)."""
    return store.snapshot()


def design_choices(designs: Designs, text: Mapping[str, str] | None = None
                   ) -> dict[str, dict[str, str]]:
    """The design picker: ``design_new`` (:data:`NEW_DESIGN`), then each saved design by name
    (a design named like the new entry gets ``(2)``)."""
    words = _words(text)
    choices = {words["design_new"]: dict(NEW_DESIGN)}
    for design in designs.designs:
        label, number = design.name, 1
        while label in choices:
            number += 1
            label = f"{design.name} ({number})"
        choices[label] = draft_fields(design.record)
    return choices


def pick_label(choices: Mapping[str, Mapping[str, str]], picked: Mapping[str, str] | None,
               text: Mapping[str, str] | None = None) -> str:
    """The picker's entry to open on: the one holding ``picked`` (what was open before), else
    the saved design of its name (a newer revision), else the last entry."""
    new = _words(text)["design_new"]
    if picked is not None:
        for label, record in choices.items():
            if record == picked:
                return label
        for label, record in choices.items():
            if label != new and record.get("name") == picked.get("name"):
                return label
    return list(choices)[-1]


def opened_for(designs: Designs, label: str | None, fields: Mapping[str, str],
               text: Mapping[str, str] | None = None) -> Opened:
    """What opening the picker's ``label`` (holding ``fields``) holds: the new design, or a
    saved name at its revision in ``designs``."""
    if label == _words(text)["design_new"]:
        return None, None
    name = str(fields.get("name", ""))
    return name, designs.revision_of(name)


def expected_revision(opened: Opened, name: str) -> int | None:
    """The revision a save of ``name`` must find: the opened one if it is that name, else
    none (a new name, or a renamed design, must not exist yet)."""
    return opened[1] if opened[0] == name else None


def _conflict_text(error: DesignConflict, store: str, words: Mapping[str, str]) -> str:
    key = ("save_conflict_exists" if error.expected is None else
           "save_conflict_gone" if error.current is None else "save_conflict_changed")
    return words[key].format(name=error.name, store=store, current=error.current,
                             expected=error.expected)


def save_and_reload(store: DesignsStore, record: Mapping[str, Any] | None, opened: Opened,
                    text: Mapping[str, str] | None = None, copy: bool = False) -> Saved:
    """Save ``record`` (as a copy if ``copy``) starting from ``opened``, then read the store
    again; with no record, only read it (another session's saves show up). A refused save
    (a conflict, a cap, a read-only store, no name) is a message; what was typed stays."""
    words = _words(text)
    if record is None:
        return Saved(store.snapshot(), None, True, opened)
    name = str(record.get("name") or "")
    try:
        if copy:
            design = store.save_copy(record)
        else:
            before = expected_revision(opened, name)
            design = store.save(record, before)
    except DesignConflict as error:
        note = _conflict_text(error, store.location, words)
        return Saved(store.snapshot(), note, False, opened, conflict=True)
    except DesignsError as error:
        return Saved(store.snapshot(), words["save_failed"].format(error=error), False, opened)
    now = store.snapshot()
    key = ("save_copied" if copy else "save_added" if before is None else
           "save_unchanged" if design.revision == before else "save_replaced")
    note = words[key].format(name=design.name, store=store.location, revision=design.revision,
                             count=len(now.designs),
                             designs=plural_text(words, "designs_n", len(now.designs)))
    return Saved(now, note, True, (design.name, design.revision))


def since_save(saved: tuple[Mapping[str, Any], str | None, bool],
               record: Mapping[str, Any], text: Mapping[str, str] | None = None
               ) -> tuple[str | None, bool]:
    """The note to show after Save (``saved``: the record saved, the save's note and
    whether it succeeded) once the form holds ``record``: the save's own note while the
    form still holds what was saved, or a failed save's; else that the form's changes
    are not saved yet. A field typed just before the click reaches the server after it
    (the fields are debounced), so what was saved may lack it: said, never silent."""
    saved_record, note, ok = saved
    if not ok or dict(saved_record) == dict(record):
        return note, ok
    words = _words(text)
    return words["save_stale"].format(name=record.get("name") or words["design_new"]), False


def history_choices(store: DesignsStore, name: str | None,
                    text: Mapping[str, str] | None = None) -> dict[str, int]:
    """A design's kept revisions, newest first, for a picker (label -> revision)."""
    if name is None:
        return {}
    words = _words(text)
    try:
        revisions = store.history(name)
    except DesignsError:
        return {}
    return {words["history_entry"].format(revision=r.revision, when=_when(r.saved_at)):
            r.revision for r in revisions}


def restore_design(store: DesignsStore, name: str | None, revision: int | None,
                   opened: Opened, text: Mapping[str, str] | None = None) -> Restored:
    """Restore ``revision`` of ``name`` as its newest revision; the form's new values and
    what the session holds then, or why not (nothing asked: nothing done)."""
    if name is None or revision is None:
        return Restored(None, opened, None)
    words = _words(text)
    try:
        design = store.restore(name, revision, expected_revision(opened, name))
    except DesignConflict as error:
        return Restored(None, opened, _conflict_text(error, store.location, words), False)
    except DesignsError as error:
        return Restored(None, opened, words["save_failed"].format(error=error), False)
    note = words["restored"].format(name=name, revision=revision, new=design.revision)
    return Restored(draft_fields(design.record), (design.name, design.revision), note)


def draft_token(params: Any) -> str:
    """The browser's draft token from the page's query parameters (``draft``), or a new one
    set there, so a reload (or a server restart) finds the same draft."""
    found = params.get("draft") if params is not None else None
    if valid_token(found):
        return str(found)
    token = new_draft_token()
    if params is not None:
        params["draft"] = token
    return token


def offered_draft(store: DesignsStore, token: str, designs: Designs,
                  text: Mapping[str, str] | None = None
                  ) -> tuple[StoredDraft | None, str | None]:
    """The draft kept for ``token`` and what to say about it: it is offered back only when
    it differs from the saved design it started from (else it is that design)."""
    draft = store.draft(token)
    if draft is None:
        return None, None
    saved = next((d for d in designs.designs if d.name == draft.opened_name), None)
    if saved is not None and draft_fields(saved.record) == draft.record:
        return draft, None
    name = draft.record.get("name") or _words(text)["designs_no_name"]
    return draft, _words(text)["draft_restored"].format(name=name, when=_when(draft.saved_at))


def save_draft(store: DesignsStore, token: str, record: Mapping[str, Any], opened: Opened,
               text: Mapping[str, str] | None = None) -> str | None:
    """Keep what was typed as the draft of ``token``; what went wrong, or None."""
    try:
        store.save_draft(token, record, opened[0], opened[1])
    except DesignsError as error:
        return _words(text)["draft_not_kept"].format(error=error)
    return None


def import_error(raw: object) -> str | None:
    """For ``mo.ui.form(validate=...)``: why the picked designs file cannot be imported, or
    None; its size is checked on the upload's base64 text before decoding. Never raises
    (marimo takes a validator that raises for one that accepted)."""
    try:
        name, contents = decode_upload(raw, max_bytes=MAX_IMPORT_BYTES, what="a designs file")
        read_designs_json(contents, name)
    except Exception as error:  # every failure is a message, never an accepted upload
        return str(error)[:500]
    return None


def import_upload(store: DesignsStore, uploaded: Any,
                  text: Mapping[str, str] | None = None) -> tuple[str | None, bool]:
    """Import the submitted designs file (``mo.ui.file`` results, re-read under the size
    limit by :func:`leveler.app.uploads.first_upload`) into the store: what was done, and
    whether it was (nothing submitted: ``(None, True)``)."""
    files = uploaded if isinstance(uploaded, list | tuple) else None
    try:
        submitted = first_upload(files, max_bytes=MAX_IMPORT_BYTES, what="a designs file")
        if submitted is None:
            return None, True
        return store.import_json(submitted[1], submitted[0]), True
    except ValueError as error:  # a DesignsError, or an UploadError for a file too large
        return _words(text)["import_failed"].format(error=error), False


def designs_html(designs: Designs, text: Mapping[str, str] | None = None) -> str:
    """The store: its file name, its caps, what it holds, each design's problem (a record
    that does not parse is its own problem; the others are shown as always)."""
    words = _words(text)
    items = []
    for design in designs.designs:
        problem = design.problem
        if problem is not None:
            where = (words["designs_failing_line"].format(line=problem.line_number)
                     if problem.line_number else "")
            why = words["designs_failing"].format(message=problem.message) + where
            status = f' <span class="lv-flag-below">{html.escape(why)}</span>'
        else:
            status = f' <span class="lv-flag-above">{html.escape(words["designs_parses"])}</span>'
        items.append(f'<li data-design="{html.escape(design.name)}" '
                     f'data-revision="{design.revision}">{html.escape(design.name)} '
                     f'<small>r{design.revision}</small>{status}</li>')
    count = len(designs.designs)
    summary = (words["designs_none"] if count == 0 else
               words["designs_count"].format(
                   designs=plural_text(words, "designs_n", count),
                   parse=plural_text(words, "designs_parse", len(designs.cards))))
    caps = words["designs_caps"].format(cap=MAX_DESIGNS, size=f"{MAX_RECORD_BYTES:,}")
    notes = [designs.message] if designs.message else []
    if not designs.writable:
        notes.append(words["designs_read_only"])
    note = "".join(f'<p class="lv-flag-below lv-designs-note">{html.escape(n)}</p>'
                   for n in notes)
    return (f'<div class="lv-designs-file"><div>{html.escape(words["designs_file"])} '
            f'<code class="lv-designs-path">{html.escape(designs.location)}</code> — '
            f'{html.escape(summary)}. <small class="lv-designs-caps">{html.escape(caps)}'
            f"</small></div>{note}"
            f"<ul>{''.join(items)}</ul></div>")
