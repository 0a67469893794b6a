"""Targeting legality of targeted presets: shroud, hexproof, protection (601.2c, 115.1).

The levelers: Hexdrinker (LEVEL 3-7 protection from instants, LEVEL 8+ protection from
everything), and custom designs with shroud, hexproof and protection from a colour.
"""

from __future__ import annotations

from typing import Any

import pytest

from leveler import apply_preset, resolve_situation
from leveler.presets import PRESETS, PresetError
from leveler.targeting import Source, keywords, target_refusal


def design(band_text: str, *, level: int = 1, **top: Any) -> dict[str, Any]:
    """A custom leveler whose LEVEL 1+ band has ``band_text``, with ``level`` counters."""
    return {"card": {"name": "Warded Adept", "power": 1, "toughness": 1,
                     "type_line": "Creature — Human Wizard",
                     "oracle_text": f"Level up {{1}}\nLEVEL 1+\n2/2\n{band_text}"},
            "counters": {"level": level}, **top}


TARGETED = [name for name, preset in PRESETS.items() if preset.target is not None]


def test_the_targeted_presets_are_the_targeted_cards() -> None:
    assert set(TARGETED) == {"Giant Growth", "Diminish", "Turn to Frog", "Merfolk Trickster",
                             "Vampire Hexmage", "Island of Wak-Wak", "Soul Sculptor",
                             "Liquimetal Coating"}
    untargeted = {"Humility", "Glorious Anthem", "Godhead of Awe", "Clone"}
    assert all(PRESETS[name].target is None for name in untargeted)


def test_702_18a_shroud_refuses_your_own_spell_too() -> None:
    for caster in ("you", "opponent"):
        with pytest.raises(PresetError, match=r"shroud.*702\.18a, 115\.1, 601\.2c"):
            apply_preset(design("Shroud"), "Giant Growth", caster=caster)


def test_702_11b_hexproof_refuses_an_opponents_spell_not_your_own() -> None:
    with pytest.raises(PresetError, match=r"hexproof.*702\.11b, 115\.1, 601\.2c"):
        apply_preset(design("Flying, hexproof"), "Giant Growth", caster="opponent")
    mine = apply_preset(design("Flying, hexproof"), "Giant Growth", caster="you")
    assert (resolve_situation(mine).power, resolve_situation(mine).toughness) == (5, 5)


def test_702_11b_an_opponents_diminish_by_default_is_refused_by_hexproof() -> None:
    assert PRESETS["Diminish"].target is not None
    assert PRESETS["Diminish"].target.caster == "opponent"
    with pytest.raises(PresetError, match=r"702\.11b"):
        apply_preset(design("Hexproof"), "Diminish")


def test_untargeted_effects_still_apply_to_a_hexproof_or_shrouded_leveler() -> None:
    """Humility and anthems target nothing (601.2c does not apply)."""
    for text in ("Hexproof", "Shroud", "Protection from everything"):
        humbled = resolve_situation(apply_preset(design(text), "Humility"))
        assert (humbled.power, humbled.toughness, humbled.band) == (1, 1, None)
        anthem = resolve_situation(apply_preset(design(text), "Glorious Anthem"))
        assert (anthem.power, anthem.toughness) == (3, 3)


def test_702_16b_hexdrinker_protection_from_instants_refuses_instants_only(pool) -> None:
    """LEVEL 3-7: protection from instants. Giant Growth (an instant) is refused, your own
    too; Vampire Hexmage's ability (a creature source) is not."""
    at_3 = {"card": "Hexdrinker", "counters": {"level": 3}}
    for caster in ("you", "opponent"):
        with pytest.raises(PresetError, match=r"protection from instants.*702\.16b"):
            apply_preset(at_3, "Giant Growth", caster=caster)
    assert apply_preset(at_3, "Vampire Hexmage")["counters"]["level"] == 0
    below = apply_preset({"card": "Hexdrinker", "counters": {"level": 2}}, "Giant Growth")
    assert resolve_situation(below).power == 5  # 2/1 +3/+3: no protection below N1


