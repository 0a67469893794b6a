"""`leveler table --csv/--json`, `leveler search`, `leveler bands`: tidy output (issue 15).

Each output is read back and compared with the rules core: ``characteristics`` for the
table (711.2a/b, 711.5, 711.6), :func:`leveler.search.search` for the search,
:func:`leveler.bands.band_frame` for the bands.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys

import pytest

from leveler import Zone, characteristics
from leveler.cli import main
from leveler.io.designs import open_store
from leveler.search import search

LEVELS = (0, 1, 3, 7, 12)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("zone", [Zone.BATTLEFIELD, Zone.GRAVEYARD])
def test_table_json_is_what_characteristics_says_for_every_card(pool, capsys, level, zone):
    assert main(["table", "--json", "--level", str(level), "--zone", str(zone)]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [row["name"] for row in rows] == list(pool)
    for row in rows:
        now = characteristics(pool[row["name"]], level, zone)
        assert (row["power"], row["toughness"]) == (now.power, now.toughness)
        assert row["abilities"] == list(now.abilities)  # whole, never cut
        assert row["band"] == (now.band.label if now.band else None)
        assert row["rule"] == " ".join(now.citations)
        assert (row["level_counters"], row["zone"]) == (level, str(zone))


@pytest.mark.parametrize("level", LEVELS)
def test_table_csv_is_what_characteristics_says_for_every_card(pool, capsys, level):
    assert main(["table", "--csv", "--level", str(level)]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(rows) == len(pool)
    for row in rows:
        now = characteristics(pool[row["name"]], level, Zone.BATTLEFIELD)
        assert (int(row["power"]), int(row["toughness"])) == (now.power, now.toughness)
        assert row["abilities"] == "; ".join(now.abilities)
        assert row["band"] == (now.band.label if now.band else "")
        assert "…" not in row["abilities"]


def test_table_text_says_on_the_battlefield_and_in_other_zones(capsys) -> None:
    assert main(["table", "--level", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "25 cards with 1 level counter, on " \
        "the battlefield"
    assert main(["table", "--zone", "exile"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "25 cards with 0 level counters, in " \
        "exile"


@pytest.mark.parametrize("query", ["pow>=4 lvl<=3", "o:flying", "-c:w mana<=6 pt>=8"])
def test_search_json_and_csv_give_each_card_at_its_fewest_counters(pool, capsys, query):
    expected = [(m.name, m.level, m.band.label if m.band else "printed")
                for m in search(pool, query)]
    assert main(["search", query, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["name"], r["level"], r["band"]) for r in rows] == expected
    assert main(["search", query, "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["name"], int(r["level"]), r["band"]) for r in rows] == expected


def test_a_malformed_query_points_at_its_term_and_exits_2(capsys) -> None:
    assert main(["search", "pow>=4 lvl<=x"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert "whole number" in err[0]
    assert err[1] == "  pow>=4 lvl<=x"
    assert err[2] == "         ^^^^^^"


def test_search_and_bands_work_on_the_designs_store(pool, capsys) -> None:
    """--designs reads the store the server is configured with (LEVELER_DESIGNS)."""
    store = open_store()
    store.save({"name": "Test Knight", "mana_cost": "{1}{W}", "type_line": "Creature — Knight",
                "power": "2", "toughness": "2",
                "oracle_text": "Level up {1}\nLEVEL 1-2\n3/3\nLEVEL 3+\n5/5\nFirst strike"},
               expected=None)
    assert main(["search", "--designs", "pow>=5", "--json"]) == 0
    assert [(r["name"], r["level"]) for r in json.loads(capsys.readouterr().out)] == [
        ("Test Knight", 3)]
    assert main(["bands", "--designs", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["band"], r["min_level"], r["max_level"]) for r in rows] == [
        ("printed", 0, None), ("LEVEL 1-2", 1, 2), ("LEVEL 3+", 3, None)]


def test_bands_csv_has_every_band_of_every_card(pool, capsys) -> None:
    assert main(["bands", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(rows) == sum(len(card.bands) + 1 for card in pool.values())
    student = [r for r in rows if r["name"] == "Student of Warfare"]
    assert [(r["band"], r["min_level"], r["max_level"], r["mana_invested"], r["turn"])
            for r in student] == [("printed", "0", "", "1", "1"), ("LEVEL 2-6", "2", "6", "3", "2"),
                                  ("LEVEL 7+", "7", "", "8", "4")]


def test_a_closed_pipe_ends_quietly() -> None:
    reader = subprocess.Popen([sys.executable, "-m", "leveler", "bands"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env=dict(os.environ, PYTHONIOENCODING="ascii"))
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.readline()
    reader.stdout.close()  # `leveler bands | head -1`
    reader.wait(timeout=120)  # a hang guard only
    assert "Traceback" not in reader.stderr.read().decode()


def test_chart_files_are_titled_with_the_zone_and_the_cards(tmp_path) -> None:
    svg = tmp_path / "chart.svg"
    assert main(["chart", "--zone", "graveyard", "--card", "Student of Warfare",
                 "--svg", str(svg)]) == 0
    assert "P/T by level counters, in the graveyard: Student of Warfare" in svg.read_text()
    turns = tmp_path / "turns.svg"
    assert main(["chart", "turns", "--svg", str(turns)]) == 0
    assert "P+T by the turn reached: 25 cards" in turns.read_text()


def test_balance_csv_rounds_its_figures_to_two_decimals(tmp_path, capsys) -> None:
    out = tmp_path / "balance.csv"
    assert main(["balance", "Student of Warfare", "--csv", str(out)]) == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    figures = [row["trend_stats"] for row in rows]
    assert all(len(figure.partition(".")[2]) <= 2 for figure in figures), figures
