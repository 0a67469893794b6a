"""Card text <-> model: ``parse_card`` reads printed text in any language, ``format_card``
writes the English oracle text back.

Grammar of a leveler's text box (one item per line; blank lines between
striations, as printed in 2010, are ignored)::

    card     := ability* level_up ability* band+
    level_up := LEVEL_UP ( MANA | DASH any_cost "." ) [ AFTER_COST ]
                [ "(" reminder ")" | "..." ]                               (702.87a)
    band     := header pt ability*                                         (711.2)
    header   := HEADER N1 "-" N2  |  HEADER N3 "+"                         (711.2a, 711.2b)
    pt       := INT "/" INT [ ability ]

A line that starts with the level up keyword but is followed by a word ("Level up
abilities you activate cost {1} less to activate.") is an ordinary ability, and so is a
line that starts with the level symbol word and a number followed by a word ("Level 3
Wizards..."): only a line shaped like the keyword or a symbol must be one. Level up may
cost anything (702.87a): ``Level up—Pay 2 life.`` keeps its non-mana part as printed.
Numbers are bounded where the rules have no use for more (:data:`~leveler.model.MAX_LEVEL`,
:data:`~leveler.model.MAX_PT`), so a card's cost never grows with its printed numbers.

The grammar is one for every language; only the keywords LEVEL_UP ("Level up",
"Montée de niveau", "Lvアップ", "升级", ...), HEADER ("LEVEL", "NIVEAU", "Lv", "等级",
...) and AFTER_COST (Spanish prints a full stop) come from the table in
:mod:`leveler.languages`. Each line is folded with Unicode NFKC first, so full-width
digits, signs, brackets and spaces read as ASCII; numbers are ASCII digits (after
NFKC), so other scripts' digits are not read as levels. A P/T box run into the ability
after it on one line (``8/8Vol, piétinement`` in a French print) is read as the box
and that ability. Abilities keep their printed words.

Every error is a :class:`CardTextError` that quotes the line and, where a rule
applies, names it.
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

from leveler.languages import ENGLISH, LANGUAGES, Language, find_language
from leveler.mana import ManaCost, ManaCostError
from leveler.model import MAX_LEVEL, MAX_PT, LevelBand, LevelerCard
from leveler.text_errors import CardTextError

__all__ = ["MAX_LEVEL", "MAX_PT", "CardTextError", "detect_language", "format_card",
           "parse_card", "translate_card"]

_PT = re.compile(r"^(?P<power>[0-9]+)\s*/\s*(?P<toughness>[0-9]+)$")
_PT_THEN_TEXT = re.compile(r"^(?P<power>[0-9]+)\s*/\s*(?P<toughness>[0-9]+)(?P<rest>[^\W\d_].*)$")
_TYPE_WORDS = re.compile(r"[\s\-–—:~・/,]+")
_CREATURE_WORDS = frozenset(language.creature_word for language in LANGUAGES)
_PT_LIKE = re.compile(r"^[\d*+\-xX?.\s]*/[\d*+\-xX?./\s]*$")
_CLASS_BAR = re.compile(r"^(?:\{[^{}]*\})+\s*:\s*level\s+\d+", re.IGNORECASE)
_STATION = re.compile(r"^station\b", re.IGNORECASE)
_MAX_NUMBER_DIGITS = 9
"""More digits than any bounded number has: refused before ``int`` reads them."""
_DASHES = "—–-"
_REMINDER = "({cost}: Put a level counter on this. Level up only as a sorcery.)"


@dataclass(frozen=True, slots=True)
class _Line:
    number: int
    text: str


@dataclass(frozen=True, slots=True)
class _Grammar:
    """The grammar's keyword slots filled in for one language."""

    language: Language
    level_up: re.Pattern[str]
    header: re.Pattern[str]
    header_like: re.Pattern[str]

    @property
    def level_up_example(self) -> str:
        return f"{self.language.level_up} {{cost}}"

    @property
    def symbols(self) -> str:
        word = self.language.header_word
        return f"'{word} N1-N2' or '{word} N3+'"


