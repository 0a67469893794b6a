"""What the app's Balance view and Design bench show, as frames and escaped HTML.

The notebook builds controls, calls these functions and lays out their results; every
number comes from :mod:`leveler.balance` (mana invested, turns, the curve, variants,
the Limited Monte Carlo) and every design is read by the loader the designs file uses
(:func:`leveler.io.pool_files.card_from_record`). Nothing here decides a rule.

- The pool's own trend is always fitted on the printed pool alone
  (:func:`leveler.balance.fit_trend`), so designs are placed against the printed
  levelers, never against themselves.
- A design whose name is taken (by a printed card or an earlier design) is shown as
  ``Name (design)``, so that every card in a frame has its own name.
- Whatever is typed into a design, and every name in the pool or the designs file,
  is escaped (:func:`html.escape`) before it reaches HTML.
- Frames the app asks for again and again are cached by value (cards are frozen and
  hashable), so a re-run with the same inputs costs a dictionary look-up; callers get
  copies. The Monte Carlo runs only when asked (:func:`reach_frame`) and is kept for
  the inputs it ran with.
- The words the views add (headings, flags, captions, notes) are taken from ``text``, a
  dict of :data:`leveler.app.labels.LABELS`, English by default; frames (and the CSV files
  made from them) keep their English columns and values, only what is shown changes.
  The library's messages (parse errors, a corrupt designs file) are shown as they are.
"""

from __future__ import annotations

import html
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import numpy as np
import pandas as pd

from leveler.app.designs_view import (
    NEW_DESIGN,
    design_choices,
    designs_html,
    draft_fields,
    open_designs,
    save_and_reload,
)
from leveler.app.labels import LABELS, number_text
from leveler.balance import (
    CurveModel,
    LimitedModel,
    Trend,
    VanillaLine,
    curve,
    fit_trend,
    pool_reach_chances,
    turns_to_band,
    variants,
)
from leveler.io.designs import DESIGN_FIELDS
from leveler.io.pool_files import card_from_record
from leveler.model import LevelerCard, Pool, Zone, cards_of
from leveler.pool import segments
from leveler.text import CardTextError

__all__ = [
    "BALANCE_COLUMNS",
    "BALANCE_INTRO",
    "BALANCE_TAB",
    "BENCH_CSS",
    "BENCH_INTRO",
    "BENCH_TAB",
    "CARD_GAMES",
    "CURVE_MODEL",
    "DESIGN",
    "GAMES",
    "LIMITED",
    "MIN_GAMES",
    "NEW_DESIGN",
    "NEW_DESIGN_LABEL",
    "PRINTED",
    "SEED",
    "TOLERANCE",
    "VANILLA",
    "Bench",
    "Budget",
    "Chances",
    "Draft",
    "balance_frame",
    "balance_or_error",
    "balance_table",
    "bench_frames",
    "bench_tables",
    "budget_html",
    "budget_text",
    "card_names",
    "change_label",
    "combine",
    "curve_line_html",
    "curve_settings",
    "design_choices",
    "design_html",
    "design_table",
    "designs_html",
    "draft_error_html",
    "draft_fields",
    "frame_html",
    "heading_text",
    "message_html",
    "monte_carlo_budget",
    "open_designs",
    "progression_frame",
    "reach_frame",
    "reach_table",
    "read_draft",
    "save_and_reload",
    "trend_of",
    "variants_frame",
    "variants_table",
    "waiting_html",
]

VANILLA = VanillaLine()
"""The vanilla line's defaults: P+T = 2 x mana + 0 (a 2/2 for 2, "the vanilla test")."""
TOLERANCE = 1.0
"""How far (in points of P+T) a stage may sit from a line and still count as ``on`` it."""
CURVE_MODEL = CurveModel()
"""The deterministic turns: on the play, one land a turn, colours ignored."""
LIMITED = LimitedModel()
"""The Monte Carlo's defaults: 17 lands in 40 cards, on the play."""
GAMES = 100_000
"""Monte Carlo games per card."""
SEED = 0
"""The Monte Carlo's seed: the same inputs always give the same chances."""

_EN = LABELS["en"]

BALANCE_TAB = _EN["tab_balance"]
"""The Balance view's tab (in English; ``tab_balance`` of the labels)."""
BENCH_TAB = _EN["tab_bench"]
"""The Design bench's tab (in English; ``tab_bench`` of the labels)."""

