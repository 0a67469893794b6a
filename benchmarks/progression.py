"""Speed at scale: the pool grid over 100,000 designs x levels 0-20 x 7 zones.

Compares, in one run:
- ``leveler.pool.progression`` (the library: numpy kernel + a pandas frame with
  categorical columns),
- a plain Python loop over ``characteristics`` (on a sample, scaled up),
- a bare numpy kernel doing only the band selection and the P/T gather.

Each measure runs in its own subprocess so that its peak memory (ru_maxrss) is its own.
Usage: ``.venv/bin/python benchmarks/progression.py [--designs 100000]``
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.synthetic import designs
from leveler import Zone, characteristics
from leveler.pool import progression, stage_tables

LEVELS = list(range(21))
ZONES = list(Zone)
LOOP_SAMPLE = 2_000


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(kind: str, count: int) -> dict[str, float]:
    cards = designs(count)
    baseline_mb = _peak_mb()
    start = time.perf_counter()
    if kind == "library":
        frame = progression(cards, LEVELS, ZONES)
        rows = len(frame)
    elif kind == "numpy":
        tables = stage_tables(cards)
        levels = np.asarray(LEVELS, dtype=np.int64)
        on_battlefield = np.array([z is Zone.BATTLEFIELD for z in ZONES])
        stage = (levels[None, :, None] >= tables["mins"][:, None, :]).sum(axis=2)
        stage3 = np.where(on_battlefield[None, None, :], stage[:, :, None], 0)
        rows_index = np.arange(len(cards))[:, None, None]
        power = tables["power"][rows_index, stage3]
        toughness = tables["toughness"][rows_index, stage3]
        rows = power.size + 0 * toughness.size
    else:  # python loop on a sample, scaled to the whole grid below
        sample = cards[:LOOP_SAMPLE]
        rows = 0
        for card in sample:
            for level in LEVELS:
                for zone in ZONES:
                    characteristics(card, level, zone)
                    rows += 1
    seconds = time.perf_counter() - start
    return {"rows": rows, "seconds": seconds, "per_second": rows / seconds,
            "peak_mb": _peak_mb(), "setup_peak_mb": baseline_mb}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", type=int, default=100_000)
    parser.add_argument("--one", choices=["library", "numpy", "loop"])
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.one, args.designs)))
        return
    results = {}
    for kind in ("loop", "numpy", "library"):
        count = min(args.designs, LOOP_SAMPLE) if kind == "loop" else args.designs
        done = subprocess.run([sys.executable, __file__, "--one", kind, "--designs", str(count)],
                              capture_output=True, text=True, check=True)
        results[kind] = json.loads(done.stdout)
    grid = args.designs * len(LEVELS) * len(ZONES)
    print(f"grid: {args.designs:,} designs x {len(LEVELS)} levels x {len(ZONES)} zones "
          f"= {grid:,} resolutions")
    print(f"{'method':<34}{'resolutions/s':>16}{'seconds':>10}{'peak MB':>10}")
    labels = {"loop": f"python loop ({LOOP_SAMPLE:,} designs, scaled)",
              "numpy": "bare numpy kernel", "library": "leveler.pool.progression"}
    for kind in ("loop", "numpy", "library"):
        r = results[kind]
        seconds = grid / r["per_second"]
        print(f"{labels[kind]:<34}{r['per_second']:>16,.0f}{seconds:>10.2f}{r['peak_mb']:>10.0f}")
    library, numpy_, loop = (results[k]["per_second"] for k in ("library", "numpy", "loop"))
    print(f"library / loop speed-up: {library / loop:.0f}x (target >= 100x)")
    print(f"numpy kernel / library:  {numpy_ / library:.2f}x (target <= 3x)")


if __name__ == "__main__":
    main()
