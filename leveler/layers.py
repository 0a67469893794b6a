"""A leveler in a real situation, resolved layer by layer (CR 613), with the reasoning.

:func:`resolve_situation` takes a situation (a mapping in format version 1, see
``docs/situations.md``, or a :class:`~leveler.situation.Situation`) and applies:

- zone: off the battlefield, the uppermost P/T box and no band (711.6, 113.6); +1/+1 and
  -1/-1 counters still count (122.1a); effects from other sources are set aside.
- layer 1a, copy effects: printed text, level symbols and level up, never counters
  (707.2; ruling 4 of 2010-06-15); "except it's 7/7" becomes copiable (707.9b).
- layer 1b, face down: a 2/2 with no name and no abilities (708.2a).
- layer 6: the band's abilities (711.2a/b) and level up (711.4), ability-adding and
  -removing effects in timestamp order (613.7). An ability-removing effect removes the level
  symbols before they apply, by dependency (613.8a): no band abilities, no band P/T.
- layer 7a: no characteristic-defining ability on a leveler (613.4a).
- layer 7b: the band's base P/T, with the leveler's own timestamp (ruling 2; 613.7a), and
  other P/T-setting effects, in timestamp order; on a tie the object's own first (613.7n).
- layer 7c: modifying effects and +1/+1, -1/-1 counters, whenever they began (ruling 3).
- layer 7d: switching, last.
- whether level up can be activated now (702.87a, 602.5d, 711.4).

Each step is a :class:`TraceStep` naming its rule. Derived answers (no official ruling)
are marked "derived" in their trace step: see ``docs/situations.md``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from leveler.model import LevelBand, LevelerCard, Zone
from leveler.rules import active_band, below_or_gap
from leveler.situation import (
    GainAbility,
    LoseAllAbilities,
    ModifyPT,
    SetBasePT,
    Situation,
    SwitchPT,
    parse_situation,
)

__all__ = ["RULING", "Resolution", "TraceStep", "resolve_situation"]

RULING = "ruling 2010-06-15"
"""The five official rulings printed on every Rise of the Eldrazi leveler (rules.md §4)."""

_LEVEL_UP = re.compile(r"^level up\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class TraceStep:
    """One step of the resolution: the layer, what it did, and the rule that says so."""

    layer: str
    """"zone", "1", "1a", "1b", "6", "7a", "7b", "7c", "7d", "sba" or "level up"."""
    description: str
    rule: str


@dataclass(frozen=True, slots=True)
class Resolution:
    """What the object is now, and why."""

    name: str | None
    """Its name: the copied card's for a copy, None face down (708.2a)."""
    power: int | None
    """Power, None when it is not a creature (208.3; never in format version 1)."""
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
            "trace": [{"layer": s.layer, "description": s.description, "rule": s.rule}
                      for s in self.trace],
        }


# --------------------------------------------------------------------------- helpers


def _ts(value: float) -> str:
    """A timestamp as written: 3 rather than 3.0."""
    return str(int(value)) if float(value).is_integer() else str(value)


def _pt(power: int, toughness: int) -> str:
    return f"{power}/{toughness}"


def _signed(power: int, toughness: int) -> str:
    return f"{power:+d}/{toughness:+d}"


def _source(effect: object, fallback: str) -> str:
    return getattr(effect, "source", None) or fallback


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


class _Trace:
    def __init__(self) -> None:
        self.steps: list[TraceStep] = []

    def add(self, layer: str, description: str, rule: str) -> None:
        self.steps.append(TraceStep(layer, description, rule))


@dataclass(frozen=True, slots=True)
class _Copiable:
    """The copiable values after layer 1 (613.2c): a card, or a face-down 2/2 (card None)."""

    card: LevelerCard | None
    band_timestamp: float
    """The timestamp of its level symbols' effects (613.7a)."""
    decided_by: tuple[str, ...] = ()

    @property
    def power(self) -> int:
        """The uppermost box, or 2 face down (708.2a)."""
        return self.card.power if self.card else 2

    @property
    def toughness(self) -> int:
        return self.card.toughness if self.card else 2

    @property
    def printed_abilities(self) -> tuple[str, ...]:
        if self.card is None:
            return ()
        return (*self.card.abilities, self.card.level_up_ability)


