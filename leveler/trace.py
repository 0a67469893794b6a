"""Trace steps of a resolution, their wording helpers, and timestamp order (CR 613.7).

Within a layer, effects apply in timestamp order (613.7). On a tie between the object's own
static ability and another effect, the object's own comes first (613.7n), unless the other
effect's object entered the battlefield at the same time: then the active player chose the
relative order (613.7m), and the situation's ``entry_order`` says what they chose.
"""

from __future__ import annotations

from dataclasses import dataclass

from leveler.situation import Effect, Situation

__all__ = ["RULING", "Trace", "TraceStep", "entry_order_step", "order_key", "plural", "pt",
           "signed", "source", "ts"]

RULING = "ruling 2010-06-15"
"""The five official rulings printed on every Rise of the Eldrazi leveler (rules.md §4)."""


@dataclass(frozen=True, slots=True)
class TraceStep:
    """One step of the resolution: the layer, what it did, and the rule that says so."""

    layer: str
    """"zone", "1", "1a", "1b", "4", "6", "7", "7a", "7b", "7c", "7d", "sba" or "level up"."""
    description: str
    rule: str


class Trace:
    """The steps, in the order applied."""

    def __init__(self) -> None:
        self.steps: list[TraceStep] = []

    def add(self, layer: str, description: str, rule: str) -> None:
        self.steps.append(TraceStep(layer, description, rule))


def ts(value: float) -> str:
    """A timestamp as written: 3 rather than 3.0."""
    return str(int(value)) if float(value).is_integer() else str(value)


def pt(power: int, toughness: int) -> str:
    return f"{power}/{toughness}"


def signed(power: int, toughness: int) -> str:
    return f"{power:+d}/{toughness:+d}"


def source(effect: object, fallback: str) -> str:
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
    trace.add("timestamps", f"{' and '.join(chosen.order)} entered the battlefield at the same "
              f"time (timestamp {ts(situation.timestamp)}); {chosen.chosen_by}, the active "
              f"player, chose their relative order: {', then '.join(chosen.order)}", "613.7m")
