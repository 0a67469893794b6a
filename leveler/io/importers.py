"""Card entries of Scryfall and MTGJSON files, as records of the project's own shape.

No file is opened here (:mod:`leveler.io.pool_files` streams the files and calls these
functions one entry at a time). Each reader turns one entry of a source into an
:class:`Entry`: a record for :func:`leveler.io.pool_files.card_from_record` when the entry is a
leveler (``layout == "leveler"``), or the reason it was skipped. A record has the
fields of ``data/levelers.json``: ``name``, ``mana_cost``, ``type_line``, ``power``,
``toughness``, ``oracle_text``, ``rarity``, ``sets`` and ``translations`` (a list of
``{language, name, text}``).

MTGJSON's ``keywords`` is never read: it lists band keywords (First strike on
Student of Warfare) as if the card always had them. The oracle text decides.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from leveler.languages import find_language
from leveler.text import CardTextError

__all__ = ["READERS", "SOURCE_FORMATS", "Entry", "SourceFormat", "array_format",
           "atomic_entry", "leveler_entry", "mtgjson_entry", "scryfall_entry"]

SourceFormat = Literal["leveler", "scryfall-card", "scryfall-list", "scryfall-bulk",
                       "mtgjson-set", "mtgjson-atomic", "mtgjson-cards"]

SOURCE_FORMATS: dict[str, str] = {
    "leveler": "the project's own JSON (an array of card records)",
    "scryfall-card": "a Scryfall card object",
    "scryfall-list": "a Scryfall list object",
    "scryfall-bulk": "a Scryfall bulk file (an array of card objects)",
    "mtgjson-set": "an MTGJSON set file",
    "mtgjson-atomic": "an MTGJSON AtomicCards file",
    "mtgjson-cards": "an array of MTGJSON cards",
}
"""Every format :func:`leveler.io.pool_files.load_pool` recognises: key -> description."""

LEVELER_LAYOUT = "leveler"
_MTGJSON_MARKS = ("manaCost", "setCode", "foreignData", "identifiers", "printings", "uuid")


@dataclass(frozen=True, slots=True)
class Entry:
    """One card entry of a source: a record to parse, or why it was skipped."""

    name: str
    record: Any = None
    """The leveler in the project's record shape (as found, for the project's own
    format, so a bad record is reported by the parser); None when skipped."""
    skipped: str | None = None
    """Why the entry is not a leveler, e.g. ``"layout 'normal'"``."""
    error: CardTextError | None = None
    """Why a leveler entry could not even be read as a record (a missing field, say)."""


def _object(entry: object, what: str) -> Mapping[str, Any]:
    if not isinstance(entry, Mapping):
        raise CardTextError(f"{what} must be a JSON object, not {type(entry).__name__}")
    return entry


def _language_name(code_or_name: str) -> str:
    try:
        return find_language(code_or_name).name
    except ValueError:
        return code_or_name


def _missing(card: Mapping[str, Any], name: str, fields: tuple[str, ...]) -> None:
    missing = [field for field in fields if card.get(field) is None]
    if missing:
        raise CardTextError(f"missing field(s) {', '.join(missing)}", card=name)


def _list(value: object) -> list[Any]:
    """An optional list field; any other value counts as absent."""
    return value if isinstance(value, list) else []


def _layout(layout: object) -> str:
    return f"layout {layout!r}" if layout is not None else "no layout"


def array_format(first: object) -> SourceFormat:
    """The format of a JSON array, judged by its first element."""
    if isinstance(first, Mapping):
        if first.get("object") == "card":
            return "scryfall-bulk"
        if any(mark in first for mark in _MTGJSON_MARKS):
            return "mtgjson-cards"
    return "leveler"


def leveler_entry(record: object) -> Entry:
    """A record of the project's own format: every record is meant to be a leveler."""
    name = record.get("name") if isinstance(record, Mapping) else None
    return Entry(name if isinstance(name, str) else "", record=record)


