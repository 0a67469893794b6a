"""Mana costs: parse, format, mana value and colours (CR 107.4, 202.1-202.3).

A cost is a run of symbols in braces: ``{2}{W}``, ``{W/U}`` (hybrid), ``{2/W}``
(monocoloured hybrid), ``{W/P}`` (Phyrexian), ``{X}``, ``{C}``, ``{S}``.

>>> cost = ManaCost.parse("{2}{W/U}{W/P}")
>>> cost.mana_value, cost.colors, str(cost)
(4, ('W', 'U'), '{2}{W/U}{W/P}')
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

__all__ = ["COLORS", "MAX_GENERIC_MANA", "ManaCost", "ManaCostError"]

COLORS = ("W", "U", "B", "R", "G")
"""The five colours in WUBRG order (CR 105.1)."""

_HYBRID_PAIRS = frozenset(
    {"W/U", "W/B", "U/B", "U/R", "B/R", "B/G", "R/W", "R/G", "G/W", "G/U"}
)
"""Two-colour hybrid symbols as printed (CR 107.4e): each pair in its printed order."""

_SYMBOL = re.compile(r"\{([^{}]*)\}")
MAX_GENERIC_MANA = 1_000_000
"""The largest generic mana symbol accepted ({1000000}): no cost has a use for more, so a
card's cost never grows with the numbers printed on it."""
_MAX_GENERIC_DIGITS = len(str(MAX_GENERIC_MANA))


class ManaCostError(ValueError):
    """A mana cost that is not a run of valid mana symbols."""


@functools.lru_cache(maxsize=1024)
def _symbol_value(symbol: str) -> tuple[int, tuple[str, ...]]:
    """Mana value and colours of one symbol's inside, e.g. ``"2/W"`` -> ``(2, ("W",))``.

    Grammar (CR 107.4):
    N | W | U | B | R | G | C | S | X | Y | Z | c1/c2 | 2/c | c/P | c1/c2/P | C/c.
    """
    if symbol.isascii() and symbol.isdigit():
        if len(symbol.lstrip("0")) > _MAX_GENERIC_DIGITS or int(symbol) > MAX_GENERIC_MANA:
            shown = symbol if len(symbol) <= 20 else f"{symbol[:8]}… ({len(symbol)} digits)"
            raise ManaCostError(f"generic mana {{{shown}}} is larger than {MAX_GENERIC_MANA:,}, "
                                "the most this library accepts (generic mana, 107.4b)")
        return int(symbol), ()
    if symbol in COLORS:
        return 1, (symbol,)
    if symbol in ("C", "S"):
        return 1, ()
    if symbol in ("X", "Y", "Z"):
        return 0, ()  # CR 202.3e: X is 0 everywhere but the stack
    parts = symbol.split("/")
    if len(parts) == 2 and parts[1] == "P" and parts[0] in COLORS:
        return 1, (parts[0],)  # Phyrexian, CR 107.4f
    if len(parts) == 2 and parts[0] == "2" and parts[1] in COLORS:
        return 2, (parts[1],)  # monocoloured hybrid, CR 202.3f
    if len(parts) == 2 and parts[0] == "C" and parts[1] in COLORS:
        return 1, (parts[1],)  # colourless hybrid
    if len(parts) in (2, 3) and "/".join(parts[:2]) in _HYBRID_PAIRS:
        if len(parts) == 3 and parts[2] != "P":
            raise ManaCostError(f"unknown mana symbol {{{symbol}}}")
        return 1, (parts[0], parts[1])
    raise ManaCostError(f"unknown mana symbol {{{symbol}}}")


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A parsed mana cost: its symbols in printed order, without braces."""

    symbols: tuple[str, ...]
    """Each symbol's inside, e.g. ``("2", "W")`` for ``{2}{W}``."""

    def __post_init__(self) -> None:
        for symbol in self.symbols:  # built directly, not by parse: the same bounds
            _symbol_value(symbol)

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        """Parse ``{2}{W}``-style text; raise :class:`ManaCostError` saying what is wrong."""
        if not isinstance(text, str):
            raise ManaCostError(f"a mana cost must be text like '{{2}}{{W}}', not {text!r}")
        compact = text.strip()
        symbols = []
        position = 0
        for match in _SYMBOL.finditer(compact):
            if match.start() != position:
                break
            symbols.append(match.group(1).strip().upper())
            position = match.end()
        if position != len(compact) or (not symbols and compact):
            raise ManaCostError(
                f"mana cost {text!r} is not a run of symbols in braces like '{{2}}{{W}}'"
                f" (stopped at character {position + 1})"
            )
        return cls(tuple(symbols))  # __post_init__ checks each symbol

    @property
    def mana_value(self) -> int:
        """Total mana value (CR 202.3): X counts 0, hybrid 1, {2/W} 2, Phyrexian 1."""
        return sum(_symbol_value(s)[0] for s in self.symbols)

    @property
    def colors(self) -> tuple[str, ...]:
        """The colours of the cost in WUBRG order (CR 202.2)."""
        found = {c for s in self.symbols for c in _symbol_value(s)[1]}
        return tuple(c for c in COLORS if c in found)

    def __str__(self) -> str:
        return "".join(f"{{{s}}}" for s in self.symbols)

    def __repr__(self) -> str:
        return f"ManaCost.parse({str(self)!r})"
