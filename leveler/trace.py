"""Trace steps of a resolution, their words by key, and timestamp order (CR 613.7).

Each step has a message key and its parameters (:data:`MESSAGES` holds the English words of
every key the core can emit); :func:`word_step` words them with any language's templates, so
the app can show the trace in its own words while ``description`` (the CLI's, the JSON's)
stays English. Within a layer, effects apply in timestamp order (613.7). On a tie between the
object's own static ability and another effect, the object's own comes first (613.7n),
unless the other effect's object entered the battlefield at the same time: then the active
player chose the relative order (613.7m), and the situation's ``entry_order`` says what
they chose.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from leveler.model import LevelBand, Zone
from leveler.situation import Effect, Situation

__all__ = ["MESSAGES", "RULING", "Count", "Listing", "Param", "Phrase", "Place", "Symbol", "Trace",
           "TraceStep", "entry_order_step", "level_up_words", "order_key", "plural", "pt",
           "signed", "source", "ts", "word_step"]

RULING = "ruling 2010-06-15"
"""The five official rulings printed on every Rise of the Eldrazi leveler (rules.md §4)."""


@dataclass(frozen=True, slots=True)
class Count:
    """A number of counters of one kind, worded by the reader: ``2 level counters``
    (``count.<kind>.one`` / ``count.<kind>.other``; kinds ``level``, ``plus``, ``minus``)."""

    count: int
    kind: str


@dataclass(frozen=True, slots=True)
class Place:
    """A zone, worded by the reader as where a card is: ``in the graveyard`` (400.1)."""

    zone: str


@dataclass(frozen=True, slots=True)
class Symbol:
    """A level symbol, worded by the reader: ``LEVEL 2-6``, ``LEVEL 7+`` (711.2; the 2011
    French rules write ``NIVEAU``): ``symbol.closed`` / ``symbol.open``."""

    low: int
    high: int | None

    @classmethod
    def of(cls, band: LevelBand) -> Symbol:
        """The level symbol of ``band``."""
        return cls(band.min_level, band.max_level)


@dataclass(frozen=True, slots=True)
class Phrase:
    """A sub-phrase with its own message key and parameters."""

    key: str
    params: tuple[tuple[str, Param], ...] = ()


@dataclass(frozen=True, slots=True)
class Listing:
    """Items joined by the words ``join.<joiner>`` (``and``, ``then``, ``semicolon``, ``comma``)."""

    items: tuple[Param, ...]
    joiner: str


Param = str | int | Count | Place | Symbol | Phrase | Listing
"""A step's parameter: card data and numbers as they are, the rest worded by the reader."""

