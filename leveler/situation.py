"""Situations: a leveler in a game state, as typed values, read from and written to JSON.

A situation (format version 1, documented in ``docs/situations.md``) says which card the
object is, where it is, which counters it has now, whether it is face down or a copy,
which continuous effects from other sources apply to it, and whether its controller
could act at sorcery speed. :func:`parse_situation` validates a JSON-like mapping and
returns a :class:`Situation`; :func:`situation_to_dict` writes one back.

Every problem is a :class:`SituationError` (a ``ValueError``) whose message starts with
the path of the field, e.g. ``effects[2].timestamp: expected a number, got 'soon'``.
"""

from __future__ import annotations

import difflib
import functools
import math
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from leveler.data import load_pool
from leveler.mana import ManaCost, ManaCostError
from leveler.model import LevelerCard, Zone
from leveler.text import CardTextError, format_card, parse_card

__all__ = [
    "EFFECT_TYPES",
    "FORMAT_VERSION",
    "CopyOf",
    "Counters",
    "Effect",
    "GainAbility",
    "LoseAllAbilities",
    "ModifyPT",
    "SetBasePT",
    "Situation",
    "SituationError",
    "SwitchPT",
    "Timing",
    "bundled_pool",
    "find_card",
    "parse_situation",
    "situation_to_dict",
]

FORMAT_VERSION = 1
"""The situation format this module reads and writes."""


class SituationError(ValueError):
    """A situation that is not valid; ``path`` is the field, e.g. ``effects[2].timestamp``."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}")


# --------------------------------------------------------------------------- value types


@dataclass(frozen=True, slots=True)
class Counters:
    """The counters the object has now (122.1). Counters never survive a zone change (122.2)."""

    level: int = 0
    """Level counters: they select a band (711.2a/b) and never change P/T by themselves."""
    plus_one: int = 0
    """+1/+1 counters (122.1a, layer 7c)."""
    minus_one: int = 0
    """-1/-1 counters (122.1a, layer 7c)."""

    def __post_init__(self) -> None:
        for key, value in (("level", self.level), ("+1/+1", self.plus_one),
                           ("-1/-1", self.minus_one)):
            _whole(value, f"counters.{key}", minimum=0)


@dataclass(frozen=True, slots=True)
class Timing:
    """When someone asks "can I level up now?": sorcery timing (702.87a, 602.5d, 307.1)."""

    controller_has_priority: bool = True
    own_turn: bool = True
    main_phase: bool = True
    stack_empty: bool = True


@dataclass(frozen=True, slots=True)
class CopyOf:
    """The object is a copy of ``card`` (707.2); ``power``/``toughness`` are copy exceptions.

    "Except it's 7/7" (Quicksilver Gargantuan) replaces the uppermost P/T box in the copiable
    values (707.9b). ``timestamp`` is the copy effect's, None for "as it entered" (Clone).
    """

    card: LevelerCard
    power: int | None = None
    toughness: int | None = None
    timestamp: float | None = None


@dataclass(frozen=True, slots=True)
class SetBasePT:
    """Layer 7b: "has base power and toughness P/T" (Diminish, Godhead of Awe, Humility)."""

    type: ClassVar[str] = "set_base_pt"
    power: int
    toughness: int
    timestamp: float
    source: str | None = None


@dataclass(frozen=True, slots=True)
class ModifyPT:
    """Layer 7c: "gets +X/+Y" (Giant Growth, Glorious Anthem). Applies whenever it began."""

    type: ClassVar[str] = "modify_pt"
    power: int
    toughness: int
    timestamp: float | None = None
    source: str | None = None


@dataclass(frozen=True, slots=True)
class SwitchPT:
    """Layer 7d: switch power and toughness (613.4d)."""

    type: ClassVar[str] = "switch_pt"
    timestamp: float
    source: str | None = None


@dataclass(frozen=True, slots=True)
class LoseAllAbilities:
    """Layer 6: "loses all abilities" (Humility, Merfolk Trickster, Turn to Frog)."""

    type: ClassVar[str] = "lose_all_abilities"
    timestamp: float
    source: str | None = None


@dataclass(frozen=True, slots=True)
class GainAbility:
    """Layer 6: "gains [ability]"."""

    type: ClassVar[str] = "gain_ability"
    ability: str
    timestamp: float
    source: str | None = None


Effect = SetBasePT | ModifyPT | SwitchPT | LoseAllAbilities | GainAbility
"""A continuous effect from another source."""

_EFFECT_CLASSES: tuple[type[Effect], ...] = (
    SetBasePT, ModifyPT, SwitchPT, LoseAllAbilities, GainAbility,
)
EFFECT_TYPES: tuple[str, ...] = tuple(cls.type for cls in _EFFECT_CLASSES)
"""The effect ``type`` values of format version 1."""


@dataclass(frozen=True, slots=True)
class Situation:
    """A leveler object in a game state. Build one directly or with :func:`parse_situation`.

    ``card`` is the object's own card. It may be a plain name (say ``"Clone"``) only when the
    object is a copy on the battlefield: a copy effect replaces all its copiable values
    (707.2), so its own card is never looked at.
    """

    card: LevelerCard | str
    zone: Zone = Zone.BATTLEFIELD
    counters: Counters = field(default_factory=Counters)
    timestamp: float = 0
    """When it entered the battlefield or was last turned face up (613.7d, 613.7f)."""
    face_down: bool = False
    copy_of: CopyOf | None = None
    effects: tuple[Effect, ...] = ()
    timing: Timing = field(default_factory=Timing)

    def __post_init__(self) -> None:
        if not isinstance(self.zone, Zone):  # Situation(card, "graveyard") reads naturally
            object.__setattr__(self, "zone", _zone(self.zone))
        if not isinstance(self.effects, tuple):
            object.__setattr__(self, "effects", tuple(self.effects))
        _number(self.timestamp, "timestamp")
        if self.face_down and self.zone is not Zone.BATTLEFIELD:
            raise SituationError(
                "face_down", f"only a permanent can be face down here (708.2a), not a card "
                f"in the {self.zone}")
        if isinstance(self.card, str) and (self.copy_of is None
                                           or self.zone is not Zone.BATTLEFIELD):
            raise SituationError(
                "card", f"{self.card!r} is not a leveler card; only a copy on the battlefield "
                "(copy_of) can have another card's copiable values (707.2, 400.7)")

    @property
    def name(self) -> str:
        """The name of the object's own card."""
        return self.card if isinstance(self.card, str) else self.card.name


