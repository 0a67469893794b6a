"""leveler.app.link: the app's state <-> the page's query parameters (issue 13).

A link is untrusted input (design.md: "every byte that comes from the page is
untrusted"): known keys only, each value checked, a bad one ignored with the default
kept, never an exception; a valid state survives the round trip.
"""

from __future__ import annotations

from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st

import leveler
from leveler.app import link
from leveler.app.whatif_view import PRESET_NAMES, PRESET_SLOTS
from leveler.pool_grid import filter_options, level_range, pool_grid

POOL = leveler.load_pool()
GRID = pool_grid(POOL)
OPTIONS = filter_options(GRID.cards)
SCHEMA = link.screen_schema(
    cards=GRID.names, levels=GRID.levels, zones=[zone.value for zone in leveler.Zone],
    languages=["en", "fr"], colours=OPTIONS["colour"], rarities=OPTIONS["rarity"],
    sets=OPTIONS["set"], casters=["usual", "you", "opponent"],
    presets=PRESET_NAMES, preset_slots=PRESET_SLOTS,
    sorts=["Name", "Mana value", "Power", "Toughness", "Rule"],
    default_card="Student of Warfare")


def test_no_link_is_the_default_screen() -> None:
    state = link.read({}, SCHEMA)
    assert state["tab"] == "pool" and state["level"] == 0 and state["zone"] == "battlefield"
    assert state["card"] == "Student of Warfare" and state["lang"] == "en"
    assert state["colour"] == () and state["name"] == "" and state["wi.face"] is False
    assert link.write(state, SCHEMA) == {}


def test_a_link_names_only_what_differs_from_the_default() -> None:
    state = link.read({}, SCHEMA) | {"tab": "card", "level": 5, "card": "Kargan Dragonlord",
                                     "zone": "graveyard", "colour": ("White", "Red")}
    params = link.write(state, SCHEMA)
    assert params == {"tab": "card", "level": "5", "card": "Kargan Dragonlord",
                      "zone": "graveyard", "colour": "White~Red"}
    assert link.read(params, SCHEMA) == state


def test_a_list_is_one_value_as_marimo_keeps_only_a_repeated_keys_last() -> None:
    """marimo run hands a notebook only the last value of a repeated key (measured:
    ``?x=-&x=a`` gives ``{"x": "a"}``), so a multiselect's choices are one value joined by
    LIST_SEPARATOR; a repeated key, as a link of another tool may hold, is ignored."""
    assert link.read({"colour": "White"}, SCHEMA)["colour"] == ("White",)
    assert link.read({"colour": "White~Blue"}, SCHEMA)["colour"] == ("White", "Blue")
    assert link.read({"colour": ["White", "Blue"]}, SCHEMA)["colour"] == ()
    assert link.read({"colour": ""}, SCHEMA)["colour"] == ()
    assert link.read({"level": ["3"]}, SCHEMA)["level"] == 3
    assert link.read({"level": ["3", "4"]}, SCHEMA)["level"] == 0


def test_unknown_keys_are_ignored_and_bad_values_keep_the_default() -> None:
    state = link.read({"evil": "<script>", "level": "-1", "zone": "sideboard", "tab": "admin",
                       "card": "No Such Card", "lang": "de", "wi.face": "yes",
                       "rarity": "mythic~<b>", "wi.plus": "1e3"}, SCHEMA)
    assert "evil" not in state
    assert state["level"] == 0 and state["zone"] == "battlefield" and state["tab"] == "pool"
    assert state["card"] == "Student of Warfare" and state["lang"] == "en"
    assert state["wi.face"] is False and state["wi.plus"] == 0
    assert state["rarity"] == ("mythic",)  # the known choice kept, the unknown dropped


