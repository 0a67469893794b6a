"""Whole-pool frames: the card x level x zone grid of CR 711, computed as array operations.

``progression`` is the table form of :func:`leveler.rules.characteristics` and is tested
against it for every card, level and zone. Per card it builds a small table of
*stages* (stage 0 = the uppermost P/T box, stage k = the k-th band); the grid then
picks a stage for every (card, level, zone) with numpy, without a Python loop per row:

- stage = number of bands whose N1 <= level (0 below the first band: 711.5);
- off the battlefield the stage is 0 (711.6).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt
import pandas as pd

from leveler.model import LevelerCard, Pool, Zone, cards_of

__all__ = ["cards_frame", "progression", "resolve_pool", "stage_tables"]

_NEVER = np.iinfo(np.int64).max
CITATIONS = ("711.5", "711.6", "711.2a", "711.2b")
"""Citation categories of the grid, in a fixed order."""
_CITE_BELOW, _CITE_OFF, _CITE_CLOSED, _CITE_OPEN = range(4)


def _as_levels(levels: int | Iterable[int]) -> npt.NDArray[np.int64]:
    values = [levels] if isinstance(levels, int) else list(levels)
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int | np.integer):
            raise ValueError(f"level counters must be whole numbers, not {value!r}")
        if value < 0:
            raise ValueError(f"level counters cannot be negative (got {value})")
    return np.asarray(values, dtype=np.int64)


class _Codes:
    """Interns hashable keys to integer codes; the category values are made once per key."""

    def __init__(self) -> None:
        self.keys: list[object] = []
        self._index: dict[object, int] = {}

    def code(self, key: object) -> int:
        found = self._index.get(key)
        if found is None:
            found = self._index[key] = len(self.keys)
            self.keys.append(key)
        return found


def _ability_text(key: tuple[tuple[tuple[str, ...], tuple[str, ...]], tuple[str, ...]]) -> str:
    """Abilities as they read at a stage: outside abilities, level up (711.4), the band's."""
    (outside, level_up_symbols), band_abilities = key
    level_up = "Level up " + "".join(f"{{{symbol}}}" for symbol in level_up_symbols)
    return "\n".join((*outside, level_up, *band_abilities))


def _label_text(key: tuple[int, int | None]) -> str:
    low, high = key
    return f"LEVEL {low}+" if high is None else f"LEVEL {low}-{high}"


def stage_tables(cards: Sequence[LevelerCard]) -> dict[str, np.ndarray]:
    """Per-card stage arrays, padded to the widest card: band N1s, P/T, codes per stage.

    Stage 0 is the uppermost P/T box, stage k the k-th band. Returned keys: ``mins``
    (cards x bands; padding never reached), ``power``, ``toughness``, ``label`` (-1 for
    no band), ``abilities``, ``cite`` (cards x stages), and the category values
    ``label_values``, ``ability_values`` (object arrays) that the codes index.
    """
    count = len(cards)
    width = max((len(card.bands) for card in cards), default=0)
    stages = width + 1
    mins = [_NEVER] * (count * width)
    power = [0] * (count * stages)
    toughness = [0] * (count * stages)
    label = [-1] * (count * stages)
    abilities = [0] * (count * stages)
    cite = [_CITE_BELOW] * (count * stages)
    labels, ability_texts = _Codes(), _Codes()
    for row, card in enumerate(cards):
        base = row * stages
        printed = (card.abilities, card.level_up_cost.symbols)
        power[base], toughness[base] = card.power, card.toughness
        abilities[base] = ability_texts.code((printed, ()))
        for offset, band in enumerate(card.bands, start=1):
            mins[row * width + offset - 1] = band.min_level
            power[base + offset], toughness[base + offset] = band.power, band.toughness
            label[base + offset] = labels.code((band.min_level, band.max_level))
            abilities[base + offset] = ability_texts.code((printed, band.abilities))
            cite[base + offset] = _CITE_OPEN if band.max_level is None else _CITE_CLOSED
    shape = (count, stages)
    return {
        "mins": np.array(mins, dtype=np.int64).reshape(count, width),
        "power": _narrow(np.array(power, dtype=np.int64)).reshape(shape),
        "toughness": _narrow(np.array(toughness, dtype=np.int64)).reshape(shape),
        "label": np.array(label, dtype=np.int32).reshape(shape),
        "abilities": np.array(abilities, dtype=np.int32).reshape(shape),
        "cite": np.array(cite, dtype=np.int8).reshape(shape),
        "label_values": np.array([_label_text(k) for k in labels.keys], dtype=object),  # type: ignore[arg-type]
        "ability_values": np.array([_ability_text(k) for k in ability_texts.keys],  # type: ignore[arg-type]
                                   dtype=object),
    }