# --------------------------------------------------------------------------- pool lookup


@functools.lru_cache(maxsize=1)
def bundled_pool() -> Mapping[str, LevelerCard]:
    """The bundled printed pool, loaded once (read-only)."""
    return MappingProxyType(load_pool())


def find_card(pool: Mapping[str, LevelerCard], name: str) -> LevelerCard | None:
    """The card called ``name`` in ``pool`` (any case, or a printed translation), or None."""
    if name in pool:
        return pool[name]
    wanted = name.strip().casefold()
    for card in pool.values():
        if any(n.casefold() == wanted for n in (card.name, *(t.name for t in card.translations))):
            return card
    return None


def _unknown_card(path: str, name: str, pool: Mapping[str, LevelerCard]) -> SituationError:
    close = difflib.get_close_matches(name, list(pool), n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
    return SituationError(path, f"no card named {name!r} in the pool{hint}")


# --------------------------------------------------------------------------- field readers


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__


def _whole(value: object, path: str, *, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise SituationError(path, f"expected a whole number, got {value!r}")
    number = int(value)
    if minimum is not None and number < minimum:
        what = "counters" if path.startswith("counters") else "it"
        raise SituationError(path, f"{what} cannot be negative, got {number}")
    return number


def _number(value: object, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise SituationError(path, f"expected a number, got {value!r}")
    if not math.isfinite(float(value)):
        raise SituationError(path, f"expected a finite number, got {value!r}")
    return value  # type: ignore[return-value]  # keep ints as ints for display


def _bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise SituationError(path, f"expected true or false, got {value!r}")
    return value


def _text(value: object, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise SituationError(path, f"expected a non-empty string, got {value!r}")
    return value.strip()


def _object(value: object, path: str, allowed: Sequence[str]) -> Mapping[str, Any]:
    """A JSON object whose keys are all in ``allowed`` (typos must not silently do nothing)."""
    if not isinstance(value, Mapping):
        raise SituationError(path, f"expected a JSON object, got {_kind(value)}")
    for key in value:
        if key not in allowed:
            close = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise SituationError(_join(path, str(key)),
                                 f"unknown key (expected one of {', '.join(allowed)}){hint}")
    return value


def _require(data: Mapping[str, Any], key: str, path: str) -> Any:
    if key not in data:
        raise SituationError(_join(path, key), "required field is missing")
    return data[key]


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


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
             "effects", "timing")
_COUNTER_KEYS = ("level", "+1/+1", "-1/-1")
_TIMING_KEYS = ("controller_has_priority", "own_turn", "main_phase", "stack_empty")
_COPY_KEYS = ("card", "except", "timestamp")
_EFFECT_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # type: (required fields, optional fields)
    "set_base_pt": (("power", "toughness", "timestamp"), ("source",)),
    "modify_pt": (("power", "toughness"), ("timestamp", "source")),
    "switch_pt": (("timestamp",), ("source",)),
    "lose_all_abilities": (("timestamp",), ("source",)),
    "gain_ability": (("ability", "timestamp"), ("source",)),
}


def _zone(value: object) -> Zone:
    if not isinstance(value, str | Zone):
        raise SituationError("zone", f"expected a zone name, got {value!r}")
    try:
        return Zone.coerce(value)
    except ValueError as error:
        raise SituationError("zone", str(error)) from None


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
    if "except" in data:
        exceptions = _object(data["except"], "copy_of.except", ("power", "toughness"))
        if "power" in exceptions:
            power = _whole(exceptions["power"], "copy_of.except.power")
        if "toughness" in exceptions:
            toughness = _whole(exceptions["toughness"], "copy_of.except.toughness")
    timestamp = None
    if data.get("timestamp") is not None:
        timestamp = _number(data["timestamp"], "copy_of.timestamp")
    return CopyOf(card, power, toughness, timestamp)


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
        else:  # ability, source
            fields[key] = _text(raw, where)
    cls = next(c for c in _EFFECT_CLASSES if c.type == kind)
    return cls(**fields)


def _effects(value: object) -> tuple[Effect, ...]:
    if not isinstance(value, list | tuple):
        raise SituationError("effects", f"expected a list, got {_kind(value)}")
    return tuple(_effect(item, f"effects[{index}]") for index, item in enumerate(value))


# --------------------------------------------------------------------------- public


def parse_situation(
    data: Mapping[str, Any], pool: Mapping[str, LevelerCard] | None = None
) -> Situation:
    """Validate a situation mapping (format version 1) and return a :class:`Situation`.

    Names are looked up in ``pool`` (default: the bundled printed pool). Raises
    :class:`SituationError` naming the field, or :class:`~leveler.text.CardTextError`
    (also a ValueError) prefixed with ``card.oracle_text`` for a custom card's bad text.

    >>> s = parse_situation({"card": "Student of Warfare", "counters": {"level": 3}})
    >>> s.card.name, s.counters.level, s.zone.value
    ('Student of Warfare', 3, 'battlefield')
    >>> parse_situation({"card": "Student of Warfare", "timestamp": "soon"})
    Traceback (most recent call last):
    ...
    leveler.situation.SituationError: timestamp: expected a number, got 'soon'
    """
    pool = bundled_pool() if pool is None else pool
    top = _object(data, "", _TOP_KEYS) if isinstance(data, Mapping) else None
    if top is None:
        raise SituationError("situation", f"expected a JSON object, got {_kind(data)}")
    if "version" in top and (isinstance(top["version"], bool)
                             or top["version"] != FORMAT_VERSION):
        raise SituationError("version", f"this is format version {FORMAT_VERSION}, "
                             f"got {top['version']!r}")
    zone = _zone(top.get("zone", Zone.BATTLEFIELD.value))
    copy_of = _copy_of(top.get("copy_of"), pool)
    card = _card(_require(top, "card", ""), "card", pool,
                 other_name_ok=copy_of is not None and zone is Zone.BATTLEFIELD)
    return Situation(
        card=card,
        zone=zone,
        counters=_counters(top.get("counters", {})),
        timestamp=_number(top.get("timestamp", 0), "timestamp"),
        face_down=_bool(top.get("face_down", False), "face_down"),
        copy_of=copy_of,
        effects=_effects(top.get("effects", [])),
        timing=_timing(top.get("timing", {})),
    )


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
    for key in ("ability", "power", "toughness", "timestamp", "source"):
        value = getattr(effect, key, None)
        if value is not None:
            data[key] = value
    return data


def situation_to_dict(
    situation: Situation, pool: Mapping[str, LevelerCard] | None = None
) -> dict[str, Any]:
    """The situation as JSON-ready data, every field written out; parses back equal.

    A card equal to the pool's card of that name is written as its name, any other as a
    card object (its text from :func:`~leveler.text.format_card`).
    """
    pool = bundled_pool() if pool is None else pool
    copy_of: dict[str, Any] | None = None
    if situation.copy_of is not None:
        copy = situation.copy_of
        copy_of = {"card": _card_to_json(copy.card, pool)}
        exceptions = {key: value for key, value in
                      (("power", copy.power), ("toughness", copy.toughness)) if value is not None}
        if exceptions:
            copy_of["except"] = exceptions
        if copy.timestamp is not None:
            copy_of["timestamp"] = copy.timestamp
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
    }
