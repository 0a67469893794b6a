"""Latency of the explorer app against a minimal marimo notebook, in a real browser.

Run:  .venv/bin/python benchmarks/app_latency.py [--presses 20] [--cold-starts 5] [--rounds 5]
      [--no-write]

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
  and until the first visible text (the browser's first contentful paint: the app's
  loading line, marimo's page for the minimal notebook), with the browser already
  running. Median over ``--cold-starts`` servers, alternating. Then, on the same server,
  a second page: from opening it to its first full render (a newcomer to a running
  server: its session is new, the server's imports are not; no target, reported).

- **other actions** (issue 13), each against the minimal notebook's slider median of
  the same run: a zone change (the zone dropdown focused, ArrowDown/ArrowUp: Battlefield
  <-> Hand), a filter change (the name box: "Student" + Enter, then emptied + Enter), a
  tab switch (a click on Card, then on Pool) and a language switch (a click on Français,
  then on English). Each is timed from its key press or pointer press (capture-phase
  listeners) until the page shows the result: for the Pool tab the table's rows for that
  zone and filter (read inside marimo's table), the level rule placed, after a zone
  change the note over the chart for that zone (the chart and the stage table stay the
  battlefield's, 711.6) and after a filter change a chart drawn anew (its pixels differ
  from before the action); for
  the Card tab its card box; for a language switch the tab bar, the table's first header
  and the caption in that language, then also the chart drawn anew (both timed from the
  same click: the words come first).

The app's table is marimo's ``mo.ui.table`` (rows read from its shadow DOM, the caption
``p.lv-caption`` over it saying the level and zone); ``--app`` can also measure an older
notebook whose table is the hand-written ``table.lv-table`` (slider and cold start only).

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
from benchmarks.report import publish  # noqa: E402
from leveler.app.words import words_for  # noqa: E402
from leveler.charts import GEOMETRY, METRICS  # noqa: E402
from leveler.pool import segments  # noqa: E402
from leveler.pool_grid import NO_BAND, level_range  # noqa: E402

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
    // Altair's widget (marimo-anywidget) or, in an older notebook, marimo's chart
    const chart = document.querySelector('.lv-chart marimo-anywidget, .lv-chart marimo-vega');
    return chart && chart.shadowRoot ? chart.shadowRoot.querySelector('canvas') : null;
  },
  stageTable(table) {
    // marimo's stage table after the level table: in its mo.lazy box, or (an older
    // notebook) in the page itself; null when not drawn
    const lazy = document.querySelector('marimo-lazy');
    if (lazy) return lazy.shadowRoot && lazy.shadowRoot.querySelector('marimo-table');
    return [...document.querySelectorAll('marimo-table')].find(
      t => table.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING) || null;
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
  rememberPixels() {
    // before an action that redraws the chart, outside the timed span (hashing the canvas
    // takes a few ms: in the key's listener it would delay the app's response alone)
    window.__bench.hashBefore = window.__bench.canvasHash(window.__bench.chartCanvas());
  },
};
const stamp = () => { window.__bench.t0 = performance.now(); };
document.addEventListener('keydown', stamp, true);
document.addEventListener('pointerdown', stamp, true);
"""

TABLE_SHOWS = """
  const table = document.querySelector('table.lv-table');
  if (!table || !table.checkVisibility() || table.dataset.level !== String(level)
      || (table.dataset.zone && table.dataset.zone !== zone)) return false;
  const rows = [...table.querySelectorAll('tbody tr')].map(
    tr => [...tr.querySelectorAll('td')].map(td => td.textContent.trim()));
  if (rows.length !== expected.length) return false;
  for (let i = 0; i < expected.length; i++) {
    const want = expected[i], got = rows[i];
    if (got[0] !== want[0] || got[2] !== want[1] || got[3] !== want[2] || got[4] !== want[3]
        || got[6] !== want[4]) return false;
  }
"""
"""JavaScript: false unless the pool table is shown (not in a hidden tab's box), for
``level`` in ``zone``, and its rows (name, band, power, toughness, rule) are ``expected``."""

