"""Card files: the bundled pool and any Scryfall, MTGJSON or project file, sniffed and streamed.

:func:`load_pool` (and :func:`load_pool_report`, which says what was skipped) reads
any of these, recognised from the file itself, and keeps only leveler cards:

- the project's own JSON: an array of card records (``data/levelers.json``; custom
  designs use the same records): ``name``, ``mana_cost``, ``type_line``, ``power``,
  ``toughness``, ``oracle_text`` are required; ``rarity``, ``sets``, ``name_fr``,
  ``oracle_text_fr`` and ``translations`` (a list of ``{language, name, text}``) are
  optional; the structured fields ``level_up_cost`` and ``levels``, where present, are
  cross-checked against the oracle text, which is the source of truth;
- Scryfall: a card object, a list object (``{"object": "list", "data": [...]}``), an
  array of card objects, and the bulk files ("oracle cards", "default cards", "all
  cards"), which are arrays of hundreds of MB: read as a stream, in constant memory;
- MTGJSON: a set file (``{"data": {"cards": [...]}}``, e.g. ROE.json) and AtomicCards
  (``{"data": {name: [faces]}}``).

Nothing is loaded whole (:mod:`leveler.io.card_stream`): the first bytes tell an array
from an object, and ijson streams the cards one at a time, from events that passed a
:class:`leveler.io.budget.JsonBudget` (size, nesting depth, values, string and number
length, checked while reading): :data:`~leveler.io.budget.LOCAL_POOL_BUDGET` unless the
caller passes another (uploads pass :data:`~leveler.io.budget.UPLOAD_POOL_BUDGET`). How
each source's entries become records is in :mod:`leveler.io.importers`.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import logging
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from leveler.io.budget import (
    LOCAL_POOL_BUDGET,
    SITUATION_BUDGET,
    JsonBudget,
    open_regular_file,
    read_json_file,
)
from leveler.io.card_stream import open_entries
from leveler.io.importers import SOURCE_FORMATS, Entry, SourceFormat
from leveler.mana import ManaCost, ManaCostError
from leveler.model import LevelerCard, Translation
from leveler.text import CardTextError, parse_card

__all__ = ["BUNDLED_POOL", "BUNDLED_TRANSLATIONS", "DATA_DIR", "PoolError", "PoolReport",
           "card_from_record", "load_pool", "load_pool_report", "read_json"]

_log = logging.getLogger(__name__)

_PACKAGE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = next(
    (p for p in (_PACKAGE_DIR / "_data", _PACKAGE_DIR.parent / "data") if p.is_dir()),
    _PACKAGE_DIR.parent / "data",
)
"""Bundled data: ``leveler/_data`` in an installed wheel, the repository's ``data/`` otherwise."""

BUNDLED_POOL = DATA_DIR / "levelers.json"
BUNDLED_TRANSLATIONS = DATA_DIR / "levelers_foreign.json"
"""The printed name and text of each printed leveler in every other language it was
printed in (see ``data/README.md``)."""

_REQUIRED = ("name", "oracle_text", "power", "toughness")
_SKIPPED_NAMES_KEPT = 10


class PoolError(ValueError):
    """A pool file with bad cards: every problem, each naming its card, in one error."""

    def __init__(self, source: str, errors: list[CardTextError]) -> None:
        self.source = source
        self.errors = errors
        listing = "\n".join(f"  - {error}" for error in errors)
        super().__init__(f"{source}: {len(errors)} card(s) could not be loaded:\n{listing}")


