"""Presets named after real cards: each edits a situation the way that card would.

For the app's "What if…" view and for tests: pick a preset, apply it to a situation
(a mapping in format version 1 or a :class:`~leveler.situation.Situation`), get back a
new, complete situation mapping (every field written out) to resolve, show or save.

>>> from leveler.layers import resolve_situation
>>> s = {"card": "Student of Warfare", "counters": {"level": 2}}
>>> s = PRESETS["Giant Growth"].apply(s)
>>> s["effects"]
[{'type': 'modify_pt', 'power': 3, 'toughness': 3, 'timestamp': 1, 'source': 'Giant Growth'}]
>>> r = resolve_situation(s)
>>> r.power, r.toughness
(6, 6)

Effects a preset adds get the timestamp "now": one more than the latest timestamp in the
situation (613.7b), unless ``timestamp=`` says otherwise. The card texts in ``summary``
are short paraphrases of the Oracle text, enough to say what the preset models.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from leveler.layers import resolve_situation
from leveler.model import LevelerCard
from leveler.situation import Situation, parse_situation, situation_to_dict

__all__ = ["PRESETS", "Preset", "PresetError", "apply_preset", "next_timestamp"]

_Edit = Callable[[dict[str, Any], float, Mapping[str, LevelerCard] | None], dict[str, Any]]


class PresetError(ValueError):
    """A preset that cannot apply to this situation (e.g. Vampire Hexmage on a card in hand)."""


@dataclass(frozen=True, slots=True)
class Preset:
    """A named edit of a situation: what the card does and how the situation records it."""

    name: str
    kind: str
    """"effect" (adds continuous effects), "counters", "copy" or "face"."""
    summary: str
    """What the card does, in short."""
    models: str
    """How the situation records it, with the rules."""
    rule: str
    edit: _Edit = field(repr=False, compare=False)

    def apply(
        self,
        situation: Mapping[str, Any] | Situation,
        *,
        timestamp: float | None = None,
        pool: Mapping[str, LevelerCard] | None = None,
    ) -> dict[str, Any]:
        """A new situation mapping: ``situation`` (validated first) with this preset applied."""
        if not isinstance(situation, Situation):
            situation = parse_situation(situation, pool)
        data = situation_to_dict(situation, pool)
        now = next_timestamp(data) if timestamp is None else timestamp
        edited = self.edit(data, now, pool)
        return situation_to_dict(parse_situation(edited, pool), pool)  # canonical, valid


def next_timestamp(situation: Mapping[str, Any]) -> float:
    """One more than the latest timestamp in a complete situation mapping: "now" (613.7b)."""
    stamps: list[float] = [situation.get("timestamp", 0)]
    copy_of = situation.get("copy_of")
    if copy_of and copy_of.get("timestamp") is not None:
        stamps.append(copy_of["timestamp"])
    stamps += [e["timestamp"] for e in situation.get("effects", [])
               if e.get("timestamp") is not None]
    return max(stamps) + 1


def apply_preset(
    situation: Mapping[str, Any] | Situation,
    name: str,
    *,
    timestamp: float | None = None,
    pool: Mapping[str, LevelerCard] | None = None,
) -> dict[str, Any]:
    """``PRESETS[name].apply(situation, ...)``, with a clear error for an unknown name."""
    if name not in PRESETS:
        raise PresetError(f"unknown preset {name!r}: expected one of {', '.join(PRESETS)}")
    return PRESETS[name].apply(situation, timestamp=timestamp, pool=pool)


# --------------------------------------------------------------------------- edits


def _with_effects(*effects: dict[str, Any]) -> _Edit:
    def edit(data: dict[str, Any], now: float,
             pool: Mapping[str, LevelerCard] | None) -> dict[str, Any]:
        added = [{**effect, "timestamp": now} for effect in effects]
        return {**data, "effects": [*data["effects"], *added]}
    return edit


def _on_battlefield(data: Mapping[str, Any], who: str, why: str) -> None:
    if data["zone"] != "battlefield":
        raise PresetError(f"{who}: {why}; the card is in the {data['zone']}")


def _add_counter(kind: str, amount: int) -> _Edit:
    def edit(data: dict[str, Any], now: float,
             pool: Mapping[str, LevelerCard] | None) -> dict[str, Any]:
        counters = dict(data["counters"])
        counters[kind] += amount
        return {**data, "counters": counters}
    return edit


def _hexmage(data: dict[str, Any], now: float,
             pool: Mapping[str, LevelerCard] | None) -> dict[str, Any]:
    _on_battlefield(data, "Vampire Hexmage", "it targets a permanent")
    return {**data, "counters": {key: 0 for key in data["counters"]}}


def _teacher(data: dict[str, Any], now: float,
             pool: Mapping[str, LevelerCard] | None) -> dict[str, Any]:
    resolution = resolve_situation(data, pool)
    if data["zone"] != "battlefield" or not resolution.has_level_up:
        return data  # not a creature you control with level up: nothing happens
    return _add_counter("level", 2)(data, now, pool)


def _level_up(data: dict[str, Any], now: float,
              pool: Mapping[str, LevelerCard] | None) -> dict[str, Any]:
    resolution = resolve_situation(data, pool)
    if not resolution.can_level_up:
        step = next(s for s in resolution.trace if s.layer == "level up")
        raise PresetError(f"level up: {step.description} ({step.rule})")
    return _add_counter("level", 1)(data, now, pool)


_STATIC_SOURCES = ("Glorious Anthem", "Godhead of Awe", "Humility")
"""Presets whose effects come from a permanent's static ability, so they reach a new object."""


