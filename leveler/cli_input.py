"""What the user gave the ``leveler`` command: counts and zones (argument types), card
names, the pool and the situation file; each failure to find or read one is a
:class:`LookupFailed` naming it (exit status 1).

Input files must be regular files (a FIFO, device or folder is refused, never waited on)
and are read under a budget (:mod:`leveler.io.budget`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from collections.abc import Iterator, Mapping
from typing import Any

from leveler import model
from leveler.cli_output import say
from leveler.io.budget import SITUATION_BUDGET, open_regular_file
from leveler.io.budget import read_json as read_json_under
from leveler.io.pool_files import load_pool_report, read_json
from leveler.model import (
    MAX_LEVEL,
    LevelerCard,
    Zone,
    check_level_counters,
    too_many_level_counters,
)

__all__ = ["MAX_LEVEL_COUNTERS", "LookupFailed", "chosen_cards", "find_card", "level_count",
           "load_cards", "read_situation", "reading", "zone_name"]

MAX_LEVEL_COUNTERS = MAX_LEVEL
"""The most level counters ``--level`` takes: the parser's bound on a band's numbers (711.2,
702.87); past it every card is in its top band anyway."""


class LookupFailed(Exception):
    """A name or file the user gave could not be found or read: exit status 1."""


def level_count(text: str) -> int:
    """``--level``: :func:`~leveler.model.check_level_counters` up to MAX_LEVEL (122.1,
    711.2); too many digits are refused before they become a number."""
    digits = text.strip().lstrip("+-")
    if digits.isdecimal() and len(digits) > len(str(MAX_LEVEL_COUNTERS)):
        shown = text.strip() if len(digits) <= 30 else f"a number of {len(digits)} digits"
        raise argparse.ArgumentTypeError(too_many_level_counters(shown, MAX_LEVEL_COUNTERS))
    try:
        value: object = int(text)
    except ValueError:
        value = text[:40]
    try:
        return check_level_counters(value, most=MAX_LEVEL_COUNTERS)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def zone_name(text: str) -> Zone:
    """``--zone``: a zone by its name (:meth:`leveler.model.Zone.coerce`)."""
    try:
        return Zone.coerce(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _from_terminal(text: str) -> str:
    """A name typed in UTF-8 on a terminal whose locale says otherwise (``LC_ALL=C``)
    arrives as escaped bytes; read them as UTF-8 when they are."""
    try:
        return os.fsencode(text).decode("utf-8") if _SURROGATE.search(text) else text
    except UnicodeError:
        return text


_SURROGATE = re.compile("[\udc80-\udcff]")


def find_card(pool: Mapping[str, LevelerCard], name: str) -> LevelerCard:
    """The card called ``name`` (:func:`leveler.model.find_card`: any case or width, or a
    printed name in any language); else LookupFailed with the closest names."""
    name = _from_terminal(name)
    found = model.find_card(pool, name)
    if found is not None:
        return found
    close = model.close_names(pool, name)
    hint = f" Did you mean: {', '.join(close)}?" if close else ""
    raise LookupFailed(f"no card named {name!r} in the pool.{hint}")


@contextlib.contextmanager
def reading(source: str) -> Iterator[None]:
    """Any failure to read or take in ``source`` as a :class:`LookupFailed` naming it."""
    try:
        yield
    except LookupFailed:
        raise
    except UnicodeDecodeError as error:
        raise LookupFailed(f"{source}: not UTF-8 text ({error.reason} at byte {error.start})"
                           ) from None
    except ValueError as error:
        text = str(error)
        raise LookupFailed(text if text.startswith(source) else f"{source}: {text}") from None
    except RecursionError:
        raise LookupFailed(f"{source}: nested too deeply to read") from None
    except MemoryError:
        raise LookupFailed(f"{source}: too large to read (out of memory)") from None
    except OverflowError as error:
        raise LookupFailed(f"{source}: a number too large to work with ({error})") from None
    except OSError as error:
        raise LookupFailed(f"{source}: cannot read ({error.strerror or error})") from None


def load_cards(path: str | None) -> dict[str, LevelerCard]:
    """The pool, from any card file ``load_pool`` recognises; what it skipped on stderr."""
    with reading(path or "the bundled pool"):
        if path is None:
            report = load_pool_report(None)
        else:
            with open_regular_file(path, "pool file") as stream:  # never a FIFO or device
                report = load_pool_report(stream, name=path)
        report.raise_for_errors()
    if report.skipped or report.notes:
        say(f"leveler: {report.summary()}")
    return report.cards


def chosen_cards(args: argparse.Namespace) -> dict[str, LevelerCard]:
    """The cards a command works on: ``--designs`` (the designs store), else the pool."""
    if not getattr(args, "designs", False):
        return load_cards(args.pool)
    from leveler.io.designs import open_store

    with reading("the designs store"):
        snapshot = open_store().snapshot()
    for problem in snapshot.errors:
        say(f"leveler: skipped a design that does not parse: {problem}")
    return snapshot.cards


def read_situation(path: str) -> Any:
    """The JSON in ``path`` (``-`` for standard input), read under the situation budget
    (size, depth, counts); a file must be a regular file."""
    if path == "-":
        with reading("standard input"):
            stream = getattr(sys.stdin, "buffer", None)
            limit = SITUATION_BUDGET.max_bytes + 1  # one byte more: the budget names it
            data = stream.read(limit) if stream else sys.stdin.read(limit).encode("utf-8")
            return read_json_under(data, source="standard input", budget=SITUATION_BUDGET)
    with reading(path):
        return read_json(path, "situation file")  # a regular file only, under the budget
