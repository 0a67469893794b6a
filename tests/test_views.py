"""leveler.app.views (the Pool tab) and leveler.app.card_tab (the Card tab): the app's frames
and HTML, checked against the rules (characteristics), in the English words."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pandas as pd
import pytest

from leveler import LevelerCard, Zone, characteristics, format_card, load_pool, parse_card
from leveler.app.card_tab import (
    card_html,
    characteristics_html,
    rule_quote_html,
    translation_html,
)
from leveler.app.views import (
    NO_BAND,
    SORT_OPTIONS,
    TABLE_COLUMNS,
    ZONE_OPTIONS,
    PoolGrid,
    error_html,
    filter_names,
    filter_options,
    level_range,
    load_pool_or_error,
    narrow,
    pool_grid,
    pool_table,
    selected_names,
    table_caption,
    table_html,
)
from leveler.app.words import WORDS
from leveler.io.editions import EDITIONS, cite
from leveler.text import level_up_line
from tests.samples import HOSTILE_NAME

EN = WORDS["en"]
XSS_POOL = Path(__file__).parent / "data" / "xss_pool.json"


class _Elements(HTMLParser):
    """Collects start tags (with attributes) and the text of every element of interest."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "tr":
            self.rows.append([])
        elif tag == "td":
            self._cell = []
        elif tag == "span" and self._cell is not None and self._cell:
            self._cell.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)


def parse(html_text: str) -> _Elements:
    parser = _Elements()
    parser.feed(html_text)
    parser.close()
    return parser


def expected_row(card: LevelerCard, level: int, zone: Zone) -> dict[str, object]:
    now = characteristics(card, level, zone)
    return {
        "Name": card.name,
        "Mana cost": str(card.mana_cost),
        "Band": now.band.label if now.band is not None else NO_BAND,
        "Power": now.power,
        "Toughness": now.toughness,
        "Abilities": "\n".join(now.abilities),
        "Rule": now.rule,
    }


@pytest.fixture(scope="module")
def grid(pool: dict[str, LevelerCard]) -> PoolGrid:
    return pool_grid(pool)


@pytest.fixture(scope="module")
def hostile() -> dict[str, LevelerCard]:
    return load_pool(XSS_POOL)


def test_level_range_runs_from_0_to_three_past_the_highest_band_start(pool):
    highest = max(band.min_level for card in pool.values() for band in card.bands)
    assert level_range(pool) == range(highest + 4)


def test_zone_options_are_the_seven_zones_in_order():
    assert list(ZONE_OPTIONS.values()) == list(Zone)
    assert list(ZONE_OPTIONS) == [zone.value.capitalize() for zone in Zone]


def test_pool_table_is_characteristics_for_every_card_level_and_zone(pool, grid):
    """711.2a, 711.2b, 711.5, 711.6: each row is what the rules say, band and rule included."""
    for zone in Zone:
        for level in grid.levels:
            table = pool_table(grid, level, zone, grid.names)
            expected = pd.DataFrame([expected_row(card, level, zone) for card in pool.values()])
            assert list(table.columns) == list(TABLE_COLUMNS)
            pd.testing.assert_frame_equal(table, expected, check_dtype=False,
                                          obj=f"table at {level} counters, {zone}")


def test_711_6_pool_table_off_the_battlefield_is_the_printed_box_whatever_the_count(pool, grid):
    top = grid.levels.stop - 1
    table = pool_table(grid, top, Zone.EXILE, grid.names)
    assert list(table["Power"]) == [card.power for card in pool.values()]
    assert list(table["Toughness"]) == [card.toughness for card in pool.values()]
    assert set(table["Rule"]) == {"711.6"} and set(table["Band"]) == {NO_BAND}


@pytest.mark.parametrize("sort_by", SORT_OPTIONS)
@pytest.mark.parametrize("descending", [False, True])
def test_pool_table_sorts_by_a_column_then_by_name(pool, grid, sort_by, descending):
    table = pool_table(grid, 5, Zone.BATTLEFIELD, grid.names, sort_by, descending)
    rows = [expected_row(card, 5, Zone.BATTLEFIELD) | {"Mana value": card.mana_cost.mana_value}
            for card in pool.values()]
    if sort_by == "Name":
        rows.sort(key=lambda row: str(row["Name"]), reverse=descending)
    else:
        rows.sort(key=lambda row: str(row["Name"]))
        rows.sort(key=lambda row: row[sort_by], reverse=descending)
    assert list(table["Name"]) == [row["Name"] for row in rows]