# --------------------------------------------------------------------------- layer 1


def _layer_1(situation: Situation, trace: _Trace) -> _Copiable:
    """Copiable values: the printed card (613.1), copy effects (1a), face down (1b)."""
    own_ts = situation.timestamp
    copy = situation.copy_of
    if copy is None:
        assert isinstance(situation.card, LevelerCard)
        card = situation.card
        band_ts = own_ts
        trace.add("1", f"{situation.name} as printed: {_pt(card.power, card.toughness)} in "
                  f"its uppermost box, {card.level_up_ability}, "
                  f"{', '.join(b.label for b in card.bands)}", "613.1")
        extra: tuple[str, ...] = ()
    else:
        card = copy.card
        copy_ts = own_ts if copy.timestamp is None else copy.timestamp
        band_ts = max(own_ts, copy_ts)
        trace.add("1a", f"{situation.name} is a copy of {card.name}: it copies the printed text, "
                  f"both level symbols and {card.level_up_ability}, not the original's "
                  f"counters or other effects", f"707.2, {RULING} #4")
        extra = ("707.2",)
        if copy.power is not None or copy.toughness is not None:
            power = card.power if copy.power is None else copy.power
            toughness = card.toughness if copy.toughness is None else copy.toughness
            card = replace(card, power=power, toughness=toughness)
            trace.add("1a", f"except it's {_pt(power, toughness)}: that replaces the uppermost "
                      "P/T box in its copiable values, so below N1 it is "
                      f"{_pt(power, toughness)} (derived: a literal reading of 711.5 could argue "
                      "for the printed box)", "707.9b")
            extra += ("707.9b",)
        if copy_ts > own_ts:
            trace.add("1a", f"its level symbols take the copy effect's timestamp "
                      f"{_ts(copy_ts)}, later than its own {_ts(own_ts)}", "613.7a")
    if situation.face_down:
        trace.add("1b", "face down: a 2/2 creature with no name, no text, no abilities; the "
                  "level symbols and level up are gone (its counters stay)", "708.2a")
        return _Copiable(None, band_ts)
    return _Copiable(card, band_ts, extra)


# --------------------------------------------------------------------------- layer 6


def _candidate_band(copiable: _Copiable, level: int, trace: _Trace,
                    removed: bool) -> tuple[LevelBand | None, str]:
    """The band the level counters select (711.2a/b), or None below N1 (711.5)."""
    if copiable.card is None:
        if level:
            trace.add("6", f"{_plural(level, 'level counter')} but no level symbol: they do "
                      "nothing", "708.2a")
        return None, "708.2a"
    band = active_band(copiable.card, level)
    if band is not None:
        return band, band.rule
    why = below_or_gap(copiable.card, level)
    if not removed and why == ("711.5",):
        first = copiable.card.bands[0].min_level if copiable.card.bands else 0
        trace.add("6", f"{_plural(level, 'level counter')}, fewer than N1 = {first}: no level "
                  "symbol applies", "711.5")
    elif not removed:
        trace.add("6", f"{_plural(level, 'level counter')}, in a gap between two bands of "
                  "this design: no level symbol's range holds it, so no band applies and the "
                  "printed values stay (derived from 711.2a and 613.1; no printed card has a gap)",
                  "711.2a, 613.1")
    return None, why[0]


def _band_grants(band: LevelBand, level: int, level_up: str) -> str:
    what = f"grants {', '.join(band.abilities)}" if band.abilities else "grants no ability"
    return (f"{_plural(level, 'level counter')}: {band.label} applies and {what}; "
            f"{level_up} stays (a leveler's own grants overwrite nothing)")


