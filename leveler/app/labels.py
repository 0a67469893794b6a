"""The words put to use: option labels, zone names, counts and numbers, from a words mapping.

:data:`LABELS` holds one mapping per language with the same keys (the data files of
:mod:`leveler.app.words`; ``tests/test_labels.py`` checks them). The notebook picks one
with the language switch and gives it to the views, which look every word up by key.
How a language writes numbers, plurals and zones is data in its file
(``number.thousands``, ``number.decimal``, ``counter.one``/``counter.other``, ``zone.*``,
``where.*``): nothing here tests which language it is. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from leveler.app.plural import plural_text
from leveler.app.words import LANGUAGES, WORDS, words_for
from leveler.io.editions import EDITIONS
from leveler.model import Zone
from leveler.pool_grid import SORT_OPTIONS

__all__ = [
    "LABELS",
    "LANGUAGES",
    "counters_text",
    "edition_label",
    "labels_for",
    "number_text",
    "option_labels",
    "sort_options",
    "tab_names",
    "where_text",
    "zone_name",
    "zone_options",
]

LABELS = WORDS
"""Language code -> its words (:mod:`leveler.app.words`, one data file per language)."""


def labels_for(language: str) -> Mapping[str, str]:
    """The words of ``language`` ("en", "fr"...); raises ValueError for another."""
    return words_for(language)


def edition_label(text: Mapping[str, str]) -> str:
    """The rule edition the language quotes by default, as the edition radio labels it:
    the current English rules (711) in English, the 2011 French ones (710) in French."""
    return EDITIONS[text["rules_edition"]]


def tab_names(text: Mapping[str, str]) -> tuple[str, str, str]:
    """The names of the Pool, Card and What-if tabs."""
    return text["tab_pool"], text["tab_card"], text["tab_whatif"]


def zone_name(text: Mapping[str, str], zone: Zone | str) -> str:
    """A zone as the labels name it: "Graveyard", "Cimetière"."""
    return text[f"zone.{Zone.coerce(zone).value}"]


def where_text(text: Mapping[str, str], zone: Zone | str) -> str:
    """Where a card is, as a judge says it: "on the battlefield", "dans le cimetière"."""
    return text[f"where.{Zone.coerce(zone).value}"]


def zone_options(text: Mapping[str, str]) -> dict[str, Zone]:
    """Zone dropdown options, label -> zone, in the order of :class:`Zone`."""
    return {zone_name(text, zone): zone for zone in Zone}


def sort_options(text: Mapping[str, str]) -> dict[str, str]:
    """Sort dropdown options: label -> a key of :data:`leveler.pool_grid.SORT_OPTIONS`."""
    return {text[f"sort.{key}"]: key for key in SORT_OPTIONS}


def option_labels(text: Mapping[str, str], kind: str, values: Iterable[str]) -> dict[str, str]:
    """Filter options, label -> value: ``kind`` "colour" or "rarity"; unknown values as they are."""
    return {text.get(f"{kind}.{value}", value): value for value in values}


def number_text(text: Mapping[str, str], value: float, decimals: int = 0) -> str:
    """A number as the labels' language writes it, its separators taken from the words
    (``number.thousands``, ``number.decimal``): ``100,000`` and ``0.95`` in English,
    ``100 000`` (a narrow no-break space) and ``0,95`` in French."""
    written = f"{value:,.{decimals}f}"
    marks = {",": text["number.thousands"], ".": text["number.decimal"]}
    return "".join(marks.get(character, character) for character in written)


def counters_text(text: Mapping[str, str], level: int) -> str:
    """"1 level counter", "7 level counters" in the labels' language: the words
    ``counter.one`` or ``counter.other``, as :func:`leveler.app.plural.plural_text` picks
    (French "0 marqueur « niveau »": 0 takes the singular there)."""
    return plural_text(text, "counter", level)
