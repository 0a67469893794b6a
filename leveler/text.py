"""Card text <-> model: ``parse_card`` reads English oracle text, ``format_card`` writes it back.

Grammar of a leveler's text box (one item per line; blank lines between
striations, as printed in 2010, are ignored)::

    card     := ability* level_up ability* band+
    level_up := "Level up" COST [ "(" reminder ")" | "..." ]    (702.87a)
    band     := header pt ability*                               (711.2)
    header   := "LEVEL" N1 "-" N2  |  "LEVEL" N3 "+"             (711.2a, 711.2b)
    pt       := INT "/" INT

Every error is a :class:`CardTextError` that quotes the line and, where a rule
applies, names it.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

from leveler.mana import ManaCost, ManaCostError
from leveler.model import LevelBand, LevelerCard

__all__ = ["CardTextError", "format_card", "parse_card"]

_LEVEL_UP = re.compile(r"^level up\s*(?P<cost>(?:\{[^{}]*\})+)?\s*(?P<rest>.*)$", re.IGNORECASE)
_HEADER = re.compile(r"^level\s+(?P<min>\d+)\s*(?:(?:-|–|—)\s*(?P<max>\d+)|(?P<plus>\+))$", re.I)
_HEADER_LIKE = re.compile(r"^level\s+\S.*$", re.IGNORECASE)
_PT = re.compile(r"^(?P<power>\d+)\s*/\s*(?P<toughness>\d+)$")
_PT_LIKE = re.compile(r"^[\d*+\-xX?.\s]*/[\d*+\-xX?./\s]*$")
_CLASS_BAR = re.compile(r"^(?:\{[^{}]*\})+\s*:\s*level\s+\d+", re.IGNORECASE)
_STATION = re.compile(r"^station\b", re.IGNORECASE)
_MAX_NUMBER_DIGITS = 18
_REMINDER = "({cost}: Put a level counter on this. Level up only as a sorcery.)"


class CardTextError(ValueError):
    """Card text that is not a leveler's, with the offending line and the rule it breaks."""

    def __init__(
        self,
        message: str,
        *,
        line_number: int | None = None,
        line: str | None = None,
        rule: str | None = None,
        card: str | None = None,
    ) -> None:
        self.message = message
        self.line_number = line_number
        self.line = line
        self.rule = rule
        self.card = card
        super().__init__(self._describe())

    def _describe(self) -> str:
        where = []
        if self.card:
            where.append(self.card)
        if self.line_number is not None:
            where.append(f"line {self.line_number}")
        prefix = ", ".join(where)
        text = f"{prefix}: {self.message}" if prefix else self.message
        if self.line is not None:
            text += f": {_shorten(self.line)!r}"
        if self.rule:
            text += f" (rule {self.rule})"
        return text


def _shorten(line: str, limit: int = 80) -> str:
    return line if len(line) <= limit else line[: limit - 1] + "…"


@dataclass(frozen=True, slots=True)
class _Line:
    number: int
    text: str


@dataclass(slots=True)
class _BandDraft:
    header: _Line
    min_level: int
    max_level: int | None
    power: int | None = None
    toughness: int | None = None
    abilities: tuple[str, ...] = ()


def _lines(text: str) -> list[_Line]:
    """Non-blank lines with 1-based numbers; NFKC folds full-width digits and signs."""
    return [
        _Line(number, unicodedata.normalize("NFKC", raw).strip())
        for number, raw in enumerate(text.splitlines(), start=1)
        if raw.strip()
    ]


def _number(digits: str, line: _Line, what: str) -> int:
    if len(digits) > _MAX_NUMBER_DIGITS:
        raise CardTextError(f"{what} is too large", line_number=line.number, line=line.text)
    return int(digits)


