"""A leveler in a real situation, resolved layer by layer (CR 613), with the reasoning.

:func:`resolve_situation` takes a situation (a mapping in format version 1 or 2, see
``docs/situations.md``, or a :class:`~leveler.situation.Situation`) and applies:

- zone: off the battlefield, the uppermost P/T box and no band (711.6, 113.6); +1/+1 and
  -1/-1 counters still count (122.1a); effects from other sources are set aside.
- layer 1a, copy effects: printed text, level symbols and level up, never counters
  (707.2; ruling 4 of 2010-06-15); "except it's 7/7", "also an Illusion with [ability]"
  become copiable (707.9a/b); a copy of a face-down object copies its face-down values.
- layer 1b, face down: a 2/2 with no name and no abilities (708.2a).
- layer 4: type-changing effects in timestamp order (613.1d); a noncreature has no P/T
  (208.3), so layer 7 does not apply, but its bands still give abilities.
- layer 6: the band's abilities (711.2a/b) and level up (711.4), ability-adding and
  -removing effects in timestamp order (613.7). An ability-removing effect removes the level
  symbols before they apply, by dependency (613.8a): no band abilities, no band P/T. An
  ability it has that grants an ability to a group it is in grants it to itself (613.1f).
- layer 7a: no characteristic-defining ability on a leveler (613.4a).
- layer 7b: the band's base P/T, with the leveler's own timestamp (ruling 2; 613.7a), and
  other P/T-setting effects, in timestamp order; on a tie the object's own first (613.7n).
- layer 7c: modifying effects and +1/+1, -1/-1 counters, whenever they began (ruling 3).
- layer 7d: switching, last.
- whether level up can be activated now (702.87a, 602.5d, 711.4).

Layers 1 and 4 are in :mod:`leveler.copiable`, layer 7 in :mod:`leveler.layer7`. Each step
is a :class:`TraceStep` naming its rule. Derived answers (no official ruling)
are marked "derived" in their trace step: see ``docs/situations.md``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, overload

from leveler.copiable import Copiable, covered, layer_1, layer_4
from leveler.grants import self_grant, split_type_line
from leveler.layer7 import layer_7b, layer_7c, layer_7d, state_based
from leveler.model import LevelBand, LevelerCard, Zone
from leveler.rules import active_band, below_or_gap
from leveler.situation import (
    GainAbility,
    LoseAllAbilities,
    Situation,
    parse_situation,
)
from leveler.trace import (
    RULING,
    Count,
    Listing,
    Param,
    Phrase,
    Place,
    Symbol,
    Trace,
    TraceStep,
    entry_order_step,
    level_up_words,
    order_key,
    pt,
    source,
    ts,
)

__all__ = ["RULING", "Resolution", "TraceStep", "resolve_situation"]

_LEVEL_UP = re.compile(r"^level up\s*(?:\{|[—–-])", re.IGNORECASE)
"""The level up keyword with its cost (702.87a), not "Level up abilities you activate ..."."""


@dataclass(frozen=True, slots=True)
class Resolution:
    """What the object is now, and why."""

    name: str | None
    """Its name: the copied card's for a copy, None face down (708.2a)."""
    power: int | None
    """Power, None when it is not a creature (208.3)."""
    toughness: int | None
    abilities: tuple[str, ...]
    """Every ability it has now: printed order, level up included while it has it (711.4),
    then gained abilities in timestamp order."""
    band: LevelBand | None
    """The level symbol that applies (711.2a/b), or None."""
    can_level_up: bool
    """Whether its controller could activate level up now (702.87a, 602.5d, 711.4)."""
    trace: tuple[TraceStep, ...]
    citations: tuple[str, ...]
    """The rules that decided the band, the deciding one first (as ``characteristics``)."""
    zone: Zone = Zone.BATTLEFIELD
    card_types: tuple[str, ...] = ("Creature",)
    """Its card types now, after layer 4 (205.2)."""
    subtypes: tuple[str, ...] = ()
    """Its subtypes now (205.3): "Elf", "Illusion"."""

    @property
    def rule(self) -> str:
        """The deciding rule number for the band."""
        return self.citations[0]

    @property
    def has_level_up(self) -> bool:
        """Whether it has a level up ability now (whatever the timing)."""
        return any(_LEVEL_UP.match(ability) for ability in self.abilities)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``leveler resolve --json``)."""
        band = None
        if self.band is not None:
            band = {"label": self.band.label, "min_level": self.band.min_level,
                    "max_level": self.band.max_level, "power": self.band.power,
                    "toughness": self.band.toughness, "abilities": list(self.band.abilities)}
        return {
            "name": self.name, "zone": self.zone.value,
            "power": self.power, "toughness": self.toughness,
            "abilities": list(self.abilities), "band": band,
            "can_level_up": self.can_level_up, "citations": list(self.citations),
            "card_types": list(self.card_types), "subtypes": list(self.subtypes),
            "trace": [{"layer": s.layer, "description": s.description, "rule": s.rule}
                      for s in self.trace],
        }


# --------------------------------------------------------------------------- layer 6


def _candidate_band(copiable: Copiable, level: int, trace: Trace,
                    removed: bool) -> tuple[LevelBand | None, str]:
    """The band the level counters select (711.2a/b), or None below N1 (711.5)."""
    if copiable.card is None:
        if level:
            trace.add("6", "no_symbol_face_down", "708.2a", counters=Count(level, "level"))
        return None, "708.2a"
    band = active_band(copiable.card, level)
    if band is not None:
        return band, band.rule
    why = below_or_gap(copiable.card, level)
    if not removed and why == ("711.5",):
        first = copiable.card.bands[0].min_level if copiable.card.bands else 0
        trace.add("6", "below_first_band", "711.5", counters=Count(level, "level"), first=first)
    elif not removed:
        trace.add("6", "in_a_gap", "711.2a, 613.1", counters=Count(level, "level"))
    return None, why[0]


def _band_grants(band: LevelBand, level: int, level_up: str, trace: Trace) -> None:
    """The band's abilities join the printed ones (711.2a/b, 711.4, ruling 1)."""
    what = (Phrase("grants_abilities", (("abilities", Listing(band.abilities, "comma")),))
            if band.abilities else Phrase("grants_nothing"))
    trace.add("6", "band_grants", f"{band.rule}, 711.4, {RULING} #1",
              counters=Count(level, "level"), band=Symbol.of(band), grants=what,
              level_up=level_up_words(level_up))


