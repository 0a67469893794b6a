"""Hostile uploads against a shared server: its memory, and another user's slider meanwhile.

Run:  .venv/bin/python benchmarks/hostile_uploads.py [--presses 10] [--no-write]

One ``marimo run`` server, two headless Chromium sessions. Session A uploads one file
after another through the sidebar's pool picker; session B moves its slider the whole
time. Per file, in the same run: the server's resident memory (``/proc``, the marimo
process and its children, sampled every 20 ms) before the upload and at its peak until
A's page shows the outcome; the time from pressing OK to that outcome; and B's slider
latency while A's upload was under way (from the key press to B's page showing every
row of ``leveler.characteristics`` at the new level), against B's latency with no upload.

The files: the hostile ones of ``tests/data/hostile/uploads`` (``[`` x 3,000 unclosed,
80 KB nested, 100,000 deep, a 31-digit power), one over the upload limit
(:data:`leveler.app.pool_picker.MAX_UPLOAD_BYTES` + 1 KB), and honest ones to compare: the
bundled pool (36 KB) and the bundled pool padded with blanks to just under the limit.

The figures are printed and written to ``benchmarks/README.md`` between the
``hostile-uploads`` markers (``--no-write`` skips that).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import leveler  # noqa: E402
from benchmarks.app_latency import APP, CHROMIUM, CHROMIUM_ARGS, INIT_SCRIPT, serve  # noqa: E402
from benchmarks.many_users import (  # noqa: E402
    SESSION_READY,
    VIEWPORT,
    expected_rows,
    resident_mb,
    server_pid,
)
from benchmarks.report import replace_between  # noqa: E402
from leveler.app import pool_picker  # noqa: E402
from leveler.io.pool_files import BUNDLED_POOL  # noqa: E402
from tests.data.hostile.make_uploads import UPLOADS, oversized  # noqa: E402

README = ROOT / "benchmarks" / "README.md"
START, END = "<!-- hostile-uploads:start -->", "<!-- hostile-uploads:end -->"
HOSTILE = ["unclosed_pool_3000.json", "nested_pool_80k.json", "deep_pool_100k.json",
           "power_31_digits.json"]

def files(folder: Path) -> list[tuple[str, Path]]:
    """(kind, path) of every file uploaded: the small honest one, the hostile ones, then
    the large honest one last (what it leaves in the kernel would raise every later
    "before")."""
    honest_large = folder / "honest_padded_pool.json"
    records = BUNDLED_POOL.read_bytes().rstrip()
    honest_large.write_bytes(records[:-1] + b" " * (pool_picker.MAX_UPLOAD_BYTES - 4096
                                                    - len(records)) + b"]")
    too_large = folder / "oversized_pool.json"
    too_large.write_bytes(oversized(pool_picker.MAX_UPLOAD_BYTES))
    return ([("honest", BUNDLED_POOL)] + [("hostile", UPLOADS / name) for name in HOSTILE]
            + [("hostile", too_large), ("honest", honest_large)])


def outcome_of(path: Path) -> tuple[str, str]:
    """What A's page will show, and whether the file loads: the refusal's first line, or
    the loaded pool's summary (the file's name names it, so a previous one never counts)."""
    raw = [[path.name, base64.b64encode(path.read_bytes()).decode()]]
    message = pool_picker.upload_error(raw)
    if message is None:
        return pool_picker.read_upload(path.name, path.read_bytes()).summary(), "loaded"
    return message.splitlines()[0], "refused"


async def mover(page: Any, pool: dict[str, leveler.LevelerCard], state: dict[str, Any],
                stop: asyncio.Event, latencies: list[float]) -> None:
    """Session B: move the slider right then left until ``stop``, timing every press."""
    zone = leveler.Zone.BATTLEFIELD
    slider = page.locator("[role=slider]").filter(visible=True).first
    while not stop.is_set():
        key = "ArrowRight" if state["level"] < 6 and state["up"] else "ArrowLeft"
        if state["level"] >= 6:
            state["up"] = False
        if state["level"] <= 0:
            state["up"] = True
            key = "ArrowRight"
        state["level"] += 1 if key == "ArrowRight" else -1
        await slider.focus()
        await page.keyboard.press(key)
        await page.wait_for_function(
            SESSION_READY, arg=[expected_rows(pool, state["level"], zone), state["level"],
                                zone.value], polling="raf", timeout=300_000)
        t0, t1 = await page.evaluate("() => [window.__bench.t0, window.__bench.t1]")
        latencies.append(float(t1 - t0))
        await page.wait_for_timeout(50)


async def sampler(pid: int, stop: asyncio.Event, peak: list[float]) -> None:
    while not stop.is_set():
        peak[0] = max(peak[0], resident_mb(pid))
        await asyncio.sleep(0.02)


async def open_session(browser: Any, url: str, pool: dict[str, leveler.LevelerCard]
                       ) -> tuple[Any, Any]:
    context = await browser.new_context(viewport=VIEWPORT)
    page = await context.new_page()
    await page.add_init_script(INIT_SCRIPT)
    await page.goto(url)
    zone = leveler.Zone.BATTLEFIELD
    await page.wait_for_function(SESSION_READY, arg=[expected_rows(pool, 0, zone), 0,
                                                     zone.value],
                                 polling="raf", timeout=120_000)
    return context, page


async def measure(presses: int, folder: Path) -> tuple[list[dict[str, Any]], list[float]]:
    from playwright.async_api import async_playwright

    pool = leveler.load_pool()
    rows: list[dict[str, Any]] = []
    with serve(APP) as (url, _spawned):
        pid = server_pid(url)
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM,
                                                       args=CHROMIUM_ARGS)
            _, uploader = await open_session(browser, url, pool)
            _, other = await open_session(browser, url, pool)
            state = {"level": 0, "up": True}
            quiet: list[float] = []
            stop = asyncio.Event()
            task = asyncio.create_task(mover(other, pool, state, stop, quiet))
            while len(quiet) < presses:
                await asyncio.sleep(0.05)
            stop.set()
            await task
            for kind, path in files(folder):
                message, outcome = outcome_of(path)
                await asyncio.sleep(1.0)
                before = resident_mb(pid)
                peak = [before]
                stop = asyncio.Event()
                during: list[float] = []
                tasks = [asyncio.create_task(sampler(pid, stop, peak)),
                         asyncio.create_task(mover(other, pool, state, stop, during))]
                aside = uploader.locator("aside.lv-sidebar")
                await aside.locator("input[type=file]").set_input_files(str(path))
                started = time.perf_counter()
                await aside.get_by_role("button", name="OK").click()
                # the form's message is in a shadow root: a locator, not innerText
                await aside.get_by_text(message).first.wait_for(timeout=600_000)
                elapsed = time.perf_counter() - started
                while len(during) < 2:  # at least two of B's presses overlap each upload
                    await asyncio.sleep(0.05)
                stop.set()
                await asyncio.gather(*tasks)
                after = resident_mb(pid)
                rows.append({"kind": kind, "file": path.name, "bytes": path.stat().st_size,
                             "outcome": outcome if outcome == "loaded" else message,
                             "seconds": elapsed, "before_mb": before, "peak_mb": peak[0],
                             "after_mb": after, "during": during})
                print(f"{path.name}: {outcome}, {elapsed:.2f} s, RSS {before:.0f} -> "
                      f"{peak[0]:.0f} MB, B median {statistics.median(during):.0f} ms",
                      flush=True)
            await browser.close()
    return rows, quiet


def figures_markdown(rows: list[dict[str, Any]], quiet: list[float]) -> str:
    lines = [
        f"Measured {time.strftime('%Y-%m-%d %H:%M')} with `benchmarks/hostile_uploads.py`: "
        f"{os.cpu_count()} CPUs shared with other work, the server and both headless "
        "Chromium sessions on the same machine. Session A uploads each file through the "
        "sidebar's pool picker; session B moves its slider meanwhile. With no upload, B's "
        f"slider took {statistics.median(quiet):.0f} ms (median of {len(quiet)} presses, "
        f"max {max(quiet):.0f} ms).",
        "",
        "| file | size | what A's page showed | OK to outcome | server memory before "
        "| peak during | after | B's slider meanwhile: median | max | presses |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        shown = row["outcome"]
        shown = shown if len(shown) <= 70 else shown[:67] + "..."
        shown = shown.replace("|", "\\|")
        lines.append(
            f"| {row['kind']}: `{row['file']}` | {row['bytes']:,} B | {shown} "
            f"| {row['seconds']:.2f} s | {row['before_mb']:.0f} MB | {row['peak_mb']:.0f} MB "
            f"| {row['after_mb']:.0f} MB | {statistics.median(row['during']):.0f} ms "
            f"| {max(row['during']):.0f} ms | {len(row['during'])} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presses", type=int, default=10,
                        help="B's presses with no upload, for the baseline")
    parser.add_argument("--no-write", action="store_true")
    options = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} not found: install Debian's chromium (apt-get install chromium)")
        return 2
    with tempfile.TemporaryDirectory() as folder:
        rows, quiet = asyncio.run(measure(options.presses, Path(folder)))
    block = figures_markdown(rows, quiet)
    print(block)
    if not options.no_write:
        replace_between(README, (START, END), block)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