def scryfall_entry(card: object) -> Entry:
    """A Scryfall card object (https://scryfall.com/docs/api/cards).

    A leveler has ``layout == "leveler"``. A reversible card carries its layout on each
    of its ``card_faces`` instead, and has no ``oracle_text`` at the top level; the
    first leveler face is read. A print in another language (``lang``) brings its
    ``printed_name`` and ``printed_text`` as a translation.
    """
    card = _object(card, "a Scryfall card")
    name = str(card.get("name") or "")
    kind = card.get("object", "card")
    if kind != "card":
        return Entry(name, skipped=f"object {kind!r}")
    face: Mapping[str, Any] = card
    if card.get("layout") != LEVELER_LAYOUT:
        faces = [f for f in _list(card.get("card_faces"))
                 if isinstance(f, Mapping) and f.get("layout") == LEVELER_LAYOUT]
        if not faces:
            return Entry(name, skipped=_layout(card.get("layout")))
        face = faces[0]
        name = str(face.get("name") or name)
    translations = []
    lang = card.get("lang") or "en"
    if lang != "en" and face.get("printed_name") and face.get("printed_text"):
        translations.append({"language": _language_name(str(lang)),
                             "name": face["printed_name"], "text": face["printed_text"]})
    record = {
        "name": name,
        "mana_cost": face.get("mana_cost") or "",
        "type_line": face.get("type_line") or "Creature",
        "power": face.get("power"),
        "toughness": face.get("toughness"),
        "oracle_text": face.get("oracle_text"),
        "rarity": card.get("rarity"),
        "sets": [str(card["set"]).upper()] if card.get("set") else [],
        "translations": translations,
    }
    return Entry(name, record={key: value for key, value in record.items()
                               if value is not None})


def mtgjson_entry(card: object) -> Entry:
    """An MTGJSON card (https://mtgjson.com/data-models/card/): set files and AtomicCards.

    Fields: ``name``, ``manaCost``, ``type``, ``text``, ``power``, ``toughness``,
    ``layout``, ``rarity``, ``setCode`` or ``printings``, ``foreignData``.
    """
    card = _object(card, "an MTGJSON card")
    name = str(card.get("name") or "")
    if card.get("layout") != LEVELER_LAYOUT:
        return Entry(name, skipped=_layout(card.get("layout")))
    _missing(card, name, ("text", "power", "toughness"))
    if card.get("setCode"):
        sets = [str(card["setCode"])]
    else:
        sets = [str(code) for code in _list(card.get("printings"))]
    translations = [
        {"language": str(item["language"]), "name": item["name"], "text": item["text"]}
        for item in _list(card.get("foreignData"))
        if isinstance(item, Mapping) and item.get("language") and item.get("name")
        and item.get("text")
    ]
    record = {
        "name": name,
        "mana_cost": card.get("manaCost") or "",
        "type_line": card.get("type") or "Creature",
        "power": card["power"],
        "toughness": card["toughness"],
        "oracle_text": card["text"],
        "rarity": card.get("rarity"),
        "sets": sets,
        "translations": translations,
    }
    return Entry(name, record={key: value for key, value in record.items()
                               if value is not None})


def atomic_entry(item: object) -> Entry:
    """One ``name: [faces]`` pair of MTGJSON AtomicCards: the first leveler face, if any."""
    if not (isinstance(item, tuple) and len(item) == 2):
        raise CardTextError(f"an AtomicCards entry must be a name and its faces, not {item!r}")
    name, faces = item
    if not isinstance(faces, list) or not faces:
        raise CardTextError("an AtomicCards entry must be a non-empty list of faces",
                            card=str(name))
    for face in faces:
        if isinstance(face, Mapping) and face.get("layout") == LEVELER_LAYOUT:
            return mtgjson_entry({"name": name, **face})
    first = faces[0]
    layout = first.get("layout") if isinstance(first, Mapping) else None
    return Entry(str(name), skipped=_layout(layout))


READERS: dict[str, Callable[[Any], Entry]] = {
    "leveler": leveler_entry,
    "scryfall-card": scryfall_entry,
    "scryfall-list": scryfall_entry,
    "scryfall-bulk": scryfall_entry,
    "mtgjson-set": mtgjson_entry,
    "mtgjson-cards": mtgjson_entry,
    "mtgjson-atomic": atomic_entry,
}
"""The entry reader of each source format."""