def _cross_check(card: LevelerCard, record: Mapping[str, Any]) -> None:
    """Structured fields must agree with the oracle text, which wins (design decision)."""
    problems = []
    if "level_up_cost" in record:
        try:
            listed = ManaCost.parse(str(record["level_up_cost"]))
        except ManaCostError as error:
            problems.append(f"level_up_cost: {error}")
        else:
            if listed != card.level_up_cost:
                problems.append(f"level_up_cost {listed} but the text says {card.level_up_cost}")
    if "mana_value" in record and record["mana_value"] != card.mana_cost.mana_value:
        problems.append(f"mana_value {record['mana_value']} but the cost gives "
                        f"{card.mana_cost.mana_value}")
    if "levels" in record:
        listed_bands = [
            (lv.get("min"), lv.get("max"), str(lv.get("power")), str(lv.get("toughness")),
             list(lv.get("abilities", [])))
            for lv in record["levels"]
        ]
        parsed_bands = [
            (b.min_level, b.max_level, str(b.power), str(b.toughness), list(b.abilities))
            for b in card.bands
        ]
        if listed_bands != parsed_bands:
            problems.append(f"levels {listed_bands} but the text gives {parsed_bands}")
    if problems:
        raise CardTextError("structured fields disagree with the oracle text: "
                            + "; ".join(problems), card=card.name)


def card_from_record(record: Mapping[str, Any]) -> LevelerCard:
    """One pool record -> card, parsed from its oracle text and cross-checked."""
    if not isinstance(record, Mapping):
        raise CardTextError(f"a card record must be a JSON object, not {type(record).__name__}")
    name = record.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CardTextError(f"a card record needs a 'name' (got {name!r})")
    missing = [key for key in _REQUIRED if key not in record]
    if missing:
        raise CardTextError(f"missing field(s) {', '.join(missing)}", card=name)
    try:
        card = parse_card(
            record["oracle_text"],
            name=name,
            mana_cost=str(record.get("mana_cost") or ""),
            type_line=str(record.get("type_line") or "Creature"),
            power=record["power"],
            toughness=record["toughness"],
        )
    except CardTextError as error:
        error.name_card(name)
        raise
    _cross_check(card, record)
    rarity = record.get("rarity")
    sets = record.get("sets") or []
    if not (rarity is None or isinstance(rarity, str)) or not (
        isinstance(sets, list) and all(isinstance(code, str) for code in sets)
    ):
        raise CardTextError("'rarity' must be a string and 'sets' a list of set codes",
                            card=name)
    return LevelerCard(
        name=card.name, mana_cost=card.mana_cost, type_line=card.type_line,
        power=card.power, toughness=card.toughness, level_up_cost=card.level_up_cost,
        bands=card.bands, abilities=card.abilities,
        rarity=rarity, sets=tuple(sets), translations=_record_translations(record, name),
    )


def _record_translations(record: Mapping[str, Any], name: str) -> tuple[Translation, ...]:
    """``name_fr``/``oracle_text_fr`` (the bundled pool's French) and ``translations``."""
    found: list[Translation] = []
    if record.get("name_fr") and record.get("oracle_text_fr"):
        found.append(Translation("French", str(record["name_fr"]),
                                 str(record["oracle_text_fr"])))
    listed = record.get("translations") or []
    if not isinstance(listed, list):
        raise CardTextError("'translations' must be a list of {language, name, text}",
                            card=name)
    for item in listed:
        fields = [item.get(key) if isinstance(item, Mapping) else None
                  for key in ("language", "name", "text")]
        strings = [value for value in fields if isinstance(value, str) and value]
        if len(strings) != len(fields):
            raise CardTextError(f"a translation needs a language, name and text: {item!r}",
                                card=name)
        found.append(Translation(*strings))
    return _unique_languages(found)


def _unique_languages(translations: Iterable[Translation]) -> tuple[Translation, ...]:
    """The first translation of each language, in order."""
    seen: set[str] = set()
    kept = []
    for item in translations:
        if item.language.casefold() not in seen:
            seen.add(item.language.casefold())
            kept.append(item)
    return tuple(kept)


