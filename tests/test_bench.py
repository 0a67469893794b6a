"""The design bench's frames (leveler.bench) and the Limited Monte Carlo's budget and kept
runs (leveler.bench_reach), against leveler.balance.

Every expected number comes from the library (``investment``, ``turns_to_band``, ``curve``,
``variants``, ``pool_reach_chances``, ``progression``), never from this module.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from leveler import CardTextError, LevelerCard, Zone, bench, bench_reach, parse_card
from leveler.balance import (
    CurveModel,
    LimitedModel,
    VanillaLine,
    curve,
    fit_trend,
    investment,
    pool_reach_chances,
    turns_to_band,
)
from leveler.io.pool_files import card_from_record
from leveler.pool import progression
from tests.samples import BROKEN, KNIGHT, draft_of


@pytest.fixture(scope="module")
def knight() -> LevelerCard:
    return card_from_record(KNIGHT)


def test_the_bench_modules_are_library_code() -> None:
    """leveler.bench and leveler.bench_reach import no app module, marimo or HTML helper."""
    for name in ("bench", "bench_reach"):
        path = Path(bench.__file__).with_name(f"{name}.py")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for alias in node.names}
        found |= {node.module or "" for node in ast.walk(tree)
                  if isinstance(node, ast.ImportFrom)}
        assert not {m for m in found if m.startswith(("leveler.app", "marimo", "html"))}, name


def test_the_two_printed_are_named_apart() -> None:
    """A printed card's ``source`` and a card's printed stage (711.5) are two names."""
    from leveler import stages
    assert bench.SOURCE_PRINTED == "printed" and stages.PRINTED == "printed"
    assert "PRINTED" not in bench.__all__ and bench.SOURCE_DESIGN == "design"


def test_the_pools_rows_are_the_librarys_curve_and_turns(pool: dict[str, LevelerCard]) -> None:
    frame = bench.balance_frame(pool)
    expected = curve(pool)  # the pool's own trend: fit_trend(pool)
    assert set(frame["source"]) == {bench.SOURCE_PRINTED}
    pd.testing.assert_frame_equal(frame[list(expected.columns)], expected)
    for card in pool.values():
        rows = frame[frame["name"] == card.name].reset_index(drop=True)
        spent = investment(card)
        assert list(rows["mana_invested"]) == list(spent["mana_invested"])
        assert list(rows["band"]) == list(spent["band"])
        assert list(rows["turn"]) == list(turns_to_band(card)["turn"]), card.name


def test_student_of_warfare_reaches_level_7_for_8_mana_on_turn_4(pool) -> None:
    """Issue 5's example, read from the frame the Balance view shows."""
    frame = bench.balance_frame(pool)
    top = frame[(frame["name"] == "Student of Warfare") & (frame["band"] == "LEVEL 7+")]
    assert (int(top["mana_invested"].iloc[0]), int(top["turn"].iloc[0])) == (8, 4)
    table = bench.balance_table(frame)
    row = table[(table["Card"] == "Student of Warfare") & (table["Band"] == "LEVEL 7+")]
    assert (row["Mana"].iloc[0], row["Turn"].iloc[0], row["P/T"].iloc[0]) == (8, 4, "4/4")


def test_designs_are_placed_against_the_printed_pools_trend(pool, knight) -> None:
    frame = bench.balance_frame(pool, [knight], vanilla=VanillaLine(3.0, 1.0), tolerance=0.5)
    designs = frame[frame["source"] == bench.SOURCE_DESIGN].reset_index(drop=True)
    expected = curve([knight], trend=fit_trend(pool), vanilla=VanillaLine(3.0, 1.0),
                     tolerance=0.5)
    pd.testing.assert_frame_equal(designs[list(expected.columns)], expected)
    assert list(designs["turn"]) == list(turns_to_band(knight)["turn"])
    np.testing.assert_allclose(designs["vanilla_stats"], 3.0 * designs["mana_invested"] + 1.0)
    printed = frame[frame["source"] == bench.SOURCE_PRINTED].reset_index(drop=True)
    pd.testing.assert_frame_equal(
        printed[list(expected.columns)],
        curve(pool, vanilla=VanillaLine(3.0, 1.0), tolerance=0.5))


def test_a_design_named_like_a_printed_card_keeps_both(pool) -> None:
    twin = replace(pool["Hexdrinker"], power=9)
    cards, sources = bench.combine(pool, [twin, twin])
    assert [card.name for card in cards[-2:]] == ["Hexdrinker (design)", "Hexdrinker (design 2)"]
    assert sources["Hexdrinker"] == bench.SOURCE_PRINTED
    assert sources["Hexdrinker (design)"] == bench.SOURCE_DESIGN
    frame = bench.balance_frame(pool, [twin])
    printed = frame[frame["name"] == "Hexdrinker"]
    design = frame[frame["name"] == "Hexdrinker (design)"]
    assert list(printed["power"]) == list(investment(pool["Hexdrinker"])["power"])
    assert list(design["power"]) == list(investment(twin)["power"])
    assert bench.card_names(pool, [twin])[-1] == "Hexdrinker (design)"


