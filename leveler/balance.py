"""Balancing levelers against the printed pool: mana invested, turns, the curve, variants.

Every function is pure and returns a pandas DataFrame, one row per *stage*: stage 0 is
the uppermost (printed) P/T box, stage k the k-th band (CR 711.2, 711.5).

- :func:`investment`: mana spent to reach each stage, mana value + N1 x the level up
  cost's mana value (702.87a; X counts 0, CR 202.3e).
- :func:`turns_to_band` and :func:`reach_chances`: when each stage is reached, under the
  deterministic :class:`CurveModel` or the Limited Monte Carlo :class:`LimitedModel`
  (see :mod:`leveler.turns` for the spending policy both share).
- :func:`curve`: P+T at each stage against the pool's own trend and a vanilla line.
- :func:`variants`: every one-step variant of a design, placed against the curve.

Only power and toughness are valued: abilities are not, so a utility leveler (Enclave
Cryptologist, Joraga Treespeaker) lies below both references by design.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt
import pandas as pd

from leveler.mana import ManaCost
from leveler.model import LevelBand, LevelerCard, Pool, cards_of
from leveler.stages import PRINTED, range_labels, stage_labels
from leveler.turns import (
    CurveModel,
    LimitedModel,
    first_turns,
    pool_reach_chances,
    reach_chances,
    stage_min_levels,
    turns_to_band,
)

__all__ = [
    "FLAGS",
    "PRINTED",
    "CurveModel",
    "LimitedModel",
    "Trend",
    "VanillaLine",
    "apply_variant",
    "card_balance",
    "curve",
    "fit_trend",
    "investment",
    "pool_reach_chances",
    "reach_chances",
    "turns_to_band",
    "variant_parameters",
    "variants",
]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

FLAGS = ("below", "on", "above")
"""Placement against a reference line, the categories of the ``*_flag`` columns."""


# --- 1. mana invested per band -----------------------------------------------------------


def _stats_per_mana(stats: IntArray, invested: IntArray) -> FloatArray:
    """(P+T) / mana invested; NaN where nothing was invested (a free card at stage 0)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = stats / invested.astype(np.float64)
    result: FloatArray = np.where(invested > 0, ratio, np.nan)
    return result


def investment(card: LevelerCard) -> pd.DataFrame:
    """Mana invested to reach each stage, and the P+T it buys.

    One row per stage. Columns: stage, min_level, mana_invested, power, toughness
    (int64), band (str: ``printed`` or the level symbol), stats_per_mana (float64,
    (P+T) / mana_invested, NaN if 0). mana_invested = mana value + N1 x mana value of
    the level up cost (702.87a: one counter per activation; 711.2: the band applies from
    N1). A level up cost of mana value 0 adds nothing.

    >>> from leveler import load_pool
    >>> investment(load_pool()["Student of Warfare"])["mana_invested"].tolist()
    [1, 3, 8]
    """
    mins = np.array(stage_min_levels(card), dtype=np.int64)
    invested = card.mana_cost.mana_value + mins * card.level_up_cost.mana_value
    power = np.array([card.power, *(b.power for b in card.bands)], dtype=np.int64)
    toughness = np.array([card.toughness, *(b.toughness for b in card.bands)], dtype=np.int64)
    return pd.DataFrame({
        "stage": np.arange(len(mins), dtype=np.int64),
        "band": pd.Series(stage_labels(card), dtype="str"),
        "min_level": mins,
        "mana_invested": invested,
        "power": power,
        "toughness": toughness,
        "stats_per_mana": _stats_per_mana(power + toughness, invested),
    })


