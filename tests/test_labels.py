"""The app's words: one data file per language (leveler.app.words), the same keys and
placeholders in every file, looked up by key; a third language is one more file."""

from __future__ import annotations

import html
import re
import shutil
import string
from dataclasses import replace
from pathlib import Path

import pytest

from leveler import Zone, characteristics
from leveler.app import card_tab, labels, views, words
from leveler.app.views import NO_BAND, SORT_OPTIONS, TABLE_COLUMNS, ZONE_OPTIONS, pool_grid
from leveler.app.views import pool_table as pool_frame
from leveler.io.designs import open_store
from leveler.io.editions import EDITIONS

EN, FR = labels.LABELS["en"], labels.LABELS["fr"]
FILES = sorted(words.WORDS_DIR.glob("*.toml"))


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_words_file_is_a_language_of_the_switch():
    assert [path.stem for path in FILES] == sorted(labels.LABELS)
    assert list(labels.LANGUAGES.values()) == list(labels.LABELS)
    assert next(iter(labels.LABELS)) == "en"


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_every_words_file_has_exactly_the_english_keys_and_placeholders(path: Path):
    """A words file is complete when it has en.toml's keys, each with the same {fields}."""
    found = words.load_words(path.parent)[path.stem]
    assert set(found) == set(EN), sorted(set(found) ^ set(EN))
    wrong = [key for key in EN if fields(EN[key]) != fields(found[key])]
    assert wrong == []


def test_every_label_is_filled_in():
    for language, found in labels.LABELS.items():
        blank = [key for key, value in found.items()
                 if not value.strip() and not key.startswith("number.")]
        assert blank == [], language


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_no_word_is_markup(path: Path):
    """The views escape every word and add the markup themselves (markdown stays markdown)."""
    found = words.load_words(path.parent)[path.stem]
    assert [key for key, value in found.items() if re.search(r"<[A-Za-z/!]", value)] == []


def test_the_why_line_and_the_now_heading_escape_their_words(pool):
    hostile = {**EN, "why_label": "<b>", "why": "<i>x</i>", "now_with": "<u>{counters}</u>{zone}"}
    assert card_tab.why_html(hostile) == "<p><strong>&lt;b&gt;</strong> &lt;i&gt;x&lt;/i&gt;</p>"
    now = characteristics(pool["Student of Warfare"], 1, Zone.EXILE)  # 711.6
    page = card_tab.characteristics_html(hostile, 1, Zone.EXILE, now)
    assert page.startswith('<div class="lv-now"><div>&lt;u&gt;<strong>1 level counter</strong>'
                           "&lt;/u&gt;<strong>in exile</strong></div>")


def test_french_is_french_where_the_words_differ():
    assert FR["tab_pool"] != EN["tab_pool"] and FR["level"] == "Marqueurs « niveau »"
    assert FR["intro"].lstrip().startswith("# Explorateur")
    assert FR["rules_edition"] == "fr-2011" and EN["rules_edition"] == "en-current"


def test_labels_for_refuses_an_unknown_language():
    with pytest.raises(ValueError, match="'de'"):
        labels.labels_for("de")