def _copy(copier: str, exceptions: Mapping[str, int] | None) -> _Edit:
    def edit(data: dict[str, Any], now: float,
             pool: Mapping[str, LevelerCard] | None) -> dict[str, Any]:
        _on_battlefield(data, copier, "it copies a creature on the battlefield")
        if data["face_down"]:
            raise PresetError(
                f"{copier}: a copy of a face-down creature is a 2/2 with no name and no "
                "abilities (707.2, example), not a leveler; format version 1 has no copy_of "
                "for that")
        original = data["copy_of"] or {"card": data["card"]}
        copy: dict[str, Any] = {"card": original["card"]}
        if exceptions is not None:
            copy["except"] = dict(exceptions)
        elif "except" in original:  # a copy of a copy keeps the exception (707.9b)
            copy["except"] = original["except"]
        kept = [e for e in data["effects"] if e.get("source") in _STATIC_SOURCES]
        return {**data, "card": copier, "copy_of": copy, "timestamp": now, "face_down": False,
                "counters": {key: 0 for key in data["counters"]}, "effects": kept}
    return edit


def _face(down: bool) -> _Edit:
    def edit(data: dict[str, Any], now: float,
             pool: Mapping[str, LevelerCard] | None) -> dict[str, Any]:
        who = "turn face down" if down else "turn face up"
        _on_battlefield(data, who, "only a permanent turns face down or up here")
        if data["face_down"] == down:
            raise PresetError(f"{who}: it is already face {'down' if down else 'up'}")
        return {**data, "face_down": down, "timestamp": now}
    return edit


def _preset(name: str, kind: str, summary: str, models: str, rule: str, edit: _Edit) -> Preset:
    return Preset(name, kind, summary, models, rule, edit)


_BASE_1_1 = {"type": "set_base_pt", "power": 1, "toughness": 1}
_LOSE_ALL = {"type": "lose_all_abilities"}

