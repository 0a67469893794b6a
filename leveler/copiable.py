"""Layers 1 and 4 of a situation: the copiable values (613.2) and the object's types (613.1d).

- layer 1a, copy effects: printed text, level symbols and level up, never counters (707.2;
  ruling 4); exceptions become copiable (707.9a/b); a copy of a face-down object copies the
  face-down values, its own exceptions on top.
- layer 1b, face down: a 2/2 with no name, no subtypes and no abilities (708.2a).
- layer 4: type-changing effects in timestamp order; a static that covers creatures does
  not cover a noncreature from layer 6 on (613.6).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from leveler.grants import split_type_line
from leveler.model import LevelerCard
from leveler.situation import AddTypes, CopyOf, SetTypes, Situation
from leveler.trace import (
    RULING,
    Listing,
    Param,
    Phrase,
    Symbol,
    Trace,
    level_up_words,
    order_key,
    pt,
    source,
    ts,
)

__all__ = ["Copiable", "covered", "layer_1", "layer_4"]


@dataclass(frozen=True, slots=True)
class Copiable:
    """The copiable values after layer 1 (613.2c): a card, or face-down values (card None)."""

    card: LevelerCard | None
    band_timestamp: float
    """The timestamp of its level symbols' effects (613.7a)."""
    decided_by: tuple[str, ...] = ()
    card_types: tuple[str, ...] = ("Creature",)
    subtypes: tuple[str, ...] = ()
    added_abilities: tuple[str, ...] = ()
    """Abilities a copy exception grants (707.9a), after the printed ones."""
    face_pt: tuple[int, int] = (2, 2)
    """P/T of face-down values (708.2a), or a copy exception's on top of them (707.9b)."""

    @property
    def power(self) -> int:
        """The uppermost box, or 2 face down (708.2a)."""
        return self.card.power if self.card else self.face_pt[0]

    @property
    def toughness(self) -> int:
        return self.card.toughness if self.card else self.face_pt[1]

    @property
    def printed_abilities(self) -> tuple[str, ...]:
        if self.card is None:
            return self.added_abilities
        return (*self.card.abilities, self.card.level_up_ability, *self.added_abilities)


# --------------------------------------------------------------------------- layer 1


def _face_down_values(band_ts: float) -> Copiable:
    """A 2/2 creature with no name, no subtypes, no text, no abilities (708.2a)."""
    return Copiable(None, band_ts, card_types=("Creature",))


def layer_1(situation: Situation, trace: Trace) -> Copiable:
    """Copiable values: the printed card (613.1), copy effects (1a), face down (1b)."""
    own_ts = situation.timestamp
    copy = situation.copy_of
    added: tuple[str, ...] = ()
    if copy is None:
        assert isinstance(situation.card, LevelerCard)
        card = situation.card
        band_ts = own_ts
        trace.add("1", "as_printed", "613.1", name=situation.name,
                  pt=pt(card.power, card.toughness),
                  level_up=level_up_words(card.level_up_ability),
                  bands=Listing(tuple(Symbol.of(b) for b in card.bands), "comma"))
        extra: tuple[str, ...] = ()
        types, subtypes = split_type_line(card.type_line)
    elif copy.face_down:
        if situation.face_down:
            trace.add("1a", "copy_of_face_down_object", "707.2")
        else:
            trace.add("1a", "copy_of_face_down", "707.2, 708.2a", name=situation.name,
                      original=copy.card.name)
        copiable = _face_down_values(own_ts)
        if copy.has_exceptions:  # Quicksilver Gargantuan, Phantasmal Image: still apply
            copiable = Copiable(
                None, own_ts, card_types=("Creature", *copy.add_types),
                subtypes=copy.add_subtypes, added_abilities=copy.add_abilities,
                face_pt=(2 if copy.power is None else copy.power,
                         2 if copy.toughness is None else copy.toughness))
            trace.add("1a", "copy_exceptions_face_down", "707.9a, 707.9b",
                      exceptions=_exceptions(copy))
        return copiable if not situation.face_down else _layer_1b(situation, copiable, trace)
    else:
        card = copy.card
        copy_ts = own_ts if copy.timestamp is None else copy.timestamp
        band_ts = max(own_ts, copy_ts)
        trace.add("1a", "copy_of", f"707.2, {RULING} #4", name=situation.name,
                  original=card.name,
                  level_up=level_up_words(card.level_up_ability))
        extra = ("707.2",)
        types, subtypes = split_type_line(card.type_line)
        if copy.power is not None or copy.toughness is not None:
            power = card.power if copy.power is None else copy.power
            toughness = card.toughness if copy.toughness is None else copy.toughness
            card = replace(card, power=power, toughness=toughness)
            trace.add("1a", "copy_except_pt", "707.9b", pt=pt(power, toughness))
            extra += ("707.9b",)
        if copy.add_types or copy.add_subtypes:
            types = (*types, *(t for t in copy.add_types if t not in types))
            subtypes = (*subtypes, *(t for t in copy.add_subtypes if t not in subtypes))
            trace.add("1a", "copy_except_types", "707.9b",
                      types=Listing((*copy.add_types, *copy.add_subtypes), "comma"))
        if copy.add_abilities:
            added = copy.add_abilities
            trace.add("1a", "copy_except_abilities", "707.9a",
                      abilities=Listing(added, "semicolon"))
        if copy_ts > own_ts:
            trace.add("1a", "copy_timestamp_later", "613.7a", copy=ts(copy_ts), own=ts(own_ts))
    copiable = Copiable(card, band_ts, extra, types, subtypes, added)
    return _layer_1b(situation, copiable, trace) if situation.face_down else copiable