def test_level_past_the_slider_is_refused_and_digits_must_be_ascii() -> None:
    top = GRID.levels.stop - 1
    assert link.read({"level": str(top)}, SCHEMA)["level"] == top
    assert link.read({"level": str(top + 1)}, SCHEMA)["level"] == 0
    for text in ("٣", "1_0", " 3", "+3", "3.0", "0x3", ""):
        assert link.read({"level": text}, SCHEMA)["level"] == 0, text


def test_size_budget_per_value_and_for_the_whole_query() -> None:
    long_name = "a" * (link.MAX_VALUE + 1)
    assert link.read({"q": long_name}, SCHEMA)["q"] == ""
    assert link.read({"name": "a" * 101}, SCHEMA)["name"] == ""
    assert link.read({"colour": "~".join(["White"] * (link.MAX_ITEMS + 1))}, SCHEMA)[
        "colour"] == ()
    assert link.read({"colour": "White~" + long_name}, SCHEMA)["colour"] == ()
    # the whole query over budget: nothing is taken, not even a good level
    padding = {f"k{i}": "x" * 150 for i in range(link.MAX_QUERY // 150 + 1)}
    assert link.read(padding | {"level": "3"}, SCHEMA)["level"] == 0
    assert link.read({"level": "3"}, SCHEMA)["level"] == 3


def test_text_with_control_characters_is_refused() -> None:
    assert link.read({"name": "Student"}, SCHEMA)["name"] == "Student"
    assert link.read({"name": "Étudiante de la guerre"}, SCHEMA)["name"] == \
        "Étudiante de la guerre"
    for bad in ("a\x00b", "a\nb", "a\u202eb", "\ud800"):
        assert link.read({"name": bad}, SCHEMA)["name"] == "", repr(bad)


def test_refit_drops_what_a_new_pool_lacks() -> None:
    state = link.read({"card": "Kargan Dragonlord", "level": "5"}, SCHEMA)
    small = {name: POOL[name] for name in ("Student of Warfare", "Hada Spy Patrol")}
    other = link.screen_schema(cards=small, levels=level_range(small),
                               zones=["battlefield", "graveyard"], languages=["en"])
    refitted = link.refit(state, other)
    assert refitted["card"] == "Student of Warfare"
    assert refitted["level"] == 5  # still inside the smaller pool's slider


def test_changes_set_and_delete_only_the_links_keys() -> None:
    current = {"draft": "token-123", "level": "3", "zone": "graveyard"}
    state = link.read(current, SCHEMA) | {"level": 4, "zone": "battlefield"}
    to_set, to_delete = link.changes(current, state, SCHEMA)
    assert to_set == {"level": "4"}
    assert to_delete == ["zone"]  # back to the default: the link drops it
    assert link.changes({"level": ["4"]}, state, SCHEMA) == ({}, [])


# ---------------------------------------------------------------- properties

def _value(field: link.Field) -> st.SearchStrategy[Any]:
    if isinstance(field, link.Choice):
        return st.sampled_from(field.options)
    if isinstance(field, link.Choices):
        return st.lists(st.sampled_from(field.options), unique=True).map(tuple)
    if isinstance(field, link.Count):
        return st.integers(field.start, field.stop - 1)
    if isinstance(field, link.Slots):
        return st.lists(st.sampled_from((link.EMPTY_SLOT, *field.options)),
                        max_size=field.limit).map(
            lambda items: tuple(items[:max((i + 1 for i, item in enumerate(items)
                                            if item != link.EMPTY_SLOT), default=0)]))
    if isinstance(field, link.Number):
        hundredths = field.stop * 10**field.places - 1
        return st.none() | st.integers(-hundredths, hundredths).map(
            lambda n: n // 100 if n % 100 == 0 else n / 100)
    if isinstance(field, link.Text):
        return st.text(st.characters(exclude_categories=("Cc", "Cf", "Cs", "Co", "Cn")),
                       max_size=field.limit)
    if isinstance(field, link.Packed):
        return st.none() | st.text(BASE64URL, min_size=1, max_size=field.limit)
    return st.booleans()


BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


STATES = st.fixed_dictionaries({key: _value(field) for key, field in SCHEMA.items()})


@given(STATES)
def test_every_valid_state_survives_the_link(state: dict[str, Any]) -> None:
    """read(write(state)) == state: opening the link reproduces the screen (one short
    enough to be read: the app says when a packed situation would make it too long)."""
    assume(link.query_fits(state, SCHEMA))
    params = link.write(state, SCHEMA)
    assert link.read(params, SCHEMA) == state
    to_set, to_delete = link.changes(params, state, SCHEMA)
    assert (to_set, to_delete) == ({}, [])


@given(STATES, STATES)
def test_changes_bring_one_link_to_the_next(first: dict[str, Any],
                                            second: dict[str, Any]) -> None:
    assume(link.query_fits(second, SCHEMA))
    url: dict[str, Any] = dict(link.write(first, SCHEMA)) | {"draft": "kept"}
    to_set, to_delete = link.changes(url, second, SCHEMA)
    url.update(to_set)
    for key in to_delete:
        del url[key]
    assert url.pop("draft") == "kept"
    assert link.read(url, SCHEMA) == second


_JUNK = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=4), inner, max_size=4), max_leaves=8)


