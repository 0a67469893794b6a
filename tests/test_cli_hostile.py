"""The command line against hostile input (issue 11): every failure is exit 1 with a short
message naming what and where, never a traceback; bad usage stays exit 2; input files are
regular files only; outputs are atomic, refused over an existing file unless ``--force``,
and take their format from the flag.

The CLI runs in a subprocess where a hang or a crash is possible; the timeout given there
is only a guard against a hang (a FIFO waited on), never a speed limit.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from leveler import cli, cli_output
from leveler.cli import main
from leveler.export import PNG_SIGNATURE

RECORDS = json.loads((Path(__file__).parents[1] / "data" / "levelers.json").read_text("utf-8"))
HANG_GUARD = 300
"""Seconds after which a run is taken to hang (a FIFO waited on); not a speed limit."""
MEMORY_GUARD = 3 * 1024**3
"""Address space a hostile-file run may take: a regression then fails as a MemoryError in
this run instead of swapping the shared machine (the CLI itself reads in a few MB)."""


def _guard_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_GUARD, MEMORY_GUARD))


def leveler(*argv: str, env: dict[str, str] | None = None, drop_root: bool = False,
            memory_guard: bool = False) -> subprocess.CompletedProcess[str]:
    """``python -m leveler argv`` in a subprocess; without root's file overrides if asked."""
    command = [sys.executable, "-m", "leveler", *argv]
    if drop_root and os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root, and no setpriv to drop the permission overrides")
        command = [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner",
                   "--inh-caps=-all", *command]
    return subprocess.run(command, capture_output=True, text=True, encoding="utf-8",
                          check=False, timeout=HANG_GUARD, env=env,
                          preexec_fn=_guard_memory if memory_guard else None)


def assert_failed_cleanly(done: subprocess.CompletedProcess[str], *names: str) -> str:
    """Exit 1, nothing on stdout, a message of a few lines naming ``names``, no traceback."""
    assert done.returncode == 1, (done.returncode, done.stderr[-2000:])
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("leveler")
    assert 1 <= len(done.stderr.splitlines()) <= cli_output.MESSAGE_LINES + 1
    for name in names:
        assert name in done.stderr
    return done.stderr


# ------------------------------------------------------------------ hostile input files


@pytest.mark.parametrize("command", [["table", "--pool"], ["show", "Hexdrinker", "--pool"],
                                     ["resolve"]])
def test_an_unclosed_nest_of_3000_brackets_is_refused(command: list[str],
                                                      tmp_path: Path) -> None:
    """Issue 11 item 4: ``[`` x 3000 unclosed raised RecursionError."""
    path = tmp_path / "unclosed.json"
    path.write_text("[" * 3000, "utf-8")
    assert_failed_cleanly(leveler(*command, str(path), memory_guard=True), str(path))


@pytest.mark.parametrize("command", [["table", "--pool"], ["resolve"]])
def test_arrays_nested_100k_deep_are_refused_without_running_out_of_memory(
        command: list[str], tmp_path: Path) -> None:
    """Issue 11 item 2: nested JSON grew memory with the square of its depth (OOM-killed)."""
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, "utf-8")
    err = assert_failed_cleanly(leveler(*command, str(path), memory_guard=True), str(path))
    assert "out of memory" not in err and "limit" in err  # refused by depth, while reading


def test_deep_json_on_standard_input_is_refused(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "leveler", "resolve", "-"],
                          input='{"card": ' * 50_000, capture_output=True, text=True,
                          check=False, timeout=HANG_GUARD, preexec_fn=_guard_memory)
    assert_failed_cleanly(done, "standard input")


def test_a_31_digit_power_is_refused_naming_the_card(tmp_path: Path) -> None:
    """Issue 11 item 4: a pool card whose power is a 31-digit string; rule 208.1."""
    record = {**RECORDS[0], "power": "1" * 31}
    path = tmp_path / "pool.json"
    path.write_text(json.dumps([record]), "utf-8")
    for command in (["table"], ["show", record["name"]], ["balance", record["name"]],
                    ["chart", "--png", str(tmp_path / "out.png")]):
        assert_failed_cleanly(leveler(*command, "--pool", str(path)), str(path),
                              record["name"])
    assert not (tmp_path / "out.png").exists()


@pytest.mark.parametrize("command", [["table", "--pool"], ["resolve"],
                                     ["resolve", "humility.json", "--pool"]])
