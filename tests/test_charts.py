"""leveler.charts: the P/T progression chart's data, its spec, its cards' looks, and where
the app's level rule (leveler.app.chart_view) goes."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from itertools import pairwise
from typing import Any

import pandas as pd
import pytest

from leveler import LevelerCard, Zone, characteristics, parse_card
from leveler.app.chart_view import (
    CHART_ZONE,
    chart_with_rule_html,
    level_rule_html,
    zone_note_html,
)
from leveler.app.labels import LABELS
from leveler.charts import (
    BRUSH_SELECTION,
    CARD_SELECTION,
    DASHES,
    GEOMETRY,
    LEGEND_SELECTION,
    METRICS,
    PALETTE,
    PALETTE_NAME,
    SHAPES,
    SHOWN_PARAM,
    WORDS,
    card_styles,
    chart_frame,
    chart_words,
    progression_chart,
    selected_cards,
    top_value,
    value_labels,
)
from leveler.pool_grid import NO_BAND, PoolGrid, pool_grid, printed_names

SVG = "{http://www.w3.org/2000/svg}"
EN, FR = LABELS["en"], LABELS["fr"]
CHART_WORDS = ["chart.level_counters", "chart.Power", "chart.Toughness", "chart.colour",
               "chart.card", "chart.legend", "chart.band", "chart.pt", "chart.rule"]
"""The labels the pool's progression chart carries (the rule's label is in the overlay)."""


@pytest.fixture(scope="module")
def grid(pool: dict[str, LevelerCard]) -> PoolGrid:
    return pool_grid(pool)


def _line_at(rows: pd.DataFrame, level: int) -> object:
    """The row a step-after line draws at ``level``: the last point at or before it."""
    return rows[rows["level_counters"] <= level].iloc[-1]


@pytest.mark.parametrize("zone", list(Zone))
def test_chart_step_lines_are_characteristics_at_every_level(pool, grid, zone):
    """711.2a/b, 711.5, 711.6: the step line through each card's points is what the rules say
    at every count of the axis; a point starts each segment and one closes the line."""
    frame = chart_frame(grid, zone, grid.names)
    end = grid.levels.stop - 1
    for name, rows in frame.groupby("name", sort=False):
        assert list(rows["level_counters"]) == sorted(rows["level_counters"])
        assert rows["level_counters"].iloc[0] == 0 and rows["level_counters"].iloc[-1] == end
        for level in grid.levels:
            row = _line_at(rows, level)
            now = characteristics(pool[name], level, zone)
            assert (row.Power, row.Toughness, row.pt, row.band, row.citation) == (
                now.power, now.toughness, f"{now.power}/{now.toughness}",
                now.band.label if now.band is not None else NO_BAND, now.rule), (name, level)
    stages = sum(len(card.bands) + 1 for card in pool.values()) if zone is Zone.BATTLEFIELD \
        else len(pool)
    assert len(frame) == stages + len(pool)  # a closing point per card


def test_the_points_say_which_counts_they_hold_for(pool, grid):
    frame = chart_frame(grid, Zone.BATTLEFIELD, ["Student of Warfare"])
    end = grid.levels.stop - 1
    assert list(frame["levels"]) == ["0-1", "2-6", "7+", "7+"]
    assert list(frame["level_counters"]) == [0, 2, 7, end]
    assert list(frame["until"]) == [2, 7, end, end]  # each flat part, to the next point
    assert set(chart_frame(grid, Zone.HAND, ["Student of Warfare"])["levels"]) == {"0+"}


def _card(name: str, starts: tuple[int, int]) -> LevelerCard:
    return parse_card(f"Level up {{1}}\nLEVEL {starts[0]}-{starts[1] - 1}\n2/2\nLEVEL "
                      f"{starts[1]}+\n3/3\nFlying", name=name, mana_cost="{1}{W}",
                      type_line="Creature — Test", power="1", toughness="1")


def test_the_chart_costs_a_cards_bands_not_its_numbers():
    """A card with LEVEL 1000+ (MAX_LEVEL) draws as many points as one with LEVEL 10+."""
    small, large = _card("Small", (1, 10)), _card("Large", (1, 1000))
    sizes = []
    for card in (small, large):
        one = pool_grid({card.name: card})
        frame = chart_frame(one, Zone.BATTLEFIELD, one.names)
        spec = progression_chart(frame, one.levels).to_dict()
        sizes.append((len(one.segments), len(frame), len(spec["datasets"][spec["data"]["name"]])))
    assert sizes[0] == sizes[1] == (3 + 6, 4, 4)


@pytest.mark.parametrize("zone", [zone for zone in Zone if zone is not Zone.BATTLEFIELD])
def test_711_6_off_the_battlefield_every_line_is_flat_at_the_printed_box(pool, grid, zone):
    frame = chart_frame(grid, zone, grid.names)
    for name, rows in frame.groupby("name"):
        card = pool[name]
        assert set(rows["Power"]) == {card.power} and set(rows["Toughness"]) == {card.toughness}
        assert set(rows["citation"]) == {"711.6"}


def test_711_2_on_the_battlefield_lines_step_only_where_a_band_starts(pool, grid):
    frame = chart_frame(grid, Zone.BATTLEFIELD, grid.names)
    steps = 0
    for name, rows in frame.groupby("name"):
        starts = {band.min_level for band in pool[name].bands}
        rows = rows.sort_values("level_counters")
        for before, after in pairwise(rows.itertuples(index=False)):
            if (before.Power, before.Toughness) != (after.Power, after.Toughness):
                assert after.level_counters in starts, (name, after.level_counters)
                steps += 1
    assert steps > len(pool)  # most cards change P/T at both of their bands


def test_chart_frame_keeps_only_the_filtered_cards(grid):
    frame = chart_frame(grid, Zone.BATTLEFIELD, ["Echo Mage", "Hexdrinker"])
    assert sorted(set(frame["name"])) == ["Echo Mage", "Hexdrinker"]
    assert chart_frame(grid, Zone.BATTLEFIELD, []).empty


def test_the_chart_is_two_step_line_panels_one_look_per_card(grid):
    frame = chart_frame(grid, Zone.BATTLEFIELD, grid.names)
    spec = progression_chart(frame, grid.levels).to_dict()
    assert spec["repeat"] == {"column": list(METRICS)}
    line, points, hits = spec["spec"]["layer"]
    assert "opacity" in line["encoding"] and "opacity" in points["encoding"]
    assert hits["mark"]["type"] == "rule" and hits["mark"]["opacity"] == 0
    assert hits["encoding"]["x2"]["field"] == "until"
    assert line["mark"]["type"] == "line" and line["mark"]["interpolate"] == "step-after"
    assert points["mark"]["type"] == "point"
    encoding = points["encoding"]
    assert encoding["x"]["field"] == "level_counters"
    assert encoding["x"]["scale"]["domain"] == [grid.levels.start, grid.levels.stop - 1]
    assert encoding["y"]["scale"]["domain"] == [0, top_value(frame)]
    for channel in ("color", "strokeDash"):
        assert line["encoding"][channel]["field"] == "name"
        assert line["encoding"][channel]["scale"]["domain"] == list(dict.fromkeys(frame["name"]))
    assert encoding["color"] == {"field": "point_colour", "scale": None, "type": "nominal"}
    assert encoding["shape"] == {"field": "point_shape", "scale": None, "type": "nominal"}
    assert [t["field"] for t in encoding["tooltip"]] == ["shown_name", "colour", "band", "pt",
                                                          "levels", "citation"]
    data = spec["datasets"][spec["data"]["name"]]
    assert len(data) == len(frame)


def _looks(spec: dict[str, Any]) -> dict[str, tuple[str, tuple[int, ...], str]]:
    """Each card's (colour, dash, point shape) as the spec draws them; its points' colour
    is its line's."""
    line = spec["spec"]["layer"][0]
    colour, dash = line["encoding"]["color"]["scale"], line["encoding"]["strokeDash"]["scale"]
    assert colour["domain"] == dash["domain"]
    data = pd.DataFrame(spec["datasets"][spec["data"]["name"]])
    points = data.groupby("name")[["point_colour", "point_shape"]].agg(set)
    looks = {}
    for name, hue, stroke in zip(colour["domain"], colour["range"], dash["range"], strict=True):
        assert points.loc[name, "point_colour"] == {hue}
        (shape,) = points.loc[name, "point_shape"]
        looks[name] = (hue, tuple(stroke), shape)
    return looks


