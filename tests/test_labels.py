"""The app's words in English and French: same keys, the English ones the views' own."""

from __future__ import annotations

import html
import re
import string
from dataclasses import replace

import pytest

from leveler import Zone, characteristics
from leveler.app import labels, views
from leveler.app.views import (
    NO_BAND,
    SORT_OPTIONS,
    TABLE_COLUMNS,
    ZONE_OPTIONS,
    characteristics_html,
    pool_grid,
    pool_table,
    table_caption,
    table_html,
)
from leveler.io.editions import EDITIONS

EN, FR = labels.LABELS["en"], labels.LABELS["fr"]


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_both_languages_have_the_same_keys():
    assert set(EN) == set(FR)
    assert list(labels.LANGUAGES.values()) == list(labels.LABELS)


@pytest.mark.parametrize("key", sorted(EN))
def test_each_label_has_the_same_placeholders_in_both_languages(key):
    assert fields(EN[key]) == fields(FR[key]), key


def test_every_label_is_filled_in():
    for language, words in labels.LABELS.items():
        assert all(value.strip() for value in words.values()), language


def test_french_is_french_where_the_words_differ():
    assert FR["tab_pool"] != EN["tab_pool"] and FR["level"] == "Marqueurs « niveau »"
    assert FR["intro"].lstrip().startswith("# Explorateur")
    assert FR["rules_edition"] == "fr-2011" and EN["rules_edition"] == "en-current"


def test_labels_for_refuses_an_unknown_language():
    with pytest.raises(ValueError, match="'de'"):
        labels.labels_for("de")


def test_the_french_ui_quotes_the_2011_french_rules_by_default():
    assert labels.edition_label(FR) == EDITIONS["fr-2011"] == "Français, 2011 (710)"
    assert labels.edition_label(EN) == EDITIONS["en-current"]


def test_english_options_are_the_views_own():
    assert labels.zone_options(EN) == ZONE_OPTIONS
    assert list(labels.sort_options(EN)) == list(SORT_OPTIONS)
    assert list(labels.sort_options(FR).values()) == list(SORT_OPTIONS)
    assert list(labels.zone_options(FR).values()) == list(Zone)
    assert labels.zone_name(FR, "graveyard") == "Cimetière"


def test_option_labels_map_translated_labels_to_the_values_the_filters_use():
    assert labels.option_labels(FR, "colour", ["White", "Multicolour"]) == {
        "Blanc": "White", "Multicolore": "Multicolour"}
    assert labels.option_labels(FR, "rarity", ["rare", "odd"]) == {"rare": "rare", "odd": "odd"}
    assert labels.option_labels(EN, "colour", ["Blue"]) == {"Blue": "Blue"}


@pytest.mark.parametrize("selected", [None, ["Hexdrinker", "Echo Mage"]])
@pytest.mark.parametrize(("level", "zone"), [(0, "battlefield"), (1, "exile"), (7, "graveyard")])
def test_the_english_caption_is_the_views_caption(level, zone, selected):
    assert labels.table_caption(EN, 12, 25, level, zone, selected) == table_caption(
        12, 25, level, zone, selected)


def test_the_french_caption_says_count_counters_zone_and_selection():
    assert labels.table_caption(FR, 3, 25, 1, "graveyard", None).startswith(
        "3 cartes sur 25 avec 1 marqueur « niveau », dans le cimetière.")
    assert "seulement les 2 choisies" in labels.table_caption(FR, 2, 25, 7, "battlefield",
                                                              ["a", "b"])


def test_localised_headers_change_the_head_only(pool):
    grid = pool_grid(pool)
    shown = pool_table(grid, 7, "battlefield", grid.names)
    english = table_html(shown, "caption", 7, "battlefield")
    french = labels.localise_headers(english, FR)
    heads = re.findall(r"<th scope[^>]*>(.*?)</th>", french)
    assert heads == [FR[f"col.{column}"] for column in TABLE_COLUMNS]
    assert french.split("</thead>", 1)[1] == english.split("</thead>", 1)[1]
    assert labels.localise_headers(english, EN) == english


def test_a_card_named_like_a_header_keeps_its_name(pool):
    grid = pool_grid(pool)
    shown = pool_table(grid, 0, "battlefield", grid.names).head(1).assign(Name="Power")
    french = labels.pool_table_html(FR, shown, 25, 0, "battlefield", None)
    assert "<td>Power</td>" in french and ">Force</th>" in french


@pytest.mark.parametrize(("level", "zone"), [(0, Zone.BATTLEFIELD), (1, Zone.HAND),
                                             (7, Zone.BATTLEFIELD)])
