"""What a run of the explorer notebook shows, for the tests that run it without a browser."""

from __future__ import annotations

import re
from typing import Any

from leveler.app import layout
from leveler.app.labels import LANGUAGES, labels_for

SHOWN_TAB = re.compile(r'\.lv-tab-box\[data-lv-tab="(\w+)"\]\{display:block\}')
"""The rule of ``leveler.app.layout.tab_style`` that shows a tab's box."""
TAB_BOX = re.compile(r'<div class="lv-tab-box" data-lv-tab="(\w+)">')
DIV = re.compile(r"<div\b|</div>")
GATED_TABS = ("whatif", "balance", "bench")
"""The tabs whose cells stop while another is shown: the notebook's tabs cell defines a
``get_<tab>_shown`` state for each."""


def shown_tab(label: str) -> dict[str, Any]:
    """The tabs cell's states for the tab named ``label`` (in any of the app's languages),
    for a test that stands in for that cell with its own ``view``."""
    named = {words[f"tab_{tab}"]: tab for words in map(labels_for, LANGUAGES.values())
             for tab in layout.TABS}
    tab = named[label]
    return {f"get_{gated}_shown": (lambda shown=gated == tab: shown) for gated in GATED_TABS}


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
