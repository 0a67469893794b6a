"""What a leveler is with N level counters in a zone: Comprehensive Rules 711.2-711.6.

The ladder, in the order the rules apply:

1. Not on the battlefield: the uppermost P/T box, no band (711.6; static abilities
   work only on the battlefield, 113.6).
2. On the battlefield, the band whose range holds the count: its base P/T and
   abilities (711.2a for "N1-N2", 711.2b for "N3+").
3. On the battlefield, fewer counters than N1: the uppermost P/T box (711.5).
4. On the battlefield, a count in a gap between two bands of a custom design: no level
   symbol's condition holds (711.2a), so nothing changes the printed values (613.1): the
   uppermost P/T box and no band abilities.

Level up is there at every count and in every zone (711.4).
"""

from __future__ import annotations

from leveler.model import Characteristics, LevelBand, LevelerCard, Zone, check_level_counters

__all__ = ["active_band", "below_or_gap", "characteristics", "check_level_counters"]
# check_level_counters (122.1) lives in leveler.model; re-exported for the callers here.


def active_band(card: LevelerCard, level_counters: int) -> LevelBand | None:
    """The band that applies with this many counters (711.2a/b), or None below N1 (711.5)."""
    for band in card.bands:
        if band.contains(level_counters):
            return band
    return None


def below_or_gap(card: LevelerCard, level_counters: int) -> tuple[str, ...]:
    """Why no band applies on the battlefield: below N1 (711.5), or in a gap between bands
    of a custom design (711.2a: no symbol's range holds, so the printed values, 613.1)."""
    if not card.bands or level_counters < card.bands[0].min_level:
        return ("711.5",)
    return ("711.2a", "613.1")


def characteristics(
    card: LevelerCard, level_counters: int, zone: Zone | str = Zone.BATTLEFIELD
) -> Characteristics:
    """Power, toughness and abilities of ``card`` with ``level_counters`` in ``zone``.

    >>> from leveler import load_pool
    >>> student = load_pool()["Student of Warfare"]
    >>> c = characteristics(student, 7, Zone.BATTLEFIELD)
    >>> (c.power, c.toughness, c.abilities, c.citations)
    (4, 4, ('Level up {W}', 'Double strike'), ('711.2b',))
    >>> characteristics(student, 7, "graveyard").citations
    ('711.6',)
    """
    count = check_level_counters(level_counters)
    zone = Zone.coerce(zone)
    printed = (*card.abilities, card.level_up_ability)  # 711.4: level up at all times
    if zone is not Zone.BATTLEFIELD:
        return Characteristics(card.power, card.toughness, printed, None, ("711.6",))
    band = active_band(card, count)
    if band is None:
        return Characteristics(card.power, card.toughness, printed, None, below_or_gap(card, count))
    return Characteristics(
        band.power, band.toughness, (*printed, *band.abilities), band, (band.rule,)
    )