def test_702_16j_hexdrinker_protection_from_everything_refuses_every_targeted_preset() -> None:
    at_8 = {"card": "Hexdrinker", "counters": {"level": 8}}
    for name in TARGETED:
        if name == "Island of Wak-Wak":
            continue  # needs flying: refused for that first
        with pytest.raises(PresetError, match=r"protection from everything.*702\.16j"):
            apply_preset(at_8, name, caster="opponent")


def test_702_16b_protection_from_a_colour_refuses_that_colour_only() -> None:
    blue = design("Protection from blue")
    with pytest.raises(PresetError, match=r"702\.16b"):
        apply_preset(blue, "Diminish")  # a blue instant
    with pytest.raises(PresetError, match=r"702\.16b"):
        apply_preset(blue, "Merfolk Trickster")  # an ability of a blue creature
    assert resolve_situation(apply_preset(blue, "Giant Growth")).power == 5  # green


def test_targeting_is_decided_by_what_it_has_now_not_printed() -> None:
    """Under Humility the leveler has lost hexproof (613.1f), so it can be targeted."""
    humbled = apply_preset(design("Hexproof"), "Humility")
    assert resolve_situation(apply_preset(humbled, "Giant Growth", caster="opponent")).power == 4
    below = design("Hexproof", level=0)  # no band: no hexproof yet (711.5)
    assert apply_preset(below, "Diminish")["effects"][-1]["source"] == "Diminish"


def test_115_1_merfolk_trickster_targets_a_creature_an_opponent_controls() -> None:
    with pytest.raises(PresetError, match="an opponent of its controller"):
        apply_preset(design("Flying"), "Merfolk Trickster", caster="you")
    assert apply_preset(design("Flying"), "Merfolk Trickster")["effects"]


def test_115_1_island_of_wak_wak_needs_a_creature_with_flying() -> None:
    with pytest.raises(PresetError, match="with flying"):
        apply_preset(design("Vigilance"), "Island of Wak-Wak")
    after = resolve_situation(apply_preset(design("Flying"), "Island of Wak-Wak"))
    assert (after.power, after.toughness) == (0, 2)  # base power 0 only (7b, one component)


def test_115_1_a_target_creature_must_be_a_creature_on_the_battlefield() -> None:
    with pytest.raises(PresetError, match=r"on the battlefield.*115\.1"):
        apply_preset(design("Flying", zone="hand"), "Giant Growth")
    sculpted = apply_preset(design("Flying"), "Soul Sculptor")
    with pytest.raises(PresetError, match="not one now"):
        apply_preset(sculpted, "Giant Growth")
    assert apply_preset(sculpted, "Liquimetal Coating")["effects"]  # "target permanent"


def test_603_2_targeting_phantasmal_images_copy_sacrifices_it_first(pool) -> None:
    image = apply_preset({"card": "Student of Warfare"}, "Phantasmal Image")
    with pytest.raises(PresetError, match="sacrificed"):
        apply_preset(image, "Giant Growth")
    assert resolve_situation(apply_preset(image, "Glorious Anthem")).power == 2


def test_a_caster_must_be_you_or_an_opponent() -> None:
    with pytest.raises(PresetError, match="caster must be one of you, opponent"):
        apply_preset(design("Flying"), "Giant Growth", caster="them")


@pytest.mark.parametrize(("line", "found"), [
    ("Flying, hexproof", ("flying", "hexproof")),
    ("Protection from white and from blue", ("protection from white", "protection from blue")),
    ("Shroud (This creature can't be the target of spells or abilities.)", ("shroud",)),
])
def test_keywords_are_read_from_printed_ability_lines(line: str, found: tuple[str, ...]) -> None:
    assert keywords([line]) == found


def test_702_11d_hexproof_from_a_colour() -> None:
    red = Source("Lightning Bolt", ("Instant",), ("R",), controller="opponent")
    green = Source("Giant Growth", ("Instant",), ("G",), controller="opponent")
    assert target_refusal(["Hexproof from red"], red) is not None
    assert target_refusal(["Hexproof from red"], green) is None
    assert target_refusal(["Hexproof from red"], Source("Shock", ("Instant",), ("R",))) is None
