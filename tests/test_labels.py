"""The app's words in English and French: same keys, the English ones the views' own."""

from __future__ import annotations

import re
import string

import pytest

from leveler import Zone, characteristics, labels
from leveler.data import EDITIONS
from leveler.views import (
    SORT_OPTIONS,
    TABLE_COLUMNS,
    ZONE_OPTIONS,
    characteristics_html,
    pool_grid,
    pool_table,
    table_caption,
    table_html,
)

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
        "3 cartes sur 25 avec 1 marqueur « niveau », zone : cimetière.")
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
