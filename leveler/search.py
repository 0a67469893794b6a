"""Band-aware card search: which levelers reach power 4 with three counters or fewer?

A query is Scryfall-flavoured terms separated by spaces, which must all hold at once,
at one count of level counters, on the battlefield (711.2a/b, 711.5)::

    query   := term ( " "+ term )*
    term    := [ "-" ] ( number | text )                   "-" negates the term
    number  := ("pow" | "tou" | "pt" | "lvl" | "mana") OP INT
    OP      := "=" | "!=" | "<" | "<=" | ">" | ">="
    text    := ("o" | "c" | "r" | "s" | "name") ":" ( WORD | '"' words '"' )

``pt`` is power + toughness, ``lvl`` the count of level counters, ``mana`` the mana
invested to reach it (mana value + count x the level up cost's mana value; unknown, so
no term about it holds, once a level up cost other than mana has been paid). ``o:``
looks in the abilities the card has at that count, ``c:`` wants the card's colours to
include the letters given, ``r:`` its rarity (or its first letter), ``s:`` a set code,
``name:`` part of any printed name. Case never matters.

A card matches when some count satisfies every term; :func:`search` gives each card
with the fewest counters at which it does. Characteristics are constant between band
boundaries (711.2), and each count term changes its truth at one or two counts only,
so a card costs the same to search whatever numbers are printed on it or asked for.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from leveler.model import LevelBand, LevelerCard, Zone
from leveler.rules import characteristics

__all__ = ["COUNT_KEYS", "NUMBER_KEYS", "TEXT_KEYS", "Match", "QueryError", "Term",
           "parse_query", "search"]

NUMBER_KEYS = ("pow", "tou", "pt", "lvl", "mana")
"""Terms compared with a whole number."""
COUNT_KEYS = frozenset({"lvl", "mana"})
"""Number terms whose value grows with the count itself, not only with the band."""
TEXT_KEYS = ("o", "c", "r", "s", "name")
"""Terms that look at words."""
COLOUR_LETTERS = frozenset("wubrg")
MAX_QUERY_LENGTH = 1_000
"""A query longer than this is refused: a person's question is a line."""
MAX_TERMS = 32
_MAX_DIGITS = 9

_OPERATORS: dict[str, Callable[[int, int], bool]] = {
    "=": int.__eq__, "!=": int.__ne__, "<": int.__lt__, "<=": int.__le__,
    ">": int.__gt__, ">=": int.__ge__,
}
_NUMBER_TERM = re.compile(r"(?P<key>[a-z]+)(?P<op>!=|<=|>=|=|<|>)(?P<value>-?[0-9]+)$")
_TEXT_TERM = re.compile(r'(?P<key>[a-z]+):(?P<value>"[^"]*"|[^\s"]+)$')
_TOKEN = re.compile(r'-?[^\s"]*(?:"[^"]*"?)?[^\s"]*')


class QueryError(ValueError):
    """A malformed query, pointing at the term with a caret, as card-text errors do."""

    def __init__(self, message: str, query: str, start: int, end: int) -> None:
        self.message, self.query, self.start, self.end = message, query, start, end
        caret = " " * start + "^" * max(1, end - start)
        super().__init__(f"{message}\n  {query}\n  {caret}")


@dataclass(frozen=True, slots=True)
class Term:
    """One term of a query: ``key``, an operator (``:`` for text terms), the value."""

    key: str
    op: str
    value: int | str
    negated: bool = False
    start: int = 0
    """Where the term stands in the query (for errors)."""

    def holds(self, card: LevelerCard, count: int, power: int, toughness: int,
              abilities: tuple[str, ...]) -> bool:
        """Whether the term holds for ``card`` at ``count`` with these characteristics."""
        if self.key == "mana":
            invested = mana_invested(card, count)
            if invested is None:
                return False  # unknown: neither the term nor its negation holds
            return _OPERATORS[self.op](invested, int(self.value)) != self.negated
        return _plain_truth(self, card, count, power, toughness, abilities) != self.negated


def mana_invested(card: LevelerCard, count: int) -> int | None:
    """Mana value + count x the level up cost's mana value; None once a cost other than
    mana has been paid (702.87a: level up [cost]; mana is all this figure counts)."""
    if count > 0 and not card.level_up_is_mana:
        return None
    return card.mana_cost.mana_value + count * card.level_up_cost.mana_value


def _plain_truth(term: Term, card: LevelerCard, count: int, power: int, toughness: int,
                 abilities: tuple[str, ...]) -> bool:
    value = term.value
    if term.key in NUMBER_KEYS:
        measured = {"pow": power, "tou": toughness, "pt": power + toughness,
                    "lvl": count}[term.key]
        return _OPERATORS[term.op](measured, int(value))
    words = str(value).casefold()
    if term.key == "o":
        return any(words in ability.casefold() for ability in abilities)
    if term.key == "c":
        colours = {letter.casefold() for letter in card.mana_cost.colors}
        return set(words) <= colours
    if term.key == "r":
        rarity = (card.rarity or "").casefold()
        return bool(rarity) and (rarity == words or (len(words) == 1 and rarity[0] == words))
    if term.key == "s":
        return any(code.casefold() == words for code in card.sets)
    names = (card.name, *(translation.name for translation in card.translations))
    return any(words in name.casefold() for name in names)


