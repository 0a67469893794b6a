"""The What-if view builds each kind of effect issue 14 added: targeting with a caster,
type changes, one-component P/T, Phantasmal Image, copies of a face-down leveler and
simultaneous entry; each expectation comes from the library's own presets."""

from __future__ import annotations

import html
from typing import Any

import pytest

from leveler import apply_preset, resolve_situation
from leveler.app import labels
from leveler.app import whatif_view as wv
from leveler.presets import PRESETS
from tests.test_whatif_view import controls

EN, FR = labels.LABELS["en"], labels.LABELS["fr"]


def hexproof_start(pool: Any) -> dict[str, Any]:
    card = {"name": "Warded Adept", "power": 1, "toughness": 1,
            "oracle_text": "Level up {1}\nLEVEL 1+\n2/2\nFlying, hexproof"}
    return {**wv.default_situation(pool), "card": card, "counters": {"level": 1, "+1/+1": 0,
                                                                   "-1/-1": 0}}


def test_every_new_preset_is_an_effect_line_option() -> None:
    for name in ("Island of Wak-Wak", "Soul Sculptor", "Liquimetal Coating", "Phantasmal Image",
                 "Godhead of Awe, entered with it (leveler first)",
                 "Godhead of Awe, entered with it (Godhead first)"):
        assert wv.preset_options()[name] == name


def test_601_2c_the_caster_control_decides_whether_hexproof_refuses_giant_growth(pool) -> None:
    start = hexproof_start(pool)
    theirs = wv.build(start, pool=pool, caster="opponent",
                      **controls(start, presets=["Giant Growth"]))
    assert [(line, name) for line, name, _ in theirs.not_applied] == [(1, "Giant Growth")]
    assert "702.11b" in theirs.not_applied[0][2]
    mine = wv.build(start, pool=pool, caster="you", **controls(start, presets=["Giant Growth"]))
    expected = apply_preset(start, "Giant Growth", caster="you", timestamp=1, pool=pool)
    assert mine.not_applied == () and mine.resolution == resolve_situation(expected, pool)
    usual = wv.build(start, pool=pool, caster="usual", **controls(start, presets=["Diminish"]))
    assert usual.not_applied and "702.11b" in usual.not_applied[0][2]  # an opponent's


def test_an_untargeted_preset_ignores_the_caster(pool) -> None:
    start = hexproof_start(pool)
    for caster in wv.CASTER_CHOICES:
        whatif = wv.build(start, pool=pool, caster=caster, **controls(start,
                                                                      presets=["Humility"]))
        assert whatif.not_applied == () and whatif.resolution is not None
        assert whatif.resolution.abilities == ()


@pytest.mark.parametrize(("name", "power", "types"), [
    ("Soul Sculptor", None, ("Enchantment",)),
    ("Liquimetal Coating", 3, ("Creature", "Artifact")),
])
def test_208_3_type_changing_presets_in_the_view(pool, name: str, power: int | None,
                                                 types: tuple[str, ...]) -> None:
    start = wv.default_situation(pool)
    whatif = wv.build(start, pool=pool, **controls(start, level=2, presets=[name]))
    assert whatif.resolution is not None
    assert (whatif.resolution.power, whatif.resolution.card_types) == (power, types)
    shown = wv.answer_html(whatif.resolution, EN)
    assert ('data-pt="—"' in shown) == (power is None)
    state = wv.effects_html(whatif.situation or {}, EN)
    assert html.escape(f"{name}: ") in state


def test_effect_lines_describe_the_new_kinds_in_both_languages() -> None:
    assert wv.effect_text({"type": "set_types", "card_types": ["Enchantment"], "timestamp": 1,
                           "source": "Soul Sculptor"}) == (
        "Soul Sculptor: becomes Enchantment (timestamp 1)")
    assert wv.effect_text({"type": "add_types", "card_types": ["Artifact"],
                           "timestamp": 2}) == "add_types: is also Artifact (timestamp 2)"
    assert wv.effect_text({"type": "set_base_pt", "power": 0, "timestamp": 1,
                           "source": "Island of Wak-Wak"}) == (
        "Island of Wak-Wak: base power 0 (timestamp 1)")
    assert wv.effect_text({"type": "set_base_pt", "toughness": 4, "timestamp": 1},
                          FR) == "set_base_pt: endurance de base 4 (horodatage 1)"
    assert wv.effect_text({"type": "modify_pt", "power": 2}) == "modify_pt: +2/+0"


def test_707_2_a_clone_of_a_face_down_leveler_is_described_as_such(pool) -> None:
    start = wv.default_situation(pool)
    whatif = wv.build(start, pool=pool, **controls(start, level=7,
                                                   presets=["turn face down", "Clone"]))
    assert whatif.resolution is not None and whatif.resolution.name is None
    assert (whatif.resolution.power, whatif.resolution.toughness) == (2, 2)
    state = wv.effects_html(whatif.situation or {}, EN)
    assert html.escape("A copy of a face-down Student of Warfare") in state


def test_707_9a_phantasmal_image_in_the_view(pool) -> None:
    start = wv.default_situation(pool)
    whatif = wv.build(start, pool=pool, **controls(start, presets=["Phantasmal Image",
                                                                   "Giant Growth"]))
    assert whatif.resolution is not None and "Illusion" in whatif.resolution.subtypes
    assert [name for _, name, _ in whatif.not_applied] == ["Giant Growth"]  # sacrificed first


def test_613_7m_the_view_says_who_ordered_the_simultaneous_entry(pool) -> None:
    start = {**wv.default_situation(pool), "card": "Coralhelm Commander"}
    for name, power in (("Godhead of Awe, entered with it (Godhead first)", 4),
                        ("Godhead of Awe, entered with it (leveler first)", 1)):
        whatif = wv.build(start, pool=pool, **controls(start, level=4, presets=[name]))
        assert whatif.resolution is not None and whatif.resolution.power == power
        state = wv.effects_html(whatif.situation or {}, EN)
        assert "chosen by the active player" in html.unescape(state)
        assert "613.7m" in wv.trace_html(whatif.resolution, EN)


def test_the_caster_control_is_shown_with_its_help(pool) -> None:
    start = wv.default_situation(pool)
    whatif = wv.build(start, pool=pool, **controls(start))
    controls_html = {key: f"<i-{key}></i-{key}>" for key in (
        "card", "level", "plus", "minus", "zone", "timestamp", "face_down", "reset",
        "download", "load", "caster")}
    for words in (EN, FR):
        panel = wv.panel_html(words, whatif, controls_html, [], [])
        assert "<i-caster></i-caster>" in panel
        assert html.escape(words["wi_caster"]) in panel
    without = {k: v for k, v in controls_html.items() if k != "caster"}
    assert "<i-caster>" not in wv.panel_html(EN, whatif, without, [], [])


def test_targeted_presets_are_the_ones_the_caster_control_speaks_of() -> None:
    assert any(preset.target is not None for preset in PRESETS.values())
