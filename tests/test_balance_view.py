"""The Balance view's and the bench's frames and HTML, against leveler.balance.

Every expected number comes from the library (``investment``, ``turns_to_band``, ``curve``,
``variants``, ``pool_reach_chances``, ``progression``), never from this module.
"""

from __future__ import annotations

import html
import re
from dataclasses import replace

import pandas as pd
import pytest

from leveler import CardTextError, LevelerCard, bench, bench_reach
from leveler.app import balance_view as bv
from leveler.app import bench_view as bview
from leveler.app.labels import LABELS
from leveler.app.plural import plural_text
from leveler.balance import (
    VanillaLine,
    fit_trend,
    pool_reach_chances,
    variants,
)
from leveler.io.pool_files import card_from_record
from tests.samples import BROKEN, HOSTILE_NAME, KNIGHT, draft_of


@pytest.fixture(scope="module")
def knight() -> LevelerCard:
    return card_from_record(KNIGHT)


# ---------------------------------------------------------------- the balance frame

















# ---------------------------------------------------------------- the Monte Carlo





def test_a_press_with_more_cards_than_its_cap_plays_the_first_ones_and_says_so(
        pool, knight) -> None:
    games, cap = 700, 10 * 700  # 26 cards asked: 10 fit at 700 games each
    ran = bench_reach.reach_frame(pool, [knight], run=True, games=games, cap=cap)
    assert ran is not None and ran.budget is not None and ran.budget.cut
    assert (ran.games, ran.budget.played, ran.budget.cards) == (700, 10, 26)
    first = list(pool.values())[:10]
    expected = pool_reach_chances(first, ran.model, games=700, seed=bench_reach.SEED)
    pd.testing.assert_frame_equal(ran.frame.drop(columns="source"), expected)
    words = bv.budget_html(ran.budget)
    assert "at most 7,000 games in all" in words and "only the first 10 are played" in words
    assert 'data-played="10"' in words and 'data-cards="26"' in words
    french = bv.budget_html(ran.budget, LABELS["fr"])
    assert "au plus 7\u202f000 parties" in french or "au plus 7 000 parties" in french
    assert "seules les 10 premières" in french


def test_the_budget_is_stated_when_every_card_fits_too() -> None:
    budget = bench_reach.monte_carlo_budget(25)
    assert bv.budget_text(budget) == (
        "A press plays at most 2,500,000 games in all (games × cards), for the server's "
        "sake: here 100,000 games for each of the 25 cards.")




# ---------------------------------------------------------------- drafts



def test_a_broken_draft_points_at_its_line() -> None:
    draft = draft_of(BROKEN)
    with pytest.raises(CardTextError) as raised:
        card_from_record(BROKEN)
    assert draft.card is None and draft.error is not None
    assert draft.error.line_number == raised.value.line_number == 5
    assert draft.record == BROKEN  # what was typed is kept
    page = bview.draft_error_html(draft)
    marked = re.findall(r'<li class="lv-bad" aria-current="true" data-line="(\d+)">(.*?)<span',
                        page)
    assert marked == [("5", "LEVEL 7+")]
    assert page.count("<li") == len(BROKEN["oracle_text"].splitlines())
    assert "rule 711.2" in page and "line 5" in page


def test_a_field_error_has_no_line_but_says_which_field() -> None:
    draft = draft_of({**KNIGHT, "power": "x"})
    assert draft.error is not None and draft.error.line_number is None
    page = bview.draft_error_html(draft)
    assert "power of" in page and "aria-current" not in page


@pytest.mark.parametrize("field", ["name", "mana_cost", "type_line", "oracle_text"])
def test_html_or_script_typed_in_any_field_is_shown_as_text(field: str) -> None:
    record = {**KNIGHT, field: HOSTILE_NAME if field != "oracle_text"
              else KNIGHT["oracle_text"] + "\n" + HOSTILE_NAME + "\n<script>alert(2)</script>"}
    draft = draft_of(record)
    pages = [bview.draft_error_html(draft)]
    if draft.card is not None:
        pages.append(bview.design_html(draft.card))
    for page in pages:
        assert "<img" not in page and "<script" not in page
    assert "&lt;" in "".join(pages)