def test_frames_are_cached_by_value_and_callers_get_their_own(pool, knight) -> None:
    first = bench.balance_frame(pool, [knight])
    first.loc[:, "stats"] = -1
    again = bench.balance_frame(dict(pool), [replace(knight)])
    assert (again["stats"] >= 0).all()
    pd.testing.assert_frame_equal(again, bench.balance_frame(pool, [knight]))


def test_a_pool_without_a_trend_is_a_message() -> None:
    free = parse_card("Level up {0}\nLEVEL 1+\n2/2", name="Free", mana_cost="{1}",
                      power="1", toughness="1")  # both stages at 1 mana: no line to fit
    frame, error = bench.balance_or_error([free])
    assert frame is None and error is not None and "two or more amounts of mana" in error


def test_curve_settings_fill_empty_fields_with_the_defaults() -> None:
    assert bench.curve_settings(None, None, None) == (VanillaLine(), 1.0)
    assert bench.curve_settings(1.5, -2, 0) == (VanillaLine(1.5, -2.0), 0.0)
    assert VanillaLine(2.0, 0.0) == bench.VANILLA


def test_balance_table_is_the_frame_as_shown(pool) -> None:
    frame = bench.balance_frame(pool, [], model=CurveModel(max_turn=3))
    table = bench.balance_table(frame)
    assert list(table.columns) == list(bench.BALANCE_COLUMNS.values())
    assert list(table["P/T"]) == [f"{p}/{t}" for p, t in zip(frame["power"], frame["toughness"],
                                                             strict=True)]
    assert table["Turn"].isna().sum() == frame["turn"].isna().sum() > 0  # not by turn 3
    np.testing.assert_allclose(table["Trend"], frame["trend_stats"], atol=0.005)
    assert list(table["vs vanilla"]) == [str(flag) for flag in frame["vanilla_flag"]]


def test_the_monte_carlo_runs_only_when_asked_and_is_kept(pool, knight) -> None:
    games = 1_234  # games no other test uses: nothing is kept for it yet
    assert bench_reach.reach_frame(pool, [knight], 16, False, run=False, games=games) is None
    ran = bench_reach.reach_frame(pool, [knight], 16, False, run=True, games=games)
    assert ran is not None and ran.games == games and ran.seconds >= 0
    assert ran.model == LimitedModel(lands=16, on_the_play=False)
    expected = pool_reach_chances([*pool.values(), knight], ran.model, games=games,
                                  seed=bench_reach.SEED)
    pd.testing.assert_frame_equal(ran.frame.drop(columns="source"), expected)
    assert set(ran.frame.loc[ran.frame["name"] == knight.name, "source"]) == {bench.SOURCE_DESIGN}
    kept = bench_reach.reach_frame(pool, [knight], 16, False, run=False, games=games)
    assert kept is not None
    pd.testing.assert_frame_equal(kept.frame, ran.frame)
    assert bench_reach.reach_frame(pool, [knight], 17, False, run=False, games=games) is None
    assert bench_reach.reach_frame(pool, [knight], 16, True, run=False, games=games) is None


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
    budget = bench_reach.monte_carlo_budget(cards, games, cap)
    assert (budget.games, budget.played) == expected
    assert budget.games * budget.played <= cap and budget.games <= games
    assert budget.cut == (budget.played < cards) and budget.cards == cards


def test_reach_table_is_one_cards_chances_in_percent(pool) -> None:
    ran = bench_reach.reach_frame(pool, [], run=True, games=2_000)
    assert ran is not None
    table = bench_reach.reach_table(ran.frame, "Student of Warfare")
    rows = ran.frame[ran.frame["name"] == "Student of Warfare"]
    assert list(table["Band"]) == list(investment(pool["Student of Warfare"])["band"])
    for band, row in zip(table["Band"], table.itertuples(index=False), strict=True):
        chances = rows[rows["band"] == band].sort_values("turn")["chance"]
        assert list(row[1:]) == list((chances * 100).round(1)), band


def test_a_draft_parses_as_the_designs_file_will(knight) -> None:
    draft = draft_of(KNIGHT)
    assert draft.error is None and draft.card == knight
    assert draft.record == KNIGHT
    assert draft.card == parse_card(KNIGHT["oracle_text"], name="Bench Knight",
                                    mana_cost="{1}{W}", type_line=KNIGHT["type_line"],
                                    power="2", toughness="2")


@pytest.mark.parametrize(("parameter", "step", "words"), [
    ("design", 0, "the design"),
    ("level_up_cost", 1, "level up cost +1 generic"),
    ("band1_min_level", 1, "band 1 start (N1) +1"),
    ("band2_min_level", -1, "band 2 start (N3) -1"),
    ("printed_toughness", 1, "printed box toughness +1"),
    ("band1_power", -1, "band 1 power -1"),
])
def test_711_2_change_labels_name_each_symbols_first_count(parameter: str, step: int,
                                                           words: str) -> None:
    """711.2: a printed leveler's first level symbol is "LEVEL N1-N2", its second (open)
    one "LEVEL N3+": moving the second band's start moves N3, not N1."""
    assert bench.change_label(bench.change_of(parameter, step, open_band=2)) == words