def _layer_6(situation: Situation, copiable: _Copiable, trace: _Trace
             ) -> tuple[tuple[str, ...], LevelBand | None, tuple[str, ...]]:
    """Abilities: the band's and other effects in timestamp order (613.1f, 613.7, 613.8a)."""
    level = situation.counters.level
    removers = [_source(e, "an effect") for e in situation.effects
                if isinstance(e, LoseAllAbilities)]
    band, band_rule = _candidate_band(copiable, level, trace, removed=bool(removers))
    band_applies = band is not None and not removers
    # (timestamp, rank, listing index, what): the object's own static first on ties (613.7n)
    events: list[tuple[float, int, int, object]] = [
        (e.timestamp, 1, i, e) for i, e in enumerate(situation.effects)
        if isinstance(e, LoseAllAbilities | GainAbility)
    ]
    if band is not None:
        events.append((copiable.band_timestamp, 0, -1, band))
    events.sort(key=lambda event: event[:3])
    if band is not None and removers:  # 613.8b: the dependent effect waits for them all
        events.remove((copiable.band_timestamp, 0, -1, band))
        last = max(index for index, event in enumerate(events)
                   if isinstance(event[3], LoseAllAbilities))
        events.insert(last + 1, (copiable.band_timestamp, 2, -1, band))

    printed = list(copiable.printed_abilities)
    gained: list[str] = []
    for _, _, _, what in events:
        if isinstance(what, LevelBand):
            if band_applies:
                assert copiable.card is not None
                printed += what.abilities
                trace.add("6", _band_grants(what, level, copiable.card.level_up_ability),
                          f"{what.rule}, 711.4, {RULING} #1")
            else:
                trace.add("6", f"{_plural(level, 'level counter')} would select {what.label}, "
                          f"but its effect depends on {' and '.join(dict.fromkeys(removers))} "
                          "removing all abilities, which removes the level symbol itself: it "
                          "waits, then no longer exists; no band abilities, no band P/T "
                          "(derived: the standard layer analysis; no leveler-specific ruling)",
                          "613.8a, 613.8b")
        elif isinstance(what, LoseAllAbilities):
            lost = printed + gained
            listing = ", ".join(lost) if lost else "nothing left to remove"
            trace.add("6", f"{_source(what, 'an effect')} (timestamp {_ts(what.timestamp)}): "
                      f"loses all abilities: {listing}", "613.1f, 613.7")
            printed, gained = [], []
        elif isinstance(what, GainAbility):
            gained.append(what.ability)
            trace.add("6", f"{_source(what, 'an effect')} (timestamp {_ts(what.timestamp)}): "
                      f"gains {what.ability}", "613.1f, 613.7")
    decided = ("613.8a", band_rule) if band is not None and removers else (band_rule,)
    return tuple(printed + gained), band if band_applies else None, decided


# --------------------------------------------------------------------------- layer 7


def _layer_7b(situation: Situation, copiable: _Copiable, band: LevelBand | None,
              power: int, toughness: int, trace: _Trace) -> tuple[int, int]:
    """Set effects in timestamp order, the band's at the leveler's timestamp (ruling 2)."""
    setters: list[tuple[float, int, int, LevelBand | SetBasePT]] = [
        (e.timestamp, 1, i, e) for i, e in enumerate(situation.effects)
        if isinstance(e, SetBasePT)
    ]
    if band is not None:
        setters.append((copiable.band_timestamp, 0, -1, band))
    elif copiable.card is not None and active_band(copiable.card,
                                                    situation.counters.level) is None:
        rule = ", ".join(below_or_gap(copiable.card, situation.counters.level))
        trace.add("7b", f"no level symbol applies: base P/T stays {_pt(power, toughness)}, "
                  "the uppermost box of its copiable values", rule)
    setters.sort(key=lambda item: item[:3])
    for timestamp, _, _, what in setters:
        power, toughness = what.power, what.toughness
        if isinstance(what, LevelBand):
            whose = ("the leveler's own" if timestamp == situation.timestamp
                     else "the copy effect's")
            trace.add("7b", f"{what.label} sets base P/T {_pt(power, toughness)} (timestamp "
                      f"{_ts(timestamp)}, {whose}, not the last counter's)",
                      f"{what.rule}, 613.4b, 613.7a, {RULING} #2")
        else:
            trace.add("7b", f"{_source(what, 'an effect')} sets base P/T "
                      f"{_pt(power, toughness)} (timestamp {_ts(timestamp)})", "613.4b, 613.7")
    return power, toughness