@given(st.dictionaries(st.sampled_from([*SCHEMA, "draft", "x"]) | st.text(max_size=8),
                       _JUNK | st.text() | st.lists(st.text(), max_size=80), max_size=12)
       | _JUNK)
def test_garbage_never_raises_and_gives_valid_values(params: Any) -> None:
    state = link.read(params, SCHEMA)
    assert set(state) == set(SCHEMA)
    for key, field in SCHEMA.items():
        value = state[key]
        # what was read is what a valid state holds: it survives its own link
        assert field.parse(field.render(value)) == value or value == field.default, key
    assert link.read(link.write(state, SCHEMA), SCHEMA) == state


# ---------------------------------------------------------------- one session's screen

class FakeQueryParams:
    """Stands for mo.query_params(): to_dict, set, remove; counts the writes."""

    def __init__(self, params: dict[str, Any]) -> None:
        self.params = dict(params)
        self.writes = 0

    def to_dict(self) -> dict[str, Any]:
        return self.params

    def set(self, key: str, value: str | list[str]) -> None:
        self.params[key] = value
        self.writes += 1

    def remove(self, key: str, value: str | None = None) -> None:
        del self.params[key]
        self.writes += 1


def test_screen_keeps_a_control_value_across_a_remake_and_writes_the_link() -> None:
    url = FakeQueryParams({"draft": "abc", "tab": "card", "level": "5"})
    screen = link.Screen(url.to_dict().copy())
    screen.fit({"lang": SCHEMA["lang"]})  # the language is known before the pool
    assert screen.get("lang") == "en"
    screen.fit(SCHEMA)
    assert screen.get("tab") == "card" and screen.get("level") == 5
    # a language switch remakes the controls: they start from the kept state
    assert screen.set("lang", "fr", url) and screen.set("zone", "graveyard", url)
    assert (screen.get("tab"), screen.get("level"), screen.get("zone")) == \
        ("card", 5, "graveyard")
    assert url.params == {"draft": "abc", "tab": "card", "level": "5", "lang": "fr",
                          "zone": "graveyard"}
    writes = url.writes
    assert screen.set("level", 5, url) and url.writes == writes  # unchanged: no write
    assert screen.set("level", 0, url) and "level" not in url.params  # the default


def test_screen_refuses_what_the_schema_refuses() -> None:
    url = FakeQueryParams({})
    screen = link.Screen({})
    screen.fit(SCHEMA)
    assert not screen.set("level", 10**6, url) and not screen.set("evil", "1", url)
    assert not screen.set("zone", "sideboard", url) and not screen.set("level", "3", url)
    assert not screen.set("colour", object(), url)
    assert screen.get("level") == 0 and url.params == {} and url.writes == 0
    assert screen.set("colour", ["Red", "White"], url)  # a multiselect gives a list
    assert url.params == {"colour": "Red~White"}