STAGE_ROWS = """
    // the custom element is display: contents (never "visible"): its table must be
    const shownTable = root && root.querySelector('table');
    if (!shownTable || !shownTable.checkVisibility()) return false;
    const cells = [...root.querySelectorAll('tbody tr')].map(tr => [...tr.querySelectorAll(
      'td[data-cell-id]')].filter(td => !td.dataset.cellId.endsWith('__select__')).map(
      td => td.textContent.trim()));
    if (cells.length !== stages[0] || !cells.length || cells[0][0] !== stages[1]
        || cells[0][1] !== stages[2]) return false;
"""
"""JavaScript: false unless the marimo table in shadow root ``root`` shows ``stages``."""

STAGES_SHOWN = """
  if (stages) {  // marimo's table of every stage, under the level's table: its first page
    // it is drawn in an mo.lazy box when that is scrolled into view (and drawn anew then
    // after a change): out of view the page shows no stage table, so none is waited for
    const lazy = document.querySelector('marimo-lazy');
    const found = b.stageTable(table);
    const box = document.querySelector('.lv-stages');
    const outOfView = lazy && box && box.getBoundingClientRect().top > window.innerHeight;
    if (!outOfView) {
      const root = found ? found.shadowRoot : null;""" + STAGE_ROWS + """
    }
  }
"""
"""JavaScript: false unless, given ``stages`` (rows on the first page, first name, first
levels), marimo's stage table under the pool table shows them, or waits out of view."""

STAGES_SCROLLED = """([stages]) => {
  const lazy = document.querySelector('marimo-lazy');
  const found = window.__bench.stageTable(document.querySelector('table.lv-table'));
  // mo.lazy keeps the table it last drew until it draws the new one: wait for that
  const drawn = found && found.closest('marimo-ui-element');
  if (lazy && drawn && drawn.getAttribute('random-id') === window.__bench.stagesBefore)
    return false;
  const root = found ? found.shadowRoot : null;""" + STAGE_ROWS + """
  window.__bench.t1 = performance.now();
  return true;
}"""
"""JavaScript: the stage table's box, scrolled into view, shows ``stages``."""

SCROLL_TO_STAGES = """() => {
  const kept = window.__bench.stageTable(document.querySelector('table.lv-table'))
    ?.closest('marimo-ui-element');
  window.__bench.stagesBefore = kept ? kept.getAttribute('random-id') : null;
  window.__bench.t0 = performance.now();
  const box = document.querySelector('.lv-stages');  // the heading and the lazy box
  (box || document.querySelector('table.lv-table')).scrollIntoView();
}"""
"""JavaScript: scroll the stage table's box into view, the time stamped first."""


RULE_PLACED = """
  // the rule as drawn: where it is in the chart's box, its 2 px border centred on the
  // level's pixel (not only what its style says)
  const chartBox = document.querySelector('.lv-chart');
  const rules = document.querySelectorAll('.lv-chart .lv-level-rule');
  if (!chartBox || rules.length !== ruleX.length) return false;
  const left = chartBox.getBoundingClientRect().left;
  for (let i = 0; i < ruleX.length; i++) {
    if (rules[i].dataset.level !== String(level)) return false;
    const drawn = rules[i].getBoundingClientRect();
    if (!drawn.height || Math.abs(drawn.left + 1 - left - ruleX[i]) > 0.5) return false;
  }
  if (!b.canvasDrawn()) return false;
  if (redrawn && b.canvasHash(b.chartCanvas()) === b.hashBefore) return false;
"""
"""JavaScript: false unless the chart's level rule is at ``level`` where the chart draws it
and the chart is drawn (``redrawn``: its pixels differ from before the action)."""

ZONE_NOTED = """
  const note = document.querySelector('.lv-chart-note');
  if (note && note.dataset.zone !== zone) return false;
"""
"""JavaScript: false unless the note over the chart (which always shows the battlefield,
711.6) is for ``zone``."""