def test_seven_white_cards_have_seven_colours(pool, grid):
    """Issue 13: with the White filter the seven lines are told apart by colour alone."""
    white = [name for name in grid.names
             if grid.cards.loc[grid.cards["name"] == name, "colour"].iloc[0] == "White"]
    assert len(white) == 7
    looks = _looks(progression_chart(chart_frame(grid, Zone.BATTLEFIELD, white),
                                     grid.levels).to_dict())
    assert sorted(looks) == sorted(white)
    assert len({colour for colour, _, _ in looks.values()}) == 7


@pytest.mark.parametrize("count", [7, 25, len(PALETTE) * len(DASHES) + 3])
def test_no_two_cards_drawn_look_the_same(count):
    """Colour, then dash, then shape: every card shown has its own look."""
    names = [f"Card {number:03}" for number in range(count)]
    cards = {name: _card(name, (1, 4)) for name in names}
    one = pool_grid(cards)
    looks = _looks(progression_chart(chart_frame(one, Zone.BATTLEFIELD, names),
                                     one.levels).to_dict())
    assert sorted(looks) == names
    assert len(set(looks.values())) == count
    lines = {(colour, dash) for colour, dash, _ in looks.values()}
    assert len(lines) == min(count, len(PALETTE) * len(DASHES))  # lines alone, up to 28