def test_pool_table_refuses_a_level_outside_the_grid(grid):
    with pytest.raises(ValueError, match="outside the grid"):
        pool_table(grid, grid.levels.stop, Zone.BATTLEFIELD, grid.names)


def test_pool_table_refuses_an_unknown_sort(grid):
    with pytest.raises(ValueError, match="cannot sort by 'Colour'"):
        pool_table(grid, 0, Zone.BATTLEFIELD, grid.names, "Colour")


def test_filters_keep_exactly_the_cards_that_match(pool, grid):
    cards = list(pool.values())
    blue = [card.name for card in cards if card.colors == ("U",)]
    assert blue and filter_names(grid.cards, colours=["Blue"]) == blue
    mythic = [card.name for card in cards if card.rarity == "mythic"]
    assert mythic and filter_names(grid.cards, rarities=["mythic"]) == mythic
    in_c13 = [card.name for card in cards if "C13" in card.sets]
    assert in_c13 and filter_names(grid.cards, sets=["C13"]) == in_c13
    mages = [card.name for card in cards if "mage" in card.name.lower()]
    assert mages and filter_names(grid.cards, search="  MaGe ") == mages
    both = [name for name in blue if name in mages]
    assert filter_names(grid.cards, colours=["Blue"], search="mage") == both
    assert filter_names(grid.cards) == [card.name for card in cards]
    assert filter_names(grid.cards, search="no such card") == []


def test_filter_options_list_what_the_pool_has(pool, grid):
    options = filter_options(grid.cards)
    colours = {{"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green"}[c]
               for card in pool.values() for c in card.colors}
    assert set(options["colour"]) == colours
    assert set(options["rarity"]) == {card.rarity for card in pool.values()}
    assert options["set"] == sorted({code for card in pool.values() for code in card.sets})


def test_no_chart_selection_means_no_narrowing(grid):
    table = pool_table(grid, 3, Zone.BATTLEFIELD, grid.names)
    assert selected_names(pd.DataFrame(columns=["name", "Power"])) is None
    assert selected_names([]) is None
    assert narrow(table, None) is table


def test_a_chart_selection_narrows_the_table_to_its_cards(grid):
    table = pool_table(grid, 3, Zone.BATTLEFIELD, grid.names)
    picked = ["Student of Warfare", "Echo Mage"]
    selection = pd.DataFrame({"name": [picked[0]] * 3 + [picked[1]], "Power": [1, 3, 3, 4]})
    assert selected_names(selection) == picked
    narrowed = narrow(table, selected_names(selection))
    assert sorted(narrowed["Name"]) == sorted(picked)
    pd.testing.assert_frame_equal(
        narrowed, table[table["Name"].isin(picked)].reset_index(drop=True))


def test_table_caption_says_count_level_zone_and_selection():
    assert table_caption(EN, 25, 25, 1, Zone.HAND, None).startswith(
        "25 of 25 cards with 1 level counter, in the hand. Click a card's line")
    assert table_caption(EN, 2, 25, 7, "graveyard", ["a", "b"]).startswith(
        "2 of 25 cards with 7 level counters, in the graveyard; only the 2 selected")


def test_table_html_shows_every_value_of_the_frame_as_text(grid):
    table = pool_table(grid, 7, Zone.BATTLEFIELD, grid.names)
    parsed = parse(table_html(EN, table, "caption", 7, Zone.BATTLEFIELD))
    body = [row for row in parsed.rows if row]
    assert body == [[str(value) for value in row] for row in table.itertuples(index=False)]
    attrs = dict(parsed.tags)["table"]
    assert attrs["data-level"] == "7" and attrs["data-zone"] == "battlefield"


def test_table_html_escapes_hostile_card_text(hostile):
    grid = pool_grid(hostile)
    table = pool_table(grid, 7, Zone.BATTLEFIELD, grid.names)
    markup = table_html(EN, table, "a <b>caption</b>", 7, Zone.BATTLEFIELD)
    parsed = parse(markup)
    assert {tag for tag, _ in parsed.tags} <= {"table", "caption", "colgroup", "col", "thead",
                                               "tr", "th", "tbody", "td", "span"}
    assert [row[0] for row in parsed.rows if row] == list(table["Name"])
    assert HOSTILE_NAME in list(table["Name"])
    assert "&lt;img src=x onerror=alert(1)&gt;" in markup
    assert "<script>" not in markup and "&lt;script&gt;" in markup


