"""The Card tab: one card's text box in striations, what it is now, the rule that decided it,
and its printed translation, as escaped HTML.

Nothing here decides a rule: the striation that applies and the rule come from
:func:`leveler.characteristics`, the quoted rule from :func:`leveler.io.editions.cite`,
the level up line from :func:`leveler.text.level_up_line`. Every view takes the words of
one language and looks its words up by key; card data goes through :func:`html.escape`.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping

from leveler.app.labels import counters_text, where_text
from leveler.io.editions import EDITIONS, cite
from leveler.languages import find_language
from leveler.model import Characteristics, LevelBand, LevelerCard, Zone
from leveler.text import level_up_line

__all__ = ["card_html", "characteristics_html", "rule_quote_html", "translation_html",
           "why_html"]


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
    and P/T box. The highlighted one is marked with the words ``applies_now``.
    """
    stripes = [_stripe(text, "", (*card.abilities, level_up_line(card)),
                       f"{card.power}/{card.toughness}", active=active is None)]
    stripes += [_stripe(text, band.label, band.abilities, f"{band.power}/{band.toughness}",
                        active=band == active)
                for band in card.bands]
    return (f'<div class="lv-card"><div class="lv-card-head">'
            f'<span class="lv-name">{html.escape(card.name)}</span>'
            f"<span>{html.escape(str(card.mana_cost))}</span></div>"
            f'<div class="lv-card-type">{html.escape(card.type_line)}</div>'
            + "".join(stripes) + "</div>")


def characteristics_html(text: Mapping[str, str], level: int, zone: Zone | str,
                         now: Characteristics) -> str:
    """What :func:`leveler.characteristics` says the card is now: P/T, band, abilities."""
    band = now.band.label if now.band is not None else text["no_band"]
    abilities = "".join(f"<li>{html.escape(ability)}</li>" for ability in now.abilities)
    heading = html.escape(text["now_with"]).format(
        counters=f"<strong>{html.escape(counters_text(text, level))}</strong>",
        zone=f"<strong>{html.escape(where_text(text, zone))}</strong>")
    return (f'<div class="lv-now"><div>{heading}</div>'
            f'<div class="lv-now-pt">{now.power}/{now.toughness}</div>'
            f'<div>{html.escape(text["now_band"])} <strong class="lv-now-band">'
            f"{html.escape(band)}</strong></div>"
            f'<div class="lv-now-label">{html.escape(text["now_abilities"])}</div>'
            f'<ul class="lv-now-abilities">{abilities}</ul></div>')


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