def _parse_header(line: _Line) -> _BandDraft | None:
    """header := "LEVEL" N1 "-" N2 | "LEVEL" N3 "+"  (711.2)."""
    match = _HEADER.match(line.text)
    if match is None:
        if _HEADER_LIKE.match(line.text) and not _LEVEL_UP.match(line.text):
            raise CardTextError(
                "a level symbol reads 'LEVEL N1-N2' or 'LEVEL N3+'",
                line_number=line.number, line=line.text, rule="711.2",
            )
        return None
    low = _number(match["min"], line, "a level number")
    high = None if match["plus"] else _number(match["max"], line, "a level number")
    if high is not None and high < low:
        raise CardTextError(
            f"band ends ({high}) before it starts ({low})",
            line_number=line.number, line=line.text, rule="711.2a",
        )
    return _BandDraft(line, low, high)


def _parse_pt(line: _Line) -> tuple[int, int] | None:
    """pt := INT "/" INT. A line shaped like a P/T box but not two whole numbers is an error."""
    match = _PT.match(line.text)
    if match:
        return (_number(match["power"], line, "power"),
                _number(match["toughness"], line, "toughness"))
    if _PT_LIKE.match(line.text):
        raise CardTextError(
            "a power/toughness box must be two whole numbers like '3/3'",
            line_number=line.number, line=line.text, rule="711.2",
        )
    return None


def _parse_level_up(line: _Line) -> ManaCost | None:
    """level_up := "Level up" COST ["(" reminder ")"]  (702.87a)."""
    match = _LEVEL_UP.match(line.text)
    if match is None:
        return None
    rest = match["rest"].strip()
    if match["cost"] is None or (rest and not rest.startswith(("(", "...", "…"))):
        raise CardTextError(
            "level up needs a mana cost, as in 'Level up {1}{W}'",
            line_number=line.number, line=line.text, rule="702.87a",
        )
    try:
        return ManaCost.parse(match["cost"])
    except ManaCostError as error:
        raise CardTextError(str(error), line_number=line.number, line=line.text) from None


def _reject_lookalikes(line: _Line) -> None:
    """Class level bars (716) and station symbols (721) look like levels but are not."""
    if _CLASS_BAR.match(line.text):
        raise CardTextError(
            "this is a Class level bar, not a level symbol; class levels do not interact "
            "with level counters",
            line_number=line.number, line=line.text, rule="711.7, 716.4",
        )
    if _STATION.match(line.text):
        raise CardTextError(
            "this is a station symbol (charge counters), not a level symbol",
            line_number=line.number, line=line.text, rule="721",
        )


def _check_type_line(name: str, type_line: str) -> None:
    words = type_line.replace("—", " ").replace("-", " ").split()
    if "Class" in words:
        raise CardTextError(
            f"{name!r} is a Class ({type_line!r}); class levels are not level counters",
            rule="711.7, 716.4",
        )
    if "Aura" in words or "Creature" not in words:
        raise CardTextError(
            f"{name!r} is not a creature ({type_line!r}); a leveler is a creature card "
            "with level symbols (the Aura named 'Level Up' is not one)",
            rule="702.87b, 711.2a",
        )


def _check_band_order(bands: Sequence[_BandDraft]) -> None:
    """Bands ascend without gap or overlap and only the last is open (711.2a, 711.2b)."""
    for previous, band in itertools.pairwise(bands):
        if previous.max_level is None:
            raise CardTextError(
                f"an open band ({previous.header.text}) must be the last one",
                line_number=band.header.number, line=band.header.text, rule="711.2b",
            )
        if band.min_level <= previous.max_level:
            raise CardTextError(
                f"band overlaps or comes before {previous.header.text!r}; bands go upward",
                line_number=band.header.number, line=band.header.text, rule="711.2a",
            )
        if band.min_level != previous.max_level + 1:
            raise CardTextError(
                f"band leaves a gap after {previous.header.text!r}: counts "
                f"{previous.max_level + 1}-{band.min_level - 1} would have no band",
                line_number=band.header.number, line=band.header.text, rule="711.2a",
            )
    last = bands[-1]
    if last.max_level is not None:
        raise CardTextError(
            "the last band must be open, 'LEVEL N3+'",
            line_number=last.header.number, line=last.header.text, rule="711.2b",
        )