BALANCE_INTRO = _EN["balance_intro"]
"""What the Balance view shows, for the top of the view (markdown, English)."""

BENCH_INTRO = _EN["bench_intro"]
"""What the Design bench does, for the top of the view (markdown, English)."""


def _words(text: Mapping[str, str] | None) -> Mapping[str, str]:
    return _EN if text is None else text

PRINTED = "printed"
"""``source`` of a printed card (from the pool)."""
DESIGN = "design"
"""``source`` of a design (from the designs file or the bench)."""

NEW_DESIGN_LABEL = _EN["design_new"]
"""The design picker's entry for a fresh design (:data:`NEW_DESIGN`), in English."""


# ---------------------------------------------------------------- pool and designs

def combine(pool: Pool, designs: Pool = ()) -> tuple[list[LevelerCard], dict[str, str]]:
    """The printed cards, then the designs, each with a name of its own; and each name's source.

    A design named like a card before it becomes ``Name (design)`` (then
    ``Name (design 2)``, ...); nothing else about it changes.
    """
    cards = cards_of(pool)
    sources = dict.fromkeys((card.name for card in cards), PRINTED)
    combined = list(cards)
    for card in cards_of(designs):
        name, number = card.name, 1
        while name in sources:
            number += 1
            name = f"{card.name} (design)" if number == 2 else f"{card.name} (design {number - 1})"
        sources[name] = DESIGN
        combined.append(card if name == card.name else replace(card, name=name))
    return combined, sources


def card_names(pool: Pool, designs: Pool = ()) -> list[str]:
    """The names :func:`combine` gives the printed cards and the designs, in order."""
    return [card.name for card in combine(pool, designs)[0]]


def curve_settings(slope: float | None, intercept: float | None, tolerance: float | None
                   ) -> tuple[VanillaLine, float]:
    """The vanilla line P+T = ``slope`` x mana + ``intercept`` and the tolerance, from the
    app's fields; a field left empty takes its default (:data:`VANILLA`, :data:`TOLERANCE`)."""
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

    One row per card and stage. Columns: name, source (:data:`PRINTED` or
    :data:`DESIGN`), then :func:`leveler.balance.curve`'s columns against the printed
    pool's trend, with ``turn`` (Int64, <NA> if not reached) from
    :func:`leveler.balance.turns_to_band` under ``model``. ValueError if the printed
    pool cannot give a trend (see :func:`balance_or_error`).
    """
    printed = tuple(cards_of(pool))
    trend = _trend(printed)
    combined, _ = combine(printed, designs)
    parts = [_placed(printed, PRINTED, trend, vanilla, float(tolerance), model)]
    if len(combined) > len(printed):
        parts.append(_placed(tuple(combined[len(printed):]), DESIGN, trend, vanilla,
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
counters the band needs, the mana invested to reach it, the turn it is reached, its P/T and
P+T, the pool trend's and the vanilla line's P+T at that mana and where the band sits."""


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


# ---------------------------------------------------------------- the Monte Carlo

CARD_GAMES = 2_500_000
"""At most this many games in all (games per card x cards) per Monte Carlo press: the
server's processes are shared by every session, so a press costs a few seconds of CPU
at most, however many designs the store holds (the printed pool at 100,000 games fits)."""
MIN_GAMES = 1_000
"""The fewest games per card a press plays; with more than ``CARD_GAMES / MIN_GAMES``
cards only the first ones (the printed pool first, then the designs) are played."""


@dataclass(frozen=True)
class Budget:
    """What one Monte Carlo press plays under :data:`CARD_GAMES`."""

    games: int
    """Games per card."""
    played: int
    """Cards played: the first ``played`` of ``cards``."""
    cards: int
    """Cards asked for (printed pool and designs)."""
    cap: int = CARD_GAMES

    @property
    def cut(self) -> bool:
        """Whether some cards are left out."""
        return self.played < self.cards


