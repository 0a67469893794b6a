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

import operator
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from leveler.model import LevelBand, LevelerCard, Zone, cards_of
from leveler.pool import segments
from leveler.rules import characteristics

__all__ = ["COUNT_KEYS", "MATCH_COLUMNS", "NUMBER_KEYS", "TEXT_KEYS", "Match", "QueryError",
           "Term", "mana_invested", "matching_names", "parse_query",
           "search", "search_frame"]

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

_OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge,
}
"""Comparisons, on whole numbers and on numpy arrays alike."""
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
            return bool(_OPERATORS[self.op](invested, int(self.value))) != self.negated
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
        return bool(_OPERATORS[term.op](measured, int(value)))
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


MATCH_COLUMNS = ("name", "level", "band", "power", "toughness", "abilities", "mana",
                 "citation")
"""Columns of :func:`search_frame`, in order."""


def search(pool: Mapping[str, LevelerCard] | Iterable[LevelerCard],
           query: str | Iterable[Term]) -> list[Match]:
    """Every card of ``pool`` for which some count satisfies every term, at its fewest
    counters, sorted by name (:func:`search_frame`, as :class:`Match` objects)."""
    cards = {card.name: card for card in cards_of(pool)}
    found = []
    for name, level in search_frame(cards, query)[["name", "level"]].itertuples(index=False):
        card = cards[name]
        now = characteristics(card, int(level), Zone.BATTLEFIELD)
        found.append(Match(card.name, int(level), now.band, now.power, now.toughness,
                           now.abilities, mana_invested(card, int(level)), now.citations))
    return found


def search_frame(pool: Mapping[str, LevelerCard] | Iterable[LevelerCard],
                 query: str | Iterable[Term]) -> pd.DataFrame:
    """The matches as a frame (:data:`MATCH_COLUMNS`), one row per card, sorted by name.

    Worked over :func:`leveler.pool.segments` on the battlefield: between band
    boundaries the characteristics are constant (711.2a/b, 711.5), so every term but
    ``lvl`` and ``mana`` is one vectorised test per segment; those two change their truth
    only where their line crosses their number, so the first matching count of a
    segment is its start or one of those crossings. The work is the pool's segments x
    the terms, whatever numbers are printed or asked for.
    """
    terms = parse_query(query) if isinstance(query, str) else tuple(query)
    cards = cards_of(pool)
    frame = segments({card.name: card for card in cards}, [Zone.BATTLEFIELD])
    card_of = frame["name"].cat.codes.to_numpy()
    ordered = [cards[i] for i in _name_order(cards, frame)]
    holds = np.ones(len(frame), dtype=bool)
    for term in terms:
        if term.key not in COUNT_KEYS:
            holds &= _fixed_mask(term, frame, ordered, card_of) != term.negated
    costs = _CardCosts.of(ordered)
    level = _first_counts(frame, costs, card_of, holds,
                          [term for term in terms if term.key in COUNT_KEYS])
    matched = np.isfinite(level)
    rows = frame[matched].assign(level=level[matched].astype(np.int64))
    rows = rows.loc[rows.groupby(rows["name"].cat.codes)["level"].idxmin()]
    codes, levels = rows["name"].cat.codes.to_numpy(), rows["level"].to_numpy()
    known = costs.is_mana[codes] | (levels == 0)  # 702.87a: only mana is counted
    mana = pd.Series(costs.base[codes] + levels * costs.step[codes], dtype="Int64").where(
        known)
    result = pd.DataFrame({
        "name": rows["name"].astype(str).to_numpy(), "level": rows["level"].to_numpy(),
        "band": rows["band"].astype(str).where(rows["band"].notna(), "printed").to_numpy(),
        "power": rows["power"].to_numpy(), "toughness": rows["toughness"].to_numpy(),
        "abilities": rows["abilities"].astype(str).to_numpy(),
        "mana": mana.array,
        "citation": rows["citation"].astype(str).to_numpy(),
    }, columns=list(MATCH_COLUMNS))
    return result.sort_values("name", kind="stable").reset_index(drop=True)


