"""The design bench's frames: designs beside the printed pool, on the curve, and their variants.

Pure library (pandas; no marimo, no HTML): every number comes from :mod:`leveler.balance`
(mana invested 702.87a, the band a count reaches 711.2, turns, the curve, variants); the
app's Balance and Design bench tabs show these frames.

- The pool's own trend is always fitted on the printed pool alone
  (:func:`leveler.balance.fit_trend`), so designs are placed against the printed
  levelers, never against themselves.
- A design whose name is taken (by a printed card or an earlier design) is shown as
  ``Name (design)``, so that every card in a frame has its own name.
- Frames asked for again and again are cached by value (cards are frozen and hashable).
- Frames keep English columns and values; the words of a variant's change are
  :data:`CHANGE_WORDS`, overridable by a mapping with the same keys.

The Limited Monte Carlo (its budget and its process-wide cache) is :mod:`leveler.bench_reach`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import pandas as pd

from leveler.balance import (
    CurveModel,
    Trend,
    VanillaLine,
    curve,
    fit_trend,
    turns_to_band,
    variants,
)
from leveler.io.designs import DESIGN_FIELDS, DesignsCapError, check_record_size
from leveler.io.pool_files import card_from_record
from leveler.model import LevelerCard, Pool, Zone, cards_of
from leveler.pool import segments
from leveler.stages import PRINTED
from leveler.text import CardTextError

__all__ = [
    "BALANCE_COLUMNS",
    "CHANGE_WORDS",
    "CURVE_MODEL",
    "SOURCE_DESIGN",
    "SOURCE_PRINTED",
    "TOLERANCE",
    "VANILLA",
    "Bench",
    "Change",
    "Draft",
    "balance_frame",
    "balance_or_error",
    "balance_table",
    "bench_frames",
    "bench_tables",
    "card_names",
    "change_label",
    "change_of",
    "changes_in_words",
    "combine",
    "curve_settings",
    "design_table",
    "progression_frame",
    "read_draft",
    "trend_of",
    "variants_frame",
]

VANILLA = VanillaLine()
"""The vanilla line's defaults: P+T = 2 x mana + 0 (a 2/2 for 2, "the vanilla test")."""
TOLERANCE = 1.0
"""How far (in points of P+T) a stage may sit from a line and still count as ``on`` it."""
CURVE_MODEL = CurveModel()
"""The deterministic turns: on the play, one land a turn, colours ignored."""

SOURCE_PRINTED = "printed"
"""``source`` of a printed card (from the pool); not :data:`leveler.stages.PRINTED`,
the label of a card's printed stage (711.5)."""
SOURCE_DESIGN = "design"
"""``source`` of a design (from the designs store or the bench)."""


# ---------------------------------------------------------------- pool and designs

def combine(pool: Pool, designs: Pool = ()) -> tuple[list[LevelerCard], dict[str, str]]:
    """The printed cards, then the designs, each with a name of its own; and each name's source.

    A design named like a card before it becomes ``Name (design)`` (then
    ``Name (design 2)``, ...); nothing else about it changes.
    """
    cards = cards_of(pool)
    sources = dict.fromkeys((card.name for card in cards), SOURCE_PRINTED)
    combined = list(cards)
    for card in cards_of(designs):
        name, number = card.name, 1
        while name in sources:
            number += 1
            name = f"{card.name} (design)" if number == 2 else f"{card.name} (design {number - 1})"
        sources[name] = SOURCE_DESIGN
        combined.append(card if name == card.name else replace(card, name=name))
    return combined, sources


def card_names(pool: Pool, designs: Pool = ()) -> list[str]:
    """The names :func:`combine` gives the printed cards and the designs, in order."""
    return [card.name for card in combine(pool, designs)[0]]


def curve_settings(slope: float | None, intercept: float | None, tolerance: float | None
                   ) -> tuple[VanillaLine, float]:
    """The vanilla line P+T = ``slope`` x mana + ``intercept`` and the tolerance; a value
    left empty (None) takes its default (:data:`VANILLA`, :data:`TOLERANCE`)."""
    line = VanillaLine(VANILLA.slope if slope is None else float(slope),
                       VANILLA.intercept if intercept is None else float(intercept))
    return line, TOLERANCE if tolerance is None else float(tolerance)


@lru_cache(maxsize=8)
def _trend(printed: tuple[LevelerCard, ...]) -> Trend:
    return fit_trend(printed)


def trend_of(pool: Pool) -> Trend:
    """The printed pool's trend (:func:`leveler.balance.fit_trend`), cached per pool."""
    return _trend(tuple(cards_of(pool)))


