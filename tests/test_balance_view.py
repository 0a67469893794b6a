"""The Balance view's and the bench's frames and HTML, against leveler.balance.

Every expected number comes from the library (``investment``, ``turns_to_band``, ``curve``,
``variants``, ``pool_reach_chances``, ``progression``), never from this module.
"""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from leveler import CardTextError, LevelerCard, Zone, parse_card
from leveler.app import balance_view as bv
from leveler.app.labels import LABELS
from leveler.balance import (
    CurveModel,
    LimitedModel,
    VanillaLine,
    curve,
    fit_trend,
    investment,
    pool_reach_chances,
    turns_to_band,
    variants,
)
from leveler.io.pool_files import card_from_record
from leveler.pool import progression
from tests.samples import BROKEN, HOSTILE_NAME, KNIGHT


def draft_of(record: dict[str, str]) -> bv.Draft:
    return bv.read_draft(*(record[key] for key in ("name", "mana_cost", "type_line", "power",
                                                   "toughness", "oracle_text")))


@pytest.fixture(scope="module")
def knight() -> LevelerCard:
    return card_from_record(KNIGHT)


# ---------------------------------------------------------------- the balance frame

def test_the_pools_rows_are_the_librarys_curve_and_turns(pool: dict[str, LevelerCard]) -> None:
    frame = bv.balance_frame(pool)
    expected = curve(pool)  # the pool's own trend: fit_trend(pool)
    assert set(frame["source"]) == {bv.PRINTED}
    pd.testing.assert_frame_equal(frame[list(expected.columns)], expected)
    for card in pool.values():
        rows = frame[frame["name"] == card.name].reset_index(drop=True)
        spent = investment(card)
        assert list(rows["mana_invested"]) == list(spent["mana_invested"])
        assert list(rows["band"]) == list(spent["band"])
        assert list(rows["turn"]) == list(turns_to_band(card)["turn"]), card.name


def test_student_of_warfare_reaches_level_7_for_8_mana_on_turn_4(pool) -> None:
    """Issue 5's example, read from the frame the Balance view shows."""
    frame = bv.balance_frame(pool)
    top = frame[(frame["name"] == "Student of Warfare") & (frame["band"] == "LEVEL 7+")]
    assert (int(top["mana_invested"].iloc[0]), int(top["turn"].iloc[0])) == (8, 4)
    table = bv.balance_table(frame)
    row = table[(table["Card"] == "Student of Warfare") & (table["Band"] == "LEVEL 7+")]
    assert (row["Mana"].iloc[0], row["Turn"].iloc[0], row["P/T"].iloc[0]) == (8, 4, "4/4")


def test_designs_are_placed_against_the_printed_pools_trend(pool, knight) -> None:
    frame = bv.balance_frame(pool, [knight], vanilla=VanillaLine(3.0, 1.0), tolerance=0.5)
    designs = frame[frame["source"] == bv.DESIGN].reset_index(drop=True)
    expected = curve([knight], trend=fit_trend(pool), vanilla=VanillaLine(3.0, 1.0),
                     tolerance=0.5)
    pd.testing.assert_frame_equal(designs[list(expected.columns)], expected)
    assert list(designs["turn"]) == list(turns_to_band(knight)["turn"])
    np.testing.assert_allclose(designs["vanilla_stats"], 3.0 * designs["mana_invested"] + 1.0)
    printed = frame[frame["source"] == bv.PRINTED].reset_index(drop=True)
    pd.testing.assert_frame_equal(
        printed[list(expected.columns)],
        curve(pool, vanilla=VanillaLine(3.0, 1.0), tolerance=0.5))


def test_a_design_named_like_a_printed_card_keeps_both(pool) -> None:
    twin = replace(pool["Hexdrinker"], power=9)
    cards, sources = bv.combine(pool, [twin, twin])
    assert [card.name for card in cards[-2:]] == ["Hexdrinker (design)", "Hexdrinker (design 2)"]
    assert sources["Hexdrinker"] == bv.PRINTED and sources["Hexdrinker (design)"] == bv.DESIGN
    frame = bv.balance_frame(pool, [twin])
    printed = frame[frame["name"] == "Hexdrinker"]
    design = frame[frame["name"] == "Hexdrinker (design)"]
    assert list(printed["power"]) == list(investment(pool["Hexdrinker"])["power"])
    assert list(design["power"]) == list(investment(twin)["power"])
    assert bv.card_names(pool, [twin])[-1] == "Hexdrinker (design)"


