"""One name lookup for the command line and the situation format (leveler.model.find_card),
and the pool the situation format takes from its caller (it opens no file).

Before, ``leveler show`` folded names with NFKC and the situation format only case-folded:
a full-width name, a name with doubled spaces or a printed name typed with a combining
accent found the card on the command line and was "no card named ..." in a situation file.
"""

from __future__ import annotations

import unicodedata

import pytest

import leveler
from leveler import LevelerCard, layers, presets
from leveler.cli import find_card as cli_find_card
from leveler.model import find_card, fold_name
from leveler.situation import SituationError, parse_situation

FULL_WIDTH = "Ｓｔｕｄｅｎｔ of Warfare"
DOUBLE_SPACE = "student  of   WARFARE"
COMBINING = unicodedata.normalize("NFD", "Mage d'écho")  # Echo Mage, printed in French


@pytest.mark.parametrize(("typed", "card"), [
    (FULL_WIDTH, "Student of Warfare"),
    (DOUBLE_SPACE, "Student of Warfare"),
    (COMBINING, "Echo Mage"),
])
def test_a_name_that_only_the_command_line_matched_now_matches_in_a_situation_too(
        pool: dict[str, LevelerCard], typed: str, card: str) -> None:
    """The same card in ``leveler show`` and in a situation's ``card`` and
    ``copy_of.card`` (one lookup: NFKC, case folding, joined spaces, printed names)."""
    assert cli_find_card(pool, typed).name == card
    assert parse_situation({"card": typed}, pool).card.name == card  # type: ignore[union-attr]
    copy = parse_situation({"card": "Clone", "copy_of": {"card": typed}}, pool)
    assert copy.copy_of is not None and copy.copy_of.card.name == card


def test_fold_name_is_nfkc_casefold_and_joined_spaces() -> None:
    assert fold_name("  ＳＴＵＤＥＮＴ\tof  Warfare ") == "student of warfare"
    assert fold_name(COMBINING) == fold_name("MAGE D'ÉCHO")


def test_find_card_says_none_for_a_name_not_in_the_pool(pool: dict[str, LevelerCard]) -> None:
    assert find_card(pool, "Student of Warfar") is None
    with pytest.raises(SituationError, match=r"^card: no card named 'Student of Warfar'"):
        parse_situation({"card": "Student of Warfar"}, pool)


def test_the_core_takes_the_pool_and_the_facade_fills_in_the_bundled_one(
        pool: dict[str, LevelerCard]) -> None:
    """``leveler.layers``/``leveler.presets`` open no file: a mapping needs a pool there;
    ``leveler.resolve_situation`` and ``leveler.apply_preset`` default to the bundled one."""
    data = {"card": "Student of Warfare", "counters": {"level": 7}}
    with pytest.raises(TypeError, match="needs the pool"):
        layers.resolve_situation(data)  # type: ignore[call-overload]
    assert leveler.resolve_situation(data) == layers.resolve_situation(data, pool)
    assert layers.resolve_situation(parse_situation(data, pool)).power == 4  # typed: no pool
    assert (leveler.apply_preset(data, "Giant Growth")
            == presets.apply_preset(data, "Giant Growth", pool=pool))
    assert dict(leveler.bundled_pool()) == pool


def test_a_situation_looks_names_up_only_in_the_pool_it_is_given(
        pool: dict[str, LevelerCard]) -> None:
    only = {"Echo Mage": pool["Echo Mage"]}
    assert parse_situation({"card": "echo mage"}, only).card.name == "Echo Mage"  # type: ignore[union-attr]
    with pytest.raises(SituationError, match="no card named 'Student of Warfare'"):
        parse_situation({"card": "Student of Warfare"}, only)


def test_a_misspelt_printed_name_is_offered_with_its_card_in_both(
        pool: dict[str, LevelerCard], capsys: pytest.CaptureFixture[str]) -> None:
    """The names offered come from one place too (leveler.model.close_names): before, a
    situation offered only English names, so a misspelt French name got no hint."""
    from leveler.cli import main

    with pytest.raises(SituationError) as error:
        parse_situation({"card": "Mage d'écha"}, pool)
    assert str(error.value) == ("card: no card named \"Mage d'écha\" in the pool; did you "
                                "mean \"Mage d'écho (Echo Mage)\"?")
    assert main(["show", "Mage d'écha"]) == 1
    assert "Did you mean: Mage d'écho (Echo Mage)?" in capsys.readouterr().err
