"""Whole-pool frames: the card x level x zone grid of CR 711, computed as array operations.

The cards are read once into stage rows (:mod:`leveler.stages`: one row per card and
stage on the battlefield, with the range of counts it holds). Then

- :func:`segments` is those rows, one per card, zone and stage: on the battlefield every
  stage (711.5 below the first band, 711.2a/b for each band, 711.2a/613.1 for a gap),
  off it stage 0 from 0 counters (711.6); its cost is the number of bands, never the
  numbers printed on them. :func:`at_level` picks the segment holding a count.
- :func:`progression` is the same rows picked at each requested count: a card's stage
  is its stage 0 plus how many of its later stages start at or below the count (a mask
  over band boundaries), then every column is filled from the picked rows, without a
  Python loop per row. It is tested against :func:`leveler.rules.characteristics` for
  every card, level and zone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from leveler.model import Pool, Zone, cards_of
from leveler.rules import check_level_counters
from leveler.stages import CITATIONS, OFF, StageRows, stage_rows

__all__ = ["CITATIONS", "SEGMENT_COLUMNS", "at_level", "cards_frame", "progression",
           "resolve_pool", "segments"]


def _as_levels(levels: int | Iterable[int]) -> npt.NDArray[np.int64]:
    """Level counts as int64, each checked by the rules (whole, not negative: 122.1)."""
    values = [levels] if isinstance(levels, int) else list(levels)
    return np.asarray([check_level_counters(value) for value in values], dtype=np.int64)


def _code_dtype(categories: int) -> type[np.signedinteger]:
    """The code width pandas uses for this many categories (so it need not convert)."""
    for dtype in (np.int8, np.int16, np.int32):
        if categories < np.iinfo(dtype).max:
            return dtype
    return np.int64


def _read(pool: Pool) -> tuple[StageRows, pd.Index[Any]]:
    tables = stage_rows(cards_of(pool))
    names = pd.Index(tables.names)
    if not names.is_unique:
        raise ValueError("card names in a pool must be unique")
    return tables, names


def progression(
    pool: Pool,
    levels: int | Iterable[int] = range(13),
    zones: Iterable[Zone | str] = tuple(Zone),
) -> pd.DataFrame:
    """One row per card, level and zone: what CR 711 makes of the card there.

    Columns: name, level_counters, zone, power, toughness, band (``LEVEL 2-6`` or
    missing), abilities (one ability per line, level up included), citation
    (711.2a, 711.2b, 711.5 or 711.6). Rows run card by card, then level, then zone.
    String columns are categorical and level_counters, power and toughness int32 (int64
    only if a value needs it), so a pool of 100,000 designs stays small.
    """
    level_array = _as_levels(levels)
    zone_list = [Zone.coerce(zone) for zone in zones]
    tables, names = _read(pool)
    shape = (len(names), level_array.size, len(zone_list))
    on_field = [index for index, zone in enumerate(zone_list) if zone is Zone.BATTLEFIELD]
    picked = tables.at(level_array) if on_field else None  # cards x levels: 711.2a/b, 711.5

    def fill(values: np.ndarray, axis: int) -> np.ndarray:
        """A column holding ``values`` along one axis (0 cards, 1 levels, 2 zones)."""
        out = np.empty(shape, dtype=values.dtype)
        out[...] = values.reshape([-1 if i == axis else 1 for i in range(3)])
        return out.reshape(-1)

    def column(per_row: np.ndarray, off_field: np.ndarray | None = None) -> np.ndarray:
        """Off the battlefield, stage 0 (711.6) unless told; on it, the picked stage."""
        out = np.empty(shape, dtype=per_row.dtype)
        out[...] = (per_row[tables.first] if off_field is None else off_field)[:, None, None]
        if picked is not None:
            on = per_row[picked]
            for zone in on_field:
                out[:, :, zone] = on
        return out.reshape(-1)

    levels_fit = level_array.size == 0 or level_array.max() <= np.iinfo(np.int32).max
    return pd.DataFrame({
        "name": _categorical(fill(np.arange(shape[0], dtype=_code_dtype(shape[0])), 0), names),
        "level_counters": fill(level_array.astype(np.int32) if levels_fit else level_array, 1),
        "zone": _categorical(fill(np.arange(shape[2], dtype=np.int8), 2),
                             [zone.value for zone in zone_list]),
        "power": column(tables.power),
        "toughness": column(tables.toughness),
        "band": _categorical(column(tables.label.astype(_code_dtype(len(tables.label_values)))),
                             tables.label_values),
        "abilities": _categorical(
            column(tables.abilities.astype(_code_dtype(len(tables.ability_values)))),
            tables.ability_values),
        "citation": _categorical(column(tables.cite, np.full(shape[0], OFF, np.int8)),
                                 list(CITATIONS)),
    }, copy=False)


def _categorical(codes: np.ndarray, categories: Sequence[object] | np.ndarray | pd.Index[Any]
                 ) -> pd.Categorical[Any]:
    """A categorical column from integer codes (-1 = missing) and its category values."""
    index: pd.Index[Any] = (categories if isinstance(categories, pd.Index)
                            else pd.Index(categories))
    return pd.Categorical.from_codes(codes, dtype=pd.CategoricalDtype(index), validate=False)


SEGMENT_COLUMNS = ("name", "zone", "from_level", "to_level", "power", "toughness", "band",
                   "abilities", "citation")
"""Columns of :func:`segments`, in order."""


def segments(pool: Pool, zones: Iterable[Zone | str] = tuple(Zone)) -> pd.DataFrame:
    """One row per card, zone and segment: the counts over which CR 711 keeps the card the same.

    Columns: name, zone, from_level (int64), to_level (Int64, <NA> for the last,
    open segment), then power, toughness, band, abilities and citation as in
    :func:`progression`, whose row at any count L equals the segment holding L
    (:func:`at_level`). On the battlefield a card has a segment below its first band
    (711.5), one per band (711.2a/b) and one per gap (711.2a, 613.1); off it, one
    segment from 0 (711.6). Rows run card by card, then zone, then from_level.
    """
    zone_list = [Zone.coerce(zone) for zone in zones]
    tables, names = _read(pool)
    # a first band from 0 counters leaves stage 0 no count on the battlefield: not a segment
    ends = tables.to_level.to_numpy(dtype=np.int64, na_value=0)
    on_field_rows = np.flatnonzero(tables.to_level.isna() | (ends >= tables.from_level))
    blocks = [(on_field_rows if zone is Zone.BATTLEFIELD else tables.first, code)
              for code, zone in enumerate(zone_list)]
    row = np.concatenate([rows for rows, _ in blocks] or [np.zeros(0, np.int64)])
    zone_codes = np.concatenate([np.full(len(rows), code, np.int8) for rows, code in blocks]
                                or [np.zeros(0, np.int8)])
    off = np.concatenate([np.full(len(rows), zone_list[code] is not Zone.BATTLEFIELD)
                          for rows, code in blocks] or [np.zeros(0, bool)])
    order = np.argsort(tables.card[row], kind="stable")  # card by card, then zone, then stage
    row, zone_codes, off = row[order], zone_codes[order], off[order]
    to_level = tables.to_level[row]
    to_level[off] = pd.NA  # off the battlefield the uppermost box, whatever the count (711.6)
    return pd.DataFrame({
        "name": _categorical(tables.card[row].astype(_code_dtype(len(names))), names),
        "zone": _categorical(zone_codes, [zone.value for zone in zone_list]),
        "from_level": tables.from_level[row],
        "to_level": to_level,
        "power": tables.power[row],
        "toughness": tables.toughness[row],
        "band": _categorical(tables.label[row], tables.label_values),
        "abilities": _categorical(tables.abilities[row], tables.ability_values),
        "citation": _categorical(np.where(off, OFF, tables.cite[row]).astype(np.int8),
                                 list(CITATIONS)),
    }, columns=list(SEGMENT_COLUMNS))


def at_level(frame: pd.DataFrame, level: int) -> npt.NDArray[np.bool_]:
    """Which rows of :func:`segments` hold ``level`` counters: from_level <= level <= to_level
    (an open segment has no to_level). One comparison over the frame, no loop per row."""
    count = check_level_counters(level)
    upper = frame["to_level"].to_numpy(dtype=np.float64, na_value=np.inf)
    mask: npt.NDArray[np.bool_] = (frame["from_level"].to_numpy() <= count) & (count <= upper)
    return mask


def resolve_pool(
    pool: Pool, level: int, zone: Zone | str
) -> pd.DataFrame:
    """The pool at one count and zone: ``progression`` restricted to one level and zone."""
    return progression(pool, [level], [zone])


def cards_frame(pool: Pool) -> pd.DataFrame:
    """One row per card with its catalogue facts, for filters and labels."""
    cards = cards_of(pool)
    return pd.DataFrame({
        "name": [card.name for card in cards],
        "mana_cost": [str(card.mana_cost) for card in cards],
        "mana_value": [card.mana_cost.mana_value for card in cards],
        "colors": ["".join(card.colors) or "C" for card in cards],
        "type_line": [card.type_line for card in cards],
        "rarity": [card.rarity or "" for card in cards],
        "sets": [" ".join(card.sets) for card in cards],
        "level_up_cost": [str(card.level_up_cost) for card in cards],
        "bands": [" / ".join(band.label for band in card.bands) for card in cards],
        "top_level": [card.top_level for card in cards],
    })
