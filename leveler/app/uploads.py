"""The app's file uploads (``mo.ui.file`` in a ``mo.ui.form``), checked in one place.

Every upload control of the app (a pool file, a situation file, a designs file) is
read the same way: the form's ``validate`` is :func:`refusal`, which decodes the first
file of the control's frontend value (``[[name, base64], ...]``, its size checked on
the base64 text, :func:`leveler.io.uploads.decode_upload`) and reads it, so a refused
file never reaches the app; the submitted value is read again by :func:`first_upload`
under the same size limit (a page can post a value around the validator).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from leveler.io.uploads import NoFileChosen, check_size, decode_upload, upload_label

__all__ = ["Uploaded", "first_upload", "refusal", "upload_name_of"]


class Uploaded(Protocol):
    """One uploaded file, as ``mo.ui.file`` gives it (``FileUploadResults``)."""

    @property
    def name(self) -> str: ...

    @property
    def contents(self) -> bytes: ...


def upload_name_of(raw: object) -> str:
    """The (shortened) name of the first file in a ``mo.ui.file`` frontend value."""
    first = raw[0] if isinstance(raw, list | tuple) and raw else None
    return upload_label(first[0] if isinstance(first, list | tuple) and first else None)


def refusal(raw: object, read: Callable[[str, bytes], object], *, max_bytes: int, what: str,
            keeps: str, no_file: str | None = None) -> str | None:
    """For ``mo.ui.form(validate=...)``: why the picked file is refused, or None.

    ``read(name, contents)`` reads the decoded file and raises ValueError (naming the
    file) for a bad one; the message then ends with ``keeps`` (what the app keeps).
    ``no_file`` is said when no file was chosen (default: the upload's own message).
    Never raises: marimo takes a validator that raises for one that accepted, and the
    app would then take the file.
    """
    try:
        read(*decode_upload(raw, max_bytes=max_bytes, what=what))
    except NoFileChosen as error:
        return no_file if no_file is not None else str(error)
    except ValueError as error:
        return f"{error}{keeps}"
    except Exception as error:  # any failure of an untrusted file is that file's problem
        return (f"{upload_name_of(raw)}: this file could not be read "
                f"({type(error).__name__}).{keeps}")
    return None


def first_upload(uploaded: Sequence[Uploaded] | None, *, max_bytes: int,
                 what: str) -> tuple[str, bytes] | None:
    """The submitted file's (shortened) name and contents, None when there is none;
    UploadError (a ValueError) when it is larger than ``max_bytes``."""
    if not uploaded:
        return None
    name = upload_label(uploaded[0].name)
    check_size(name, uploaded[0].contents, max_bytes, what)
    return name, uploaded[0].contents
