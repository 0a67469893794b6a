"""A loaded What if… situation in the link (issue 13: "the What if… situation live in the
URL"): packed whole, read back under the situation file's budget, never trusted.

Expected answers come from the library (``resolve_situation``); the packed text is made by
``pack`` or by hand only to be hostile.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import zlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leveler import apply_preset, load_pool, resolve_situation
from leveler.app import link, situation_link, whatif_view
from leveler.app.words import words_for

POOL = load_pool()
CUSTOM = {"name": "Apprentice of the Vault", "mana_cost": "{1}{U}",
          "type_line": "Creature — Human Wizard", "power": 1, "toughness": 2,
          "oracle_text": "Level up {1}{U}\nLEVEL 2-4\n2/3\nFlying\nLEVEL 5+\n3/5\nFlying"}
SCHEMA = link.screen_schema(cards=list(POOL), levels=range(0, 13),
                            zones=whatif_view.ZONE_CHOICES, languages=("en", "fr"),
                            presets=whatif_view.PRESET_NAMES, preset_slots=6)


def written_out(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as the view holds a situation: every field written out (a loaded file's)."""
    return whatif_view.read_situation_file("s.json", json.dumps(data).encode(), POOL)


def packed_bytes(data: bytes, cut: int = 0) -> str:
    """``data`` packed as a link packs it, its last ``cut`` compressed bytes left out."""
    compressed = zlib.compress(data)
    return base64.urlsafe_b64encode(compressed[:len(compressed) - cut]).rstrip(b"=").decode()


def test_a_custom_card_under_humility_packs_into_a_link_and_resolves_alike_613_8a() -> None:
    """613.8a: the custom leveler at LEVEL 5+ under Humility is 1/1 with no abilities; the
    packed situation is short, unreserved in a URL, and reads back to the same answer."""
    situation = written_out(apply_preset({"card": CUSTOM, "counters": {"level": 5}},
                                         "Humility"))
    text = situation_link.pack(situation)
    assert len(text) <= link.MAX_PACKED
    assert link.Packed().parse(text) == text  # the link's own check passes it
    back = situation_link.unpack(text, POOL)
    assert back == situation
    assert resolve_situation(back, POOL) == resolve_situation(situation, POOL)
    humbled = resolve_situation(back, POOL)
    assert (humbled.power, humbled.toughness, humbled.abilities) == (1, 1, ())


@settings(max_examples=40, deadline=None)
@given(level=st.integers(0, 20), plus=st.integers(0, 5),
       zone=st.sampled_from(whatif_view.ZONE_CHOICES),
       presets=st.lists(st.sampled_from(whatif_view.PRESET_NAMES), max_size=3))
def test_any_situation_of_the_presets_round_trips_through_its_link_613(
        level: int, plus: int, zone: str, presets: list[str]) -> None:
    """613: whatever presets are applied, the situation unpacked from its link is the one
    packed, so it resolves the same."""
    situation: dict[str, Any] = {"card": "Student of Warfare", "zone": zone,
                                 "counters": {"level": level, "+1/+1": plus}}
    for name in presets:
        try:
            situation = apply_preset(situation, name)
        except ValueError:  # a preset that cannot apply here (a targeted one off the field)
            continue
    situation = written_out(situation)
    assert situation_link.unpack(situation_link.pack(situation), POOL) == situation


@pytest.mark.parametrize(("text", "said"), [
    ("a" * (link.MAX_PACKED + 1), "3,000 or fewer characters"),
    ("abc$def", "3,000 or fewer characters"),
    ("", "3,000 or fewer characters"),
    ("abcde", "not base64url"),
    ("aGVsbG8", "not a packed situation (zlib)"),
    (packed_bytes(b" " * (whatif_view.MAX_SITUATION_BYTES + 1)), "unpacks to more than"),
    (packed_bytes(b'{"card": "Student of Warfare"}', cut=6), "cut off"),
    (packed_bytes(b'{"card": "Student of Warfare", "counters": {"level": -1}}'),
     "counters.level: counters cannot be negative"),
    (packed_bytes(b'{"card": "Studnt of Warfar"}'), "card"),
    (packed_bytes(b"[" * 40 + b"]" * 40), "deep"),
])
def test_a_hostile_packed_situation_is_refused_saying_what_and_where(text: str,
                                                                     said: str) -> None:
    """Every byte of a link is untrusted: a bad packed value raises ValueError naming the
    link's situation and what is wrong (the field, for a situation a file could not hold
    either), never anything else."""
    with pytest.raises(ValueError) as caught:
        situation_link.unpack(text, POOL)
    assert str(caught.value).startswith(situation_link.SOURCE)
    assert said in str(caught.value)


def test_a_small_link_cannot_unpack_into_more_than_a_situation_file() -> None:
    """A zip bomb: 640 KiB of zeros packs into a link value; it is refused after
    inflating no more than a situation file's budget allows."""
    bomb = packed_bytes(b"0" * (10 * whatif_view.MAX_SITUATION_BYTES))
    assert len(bomb) < link.MAX_PACKED
    with pytest.raises(ValueError, match="unpacks to more than the 65,536 bytes"):
        situation_link.unpack(bomb, POOL)


