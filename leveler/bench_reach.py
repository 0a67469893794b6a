"""The Limited Monte Carlo of the Balance view: its budget, and its runs kept per process.

Pure library (pandas; no marimo, no HTML). :func:`leveler.balance.pool_reach_chances`
plays the games (level up is activated as a sorcery, 702.87a); this module caps what one
press costs (:func:`monte_carlo_budget`) and keeps the last runs for the inputs they ran
with (:func:`reach_frame`). The kept runs are shared by every session of a ``marimo run``
server (its kernels are threads of one process), so they are read and written under a lock.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

import pandas as pd

from leveler.balance import LimitedModel, pool_reach_chances
from leveler.bench import combine
from leveler.model import Pool

__all__ = ["CARD_GAMES", "GAMES", "LIMITED", "MIN_GAMES", "SEED", "Budget", "Chances",
           "monte_carlo_budget", "reach_frame", "reach_table"]

LIMITED = LimitedModel()
"""The Monte Carlo's defaults: 17 lands in 40 cards, on the play."""
GAMES = 100_000
"""Monte Carlo games per card."""
SEED = 0
"""The Monte Carlo's seed: the same inputs always give the same chances."""
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
"""Guards :data:`_CHANCES`, shared by every session (thread) of the server's process."""
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
    none. The last few runs are kept; callers get a copy of the frame.
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