def test_a_fifo_is_refused_at_once_not_waited_on(command: list[str], tmp_path: Path) -> None:
    """Issue 11 item 7: the CLI hung on a FIFO (nobody ever writes to this one)."""
    fifo = tmp_path / "cards.json"
    os.mkfifo(fifo)
    situation = Path(__file__).parent / "data" / "situations" / "humility_student.json"
    argv = [str(situation) if arg == "humility.json" else arg for arg in command]
    err = assert_failed_cleanly(leveler(*argv, str(fifo)), str(fifo))
    assert "not a regular file" in err


@pytest.mark.parametrize("command", [["table", "--pool"], ["resolve"]])
def test_a_folder_or_a_device_is_refused(command: list[str], tmp_path: Path) -> None:
    for path in (tmp_path, Path(os.devnull)):
        err = assert_failed_cleanly(leveler(*command, str(path)), str(path))
        assert "not a regular file" in err


def test_a_missing_file_names_it(tmp_path: Path) -> None:
    assert_failed_cleanly(leveler("table", "--pool", str(tmp_path / "nowhere.json")),
                          "nowhere.json", "No such file")


# ------------------------------------------------------------------ counts and usage


@pytest.mark.parametrize("level", ["99999999999999999999", "1" * 5000,
                                   str(cli.MAX_LEVEL_COUNTERS + 1)])
def test_a_huge_level_count_is_bad_usage_not_a_traceback(level: str) -> None:
    done = leveler("table", "--level", level)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"at most {cli.MAX_LEVEL_COUNTERS}" in done.stderr


def test_the_largest_level_count_still_works(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "Student of Warfare", "--level", str(cli.MAX_LEVEL_COUNTERS)]) == 0
    assert "band:            LEVEL 7+" in capsys.readouterr().out


# ------------------------------------------------------------------ outputs


def test_an_existing_output_is_kept_without_force_and_replaced_with_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes", "utf-8")
    os.chmod(notes, 0o640)
    assert main(["chart", "--png", str(notes)]) == 1
    assert "already exists; give --force" in capsys.readouterr().err
    assert notes.read_text("utf-8") == "my notes"
    assert main(["balance", "Hexdrinker", "--csv", str(notes)]) == 1
    assert notes.read_text("utf-8") == "my notes"
    assert main(["chart", "--png", str(notes), "--force"]) == 0
    assert notes.read_bytes()[:8] == PNG_SIGNATURE
    assert stat.S_IMODE(notes.stat().st_mode) == 0o640  # the file's permissions kept
    assert "holds PNG (from --png)" in capsys.readouterr().err
    assert sorted(tmp_path.iterdir()) == [notes]  # no temporary file left behind


