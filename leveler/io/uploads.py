"""Files uploaded through the page (``mo.ui.file``), decoded once and only within a budget.

The browser sends a file as base64 text; ``mo.ui.file(max_size=...)`` is checked only by
the browser, so a page can send anything. :func:`decode_upload` measures the base64 text
before decoding it and refuses a file larger than the budget with a message that says
the limit; :func:`check_size` does the same for bytes marimo has already decoded.
"""

from __future__ import annotations

import base64
import binascii

__all__ = ["NoFileChosen", "UploadError", "check_size", "decode_upload", "encoded_limit",
           "upload_label"]

_NAME_CHARS = 120
"""An uploaded file's name is shown at most this long (it is the page's, not the server's)."""


class UploadError(ValueError):
    """An upload that is missing, too large or damaged; the message is for the page."""


class NoFileChosen(UploadError):
    """The form was sent with no file in it."""


def upload_label(name: object) -> str:
    """The uploaded file's name as messages show it: a string, cut to a sensible length."""
    text = str(name) if isinstance(name, str) else "the file"
    return text if len(text) <= _NAME_CHARS else text[:_NAME_CHARS] + "…"


def encoded_limit(max_bytes: int) -> int:
    """The longest base64 text of a file of at most ``max_bytes`` bytes."""
    return 4 * ((max_bytes + 2) // 3)


def _too_large(name: str, size: int, max_bytes: int, what: str) -> UploadError:
    return UploadError(f"{name}: about {size:,} bytes is larger than the limit of "
                       f"{max_bytes:,} bytes for {what} uploaded to this server")


def check_size(name: str, contents: bytes, max_bytes: int, what: str) -> None:
    """UploadError when decoded ``contents`` are larger than ``max_bytes``."""
    if len(contents) > max_bytes:
        raise _too_large(upload_label(name), len(contents), max_bytes, what)


def decode_upload(raw: object, *, max_bytes: int, what: str) -> tuple[str, bytes]:
    """The first file of a ``mo.ui.file`` frontend value (``[[name, base64], ...]``), its
    size checked on the base64 text before decoding. UploadError (a ValueError) names
    the file and says why: none chosen, larger than ``max_bytes``, or damaged."""
    if not isinstance(raw, list | tuple) or not raw:
        raise NoFileChosen(f"Choose {what} first.")
    first = raw[0]
    if not isinstance(first, list | tuple) or len(first) != 2:
        raise NoFileChosen(f"Choose {what} first.")
    name, encoded = upload_label(first[0]), first[1]
    if not isinstance(encoded, str | bytes):
        raise UploadError(f"{name}: the upload arrived damaged; try again.")
    if len(encoded) > encoded_limit(max_bytes) + 4:
        raise _too_large(name, len(encoded) * 3 // 4, max_bytes, what)
    try:
        return name, base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise UploadError(f"{name}: the upload arrived damaged; try again.") from None
