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
from leveler.trace import RULING, Trace, order_key, plural, pt, signed, source, ts

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
            whose = ("the leveler's own" if timestamp == situation.timestamp
                     else "the copy effect's")
            trace.add("7b", f"{what.label} sets base P/T {pt(power, toughness)} (timestamp "
                      f"{ts(timestamp)}, {whose}, not the last counter's)",
                      f"{what.rule}, 613.4b, 613.7a, {RULING} #2")
            continue
        power = power if what.power is None else what.power
        toughness = toughness if what.toughness is None else what.toughness
        if what.power is None or what.toughness is None:
            part = (f"base toughness {what.toughness}" if what.power is None
                    else f"base power {what.power}")
            trace.add("7b", f"{source(what, 'an effect')} sets only {part} (timestamp "
                      f"{ts(timestamp)}) -> {pt(power, toughness)}", "613.4b, 208.4a, 613.7")
        else:
            trace.add("7b", f"{source(what, 'an effect')} sets base P/T {pt(power, toughness)} "
                      f"(timestamp {ts(timestamp)})", "613.4b, 613.7")
    return power, toughness


def layer_7c(situation: Situation, power: int, toughness: int, trace: Trace,
             *, effects: bool) -> tuple[int, int]:
    """Counters and modifying effects, whenever they began (122.1a, 613.4c, ruling 3).

    Off the battlefield (``effects`` False) only the +X/+Y counters count (122.1a).
    """
    counters = situation.counters
    counter_rule = f"122.1a, 613.4c, {RULING} #3" if effects else "122.1a"
    for count, sign, kind in ((counters.plus_one, 1, "+1/+1"), (counters.minus_one, -1, "-1/-1")):
        if count:
            power, toughness = power + sign * count, toughness + sign * count
            trace.add("7c", f"{plural(count, kind + ' counter')}: "
                      f"{signed(sign * count, sign * count)} -> {pt(power, toughness)}",
                      counter_rule)
    if effects:
        for effect in situation.effects:
            if isinstance(effect, ModifyPT):
                power, toughness = power + effect.power, toughness + effect.toughness
                when = "" if effect.timestamp is None else f" (timestamp {ts(effect.timestamp)})"
                trace.add("7c", f"{source(effect, 'an effect')}{when}: "
                          f"{signed(effect.power, effect.toughness)} -> "
                          f"{pt(power, toughness)}, whenever it began",
                          f"613.4c, {RULING} #3")
    return power, toughness


def layer_7d(situation: Situation, power: int, toughness: int,
             trace: Trace) -> tuple[int, int]:
    """Switching comes last (613.4d)."""
    switches = sorted((e.timestamp, i, e) for i, e in enumerate(situation.effects)
                      if isinstance(e, SwitchPT))
    for timestamp, _, effect in switches:
        power, toughness = toughness, power
        trace.add("7d", f"{source(effect, 'an effect')} (timestamp {ts(timestamp)}) switches "
                  f"power and toughness -> {pt(power, toughness)}", f"613.4d, {RULING} #3")
    return power, toughness


def state_based(situation: Situation, toughness: int | None, trace: Trace) -> None:
    """The state-based actions the result will cause (704.5q; 704.5f for a creature)."""
    counters = situation.counters
    if counters.plus_one and counters.minus_one:
        pairs = min(counters.plus_one, counters.minus_one)
        trace.add("sba", f"{pairs} +1/+1 and {pairs} -1/-1 counter pair(s) will be removed as a "
                  "state-based action; P/T does not change", "704.5q")
    if toughness is not None and toughness <= 0:
        trace.add("sba", f"toughness {toughness}: it will be put into its owner's graveyard as "
                  "a state-based action", "704.5f")