def test_the_palette_is_okabe_ito_without_its_yellow():
    """Colour-blind safe by construction: the published Okabe-Ito colours, nothing else."""
    okabe_ito = {"#000000", "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2",
                 "#D55E00", "#CC79A7"}
    assert PALETTE_NAME == "Okabe-Ito"
    assert set(PALETTE) == okabe_ito - {"#F0E442"} and len(PALETTE) == 7
    assert "#c9a227" not in PALETTE and "#1f9d55" not in PALETTE  # not the Magic colours


def test_card_styles_follow_the_order_given_and_skip_repeats():
    styles = card_styles(["b", "a", "b", "c"])
    assert list(styles) == ["b", "a", "c"]
    assert [style.colour for style in styles.values()] == list(PALETTE[:3])
    assert {style.dash for style in styles.values()} == {DASHES[0]}
    eighth = card_styles([str(n) for n in range(len(PALETTE) * len(DASHES) + 1)])
    assert eighth["7"].colour == PALETTE[0] and eighth["7"].dash == DASHES[1]
    assert eighth[str(len(PALETTE) * len(DASHES))].shape == SHAPES[1]


def test_the_legend_is_bound_to_a_selection_that_fades_the_others(grid):
    frame = chart_frame(grid, Zone.BATTLEFIELD, grid.names)
    spec = progression_chart(frame, grid.levels).to_dict()
    params = {param["name"]: param for param in spec["params"]}
    assert set(params) == {CARD_SELECTION, LEGEND_SELECTION, BRUSH_SELECTION}
    legend = params[LEGEND_SELECTION]
    assert legend["bind"] == "legend"
    assert legend["select"] == {"type": "point", "fields": ["name"]}
    assert len(legend["views"]) == len(METRICS)
    line, points, _ = spec["spec"]["layer"]
    for layer in (line, points):
        assert LEGEND_SELECTION in str(layer["encoding"]["opacity"]["condition"])
    assert line["encoding"]["strokeDash"]["legend"] is None  # one legend, by colour
    assert line["encoding"]["color"]["legend"]["symbolType"] == "stroke"