def test_screen_refit_for_a_new_pool_keeps_what_it_can() -> None:
    screen = link.Screen({"card": "Kargan Dragonlord", "level": "9"})
    screen.fit(SCHEMA)
    assert screen.set("zone", "exile")
    small = {name: POOL[name] for name in ("Student of Warfare", "Hada Spy Patrol")}
    screen.fit(link.screen_schema(cards=small, levels=level_range(small),
                                  zones=[zone.value for zone in leveler.Zone],
                                  languages=["en"]))
    assert screen.get("card") == "Student of Warfare"  # not in the new pool
    assert screen.get("zone") == "exile"  # kept
    assert screen.get("level") == (9 if 9 in level_range(small) else 0)


def test_screen_takes_garbage_without_raising() -> None:
    for params in (None, 3, ["level", "3"], {"level": object()}, {1: 2}):
        screen = link.Screen(params)
        assert screen.fit(SCHEMA) == link.defaults(SCHEMA)


def test_a_remade_control_is_given_the_label_of_the_kept_value() -> None:
    options = {"Champ de bataille": leveler.Zone.BATTLEFIELD, "Cimetière": leveler.Zone.GRAVEYARD}
    assert link.label_of(options, leveler.Zone.GRAVEYARD) == "Cimetière"
    assert link.label_of(options, "nowhere") is None
    colours = {"Blanc": "White", "Rouge": "Red", "Vert": "Green"}
    assert link.labels_of(colours, ("Red", "White", "Pink")) == ["Blanc", "Rouge"]


def test_copy_link_frame_escapes_its_words_and_keeps_the_draft_token_out() -> None:
    from leveler.app.link_button import copy_link_document

    hostile = {"copy_link": "<img src=x onerror=alert(1)>", "link_copied": "</script><b>",
               "link_box": '"><script>alert(2)</script>'}
    document = copy_link_document(hostile)
    assert "<img src=x" not in document and "</script><b>" not in document
    assert "<script>alert(2)" not in document
    assert '"private": ["draft"]' in document  # the browser's draft token is not given away


def test_copy_link_frame_is_in_the_interfaces_language() -> None:
    """Its html lang= is the words' code, so a screen reader reads « Copier le lien » as French."""
    from leveler.app.link_button import copy_link_document
    from leveler.app.words import words_for

    assert copy_link_document(words_for("fr")).startswith('<!doctype html><html lang="fr">')
    assert copy_link_document(words_for("en")).startswith('<!doctype html><html lang="en">')


def test_whatif_start_takes_the_links_basic_controls_over_the_default() -> None:
    start: dict[str, Any] = {
        "card": "Student of Warfare", "zone": "battlefield", "face_down": False,
        "counters": {"level": 0, "+1/+1": 0, "-1/-1": 0}, "effects": [], "timestamp": 0}
    state = link.read({"wi.card": "Kargan Dragonlord", "wi.level": "4", "wi.minus": "1",
                       "wi.zone": "exile", "wi.face": "1"}, SCHEMA)
    cards = {name: name for name in POOL}
    linked = link.whatif_start(start, state, cards)
    assert linked["card"] == "Kargan Dragonlord" and linked["zone"] == "exile"
    assert linked["counters"] == {"level": 4, "+1/+1": 0, "-1/-1": 1}
    assert linked["face_down"] is True
    assert start["counters"]["level"] == 0  # the start is not changed
    # a card the dropdown does not offer keeps the start's
    assert link.whatif_start(start, state, {"Student of Warfare": "Student of Warfare"})[
        "card"] == "Student of Warfare"