@dataclass(frozen=True)
class PoolReport:
    """What :func:`load_pool_report` read from a file: the cards, and everything else."""

    source: str
    """The file read."""
    source_format: str
    """A key of :data:`leveler.io.importers.SOURCE_FORMATS`, e.g. ``"scryfall-bulk"``."""
    cards: dict[str, LevelerCard]
    """The leveler cards that loaded, by name, in name order."""
    skipped: int = 0
    """How many entries were not levelers (``layout`` other than ``"leveler"``)."""
    skipped_layouts: dict[str, int] = field(default_factory=dict)
    """Skipped entries by reason, e.g. ``{"layout 'normal'": 2}``."""
    skipped_names: tuple[str, ...] = ()
    """The first few skipped names, for the message."""
    errors: tuple[CardTextError, ...] = ()
    """Leveler entries that could not be loaded, each naming its card and line."""
    notes: tuple[str, ...] = ()
    """Anything else worth saying, e.g. a Scryfall list with more pages."""

    @property
    def format_description(self) -> str:
        """The source format in words: ``a Scryfall bulk file (an array of card objects)``."""
        return SOURCE_FORMATS.get(self.source_format, self.source_format)

    def summary(self) -> str:
        """One paragraph for a person: what loaded, what was skipped, what failed."""
        count = len(self.cards)
        parts = [f"{self.source}: {count} leveler card{'s' if count != 1 else ''} from "
                 f"{self.format_description}"]
        if self.skipped:
            reasons = ", ".join(f"{reason}: {number:,}" for reason, number
                                in sorted(self.skipped_layouts.items(), key=lambda kv: -kv[1]))
            names = ", ".join(self.skipped_names)
            more = ", ..." if self.skipped > len(self.skipped_names) else ""
            what = ("entries that are not levelers" if self.skipped != 1
                    else "entry that is not a leveler")
            parts.append(f"skipped {self.skipped:,} {what} ({reasons}), e.g. {names}{more}")
        if self.errors:
            parts.append(f"{len(self.errors)} leveler card(s) could not be loaded")
        return "; ".join(parts) + "." + "".join(f" {note}" for note in self.notes)

    def raise_for_errors(self) -> None:
        """Raise :class:`PoolError` listing every card that failed, if any did."""
        if self.errors:
            raise PoolError(self.source, list(self.errors))


def load_pool(path: str | Path | IO[bytes] | None = None, *,
              budget: JsonBudget = LOCAL_POOL_BUDGET) -> dict[str, LevelerCard]:
    """Leveler cards by name, in name order: the bundled printed levelers, or a card file.

    The file may be any format :func:`load_pool_report` recognises; entries that are
    not levelers are skipped (logged at INFO on the ``leveler.io.pool_files`` logger; call
    :func:`load_pool_report` to get the count and names). Every card that fails is
    reported at once in a :class:`PoolError` (a ValueError); a file that cannot be read,
    is not JSON, has another shape or passes a limit of ``budget`` raises ValueError
    naming the file.
    """
    report = load_pool_report(path, budget=budget)
    if report.skipped or report.notes:
        _log.info(report.summary())
    report.raise_for_errors()
    return report.cards


def load_pool_report(path: str | Path | IO[bytes] | None = None, *,
                     bundled_translations: bool = True, name: str | None = None,
                     budget: JsonBudget = LOCAL_POOL_BUDGET) -> PoolReport:
    """Read a card file (or the bundled pool) and report what loaded, was skipped, failed.

    The format is recognised from the file: the project's JSON, a Scryfall card, list
    or bulk file, an MTGJSON set or AtomicCards file (see the module docstring). Only
    entries with ``layout == "leveler"`` are kept (every record of the project's own
    format is meant to be one). A card that fails to parse is collected in
    ``errors`` with its name and line, and the others still load (any failure of a
    record, not only a CardTextError, is that record's error). Raises ValueError
    (naming the file, and the line where it can) for a file that cannot be read, is
    not a regular file, is not JSON, has another shape, or passes a limit of ``budget``
    (:class:`leveler.io.budget.JsonBudgetError`, checked while reading: uploads pass
    :data:`leveler.io.budget.UPLOAD_POOL_BUDGET`).

    ``path`` may also be an open binary, seekable stream (an uploaded file's bytes in
    ``io.BytesIO``); ``name`` then labels it in messages.

    With ``bundled_translations``, cards named like a printed leveler also get its
    printed name and text in each language the file did not give (from
    ``data/levelers_foreign.json``), so they can be found by any printed name.
    """
    if path is not None and not isinstance(path, str | Path):
        label = name or str(getattr(path, "name", "") or "<stream>")
        path.seek(0)
        report = _collect(label, *open_entries(path, label, budget))
    else:
        source = Path(path) if path is not None else BUNDLED_POOL
        label = name or str(source)
        try:
            with open_regular_file(source, "pool file") as stream:
                report = _collect(label, *open_entries(stream, label, budget))
        except OSError as error:
            raise ValueError(f"{source}: cannot read the pool file ({error.strerror})"
                             ) from None
    if bundled_translations:
        report = dataclasses.replace(report, cards=_with_bundled_translations(report.cards))
    return report


