"""`make serve`: a group's server takes its password from a file, never shows it, and
refuses oversized request bodies before reading them (issue 11).

The README's recipe for serving a group: the password must not be on a command line
(every local user sees it in ``ps``) nor printed; a member who POSTs hundreds of MB around
the browser's upload limit must not make the shared server read them.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from leveler.app.serve import DEFAULT_MAX_BODY

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "group-password-7f3a"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def _answer(port: int, token: str) -> tuple[int, str, str]:
    """Status, location and cookie of ``/?access_token=token``, redirects not followed."""
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(f"http://127.0.0.1:{port}/?access_token={token}", timeout=10) as r:
            return r.status, r.headers.get("location", ""), r.headers.get("set-cookie", "")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("location", ""), \
            error.headers.get("set-cookie", "")


def _wait_until_serving(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120  # a hang guard only, not a speed limit
    while time.monotonic() < deadline and process.poll() is None:
        try:
            _answer(port, "probe")
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("make serve did not come up")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory):
    password_file = tmp_path_factory.mktemp("serve") / "password"
    password_file.write_text(PASSWORD + "\n")
    port = _free_port()
    log = tmp_path_factory.mktemp("serve-log") / "out.txt"
    with log.open("wb") as out:
        process = subprocess.Popen(
            ["make", "--no-print-directory", "serve", f"PASSWORD_FILE={password_file}",
             "HOST=127.0.0.1", f"PORT={port}"],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            env=dict(os.environ, MARIMO_SKIP_UPDATE_CHECK="1"))
        try:
            _wait_until_serving(port, process)
            yield port, log
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)


def test_the_password_is_on_no_command_line_and_never_printed(served) -> None:
    _, log = served
    commands = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True,
                              check=True).stdout
    assert PASSWORD not in commands
    assert PASSWORD not in log.read_text(errors="replace")


def test_only_the_password_lets_a_member_in(served) -> None:
    port, _ = served
    status, location, _ = _answer(port, "wrong")
    assert status == 303 and location.startswith("/auth/login")
    status, location, cookie = _answer(port, PASSWORD)
    assert (status, location) == (303, "/") and cookie.startswith("session")
    request = urllib.request.Request(f"http://127.0.0.1:{port}/",
                                     headers={"Cookie": cookie.split(";")[0]})
    with urllib.request.urlopen(request, timeout=30) as page:  # the app, logged in
        assert page.status == 200 and "<marimo" in page.read().decode().lower()


def test_an_oversized_request_body_is_refused_before_it_is_read(served) -> None:
    port, _ = served
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.putrequest("POST", "/api/kernel/set_ui_element_value")
    connection.putheader("Content-Type", "application/json")
    connection.putheader("Content-Length", str(DEFAULT_MAX_BODY + 1))
    connection.endheaders()  # no body sent: the answer must come from the header alone
    assert connection.getresponse().status == 413
    connection.close()


def test_make_serve_without_a_password_file_is_refused() -> None:
    result = subprocess.run(["make", "--no-print-directory", "serve"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode != 0
    assert "PASSWORD_FILE" in result.stderr


@pytest.mark.parametrize("name", ["missing", "folder"])
def test_make_serve_refuses_an_unreadable_password_file(tmp_path: Path, name: str) -> None:
    target = tmp_path / name
    if name == "folder":
        target.mkdir()
    result = subprocess.run(["make", "--no-print-directory", "serve",
                             f"PASSWORD_FILE={target}"], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode != 0
    assert "not a readable file" in result.stderr
