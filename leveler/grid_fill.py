"""Writing the pool grid's columns: broadcast fills into fresh pages, on worker threads.

A column of :func:`leveler.pool.progression` holds one value per (card, level, zone),
card by card, then level, then zone. Writing 100,000 cards x 21 levels x 7 zones is
bound by memory, not arithmetic: most of the time goes to the kernel handing out fresh
pages. So a big grid

- maps its columns from ordinary pages (:func:`fresh`),
- writes them on worker threads, one per CPU beside the calling thread (numpy releases
  the GIL while it copies), while the calling thread reads the cards
  (:func:`column_writer`), and
- has the calling thread write the columns no worker has started (:func:`share`).

A small grid (the app's 25 cards) is written in the calling thread with ``np.empty``.
"""

from __future__ import annotations

import mmap
import os
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

import numpy as np

__all__ = ["MAPPED_BYTES", "PARALLEL_ROWS", "along", "column_writer", "fresh", "share",
           "spread"]

MAPPED_BYTES = 1 << 22
"""Columns of at least this many bytes are mapped from ordinary pages (see :func:`fresh`)."""
PARALLEL_ROWS = 1 << 20
"""Grids with at least this many rows write their columns on worker threads."""


def fresh(shape: tuple[int, int, int], dtype: np.dtype[Any]) -> np.ndarray:
    """An uninitialised array for a column that is written once, front to back.

    Big ones are mapped from ordinary pages (mmap) rather than ``np.empty``, which asks
    for huge pages: when the kernel has none free it compacts memory on the first write
    (THP defrag "madvise"), which costs more than huge pages save a write-once column.
    """
    size = shape[0] * shape[1] * shape[2]
    if size * dtype.itemsize < MAPPED_BYTES or not hasattr(mmap, "MAP_ANONYMOUS"):
        return np.empty(shape, dtype=dtype)
    pages = mmap.mmap(-1, size * dtype.itemsize, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    return np.frombuffer(pages, dtype=dtype, count=size).reshape(shape)


def along(values: np.ndarray, axis: int, shape: tuple[int, int, int]) -> np.ndarray:
    """Flat (cards x levels x zones) column holding ``values`` along one axis: one fill."""
    out = fresh(shape, values.dtype)
    out[...] = values.reshape([-1 if i == axis else 1 for i in range(3)])
    return out.reshape(-1)


def spread(table: np.ndarray, stage: np.ndarray, on_battlefield: np.ndarray,
           off_field: np.ndarray | None = None) -> np.ndarray:
    """Flat (cards x levels x zones) column from a cards x stages ``table``: the value at
    ``stage`` (cards x levels) in battlefield columns (711.2a/b, 711.5), and everywhere
    else ``off_field``, by default the uppermost box, stage 0 (711.6). Broadcast fills."""
    cards, levels = stage.shape
    out = fresh((cards, levels, on_battlefield.size), table.dtype)
    out[...] = (table[:, 0] if off_field is None else off_field)[:, None, None]
    on_field = np.take_along_axis(table, stage, axis=1)
    for zone_column in np.flatnonzero(on_battlefield):
        out[:, :, zone_column] = on_field
    return out.reshape(-1)


class InCallingThread(Executor):
    """An executor that runs each task at once, in the calling thread."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # handed to whoever asks for the result
            future.set_exception(error)
        return future


def column_writer(rows: int) -> Executor:
    """Where a grid of ``rows`` rows writes its columns: worker threads, one per CPU
    beside the calling thread, or, for a small grid or a single CPU, the calling thread."""
    cpus = _cpus()
    if rows < PARALLEL_ROWS or cpus < 2:
        return InCallingThread()
    return ThreadPoolExecutor(max_workers=cpus - 1, thread_name_prefix="leveler-grid")


def _cpus() -> int:
    """CPUs this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def share(writer: Executor, spreads: dict[str, tuple[Any, ...]]) -> dict[str, np.ndarray]:
    """:func:`spread` each entry, on the workers and in this thread: this thread takes the
    last queued column that no worker has started, until none is left, then waits."""
    queued = {key: writer.submit(spread, *arguments) for key, arguments in spreads.items()}
    done: dict[str, np.ndarray] = {}
    for key in reversed(queued):
        if queued[key].cancel():
            done[key] = spread(*spreads[key])
    return {key: done[key] if key in done else queued[key].result() for key in queued}
