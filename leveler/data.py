"""The only module that opens files: the bundled pool, pool files, rule texts by edition.

A pool file is a JSON array of card records (the format of ``data/levelers.json``):
``name``, ``mana_cost``, ``type_line``, ``power``, ``toughness``, ``oracle_text`` are
required; ``rarity``, ``sets``, ``name_fr``, ``oracle_text_fr`` are optional; the
structured fields ``level_up_cost`` and ``levels``, where present, are cross-checked
against the oracle text, which is the source of truth.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from leveler.mana import ManaCost, ManaCostError
from leveler.model import LevelerCard, Translation
from leveler.text import CardTextError, parse_card

__all__ = ["EDITIONS", "PoolError", "card_from_record", "load_pool", "load_rule_texts"]

_PACKAGE_DIR = Path(__file__).resolve().parent
DATA_DIR = next(
    (p for p in (_PACKAGE_DIR / "_data", _PACKAGE_DIR.parent / "data") if p.is_dir()),
    _PACKAGE_DIR.parent / "data",
)
"""Bundled data: ``leveler/_data`` in an installed wheel, the repository's ``data/`` otherwise."""

BUNDLED_POOL = DATA_DIR / "levelers.json"

EDITIONS = {
    "en-current": "English, current (711)",
    "en-2011": "English, 2011 (710)",
    "fr-2011": "Français, 2011 (710)",
}
"""Rule-text editions in ``data/rules``: file stem -> label."""

_REQUIRED = ("name", "oracle_text", "power", "toughness")


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
        if error.card is None:
            error.card = name
            error.args = (error._describe(),)
        raise
    _cross_check(card, record)
    translations: tuple[Translation, ...] = ()
    if record.get("name_fr") and record.get("oracle_text_fr"):
        translations = (Translation("French", record["name_fr"], record["oracle_text_fr"]),)
    return LevelerCard(
        name=card.name, mana_cost=card.mana_cost, type_line=card.type_line,
        power=card.power, toughness=card.toughness, level_up_cost=card.level_up_cost,
        bands=card.bands, abilities=card.abilities,
        rarity=record.get("rarity"), sets=tuple(record.get("sets") or ()),
        translations=translations,
    )


def load_pool(path: str | Path | None = None) -> dict[str, LevelerCard]:
    """Cards by name, in name order: the bundled printed levelers, or a pool file.

    Every bad card is reported at once in a :class:`PoolError` (a ValueError).
    """
    source = Path(path) if path is not None else BUNDLED_POOL
    try:
        records = json.loads(source.read_text(encoding="utf-8"))
    except OSError as error:
        raise ValueError(f"{source}: cannot read the pool file ({error.strerror})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ValueError(f"{source}: not a JSON file ({error})") from None
    if not isinstance(records, list):
        raise ValueError(f"{source}: a pool file is a JSON array of card records, "
                         f"not a {type(records).__name__}")
    cards: dict[str, LevelerCard] = {}
    errors: list[CardTextError] = []
    for index, record in enumerate(records, start=1):
        try:
            card = card_from_record(record)
        except CardTextError as error:
            if error.card is None:
                error.card = f"record {index}"
                error.args = (error._describe(),)
            errors.append(error)
            continue
        if card.name in cards:
            errors.append(CardTextError("the name appears twice in the pool", card=card.name))
            continue
        cards[card.name] = card
    if errors:
        raise PoolError(str(source), errors)
    return dict(sorted(cards.items()))


def load_rule_texts(edition: str = "en-current") -> dict[str, tuple[str, str]]:
    """Rule texts of an edition, keyed by current rule number: ``{"711.5": ("710.5", text)}``."""
    if edition not in EDITIONS:
        raise ValueError(f"unknown rules edition {edition!r}: expected one of "
                         f"{', '.join(EDITIONS)}")
    document = json.loads((DATA_DIR / "rules" / f"{edition}.json").read_text(encoding="utf-8"))
    return {number: (entry["number"], entry["text"])
            for number, entry in document["rules"].items()}
