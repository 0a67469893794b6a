"""What a stage is, and a pool's stages as arrays.

A *stage* is a run of level counts over which CR 711 gives a leveler the same values.
Stage 0 is its uppermost P/T box, labelled ``printed``: below the first band on the
battlefield (711.5) and everywhere off it (711.6). Then, in ascending order, each band,
labelled with its level symbol (711.2a for N1-N2, 711.2b for N3+). A custom design can
also have a gap stage after a closed band that the next band does not follow at once (or
after a closed last band): no level symbol applies there (711.2a), so the printed values
(613.1), and no label of its own.

:func:`stage_labels` names a card's P/T boxes (the stages of :mod:`leveler.balance` and
:mod:`leveler.turns`); :func:`stage_rows` reads a pool into one row per card and
battlefield stage for :mod:`leveler.pool`, so the grid costs the number of bands, never
the numbers printed on them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import chain
from operator import attrgetter

import numpy as np
import pandas as pd

from leveler.mana import ManaCost
from leveler.model import LevelerCard, level_symbol, level_up_ability

__all__ = ["CITATIONS", "PRINTED", "StageRows", "objects", "range_labels", "stage_labels",
           "stage_rows"]

PRINTED = "printed"
"""Label of stage 0, the uppermost P/T box (CR 711.5, 711.6)."""

CITATIONS = ("711.5", "711.6", "711.2a", "711.2b")
"""What a stage cites, as :func:`leveler.rules.characteristics` decides: the uppermost box
below the first band (711.5) or off the battlefield (711.6), a closed band or a gap
(711.2a), an open band (711.2b). The grid's ``citation`` categories, in this order."""
BELOW, OFF, CLOSED, OPEN = range(len(CITATIONS))
"""Codes into :data:`CITATIONS`."""


def stage_labels(card: LevelerCard) -> tuple[str, ...]:
    """The label of each P/T box: ``printed``, then each band's level symbol, e.g.
    ``LEVEL 2-6`` (711.2a/b, 711.5)."""
    return range_labels((band.min_level, band.max_level) for band in card.bands)


def range_labels(bands: Iterable[tuple[int, int | None]]) -> tuple[str, ...]:
    """:func:`stage_labels` from each band's (N1, N2), N2 None for an open band (711.2b)."""
    return (PRINTED, *(level_symbol(low, high) for low, high in bands))


@dataclass(frozen=True)
class StageRows:
    """A pool's stages on the battlefield: one row per card and stage, card by card.

    Per card: ``names``, ``first`` (its stage 0 row). Per row: ``card``, ``from_level``
    (the fewest counters of the stage), ``to_level`` (Int64, the most; <NA> for a card's
    last stage, open-ended), ``power``, ``toughness`` (int32), ``cite`` (codes into
    :data:`CITATIONS`), ``label`` (codes into ``label_values``, -1 = no band, as pandas
    codes a missing category) and ``abilities`` (codes into ``ability_values``). A
    first band from 0 counters leaves stage 0 empty (to_level -1): it is kept, since off
    the battlefield the card has its stage 0 values (711.6).
    """

    names: np.ndarray
    first: np.ndarray
    card: np.ndarray
    from_level: np.ndarray
    to_level: pd.arrays.IntegerArray
    power: np.ndarray
    toughness: np.ndarray
    cite: np.ndarray
    label: np.ndarray
    abilities: np.ndarray
    label_values: np.ndarray
    ability_values: np.ndarray

    def at(self, levels: np.ndarray) -> np.ndarray:
        """The row of each card's stage holding each count (cards x levels): its stage 0
        row plus how many of its later stages start at or below the count."""
        position = np.arange(len(self.card)) - self.first[self.card]
        rows = np.repeat(self.first[:, None], levels.size, axis=1)
        for stage in range(1, int(position.max(initial=0)) + 1):
            at_stage = position == stage
            starts = np.zeros(len(self.first), dtype=np.int64)
            reached = np.zeros(len(self.first), dtype=bool)
            starts[self.card[at_stage]] = self.from_level[at_stage]
            reached[self.card[at_stage]] = True
            rows += reached[:, None] & (levels[None, :] >= starts[:, None])
        return rows