MESSAGES: dict[str, str] = {
    # counts, joiners and small phrases
    "count.level.one": "{count} level counter",
    "count.level.other": "{count} level counters",
    "count.plus.one": "{count} +1/+1 counter",
    "count.plus.other": "{count} +1/+1 counters",
    "count.minus.one": "{count} -1/-1 counter",
    "count.minus.other": "{count} -1/-1 counters",
    "symbol.closed": "LEVEL {low}-{high}",
    "symbol.open": "LEVEL {low}+",
    "join.and": " and ",
    "join.then": ", then ",
    "join.semicolon": "; ",
    "join.comma": ", ",
    "level_up": "Level up {cost}",
    "an_effect": "an effect",
    "a_type_effect": "a {type} effect",
    "no_type": "no type",
    "nothing_left": "nothing left to remove",
    "own_timestamp": "the leveler's own",
    "copy_timestamp": "the copy effect's",
    "grants_abilities": "grants {abilities}",
    "grants_nothing": "grants no ability",
    "base_power": "base power {power}",
    "base_toughness": "base toughness {toughness}",
    "band_of": "{band}'s ",
    "when_timestamp": " (timestamp {timestamp})",
    "why_face_down": "face down",
    "why_removed": "its abilities were removed",
    "not_own_turn": "it is not its controller's turn",
    "not_main_phase": "it is not a main phase",
    "stack_not_empty": "the stack is not empty",
    "no_priority": "its controller does not have priority",
    "exception_pt": "P/T {pt}",
    "exception_types": "also {types}",
    # timestamps (613.7m)
    "entry_order": "{cards} entered the battlefield at the same time (timestamp {timestamp}); "
                   "{chosen_by}, the active player, chose their relative order: {order}",
    # layer 1 (613.2, 707, 708)
    "as_printed": "{name} as printed: {pt} in its uppermost box, {level_up}, {bands}",
    "copy_of_face_down_object": "a copy of a face-down object: it copies the face-down values",
    "copy_of_face_down": "{name} is a copy of a face-down permanent (a {original}): it copies "
                         "the face-down values, a 2/2 creature with no name, no subtypes, no "
                         "abilities and no mana cost, not the card; it is face up, and nothing "
                         "can turn it face up as a {original}",
    "copy_exceptions_face_down": "its copy effect's exceptions still apply on top of the "
                                 "face-down values: {exceptions}",
    "copy_of": "{name} is a copy of {original}: it copies the printed text, both level symbols "
               "and {level_up}, not the original's counters or other effects",
    "copy_except_pt": "except it's {pt}: that replaces the uppermost P/T box in its copiable "
                      "values, so below N1 it is {pt} (derived: a literal reading of 711.5 "
                      "could argue for the printed box)",
    "copy_except_types": "except it's also {types} in addition to its other types: part of "
                         "its copiable values",
    "copy_except_abilities": "except it has {abilities}: part of its copiable values, so a "
                             "copy of it has it too",
    "copy_timestamp_later": "its level symbols take the copy effect's timestamp {copy}, later "
                            "than its own {own}",
    "face_down": "face down: a 2/2 creature with no name, no text, no abilities; the level "
                 "symbols and level up are gone (its counters stay)",
    # layer 4 (613.1d)
    "types_set": "{who} (timestamp {timestamp}): it becomes {types}; its other types are gone",
    "types_added": "{who} (timestamp {timestamp}): it is also {types} in addition to its "
                   "other types",
    "not_a_creature_levels": "it is not a creature now: it has no power or toughness (layer 7 "
                             "does not apply), but its level symbols still give their "
                             "abilities (derived: 711.2a says 'this creature'; no ruling on a "
                             "noncreature leveler)",
    "covers_creatures": "{who} covers creatures, and it is not one after layer 4: that effect "
                        "does not apply to it",
    # layer 6 (613.1f)
    "no_symbol_face_down": "{counters} but no level symbol: they do nothing",
    "below_first_band": "{counters}, fewer than N1 = {first}: no level symbol applies",
    "in_a_gap": "{counters}, in a gap between two bands of this design: no level symbol's "
                "range holds it, so no band applies and the printed values stay (derived from "
                "711.2a and 613.1; no printed card has a gap)",
    "other_grants_nothing": "{ability!r} grants nothing to itself: 'other' leaves it out",
    "self_grant": "{whose}{ability!r}: it is one of the {group} you control ({types}), so it "
                  "has {granted} itself",
    "no_self_grant": "{whose}{ability!r}: it is not one of the {group} ({types}), so it "
                     "grants nothing to itself",
    "band_grants": "{counters}: {band} applies and {grants}; {level_up} stays (a leveler's "
                   "own grants overwrite nothing)",
    "band_waits": "{counters} would select {band}, but its effect depends on {removers} "
                  "removing all abilities, which removes the level symbol itself: it waits, "
                  "then no longer exists; no band abilities, no band P/T (derived: the "
                  "standard layer analysis; no leveler-specific ruling)",
    "loses_all": "{who} (timestamp {timestamp}): loses all abilities: {lost}",
    "gains": "{who} (timestamp {timestamp}): gains {ability}",
    # level up (702.87a, 602.5d)
    "level_up_off_battlefield": "cannot be activated: abilities of a card off the battlefield "
                                "do not function, and level up puts a counter on a permanent",
    "no_level_up": "cannot be activated: it has no level up ability now ({why})",
    "level_up_not_now": "{level_up} cannot be activated now: {missing} (only as a sorcery)",
    "level_up_now": "{level_up} can be activated now, at any number of level counters "
                    "(now {level})",
    # another zone (711.6, 400.7)
    "off_battlefield": "{name} {where}: no level symbol applies and it has its uppermost P/T "
                       "box {pt}",
    "copy_left_behind": "the copy effect (of {original}) does not follow a card to another "
                        "zone: it is a new object",
    "counters_do_nothing": "{counters}: they do nothing here",
    "effect_set_aside": "{who} set aside: effects from other sources apply to creatures on "
                        "the battlefield, and a card that changed zones is a new object "
                        "(derived)",
    # layer 7 (613.4)
    "no_cda": "no characteristic-defining ability defines its P/T",
    "no_cda_copiable": "no characteristic-defining ability; P/T starts from the copiable {pt}",
    "no_symbol_base": "no level symbol applies: base P/T stays {pt}, the uppermost box of its "
                      "copiable values",
    "not_a_creature": "not a creature: no power or toughness, so no P/T effect, counter or "
                      "level symbol's P/T box applies",
    "band_sets": "{band} sets base P/T {pt} (timestamp {timestamp}, {whose}, not the last "
                 "counter's)",
    "sets_part": "{who} sets only {part} (timestamp {timestamp}) -> {pt}",
    "sets_base": "{who} sets base P/T {pt} (timestamp {timestamp})",
    "counters_modify": "{counters}: {change} -> {pt}",
    "modifies": "{who}{when}: {change} -> {pt}, whenever it began",
    "switches": "{who} (timestamp {timestamp}) switches power and toughness -> {pt}",
    # state-based actions (704.5)
    "counter_pairs": "{pairs} +1/+1 and {pairs} -1/-1 counter pair(s) will be removed as a "
                     "state-based action; P/T does not change",
    "dies": "toughness {toughness}: it will be put into its owner's graveyard as a "
            "state-based action",
}
"""The English words of every key the core emits (the app's ``trace.<key>`` words)."""


