"""Checks of a design beside its grammar (:mod:`leveler.text`): the fields printed outside
the text box (type line 702.87b, mana cost, the uppermost P/T box 208.1 and '*' 604.3),
another mechanic's text (Class 716, station 721) and a misspelt level up keyword."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from leveler.languages import LANGUAGES
from leveler.mana import ManaCost, ManaCostError
from leveler.model import MAX_PT
from leveler.text_errors import CardTextError

__all__ = [
    "DASHES",
    "MAX_NUMBER_DIGITS",
    "STAR",
    "Line",
    "check_mana_cost",
    "check_type_line",
    "lookalike",
    "misspelt_keyword",
    "misspelt_symbol",
    "printed_number",
]

_TYPE_WORDS = re.compile(r"[\s\-–—:~・/,]+")
_CREATURE_WORDS = frozenset(language.creature_word for language in LANGUAGES)
_CLASS_BAR = re.compile(r"^(?:\{[^{}]*\})+\s*:\s*level\s+\d+", re.IGNORECASE)
_STATION = re.compile(r"^station\b", re.IGNORECASE)
MAX_NUMBER_DIGITS = 9
"""More digits than any bounded number has: refused before ``int`` reads them."""
DASHES = "—–-"
STAR = ("'*' needs a characteristic-defining ability to define it (rule 604.3), which a "
        "leveler or its level symbols cannot be given here, so the design is refused: give "
        "power and toughness as numbers, like '3/3'")
"""Why a '*' power or toughness is refused, and what to give instead."""
MISSPELT_DISTANCE = 2
"""Edits (letters added, dropped or changed) between a misspelt keyword and the keyword."""


@dataclass(frozen=True, slots=True)
class Line:
    """A non-blank line of card text, folded with NFKC, and its 1-based number."""

    number: int
    text: str


def lookalike(lines: Sequence[Line]) -> CardTextError | None:
    """The first line of another mechanic: Class level bars (716) and station symbols (721)
    look like levels but are not."""
    for line in lines:
        if _CLASS_BAR.match(line.text):
            return CardTextError(
                "this is a Class level bar, not a level symbol; class levels do not "
                "interact with level counters",
                line_number=line.number, line=line.text, rule="711.7, 716.4",
            )
        if _STATION.match(line.text):
            return CardTextError(
                "this is a station symbol (charge counters), not a level symbol",
                line_number=line.number, line=line.text, rule="721",
            )
    return None


def check_type_line(name: str, type_line: str) -> None:
    """A leveler is a creature: its type line in English or as printed in any language."""
    words = _TYPE_WORDS.split(unicodedata.normalize("NFKC", type_line))
    if "Class" in words:
        raise CardTextError(
            f"{name!r} is a Class ({type_line!r}); class levels are not level counters",
            rule="711.7, 716.4",
        )
    if "Aura" in words or not _CREATURE_WORDS & set(words):
        raise CardTextError(
            f"{name!r} is not a creature ({type_line!r}); a leveler is a creature card "
            "with level symbols (the Aura named 'Level Up' is not one)",
            rule="702.87b, 711.2a",
        )


def printed_number(value: int | str, what: str, name: str) -> int:
    """The uppermost P/T box's power or toughness (208.1): a whole number up to MAX_PT."""
    if isinstance(value, bool):
        raise CardTextError(f"{what} of {name!r} must be a whole number, not {value!r}")
    if isinstance(value, str) and "*" in value:
        raise CardTextError(f"{what} of {name!r} must be a whole number, not {value!r}: "
                            f"{STAR}", rule="604.3")
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and value.strip().isdecimal():
        digits = unicodedata.normalize("NFKC", value.strip())
        if len(digits) > MAX_NUMBER_DIGITS:
            raise CardTextError(f"{what} of {name!r} is larger than {MAX_PT:,} "
                                f"({len(digits)} digits)", rule="208.1")
        number = int(digits)
    else:
        raise CardTextError(f"{what} of {name!r} must be a whole number, not {value!r}")
    if number < 0:
        raise CardTextError(f"{what} of {name!r} cannot be negative ({number})")
    if number > MAX_PT:
        size = number if number < 10**30 else f"a number of {len(str(number))} digits"
        raise CardTextError(f"{what} of {name!r} is larger than {MAX_PT:,} ({size})",
                            rule="208.1")
    return number


def check_mana_cost(text: str, name: str) -> ManaCost:
    """The mana cost field, named in its error."""
    try:
        return ManaCost.parse(text)
    except ManaCostError as error:
        raise CardTextError(f"mana cost of {name!r}: {error}") from None


def misspelt_keyword(lines: Iterable[Line], keyword: str) -> Line | None:
    """The first line whose start is within :data:`MISSPELT_DISTANCE` edits of
    ``keyword`` and is followed by a cost (``Levle up {1}``, ``Level up {1``); only a few
    characters of each line are read."""
    keyword = keyword.casefold()
    for line in lines:
        head = line.text[: len(keyword) + MISSPELT_DISTANCE + 1]
        ends = [index for index in map(head.find, "{" + DASHES) if index > 0]
        if any(_distance(head[:end].strip().casefold(), keyword) <= MISSPELT_DISTANCE
               for end in ends):
            return line
    return None


_SYMBOL_SHAPE = re.compile(r"(?P<word>[^\W\d_]+(?:\s[^\W\d_]+)?)\s*[0-9]+\s*(?:[-–—]\s*[0-9]+|\+)")
_SYMBOL_LENGTH = 40
"""Longer lines are not read as a misspelt level symbol ('LEVEL 1000-1000' has 15)."""
_SHORTEST_MISSPELT = 4
"""A symbol word shorter than this ('Lv') is too short to tell a misspelling from a word."""


def misspelt_symbol(text: str, words: Sequence[str]) -> bool:
    """``text`` is shaped like a level symbol (a word, then N1-N2 or N3+) whose word is
    within :data:`MISSPELT_DISTANCE` edits of one of ``words`` (``LEVLE 4+``); bounded cost."""
    match = _SYMBOL_SHAPE.fullmatch(text) if len(text) <= _SYMBOL_LENGTH else None
    if match is None:
        return False
    word = match["word"].casefold()
    return any(len(symbol) >= _SHORTEST_MISSPELT
               and _distance(word, symbol.casefold()) <= MISSPELT_DISTANCE
               for symbol in words)


def _distance(first: str, second: str) -> int:
    """Levenshtein distance (insertions, deletions, substitutions) of two short words."""
    previous = list(range(len(second) + 1))
    for i, a in enumerate(first, start=1):
        current = [i]
        for j, b in enumerate(second, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a != b)))
        previous = current
    return previous[-1]
