"""Printed text in every language: one grammar, keywords from a table, the same bands.

Every printed text of data/levelers_foreign.json (an unchanged copy of
../shared/data/levelers_foreign.json) and every ``oracle_text_fr`` of data/levelers.json
parses, with its language detected, to the English card's bands, P/T boxes and level up
cost; abilities keep their printed words. Also: rule texts by edition (``cite``).
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from leveler import CardTextError, LevelBand, LevelerCard, parse_card
from leveler.cli import find_card, main
from leveler.io.editions import EDITIONS, cite, load_rule_texts
from leveler.languages import LANGUAGES, find_language
from leveler.text import detect_language, translate_card

DATA = Path(__file__).parents[1] / "data"
RECORDS = json.loads((DATA / "levelers.json").read_text("utf-8"))
FOREIGN = json.loads((DATA / "levelers_foreign.json").read_text("utf-8"))
SHARED = Path(__file__).parents[2] / "shared" / "data" / "levelers_foreign.json"

PRINTED = [(card["name"], text["language"], text["name"], text["text"])
           for card in FOREIGN["cards"] for text in card["texts"]]
PRINTED += [(r["name"], "French", r["name_fr"], r["oracle_text_fr"]) for r in RECORDS]
IDS = [f"{name}-{language}" for name, language, _, _ in PRINTED[:-len(RECORDS)]]
IDS += [f"{r['name']}-French-oracle_text_fr" for r in RECORDS]


def _shape(card: LevelerCard) -> list[tuple[int, int | None, int, int]]:
    return [(b.min_level, b.max_level, b.power, b.toughness) for b in card.bands]


def _parse(text: str, english: LevelerCard, name: str, **extra: Any) -> LevelerCard:
    return parse_card(text, name=name, mana_cost=str(english.mana_cost),
                      type_line=english.type_line, power=english.power,
                      toughness=english.toughness, **extra)


def test_the_bundled_copy_is_the_shared_file_unchanged() -> None:
    if not SHARED.exists():
        pytest.skip("../shared is not beside the repository")
    assert json.loads(SHARED.read_text("utf-8")) == FOREIGN


def test_every_language_of_the_data_is_in_the_table() -> None:
    printed = {language for _, language, _, _ in PRINTED}
    assert printed <= {language.name for language in LANGUAGES}
    assert len(printed) == 10


@pytest.mark.parametrize(("card", "language", "printed_name", "text"), PRINTED, ids=IDS)
def test_printed_text_parses_to_the_english_bands(
    card: str, language: str, printed_name: str, text: str, pool: dict[str, LevelerCard],
) -> None:
    english = pool[card]
    detected = detect_language(text)
    assert detected is not None and detected.name == language
    parsed = _parse(text, english, printed_name)
    assert _shape(parsed) == _shape(english)
    assert parsed.level_up_cost == english.level_up_cost
    assert (parsed.power, parsed.toughness) == (english.power, english.toughness)
    printed_lines = unicodedata.normalize("NFKC", text)
    for ability in (*parsed.abilities, *(a for b in parsed.bands for a in b.abilities)):
        assert ability in printed_lines  # printed words, not English ones
    assert _parse(text, english, printed_name, language=language) == parsed
    if card != "Transcendent Master":
        assert [len(b.abilities) for b in parsed.bands] == [len(b.abilities)
                                                            for b in english.bands]


def test_transcendent_master_prints_two_lines_where_oracle_has_one(
    pool: dict[str, LevelerCard],
) -> None:
    """The 2010 print: Lifelink and '... is indestructible' on two lines (today one)."""
    german = next(t for n, lang, _, t in PRINTED if n == "Transcendent Master"
                  and lang == "German")
    parsed = _parse(german, pool["Transcendent Master"], "Meister des Transzendenten")
    assert parsed.bands[1].abilities == ("Lebensverknüpfung",
                                         "Der Meister des Transzendenten ist unzerstörbar.")


def test_french_student_of_warfare_keeps_its_printed_words(
    pool: dict[str, LevelerCard],
) -> None:
    english = pool["Student of Warfare"]
    french = _parse(english.translation("French").text,  # type: ignore[union-attr]
                    english, "Étudiante de la guerre")
    assert french.bands == (LevelBand(2, 6, 3, 3, ("Initiative",)),
                            LevelBand(7, None, 4, 4, ("Double initiative",)))


def test_a_pt_box_run_into_the_next_ability_kargan_dragonlord_french(
    pool: dict[str, LevelerCard],
) -> None:
    english = pool["Kargan Dragonlord"]
    text = next(t for n, lang, _, t in PRINTED if n == "Kargan Dragonlord" and lang == "French")
    assert "8/8Vol, piétinement" in text
    parsed = _parse(text, english, "Seigneur-dragon kargan")
    assert parsed.bands[1].power == 8 and parsed.bands[1].abilities[0] == "Vol, piétinement"


def test_a_run_in_pt_box_is_split_only_where_the_band_awaits_its_box() -> None:
    card = parse_card("Level up {1}\nLEVEL 1+\n2/2Flying\n3/3Trample", name="Test",
                      power=1, toughness=1)
    assert card.bands[0].abilities == ("Flying", "3/3Trample")


HEXDRINKER_SHAPE = [(3, 7, 4, 4), (8, None, 6, 6)]
MASTER_SHAPE = [(6, 11, 6, 6), (12, None, 9, 9)]


@pytest.mark.parametrize(("text", "language", "shape"), [
    ("Lvアップ{1}（{1}：これの上にLvカウンターを１個置く。）\nLv 3-7\n４/４\nLv 8＋\n６/６",
     "Japanese", HEXDRINKER_SHAPE),
    ("레벨업 {1} (...)\n레벨 3 -7\n4/4\n레벨 8+\n6/6", "Korean", HEXDRINKER_SHAPE),
    ("升级{1}（{1}：在其上放置一个等级指示物。）\n等级3-7\n4/4\n等级8+\n6/6", "Chinese Simplified",
     HEXDRINKER_SHAPE),
    ("升級{1}（…）\n等級3-7\n4/4\n等級8+\n6/6", "Chinese Traditional", HEXDRINKER_SHAPE),
    ("Lvアップ {1} (...)\nLEVEL 6-11\n6/6\nLv 12+\n9/9", "Japanese", MASTER_SHAPE),
    ("Subir de nivel {1}. (...)\nNIVEL 3-7\n4/4\nNIVEL 8+\n6/6", "Spanish", HEXDRINKER_SHAPE),
    ("Montée  de   niveau {1}\nNIVEAU 3 – 7\n4/4\nNIVEAU\u30008+\n6/6", "French",
     HEXDRINKER_SHAPE),
])
def test_keywords_spacing_and_full_width_forms(
    text: str, language: str, shape: list[tuple[int, int | None, int, int]],
) -> None:
    card = parse_card(text, name="Test", mana_cost="{G}", power=2, toughness=1)
    assert detect_language(text) == find_language(language)
    assert _shape(card) == shape


def test_language_can_be_forced_and_a_wrong_one_says_what_it_expected() -> None:
    french = "Montée de niveau {W}\nNIVEAU 2-6\n3/3\nNIVEAU 7+\n4/4"
    assert parse_card(french, name="T", power=1, toughness=1, language="fr").bands[0].power == 3
    with pytest.raises(CardTextError, match="P/T line outside any band") as caught:
        parse_card(french, name="T", power=1, toughness=1, language="German")
    assert caught.value.line_number == 3  # NIVEAU is not a German level symbol
    with pytest.raises(CardTextError, match=r"no 'Stufe aufsteigen \{cost\}' line") as caught:
        parse_card("Montée de niveau {W}\nVol", name="T", power=1, toughness=1,
                   language="de")
    assert caught.value.rule == "702.87b"


def test_an_unknown_language_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match=r"unknown language 'Klingon': expected one of "
                                         r"English \(en\), German \(de\)"):
        parse_card("Level up {W}\nLEVEL 1+\n1/1", name="T", power=1, toughness=1,
                   language="Klingon")


@pytest.mark.parametrize(("name", "expected"), [
    ("fr", "French"), ("FRENCH", "French"), ("pt", "Portuguese (Brazil)"),
    ("pt-BR", "Portuguese (Brazil)"), ("zhs", "Chinese Simplified"),
    ("zh-Hant", "Chinese Traditional"), ("ja", "Japanese"), ("en", "English"),
])
def test_find_language_by_name_code_or_alias(name: str, expected: str) -> None:
    assert find_language(name).name == expected


def test_text_without_keywords_is_read_as_english() -> None:
    assert detect_language("Flying\nVigilance") is None
    with pytest.raises(CardTextError, match=r"no 'Level up \{cost\}' line"):
        parse_card("Flying", name="T", power=1, toughness=1)


@pytest.mark.parametrize(("text", "line_number", "fragment"), [
    ("Montée de niveau {W}\nNIVEAU X+\n3/3", 2, "reads 'NIVEAU N1-N2' or 'NIVEAU N3+'"),
    ("Montée de niveau {W}\nNIVEAU 7+\n4/4\nNIVEAU 2-6\n3/3", 4, "must be the last one"),
    ("Montée de niveau\nNIVEAU 2+\n3/3", 1, "as in 'Montée de niveau {1}{W}'"),
    ("升级{W}\n等级1-2\n3/3\n等级3-4\n4/4", 4, "the last band must be open, '等级 N3+'"),
    ("STUFE 2+\n3/3", None, "no 'Stufe aufsteigen {cost}' line"),
    ("Lvアップ {W}\nLv 2+\n３/３/３", 3, "two whole numbers"),
])
def test_errors_in_another_language_quote_its_keywords_and_point_at_the_line(
    text: str, line_number: int | None, fragment: str,
) -> None:
    with pytest.raises(CardTextError) as caught:
        parse_card(text, name="T", power=1, toughness=1)
    assert caught.value.line_number == line_number
    assert fragment in str(caught.value)


def test_other_scripts_digits_are_not_levels() -> None:
    with pytest.raises(CardTextError, match="a level symbol reads"):
        parse_card("Level up {W}\nLEVEL ٢-٦\n3/3\nLEVEL 7+\n4/4", name="T", power=1,
                   toughness=1)


@pytest.mark.parametrize("type_line", ["Créature : humain et chevalier",
                                       "クリーチャー — 人間・騎士", "生物～人类／骑士",
                                       "Kreatur — Mensch, Ritter"])
def test_a_printed_type_line_is_a_creature_type_line(type_line: str) -> None:
    card = parse_card("Montée de niveau {W}\nNIVEAU 2+\n3/3", name="T", type_line=type_line,
                      power=1, toughness=1)
    assert card.type_line == type_line


def test_a_printed_aura_is_still_not_a_leveler() -> None:
    with pytest.raises(CardTextError, match="not a creature"):
        parse_card("Montée de niveau {W}\nNIVEAU 2+\n3/3", name="T",
                   type_line="Enchantement : Aura", power=1, toughness=1)


# ------------------------------------------------------------ translations in the pool


def test_every_printed_name_is_a_translation_in_the_bundled_pool(
    pool: dict[str, LevelerCard],
) -> None:
    for name, language, printed_name, _ in PRINTED:
        found = pool[name].translation(language)
        assert found is not None and found.name == printed_name
    assert pool["Hexdrinker"].translation("Korean").name == "마법흡수꾼"  # type: ignore[union-attr]
    assert pool["Student of Warfare"].translation("Korean") is None


@pytest.mark.parametrize(("card", "language", "printed_name"),
                         [(n, lang, p) for n, lang, p, _ in PRINTED[:-len(RECORDS)]],
                         ids=IDS[:-len(RECORDS)])
def test_find_card_by_any_printed_name(card: str, language: str, printed_name: str,
                                       pool: dict[str, LevelerCard]) -> None:
    assert find_card(pool, printed_name.upper()).name == card


def test_find_card_folds_full_width_and_spacing(pool: dict[str, LevelerCard]) -> None:
    assert find_card(pool, "  Ｓｔｕｄｅｎｔ of Warfare ").name == "Student of Warfare"


def test_a_misspelt_printed_name_suggests_the_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "Etudiante de la guerre"]) == 1
    assert "Did you mean: Étudiante de la guerre (Student of Warfare)" in capsys.readouterr().err


@pytest.mark.parametrize(("printed", "english"), [
    ("闘争の学び手", "Student of Warfare"), ("Ученица Войны", "Student of Warfare"),
    ("饮咒蛇", "Hexdrinker"), ("飲咒蛇", "Hexdrinker"), ("마법흡수꾼", "Hexdrinker"),
    ("Étudiante de la guerre", "Student of Warfare"),
])
def test_cli_show_by_printed_name(printed: str, english: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", printed, "--level", "8"]) == 0
    assert capsys.readouterr().out.startswith(english)


def test_translate_card_gives_the_printed_card(pool: dict[str, LevelerCard]) -> None:
    student = pool["Student of Warfare"]
    french = translate_card(student, "fr")
    assert french is not None and french.name == "Étudiante de la guerre"
    assert french.bands[1].abilities == ("Double initiative",)
    assert _shape(french) == _shape(student)
    assert translate_card(student, "Korean") is None
    japanese = translate_card(pool["Hexdrinker"], "Japanese")
    assert japanese is not None and japanese.bands[1].abilities == ("プロテクション(すべて)",)


def test_translate_card_refuses_a_text_with_other_bands(pool: dict[str, LevelerCard]) -> None:
    from dataclasses import replace

    from leveler import Translation
    student = pool["Student of Warfare"]
    wrong = replace(student, translations=(Translation(
        "French", "Fausse", "Montée de niveau {W}\nNIVEAU 2-5\n3/3\nNIVEAU 6+\n4/4"),))
    with pytest.raises(CardTextError, match="the French text gives bands"):
        translate_card(wrong, "French")


# ------------------------------------------------------------ rule texts by edition


CITED = ["711.1", "711.2", "711.2a", "711.2b", "711.3", "711.4", "711.5", "711.6",
         "702.87a", "702.87b"]


@pytest.mark.parametrize("edition", list(EDITIONS))
@pytest.mark.parametrize("rule", CITED)
def test_every_leveler_rule_has_a_number_in_every_edition(rule: str, edition: str) -> None:
    citation = cite(rule, edition)
    expected = {"en-current": rule,
                "en-2011": rule.replace("711.", "710.").replace("702.87", "702.85"),
                "fr-2011": rule.replace("711.", "710.").replace("702.87", "702.84")}[edition]
    assert citation.number == expected
    if rule.startswith("711") or edition != "fr-2011":
        assert citation.text and citation.text == load_rule_texts(edition)[rule][1]
    assert str(citation).startswith(expected)


def test_the_french_keyword_rule_is_numbered_without_a_text() -> None:
    citation = cite("702.87a", "fr-2011")
    assert (citation.number, citation.text) == ("702.84a", None)
    assert "no text" in str(citation) and str(citation).startswith("702.84a")


@pytest.mark.parametrize("rule", ["711.7", "702.87c"])
def test_rules_added_in_2021_are_not_in_the_2011_editions(rule: str) -> None:
    assert cite(rule, "en-current").text is not None
    for edition in ("en-2011", "fr-2011"):
        citation = cite(rule, edition)
        assert citation.number is None and "July 2021" in str(citation)


def test_the_2011_texts_are_the_2011_wording() -> None:
    assert "Activate this ability only any time you could cast a sorcery" in str(
        cite("702.87a", "en-2011"))
    assert "it‘s [P/T]" in str(cite("711.2a", "en-2011"))
    assert "Tant que cette créature" in str(cite("711.2a", "fr-2011"))
    assert "See rule 710" in str(cite("702.87b", "en-2011"))


def test_a_rule_outside_the_leveler_rules() -> None:
    assert cite("613.1f").number == "613.1f"
    citation = cite("613.1f", "fr-2011")
    assert citation.number is None and "not known" in str(citation)


@pytest.mark.parametrize(("rule", "edition", "fragment"), [
    ("711.5", "de-2011", "unknown rules edition"),
    ("LEVEL 2", "en-current", "not a rule number"),
])
def test_cite_errors(rule: str, edition: str, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        cite(rule, edition)