def test_a_legend_click_picks_its_cards_and_with_a_line_click_keeps_both(grid):
    """What the chart leaves unfaded is what the table keeps: each selection made."""
    legend = {LEGEND_SELECTION: {"name": ["Hexdrinker", "Echo Mage"]}}
    assert selected_cards(grid, Zone.BATTLEFIELD, grid.names, legend) == [
        name for name in grid.names if name in {"Hexdrinker", "Echo Mage"}]
    both = legend | {CARD_SELECTION: {"name": ["Echo Mage", "Student of Warfare"]}}
    assert selected_cards(grid, Zone.BATTLEFIELD, grid.names, both) == ["Echo Mage"]


def test_the_legend_vega_draws_is_interactive(grid):
    """vl-convert's Vega: the legend Vega-Lite builds for the repeated panels keeps the
    legend binding (its symbols and labels answer clicks)."""
    vl_convert = pytest.importorskip("vl_convert")
    frame = chart_frame(grid, Zone.BATTLEFIELD, grid.names[:3])
    vega = vl_convert.vegalite_to_vega(progression_chart(frame, grid.levels).to_dict())
    legends = vega["legends"]
    assert len(legends) == 1
    assert legends[0]["encode"]["symbols"]["interactive"] is True
    assert legends[0]["encode"]["labels"]["interactive"] is True


def test_cards_can_be_clicked_or_brushed_in_both_panels(grid):
    frame = chart_frame(grid, Zone.BATTLEFIELD, grid.names)
    params = {param["name"]: param for param in
              progression_chart(frame, grid.levels).to_dict()["params"]}
    card, brush = params[CARD_SELECTION], params[BRUSH_SELECTION]
    assert card["select"] == {"type": "point", "fields": ["name"], "on": "click",
                              "clear": "dblclick"}
    assert brush["select"] == {"type": "interval", "encodings": ["x", "y"]}
    assert len(card["views"]) == len(brush["views"]) == len(METRICS)


def _brute_force(pool, zone, levels, counts, values, metric="power"):
    """Cards with a whole count in ``counts`` (on the axis) whose ``metric`` is in ``values``:
    every count asked of characteristics(), the way a drag over points at each level did."""
    low, high = math.ceil(counts[0]), math.floor(counts[1])
    return sorted(name for name, card in pool.items()
                  if any(values[0] <= getattr(characteristics(card, level, zone), metric)
                         <= values[1] for level in levels if low <= level <= high))


@pytest.mark.parametrize("zone", [Zone.BATTLEFIELD, Zone.GRAVEYARD])
@pytest.mark.parametrize(("counts", "values", "metric"), [
    ([4, 8], [6, 10], "power"), ([3.5, 5.5], [0, 3], "toughness"), ([2.2, 2.8], [0, 99], "power"),
    ([-5, 0.4], [1, 1], "power"), ([9, 40], [4.5, 7], "toughness"), ([8, 4], [10, 6], "power")])
def test_a_drag_picks_the_cards_whose_line_crosses_it_at_a_whole_count(
        pool, grid, zone, counts, values, metric):
    """711.2a/b, 711.5, 711.6: a drag over counts x values picks the cards the rules put
    there at some whole count, tested on segments (no point per count is drawn)."""
    brush = {"level_counters": counts, EN[f"chart.{metric.capitalize()}"]: values}
    picked = selected_cards(grid, zone, grid.names, {BRUSH_SELECTION: brush})
    assert picked is not None
    expected = _brute_force(pool, zone, grid.levels, sorted(counts), sorted(values), metric)
    assert sorted(picked) == expected