def stage_rows(cards: Sequence[LevelerCard]) -> StageRows:
    """Read ``cards`` into :class:`StageRows`: stage 0, each band, a gap after a closed
    band not followed at once (711.2a, 613.1). Attributes are read in C-level passes
    (``attrgetter``), texts interned with ``pd.factorize``: no Python call per card."""
    count = len(cards)
    per_card = list(map(attrgetter("bands"), cards))
    bands = list(chain.from_iterable(per_card))
    band_counts = _ints(map(len, per_card), count)
    owner = np.repeat(np.arange(count), band_counts)
    position = np.arange(len(bands)) - np.repeat(np.cumsum(band_counts) - band_counts,
                                                 band_counts)
    band_mins = _ints(map(attrgetter("min_level"), bands), len(bands))
    max_levels = objects(map(attrgetter("max_level"), bands), len(bands))
    is_open = max_levels == None  # noqa: E711 (elementwise): no N2, an open band (711.2b)
    closed_max = np.where(is_open, 0, max_levels).astype(np.int64)
    band_maxes = pd.arrays.IntegerArray(closed_max, is_open)
    last = position == band_counts[owner] - 1
    following = np.append(band_mins[1:], 0)  # the next band's N1 (read only if not last)
    gap = ~is_open & (last | (following > closed_max + 1))  # no symbol applies (711.2a)

    # rows: each card's stage 0, then its bands in order, each closed one followed by its
    # gap if it has one
    gaps = np.bincount(owner[gap], minlength=count)
    stages = 1 + band_counts + gaps
    first = np.cumsum(stages) - stages
    gaps_before = np.cumsum(gap) - gap - (np.cumsum(gaps) - gaps)[owner]  # in the same card
    band_row = first[owner] + 1 + position + gaps_before
    gap_row = band_row[gap] + 1
    total = int(stages.sum())

    def rows(printed: np.ndarray, banded: np.ndarray, gapped: np.ndarray) -> np.ndarray:
        table = np.empty(total, dtype=np.result_type(printed, banded, gapped))
        table[first], table[band_row], table[gap_row] = printed, banded, gapped
        return table

    card = np.repeat(np.arange(count), stages)
    from_level = rows(np.zeros(count, np.int64), band_mins, closed_max[gap] + 1)
    ends = np.zeros(total, np.int64)
    ends[:-1] = from_level[1:] - 1  # a stage runs up to the next one's start
    open_end = np.ones(total, bool)
    open_end[:-1] = card[1:] != card[:-1]
    to_level = pd.arrays.IntegerArray(ends, open_end)  # a card's last stage: <NA>, no end
    power = _ints(map(attrgetter("power"), cards), count, np.int32)
    toughness = _ints(map(attrgetter("toughness"), cards), count, np.int32)
    label_codes, label_values = _level_symbols(band_mins, band_maxes)
    printed_keys, band_keys, ability_text = _ability_keys(cards, bands, owner)
    ability_codes, keys = pd.factorize(rows(printed_keys, band_keys, printed_keys[owner[gap]]),
                                       sort=False)
    return StageRows(
        names=objects(map(attrgetter("name"), cards), count),
        first=first,
        card=card,
        from_level=from_level,
        to_level=to_level,
        power=rows(power, _ints(map(attrgetter("power"), bands), len(bands), np.int32),
                   power[owner[gap]]),
        toughness=rows(toughness,
                       _ints(map(attrgetter("toughness"), bands), len(bands), np.int32),
                       toughness[owner[gap]]),
        cite=rows(np.full(count, BELOW, np.int8),
                  np.where(is_open, OPEN, CLOSED).astype(np.int8),
                  np.full(int(gap.sum()), CLOSED, np.int8)),
        label=rows(np.full(count, -1, np.int32), label_codes.astype(np.int32),
                   np.full(int(gap.sum()), -1, np.int32)),
        abilities=ability_codes.astype(np.int32),
        label_values=label_values,
        ability_values=objects(map(ability_text, keys.tolist()), len(keys)),
    )


def _ints(values: Iterable[int], count: int, dtype: type[np.integer] = np.int64
          ) -> np.ndarray:
    return np.fromiter(values, dtype=dtype, count=count)


def _level_symbols(band_mins: np.ndarray, band_maxes: pd.arrays.IntegerArray
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Each band's code among the distinct level symbols, and their texts (711.2a/b)."""
    low_codes, lows = pd.factorize(band_mins, sort=False)
    high_codes, highs = pd.factorize(pd.Index(band_maxes), sort=False, use_na_sentinel=False)
    codes, pairs = pd.factorize(low_codes * len(highs) + high_codes, sort=False)
    texts = [level_symbol(int(lows[pair // len(highs)]), _open_or(highs[pair % len(highs)]))
             for pair in pairs.tolist()]
    return codes, objects(texts, len(texts))


def _open_or(max_level: object) -> int | None:
    """N2 as the model has it: None for an open band (711.2b)."""
    return None if pd.isna(max_level) else int(max_level)  # type: ignore[call-overload]


def _ability_keys(cards: Sequence[LevelerCard], bands: Sequence[object], owner: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray, Callable[[int], str]]:
    """Ability keys at stage 0 (one per card) and at each band, and the text of a key.

    A key numbers a distinct (abilities outside the bands, level up cost, band
    abilities) triple; its text reads as the card does: outside abilities, level up
    (711.4, 702.87a), the band's.
    """
    outside_codes, outside = pd.factorize(
        objects(map(attrgetter("abilities"), cards), len(cards)), sort=False)
    cost_codes, costs = pd.factorize(objects(map(attrgetter(
        "level_up_cost.symbols", "level_up_other_cost"), cards), len(cards)), sort=False)
    band_codes, band_abilities = pd.factorize(
        objects(map(attrgetter("abilities"), bands), len(bands)), sort=False)
    printed = outside_codes.astype(np.int64) * len(costs) + cost_codes
    kinds = len(band_abilities) + 1  # band key 0: no band abilities, as at stage 0
    band_keys = np.where(np.fromiter(map(len, band_abilities), dtype=np.int64,
                                     count=len(band_abilities))[band_codes] == 0,
                         0, band_codes + 1)

    def text(key: int) -> str:
        printed_key, band_key = divmod(key, kinds)
        outside_key, cost_key = divmod(printed_key, len(costs))
        symbols, other_cost = costs[cost_key]
        return "\n".join((*outside[outside_key], level_up_ability(ManaCost(symbols), other_cost),
                          *(band_abilities[band_key - 1] if band_key else ())))

    return printed * kinds, printed[owner] * kinds + band_keys, text


def objects(values: Iterable[object], count: int) -> np.ndarray:
    """A 1-D object array of ``count`` values (tuples stay whole elements)."""
    return np.fromiter(values, dtype=object, count=count)
