"""Whole-pool frames: the card x level x zone grid of CR 711, computed as array operations.

``progression`` is the table form of :func:`leveler.rules.characteristics` and is tested
against it for every card, level and zone. The cards are read once into stage tables
(:mod:`leveler.stages`: stage 0 = the uppermost P/T box, stage k = the k-th band); the
grid then picks a stage for every (card, level, zone) with numpy, without a Python loop
per row:

- stage = number of stages after the first that start at or below the level (0 below
  the first band: 711.5; a gap between bands is a stage of its own: 711.2a, 613.1);
- off the battlefield the stage is 0 (711.6).

``segments`` is the same grid without expanding the levels: one row per card, zone and
stage, a range of level counters [from_level, to_level] over which the card does not
change, so its cost is the number of bands, never the numbers printed on them.
:func:`at_level` picks the segment holding a count, with one vectorised comparison.

A big grid writes its columns on worker threads (:mod:`leveler.grid_fill`): the columns
that do not depend on the cards (name, level, zone) while the cards are being read.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from leveler.grid_fill import along, column_writer, share
from leveler.model import Pool, Zone, cards_of
from leveler.stages import CITATIONS, CITE_OFF, narrow, stage_tables

__all__ = ["CITATIONS", "SEGMENT_COLUMNS", "at_level", "cards_frame", "progression",
           "resolve_pool", "segments"]

def _as_levels(levels: int | Iterable[int]) -> npt.NDArray[np.int64]:
    values = [levels] if isinstance(levels, int) else list(levels)
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int | np.integer):
            raise ValueError(f"level counters must be whole numbers, not {value!r}")
        if value < 0:
            raise ValueError(f"level counters cannot be negative (got {value})")
    return np.asarray(values, dtype=np.int64)


def _code_dtype(categories: int) -> type[np.signedinteger]:
    """The code width pandas uses for this many categories (so it need not convert)."""
    for dtype in (np.int8, np.int16, np.int32):
        if categories < np.iinfo(dtype).max:
            return dtype
    return np.int64


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
    cards = cards_of(pool)
    level_array = _as_levels(levels)
    zone_list = [Zone.coerce(zone) for zone in zones]
    on_battlefield = np.array([zone is Zone.BATTLEFIELD for zone in zone_list], dtype=bool)
    shape = (len(cards), level_array.size, len(zone_list))
    with column_writer(shape[0] * shape[1] * shape[2]) as writer:
        # what does not depend on the cards is written while they are read
        name_codes = writer.submit(along, np.arange(len(cards), dtype=_code_dtype(len(cards))),
                                 0, shape)
        level_counters = writer.submit(along, narrow(level_array), 1, shape)
        zone_codes = writer.submit(along, np.arange(len(zone_list), dtype=np.int8), 2, shape)
        tables = stage_tables(cards)
        names = pd.Index(tables.names)
        if not names.is_unique:
            raise ValueError("card names in a pool must be unique")

        # the stage on the battlefield: how many stages after the first start at or
        # below the count (711.2a/b, a gap's 613.1); none below the first band's N1
        # (711.5). Off it, stage 0 (711.6).
        stage = np.zeros(shape[:2], dtype=_code_dtype(tables.starts.shape[1] + 1))
        for stage_starts in tables.starts.T:
            stage += level_array[None, :] >= stage_starts[:, None]
        off_field = np.full(len(cards), CITE_OFF, dtype=np.int8)
        columns = share(writer, {
            "power": (tables.power, stage, on_battlefield),
            "toughness": (tables.toughness, stage, on_battlefield),
            "band": (tables.label.astype(_code_dtype(len(tables.label_values))), stage,
                     on_battlefield),
            "abilities": (tables.abilities.astype(_code_dtype(len(tables.ability_values))),
                          stage, on_battlefield),
            "citation": (tables.cite, stage, on_battlefield, off_field),
        })
        return pd.DataFrame({
            "name": _categorical(name_codes.result(), names),
            "level_counters": level_counters.result(),
            "zone": _categorical(zone_codes.result(), [zone.value for zone in zone_list]),
            "power": columns["power"],
            "toughness": columns["toughness"],
            "band": _categorical(columns["band"], tables.label_values),
            "abilities": _categorical(columns["abilities"], tables.ability_values),
            "citation": _categorical(columns["citation"], list(CITATIONS)),
        }, copy=False)


def _categorical(codes: np.ndarray, categories: Sequence[object] | np.ndarray
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
    cards = cards_of(pool)
    zone_list = [Zone.coerce(zone) for zone in zones]
    tables = stage_tables(cards)
    names = pd.Index(tables.names)
    if not names.is_unique:
        raise ValueError("card names in a pool must be unique")
    count = len(cards)
    blocks = []
    for zone_code, zone in enumerate(zone_list):
        per_card = tables.counts if zone is Zone.BATTLEFIELD else np.ones(count, np.int64)
        card = np.repeat(np.arange(count), per_card)
        stage = np.arange(len(card)) - np.repeat(np.cumsum(per_card) - per_card, per_card)
        blocks.append((card, stage, np.full(len(card), zone_code, dtype=np.int8),
                       zone is Zone.BATTLEFIELD))
    card = np.concatenate([block[0] for block in blocks] or [np.zeros(0, np.int64)])
    stage = np.concatenate([block[1] for block in blocks] or [np.zeros(0, np.int64)])
    zone_codes = np.concatenate([block[2] for block in blocks] or [np.zeros(0, np.int8)])
    on_field = np.concatenate([np.full(len(block[0]), block[3]) for block in blocks]
                              or [np.zeros(0, bool)])
    order = np.argsort(card, kind="stable")  # card by card, then zone, then stage
    card, stage, zone_codes, on_field = card[order], stage[order], zone_codes[order], \
        on_field[order]
    starts = np.concatenate([np.zeros((count, 1), np.int64), tables.starts], axis=1)
    ends = np.concatenate([tables.starts, np.full((count, 1), -1, np.int64)], axis=1)
    last = ~on_field | (stage == tables.counts[card] - 1)
    # a first band from 0 counters leaves stage 0 no count: that segment is dropped
    kept = last | (ends[card, stage] > starts[card, stage])
    card, stage, zone_codes, on_field, last = (card[kept], stage[kept], zone_codes[kept],
                                               on_field[kept], last[kept])
    to_level = pd.array(np.where(last, 0, ends[card, stage] - 1), dtype="Int64")
    to_level[last] = pd.NA
    citation = np.where(on_field, tables.cite[card, stage], CITE_OFF)
    return pd.DataFrame({
        "name": _categorical(card.astype(_code_dtype(count)), names),
        "zone": _categorical(zone_codes, [zone.value for zone in zone_list]),
        "from_level": starts[card, stage],
        "to_level": to_level,
        "power": tables.power[card, stage],
        "toughness": tables.toughness[card, stage],
        "band": _categorical(tables.label[card, stage], tables.label_values),
        "abilities": _categorical(tables.abilities[card, stage], tables.ability_values),
        "citation": _categorical(citation.astype(np.int8), list(CITATIONS)),
    }, columns=list(SEGMENT_COLUMNS))


def at_level(frame: pd.DataFrame, level: int) -> npt.NDArray[np.bool_]:
    """Which rows of :func:`segments` hold ``level`` counters: from_level <= level <= to_level
    (an open segment has no to_level). One comparison over the frame, no loop per row."""
    count = int(_as_levels(level)[0])
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
