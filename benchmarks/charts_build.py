"""Building the app's charts: the shipped code against a baseline revision, in one run.

Run:  .venv/bin/python benchmarks/charts_build.py [--repeat 15] [--baseline REV] [--no-write]

The explorer rebuilds its Pool chart on a filter change or a language switch, and the
Balance tab its three charts when it opens; that build was most of the kernel's work for
those actions. Two changes made it cheaper: the chart's sizes are constructor arguments,
not ``.properties()`` calls (which check each value against the schema again), and
:data:`leveler.charts.BUILT_UNCHECKED` builds with Altair's debug mode off
(``altair.utils.schemapi.debug_mode(False)``: no schema check of each object as it is made
or copied; ``to_dict()`` still checks the whole spec, as the tests do).

The baseline is ``leveler/charts.py`` and ``leveler/balance_charts.py`` as they were at
``--baseline`` (read with ``git show``, loaded as modules of their own), run with Altair's
default debug mode and marimo's chart made as it was; the two are alternated in the same
process. Each measure: the Pool chart of the printed pool in French
(``progression_chart`` over ``chart_frame``, then ``mo.ui.altair_chart`` of it with its
frame inline) and the Balance tab's charts (``balance_charts``). The specs are compared
too: they must be equal.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from altair.utils.schemapi import debug_mode  # noqa: E402

from benchmarks.report import publish  # noqa: E402
from leveler import balance_charts, bench, charts, load_pool  # noqa: E402
from leveler.app import chart_view, views  # noqa: E402
from leveler.app.inline_chart import inline_altair_chart  # noqa: E402
from leveler.app.words import words_for  # noqa: E402
from leveler.pool_grid import pool_grid  # noqa: E402

README = ROOT / "benchmarks" / "README.md"
START, END = "<!-- charts-build:start -->", "<!-- charts-build:end -->"
BASELINE = "5a987f2"
"""The last revision before the two changes."""


def module_at(revision: str, path: str, scratch: Path) -> ModuleType:
    """``path`` (a module of the repository) as it was at ``revision``, loaded under a name
    of its own."""
    source = subprocess.run(["git", "show", f"{revision}:{path}"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    file = scratch / Path(path).name
    file.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(f"baseline_{file.stem}", file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


def builders(revision: str, scratch: Path
             ) -> dict[str, tuple[Callable[[], Any], Callable[[], Any]]]:
    """Each measure -> (shipped build, baseline build), both returning their specs."""
    old_charts = module_at(revision, "leveler/charts.py", scratch)
    old_balance = module_at(revision, "leveler/balance_charts.py", scratch)
    pool = load_pool()
    grid = pool_grid(pool)
    words = words_for("fr")
    names = views.printed_names(pool, words["printed_language"])
    frame = charts.chart_frame(grid, chart_view.CHART_ZONE, list(grid.names))
    balance = bench.balance_frame(pool)
    trend, vanilla = bench.trend_of(pool), bench.VANILLA

    def pool_chart(progression: Any, inline: Any) -> Any:
        chart = progression(frame, grid.levels, text=words, names=names)
        return inline(chart, legend_selection=False)._spec

    def balance_specs(build: Any) -> Any:
        return {name: chart.to_dict(validate=False) for name, chart in
                build(balance, trend, vanilla, text=words).items()}

    def checked(run: Callable[[], Any]) -> Callable[[], Any]:
        def within() -> Any:
            with debug_mode(True):
                return run()
        return within

    as_it_was = inline_altair_chart.__wrapped__  # type: ignore[attr-defined]
    return {
        "Pool chart (progression_chart + mo.ui.altair_chart)": (
            lambda: pool_chart(charts.progression_chart, inline_altair_chart),
            checked(lambda: pool_chart(old_charts.progression_chart, as_it_was))),
        "Balance tab's three charts (balance_charts, to_dict)": (
            lambda: balance_specs(balance_charts.balance_charts),
            checked(lambda: balance_specs(old_balance.balance_charts))),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--baseline", default=BASELINE, help="the revision to compare with")
    parser.add_argument("--no-write", action="store_true", help="do not update the README")
    options = parser.parse_args(argv)
    load = os.getloadavg()
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        measures = builders(options.baseline, Path(scratch))
    for label, (shipped, baseline) in measures.items():
        same = json.dumps(shipped(), sort_keys=True, default=str) == json.dumps(
            baseline(), sort_keys=True, default=str)
        times: dict[str, list[float]] = {"shipped": [], "baseline": []}
        for _ in range(options.repeat):  # alternated, so drift hits both alike
            for name, build in (("shipped", shipped), ("baseline", baseline)):
                start = time.perf_counter()
                build()
                times[name].append((time.perf_counter() - start) * 1000)
        fast, slow = (statistics.median(times[key]) for key in ("shipped", "baseline"))
        rows.append(f"| {label} | {fast:.0f} ms | {slow:.0f} ms | {slow / fast:.2f}x "
                    f"| {'yes' if same else 'NO'} |")
    versions = ", ".join(f"{name} {metadata.version(name)}" for name in ("altair", "marimo"))
    block = "\n".join([
        f"Measured {time.strftime('%Y-%m-%d %H:%M')} on {platform.system()} "
        f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"{versions}; median of {options.repeat} builds each, alternated; load average "
        f"{load[0]:.1f} before, {os.getloadavg()[0]:.1f} after.",
        "",
        f"| build | shipped | baseline ({options.baseline}) | speed-up | same spec |",
        "|---|---|---|---|---|",
        *rows,
    ])
    publish(block, README, (START, END), "Chart builds", write=not options.no_write)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
