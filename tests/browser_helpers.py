"""Helpers shared by the browser tests."""

from __future__ import annotations

from typing import Any


def injected_elements(page: Any) -> list[int]:
    """Elements a hostile card could have injected: images with its src, scripts calling
    alert, javascript: links. All must be 0 when every field is shown as text."""
    counts: list[int] = page.evaluate("""() => [
        document.querySelectorAll('img[src=x], img[src=y], img[src=z]').length,
        [...document.querySelectorAll('script')].filter(
            s => s.textContent.includes('alert(')).length,
        document.querySelectorAll('a[href^="javascript:"]').length]""")
    return counts
