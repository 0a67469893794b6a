"""What the app's Balance view shows: its tables as escaped HTML, the Monte Carlo's budget
in words, and the look of the Balance and bench tables.

The frames come from :mod:`leveler.bench` and :mod:`leveler.bench_reach` (numbers from
:mod:`leveler.balance`); nothing here decides a rule. Everything shown is escaped
(:func:`html.escape`): names typed into a design, names in the pool or the designs store.
The words the views add (headings, flags, captions, notes) are taken from ``text``, the
words of one language (:data:`leveler.app.labels.LABELS`), English by default; frames
(and the CSV files made from them) keep their English columns and values.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

from leveler.app.labels import LABELS, number_text
from leveler.app.trace_words import stage_text
from leveler.bench_reach import Budget

__all__ = [
    "BALANCE_INTRO",
    "BALANCE_TAB",
    "FLAG_ARROWS",
    "budget_html",
    "budget_text",
    "curve_line_html",
    "frame_html",
    "heading_text",
    "message_html",
    "missing",
    "words_or_english",
]

_EN = LABELS["en"]

BALANCE_TAB = _EN["tab_balance"]
"""The Balance view's tab (in English; ``tab_balance`` of the labels)."""
BALANCE_INTRO = _EN["balance_intro"]
"""What the Balance view shows, for the top of the view (markdown, English)."""


def words_or_english(text: Mapping[str, str] | None) -> Mapping[str, str]:
    """``text``, or the English words when None."""
    return _EN if text is None else text


def budget_text(budget: Budget, text: Mapping[str, str] | None = None) -> str:
    """The cap of a press in words, with the games and cards it plays here."""
    words = words_or_english(text)
    key = "mc_budget_cut" if budget.cut else "mc_budget"
    return words[key].format(cap=number_text(words, budget.cap),
                             games=number_text(words, budget.games),
                             played=number_text(words, budget.played),
                             cards=number_text(words, budget.cards))


def budget_html(budget: Budget, text: Mapping[str, str] | None = None) -> str:
    """:func:`budget_text` as an escaped paragraph (``data-cap``, ``data-games``,
    ``data-played`` and ``data-cards`` carry its numbers)."""
    return (f'<p class="lv-mc-budget" data-cap="{budget.cap}" data-games="{budget.games}" '
            f'data-played="{budget.played}" data-cards="{budget.cards}">'
            f"{html.escape(budget_text(budget, text))}</p>")


FLAG_ARROWS = {"above": "▲", "on": "●", "below": "▼"}
"""The arrow before a flag in a variant's cell."""
_FLAG_OF = {arrow: flag for flag, arrow in FLAG_ARROWS.items()}
_NUMERIC_HEADINGS = frozenset({"Counters", "Mana", "Turn", "P+T", "Trend", "Vanilla"})
_FLAG_HEADINGS = frozenset({"vs trend", "vs vanilla"})


def missing(value: object) -> bool:
    """None, pandas' NA, or a float NaN."""
    return value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value))


def _text(value: object) -> str:
    if missing(value):
        return "—"
    if isinstance(value, float | np.floating):
        return f"{value:g}"
    return str(value)


def _td(heading: str, value: object, words: Mapping[str, str] = _EN) -> str:
    text = _text(value)
    if heading == "Band":  # printed / LEVEL 2-6 in the words (NIVEAU 2-6, 710.2 of 2011)
        return f"<td>{html.escape(stage_text(words, text))}</td>"
    if heading in _FLAG_HEADINGS:
        shown = words.get(f"chart.flag.{text}", text)
        return f'<td class="lv-flag-{html.escape(text)}">{html.escape(shown)}</td>'
    if heading == "Source":
        return f"<td>{html.escape(words.get(f'chart.source.{text}', text))}</td>"
    if heading in _NUMERIC_HEADINGS or heading.startswith("Turn "):
        return f'<td class="lv-num">{html.escape(text)}</td>'
    if "\n" in text:
        lines = "".join(f'<span class="lv-line">{html.escape(line)}</span>'
                        for line in text.split("\n"))
        # a variant's cell: its second line starts with the trend's flag (an arrow)
        trend = next((char for char in text.split("\n", 1)[1] if char in _FLAG_OF), "")
        flag = f" lv-flag-{_FLAG_OF[trend]}" if _FLAG_OF.get(trend, "on") != "on" else ""
        return f'<td class="lv-cell{flag}">{lines}</td>'
    return f"<td>{html.escape(text)}</td>"


def heading_text(heading: str, text: Mapping[str, str] | None = None) -> str:
    """A table heading of the Balance and bench tables (``Card``, ``vs trend``, ``Turn 3``,
    ``Band 2``...) in the words of ``text``; another heading as it is."""
    words = words_or_english(text)
    for prefix in ("Turn ", "Band "):
        number = heading.removeprefix(prefix)
        if heading.startswith(prefix) and number.isdigit():
            return words[f"bcol.{prefix}{{number}}"].format(number=number)
    return words.get(f"bcol.{heading}", heading)


def frame_html(table: pd.DataFrame, caption: str, *, kind: str, sources: Sequence[str] = (),
               text: Mapping[str, str] | None = None) -> str:
    """A table as escaped HTML: class ``lv-btable``, ``data-kind`` = ``kind``.

    ``sources`` (one per row, e.g. the Source column) marks each row's ``data-source``,
    which highlights designs. Numbers are right-aligned and flags coloured. Headings,
    flags and sources are shown in the words of ``text`` (English by default); the table
    keeps its English columns and values.
    """
    words = words_or_english(text)
    numeric = ' class="lv-num"'
    head = "".join(f'<th scope="col"{numeric if column in _NUMERIC_HEADINGS else ""}>'
                   f"{html.escape(heading_text(str(column), words))}</th>"
                   for column in table.columns)
    marks = list(sources) or [""] * len(table)
    body = "".join(
        (f'<tr data-source="{html.escape(mark)}">' if mark else "<tr>")
        + "".join(_td(str(column), value, words)
                  for column, value in zip(table.columns, row, strict=True)) + "</tr>"
        for mark, row in zip(marks, table.itertuples(index=False, name=None), strict=True))
    if table.empty:
        body = (f'<tr><td colspan="{max(len(table.columns), 1)}">'
                f'{html.escape(words["btable_empty"])}</td></tr>')
    return (f'<table class="lv-btable" data-kind="{html.escape(kind)}">'
            f"<caption>{html.escape(caption)}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def curve_line_html(text: Mapping[str, str] | None = None) -> str:
    """The vanilla line's name and formula, for the row of its settings (a, b, tolerance)."""
    words = words_or_english(text)
    return (f'<span style="white-space:nowrap">{html.escape(words["curve_line"])} '
            f'<b>{html.escape(words["curve_formula"])}</b></span>')


def message_html(message: str, *, title: str = "") -> str:
    """A message for a callout, escaped, its lines kept."""
    heading = f"<p><strong>{html.escape(title)}</strong></p>" if title else ""
    return f'{heading}<pre style="white-space:pre-wrap;margin:0">{html.escape(message)}</pre>'
