"""Situations: a leveler in a game state, as typed values, read from and written to JSON.

A situation (format version 2, documented in ``docs/situations.md``; version 1 files
still load) says which card the object is, where it is, which counters it has now,
whether it is face down or a copy, which continuous effects from other sources apply to
it, and whether its controller could act at sorcery speed. :func:`parse_situation`
validates a JSON-like mapping and returns a :class:`Situation`; :func:`situation_to_dict`
writes one back. Both take the pool card names are looked up in: this module opens no file
(``leveler.resolve_situation`` fills in the bundled pool). The value types are in
:mod:`leveler.situation_types`, the field readers in :mod:`leveler.situation_fields`; both
are re-exported here.

Every problem is a :class:`SituationError` (a ``ValueError``) whose message starts with
the path of the field, e.g. ``effects[2].timestamp: expected a number, got 'soon'``.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from leveler.mana import ManaCost, ManaCostError
from leveler.model import LevelerCard, Zone, close_names, find_card
from leveler.situation_fields import (
    SituationError,
    _bool,
    _join,
    _kind,
    _number,
    _object,
    _require,
    _text,
    _whole,
    _words_list,
    _zone,
)
from leveler.situation_types import (
    _EFFECT_CLASSES,
    AFFECTS,
    EFFECT_TYPES,
    AddTypes,
    CopyOf,
    Counters,
    Effect,
    EntryOrder,
    GainAbility,
    LoseAllAbilities,
    ModifyPT,
    SetBasePT,
    SetTypes,
    Situation,
    SwitchPT,
    Timing,
)
from leveler.text import CardTextError, format_card, parse_card

__all__ = [
    "EFFECT_TYPES",
    "FORMAT_VERSION",
    "ORIGINS",
    "AddTypes",
    "CopyOf",
    "Counters",
    "Effect",
    "EntryOrder",
    "GainAbility",
    "LoseAllAbilities",
    "ModifyPT",
    "SetBasePT",
    "SetTypes",
    "Situation",
    "SituationError",
    "SwitchPT",
    "Timing",
    "parse_situation",
    "situation_to_dict",
]

FORMAT_VERSION = 2
"""The situation format this module writes. It reads versions 1 and 2 (a file without
``version`` is read as the latest; one saying ``1`` may use only version 1's keys)."""

ORIGINS = ("spell", "static")
"""Where an effect comes from: a resolved spell or ability (613.7b: it applies to the
object it was created for) or a static ability of another permanent (613.7a: it applies
to every object that fits, a new one included)."""

_V1_EFFECT_TYPES = EFFECT_TYPES[:5]


# --------------------------------------------------------------------------- pool lookup


def _unknown_card(path: str, name: str, pool: Mapping[str, LevelerCard]) -> SituationError:
    close = close_names(pool, name)
    hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
    return SituationError(path, f"no card named {name!r} in the pool{hint}")


# --------------------------------------------------------------------------- cards

_CARD_KEYS = ("name", "mana_cost", "type_line", "power", "toughness", "oracle_text")
_PROBE_TEXT = "Level up {1}\nLEVEL 1+\n1/1"


def _custom_card(data: Mapping[str, Any], path: str) -> LevelerCard:
    """``{"name", "mana_cost", "type_line", "power", "toughness", "oracle_text"}`` -> card."""
    data = _object(data, path, _CARD_KEYS)
    name = _text(_require(data, "name", path), _join(path, "name"))
    oracle_text = _require(data, "oracle_text", path)
    if not isinstance(oracle_text, str):
        raise SituationError(_join(path, "oracle_text"),
                             f"expected a string, got {_kind(oracle_text)}")
    printed = {}
    for key in ("power", "toughness"):
        value = _require(data, key, path)
        if isinstance(value, str) and value.strip().isdecimal():
            value = int(value)
        printed[key] = _whole(value, _join(path, key), minimum=0)
    mana_cost = data.get("mana_cost", "")
    if not isinstance(mana_cost, str):
        raise SituationError(_join(path, "mana_cost"), f"expected a string, got {mana_cost!r}")
    try:
        ManaCost.parse(mana_cost)
    except ManaCostError as error:
        raise SituationError(_join(path, "mana_cost"), str(error)) from None
    type_line = _text(data.get("type_line", "Creature"), _join(path, "type_line"))
    try:  # is the type line alone at fault? (a creature, not a Class: 702.87b, 711.7)
        parse_card(_PROBE_TEXT, name=name, type_line=type_line, power=0, toughness=0)
    except CardTextError as error:
        raise SituationError(_join(path, "type_line"), error.message) from None
    try:
        return parse_card(oracle_text, name=name, mana_cost=mana_cost, type_line=type_line,
                          power=printed["power"], toughness=printed["toughness"])
    except CardTextError as error:
        field_path = _join(path, "oracle_text")
        error.name_card(name, prefix=field_path)
        error.path = field_path  # type: ignore[attr-defined]
        raise


def _card(value: object, path: str, pool: Mapping[str, LevelerCard],
          *, other_name_ok: bool) -> LevelerCard | str:
    """A pool name or a custom card object; any other name only if ``other_name_ok``."""
    if isinstance(value, str):
        name = _text(value, path)
        found = find_card(pool, name)
        if found is not None:
            return found
        if other_name_ok:
            return name
        raise _unknown_card(path, name, pool)
    if isinstance(value, Mapping):
        return _custom_card(value, path)
    raise SituationError(path, f"expected a card name or a card object, got {_kind(value)}")


# --------------------------------------------------------------------------- parts

_TOP_KEYS = ("version", "card", "zone", "counters", "timestamp", "face_down", "copy_of",
             "effects", "timing", "entry_order")
_COUNTER_KEYS = ("level", "+1/+1", "-1/-1")
_TIMING_KEYS = ("controller_has_priority", "own_turn", "main_phase", "stack_empty")
_COPY_KEYS = ("card", "except", "timestamp", "face_down")
_EXCEPT_KEYS = ("power", "toughness", "types", "subtypes", "abilities")
_COMMON = ("source", "origin", "entered_with", "affects")
_EFFECT_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # type: (required fields, optional fields)
    "set_base_pt": (("timestamp",), ("power", "toughness", *_COMMON)),
    "modify_pt": ((), ("power", "toughness", "timestamp", *_COMMON)),
    "switch_pt": (("timestamp",), _COMMON),
    "lose_all_abilities": (("timestamp",), _COMMON),
    "gain_ability": (("ability", "timestamp"), _COMMON),
    "set_types": (("card_types", "timestamp"), ("subtypes", *_COMMON)),
    "add_types": (("timestamp",), ("card_types", "subtypes", *_COMMON)),
}
_NEW_IN_2 = {"top": ("entry_order",), "copy_of": ("face_down",),
             "except": ("types", "subtypes", "abilities"), "effect": ("origin", "entered_with",
                                                                    "affects")}


