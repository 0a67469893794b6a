"""leveler: the rules of Magic: The Gathering leveler cards (CR 711, 702.87).

>>> from leveler import load_pool, characteristics, Zone
>>> c = characteristics(load_pool()["Student of Warfare"], 7, Zone.BATTLEFIELD)
>>> c.power, c.toughness, c.citations
(4, 4, ('711.2b',))

The rules core takes the pool it looks names up in and opens no file; here at the facade
``resolve_situation`` and ``apply_preset`` default to the bundled printed pool
(:mod:`leveler.bundled`).
"""

from leveler.bundled import apply_preset, bundled_pool, resolve_situation
from leveler.io.pool_files import PoolError, load_pool
from leveler.layers import Resolution
from leveler.mana import ManaCost, ManaCostError
from leveler.model import Characteristics, LevelBand, LevelerCard, Translation, Zone
from leveler.rules import characteristics
from leveler.text import CardTextError, format_card, parse_card

__all__ = [
    "CardTextError",
    "Characteristics",
    "LevelBand",
    "LevelerCard",
    "ManaCost",
    "ManaCostError",
    "PoolError",
    "Resolution",
    "Translation",
    "Zone",
    "apply_preset",
    "bundled_pool",
    "characteristics",
    "format_card",
    "load_pool",
    "parse_card",
    "resolve_situation",
]
