"""The Card tab: one card's text box in striations, what it is now, the rule that decided it,
and its printed translation, as escaped HTML.

Nothing here decides a rule: the striation that applies and the rule come from
:func:`leveler.characteristics`, the quoted rule from :func:`leveler.io.editions.cite`,
the level up line from :func:`leveler.text.level_up_line`. Every view takes the words of
one language and looks its words up by key; card data goes through :func:`html.escape`.
In a language whose words name a ``printed_language`` the card is shown as printed there
(:func:`shown_card`, the library's grammar for that language), its level symbols in the
words (``NIVEAU 2-6``); a card without a translation (a custom design) as written.
"""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Iterable, Mapping

from leveler.app.labels import counters_text, where_text
from leveler.app.trace_words import band_text
from leveler.io.editions import EDITIONS, cite
from leveler.languages import find_language
from leveler.model import Characteristics, LevelBand, LevelerCard, Zone
from leveler.pool_grid import printed_card, printed_level_up
from leveler.rules import characteristics
from leveler.text import level_up_line

__all__ = ["card_html", "characteristics_html", "rule_quote_html", "shown_card",
           "translation_html", "why_html", "zone_counters_note"]


def _language(text: Mapping[str, str]) -> str:
    """The printed language of the words (``printed_language``), "" for the English card."""
    language = text.get("printed_language", "")
    try:
        return "" if not language or find_language(language).code == "en" else language
    except ValueError:
        return ""


def shown_card(text: Mapping[str, str], card: LevelerCard) -> LevelerCard:
    """``card`` as printed in the words' ``printed_language`` (its printed name and
    abilities, :func:`leveler.pool_grid.printed_card`), or as it is: in English, or when
    it has no translation there (a custom design)."""
    language = _language(text)
    return (printed_card(card, language) or card) if language else card


def _fold(line: str) -> str:
    return unicodedata.normalize("NFKC", line).casefold()


def _level_up_line(text: Mapping[str, str], card: LevelerCard, shown: LevelerCard) -> str:
    """The level up line with its reminder (702.87a), as printed in the card's language."""
    language = _language(text)
    if shown is card or not language:
        return level_up_line(card)
    keyword = _fold(find_language(language).level_up)
    found = card.translation(find_language(language).name)
    printed = next((line for line in (found.text.splitlines() if found else ())
                    if _fold(line).startswith(keyword)), None)
    return printed.strip() if printed else printed_level_up(card, language)


def _stripe(text: Mapping[str, str], level: str, lines: Iterable[str], pt: str, *,
            active: bool) -> str:
    current = ' aria-current="true" data-active="true"' if active else ""
    marker = (f'<div class="lv-applies">{html.escape(text["applies_now"])}</div>'
              if active else "")
    symbol = f'<span class="lv-level">{html.escape(level)}</span>' if level else ""
    written = "".join(f"<div>{html.escape(line)}</div>" for line in lines)
    return (f'<div class="lv-stripe" data-band="{html.escape(level)}"{current}>'
            f"<div>{symbol}{marker}</div><div>{written}</div>"
            f'<div class="lv-pt">{html.escape(pt)}</div></div>')


def card_html(text: Mapping[str, str], card: LevelerCard, active: LevelBand | None) -> str:
    """The card's text box in striations, the one that applies now highlighted.

    The first striation holds the abilities outside any band, level up with its
    reminder (702.87a, 711.4) and the uppermost P/T box, which is the one that applies
    when ``active`` is None (711.5, 711.6); each band's striation has its level symbol
    and P/T box. The highlighted one is marked with the words ``applies_now``. The card
    is shown as printed in the words' language (:func:`shown_card`); the band that
    applies is found by its range, which a translation keeps.
    """
    shown = shown_card(text, card)
    now = (active.min_level, active.max_level) if active is not None else None
    stripes = [_stripe(text, "", (*shown.abilities, _level_up_line(text, card, shown)),
                       f"{card.power}/{card.toughness}", active=active is None)]
    stripes += [_stripe(text, band_text(text, band), band.abilities,
                        f"{band.power}/{band.toughness}",
                        active=(band.min_level, band.max_level) == now)
                for band in shown.bands]
    return (f'<div class="lv-card"><div class="lv-card-head">'
            f'<span class="lv-name">{html.escape(shown.name)}</span>'
            f"<span>{html.escape(str(card.mana_cost))}</span></div>"
            f'<div class="lv-card-type">{html.escape(card.type_line)}</div>'
            + "".join(stripes) + "</div>")