def test_a_hostile_design_name_is_escaped_in_every_table(pool) -> None:
    card = replace(card_from_record(KNIGHT), name=HOSTILE_NAME)
    frame = bench.balance_frame(pool, [card])
    page = bv.frame_html(bench.balance_table(frame), HOSTILE_NAME, kind="balance",
                         sources=list(frame["source"]))
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    assert page.count('data-source="design"') == len(card.bands) + 1
    variants_page = bv.frame_html(bview.variants_table(bench.variants_frame(card, pool)),
                                  HOSTILE_NAME, kind="variants")
    assert "<img" not in variants_page


# (the designs store's views and saves: tests/test_designs_view.py)


# ---------------------------------------------------------------- the bench

def test_variants_are_the_librarys_against_the_printed_trend(pool, knight) -> None:
    frame = bench.variants_frame(knight, pool, vanilla=VanillaLine(1.0, 2.0), tolerance=0.5)
    expected = variants(knight, trend=fit_trend(pool), vanilla=VanillaLine(1.0, 2.0),
                        tolerance=0.5)
    pd.testing.assert_frame_equal(frame.drop(columns="change"), expected)
    assert frame["change"].iloc[0] == "the design"
    table = bview.variants_table(frame)
    assert len(table) == frame["variant"].nunique()
    for row, (_, stages) in zip(table.itertuples(index=False), frame.groupby("variant"),
                                strict=True):
        assert row.Change == stages["change"].iloc[0]
        top = stages.iloc[-1]
        cell = row[len(stages)]  # the last stage's column (column 0 is the change)
        assert f"{top.power}/{top.toughness} · {top.mana_invested} mana" in cell
        arrow = {"above": "▲", "below": "▼", "on": "●"}[str(top.trend_flag)]
        assert f"trend {arrow} {top.trend_flag}" in cell










# ---------------------------------------------------------------- the views' words

EN, FR = LABELS["en"], LABELS["fr"]


def test_the_english_views_and_constants_are_the_labels_english() -> None:
    assert (bv.BALANCE_TAB, bview.BENCH_TAB) == (EN["tab_balance"], EN["tab_bench"]) == (
        "Balance", "Design bench")
    assert bv.BALANCE_INTRO.startswith("Every band") and bview.BENCH_INTRO.startswith("Write a")
    assert bv.BALANCE_INTRO is EN["balance_intro"] and bview.BENCH_INTRO is EN["bench_intro"]
    assert bview.NEW_DESIGN_LABEL == EN["design_new"] == "New design"
    assert all(bv.heading_text(heading) == heading for heading in bench.BALANCE_COLUMNS.values())


def test_french_tables_show_french_headings_flags_and_sources_of_english_frames(pool,
                                                                              knight) -> None:
    frame = bench.balance_frame(pool, [knight])
    table = bench.balance_table(frame)
    assert list(table.columns) == list(bench.BALANCE_COLUMNS.values())  # the frame stays English
    english = bv.frame_html(table, "c", kind="balance", sources=list(frame["source"]))
    assert english == bv.frame_html(table, "c", kind="balance", sources=list(frame["source"]),
                                    text=EN)
    page = bv.frame_html(table, "c", kind="balance", sources=list(frame["source"]), text=FR)
    heads = re.findall(r"<th scope=\"col\"[^>]*>(.*?)</th>", page)
    assert heads == ["Carte", "Origine", "Niveau", "Marqueurs", "Mana", "Tour", "F/E", "F+E",
                     "Tendance", "Face à la tendance", "Vanille", "Face à la vanille"]
    assert '<td class="lv-flag-above">au-dessus</td>' in page
    assert '<td class="lv-flag-below">en dessous</td>' in page
    assert "<td>imprimée</td>" in page and "<td>création</td>" in page
    assert not re.search(r">(above|below|printed|design)</td>", page.replace(
        "<td>printed</td>", ""))  # (a band named "printed" is the library's stage 0)
    assert "Rien à afficher." in bv.frame_html(table.head(0), "c", kind="balance", text=FR)
    chances = bench_reach.reach_frame(pool, [], run=True, games=500)
    assert chances is not None
    reach = bv.frame_html(bench_reach.reach_table(chances.frame, "Hexdrinker"), "c", kind="chances",
                          text=FR)
    assert re.findall(r"<th scope=\"col\"[^>]*>(.*?)</th>", reach)[:3] == [
        "Niveau", "Tour 1", "Tour 2"]
    assert reach.count('<td class="lv-num">') > 0  # "Turn N" columns still numbers