def _collect(source: str, source_format: SourceFormat, entries: Iterator[Entry],
             notes: tuple[str, ...]) -> PoolReport:
    """Parse every leveler entry; count the rest. Constant memory in the skipped entries."""
    cards: dict[str, LevelerCard] = {}
    errors: list[CardTextError] = []
    skipped: Counter[str] = Counter()
    skipped_names: list[str] = []
    merge_duplicates = source_format != "leveler"
    for index, entry in enumerate(entries, start=1):
        if entry.skipped is not None:
            skipped[entry.skipped] += 1
            if len(skipped_names) < _SKIPPED_NAMES_KEPT:
                skipped_names.append(entry.name or f"record {index}")
            continue
        try:
            if entry.error is not None:
                raise entry.error
            card = _card_of(entry)
            if card.name in cards:
                if not merge_duplicates:
                    raise CardTextError("the name appears twice in the pool", card=card.name)
                card = _merge_prints(cards[card.name], card)
            cards[card.name] = card
        except CardTextError as error:
            errors.append(_labelled(error, entry.name or f"record {index}"))
    return PoolReport(
        source=source, source_format=source_format, cards=dict(sorted(cards.items())),
        skipped=sum(skipped.values()), skipped_layouts=dict(skipped),
        skipped_names=tuple(skipped_names), errors=tuple(errors), notes=notes,
    )


def _card_of(entry: Entry) -> LevelerCard:
    """The entry's card; any failure of an untrusted record (a TypeError of a field of the
    wrong type, an OverflowError, nesting too deep) is that record's CardTextError."""
    try:
        return card_from_record(entry.record)
    except CardTextError:
        raise
    except (ArithmeticError, LookupError, RecursionError, TypeError, ValueError,
            AttributeError, MemoryError) as error:
        what = str(error).strip().splitlines()[0][:200] if str(error).strip() else ""
        raise CardTextError(f"this record could not be read ({type(error).__name__}"
                            f"{': ' + what if what else ''})") from None


def _labelled(error: CardTextError, label: str) -> CardTextError:
    return error.name_card(label)


def _merge_prints(first: LevelerCard, other: LevelerCard) -> LevelerCard:
    """Two prints of one card (Scryfall default cards, MTGJSON sets): sets and languages."""
    if first != other:
        raise CardTextError("two entries of this name have different rules text; the first "
                            "was kept", card=first.name)
    return dataclasses.replace(
        first,
        sets=first.sets + tuple(code for code in other.sets if code not in first.sets),
        translations=_unique_languages(first.translations + other.translations),
    )


def _with_bundled_translations(cards: dict[str, LevelerCard]) -> dict[str, LevelerCard]:
    printed = _bundled_translations()
    return {name: dataclasses.replace(
                card, translations=_unique_languages(card.translations + printed[name]))
            if name in printed else card
            for name, card in cards.items()}


@functools.cache
def _bundled_translations() -> dict[str, tuple[Translation, ...]]:
    """English name -> the printed translations in ``data/levelers_foreign.json``."""
    document = json.loads(BUNDLED_TRANSLATIONS.read_text(encoding="utf-8"))
    return {card["name"]: tuple(Translation(text["language"], text["name"], text["text"])
                                for text in card["texts"])
            for card in document["cards"]}


# ------------------------------------------------------------------ recognising a file


def read_json(path: str | Path, what: str = "file", *,
              budget: JsonBudget = SITUATION_BUDGET) -> Any:
    """The JSON document in a small regular file (a situation), read under ``budget``
    (:func:`leveler.io.budget.read_json_file`), or ValueError naming the file."""
    return read_json_file(path, budget=budget, what=what)