POOL_READY = """([expected, level, zone, ruleX, words, redrawn, stages]) => {
  const b = window.__bench;""" + TABLE_SHOWS + ZONE_NOTED + RULE_PLACED + STAGES_SHOWN + """
  if (words) {
    const tab = [...document.querySelectorAll('marimo-tabs')].map(t => t.shadowRoot
      && t.shadowRoot.querySelector('[role=tab][aria-selected=true]')).find(Boolean);
    if (!tab || tab.textContent.trim() !== words.tab) return false;
    const caption = table.querySelector('caption');
    if (!caption || !caption.textContent.startsWith(words.caption)) return false;
    const head = table.querySelector('thead th');
    if (!head || head.textContent.trim() !== words.name) return false;
  }
  b.t1 = performance.now();
  return true;
}"""
"""JavaScript: the Pool tab shows ``expected`` at ``level`` in ``zone``, the rule placed, the
chart drawn (anew when ``redrawn``), the stage table's first page (``stages``) and, given
``words``, the tab, caption and Name header in that language."""

CARD_READY = """([card]) => {
  const box = document.querySelector('.lv-card .lv-name');
  if (!box || !box.checkVisibility() || box.textContent.trim() !== card) return false;
  window.__bench.t1 = performance.now();
  return true;
}"""

APP_READY = """([expected, level, ruleX]) => {
  const b = window.__bench, zone = 'battlefield', redrawn = false;""" + TABLE_SHOWS \
    + RULE_PLACED + """
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
    first_paint: list[float] = field(default_factory=list)
    joined: list[float] = field(default_factory=list)
    slider: list[float] = field(default_factory=list)
    actions: dict[str, list[float]] = field(default_factory=dict)


def expected_rows(pool: dict[str, leveler.LevelerCard], level: int,
                  zone: leveler.Zone = leveler.Zone.BATTLEFIELD, name: str = "",
                  words: Any = None) -> list[list[str]]:
    """Table rows at ``level`` in ``zone`` for the cards whose name holds ``name``, per the
    library: name, band, P, T, rule; with ``words``, no band and the printed name as that
    language shows them."""
    rows = []
    no_band = NO_BAND if words is None else words["no_band"]
    printed = "" if words is None else words.get("printed_language", "")
    for card in pool.values():
        if name.casefold() not in card.name.casefold():
            continue
        now = leveler.characteristics(card, level, zone)
        band = now.band.label if now.band is not None else no_band
        translation = card.translation(printed) if printed else None
        shown = translation.name if translation is not None and translation.name else card.name
        rows.append([shown, band, str(now.power), str(now.toughness), now.rule])
    return rows


def expected_stages(pool: dict[str, leveler.LevelerCard], zone: leveler.Zone,
                    name: str = "", words: Any = None, page: int = 25) -> list[Any]:
    """The stage table's first page per the library: its row count, the first card's name
    and the level counters of its first stage (one row per card and range of counts over
    which it does not change, :func:`leveler.pool.segments`)."""
    frame = segments({key: card for key, card in pool.items()
                      if name.casefold() in key.casefold()}, (zone,))
    first = min(pool[str(key)].name for key in frame["name"]) if len(frame) else ""
    start = frame[frame["name"] == first]["from_level"].min() if first else 0
    end = frame[(frame["name"] == first) & (frame["from_level"] == start)]["to_level"]
    top = None if not first or end.isna().all() else int(end.iloc[0])
    levels = f"{start}+" if top is None else str(start) if top == start else f"{start}-{top}"
    printed = "" if words is None else words.get("printed_language", "")
    translation = pool[first].translation(printed) if first and printed else None
    shown = translation.name if translation is not None and translation.name else first
    return [min(page, len(frame)), shown, levels]


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


def cold_start(browser: Any, target: Target) -> None:
    """Seconds from spawning the server to the first thing painted with text or an image
    (the browser's first contentful paint: the app's loading line, marimo's own page for the
    minimal notebook) and to the first full render, into ``target``."""
    with serve(target.path) as (url, spawned):
        opened = time.perf_counter()
        page = open_page(browser, url, target)
        elapsed = time.perf_counter() - spawned
        painted = page.evaluate("""() => {
          const paint = performance.getEntriesByName('first-contentful-paint')[0];
          return paint ? paint.startTime : null;
        }""")
        page.close()
        # a newcomer on the running server (a group's shared app): the server and its
        # imports already there, the session and the page new
        joined = time.perf_counter()
        open_page(browser, url, target).close()
        target.joined.append(time.perf_counter() - joined)
    target.cold.append(elapsed)
    if painted is not None:
        target.first_paint.append(opened - spawned + float(painted) / 1000)


def press(page: Any, target: Target, key: str, level: int) -> float:
    """Milliseconds from pressing ``key`` on the focused slider to ``level`` shown."""
    page.bring_to_front()
    page.locator("[role=slider]").filter(visible=True).first.focus()
    page.keyboard.press(key)
    page.wait_for_function(target.ready, arg=target.args(level), polling="raf",
                           timeout=30_000)
    t0, t1 = page.evaluate("() => [window.__bench.t0, window.__bench.t1]")
    return float(t1 - t0)


def slider_latencies(pages: list[tuple[Target, Any]], presses: int) -> None:
    """Press every target's slider ``presses`` times, in turn, recording each latency."""
    for _, page in pages:
        page.wait_for_timeout(500)  # let late layout settle before the first press
    level = 0
    for number in range(presses):
        key = "ArrowRight" if number < (presses + 1) // 2 else "ArrowLeft"
        level += 1 if key == "ArrowRight" else -1
        for target, page in pages:
            target.slider.append(press(page, target, key, level))
            page.wait_for_timeout(100)  # idle between presses, as a person would be


