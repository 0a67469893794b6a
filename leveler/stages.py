"""Stage tables: a pool's cards as arrays, one row per card and one column per stage.

A leveler has stages: stage 0 is its uppermost P/T box (below the first band, 711.5;
off the battlefield, 711.6), stage k its k-th level band (711.2a for N1-N2, 711.2b
for N3+). :func:`leveler.pool.progression` picks a stage for every (card, level,
zone) with array operations from these tables, read from the cards in two steps:

- :func:`stage_numbers`: band N1s, P/T and the deciding rule per stage;
- :func:`stage_texts`: level symbols and ability texts per stage, as codes.

The grid can start writing from the numbers while the texts are still being read.
Both read plain attributes in C-level passes (``attrgetter``, no Python call per
object); everything else (placing bands in their slot, interning texts to codes) is
numpy or pandas. This is the only part of the grid whose cost grows with Python objects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import chain
from operator import attrgetter

import numpy as np
import pandas as pd

from leveler.model import LevelBand, LevelerCard

__all__ = ["CITATIONS", "CITE_OFF", "StageNumbers", "StageTexts", "narrow", "objects",
           "stage_numbers", "stage_texts"]

CITATIONS = ("711.5", "711.6", "711.2a", "711.2b")
"""Citation categories of the grid, in a fixed order; the codes below index it."""
CITE_BELOW, CITE_OFF, CITE_CLOSED, CITE_OPEN = range(4)
_NEVER = np.iinfo(np.int64).max
"""N1 of a padding band: no count reaches it."""


@dataclass(frozen=True)
class _Layout:
    """The cards' bands in one list, and where each goes in a cards x stages table."""

    cards: Sequence[LevelerCard]
    bands: list[LevelBand]
    band_counts: np.ndarray
    owner: np.ndarray
    """The card (row) of each band."""
    position: np.ndarray
    """Each band's index among its card's bands (0 for the first)."""

    @property
    def stages(self) -> int:
        return int(self.band_counts.max(initial=0)) + 1

    def per_stage(self, printed: np.ndarray, banded: np.ndarray, padding: int) -> np.ndarray:
        """A cards x stages table: ``printed`` at stage 0, ``banded`` at each band's stage."""
        count, stages = len(self.cards), self.stages
        table = np.full(count * stages, padding, dtype=np.result_type(printed, banded))
        table[::stages] = printed
        table[self.owner * stages + self.position + 1] = banded
        return table.reshape(count, stages)

    def reached(self) -> np.ndarray:
        """Which cells of a cards x stages table are real stages (not padding)."""
        return np.arange(self.stages)[None, :] <= self.band_counts[:, None]


@dataclass(frozen=True)
class StageNumbers:
    """Band N1s (cards x bands, padding never reached) and, per stage, P/T and rule code.

    ``cite`` codes index :data:`CITATIONS`: 711.5 at stage 0, 711.2a or 711.2b at a band.
    ``band_mins`` and ``band_maxes`` (-1 for an open band) list every band in order.
    """

    mins: np.ndarray
    power: np.ndarray
    toughness: np.ndarray
    cite: np.ndarray
    band_mins: np.ndarray
    band_maxes: np.ndarray
    layout: _Layout


@dataclass(frozen=True)
class StageTexts:
    """Per stage, codes into ``label_values`` (-1 = no band) and ``ability_values``.

    The values come in order of first appearance, card by card, stage by stage.
    """

    label: np.ndarray
    abilities: np.ndarray
    label_values: np.ndarray
    ability_values: np.ndarray


def stage_numbers(cards: Sequence[LevelerCard]) -> StageNumbers:
    """The numbers of every stage: stage 0 = the uppermost P/T box, stage k = band k."""
    per_card = [card.bands for card in cards]
    band_counts = np.fromiter(map(len, per_card), dtype=np.int64, count=len(cards))
    bands = list(chain.from_iterable(per_card))
    owner = np.repeat(np.arange(len(cards)), band_counts)
    first_of_card = np.repeat(np.cumsum(band_counts) - band_counts, band_counts)
    layout = _Layout(cards, bands, band_counts, owner, np.arange(len(bands)) - first_of_card)

    width = layout.stages - 1
    band_mins = _ints(bands, "min_level")
    mins = np.full(len(cards) * width, _NEVER, dtype=np.int64)
    mins[owner * width + layout.position] = band_mins
    band_maxes = objects(map(attrgetter("max_level"), bands), len(bands))
    open_band = pd.isna(band_maxes)  # None: an open band, N3+ (711.2b)
    band_maxes[open_band] = -1
    return StageNumbers(
        mins=mins.reshape(len(cards), width),
        power=narrow(layout.per_stage(_ints(cards, "power"), _ints(bands, "power"), 0)),
        toughness=narrow(layout.per_stage(_ints(cards, "toughness"),
                                          _ints(bands, "toughness"), 0)),
        cite=layout.per_stage(np.full(len(cards), CITE_BELOW, dtype=np.int8),
                              np.where(open_band, CITE_OPEN, CITE_CLOSED).astype(np.int8),
                              CITE_BELOW),
        band_mins=band_mins,
        band_maxes=band_maxes.astype(np.int64),
        layout=layout,
    )