_FRAME_COLUMNS = ["name", "source", "stage", "band", "min_level", "mana_invested", "turn",
                  "power", "toughness", "stats", "stats_per_mana", "trend_stats",
                  "trend_residual", "trend_flag", "vanilla_stats", "vanilla_residual",
                  "vanilla_flag"]


@lru_cache(maxsize=32)
def _placed(cards: tuple[LevelerCard, ...], source: str, trend: Trend, vanilla: VanillaLine,
            tolerance: float, model: CurveModel) -> pd.DataFrame:
    """:func:`curve` of ``cards`` against ``trend`` with :func:`turns_to_band`'s turn joined on."""
    placed = curve(list(cards), trend=trend, vanilla=vanilla, tolerance=tolerance)
    turns = pd.concat([turns_to_band(card, model)[["stage", "turn"]].assign(name=card.name)
                       for card in cards], ignore_index=True)
    frame = placed.merge(turns, on=["name", "stage"], how="left", validate="one_to_one")
    frame["source"] = pd.Series([source] * len(frame), dtype="str")
    return frame[_FRAME_COLUMNS]


def balance_frame(
    pool: Pool,
    designs: Pool = (),
    *,
    vanilla: VanillaLine = VANILLA,
    tolerance: float = TOLERANCE,
    model: CurveModel = CURVE_MODEL,
) -> pd.DataFrame:
    """Every stage of every printed card, then of every design: mana, turn and the curve.

    One row per card and stage. Columns: name, source (:data:`SOURCE_PRINTED` or
    :data:`SOURCE_DESIGN`), then :func:`leveler.balance.curve`'s columns against the
    printed pool's trend, with ``turn`` (Int64, <NA> if not reached) from
    :func:`leveler.balance.turns_to_band` under ``model``. ValueError if the printed
    pool cannot give a trend (see :func:`balance_or_error`). A new frame each call.
    """
    printed = tuple(cards_of(pool))
    trend = _trend(printed)
    combined, _ = combine(printed, designs)
    parts = [_placed(printed, SOURCE_PRINTED, trend, vanilla, float(tolerance), model)]
    if len(combined) > len(printed):
        parts.append(_placed(tuple(combined[len(printed):]), SOURCE_DESIGN, trend, vanilla,
                             float(tolerance), model))
    return pd.concat(parts, ignore_index=True)


def balance_or_error(pool: Pool, designs: Pool = (), **options: Any
                     ) -> tuple[pd.DataFrame | None, str | None]:
    """:func:`balance_frame`, or None and why it cannot be computed (for a callout)."""
    try:
        return balance_frame(pool, designs, **options), None
    except ValueError as error:
        return None, f"The curve needs the printed pool's trend, and {error}."


BALANCE_COLUMNS = {
    "name": "Card", "source": "Source", "band": "Band", "min_level": "Counters",
    "mana_invested": "Mana", "turn": "Turn", "pt": "P/T", "stats": "P+T",
    "trend_stats": "Trend", "trend_flag": "vs trend", "vanilla_stats": "Vanilla",
    "vanilla_flag": "vs vanilla",
}
"""The balance table's columns (frame column -> heading), in display order: the level
counters the band needs, the mana invested to reach it (702.87a), the turn it is
reached, its P/T and P+T, the pool trend's and the vanilla line's P+T at that mana and
where the band sits."""


def balance_table(frame: pd.DataFrame) -> pd.DataFrame:
    """:func:`balance_frame` as the app shows it (and exports it): one row per stage.

    The reference lines' P+T are rounded to two decimals; ``Turn`` is empty where the
    stage is not reached; flags are plain text.
    """
    table = pd.DataFrame({
        "name": frame["name"],
        "source": frame["source"],
        "band": frame["band"],
        "min_level": frame["min_level"],
        "mana_invested": frame["mana_invested"],
        "turn": frame["turn"],
        "pt": frame["power"].astype(str) + "/" + frame["toughness"].astype(str),
        "stats": frame["stats"],
        "trend_stats": frame["trend_stats"].round(2),
        "trend_flag": frame["trend_flag"].astype(str),
        "vanilla_stats": frame["vanilla_stats"].round(2),
        "vanilla_flag": frame["vanilla_flag"].astype(str),
    })
    return table.rename(columns=BALANCE_COLUMNS).reset_index(drop=True)