DESCRIBE = """() => {
  const text = node => node ? node.textContent.trim().slice(0, 80) : null;
  const table = document.querySelector('table.lv-table');
  const tab = [...document.querySelectorAll('marimo-tabs')].map(t => t.shadowRoot
    && t.shadowRoot.querySelector('[role=tab][aria-selected=true]')).find(Boolean);
  const stages = [...document.querySelectorAll('marimo-table')].map(t => t.shadowRoot)
    .find(Boolean);
  const rows = root => root ? [...root.querySelectorAll('tbody tr')].slice(0, 2).map(
    tr => [...tr.querySelectorAll('td')].map(td => td.textContent.trim()).join(' | ')) : [];
  return JSON.stringify({table: table && [table.dataset.level, table.dataset.zone,
    text(table.querySelector('caption'))], tab: text(tab), rows: rows(table),
    stages: rows(stages), stageRows: stages ? stages.querySelectorAll('tbody tr').length : 0});
}"""
"""JavaScript: what the page shows, for the message of an action that never finished."""


def _timed(page: Any, ready: str, args: list[Any], idle: bool = True) -> float:
    """Milliseconds from the action's stamp to ``ready`` passing; then idle a moment (not
    with ``idle=False``: the next wait times a later step of the same action)."""
    try:
        page.wait_for_function(ready, arg=args, polling="raf", timeout=30_000)
    except Exception as error:
        raise RuntimeError(f"the page never showed {str(args)[:300]}: it shows "
                           f"{page.evaluate(DESCRIBE)}") from error
    t0, t1 = page.evaluate("() => [window.__bench.t0, window.__bench.t1]")
    if idle:
        page.wait_for_timeout(150)  # idle between actions
    return float(t1 - t0)


def remember_pixels(page: Any) -> None:
    """Hash the chart's pixels now, for a ``redrawn`` check after the next action."""
    page.evaluate("() => window.__bench.rememberPixels()")