# --- 3. the curve ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VanillaLine:
    """The vanilla reference P+T = slope x mana + intercept.

    Default: P+T = 2 x mana, the "vanilla test" rule of thumb of a creature with no
    abilities paying 1 mana per point of power and 1 per point of toughness (Grizzly
    Bears, 2/2 for 2). Levelers pay over several turns, so most of the pool lies below.
    """

    slope: float = 2.0
    intercept: float = 0.0

    def at(self, mana: npt.ArrayLike) -> FloatArray:
        """The line's P+T at ``mana`` invested."""
        result: FloatArray = self.slope * np.asarray(mana, dtype=np.float64) + self.intercept
        return result


@dataclass(frozen=True, slots=True)
class Trend:
    """A pool's own trend: the least-squares line of P+T on mana invested, all stages."""

    slope: float
    intercept: float

    def at(self, mana: npt.ArrayLike) -> FloatArray:
        """The trend's P+T at ``mana`` invested."""
        result: FloatArray = self.slope * np.asarray(mana, dtype=np.float64) + self.intercept
        return result


def _stage_points(cards: list[LevelerCard]) -> tuple[IntArray, IntArray]:
    """Mana invested and P+T of every stage of every card, concatenated."""
    frames = [investment(card) for card in cards]
    invested = np.concatenate([f["mana_invested"].to_numpy() for f in frames])
    stats = np.concatenate([(f["power"] + f["toughness"]).to_numpy() for f in frames])
    return invested.astype(np.int64), stats.astype(np.int64)


def fit_trend(pool: Pool) -> Trend:
    """Least-squares line of P+T on mana invested over every stage of every card.

    Each card gives one point per stage (printed box and each band), all weighted
    equally. ValueError unless the stages cover at least two amounts of mana.
    """
    invested, stats = _stage_points(cards_of(pool))
    if np.unique(invested).size < 2:
        raise ValueError("a trend needs stages at two or more amounts of mana invested")
    slope, intercept = np.polyfit(invested.astype(np.float64), stats.astype(np.float64), 1)
    return Trend(float(slope), float(intercept))


_NO_CARD = LevelerCard("", ManaCost(()), "Creature", 0, 0, ManaCost(()), ())
"""A card with no stages beyond the printed box, for an empty pool's column layout."""

_FLAG_DTYPE = pd.CategoricalDtype(list(FLAGS), ordered=True)


def _flag(residual: FloatArray, tolerance: float) -> pd.Series:
    """``above`` / ``on`` / ``below`` a line, ``on`` within ``tolerance`` points of P+T."""
    codes = np.where(residual > tolerance, 2, np.where(residual < -tolerance, 0, 1))
    return pd.Series(pd.Categorical.from_codes(codes, dtype=_FLAG_DTYPE))


def _placement(
    invested: IntArray, stats: IntArray, trend: Trend, vanilla: VanillaLine, tolerance: float
) -> pd.DataFrame:
    """Curve columns for flat arrays of mana invested and P+T."""
    trend_residual = stats - trend.at(invested)
    vanilla_residual = stats - vanilla.at(invested)
    return pd.DataFrame({
        "stats": stats,
        "stats_per_mana": _stats_per_mana(stats, invested),
        "trend_stats": trend.at(invested),
        "trend_residual": trend_residual,
        "trend_flag": _flag(trend_residual, tolerance),
        "vanilla_stats": vanilla.at(invested),
        "vanilla_residual": vanilla_residual,
        "vanilla_flag": _flag(vanilla_residual, tolerance),
    })