def test_711_2_student_of_warfares_variants_move_n1_of_band_1_and_n3_of_band_2(pool) -> None:
    """Student of Warfare: LEVEL 2-6 (N1 = 2), LEVEL 7+ (N3 = 7)."""
    frame = bench.variants_frame(pool["Student of Warfare"], pool)
    assert frame.attrs["open_band"] == 2
    changes = set(frame["change"])
    assert {"band 1 start (N1) +1", "band 2 start (N3) -1"} <= changes
    assert not {"band 2 start (N1) +1", "band 2 start (N1) -1"} & changes
    assert bench.changes_in_words(frame) == list(frame["change"])


def test_711_2_a_design_whose_last_band_is_closed_has_no_n3(pool, knight) -> None:
    """A custom design ending on "LEVEL 3-5" (accepted and flagged) has no "N3+" band:
    every band start is the N1 of its range."""
    closed = replace(knight, bands=(knight.bands[0], replace(knight.bands[1], max_level=5)))
    frame = bench.variants_frame(closed, pool)
    assert frame.attrs["open_band"] is None
    assert "band 2 start (N1) +1" in set(frame["change"])
    assert not any("N3" in change for change in frame["change"])


def test_the_progression_frame_is_the_librarys_grid(pool, knight) -> None:
    """711.2a/b, 711.5: each card's step line (the last point at or before a count) is the
    library's grid at every count of the axis, from a point per segment, not per count."""
    frame = bench.progression_frame(pool, [knight])
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
    assert set(frame.loc[frame["name"] == knight.name, "source"]) == {bench.SOURCE_DESIGN}
    assert list(frame.loc[(frame["name"] == "Student of Warfare")
                          & (frame["metric"] == "Power"), "levels"]) == ["0-1", "2-6", "7+", "7+"]


def test_the_progression_frame_costs_a_designs_bands_not_its_numbers(pool, knight) -> None:
    """A design with a band at 1,000 counters (MAX_LEVEL) adds as many rows as one at 10."""
    def moved(start: int) -> LevelerCard:
        return replace(knight, bands=(replace(knight.bands[0], max_level=start - 1),
                                      replace(knight.bands[1], min_level=start)))

    low = bench.progression_frame(pool, [moved(10)])
    high = bench.progression_frame(pool, [moved(1000)])
    assert len(low) == len(high)
    assert high["level_counters"].max() == 1003


def test_the_bench_shows_the_pool_alone_while_the_draft_does_not_parse(pool) -> None:
    broken = bench.bench_frames(pool, draft_of(BROKEN))
    assert broken.variants is None and broken.balance is not None
    assert set(broken.balance["source"]) == {bench.SOURCE_PRINTED}
    assert broken.design_rows is not None and broken.design_rows.empty
    assert bench.bench_tables(broken) == {}
    good = bench.bench_frames(pool, draft_of(KNIGHT))
    assert good.design_rows is not None and list(good.design_rows["name"]) == ["Bench Knight"] * 3
    assert set(bench.bench_tables(good)) == {"design", "variants"}
    assert set(good.progression["name"]) == {*pool, "Bench Knight"}


def test_702_87a_711_2_a_draft_keeps_every_problem_each_with_its_line(knight) -> None:
    """A bad power (a field, no line) and a misspelt level up (702.87a, line 1) are both
    kept, as the designs store's loader reports them."""
    record = {**KNIGHT, "power": "x",
              "oracle_text": KNIGHT["oracle_text"].replace("Level up", "Levle up")}
    draft = draft_of(record)
    with pytest.raises(CardTextError) as raised:
        card_from_record(record)
    assert draft.card is None and draft.error is not None
    problems = draft.error.problems
    assert [(p.message, p.line_number) for p in problems] == [
        (p.message, p.line_number) for p in raised.value.problems]
    assert len(problems) == 2 and problems[0].line_number is None
    assert problems[1].line_number == 1 and "702.87a" in (problems[1].rule or "")


def test_a_draft_with_no_name_is_one_problem_that_says_so() -> None:
    draft = draft_of({**KNIGHT, "name": ""})
    assert draft.card is None and draft.error is not None
    assert draft.error.problems == (draft.error,) and "'name'" in draft.error.message


def test_a_typed_design_over_the_stores_budget_is_refused_before_it_is_parsed() -> None:
    """What is typed in the bench has the store's budget (MAX_RECORD_BYTES): a text of
    thousands of bands is refused with the size and the limit, never parsed or placed."""
    from leveler.io.designs import MAX_RECORD_BYTES

    bands = "".join(f"LEVEL {n}-{n}\n{n % 9}/{n % 9}\n" for n in range(1, 5_000))
    record = {**KNIGHT, "oracle_text": "Level up {1}\n" + bands + "LEVEL 5000+\n9/9"}
    draft = draft_of(record)
    assert draft.card is None and draft.error is not None
    assert f"{MAX_RECORD_BYTES:,}" in str(draft.error) and "bytes" in str(draft.error)
    assert draft_of(KNIGHT).card is not None  # a design within the budget still parses
