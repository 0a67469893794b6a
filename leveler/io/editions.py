"""The Comprehensive Rules by edition: the texts the app quotes, and each edition's numbering.

Editions live in ``data/rules/<edition>.json``: the current English rules (711), the
2011 English rules (710) and the 2011 French rules (710), with a numbering map so a
current number (``711.5``, ``702.87a``) finds the 2011 number (``710.5``, ``702.85a``).
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from typing import Any

from leveler.io.pool_files import DATA_DIR

__all__ = ["EDITIONS", "Citation", "cite", "load_rule_texts"]

EDITIONS = {
    "en-current": "English, current (711)",
    "en-2011": "English, 2011 (710)",
    "fr-2011": "Français, 2011 (710)",
}
"""Rule-text editions in ``data/rules``: file stem -> label."""


def load_rule_texts(edition: str = "en-current") -> dict[str, tuple[str, str]]:
    """Rule texts of an edition, keyed by current rule number: ``{"711.5": ("710.5", text)}``."""
    return {number: (entry["number"], entry["text"])
            for number, entry in _rule_document(edition)["rules"].items()}


@functools.cache
def _rule_document(edition: str) -> dict[str, Any]:
    if edition not in EDITIONS:
        raise ValueError(f"unknown rules edition {edition!r}: expected one of "
                         f"{', '.join(EDITIONS)}")
    document: dict[str, Any] = json.loads(
        (DATA_DIR / "rules" / f"{edition}.json").read_text(encoding="utf-8"))
    return document


@dataclass(frozen=True, slots=True)
class Citation:
    """A rule as one edition of the Comprehensive Rules numbers and words it."""

    rule: str
    """The current number, e.g. ``"711.5"``."""
    edition: str
    """A key of :data:`EDITIONS`."""
    number: str | None
    """The edition's number (``"710.5"``); None where the edition has no such rule."""
    text: str | None
    """The edition's text; None where it has no such rule or the project has no copy."""
    note: str | None = None
    """Why ``number`` or ``text`` is missing."""

    def __str__(self) -> str:
        if self.text is not None:
            return f"{self.number}  {self.text}"
        return f"{self.number or self.rule}  ({self.note})"


_RULE_NUMBER = re.compile(r"^[0-9]{3}(?:\.[0-9]+[a-z]?)?$")


def cite(rule: str, edition: str = "en-current") -> Citation:
    """Rule ``rule`` (a current number: ``711.5``, ``702.87a``) as ``edition`` has it.

    The edition's number comes from its numbering even where the project has no copy
    of its text (the French 2011 keyword rule: 702.84a). A rule added later (711.7,
    702.87c, July 2021) has no number in a 2011 edition. Raises ValueError for an
    unknown edition or a string that is not a rule number.

    >>> cite("711.5", "fr-2011").number, cite("702.87a", "fr-2011").number
    ('710.5', '702.84a')
    >>> cite("702.87a", "fr-2011").text is None, cite("711.7", "en-2011").number
    (True, None)
    """
    document = _rule_document(edition)
    rule = rule.strip()
    if not _RULE_NUMBER.match(rule):
        raise ValueError(f"not a rule number: {rule!r} (expected e.g. '711.5' or '702.87a')")
    entry = document["rules"].get(rule)
    if entry is not None:
        return Citation(rule, edition, entry["number"], entry["text"])
    absent: dict[str, str] = document.get("absent", {})
    if rule in absent:
        return Citation(rule, edition, None, None, f"not in this edition: {absent[rule]}")
    numbering: dict[str, str] = document.get("numbering", {})
    number: str | None = rule if not numbering else None
    for old in sorted(numbering, key=len, reverse=True):
        tail = rule[len(old):]
        if rule.startswith(old) and not tail[:1].isdigit():
            number = numbering[old] + tail
            break
    if number is None:
        return Citation(rule, edition, None, None,
                        f"the number of rule {rule} in {EDITIONS[edition]} is not known")
    return Citation(rule, edition, number, None,
                    f"no text of {EDITIONS[edition]} for this rule in the project")
