"""The Balance tab in a real browser: what a person sees is what leveler.balance says.

Expected numbers come from ``leveler.balance`` (``curve``, ``turns_to_band``,
``investment``, ``reach_chances``), never from the view module the app uses.
"""

from __future__ import annotations

import csv
import io
import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from leveler import LevelerCard
from leveler.balance import LimitedModel, VanillaLine, curve, reach_chances, turns_to_band
from leveler.export import PNG_SIGNATURE
from tests.browser_helpers import chart_csv

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
ROWS = """(kind) => [...document.querySelectorAll(`table.lv-btable[data-kind=${kind}] tbody tr`)]
  .map(tr => [...tr.querySelectorAll('td')].map(td => td.textContent.trim()))"""


def open_tab(page: Page, url: str, tab: str) -> None:
    page.goto(url)
    expect(page.locator("table.lv-table")).to_be_visible(timeout=60_000)
    page.get_by_role("tab", name=tab).click()


def rows_of(page: Page, kind: str) -> list[list[str]]:
    rows: list[list[str]] = page.evaluate(ROWS, kind)
    return rows


def library_rows(pool: dict[str, LevelerCard], vanilla: VanillaLine | None = None
                 ) -> list[dict[str, Any]]:
    """The balance table per the library: every stage of every card, in pool order."""
    placed = curve(pool, vanilla=vanilla or VanillaLine())
    turns = {(card.name, int(stage)): turn for card in pool.values()
             for stage, turn in zip(turns_to_band(card)["stage"], turns_to_band(card)["turn"],
                                    strict=True)}
    return [{"Card": row.name, "Source": "printed", "Band": row.band,
             "Counters": str(row.min_level), "Mana": str(row.mana_invested),
             "Turn": str(turns[row.name, row.stage]), "P/T": f"{row.power}/{row.toughness}",
             "P+T": str(row.stats), "Trend": row.trend_stats, "vs trend": str(row.trend_flag),
             "Vanilla": row.vanilla_stats, "vs vanilla": str(row.vanilla_flag)}
            for row in placed.itertuples(index=False)]


def expect_balance_rows(page: Page, expected: list[dict[str, Any]]) -> None:
    """Wait for the table to hold ``expected`` (reference values to the cent)."""
    headings = list(expected[0])
    deadline = time.monotonic() + TIMEOUT / 1000
    while True:
        shown = [dict(zip(headings, row, strict=True)) for row in rows_of(page, "balance")]
        problems = _differences(shown, expected)
        if not problems:
            return
        if time.monotonic() > deadline:
            raise AssertionError("\n".join(problems[:10]))
        page.wait_for_timeout(200)


def _differences(shown: list[dict[str, str]], expected: list[dict[str, Any]]) -> list[str]:
    if len(shown) != len(expected):
        return [f"{len(shown)} rows shown, {len(expected)} expected"]
    problems = []
    for got, want in zip(shown, expected, strict=True):
        for key, value in want.items():
            same = (abs(float(got[key]) - value) <= 0.0051 if isinstance(value, float)
                    else got[key] == value)
            if not same:
                problems.append(f"{want['Card']} {want['Band']} {key}: {got[key]!r} != {value!r}")
    return problems


def chart_rows(page: Page, title: str) -> list[dict[str, str]]:
    """The card rows a chart draws: the CSVs its Vega-Lite spec points at, by chart title."""
    found = []
    for vega in page.locator("marimo-vega").all():
        spec = json.loads(vega.get_attribute("data-spec") or "{}")
        if title in json.dumps(spec.get("title", "")):
            found.append(spec)
    assert len(found) == 1, f"{len(found)} charts titled {title!r}"
    urls = re.findall(r'"url": "([^"]+)"', json.dumps(found[0]))
    rows = []
    for url in dict.fromkeys(urls):
        rows += [row for row in csv.DictReader(io.StringIO(chart_csv(page, url)))
                 if row.get("name")]
    return rows


def number_input(page: Page, label: str) -> Any:
    """A ``mo.ui.number``'s input, by its label (marimo's aria-label holds markup, not text)."""
    return page.locator("marimo-number").filter(
        has=page.locator("label", has_text=re.compile(rf"^{re.escape(label)}$"))).locator("input")