def test_table_html_says_so_when_no_card_passes(grid):
    table = pool_table(grid, 0, Zone.BATTLEFIELD, [])
    assert "No card passes the filters." in "".join(parse(table_html(EN, table, "", 0,
                                                                     Zone.BATTLEFIELD)).text)


def _active_stripes(markup: str) -> list[str | None]:
    return [attrs.get("data-band") for tag, attrs in parse(markup).tags
            if tag == "div" and attrs.get("aria-current") == "true"]


@pytest.mark.parametrize(("level", "zone", "band", "rule"), [
    (0, Zone.BATTLEFIELD, "", "711.5"),
    (1, Zone.BATTLEFIELD, "", "711.5"),
    (2, Zone.BATTLEFIELD, "LEVEL 2-6", "711.2a"),
    (6, Zone.BATTLEFIELD, "LEVEL 2-6", "711.2a"),
    (7, Zone.BATTLEFIELD, "LEVEL 7+", "711.2b"),
    (7, Zone.GRAVEYARD, "", "711.6"),
])
def test_card_html_highlights_the_striation_that_applies(pool, level, zone, band, rule):
    """711.2a/711.2b: the band's striation; 711.5/711.6: the uppermost P/T box's."""
    card = pool["Student of Warfare"]
    now = characteristics(card, level, zone)
    assert now.rule == rule
    markup = card_html(EN, card, now.band)
    assert _active_stripes(markup) == [band]
    stripes = [attrs["data-band"] for tag, attrs in parse(markup).tags
               if tag == "div" and "data-band" in attrs]
    assert stripes == ["", *(b.label for b in card.bands)]


def test_card_html_lays_out_the_card_text_in_striations(pool):
    card = pool["Student of Warfare"]
    text = "".join(parse(card_html(EN, card, None)).text)
    for line in format_card(card).splitlines():
        assert line.split(" (")[0] in text


def test_702_87a_the_card_shows_level_up_with_the_librarys_reminder_text(pool):
    """The level up line is the library's (leveler.text.level_up_line), also for a cost with a
    non-mana part, which reads with a dash and its whole cost in the reminder (702.87a)."""
    card = pool["Student of Warfare"]
    assert level_up_line(card) in "".join(parse(card_html(EN, card, None)).text)
    assert level_up_line(card) == ("Level up {W} ({W}: Put a level counter on this. Level up "
                                   "only as a sorcery.)")
    design = parse_card("Level up—Pay 2 life.\nLEVEL 1+\n2/2", name="Life Leveler",
                        mana_cost="{B}", type_line="Creature — Zombie", power=1, toughness=1)
    text = "".join(parse(card_html(EN, design, None)).text)
    assert "Level up—Pay 2 life. (Pay 2 life: Put a level counter on this." in text


def test_the_views_carry_no_inline_style(pool, grid):
    """The look is the one stylesheet's (leveler/app/style.css): classes only."""
    card = pool["Student of Warfare"]
    now = characteristics(card, 7, Zone.BATTLEFIELD)
    table = pool_table(grid, 7, Zone.BATTLEFIELD, grid.names)
    for markup in (card_html(EN, card, now.band), translation_html(EN, card),
                   characteristics_html(EN, 7, Zone.BATTLEFIELD, now), error_html(EN, "x"),
                   rule_quote_html(EN, "711.2b", "en-current"),
                   table_html(EN, table, "caption", 7, Zone.BATTLEFIELD)):
        assert "style=" not in markup
        assert all("style" not in attrs for _, attrs in parse(markup).tags)


def test_card_and_characteristics_html_escape_hostile_text(hostile):
    card = hostile[HOSTILE_NAME]
    now = characteristics(card, 7, Zone.BATTLEFIELD)
    for markup in (card_html(EN, card, now.band),
                   characteristics_html(EN, 7, Zone.BATTLEFIELD, now), translation_html(EN, card)):
        tags = {tag for tag, _ in parse(markup).tags}
        assert tags <= {"div", "span", "strong", "ul", "li"}, markup
        assert "<img" not in markup and "<script" not in markup and "<svg" not in markup
    assert HOSTILE_NAME in "".join(parse(card_html(EN, card, now.band)).text)
    french = card.translation("French")
    assert french is not None
    assert french.name in "".join(parse(translation_html(EN, card)).text)


