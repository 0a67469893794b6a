"""Every band of every card as a tidy table: the structured band data card databases lack.

One row per *stage* (stage 0 the uppermost, printed P/T box, 711.5; stage k the k-th
band, 711.2a/b), with the band's numbers as columns: N1 (``min_level``), N2
(``max_level``, <NA> for an open ``N3+`` band), base power and toughness, the abilities
the card has there (711.4's level up included), the mana invested to reach it
(:func:`leveler.balance.investment`) and the first turn it is reached on the curve
(:func:`leveler.balance.turns_to_band`), plus the card's catalogue facts for grouping.
"""

from __future__ import annotations

import pandas as pd

from leveler.balance import investment
from leveler.model import Pool, Zone, cards_of
from leveler.rules import characteristics
from leveler.turns import CurveModel, turns_to_band

__all__ = ["BAND_COLUMNS", "band_frame"]

BAND_COLUMNS = ("name", "stage", "band", "min_level", "max_level", "power", "toughness",
                "abilities", "rule", "mana_invested", "level_up_is_mana", "turn",
                "mana_value", "colors", "rarity", "sets")
"""The columns of :func:`band_frame`, in order."""


_CURVE = CurveModel()


def band_frame(pool: Pool, model: CurveModel = _CURVE) -> pd.DataFrame:
    """One row per stage of every card in ``pool``, in pool order (see the module).

    ``mana_invested`` counts mana only: where level up costs something else too
    (702.87a, "Level up [cost]"), ``level_up_is_mana`` is False and the figure is the
    mana part alone.

    >>> from leveler import load_pool
    >>> frame = band_frame({"Student of Warfare": load_pool()["Student of Warfare"]})
    >>> frame[["band", "min_level", "max_level", "power", "mana_invested", "turn"]]
    ... # doctest: +NORMALIZE_WHITESPACE
            band  min_level  max_level  power  mana_invested  turn
    0    printed          0       <NA>      1              1     1
    1  LEVEL 2-6          2          6      3              3     2
    2   LEVEL 7+          7       <NA>      4              8     4
    """
    parts = []
    for card in cards_of(pool):
        stages = investment(card)
        stages["turn"] = turns_to_band(card, model)["turn"].array
        ends: list[int | None] = [None, *(band.max_level for band in card.bands)]
        stages["max_level"] = pd.array(ends, dtype="Int64")
        now = [characteristics(card, int(level), Zone.BATTLEFIELD)
               for level in stages["min_level"]]
        stages["abilities"] = ["\n".join(c.abilities) for c in now]
        stages["rule"] = [" ".join(c.citations) for c in now]
        stages["name"] = card.name
        stages["level_up_is_mana"] = card.level_up_is_mana
        stages["mana_value"] = card.mana_cost.mana_value
        stages["colors"] = "".join(card.colors) or "C"
        stages["rarity"] = card.rarity or ""
        stages["sets"] = " ".join(card.sets)
        parts.append(stages)
    if not parts:
        return pd.DataFrame({column: [] for column in BAND_COLUMNS})
    frame = pd.concat(parts, ignore_index=True)
    return frame[list(BAND_COLUMNS)]
