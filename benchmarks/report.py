"""Writing a benchmark's figures into a markdown file, between its own markers."""

from __future__ import annotations

from pathlib import Path


def replace_between(path: Path, markers: tuple[str, str], block: str,
                    heading: str | None = None) -> None:
    """Put ``block`` between ``markers`` (start, end) in ``path``. Where the markers are
    absent: with ``heading``, append a new section holding them; else stop with a message."""
    start, end = markers
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    if start in text and end in text:
        head, rest = text.split(start, 1)
        _, tail = rest.split(end, 1)
        text = f"{head}{start}\n{block}\n{end}{tail}"
    elif heading is not None:
        text = text.rstrip("\n") + f"\n\n## {heading}\n\n{start}\n{block}\n{end}\n"
    else:
        raise SystemExit(f"{path.name} has no {start} ... {end} markers")
    path.write_text(text, encoding="utf-8")


def publish(block: str, path: Path, markers: tuple[str, str], heading: str,
            write: bool = True) -> None:
    """Print a benchmark's figures and, unless ``write`` is False, put them in ``path``
    between ``markers`` (a new section under ``heading`` the first time)."""
    print(block)
    if write:
        replace_between(path, markers, block, heading=heading)
        print(f"\nwritten to {path.name} ({path})")
