"""Many users at once: N concurrent browser sessions of the explorer, each moving its slider.

Run:  .venv/bin/python benchmarks/many_users.py [--sessions 1 5 10] [--presses 20]

``marimo run`` gives every browser session its own kernel. For each N, one server is
started and N headless Chromium pages (one browser, a context each) open it; every
session picks its own zone (the i-th session the i-th zone, round robin) and then moves
its slider ``--presses`` times, all sessions at once. Measured per N:

- per-press latency, from the key press to the page showing the session's own level and
  zone, with every table row equal to ``leveler.characteristics`` at that level and zone
  (so a session that saw another's table would never count as done): median and p95;
- the server's resident memory (``/proc``, the server and its children): idle, with the
  first session open (it imports pandas, Altair and the pool into the server process,
  where ``marimo run`` keeps its kernels), and with all N open: each further session's
  share of the difference;
- that every session saw its own correct table on every press (a mismatch times out and
  is counted as a failure).

The figures are printed and written to ``README.md``'s "Serving the app to a group"
section between the ``many-users`` markers (``--no-write`` skips that).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import leveler  # noqa: E402
from benchmarks.app_latency import (  # noqa: E402
    APP,
    CHROMIUM,
    CHROMIUM_ARGS,
    INIT_SCRIPT,
    TABLE_SHOWS,
    serve,
)
from benchmarks.report import replace_between  # noqa: E402
from leveler.app.views import NO_BAND, ZONE_OPTIONS, level_range  # noqa: E402

README = ROOT / "README.md"
START, END = "<!-- many-users:start -->", "<!-- many-users:end -->"
VIEWPORT = {"width": 1366, "height": 768}

SESSION_READY = """([expected, level, zone]) => {
  const zoned = document.querySelector('table.lv-table');
  if (!zoned || zoned.dataset.zone !== zone) return false;""" + TABLE_SHOWS + """
  window.__bench.t1 = performance.now();
  return true;
}"""


def expected_rows(pool: dict[str, leveler.LevelerCard], level: int,
                  zone: leveler.Zone) -> list[list[str]]:
    """Table rows per the library: name, band, power, toughness, rule."""
    rows = []
    for card in pool.values():
        now = leveler.characteristics(card, level, zone)
        band = now.band.label if now.band is not None else NO_BAND
        rows.append([card.name, band, str(now.power), str(now.toughness), now.rule])
    return rows


def server_pid(url: str) -> int:
    """The PID of the ``marimo run`` process serving ``url`` (found by its --port)."""
    port = url.rsplit(":", 1)[1]
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"marimo" in b" ".join(argv) and b"--port" in argv and port.encode() in argv:
            return int(entry.name)
    raise RuntimeError(f"no marimo process serves {url}")


def resident_mb(pid: int) -> float:
    """Resident memory of a process and all its descendants, in MB (from /proc)."""
    total_kb = 0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        total_kb += next(int(line.split()[1]) for line in status.splitlines()
                         if line.startswith("VmRSS:"))
        pending.extend(int(child) for child in children)
    return total_kb / 1024


async def session(browser: Any, url: str, index: int, presses: int,
                  pool: dict[str, leveler.LevelerCard], opened: asyncio.Event,
                  go: asyncio.Event) -> tuple[list[float], int]:
    """One user: open the app, choose a zone, then move the slider; latencies and failures."""
    zone_label, zone = list(ZONE_OPTIONS.items())[index % len(ZONE_OPTIONS)]
    zone = leveler.Zone.coerce(zone)
    context = await browser.new_context(viewport=VIEWPORT)
    page = await context.new_page()
    await page.add_init_script(INIT_SCRIPT)
    await page.goto(url)
    start = leveler.Zone.BATTLEFIELD
    await page.wait_for_function(SESSION_READY, arg=[expected_rows(pool, 0, start), 0,
                                                     start.value],
                                 polling="raf", timeout=120_000)
    await page.locator("select").filter(visible=True).first.select_option(label=zone_label)
    await page.wait_for_function(SESSION_READY, arg=[expected_rows(pool, 0, zone), 0,
                                                     zone.value],
                                 polling="raf", timeout=120_000)
    opened.set()
    await go.wait()
    latencies, failures, level = [], 0, 0
    slider = page.locator("[role=slider]").filter(visible=True).first
    for number in range(presses):
        key = "ArrowRight" if number < (presses + 1) // 2 else "ArrowLeft"
        level += 1 if key == "ArrowRight" else -1
        await slider.focus()
        await page.keyboard.press(key)
        try:
            await page.wait_for_function(
                SESSION_READY, arg=[expected_rows(pool, level, zone), level, zone.value],
                polling="raf", timeout=60_000)
        except Exception:  # a timeout: this session never saw its own correct table
            failures += 1
            continue
        t0, t1 = await page.evaluate("() => [window.__bench.t0, window.__bench.t1]")
        latencies.append(float(t1 - t0))
        await page.wait_for_timeout(100)
    await context.close()
    return latencies, failures


async def measure(sessions: int, presses: int, pool: dict[str, leveler.LevelerCard],
                  notebook: Path = APP) -> dict[str, float]:
    from playwright.async_api import async_playwright

    with serve(notebook) as (url, _spawned):
        pid = server_pid(url)
        await asyncio.sleep(1.0)
        idle_mb = resident_mb(pid)
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM,
                                                       args=CHROMIUM_ARGS)
            go = asyncio.Event()
            opened = [asyncio.Event() for _ in range(sessions)]
            tasks = [asyncio.create_task(session(browser, url, 0, presses, pool, opened[0], go))]
            await opened[0].wait()
            first_mb = resident_mb(pid)
            tasks += [asyncio.create_task(session(browser, url, i, presses, pool, opened[i], go))
                      for i in range(1, sessions)]
            await asyncio.gather(*(event.wait() for event in opened))
            loaded_mb = resident_mb(pid)
            go.set()
            results = await asyncio.gather(*tasks)
            await browser.close()
    latencies = sorted(value for values, _ in results for value in values)
    failures = sum(failed for _, failed in results)
    p95 = latencies[min(len(latencies) - 1, round(0.95 * (len(latencies) - 1)))]
    return {"sessions": sessions, "median": statistics.median(latencies), "p95": p95,
            "presses": len(latencies), "failures": failures, "idle_mb": idle_mb,
            "first_mb": first_mb, "loaded_mb": loaded_mb,
            "per_session_mb": (loaded_mb - first_mb) / (sessions - 1) if sessions > 1 else 0.0}


def figures_markdown(rows: list[dict[str, float]], presses: int) -> str:
    lines = [
        f"Measured {time.strftime('%Y-%m-%d %H:%M')} with `benchmarks/many_users.py`: "
        f"{os.cpu_count()} CPUs, the server and every headless Chromium session on the same "
        f"machine; each session picks its own zone, then moves its slider {presses} times, "
        "all sessions at once.",
        "",
        "| sessions | slider latency median | p95 | server memory: idle | with one session "
        "| with all sessions | each further session | presses that showed the session's own "
        "correct table |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        seen = row["presses"]
        total = seen + row["failures"]
        lines.append(
            f"| {row['sessions']:.0f} | {row['median']:.0f} ms | {row['p95']:.0f} ms "
            f"| {row['idle_mb']:.0f} MB | {row['first_mb']:.0f} MB | {row['loaded_mb']:.0f} MB "
            f"| {row['per_session_mb']:.1f} MB | {seen:.0f} of {total:.0f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, nargs="+", default=[1, 5, 10])
    parser.add_argument("--presses", type=int, default=20)
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--app", type=Path, default=APP,
                        help="the notebook to serve (default: notebooks/explorer.py); another "
                             "one is measured with --no-write")
    options = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} not found: install Debian's chromium (apt-get install chromium)")
        return 2
    pool = leveler.load_pool()
    if (options.presses + 1) // 2 > level_range(pool).stop - 1:
        parser.error("too many presses for the slider's range")
    rows = [asyncio.run(measure(n, options.presses, pool, options.app.resolve()))
            for n in options.sessions]
    block = figures_markdown(rows, options.presses)
    print(block)
    if not options.no_write and options.app.resolve() == APP:
        replace_between(README, (START, END), block)
    return 0 if all(row["failures"] == 0 for row in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
