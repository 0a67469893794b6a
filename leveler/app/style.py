"""The explorer's one stylesheet, ``leveler/app/style.css``, read once.

The views write classes only; the notebook puts :func:`style_html` in the page once.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["STYLE_PATH", "style_css", "style_html"]

STYLE_PATH = Path(__file__).resolve().parent / "style.css"
"""The stylesheet file (inside the package, so a wheel carries it)."""


@cache
def style_css() -> str:
    """The stylesheet's text, read from :data:`STYLE_PATH` on the first call."""
    return STYLE_PATH.read_text(encoding="utf-8")


def style_html() -> str:
    """The stylesheet as one ``<style>`` element for ``mo.Html``."""
    return f"<style>\n{style_css()}</style>"