def _words(keyword: str) -> str:
    """A printed keyword as a regex: its words, with any run of spaces between them."""
    return r"\s+".join(re.escape(word) for word in keyword.split())


@functools.cache
def _grammar(language: Language) -> _Grammar:
    header = "|".join(_words(word) for word in language.header_words)
    gap = language.header_gap
    return _Grammar(
        language=language,
        level_up=re.compile(rf"^(?:{_words(language.level_up)})(?:\s*(?P<cost>(?:\{{[^{{}}]*\}})+)"
                            rf"|\s*[{_DASHES}]\s*(?P<other>[^(]+?)\s*\.|\s*(?=[(.…]|$))"
                            r"\s*(?P<rest>.*)$", re.IGNORECASE),
        header=re.compile(rf"^(?:{header}){gap}(?P<min>[0-9]+)\s*"
                          r"(?:(?:-|–|—)\s*(?P<max>[0-9]+)|(?P<plus>\+))$", re.IGNORECASE),
        header_like=re.compile(rf"^(?:{header})(?:{gap}\d+\s*(?:[-–—+]|[^\w\s]|\d|$)"
                               r"|\s+\S{1,3}\s*(?:[-–—]\s*\S{1,3}|\+)$)", re.IGNORECASE),
    )


def detect_language(text: str) -> Language | None:
    """The language of the first line that starts with a level up keyword or level symbol.

    >>> detect_language("Montée de niveau {W}\\nNIVEAU 2-6\\n3/3").name
    'French'
    >>> detect_language("Flying") is None
    True
    """
    return _detect(_lines(text))


@functools.cache
def _detector() -> re.Pattern[str]:
    """One regex for every language's keywords; alternatives in table order, English first."""
    alternatives = []
    for index, language in enumerate(LANGUAGES):
        header = "|".join(_words(word) for word in language.header_words)
        alternatives.append(rf"(?P<L{index}>{_words(language.level_up)}"
                            rf"|(?:{header}){language.header_gap}\d)")
    return re.compile("|".join(alternatives), re.IGNORECASE)


def _detect(lines: Sequence[_Line]) -> Language | None:
    detector = _detector()
    for line in lines:
        match = detector.match(line.text)
        if match is not None and match.lastgroup is not None:
            return LANGUAGES[int(match.lastgroup[1:])]
    return None


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


def _number(digits: str, line: _Line, what: str, *, limit: int, rule: str) -> int:
    """A printed number, refused above ``limit`` (before reading a long run of digits)."""
    number = int(digits) if len(digits) <= _MAX_NUMBER_DIGITS else limit + 1
    if number > limit:
        raise CardTextError(f"{what} is larger than {limit:,}, the most this library accepts",
                            line_number=line.number, line=line.text, rule=rule)
    return number


def _level(digits: str, line: _Line) -> int:
    return _number(digits, line, "a level number", limit=MAX_LEVEL, rule="711.2, 702.87")


def _parse_header(line: _Line, grammar: _Grammar) -> _BandDraft | None:
    """header := HEADER N1 "-" N2 | HEADER N3 "+"  (711.2)."""
    match = grammar.header.match(line.text)
    if match is None:
        if grammar.header_like.match(line.text) and not grammar.level_up.match(line.text):
            raise CardTextError(
                f"a level symbol reads {grammar.symbols}",
                line_number=line.number, line=line.text, rule="711.2",
            )
        return None
    low = _level(match["min"], line)
    high = None if match["plus"] else _level(match["max"], line)
    if high is not None and high < low:
        raise CardTextError(
            f"band ends ({high}) before it starts ({low})",
            line_number=line.number, line=line.text, rule="711.2a",
        )
    return _BandDraft(line, low, high)


