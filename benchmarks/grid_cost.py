"""What a card costs the app: the pool grid, its chart and the Design bench's frames,
for one card with ``LEVEL 1000+``, one with ``LEVEL 10+`` and a printed card (issue 11).

Compares, in one run, the old per-level path (one row per integer level: the grid
``leveler.pool.progression`` over every level of the slider x 7 zones, its table rows
and row index per (level, zone), the chart frame and spec with a point per level, the
bench's progression frame and chart over every level) with the segments path the app
uses now (``leveler.pool.segments``: one row per card, zone and band range). The old
path is rebuilt here from the library's public functions as the app called them before.

Each measure runs in its own fresh subprocess, so its peak memory (ru_maxrss, the whole
process: Python, pandas and Altair included) is its own; the time is the median of
``--repeat`` calls after a first one. ``traced`` is the peak of the allocations the
measure itself makes (tracemalloc, which numpy reports to), on a separate call.

Usage: ``.venv/bin/python benchmarks/grid_cost.py [--repeat 5]``
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import altair as alt
import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from leveler import Zone, balance_charts, bench, charts, load_pool, parse_card, stages
from leveler.app import views
from leveler.model import LevelerCard
from leveler.pool import cards_frame, progression

alt.data_transformers.disable_max_rows()  # the app's marimo charts have no row limit either
CARDS = ("LEVEL 1000+", "LEVEL 10+", "printed")
PATHS = ("per-level", "segments")
STEPS = ("grid", "chart", "bench")


def card(kind: str) -> LevelerCard:
    """The card measured: a 164-byte-ish design with its top band at 1,000 or 10, or a
    printed leveler (Student of Warfare, LEVEL 7+)."""
    if kind == "printed":
        return load_pool()["Student of Warfare"]
    top = 1000 if kind == "LEVEL 1000+" else 10
    return parse_card(f"Level up {{1}}\nLEVEL 1-{top - 1}\n2/2\nLEVEL {top}+\n9/9\nFlying",
                      name="Far Reach", mana_cost="{W}", type_line="Creature — Bird",
                      power="1", toughness="1")


# ---------------------------------------------------------------- the old per-level path

def old_grid(pool: dict[str, LevelerCard]) -> tuple[pd.DataFrame, pd.DataFrame, dict[Any, Any]]:
    """``views.pool_grid`` before segments: progression over every level x 7 zones."""
    levels = views.level_range(pool)
    cards = cards_frame(pool)
    cards["colour"] = [views.colour_name(code) for code in cards["colors"]]
    grid = progression(pool, levels, tuple(Zone))
    facts = cards.set_index("name")
    names = grid["name"].astype(str)
    for column in ("mana_cost", "mana_value", "colour"):
        grid[column] = names.map(facts[column]).to_numpy()
    rows = pd.DataFrame({
        "Name": names, "Mana cost": grid["mana_cost"],
        "Band": grid["band"].astype(str).where(grid["band"].notna(), views.NO_BAND),
        "Power": grid["power"], "Toughness": grid["toughness"],
        "Abilities": grid["abilities"].astype(str), "Rule": grid["citation"].astype(str),
        "Mana value": grid["mana_value"]})
    groups = grid.groupby(["level_counters", "zone"], observed=True).indices
    at = {key: np.asarray(positions) for key, positions in groups.items()}
    return grid, rows, at


def old_chart(pool: dict[str, LevelerCard]) -> int:
    """The chart's spec, as JSON bytes, with a point per card and level (battlefield)."""
    grid, _, _ = old_grid(pool)
    rows = grid[grid["zone"] == "battlefield"]
    frame = pd.DataFrame({
        "name": rows["name"].astype(str), "colour": rows["colour"],
        "level_counters": rows["level_counters"],
        "levels": rows["level_counters"].astype(str),
        "Power": rows["power"], "Toughness": rows["toughness"],
        "pt": rows["power"].astype(str) + "/" + rows["toughness"].astype(str),
        "band": rows["band"].astype(str).where(rows["band"].notna(), views.NO_BAND),
        "citation": rows["citation"].astype(str)}).reset_index(drop=True)
    spec = charts.progression_chart(frame, views.level_range(pool)).to_dict()
    return len(json.dumps(spec))


