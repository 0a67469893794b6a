"""The explorer app's own words, in English and French, and the few views that use them.

:data:`LABELS` holds one dict per language with the same keys (``tests/test_labels.py``
checks it): the title and intro, control labels, tab names, table headers and captions,
the What-if and pool-picker texts, the charts' titles (``chart.*``, which
:mod:`leveler.charts` takes, English by default). The notebook picks one dict with the
language switch and passes it around; nothing here decides a rule.

Data stays data: card names, ability texts, band labels and the library's messages
(trace steps, errors) are shown as the library gives them, in English. The French
labels follow the French Comprehensive Rules of 2011 (rule 710): *marqueur « niveau »*,
*symbole de niveau*, *cartouche force/endurance*, *montée de niveau*.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping, Sequence

import pandas as pd

from leveler.app import views
from leveler.app.views import SORT_OPTIONS, TABLE_COLUMNS, table_html
from leveler.app.words import LANGUAGES, WORDS, words_for
from leveler.io.editions import EDITIONS
from leveler.model import Characteristics, LevelBand, LevelerCard, Zone

__all__ = [
    "LABELS",
    "LANGUAGES",
    "card_html",
    "characteristics_html",
    "counters_text",
    "edition_label",
    "labels_for",
    "localise_headers",
    "number_text",
    "option_labels",
    "pool_error_html",
    "pool_table_html",
    "rule_quote_html",
    "sort_options",
    "tab_names",
    "table_caption",
    "translation_html",
    "zone_name",
    "zone_options",
]

LABELS = WORDS
"""Language code -> its words (:mod:`leveler.app.words`, one data file per language)."""


def labels_for(language: str) -> Mapping[str, str]:
    """The words of ``language`` ("en" or "fr"); raises ValueError for another."""
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


def zone_options(text: Mapping[str, str]) -> dict[str, Zone]:
    """Zone dropdown options, label -> zone, in the order of :class:`Zone`."""
    return {zone_name(text, zone): zone for zone in Zone}


def sort_options(text: Mapping[str, str]) -> dict[str, str]:
    """Sort dropdown options: label -> a key of :data:`leveler.app.views.SORT_OPTIONS`."""
    return {text[f"sort.{key}"]: key for key in SORT_OPTIONS}


def option_labels(text: Mapping[str, str], kind: str, values: Iterable[str]) -> dict[str, str]:
    """Filter options, label -> value: ``kind`` "colour" or "rarity"; unknown values as they are."""
    return {text.get(f"{kind}.{value}", value): value for value in values}


def number_text(text: Mapping[str, str], value: float, decimals: int = 0) -> str:
    """A number as the labels' language writes it: ``100,000`` and ``0.95`` in English,
    ``100 000`` (a narrow no-break space) and ``0,95`` in French."""
    written = f"{value:,.{decimals}f}"
    if text["language"] == "fr":
        written = written.replace(",", "\u202f").replace(".", ",")
    return written


def counters_text(text: Mapping[str, str], level: int) -> str:
    """"1 level counter", "7 level counters" in the labels' language."""
    return text["counter_one"] if level == 1 else text["counter_many"].format(count=level)


def table_caption(text: Mapping[str, str], shown: int, total: int, level: int,
                  zone: Zone | str, selected: Sequence[str] | None) -> str:
    """The pool table's caption (English: exactly :func:`leveler.app.views.table_caption`)."""
    zone = Zone.coerce(zone)
    where = text[f"where.{zone.value}"]
    line = text["caption"].format(shown=shown, total=total, zone=where,
                                  counters=counters_text(text, level))
    if selected is None:
        return line + text["caption_hint"]
    return line + text["caption_selected"].format(selected=len(selected))


_THEAD = re.compile(r"<thead>.*?</thead>", re.DOTALL)


def localise_headers(table: str, text: Mapping[str, str]) -> str:
    """An HTML table from :func:`leveler.app.views.table_html` with its column headers translated.

    Only the ``<thead>`` changes; the rows (card data) stay as they are.
    """
    def translate(head: re.Match[str]) -> str:
        out = head.group(0)
        for column in TABLE_COLUMNS:
            out = out.replace(f">{html.escape(column)}</th>",
                              f">{html.escape(text[f'col.{column}'])}</th>")
        return out
    return _THEAD.sub(translate, table, count=1)


def pool_table_html(text: Mapping[str, str], table: pd.DataFrame, total: int, level: int,
                    zone: Zone | str, selected: Sequence[str] | None) -> str:
    """:func:`leveler.app.views.table_html` with the caption, headers, "no band" and "no card"
    in the labels' language."""
    caption = table_caption(text, len(table), total, level, zone, selected)
    return localise_headers(table_html(table, caption, level, zone, empty=text["table_empty"],
                                       no_band=text["no_band"]), text)


def pool_error_html(text: Mapping[str, str], message: str) -> str:
    """:func:`leveler.app.views.error_html` in the labels' language (the message as it is)."""
    return views.error_html(message, heading=text["pool_error"], fix=text["pool_error_fix"])


def card_html(text: Mapping[str, str], card: LevelerCard, active: LevelBand | None) -> str:
    """:func:`leveler.app.views.card_html`, the striation that applies marked in the labels'
    language (the card's own text as it is)."""
    return views.card_html(card, active, applies_now=text["applies_now"])


def rule_quote_html(text: Mapping[str, str], rule: str, edition: str) -> str:
    """:func:`leveler.app.views.rule_quote_html` with its own words in the labels' language (the
    rule as ``edition`` words it)."""
    return views.rule_quote_html(rule, edition, rule_word=text["quote_rule"],
                                 now=text["quote_now"], no_text=text["quote_no_text"])


def translation_html(text: Mapping[str, str], card: LevelerCard) -> str:
    """:func:`leveler.app.views.translation_html` (the card's French text) with its heading or
    note in the labels' language."""
    return views.translation_html(card, missing=text["translation_missing"],
                                  printed=text["translation_printed"])


def characteristics_html(text: Mapping[str, str], level: int, zone: Zone | str,
                         now: Characteristics) -> str:
    """What the card is now (as :func:`leveler.app.views.characteristics_html`), in the labels'
    language."""
    zone = Zone.coerce(zone)
    band = now.band.label if now.band is not None else text["no_band"]
    where = text[f"where.{zone.value}"]
    abilities = "".join(f"<li>{html.escape(ability)}</li>" for ability in now.abilities)
    heading = text["now_with"].format(counters=html.escape(counters_text(text, level)),
                                      zone=html.escape(where))
    return (f'<div class="lv-now"><div>{heading}</div>'
            f'<div class="lv-now-pt" style="font-size:2em;font-weight:700;margin:.1rem 0">'
            f"{now.power}/{now.toughness}</div>"
            f'<div>{html.escape(text["now_band"])} <strong class="lv-now-band">'
            f"{html.escape(band)}</strong></div>"
            f'<div style="margin-top:.4rem">{html.escape(text["now_abilities"])}</div>'
            f'<ul class="lv-now-abilities" style="margin:.2rem 0">{abilities}</ul></div>')