def action_latencies(page: Any, target: Target, pool: dict[str, leveler.LevelerCard],
                     rounds: int) -> None:
    """Zone, filter, tab and language changes on the app's Pool tab at level 0, each
    ``rounds`` times there and back; milliseconds into ``target.actions``."""
    levels = level_range(pool)
    rule_x = [GEOMETRY.x(panel, 0, levels) for panel in range(len(METRICS))]
    english, french = words_for("en"), words_for("fr")
    battlefield, hand = leveler.Zone.BATTLEFIELD, leveler.Zone.HAND

    def pool_args(zone: leveler.Zone = battlefield, name: str = "",
                  words: Any = None, redrawn: bool = True) -> list[Any]:
        language = None if words is None else {
            "tab": words["tab_pool"], "name": words.get("col.Name", "Name"),
            "caption": words["caption"].split("{")[0]}
        # the chart and the stage table are the battlefield's in every zone (711.6): a zone
        # change redraws no chart and remakes no marimo table
        return [expected_rows(pool, 0, zone, name, words), 0, zone.value, rule_x, language,
                redrawn, expected_stages(pool, battlefield, name, words)]

    def record(name: str, value: float) -> None:
        target.actions.setdefault(name, []).append(value)

    page.bring_to_front()
    zone_box = page.locator("select").filter(has_text=english["zone.hand"]).first
    name_box = page.get_by_placeholder(english["name_placeholder"]).first
    for _ in range(rounds):
        zone_box.focus()
        page.keyboard.press("ArrowDown")  # Battlefield -> Hand
        record("zone", _timed(page, POOL_READY, pool_args(hand, redrawn=False)))
        page.keyboard.press("ArrowUp")
        record("zone", _timed(page, POOL_READY, pool_args(redrawn=False)))
        remember_pixels(page)
        name_box.fill("Student")
        name_box.press("Enter")
        record("filter", _timed(page, POOL_READY, pool_args(name="Student")))
        page.evaluate(SCROLL_TO_STAGES)
        record("stages", _timed(page, STAGES_SCROLLED,
                                [expected_stages(pool, battlefield, "Student")]))
        page.evaluate("() => document.querySelector('h1').scrollIntoView()")
        remember_pixels(page)
        name_box.fill("")
        name_box.press("Enter")
        record("filter", _timed(page, POOL_READY, pool_args()))
        page.get_by_role("tab", name=english["tab_card"]).click()
        record("tab", _timed(page, CARD_READY, ["Student of Warfare"]))
        page.get_by_role("tab", name=english["tab_pool"]).click()
        record("tab", _timed(page, POOL_READY, pool_args(redrawn=False)))
        for words in (french, english):
            # timed twice from the same click: the tables and tab in the new words, then
            # the whole screen, the chart drawn anew in them too
            remember_pixels(page)
            page.get_by_text(words["language_name"], exact=True).filter(
                visible=True).first.click()
            record("language_words", _timed(page, POOL_READY,
                                            pool_args(words=words, redrawn=False), idle=False))
            record("language", _timed(page, POOL_READY, pool_args(words=words)))


def _row(label: str, app: list[float], base: float, target: str) -> str:
    median = statistics.median(app)
    return (f"| {label}, median (min-max) | {median:.0f} ms ({min(app):.0f}-{max(app):.0f}) "
            f"| {base:.0f} ms (slider) | {median / base:.2f}x | {target} |")


ACTION_LABELS = {"zone": "zone change -> table and chart", "filter":
                 "name filter -> table and chart", "tab": "tab switch (Pool <-> Card)",
                 "language": "language switch (English <-> Français), chart drawn anew",
                 "language_words": "language switch, the tables' and tab's words only",
                 "stages": "after a filter, stage table scrolled into view -> its first page"}