def test_the_format_is_the_flags_not_the_suffix(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    png_named_svg, svg_named_png = tmp_path / "x.svg", tmp_path / "x.png"
    assert main(["chart", "--png", str(png_named_svg), "--svg", str(svg_named_png)]) == 0
    assert png_named_svg.read_bytes()[:8] == PNG_SIGNATURE
    assert svg_named_png.read_bytes().startswith(b"<svg")
    err = capsys.readouterr().err
    assert "x.svg holds PNG" in err and "x.png holds SVG" in err


def test_png_and_svg_to_one_file_is_bad_usage(tmp_path: Path) -> None:
    out = tmp_path / "same"
    assert main(["chart", "--png", str(out), "--svg", str(out)]) == 2
    assert not out.exists()


def test_a_folder_fifo_device_or_link_is_never_replaced_even_with_force(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo, link, target = tmp_path / "fifo", tmp_path / "link.png", tmp_path / "target"
    os.mkfifo(fifo)
    target.write_text("kept", "utf-8")
    link.symlink_to(target)
    for path, kind in ((tmp_path, "a folder"), (fifo, "a FIFO"),
                       (Path(os.devnull), "a device"), (link, "a symbolic link")):
        assert main(["chart", "--png", str(path), "--force"]) == 1
        assert f"{path}: is {kind}" in capsys.readouterr().err
    assert target.read_text("utf-8") == "kept" and link.is_symlink()
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_a_read_only_file_is_not_replaced_even_with_force(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "balance.csv"
    out.write_text("kept", "utf-8")
    os.chmod(out, 0o444)
    assert main(["balance", "Hexdrinker", "--csv", str(out), "--force"]) == 1
    assert "is read-only" in capsys.readouterr().err
    assert out.read_text("utf-8") == "kept"


def test_a_read_only_folder_gives_a_message_and_leaves_nothing(tmp_path: Path) -> None:
    """Root ignores folder permissions; the run then drops those overrides (setpriv)."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    os.chmod(folder, 0o555)
    try:
        for argv in (["chart", "--svg", str(folder / "c.svg")],
                     ["balance", "Hexdrinker", "--csv", str(folder / "b.csv")]):
            err = assert_failed_cleanly(leveler(*argv, drop_root=True), str(folder))
            assert "cannot write (Permission denied)" in err
        assert list(folder.iterdir()) == []
    finally:
        os.chmod(folder, 0o755)


# ------------------------------------------------------------------ the terminal


def test_a_closed_pipe_ends_quietly() -> None:
    """``leveler table | head -1``: the reader is gone before the table is written (the
    pipe's read end is closed before the CLI starts); no traceback, exit 1."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run([sys.executable, "-m", "leveler", "table", "--level", "3"],
                              stdout=write_end, stderr=subprocess.PIPE, check=False,
                              timeout=HANG_GUARD)
    finally:
        os.close(write_end)
    assert done.stderr == b"" and done.returncode == 1


def test_output_is_utf8_whatever_the_terminal_says() -> None:
    """Rule quotes (711.2a uses curly quotes) on an ASCII terminal: no UnicodeEncodeError."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "LC_ALL": "C", "PYTHONUTF8": "0"}
    done = subprocess.run([sys.executable, "-m", "leveler", "show", "Étudiante de la guerre",
                           "--level", "3"], capture_output=True, check=False, env=env,
                          timeout=HANG_GUARD)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    out = done.stdout.decode("utf-8")
    assert out.startswith("Student of Warfare") and "711.2a  “{LEVEL N1-N2}" in out


def test_terminal_controls_in_a_card_file_are_shown_escaped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name = "Evil\x1b]0;owned\x07 Knight\x9b31m"
    path = tmp_path / "pool.json"
    path.write_text(json.dumps([{**RECORDS[0], "name": name, "name_fr": None}]), "utf-8")
    assert main(["table", "--pool", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Evil\\x1b]0;owned\\x07 Knight\\x9b31m" in out
    assert not any(char in out for char in "\x1b\x07\x9b")
    assert main(["show", "Evil]0;owned Knight31m", "--pool", str(path)]) == 1  # a suggestion
    err = capsys.readouterr().err
    assert "\\x1b" in err and "\x1b" not in err


# ------------------------------------------------------------------ the boundary itself


@pytest.mark.parametrize(("failure", "said"), [
    (RecursionError("maximum recursion depth exceeded"), "nested too deeply"),
    (MemoryError(), "out of memory"),
    (OverflowError("int too large to convert"), "a number is too large"),
    (PermissionError(13, "Permission denied", "/somewhere"), "Permission denied (/somewhere)"),
    (KeyError("band"), "failed: KeyError: 'band'"),
])
def test_whatever_a_command_raises_is_one_message_and_exit_1(
        failure: BaseException, said: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    def explode(*args: object, **kwargs: object) -> None:
        raise failure

    monkeypatch.setattr(cli, "pool_table", explode)
    assert main(["table"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("leveler table: ") and said in err
    assert len(err.splitlines()) == 1


def test_a_long_error_is_cut_to_a_few_lines(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """A pool of 40 bad cards: every card fails, the message stays a few lines."""
    bad = [{**RECORDS[0], "name": f"Bad {n}", "name_fr": None,
            "oracle_text": "LEVEL 1+\n2/2"} for n in range(40)]
    path = tmp_path / "pool.json"
    path.write_text(json.dumps(bad), "utf-8")
    assert main(["table", "--pool", str(path)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == cli_output.MESSAGE_LINES + 1 and "more line(s)" in lines[-1]
    assert lines[0].startswith(f"leveler: {path}: 40 card(s)")


def test_json_output_escapes_what_json_leaves_raw_and_still_parses_back(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """JSON escapes C0 controls itself; C1 (``\\x9b`` is a terminal's CSI) and bidi
    overrides it leaves raw, so the CLI escapes them too, losslessly."""
    name = "Knight\x9b31m\u202eevil"
    path = tmp_path / "custom.json"
    path.write_text(json.dumps({"card": {"name": name, "power": 1, "toughness": 1,
                                         "oracle_text": "Level up {1}\nLEVEL 1+\n2/2"}}),
                    "utf-8")
    assert main(["resolve", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    assert "\x9b" not in out and "\u202e" not in out and "\\u009b" in out
    assert json.loads(out)["name"] == name
