"""The page's link, written a moment after the last change instead of while the page answers it.

A control's on_change keeps its value in the screen (:class:`leveler.app.link.Screen`) at
once; writing the link (``mo.query_params()``) in that on_change cost 13-20 ms of every
slider press (benchmarks/README.md). :class:`LinkWriter` writes it once, :data:`LINK_DELAY`
after the last of a burst of changes, from a ``mo.Thread`` (a thread that may message the
page), so the new table and chart come first and the address follows.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import marimo as mo

__all__ = ["LINK_DELAY", "LinkWriter"]

LINK_DELAY = 0.25
"""Seconds from the last change to the link's write: longer than a slider press takes to
show (benchmarks/README.md), short beside reaching for "copy link"."""


def _in_marimo_thread(target: Callable[[], None]) -> None:
    mo.Thread(target=target, daemon=True).start()


class LinkWriter:
    """Calls ``write`` once, ``delay`` seconds after the last :meth:`soon`; never two writes
    at once. ``spawn`` runs its argument in another thread (a ``mo.Thread`` by default)."""

    def __init__(self, write: Callable[[], object], delay: float = LINK_DELAY,
                 spawn: Callable[[Callable[[], None]], None] = _in_marimo_thread) -> None:
        self._write, self._delay, self._spawn = write, delay, spawn
        self._lock = threading.Lock()
        self._latest = 0

    def soon(self) -> None:
        """Write ``delay`` from now, unless another change comes first (that one writes)."""
        with self._lock:
            self._latest += 1
            ticket = self._latest
        self._spawn(lambda: self._after(ticket))

    def _after(self, ticket: int) -> None:
        threading.Event().wait(self._delay)
        with self._lock:
            if ticket == self._latest:
                self._write()