def _narrow(values: np.ndarray) -> np.ndarray:
    """int32 when every value fits (halves the grid's largest columns), else int64."""
    small = np.iinfo(np.int32)
    if values.size and (values.min() < small.min or values.max() > small.max):
        return values
    return values.astype(np.int32)


def _spread(printed: np.ndarray, on_field: np.ndarray, on_battlefield: np.ndarray) -> np.ndarray:
    """Flat (cards x levels x zones) values: the battlefield value in battlefield columns
    (711.2a/b, 711.5), the uppermost-box value everywhere else (711.6). Broadcast fills only."""
    cards, levels = on_field.shape
    out = np.empty((cards, levels, on_battlefield.size), dtype=on_field.dtype)
    out[...] = printed[:, None, None]
    for zone_column in np.flatnonzero(on_battlefield):
        out[:, :, zone_column] = on_field
    return out.reshape(-1)


def _along(values: np.ndarray, axis: int, shape: tuple[int, int, int]) -> np.ndarray:
    """Flat (cards x levels x zones) array holding ``values`` along one axis: one fill."""
    out = np.empty(shape, dtype=values.dtype)
    out[...] = values.reshape([-1 if i == axis else 1 for i in range(3)])
    return out.reshape(-1)


def _code_dtype(categories: int) -> type[np.signedinteger]:
    """The code width pandas uses for this many categories (so it need not convert)."""
    for dtype in (np.int8, np.int16, np.int32):
        if categories < np.iinfo(dtype).max:
            return dtype
    return np.int64


def progression(
    pool: Pool,
    levels: int | Iterable[int] = range(13),
    zones: Iterable[Zone | str] = tuple(Zone),
) -> pd.DataFrame:
    """One row per card, level and zone: what CR 711 makes of the card there.

    Columns: name, level_counters, zone, power, toughness, band (``LEVEL 2-6`` or
    missing), abilities (one ability per line, level up included), citation
    (711.2a, 711.2b, 711.5 or 711.6). Rows run card by card, then level, then zone.
    String columns are categorical and power/toughness int32 (int64 only if a value
    needs it), so a pool of 100,000 designs stays small.
    """
    cards = cards_of(pool)
    names = _unique([card.name for card in cards])
    level_array = _as_levels(levels)
    zone_list = [Zone.coerce(zone) for zone in zones]
    on_battlefield = np.array([zone is Zone.BATTLEFIELD for zone in zone_list], dtype=bool)
    tables = stage_tables(cards)

    # the stage on the battlefield: how many bands start at or below the count (711.2a/b);
    # none below the first band's N1 (711.5). Off the battlefield it is stage 0 (711.6).
    stage = (level_array[None, :, None] >= tables["mins"][:, None, :]).sum(axis=2)
    rows = np.arange(len(cards))[:, None]

    def column(key: str, categories: int | None = None) -> np.ndarray:
        table = tables[key]
        if categories is not None:
            table = table.astype(_code_dtype(categories))
        return _spread(table[:, 0], table[rows, stage], on_battlefield)

    off_field = np.full(len(cards), _CITE_OFF, dtype=np.int8)
    cite = _spread(off_field, tables["cite"][rows, stage], on_battlefield)
    shape = (len(cards), level_array.size, len(zone_list))
    frame = pd.DataFrame({
        "name": _categorical(
            _along(np.arange(len(cards), dtype=_code_dtype(len(cards))), 0, shape), names),
        "level_counters": _along(level_array, 1, shape),
        "zone": _categorical(_along(np.arange(len(zone_list), dtype=np.int8), 2, shape),
                             [zone.value for zone in zone_list]),
        "power": column("power"),
        "toughness": column("toughness"),
        "band": _categorical(column("label", len(tables["label_values"])),
                             tables["label_values"]),
        "abilities": _categorical(column("abilities", len(tables["ability_values"])),
                                  tables["ability_values"]),
        "citation": _categorical(cite, list(CITATIONS)),
    }, copy=False)
    return frame


def _categorical(codes: np.ndarray, categories: Sequence[object] | np.ndarray) -> pd.Categorical:
    """A categorical column from integer codes (-1 = missing) and its category values."""
    dtype = pd.CategoricalDtype(pd.Index(categories))
    return pd.Categorical.from_codes(codes, dtype=dtype, validate=False)


def _unique(names: list[str]) -> list[str]:
    if len(set(names)) != len(names):
        raise ValueError("card names in a pool must be unique")
    return names


def resolve_pool(
    pool: Pool, level: int, zone: Zone | str
) -> pd.DataFrame:
    """The pool at one count and zone: ``progression`` restricted to one level and zone."""
    return progression(pool, [level], [zone])


def cards_frame(pool: Pool) -> pd.DataFrame:
    """One row per card with its catalogue facts, for filters and labels."""
    cards = cards_of(pool)
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