def test_a_french_drag_names_the_panel_in_french(pool, grid):
    brush = {"level_counters": [4, 8], FR["chart.Power"]: [6, 10]}
    picked = selected_cards(grid, Zone.BATTLEFIELD, grid.names, {BRUSH_SELECTION: brush}, FR)
    assert picked == [name for name in grid.names
                      if name in _brute_force(pool, Zone.BATTLEFIELD, grid.levels, [4, 8], [6, 10])]
    assert picked


def test_a_click_picks_its_cards_and_a_drag_with_it_keeps_both(pool, grid):
    clicked = ["Hexdrinker", "Echo Mage"]
    selections = {CARD_SELECTION: {"name": clicked, "vlPoint": {"or": []}}}
    assert selected_cards(grid, Zone.BATTLEFIELD, grid.names, selections) == [
        name for name in grid.names if name in clicked]
    inside = _brute_force(pool, Zone.BATTLEFIELD, grid.levels, [4, 8], [6, 10])
    both = selected_cards(grid, Zone.BATTLEFIELD, grid.names, selections | {
        BRUSH_SELECTION: {"level_counters": [4, 8], "Power": [6, 10]}})
    assert both == [name for name in grid.names if name in clicked and name in inside]
    only = ["Hexdrinker"]
    assert selected_cards(grid, Zone.BATTLEFIELD, only, selections) == only  # filtered names


@pytest.mark.parametrize("selections", [
    {}, None, [], {CARD_SELECTION: {}}, {BRUSH_SELECTION: {}},
    {BRUSH_SELECTION: {"level_counters": [1, 2]}}, {BRUSH_SELECTION: {"Power": [1, 2]}},
    {BRUSH_SELECTION: {"level_counters": ["a", 2], "Power": [1, 2]}},
    {BRUSH_SELECTION: {"level_counters": [1, float("nan")], "Power": [1, 2]}},
    {CARD_SELECTION: {"name": "Hexdrinker"}}])
def test_no_selection_or_a_malformed_one_selects_nothing(grid, selections):
    """What the page sends is untrusted: anything that is not a click or a drag is none."""
    assert selected_cards(grid, Zone.BATTLEFIELD, grid.names, selections) is None


def test_a_chart_with_shown_draws_and_lists_only_the_cards_its_parameter_names(grid):
    """The app's chart keeps every card and draws those its ``shown`` parameter names (711.2a/b
    step lines for those only): the points Vega draws are those cards', the legend lists
    those cards alone, and each keeps the look it has in the whole pool's chart."""
    vl_convert = pytest.importorskip("vl_convert")
    frame = chart_frame(grid, Zone.BATTLEFIELD, grid.names)
    shown = ["Student of Warfare", "Hexdrinker"]
    spec = progression_chart(frame, grid.levels, shown=shown).to_dict()
    assert {"name": SHOWN_PARAM, "value": shown} in spec["params"]
    svg = vl_convert.vegalite_to_svg(spec)
    points = _marks(svg, "point")
    drawn = {re.search(r"; Card: ([^;]+);", label).group(1)  # type: ignore[union-attr]
             for _, _, label in points}
    assert drawn == set(shown)
    expected = sum(len(frame[frame["name"] == name]) for name in shown) * len(METRICS)
    assert len(points) == expected
    legend = [text for text in _svg_texts(svg) if text in grid.names]
    assert sorted(legend) == sorted(shown)
    whole = progression_chart(frame, grid.levels).to_dict()
    assert (spec["spec"]["layer"][0]["encoding"]["color"]["scale"]
            == whole["spec"]["layer"][0]["encoding"]["color"]["scale"])