def _self_grants(abilities: list[str], band: LevelBand | None, types: tuple[str, ...],
                 subtypes: tuple[str, ...], trace: Trace) -> list[str]:
    """What its own abilities grant to a group it is in, and so to itself (613.1f, 611.3a)."""
    granted: list[str] = []
    for ability in abilities:
        if ability.lower().startswith("other ") and " you control " in ability.lower():
            if " have " in ability.lower() or " has " in ability.lower():
                trace.add("6", "other_grants_nothing", "613.1f, 611.3a", ability=ability)
            continue
        grant = self_grant(ability)
        if grant is None:
            continue
        from_band = band is not None and ability in band.abilities
        whose: Param = (Phrase("band_of", (("band", Symbol.of(band)),))
                        if band is not None and from_band else "")
        rule = "613.1f, 611.3a"
        if band is not None and from_band:
            rule = f"{band.rule}, {rule}"
        if grant.applies_to(types, subtypes):
            granted.append(grant.ability)
            trace.add("6", "self_grant", rule, whose=whose, ability=ability, group=grant.group,
                      types=" ".join((*types, *subtypes)), granted=grant.ability)
        else:
            trace.add("6", "no_self_grant", rule, whose=whose, ability=ability,
                      group=grant.group,
                      types=" ".join((*types, *subtypes)) or Phrase("no_type"))
    return granted