def test_keeping_a_loaded_situation_puts_it_alone_in_the_link() -> None:
    """The packed situation stands for the What if… controls: their keys go back to their
    defaults, the other tabs' keys stay; the link written holds it and reads back."""
    screen = link.Screen({"wi.level": "4", "level": "2", "tab": "whatif"})
    screen.fit(SCHEMA)
    situation = written_out({"card": CUSTOM, "counters": {"level": 3}})
    assert situation_link.keep_in_link(screen, situation) is None
    written = link.write(screen.state, SCHEMA)
    assert set(written) == {"level", "tab", link.PACKED_KEY}
    assert situation_link.unpack(link.read(written, SCHEMA)[link.PACKED_KEY], POOL) == situation


def test_a_situation_too_large_for_a_link_leaves_the_link_without_one() -> None:
    """A custom card with a long text packs over MAX_PACKED: the link then holds no What
    if… key, and the length is given to be said."""
    long_card = {**CUSTOM, "oracle_text": CUSTOM["oracle_text"] + "".join(
        f"\nWhenever {hashlib.sha256(bytes([index])).hexdigest()[:40]} attacks, draw a card."
        for index in range(100))}
    situation = written_out({"card": long_card})
    screen = link.Screen({"wi.level": "4"})
    screen.fit(SCHEMA)
    length = situation_link.keep_in_link(screen, situation)
    assert length is not None and length > link.MAX_PACKED
    assert not any(key.startswith("wi.") for key in link.write(screen.state, SCHEMA))


def test_a_links_packed_situation_is_read_once_and_a_bad_one_dropped_from_it() -> None:
    """The view starts from the link's situation; one that does not read well gives its
    reason and leaves the link, so the next link written starts over with the view."""
    situation = written_out({"card": CUSTOM, "counters": {"level": 5}})
    good = link.Screen({link.PACKED_KEY: situation_link.pack(situation)})
    good.fit(SCHEMA)
    assert situation_link.linked_situation(good, POOL) == (situation, None)
    bad = link.Screen({link.PACKED_KEY: "AAAA", "level": "2"})
    bad.fit(SCHEMA)
    found, error = situation_link.linked_situation(bad, POOL)
    assert found is None and error == f"{situation_link.SOURCE}: not a packed situation (zlib)"
    assert link.write(bad.state, SCHEMA) == {"level": "2"}
    none = link.Screen({})
    none.fit(SCHEMA)
    assert situation_link.linked_situation(none, POOL) == (None, None)


def test_start_over_drops_the_packed_situation_with_the_controls() -> None:
    """The ↺ button resets WHATIF_KEYS: a packed situation goes too."""
    assert link.PACKED_KEY in link.WHATIF_KEYS
    screen = link.Screen({link.PACKED_KEY: situation_link.pack(written_out({"card": CUSTOM}))})
    screen.fit(SCHEMA)
    screen.reset(link.WHATIF_KEYS)
    assert screen.get(link.PACKED_KEY) is None


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_panel_says_why_a_link_holds_no_situation_escaped(language: str) -> None:
    """Both notes in the words of the interface, the error's text escaped."""
    words = words_for(language)
    notes = whatif_view.link_notes(words, "the link's situation: card: <b>x</b>", 3412)
    assert len(notes) == 2 and "<b>x</b>" in notes[0]
    assert words["number.thousands"].join(("3", "412")) in notes[1]
    whatif = whatif_view.build(
        whatif_view.default_situation(POOL), card="Student of Warfare", zone="battlefield",
        level=0, plus_one=0, minus_one=0, timestamp=0, face_down=False, kept=[], presets=[],
        pool=POOL)
    controls = dict.fromkeys(whatif_view.PANEL_CONTROLS, "")
    shown = whatif_view.panel_html(words, whatif, controls, [], [], POOL, notes=notes)
    assert "&lt;b&gt;x&lt;/b&gt;" in shown and "<b>x</b>" not in shown
    assert shown.count('role="note"') >= 2


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_situation_from_a_link_says_its_effects_came_from_the_link(language: str) -> None:
    """A situation opened from a link has no file in the page: its effects are headed as the
    link's and ↺ says it empties the situation; one loaded from a file says the file's."""
    words = words_for(language)
    situation = apply_preset({"card": "Student of Warfare", "counters": {"level": 2}},
                             "Giant Growth")
    whatif = whatif_view.build(
        situation, card="Student of Warfare", zone="battlefield", level=2, plus_one=0,
        minus_one=0, timestamp=0, face_down=False, kept=[True], presets=[], pool=POOL)
    controls = dict.fromkeys(whatif_view.PANEL_CONTROLS, "")
    kept = [("<i-box></i-box>", effect) for effect in situation["effects"]]
    said = {source: whatif_view.panel_html(words, whatif, controls, kept, [], POOL,
                                           source=source)
            for source in whatif_view.SOURCE_WORDS}
    for source, (heading, reset) in whatif_view.SOURCE_WORDS.items():
        other_heading, other_reset = whatif_view.SOURCE_WORDS[
            "file" if source == "link" else "link"]
        assert html.escape(words[heading]) in said[source]
        assert html.escape(words[reset]) in said[source]
        assert html.escape(words[other_heading]) not in said[source]
        assert html.escape(words[other_reset]) not in said[source]
    with pytest.raises(ValueError, match="'page'"):
        whatif_view.panel_html(words, whatif, controls, kept, [], POOL, source="page")