def curve(
    pool: Pool,
    *,
    trend: Trend | None = None,
    vanilla: VanillaLine = VanillaLine(),
    tolerance: float = 1.0,
) -> pd.DataFrame:
    """Each card's P+T at each stage against the pool trend and the vanilla line.

    ``trend`` defaults to :func:`fit_trend` of ``pool`` itself; to place new designs
    against the printed levelers pass ``trend=fit_trend(load_pool())``. A stage is
    ``above`` / ``below`` a line when its P+T is more than ``tolerance`` over / under it,
    ``on`` otherwise. Columns: name (str), stage, band, min_level, mana_invested, power,
    toughness, stats (P+T) (int64 but band: str), stats_per_mana, trend_stats,
    trend_residual, vanilla_stats, vanilla_residual (float64), trend_flag, vanilla_flag
    (ordered categorical of :data:`FLAGS`).
    """
    if tolerance < 0:
        raise ValueError(f"tolerance cannot be negative (got {tolerance})")
    cards = cards_of(pool)
    line = trend if trend is not None else fit_trend(cards)
    frames = [investment(card) for card in cards]
    if not frames:  # keep the columns and dtypes of an empty pool
        frames = [investment(_NO_CARD).iloc[0:0]]
    base = pd.concat(frames, ignore_index=True)
    names = [card.name for card in cards for _ in range(len(card.bands) + 1)]
    base.insert(0, "name", pd.Series(names, dtype="str"))
    stats = (base["power"] + base["toughness"]).to_numpy(dtype=np.int64)
    placed = _placement(base["mana_invested"].to_numpy(dtype=np.int64), stats, line,
                        vanilla, tolerance)
    return pd.concat([base.drop(columns="stats_per_mana"), placed], axis=1)


# --- 4. variants -------------------------------------------------------------------------


def variant_parameters(card: LevelerCard) -> tuple[str, ...]:
    """The design parameters a variant moves, in order.

    ``level_up_cost``; ``band{k}_min_level`` (N1 of band k); ``printed_power``,
    ``printed_toughness`` (the uppermost box, 711.5); ``band{k}_power``,
    ``band{k}_toughness``. Bands count from 1 in printed order.
    """
    names = ["level_up_cost"]
    names += [f"band{k}_min_level" for k in range(1, len(card.bands) + 1)]
    for stage in range(len(card.bands) + 1):
        prefix = "printed" if stage == 0 else f"band{stage}"
        names += [f"{prefix}_power", f"{prefix}_toughness"]
    return tuple(names)


def _generic(cost: ManaCost) -> int:
    """Generic mana in a cost: the sum of its number symbols."""
    return sum(int(symbol) for symbol in cost.symbols if symbol.isdigit())


def _with_generic(cost: ManaCost, step: int) -> ManaCost:
    """``cost`` with generic mana moved by ``step``: {W} -> {1}{W}, {2}{U} -> {1}{U}, {1} -> {0}.

    A level up cost of {0} is a free, unbounded level up (see :mod:`leveler.turns`).
    """
    generic = _generic(cost) + step
    if generic < 0:
        raise ValueError(f"{cost} has no generic mana to remove")
    others = tuple(symbol for symbol in cost.symbols if not symbol.isdigit())
    return ManaCost(((str(generic),) if generic or not others else ()) + others)


def _with_min_level(bands: tuple[LevelBand, ...], index: int, step: int) -> tuple[LevelBand, ...]:
    """Band ``index``'s N1 moved by ``step``; the band before it ends at the new N1 - 1."""
    new_min = bands[index].min_level + step
    if new_min < 0:
        raise ValueError(f"band {index + 1}'s N1 cannot go below 0")
    band_max = bands[index].max_level
    # checked before the bands are rebuilt: the model refuses an N2 below N1 with its own words
    if (band_max is not None and band_max < new_min) or (
            index > 0 and new_min - 1 < bands[index - 1].min_level):
        raise ValueError(f"band {index + 1}'s N1 cannot move to {new_min}: a band would be "
                         "empty (711.2a)")
    moved = list(bands)
    moved[index] = replace(bands[index], min_level=new_min)
    if index > 0:
        moved[index - 1] = replace(bands[index - 1], max_level=new_min - 1)
    return tuple(moved)


_PARAMETER = re.compile(r"^(?:(printed)|band(\d+))_(power|toughness|min_level)$")


