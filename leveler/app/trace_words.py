"""The core's words by key, in the app's language: trace steps, level symbols, zone notes.

The core gives every trace step a message key and its parameters
(:class:`leveler.trace.TraceStep`, :data:`leveler.trace.MESSAGES` its English); the words
files hold each key as ``trace.<key>`` (``tests/test_french.py`` checks every key the core
can emit has words in every file). Counts take the words' plurals (``plural_one``), zones
their ``where.<zone>`` phrase, level symbols ``trace.symbol.closed`` / ``trace.symbol.open``
(``NIVEAU 2-6`` in the 2011 French rules, 710.2). Nothing here is HTML: the views escape it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from leveler.app.labels import where_text
from leveler.model import LevelBand
from leveler.stages import PRINTED
from leveler.trace import MESSAGES, TraceStep, word_step

__all__ = ["PREFIX", "band_text", "stage_text", "step_text", "symbol_text", "templates"]

PREFIX = "trace."
"""The words files' prefix of the core's message keys."""


def templates(text: Mapping[str, str]) -> dict[str, str]:
    """The core's message keys -> their templates in ``text`` (``trace.<key>`` words)."""
    return {key[len(PREFIX):]: value for key, value in text.items() if key.startswith(PREFIX)}


def step_text(text: Mapping[str, str], step: TraceStep) -> str:
    """What ``step`` did, in the words of ``text``; its English ``description`` when the
    step has no key or the words lack it (a step made outside the core)."""
    if not step.key or f"{PREFIX}{step.key}" not in text:
        return step.description
    return word_step(step.key, step.params, templates(text),
                     plural_one=tuple(text.get("plural_one", "1").split()),
                     where=lambda zone: where_text(text, zone))


def symbol_text(text: Mapping[str, str], low: int, high: int | None) -> str:
    """A level symbol in the words of ``text``: ``LEVEL 2-6``, ``NIVEAU 7+`` (711.2)."""
    if high is None:
        return text.get(f"{PREFIX}symbol.open", MESSAGES["symbol.open"]).format(low=low)
    return text.get(f"{PREFIX}symbol.closed", MESSAGES["symbol.closed"]).format(low=low,
                                                                              high=high)


def band_text(text: Mapping[str, str], band: LevelBand | None) -> str:
    """``band``'s level symbol in the words of ``text``, or the words ``no_band``."""
    if band is None:
        return text["no_band"]
    return symbol_text(text, band.min_level, band.max_level)


_LABEL = re.compile(r"LEVEL (\d+)(?:-(\d+)|\+)")


def stage_text(text: Mapping[str, str], label: str) -> str:
    """A stage label of :mod:`leveler.stages` in the words of ``text``: ``printed`` (the
    uppermost P/T box, 711.5, 711.6) as ``design_printed``, a level symbol as
    :func:`symbol_text` (``NIVEAU 2-6``); anything else as it is."""
    if label == PRINTED:
        return text.get("design_printed", label)
    found = _LABEL.fullmatch(label)
    if found is None:
        return label
    return symbol_text(text, int(found[1]), int(found[2]) if found[2] else None)
