"""The explorer's pool file picker: which pool the app shows, and what loading one said.

The app starts on the pool named by ``LEVELER_POOL`` (the bundled one when unset). A
person may load another file in any format :func:`leveler.io.pool_files.load_pool_report`
recognises. The picker is a ``mo.ui.form`` whose ``validate`` is :func:`upload_error`:
a file that is too large (:data:`MAX_UPLOAD_BYTES`), passes a limit of the upload
budget (depth, values, strings, numbers: :mod:`leveler.io.budget`), is not JSON, has
another shape or holds no card that loads is refused with the library's message and
never reaches the app, which keeps the pool it has. A file
where some cards fail loads the others, and :func:`report_html` lists the failures, each
naming its card and line.
"""

from __future__ import annotations

import html
import io
from collections.abc import Mapping, Sequence
from pathlib import Path

from leveler.app.uploads import Uploaded, first_upload, refusal
from leveler.app.views import load_pool_or_error
from leveler.io.budget import UPLOAD_POOL_BUDGET
from leveler.io.pool_files import PoolReport, load_pool_report
from leveler.io.uploads import check_size, upload_label
from leveler.model import LevelerCard

__all__ = ["MAX_LISTED_ERRORS", "MAX_UPLOAD_BYTES", "choose_pool", "read_upload", "report_html",
           "upload_error"]

MAX_LISTED_ERRORS = 20
"""How many failed cards the sidebar lists (the count says how many more)."""

MAX_UPLOAD_BYTES = UPLOAD_POOL_BUDGET.max_bytes
"""The largest pool file the page may upload (16 MiB; base64 makes the request ~22 MB).
Checked in the kernel on the base64 text before decoding; the browser's own limit
(``mo.ui.file(max_size=...)``) is only a courtesy, and a reverse proxy's body limit
(``client_max_body_size``) is what keeps larger requests off the server."""

_KEEPS = "\nThe app keeps the pool it has."


def read_upload(name: str, contents: bytes) -> PoolReport:
    """The report of an uploaded pool file; ValueError naming the file when it is larger
    than :data:`MAX_UPLOAD_BYTES`, passes a limit of
    :data:`leveler.io.budget.UPLOAD_POOL_BUDGET` (checked while reading), cannot be
    read, is not JSON, has another shape, or holds no leveler card that loads."""
    name = upload_label(name)
    check_size(name, contents, MAX_UPLOAD_BYTES, "a pool file")
    report = load_pool_report(io.BytesIO(contents), name=name, budget=UPLOAD_POOL_BUDGET)
    if not report.cards:
        failures = "".join(f"\n- {error}" for error in report.errors[:MAX_LISTED_ERRORS])
        raise ValueError(f"{report.summary()} There is no card to show.{failures}")
    return report


def upload_error(raw: object) -> str | None:
    """For ``mo.ui.form(validate=...)``: why the picked pool file is refused, or None
    (:func:`leveler.app.uploads.refusal`: its size is checked on the base64 text before
    decoding, then it is read by :func:`read_upload`; never raises)."""
    return refusal(raw, read_upload, max_bytes=MAX_UPLOAD_BYTES, what="a pool file",
                   keeps=_KEEPS, no_file="Choose a pool file first.")


def choose_pool(
    env_path: str | Path | None, uploaded: Sequence[Uploaded] | None
) -> tuple[dict[str, LevelerCard], str | None, PoolReport | None]:
    """The pool the app shows: the uploaded file's cards, else the ``LEVELER_POOL`` one.

    Returns (pool, error, report): ``error`` as :func:`leveler.app.views.load_pool_or_error`
    gives it for the starting pool; ``report`` for an uploaded file, None otherwise. An
    upload that skipped the validator (a page can post a value) is read again here under
    the same limits; any failure keeps the starting pool, never an exception.
    """
    try:
        submitted = first_upload(uploaded, max_bytes=MAX_UPLOAD_BYTES, what="a pool file")
        report = read_upload(*submitted) if submitted is not None else None
    except Exception:  # refused by upload_error before it got here, or posted around it
        report = None
    if report is not None:
        return dict(report.cards), None, report
    pool, error = load_pool_or_error(env_path)
    return pool, error, None


def report_html(text: Mapping[str, str], pool: Mapping[str, LevelerCard],
                report: PoolReport | None, env_path: str | None) -> str:
    """Where the pool comes from, in a few lines: the upload's summary and failed cards,
    or the starting pool. Every text from the file is escaped."""
    if report is None:
        line = (text["pool_env"].format(source=Path(env_path).name, count=len(pool)) if env_path
                else text["pool_bundled"].format(count=len(pool)))
        return f'<p class="lv-pool-source">{html.escape(line)}</p>'
    failed = ""
    if report.errors:
        items = "".join(f"<li>{html.escape(str(error))}</li>"
                        for error in report.errors[:MAX_LISTED_ERRORS])
        more = len(report.errors) - MAX_LISTED_ERRORS
        tail = (f"<li>{html.escape(text['pool_more'].format(count=more))}</li>"
                if more > 0 else "")
        failed = (f'<div class="lv-pool-errors">{html.escape(text["pool_failed"])}'
                  f"<ul>{items}{tail}</ul></div>")
    return (f'<div class="lv-pool-source"><p>{html.escape(report.summary())}</p>'
            f"{failed}</div>")
