"""Fuzzing: parse_card and load_pool only ever raise CardTextError / ValueError.

Generated text, and mutations of every printed card's text (lines dropped, swapped,
duplicated, characters replaced). CI runs a bounded number of examples; ``make fuzz``
runs the long profile (HYPOTHESIS_PROFILE=fuzz) and prints how many examples ran.
"""

from __future__ import annotations

import itertools
import json
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from leveler import CardTextError, LevelerCard, load_pool, parse_card, resolve_situation

RECORDS = json.loads((Path(__file__).parents[1] / "data" / "levelers.json").read_text("utf-8"))
TOKENS = st.sampled_from(["LEVEL", "Level up", "{W}", "{1}", "2", "-", "+", "/", "3/3", "\n",
                          " ", "*", "(", ")", "STATION", ": Level 2", "ＬＥＶＥＬ", "７", "\u200b",
                          "<script>", "\x00", "NIVEAU", "Lv", "等级"])


def _attempt(text: str, **fields: object) -> LevelerCard | None:
    """Parse; a CardTextError (a ValueError) with a message is an acceptable outcome."""
    try:
        arguments: dict[str, object] = {"name": "Fuzz", "mana_cost": "{1}", "power": 1,
                                        "toughness": 1, **fields}
        return parse_card(text, **arguments)  # type: ignore[arg-type]
    except CardTextError as error:
        assert str(error).strip()
        return None


@given(st.text(max_size=400))
def test_any_text_parses_or_gets_card_text_error(text: str) -> None:
    _attempt(text)


@given(st.lists(TOKENS, max_size=60).map("".join))
def test_token_soup_parses_or_gets_card_text_error(text: str) -> None:
    _attempt(text)


@st.composite
def mutated_printed_text(draw: st.DrawFn) -> tuple[dict[str, str], str]:
    record = draw(st.sampled_from(RECORDS))
    lines = record["oracle_text"].split("\n")
    for _ in range(draw(st.integers(1, 4))):
        action = draw(st.sampled_from(["drop", "swap", "dup", "char", "insert"]))
        index = draw(st.integers(0, len(lines) - 1)) if lines else 0
        if action == "drop" and lines:
            lines.pop(index)
        elif action == "swap" and len(lines) > 1:
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
        elif action == "dup" and lines:
            lines.insert(index, lines[index])
        elif action == "char" and lines and lines[index]:
            position = draw(st.integers(0, len(lines[index]) - 1))
            lines[index] = (lines[index][:position] + draw(st.characters())
                            + lines[index][position + 1:])
        else:
            lines.insert(index, draw(st.text(max_size=20)))
    return record, "\n".join(lines)


@given(mutated_printed_text())
def test_mutated_printed_text_parses_or_gets_card_text_error(
    case: tuple[dict[str, str], str],
) -> None:
    record, text = case
    card = _attempt(text, name=record["name"], mana_cost=record["mana_cost"],
                    type_line=record["type_line"], power=record["power"],
                    toughness=record["toughness"])
    if card is not None:  # whatever parses is a valid leveler (711.2a: bands ascend; a gap
        for low, high in itertools.pairwise(card.bands):  # is flagged, not refused)
            assert low.max_level is not None and high.min_level > low.max_level
            if high.min_level > low.max_level + 1:
                assert any(w.startswith("711.2a") for w in card.rule_warnings)
        assert card.bands[-1].max_level is None


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20))
def test_any_json_as_a_pool_file_loads_or_gets_value_error(document: object) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pool.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        try:
            load_pool(path)
        except ValueError as error:
            assert str(error).strip()


SITUATION_KEYS = ["card", "zone", "counters", "timestamp", "face_down", "copy_of", "effects",
                  "timing", "version", "level", "+1/+1", "-1/-1", "type", "power",
                  "toughness", "ability", "except", "name", "oracle_text",
                  # format version 2
                  "entry_order", "chosen_by", "order", "origin", "entered_with", "source",
                  "card_types", "subtypes", "types", "abilities"]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.floats(allow_nan=True)
    | st.sampled_from(["Student of Warfare", "Hexdrinker", "battlefield", "graveyard",
                       "set_base_pt", "modify_pt", "switch_pt", "lose_all_abilities",
                       "gain_ability", "Flying", "<script>", "", "set_types", "add_types",
                       "static", "spell", "Creature", "Artifact", "Elf", 1, 2]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(SITUATION_KEYS), inner, max_size=5),
    max_leaves=25,
)


@given(st.dictionaries(st.sampled_from(SITUATION_KEYS), JSON_VALUES, max_size=8))
def test_any_situation_resolves_or_gets_value_error(situation: dict[str, object]) -> None:
    try:
        result = resolve_situation(situation)
    except ValueError as error:
        assert str(error).strip()
    else:
        assert result.trace


@given(st.sampled_from([r["name"] for r in RECORDS]), st.integers(0, 30),
       st.lists(st.fixed_dictionaries(
           {"type": st.sampled_from(["set_base_pt", "modify_pt", "set_types", "add_types"])},
           optional={"power": JSON_VALUES, "toughness": JSON_VALUES, "timestamp": JSON_VALUES,
                     "card_types": JSON_VALUES, "subtypes": JSON_VALUES,
                     "origin": JSON_VALUES}), max_size=3))
def test_effects_with_any_values_resolve_or_get_value_error(
    name: str, level: int, effects: list[dict[str, object]]
) -> None:
    try:
        resolve_situation({"card": name, "counters": {"level": level}, "effects": effects})
    except ValueError as error:
        assert str(error).strip()
