"""CR 711: what a leveler is with N level counters in a zone."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from leveler import LevelerCard, Zone, characteristics
from tests.strategies import leveler_cards

GOLDEN = Path(__file__).parent / "data" / "golden.csv"
GOLDEN_ROWS = list(csv.DictReader(GOLDEN.open(encoding="utf-8")))


@pytest.mark.parametrize(
    "row", GOLDEN_ROWS, ids=[f"{r['name']}-{r['zone']}-{r['level']}" for r in GOLDEN_ROWS]
)
def test_golden_table_711(row: dict[str, str], pool: dict[str, LevelerCard]) -> None:
    """Every printed card, every level 0..N3+3, every zone, against tests/data/golden.csv."""
    result = characteristics(pool[row["name"]], int(row["level"]), Zone(row["zone"]))
    got = {
        "power": str(result.power),
        "toughness": str(result.toughness),
        "band": result.band.label if result.band else "",
        "abilities": " | ".join(result.abilities),
        "rule": result.rule,
    }
    expected = {key: row[key] for key in got}
    assert got == expected, f"golden row {GOLDEN_ROWS.index(row) + 2}: {row}"


def test_golden_table_covers_every_card_level_and_zone(pool: dict[str, LevelerCard]) -> None:
    seen = {(r["name"], int(r["level"]), r["zone"]) for r in GOLDEN_ROWS}
    for card in pool.values():
        for level in range(card.top_level + 4):
            for zone in Zone:
                assert (card.name, level, zone.value) in seen


def test_design_md_example_student_of_warfare_at_7(pool: dict[str, LevelerCard]) -> None:
    """711.2b: with 7 or more counters Student of Warfare is 4/4 with double strike."""
    result = characteristics(pool["Student of Warfare"], 7, Zone.BATTLEFIELD)
    assert (result.power, result.toughness) == (4, 4)
    assert result.band == pool["Student of Warfare"].bands[1]
    assert result.abilities == ("Level up {W}", "Double strike")
    assert result.citations == ("711.2b",)


def test_711_5_below_first_band_uses_uppermost_box(pool: dict[str, LevelerCard]) -> None:
    student = pool["Student of Warfare"]
    result = characteristics(student, 1, Zone.BATTLEFIELD)
    assert (result.power, result.toughness, result.band) == (1, 1, None)
    assert result.citations == ("711.5",)


def test_711_6_graveyard_uses_uppermost_box_whatever_the_counters(
    pool: dict[str, LevelerCard],
) -> None:
    student = pool["Student of Warfare"]
    for level in (0, 2, 7, 10**18):
        result = characteristics(student, level, "graveyard")
        assert (result.power, result.toughness, result.rule) == (1, 1, "711.6")


@pytest.mark.parametrize("name", ["Student of Warfare", "Transcendent Master", "Hexdrinker"])
def test_711_2a_711_2b_boundaries(name: str, pool: dict[str, LevelerCard]) -> None:
    """Below N1, N1, N2, N2+1 = N3, huge counts (XMage's 0/1/6/12/15 pattern)."""
    card = pool[name]
    low, high = card.bands
    assert high.min_level == (low.max_level or 0) + 1
    cases = {
        low.min_level - 1: (card.power, card.toughness, "711.5"),
        low.min_level: (low.power, low.toughness, "711.2a"),
        low.max_level: (low.power, low.toughness, "711.2a"),
        high.min_level: (high.power, high.toughness, "711.2b"),
        high.min_level + 1: (high.power, high.toughness, "711.2b"),
        10**18: (high.power, high.toughness, "711.2b"),
    }
    for level, expected in cases.items():
        result = characteristics(card, level, Zone.BATTLEFIELD)
        assert (result.power, result.toughness, result.rule) == expected, level


def test_711_4_level_up_is_there_at_every_count_and_zone(pool: dict[str, LevelerCard]) -> None:
    for card in pool.values():
        for zone in Zone:
            for level in (0, card.top_level, card.top_level + 50):
                assert card.level_up_ability in characteristics(card, level, zone).abilities


def test_lower_band_abilities_end_at_n3_ruling_faq(pool: dict[str, LevelerCard]) -> None:
    """ROE FAQ: once at N3, the N1-N2 band's abilities are gone (only one band applies)."""
    hada = pool["Hada Spy Patrol"]
    at_top = characteristics(hada, 3, Zone.BATTLEFIELD)
    assert at_top.abilities == ("Level up {2}{U}", *hada.bands[1].abilities)


@pytest.mark.parametrize("bad", [-1, -(10**18), 1.5, "3", None, True, 2.0])
def test_bad_counts_are_a_clear_value_error(bad: object, pool: dict[str, LevelerCard]) -> None:
    with pytest.raises(ValueError, match="level counters"):
        characteristics(pool["Student of Warfare"], bad, Zone.BATTLEFIELD)  # type: ignore[arg-type]


def test_unknown_zone_lists_the_zones(pool: dict[str, LevelerCard]) -> None:
    with pytest.raises(ValueError, match=r"unknown zone 'sideboard'.*battlefield"):
        characteristics(pool["Student of Warfare"], 1, "sideboard")


def test_zone_accepts_names_in_any_case() -> None:
    assert Zone("graveyard") is Zone.GRAVEYARD
    assert Zone("Exile") is Zone.EXILE


@given(leveler_cards(), st.integers(0, 200))
def test_bands_partition_counts_from_n1_up(card: LevelerCard, level: int) -> None:
    """711.2: for a valid card exactly one band holds each count >= N1, none below."""
    holding = [band for band in card.bands if band.contains(level)]
    if level < card.bands[0].min_level:
        assert holding == []
        assert characteristics(card, level, Zone.BATTLEFIELD).rule == "711.5"
    else:
        assert len(holding) == 1
        assert characteristics(card, level, Zone.BATTLEFIELD).band == holding[0]


@given(leveler_cards(), st.integers(0, 10**18), st.integers(0, 10**18),
       st.sampled_from([z for z in Zone if z is not Zone.BATTLEFIELD]))
def test_711_6_off_battlefield_never_depends_on_counters(
    card: LevelerCard, first: int, second: int, zone: Zone
) -> None:
    assert characteristics(card, first, zone) == characteristics(card, second, zone)
    assert characteristics(card, first, zone).power == card.power


@pytest.mark.parametrize(("bad", "message"), [
    (-1, "level counters cannot be negative (122.1), got -1"),
    (True, "level counters must be a whole number (122.1), not True (bool)"),
])
def test_122_1_one_level_count_check_one_message_everywhere(
        bad: object, message: str, pool: dict[str, LevelerCard],
        capsys: pytest.CaptureFixture[str]) -> None:
    """Counters are whole and not negative (122.1): the rules ladder, the pool grid and
    ``leveler show --level`` say it in the same words (leveler.model.check_level_counters)."""
    from leveler.cli import main
    from leveler.pool import progression

    student = pool["Student of Warfare"]
    with pytest.raises(ValueError) as by_rules:
        characteristics(student, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError) as by_pool:
        progression({"Student of Warfare": student}, levels=[bad])  # type: ignore[list-item]
    assert str(by_rules.value) == str(by_pool.value) == message
    if bad == -1:
        assert main(["show", "Student of Warfare", "--level", "-1"]) == 2
        assert f"argument --level: {message}" in capsys.readouterr().err


def test_711_2_the_command_line_bounds_the_count_by_max_level(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--level`` stops at MAX_LEVEL, the largest level number a band may print (711.2);
    the library itself takes any count (past the top band nothing changes)."""
    from leveler.cli import main
    from leveler.model import MAX_LEVEL, check_level_counters

    assert main(["show", "Student of Warfare", "--level", str(MAX_LEVEL + 1)]) == 2
    assert (f"level counters: at most {MAX_LEVEL}, not {MAX_LEVEL + 1} (the largest level "
            "number a band may print, 711.2)") in capsys.readouterr().err
    with pytest.raises(ValueError, match=f"at most {MAX_LEVEL}, not {MAX_LEVEL + 1} "):
        check_level_counters(MAX_LEVEL + 1, most=MAX_LEVEL)
    assert check_level_counters(MAX_LEVEL + 1) == MAX_LEVEL + 1
