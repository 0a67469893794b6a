"""leveler.balance: mana invested, turns to each band (deterministic and Monte Carlo),
the curve, and one-step variants. Examples from issue 5 are checked by hand in comments."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leveler import LevelBand, LevelerCard, ManaCost, format_card, parse_card
from leveler.balance import (
    FLAGS,
    PRINTED,
    CurveModel,
    LimitedModel,
    Trend,
    VanillaLine,
    apply_variant,
    curve,
    fit_trend,
    investment,
    pool_reach_chances,
    reach_chances,
    turns_to_band,
    variant_parameters,
    variants,
)
from leveler.turns import (
    deal_lands,
    first_turns,
    lands_in_play,
    shuffle_libraries,
    stage_min_levels,
)

Pool = dict[str, LevelerCard]


def design(
    mana_cost: str = "{1}",
    level_up: str = "{1}",
    bands: tuple[tuple[int, int | None, int, int], ...] = ((1, 3, 2, 2), (4, None, 4, 4)),
    power: int = 1,
    toughness: int = 1,
) -> LevelerCard:
    """A test leveler: bands as (N1, N2 or None, power, toughness)."""
    return LevelerCard(
        name="Test Design", mana_cost=ManaCost.parse(mana_cost), type_line="Creature — Test",
        power=power, toughness=toughness, level_up_cost=ManaCost.parse(level_up),
        bands=tuple(LevelBand(lo, hi, p, t) for lo, hi, p, t in bands),
    )


@st.composite
def designs(draw: st.DrawFn) -> LevelerCard:
    """Valid levelers: 1-3 contiguous ascending bands, the last open (711.2a, 711.2b)."""
    widths = draw(st.lists(st.integers(1, 6), min_size=0, max_size=2))
    low = draw(st.integers(0, 6))
    bands = []
    for width in widths:
        bands.append((low, low + width - 1, draw(st.integers(0, 9)), draw(st.integers(0, 9))))
        low += width
    bands.append((low, None, draw(st.integers(0, 12)), draw(st.integers(0, 12))))
    costs = st.sampled_from(["{0}", "{W}", "{1}", "{1}{U}", "{2}", "{3}", "{2}{R}{R}", "{X}",
                             "{2/W}", "{G/W}", "{4}"])
    return design(draw(costs), draw(costs), tuple(bands), draw(st.integers(0, 5)),
                  draw(st.integers(0, 5)))


# --- 1. mana invested --------------------------------------------------------------------


def test_issue_examples_mana_invested(pool: Pool) -> None:
    # Student of Warfare {W}, level up {W}, LEVEL 7+: 1 + 7 x 1 = 8.
    # Transcendent Master {1}{W}{W}, level up {1}, LEVEL 12+: 3 + 12 x 1 = 15.
    # Kabira Vindicator {3}{W}, level up {2}{W}, LEVEL 5+: 4 + 5 x 3 = 19.
    for name, expected in [("Student of Warfare", [1, 3, 8]),
                           ("Transcendent Master", [3, 9, 15]),
                           ("Kabira Vindicator", [4, 10, 19])]:
        assert investment(pool[name])["mana_invested"].tolist() == expected, name


def test_investment_frame_for_student_of_warfare(pool: Pool) -> None:
    frame = investment(pool["Student of Warfare"])
    assert list(frame.columns) == ["stage", "band", "min_level", "mana_invested", "power",
                                   "toughness", "stats_per_mana"]
    assert frame["band"].tolist() == [PRINTED, "LEVEL 2-6", "LEVEL 7+"]
    assert frame["min_level"].tolist() == [0, 2, 7]
    assert frame["power"].tolist() == [1, 3, 4]
    assert frame["toughness"].tolist() == [1, 3, 4]
    assert frame["stats_per_mana"].tolist() == [2.0, 2.0, 1.0]  # 2/1, 6/3, 8/8
    assert {str(frame[c].dtype) for c in ("stage", "min_level", "mana_invested")} == {"int64"}


def test_stage_0_is_the_printed_box_for_its_mana_value(pool: Pool) -> None:
    for card in pool.values():
        row = investment(card).iloc[0]
        assert (row["stage"], row["min_level"]) == (0, 0)
        assert row["mana_invested"] == card.mana_cost.mana_value
        assert (row["power"], row["toughness"]) == (card.power, card.toughness)


def test_level_up_costs_count_by_mana_value() -> None:
    # {2/W} has mana value 2, {G/W} 1, {1}{U} 2 (CR 202.3)
    for cost, per_level in [("{2/W}", 2), ("{G/W}", 1), ("{1}{U}", 2), ("{3}", 3)]:
        card = design(mana_cost="{1}", level_up=cost, bands=((2, 4, 2, 2), (5, None, 3, 3)))
        assert investment(card)["mana_invested"].tolist() == [1, 1 + 2 * per_level,
                                                              1 + 5 * per_level]


def test_x_level_up_costs_nothing_per_level() -> None:
    # CR 202.3e: X is 0 outside the stack, so every level is free
    card = design(mana_cost="{2}", level_up="{X}")
    assert investment(card)["mana_invested"].tolist() == [2, 2, 2]


def test_stats_per_mana_is_missing_when_nothing_is_invested() -> None:
    frame = investment(design(mana_cost="{0}", level_up="{1}"))
    assert math.isnan(frame["stats_per_mana"].iloc[0])
    assert frame["stats_per_mana"].iloc[1] == 4.0  # 2/2 for 0 + 1 x 1


@given(designs())
def test_mana_invested_is_mana_value_plus_n1_levels_and_never_falls(card: LevelerCard) -> None:
    frame = investment(card)
    expected = [card.mana_cost.mana_value + n * card.level_up_cost.mana_value
                for n in stage_min_levels(card)]
    assert frame["mana_invested"].tolist() == expected
    assert frame["mana_invested"].is_monotonic_increasing


# --- 2a. turns to each band: the deterministic model -------------------------------------


def test_issue_examples_turns_to_band(pool: Pool) -> None:
    # Student: cast t1 (1 land, 0 left); t2: 2 levels -> LEVEL 2-6; t3: +3 = 5; t4: +4 = 9 -> 7+.
    # Transcendent Master: cast t3 (0 left); t4: 4; t5: +5 = 9 -> 6-11; t6: +6 = 15 -> 12+.
    # Kabira Vindicator, level up 3: cast t4; t5: 5//3 = 1; t6: +2 = 3 -> 2-4; t7: +2 = 5 -> 5+.
    for name, expected in [("Student of Warfare", [1, 2, 4]),
                           ("Transcendent Master", [3, 5, 6]),
                           ("Kabira Vindicator", [4, 6, 7])]:
        assert turns_to_band(pool[name])["turn"].tolist() == expected, name


def test_turns_frame_columns_and_dtypes(pool: Pool) -> None:
    frame = turns_to_band(pool["Transcendent Master"])
    assert list(frame.columns) == ["stage", "band", "min_level", "turn"]
    assert frame["band"].tolist() == [PRINTED, "LEVEL 6-11", "LEVEL 12+"]
    assert str(frame["turn"].dtype) == "Int64"


def test_cast_on_the_first_turn_with_lands_for_the_mana_value(pool: Pool) -> None:
    # one land a turn from turn 1, colours ignored: a card of mana value m is cast on turn m
    for card in pool.values():
        assert turns_to_band(card)["turn"].iloc[0] == max(card.mana_cost.mana_value, 1)


def test_no_level_ups_before_the_cast_turn() -> None:
    # {3}, level up {1}: the 1 and 2 lands of turns 1-2 could buy levels if it could level
    # from the hand; sorcery speed on the battlefield (702.87a) puts LEVEL 1 on turn 4
    card = design(mana_cost="{3}", level_up="{1}", bands=((1, 3, 2, 2), (4, None, 4, 4)))
    assert turns_to_band(card)["turn"].tolist() == [3, 4, 4]


def test_mana_left_on_the_cast_turn_buys_levels() -> None:
    # {0} on turn 1 leaves the one land: one level on the cast turn itself
    card = design(mana_cost="{0}", level_up="{1}", bands=((1, 2, 2, 2), (3, None, 4, 4)))
    assert turns_to_band(card)["turn"].tolist() == [1, 1, 2]


def test_levels_per_turn_are_floor_of_mana_over_cost_without_carry_over() -> None:
    # {2}, level up {3}: t2 cast; t3 3//3 = 1; t4 4//3 = 1 (1 wasted); t5 5//3 = 1 (2 wasted);
    # t6 6//3 = 2 -> 5. Carrying the waste over would reach 4 levels on turn 5.
    card = design(mana_cost="{2}", level_up="{3}", bands=((1, 3, 2, 2), (4, None, 4, 4)))
    assert turns_to_band(card)["turn"].tolist() == [2, 3, 6]


def test_a_free_level_up_reaches_every_band_on_the_cast_turn() -> None:
    for cost in ("{0}", "{X}"):
        card = design(mana_cost="{2}", level_up=cost, bands=((3, 9, 2, 2), (10, None, 9, 9)))
        assert turns_to_band(card)["turn"].tolist() == [2, 2, 2], cost


def test_capped_land_drops(pool: Pool) -> None:
    master = pool["Transcendent Master"]
    # 2 lands never cast a mana value 3 card
    assert turns_to_band(master, CurveModel(max_lands=2))["turn"].isna().all()
    # 3 lands: cast t3, then 3 levels a turn: 3, 6 (t5), 9, 12 (t7)
    assert turns_to_band(master, CurveModel(max_lands=3))["turn"].tolist() == [3, 5, 7]


def test_stages_past_the_last_turn_are_missing(pool: Pool) -> None:
    turns = turns_to_band(pool["Kabira Vindicator"], CurveModel(max_turn=6))["turn"]
    assert turns.tolist()[:2] == [4, 6]
    assert pd.isna(turns.iloc[2])


def test_curve_model_rejects_nonsense() -> None:
    with pytest.raises(ValueError, match="max_turn"):
        CurveModel(max_turn=0)
    with pytest.raises(ValueError, match="max_lands"):
        CurveModel(max_lands=-1)


@settings(max_examples=60)
@given(designs(), st.one_of(st.none(), st.integers(0, 6)))
def test_vectorised_core_equals_the_turn_by_turn_model(
    card: LevelerCard, max_lands: int | None
) -> None:
    model = CurveModel(max_turn=15, max_lands=max_lands)
    expected = turns_to_band(card, model)["turn"].fillna(0).astype(int).tolist()
    first = first_turns(model.lands_by_turn(), np.array([card.mana_cost.mana_value]),
                        np.array([card.level_up_cost.mana_value]),
                        np.array([stage_min_levels(card)]))
    assert first[0, 0].tolist() == expected


@given(designs())
def test_turns_never_fall_from_stage_to_stage(card: LevelerCard) -> None:
    turns = turns_to_band(card)["turn"]
    reached = turns.dropna().tolist()
    assert reached == sorted(reached)
    assert turns.isna().tolist() == sorted(turns.isna().tolist())  # missing only at the end


# --- 2b. turns to each band: the Limited Monte Carlo -------------------------------------


def test_monte_carlo_is_reproducible_with_a_seed(pool: Pool) -> None:
    card = pool["Student of Warfare"]
    first = reach_chances(card, games=2_000, seed=7)
    pd.testing.assert_frame_equal(first, reach_chances(card, games=2_000, seed=7))
    other = reach_chances(card, games=2_000, seed=8)
    assert not np.array_equal(first["chance"], other["chance"])


def test_monte_carlo_frame(pool: Pool) -> None:
    frame = reach_chances(pool["Transcendent Master"], LimitedModel(max_turn=10), games=3_000)
    assert list(frame.columns) == ["stage", "band", "min_level", "turn", "chance"]
    assert len(frame) == 3 * 10
    assert frame["chance"].between(0, 1).all()
    wide = frame.pivot(index="turn", columns="stage", values="chance")
    assert (wide.diff().dropna() >= 0).all().all()  # reached stays reached
    assert (wide.diff(axis=1).dropna(axis=1) <= 0).all().all()  # a band needs the one before


@pytest.mark.parametrize("on_the_play", [True, False])
def test_monte_carlo_agrees_with_the_curve_when_every_card_is_a_land(
    pool: Pool, on_the_play: bool
) -> None:
    # 39 lands among the 39 other cards: a land drop every turn, as in CurveModel
    model = LimitedModel(lands=39, on_the_play=on_the_play, max_turn=12)
    chances = pool_reach_chances(pool, model, games=50, seed=1)
    for name, card in pool.items():
        turns = turns_to_band(card, CurveModel(max_turn=12))
        rows = chances[chances["name"] == name]
        for stage, turn in zip(turns["stage"], turns["turn"], strict=True):
            got = rows[rows["stage"] == stage].set_index("turn")["chance"]
            expected = (got.index >= turn).astype(float)
            assert got.tolist() == expected.tolist(), (name, stage)


def _at_least(k: int, lands: int, cards: int, drawn: int) -> float:
    """Exact P(at least k lands among ``drawn`` cards of ``cards`` holding ``lands``)."""
    total = math.comb(cards, drawn)
    return sum(math.comb(lands, i) * math.comb(cards - lands, drawn - i)
               for i in range(k, min(lands, drawn) + 1)) / total


@pytest.mark.parametrize(("on_the_play", "drawn"), [(True, 8), (False, 9)])
def test_monte_carlo_matches_the_hypergeometric_cast_chance(
    pool: Pool, on_the_play: bool, drawn: int
) -> None:
    # Transcendent Master (mana value 3) is cast by turn 3 iff 3 lands are among the 6 other
    # cards of the opening hand and the draws of turns 2-3 (+ turn 1 on the draw): 17 of 39.
    exact = _at_least(3, 17, 39, drawn)
    games = 40_000
    frame = reach_chances(pool["Transcendent Master"], LimitedModel(on_the_play=on_the_play),
                          games=games, seed=3)
    got = frame[(frame["stage"] == 0) & (frame["turn"] == 3)]["chance"].item()
    assert abs(got - exact) < 5 * math.sqrt(exact * (1 - exact) / games)


def test_monte_carlo_matches_the_hypergeometric_band_chance(pool: Pool) -> None:
    # Student of Warfare reaches LEVEL 2-6 on turn 2 iff cast turn 1 and 2 lands on turn 2,
    # i.e. 2 lands among the 7 cards seen by turn 2 on the play (6 in hand + 1 draw).
    exact = _at_least(2, 16, 39, 7)
    games = 40_000
    frame = reach_chances(pool["Student of Warfare"], LimitedModel(lands=16), games=games,
                          seed=4)
    got = frame[(frame["stage"] == 1) & (frame["turn"] == 2)]["chance"].item()
    assert abs(got - exact) < 5 * math.sqrt(exact * (1 - exact) / games)


def test_dealt_lands_follow_the_land_drop_rules() -> None:
    model = LimitedModel(lands=17, max_turn=12)
    lands = deal_lands(model, 5_000, np.random.default_rng(0))
    assert lands.shape == (5_000, 12)
    turns = np.arange(1, 13)
    assert (lands <= turns).all()  # one land drop a turn (CR 305.2)
    steps = np.diff(lands, axis=1)
    assert ((steps == 0) | (steps == 1)).all()
    assert (lands[:, -1] <= 17).all()
    assert not deal_lands(replace(model, lands=0), 10, np.random.default_rng(0)).any()


def _lands_by_playing(library: list[int], model: LimitedModel) -> list[int]:
    """One game played card by card: draw, then a land drop if a land is in hand."""
    hand = library[: model.hand_size - 1]
    position, in_play, result = model.hand_size - 1, 0, []
    for turn in range(1, model.max_turn + 1):
        if turn > 1 or not model.on_the_play:  # no draw on turn 1 on the play (103.8a)
            hand.append(library[position])
            position += 1
        if 1 in hand:
            hand.remove(1)
            in_play += 1
        result.append(in_play)
    return result


@pytest.mark.parametrize("on_the_play", [True, False])
def test_lands_in_play_equal_a_game_played_card_by_card(on_the_play: bool) -> None:
    model = LimitedModel(lands=15, on_the_play=on_the_play, max_turn=14)
    shuffled = shuffle_libraries(model, 400, np.random.default_rng(2))
    assert (shuffled.sum(axis=1) == 15).all()
    expected = [_lands_by_playing(row.tolist(), model) for row in shuffled]
    assert lands_in_play(model, shuffled).tolist() == expected


def test_no_lands_means_never_cast(pool: Pool) -> None:
    frame = reach_chances(pool["Student of Warfare"], LimitedModel(lands=0), games=100)
    assert (frame["chance"] == 0).all()


def test_pool_rows_equal_single_card_runs_with_the_same_seed(pool: Pool) -> None:
    names = ["Hexdrinker", "Null Champion"]
    model = LimitedModel(lands=16, on_the_play=False)
    both = pool_reach_chances({n: pool[n] for n in names}, model, games=1_000, seed=5)
    for name in names:
        alone = reach_chances(pool[name], model, games=1_000, seed=5)
        mine = both[both["name"] == name].drop(columns="name").reset_index(drop=True)
        pd.testing.assert_frame_equal(mine, alone)


def test_limited_model_rejects_impossible_decks() -> None:
    with pytest.raises(ValueError, match="lands"):
        LimitedModel(lands=40)
    with pytest.raises(ValueError, match="runs out"):
        LimitedModel(max_turn=40)
    with pytest.raises(ValueError, match="games"):
        reach_chances(design(), games=0)


# --- 3. the curve ------------------------------------------------------------------------


def test_fit_trend_recovers_an_exact_line() -> None:
    # every stage on P+T = 2 x mana + 1: printed 1/2 for {1}; level up {1}; 2/3 at 1; 3/4 at 2
    card = design(mana_cost="{1}", level_up="{1}", power=1, toughness=2,
                  bands=((1, 1, 2, 3), (2, None, 3, 4)))
    trend = fit_trend([card])
    assert trend.slope == pytest.approx(2.0)
    assert trend.intercept == pytest.approx(1.0)
    assert (curve([card])["trend_flag"] == "on").all()


def test_fit_trend_needs_two_amounts_of_mana() -> None:
    with pytest.raises(ValueError, match="two or more"):
        fit_trend([design(level_up="{X}")])


def test_curve_default_trend_is_the_pools_own_fit(pool: Pool) -> None:
    frame = curve(pool)
    trend = fit_trend(pool)
    assert len(frame) == sum(len(card.bands) + 1 for card in pool.values())
    expected = trend.slope * frame["mana_invested"] + trend.intercept
    assert np.allclose(frame["trend_stats"], expected)
    assert np.allclose(frame["trend_residual"], frame["stats"] - expected)
    # least squares: the residuals of the pool's own fit sum to zero
    assert abs(frame["trend_residual"].sum()) < 1e-9


def test_curve_flags_above_on_and_below() -> None:
    trend = Trend(slope=1.0, intercept=0.0)
    # {4}, level up {2}: stages at 4, 6, 10 mana with P+T 4 (on), 8 (2 above), 7 (3 below)
    card = design(mana_cost="{4}", level_up="{2}", power=2, toughness=2,
                  bands=((1, 2, 4, 4), (3, None, 4, 3)))
    frame = curve([card], trend=trend, vanilla=VanillaLine(1.0, 0.0), tolerance=1.0)
    assert frame["trend_residual"].tolist() == [0.0, 2.0, -3.0]
    assert frame["trend_flag"].tolist() == ["on", "above", "below"]
    assert frame["vanilla_flag"].tolist() == ["on", "above", "below"]
    assert list(frame["trend_flag"].cat.categories) == list(FLAGS)
    # within the tolerance is "on", the boundary included
    wide = curve([card], trend=trend, tolerance=2.0)
    assert wide["trend_flag"].tolist() == ["on", "on", "below"]


def test_vanilla_line_defaults_and_configuration(pool: Pool) -> None:
    assert VanillaLine() == VanillaLine(slope=2.0, intercept=0.0)
    student = curve([pool["Student of Warfare"]], trend=Trend(0.0, 0.0))
    # printed 1/1 for 1 mana: 2 = 2 x 1; LEVEL 7+ 4/4 for 8 mana: 8 < 16
    assert student["vanilla_stats"].tolist() == [2.0, 6.0, 16.0]
    assert student["vanilla_flag"].tolist() == ["on", "on", "below"]
    cheap = curve([pool["Student of Warfare"]], trend=Trend(0.0, 0.0),
                  vanilla=VanillaLine(slope=1.0, intercept=0.0))
    assert cheap["vanilla_flag"].tolist() == ["on", "above", "on"]


def test_curve_of_no_cards_keeps_its_columns() -> None:
    frame = curve([], trend=Trend(1.0, 0.0))
    assert frame.empty
    assert "vanilla_flag" in frame.columns
    with pytest.raises(ValueError, match="tolerance"):
        curve([], trend=Trend(1.0, 0.0), tolerance=-1)


# --- 4. variants -------------------------------------------------------------------------


def test_variants_of_student_of_warfare(pool: Pool) -> None:
    card = pool["Student of Warfare"]
    frame = variants(card, trend=fit_trend(pool))
    assert variant_parameters(card) == (
        "level_up_cost", "band1_min_level", "band2_min_level", "printed_power",
        "printed_toughness", "band1_power", "band1_toughness", "band2_power", "band2_toughness")
    # 9 parameters x 2 steps, less level up {W} -1 (no generic mana to remove), + the design
    per_variant = frame.groupby("variant").first()
    assert len(per_variant) == 1 + 17
    assert len(frame) == 18 * 3
    assert (per_variant.loc[0, "parameter"], per_variant.loc[0, "step"]) == ("design", 0)
    removed = per_variant[(per_variant["parameter"] == "level_up_cost")]["step"].tolist()
    assert removed == [1]


def test_design_row_equals_the_design_itself(pool: Pool) -> None:
    card = pool["Kabira Vindicator"]
    trend = fit_trend(pool)
    mine = variants(card, trend=trend)
    mine = mine[mine["variant"] == 0].reset_index(drop=True)
    placed = curve([card], trend=trend)
    for column in ("band", "mana_invested", "stats", "trend_residual", "vanilla_flag"):
        assert mine[column].tolist() == placed[column].tolist(), column
    assert mine["turn"].tolist() == turns_to_band(card)["turn"].tolist()


def test_every_variant_row_matches_the_variant_card(pool: Pool) -> None:
    trend = fit_trend(pool)
    for card in pool.values():
        frame = variants(card, trend=trend)
        for _, rows in frame[frame["variant"] > 0].groupby("variant"):
            first = rows.iloc[0]
            varied = apply_variant(card, str(first["parameter"]), int(first["step"]))
            expected = investment(varied)
            for column in ("band", "min_level", "mana_invested", "power", "toughness"):
                assert rows[column].tolist() == expected[column].tolist(), (card.name, column)
            assert rows["turn"].tolist() == turns_to_band(varied)["turn"].tolist()
            # a valid leveler: its canonical text parses back to it
            text = format_card(varied)
            assert parse_card(text, name=varied.name, mana_cost=str(varied.mana_cost),
                              type_line=varied.type_line, power=varied.power,
                              toughness=varied.toughness) == varied


def test_variants_leave_out_exactly_the_invalid_moves(pool: Pool) -> None:
    for card in pool.values():
        frame = variants(card, trend=Trend(1.0, 0.0))
        kept = set(zip(frame["parameter"].astype(str), frame["step"], strict=True))
        for parameter in variant_parameters(card):
            for step in (1, -1):
                if (parameter, step) in kept:
                    continue
                with pytest.raises(ValueError):
                    apply_variant(card, parameter, step)


def test_apply_variant_moves_one_thing_one_step() -> None:
    card = design(mana_cost="{2}", level_up="{1}{U}", power=1, toughness=0,
                  bands=((2, 4, 2, 2), (5, None, 0, 3)))
    assert str(apply_variant(card, "level_up_cost", 1).level_up_cost) == "{2}{U}"
    assert str(apply_variant(card, "level_up_cost", -1).level_up_cost) == "{U}"
    assert str(apply_variant(design(level_up="{1}"), "level_up_cost", -1).level_up_cost) == "{0}"
    moved = apply_variant(card, "band2_min_level", -1).bands
    assert [(b.min_level, b.max_level) for b in moved] == [(2, 3), (4, None)]
    assert apply_variant(card, "band1_min_level", 1).bands[0].label == "LEVEL 3-4"
    assert apply_variant(card, "band2_toughness", 1).bands[1].toughness == 4
    assert apply_variant(card, "printed_power", 1).power == 2
    for parameter, step in [("printed_toughness", -1), ("band2_power", -1),
                            ("level_up_cost", -2)]:
        with pytest.raises(ValueError):
            apply_variant(card, parameter, step)
    with pytest.raises(ValueError, match="unknown parameter"):
        apply_variant(card, "band3_power", 1)
    with pytest.raises(ValueError, match="empty"):
        apply_variant(apply_variant(card, "band1_min_level", 1), "band1_min_level", 2)
    with pytest.raises(ValueError, match="below 0"):
        apply_variant(design(bands=((0, 1, 1, 1), (2, None, 2, 2))), "band1_min_level", -1)


def test_711_2a_a_closed_bands_n1_does_not_move_past_its_own_n2() -> None:
    """LEVEL 2-2 cannot become LEVEL 3-2 (711.2a: a band is N1 to N2): the variants leave
    that move out, as apply_variant refuses it (it was listed, and failed when applied)."""
    card = design(bands=((2, 2, 2, 2), (5, None, 4, 4)))
    with pytest.raises(ValueError, match="empty"):
        apply_variant(card, "band1_min_level", 1)
    frame = variants(card, trend=Trend(1.0, 0.0))
    moves = set(zip(frame["parameter"].astype(str), frame["step"], strict=True))
    assert ("band1_min_level", 1) not in moves and ("band1_min_level", -1) in moves


def test_a_card_without_bands_has_only_its_printed_stage_in_its_variants() -> None:
    """A model card with no level symbol (parse_card refuses one, a caller may build one):
    its variants are its printed box moved (711.5), not an IndexError."""
    card = replace(design(), bands=())
    frame = variants(card, trend=Trend(1.0, 0.0))
    assert set(frame["stage"]) == {0}
    assert {"printed_power", "printed_toughness"} <= set(frame["parameter"].astype(str))


def test_a_band_cannot_be_emptied_by_moving_n1() -> None:
    card = design(bands=((1, 1, 2, 2), (2, None, 3, 3)))
    with pytest.raises(ValueError, match="empty"):
        apply_variant(card, "band2_min_level", -1)  # LEVEL 1-0
    with pytest.raises(ValueError, match="empty"):
        apply_variant(card, "band1_min_level", 1)  # LEVEL 2-1
    kept = variants(card, trend=Trend(1.0, 0.0))
    moves = set(zip(kept["parameter"].astype(str), kept["step"], strict=True))
    assert ("band1_min_level", -1) in moves
    assert ("band1_min_level", 1) not in moves
    assert ("band2_min_level", -1) not in moves


@settings(max_examples=40, deadline=None)
@given(designs())
def test_variants_of_any_design_are_valid_one_step_moves(card: LevelerCard) -> None:
    frame = variants(card, trend=Trend(0.5, 2.0), model=CurveModel(max_turn=12))
    stages = len(card.bands) + 1
    assert len(frame) % stages == 0
    for _, rows in frame[frame["variant"] > 0].groupby("variant"):
        first = rows.iloc[0]
        varied = apply_variant(card, str(first["parameter"]), int(first["step"]))
        assert rows["mana_invested"].tolist() == investment(varied)["mana_invested"].tolist()
        assert rows["turn"].tolist() == turns_to_band(varied, CurveModel(max_turn=12))[
            "turn"].tolist()
