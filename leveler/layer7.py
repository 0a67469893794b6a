"""Layer 7 of a situation: power and toughness (CR 613.4), and what follows (704.5).

- 7b: the band's base P/T at the leveler's own timestamp (ruling 2; 613.7a) and other
  P/T-setting effects, in timestamp order (613.7n, 613.7m on a tie); an effect may set only
  power or only toughness.
- 7c: modifying effects and +1/+1, -1/-1 counters, whenever they began (ruling 3).
- 7d: switching, last.

A noncreature object has no power or toughness (208.3): layer 7 does not apply to it.
"""

from __future__ import annotations

from leveler.model import LevelBand
from leveler.situation import ModifyPT, SetBasePT, Situation, SwitchPT
from leveler.trace import RULING, Count, Phrase, Symbol, Trace, order_key, pt, signed, source, ts

__all__ = ["layer_7b", "layer_7c", "layer_7d", "state_based"]


def layer_7b(situation: Situation, band: LevelBand | None, band_timestamp: float,
             power: int, toughness: int, trace: Trace) -> tuple[int, int]:
    """Set effects in timestamp order, the band's at the leveler's timestamp (ruling 2)."""
    setters: list[tuple[tuple[float, int, int], LevelBand | SetBasePT]] = [
        (order_key(situation, e.timestamp, i, e), e) for i, e in enumerate(situation.effects)
        if isinstance(e, SetBasePT)
    ]
    if band is not None:
        setters.append((order_key(situation, band_timestamp, -1, None), band))
    setters.sort(key=lambda item: item[0])
    for (timestamp, _, _), what in setters:
        if isinstance(what, LevelBand):
            power, toughness = what.power, what.toughness
            whose = Phrase("own_timestamp" if timestamp == situation.timestamp
                           else "copy_timestamp")
            trace.add("7b", "band_sets", f"{what.rule}, 613.4b, 613.7a, {RULING} #2",
                      band=Symbol.of(what), pt=pt(power, toughness), timestamp=ts(timestamp),
                      whose=whose)
            continue
        power = power if what.power is None else what.power
        toughness = toughness if what.toughness is None else what.toughness
        if what.power is None or what.toughness is None:
            part = (Phrase("base_toughness", (("toughness", str(what.toughness)),))
                    if what.power is None else Phrase("base_power", (("power", str(what.power)),)))
            trace.add("7b", "sets_part", "613.4b, 208.4a, 613.7", who=source(what), part=part,
                      timestamp=ts(timestamp), pt=pt(power, toughness))
        else:
            trace.add("7b", "sets_base", "613.4b, 613.7", who=source(what),
                      pt=pt(power, toughness), timestamp=ts(timestamp))
    return power, toughness


def layer_7c(situation: Situation, power: int, toughness: int, trace: Trace,
             *, effects: bool) -> tuple[int, int]:
    """Counters and modifying effects, whenever they began (122.1a, 613.4c, ruling 3).

    Off the battlefield (``effects`` False) only the +X/+Y counters count (122.1a).
    """
    counters = situation.counters
    counter_rule = f"122.1a, 613.4c, {RULING} #3" if effects else "122.1a"
    for count, sign, kind in ((counters.plus_one, 1, "plus"), (counters.minus_one, -1, "minus")):
        if count:
            power, toughness = power + sign * count, toughness + sign * count
            trace.add("7c", "counters_modify", counter_rule, counters=Count(count, kind),
                      change=signed(sign * count, sign * count), pt=pt(power, toughness))
    if effects:
        for effect in situation.effects:
            if isinstance(effect, ModifyPT):
                power, toughness = power + effect.power, toughness + effect.toughness
                when = ("" if effect.timestamp is None else
                        Phrase("when_timestamp", (("timestamp", ts(effect.timestamp)),)))
                trace.add("7c", "modifies", f"613.4c, {RULING} #3", who=source(effect),
                          when=when, change=signed(effect.power, effect.toughness),
                          pt=pt(power, toughness))
    return power, toughness


def layer_7d(situation: Situation, power: int, toughness: int,
             trace: Trace) -> tuple[int, int]:
    """Switching comes last (613.4d)."""
    switches = sorted((e.timestamp, i, e) for i, e in enumerate(situation.effects)
                      if isinstance(e, SwitchPT))
    for timestamp, _, effect in switches:
        power, toughness = toughness, power
        trace.add("7d", "switches", f"613.4d, {RULING} #3", who=source(effect),
                  timestamp=ts(timestamp), pt=pt(power, toughness))
    return power, toughness


def state_based(situation: Situation, toughness: int | None, trace: Trace) -> None:
    """The state-based actions the result will cause (704.5q; 704.5f for a creature)."""
    counters = situation.counters
    if counters.plus_one and counters.minus_one:
        pairs = min(counters.plus_one, counters.minus_one)
        trace.add("sba", "counter_pairs", "704.5q", pairs=pairs)
    if toughness is not None and toughness <= 0:
        trace.add("sba", "dies", "704.5f", toughness=toughness)
