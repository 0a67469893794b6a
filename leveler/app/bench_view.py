"""What the app's Design bench shows: the parsed design, every parse problem on its line,
the variants table in words, and the grid that holds the form beside the parsed panel.

The frames come from :mod:`leveler.bench`; nothing here decides a rule. Whatever is
typed into a design is escaped (:func:`html.escape`) before it reaches HTML. The words
are those of ``text`` (:data:`leveler.app.labels.LABELS`), English by default; the
library's messages (parse errors) are shown as they are.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

import pandas as pd

from leveler.app.balance_view import FLAG_ARROWS, missing, words_or_english
from leveler.app.labels import LABELS
from leveler.app.plural import plural_text
from leveler.app.trace_words import band_text, stage_text
from leveler.bench import Draft, changes_in_words
from leveler.model import LevelerCard
from leveler.text import CardTextError

__all__ = ["BENCH_INTRO", "BENCH_TAB", "NEW_DESIGN_LABEL", "bench_row_html", "design_html",
           "draft_error_html", "variants_table", "waiting_html"]

_EN = LABELS["en"]

BENCH_TAB = _EN["tab_bench"]
"""The Design bench's tab (in English; ``tab_bench`` of the labels)."""
BENCH_INTRO = _EN["bench_intro"]
"""What the Design bench does, for the top of the view (markdown, English)."""
NEW_DESIGN_LABEL = _EN["design_new"]
"""The design picker's entry for a fresh design, in English."""


def variants_table(frame: pd.DataFrame, text: Mapping[str, str] | None = None) -> pd.DataFrame:
    """One row per variant, a column per stage: ``band P/T · mana · turn`` and the flags.

    The columns are English (``Change``, ``Printed``, ``Band 1``...:
    :func:`leveler.app.balance_view.frame_html` shows them in the labels' words); the
    cells are in the words of ``text``, the change as :func:`leveler.bench.change_label`.
    """
    words = words_or_english(text)

    def flag(value: object) -> str:
        return f"{FLAG_ARROWS[str(value)]} {words[f'chart.flag.{value}']}"

    changes = dict(zip(frame["variant"], changes_in_words(frame, words), strict=True))
    rows = []
    for variant, stages in frame.groupby("variant", sort=True):
        row = {"Change": changes[variant]}
        for stage in stages.itertuples(index=False):
            heading = "Printed" if stage.stage == 0 else f"Band {stage.stage}"
            turn = (words["variant_not_reached"] if missing(stage.turn)
                    else words["variant_turn"].format(turn=stage.turn))
            label = "" if stage.stage == 0 else f"{stage_text(words, str(stage.band))} "
            row[heading] = words["variant_cell"].format(
                label=label, pt=f"{stage.power}/{stage.toughness}", mana=stage.mana_invested,
                turn=turn, trend=flag(stage.trend_flag), vanilla=flag(stage.vanilla_flag))
        rows.append(row)
    return pd.DataFrame(rows)


def waiting_html(text: Mapping[str, str] | None = None) -> str:
    """What the bench shows instead of the variants while the design does not parse."""
    return f"<p><em>{html.escape(words_or_english(text)['variants_waiting'])}</em></p>"


def _why(problem: CardTextError, words: Mapping[str, str]) -> str:
    rule = words["draft_rule"].format(rule=problem.rule) if problem.rule else ""
    return html.escape(problem.message + rule)


def draft_error_html(draft: Draft, text: Mapping[str, str] | None = None) -> str:
    """Every reason the design does not parse, each on the line of its text.

    The text is listed with line numbers (``splitlines``, as the parser counts them);
    each line with a problem is marked (``lv-bad``, ``data-line``; the first one
    ``aria-current``) with every reason and rule under it. Problems with no line (a
    field, or what the whole text lacks) are listed above it; problems past the first
    20 are counted. The design's name leads (``lv-draft-name``). The words around the
    library's messages are those of ``text``.
    """
    error = draft.error
    if error is None:
        return ""
    words = words_or_english(text)
    oracle = draft.record.get("oracle_text", "").splitlines()
    on_line: dict[int, list[CardTextError]] = {}
    general = []
    for problem in error.problems:
        number = problem.line_number
        if number is not None and 1 <= number <= len(oracle):
            on_line.setdefault(number, []).append(problem)
        else:
            general.append(problem)
    first = min(on_line, default=None)
    lines = []
    for index, line in enumerate(oracle, start=1):
        shown = html.escape(line) or " "
        if index not in on_line:
            lines.append(f"<li>{shown}</li>")
            continue
        why = html.escape(words["draft_line"].format(line=index))
        reasons = "".join(f'<span class="lv-why">{why}{_why(problem, words)}</span>'
                          for problem in on_line[index])
        current = ' aria-current="true"' if index == first else ""
        lines.append(f'<li class="lv-bad"{current} data-line="{index}">{shown}{reasons}</li>')
    listed = "".join(f"<li>{_why(problem, words)}</li>" for problem in general)
    if error.unlisted:
        listed += f"<li>{html.escape(plural_text(words, 'draft_unlisted', error.unlisted))}</li>"
    where = words["draft_where"].format(line=first) if first is not None else ""
    heading = words["draft_not_parsing"].format(where=where)
    name = (f'<strong class="lv-draft-name">{html.escape(error.card)}</strong> · '
            if error.card else "")
    return (f'<div class="lv-parse-error" role="alert" data-line="{first or ""}" '
            f'data-problems="{len(error.problems) + error.unlisted}">'
            f"{name}<strong>{html.escape(heading)}</strong> "
            f"{html.escape(words['draft_saveable'])}"
            + (f'<ul class="lv-problems">{listed}</ul>' if listed else "")
            + (f'<ol class="lv-oracle">{"".join(lines)}</ol>' if lines else "") + "</div>")


def design_html(card: LevelerCard, text: Mapping[str, str] | None = None) -> str:
    """The parsed design, stage by stage (P/T and abilities), with any rule notes (the
    library's, as they are; the words around them those of ``text``)."""
    words = words_or_english(text)
    stages = [f"<li><strong>{html.escape(words['design_printed'])}</strong> "
              f"{card.power}/{card.toughness}"
              + "".join(f"; {html.escape(ability)}" for ability in card.abilities)
              + f"; {html.escape(card.level_up_ability)}</li>"]
    stages += [f"<li><strong>{html.escape(band_text(words, band))}</strong> "
               f"{band.power}/{band.toughness}"
               + "".join(f"; {html.escape(ability)}" for ability in band.abilities) + "</li>"
               for band in card.bands]
    notes = "".join(f'<div style="color:#8a5200">'
                    f'{html.escape(words["design_note"].format(note=note))}</div>'
                    for note in card.rule_warnings)
    return (f'<div class="lv-design" data-name="{html.escape(card.name)}">'
            f'<div><strong class="lv-design-name">{html.escape(card.name)}</strong> '
            f"{html.escape(str(card.mana_cost))} · {html.escape(card.type_line)}</div>"
            f"<ol>{''.join(stages)}</ol>{notes}</div>")


def bench_row_html(form: str, parsed: str) -> str:
    """The form (HTML of the app's controls) beside what it parses to, in a grid whose
    columns keep their share (2:3) whatever they hold, one above the other when narrow
    (``lv-bench-row`` of ``leveler/app/style.css``)."""
    return (f'<div class="lv-bench-row"><div class="lv-bench-form">{form}</div>'
            f'<div class="lv-bench-parsed">{parsed}</div></div>')
