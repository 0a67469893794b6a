"""Browser tests of the explorer: ``marimo run`` servers and Debian's Chromium via Playwright.

Each pool gets one server for the whole session (started on first use, on a free
loopback port, stopped by its PID at the end); each test gets a fresh page, which
marimo serves as a fresh session. Tests marked ``browser`` are skipped with a message
where ``/usr/bin/chromium`` (or ``$LEVELER_CHROMIUM``) is missing, unless
``LEVELER_REQUIRE_BROWSER=1`` (CI), where that is an error. Screenshots go to ``artifacts/``.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "explorer.py"
XSS_POOL = ROOT / "tests" / "data" / "xss_pool.json"
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = Path(os.environ.get("LEVELER_CHROMIUM", "/usr/bin/chromium"))
"""Debian's Chromium; LEVELER_CHROMIUM names another build of Chromium."""
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
LAPTOP = {"width": 1366, "height": 768}


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("browser") is None or CHROMIUM.exists():
        return
    message = (f"{CHROMIUM} not found: the browser tests need Debian's Chromium "
               "(apt-get install chromium; .ci/run does this)")
    if os.environ.get("LEVELER_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{message}. LEVELER_REQUIRE_BROWSER=1, so this is an error.", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch options, pointed at Debian's Chromium (no playwright install)."""
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A laptop-size window."""
    return {**browser_context_args, "viewport": LAPTOP}


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


class MarimoServer:
    """``marimo run notebooks/explorer.py`` on a free loopback port, with its log kept."""

    def __init__(self, pool: Path | None, designs: Path | None = None,
                 port: int | None = None) -> None:
        if port is None:
            with socket.socket() as sock:
                sock.bind(("127.0.0.1", 0))
                port = sock.getsockname()[1]
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        env = dict(os.environ, MARIMO_SKIP_UPDATE_CHECK="1")
        env.pop("LEVELER_POOL", None)
        if pool is not None:
            env["LEVELER_POOL"] = str(pool)
        # never the user's designs store: the one given, else a fresh one of this server's own
        self.designs_dir = tempfile.TemporaryDirectory(prefix="leveler-designs-")
        env["LEVELER_DESIGNS"] = str(designs or Path(self.designs_dir.name) / "designs.sqlite")
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "marimo", "run", str(NOTEBOOK), "--headless",
             "--host", "127.0.0.1", "--port", str(port), "--no-token", "--no-sandbox"],
            cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=self.log,
            stderr=subprocess.STDOUT, start_new_session=True,
        )
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(self.url + "/health", timeout=1).close()
                return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    log = self.output()
                    self.stop()
                    raise RuntimeError(f"marimo run did not come up:\n{log}") from None
                time.sleep(0.1)

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode("utf-8", "replace")

    def kill(self) -> None:
        """``kill -9`` the server (its whole process group), as a crash would."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
        self.designs_dir.cleanup()


def _serve(pool: Path | None, designs: Path | None = None) -> Iterator[str]:
    server = MarimoServer(pool, designs)
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def app_url() -> Iterator[str]:
    """The app on the bundled pool."""
    yield from _serve(None)


@pytest.fixture(scope="session")
def xss_url() -> Iterator[str]:
    """The app on tests/data/xss_pool.json (a card named ``<img src=x onerror=alert(1)>``)."""
    yield from _serve(XSS_POOL)


@pytest.fixture(scope="session")
def missing_pool_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app pointed at a pool file that is not there."""
    yield from _serve(tmp_path_factory.mktemp("pools") / "no-such-pool.json")


@pytest.fixture(scope="session")
def designs_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The designs store of :func:`bench_url`'s server (it does not exist at first)."""
    return tmp_path_factory.mktemp("designs") / "designs.sqlite"


@pytest.fixture(scope="session")
def bench_url(designs_path: Path) -> Iterator[str]:
    """The app on the bundled pool, saving designs to :func:`designs_path` (LEVELER_DESIGNS)."""
    yield from _serve(None, designs_path)