def _marks(svg: str, kind: str) -> list[tuple[float, float, str]]:
    """Absolute (x, y, aria label) of every ``kind`` mark Vega drew ("rule mark", "point")."""
    found: list[tuple[float, float, str]] = []

    def walk(element: ET.Element, x: float, y: float) -> None:
        move = re.match(r"translate\(([-\d.]+),([-\d.]+)\)", element.get("transform", ""))
        if move:
            x, y = x + float(move.group(1)), y + float(move.group(2))
        if element.get("aria-roledescription") == kind:
            found.append((x, y, element.get("aria-label", "")))
        for child in element:
            walk(child, x, y)

    walk(ET.fromstring(svg), 0.0, 0.0)
    return found


@pytest.mark.parametrize("language", list(LABELS))
@pytest.mark.parametrize("names", [None, ["Student of Warfare"]])
def test_the_level_rule_overlay_sits_where_vega_draws_that_level(grid, names, language):
    """The app's HTML rule is where a Vega rule at the same level is drawn (vl-convert),
    whatever the language of the axis titles."""
    vl_convert = pytest.importorskip("vl_convert")
    text = LABELS[language]
    frame = chart_frame(grid, Zone.BATTLEFIELD, names or grid.names)
    for level in (grid.levels.start, 5, grid.levels.stop - 1):
        svg = vl_convert.vegalite_to_svg(progression_chart(frame, grid.levels, level=level,
                                                           text=text).to_dict())
        expected = [(GEOMETRY.x(panel, level, grid.levels), float(GEOMETRY.top))
                    for panel in range(len(METRICS))]
        drawn = [c for x, y, _ in _marks(svg, "rule mark") for c in (x, y)]
        assert drawn == pytest.approx([c for point in expected for c in point]), level
        overlay = re.findall(r'class="lv-level-rule"[^>]*left:([-\d.]+)px;top:(\d+)px',
                             level_rule_html(level, grid.levels, text=text))
        placed = [coordinate for x, y in overlay for coordinate in (float(x) + 1, float(y))]
        assert placed == pytest.approx([c for point in expected for c in point]), level


@pytest.mark.parametrize("language", list(LABELS))
def test_points_sit_where_the_geometry_says(grid, language):
    """Vega puts a (level, value) point where ChartGeometry.x/y say (used to click cards),
    in either language."""
    vl_convert = pytest.importorskip("vl_convert")
    text = LABELS[language]
    power = text["chart.Power"]
    frame = chart_frame(grid, Zone.BATTLEFIELD, ["Transcendent Master"])
    spec = progression_chart(frame, grid.levels, text=text).to_dict()
    svg = vl_convert.vegalite_to_svg(spec)
    top = top_value(frame)
    points = [(x, y, label) for x, y, label in _marks(svg, "point") if f"{power}:" in label]
    assert len(points) == len(frame)
    drawn = sorted((round(x, 3), round(y, 3)) for x, y, _ in points)
    expected = sorted((round(GEOMETRY.x(0, int(row.level_counters), grid.levels), 3),
                       round(GEOMETRY.y(int(row.Power), top), 3))
                      for row in frame.itertuples(index=False))
    assert drawn == expected


def test_level_rule_html_carries_the_level_and_no_card_data(grid):
    markup = chart_with_rule_html("<marimo-ui-element></marimo-ui-element>", 7, grid.levels)
    assert markup.count('data-level="7"') == len(METRICS)
    assert "level 7" in markup
    assert '<div class="lv-chart" style="position:relative' in markup