def test_english_characteristics_html_is_the_views_own(pool, level, zone):
    now = characteristics(pool["Student of Warfare"], level, zone)
    assert labels.characteristics_html(EN, level, zone, now) == characteristics_html(
        level, zone, now)


def test_french_characteristics_html_states_what_the_rules_give(pool):
    now = characteristics(pool["Student of Warfare"], 7, Zone.BATTLEFIELD)  # 711.2b
    page = labels.characteristics_html(FR, 7, Zone.BATTLEFIELD, now)
    assert "7 marqueurs « niveau »" in page and "champ de bataille" in page
    assert f">{now.power}/{now.toughness}<" in page and "LEVEL 7+" in page
    assert "Double strike" in page


# ---------------------------------------------------------------- the views' other words

def test_english_card_quote_translation_and_error_html_are_the_views_own(pool):
    card = pool["Student of Warfare"]
    band = characteristics(card, 7, Zone.BATTLEFIELD).band
    assert labels.card_html(EN, card, band) == views.card_html(card, band)
    for rule, edition in [("711.2b", "en-current"), ("711.2b", "fr-2011"), ("711.8", "en-2011"),
                          ("613.1", "fr-2011")]:
        assert labels.rule_quote_html(EN, rule, edition) == views.rule_quote_html(rule, edition)
    assert labels.translation_html(EN, card) == views.translation_html(card)
    bare = replace(pool["Echo Mage"], translations=())
    assert labels.translation_html(EN, bare) == views.translation_html(bare)
    assert labels.pool_error_html(EN, "x.json: bad") == views.error_html("x.json: bad")
    assert "<code>LEVELER_POOL</code>" in views.error_html("")


def test_french_marks_the_band_that_applies_and_words_the_quote(pool):
    card = pool["Student of Warfare"]
    page = labels.card_html(FR, card, characteristics(card, 7, Zone.BATTLEFIELD).band)
    assert "s&#x27;applique maintenant</div>" in page and "applies now" not in page
    assert page.count('aria-current="true"') == 1 and "LEVEL 7+" in page  # the card as printed
    quoted = labels.rule_quote_html(FR, "711.2b", "fr-2011")
    assert "<strong>710.2b</strong>" in quoted and "&middot; actuellement 711.2b" in quoted
    missing = labels.rule_quote_html(FR, "711.8", "fr-2011")
    assert missing.startswith('<p class="lv-rule" data-rule="711.8">Règle 710.8: ')


def test_french_heads_the_cards_french_text_or_says_it_has_none(pool):
    card = pool["Student of Warfare"]
    french = card.translation("French")
    assert french is not None
    page = labels.translation_html(FR, card)
    assert "Imprimée en français :" in page and html.escape(french.name) in page
    bare = replace(card, translations=())
    assert html.escape(FR["translation_missing"]) in labels.translation_html(FR, bare)


def test_french_pool_error_keeps_the_message_and_names_the_variable():
    page = labels.pool_error_html(FR, "x.json: not a JSON file")
    assert "L&#x27;application n&#x27;a pas pu charger ses cartes." in page
    assert "<code>LEVELER_POOL</code>" in page and "x.json: not a JSON file" in page


def test_french_table_says_no_band_and_no_card_in_french(pool):
    grid = pool_grid(pool)
    shown = pool_table(grid, 3, "hand", grid.names)  # 711.6: no band in the hand
    page = labels.pool_table_html(FR, shown, 25, 3, "hand", None)
    assert page.count('<td class="lv-none">(aucun)</td>') == len(shown)
    assert NO_BAND not in page
    empty = labels.pool_table_html(FR, shown.head(0), 25, 3, "hand", None)
    assert "Aucune carte ne passe les filtres.</td>" in empty
    english = labels.pool_table_html(EN, shown, 25, 3, "hand", None)
    assert english.count(f'<td class="lv-none">{NO_BAND}</td>') == len(shown)
    now = characteristics(pool["Student of Warfare"], 0, Zone.HAND)
    assert '<strong class="lv-now-band">(aucun)</strong>' in labels.characteristics_html(
        FR, 0, Zone.HAND, now)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_zone_has_its_phrase_and_the_battlefield_is_on(language: str) -> None:
    """A judge says "on the battlefield", "in exile" (and "sur le champ de bataille")."""
    words = labels.labels_for(language)
    phrases = {zone: words[f"where.{zone.value}"] for zone in Zone}
    assert phrases[Zone.BATTLEFIELD] == {"en": "on the battlefield",
                                         "fr": "sur le champ de bataille"}[language]
    assert phrases[Zone.EXILE] == {"en": "in exile", "fr": "en exil"}[language]
    caption = labels.table_caption(words, 25, 25, 3, Zone.BATTLEFIELD, None)
    assert phrases[Zone.BATTLEFIELD] in caption and "in the battlefield" not in caption