def matching_names(pool: Mapping[str, LevelerCard],
                   query: str) -> tuple[frozenset[str] | None, QueryError | None]:
    """For a filter: the names that match ``query`` (None for a blank query, every card
    passes), or None and the error of a malformed one."""
    if not query.strip():
        return None, None
    try:
        terms = parse_query(query)
    except QueryError as error:
        return None, error
    return frozenset(search_frame(pool, terms)["name"]), None


def _name_order(cards: list[LevelerCard], frame: pd.DataFrame) -> list[int]:
    """Positions in ``cards`` of the frame's name categories, in code order."""
    where = {card.name: index for index, card in enumerate(cards)}
    return [where[name] for name in frame["name"].cat.categories]


def _fixed_mask(term: Term, frame: pd.DataFrame, cards: list[LevelerCard],
                card_of: npt.NDArray[np.integer]) -> npt.NDArray[np.bool_]:
    """A term that stays the same over a segment, tested on every segment at once."""
    if term.key in NUMBER_KEYS:
        power, toughness = frame["power"].to_numpy(), frame["toughness"].to_numpy()
        measured = {"pow": power, "tou": toughness, "pt": power + toughness}[term.key]
        return np.asarray(_OPERATORS[term.op](measured, int(term.value)), dtype=bool)
    if term.key == "o":
        words = str(term.value).casefold()
        column = frame["abilities"]
        per_text = np.array([any(words in line.casefold() for line in text.split("\n"))
                             for text in column.cat.categories], dtype=bool)
        codes = column.cat.codes.to_numpy()
        return np.where(codes >= 0, per_text[codes] if len(per_text) else False, False)
    per_card = np.array([_plain_truth(term, card, 0, 0, 0, ()) for card in cards], dtype=bool)
    return per_card[card_of] if len(per_card) else np.zeros(len(frame), dtype=bool)


@dataclass(frozen=True, slots=True)
class _CardCosts:
    """Each card's mana value, level up mana value and whether level up is only mana."""

    base: npt.NDArray[np.int64]
    step: npt.NDArray[np.int64]
    is_mana: npt.NDArray[np.bool_]

    @classmethod
    def of(cls, cards: list[LevelerCard]) -> _CardCosts:
        return cls(np.array([card.mana_cost.mana_value for card in cards], dtype=np.int64),
                   np.array([card.level_up_cost.mana_value for card in cards],
                            dtype=np.int64),
                   np.array([card.level_up_is_mana for card in cards], dtype=bool))


def _first_counts(frame: pd.DataFrame, costs: _CardCosts,
                  card_of: npt.NDArray[np.integer], holds: npt.NDArray[np.bool_],
                  moving: list[Term]) -> npt.NDArray[np.float64]:
    """For each segment, the fewest counts in it at which every count term holds (and the
    fixed terms, ``holds``); +inf where none does."""
    low = frame["from_level"].to_numpy(dtype=np.int64)
    high = frame["to_level"].to_numpy(dtype=np.float64, na_value=np.inf)
    base, step, is_mana = costs.base[card_of], costs.step[card_of], costs.is_mana[card_of]
    candidates = [low]
    for term in moving:
        if term.key == "lvl":
            crossing = np.full(len(frame), float(int(term.value)))
        else:
            crossing = np.where(step > 0, (int(term.value) - base) / np.maximum(step, 1), 0.0)
        floor = np.floor(crossing).astype(np.int64)
        candidates += [floor + offset for offset in (-1, 0, 1, 2)]
        candidates.append(np.ones(len(frame), dtype=np.int64))  # mana unknown from 1 on
    counts = np.stack(candidates, axis=1)
    ok = (counts >= low[:, None]) & (counts <= high[:, None]) & holds[:, None]
    for term in moving:
        if term.key == "lvl":
            measured = counts
            known = np.ones(counts.shape, dtype=bool)
        else:
            measured = base[:, None] + counts * step[:, None]
            known = is_mana[:, None] | (counts == 0)
        truth = np.asarray(_OPERATORS[term.op](measured, int(term.value)), dtype=bool)
        ok &= known & (truth != term.negated)
    first: npt.NDArray[np.float64] = np.where(ok, counts, np.inf).min(axis=1, initial=np.inf)
    return first