def _parse_pt(line: _Line, *, awaited: bool) -> tuple[int, int, str | None] | None:
    """pt := INT "/" INT [ability]: the box, and the ability run into it, if any.

    A line shaped like a P/T box but not two whole numbers is an error. Text run into
    the box is split off only where the band still ``awaited`` its box.
    """
    match = _PT.match(line.text) or (_PT_THEN_TEXT.match(line.text) if awaited else None)
    if match:
        rest = match.groupdict().get("rest")
        return (_number(match["power"], line, "power", limit=MAX_PT, rule="208.1"),
                _number(match["toughness"], line, "toughness", limit=MAX_PT, rule="208.1"),
                rest)
    if _PT_LIKE.match(line.text):
        raise CardTextError(
            "a power/toughness box must be two whole numbers like '3/3'",
            line_number=line.number, line=line.text, rule="711.2",
        )
    return None


def _parse_level_up(line: _Line, grammar: _Grammar) -> tuple[ManaCost, str] | None:
    """level_up := LEVEL_UP (MANA | DASH any_cost ".") [AFTER_COST] ["(" reminder ")"]
    (702.87a: "Level up [cost]"): the mana part and the non-mana part ("" if none).

    A line where a word follows the keyword is not the keyword: None, an ordinary ability.
    """
    match = grammar.level_up.match(line.text)
    if match is None:
        return None
    rest = match["rest"].strip()
    if grammar.language.after_cost:
        rest = rest.removeprefix(grammar.language.after_cost).strip()
    if (match["cost"] is None and match["other"] is None) or (
            rest and not rest.startswith(("(", "...", "…"))):
        raise CardTextError(
            f"level up needs a cost, as in '{grammar.language.level_up} {{1}}{{W}}' or "
            f"'{grammar.language.level_up}—Pay 2 life.'",
            line_number=line.number, line=line.text, rule="702.87a",
        )
    try:
        if match["cost"] is not None:
            return ManaCost.parse(match["cost"]), ""
        return _split_cost(match["other"])
    except ManaCostError as error:
        raise CardTextError(str(error), line_number=line.number, line=line.text,
                            rule="702.87a") from None


def _split_cost(text: str) -> tuple[ManaCost, str]:
    """``{1}, Pay 2 life`` -> ({1}, "Pay 2 life"): leading mana symbols, then the rest."""
    head, comma, tail = text.partition(",")
    if head.strip().startswith("{") and comma:
        return ManaCost.parse(head), tail.strip()
    if text.strip().startswith("{") and text.strip().endswith("}"):
        return ManaCost.parse(text), ""
    return ManaCost(()), text.strip()


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


def _check_band_order(bands: Sequence[_BandDraft], grammar: _Grammar) -> None:
    """Bands ascend without overlap and only the last is open (711.2a, 711.2b); a gap is
    accepted and flagged by ``LevelerCard.rule_warnings``."""
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
        # A gap (LEVEL 1-2 / LEVEL 4+) is not a printed shape (711.1), but the rules answer
        # it: no level symbol applies there (711.2a). Accepted; LevelerCard.rule_warnings says so.
    last = bands[-1]
    if last.max_level is not None:
        raise CardTextError(
            f"the last band must be open, '{grammar.language.header_word} N3+'",
            line_number=last.header.number, line=last.header.text, rule="711.2b",
        )


def _printed_number(value: int | str, what: str, name: str) -> int:
    if isinstance(value, bool):
        raise CardTextError(f"{what} of {name!r} must be a whole number, not {value!r}")
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and value.strip().isdecimal():
        digits = unicodedata.normalize("NFKC", value.strip())
        if len(digits) > _MAX_NUMBER_DIGITS:
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