def apply_variant(card: LevelerCard, parameter: str, step: int) -> LevelerCard:
    """``card`` with one parameter of :func:`variant_parameters` moved by ``step``.

    The level up cost moves by one generic mana (its colours never change). Moving a
    band's N1 moves the end of the band before it, so bands stay contiguous (711.2a).
    ValueError when the result is not a valid leveler: negative P/T, no generic mana to
    remove, an empty band or a negative N1.
    """
    if parameter == "level_up_cost":
        return replace(card, level_up_cost=_with_generic(card.level_up_cost, step))
    match = _PARAMETER.match(parameter)
    if match is None or parameter not in variant_parameters(card):
        raise ValueError(f"unknown parameter {parameter!r}: expected one of "
                         f"{', '.join(variant_parameters(card))}")
    printed, band_number, field = match.groups()
    if field == "min_level":
        return replace(card, bands=_with_min_level(card.bands, int(band_number) - 1, step))
    if printed:
        value = getattr(card, field) + step
        if value < 0:
            raise ValueError(f"{field} cannot go below 0")
        return replace(card, **{field: value})
    index = int(band_number) - 1
    value = getattr(card.bands[index], field) + step
    if value < 0:
        raise ValueError(f"{field} cannot go below 0")
    bands = list(card.bands)
    bands[index] = replace(bands[index], **{field: value})
    return replace(card, bands=tuple(bands))


def _int_with_missing(values: IntArray) -> pd.arrays.IntegerArray:
    """An Int64 array with <NA> where ``values`` is 0 (the core's "never")."""
    return pd.arrays.IntegerArray(values.astype(np.int64), values == 0)


def _parameter_vector(card: LevelerCard) -> IntArray:
    """[level up cost, N1 of each band, P and T of each stage], as :func:`variant_parameters`."""
    return np.array(
        [card.level_up_cost.mana_value, *(b.min_level for b in card.bands), card.power,
         card.toughness, *(v for b in card.bands for v in (b.power, b.toughness))],
        dtype=np.int64,
    )