def test_french_variants_read_in_french_and_keep_their_flag_colours(pool, knight) -> None:
    placed = bench.variants_frame(knight, pool)
    english, french = bview.variants_table(placed), bview.variants_table(placed, FR)
    assert list(english.columns) == list(french.columns)  # the headings: frame_html's job
    assert french["Change"].iloc[0] == "la création"
    firsts = placed.groupby("variant").first()[["parameter", "step"]].to_numpy()
    assert list(french["Change"]) == [
        bench.change_label(bench.change_of(str(p), int(s), open_band=2), FR) for p, s in firsts]
    assert "tendance" in french.iloc[0, 1] and " mana · tour " in french.iloc[0, 1]
    page_en = bv.frame_html(english, "v", kind="variants")
    page_fr = bv.frame_html(french, "v", kind="variants", text=FR)
    assert re.findall(r'class="lv-cell[^"]*"', page_en) == re.findall(
        r'class="lv-cell[^"]*"', page_fr)
    assert re.findall(r"<th scope=\"col\"[^>]*>(.*?)</th>", page_fr)[:3] == [
        "Changement", "Imprimée", "Niveau 1"]


@pytest.mark.parametrize(("parameter", "step", "words"), [
    ("design", 0, "la création"),
    ("level_up_cost", 1, "coût de montée de niveau +1 générique"),
    ("printed_power", -1, "cartouche imprimé : force -1"),
    ("band1_min_level", 1, "niveau 1 : début (N1) +1"),
    ("band2_min_level", 1, "niveau 2 : début (N3) +1"),
])
def test_711_2_french_change_labels(parameter: str, step: int, words: str) -> None:
    """711.2: the open band's start is N3 ("LEVEL N3+"), in French too."""
    assert bench.change_label(bench.change_of(parameter, step, open_band=2), FR) == words


def test_french_parse_error_and_design(knight) -> None:
    draft = bench.read_draft(*BROKEN.values())
    assert draft.error is not None and draft.error.line_number is not None
    page = bview.draft_error_html(draft, FR)
    assert f"Cette création n&#x27;est pas encore lisible (ligne {draft.error.line_number} " \
           "du texte)." in page
    assert f"↑ ligne {draft.error.line_number} : " in page
    assert page.count(draft.error.message.replace("'", "&#x27;")) >= 1  # the library's message
    assert bview.draft_error_html(draft) == bview.draft_error_html(draft, EN)
    assert "<strong>imprimée</strong>" in bview.design_html(knight, FR)


# ---------------------------------------------------------------- every parse problem at once

def marked_lines(page: str) -> list[tuple[str, str]]:
    """(line number, line) of every line the error view marks."""
    return re.findall(r'<li class="lv-bad"(?: aria-current="true")? data-line="(\d+)">(.*?)<span',
                      page)