def _printed_number(value: int | str, what: str, name: str) -> int:
    if isinstance(value, bool):
        raise CardTextError(f"{what} of {name!r} must be a whole number, not {value!r}")
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and value.strip().isdecimal():
        number = int(unicodedata.normalize("NFKC", value.strip()))
    else:
        raise CardTextError(f"{what} of {name!r} must be a whole number, not {value!r}")
    if number < 0:
        raise CardTextError(f"{what} of {name!r} cannot be negative ({number})")
    return number


def parse_card(
    oracle_text: str,
    *,
    name: str,
    mana_cost: str = "",
    type_line: str = "Creature",
    power: int | str,
    toughness: int | str,
) -> LevelerCard:
    """Read a leveler from its English oracle text (or the printed 2010 text with blank lines).

    ``power`` and ``toughness`` are the uppermost P/T box, printed outside the text box.
    Raises :class:`CardTextError` naming the line and the rule for text that is not a leveler's.
    """
    if not isinstance(oracle_text, str):
        kind = type(oracle_text).__name__
        raise CardTextError(f"card text of {name!r} must be a string, not {kind}")
    lines = _lines(oracle_text)
    for line in lines:
        _reject_lookalikes(line)
    _check_type_line(name, type_line)
    try:
        cost = ManaCost.parse(mana_cost)
    except ManaCostError as error:
        raise CardTextError(f"mana cost of {name!r}: {error}") from None
    printed_power = _printed_number(power, "power", name)
    printed_toughness = _printed_number(toughness, "toughness", name)

    outside: list[str] = []
    level_up: ManaCost | None = None
    bands: list[_BandDraft] = []
    for line in lines:
        found_level_up = _parse_level_up(line)
        if found_level_up is not None:
            if level_up is not None:
                raise CardTextError("a second level up line", line_number=line.number,
                                    line=line.text, rule="702.87a")
            if bands:
                raise CardTextError("level up is printed above the level symbols, not inside a "
                                    "striation", line_number=line.number, line=line.text,
                                    rule="711.4")
            level_up = found_level_up
            continue
        header = _parse_header(line)
        if header is not None:
            if bands and bands[-1].power is None:
                _missing_pt(bands[-1])
            bands.append(header)
            continue
        pt = _parse_pt(line)
        if pt is not None:
            if not bands:
                raise CardTextError(
                    "a P/T line outside any band (the uppermost box is given as power and "
                    "toughness)", line_number=line.number, line=line.text, rule="711.2",
                )
            if bands[-1].power is not None:
                raise CardTextError("a second P/T line in one band", line_number=line.number,
                                    line=line.text, rule="711.2")
            bands[-1].power, bands[-1].toughness = pt
            continue
        if bands:
            bands[-1].abilities += (line.text,)
        else:
            outside.append(line.text)

    if level_up is None:
        raise CardTextError(f"{name!r} has no 'Level up {{cost}}' line, so it is not a leveler",
                            rule="702.87b")
    if not bands:
        raise CardTextError(f"{name!r} has no level symbol ('LEVEL N1-N2' / 'LEVEL N3+')",
                            rule="711.1")
    if bands[-1].power is None:
        _missing_pt(bands[-1])
    _check_band_order(bands)
    return LevelerCard(
        name=name,
        mana_cost=cost,
        type_line=type_line,
        power=printed_power,
        toughness=printed_toughness,
        level_up_cost=level_up,
        bands=tuple(
            LevelBand(b.min_level, b.max_level, b.power or 0, b.toughness or 0, b.abilities)
            for b in bands
        ),
        abilities=tuple(outside),
    )


def _missing_pt(band: _BandDraft) -> NoReturn:
    raise CardTextError("this band has no P/T line", line_number=band.header.number,
                        line=band.header.text, rule="711.2")


def format_card(card: LevelerCard) -> str:
    """Canonical oracle text of ``card``: ``parse_card(format_card(c), ...) == c``."""
    lines = [*card.abilities]
    lines.append(f"{card.level_up_ability} {_REMINDER.format(cost=card.level_up_cost)}")
    for band in card.bands:
        lines.append(band.label)
        lines.append(f"{band.power}/{band.toughness}")
        lines.extend(band.abilities)
    return "\n".join(lines)
