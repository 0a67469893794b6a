"""`make serve`: a group's server takes its password from a file and never shows it.

The README's recipe for serving a group (issue 11): the password must not be on a
command line (every local user sees it in ``ps``), and the access-token URL that marimo
prints at start must not carry it into a terminal or a log.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "group-password-7f3a"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def _wait_for_url(output: list[str], process: subprocess.Popen[str]) -> None:
    assert process.stdout is not None
    deadline = time.monotonic() + 90  # a hang guard only, not a speed limit
    for line in process.stdout:
        output.append(line)
        if "URL:" in line or time.monotonic() > deadline:
            return


def test_make_serve_masks_the_password_and_keeps_it_off_the_command_line(
        tmp_path: Path) -> None:
    password_file = tmp_path / "password"
    password_file.write_text(PASSWORD + "\n")
    port = _free_port()
    process = subprocess.Popen(
        ["make", "--no-print-directory", "serve", f"PASSWORD_FILE={password_file}",
         "HOST=127.0.0.1", f"PORT={port}"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True, env=dict(os.environ, MARIMO_SKIP_UPDATE_CHECK="1"))
    output: list[str] = []
    try:
        _wait_for_url(output, process)
        printed = "".join(output)
        assert "access_token=<hidden>" in printed, printed
        assert PASSWORD not in printed
        commands = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True,
                                  check=True).stdout
        assert PASSWORD not in commands
        # the server does hold the password: a wrong one is sent to the login page, the
        # right one gets a session cookie
        def answer(token: str) -> tuple[str, str]:
            opener = urllib.request.build_opener(_NoRedirect)
            try:
                opener.open(f"http://127.0.0.1:{port}/?access_token={token}", timeout=10)
            except urllib.error.HTTPError as error:
                return error.headers.get("location", ""), error.headers.get("set-cookie", "")
            return "", ""
        assert answer("wrong")[0].startswith("/auth/login")
        location, cookie = answer(PASSWORD)
        assert location == "/" and cookie.startswith("session_")
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


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