def test_frames_are_cached_by_value_and_callers_get_their_own(pool, knight) -> None:
    first = bv.balance_frame(pool, [knight])
    first.loc[:, "stats"] = -1
    again = bv.balance_frame(dict(pool), [replace(knight)])
    assert (again["stats"] >= 0).all()
    pd.testing.assert_frame_equal(again, bv.balance_frame(pool, [knight]))


def test_a_pool_without_a_trend_is_a_message() -> None:
    free = parse_card("Level up {0}\nLEVEL 1+\n2/2", name="Free", mana_cost="{1}",
                      power="1", toughness="1")  # both stages at 1 mana: no line to fit
    frame, error = bv.balance_or_error([free])
    assert frame is None and error is not None and "two or more amounts of mana" in error


def test_curve_settings_fill_empty_fields_with_the_defaults() -> None:
    assert bv.curve_settings(None, None, None) == (VanillaLine(), 1.0)
    assert bv.curve_settings(1.5, -2, 0) == (VanillaLine(1.5, -2.0), 0.0)
    assert VanillaLine(2.0, 0.0) == bv.VANILLA


def test_balance_table_is_the_frame_as_shown(pool) -> None:
    frame = bv.balance_frame(pool, [], model=CurveModel(max_turn=3))
    table = bv.balance_table(frame)
    assert list(table.columns) == list(bv.BALANCE_COLUMNS.values())
    assert list(table["P/T"]) == [f"{p}/{t}" for p, t in zip(frame["power"], frame["toughness"],
                                                             strict=True)]
    assert table["Turn"].isna().sum() == frame["turn"].isna().sum() > 0  # not by turn 3
    np.testing.assert_allclose(table["Trend"], frame["trend_stats"], atol=0.005)
    assert list(table["vs vanilla"]) == [str(flag) for flag in frame["vanilla_flag"]]


# ---------------------------------------------------------------- the Monte Carlo

def test_the_monte_carlo_runs_only_when_asked_and_is_kept(pool, knight) -> None:
    games = 1_234  # games no other test uses: nothing is kept for it yet
    assert bv.reach_frame(pool, [knight], 16, False, run=False, games=games) is None
    ran = bv.reach_frame(pool, [knight], 16, False, run=True, games=games)
    assert ran is not None and ran.games == games and ran.seconds >= 0
    assert ran.model == LimitedModel(lands=16, on_the_play=False)
    expected = pool_reach_chances([*pool.values(), knight], ran.model, games=games,
                                  seed=bv.SEED)
    pd.testing.assert_frame_equal(ran.frame.drop(columns="source"), expected)
    assert set(ran.frame.loc[ran.frame["name"] == knight.name, "source"]) == {bv.DESIGN}
    kept = bv.reach_frame(pool, [knight], 16, False, run=False, games=games)
    assert kept is not None
    pd.testing.assert_frame_equal(kept.frame, ran.frame)
    assert bv.reach_frame(pool, [knight], 17, False, run=False, games=games) is None
    assert bv.reach_frame(pool, [knight], 16, True, run=False, games=games) is None


@pytest.mark.parametrize(("cards", "games", "cap", "expected"), [
    (25, 100_000, 2_500_000, (100_000, 25)),   # the printed pool fits whole
    (26, 100_000, 2_500_000, (96_153, 26)),    # fewer games per card
    (2_500, 100_000, 2_500_000, (1_000, 2_500)),
    (3_025, 100_000, 2_500_000, (1_000, 2_500)),  # 3,000 designs: only the first cards
    (10, 300, 1_000, (300, 3)),  # asked for fewer games than MIN_GAMES: those, fewer cards
    (0, 100_000, 2_500_000, (100_000, 0)),
])
def test_a_monte_carlo_press_stays_within_its_games_times_cards_cap(
        cards: int, games: int, cap: int, expected: tuple[int, int]) -> None:
    budget = bv.monte_carlo_budget(cards, games, cap)
    assert (budget.games, budget.played) == expected
    assert budget.games * budget.played <= cap and budget.games <= games
    assert budget.cut == (budget.played < cards) and budget.cards == cards