def test_balance_shows_every_band_as_the_library_places_it(
        page: Page, app_url: str, pool: dict[str, LevelerCard], artifacts: Path) -> None:
    """Issue 5: Student of Warfare reaches LEVEL 7+ for 8 mana, on turn 4."""
    open_tab(page, app_url, "Balance")
    expect(page.locator("table.lv-btable[data-kind=balance]")).to_be_visible(timeout=TIMEOUT)
    expected = library_rows(pool)
    expect_balance_rows(page, expected)
    student = next(row for row in rows_of(page, "balance")
                   if row[0] == "Student of Warfare" and row[2] == "LEVEL 7+")
    assert (student[4], student[5], student[6]) == ("8", "4", "4/4")

    invested = {(row["name"], row["band"]): row["mana_invested"]
                for row in chart_rows(page, "Mana invested per band")}
    assert invested == {(row["Card"], row["Band"]): row["Mana"] for row in expected}
    turned = {(row["name"], row["band"]): row["turn"]
              for row in chart_rows(page, "Turns to each band")}
    assert turned == {(row["Card"], row["Band"]): row["Turn"] for row in expected}
    expect(page.locator("marimo-vega canvas").filter(visible=True)).to_have_count(
        3, timeout=TIMEOUT)  # the Pool chart waits, hidden, in its own tab box
    page.get_by_text("Vanilla line").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(500)
    page.screenshot(path=str(artifacts / "balance.png"))

    a = number_input(page, "a")
    a.fill("1")
    a.press("Enter")
    expect_balance_rows(page, library_rows(pool, VanillaLine(1.0, 0.0)))


def test_the_monte_carlo_plays_on_demand_and_shows_the_librarys_chances(
        page: Page, app_url: str, pool: dict[str, LevelerCard]) -> None:
    open_tab(page, app_url, "Balance")
    expect(page.get_by_text("Not played yet")).to_be_visible(timeout=TIMEOUT)
    assert page.locator("table.lv-btable[data-kind=chances]").count() == 0
    # the per-press cap (issue 11) is in the page, with what it plays for this pool
    budget = page.locator("p.lv-mc-budget")
    expect(budget).to_contain_text("at most 2,500,000 games in all")
    expect(budget).to_contain_text(f"100,000 games for each of the {len(pool)} cards")
    started = time.monotonic()
    page.get_by_role("button", name="Play 100,000 games per card").click()
    table = page.locator("table.lv-btable[data-kind=chances]")
    expect(table).to_be_visible(timeout=60_000)
    print(f"\nMonte Carlo, click to table: {time.monotonic() - started:.2f} s; app says: "
          f"{page.get_by_text('games per card (').inner_text()}")
    expect(table.locator("caption")).to_contain_text("Student of Warfare")
    library = reach_chances(pool["Student of Warfare"], LimitedModel(lands=17, on_the_play=True),
                            games=100_000, seed=0)
    shown = rows_of(page, "chances")
    assert [row[0] for row in shown] == list(dict.fromkeys(library["band"]))
    for row in shown:
        chances = library[library["band"] == row[0]].sort_values("turn")["chance"]
        assert [float(value) for value in row[1:]] == pytest.approx(
            [100 * chance for chance in chances], abs=0.051), row[0]


def test_the_table_and_charts_download_as_csv_png_and_svg(
        page: Page, app_url: str, pool: dict[str, LevelerCard]) -> None:
    open_tab(page, app_url, "Balance")
    expect(page.locator("table.lv-btable[data-kind=balance]")).to_be_visible(timeout=TIMEOUT)
    files = {}
    for label in ("balance (CSV)", "curve (PNG)", "investment (SVG)"):
        with page.expect_download(timeout=TIMEOUT) as download:
            page.get_by_text(label, exact=True).click()
        files[label] = (download.value.suggested_filename, Path(download.value.path()).read_bytes())
    name, data = files["balance (CSV)"]
    assert name == "balance.csv"
    table = list(csv.DictReader(io.StringIO(data.decode("utf-8"))))
    assert _differences(table, library_rows(pool)) == []
    name, data = files["curve (PNG)"]
    assert name == "curve.png" and data[:8] == PNG_SIGNATURE
    name, data = files["investment (SVG)"]
    assert name == "investment.svg" and data.startswith(b"<svg")
    assert b"Student of Warfare" in data