def _counters(value: object) -> Counters:
    data = _object(value, "counters", _COUNTER_KEYS)
    level, plus, minus = (_whole(data.get(key, 0), f"counters.{key}", minimum=0)
                          for key in _COUNTER_KEYS)
    return Counters(level, plus, minus)


def _timing(value: object) -> Timing:
    data = _object(value, "timing", _TIMING_KEYS)
    return Timing(**{key: _bool(data.get(key, True), f"timing.{key}") for key in _TIMING_KEYS})


def _copy_of(value: object, pool: Mapping[str, LevelerCard]) -> CopyOf | None:
    if value is None:
        return None
    data = _object(value, "copy_of", _COPY_KEYS)
    card = _card(_require(data, "card", "copy_of"), "copy_of.card", pool, other_name_ok=False)
    assert isinstance(card, LevelerCard)
    power = toughness = None
    added: dict[str, tuple[str, ...]] = {}
    if "except" in data:
        exceptions = _object(data["except"], "copy_of.except", _EXCEPT_KEYS)
        if "power" in exceptions:
            power = _whole(exceptions["power"], "copy_of.except.power")
        if "toughness" in exceptions:
            toughness = _whole(exceptions["toughness"], "copy_of.except.toughness")
        for key in ("types", "subtypes", "abilities"):
            if key in exceptions:
                added[key] = _words_list(exceptions[key], f"copy_of.except.{key}")
    timestamp = None
    if data.get("timestamp") is not None:
        timestamp = _number(data["timestamp"], "copy_of.timestamp")
    face_down = _bool(data.get("face_down", False), "copy_of.face_down")
    return CopyOf(card, power, toughness, timestamp, added.get("types", ()),
                  added.get("subtypes", ()), added.get("abilities", ()), face_down)