def test_off_the_battlefield_the_chart_is_dimmed_under_a_note_citing_711_6(grid):
    """711.6: in every other zone a leveler has its uppermost P/T box, so the app's chart stays
    the battlefield's (CHART_ZONE) and a note says so; on the battlefield the note is empty
    but present, so the chart keeps its place in the page (no re-mount on a zone change)."""
    chart = "<marimo-ui-element></marimo-ui-element>"
    here = chart_with_rule_html(chart, 7, grid.levels)
    assert '<p class="lv-chart-note" role="note" data-zone="battlefield"></p>' in here
    assert "lv-chart-off" not in here
    for zone in Zone:
        if zone is CHART_ZONE:
            continue
        for words, where in ((EN, EN[f"where.{zone.value}"]), (FR, FR[f"where.{zone.value}"])):
            markup = chart_with_rule_html(chart, 7, grid.levels, text=words, zone=zone)
            note = zone_note_html(zone, text=words)
            assert note in markup and where in note and "711.6" in note
            assert 'class="lv-chart lv-chart-off"' in markup
            # the same elements in the same order as on the battlefield: only texts and a class
            assert re.sub(r">[^<]*<", "><", markup.replace(" lv-chart-off", "")).replace(
                f'data-zone="{zone.value}"', 'data-zone="battlefield"') == re.sub(
                r">[^<]*<", "><", chart_with_rule_html(chart, 7, grid.levels, text=words))
    assert "&lt;" in zone_note_html(Zone.HAND, text={
        "chart.off_battlefield": "{where}", "where.hand": "<b>"})


def _titles(spec: object) -> list[str]:
    """Every ``title`` (axis, legend, tooltip, chart) in a Vega-Lite spec."""
    found: list[str] = []
    if isinstance(spec, dict):
        for key, value in spec.items():
            if key == "title" and isinstance(value, str):
                found.append(value)
            elif key != "datasets":
                found += _titles(value)
    elif isinstance(spec, list):
        for item in spec:
            found += _titles(item)
    return found


def _svg_texts(svg: str) -> list[str]:
    return [element.text or "" for element in ET.fromstring(svg).iter(f"{SVG}text")]


def test_the_english_chart_keeps_its_english_words_by_default(grid):
    frame = chart_frame(grid, Zone.BATTLEFIELD, grid.names)
    spec = progression_chart(frame, grid.levels).to_dict()
    assert spec == progression_chart(frame, grid.levels, text=EN).to_dict()
    assert spec["repeat"] == {"column": ["Power", "Toughness"]}
    assert set(_titles(spec)) == {"Level counters", "Colour", "Card", WORDS["chart.legend"],
                                  "Band", "P/T", "Rule"}
    assert "labelExpr" not in str(spec)
    assert "level 7" in level_rule_html(7, grid.levels)


def test_the_charts_words_are_its_own_and_the_app_overrides_them(grid):
    """The library holds its English words; a mapping passed in wins (issue 12)."""
    assert chart_words() == dict(WORDS)
    assert chart_words({"chart.card": "Karte", "other": "x"})["chart.card"] == "Karte"
    assert all(EN[key] == WORDS[key] for key in WORDS)  # the app's English is the same
    frame = chart_frame(grid, Zone.BATTLEFIELD, grid.names)
    spec = progression_chart(frame, grid.levels, text={"chart.Power": "Stärke"}).to_dict()
    assert spec["repeat"] == {"column": ["Stärke", "Toughness"]}


def test_the_french_chart_has_french_titles_and_no_english_ones(grid):
    frame = chart_frame(grid, Zone.BATTLEFIELD, grid.names)
    spec = progression_chart(frame, grid.levels, text=FR).to_dict()
    assert spec["repeat"] == {"column": ["Force", "Endurance"]}
    titles = set(_titles(spec))
    assert titles == {"Marqueurs « niveau »", "Couleur", "Carte", FR["chart.legend"], "Niveau",
                      "F/E", "Règle"}
    assert not titles & {EN[key] for key in CHART_WORDS}
    # the data are the same cards, the two panels' columns named in French
    data = pd.DataFrame(spec["datasets"][spec["data"]["name"]])
    assert list(data["Force"]) == list(frame["Power"])
    assert list(data["Endurance"]) == list(frame["Toughness"])
    assert list(data["name"]) == list(frame["name"]) and "Power" not in data


