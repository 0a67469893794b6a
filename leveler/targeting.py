"""Can this spell or ability target the object now? Shroud, hexproof, protection (CR 115, 601.2c).

A target is chosen as the spell is cast or the ability put on the stack (601.2c, 602.2b); an
illegal target cannot be chosen (115.1). What the object has now decides:

- shroud: it can't be the target of spells or abilities (702.18a);
- hexproof: it can't be the target of spells or abilities its opponents control (702.11b);
  "hexproof from [quality]": of [quality] spells or abilities from [quality] sources its
  opponents control (702.11d);
- protection from [quality]: it can't be targeted by spells with that quality or abilities
  from a source with it (702.16b); "protection from everything" covers every source (702.16j).

Keywords are read from the ability lines as printed ("Flying, hexproof", "Protection from
instants"). Protection's other parts (damage, blocking, enchanting: 702.16c-f) are not
modelled: a situation cannot express them.

>>> spell = Source("Giant Growth", ("Instant",), ("G",), controller="opponent")
>>> target_refusal(("Flying, hexproof",), spell).rule
'702.11b, 115.1, 601.2c'
>>> target_refusal(("Flying, hexproof",), Source("Giant Growth", ("Instant",), ("G",))) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["COLOR_NAMES", "Refusal", "Source", "keywords", "target_refusal"]

COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
"""Colour letters and their names (105.1)."""

_PLURALS = {"instants": "Instant", "sorceries": "Sorcery", "creatures": "Creature",
            "artifacts": "Artifact", "enchantments": "Enchantment", "lands": "Land",
            "planeswalkers": "Planeswalker"}
_SPLIT = re.compile(r"\s*[,;]\s*|\s+and\s+(?=from\b)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Source:
    """What targets: a spell, or an ability and the object it comes from (its source)."""

    name: str
    card_types: tuple[str, ...]
    """The spell's card types, or its source's for an ability ("Instant", "Creature")."""
    colors: tuple[str, ...]
    """Colour letters (W U B R G); () for colourless."""
    controller: str = "you"
    """"you" (the leveler's controller) or "opponent"."""
    ability: bool = False
    """An ability (of a permanent) rather than a spell."""

    @property
    def what(self) -> str:
        return f"{self.name}'s ability" if self.ability else self.name


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the target is illegal, with the rule."""

    reason: str
    rule: str


def keywords(abilities: Iterable[str]) -> tuple[str, ...]:
    """Keyword phrases, lower case: "Flying, hexproof" -> ("flying", "hexproof")."""
    found: list[str] = []
    for line in abilities:
        text = re.sub(r"\s*\(.*?\)\s*", " ", line).strip().rstrip(".").strip()
        parts = _SPLIT.split(text)
        joined: list[str] = []
        for part in parts:  # "protection from white and from blue": each "from" keeps its head
            if part.lower().startswith("from ") and joined:
                head = joined[-1].lower().split(" from ")[0]
                joined.append(f"{head} {part}")
            else:
                joined.append(part)
        found += [part.lower() for part in joined if part]
    return tuple(found)


def _has_quality(quality: str, source: Source) -> bool:
    """Whether the source has the quality named after "from" (702.16a)."""
    if quality == "everything":
        return True
    if quality in _PLURALS:
        return _PLURALS[quality] in source.card_types
    colors = {name: letter for letter, name in COLOR_NAMES.items()}
    if quality in colors:
        return colors[quality] in source.colors
    if quality == "multicolored":
        return len(source.colors) > 1
    if quality == "monocolored":
        return len(source.colors) == 1
    if quality == "colorless":
        return not source.colors
    if quality == "each color":
        return bool(source.colors)
    return quality.capitalize() in source.card_types


def target_refusal(abilities: Iterable[str], source: Source) -> Refusal | None:
    """Why ``source`` cannot target an object with these abilities now, or None if it can."""
    for keyword in keywords(abilities):
        if keyword == "shroud":
            return Refusal(f"it has shroud: it can't be the target of spells or abilities, "
                           f"so {source.what} cannot target it", "702.18a, 115.1, 601.2c")
        if keyword == "hexproof" and source.controller == "opponent":
            return Refusal(f"it has hexproof: it can't be the target of spells or abilities "
                           f"its controller's opponents control, and an opponent controls "
                           f"{source.what}", "702.11b, 115.1, 601.2c")
        if keyword.startswith("hexproof from ") and source.controller == "opponent":
            quality = keyword.removeprefix("hexproof from ").strip()
            if _has_quality(quality, source):
                return Refusal(f"it has {keyword}: an opponent's {source.what} has that "
                               "quality", "702.11d, 115.1, 601.2c")
        if keyword.startswith("protection from "):
            quality = keyword.removeprefix("protection from ").strip()
            if _has_quality(quality, source):
                rule = "702.16j" if quality == "everything" else "702.16b"
                return Refusal(f"it has {keyword}: it can't be the target of "
                               f"{'abilities from sources' if source.ability else 'spells'} "
                               f"with that quality, and {source.what} has it",
                               f"{rule}, 115.1, 601.2c")
    return None
