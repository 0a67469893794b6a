"""The command line: leveler show / table, exit status 0, 1 (failed lookup), 2 (bad usage)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from leveler import LevelerCard, Zone, characteristics
from leveler.cli import main

RECORDS = json.loads((Path(__file__).parents[1] / "data" / "levelers.json").read_text("utf-8"))


def test_show_graveyard_711_6(capsys: pytest.CaptureFixture[str],
                              pool: dict[str, LevelerCard]) -> None:
    assert main(["show", "Student of Warfare", "--level", "5", "--zone", "graveyard"]) == 0
    out = capsys.readouterr().out
    assert "power/toughness: 1/1" in out
    assert "711.6  In every zone other than the battlefield" in out


def test_show_battlefield_band_quotes_711_2a(capsys: pytest.CaptureFixture[str],
                                             pool: dict[str, LevelerCard]) -> None:
    assert main(["show", "student of warfare", "--level", "5"]) == 0
    out = capsys.readouterr().out
    expected = characteristics(pool["Student of Warfare"], 5, Zone.BATTLEFIELD)
    assert f"power/toughness: {expected.power}/{expected.toughness}" in out
    assert "band:            LEVEL 2-6" in out and "711.2a  “{LEVEL N1-N2}" in out


def test_show_finds_a_card_by_its_french_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "Étudiante de la guerre", "--level", "7"]) == 0
    assert capsys.readouterr().out.startswith("Student of Warfare")


def test_unknown_name_suggests_close_names_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "Studnt of Warfar"]) == 1
    assert "Did you mean: Student of Warfare?" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["show", "Student of Warfare", "--level", "-1"],
    ["show", "Student of Warfare", "--level", "two"],
    ["show", "Student of Warfare", "--zone", "sideboard"],
    ["table", "--bogus"],
    [],
])
def test_bad_usage_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert "usage:" in capsys.readouterr().err


def test_table_lists_the_pool_at_a_level(capsys: pytest.CaptureFixture[str],
                                         pool: dict[str, LevelerCard]) -> None:
    assert main(["table", "--level", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "25 cards with 3 level counters, on the battlefield"
    for card in pool.values():
        expected = characteristics(card, 3, Zone.BATTLEFIELD)
        row = next(line for line in lines if line.strip().startswith(card.name))
        assert f" {expected.power} " in row and expected.rule in row


def test_table_from_a_bad_pool_file_exits_1(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "pool.json"
    path.write_text(json.dumps([{**RECORDS[0], "oracle_text": "LEVEL 1+\n2/2"}]), "utf-8")
    assert main(["table", "--pool", str(path)]) == 1
    err = capsys.readouterr().err
    assert RECORDS[0]["name"] in err and "no 'Level up {cost}' line" in err


def test_console_script_and_python_m_run() -> None:
    done = subprocess.run([sys.executable, "-m", "leveler", "show", "Hexdrinker", "--level", "8"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "power/toughness: 6/6" in done.stdout


def test_balance_prints_stages_and_writes_csv(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str],
                                              pool: dict[str, LevelerCard]) -> None:
    """Issue 5's examples: Student of Warfare reaches LEVEL 7+ for 8 mana, on turn 4."""
    out_file = tmp_path / "student.csv"
    assert main(["balance", "Student of Warfare", "--csv", str(out_file)]) == 0
    written = pd.read_csv(out_file)
    top = written.iloc[-1]
    assert (top["band"], top["mana_invested"], top["turn"]) == ("LEVEL 7+", 8, 4)
    assert list(written["stage"]) == [0, 1, 2]
    assert "LEVEL 7+" in capsys.readouterr().out


def test_balance_to_an_unwritable_place_exits_1(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "Hexdrinker", "--csv", str(tmp_path / "no" / "such.csv")]) == 1
    assert "cannot write" in capsys.readouterr().err
