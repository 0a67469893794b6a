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


def chart_csv(page: Any, url: str) -> str:
    """The CSV a chart's spec points at: a ``data:`` URL in the spec (the app inlines its
    charts' frames, leveler/app/inline_chart.py), else a file fetched from the page's server."""
    from base64 import b64decode
    from urllib.parse import unquote, urljoin

    if url.startswith("data:"):
        header, _, payload = url.partition(",")
        if header.endswith(";base64"):
            return b64decode(payload).decode("utf-8")
        return unquote(payload)
    response = page.request.get(urljoin(page.url, url))  # the page has ?draft=
    assert response.ok, url
    text: str = response.text()
    return text