def old_bench(draft: LevelerCard) -> int:
    """The bench's progression frame and chart with a row per level, as JSON bytes."""
    pool = load_pool()
    cards, sources = bench.combine(pool, [draft])
    top = max(c.top_level for c in cards)
    grid = progression(cards, range(top + 4), [Zone.BATTLEFIELD])
    names = grid["name"].astype(str)
    base = pd.DataFrame({
        "name": names, "source": names.map(sources), "level_counters": grid["level_counters"],
        "levels": grid["level_counters"].astype(str),
        "band": grid["band"].astype(str).where(grid["band"].notna(), stages.PRINTED)})
    frame = pd.concat([base.assign(metric=m, value=grid[m.lower()].to_numpy())
                       for m in ("Power", "Toughness")], ignore_index=True)
    return len(json.dumps(balance_charts.progression_chart(frame).to_dict()))


# ---------------------------------------------------------------- the segments path

def new_grid(pool: dict[str, LevelerCard]) -> views.PoolGrid:
    return views.pool_grid(pool)


def new_chart(pool: dict[str, LevelerCard]) -> int:
    grid = views.pool_grid(pool)
    frame = charts.chart_frame(grid, Zone.BATTLEFIELD, grid.names)
    return len(json.dumps(charts.progression_chart(frame, grid.levels).to_dict()))


def new_bench(draft: LevelerCard) -> int:
    frame = bench.progression_frame(load_pool(), [draft])
    return len(json.dumps(balance_charts.progression_chart(frame).to_dict()))


def measure(kind: str, path: str, step: str) -> Callable[[], object]:
    one = card(kind)
    pool = {one.name: one}
    work: dict[tuple[str, str], Callable[[], object]] = {
        ("per-level", "grid"): lambda: old_grid(pool),
        ("per-level", "chart"): lambda: old_chart(pool),
        ("per-level", "bench"): lambda: old_bench(one),
        ("segments", "grid"): lambda: new_grid(pool),
        ("segments", "chart"): lambda: new_chart(pool),
        ("segments", "bench"): lambda: new_bench(one),
    }
    return work[path, step]


def rows_of(kind: str, path: str) -> int:
    """Rows of the app's grid for the card: what the table selects from."""
    one = card(kind)
    pool = {one.name: one}
    return len(old_grid(pool)[0]) if path == "per-level" else len(new_grid(pool).segments)


def child(kind: str, path: str, step: str, repeat: int) -> dict[str, Any]:
    work = measure(kind, path, step)
    result = work()  # first call: imports warmed, caches filled
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    work()
    traced = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return {"median_s": statistics.median(times), "traced_mb": traced / 2**20,
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "spec_bytes": result if isinstance(result, int) else None,
            "rows": rows_of(kind, path) if step == "grid" else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--child", nargs=3, metavar=("CARD", "PATH", "STEP"))
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(*args.child, args.repeat)))
        return
    print(f"Python {platform.python_version()}, numpy {np.__version__}, pandas {pd.__version__}; "
          f"median of {args.repeat} calls after a first, each measure in its own process")
    print(f"{'card':<12} {'step':<6} {'path':<10} {'rows':>8} {'time':>10} {'traced':>10} "
          f"{'peak RSS':>9} {'spec':>10}")
    for kind in CARDS:
        for step in STEPS:
            for path in PATHS:
                out = subprocess.run(
                    [sys.executable, __file__, "--child", kind, path, step,
                     "--repeat", str(args.repeat)],
                    check=True, capture_output=True, text=True).stdout
                got = json.loads(out)
                rows = f"{got['rows']:,}" if got["rows"] is not None else ""
                spec = (f"{got['spec_bytes'] / 1024:,.0f} KiB" if got["spec_bytes"] is not None
                        else "")
                print(f"{kind:<12} {step:<6} {path:<10} {rows:>8} "
                      f"{got['median_s'] * 1000:>7.1f} ms {got['traced_mb']:>7.2f} MB "
                      f"{got['peak_rss_mb']:>6.0f} MB {spec:>10}", flush=True)


if __name__ == "__main__":
    main()