def zone_counters_note(text: Mapping[str, str], level: int, zone: Zone | str, *,
                       others: bool = False) -> str:
    """A note when counters are set on a card off the battlefield: counters do not survive
    a zone change (122.2, 400.7), so the ones set here were put on it in that zone; what
    the app does with them: level counters change nothing there, the card has its
    uppermost P/T box (711.6), and +1/+1 / -1/-1 counters (``others``) still count
    (122.1a). Empty on the battlefield or with no counters set."""
    zone = Zone.coerce(zone)
    if zone is Zone.BATTLEFIELD or not (level or others):
        return ""
    parts = [text["zone_counters_note"].format(where=where_text(text, zone))]
    if level:
        parts.append(text["zone_counters_level"].format(counters=counters_text(text, level),
                                                        where=where_text(text, zone)))
    if others:
        parts.append(text["zone_counters_others"])
    return " ".join(parts)


def characteristics_html(text: Mapping[str, str], level: int, zone: Zone | str,
                         now: Characteristics, card: LevelerCard | None = None) -> str:
    """What :func:`leveler.characteristics` says the card is now: P/T, band, abilities;
    with ``card``, its abilities as printed in the words' language (:func:`shown_card`:
    the same rules answer for the printed card), and under it the note on counters off
    the battlefield (:func:`zone_counters_note`)."""
    band = band_text(text, now.band)
    said = now.abilities
    if card is not None and (shown := shown_card(text, card)) is not card:
        language = _language(text)
        english, word = card.level_up_ability, printed_level_up(card, language)
        said = tuple(word if ability == english else ability
                     for ability in characteristics(shown, level, zone).abilities)
    abilities = "".join(f"<li>{html.escape(ability)}</li>" for ability in said)
    note = zone_counters_note(text, level, zone)
    note_html = f'<p class="lv-zone-note" role="note">{html.escape(note)}</p>' if note else ""
    heading = html.escape(text["now_with"]).format(
        counters=f"<strong>{html.escape(counters_text(text, level))}</strong>",
        zone=f"<strong>{html.escape(where_text(text, zone))}</strong>")
    return (f'<div class="lv-now"><div>{heading}</div>'
            f'<div class="lv-now-pt">{now.power}/{now.toughness}</div>'
            f'<div>{html.escape(text["now_band"])} <strong class="lv-now-band">'
            f"{html.escape(band)}</strong></div>"
            f'<div class="lv-now-label">{html.escape(text["now_abilities"])}</div>'
            f'<ul class="lv-now-abilities">{abilities}</ul>{note_html}</div>')


def why_html(text: Mapping[str, str]) -> str:
    """The line over the quoted rule: the words ``why_label`` and ``why``, escaped."""
    return (f"<p><strong>{html.escape(text['why_label'])}</strong> "
            f"{html.escape(text['why'])}</p>")


def rule_quote_html(text: Mapping[str, str], rule: str, edition: str) -> str:
    """Rule ``rule`` quoted with its number as ``edition`` words it (710 in 2011, 711 now).

    The words around the quote are ``quote_rule``, ``quote_now`` (before the current
    number of a renumbered rule) and ``quote_no_text``.
    """
    quoted = cite(rule, edition)
    label = html.escape(EDITIONS[edition])
    number = html.escape(quoted.number or rule)
    if quoted.text is None:
        return (f'<p class="lv-rule" data-rule="{html.escape(rule)}">'
                f"{html.escape(text['quote_rule'])} {number}: "
                f"{html.escape(quoted.note or text['quote_no_text'])} ({label}).</p>")
    renumbered = (f" &middot; {html.escape(text['quote_now'])} {html.escape(rule)}"
                  if quoted.number != rule else "")
    return (f'<figure class="lv-rule" data-rule="{html.escape(rule)}">'
            f"<blockquote><strong>{number}</strong> {html.escape(quoted.text)}</blockquote>"
            f"<figcaption>{label}{renumbered}</figcaption></figure>")


def translation_html(text: Mapping[str, str], card: LevelerCard,
                     language: str = "French") -> str:
    """The card's printed name and text in ``language`` (marked with its language code,
    :func:`leveler.languages.find_language`) under the words ``translation_printed``, or
    the note ``translation_missing`` when the pool lacks it."""
    found = card.translation(language)
    if found is None:
        return (f'<p class="lv-translation"><em>{html.escape(text["translation_missing"])}'
                "</em></p>")
    try:
        lang = f' lang="{html.escape(find_language(language).code)}"'
    except ValueError:
        lang = ""
    return (f'<div class="lv-translation"><div class="lv-translation-head">'
            f"{html.escape(text['translation_printed'])}</div><div{lang}>"
            f'<div class="lv-translation-name">{html.escape(found.name)}</div>'
            f'<div class="lv-translation-text">{html.escape(found.text)}</div></div></div>')
