"""What the designs store hands out: a design, a revision, a draft, and its conflict error.

Plain frozen values (:mod:`leveler.io.designs` reads and writes them); a design whose
record does not parse carries its ``problem`` instead of a card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from leveler.io.designs_json import DesignsError
from leveler.model import LevelerCard
from leveler.text import CardTextError

__all__ = ["Design", "DesignConflict", "Designs", "Revision", "StoredDraft"]


class DesignConflict(DesignsError):
    """A save of ``name`` that did not start from its current revision (None: not there)."""

    def __init__(self, store: str, name: str, expected: int | None, current: int | None):
        self.name, self.expected, self.current = name, expected, current
        if expected is None:
            why = (f"“{name}” already exists in {store} (revision {current}, saved by another "
                   "session or earlier)")
        elif current is None:
            why = f"“{name}” is no longer in {store} (you opened revision {expected})"
        else:
            why = (f"“{name}” was changed meanwhile by another session (now revision "
                   f"{current}, you opened revision {expected})")
        super().__init__(f"{why} — keep yours as a copy, or reload")


@dataclass(frozen=True)
class Design:
    """One design as the store holds it now."""

    name: str
    revision: int
    record: Any
    """The record as saved (a JSON object for every design saved by the bench)."""
    saved_at: float
    card: LevelerCard | None
    """The parsed design, or None."""
    problem: CardTextError | None
    """Why it does not parse (its own problem: other designs are not affected)."""


@dataclass(frozen=True)
class Revision:
    """One saved revision of a design (:meth:`DesignsStore.history`)."""

    name: str
    revision: int
    record: Any
    saved_at: float


@dataclass(frozen=True)
class StoredDraft:
    """What a session typed, as last autosaved, and the design revision it started from."""

    record: dict[str, str]
    opened_name: str | None
    opened_revision: int | None
    saved_at: float


@dataclass(frozen=True)
class Designs:
    """The store as read at one moment: its file name, its designs, what to say about it."""

    location: str
    """The store's file name (never its folder: the page must not learn server paths)."""
    designs: tuple[Design, ...] = ()
    message: str = ""
    """What happened (an import, a problem opening the store), for a person."""
    writable: bool = True

    @property
    def records(self) -> tuple[Any, ...]:
        return tuple(design.record for design in self.designs)

    @property
    def cards(self) -> dict[str, LevelerCard]:
        return {d.card.name: d.card for d in self.designs if d.card is not None}

    @property
    def errors(self) -> tuple[CardTextError, ...]:
        return tuple(d.problem for d in self.designs if d.problem is not None)

    def revision_of(self, name: str) -> int | None:
        return next((d.revision for d in self.designs if d.name == name), None)
