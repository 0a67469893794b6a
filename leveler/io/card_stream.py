"""Which card file this is, from its first bytes and first keys, and its entries as a stream.

A pool file is never loaded whole: the first non-blank character tells an array from an
object, the first keys tell a Scryfall card or list from an MTGJSON set or AtomicCards
file, and ijson then yields one entry at a time from events that passed a
:class:`leveler.io.budget.JsonBudget`. How each source's entries become records is in
:mod:`leveler.io.importers`; :mod:`leveler.io.pool_files` makes cards of them.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from typing import IO, Any

import ijson  # type: ignore[import-untyped]

from leveler.io.budget import JsonBudget, budget_events, budget_items
from leveler.io.importers import READERS, Entry, SourceFormat, array_format
from leveler.text_errors import CardTextError

__all__ = ["open_entries"]

_SNIFF_BYTES = 4096
_MTGJSON_SET_KEYS = frozenset({"cards", "tokens", "decks", "sealedProduct", "languages"})
_SET_CODE = re.compile(r"^[0-9A-Z]{2,6}$")


def open_entries(stream: IO[bytes], source: str, budget: JsonBudget
                  ) -> tuple[SourceFormat, Iterator[Entry], tuple[str, ...]]:
    """Recognise the file from its first bytes and first keys, then stream its entries.

    Returns the format, the entries (read lazily, while the file is open) and notes.
    """
    start, first = _first_character(stream)
    stream.seek(start)
    if first == "[":
        return _open_array(stream, source, budget)
    if first == "{":
        return _open_object(stream, source, start, budget)
    raise _not_json_or_wrong_shape(stream, source, budget)


def _open_array(stream: IO[bytes], source: str, budget: JsonBudget
                ) -> tuple[SourceFormat, Iterator[Entry], tuple[str, ...]]:
    """An array: the project's records, Scryfall cards (a bulk file), or MTGJSON cards."""
    items = budget_items(stream, "item", source=source, budget=budget)
    head = list(itertools.islice(items, 1))
    source_format = array_format(head[0] if head else None)
    return source_format, _read(source_format, itertools.chain(head, items)), ()


def _parsed(stream: IO[bytes], source: str, budget: JsonBudget) -> Iterator[Any]:
    """ijson ``parse`` events (prefix, event, value) of events that passed ``budget``."""
    return iter(ijson.parse(budget_events(stream, source=source, budget=budget)))


def _open_object(stream: IO[bytes], source: str, start: int, budget: JsonBudget
                 ) -> tuple[SourceFormat, Iterator[Entry], tuple[str, ...]]:
    """An object: a Scryfall card or list, an MTGJSON set or AtomicCards file."""
    sniffed, scalars, keys = _sniff_object(stream, source, budget)
    stream.seek(start)
    if sniffed is None:
        if "object" in scalars:
            found = f"a Scryfall {str(scalars['object'])[:80]!r} object"
            if isinstance(scalars.get("details"), str):
                found += f" ({scalars['details'][:200]})"
        elif keys:
            found = "an object with keys " + ", ".join(repr(key[:80]) for key in keys[:8])
        else:
            found = "an empty object"
        raise _wrong_shape(source, found)
    notes: tuple[str, ...] = ()
    if scalars.get("has_more") is True:
        notes = ("This Scryfall list has more pages (has_more); only this page was read.",)
    prefix = {"scryfall-card": "", "scryfall-list": "data.item",
              "mtgjson-set": "data.cards.item"}.get(sniffed)
    items: Iterator[Any] = budget_items(stream, "data" if prefix is None else prefix,
                                        source=source, budget=budget, pairs=prefix is None)
    return sniffed, _read(sniffed, items), notes


def _read(source_format: SourceFormat, items: Iterable[Any]) -> Iterator[Entry]:
    reader = READERS[source_format]
    for item in items:
        try:
            yield reader(item)
        except CardTextError as error:
            yield Entry(error.card or "", error=error)
        except (LookupError, TypeError, ValueError, AttributeError) as error:
            yield Entry("", error=CardTextError(
                f"this entry could not be read ({type(error).__name__}: {str(error)[:200]})"))


def _first_character(stream: IO[bytes]) -> tuple[int, str]:
    """Offset after a UTF-8 byte order mark, and the first non-blank character."""
    head = stream.read(_SNIFF_BYTES)
    start = 3 if head.startswith(b"\xef\xbb\xbf") else 0
    text = head[start:].lstrip(b" \t\r\n")
    while not text and head:  # only blanks so far
        head = stream.read(_SNIFF_BYTES)
        text = head.lstrip(b" \t\r\n")
    return start, chr(text[0]) if text else ""


def _sniff_object(stream: IO[bytes], source: str, budget: JsonBudget
                  ) -> tuple[SourceFormat | None, dict[str, Any], list[str]]:
    """Which object this is, from its first keys only: Scryfall ``object``, MTGJSON ``data``.

    Returns the format (None if none fits), the top-level scalars seen, and the keys.
    """
    scalars: dict[str, Any] = {}
    keys: list[str] = []
    events = _parsed(stream, source, budget)
    for prefix, event, value in events:
        if prefix == "" and event == "map_key":
            keys.append(value)
            if value == "data" and scalars.get("object") in (None, "list"):
                return _sniff_data(events, source), scalars, keys
        elif "." not in prefix and prefix and event in ("boolean", "number", "string"):
            scalars[prefix] = value
            if prefix == "object" and value == "card":
                break  # a card object is then read whole
    kind = scalars.get("object")
    if kind == "card":
        return "scryfall-card", scalars, keys
    if kind == "list":
        return "scryfall-list", scalars, keys  # a list without data: no cards
    return None, scalars, keys


def _sniff_data(events: Iterator[tuple[str, str, Any]], source: str) -> SourceFormat | None:
    """After the key ``data``: an array (Scryfall list) or an MTGJSON map.

    MTGJSON AllPrintings (sets by code: ``{"data": {"ROE": {...}}}``) is refused with a
    clear message rather than read as an empty set file.
    """
    _, event, _ = next(events, ("", "", None))
    if event == "start_array":
        return "scryfall-list"
    if event != "start_map":
        return None
    _, event, key = next(events, ("", "", None))
    if event != "map_key":
        return "mtgjson-atomic"  # an empty map: no cards
    if key in _MTGJSON_SET_KEYS:
        return "mtgjson-set"
    _, event, _ = next(events, ("", "", None))
    if event == "start_map" and _SET_CODE.match(str(key)):
        raise _wrong_shape(source, f"an MTGJSON AllPrintings file (sets by code, {key!r} "
                           "first); load a set file such as ROE.json, or AtomicCards.json")
    return "mtgjson-atomic" if event == "start_array" else "mtgjson-set"


def _wrong_shape(source: str, found: str) -> ValueError:
    return ValueError(
        f"{source}: not a card file leveler knows: a pool file is a JSON array of card "
        "records (the project's own format, or Scryfall cards), a Scryfall card or list "
        f"object, or an MTGJSON set or AtomicCards file; this is {found}"
    )


def _not_json_or_wrong_shape(stream: IO[bytes], source: str, budget: JsonBudget
                             ) -> ValueError:
    """A file that does not open with ``[`` or ``{``: other JSON, or not JSON at all."""
    stream.seek(0)
    try:
        document = ijson.ObjectBuilder()
        for event, value in budget_events(stream, source=source, budget=budget):
            document.event(event, value)
    except ValueError as error:  # JsonSyntaxError, JsonBudgetError: they name the file
        return error
    return _wrong_shape(source, f"a {type(document.value).__name__}")