def test_a_press_with_more_cards_than_its_cap_plays_the_first_ones_and_says_so(
        pool, knight) -> None:
    games, cap = 700, 10 * 700  # 26 cards asked: 10 fit at 700 games each
    ran = bv.reach_frame(pool, [knight], run=True, games=games, cap=cap)
    assert ran is not None and ran.budget is not None and ran.budget.cut
    assert (ran.games, ran.budget.played, ran.budget.cards) == (700, 10, 26)
    first = list(pool.values())[:10]
    expected = pool_reach_chances(first, ran.model, games=700, seed=bv.SEED)
    pd.testing.assert_frame_equal(ran.frame.drop(columns="source"), expected)
    words = bv.budget_html(ran.budget)
    assert "at most 7,000 games in all" in words and "only the first 10 are played" in words
    assert 'data-played="10"' in words and 'data-cards="26"' in words
    french = bv.budget_html(ran.budget, LABELS["fr"])
    assert "au plus 7\u202f000 parties" in french or "au plus 7 000 parties" in french
    assert "seules les 10 premières" in french


def test_the_budget_is_stated_when_every_card_fits_too() -> None:
    budget = bv.monte_carlo_budget(25)
    assert bv.budget_text(budget) == (
        "A press plays at most 2,500,000 games in all (games × cards), for the server's "
        "sake: here 100,000 games for each of the 25 cards.")


def test_reach_table_is_one_cards_chances_in_percent(pool) -> None:
    ran = bv.reach_frame(pool, [], run=True, games=2_000)
    assert ran is not None
    table = bv.reach_table(ran.frame, "Student of Warfare")
    rows = ran.frame[ran.frame["name"] == "Student of Warfare"]
    assert list(table["Band"]) == list(investment(pool["Student of Warfare"])["band"])
    for band, row in zip(table["Band"], table.itertuples(index=False), strict=True):
        chances = rows[rows["band"] == band].sort_values("turn")["chance"]
        assert list(row[1:]) == list((chances * 100).round(1)), band


# ---------------------------------------------------------------- drafts

def test_a_draft_parses_as_the_designs_file_will(knight) -> None:
    draft = draft_of(KNIGHT)
    assert draft.error is None and draft.card == knight
    assert draft.record == KNIGHT
    assert draft.card == parse_card(KNIGHT["oracle_text"], name="Bench Knight",
                                    mana_cost="{1}{W}", type_line=KNIGHT["type_line"],
                                    power="2", toughness="2")


def test_a_broken_draft_points_at_its_line() -> None:
    draft = draft_of(BROKEN)
    with pytest.raises(CardTextError) as raised:
        card_from_record(BROKEN)
    assert draft.card is None and draft.error is not None
    assert draft.error.line_number == raised.value.line_number == 5
    assert draft.record == BROKEN  # what was typed is kept
    page = bv.draft_error_html(draft)
    marked = re.findall(r'<li class="lv-bad" aria-current="true" data-line="(\d+)">(.*?)<span',
                        page)
    assert marked == [("5", "LEVEL 7+")]
    assert page.count("<li") == len(BROKEN["oracle_text"].split("\n"))
    assert "rule 711.2" in page and "line 5" in page


def test_a_field_error_has_no_line_but_says_which_field() -> None:
    draft = draft_of({**KNIGHT, "power": "x"})
    assert draft.error is not None and draft.error.line_number is None
    page = bv.draft_error_html(draft)
    assert "power of" in page and "aria-current" not in page


@pytest.mark.parametrize("field", ["name", "mana_cost", "type_line", "oracle_text"])
def test_html_or_script_typed_in_any_field_is_shown_as_text(field: str) -> None:
    record = {**KNIGHT, field: HOSTILE_NAME if field != "oracle_text"
              else KNIGHT["oracle_text"] + "\n" + HOSTILE_NAME + "\n<script>alert(2)</script>"}
    draft = draft_of(record)
    pages = [bv.draft_error_html(draft)]
    if draft.card is not None:
        pages.append(bv.design_html(draft.card))
    for page in pages:
        assert "<img" not in page and "<script" not in page
    assert "&lt;" in "".join(pages)


