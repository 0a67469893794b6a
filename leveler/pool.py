"""Whole-pool frames: the card x level x zone grid of CR 711, computed as array operations.

``progression`` is the table form of :func:`leveler.rules.characteristics` and is tested
against it for every card, level and zone. The cards are read once into stage tables
(:mod:`leveler.stages`: stage 0 = the uppermost P/T box, stage k = the k-th band); the
grid then picks a stage for every (card, level, zone) with numpy, without a Python loop
per row:

- stage = number of bands whose N1 <= level (0 below the first band: 711.5);
- off the battlefield the stage is 0 (711.6).

Writing the grid's columns is bound by memory (first writes to fresh pages), not by
arithmetic, so a big grid fills its columns on worker threads (numpy releases the GIL
while it copies); the columns that do not depend on the cards (name, level, zone) are
filled while the cards are being read.
"""

from __future__ import annotations

import mmap
import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from leveler.model import Pool, Zone, cards_of
from leveler.stages import CITATIONS, CITE_OFF, narrow, stage_tables

__all__ = ["CITATIONS", "cards_frame", "progression", "resolve_pool"]

_MAPPED_BYTES = 1 << 22
"""Columns of at least this many bytes are mapped from ordinary pages (see ``_fresh``)."""
PARALLEL_ROWS = 1 << 20
"""Grids with at least this many rows fill their columns on worker threads."""


def _as_levels(levels: int | Iterable[int]) -> npt.NDArray[np.int64]:
    values = [levels] if isinstance(levels, int) else list(levels)
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int | np.integer):
            raise ValueError(f"level counters must be whole numbers, not {value!r}")
        if value < 0:
            raise ValueError(f"level counters cannot be negative (got {value})")
    return np.asarray(values, dtype=np.int64)


def _spread(table: np.ndarray, stage: np.ndarray, on_battlefield: np.ndarray,
            off_field: np.ndarray | None = None) -> np.ndarray:
    """Flat (cards x levels x zones) values from a cards x stages ``table``: the value at
    ``stage`` (cards x levels) in battlefield columns (711.2a/b, 711.5), and everywhere
    else ``off_field``, by default the uppermost box, stage 0 (711.6). Broadcast fills."""
    cards, levels = stage.shape
    out = _fresh((cards, levels, on_battlefield.size), table.dtype)
    out[...] = (table[:, 0] if off_field is None else off_field)[:, None, None]
    on_field = np.take_along_axis(table, stage, axis=1)
    for zone_column in np.flatnonzero(on_battlefield):
        out[:, :, zone_column] = on_field
    return out.reshape(-1)


def _along(values: np.ndarray, axis: int, shape: tuple[int, int, int]) -> np.ndarray:
    """Flat (cards x levels x zones) array holding ``values`` along one axis: one fill."""
    out = _fresh(shape, values.dtype)
    out[...] = values.reshape([-1 if i == axis else 1 for i in range(3)])
    return out.reshape(-1)


def _fresh(shape: tuple[int, int, int], dtype: np.dtype[Any]) -> np.ndarray:
    """An uninitialised array for a column that is written once, front to back.

    Big ones are mapped from ordinary pages (mmap) rather than ``np.empty``, which asks
    for huge pages: when the kernel has none free it compacts memory on the first write
    (THP defrag "madvise"), which costs more than huge pages save a write-once column.
    """
    size = shape[0] * shape[1] * shape[2]
    if size * dtype.itemsize < _MAPPED_BYTES or not hasattr(mmap, "MAP_ANONYMOUS"):
        return np.empty(shape, dtype=dtype)
    pages = mmap.mmap(-1, size * dtype.itemsize, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    return np.frombuffer(pages, dtype=dtype, count=size).reshape(shape)


def _code_dtype(categories: int) -> type[np.signedinteger]:
    """The code width pandas uses for this many categories (so it need not convert)."""
    for dtype in (np.int8, np.int16, np.int32):
        if categories < np.iinfo(dtype).max:
            return dtype
    return np.int64


class _InCallingThread(Executor):
    """An executor that runs each task at once: small grids are not worth a thread."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed to whoever asks for the result
            future.set_exception(error)
        return future


def _filler(rows: int) -> Executor:
    """Where a grid of ``rows`` rows writes its columns: on worker threads, one per CPU
    beside the calling thread (which goes on reading the cards), or, for a small grid or
    a single CPU, in the calling thread itself."""
    cpus = _cpus()
    if rows < PARALLEL_ROWS or cpus < 2:
        return _InCallingThread()
    return ThreadPoolExecutor(max_workers=cpus - 1, thread_name_prefix="leveler-grid")


def _cpus() -> int:
    """CPUs this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


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
    with _filler(shape[0] * shape[1] * shape[2]) as fill:
        # what does not depend on the cards is written while they are read
        name_codes = fill.submit(_along, np.arange(len(cards), dtype=_code_dtype(len(cards))),
                                 0, shape)
        level_counters = fill.submit(_along, narrow(level_array), 1, shape)
        zone_codes = fill.submit(_along, np.arange(len(zone_list), dtype=np.int8), 2, shape)
        tables = stage_tables(cards)
        names = pd.Index(tables.names)
        if not names.is_unique:
            raise ValueError("card names in a pool must be unique")

        # the stage on the battlefield: how many bands start at or below the count
        # (711.2a/b); none below the first band's N1 (711.5). Off it, stage 0 (711.6).
        stage = np.zeros(shape[:2], dtype=_code_dtype(tables.mins.shape[1] + 1))
        for band_mins in tables.mins.T:
            stage += level_array[None, :] >= band_mins[:, None]
        off_field = np.full(len(cards), CITE_OFF, dtype=np.int8)
        columns = _share(fill, {
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


def _share(fill: Executor, spreads: dict[str, tuple[Any, ...]]) -> dict[str, np.ndarray]:
    """``_spread`` each entry, on the workers and in this thread: this thread takes the
    last queued column that no worker has started, until none is left, then waits."""
    queued = {key: fill.submit(_spread, *arguments) for key, arguments in spreads.items()}
    done: dict[str, np.ndarray] = {}
    for key in reversed(queued):
        if queued[key].cancel():
            done[key] = _spread(*spreads[key])
    return {key: done[key] if key in done else queued[key].result() for key in queued}


def _categorical(codes: np.ndarray, categories: Sequence[object] | np.ndarray
                 ) -> pd.Categorical[Any]:
    """A categorical column from integer codes (-1 = missing) and its category values."""
    index: pd.Index[Any] = (categories if isinstance(categories, pd.Index)
                            else pd.Index(categories))
    return pd.Categorical.from_codes(codes, dtype=pd.CategoricalDtype(index), validate=False)


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