def test_a_words_file_with_a_number_is_refused_naming_the_file_and_key(tmp_path):
    (tmp_path / "xx.toml").write_text('language_name = "Xx"\ncaption = 3\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"xx\.toml: caption must be a string"):
        words.load_words(tmp_path)


def test_each_languages_code_is_its_file_name_and_no_file_may_set_it(tmp_path):
    assert (EN["language_code"], FR["language_code"]) == ("en", "fr")
    (tmp_path / "xx.toml").write_text('language_name = "Xx"\n', encoding="utf-8")
    assert words.load_words(tmp_path)["xx"]["language_code"] == "xx"
    (tmp_path / "xx.toml").write_text('language_name = "Xx"\nlanguage_code = "fr"\n',
                                      encoding="utf-8")
    with pytest.raises(ValueError, match=r"xx\.toml: language_code is the file's name"):
        words.load_words(tmp_path)


def test_the_french_ui_quotes_the_2011_french_rules_by_default():
    assert labels.edition_label(FR) == EDITIONS["fr-2011"] == "Français, 2011 (710)"
    assert labels.edition_label(EN) == EDITIONS["en-current"]


def test_options_map_each_languages_labels_to_the_same_values():
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


def test_numbers_are_written_with_the_separators_of_the_words():
    assert labels.number_text(EN, 100_000) == "100,000"
    assert labels.number_text(EN, 0.954, 2) == "0.95"
    assert labels.number_text(FR, 100_000) == "100\u202f000"
    assert labels.number_text(FR, 1234.5, 1) == "1\u202f234,5"
    made_up = {"number.thousands": ".", "number.decimal": ","}
    assert labels.number_text(made_up, 1234567.25, 2) == "1.234.567,25"


def test_the_plural_of_counters_is_the_words_own():
    assert labels.counters_text(EN, 1) == "1 level counter"
    assert labels.counters_text(EN, 0) == "0 level counters"
    assert labels.counters_text(FR, 7) == "7 marqueurs « niveau »"
    assert labels.counters_text(FR, 1) == "1 marqueur « niveau »"
    assert labels.counters_text(FR, 0) == "0 marqueur « niveau »"  # French: 0 is singular


def test_the_english_caption_says_count_counters_zone_and_selection():
    assert views.table_caption(EN, 12, 25, 1, "exile", None) == (
        "12 of 25 cards with 1 level counter, in exile. Click a card's line, or drag a box, "
        "in the chart to pick cards.")


def test_the_french_caption_says_count_counters_zone_and_selection():
    assert views.table_caption(FR, 3, 25, 1, "graveyard", None).startswith(
        "3 cartes sur 25 avec 1 marqueur « niveau », dans le cimetière.")
    assert "seulement les 2 choisies" in views.table_caption(FR, 2, 25, 7, "battlefield",
                                                             ["a", "b"])


def test_headers_are_the_words_and_rows_stay_card_data(pool):
    grid = pool_grid(pool)
    shown = pool_frame(grid, 0, "battlefield", grid.names).head(1).assign(Name="Power")
    french = views.pool_table_html(FR, shown, 25, 0, "battlefield", None)
    for column in TABLE_COLUMNS:
        assert f">{html.escape(FR[f'col.{column}'])}</th>" in french
    assert "<td>Power</td>" in french and ">Force</th>" in french and ">Power</th>" not in french


def test_french_characteristics_html_states_what_the_rules_give(pool):
    now = characteristics(pool["Student of Warfare"], 7, Zone.BATTLEFIELD)  # 711.2b
    page = card_tab.characteristics_html(FR, 7, Zone.BATTLEFIELD, now)
    assert "7 marqueurs « niveau »" in page and "champ de bataille" in page
    assert f">{now.power}/{now.toughness}<" in page and "NIVEAU 7+" in page  # 710.2b (2011)
    assert "Double strike" in page  # no card given: the abilities as the rules give them


def test_french_marks_the_band_that_applies_and_words_the_quote(pool):
    card = pool["Student of Warfare"]
    page = card_tab.card_html(FR, card, characteristics(card, 7, Zone.BATTLEFIELD).band)
    assert "s&#x27;applique maintenant</div>" in page and "applies now" not in page
    assert page.count('aria-current="true"') == 1 and "NIVEAU 7+" in page  # the card as printed
    quoted = card_tab.rule_quote_html(FR, "711.2b", "fr-2011")
    assert "<strong>710.2b</strong>" in quoted and "&middot; actuellement 711.2b" in quoted
    missing = card_tab.rule_quote_html(FR, "711.8", "fr-2011")
    assert missing.startswith('<p class="lv-rule" data-rule="711.8">Règle 710.8: ')


def test_french_heads_the_cards_french_text_or_says_it_has_none(pool):
    card = pool["Student of Warfare"]
    french = card.translation("French")
    assert french is not None
    page = card_tab.translation_html(FR, card)
    assert "Imprimée en français :" in page and html.escape(french.name) in page
    assert '<div lang="fr">' in page  # the card's French text is marked as French
    bare = replace(card, translations=())
    assert html.escape(FR["translation_missing"]) in card_tab.translation_html(FR, bare)


def test_french_pool_error_keeps_the_message_and_names_the_variable():
    page = views.error_html(FR, "x.json: not a JSON file")
    assert "L&#x27;application n&#x27;a pas pu charger ses cartes." in page
    assert "<code>LEVELER_POOL</code>" in page and "x.json: not a JSON file" in page


def test_french_table_says_no_band_and_no_card_in_french(pool):
    grid = pool_grid(pool)
    shown = pool_frame(grid, 3, "hand", grid.names)  # 711.6: no band in the hand
    page = views.pool_table_html(FR, shown, 25, 3, "hand", None)
    assert page.count('<td class="lv-none">(aucun)</td>') == len(shown)
    assert NO_BAND not in page
    empty = views.pool_table_html(FR, shown.head(0), 25, 3, "hand", None)
    assert "Aucune carte ne passe les filtres.</td>" in empty
    english = views.pool_table_html(EN, shown, 25, 3, "hand", None)
    assert english.count(f'<td class="lv-none">{EN["no_band"]}</td>') == len(shown)
    now = characteristics(pool["Student of Warfare"], 0, Zone.HAND)
    assert '<strong class="lv-now-band">(aucun)</strong>' in card_tab.characteristics_html(
        FR, 0, Zone.HAND, now)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_zone_has_its_phrase_and_the_battlefield_is_on(language: str) -> None:
    """A judge says "on the battlefield", "in exile" (and "sur le champ de bataille")."""
    found = labels.labels_for(language)
    phrases = {zone: labels.where_text(found, zone) for zone in Zone}
    assert phrases[Zone.BATTLEFIELD] == {"en": "on the battlefield",
                                         "fr": "sur le champ de bataille"}[language]
    assert phrases[Zone.EXILE] == {"en": "in exile", "fr": "en exil"}[language]
    caption = views.table_caption(found, 25, 25, 3, Zone.BATTLEFIELD, None)
    assert phrases[Zone.BATTLEFIELD] in caption and "in the battlefield" not in caption


# ---------------------------------------------------------------- a third language

def _third_language(tmp_path: Path) -> dict[str, str]:
    """en.toml copied as xx.toml, every value of its own (each placeholder kept)."""
    shutil.copy(words.WORDS_DIR / "en.toml", tmp_path / "en.toml")
    source = (words.WORDS_DIR / "en.toml").read_text(encoding="utf-8")
    (tmp_path / "xx.toml").write_text(
        source.replace('language_name = "English"', 'language_name = "Xxish"')
              .replace('"number.decimal" = "."', '"number.decimal" = "·"')
              .replace('"zone.graveyard" = "Graveyard"', '"zone.graveyard" = "Xx-grave"')
              .replace('"where.graveyard" = "in the graveyard"',
                       '"where.graveyard" = "xx-in-grave"')
              .replace('"counter.other" = "{count} level counters"',
                       '"counter.other" = "{count} xx-counters"'),
        encoding="utf-8")
    loaded = words.load_words(tmp_path)
    assert list(loaded) == ["en", "xx"]
    assert words.languages_of(loaded) == {"English": "en", "Xxish": "xx"}
    return dict(loaded["xx"])


def test_a_third_language_is_one_words_file_and_every_view_renders_with_it(tmp_path, pool):
    """No code names a language: a new file is picked up and every view takes its words."""
    from leveler.app import designs_view, pool_picker
    from leveler.app import whatif_view as wv

    xx = _third_language(tmp_path)
    grid = pool_grid(pool)
    card = pool["Student of Warfare"]
    now = characteristics(card, 7, Zone.GRAVEYARD)
    shown = pool_frame(grid, 7, Zone.GRAVEYARD, grid.names)
    table = views.pool_table_html(xx, shown, len(grid.names), 7, Zone.GRAVEYARD, None)
    assert "7 xx-counters, xx-in-grave" in table
    assert "xx-in-grave" in card_tab.characteristics_html(xx, 7, Zone.GRAVEYARD, now)
    assert labels.zone_options(xx)["Xx-grave"] is Zone.GRAVEYARD
    assert labels.number_text(xx, 0.5, 1) == "0·5"
    pages = [
        card_tab.card_html(xx, card, now.band), card_tab.translation_html(xx, card),
        card_tab.rule_quote_html(xx, "711.2b", xx["rules_edition"]),
        views.error_html(xx, "x.json: bad"),
        pool_picker.report_html(xx, pool, None, None),
        designs_view.designs_html(designs_view.open_designs(
            open_store(tmp_path / "designs.sqlite")), xx),
    ]
    start = wv.default_situation(pool)
    whatif = wv.build(start, card=start["card"], zone="graveyard", level=7, plus_one=0,
                      minus_one=0, timestamp=0, face_down=False, kept=[], presets=[None],
                      pool=pool)
    controls = dict.fromkeys(wv.PANEL_CONTROLS, "")
    pages.append(wv.panel_html(xx, whatif, controls, [], []))
    assert all(page.strip() for page in pages)
    assert "xx-in-grave" not in "".join(pages[:4])  # the zone phrase only where it belongs

