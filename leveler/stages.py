"""Stage tables: a pool's cards as arrays, one row per card and one column per stage.

A leveler's characteristics are piecewise constant in its level counters: its stages
are the runs of counts over which CR 711 gives it the same values. Stage 0 is its
uppermost P/T box (below the first band, 711.5; off the battlefield, 711.6); then, in
ascending order, each level band (711.2a for N1-N2, 711.2b for N3+) and, after a closed
band that the next one does not follow at once (a gap in a custom design, or a closed
last band), a gap stage: no level symbol applies there (711.2a), so the printed values
(613.1). Stage k starts at ``starts[k - 1]`` and runs up to the next start, so a card
costs its number of bands, never the numbers printed on it.
:func:`leveler.pool.progression` and :func:`leveler.pool.segments` read these tables
with array operations.

:func:`stage_tables` reads the cards a block at a time: each block's attributes are
read in C-level passes (``attrgetter``, no Python call per object) and its texts
interned to codes while the block's objects are still in the CPU cache; the blocks'
codes are then merged into one set of categories. Everything else is numpy or pandas.
This is the only part of the grid whose cost grows with Python objects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import chain
from operator import attrgetter

import numpy as np
import pandas as pd

from leveler.mana import ManaCost
from leveler.model import LevelerCard, level_symbol, level_up_ability

__all__ = ["CITATIONS", "CITE_OFF", "StageTables", "narrow", "stage_tables"]

CITATIONS = ("711.5", "711.6", "711.2a", "711.2b")
"""Citation categories of the grid, in a fixed order; the codes below index it."""
CITE_BELOW, CITE_OFF, CITE_CLOSED, CITE_OPEN = range(4)
_NEVER = np.iinfo(np.int64).max
"""The start of a padding stage: no count reaches it."""
BLOCK = 2048
"""Cards read per block: their objects stay in the CPU cache across the passes."""


@dataclass(frozen=True)
class StageTables:
    """The cards' names and, per card, its stages.

    ``starts`` is cards x (stages - 1): the fewest counters of stages 1, 2, ... (a
    band's N1, or one past a closed band's N2 for a gap stage), ascending; padding is
    never reached. ``counts`` is the number of stages of each card. The other tables are
    cards x stages: ``power``, ``toughness``, ``cite`` (codes into :data:`CITATIONS`),
    ``label`` (codes into ``label_values``, -1 = no band) and ``abilities`` (codes into
    ``ability_values``). Values come in order of first appearance, card by card, stage
    by stage.
    """

    names: np.ndarray
    starts: np.ndarray
    counts: np.ndarray
    power: np.ndarray
    toughness: np.ndarray
    cite: np.ndarray
    label: np.ndarray
    abilities: np.ndarray
    label_values: np.ndarray
    ability_values: np.ndarray


@dataclass
class _Interned:
    """Codes for hashable values gathered block by block, merged into one set of values."""

    codes: list[np.ndarray] = field(default_factory=list)
    values: list[np.ndarray] = field(default_factory=list)

    def add(self, block: np.ndarray) -> None:
        codes, values = pd.factorize(block, sort=False)
        self.codes.append(codes)
        self.values.append(np.asarray(values, dtype=object))

    def merged(self) -> tuple[np.ndarray, np.ndarray]:
        """Every code so far, renumbered into the distinct values of all blocks."""
        if not self.codes:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=object)
        renumber, values = pd.factorize(np.concatenate(self.values), sort=False)
        starts = np.cumsum([0, *map(len, self.values)])[:-1]
        codes = [renumber[start:start + len(block_values)][block_codes]
                 for start, block_values, block_codes in zip(starts, self.values, self.codes,
                                                                  strict=True)]
        return np.concatenate(codes), np.asarray(values, dtype=object)


@dataclass
class _Columns:
    """Attributes of cards and of their bands, read a block at a time."""

    ints: dict[str, list[np.ndarray]] = field(default_factory=dict)
    objects: dict[str, list[np.ndarray]] = field(default_factory=dict)
    interned: dict[str, _Interned] = field(default_factory=dict)

    def read_ints(self, key: str, items: Sequence[object], attribute: str) -> None:
        values = np.fromiter(map(attrgetter(attribute), items), dtype=np.int64, count=len(items))
        self.ints.setdefault(key, []).append(values)

    def read_lengths(self, key: str, items: Sequence[Sequence[object]]) -> None:
        values = np.fromiter(map(len, items), dtype=np.int64, count=len(items))
        self.ints.setdefault(key, []).append(values)

    def read_objects(self, key: str, items: Iterable[object], count: int) -> None:
        self.objects.setdefault(key, []).append(objects(items, count))

    def intern(self, key: str, items: Iterable[object], count: int) -> None:
        self.interned.setdefault(key, _Interned()).add(objects(items, count))

    def int_column(self, key: str) -> np.ndarray:
        return np.concatenate(self.ints.get(key) or [np.zeros(0, dtype=np.int64)])

    def object_column(self, key: str) -> np.ndarray:
        return np.concatenate(self.objects.get(key) or [np.zeros(0, dtype=object)])

    def interned_column(self, key: str) -> tuple[np.ndarray, np.ndarray]:
        return self.interned.get(key, _Interned()).merged()


def _read(cards: Sequence[LevelerCard]) -> _Columns:
    """Every attribute the grid needs, one block of cards at a time."""
    read = _Columns()
    for start in range(0, len(cards), BLOCK):
        block = cards[start:start + BLOCK]
        per_card = list(map(attrgetter("bands"), block))
        bands = list(chain.from_iterable(per_card))
        read.read_lengths("band_counts", per_card)
        read.read_objects("names", map(attrgetter("name"), block), len(block))
        for attribute in ("power", "toughness"):
            read.read_ints(f"card_{attribute}", block, attribute)
            read.read_ints(f"band_{attribute}", bands, attribute)
        read.read_ints("band_mins", bands, "min_level")
        read.read_objects("band_maxes", map(attrgetter("max_level"), bands), len(bands))
        read.intern("outside", map(attrgetter("abilities"), block), len(block))
        read.intern("level_up", map(attrgetter("level_up_cost.symbols", "level_up_other_cost"),
                                    block), len(block))
        read.intern("band_abilities", map(attrgetter("abilities"), bands), len(bands))
    return read


def stage_tables(cards: Sequence[LevelerCard]) -> StageTables:
    """Read ``cards`` into :class:`StageTables` (stage 0 = uppermost box, k = k-th band).

    ValueError names the first card with a number the tables cannot hold (64 bits).
    """
    try:
        read = _read(cards)
    except OverflowError:
        raise ValueError(_too_large(cards)) from None
    count = len(cards)
    band_counts = read.int_column("band_counts")
    owner = np.repeat(np.arange(count), band_counts)  # the card of each band
    position = np.arange(len(owner)) - np.repeat(np.cumsum(band_counts) - band_counts,
                                                 band_counts)  # 0 for a card's first band
    band_mins = read.int_column("band_mins")
    band_maxes = read.object_column("band_maxes")
    open_band = pd.isna(band_maxes)  # None: an open band, N3+ (711.2b)
    band_maxes[open_band] = -1
    band_maxes = band_maxes.astype(np.int64)
    # a gap stage after a closed band that is the card's last or that the next band does
    # not follow at once: no level symbol applies there (711.2a)
    last = position == band_counts[owner] - 1
    following = np.append(band_mins[1:], _NEVER)
    gap = ~open_band & (last | (following > band_maxes + 1))
    gaps = np.bincount(owner[gap], minlength=count).astype(np.int64)
    gaps_before = np.cumsum(gap) - gap - np.repeat(np.cumsum(gaps) - gaps, band_counts)
    band_slot = 1 + position + gaps_before  # the stage of each band
    gap_owner, gap_slot = owner[gap], band_slot[gap] + 1
    counts = 1 + band_counts + gaps
    stages = int(counts.max(initial=1))

    def per_stage(printed: np.ndarray, banded: np.ndarray, gapped: np.ndarray,
                  padding: int) -> np.ndarray:
        table = np.full(count * stages, padding,
                        dtype=np.result_type(printed, banded, gapped))
        table[::stages] = printed
        table[owner * stages + band_slot] = banded
        table[gap_owner * stages + gap_slot] = gapped
        return table.reshape(count, stages)

    starts = np.full(count * (stages - 1), _NEVER, dtype=np.int64)
    starts[owner * (stages - 1) + band_slot - 1] = band_mins
    starts[gap_owner * (stages - 1) + gap_slot - 1] = band_maxes[gap] + 1
    label_codes, label_values = _level_symbols(band_mins, band_maxes)

    printed_keys, band_keys, ability_text = _ability_keys(read, owner)
    reached = np.arange(stages)[None, :] < counts[:, None]
    ability_codes = np.zeros((count, stages), dtype=np.int32)
    ability_codes[reached], keys = pd.factorize(
        per_stage(printed_keys, band_keys, printed_keys[gap_owner], -1)[reached], sort=False)
    printed_power, printed_toughness = (read.int_column("card_power"),
                                        read.int_column("card_toughness"))
    return StageTables(
        names=read.object_column("names"),
        starts=starts.reshape(count, stages - 1),
        counts=counts,
        power=narrow(per_stage(printed_power, read.int_column("band_power"),
                               printed_power[gap_owner], 0)),
        toughness=narrow(per_stage(printed_toughness, read.int_column("band_toughness"),
                                   printed_toughness[gap_owner], 0)),
        cite=per_stage(np.full(count, CITE_BELOW, dtype=np.int8),
                       np.where(open_band, CITE_OPEN, CITE_CLOSED).astype(np.int8),
                       np.full(len(gap_owner), CITE_CLOSED, dtype=np.int8), CITE_BELOW),
        label=per_stage(np.full(count, -1), label_codes, np.full(len(gap_owner), -1),
                        -1).astype(np.int32),
        abilities=ability_codes,
        label_values=label_values,
        ability_values=objects(map(ability_text, keys.tolist()), len(keys)),
    )


def _too_large(cards: Sequence[LevelerCard]) -> str:
    """Which card holds a number outside int64, for the error message."""
    small, large = np.iinfo(np.int64).min, np.iinfo(np.int64).max
    for card in cards:
        numbers = {"power": card.power, "toughness": card.toughness}
        for band in card.bands:
            numbers |= {f"{band.label} N1": band.min_level, f"{band.label} power": band.power,
                        f"{band.label} toughness": band.toughness}
        for what, value in numbers.items():
            if not small <= value <= large:
                return f"{card.name!r}: {what} {value} is too large for the pool grid (64 bits)"
    return "a number in the pool is too large for the pool grid (64 bits)"


def _level_symbols(band_mins: np.ndarray, band_maxes: np.ndarray
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Each band's code among the distinct level symbols, and their texts (711.2a/b)."""
    low_codes, lows = pd.factorize(band_mins, sort=False)
    high_codes, highs = pd.factorize(band_maxes, sort=False)
    codes, pairs = pd.factorize(low_codes * len(highs) + high_codes, sort=False)
    texts = [level_symbol(int(lows[pair // len(highs)]),
                          _none_if_open(int(highs[pair % len(highs)])))
             for pair in pairs]
    return codes, objects(texts, len(texts))


def _ability_keys(read: _Columns, owner: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray, Callable[[int], str]]:
    """Ability keys at stage 0 (one per card) and at each band, and the text of a key.

    A key numbers a distinct (abilities outside the bands, level up cost, band
    abilities) triple; its text reads as the card does: outside abilities, level up
    (711.4), the band's.
    """
    outside_codes, outside = read.interned_column("outside")
    cost_codes, costs = read.interned_column("level_up")
    band_codes, band_abilities = read.interned_column("band_abilities")
    printed = outside_codes * len(costs) + cost_codes
    kinds = len(band_abilities) + 1  # band key 0: no band abilities, as at stage 0
    no_abilities = np.fromiter(map(len, band_abilities), dtype=np.int64,
                               count=len(band_abilities)) == 0
    band_keys = np.where(no_abilities[band_codes], 0, band_codes + 1)

    def text(key: int) -> str:
        printed_key, band_key = divmod(key, kinds)
        outside_key, cost_key = divmod(printed_key, len(costs))
        band = band_abilities[band_key - 1] if band_key else ()
        return _ability_text(outside[outside_key], costs[cost_key], band)

    return printed * kinds, printed[owner] * kinds + band_keys, text


def _ability_text(outside: tuple[str, ...], level_up: tuple[tuple[str, ...], str],
                  band_abilities: tuple[str, ...]) -> str:
    """Abilities as they read at a stage: outside abilities, level up (711.4) with its cost
    as printed (mana symbols, then any other cost, 702.87a), the band's."""
    symbols, other_cost = level_up
    ability = level_up_ability(ManaCost(symbols), other_cost)
    return "\n".join((*outside, ability, *band_abilities))


def _none_if_open(max_level: int) -> int | None:
    """N2 as the model has it: None for the -1 that marks an open band here (711.2b)."""
    return None if max_level < 0 else max_level


def objects(values: Iterable[object], count: int) -> np.ndarray:
    """A 1-D object array of ``count`` values (tuples stay whole elements)."""
    return np.fromiter(values, dtype=object, count=count)


def narrow(values: np.ndarray) -> np.ndarray:
    """int32 when every value fits (halves the grid's largest columns), else int64."""
    small = np.iinfo(np.int32)
    if values.size and (values.min() < small.min or values.max() > small.max):
        return values
    return values.astype(np.int32)