def test_the_french_chart_as_vega_draws_it_reads_in_french(grid):
    """vl-convert's SVG: axis and legend titles in French, the legend names the cards;
    the tooltips' colour names are French in the data."""
    vl_convert = pytest.importorskip("vl_convert")
    frame = chart_frame(grid, Zone.BATTLEFIELD, grid.names)
    spec = progression_chart(frame, grid.levels, text=FR).to_dict()
    texts = set(_svg_texts(vl_convert.vegalite_to_svg(spec)))
    assert {"Marqueurs « niveau »", "Force", "Endurance", FR["chart.legend"]} <= texts
    assert set(frame["name"]) <= texts  # one legend entry per card
    assert not texts & {"Level counters", "Power", "Toughness", WORDS["chart.legend"]}
    data = pd.DataFrame(spec["datasets"][spec["data"]["name"]])
    assert set(data["colour"]) == {FR[f"colour.{colour}"] for colour in set(frame["colour"])}
    english = set(_svg_texts(vl_convert.vegalite_to_svg(
        progression_chart(frame, grid.levels).to_dict())))
    assert {"Level counters", "Power", "Toughness", WORDS["chart.legend"]} <= english


def test_the_french_chart_names_the_cards_as_printed_in_french_and_selects_by_pool_name(
        grid, pool):
    """Issue 13: with the printed French names, vl-convert's SVG legend shows them, not the
    English ones; the tooltip field holds them; the data and the selections (by ``name``)
    keep the pool's names, so ``selected_cards`` reads a click the same."""
    vl_convert = pytest.importorskip("vl_convert")
    names = printed_names(pool, "French")
    assert names["Student of Warfare"] == "Étudiante de la guerre"
    frame = chart_frame(grid, Zone.BATTLEFIELD, grid.names)
    spec = progression_chart(frame, grid.levels, text=FR, names=names).to_dict()
    texts = set(_svg_texts(vl_convert.vegalite_to_svg(spec)))
    renamed = {name for name in grid.names if names[name] != name}
    assert renamed and {names[name] for name in grid.names} <= texts
    assert not texts & renamed
    data = pd.DataFrame(spec["datasets"][spec["data"]["name"]])
    assert list(data["name"]) == list(frame["name"])
    assert list(data["shown_name"]) == [names[name] for name in frame["name"]]
    legend = next(p for p in spec["params"] if p["name"] == LEGEND_SELECTION)
    assert legend["select"]["fields"] == ["name"]
    assert selected_cards(grid, Zone.BATTLEFIELD, grid.names, {
        LEGEND_SELECTION: {"name": ["Student of Warfare"]}}, FR) == ["Student of Warfare"]


def test_no_band_reads_in_the_chart_language_in_the_tooltips(grid):
    frame = chart_frame(grid, Zone.HAND, grid.names)
    assert set(frame["band"]) == {NO_BAND}  # 711.6: no band off the battlefield
    spec = progression_chart(frame, grid.levels, text=FR).to_dict()
    data = spec["datasets"][spec["data"]["name"]]
    assert {row["band"] for row in data} == {FR["no_band"]}


def test_the_french_level_rule_says_niveau_and_the_count(grid):
    markup = chart_with_rule_html("<marimo-ui-element></marimo-ui-element>", 1, grid.levels,
                                  text=FR)
    assert "niveau 1</div>" in markup and 'title="1 marqueur « niveau »"' in markup
    assert "level" not in markup.replace("lv-level", "").replace("data-level", "")


def test_value_labels_shows_each_value_as_its_label_and_leaves_the_rest():
    assert value_labels({"White": "White"}) is None
    assert value_labels({"White": "Blanc", "Blue": "Blue", 'a"b': "c\\d"}) == (
        '(datum.label) === "White" ? "Blanc" : (datum.label) === "a\\"b" ? "c\\\\d" : '
        "(datum.label)")


def test_top_value_spans_both_panels(grid):
    frame = chart_frame(grid, Zone.BATTLEFIELD, grid.names)
    assert top_value(frame) == max(frame["Power"].max(), frame["Toughness"].max())
    assert top_value(pd.DataFrame({"Power": [], "Toughness": []})) == 1