def _layer_7c(situation: Situation, power: int, toughness: int, trace: _Trace,
              *, effects: bool) -> tuple[int, int]:
    """Counters and modifying effects, whenever they began (122.1a, 613.4c, ruling 3).

    Off the battlefield (``effects`` False) only the +X/+Y counters count (122.1a).
    """
    counters = situation.counters
    counter_rule = f"122.1a, 613.4c, {RULING} #3" if effects else "122.1a"
    for count, sign, kind in ((counters.plus_one, 1, "+1/+1"), (counters.minus_one, -1, "-1/-1")):
        if count:
            power, toughness = power + sign * count, toughness + sign * count
            trace.add("7c", f"{_plural(count, kind + ' counter')}: "
                      f"{_signed(sign * count, sign * count)} -> {_pt(power, toughness)}",
                      counter_rule)
    if effects:
        for effect in situation.effects:
            if isinstance(effect, ModifyPT):
                power, toughness = power + effect.power, toughness + effect.toughness
                when = "" if effect.timestamp is None else f" (timestamp {_ts(effect.timestamp)})"
                trace.add("7c", f"{_source(effect, 'an effect')}{when}: "
                          f"{_signed(effect.power, effect.toughness)} -> "
                          f"{_pt(power, toughness)}, whenever it began",
                          f"613.4c, {RULING} #3")
    return power, toughness


def _layer_7d(situation: Situation, power: int, toughness: int,
              trace: _Trace) -> tuple[int, int]:
    """Switching comes last (613.4d)."""
    switches = sorted((e.timestamp, i, e) for i, e in enumerate(situation.effects)
                      if isinstance(e, SwitchPT))
    for timestamp, _, effect in switches:
        power, toughness = toughness, power
        trace.add("7d", f"{_source(effect, 'an effect')} (timestamp {_ts(timestamp)}) switches "
                  f"power and toughness -> {_pt(power, toughness)}", f"613.4d, {RULING} #3")
    return power, toughness


def _state_based(situation: Situation, toughness: int, trace: _Trace) -> None:
    counters = situation.counters
    if counters.plus_one and counters.minus_one:
        pairs = min(counters.plus_one, counters.minus_one)
        trace.add("sba", f"{pairs} +1/+1 and {pairs} -1/-1 counter pair(s) will be removed as a "
                  "state-based action; P/T does not change", "704.5q")
    if toughness <= 0:
        trace.add("sba", f"toughness {toughness}: it will be put into its owner's graveyard as "
                  "a state-based action", "704.5f")


# --------------------------------------------------------------------------- level up


def _level_up_step(situation: Situation, abilities: tuple[str, ...], trace: _Trace) -> bool:
    """Level up: on the battlefield, ability present, sorcery timing (702.87a, 602.5d)."""
    if situation.zone is not Zone.BATTLEFIELD:
        trace.add("level up", "cannot be activated: abilities of a card off the battlefield "
                  "do not function, and level up puts a counter on a permanent", "113.6, 702.87a")
        return False
    level_up = next((a for a in abilities if _LEVEL_UP.match(a)), None)
    if level_up is None:
        why = "face down" if situation.face_down else "its abilities were removed"
        trace.add("level up", f"cannot be activated: it has no level up ability now ({why})",
                  "702.87a, 711.4")
        return False
    timing = situation.timing
    missing = [why for ok, why in (
        (timing.own_turn, "it is not its controller's turn"),
        (timing.main_phase, "it is not a main phase"),
        (timing.stack_empty, "the stack is not empty"),
        (timing.controller_has_priority, "its controller does not have priority"),
    ) if not ok]
    if missing:
        trace.add("level up", f"{level_up} cannot be activated now: {'; '.join(missing)} "
                  "(only as a sorcery)", "702.87a, 602.5d, 307.1")
        return False
    trace.add("level up", f"{level_up} can be activated now, at any number of level counters "
              f"(now {situation.counters.level})", "702.87a, 602.5d, 711.4")
    return True


