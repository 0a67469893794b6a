"""Frozen value types of the leveler model: zones, level bands, cards, characteristics.

A level band is one text-box striation under a level symbol (CR 711.2):
``LEVEL N1-N2`` is ``LevelBand(N1, N2, ...)`` and ``LEVEL N3+`` is ``LevelBand(N3, None, ...)``.
"None means open" is the only encoding of "N+".

Two checks every reader shares live here too: :func:`check_level_counters` (122.1) and
:func:`find_card`, the one way a name typed or written is matched to a card (and
:func:`close_names`, the names offered when none is).
"""

from __future__ import annotations

import difflib
import numbers
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from leveler.mana import ManaCost

__all__ = ["MAX_LEVEL", "MAX_PT", "Characteristics", "LevelBand", "LevelerCard", "Pool",
           "Translation", "Zone", "cards_of", "check_level_counters", "close_names", "find_card",
           "fold_name",
           "too_many_level_counters"]

MAX_LEVEL = 1000
"""The largest level number N1, N2 or N3 accepted (711.2, 702.87): no printed leveler goes
past 12, and no game reaches a thousand level counters; a larger number is refused, so a
card's cost never grows with the numbers printed on it."""

MAX_PT = 1_000_000
"""The largest power or toughness magnitude accepted in a P/T box (208.1)."""


def check_bounded(value: object, what: str, *, low: int, high: int) -> int:
    """``value`` as an int within ``low..high``; ValueError naming ``what`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{what} must be between {low} and {high}, got "
                         f"{_short_number(value)}")
    return value


def _short_number(value: int) -> str:
    """A number for a message: a huge one by its digit count, not its 10,000 digits."""
    if abs(value) < 10**30:
        return str(value)
    return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"


class Zone(StrEnum):
    """The game zones a card can be in (CR 400.1, 408 for the command zone).

    ``Zone("graveyard")`` and ``Zone("Graveyard")`` both give ``Zone.GRAVEYARD``.
    """

    BATTLEFIELD = "battlefield"
    HAND = "hand"
    LIBRARY = "library"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    STACK = "stack"
    COMMAND = "command"

    @classmethod
    def _missing_(cls, value: object) -> Zone | None:
        if isinstance(value, str):
            wanted = value.strip().lower()
            for zone in cls:
                if zone.value == wanted:
                    return zone
        return None

    @classmethod
    def coerce(cls, value: Zone | str) -> Zone:
        """``Zone(value)`` with an error that lists the zones when the name is unknown."""
        try:
            return cls(value)
        except ValueError:
            names = ", ".join(z.value for z in cls)
            raise ValueError(f"unknown zone {value!r}: expected one of {names}") from None

    def __str__(self) -> str:
        return self.value

    @property
    def phrase(self) -> str:
        """Where a card is, as the rules say it: ``on the battlefield``, ``in exile``."""
        return _ZONE_PHRASES[self]


_ZONE_PHRASES = {Zone.BATTLEFIELD: "on the battlefield", Zone.HAND: "in the hand",
                 Zone.LIBRARY: "in the library", Zone.GRAVEYARD: "in the graveyard",
                 Zone.EXILE: "in exile", Zone.STACK: "on the stack",
                 Zone.COMMAND: "in the command zone"}


def level_symbol(min_level: int, max_level: int | None) -> str:
    """A level symbol as printed: ``LEVEL 2-6``, or ``LEVEL 7+`` for an open band (711.2b)."""
    if max_level is None:
        return f"LEVEL {min_level}+"
    return f"LEVEL {min_level}-{max_level}"


def level_up_ability(cost: ManaCost, other_cost: str = "") -> str:
    """The level up ability as it reads on a card, e.g. ``Level up {W}`` (CR 702.87a).

    A cost with a non-mana part reads with a dash, as other keyword costs do:
    ``Level up—Pay 2 life.`` or ``Level up—{1}, Pay 2 life.``
    """
    if not other_cost:
        return f"Level up {cost}"
    parts = [str(cost)] if cost.symbols else []
    return f"Level up—{', '.join([*parts, other_cost])}."


@dataclass(frozen=True, slots=True)
class LevelBand:
    """One level symbol and its striation: base P/T and abilities while it applies (CR 711.2)."""

    min_level: int
    """N1 (or N3): the fewest level counters for which the band applies."""
    max_level: int | None
    """N2, or None for an open band ("N3+", CR 711.2b)."""
    power: int
    """Base power in the band's P/T box."""
    toughness: int
    """Base toughness in the band's P/T box."""
    abilities: tuple[str, ...] = ()
    """Ability lines printed in the striation, in printed order."""

    def __post_init__(self) -> None:
        check_bounded(self.min_level, "a band's N1", low=0, high=MAX_LEVEL)
        if self.max_level is not None:
            check_bounded(self.max_level, f"the N2 of band {self.min_level}-",
                          low=self.min_level, high=MAX_LEVEL)
        check_bounded(self.power, "a band's power", low=-MAX_PT, high=MAX_PT)
        check_bounded(self.toughness, "a band's toughness", low=-MAX_PT, high=MAX_PT)

    def contains(self, level_counters: int) -> bool:
        """Whether the band applies with this many level counters (CR 711.2a, 711.2b)."""
        if level_counters < self.min_level:
            return False
        return self.max_level is None or level_counters <= self.max_level

    @property
    def is_open(self) -> bool:
        """An "N3+" band, with no upper limit (CR 711.2b)."""
        return self.max_level is None

    @property
    def rule(self) -> str:
        """The rule that gives this band's meaning: 711.2a for N1-N2, 711.2b for N3+."""
        return "711.2b" if self.is_open else "711.2a"

    @property
    def label(self) -> str:
        """The level symbol as printed: ``LEVEL 2-6`` or ``LEVEL 7+``."""
        return level_symbol(self.min_level, self.max_level)