def monte_carlo_budget(cards: int, games: int = GAMES, cap: int = CARD_GAMES) -> Budget:
    """Games per card and cards played so that games x cards stays within ``cap``: all the
    games asked if they fit; else fewer games per card, down to :data:`MIN_GAMES`; else
    :data:`MIN_GAMES` games for the first ``cap // MIN_GAMES`` cards only."""
    if games < 1:
        raise ValueError(f"games must be at least 1 (got {games})")
    if cards * games <= cap:
        return Budget(games, cards, cards, cap)
    per_card = cap // cards
    if per_card >= min(MIN_GAMES, games):
        return Budget(per_card, cards, cards, cap)
    fewest = min(MIN_GAMES, games)
    return Budget(fewest, cap // fewest, cards, cap)


def budget_text(budget: Budget, text: Mapping[str, str] | None = None) -> str:
    """The cap of a press in words, with the games and cards it plays here."""
    words = _words(text)
    key = "mc_budget_cut" if budget.cut else "mc_budget"
    return words[key].format(cap=number_text(words, budget.cap),
                             games=number_text(words, budget.games),
                             played=number_text(words, budget.played),
                             cards=number_text(words, budget.cards))


def budget_html(budget: Budget, text: Mapping[str, str] | None = None) -> str:
    """:func:`budget_text` as an escaped paragraph (``data-cap``, ``data-games``,
    ``data-played`` and ``data-cards`` carry its numbers)."""
    return (f'<p class="lv-mc-budget" data-cap="{budget.cap}" data-games="{budget.games}" '
            f'data-played="{budget.played}" data-cards="{budget.cards}">'
            f"{html.escape(budget_text(budget, text))}</p>")


@dataclass(frozen=True)
class Chances:
    """A Monte Carlo run: chance of each stage reached by each turn, for every card played."""

    frame: pd.DataFrame
    """:func:`leveler.balance.pool_reach_chances` with a ``source`` column after ``name``."""
    model: LimitedModel
    games: int
    """Games per card actually played (see ``budget``)."""
    seconds: float
    """How long the run took."""
    budget: Budget | None = None
    """How :data:`CARD_GAMES` cut the run: games per card and cards played."""


_CHANCES: OrderedDict[tuple[Any, ...], Chances] = OrderedDict()
_CHANCES_LOCK = threading.Lock()
"""The kept runs are shared by every session of a ``marimo run`` server (kernels are
threads of one process), so they are read and written under this lock."""
_KEPT_RUNS = 8


def reach_frame(
    pool: Pool,
    designs: Pool = (),
    lands: int = LIMITED.lands,
    on_the_play: bool = LIMITED.on_the_play,
    *,
    run: bool,
    games: int = GAMES,
    seed: int = SEED,
    cap: int = CARD_GAMES,
) -> Chances | None:
    """The Limited Monte Carlo for the printed cards and the designs, when asked for.

    With ``run`` it plays up to ``games`` games per card (all cards on the same
    shuffles, :func:`leveler.balance.pool_reach_chances`), within ``cap`` games in all
    (:func:`monte_carlo_budget`: fewer games per card, or only the first cards);
    without it, it returns the run kept for exactly these inputs, or None if there is
    none. The last few runs are kept.
    """
    cards, sources = combine(pool, designs)
    budget = monte_carlo_budget(len(cards), games, cap)
    cards = cards[:budget.played]
    model = replace(LIMITED, lands=lands, on_the_play=on_the_play)
    key = (tuple(cards), model, budget.games, seed)
    with _CHANCES_LOCK:
        kept = _CHANCES.get(key)
        if kept is not None:
            _CHANCES.move_to_end(key)
    if kept is None and not run:
        return None
    if kept is None:
        start = time.perf_counter()
        frame = pool_reach_chances(cards, model, games=budget.games, seed=seed)
        seconds = time.perf_counter() - start
        frame.insert(1, "source", frame["name"].map(sources).astype("str"))
        kept = Chances(frame, model, budget.games, seconds)
        with _CHANCES_LOCK:
            _CHANCES[key] = kept
            while len(_CHANCES) > _KEPT_RUNS:
                _CHANCES.popitem(last=False)
    return replace(kept, frame=kept.frame.copy(), budget=budget)


def reach_table(chances: pd.DataFrame, name: str) -> pd.DataFrame:
    """One card's chances as a table: a row per band, a column per turn, in percent."""
    rows = chances[chances["name"] == name]
    wide = rows.pivot(index=["stage", "band"], columns="turn", values="chance")
    wide = (wide * 100).round(1)
    wide.columns = [f"Turn {turn}" for turn in wide.columns]
    return wide.reset_index().drop(columns="stage").rename(columns={"band": "Band"})


# ---------------------------------------------------------------- the design bench

@dataclass(frozen=True)
class Draft:
    """What the designer has typed, as a design record, and what it parses to."""

    record: dict[str, str]
    """Every field as typed (:data:`leveler.io.designs.DESIGN_FIELDS`)."""
    card: LevelerCard | None
    """The parsed design, or None when it does not parse."""
    error: CardTextError | None
    """Why it does not parse: the message, and the line of the text when there is one."""


def read_draft(name: str, mana_cost: str, type_line: str, power: str, toughness: str,
               oracle_text: str) -> Draft:
    """Parse the fields as the designs file will (``card_from_record``)."""
    record = dict(zip(DESIGN_FIELDS, (name, mana_cost, type_line, power, toughness,
                                      oracle_text), strict=True))
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
    band.
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


def change_label(parameter: str, step: int, text: Mapping[str, str] | None = None) -> str:
    """A variant in words: ``level up cost +1``, ``band 1 start (N1) -1``, ``the design``
    (in the words of ``text``, English by default)."""
    words = _words(text)
    if parameter == "design":
        return words["change.design"]
    sign = f"{step:+d}"
    if parameter == "level_up_cost":
        return words["change.level_up_cost"].format(sign=sign)
    where, _, field = parameter.partition("_")  # printed_power, band1_min_level, ...
    named = words.get(f"change.{field}", field)
    if where == "printed":
        return words["change.printed"].format(field=named, sign=sign)
    return words["change.band"].format(band=where.removeprefix("band"), field=named, sign=sign)


def variants_frame(
    card: LevelerCard,
    pool: Pool,
    *,
    vanilla: VanillaLine = VANILLA,
    tolerance: float = TOLERANCE,
    model: CurveModel = CURVE_MODEL,
) -> pd.DataFrame:
    """:func:`leveler.balance.variants` of ``card`` against the printed pool's trend,
    with a ``change`` column (:func:`change_label`) after ``variant``."""
    frame = variants(card, trend=trend_of(pool), vanilla=vanilla, tolerance=tolerance,
                     model=model)
    labels = [change_label(str(parameter), int(step))
              for parameter, step in zip(frame["parameter"], frame["step"], strict=True)]
    frame.insert(1, "change", pd.Series(labels, dtype="str"))
    return frame


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
        return self.balance[self.balance["source"] == DESIGN].reset_index(drop=True)


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


_ARROWS = {"above": "▲", "on": "●", "below": "▼"}


def variants_table(frame: pd.DataFrame, text: Mapping[str, str] | None = None) -> pd.DataFrame:
    """One row per variant, a column per stage: ``band P/T · mana · turn`` and the flags.

    The columns are English (``Change``, ``Printed``, ``Band 1``...: :func:`frame_html`
    shows them in the labels' words); the cells are in the words of ``text``.
    """
    words = _words(text)

    def flag(value: object) -> str:
        return f"{_ARROWS[str(value)]} {words[f'chart.flag.{value}']}"

    rows = []
    for _, stages in frame.groupby("variant", sort=True):
        first = stages.iloc[0]
        row = {"Change": change_label(str(first["parameter"]), int(first["step"]), words)}
        for stage in stages.itertuples(index=False):
            heading = "Printed" if stage.stage == 0 else f"Band {stage.stage}"
            turn = (words["variant_not_reached"] if _missing(stage.turn)
                    else words["variant_turn"].format(turn=stage.turn))
            label = "" if stage.stage == 0 else f"{stage.band} "
            row[heading] = words["variant_cell"].format(
                label=label, pt=f"{stage.power}/{stage.toughness}", mana=stage.mana_invested,
                turn=turn, trend=flag(stage.trend_flag), vanilla=flag(stage.vanilla_flag))
        rows.append(row)
    return pd.DataFrame(rows)


# ---------------------------------------------------------------- HTML

BENCH_CSS = """<style>
.lv-btable{border-collapse:collapse;width:100%;font-size:.85rem;line-height:1.3}
.lv-btable caption{caption-side:top;text-align:left;padding:.2rem 0 .4rem;color:#444}
.lv-btable th{background:#f3f1ea;text-align:left;font-weight:600;padding:.3rem .5rem;
 border-bottom:2px solid #cfc8b4;white-space:nowrap}
.lv-btable td{padding:.25rem .5rem;border-bottom:1px solid #e6e1d3;vertical-align:top;
 white-space:nowrap}
.lv-btable td.lv-cell{white-space:normal}
.lv-btable .lv-num{text-align:right;font-variant-numeric:tabular-nums}
.lv-btable tr[data-source=design] td{background:#fff4d6}
.lv-btable .lv-line{display:block}
.lv-flag-above{color:#1d6b3a;font-weight:600}.lv-flag-below{color:#b0261e;font-weight:600}
.lv-flag-on{color:#555}
.lv-parse-error{border:1px solid #d8a6a2;background:#fff5f4;border-radius:8px;padding:.5rem .8rem}
.lv-oracle{margin:.4rem 0 0;padding-left:2.2rem;font-family:ui-monospace,monospace;
 font-size:.85rem}
.lv-oracle li{white-space:pre-wrap}
.lv-oracle li.lv-bad{background:#ffd9d4;outline:1px solid #d8342c}
.lv-oracle .lv-why{display:block;color:#9b1c13;font-family:system-ui,sans-serif}
.lv-design{border:2px solid #3b3b3b;border-radius:10px;background:#fbf8f1;padding:.5rem .8rem}
.lv-design ol{margin:.3rem 0 0;padding-left:1.3rem}
.lv-scroll{max-height:26rem;overflow:auto}
</style>"""
"""The look of the Balance view's and the bench's tables and messages (included once)."""

_NUMERIC_HEADINGS = frozenset({"Counters", "Mana", "Turn", "P+T", "Trend", "Vanilla"})
_FLAG_HEADINGS = frozenset({"vs trend", "vs vanilla"})


def _missing(value: object) -> bool:
    """None, pandas' NA, or a float NaN."""
    return value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value))