def _layer_6(situation: Situation, copiable: Copiable, types: tuple[str, ...],
             subtypes: tuple[str, ...], trace: Trace
             ) -> tuple[tuple[str, ...], LevelBand | None, tuple[str, ...]]:
    """Abilities: the band's and other effects in timestamp order (613.1f, 613.7, 613.8a)."""
    level = situation.counters.level
    removers = [source(e) for e in situation.effects if isinstance(e, LoseAllAbilities)]
    band, band_rule = _candidate_band(copiable, level, trace, removed=bool(removers))
    band_applies = band is not None and not removers
    # (key, what): the object's own static first on ties (613.7n), or as chosen (613.7m)
    events: list[tuple[tuple[float, int, int], object]] = [
        (order_key(situation, e.timestamp, i, e), e) for i, e in enumerate(situation.effects)
        if isinstance(e, LoseAllAbilities | GainAbility)
    ]
    if band is not None:
        events.append((order_key(situation, copiable.band_timestamp, -1, None), band))
    events.sort(key=lambda event: event[0])
    if band is not None and removers:  # 613.8b: the dependent effect waits for them all
        band_event = next(event for event in events if event[1] is band)
        events.remove(band_event)
        last = max(index for index, event in enumerate(events)
                   if isinstance(event[1], LoseAllAbilities))
        events.insert(last + 1, band_event)

    printed = list(copiable.printed_abilities)
    gained: list[str] = []
    for _, what in events:
        if isinstance(what, LevelBand):
            if band_applies:
                assert copiable.card is not None
                printed += what.abilities
                _band_grants(what, level, copiable.card.level_up_ability, trace)
            else:
                trace.add("6", "band_waits", "613.8a, 613.8b", counters=Count(level, "level"),
                          band=Symbol.of(what),
                          removers=Listing(tuple(dict.fromkeys(removers)), "and"))
        elif isinstance(what, LoseAllAbilities):
            lost = printed + gained
            listing = Listing(tuple(lost), "comma") if lost else Phrase("nothing_left")
            trace.add("6", "loses_all", "613.1f, 613.7", who=source(what),
                      timestamp=ts(what.timestamp), lost=listing)
            printed, gained = [], []
        elif isinstance(what, GainAbility):
            gained.append(what.ability)
            trace.add("6", "gains", "613.1f, 613.7", who=source(what),
                      timestamp=ts(what.timestamp), ability=what.ability)
    granted = _self_grants(printed + gained, band if band_applies else None, types, subtypes,
                           trace)
    decided = ("613.8a", band_rule) if band is not None and removers else (band_rule,)
    return tuple(printed + gained + granted), band if band_applies else None, decided


# --------------------------------------------------------------------------- level up


def _level_up_step(situation: Situation, abilities: tuple[str, ...], trace: Trace) -> bool:
    """Level up: on the battlefield, ability present, sorcery timing (702.87a, 602.5d)."""
    if situation.zone is not Zone.BATTLEFIELD:
        trace.add("level up", "level_up_off_battlefield", "113.6, 702.87a")
        return False
    level_up = next((a for a in abilities if _LEVEL_UP.match(a)), None)
    if level_up is None:
        why = Phrase("why_face_down" if situation.face_down else "why_removed")
        trace.add("level up", "no_level_up", "702.87a, 711.4", why=why)
        return False
    timing = situation.timing
    missing = [why for ok, why in (
        (timing.own_turn, "not_own_turn"),
        (timing.main_phase, "not_main_phase"),
        (timing.stack_empty, "stack_not_empty"),
        (timing.controller_has_priority, "no_priority"),
    ) if not ok]
    if missing:
        trace.add("level up", "level_up_not_now", "702.87a, 602.5d, 307.1",
                  level_up=level_up_words(level_up),
                  missing=Listing(tuple(Phrase(why) for why in missing), "semicolon"))
        return False
    trace.add("level up", "level_up_now", "702.87a, 602.5d, 711.4",
              level_up=level_up_words(level_up),
              level=situation.counters.level)
    return True


# --------------------------------------------------------------------------- zones


def _off_battlefield(situation: Situation) -> Resolution:
    """711.6: the uppermost box; no band; +X/+Y counters still count (122.1a)."""
    trace = Trace()
    card = situation.card
    assert isinstance(card, LevelerCard)  # Situation guarantees it off the battlefield
    zone = situation.zone
    trace.add("zone", "off_battlefield", "711.6, 113.6", name=card.name,
              where=Place(zone.value), pt=pt(card.power, card.toughness))
    if situation.copy_of is not None:
        trace.add("zone", "copy_left_behind", "400.7", original=situation.copy_of.card.name)
    if situation.counters.level:
        trace.add("zone", "counters_do_nothing", "711.6",
                  counters=Count(situation.counters.level, "level"))
    for effect in situation.effects:
        trace.add("zone", "effect_set_aside", "109.2, 400.7",
                  who=source(effect, Phrase("a_type_effect", (("type", effect.type),))))
    trace.add("7a", "no_cda", "613.4a")
    power, toughness = layer_7c(situation, card.power, card.toughness, trace, effects=False)
    abilities = (*card.abilities, card.level_up_ability)
    can = _level_up_step(situation, abilities, trace)
    types, subtypes = split_type_line(card.type_line)
    return Resolution(card.name, power, toughness, abilities, None, can,
                      tuple(trace.steps), ("711.6",), zone, types, subtypes)