def test_a_hostile_design_name_is_escaped_in_every_table(pool) -> None:
    card = replace(card_from_record(KNIGHT), name=HOSTILE_NAME)
    frame = bv.balance_frame(pool, [card])
    page = bv.frame_html(bv.balance_table(frame), HOSTILE_NAME, kind="balance",
                         sources=list(frame["source"]))
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    assert page.count('data-source="design"') == len(card.bands) + 1
    variants_page = bv.frame_html(bv.variants_table(bv.variants_frame(card, pool)), HOSTILE_NAME,
                                  kind="variants")
    assert "<img" not in variants_page


# (the designs store's views and saves: tests/test_designs_view.py)


# ---------------------------------------------------------------- the bench

def test_variants_are_the_librarys_against_the_printed_trend(pool, knight) -> None:
    frame = bv.variants_frame(knight, pool, vanilla=VanillaLine(1.0, 2.0), tolerance=0.5)
    expected = variants(knight, trend=fit_trend(pool), vanilla=VanillaLine(1.0, 2.0),
                        tolerance=0.5)
    pd.testing.assert_frame_equal(frame.drop(columns="change"), expected)
    assert frame["change"].iloc[0] == "the design"
    table = bv.variants_table(frame)
    assert len(table) == frame["variant"].nunique()
    for row, (_, stages) in zip(table.itertuples(index=False), frame.groupby("variant"),
                                strict=True):
        assert row.Change == stages["change"].iloc[0]
        top = stages.iloc[-1]
        cell = row[len(stages)]  # the last stage's column (column 0 is the change)
        assert f"{top.power}/{top.toughness} · {top.mana_invested} mana" in cell
        arrow = {"above": "▲", "below": "▼", "on": "●"}[str(top.trend_flag)]
        assert f"trend {arrow} {top.trend_flag}" in cell


@pytest.mark.parametrize(("parameter", "step", "words"), [
    ("design", 0, "the design"),
    ("level_up_cost", 1, "level up cost +1 generic"),
    ("band2_min_level", -1, "band 2 start (N1) -1"),
    ("printed_toughness", 1, "printed box toughness +1"),
    ("band1_power", -1, "band 1 power -1"),
])
def test_change_labels(parameter: str, step: int, words: str) -> None:
    assert bv.change_label(parameter, step) == words


def test_the_progression_frame_is_the_librarys_grid(pool, knight) -> None:
    """711.2a/b, 711.5: each card's step line (the last point at or before a count) is the
    library's grid at every count of the axis, from a point per segment, not per count."""
    frame = bv.progression_frame(pool, [knight])
    cards = [*pool.values(), knight]
    top = max(card.top_level for card in cards) + 3
    grid = progression(cards, range(top + 1), [Zone.BATTLEFIELD])
    assert len(frame) == 2 * sum(len(card.bands) + 2 for card in cards)
    for metric in ("Power", "Toughness"):
        rows = frame[frame["metric"] == metric]
        assert list(dict.fromkeys(rows["name"])) == [card.name for card in cards]
        for name, line in rows.groupby("name", sort=False):
            assert line["level_counters"].iloc[-1] == top
            expected = grid[grid["name"] == name]
            drawn = [line.loc[line["level_counters"] <= level, "value"].iloc[-1]
                     for level in range(top + 1)]
            assert drawn == list(expected[metric.lower()]), (name, metric)
    assert set(frame.loc[frame["name"] == knight.name, "source"]) == {bv.DESIGN}
    assert list(frame.loc[(frame["name"] == "Student of Warfare")
                          & (frame["metric"] == "Power"), "levels"]) == ["0-1", "2-6", "7+", "7+"]