def stage_texts(numbers: StageNumbers) -> StageTexts:
    """The level symbol and ability text of every stage, as category codes."""
    layout = numbers.layout
    label_codes, label_values = _level_symbols(numbers.band_mins, numbers.band_maxes)
    printed_keys, band_keys, ability_text = _ability_keys(layout)
    reached = layout.reached()
    ability_codes = np.zeros(reached.shape, dtype=np.int32)
    ability_codes[reached], keys = _factorize(
        layout.per_stage(printed_keys, band_keys, -1)[reached])
    return StageTexts(
        label=layout.per_stage(np.full(len(layout.cards), -1), label_codes, -1
                               ).astype(np.int32),
        abilities=ability_codes,
        label_values=label_values,
        ability_values=objects(map(ability_text, keys.tolist()), len(keys)),
    )


def _level_symbols(band_mins: np.ndarray, band_maxes: np.ndarray
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Each band's code among the distinct level symbols, and their texts (711.2a/b)."""
    low_codes, lows = _factorize(band_mins)
    high_codes, highs = _factorize(band_maxes)
    codes, pairs = _factorize(low_codes * len(highs) + high_codes)
    texts = [_level_symbol(int(lows[pair // len(highs)]), int(highs[pair % len(highs)]))
             for pair in pairs]
    return codes, objects(texts, len(texts))


def _ability_keys(layout: _Layout) -> tuple[np.ndarray, np.ndarray, Callable[[int], str]]:
    """Ability keys at stage 0 (one per card) and at each band, and the text of a key.

    A key numbers a distinct (abilities outside the bands, level up cost, band
    abilities) triple; its text reads as the card does: outside abilities, level up
    (711.4), the band's. Band abilities code 0 is "none", as at stage 0.
    """
    cards, bands = layout.cards, layout.bands
    outside_codes, outside = _factorize(objects(map(attrgetter("abilities"), cards),
                                                len(cards)))
    cost_codes, costs = _factorize(objects(map(attrgetter("level_up_cost.symbols"), cards),
                                           len(cards)))
    band_codes, band_abilities = _factorize(objects(
        chain(((),), map(attrgetter("abilities"), bands)), len(bands) + 1))
    printed = outside_codes * len(costs) + cost_codes
    kinds = len(band_abilities)

    def text(key: int) -> str:
        printed_key, band_key = divmod(key, kinds)
        outside_key, cost_key = divmod(printed_key, len(costs))
        return _ability_text(outside[outside_key], costs[cost_key], band_abilities[band_key])

    return printed * kinds, printed[layout.owner] * kinds + band_codes[1:], text


def _ability_text(outside: tuple[str, ...], level_up_symbols: tuple[str, ...],
                  band_abilities: tuple[str, ...]) -> str:
    """Abilities as they read at a stage: outside abilities, level up (711.4), the band's."""
    level_up = "Level up " + "".join(f"{{{symbol}}}" for symbol in level_up_symbols)
    return "\n".join((*outside, level_up, *band_abilities))


def _level_symbol(low: int, high: int) -> str:
    """``LEVEL low-high``, or ``LEVEL low+`` when ``high`` is -1 (an open band, 711.2b)."""
    return f"LEVEL {low}+" if high < 0 else f"LEVEL {low}-{high}"


def _ints(items: Sequence[object], attribute: str) -> np.ndarray:
    """One int64 per item: its ``attribute``."""
    return np.fromiter(map(attrgetter(attribute), items), dtype=np.int64, count=len(items))


def objects(values: Iterable[object], count: int) -> np.ndarray:
    """A 1-D object array of ``count`` values (tuples stay whole elements)."""
    return np.fromiter(values, dtype=object, count=count)


def _factorize(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Codes and distinct values, in order of first appearance (hashing in C)."""
    codes, uniques = pd.factorize(values, sort=False)
    return codes, np.asarray(uniques)


def narrow(values: np.ndarray) -> np.ndarray:
    """int32 when every value fits (halves the grid's largest columns), else int64."""
    small = np.iinfo(np.int32)
    if values.size and (values.min() < small.min or values.max() > small.max):
        return values
    return values.astype(np.int32)
