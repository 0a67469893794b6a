"""Latency of the explorer app against a minimal marimo notebook, in a real browser.

Run:  .venv/bin/python benchmarks/app_latency.py [--presses 20] [--cold-starts 5] [--no-write]

Both notebooks are served the same way (``marimo run`` on a free loopback port, the
same flags) and driven by the same headless Debian Chromium through Playwright. The
minimal notebook, written to a temporary directory, is one slider and one text output.

- **slider latency**: from a slider key press (a capture-phase ``keydown`` listener
  stamps ``performance.now()``) until the page shows the new level, polled every
  animation frame. For the app that means: the table is for the new level and every
  row's name, band, power, toughness and rule equal what ``leveler.characteristics``
  says there; the chart's level rule is at the new level, at the pixel the chart puts
  that level at; and the chart is drawn. For the minimal notebook: its text shows the
  new value. The two pages are open side by side and pressed in turn (app, minimal,
  app, ...), so load on the machine hits both alike. Median over ``--presses``
  presses (up, then back down).
- **cold start**: from spawning ``marimo run`` until the first full render (app: the
  level-0 table right, the rule placed and the chart drawn; minimal: its text shown),
  with the browser already running. Median over ``--cold-starts`` servers, alternating.

The figures and the app/minimal ratios are printed and written into
``benchmarks/README.md`` between the ``app-latency`` markers (``--no-write`` skips that).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import leveler  # noqa: E402
from benchmarks.report import replace_between  # noqa: E402
from leveler.app.views import NO_BAND, level_range  # noqa: E402
from leveler.charts import GEOMETRY, METRICS  # noqa: E402

APP = ROOT / "notebooks" / "explorer.py"
README = ROOT / "benchmarks" / "README.md"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
VIEWPORT = {"width": 1366, "height": 900}
START, END = "<!-- app-latency:start -->", "<!-- app-latency:end -->"

MINIMAL_NOTEBOOK = '''import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo
    return (mo,)


@app.cell
def _(mo):
    level = mo.ui.slider(0, {stop}, value=0, label="Level counters", show_value=True)
    level
    return (level,)


@app.cell
def _(level, mo):
    mo.md(f"Minimal value = {{level.value}}.")
    return


if __name__ == "__main__":
    app.run()
'''

# Helpers installed in every page before it loads.
INIT_SCRIPT = """
window.__bench = {
  t0: null, t1: null, drawnCanvas: null,
  canvasHash(canvas) {
    if (!canvas || !canvas.width || !canvas.height) return null;
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let hash = 1;
    for (let i = 0; i < data.length; i += 4) {
      hash = (Math.imul(hash, 31) + data[i] + 3 * data[i + 1] + 7 * data[i + 2]) | 0;
    }
    return hash;
  },
  chartCanvas() {
    const vega = document.querySelector('.lv-chart marimo-vega');
    return vega && vega.shadowRoot ? vega.shadowRoot.querySelector('canvas') : null;
  },
  canvasDrawn() {
    // The chart canvas holds marks; hashed once per canvas element (it is not redrawn
    // when only the level changes).
    const canvas = window.__bench.chartCanvas();
    if (!canvas) return false;
    if (canvas === window.__bench.drawnCanvas) return true;
    const hash = window.__bench.canvasHash(canvas);
    const blank = window.__bench.canvasHash(Object.assign(document.createElement('canvas'),
      {width: canvas.width, height: canvas.height}));
    if (hash === null || hash === blank) return false;
    window.__bench.drawnCanvas = canvas;
    return true;
  },
};
document.addEventListener('keydown', () => { window.__bench.t0 = performance.now(); }, true);
"""

TABLE_SHOWS = """
  const table = document.querySelector('table.lv-table');
  if (!table || table.dataset.level !== String(level)) return false;
  const rows = [...table.querySelectorAll('tbody tr')].map(
    tr => [...tr.querySelectorAll('td')].map(td => td.textContent.trim()));
  if (rows.length !== expected.length) return false;
  for (let i = 0; i < expected.length; i++) {
    const want = expected[i], got = rows[i];
    if (got[0] !== want[0] || got[2] !== want[1] || got[3] !== want[2] || got[4] !== want[3]
        || got[6] !== want[4]) return false;
  }