def design_table(frame: pd.DataFrame) -> pd.DataFrame:
    """One design's rows of :func:`balance_frame`, as the bench shows them: the columns of
    :func:`balance_table` but the card and the source."""
    return balance_table(frame).drop(columns=["Card", "Source"])


# ---------------------------------------------------------------- variants

CHANGE_WORDS: Mapping[str, str] = {
    "change.design": "the design",
    "change.level_up_cost": "level up cost {sign} generic",
    "change.printed": "printed box {field} {sign}",
    "change.band": "band {band} {field} {sign}",
    "change.power": "power",
    "change.toughness": "toughness",
    "change.min_level": "start ({symbol})",
}
"""The English words of a variant's change (the app's words files have the same keys)."""


@dataclass(frozen=True)
class Change:
    """What a variant moves, as data (:func:`leveler.balance.variant_parameters`)."""

    parameter: str
    step: int
    band: int | None = None
    """The band moved (1 = the first level symbol), None for the cost or the printed box."""
    field: str = ""
    """``power``, ``toughness``, ``min_level`` (the band's first count), or empty."""
    symbol: str = ""
    """The count's name in 711.2 for ``min_level``: N1 (of "LEVEL N1-N2") for a band with
    an end, N3 (of "LEVEL N3+") for the open band."""


def change_of(parameter: str, step: int, open_band: int | None = None) -> Change:
    """The change a variant makes; ``open_band`` is the number of the card's open band
    (its "LEVEL N3+", 711.2), None if it has none."""
    if parameter in {"design", "level_up_cost"}:
        return Change(parameter, step)
    where, _, field = parameter.partition("_")  # printed_power, band1_min_level, ...
    if where == "printed":
        return Change(parameter, step, None, field)
    band = int(where.removeprefix("band"))
    symbol = ("N3" if band == open_band else "N1") if field == "min_level" else ""
    return Change(parameter, step, band, field, symbol)


def change_label(change: Change, words: Mapping[str, str] | None = None) -> str:
    """A change in words: ``level up cost +1 generic``, ``band 2 start (N3) -1``,
    ``the design`` (in ``words``, :data:`CHANGE_WORDS` by default)."""
    found = CHANGE_WORDS if words is None else words
    sign = f"{change.step:+d}"
    if change.parameter == "design":
        return found["change.design"]
    if change.parameter == "level_up_cost":
        return found["change.level_up_cost"].format(sign=sign)
    named = found.get(f"change.{change.field}", change.field).format(symbol=change.symbol)
    if change.band is None:
        return found["change.printed"].format(field=named, sign=sign)
    return found["change.band"].format(band=change.band, field=named, sign=sign)


def variants_frame(
    card: LevelerCard,
    pool: Pool,
    *,
    vanilla: VanillaLine = VANILLA,
    tolerance: float = TOLERANCE,
    model: CurveModel = CURVE_MODEL,
) -> pd.DataFrame:
    """:func:`leveler.balance.variants` of ``card`` against the printed pool's trend,
    with a ``change`` column (:func:`change_label`, English) after ``variant``.

    ``frame.attrs["open_band"]`` is the number of ``card``'s open band (None if none),
    so a caller can say the change in other words (:func:`change_of`).
    """
    frame = variants(card, trend=trend_of(pool), vanilla=vanilla, tolerance=tolerance,
                     model=model)
    last = card.bands[-1] if card.bands else None
    open_band = len(card.bands) if last is not None and last.max_level is None else None
    labels = [change_label(change_of(str(parameter), int(step), open_band))
              for parameter, step in zip(frame["parameter"], frame["step"], strict=True)]
    frame.insert(1, "change", pd.Series(labels, dtype="str"))
    frame.attrs["open_band"] = open_band
    return frame


def changes_in_words(frame: pd.DataFrame, words: Mapping[str, str] | None = None) -> list[str]:
    """Each row's change of a :func:`variants_frame`, in ``words``."""
    open_band = frame.attrs.get("open_band")
    return [change_label(change_of(str(parameter), int(step), open_band), words)
            for parameter, step in zip(frame["parameter"], frame["step"], strict=True)]


# ---------------------------------------------------------------- the bench

@dataclass(frozen=True)
class Draft:
    """What the designer has typed, as a design record, and what it parses to."""

    record: dict[str, str]
    """Every field as typed (:data:`leveler.io.designs.DESIGN_FIELDS`)."""
    card: LevelerCard | None
    """The parsed design, or None when it does not parse."""
    error: CardTextError | None
    """Why it does not parse: every problem (``error.problems``), each with its line."""