def _text(value: object) -> str:
    if _missing(value):
        return "—"
    if isinstance(value, float | np.floating):
        return f"{value:g}"
    return str(value)


def _td(heading: str, value: object, words: Mapping[str, str] = _EN) -> str:
    text = _text(value)
    if heading in _FLAG_HEADINGS:
        shown = words.get(f"chart.flag.{text}", text)
        return f'<td class="lv-flag-{html.escape(text)}">{html.escape(shown)}</td>'
    if heading == "Source":
        return f"<td>{html.escape(words.get(f'chart.source.{text}', text))}</td>"
    if heading in _NUMERIC_HEADINGS or heading.startswith("Turn "):
        return f'<td class="lv-num">{html.escape(text)}</td>'
    if "\n" in text:
        lines = "".join(f'<span class="lv-line">{html.escape(line)}</span>'
                        for line in text.split("\n"))
        # a variant's cell: its second line starts with the trend's flag (an arrow)
        trend = next((char for char in text.split("\n", 1)[1] if char in _FLAG_OF), "")
        flag = f" lv-flag-{_FLAG_OF[trend]}" if _FLAG_OF.get(trend, "on") != "on" else ""
        return f'<td class="lv-cell{flag}">{lines}</td>'
    return f"<td>{html.escape(text)}</td>"