"""
"""JavaScript: false unless the pool table is for ``level`` and its rows (name, band,
power, toughness, rule) are ``expected``."""

APP_READY = """([expected, level, ruleX]) => {
  const b = window.__bench;""" + TABLE_SHOWS + """
  const rules = document.querySelectorAll('.lv-chart .lv-level-rule');
  if (rules.length !== ruleX.length) return false;
  for (let i = 0; i < ruleX.length; i++) {
    if (rules[i].dataset.level !== String(level)) return false;
    if (Math.abs(parseFloat(rules[i].style.left) + 1 - ruleX[i]) > 0.5) return false;
  }
  if (!b.canvasDrawn()) return false;
  b.t1 = performance.now();
  return true;
}"""

MINIMAL_READY = """([level]) => {
  if (!document.body.textContent.includes(`Minimal value = ${level}.`)) return false;
  window.__bench.t1 = performance.now();
  return true;
}"""


@dataclass
class Target:
    """A notebook to measure, how to tell that it shows a level, and its figures."""

    label: str
    path: Path
    ready: str
    args: Callable[[int], list[Any]]
    cold: list[float] = field(default_factory=list)
    slider: list[float] = field(default_factory=list)


def expected_rows(pool: dict[str, leveler.LevelerCard], level: int) -> list[list[str]]:
    """Table rows at ``level`` on the battlefield, per the library: name, band, P, T, rule."""
    rows = []
    for card in pool.values():
        now = leveler.characteristics(card, level, leveler.Zone.BATTLEFIELD)
        band = now.band.label if now.band is not None else NO_BAND
        rows.append([card.name, band, str(now.power), str(now.toughness), now.rule])
    return rows


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def serve(notebook: Path) -> Iterator[tuple[str, float]]:
    """``marimo run`` on a free loopback port; yields its URL and the spawn time."""
    port = free_port()
    env = dict(os.environ, MARIMO_SKIP_UPDATE_CHECK="1")
    env.pop("LEVELER_POOL", None)
    spawned = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "marimo", "run", str(notebook), "--headless", "--host",
         "127.0.0.1", "--port", str(port), "--no-token", "--no-sandbox"],
        env=env, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url + "/health", timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"marimo run {notebook} did not come up") from None
                time.sleep(0.02)
        yield url, spawned
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def open_page(browser: Any, url: str, target: Target) -> Any:
    page = browser.new_page(viewport=VIEWPORT)
    page.add_init_script(INIT_SCRIPT)
    page.goto(url)
    page.wait_for_function(target.ready, arg=target.args(0), polling="raf", timeout=60_000)
    return page


def cold_start(browser: Any, target: Target) -> float:
    """Seconds from spawning the server to the first full render."""
    with serve(target.path) as (url, spawned):
        page = open_page(browser, url, target)
        elapsed = time.perf_counter() - spawned
        page.close()
    return elapsed


def press(page: Any, target: Target, key: str, level: int) -> float:
    """Milliseconds from pressing ``key`` on the focused slider to ``level`` shown."""
    page.bring_to_front()
    page.locator("[role=slider]").filter(visible=True).first.focus()
    page.keyboard.press(key)
    page.wait_for_function(target.ready, arg=target.args(level), polling="raf",
                           timeout=30_000)
    t0, t1 = page.evaluate("() => [window.__bench.t0, window.__bench.t1]")
    return float(t1 - t0)


def slider_latencies(browser: Any, targets: list[Target], presses: int) -> None:
    """Press every target's slider ``presses`` times, in turn, recording each latency."""
    with contextlib.ExitStack() as stack:
        pages = []
        for target in targets:
            url, _ = stack.enter_context(serve(target.path))
            pages.append(open_page(browser, url, target))
        for page in pages:
            page.wait_for_timeout(500)  # let late layout settle before the first press
        level = 0
        for number in range(presses):
            key = "ArrowRight" if number < (presses + 1) // 2 else "ArrowLeft"
            level += 1 if key == "ArrowRight" else -1
            for target, page in zip(targets, pages, strict=True):
                target.slider.append(press(page, target, key, level))
                page.wait_for_timeout(100)  # idle between presses, as a person would be
        for page in pages:
            page.close()