def _one_step_candidates(base: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    """Each parameter +1 then -1: (parameter vectors, parameter index, step) per candidate."""
    count = base.size
    steps = np.tile(np.array([1, -1], dtype=np.int64), count)
    parameter = np.repeat(np.arange(count, dtype=np.int64), 2)
    vectors = np.repeat(base[None, :], 2 * count, axis=0)
    vectors[np.arange(2 * count), parameter] += steps
    return vectors, parameter, steps


def _is_valid(card: LevelerCard, vectors: IntArray, parameter: IntArray, steps: IntArray
              ) -> npt.NDArray[np.bool_]:
    """Which parameter vectors are valid levelers (the rules of :func:`apply_variant`)."""
    bands = len(card.bands)
    mins = vectors[:, 1 : 1 + bands]
    ends = np.array([np.iinfo(np.int64).max if band.max_level is None else band.max_level
                     for band in card.bands], dtype=np.int64)
    generic_left = _generic(card.level_up_cost) + np.where(parameter == 0, steps, 0)
    valid: npt.NDArray[np.bool_] = (
        (generic_left >= 0)
        & np.all(mins >= 0, axis=1)
        & np.all(np.diff(mins, axis=1) >= 1, axis=1)  # no empty band (711.2a)
        & np.all(mins <= ends, axis=1)  # a closed band's N1 stays at or below its N2 (711.2a)
        & np.all(vectors[:, 1 + bands :] >= 0, axis=1)
    )
    return valid


def _band_labels(card: LevelerCard, mins: IntArray, parameter: IntArray) -> list[str]:
    """Each variant's stage labels (:func:`leveler.stages.range_labels`), row by row of
    (variants x stages) N1s: a band ends where the design's does (gaps and a closed last
    band included, 711.2a), but the band before one whose N1 moved ends just below it, as
    :func:`apply_variant` moves it. ``parameter`` indexes :func:`variant_parameters`."""
    labels: list[str] = []
    for row, moved in zip(mins.tolist(), parameter.tolist(), strict=True):
        ends = [band.max_level for band in card.bands]
        if 2 <= moved <= len(ends):  # band{moved}_min_level, after a band of this card
            ends[moved - 2] = row[moved] - 1
        labels += range_labels(zip(row[1:], ends, strict=True))
    return labels


_CURVE_MODEL = CurveModel()


def variants(
    card: LevelerCard,
    *,
    trend: Trend,
    vanilla: VanillaLine = VanillaLine(),
    tolerance: float = 1.0,
    model: CurveModel = _CURVE_MODEL,
) -> pd.DataFrame:
    """The design and every variant moving one parameter one step, placed on the curve.

    Variant 0 is the design itself (parameter ``design``, step 0); then, for each of
    :func:`variant_parameters` in order, step +1 then -1, keeping only valid levelers
    (see :func:`apply_variant`). Computed as arrays over all variants at once.

    One row per variant and stage. Columns: variant, step, stage, min_level,
    mana_invested, power, toughness, stats (int64), parameter (categorical), band (str),
    the float64 and flag columns of :func:`curve`, and turn (Int64: first turn under
    ``model``, <NA> if not reached). Pass ``trend=fit_trend(load_pool())`` to compare
    with the printed levelers.
    """
    base = _parameter_vector(card)
    candidates, parameter, steps = _one_step_candidates(base)
    keep = _is_valid(card, candidates, parameter, steps)
    vectors = np.vstack([base[None, :], candidates[keep]])
    parameter = np.concatenate([[-1], parameter[keep]])
    steps = np.concatenate([[0], steps[keep]])

    count, stages = vectors.shape[0], len(card.bands) + 1
    level_cost = vectors[:, 0]
    mins = np.zeros((count, stages), dtype=np.int64)  # stage 0 needs no counter
    mins[:, 1:] = vectors[:, 1:stages]
    power, toughness = vectors[:, stages::2], vectors[:, stages + 1 :: 2]
    mana_value = np.full(count, card.mana_cost.mana_value, dtype=np.int64)
    invested = mana_value[:, None] + mins * level_cost[:, None]
    turns = first_turns(model.lands_by_turn(), mana_value, level_cost, mins)[:, 0, :]

    names = ("design", *variant_parameters(card))
    frame = pd.DataFrame({
        "variant": np.repeat(np.arange(count, dtype=np.int64), stages),
        "parameter": pd.Categorical.from_codes(np.repeat(parameter + 1, stages),
                                               dtype=pd.CategoricalDtype(list(names))),
        "step": np.repeat(steps, stages),
        "stage": np.tile(np.arange(stages, dtype=np.int64), count),
        "band": pd.Series(_band_labels(card, mins, parameter), dtype="str"),
        "min_level": mins.ravel(),
        "mana_invested": invested.ravel(),
        "power": power.ravel(),
        "toughness": toughness.ravel(),
    })
    placed = _placement(invested.ravel(), (power + toughness).ravel(), trend, vanilla, tolerance)
    placed["turn"] = _int_with_missing(turns.ravel())
    return pd.concat([frame, placed], axis=1)


def card_balance(
    card: LevelerCard,
    pool: Pool,
    *,
    vanilla: VanillaLine = VanillaLine(),
    model: CurveModel = _CURVE_MODEL,
) -> pd.DataFrame:
    """One card's stages: mana invested, the turn reached (``model``), and its place on the
    curve against ``pool``'s trend and the ``vanilla`` line."""
    placed = curve([card], trend=fit_trend(pool), vanilla=vanilla)
    turns = turns_to_band(card, model)[["stage", "turn"]]
    columns = ["stage", "band", "min_level", "mana_invested", "turn", "power", "toughness",
               "stats_per_mana", "trend_stats", "trend_flag", "vanilla_stats", "vanilla_flag"]
    return placed.merge(turns, on="stage")[columns]