def test_screen_reset_puts_the_whatif_keys_back_and_drops_them_from_the_link() -> None:
    url = FakeQueryParams({"wi.level": "4", "wi.zone": "exile", "level": "2"})
    screen = link.Screen(url.to_dict().copy())
    screen.fit(SCHEMA)
    screen.reset(link.WHATIF_KEYS, url)
    assert screen.get("wi.level") == 0 and screen.get("wi.zone") == "battlefield"
    assert url.params == {"level": "2"}


def test_screen_sync_writes_what_a_quiet_set_kept() -> None:
    url = FakeQueryParams({"draft": "d"})
    screen = link.Screen({})
    screen.fit(SCHEMA)
    assert screen.set("level", 4)  # kept, the link not written yet
    assert url.params == {"draft": "d"}
    assert screen.sync(url) == 1 and url.params == {"draft": "d", "level": "4"}
    assert screen.sync(url) == 0 and url.writes == 1  # up to date: nothing sent


def test_a_link_keeps_the_what_if_effect_lines_in_their_places() -> None:
    """The effect lines are a row of slots: order and gaps kept (an empty line written "-",
    as a browser drops blank values), repeats allowed; an unknown preset, a blank or too
    many lines and the row is the default (no presets)."""
    read, empty = link.read, link.EMPTY_SLOT
    assert read({"wi.presets": f"{empty}~Humility~Humility"}, SCHEMA)["wi.presets"] == (
        empty, "Humility", "Humility")
    assert read({"wi.presets": "Clone"}, SCHEMA)["wi.presets"] == ("Clone",)
    for bad in ("Humility~Black Lotus", "~".join(["Clone"] * (PRESET_SLOTS + 1)), "<script>",
                "~Clone", ["Clone", "Clone"]):
        assert read({"wi.presets": bad}, SCHEMA)["wi.presets"] == (), bad
    state = read({"wi.presets": f"{empty}~Godhead of Awe~{empty}"}, SCHEMA)
    assert state["wi.presets"] == (empty, "Godhead of Awe")  # no trailing empty line
    assert link.linked_presets(state, 4) == [None, "Godhead of Awe", None, None]
    assert link.preset_slots_value([None, "Godhead of Awe", None]) == state["wi.presets"]
    written = link.write(state, SCHEMA)
    assert written == {"wi.presets": f"{empty}~Godhead of Awe"}
    assert read(written, SCHEMA)["wi.presets"] == state["wi.presets"]


def test_a_link_keeps_the_what_if_timestamp_to_two_decimals() -> None:
    """The card's timestamp (613.7): ASCII digits, one point, a minus, two decimals at most,
    under TIMESTAMP_STOP either way; anything else and the start's timestamp stays."""
    field = SCHEMA["wi.time"]
    assert [field.parse(raw) for raw in ("5", "2.5", "-0.25", "0")] == [5, 2.5, -0.25, 0]
    for bad in ("1.234", "1e3", "inf", "nan", "٣", "--1", "1.", ".5", "", "0x10",
                str(link.TIMESTAMP_STOP), [["5"]]):
        assert field.parse(bad) is None, bad
    for value in (5, 2.5, -0.25, 0.1):
        assert field.parse(field.render(value)) == value
    start: dict[str, Any] = {"card": "Student of Warfare", "zone": "battlefield",
                             "face_down": False, "effects": [], "timestamp": 0,
                             "counters": {"level": 0, "+1/+1": 0, "-1/-1": 0}}
    linked = link.whatif_start(start, link.read({"wi.time": "5"}, SCHEMA), {})
    assert linked["timestamp"] == 5 and start["timestamp"] == 0
    assert link.whatif_start(start, link.read({}, SCHEMA), {})["timestamp"] == 0
    url = FakeQueryParams({})
    screen = link.Screen({})
    screen.fit(SCHEMA)
    assert screen.set("wi.time", 2.5, url) and url.params == {"wi.time": "2.5"}
    assert not screen.set("wi.time", 1.234, url)  # the notebook rounds a typed one first
    assert screen.set("wi.time", None, url) and url.params == {}