def figures_markdown(app: Target, minimal: Target, presses: int, colds: int,
                     load: tuple[float, float, float]) -> str:
    slider = (statistics.median(app.slider), statistics.median(minimal.slider))
    cold = (statistics.median(app.cold), statistics.median(minimal.cold))
    versions = ", ".join(f"{name} {metadata.version(name)}"
                         for name in ("marimo", "altair", "pandas", "playwright"))
    return "\n".join([
        f"Measured {time.strftime('%Y-%m-%d %H:%M')} on {platform.system()} "
        f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"{versions}, Debian Chromium headless, {VIEWPORT['width']}x{VIEWPORT['height']}; "
        f"{presses} slider presses and {colds} cold starts per notebook; load average "
        f"{load[0]:.1f} before, {os.getloadavg()[0]:.1f} after (the machine is shared).",
        "",
        "| measure | explorer app | minimal notebook | app / minimal | target |",
        "|---|---|---|---|---|",
        f"| slider key -> new level shown, median | {slider[0]:.0f} ms | {slider[1]:.0f} ms "
        f"| {slider[0] / slider[1]:.2f}x | <= 1.3x |",
        f"| slider key -> new level shown, min-max | {min(app.slider):.0f}-"
        f"{max(app.slider):.0f} ms | {min(minimal.slider):.0f}-{max(minimal.slider):.0f} ms "
        "| | |",
        f"| cold start -> first full render, median | {cold[0]:.2f} s | {cold[1]:.2f} s "
        f"| {cold[0] / cold[1]:.2f}x | <= 1.3x |",
        f"| cold starts, each | {', '.join(f'{c:.2f}' for c in app.cold)} s "
        f"| {', '.join(f'{c:.2f}' for c in minimal.cold)} s | | |",
    ])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presses", type=int, default=20)
    parser.add_argument("--cold-starts", type=int, default=5)
    parser.add_argument("--no-write", action="store_true", help="do not update the README")
    parser.add_argument("--app", type=Path, default=APP,
                        help="the notebook to measure (default: notebooks/explorer.py)")
    options = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} not found: install Debian's chromium (apt-get install chromium)")
        return 2
    from playwright.sync_api import sync_playwright

    pool = leveler.load_pool()
    levels = level_range(pool)
    if (options.presses + 1) // 2 > levels.stop - 1:
        parser.error(f"--presses must be at most {2 * (levels.stop - 1)}")

    def app_args(level: int) -> list[Any]:
        rule_x = [GEOMETRY.x(panel, level, levels) for panel in range(len(METRICS))]
        return [expected_rows(pool, level), level, rule_x]

    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as scratch:
        minimal_path = Path(scratch) / "minimal.py"
        minimal_path.write_text(MINIMAL_NOTEBOOK.format(stop=levels.stop - 1), encoding="utf-8")
        app = Target("app", options.app.resolve(), APP_READY, app_args)
        minimal = Target("minimal", minimal_path, MINIMAL_READY, lambda level: [level])
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(options.cold_starts):  # alternating, so drift hits both alike
                for target in (app, minimal):
                    target.cold.append(cold_start(browser, target))
            slider_latencies(browser, [app, minimal], options.presses)
            browser.close()
    block = figures_markdown(app, minimal, options.presses, options.cold_starts, load)
    print(block)
    if not options.no_write:
        replace_between(README, (START, END), block, heading="App latency")
        print(f"\nwritten to {README.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