@dataclass(frozen=True, slots=True)
class Translation:
    """A card's printed name and text in another language."""

    language: str
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class LevelerCard:
    """A leveler card as printed: its uppermost P/T box, level up cost and level bands.

    Only the rules-relevant fields take part in equality; the catalogue fields
    (rarity, sets, translations) are carried along for display and filtering.
    """

    name: str
    mana_cost: ManaCost
    type_line: str
    power: int
    """Power in the uppermost P/T box (CR 711.5, 711.6)."""
    toughness: int
    """Toughness in the uppermost P/T box."""
    level_up_cost: ManaCost
    """The cost of "Level up [cost]" (CR 702.87a)."""
    bands: tuple[LevelBand, ...]
    """The level bands, ascending, contiguous, only the last open (validated by the parser)."""
    abilities: tuple[str, ...] = ()
    """Abilities printed outside any striation, other than level up (CR 711.4)."""
    level_up_other_cost: str = ""
    """The part of the level up cost that is not mana, as printed ("Pay 2 life"): level up's
    cost may be any cost (702.87a). Mana investment figures cannot count it."""
    rarity: str | None = field(default=None, compare=False)
    sets: tuple[str, ...] = field(default=(), compare=False)
    translations: tuple[Translation, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        check_bounded(self.power, "power", low=-MAX_PT, high=MAX_PT)
        check_bounded(self.toughness, "toughness", low=-MAX_PT, high=MAX_PT)

    @property
    def level_up_ability(self) -> str:
        """The level up ability as it reads on the card, e.g. ``Level up {W}`` (CR 702.87a)."""
        return level_up_ability(self.level_up_cost, self.level_up_other_cost)

    @property
    def level_up_is_mana(self) -> bool:
        """Whether level up costs only mana, so mana investment figures count all of it."""
        return not self.level_up_other_cost

    @property
    def gaps(self) -> tuple[tuple[int, int], ...]:
        """Counts between two bands where no level symbol applies, as (first, last) ranges."""
        found = []
        for previous, band in zip(self.bands, self.bands[1:], strict=False):
            if previous.max_level is not None and band.min_level > previous.max_level + 1:
                found.append((previous.max_level + 1, band.min_level - 1))
        return tuple(found)

    @property
    def colors(self) -> tuple[str, ...]:
        """Colours from the mana cost (CR 202.2)."""
        return self.mana_cost.colors

    @property
    def top_level(self) -> int:
        """The fewest counters that reach the top band: the last band's N3 (derived)."""
        return self.bands[-1].min_level if self.bands else 0

    @property
    def rule_warnings(self) -> tuple[str, ...]:
        """Ways this design departs from printed levelers, which the rules accept."""
        warnings = []
        if len(self.bands) != 2:
            warnings.append(f"711.1: a leveler's text box contains two level symbols; "
                            f"this design has {len(self.bands)}")
        for first, last in self.gaps:
            counts = str(first) if first == last else f"{first}-{last}"
            warnings.append(f"711.2a: no level symbol applies with {counts} level counters "
                            "(a gap between bands), so it has its uppermost P/T box and no "
                            "band abilities there")
        if self.level_up_other_cost:
            mana = str(self.level_up_cost) if self.level_up_cost.symbols else "no mana"
            warnings.append(f"702.87a: level up also costs {self.level_up_other_cost!r}, "
                            f"which mana investment figures cannot count: they count only "
                            f"its mana part ({mana})")
        return tuple(warnings)

    def translation(self, language: str) -> Translation | None:
        """The printed name and text in ``language`` (e.g. "French"), if known."""
        for item in self.translations:
            if item.language.lower() == language.lower():
                return item
        return None


@dataclass(frozen=True, slots=True)
class Characteristics:
    """What a leveler is at a count and zone, and the rules that decided it."""

    power: int
    toughness: int
    abilities: tuple[str, ...]
    """Every ability it has now, in printed order, level up included (CR 711.4)."""
    band: LevelBand | None
    """The band that applies, or None (below N1, CR 711.5; off the battlefield, CR 711.6)."""
    citations: tuple[str, ...]
    """The rule numbers that decided the answer, the deciding one first."""

    @property
    def rule(self) -> str:
        """The deciding rule number."""
        return self.citations[0]


Pool = Mapping[str, LevelerCard] | Iterable[LevelerCard]
"""A card pool: ``load_pool()``'s mapping from name to card, or any iterable of cards."""


def cards_of(pool: Pool) -> list[LevelerCard]:
    """The cards of a pool, in its order."""
    return list(pool.values()) if isinstance(pool, Mapping) else list(pool)


def check_level_counters(level_counters: object, *, most: int | None = None) -> int:
    """The count as an int; ValueError unless a whole number and not negative (level
    counters are counters: 122.1), nor over ``most`` when given (:data:`MAX_LEVEL`)."""
    if isinstance(level_counters, bool) or not isinstance(level_counters, numbers.Integral):
        raise ValueError(f"level counters must be a whole number (122.1), not "
                         f"{level_counters!r} ({type(level_counters).__name__})")
    count = int(level_counters)
    if count < 0:
        raise ValueError(f"level counters cannot be negative (122.1), got {count}")
    if most is not None and count > most:
        raise ValueError(too_many_level_counters(_short_number(count), most))
    return count


def too_many_level_counters(count: str, most: int = MAX_LEVEL) -> str:
    """The message for a count over ``most`` (``count`` as it is to be shown)."""
    return (f"level counters: at most {most}, not {count} (the largest level number a "
            f"band may print, 711.2)")


def fold_name(name: str) -> str:
    """A card name as names compare: NFKC (full-width letters, composed accents), case
    folded, runs of spaces joined and ends stripped."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def find_card(pool: Mapping[str, LevelerCard], name: str) -> LevelerCard | None:
    """The card called ``name`` in ``pool`` (its key; else its English or a printed
    translation's name, compared by :func:`fold_name`), or None."""
    if name in pool:
        return pool[name]
    wanted = fold_name(name)
    for card in pool.values():
        if any(fold_name(n) == wanted for n in (card.name, *(t.name for t in card.translations))):
            return card
    return None


def close_names(pool: Mapping[str, LevelerCard], name: str, n: int = 3) -> list[str]:
    """Up to ``n`` cards whose name, or a printed translation's, is close to ``name``,
    closest first, each once: its name, or ``"Printed name (Name)"`` for a translation."""
    owners = {t.name: card.name for card in pool.values() for t in card.translations}
    owners |= {card.name: card.name for card in pool.values()}
    by_card: dict[str, str] = {}
    for match in difflib.get_close_matches(name, list(owners), n=20, cutoff=0.5):
        owner = owners[match]
        by_card.setdefault(owner, owner if match == owner else f"{match} ({owner})")
    return list(by_card.values())[:n]