def parse_query(query: str) -> tuple[Term, ...]:
    """The terms of ``query``; :class:`QueryError` pointing at the first bad term."""
    if len(query) > MAX_QUERY_LENGTH:
        raise QueryError(f"a query may have at most {MAX_QUERY_LENGTH:,} characters",
                         query[:40] + "…", 0, 40)
    terms = []
    for match in _TOKEN.finditer(query):
        token, start = match.group(), match.start()
        if not token:
            continue
        terms.append(_parse_term(token, query, start))
        if len(terms) > MAX_TERMS:
            raise QueryError(f"a query may have at most {MAX_TERMS} terms", query, start,
                             match.end())
    if not terms:
        raise QueryError("the query is empty: give at least one term, e.g. pow>=4",
                         query, 0, 1)
    return tuple(terms)


def _parse_term(token: str, query: str, start: int) -> Term:
    end = start + len(token)
    negated = token.startswith("-") and len(token) > 1
    body = token[1:] if negated else token
    offset = start + 1 if negated else start
    number = _NUMBER_TERM.match(body.casefold())
    if number:
        key = number["key"]
        if key not in NUMBER_KEYS:
            raise QueryError(f"unknown number term {key!r}: expected one of "
                             f"{', '.join(NUMBER_KEYS)}", query, offset, offset + len(key))
        if len(number["value"].lstrip("-")) > _MAX_DIGITS:
            raise QueryError(f"a number has at most {_MAX_DIGITS} digits", query, offset, end)
        return Term(key, number["op"], int(number["value"]), negated, start)
    text = _TEXT_TERM.match(body)
    if text:
        key = text["key"].casefold()
        value = text["value"]
        if value.startswith('"'):
            value = value[1:-1]
        if key not in TEXT_KEYS:
            raise QueryError(f"unknown term {key + ':'!r}: expected one of "
                             f"{', '.join(k + ':' for k in TEXT_KEYS)}", query, offset,
                             offset + len(key) + 1)
        if not value.strip():
            raise QueryError(f"{key}: needs a word", query, offset, end)
        if key == "c" and not set(value.casefold()) <= COLOUR_LETTERS:
            raise QueryError("c: takes colour letters w, u, b, r, g", query, offset, end)
        return Term(key, ":", value, negated, start)
    if body.count('"') % 2:
        raise QueryError("a quote is not closed", query, start, end)
    if any(op in body for op in _OPERATORS) and not re.search(r"-?[0-9]+$", body):
        raise QueryError("a number term compares with a whole number, e.g. pow>=4",
                         query, start, end)
    raise QueryError("not a term: expected e.g. pow>=4, lvl<=3, o:flying, c:w, -r:rare",
                     query, start, end)


@dataclass(frozen=True, slots=True)
class Match:
    """A card that matches, at the fewest level counters at which it does."""

    name: str
    level: int
    band: LevelBand | None
    """The band that applies at that count (None: the printed box, 711.5)."""
    power: int
    toughness: int
    abilities: tuple[str, ...]
    mana: int | None
    """Mana invested to reach that count (None where the level up cost is not mana)."""
    citations: tuple[str, ...]


def search(pool: Mapping[str, LevelerCard] | Iterable[LevelerCard],
           query: str | Iterable[Term]) -> list[Match]:
    """Every card of ``pool`` for which some count satisfies every term, at its fewest
    counters, sorted by name. Work per card: its bands x the terms, whatever the numbers."""
    terms = parse_query(query) if isinstance(query, str) else tuple(query)
    cards = pool.values() if isinstance(pool, Mapping) else pool
    found = []
    for card in cards:
        level = first_matching_count(card, terms)
        if level is not None:
            now = characteristics(card, level, Zone.BATTLEFIELD)
            found.append(Match(card.name, level, now.band, now.power, now.toughness,
                               now.abilities, mana_invested(card, level), now.citations))
    return sorted(found, key=lambda match: match.name)


def first_matching_count(card: LevelerCard, terms: tuple[Term, ...]) -> int | None:
    """The fewest level counters at which every term holds, or None if no count does.

    Between band boundaries the characteristics are constant (711.2a/b, 711.5); a count
    term can change its truth only where its line crosses its number, so the first
    matching count of each stretch is its start or one of those crossings.
    """
    for low, high in _stretches(card):
        now = characteristics(card, low, Zone.BATTLEFIELD)
        fixed = [term for term in terms if term.key not in COUNT_KEYS]
        if not all(term.holds(card, low, now.power, now.toughness, now.abilities)
                   for term in fixed):
            continue
        moving = [term for term in terms if term.key in COUNT_KEYS]
        candidates = sorted({low, *(point for term in moving
                                    for point in _crossings(card, term)
                                    if low <= point and (high is None or point <= high))})
        for count in candidates:
            if all(term.holds(card, count, now.power, now.toughness, now.abilities)
                   for term in moving):
                return count
    return None


def _stretches(card: LevelerCard) -> list[tuple[int, int | None]]:
    """Counts over which the characteristics stay the same: below N1, each band, gaps."""
    starts = {0}
    for band in card.bands:
        starts.add(band.min_level)
        if band.max_level is not None:
            starts.add(band.max_level + 1)
    ordered = sorted(starts)
    return [(low, ordered[i + 1] - 1 if i + 1 < len(ordered) else None)
            for i, low in enumerate(ordered)]


def _crossings(card: LevelerCard, term: Term) -> set[int]:
    """Counts around which a count term's truth may change (a superset is enough)."""
    step = 1 if term.key == "lvl" else card.level_up_cost.mana_value
    base = 0 if term.key == "lvl" else card.mana_cost.mana_value
    points = {1}  # mana is unknown from one paid non-mana level up on
    if step > 0:
        crossing = (int(term.value) - base) / step
        points |= {math.floor(crossing) + offset for offset in (-1, 0, 1, 2)}
    return {point for point in points if point >= 0}