def test_702_87a_711_2_every_problem_is_marked_on_its_own_line() -> None:
    """A misspelt level up (702.87a, line 1) and a P/T box that is not one (711.2, line 5):
    both lines marked, each with its reason and rule; the first is the current one."""
    draft = draft_of({**BROKEN, "oracle_text": BROKEN["oracle_text"].replace("Level up",
                                                                             "Levle up")})
    assert draft.error is not None
    page = bview.draft_error_html(draft)
    expected = [(str(p.line_number), p.line) for p in draft.error.problems]
    assert len(expected) == 2 and marked_lines(page) == expected
    assert page.count('aria-current="true"') == 1
    assert re.search(r'aria-current="true" data-line="1"', page)
    for problem in draft.error.problems:
        assert html.escape(problem.message) in page and f"(rule {problem.rule})" in page
    assert 'data-problems="2"' in page


def test_604_3_a_field_problem_is_listed_above_the_text_beside_the_lines() -> None:
    """A ``*`` power (604.3: it needs a characteristic-defining ability) has no line: it is
    listed above the text, and the line problem is still marked."""
    draft = draft_of({**BROKEN, "power": "*"})
    assert draft.error is not None and len(draft.error.problems) == 2
    page = bview.draft_error_html(draft)
    listed = re.search(r'<ul class="lv-problems">(.*?)</ul>', page)
    assert listed is not None and "604.3" in listed.group(1)
    assert marked_lines(page) == [("5", "LEVEL 7+")]


@pytest.mark.parametrize("newline", ["\r", "\r\n", "\u2028"])
def test_lines_are_numbered_as_the_parser_numbers_them(newline: str) -> None:
    """The parser numbers lines with ``splitlines`` (\\r, \\u2028 end a line too): the view
    marks that same line and lists as many lines."""
    text = BROKEN["oracle_text"].replace("\n", newline)
    draft = draft_of({**BROKEN, "oracle_text": text})
    assert draft.error is not None and draft.error.line_number == 5
    page = bview.draft_error_html(draft)
    assert marked_lines(page) == [("5", "LEVEL 7+")]
    assert page.count("<li") == len(text.splitlines())


def test_past_twenty_problems_the_rest_are_counted_in_words() -> None:
    """The library lists 20 problems (711.2 here, one per bad P/T box) and counts the rest."""
    text = "Level up {W}\nLEVEL 1-2\n1/1\n" + "\n".join(f"LEVEL {i}-{i}\nx/{i}"
                                                       for i in range(3, 40))
    draft = draft_of({**KNIGHT, "oracle_text": text})
    assert draft.error is not None and draft.error.unlisted > 1
    page = bview.draft_error_html(draft)
    assert len(marked_lines(page)) == len(draft.error.problems) == 20
    assert f"and {draft.error.unlisted} more problems" in page
    assert f"et {draft.error.unlisted} autres problèmes" in bview.draft_error_html(draft, FR)


def test_singular_and_plural_follow_each_languages_rule() -> None:
    """English takes the singular for 1 only, French for 0 and 1."""
    assert plural_text(EN, "draft_unlisted", 1) == "and 1 more problem"
    assert plural_text(EN, "draft_unlisted", 0) == "and 0 more problems"
    assert plural_text(FR, "draft_unlisted", 0) == "et 0 autre problème"
    assert plural_text(FR, "draft_unlisted", 2) == "et 2 autres problèmes"


def test_a_hostile_line_with_a_problem_is_escaped() -> None:
    text = "Levle up {W}<script>alert(1)</script>\nLEVEL 1-2\n3/3\nLEVEL 3+\n<img src=x>"
    draft = draft_of({**KNIGHT, "oracle_text": text})
    assert draft.error is not None
    page = bview.draft_error_html(draft)
    assert "<script" not in page and "<img" not in page
    assert "&lt;script&gt;" in page and len(marked_lines(page)) == len(
        {p.line_number for p in draft.error.problems if p.line_number})


def test_the_error_view_names_the_design_escaped() -> None:
    draft = draft_of({**BROKEN, "name": HOSTILE_NAME})
    page = bview.draft_error_html(draft)
    assert f'<strong class="lv-draft-name">{html.escape(HOSTILE_NAME)}</strong>' in page
