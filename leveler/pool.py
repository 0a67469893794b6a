"""Whole-pool frames: the card x level x zone grid of CR 711, computed as array operations.

``progression`` is the table form of :func:`leveler.rules.characteristics` and is tested
against it for every card, level and zone. Per card it builds a small table of
*stages* (stage 0 = the uppermost P/T box, stage k = the k-th band); the grid then
picks a stage for every (card, level, zone) with numpy, without a Python loop per row:

- stage = number of bands whose N1 <= level (0 below the first band: 711.5);
- off the battlefield the stage is 0 (711.6).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np
import numpy.typing as npt
import pandas as pd

from leveler.model import LevelerCard, Zone

__all__ = ["cards_frame", "progression", "resolve_pool", "stage_tables"]

_NEVER = np.iinfo(np.int64).max
CITATIONS = ("711.5", "711.6", "711.2a", "711.2b")
"""Citation categories of the grid, in a fixed order."""
_CITE_BELOW, _CITE_OFF, _CITE_CLOSED, _CITE_OPEN = range(4)


def _as_cards(pool: Mapping[str, LevelerCard] | Iterable[LevelerCard]) -> list[LevelerCard]:
    return list(pool.values()) if isinstance(pool, Mapping) else list(pool)


def _as_levels(levels: int | Iterable[int]) -> npt.NDArray[np.int64]:
    values = [levels] if isinstance(levels, int) else list(levels)
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int | np.integer):
            raise ValueError(f"level counters must be whole numbers, not {value!r}")
        if value < 0:
            raise ValueError(f"level counters cannot be negative (got {value})")
    return np.asarray(values, dtype=np.int64)


class _Codes:
    """Interns strings to integer codes for categorical columns."""

    def __init__(self) -> None:
        self.values: list[str] = []
        self._index: dict[str, int] = {}

    def code(self, value: str) -> int:
        found = self._index.get(value)
        if found is None:
            found = self._index[value] = len(self.values)
            self.values.append(value)
        return found


def stage_tables(cards: Sequence[LevelerCard]) -> dict[str, np.ndarray]:
    """Per-card stage arrays, padded to the widest card: band N1s, P/T, codes per stage.

    Returned keys: ``mins`` (cards x bands), ``power``, ``toughness``, ``label``,
    ``abilities``, ``cite`` (cards x stages), and the code lists ``label_values``,
    ``ability_values`` (object arrays).
    """
    width = max((len(card.bands) for card in cards), default=0)
    shape = (len(cards), width + 1)
    mins = np.full((len(cards), width), _NEVER, dtype=np.int64)
    power = np.zeros(shape, dtype=np.int64)
    toughness = np.zeros(shape, dtype=np.int64)
    label = np.full(shape, -1, dtype=np.int32)
    abilities = np.zeros(shape, dtype=np.int32)
    cite = np.full(shape, _CITE_BELOW, dtype=np.int8)
    labels, ability_texts = _Codes(), _Codes()
    for row, card in enumerate(cards):
        printed = (*card.abilities, card.level_up_ability)
        power[row, 0], toughness[row, 0] = card.power, card.toughness
        abilities[row, 0] = ability_texts.code("\n".join(printed))
        for column, band in enumerate(card.bands, start=1):
            mins[row, column - 1] = band.min_level
            power[row, column], toughness[row, column] = band.power, band.toughness
            label[row, column] = labels.code(band.label)
            abilities[row, column] = ability_texts.code("\n".join((*printed, *band.abilities)))
            cite[row, column] = _CITE_OPEN if band.is_open else _CITE_CLOSED
    return {
        "mins": mins, "power": power, "toughness": toughness, "label": label,
        "abilities": abilities, "cite": cite,
        "label_values": np.array(labels.values, dtype=object),
        "ability_values": np.array(ability_texts.values, dtype=object),
    }


def progression(
    pool: Mapping[str, LevelerCard] | Iterable[LevelerCard],
    levels: int | Iterable[int] = range(13),
    zones: Iterable[Zone | str] = tuple(Zone),
) -> pd.DataFrame:
    """One row per card, level and zone: what CR 711 makes of the card there.

    Columns: name, level_counters, zone, power, toughness, band (``LEVEL 2-6`` or
    missing), abilities (one ability per line, level up included), citation
    (711.2a, 711.2b, 711.5 or 711.6). Rows run card by card, then level, then zone.
    String columns are categorical, so a pool of 100,000 designs stays small.
    """
    cards = _as_cards(pool)
    level_array = _as_levels(levels)
    zone_list = [Zone.coerce(zone) for zone in zones]
    tables = stage_tables(cards)
    on_battlefield = np.array([zone is Zone.BATTLEFIELD for zone in zone_list], dtype=bool)

    # stage per (card, level): how many bands start at or below the count (711.2a/b, 711.5)
    stage = (level_array[None, :, None] >= tables["mins"][:, None, :]).sum(axis=2)
    # per (card, level, zone): off the battlefield the uppermost box (711.6)
    stage3 = np.where(on_battlefield[None, None, :], stage[:, :, None], 0)
    card_index = np.broadcast_to(np.arange(len(cards))[:, None, None], stage3.shape)
    cite = tables["cite"][card_index, stage3]
    cite = np.where(on_battlefield[None, None, :], cite, _CITE_OFF)

    rows = stage3.size
    names = [card.name for card in cards]
    return pd.DataFrame({
        "name": _categorical(card_index.ravel(), categories=_unique(names)),
        "level_counters": np.broadcast_to(level_array[None, :, None], stage3.shape).ravel(),
        "zone": _categorical(
            np.broadcast_to(np.arange(len(zone_list))[None, None, :], stage3.shape).ravel(),
            categories=[zone.value for zone in zone_list]),
        "power": tables["power"][card_index, stage3].ravel(),
        "toughness": tables["toughness"][card_index, stage3].ravel(),
        "band": _categorical(tables["label"][card_index, stage3].ravel(),
                                          categories=tables["label_values"]),
        "abilities": _categorical(tables["abilities"][card_index, stage3].ravel(),
                                               categories=tables["ability_values"]),
        "citation": _categorical(cite.ravel(), categories=list(CITATIONS)),
    }, index=pd.RangeIndex(rows))


def _categorical(codes: npt.ArrayLike, categories: Sequence[object] | np.ndarray) -> pd.Categorical:
    """A categorical column from integer codes (-1 = missing) and its category values."""
    return pd.Categorical.from_codes(
        np.asarray(codes), categories=pd.Index(categories)
    )


def _unique(names: list[str]) -> list[str]:
    if len(set(names)) != len(names):
        raise ValueError("card names in a pool must be unique")
    return names


def resolve_pool(
    pool: Mapping[str, LevelerCard] | Iterable[LevelerCard], level: int, zone: Zone | str
) -> pd.DataFrame:
    """The pool at one count and zone: ``progression`` restricted to one level and zone."""
    return progression(pool, [level], [zone])


def cards_frame(pool: Mapping[str, LevelerCard] | Iterable[LevelerCard]) -> pd.DataFrame:
    """One row per card with its catalogue facts, for filters and labels."""
    cards = _as_cards(pool)
    return pd.DataFrame({
        "name": [card.name for card in cards],
        "mana_cost": [str(card.mana_cost) for card in cards],
        "mana_value": [card.mana_cost.mana_value for card in cards],
        "colors": ["".join(card.colors) or "C" for card in cards],
        "type_line": [card.type_line for card in cards],
        "rarity": [card.rarity or "" for card in cards],
        "sets": [" ".join(card.sets) for card in cards],
        "level_up_cost": [str(card.level_up_cost) for card in cards],
        "bands": [" / ".join(band.label for band in card.bands) for card in cards],
        "top_level": [card.top_level for card in cards],
    })
