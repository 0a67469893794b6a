"""leveler resolve FILE [--json] [--pool]: answer and trace; exit 1 on a bad file, 2 on usage."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from leveler import LevelerCard, resolve_situation
from leveler.cli import main

SITUATIONS = Path(__file__).parent / "data" / "situations"
RECORDS = json.loads((Path(__file__).parents[1] / "data" / "levelers.json").read_text("utf-8"))
GOOD = sorted(p for p in SITUATIONS.glob("*.json") if not p.name.startswith("bad_"))


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("path", GOOD, ids=[p.stem for p in GOOD])
def test_json_output_is_the_resolution(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["resolve", str(path), "--json"], capsys)
    assert (status, err) == (0, "")
    expected = resolve_situation(json.loads(path.read_text("utf-8")))
    assert json.loads(out) == expected.to_dict()


@pytest.mark.parametrize("path", GOOD, ids=[p.stem for p in GOOD])
def test_table_output_has_the_answer_and_every_trace_step(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(["resolve", str(path)], capsys)
    assert status == 0
    expected = resolve_situation(json.loads(path.read_text("utf-8")))
    shown = ("none" if expected.power is None  # not a creature (208.3)
             else f"{expected.power}/{expected.toughness}")
    assert f"power/toughness: {shown}" in out
    assert f"can level up:    {'yes' if expected.can_level_up else 'no'}" in out
    rows = [line for line in out.splitlines() if line[:2].strip().isdigit()]
    assert len(rows) == len(expected.trace)
    for row, step in zip(rows, expected.trace, strict=True):
        assert row.split()[1] == step.layer.split()[0] and step.rule in row


def test_clone_of_kargan_707_2_ruling_4(capsys: pytest.CaptureFixture[str],
                                        pool: dict[str, LevelerCard]) -> None:
    kargan = pool["Kargan Dragonlord"]
    status, out, _ = run(["resolve", str(SITUATIONS / "clone_of_kargan.json")], capsys)
    assert status == 0
    assert out.startswith("Kargan Dragonlord, on the battlefield:")
    assert f"power/toughness: {kargan.power}/{kargan.toughness}" in out
    assert "707.2, ruling 2010-06-15 #4" in out


def test_humility_student_613_8a(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["resolve", str(SITUATIONS / "humility_student.json")], capsys)
    assert status == 0
    assert "power/toughness: 1/1" in out and "band:            none" in out
    assert "abilities:       none" in out and "613.8a" in out


def test_giant_growth_then_level_up(capsys: pytest.CaptureFixture[str],
                                    pool: dict[str, LevelerCard]) -> None:
    band = pool["Student of Warfare"].bands[0]
    status, out, _ = run(["resolve", str(SITUATIONS / "giant_growth_then_level.json")], capsys)
    assert status == 0
    assert f"power/toughness: {band.power + 3}/{band.toughness + 3}" in out
    assert "can level up:    yes" in out


def test_a_bad_situation_names_the_field_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    path = SITUATIONS / "bad_timestamp.json"
    status, out, err = run(["resolve", str(path)], capsys)
    assert (status, out) == (1, "")
    assert err == (f"leveler: {path}: effects[2].timestamp: expected a number, got 'soon'\n")


def test_a_missing_file_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["resolve", str(tmp_path / "nowhere.json")], capsys)
    assert status == 1 and "cannot read the situation file" in err


def test_bad_json_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"card": "Student of Warfare",', "utf-8")
    status, _, err = run(["resolve", str(path)], capsys)
    assert status == 1 and f"{path}: not a JSON file" in err


def test_a_custom_card_text_error_exits_1_naming_oracle_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "custom.json"
    path.write_text(json.dumps({"card": {"name": "X", "power": 1, "toughness": 1,
                                         "oracle_text": "LEVEL 1+\n2/2"}}), "utf-8")
    status, _, err = run(["resolve", str(path)], capsys)
    assert status == 1 and "card.oracle_text: X: " in err and "Level up" in err


@pytest.mark.parametrize("argv", [
    ["resolve"],
    ["resolve", "a.json", "--bogus"],
    ["resolve", "a.json", "b.json"],
])
def test_bad_usage_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(argv, capsys)
    assert status == 2 and "usage:" in err


def test_pool_option_resolves_names_from_that_pool(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = {**RECORDS[0], "name": "Renamed Beastbreaker", "name_fr": None}
    pool_path = tmp_path / "pool.json"
    pool_path.write_text(json.dumps([record]), "utf-8")
    situation = tmp_path / "s.json"
    situation.write_text(json.dumps({"card": "Renamed Beastbreaker",
                                     "counters": {"level": 4}}), "utf-8")
    status, out, _ = run(["resolve", str(situation), "--pool", str(pool_path), "--json"], capsys)
    assert status == 0 and json.loads(out)["name"] == "Renamed Beastbreaker"
    top = record["levels"][-1]
    assert json.loads(out)["power"] == int(top["power"])
    status, _, err = run(["resolve", str(SITUATIONS / "humility_student.json"),
                          "--pool", str(pool_path)], capsys)
    assert status == 1 and "card: no card named 'Student of Warfare'" in err


def test_standard_input(monkeypatch: pytest.MonkeyPatch,
                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"card": "Hexdrinker", '
                                                  '"counters": {"level": 8}}'))
    status, out, _ = run(["resolve", "-", "--json"], capsys)
    assert status == 0 and json.loads(out)["band"]["label"] == "LEVEL 8+"


def test_python_m_leveler_resolve() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "leveler", "resolve", str(SITUATIONS / "face_down_kargan.json")],
        capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("a face-down creature (no name), on the battlefield:")
    assert "power/toughness: 3/3" in done.stdout


def test_a_face_up_copy_of_a_face_down_leveler_is_not_called_face_down(capsys) -> None:
    """707.2 + 708.2a: the copy has the face-down values (no name) but is itself face up."""
    from leveler.cli import main
    assert main(["resolve", str(SITUATIONS / "v2_clone_of_face_down_kargan.json")]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("a creature with no name (a copy of a face-down one")
