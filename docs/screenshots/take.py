"""Screenshots of every tab of the explorer at 390 and 1366 px, in English and French.

Run from the repository: ``.venv/bin/python docs/screenshots/take.py`` (needs Debian's
Chromium, as the browser tests do). It serves ``notebooks/explorer.py`` with
``marimo run`` on a free port and opens each screen by its link (``?tab=…&lang=…``,
leveler/app/link.py), so every picture is the screen that link shows. Written next to
this script as ``<tab>-<lang>-<width>.png``.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CHROMIUM = os.environ.get("LEVELER_CHROMIUM", "/usr/bin/chromium")
TABS = {"pool": "level=5", "card": "level=5&card=Student+of+Warfare",
        "whatif": "", "balance": "", "bench": ""}
LANGUAGES = ("en", "fr")
WIDTHS = {390: 844, 1366: 768}
SCROLL_TO_TOP = """() => { window.scrollTo(0, 0);
  document.querySelectorAll('*').forEach(box => { if (box.scrollTop) box.scrollTop = 0; }); }"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _settle(page: Page) -> None:
    """Wait until the page is quiet (a tab that keeps a request open never is: then a while)."""
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_load_state("networkidle", timeout=15_000)
    page.wait_for_timeout(1500)  # charts draw after their spec arrives


def main() -> None:
    port = _free_port()
    env = dict(os.environ, MARIMO_SKIP_UPDATE_CHECK="1")
    server = subprocess.Popen(
        [sys.executable, "-m", "marimo", "run", str(ROOT / "notebooks" / "explorer.py"),
         "--headless", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
            for width, height in WIDTHS.items():
                page = browser.new_page(viewport={"width": width, "height": height})
                for language in LANGUAGES:
                    for tab, extra in TABS.items():
                        query = "&".join(part for part in (f"tab={tab}", f"lang={language}",
                                                           extra) if part)
                        page.goto(f"http://127.0.0.1:{port}/?{query}")
                        page.wait_for_selector("[role=tablist]", timeout=120_000)
                        _settle(page)
                        if tab == "pool":  # marimo draws the stage table once scrolled to
                            page.locator(".lv-stages").first.evaluate(
                                "box => box.scrollIntoView()")
                            _settle(page)
                            page.evaluate(SCROLL_TO_TOP)
                        path = HERE / f"{tab}-{language}-{width}.png"
                        page.screenshot(path=str(path), full_page=width == 1366)
                        print(path.relative_to(ROOT))
                page.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
