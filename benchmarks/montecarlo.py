"""Speed of the Limited Monte Carlo: 100,000 games per card for the whole printed pool.

Compares, in one run:
- ``leveler.balance.pool_reach_chances`` (numpy, vectorised over games; the shuffles are
  shared by all cards, as the library does),
- a plain per-game Python loop (shuffle, draw, land drop, cast, level up) on a sample of
  games per card, scaled up to the same number of games.

It also reports how far apart the two chance tables are, in sampling errors of the loop
(both are estimates: among some 900 chances a largest gap near 3 is expected), and the
time of ``variants`` for every card. The loop shuffles anew for every card and game.
Usage: ``.venv/bin/python benchmarks/montecarlo.py [--games 100000] [--loop-games 2000]``
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from leveler import LevelerCard, load_pool
from leveler.balance import LimitedModel, fit_trend, pool_reach_chances, variants
from leveler.turns import stage_min_levels


def loop_game(card: LevelerCard, model: LimitedModel, rng: random.Random) -> list[int]:
    """First turn each stage is reached in one game (0 = never), card by card."""
    library = [1] * model.lands + [0] * (model.deck_size - 1 - model.lands)
    rng.shuffle(library)
    hand, position = library[: model.hand_size - 1], model.hand_size - 1
    mana_value, cost = card.mana_cost.mana_value, card.level_up_cost.mana_value
    needs = stage_min_levels(card)
    first = [0] * len(needs)
    lands = levels = 0
    cast = False
    for turn in range(1, model.max_turn + 1):
        if turn > 1 or not model.on_the_play:
            hand.append(library[position])
            position += 1
        if 1 in hand:
            hand.remove(1)
            lands += 1
        mana = lands
        if not cast:
            if mana < mana_value:
                continue
            cast, mana = True, mana - mana_value
        levels = max(needs) if cost == 0 else levels + mana // cost
        for stage, need in enumerate(needs):
            if first[stage] == 0 and levels >= need:
                first[stage] = turn
    return first


def loop_chances(cards: list[LevelerCard], model: LimitedModel, games: int,
                 seed: int) -> pd.DataFrame:
    """The naive baseline: the chance table from a per-game Python loop."""
    rng = random.Random(seed)
    rows = []
    for card in cards:
        firsts = np.array([loop_game(card, model, rng) for _ in range(games)])
        for stage in range(firsts.shape[1]):
            for turn in range(1, model.max_turn + 1):
                reached = np.mean((firsts[:, stage] > 0) & (firsts[:, stage] <= turn))
                rows.append((card.name, stage, turn, float(reached)))
    return pd.DataFrame(rows, columns=["name", "stage", "turn", "chance"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000, help="games per card")
    parser.add_argument("--loop-games", type=int, default=2_000,
                        help="games per card for the Python loop (scaled up)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    pool = load_pool()
    cards = list(pool.values())
    model = LimitedModel()  # 40 cards, 17 lands, on the play, turns 1-12
    total = args.games * len(cards)
    print(f"python {platform.python_version()}, numpy {np.__version__}, "
          f"pandas {pd.__version__}, {os.cpu_count()} CPU(s)")
    print(f"model: {model}")

    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        library = pool_reach_chances(cards, model, games=args.games, seed=args.seed)
        times.append(time.perf_counter() - start)
    best, median = min(times), statistics.median(times)
    print(f"library : {len(cards)} cards x {args.games:,} games = {total:,} games in "
          f"{median:.2f} s median, {best:.2f} s best of {args.repeat} "
          f"({total / median:,.0f} games/s)")

    start = time.perf_counter()
    naive = loop_chances(cards, model, args.loop_games, args.seed)
    loop_seconds = time.perf_counter() - start
    loop_rate = args.loop_games * len(cards) / loop_seconds
    print(f"loop    : {len(cards)} cards x {args.loop_games:,} games in {loop_seconds:.2f} s "
          f"({loop_rate:,.0f} games/s) -> {total / loop_rate:,.0f} s scaled to {total:,} "
          f"games; the library is {loop_rate and (total / loop_rate) / median:,.0f}x faster")

    merged = library.merge(naive, on=["name", "stage", "turn"], suffixes=("", "_loop"))
    gap = (merged["chance"] - merged["chance_loop"]).abs()
    error = np.sqrt(merged["chance"] * (1 - merged["chance"]) / args.loop_games)
    z = (gap / error.where(error > 0)).fillna(0.0)
    print(f"agreement: {len(merged)} chances; largest |library - loop| = {gap.max():.4f}, "
          f"largest gap in loop sampling errors = {z.max():.1f} (|z| > 3 in "
          f"{int((z > 3).sum())}); both exact where the chance is 0 or 1: "
          f"{bool((gap[error == 0] == 0).all())}")

    trend = fit_trend(pool)
    start = time.perf_counter()
    count = sum(variants(card, trend=trend)["variant"].nunique() for card in cards)
    seconds = time.perf_counter() - start
    print(f"variants: {count} (designs + one-step variants) for {len(cards)} cards in "
          f"{seconds * 1000:.0f} ms ({seconds / len(cards) * 1000:.1f} ms per design)")


if __name__ == "__main__":
    main()