def read_draft(name: str, mana_cost: str, type_line: str, power: str, toughness: str,
               oracle_text: str) -> Draft:
    """Parse the fields as the designs store does
    (:func:`leveler.io.pool_files.card_from_record`)."""
    record = dict(zip(DESIGN_FIELDS, (name, mana_cost, type_line, power, toughness,
                                      oracle_text), strict=True))
    try:  # the store's budget first: what is typed never costs more than a design may
        check_record_size(record)
    except DesignsCapError as error:
        return Draft(record, None, CardTextError(str(error), card=name or None))
    try:
        card = card_from_record(record)
    except CardTextError as error:
        return Draft(record, None, error)
    except ValueError as error:  # any other complaint about a field, with its message
        return Draft(record, None, CardTextError(str(error), card=name or None))
    return Draft(record, card, None)


def progression_frame(pool: Pool, designs: Pool = (), past_top: int = 3) -> pd.DataFrame:
    """Power and toughness of every card on the battlefield as step lines, long form.

    From :func:`leveler.pool.segments`: a row where each segment starts (711.5 below the
    first band, 711.2a/b in a band) and one closing each card's line ``past_top``
    counts past the highest band start, so a card costs its bands, never its numbers.
    Columns: name, source, level_counters (where the row's values start), levels (the
    counts they hold for: ``2-6``, ``7+``), metric (``Power`` or ``Toughness``), value,
    band (:data:`leveler.stages.PRINTED` below the first band).
    """
    cards, sources = combine(pool, designs)
    end = max((card.top_level for card in cards), default=0) + past_top
    found = segments(cards, [Zone.BATTLEFIELD])
    found = found[found["from_level"] <= end]
    first, last = found["from_level"], found["to_level"]
    single = (last == first).fillna(False).to_numpy(dtype=bool)
    ranges = ("-" + last.astype("string")).where(~single, "").fillna("+")
    found = found.assign(level_counters=first.to_numpy(),
                         levels=(first.astype("string") + ranges).astype(str))
    closing = found[~found["name"].duplicated(keep="last") & (first < end)]
    grid = pd.concat([found, closing.assign(level_counters=end)]).sort_index(kind="stable")
    names = grid["name"].astype(str)
    base = pd.DataFrame({
        "name": names,
        "source": names.map(sources),
        "level_counters": grid["level_counters"],
        "levels": grid["levels"],
        "band": grid["band"].astype(str).where(grid["band"].notna(), PRINTED),
    })
    long = [base.assign(metric=metric, value=grid[metric.lower()].to_numpy())
            for metric in ("Power", "Toughness")]
    return pd.concat(long, ignore_index=True)


@dataclass(frozen=True)
class Bench:
    """Everything the bench draws for one draft, beside the printed pool."""

    balance: pd.DataFrame | None
    """:func:`balance_frame` of the pool and the draft (None if no trend, see ``error``)."""
    variants: pd.DataFrame | None
    """:func:`variants_frame` of the draft; None while it does not parse."""
    progression: pd.DataFrame
    """:func:`progression_frame` of the pool and the draft."""
    error: str | None = None
    """Why the curve cannot be drawn (a pool with no trend)."""

    @property
    def design_rows(self) -> pd.DataFrame | None:
        """The draft's rows of ``balance`` (empty while it does not parse)."""
        if self.balance is None:
            return None
        return self.balance[self.balance["source"] == SOURCE_DESIGN].reset_index(drop=True)


def bench_frames(pool: Pool, draft: Draft, *, vanilla: VanillaLine = VANILLA,
                 tolerance: float = TOLERANCE, model: CurveModel = CURVE_MODEL) -> Bench:
    """The bench's frames for ``draft`` (only the pool's while it does not parse)."""
    designs = [draft.card] if draft.card is not None else []
    balance, error = balance_or_error(pool, designs, vanilla=vanilla, tolerance=tolerance,
                                      model=model)
    placed = None
    if draft.card is not None and error is None:
        placed = variants_frame(draft.card, pool, vanilla=vanilla, tolerance=tolerance,
                                model=model)
    return Bench(balance, placed, progression_frame(pool, designs), error)


def bench_tables(bench: Bench) -> dict[str, pd.DataFrame]:
    """The bench's tables for export, by file stem: ``design`` (its bands, as shown) and
    ``variants`` (:func:`variants_frame`), when there is a parsed draft."""
    rows = bench.design_rows
    found = {}
    if rows is not None and not rows.empty:
        found["design"] = design_table(rows)
    if bench.variants is not None:
        found["variants"] = bench.variants
    return found