def test_the_progression_frame_costs_a_designs_bands_not_its_numbers(pool, knight) -> None:
    """A design with a band at 1,000 counters (MAX_LEVEL) adds as many rows as one at 10."""
    def moved(start: int) -> LevelerCard:
        return replace(knight, bands=(replace(knight.bands[0], max_level=start - 1),
                                      replace(knight.bands[1], min_level=start)))

    low, high = bv.progression_frame(pool, [moved(10)]), bv.progression_frame(pool, [moved(1000)])
    assert len(low) == len(high)
    assert high["level_counters"].max() == 1003


def test_the_bench_shows_the_pool_alone_while_the_draft_does_not_parse(pool) -> None:
    broken = bv.bench_frames(pool, draft_of(BROKEN))
    assert broken.variants is None and broken.balance is not None
    assert set(broken.balance["source"]) == {bv.PRINTED}
    assert broken.design_rows is not None and broken.design_rows.empty
    assert bv.bench_tables(broken) == {}
    good = bv.bench_frames(pool, draft_of(KNIGHT))
    assert good.design_rows is not None and list(good.design_rows["name"]) == ["Bench Knight"] * 3
    assert set(bv.bench_tables(good)) == {"design", "variants"}
    assert set(good.progression["name"]) == {*pool, "Bench Knight"}


# ---------------------------------------------------------------- the views' words

EN, FR = LABELS["en"], LABELS["fr"]


def test_the_english_views_and_constants_are_the_labels_english() -> None:
    assert (bv.BALANCE_TAB, bv.BENCH_TAB) == (EN["tab_balance"], EN["tab_bench"]) == (
        "Balance", "Design bench")
    assert bv.BALANCE_INTRO.startswith("Every band") and bv.BENCH_INTRO.startswith("Write a")
    assert bv.BALANCE_INTRO is EN["balance_intro"] and bv.BENCH_INTRO is EN["bench_intro"]
    assert bv.NEW_DESIGN_LABEL == EN["design_new"] == "New design"
    assert all(bv.heading_text(heading) == heading for heading in bv.BALANCE_COLUMNS.values())


def test_french_tables_show_french_headings_flags_and_sources_of_english_frames(pool,
                                                                              knight) -> None:
    frame = bv.balance_frame(pool, [knight])
    table = bv.balance_table(frame)
    assert list(table.columns) == list(bv.BALANCE_COLUMNS.values())  # the frame stays English
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
    chances = bv.reach_frame(pool, [], run=True, games=500)
    assert chances is not None
    reach = bv.frame_html(bv.reach_table(chances.frame, "Hexdrinker"), "c", kind="chances",
                          text=FR)
    assert re.findall(r"<th scope=\"col\"[^>]*>(.*?)</th>", reach)[:3] == [
        "Niveau", "Tour 1", "Tour 2"]
    assert reach.count('<td class="lv-num">') > 0  # "Turn N" columns still numbers


def test_french_variants_read_in_french_and_keep_their_flag_colours(pool, knight) -> None:
    placed = bv.variants_frame(knight, pool)
    english, french = bv.variants_table(placed), bv.variants_table(placed, FR)
    assert list(english.columns) == list(french.columns)  # the headings: frame_html's job
    assert french["Change"].iloc[0] == "la création"
    assert list(french["Change"]) == [bv.change_label(str(p), int(s), FR) for p, s in
                                      placed.groupby("variant").first()[["parameter",
                                                                         "step"]].to_numpy()]
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
    ("band2_min_level", 1, "niveau 2 : début (N1) +1"),
])
def test_french_change_labels(parameter: str, step: int, words: str) -> None:
    assert bv.change_label(parameter, step, FR) == words


def test_french_parse_error_and_design(knight) -> None:
    draft = bv.read_draft(*BROKEN.values())
    assert draft.error is not None and draft.error.line_number is not None
    page = bv.draft_error_html(draft, FR)
    assert f"Cette création n&#x27;est pas encore lisible (ligne {draft.error.line_number} " \
           "du texte)." in page
    assert f"↑ ligne {draft.error.line_number} : " in page
    assert page.count(draft.error.message.replace("'", "&#x27;")) >= 1  # the library's message
    assert bv.draft_error_html(draft) == bv.draft_error_html(draft, EN)
    assert "<strong>imprimée</strong>" in bv.design_html(knight, FR)
