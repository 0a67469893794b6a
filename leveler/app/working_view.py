"""The working pool's notes as escaped HTML: each card renamed for a name clash, said.

The words come from :func:`leveler.working_pool.renamed_note`; every name in them is a
design's, so untrusted: all of it goes through :func:`html.escape`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

__all__ = ["notes_html"]


def notes_html(notes: Sequence[str]) -> str:
    """The notes as a list (empty text for none), every character escaped."""
    if not notes:
        return ""
    items = "".join(f"<li>{html.escape(note)}</li>" for note in notes)
    return f'<ul class="lv-renamed">{items}</ul>'
