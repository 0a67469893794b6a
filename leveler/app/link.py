"""The app's state in the page's URL: a plain state dict <-> query parameters.

A link reproduces a screen: the tab, the card, the level counters, the zone, the
language, the pool filters and the What if… tab's controls are query parameters
(``mo.query_params()``). What a link holds is untrusted, like every byte from the page:
:func:`read` keeps only the known keys, each value checked against its :class:`Field`
(a known choice, a count in range, a short printable text, a flag, a row of known
effect lines, a short decimal); a value that is too long, unknown or malformed is ignored
and the default kept, and a query string over :data:`MAX_QUERY` characters is ignored
whole. Nothing here raises on what a link holds.

:func:`write` is the other way (only the values that differ from the default, so a link
stays short), :func:`changes` what to set and delete to bring the URL from one state to
the next. The notebook reads the URL once per session and writes it from the controls'
``on_change``; no cell refers to the query parameters object, so a write re-runs nothing.
Pure functions: no marimo here.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import urlencode

__all__ = [
    "COUNTERS_STOP",
    "COUNTER_KEYS",
    "EMPTY_SLOT",
    "LIST_SEPARATOR",
    "MAX_ITEMS",
    "MAX_PACKED",
    "MAX_QUERY",
    "MAX_VALUE",
    "PACKED_KEY",
    "TABS",
    "TIMESTAMP_STOP",
    "WHATIF_KEYS",
    "Choice",
    "Choices",
    "Count",
    "Field",
    "Flag",
    "Number",
    "Packed",
    "QueryTarget",
    "Screen",
    "Slots",
    "Text",
    "changes",
    "defaults",
    "label_of",
    "labels_of",
    "linked_presets",
    "names",
    "preset_slots_value",
    "query_fits",
    "read",
    "refit",
    "screen_schema",
    "whatif_start",
    "write",
]

MAX_QUERY = 4000
"""Characters a whole query string may hold (URL-encoded, ``key=value&...``); a longer
one is ignored whole."""

MAX_VALUE = 200
"""Characters one value may hold; a longer one is ignored."""

MAX_ITEMS = 64
"""Items one key may list (a multiselect's choices); more and the key is ignored."""

MAX_PACKED = 3000
"""Characters of a packed What if… situation (:class:`Packed`): with the other keys' few
hundred, the whole query stays under :data:`MAX_QUERY`."""

LIST_SEPARATOR = "~"
"""Between the items of one key (``colour=White~Blue``): marimo gives a notebook only the
last value of a repeated key, so a list is one value. No option of the app holds it (an
option that did could not be kept in a link: :func:`write` leaves out what does not read
back)."""

Value = str | int | float | bool | tuple[str, ...] | None
"""What a state dict holds per key."""

Params = Mapping[str, object]
"""Query parameters as marimo gives them: key -> a str, or a list of str for a repeated key
(typed ``object``: a link may hold anything)."""


def _one(raw: object, limit: int = MAX_VALUE) -> str | None:
    """The one string of a query value, or None (a repeated key, not a string, longer than
    ``limit``)."""
    if isinstance(raw, list) and len(raw) == 1:
        raw = raw[0]
    if not isinstance(raw, str) or len(raw) > limit:
        return None
    return raw


def _many(raw: object) -> list[str] | None:
    """The items of a query value, written as one text joined by :data:`LIST_SEPARATOR`
    (marimo hands a notebook only the last value of a repeated key), or None (not a
    string, too many items, one too long)."""
    text = _one(raw, MAX_QUERY)
    if text is None:
        return None
    items = text.split(LIST_SEPARATOR) if text else []
    if len(items) > MAX_ITEMS or any(len(item) > MAX_VALUE for item in items):
        return None
    return items


class Field:
    """How one key is read from a link and written back; ``default`` when absent or bad."""

    default: Value

    def parse(self, raw: object) -> Value:
        """The value ``raw`` means, or ``self.default`` when it means none."""
        raise NotImplementedError

    def render(self, value: Value) -> str | list[str]:
        """``value`` as query text (``parse(render(v)) == v`` for a valid ``v``)."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Choice(Field):
    """One of ``options`` (a tab, a card name, a zone, a language), matched exactly."""

    options: tuple[str, ...]
    default: str | None = None

    def parse(self, raw: object) -> Value:
        text = _one(raw)
        return text if text is not None and text in self.options else self.default

    def render(self, value: Value) -> str | list[str]:
        return str(value)


@dataclass(frozen=True, slots=True)
class Choices(Field):
    """Some of ``options`` (a multiselect), each once, in the order given; an unknown
    option is dropped, the others kept."""

    options: tuple[str, ...]
    default: tuple[str, ...] = ()

    def parse(self, raw: object) -> Value:
        items = _many(raw)
        if items is None:
            return self.default
        known = set(self.options)
        return tuple(dict.fromkeys(item for item in items if item in known))

    def render(self, value: Value) -> str | list[str]:
        return LIST_SEPARATOR.join(value) if isinstance(value, tuple) else ""


EMPTY_SLOT = "-"
"""How :class:`Slots` writes an empty slot."""


@dataclass(frozen=True, slots=True)
class Slots(Field):
    """A row of at most ``limit`` slots (the What if… effect lines), in order, each one of
    ``options`` or empty (written :data:`EMPTY_SLOT`), repeats allowed; trailing empty
    slots are left out. One unknown option, or too many slots, and the whole row is the
    default."""

    options: tuple[str, ...]
    limit: int
    default: tuple[str, ...] = ()

    def parse(self, raw: object) -> Value:
        items = _many(raw)
        if items is None or len(items) > self.limit:
            return self.default
        known = {*self.options, EMPTY_SLOT}
        if not all(item in known for item in items):
            return self.default
        while items and items[-1] == EMPTY_SLOT:
            items = items[:-1]
        return tuple(items)

    def render(self, value: Value) -> str | list[str]:
        return LIST_SEPARATOR.join(value) if isinstance(value, tuple) else ""


@dataclass(frozen=True, slots=True)
class Number(Field):
    """A number above ``-stop`` and below ``stop`` with at most ``places`` decimals, written
    in ASCII digits, a point and maybe a minus (a What if… timestamp, 613.7); the default
    when absent."""

    stop: int
    places: int = 2
    default: float | None = None

    def parse(self, raw: object) -> Value:
        text = _one(raw)
        whole, point, decimals = (text or "").removeprefix("-").partition(".")
        if not (whole.isascii() and whole.isdigit() and len(whole) <= 9) or (
                point and not (decimals.isascii() and decimals.isdigit()
                               and len(decimals) <= self.places)):
            return self.default
        number = float(text or 0)
        if abs(number) >= self.stop:
            return self.default
        return int(number) if number.is_integer() else number

    def render(self, value: Value) -> str | list[str]:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return ""
        return f"{value:.{self.places}f}".rstrip("0").rstrip(".")


@dataclass(frozen=True, slots=True)
class Count(Field):
    """A whole number in ``range(start, stop)`` written in ASCII digits (level counters)."""

    start: int
    stop: int
    default: int = 0

    def parse(self, raw: object) -> Value:
        text = _one(raw)
        # isascii: int() also reads '٣' and '1_0', which no link of ours holds
        if text is None or not text.isascii() or not text.isdigit() or len(text) > 9:
            return self.default
        number = int(text)
        return number if self.start <= number < self.stop else self.default

    def render(self, value: Value) -> str | list[str]:
        return str(value)


@dataclass(frozen=True, slots=True)
class Text(Field):
    """Free text typed in a box (a name search, a band query): at most ``limit``
    characters, none of them a control or unassigned character."""

    limit: int = 100
    default: str = ""

    def parse(self, raw: object) -> Value:
        text = _one(raw)
        if text is None or len(text) > self.limit:
            return self.default
        if any(unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn") for char in text):
            return self.default
        return text

    def render(self, value: Value) -> str | list[str]:
        return str(value)


@dataclass(frozen=True, slots=True)
class Flag(Field):
    """On or off, written ``1`` or ``0``."""

    default: bool = False

    def parse(self, raw: object) -> Value:
        text = _one(raw)
        return {"1": True, "0": False}.get(text or "", self.default)

    def render(self, value: Value) -> str | list[str]:
        return "1" if value else "0"


_BASE64URL = re.compile(r"[A-Za-z0-9_-]+")


@dataclass(frozen=True, slots=True)
class Packed(Field):
    """Opaque base64url text of at most ``limit`` characters (a loaded What if… situation,
    :mod:`leveler.app.situation_link`): only its length and alphabet are checked here,
    what it holds by whoever unpacks it."""

    limit: int = MAX_PACKED
    default: str | None = None

    def parse(self, raw: object) -> Value:
        text = _one(raw, self.limit)
        return text if text is not None and _BASE64URL.fullmatch(text) else self.default

    def render(self, value: Value) -> str | list[str]:
        return "" if value is None else str(value)


Schema = Mapping[str, Field]
"""The keys a link may hold, each with its field."""


def defaults(schema: Schema) -> dict[str, Value]:
    """The state of a page opened without a link."""
    return {key: field.default for key, field in schema.items()}


def _query_length(params: Mapping[object, object]) -> int | None:
    """Length of ``params`` URL-encoded, or None when it is not a mapping of text."""
    pairs: list[tuple[str, str]] = []
    for key, raw in params.items():
        if not isinstance(key, str):
            return None
        items = raw if isinstance(raw, list) else [raw]
        for item in items:
            if not isinstance(item, str):
                return None
            pairs.append((key, item))
            if len(pairs) > MAX_ITEMS * 4:
                return None
    return len(urlencode(pairs, errors="surrogatepass"))


def read(params: object, schema: Schema) -> dict[str, Value]:
    """The state a link asks for: each known key parsed by its field, the default for a
    key absent, malformed or not allowed; every default when ``params`` is not a mapping
    of text or is longer than :data:`MAX_QUERY` (URL-encoded). Never raises on ``params``."""
    state = defaults(schema)
    if not isinstance(params, Mapping):
        return state
    length = _query_length(params)
    if length is None or length > MAX_QUERY:
        return state
    for key, field in schema.items():
        if key in params:
            state[key] = field.parse(params[key])
    return state


def query_fits(state: Mapping[str, Value], schema: Schema) -> bool:
    """Whether the link of ``state`` is short enough to be read back (:data:`MAX_QUERY`)."""
    return len(urlencode(write(state, schema), doseq=True)) <= MAX_QUERY


def write(state: Mapping[str, Value], schema: Schema) -> dict[str, str | list[str]]:
    """The query parameters for ``state``: every known key whose value is valid and not
    its default (a link names only what was changed)."""
    params: dict[str, str | list[str]] = {}
    for key, field in schema.items():
        value = state.get(key, field.default)
        if value == field.default:
            continue
        rendered = field.render(value)
        if field.parse(rendered) == value and rendered not in ("", []):
            params[key] = rendered
    return params


def refit(state: Mapping[str, Value], schema: Schema) -> dict[str, Value]:
    """``state`` checked against another ``schema`` (a new pool: a card it lacks is the
    default again): what its link would mean there."""
    return read(write(state, schema), schema)


def changes(current: Params, state: Mapping[str, Value],
            schema: Schema) -> tuple[dict[str, str | list[str]], list[str]]:
    """What to set and which keys to delete so the URL ``current`` holds ``state``;
    keys outside ``schema`` (another part of the app's, such as ``draft``) are left as
    they are."""
    wanted = write(state, schema)
    to_set = {key: value for key, value in wanted.items()
              if _normal(current.get(key)) != _normal(value)}
    to_delete = [key for key in schema if key in current and key not in wanted]
    return to_set, to_delete


def _normal(raw: object) -> object:
    """A query value compared as marimo keeps it: one string, or a list of two or more."""
    if isinstance(raw, list) and len(raw) == 1:
        return raw[0]
    return raw


def names(items: Iterable[str]) -> tuple[str, ...]:
    """``items`` as the options of a field, in order, each once."""
    return tuple(dict.fromkeys(items))


TABS = ("pool", "card", "whatif", "balance", "bench")
"""The tabs as a link names them (the same in every language; the words are ``tab_<id>``)."""

COUNTERS_STOP = 10**9
"""What if… counters a link may set: fewer than this (nine digits)."""

TIMESTAMP_STOP = 10**6
"""What if… timestamps (613.7) a link may set: between minus and plus this, kept to two
decimals."""


def screen_schema(*, cards: Iterable[str], levels: range, zones: Iterable[str],
                  languages: Iterable[str], colours: Iterable[str] = (),
                  rarities: Iterable[str] = (), sets: Iterable[str] = (),
                  whatif_cards: Iterable[str] = (), casters: Iterable[str] = ("usual",),
                  presets: Iterable[str] = (), preset_slots: int = 0,
                  sorts: Iterable[str] = ("Name",),
                  default_card: str | None = None, default_language: str = "en",
                  default_zone: str = "battlefield") -> dict[str, Field]:
    """The keys of the explorer's link, for a pool with ``cards`` (names), the slider's
    ``levels``, the ``zones`` and ``languages`` (codes) offered, the filters' choices
    (English option values), the What if… card names, casters and its ``preset_slots``
    effect lines of ``presets``, the sort keys (the first is the default)."""
    card_names = names(cards)
    whatif_names = names(whatif_cards) or card_names
    zone_codes = names(zones)
    first = default_card if default_card in card_names else next(iter(card_names), None)
    return {
        "tab": Choice(TABS, TABS[0]),
        "lang": Choice(names(languages), default_language),
        "card": Choice(card_names, first),
        "level": Count(levels.start, levels.stop, levels.start),
        "zone": Choice(zone_codes, default_zone),
        "colour": Choices(names(colours)),
        "rarity": Choices(names(rarities)),
        "set": Choices(names(sets)),
        "name": Text(),
        "q": Text(limit=MAX_VALUE),
        "sort": Choice(names(sorts), next(iter(names(sorts)), None)),
        "desc": Flag(),
        "wi.card": Choice(whatif_names, first if first in whatif_names else None),
        "wi.level": Count(0, COUNTERS_STOP),
        "wi.plus": Count(0, COUNTERS_STOP),
        "wi.minus": Count(0, COUNTERS_STOP),
        "wi.zone": Choice(zone_codes, default_zone),
        "wi.face": Flag(),
        "wi.caster": Choice(names(casters), next(iter(names(casters)), None)),
        "wi.time": Number(TIMESTAMP_STOP),
        "wi.presets": Slots(names(presets), min(preset_slots, MAX_ITEMS)),
        PACKED_KEY: Packed(),
    }


class QueryTarget(Protocol):
    """What :class:`Screen` writes a link to: marimo's ``mo.query_params()`` is one."""

    def to_dict(self) -> Mapping[str, Any]: ...

    def set(self, key: str, value: str | list[str]) -> None: ...

    def remove(self, key: str, value: str | None = None) -> None: ...


class Screen:
    """One session's state: read from the page's link, then kept as controls change.

    ``fit`` takes the schema of the pool shown (again after a pool change: a card the
    new pool lacks is the default again); ``get`` gives a control its starting value,
    so a control remade (a language switch) keeps its value; ``set`` keeps a control's
    new value (and writes the link when given ``target``, ``mo.query_params()``); ``sync``
    writes the link (the app's :class:`leveler.app.link_later.LinkWriter` calls it a
    moment after the last change). A value the schema refuses is not kept. A plain
    object: writing it re-runs no cell.
    """

    def __init__(self, params: object) -> None:
        self.params: object = params
        self.schema: dict[str, Field] = {}
        self.state: dict[str, Value] = {}

    def fit(self, schema: Schema) -> dict[str, Value]:
        """The state under ``schema``: the link's, with what the controls changed since
        (under the schema fitted before) over it, checked again."""
        source: object = self.params
        if isinstance(self.params, Mapping):
            source = {key: value for key, value in self.params.items()
                      if key not in self.schema} | write(self.state, self.schema)
        self.schema = dict(schema)
        self.state = read(source, self.schema)
        return self.state

    def get(self, key: str) -> Value:
        """The kept value of ``key`` (the link's, until a control changes it); None for a
        key outside the schema."""
        return self.state.get(key)

    def reset(self, keys: Iterable[str], target: QueryTarget | None = None) -> None:
        """Put ``keys`` back to their defaults (a control's "start over") and write the link."""
        for key in keys:
            field = self.schema.get(key)
            if field is not None:
                self.set(key, field.default, target)

    def set(self, key: str, value: object, target: QueryTarget | None = None) -> bool:
        """Keep ``value`` for ``key`` and bring ``target``'s link up to date; False (and
        nothing kept) for a key or value the schema refuses."""
        field = self.schema.get(key)
        if field is None:
            return False
        if isinstance(value, list):
            value = tuple(value)
        if not isinstance(value, str | int | float | bool | tuple) and value is not None:
            return False
        try:
            parsed = field.parse(field.render(value))
        except (TypeError, ValueError):
            return False
        if parsed != value:
            return False
        self.state[key] = value
        if target is not None:
            self.sync(target)
        return True

    def sync(self, target: QueryTarget) -> int:
        """Bring ``target``'s link up to date with the kept state; how many keys it wrote
        (0 when it already held the state: nothing is sent)."""
        to_set, to_delete = changes(target.to_dict(), self.state, self.schema)
        for name, text in to_set.items():
            target.set(name, text)
        for name in to_delete:
            target.remove(name)
        return len(to_set) + len(to_delete)


def label_of(options: Mapping[str, object], value: object) -> str | None:
    """The label of ``value`` among a dropdown's ``options`` (label -> value), else None:
    what a remade control is given as ``value=``."""
    return next((label for label, option in options.items() if option == value), None)


def labels_of(options: Mapping[str, object], values: Iterable[object]) -> list[str]:
    """The labels of ``values`` among a multiselect's ``options``, unknown ones left out."""
    wanted = list(values)
    return [label for label, option in options.items() if option in wanted]


PACKED_KEY = "wi.file"
"""The key of a loaded What if… situation, packed whole (:mod:`leveler.app.situation_link`;
the file's contents, never its name: the page names no file)."""

WHATIF_KEYS = ("wi.card", "wi.level", "wi.plus", "wi.minus", "wi.zone", "wi.face",
               "wi.caster", "wi.time", "wi.presets", PACKED_KEY)
"""The What if… tab's keys in a link: its controls, or a loaded situation packed whole
(:data:`PACKED_KEY`, which then stands for them all)."""

COUNTER_KEYS: Mapping[str, str] = {"level": "wi.level", "+1/+1": "wi.plus", "-1/-1": "wi.minus"}
"""The What if… counters, as the situation names them (122.1), -> their keys in a link."""


def whatif_start(start: Mapping[str, Any], state: Mapping[str, Value],
                 cards: Mapping[str, object]) -> dict[str, Any]:
    """The What if… situation ``start`` with the link's basic controls over it: the card
    (when one of the dropdown's ``cards`` values), the level, +1/+1 and -1/-1 counters, the
    zone and face down, each only when the link sets it (not its default)."""
    linked = {**start, "counters": dict(start.get("counters", {}))}
    card = state.get("wi.card")
    if card is not None and card in cards.values():
        linked["card"] = card
    for counter, key in COUNTER_KEYS.items():
        if state.get(key):
            linked["counters"][counter] = state[key]
    if state.get("wi.zone") and state["wi.zone"] != "battlefield":
        linked["zone"] = state["wi.zone"]
    if state.get("wi.face"):
        linked["face_down"] = True
    if state.get("wi.time") is not None:
        linked["timestamp"] = state["wi.time"]
    return linked


def linked_presets(state: Mapping[str, Value], slots: int) -> list[str | None]:
    """The What if… effect lines the link sets, ``slots`` of them, None for an empty one."""
    picked = state.get("wi.presets")
    chosen = [None if name == EMPTY_SLOT else name
              for name in (picked if isinstance(picked, tuple) else ())]
    return [chosen[line] if line < len(chosen) else None for line in range(slots)]


def preset_slots_value(chosen: Iterable[str | None]) -> tuple[str, ...]:
    """The effect lines' dropdown values as the link keeps them: :data:`EMPTY_SLOT` for an
    empty line, none after the last chosen one."""
    values = [name or EMPTY_SLOT for name in chosen]
    while values and values[-1] == EMPTY_SLOT:
        values.pop()
    return tuple(values)