def figures_markdown(app: Target, minimal: Target, presses: int, colds: int,
                     load: tuple[float, float, float]) -> str:
    slider = (statistics.median(app.slider), statistics.median(minimal.slider))
    cold = (statistics.median(app.cold), statistics.median(minimal.cold)) if app.cold \
        else None
    versions = ", ".join(f"{name} {metadata.version(name)}"
                         for name in ("marimo", "altair", "pandas", "playwright"))
    rounds = len(next(iter(app.actions.values()), [])) // 2
    lines = [
        f"Measured {time.strftime('%Y-%m-%d %H:%M')} on {platform.system()} "
        f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"{versions}, Debian Chromium headless, {VIEWPORT['width']}x{VIEWPORT['height']}; "
        f"{presses} slider presses, {rounds} rounds of each other action (there and back) "
        f"and {colds} cold starts per notebook; load average "
        f"{load[0]:.1f} before, {os.getloadavg()[0]:.1f} after (the machine is shared).",
        "",
        "| measure | explorer app | minimal notebook | app / minimal | target |",
        "|---|---|---|---|---|",
        f"| slider key -> new level shown, median | {slider[0]:.0f} ms | {slider[1]:.0f} ms "
        f"| {slider[0] / slider[1]:.2f}x | <= 1.3x |",
        f"| slider key -> new level shown, min-max | {min(app.slider):.0f}-"
        f"{max(app.slider):.0f} ms | {min(minimal.slider):.0f}-{max(minimal.slider):.0f} ms "
        "| | |",
    ]
    for key, label in ACTION_LABELS.items():
        if app.actions.get(key):
            lines.append(_row(label, app.actions[key], slider[1],
                              "" if key in ("stages", "language_words") else "<= 2x"))
    if cold is not None:
        lines += [
            f"| cold start -> first full render, median | {cold[0]:.2f} s | {cold[1]:.2f} s "
            f"| {cold[0] / cold[1]:.2f}x | <= 1.3x |",
        ]
    if app.first_paint and minimal.first_paint:
        paint = (statistics.median(app.first_paint), statistics.median(minimal.first_paint))
        lines.append(
            f"| cold start -> first visible text (first contentful paint), median "
            f"| {paint[0]:.2f} s | {paint[1]:.2f} s | {paint[0] / paint[1]:.2f}x | <= 1.3x |")
    if app.joined and minimal.joined:
        joined = (statistics.median(app.joined), statistics.median(minimal.joined))
        lines.append(
            f"| a new page on the running server -> first full render, median "
            f"| {joined[0]:.2f} s | {joined[1]:.2f} s | {joined[0] / joined[1]:.2f}x | |")
    if cold is not None:
        lines += [
            f"| cold starts, each | {', '.join(f'{c:.2f}' for c in app.cold)} s "
            f"| {', '.join(f'{c:.2f}' for c in minimal.cold)} s | | |",
        ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presses", type=int, default=20)
    parser.add_argument("--cold-starts", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=5,
                        help="rounds of the zone, filter, tab and language actions (0: none)")
    parser.add_argument("--no-write", action="store_true", help="do not update the README")
    parser.add_argument("--app", type=Path, default=APP,
                        help="the notebook to measure (default: notebooks/explorer.py)")
    parser.add_argument("--compare", type=Path, default=None,
                        help="another version of the app, its slider pressed and its other "
                             "actions done in the same run, in turn with the app's")
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
            other = (Target("compared", options.compare.resolve(), APP_READY, app_args)
                     if options.compare else None)
            for _ in range(options.cold_starts):  # alternating, so drift hits all alike
                for target in (app, minimal, *([other] if other else [])):
                    cold_start(browser, target)
            with contextlib.ExitStack() as stack:
                pages = []
                for target in (app, minimal, *([other] if other else [])):
                    url, _ = stack.enter_context(serve(target.path))
                    pages.append((target, open_page(browser, url, target)))
                slider_latencies(pages, options.presses)
                measured = [pages[0], *pages[2:]]  # the app and the compared version
                for _ in range(options.rounds):  # a round each in turn: drift hits both
                    for target, page in measured:
                        action_latencies(page, target, pool, 1)
                for _, page in pages:
                    page.close()
            browser.close()
    block = figures_markdown(app, minimal, options.presses, options.cold_starts, load)
    if other is not None:
        block += (f"\n\nCompared in the same run, {options.compare}: slider median "
                  f"{statistics.median(other.slider):.0f} ms "
                  f"({min(other.slider):.0f}-{max(other.slider):.0f}), "
                  f"{statistics.median(other.slider) / statistics.median(minimal.slider):.2f}x"
                  " the minimal notebook" + "".join(
                      f"; {key} {statistics.median(values):.0f} ms against the app's "
                      f"{statistics.median(app.actions[key]):.0f} ms"
                      for key, values in other.actions.items())
                  + (f"; cold start to first full render {statistics.median(other.cold):.2f} s "
                     f"against the app's {statistics.median(app.cold):.2f} s" if other.cold
                     else "") + ".")
    publish(block, README, (START, END), "App latency", write=not options.no_write)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