def word_step(key: str, params: tuple[tuple[str, Param], ...],
              templates: Mapping[str, str], *, plural_one: tuple[str, ...] = ("1",),
              where: Callable[[str], str] | None = None) -> str:
    """Message ``key`` with ``params`` in the words ``templates`` (key -> template):
    counts take ``count.<kind>.one`` for the counts in ``plural_one``, zones are worded by
    ``where`` (:attr:`leveler.model.Zone.phrase` by default). Raises KeyError for a key
    the templates lack."""
    def value(item: Param) -> str:
        if isinstance(item, Count):
            number = "one" if str(item.count) in plural_one else "other"
            return templates[f"count.{item.kind}.{number}"].format(count=item.count)
        if isinstance(item, Symbol):
            return (templates["symbol.open"].format(low=item.low) if item.high is None else
                    templates["symbol.closed"].format(low=item.low, high=item.high))
        if isinstance(item, Place):
            return where(item.zone) if where is not None else Zone(item.zone).phrase
        if isinstance(item, Phrase):
            return word_step(item.key, item.params, templates, plural_one=plural_one,
                             where=where)
        if isinstance(item, Listing):
            return templates[f"join.{item.joiner}"].join(value(part) for part in item.items)
        return str(item)
    return templates[key].format(**{name: value(item) for name, item in params})


@dataclass(frozen=True, slots=True)
class TraceStep:
    """One step of the resolution: the layer, what it did, and the rule that says so.

    ``key`` and ``params`` are the same step as words by key (:func:`word_step`), for a
    reader in another language; ``description`` is its English (:data:`MESSAGES`)."""

    layer: str
    """"zone", "1", "1a", "1b", "4", "6", "7", "7a", "7b", "7c", "7d", "sba" or "level up"."""
    description: str
    rule: str
    key: str = field(default="", compare=False)
    params: tuple[tuple[str, Param], ...] = field(default=(), compare=False)


class Trace:
    """The steps, in the order applied."""

    def __init__(self) -> None:
        self.steps: list[TraceStep] = []

    def add(self, layer: str, key: str, rule: str, **params: Param) -> None:
        """Add the step ``key`` (one of :data:`MESSAGES`) with its parameters, in English."""
        ordered = tuple(params.items())
        self.steps.append(TraceStep(layer, word_step(key, ordered, MESSAGES), rule, key,
                                    ordered))


def level_up_words(ability: str) -> Param:
    """A level up ability (702.87a) as words by key when its cost is mana only (``Level up
    {W}``: the reader words the keyword, "Montée de niveau {W}"), else as it reads."""
    keyword = "Level up "
    if ability.startswith(keyword) and ability[len(keyword):].startswith("{"):
        return Phrase("level_up", (("cost", ability[len(keyword):]),))
    return ability


def ts(value: float) -> str:
    """A timestamp as written: 3 rather than 3.0."""
    return str(int(value)) if float(value).is_integer() else str(value)


def pt(power: int, toughness: int) -> str:
    return f"{power}/{toughness}"


def signed(power: int, toughness: int) -> str:
    return f"{power:+d}/{toughness:+d}"


def source(effect: object, fallback: Param = Phrase("an_effect")) -> Param:
    """The effect's source card, or ``fallback`` words when it names none."""
    return getattr(effect, "source", None) or fallback


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def order_key(situation: Situation, timestamp: float, index: int,
              effect: Effect | None) -> tuple[float, int, int]:
    """The sort key of an effect (``effect``) or of the object's own static (None).

    On a timestamp tie the object's own static comes first (613.7n); an effect whose object
    entered together with this one takes the place the active player chose (613.7m).
    """
    order = situation.entry_order.order if situation.entry_order else ()
    if effect is None:
        rank = order.index(situation.name) if situation.name in order else -1
    elif effect.entered_with and effect.source in order:
        rank = order.index(effect.source)
    else:
        rank = len(order) + 1
    return (timestamp, rank, index)


def entry_order_step(situation: Situation, trace: Trace) -> None:
    """Say who chose the order of simultaneous entries, and what they chose (613.7m)."""
    if situation.entry_order is None:
        return
    chosen = situation.entry_order
    trace.add("timestamps", "entry_order", "613.7m",
              cards=Listing(chosen.order, "and"), timestamp=ts(situation.timestamp),
              chosen_by=chosen.chosen_by, order=Listing(chosen.order, "then"))