def parse_card(
    oracle_text: str,
    *,
    name: str,
    mana_cost: str = "",
    type_line: str = "Creature",
    power: int | str,
    toughness: int | str,
    language: str | Language | None = None,
) -> LevelerCard:
    """Read a leveler from its oracle text or its printed text in any language.

    ``power`` and ``toughness`` are the uppermost P/T box, printed outside the text box.
    ``language`` (a name such as ``"French"``, a code such as ``"fr"``, or a
    :class:`~leveler.languages.Language`) forces the keywords; None detects them from
    the first level up line or level symbol (:func:`detect_language`), English if none.
    Abilities keep their printed words. Raises :class:`CardTextError` naming the line
    and the rule for text that is not a leveler's, and ValueError for an unknown language.
    """
    if not isinstance(oracle_text, str):
        kind = type(oracle_text).__name__
        raise CardTextError(f"card text of {name!r} must be a string, not {kind}")
    if isinstance(language, str):
        language = find_language(language)
    lines = _lines(oracle_text)
    grammar = _grammar(language or _detect(lines) or ENGLISH)
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
    level_up: tuple[ManaCost, str] | None = None
    bands: list[_BandDraft] = []
    for line in lines:
        found_level_up = _parse_level_up(line, grammar)
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
        header = _parse_header(line, grammar)
        if header is not None:
            if bands and bands[-1].power is None:
                _missing_pt(bands[-1])
            bands.append(header)
            continue
        pt = _parse_pt(line, awaited=bool(bands) and bands[-1].power is None)
        if pt is not None:
            if not bands:
                raise CardTextError(
                    "a P/T line outside any band (the uppermost box is given as power and "
                    "toughness)", line_number=line.number, line=line.text, rule="711.2",
                )
            if bands[-1].power is not None:
                raise CardTextError("a second P/T line in one band", line_number=line.number,
                                    line=line.text, rule="711.2")
            bands[-1].power, bands[-1].toughness, run_in = pt
            if run_in is not None:
                bands[-1].abilities += (run_in,)
            continue
        if bands:
            bands[-1].abilities += (line.text,)
        else:
            outside.append(line.text)

    if level_up is None:
        raise CardTextError(f"{name!r} has no '{grammar.level_up_example}' line, so it is not "
                            "a leveler", rule="702.87b")
    if not bands:
        word = grammar.language.header_word
        raise CardTextError(f"{name!r} has no level symbol ('{word} N1-N2' / '{word} N3+')",
                            rule="711.1")
    if bands[-1].power is None:
        _missing_pt(bands[-1])
    _check_band_order(bands, grammar)
    return LevelerCard(
        name=name,
        mana_cost=cost,
        type_line=type_line,
        power=printed_power,
        toughness=printed_toughness,
        level_up_cost=level_up[0],
        level_up_other_cost=level_up[1],
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
    cost = ", ".join([*([str(card.level_up_cost)] if card.level_up_cost.symbols else []),
                      *([card.level_up_other_cost] if card.level_up_other_cost else [])])
    lines.append(f"{card.level_up_ability} {_REMINDER.format(cost=cost or '{0}')}")
    for band in card.bands:
        lines.append(band.label)
        lines.append(f"{band.power}/{band.toughness}")
        lines.extend(band.abilities)
    return "\n".join(lines)


def translate_card(card: LevelerCard, language: str) -> LevelerCard | None:
    """``card`` as printed in ``language``: its printed name and abilities, or None if unknown.

    The printed text is parsed in that language; its bands and P/T boxes must be the
    card's own (a translation changes words, not rules), else :class:`CardTextError`.
    The result keeps the card's cost, type line, rarity, sets and translations.
    """
    wanted = find_language(language)
    printed = next((item for item in card.translations
                    if item.language.casefold() in (wanted.name.casefold(),
                                                     wanted.code.casefold())), None)
    if printed is None:
        return None
    parsed = parse_card(printed.text, name=printed.name, mana_cost=str(card.mana_cost),
                        type_line=card.type_line, power=card.power, toughness=card.toughness,
                        language=wanted)
    shape = [(b.min_level, b.max_level, b.power, b.toughness) for b in parsed.bands]
    expected = [(b.min_level, b.max_level, b.power, b.toughness) for b in card.bands]
    if shape != expected or parsed.level_up_cost != card.level_up_cost:
        raise CardTextError(f"the {wanted.name} text gives bands {shape} and level up "
                            f"{parsed.level_up_cost}, the card has {expected} and "
                            f"{card.level_up_cost}", card=card.name)
    return LevelerCard(
        name=printed.name, mana_cost=card.mana_cost, type_line=card.type_line,
        power=card.power, toughness=card.toughness, level_up_cost=parsed.level_up_cost,
        bands=parsed.bands, abilities=parsed.abilities, rarity=card.rarity, sets=card.sets,
        translations=card.translations,
    )
