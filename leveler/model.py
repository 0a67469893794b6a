"""Frozen value types of the leveler model: zones, level bands, cards, characteristics.

A level band is one text-box striation under a level symbol (CR 711.2):
``LEVEL N1-N2`` is ``LevelBand(N1, N2, ...)`` and ``LEVEL N3+`` is ``LevelBand(N3, None, ...)``.
"None means open" is the only encoding of "N+".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from leveler.mana import ManaCost

__all__ = ["Characteristics", "LevelBand", "LevelerCard", "Pool", "Translation", "Zone",
           "cards_of"]


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


def level_symbol(min_level: int, max_level: int | None) -> str:
    """A level symbol as printed: ``LEVEL 2-6``, or ``LEVEL 7+`` for an open band (711.2b)."""
    if max_level is None:
        return f"LEVEL {min_level}+"
    return f"LEVEL {min_level}-{max_level}"


def level_up_ability(cost: ManaCost) -> str:
    """The level up ability as it reads on a card, e.g. ``Level up {W}`` (CR 702.87a)."""
    return f"Level up {cost}"


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
    rarity: str | None = field(default=None, compare=False)
    sets: tuple[str, ...] = field(default=(), compare=False)
    translations: tuple[Translation, ...] = field(default=(), compare=False)

    @property
    def level_up_ability(self) -> str:
        """The level up ability as it reads on the card, e.g. ``Level up {W}`` (CR 702.87a)."""
        return level_up_ability(self.level_up_cost)

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
        if len(self.bands) == 2:
            return ()
        return (
            f"711.1: a leveler's text box contains two level symbols; "
            f"this design has {len(self.bands)}",
        )

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