def _effect(value: object, path: str) -> Effect:
    if not isinstance(value, Mapping):
        raise SituationError(path, f"expected a JSON object, got {_kind(value)}")
    kind = _require(value, "type", path)
    if kind not in _EFFECT_FIELDS:
        close = difflib.get_close_matches(str(kind), EFFECT_TYPES, n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise SituationError(f"{path}.type", f"unknown effect type {kind!r} (expected one of "
                             f"{', '.join(EFFECT_TYPES)}){hint}")
    required, optional = _EFFECT_FIELDS[kind]
    data = _object(value, path, ("type", *required, *optional))
    for key in required:
        _require(data, key, path)
    fields: dict[str, Any] = {}
    for key in (*required, *optional):
        if key not in data or (key in optional and data[key] is None):
            continue
        where = f"{path}.{key}"
        raw = data[key]
        if key == "timestamp":
            fields[key] = _number(raw, where)
        elif key in ("power", "toughness"):
            fields[key] = _whole(raw, where)
        elif key in ("card_types", "subtypes"):
            fields[key] = _words_list(raw, where)
        elif key == "entered_with":
            fields[key] = _bool(raw, where)
        elif key == "origin":
            if raw not in ORIGINS:
                raise SituationError(where, f"expected one of {', '.join(ORIGINS)}, got {raw!r}")
            fields[key] = raw
        elif key == "affects":
            if raw not in AFFECTS:
                raise SituationError(where, f"expected one of {', '.join(AFFECTS)}, got {raw!r}")
            fields[key] = raw
        else:  # ability, source
            fields[key] = _text(raw, where)
    if kind in ("set_base_pt", "modify_pt") and not {"power", "toughness"} & set(fields):
        raise SituationError(f"{path}.power", "required field is missing (give power, "
                             "toughness or both: 7b/7c with one component)")
    if kind == "set_base_pt":
        fields.setdefault("power", None)
        fields.setdefault("toughness", None)
    if kind == "modify_pt":
        fields.setdefault("power", 0)
        fields.setdefault("toughness", 0)
    if fields.get("entered_with"):
        if "source" not in fields:
            raise SituationError(f"{path}.source", "required when entered_with is true: "
                                 "entry_order names the object by it (613.7m)")
        fields["origin"] = fields.get("origin") or "static"
        if fields["origin"] != "static":
            raise SituationError(f"{path}.origin", "an effect of an object that entered with "
                                 "this one comes from its static ability: 'static' (613.7a)")
    cls = next(c for c in _EFFECT_CLASSES if c.type == kind)
    return cls(**fields)


def _effects(value: object) -> tuple[Effect, ...]:
    if not isinstance(value, list | tuple):
        raise SituationError("effects", f"expected a list, got {_kind(value)}")
    return tuple(_effect(item, f"effects[{index}]") for index, item in enumerate(value))


def _entry_order(value: object, name: str, timestamp: float,
                 effects: tuple[Effect, ...]) -> EntryOrder | None:
    """613.7m: who chose, and the order of the objects that entered together."""
    entered = [(index, e) for index, e in enumerate(effects) if e.entered_with]
    for index, effect in entered:
        if effect.timestamp is not None and effect.timestamp != timestamp:
            raise SituationError(f"effects[{index}].timestamp", f"an effect of an object that "
                                 f"entered with this one has its timestamp {timestamp!r} "
                                 f"(613.7a, 613.7d), got {effect.timestamp!r}")
    if value is None:
        if entered:
            raise SituationError("entry_order", "required when an effect entered_with this "
                                 "object: the active player orders simultaneous entries "
                                 "(613.7m)")
        return None
    data = _object(value, "entry_order", ("chosen_by", "order"))
    chosen_by = _text(_require(data, "chosen_by", "entry_order"), "entry_order.chosen_by")
    order = _words_list(_require(data, "order", "entry_order"), "entry_order.order")
    expected = sorted([name, *(str(e.source) for _, e in entered)])
    if sorted(order) != expected:
        raise SituationError("entry_order.order", f"expected each of {expected} once (this "
                             f"object and the source of each entered_with effect), got "
                             f"{list(order)}")
    return EntryOrder(chosen_by, order)


def _version_1_check(top: Mapping[str, Any]) -> None:
    """A file that says version 1 may use only version 1's keys."""
    def refuse(path: str) -> None:
        raise SituationError(path, "new in format version 2; this file says version 1 (drop "
                             "the version or write 2)")
    for key in _NEW_IN_2["top"]:
        if key in top:
            refuse(key)
    copy = top.get("copy_of")
    if isinstance(copy, Mapping):
        for key in _NEW_IN_2["copy_of"]:
            if key in copy:
                refuse(f"copy_of.{key}")
        exceptions = copy.get("except")
        for key in _NEW_IN_2["except"]:
            if isinstance(exceptions, Mapping) and key in exceptions:
                refuse(f"copy_of.except.{key}")
    effects = top.get("effects")
    for index, effect in enumerate(effects if isinstance(effects, list | tuple) else ()):
        if not isinstance(effect, Mapping):
            continue
        if effect.get("type") in EFFECT_TYPES and effect.get("type") not in _V1_EFFECT_TYPES:
            refuse(f"effects[{index}].type")
        for key in _NEW_IN_2["effect"]:
            if key in effect:
                refuse(f"effects[{index}].{key}")
        if effect.get("type") in ("set_base_pt", "modify_pt"):
            for key in ("power", "toughness"):
                if key not in effect:
                    raise SituationError(f"effects[{index}].{key}", "required field is "
                                         "missing (one component is new in version 2)")


# --------------------------------------------------------------------------- public


def parse_situation(data: Mapping[str, Any], pool: Mapping[str, LevelerCard]) -> Situation:
    """Validate a situation mapping (format version 1 or 2) and return a :class:`Situation`.

    Names are looked up in ``pool`` (:func:`~leveler.model.find_card`); this module opens
    no file (``leveler.load_pool()`` reads the printed pool). Raises
    :class:`SituationError` naming the field, or :class:`~leveler.text.CardTextError`
    (also a ValueError) prefixed with ``card.oracle_text`` for a custom card's bad text.

    >>> from leveler import load_pool
    >>> pool = load_pool()
    >>> s = parse_situation({"card": "Student of Warfare", "counters": {"level": 3}}, pool)
    >>> s.card.name, s.counters.level, s.zone.value
    ('Student of Warfare', 3, 'battlefield')
    >>> parse_situation({"card": "Student of Warfare", "timestamp": "soon"}, pool)
    Traceback (most recent call last):
    ...
    leveler.situation_fields.SituationError: timestamp: expected a number, got 'soon'
    """
    top = _object(data, "", _TOP_KEYS) if isinstance(data, Mapping) else None
    if top is None:
        raise SituationError("situation", f"expected a JSON object, got {_kind(data)}")
    if "version" in top and (isinstance(top["version"], bool)
                             or top["version"] not in _READ_VERSIONS):
        raise SituationError("version", f"this library reads format versions "
                             f"{', '.join(map(str, _READ_VERSIONS))}, got {top['version']!r}")
    if top.get("version") == 1:
        _version_1_check(top)
    zone = _zone(top.get("zone", Zone.BATTLEFIELD.value))
    copy_of = _copy_of(top.get("copy_of"), pool)
    card = _card(_require(top, "card", ""), "card", pool,
                 other_name_ok=copy_of is not None and zone is Zone.BATTLEFIELD)
    timestamp = _number(top.get("timestamp", 0), "timestamp")
    effects = _effects(top.get("effects", []))
    name = card if isinstance(card, str) else card.name
    return Situation(
        card=card,
        zone=zone,
        counters=_counters(top.get("counters", {})),
        timestamp=timestamp,
        face_down=_bool(top.get("face_down", False), "face_down"),
        copy_of=copy_of,
        effects=effects,
        timing=_timing(top.get("timing", {})),
        entry_order=_entry_order(top.get("entry_order"), name, timestamp, effects),
    )


_READ_VERSIONS = (1, 2)


def _card_to_json(card: LevelerCard | str, pool: Mapping[str, LevelerCard]) -> Any:
    if isinstance(card, str) or pool.get(card.name) == card:
        return card if isinstance(card, str) else card.name
    return {
        "name": card.name,
        "mana_cost": str(card.mana_cost),
        "type_line": card.type_line,
        "power": card.power,
        "toughness": card.toughness,
        "oracle_text": format_card(card),
    }


def _effect_to_json(effect: Effect) -> dict[str, Any]:
    data: dict[str, Any] = {"type": effect.type}
    for key in ("ability", "card_types", "subtypes", "power", "toughness", "timestamp",
                "source", "origin", "affects"):
        value = getattr(effect, key, None)
        if value is not None:
            data[key] = list(value) if isinstance(value, tuple) else value
    if effect.entered_with:
        data["entered_with"] = True
    return data


def situation_to_dict(situation: Situation, pool: Mapping[str, LevelerCard]) -> dict[str, Any]:
    """The situation as JSON-ready data, every field written out; parses back equal.

    A card equal to the pool's card of that name is written as its name, any other as a
    card object (its text from :func:`~leveler.text.format_card`).
    """
    copy_of: dict[str, Any] | None = None
    if situation.copy_of is not None:
        copy = situation.copy_of
        copy_of = {"card": _card_to_json(copy.card, pool)}
        exceptions: dict[str, Any] = {
            key: value for key, value in (("power", copy.power), ("toughness", copy.toughness))
            if value is not None}
        for key, added in (("types", copy.add_types), ("subtypes", copy.add_subtypes),
                           ("abilities", copy.add_abilities)):
            if added:
                exceptions[key] = list(added)
        if exceptions:
            copy_of["except"] = exceptions
        if copy.timestamp is not None:
            copy_of["timestamp"] = copy.timestamp
        if copy.face_down:
            copy_of["face_down"] = True
    counters = situation.counters
    return {
        "version": FORMAT_VERSION,
        "card": _card_to_json(situation.card, pool),
        "zone": situation.zone.value,
        "counters": {"level": counters.level, "+1/+1": counters.plus_one,
                     "-1/-1": counters.minus_one},
        "timestamp": situation.timestamp,
        "face_down": situation.face_down,
        "copy_of": copy_of,
        "effects": [_effect_to_json(effect) for effect in situation.effects],
        "timing": {key: getattr(situation.timing, key) for key in _TIMING_KEYS},
        "entry_order": None if situation.entry_order is None else {
            "chosen_by": situation.entry_order.chosen_by,
            "order": list(situation.entry_order.order)},
    }