_FLAG_OF = {arrow: flag for flag, arrow in _ARROWS.items()}


def heading_text(heading: str, text: Mapping[str, str] | None = None) -> str:
    """A table heading of this module (``Card``, ``vs trend``, ``Turn 3``, ``Band 2``...) in
    the words of ``text``; another heading as it is."""
    words = _words(text)
    for prefix in ("Turn ", "Band "):
        number = heading.removeprefix(prefix)
        if heading.startswith(prefix) and number.isdigit():
            return words[f"bcol.{prefix}{{number}}"].format(number=number)
    return words.get(f"bcol.{heading}", heading)


def frame_html(table: pd.DataFrame, caption: str, *, kind: str, sources: Sequence[str] = (),
               text: Mapping[str, str] | None = None) -> str:
    """A table as escaped HTML: class ``lv-btable``, ``data-kind`` = ``kind``.

    ``sources`` (one per row, e.g. the Source column) marks each row's ``data-source``,
    which highlights designs. Numbers are right-aligned and flags coloured. Headings,
    flags and sources are shown in the words of ``text`` (English by default); the table
    keeps its English columns and values.
    """
    words = _words(text)
    numeric = ' class="lv-num"'
    head = "".join(f'<th scope="col"{numeric if column in _NUMERIC_HEADINGS else ""}>'
                   f"{html.escape(heading_text(str(column), words))}</th>"
                   for column in table.columns)
    marks = list(sources) or [""] * len(table)
    body = "".join(
        (f'<tr data-source="{html.escape(mark)}">' if mark else "<tr>")
        + "".join(_td(str(column), value, words)
                  for column, value in zip(table.columns, row, strict=True)) + "</tr>"
        for mark, row in zip(marks, table.itertuples(index=False, name=None), strict=True))
    if table.empty:
        body = (f'<tr><td colspan="{max(len(table.columns), 1)}">'
                f'{html.escape(words["btable_empty"])}</td></tr>')
    return (f'<table class="lv-btable" data-kind="{html.escape(kind)}">'
            f"<caption>{html.escape(caption)}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def curve_line_html(text: Mapping[str, str] | None = None) -> str:
    """The vanilla line's name and formula, for the row of its settings (a, b, tolerance)."""
    words = _words(text)
    return (f'<span style="white-space:nowrap">{html.escape(words["curve_line"])} '
            f'<b>{html.escape(words["curve_formula"])}</b></span>')


def waiting_html(text: Mapping[str, str] | None = None) -> str:
    """What the bench shows instead of the variants while the design does not parse."""
    return f"<p><em>{html.escape(_words(text)['variants_waiting'])}</em></p>"


def message_html(message: str, *, title: str = "") -> str:
    """A message for a callout, escaped, its lines kept."""
    heading = f"<p><strong>{html.escape(title)}</strong></p>" if title else ""
    return f'{heading}<pre style="white-space:pre-wrap;margin:0">{html.escape(message)}</pre>'


def draft_error_html(draft: Draft, text: Mapping[str, str] | None = None) -> str:
    """Why the design does not parse, pointing at the line of its text when there is one.

    The text is listed with line numbers; the offending line is marked
    (``aria-current``, ``data-line``) with the reason and the rule under it. The words
    around the library's message are those of ``text`` (English by default).
    """
    error = draft.error
    if error is None:
        return ""
    words = _words(text)
    number = error.line_number
    oracle = draft.record.get("oracle_text", "")
    where = words["draft_where"].format(line=number) if number is not None else ""
    lines = []
    for index, line in enumerate(oracle.split("\n"), start=1):
        if index == number:
            rule = words["draft_rule"].format(rule=error.rule) if error.rule else ""
            why = words["draft_line"].format(line=index)
            lines.append(f'<li class="lv-bad" aria-current="true" data-line="{index}">'
                         f"{html.escape(line) or ' '}<span class=\"lv-why\">{html.escape(why)}"
                         f"{html.escape(error.message)}{html.escape(rule)}</span></li>")
        else:
            lines.append(f"<li>{html.escape(line) or ' '}</li>")
    heading = words["draft_not_parsing"].format(where=where)
    return (f'<div class="lv-parse-error" role="alert" data-line="{number or ""}">'
            f"<strong>{html.escape(heading)}</strong> {html.escape(words['draft_saveable'])}"
            f"<div>{html.escape(str(error))}</div>"
            f'<ol class="lv-oracle">{"".join(lines)}</ol></div>')


def design_html(card: LevelerCard, text: Mapping[str, str] | None = None) -> str:
    """The parsed design, stage by stage (P/T and abilities), with any rule notes (the
    library's, as they are; the words around them those of ``text``)."""
    words = _words(text)
    stages = [f"<li><strong>{html.escape(words['design_printed'])}</strong> "
              f"{card.power}/{card.toughness}"
              + "".join(f"; {html.escape(ability)}" for ability in card.abilities)
              + f"; {html.escape(card.level_up_ability)}</li>"]
    stages += [f"<li><strong>{html.escape(band.label)}</strong> {band.power}/{band.toughness}"
               + "".join(f"; {html.escape(ability)}" for ability in band.abilities) + "</li>"
               for band in card.bands]
    notes = "".join(f'<div style="color:#8a5200">'
                    f'{html.escape(words["design_note"].format(note=note))}</div>'
                    for note in card.rule_warnings)
    return (f'<div class="lv-design" data-name="{html.escape(card.name)}">'
            f'<div><strong class="lv-design-name">{html.escape(card.name)}</strong> '
            f"{html.escape(str(card.mana_cost))} · {html.escape(card.type_line)}</div>"
            f"<ol>{''.join(stages)}</ol>{notes}</div>")