def test_characteristics_html_states_what_the_rules_give(pool):
    card = pool["Kargan Dragonlord"]
    now = characteristics(card, 8, Zone.BATTLEFIELD)
    text = " ".join(parse(characteristics_html(EN, 8, Zone.BATTLEFIELD, now)).text)
    assert f"{now.power}/{now.toughness}" in text
    assert now.band is not None and now.band.label in text
    for ability in now.abilities:
        assert ability in text


@pytest.mark.parametrize("edition", list(EDITIONS))
@pytest.mark.parametrize("rule", ["711.2a", "711.2b", "711.5", "711.6"])
def test_rule_quote_gives_the_editions_number_and_words(rule, edition):
    quoted = cite(rule, edition)
    assert quoted.number is not None and quoted.text is not None
    text = " ".join(parse(rule_quote_html(EN, rule, edition)).text)
    assert quoted.number in text and quoted.text in text
    assert EDITIONS[edition] in text
    if edition.endswith("2011"):
        assert quoted.number.startswith("710.")


def test_translation_html_says_when_the_pool_has_no_french_text(hostile):
    card = hostile["Plain Squire"]
    assert card.translation("French") is None
    assert "has no French text" in translation_html(EN, card)


def test_a_missing_pool_file_is_reported_not_raised(tmp_path):
    path = tmp_path / "nope.json"
    pool, error = load_pool_or_error(str(path))
    # the shared page names the file, never the server's folder
    assert pool == {} and error is not None and "nope.json" in error
    assert str(tmp_path) not in error


def test_a_pool_file_with_a_bad_card_is_reported_with_the_card(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([{"name": "Broken", "mana_cost": "{W}",
                                 "type_line": "Creature — Human", "power": "1",
                                 "toughness": "1", "oracle_text": "LEVEL 2-6\n3/3"}]))
    pool, error = load_pool_or_error(path)
    assert pool == {} and error is not None and "Broken" in error


def test_an_empty_pool_file_is_an_error(tmp_path):
    path = tmp_path / "empty.json"
    path.write_text("[]")
    assert load_pool_or_error(path) == ({}, "empty.json: the file holds no leveler cards")


def test_no_path_loads_the_bundled_pool(pool):
    assert load_pool_or_error(None) == (pool, None)
    assert load_pool_or_error("") == (pool, None)


def test_error_html_escapes_the_message():
    markup = error_html(EN, "x.json: <img src=x onerror=alert(1)> is not a card")
    assert "<img" not in markup and "&lt;img src=x onerror=alert(1)&gt;" in markup


def test_parsed_designs_go_through_the_views_too():
    design = parse_card("Level up {1}\nLEVEL 1-2\n2/2\nLEVEL 3-4\n3/3\nLEVEL 5+\n5/5\nFlying",
                        name="Three Bands", mana_cost="{U}", type_line="Creature — Bird",
                        power=1, toughness=1)
    grid = pool_grid({design.name: design})
    assert grid.levels == range(9)
    table = pool_table(grid, 5, Zone.BATTLEFIELD, grid.names)
    assert table.iloc[0].to_dict() == expected_row(design, 5, Zone.BATTLEFIELD)


def test_a_band_at_1000_counters_costs_its_bands_and_reads_like_characteristics():
    """711.2a/b, 711.5, 711.6: a card with LEVEL 1000+ (the model's MAX_LEVEL) makes a grid of
    its segments (3 on the battlefield, 1 per other zone), not of its 1,004 counts, and the
    table at any count of the slider is what characteristics() says."""
    design = parse_card("Level up {1}\nLEVEL 1-999\n2/2\nFlying\nLEVEL 1000+\n9/9",
                        name="Far Reach", mana_cost="{W}", type_line="Creature — Bird",
                        power=1, toughness=1)
    grid = pool_grid({design.name: design})
    assert grid.levels == range(1004)
    assert len(grid.segments) == len(grid.rows) == 3 + 6
    for level in (0, 1, 2, 500, 998, 999, 1000, 1003):
        for zone in (Zone.BATTLEFIELD, Zone.EXILE):
            table = pool_table(grid, level, zone, grid.names)
            assert table.iloc[0].to_dict() == expected_row(design, level, zone), (level, zone)


def test_pool_table_refuses_a_count_that_is_not_a_whole_number(grid):
    for level in (True, 1.5, "3"):
        with pytest.raises(ValueError, match="outside the grid"):
            pool_table(grid, level, Zone.BATTLEFIELD, grid.names)  # type: ignore[arg-type]
