"""What a run of the explorer notebook shows, for the tests that run it without a browser."""

from __future__ import annotations

import re
from typing import Any

SHOWN_TAB = re.compile(r'\.lv-tab-box\[data-lv-tab="(\w+)"\]\{display:block\}')
"""The rule of ``leveler.app.layout.tab_style`` that shows a tab's box."""
TAB_BOX = re.compile(r'<div class="lv-tab-box" data-lv-tab="(\w+)">')
DIV = re.compile(r"<div\b|</div>")


def _without_hidden_boxes(page: str, shown: set[str]) -> str:
    """``page`` without the tab boxes (``layout.tab_box``) of tabs not in ``shown``."""
    kept, start = [], 0
    for box in TAB_BOX.finditer(page):
        if box.start() < start or box.group(1) in shown:
            continue
        depth, end = 0, len(page)
        for tag in DIV.finditer(page, box.start()):
            depth += 1 if tag.group() == "<div" else -1
            if depth == 0:
                end = tag.end()
                break
        kept.append(page[start:box.start()])
        start = end
    return "".join(kept) + page[start:]


def page_html(outputs: list[Any]) -> str:
    """Everything the cells show, in order (cells that show nothing give None), as a person
    sees it: without the tab boxes the page's own style keeps hidden, and without the
    ``<style>`` elements (the app's stylesheet names every view's classes)."""
    page = "".join(output.text for output in outputs if output is not None)
    shown = set(SHOWN_TAB.findall(page))
    return re.sub(r"<style>.*?</style>", "", _without_hidden_boxes(page, shown),
                  flags=re.DOTALL)
