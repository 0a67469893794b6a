"""Speed at scale: the pool grid over 100,000 designs x levels 0-20 x 7 zones.

Compares, in one run:
- ``leveler.pool.progression`` (the library: stage tables read from the cards, the
  grid's eight columns written into a pandas frame with categorical columns),
- a plain Python loop over ``characteristics`` (on a sample, scaled up),
- a bare numpy kernel doing only the band selection and the P/T gather, single-threaded,
  with numpy's own allocation (fancy indexing), from numeric tables it reads straight
  from the cards (band N1s, P/T: no names, texts or citations).

Each measure runs in its own fresh subprocess, so that its peak memory (ru_maxrss) is
its own and its first call meets memory the process has never touched. In it the
measure runs ``--repeat`` times: the first call is reported apart (it pays the kernel's
first-touch page faults), then the median and the best of all calls.

Usage: ``.venv/bin/python benchmarks/progression.py [--designs 100000] [--repeat 5]``
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from itertools import chain
from operator import attrgetter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.synthetic import designs
from leveler import Zone, characteristics
from leveler.model import LevelerCard
from leveler.pool import progression

LEVELS = list(range(21))
ZONES = list(Zone)
LOOP_SAMPLE = 2_000
KINDS = ("loop", "numpy", "library")
LABELS = {"loop": f"Python loop over characteristics ({LOOP_SAMPLE:,} designs, scaled)",
          "numpy": "bare numpy kernel (P/T only)",
          "library": "leveler.pool.progression (8 columns)"}


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _numeric_tables(cards: list[LevelerCard]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Only what the kernel needs, read straight from the cards: band N1s and P/T per stage."""
    per_card = [card.bands for card in cards]
    counts = np.fromiter(map(len, per_card), dtype=np.int64, count=len(cards))
    bands = list(chain.from_iterable(per_card))
    stages = int(counts.max(initial=0)) + 1
    owner = np.repeat(np.arange(len(cards)), counts)
    slot = np.arange(len(bands)) - np.repeat(np.cumsum(counts) - counts, counts) + 1
    mins = np.full((len(cards), stages - 1), np.iinfo(np.int64).max)
    mins[owner, slot - 1] = np.fromiter(map(attrgetter("min_level"), bands), dtype=np.int64)
    power, toughness = (np.zeros((len(cards), stages), dtype=np.int64) for _ in range(2))
    for table, attribute in ((power, "power"), (toughness, "toughness")):
        table[:, 0] = np.fromiter(map(attrgetter(attribute), cards), dtype=np.int64)
        table[owner, slot] = np.fromiter(map(attrgetter(attribute), bands), dtype=np.int64)
    return mins, power, toughness


def _numpy_kernel(cards: list[LevelerCard]) -> int:
    mins, power_table, toughness_table = _numeric_tables(cards)
    levels = np.asarray(LEVELS, dtype=np.int64)
    on_battlefield = np.array([zone is Zone.BATTLEFIELD for zone in ZONES])
    stage = (levels[None, :, None] >= mins[:, None, :]).sum(axis=2)
    stage3 = np.where(on_battlefield[None, None, :], stage[:, :, None], 0)
    rows = np.arange(len(cards))[:, None, None]
    power = power_table[rows, stage3]
    toughness = toughness_table[rows, stage3]
    return int(power.size + 0 * toughness.size)


def _loop(cards: list[LevelerCard]) -> int:
    rows = 0
    for card in cards:
        for level in LEVELS:
            for zone in ZONES:
                characteristics(card, level, zone)
                rows += 1
    return rows


def _library(cards: list[LevelerCard]) -> int:
    return len(progression(cards, LEVELS, ZONES))


def measure(kind: str, count: int, repeat: int) -> dict[str, float]:
    """Run one measure ``repeat`` times in this process; rows per second of each call."""
    cards = designs(count)
    setup_mb = _peak_mb()
    run = {"library": _library, "numpy": _numpy_kernel, "loop": _loop}[kind]
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        rows = run(cards)
        rates.append(rows / (time.perf_counter() - start))
    return {"first": rates[0], "median": statistics.median(rates), "best": max(rates),
            "peak_mb": _peak_mb(), "setup_mb": setup_mb}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--one", choices=KINDS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.one, args.designs, args.repeat)))
        return
    results = {}
    for kind in KINDS:
        count = min(args.designs, LOOP_SAMPLE) if kind == "loop" else args.designs
        repeat = min(args.repeat, 3) if kind == "loop" else args.repeat
        done = subprocess.run([sys.executable, __file__, "--one", kind, "--designs", str(count),
                               "--repeat", str(repeat)],
                              capture_output=True, text=True, check=True)
        results[kind] = json.loads(done.stdout)
    grid = args.designs * len(LEVELS) * len(ZONES)
    print(f"grid: {args.designs:,} designs x {len(LEVELS)} levels x {len(ZONES)} zones "
          f"= {grid:,} resolutions; {args.repeat} calls each (loop: up to 3); "
          f"{len(os.sched_getaffinity(0))} CPUs, load {os.getloadavg()[0]:.1f}, "
          f"Python {platform.python_version()}, numpy {np.__version__}")
    print(f"{'method':<58}{'first call':>14}{'median':>14}{'best':>14}{'peak MB':>9}"
          f"{'(designs)':>10}")
    for kind in KINDS:
        r = results[kind]
        cells = "".join(f"{r[key]:>12,.0f}/s" for key in ("first", "median", "best"))
        print(f"{LABELS[kind]:<58}{cells}{r['peak_mb']:>9.0f}{r['setup_mb']:>10.0f}")
    library, kernel, loop = (results[kind] for kind in ("library", "numpy", "loop"))
    print(f"median seconds for the whole grid: library {grid / library['median']:.2f}, "
          f"kernel {grid / kernel['median']:.2f}, loop {grid / loop['median']:.1f}")
    print(f"library / loop:   {library['median'] / loop['median']:.0f}x median, "
          f"{library['first'] / loop['median']:.0f}x first call (target >= 100x)")
    print(f"kernel / library: {kernel['median'] / library['median']:.2f}x median, "
          f"{kernel['first'] / library['first']:.2f}x first call (target <= 3x)")


if __name__ == "__main__":
    main()
