"""The typed values of a situation (format version 2): counters, timing, copy, effects.

Built directly or by :func:`leveler.situation.parse_situation`; each checks the numbers
it holds and names the field when one is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from leveler.model import LevelerCard, Zone
from leveler.situation_fields import SituationError, _number, _whole, _zone

AFFECTS = ("creatures",)
"""What a static's effect covers, when that can change: "creatures" (Humility, Glorious
Anthem) covers the object only while it is a creature after layer 4 (613.1d, 613.6)."""

__all__ = [
    "AFFECTS",
    "EFFECT_TYPES",
    "AddTypes",
    "CopyOf",
    "Counters",
    "Effect",
    "EntryOrder",
    "GainAbility",
    "LoseAllAbilities",
    "ModifyPT",
    "SetBasePT",
    "SetTypes",
    "Situation",
    "SwitchPT",
    "Timing",
]


@dataclass(frozen=True, slots=True)
class Counters:
    """The counters the object has now (122.1). Counters never survive a zone change (122.2)."""

    level: int = 0
    """Level counters: they select a band (711.2a/b) and never change P/T by themselves."""
    plus_one: int = 0
    """+1/+1 counters (122.1a, layer 7c)."""
    minus_one: int = 0
    """-1/-1 counters (122.1a, layer 7c)."""

    def __post_init__(self) -> None:
        for key, value in (("level", self.level), ("+1/+1", self.plus_one),
                           ("-1/-1", self.minus_one)):
            _whole(value, f"counters.{key}", minimum=0)


@dataclass(frozen=True, slots=True)
class Timing:
    """When someone asks "can I level up now?": sorcery timing (702.87a, 602.5d, 307.1)."""

    controller_has_priority: bool = True
    own_turn: bool = True
    main_phase: bool = True
    stack_empty: bool = True


@dataclass(frozen=True, slots=True)
class CopyOf:
    """The object is a copy of ``card`` (707.2); ``power``/``toughness`` are copy exceptions.

    "Except it's 7/7" (Quicksilver Gargantuan) replaces the uppermost P/T box in the copiable
    values (707.9b). ``timestamp`` is the copy effect's, None for "as it entered" (Clone).
    """

    card: LevelerCard
    power: int | None = None
    toughness: int | None = None
    timestamp: float | None = None
    add_types: tuple[str, ...] = ()
    """Card types the exception adds, "in addition to its other types" (707.9b)."""
    add_subtypes: tuple[str, ...] = ()
    """Subtypes the exception adds: Phantasmal Image is "an Illusion" too (707.9b)."""
    add_abilities: tuple[str, ...] = ()
    """Abilities the exception grants, part of the copiable values (707.9a)."""
    face_down: bool = False
    """The copied object was face down: the copy gets its face-down values, a 2/2 with no
    name, types or abilities, never the card's (707.2 example, 708.2a)."""

    @property
    def has_exceptions(self) -> bool:
        """Whether the copy effect has exceptions (707.9)."""
        return (self.power is not None or self.toughness is not None
                or bool(self.add_types or self.add_subtypes or self.add_abilities))


@dataclass(frozen=True, slots=True)
class SetBasePT:
    """Layer 7b: "has base power and toughness P/T" (Diminish, Godhead of Awe, Humility);
    ``power`` or ``toughness`` None sets only the other ("base power 0", 7b with one
    component)."""

    type: ClassVar[str] = "set_base_pt"
    power: int | None
    toughness: int | None
    timestamp: float
    source: str | None = None
    origin: str | None = None
    entered_with: bool = False
    affects: str | None = None


@dataclass(frozen=True, slots=True)
class ModifyPT:
    """Layer 7c: "gets +X/+Y" (Giant Growth, Glorious Anthem). Applies whenever it began."""

    type: ClassVar[str] = "modify_pt"
    power: int
    toughness: int
    timestamp: float | None = None
    source: str | None = None
    origin: str | None = None
    entered_with: bool = False
    affects: str | None = None


@dataclass(frozen=True, slots=True)
class SwitchPT:
    """Layer 7d: switch power and toughness (613.4d)."""

    type: ClassVar[str] = "switch_pt"
    timestamp: float
    source: str | None = None
    origin: str | None = None
    entered_with: bool = False
    affects: str | None = None


