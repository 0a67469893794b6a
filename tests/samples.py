"""Sample inputs shared by the tests: a custom design, a broken one, a hostile name."""

from __future__ import annotations

from leveler.bench import Draft, read_draft
from leveler.io.designs import DESIGN_FIELDS

HOSTILE_NAME = "<img src=x onerror=alert(1)>"
"""A card name that would run script if the app inserted it as HTML."""

KNIGHT = {"name": "Bench Knight", "mana_cost": "{1}{W}", "type_line": "Creature — Human Knight",
          "power": "2", "toughness": "2",
          "oracle_text": "Level up {1}{W}\nLEVEL 1-2\n3/3\nVigilance\nLEVEL 3+\n5/5\nFirst strike"}
"""A valid custom leveler design record (project JSON format)."""

BROKEN = {**KNIGHT, "name": "Half Done",
          "oracle_text": "Level up {W}\nLEVEL 2-6\n3/3\nFirst strike\nLEVEL 7+\nfour/4"}
"""A design whose text does not parse: line 6 is not a P/T box."""


def draft_of(record: dict[str, str]) -> Draft:
    """A design record read as the bench reads what is typed (:func:`leveler.bench.read_draft`)."""
    return read_draft(*(record[key] for key in DESIGN_FIELDS))
