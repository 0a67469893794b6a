"""Where the explorer's controls are shown: the current tab's only, in the sidebar (and,
on a phone, above the tab's content, where the sidebar is a box at the page's top).

The sidebar is the app's own ``<aside>`` (:func:`side_panel`), fixed at the left from
:data:`PHONE_WIDTH` up, not ``mo.sidebar``: marimo's sidebar is a react-slot-fill Fill,
and each ``mo.ui.table`` mounts a slot manager of its own on the same bus, which logs
``[handleFillUnmount]`` / ``[handleFillUpdated] component was expected to be defined``
whenever a sidebar mounted before the table is re-rendered or removed; marimo also
re-mounts every cell's output when its first sidebar appears (the page's layout changes
to the sidebar's), so a table drawn before that on a slow machine logged it at each load.

The Pool and Card tabs' content is shown the same way: each in its box (:func:`tab_box`),
always in the page, the current tab's shown by :func:`tab_style`. A tab switch then
re-runs no cell of theirs and re-mounts neither the chart nor marimo's table.

The controls are made once by the notebook and only placed here, so moving between tabs
keeps every value. Both copies are the same marimo elements (marimo keeps them in step);
the stylesheet shows one of them per screen width (``lv-side-controls`` from 1024 px,
``lv-phone-controls`` below, right above the tab's content).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import marimo as mo

__all__ = ["PHONE_WIDTH", "TABS", "TAB_CONTROLS", "language_and_pool", "phone_controls",
           "side_panel", "sidebar_controls", "tab_box", "tab_of", "tab_style"]

TABS = ("pool", "card", "whatif", "balance", "bench")
"""The tabs, each named by the words ``tab_<id>``."""

TAB_CONTROLS: Mapping[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "pool": (("show_with", ("level", "zone")),
             ("filter", ("colours", "rarities", "sets", "search", "band_query")),
             ("sort", ("sort_by", "descending"))),
    "card": (("show_with", ("level", "zone")),),
}
"""Per tab, its sidebar's headings (word keys) and the controls under each. What if…,
Balance and the Design bench have their controls in the tab itself, so none here."""

PHONE_WIDTH = 1024
"""Below this width (px) the sidebar is a box at the page's top and the tab's controls
sit above its content (the stylesheet's breakpoint, kept for the tests)."""


def tab_of(words: Mapping[str, str], shown: str) -> str:
    """The id of the tab whose name (in ``words``) is ``shown``; the first tab for an
    unknown name (marimo's tabs value before the first render is ``""``)."""
    for tab in TABS:
        if words[f"tab_{tab}"] == shown:
            return tab
    return TABS[0]


def _tab_groups(controls: Mapping[str, Any]) -> list[tuple[str, list[Any], tuple[str, ...]]]:
    """Every tab's groups once, in order: (heading's word key, its controls, the tabs it
    belongs to). ``controls`` maps each name of :data:`TAB_CONTROLS` to its element."""
    groups: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for tab in TABS:
        for heading, names in TAB_CONTROLS.get(tab, ()):
            groups.setdefault((heading, names), []).append(tab)
    return [(heading, [controls[name] for name in names], tuple(tabs))
            for (heading, names), tabs in groups.items()]


def side_panel(words: Mapping[str, str], parts: list[Any]) -> Any:
    """The sidebar: ``parts`` (marimo elements or text) stacked in the app's own
    ``<aside>``, named by ``words["sidebar_name"]`` for a screen reader."""
    name = html.escape(words["sidebar_name"], quote=True)
    return mo.Html(f'<aside class="lv-sidebar" aria-label="{name}">'
                   f"{mo.vstack(parts).text}</aside>")


def language_and_pool(words: Mapping[str, str], language: Any, pool_file: Any,
                      report_html: str) -> list[Any]:
    """The sidebar's top: the language switch, then the pool picker and where the pool
    comes from (``report_html``, already escaped: :func:`leveler.app.pool_picker.report_html`)."""
    return [_side_heading(words["language_heading"]), language,
            _side_heading(words["pool_heading"]), mo.md(words["pool_pick"]), pool_file,
            mo.Html(report_html)]


def sidebar_controls(controls: Mapping[str, Any], words: Mapping[str, str]) -> Any:
    """Every tab's sidebar groups once, each marked with the tabs it belongs to
    (``data-lv-tabs``), all hidden until :func:`tab_style` shows the current tab's: the
    sidebar's content stays the same whatever the tab, and a switch changes a style only."""
    parts = []
    for heading, shown, tabs in _tab_groups(controls):
        body = mo.vstack([_side_heading(words[heading]), *shown]).text
        parts.append(f'<div class="lv-side-group" data-lv-tabs="{" ".join(tabs)}">'
                     f"{body}</div>")
    return mo.Html(f'<div class="lv-side-controls">{"".join(parts)}</div>')


def phone_controls(controls: Mapping[str, Any], words: Mapping[str, str]) -> Any:
    """The same groups above the tab's content, a box shown on a phone only: the first
    group open, the others folded (``<details>``) so the tab stays in sight. Like the
    sidebar, every group is there once, marked with its tabs, and :func:`tab_style`
    shows the current tab's: a tab switch changes no element here."""
    groups = _tab_groups(controls)
    parts = []
    for number, (heading, shown, tabs) in enumerate(groups):
        title = html.escape(_heading_text(words[heading]))
        body = mo.vstack(shown).text
        marks = f'data-lv-tabs="{" ".join(tabs)}"'
        parts.append(f'<div class="lv-phone-group" {marks}><p class="lv-phone-heading">'
                     f"{title}</p>{body}</div>" if number == 0 else
                     f'<details class="lv-phone-group" {marks}><summary '
                     f'class="lv-phone-heading">{title}</summary>{body}</details>')
    label = html.escape(_heading_text(words[groups[0][0]]), quote=True) if groups else ""
    return mo.Html(f'<section class="lv-phone-controls" aria-label="{label}">'
                   f'{"".join(parts)}</section>')


def tab_box(tab: str, content: str) -> str:
    """``content`` (HTML) in the box of ``tab``, hidden by the stylesheet until
    :func:`tab_style` shows that tab's. ``tab`` must be one of :data:`TABS`."""
    if tab not in TABS:
        raise ValueError(f"layout.tab_box: unknown tab {tab!r}, expected one of {TABS}")
    return f'<div class="lv-tab-box" data-lv-tab="{tab}">{content}</div>'


def tab_style(tab: str) -> str:
    """A ``<style>`` showing the box of ``tab`` (:func:`tab_box`) and its groups of
    controls: in the sidebar from :data:`PHONE_WIDTH` up, above the tab's content below it
    (:func:`phone_controls`); no group, and no phone box, on a tab without sidebar
    controls. ``tab`` must be one of :data:`TABS`."""
    if tab not in TABS:
        raise ValueError(f"layout.tab_style: unknown tab {tab!r}, expected one of {TABS}")
    box = f'.lv-tab-box[data-lv-tab="{tab}"]{{display:block}}'
    if tab not in TAB_CONTROLS:
        return f"<style>{box}</style>"
    groups = f'[data-lv-tabs~="{tab}"]{{display:block}}'
    return (f"<style>{box}@media (min-width:{PHONE_WIDTH}px){{"
            f".lv-side-controls{{display:block}}.lv-side-group{groups}}}"
            f"@media (max-width:{PHONE_WIDTH - 0.02}px){{"
            f".lv-phone-controls{{display:block}}.lv-phone-group{groups}}}</style>")


def _side_heading(markdown: str) -> Any:
    """A sidebar heading: a heading for a screen reader (ARIA), not an ``<h3>``, which
    marimo would list in its floating outline of the page's headings."""
    return mo.Html(f'<p class="lv-side-heading" role="heading" aria-level="2">'
                   f"{html.escape(_heading_text(markdown))}</p>")


def _heading_text(markdown: str) -> str:
    """A words heading (``### Filter the pool``) as plain text."""
    return markdown.lstrip("#").strip()
