"""An object's types, and what its own abilities grant back to it (CR 205, 613.1f).

A leveler is a creature with subtypes from its type line (205.3). A band's static ability
may grant an ability to a group ("Elves you control have ..."): when the leveler is in that
group, it grants the ability to the leveler itself too (611.3a, layer 6, 613.1f). "Other
... you control" never includes the object itself. Decided from the card's text, per card.

>>> split_type_line("Creature — Elf Druid")
(('Creature',), ('Elf', 'Druid'))
>>> grant = self_grant('Elves you control have "{T}: Add {G}{G}."')
>>> grant.group, grant.ability, grant.applies_to(("Creature",), ("Elf", "Druid"))
('Elves', '{T}: Add {G}{G}.', True)
>>> self_grant("Other Merfolk creatures you control get +1/+1.") is None
True
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

__all__ = ["CARD_TYPES", "SelfGrant", "self_grant", "split_type_line"]

CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land",
              "Planeswalker", "Sorcery")
"""The card types (205.2a) that a situation's type-changing effects may name."""

_SUPERTYPES = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World"})
_CREATURE_WORDS = frozenset({"Creature", "Kreatur", "Criatura", "Créature", "Creatura",
                             "Существо", "クリーチャー", "생물", "生物"})
_DASH = re.compile(r"\s+[—–-]\s+|\s*—\s*")
_GRANT = re.compile(r"^(?P<other>other\s+)?(?P<group>.+?)\s+you\s+control\s+(?:have|has)\s+"
                    r"(?P<ability>.+?)\s*$", re.IGNORECASE)
_IRREGULAR = {"elves": "Elf", "dwarves": "Dwarf", "wolves": "Wolf", "werewolves": "Werewolf",
              "merfolk": "Merfolk", "mice": "Mouse", "fungi": "Fungus", "octopi": "Octopus",
              "sphinxes": "Sphinx", "foxes": "Fox"}


def split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Card types and subtypes of a type line (205.1, 205.3); supertypes left out. A
    printed type line's creature word (``Créature``) reads as ``Creature``."""
    text = unicodedata.normalize("NFKC", type_line).strip()
    parts = _DASH.split(text, maxsplit=1)
    head, tail = parts[0], parts[1] if len(parts) > 1 else ""
    types = tuple("Creature" if word in _CREATURE_WORDS else word
                  for word in head.split() if word not in _SUPERTYPES)
    return types, tuple(tail.split())


def _singular(word: str) -> str:
    lower = word.casefold()
    if lower in _IRREGULAR:
        return _IRREGULAR[lower]
    if lower.endswith("ies"):
        return word[:-3] + "y"
    if lower.endswith("s") and not lower.endswith("ss"):
        return word[:-1]
    return word


@dataclass(frozen=True, slots=True)
class SelfGrant:
    """A static ability of the form "[group] you control have [ability]"."""

    group: str
    """The group as printed: "Elves", "Creatures", "Merfolk creatures"."""
    ability: str
    """The granted ability, without its quotation marks: ``{T}: Add {G}{G}.``."""

    def applies_to(self, card_types: tuple[str, ...], subtypes: tuple[str, ...]) -> bool:
        """Whether an object with these types is in the group (205.3, 109.2)."""
        words = [_singular(word) for word in self.group.split()]
        wanted_types = {w.capitalize() for w in words} & set(CARD_TYPES)
        wanted_subtypes = [w for w in words if w.capitalize() not in CARD_TYPES
                           and w.casefold() not in ("and", "or", "permanent")]
        if wanted_types and not wanted_types <= set(card_types):
            return False
        if not wanted_types and "Creature" not in card_types and "Kindred" not in card_types:
            return False  # "Elves" are Elf creatures (or kindred): 205.3d
        folded = {s.casefold() for s in subtypes}
        return all(w.casefold() in folded for w in wanted_subtypes)


def self_grant(ability: str) -> SelfGrant | None:
    """The group grant an ability line makes, or None (not a grant, or "Other ...")."""
    match = _GRANT.match(ability.strip())
    if match is None or match["other"]:
        return None
    granted = match["ability"].rstrip(".").strip()
    if len(granted) > 1 and granted[0] in "\"“" and granted[-1] in "\"”":
        granted = granted[1:-1].strip()
    elif not granted.endswith("."):
        granted = granted[:1].upper() + granted[1:]
    return SelfGrant(match["group"].strip(), granted)
