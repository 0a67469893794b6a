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
applies, names it. ``parse_card`` reads on past a problem (skipping that line, or that
band's P/T and abilities) and raises every independent one at once
(:attr:`CardTextError.problems`); what follows only from an earlier problem (a band's P/T
after a malformed level symbol, "no P/T line" after a malformed box) is not reported.
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from leveler.languages import ENGLISH, LANGUAGES, Language, find_language
from leveler.mana import ManaCost, ManaCostError
from leveler.model import MAX_LEVEL, MAX_PT, LevelBand, LevelerCard
from leveler.text_checks import (
    DASHES,
    MAX_NUMBER_DIGITS,
    STAR,
    Line,
    check_mana_cost,
    check_type_line,
    lookalike,
    misspelt_keyword,
    misspelt_symbol,
    printed_number,
)
from leveler.text_errors import CardTextError, Problems

__all__ = ["MAX_LEVEL", "MAX_PT", "CardTextError", "detect_language", "format_card",
           "level_up_line", "parse_card", "translate_card"]

_PT = re.compile(r"^(?P<power>[0-9]+)\s*/\s*(?P<toughness>[0-9]+)$")
_PT_THEN_TEXT = re.compile(r"^(?P<power>[0-9]+)\s*/\s*(?P<toughness>[0-9]+)(?P<rest>[^\W\d_].*)$")
_PT_LIKE = re.compile(r"^[\d*+\-xX?.\s]*/[\d*+\-xX?./\s]*$")
_REMINDER = "({cost}: Put a level counter on this. Level up only as a sorcery.)"
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
                            rf"|\s*[{DASHES}]\s*(?P<other>[^(]+?)\s*\.|\s*(?=[(.…]|$))"
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


def _detect(lines: Sequence[Line]) -> Language | None:
    detector = _detector()
    for line in lines:
        match = detector.match(line.text)
        if match is not None and match.lastgroup is not None:
            return LANGUAGES[int(match.lastgroup[1:])]
    return None


@dataclass(slots=True)
class _BandDraft:
    header: Line
    min_level: int
    max_level: int | None
    power: int | None = None
    toughness: int | None = None
    abilities: list[str] = field(default_factory=list)
    has_pt: bool = False
    """A P/T line was read, even a refused one (so "no P/T line" would be noise)."""
    broken: bool = False
    """The level symbol was refused: it takes its lines, but no order checks."""


@dataclass(slots=True)
class _Draft:
    """What the lines gave, as far as they could be read."""

    outside: list[str]
    bands: list[_BandDraft]
    level_up: tuple[ManaCost, str] | None = None
    level_up_seen: bool = False
    """A level up line was read, even a refused one."""
    ability_lines: list[Line] = field(default_factory=list)
    pt_outside: bool = False
    """A P/T line came before any level symbol (reported once: later ones share its cause)."""


def _lines(text: str) -> list[Line]:
    """Non-blank lines with 1-based numbers; NFKC folds full-width digits and signs."""
    return [
        Line(number, unicodedata.normalize("NFKC", raw).strip())
        for number, raw in enumerate(text.splitlines(), start=1)
        if raw.strip()
    ]


def _number(digits: str, line: Line, what: str, *, limit: int, rule: str) -> int:
    """A printed number, refused above ``limit`` (before reading a long run of digits)."""
    number = int(digits) if len(digits) <= MAX_NUMBER_DIGITS else limit + 1
    if number > limit:
        raise CardTextError(f"{what} is larger than {limit:,}, the most this library accepts",
                            line_number=line.number, line=line.text, rule=rule)
    return number


def _level(digits: str, line: Line) -> int:
    return _number(digits, line, "a level number", limit=MAX_LEVEL, rule="711.2, 702.87")


def _parse_header(line: Line, grammar: _Grammar) -> _BandDraft | None:
    """header := HEADER N1 "-" N2 | HEADER N3 "+"  (711.2)."""
    match = grammar.header.match(line.text)
    if match is None:
        if grammar.header_like.match(line.text) and not grammar.level_up.match(line.text):
            raise CardTextError(
                f"a level symbol reads {grammar.symbols}",
                line_number=line.number, line=line.text, rule="711.2",
            )
        if misspelt_symbol(line.text, grammar.language.header_words):
            raise CardTextError(
                f"this looks like a misspelt level symbol; a level symbol reads "
                f"{grammar.symbols}", line_number=line.number, line=line.text, rule="711.2",
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


def _parse_pt(line: Line, *, awaited: bool) -> tuple[int, int, str | None] | None:
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
    if _PT_LIKE.match(line.text) and "*" in line.text:
        raise CardTextError(f"a band's P/T box cannot be '*': {STAR}",
                            line_number=line.number, line=line.text, rule="604.3, 711.2a")
    if _PT_LIKE.match(line.text):
        raise CardTextError(
            "a power/toughness box must be two whole numbers like '3/3'",
            line_number=line.number, line=line.text, rule="711.2",
        )
    return None


def _parse_level_up(line: Line, grammar: _Grammar) -> tuple[ManaCost, str] | None:
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


def _check_band_order(bands: Sequence[_BandDraft], grammar: _Grammar,
                      problems: Problems) -> None:
    """Bands ascend without overlap and only the last is open (711.2a, 711.2b); a gap is
    accepted and flagged by ``LevelerCard.rule_warnings``. Each band is compared with the
    one before; refused level symbols are left out (their order is unknown), and a closed
    last band is not reported when an open band came earlier or the last symbol was refused."""
    read = [band for band in bands if not band.broken]
    for previous, band in itertools.pairwise(read):
        if previous.max_level is None:
            problems.add(CardTextError(
                f"an open band ({previous.header.text}) must be the last one",
                line_number=band.header.number, line=band.header.text, rule="711.2b",
            ))
        elif band.min_level <= previous.max_level:
            problems.add(CardTextError(
                f"band overlaps or comes before {previous.header.text!r}; bands go upward",
                line_number=band.header.number, line=band.header.text, rule="711.2a",
            ))
        # A gap (LEVEL 1-2 / LEVEL 4+) is not a printed shape (711.1), but the rules answer
        # it: no level symbol applies there (711.2a). Accepted; LevelerCard.rule_warnings says so.
    last = bands[-1]
    if not last.broken and last.max_level is not None and all(
            band.max_level is not None for band in read):
        problems.add(CardTextError(
            f"the last band must be open, '{grammar.language.header_word} N3+'",
            line_number=last.header.number, line=last.header.text, rule="711.2b",
        ))


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
    and the rule for text that is not a leveler's (every independent problem in its
    ``problems``), and ValueError for an unknown language.
    """
    if not isinstance(oracle_text, str):
        kind = type(oracle_text).__name__
        raise CardTextError(f"card text of {name!r} must be a string, not {kind}")
    if isinstance(language, str):
        language = find_language(language)
    lines = _lines(oracle_text)
    grammar = _grammar(language or _detect(lines) or ENGLISH)
    problems = Problems()
    found_lookalike = lookalike(lines)
    if found_lookalike is not None:  # another mechanic's text: its type line says the same
        problems.add(found_lookalike)
    else:
        problems.run(check_type_line, name, type_line)
    is_creature = not problems
    cost = problems.run(check_mana_cost, mana_cost, name)
    printed_power = problems.run(printed_number, power, "power", name)
    printed_toughness = problems.run(printed_number, toughness, "toughness", name)
    draft = _Draft([], [])
    if found_lookalike is None:
        for line in lines:
            _read_line(line, grammar, draft, problems)
        _check_card(draft, name, grammar, problems, is_creature=is_creature)
    problems.raise_any()
    assert cost is not None and draft.level_up is not None  # else raise_any raised
    return LevelerCard(
        name=name,
        mana_cost=cost,
        type_line=type_line,
        power=printed_power or 0,
        toughness=printed_toughness or 0,
        level_up_cost=draft.level_up[0],
        level_up_other_cost=draft.level_up[1],
        bands=tuple(
            LevelBand(b.min_level, b.max_level, b.power or 0, b.toughness or 0,
                      tuple(b.abilities))
            for b in draft.bands
        ),
        abilities=tuple(draft.outside),
    )


def _read_line(line: Line, grammar: _Grammar, draft: _Draft, problems: Problems) -> None:
    """One line into ``draft``; a refused line is recorded and read as what it was meant
    to be (a level up line, a level symbol, a P/T box), so its followers are not noise."""
    bands = draft.bands
    try:
        found_level_up = _parse_level_up(line, grammar)
    except CardTextError as error:
        problems.add(error)
        draft.level_up_seen = True
        return
    if found_level_up is not None:
        if draft.level_up_seen:
            problems.add(CardTextError("a second level up line", line_number=line.number,
                                       line=line.text, rule="702.87a"))
        elif bands:
            problems.add(CardTextError("level up is printed above the level symbols, not "
                                       "inside a striation", line_number=line.number,
                                       line=line.text, rule="711.4"))
        else:
            draft.level_up = found_level_up
        draft.level_up_seen = True
        return
    try:
        header = _parse_header(line, grammar)
    except CardTextError as error:
        problems.add(error)
        header = _BandDraft(line, 0, None, broken=True)
    if header is not None:
        if bands and not bands[-1].has_pt and not bands[-1].broken:
            problems.add(_missing_pt(bands[-1]))
        bands.append(header)
        return
    try:
        pt = _parse_pt(line, awaited=bool(bands) and not bands[-1].has_pt)
    except CardTextError as error:
        problems.add(error)
        if bands:
            bands[-1].has_pt = True
        return
    if pt is not None:
        if not bands:
            if not draft.pt_outside:  # the next ones share its cause
                problems.add(CardTextError(
                    "a P/T line outside any band (the uppermost box is given as power and "
                    "toughness)", line_number=line.number, line=line.text, rule="711.2",
                ))
            draft.pt_outside = True
        elif bands[-1].has_pt:
            problems.add(CardTextError("a second P/T line in one band",
                                       line_number=line.number, line=line.text, rule="711.2"))
        else:
            bands[-1].power, bands[-1].toughness, run_in = pt
            bands[-1].has_pt = True
            if run_in is not None:
                bands[-1].abilities.append(run_in)
        return
    if bands:
        bands[-1].abilities.append(line.text)
    else:
        draft.outside.append(line.text)
    draft.ability_lines.append(line)


def _check_card(draft: _Draft, name: str, grammar: _Grammar, problems: Problems, *,
                is_creature: bool) -> None:
    """A level up line and level symbols (702.87b, 711.1), a P/T for the last band, band
    order. A non-creature's missing keyword and symbols follow from its type: not reported."""
    if not draft.level_up_seen and is_creature:
        misspelt = misspelt_keyword(draft.ability_lines, grammar.language.level_up)
        problems.add(CardTextError(
            f"{name!r} has no '{grammar.level_up_example}' line, so it is not a leveler"
            + ("; this line looks like a misspelt one" if misspelt else ""),
            line_number=misspelt.number if misspelt else None,
            line=misspelt.text if misspelt else None,
            rule="702.87a, 702.87b" if misspelt else "702.87b",
        ), last=True)
    if not draft.bands:
        if draft.level_up_seen:
            word = grammar.language.header_word
            problems.add(CardTextError(
                f"{name!r} has no level symbol ('{word} N1-N2' / '{word} N3+')", rule="711.1"),
                last=True)
        return
    if not draft.bands[-1].has_pt and not draft.bands[-1].broken:
        problems.add(_missing_pt(draft.bands[-1]))
    _check_band_order(draft.bands, grammar, problems)


def _missing_pt(band: _BandDraft) -> CardTextError:
    return CardTextError("this band has no P/T line", line_number=band.header.number,
                         line=band.header.text, rule="711.2")


def level_up_line(card: LevelerCard) -> str:
    """The level up ability with its reminder text, as printed (702.87a):
    ``Level up {W} ({W}: Put a level counter on this. Level up only as a sorcery.)``."""
    cost = ", ".join([*([str(card.level_up_cost)] if card.level_up_cost.symbols else []),
                      *([card.level_up_other_cost] if card.level_up_other_cost else [])])
    return f"{card.level_up_ability} {_REMINDER.format(cost=cost or '{0}')}"


def format_card(card: LevelerCard) -> str:
    """Canonical oracle text of ``card``: ``parse_card(format_card(c), ...) == c``."""
    lines = [*card.abilities]
    lines.append(level_up_line(card))
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