PRESETS: Mapping[str, Preset] = {p.name: p for p in (
    _preset("Giant Growth", "effect", "Target creature gets +3/+3 until end of turn.",
            "modify_pt +3/+3: layer 7c, applies whenever it began", "613.4c, ruling 3",
            _with_effects({"type": "modify_pt", "power": 3, "toughness": 3,
                           "source": "Giant Growth"})),
    _preset("Glorious Anthem", "effect", "Creatures you control get +1/+1.",
            "modify_pt +1/+1: layer 7c, applies whenever it began", "613.4c, ruling 3",
            _with_effects({"type": "modify_pt", "power": 1, "toughness": 1,
                           "source": "Glorious Anthem"})),
    _preset("Diminish", "effect", "Target creature becomes 1/1 until end of turn.",
            "set_base_pt 1/1 now: layer 7b, later than the leveler's own timestamp, so it "
            "beats the band even if the leveler levels up afterwards", "613.4b, ruling 2",
            _with_effects({**_BASE_1_1, "source": "Diminish"})),
    _preset("Godhead of Awe", "effect", "Flying. Other creatures have base power and "
            "toughness 1/1.",
            "set_base_pt 1/1 with the timestamp it entered (now by default; give an earlier "
            "timestamp if it was there before the leveler, and the band wins)",
            "613.4b, ruling 2", _with_effects({**_BASE_1_1, "source": "Godhead of Awe"})),
    _preset("Humility", "effect", "All creatures lose all abilities and have base power and "
            "toughness 1/1.",
            "lose_all_abilities + set_base_pt 1/1: no band at all, whatever the timestamps "
            "(dependency)", "613.8a",
            _with_effects({**_LOSE_ALL, "source": "Humility"},
                          {**_BASE_1_1, "source": "Humility"})),
    _preset("Merfolk Trickster", "effect", "Flash. When it enters, tap target creature an "
            "opponent controls; it loses all abilities until end of turn.",
            "lose_all_abilities: no band abilities, no band P/T, no level up", "613.8a",
            _with_effects({**_LOSE_ALL, "source": "Merfolk Trickster"})),
    _preset("Turn to Frog", "effect", "Until end of turn, target creature loses all abilities "
            "and becomes a blue Frog with base power and toughness 1/1.",
            "lose_all_abilities + set_base_pt 1/1", "613.8a, 613.4b",
            _with_effects({**_LOSE_ALL, "source": "Turn to Frog"},
                          {**_BASE_1_1, "source": "Turn to Frog"})),
    _preset("Clone", "copy", "You may have Clone enter as a copy of any creature on the "
            "battlefield.",
            "the object becomes a Clone that entered now as a copy of this card: printed text, "
            "level symbols and level up are copied; counters are not (the Clone starts with "
            "none) and only Glorious Anthem, Godhead of Awe and Humility effects are kept",
            "707.2, ruling 4", _copy("Clone", None)),
    _preset("Quicksilver Gargantuan", "copy", "You may have it enter as a copy of any creature "
            "on the battlefield, except it's 7/7.",
            "as Clone, with except 7/7 in the copiable values: 7/7 below N1, the band's P/T "
            "inside a band", "707.9b", _copy("Quicksilver Gargantuan",
                                              {"power": 7, "toughness": 7})),
    _preset("turn face down", "face", "An effect turns the permanent face down.",
            "face_down true, new timestamp: a 2/2 with no abilities; counters stay",
            "708.2a, 613.7f", _face(True)),
    _preset("turn face up", "face", "The face-down permanent is turned face up.",
            "face_down false, new timestamp: its bands are now newer than effects created "
            "while it was face down", "708.8, 613.7f", _face(False)),
    _preset("+1/+1 counter", "counters", "Put a +1/+1 counter on it.",
            "one more +1/+1 counter: +1/+1 in layer 7c, unlike a level counter",
            "122.1a", _add_counter("+1/+1", 1)),
    _preset("-1/-1 counter", "counters", "Put a -1/-1 counter on it.",
            "one more -1/-1 counter: -1/-1 in layer 7c", "122.1a", _add_counter("-1/-1", 1)),
    _preset("Vampire Hexmage", "counters", "First strike. Sacrifice it: remove all counters "
            "from target permanent.",
            "every counter removed: its level falls to 0 (back to the uppermost box)",
            "ruling 5", _hexmage),
    _preset("Venerated Teacher", "counters", "When it enters, put two level counters on each "
            "creature you control with level up.",
            "two more level counters if the object has level up now (not under Humility, not "
            "face down); its level rises accordingly", "ruling 5", _teacher),
    _preset("level up", "counters", "Activate level up: put a level counter on it, only as a "
            "sorcery.",
            "one more level counter, if level up can be activated now; otherwise an error "
            "saying why", "702.87a, 602.5d", _level_up),
)}
"""Presets by name, in the order the app lists them."""