@dataclass(frozen=True, slots=True)
class LoseAllAbilities:
    """Layer 6: "loses all abilities" (Humility, Merfolk Trickster, Turn to Frog)."""

    type: ClassVar[str] = "lose_all_abilities"
    timestamp: float
    source: str | None = None
    origin: str | None = None
    entered_with: bool = False
    affects: str | None = None


@dataclass(frozen=True, slots=True)
class GainAbility:
    """Layer 6: "gains [ability]"."""

    type: ClassVar[str] = "gain_ability"
    ability: str
    timestamp: float
    source: str | None = None
    origin: str | None = None
    entered_with: bool = False
    affects: str | None = None


@dataclass(frozen=True, slots=True)
class SetTypes:
    """Layer 4: "becomes a [types]" replacing its card types (and subtypes): an artifact
    that is no longer a creature has no power or toughness (208.3). ``subtypes`` None keeps
    the subtypes its new card types still allow (205.3d)."""

    type: ClassVar[str] = "set_types"
    card_types: tuple[str, ...]
    timestamp: float
    subtypes: tuple[str, ...] | None = None
    source: str | None = None
    origin: str | None = None
    entered_with: bool = False
    affects: str | None = None


@dataclass(frozen=True, slots=True)
class AddTypes:
    """Layer 4: "is a [type] in addition to its other types" (205.1b)."""

    type: ClassVar[str] = "add_types"
    timestamp: float
    card_types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    source: str | None = None
    origin: str | None = None
    entered_with: bool = False
    affects: str | None = None


Effect = SetBasePT | ModifyPT | SwitchPT | LoseAllAbilities | GainAbility | SetTypes | AddTypes
"""A continuous effect from another source."""

_EFFECT_CLASSES: tuple[type[Effect], ...] = (
    SetBasePT, ModifyPT, SwitchPT, LoseAllAbilities, GainAbility, SetTypes, AddTypes,
)
EFFECT_TYPES: tuple[str, ...] = tuple(cls.type for cls in _EFFECT_CLASSES)
"""The effect ``type`` values of format version 2."""


@dataclass(frozen=True, slots=True)
class EntryOrder:
    """Objects that entered the battlefield at the same time as this one: the active player
    chose their relative timestamp order (613.7m). ``order`` names this object (its card's
    name) and the ``source`` of each effect marked ``entered_with``, earliest first."""

    chosen_by: str
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Situation:
    """A leveler object in a game state. Build one directly or with :func:`parse_situation`.

    ``card`` is the object's own card. It may be a plain name (say ``"Clone"``) only when the
    object is a copy on the battlefield: a copy effect replaces all its copiable values
    (707.2), so its own card is never looked at.
    """

    card: LevelerCard | str
    zone: Zone = Zone.BATTLEFIELD
    counters: Counters = field(default_factory=Counters)
    timestamp: float = 0
    """When it entered the battlefield or was last turned face up (613.7d, 613.7f)."""
    face_down: bool = False
    copy_of: CopyOf | None = None
    effects: tuple[Effect, ...] = ()
    timing: Timing = field(default_factory=Timing)
    entry_order: EntryOrder | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.zone, Zone):  # Situation(card, "graveyard") reads naturally
            object.__setattr__(self, "zone", _zone(self.zone))
        if not isinstance(self.effects, tuple):
            object.__setattr__(self, "effects", tuple(self.effects))
        _number(self.timestamp, "timestamp")
        if self.face_down and self.zone is not Zone.BATTLEFIELD:
            raise SituationError(
                "face_down", f"only a permanent can be face down here (708.2a), not a card "
                f"in the {self.zone}")
        if isinstance(self.card, str) and (self.copy_of is None
                                           or self.zone is not Zone.BATTLEFIELD):
            raise SituationError(
                "card", f"{self.card!r} is not a leveler card; only a copy on the battlefield "
                "(copy_of) can have another card's copiable values (707.2, 400.7)")

    @property
    def name(self) -> str:
        """The name of the object's own card."""
        return self.card if isinstance(self.card, str) else self.card.name