# --------------------------------------------------------------------------- zones


def _off_battlefield(situation: Situation) -> Resolution:
    """711.6: the uppermost box; no band; +X/+Y counters still count (122.1a)."""
    trace = _Trace()
    card = situation.card
    assert isinstance(card, LevelerCard)  # Situation guarantees it off the battlefield
    zone = situation.zone
    trace.add("zone", f"{card.name} in the {zone}: no level symbol applies and it has its "
              f"uppermost P/T box {_pt(card.power, card.toughness)}", "711.6, 113.6")
    if situation.copy_of is not None:
        trace.add("zone", f"the copy effect (of {situation.copy_of.card.name}) does not follow "
                  "a card to another zone: it is a new object", "400.7")
    if situation.counters.level:
        trace.add("zone", f"{_plural(situation.counters.level, 'level counter')}: they do "
                  "nothing here", "711.6")
    for effect in situation.effects:
        trace.add("zone", f"{_source(effect, f'a {effect.type} effect')} set aside: effects "
                  "from other sources apply to creatures on the battlefield, and a card that "
                  "changed zones is a new object (derived)", "109.2, 400.7")
    trace.add("7a", "no characteristic-defining ability defines its P/T", "613.4a")
    power, toughness = _layer_7c(situation, card.power, card.toughness, trace, effects=False)
    abilities = (*card.abilities, card.level_up_ability)
    can = _level_up_step(situation, abilities, trace)
    return Resolution(card.name, power, toughness, abilities, None, can,
                      tuple(trace.steps), ("711.6",), zone)


def _on_battlefield(situation: Situation) -> Resolution:
    trace = _Trace()
    copiable = _layer_1(situation, trace)
    abilities, band, decided = _layer_6(situation, copiable, trace)
    trace.add("7a", f"no characteristic-defining ability; P/T starts from the copiable "
              f"{_pt(copiable.power, copiable.toughness)}", "613.4a")
    power, toughness = _layer_7b(situation, copiable, band, copiable.power, copiable.toughness,
                                 trace)
    power, toughness = _layer_7c(situation, power, toughness, trace, effects=True)
    power, toughness = _layer_7d(situation, power, toughness, trace)
    _state_based(situation, toughness, trace)
    can = _level_up_step(situation, abilities, trace)
    if copiable.card is None:  # face down: no level symbol, no name (708.2a)
        decided, name = ("708.2a",), None
    else:
        decided, name = (*decided, *copiable.decided_by), copiable.card.name
    return Resolution(name, power, toughness, abilities, band, can, tuple(trace.steps),
                      decided, Zone.BATTLEFIELD)


def resolve_situation(
    situation: Situation | Mapping[str, Any],
    pool: Mapping[str, LevelerCard] | None = None,
) -> Resolution:
    """Resolve a situation layer by layer (613) and say why at each step.

    ``situation`` is a :class:`~leveler.situation.Situation` or a mapping in format
    version 1 (validated by :func:`~leveler.situation.parse_situation`; names are looked up
    in ``pool``, by default the bundled printed pool). Raises a ``ValueError`` naming the
    field for an invalid situation.

    >>> r = resolve_situation({"card": "Student of Warfare", "counters": {"level": 3},
    ...                        "effects": [{"type": "modify_pt", "power": 3, "toughness": 3,
    ...                                     "source": "Giant Growth"}]})
    >>> r.power, r.toughness, r.band.label, r.can_level_up
    (6, 6, 'LEVEL 2-6', True)
    >>> [step.layer for step in r.trace]
    ['1', '6', '7a', '7b', '7c', 'level up']
    >>> r.trace[3].description
    "LEVEL 2-6 sets base P/T 3/3 (timestamp 0, the leveler's own, not the last counter's)"
    """
    if not isinstance(situation, Situation):
        situation = parse_situation(situation, pool)
    if situation.zone is Zone.BATTLEFIELD:
        return _on_battlefield(situation)
    return _off_battlefield(situation)