def _exceptions(copy: CopyOf) -> Listing:
    """A copy effect's exceptions (707.9a, 707.9b), as words by key."""
    parts: list[Param] = []
    if copy.power is not None or copy.toughness is not None:
        power = 2 if copy.power is None else copy.power
        toughness = 2 if copy.toughness is None else copy.toughness
        parts.append(Phrase("exception_pt", (("pt", pt(power, toughness)),)))
    if copy.add_types or copy.add_subtypes:
        parts.append(Phrase("exception_types",
                            (("types", " ".join((*copy.add_types, *copy.add_subtypes))),)))
    parts += copy.add_abilities
    return Listing(tuple(parts), "semicolon")


def _layer_1b(situation: Situation, copiable: Copiable, trace: Trace) -> Copiable:
    trace.add("1b", "face_down", "708.2a")
    return _face_down_values(copiable.band_timestamp)


# --------------------------------------------------------------------------- layer 4


def layer_4(situation: Situation, copiable: Copiable,
             trace: Trace) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Type-changing effects in timestamp order (613.1d, 613.3)."""
    types, subtypes = copiable.card_types, copiable.subtypes
    changes = sorted((order_key(situation, e.timestamp, i, e), e)
                     for i, e in enumerate(situation.effects)
                     if isinstance(e, SetTypes | AddTypes))
    for (timestamp, _, _), effect in changes:
        who = source(effect)
        if isinstance(effect, SetTypes):
            types = effect.card_types
            if effect.subtypes is not None:
                subtypes = effect.subtypes
            elif "Creature" not in types and "Kindred" not in types:
                subtypes = ()  # creature types need a creature or kindred card type (205.3d)
            trace.add("4", "types_set", "613.1d, 205.1a", who=who, timestamp=ts(timestamp),
                      types=" ".join((*types, *subtypes)) or Phrase("no_type"))
        else:
            types = (*types, *(t for t in effect.card_types if t not in types))
            subtypes = (*subtypes, *(t for t in effect.subtypes if t not in subtypes))
            trace.add("4", "types_added", "613.1d, 205.1b", who=who, timestamp=ts(timestamp),
                      types=" ".join((*effect.card_types, *effect.subtypes)))
    if changes and "Creature" not in types:
        trace.add("4", "not_a_creature_levels", "208.3")
    return types, subtypes


def covered(situation: Situation, types: tuple[str, ...], trace: Trace) -> Situation:
    """Set aside the statics that cover creatures when it is not one after layer 4: they
    apply from layer 6 on, to the objects they cover then (613.1d before 613.1f, 613.6)."""
    if "Creature" in types:
        return situation
    kept = []
    for effect in situation.effects:
        if effect.affects == "creatures" and not isinstance(effect, SetTypes | AddTypes):
            trace.add("4", "covers_creatures", "613.6, 613.1d",
                      who=source(effect, Phrase("a_type_effect", (("type", effect.type),))))
        else:
            kept.append(effect)
    return replace(situation, effects=tuple(kept))