def _layer_7(situation: Situation, copiable: Copiable, band: LevelBand | None,
             trace: Trace) -> tuple[int, int]:
    trace.add("7a", "no_cda_copiable", "613.4a", pt=pt(copiable.power, copiable.toughness))
    if band is None and copiable.card is not None and active_band(
            copiable.card, situation.counters.level) is None:
        rule = ", ".join(below_or_gap(copiable.card, situation.counters.level))
        trace.add("7b", "no_symbol_base", rule, pt=pt(copiable.power, copiable.toughness))
    power, toughness = layer_7b(situation, band, copiable.band_timestamp, copiable.power,
                                copiable.toughness, trace)
    power, toughness = layer_7c(situation, power, toughness, trace, effects=True)
    return layer_7d(situation, power, toughness, trace)


def _on_battlefield(situation: Situation) -> Resolution:
    trace = Trace()
    entry_order_step(situation, trace)
    copiable = layer_1(situation, trace)
    types, subtypes = layer_4(situation, copiable, trace)
    situation = covered(situation, types, trace)
    abilities, band, decided = _layer_6(situation, copiable, types, subtypes, trace)
    power: int | None = None
    toughness: int | None = None
    if "Creature" in types:
        power, toughness = _layer_7(situation, copiable, band, trace)
    else:
        trace.add("7", "not_a_creature", "208.3")
    state_based(situation, toughness, trace)
    can = _level_up_step(situation, abilities, trace)
    if copiable.card is None:  # face down, or a copy of a face-down one: no name (708.2a)
        decided, name = ("708.2a",), None
    else:
        decided, name = (*decided, *copiable.decided_by), copiable.card.name
    return Resolution(name, power, toughness, abilities, band, can, tuple(trace.steps),
                      decided, Zone.BATTLEFIELD, types, subtypes)


@overload
def resolve_situation(situation: Situation, pool: Mapping[str, LevelerCard] | None = None
                      ) -> Resolution: ...
@overload
def resolve_situation(situation: Mapping[str, Any], pool: Mapping[str, LevelerCard]
                      ) -> Resolution: ...
def resolve_situation(
    situation: Situation | Mapping[str, Any],
    pool: Mapping[str, LevelerCard] | None = None,
) -> Resolution:
    """Resolve a situation layer by layer (613) and say why at each step.

    ``situation`` is a :class:`~leveler.situation.Situation`, or a mapping in format
    version 1 or 2 validated by :func:`~leveler.situation.parse_situation`, its names looked
    up in ``pool`` (required then: this module opens no file; ``leveler.resolve_situation``
    defaults to the bundled printed pool). Raises a ``ValueError`` naming the field for an
    invalid situation.

    >>> from leveler import load_pool
    >>> r = resolve_situation({"card": "Student of Warfare", "counters": {"level": 3},
    ...                        "effects": [{"type": "modify_pt", "power": 3, "toughness": 3,
    ...                                     "source": "Giant Growth"}]}, load_pool())
    >>> r.power, r.toughness, r.band.label, r.can_level_up
    (6, 6, 'LEVEL 2-6', True)
    >>> [step.layer for step in r.trace]
    ['1', '6', '7a', '7b', '7c', 'level up']
    >>> r.trace[3].description
    "LEVEL 2-6 sets base P/T 3/3 (timestamp 0, the leveler's own, not the last counter's)"
    """
    if not isinstance(situation, Situation):
        if pool is None:
            raise TypeError("resolve_situation: a situation mapping needs the pool its names "
                            "are looked up in (leveler.resolve_situation defaults to the "
                            "bundled printed pool)")
        situation = parse_situation(situation, pool)
    if situation.zone is Zone.BATTLEFIELD:
        return _on_battlefield(situation)
    return _off_battlefield(situation)

