"""Parse throughput: the bundled pool, and 100,000 generated design texts.

Run:  .venv/bin/python benchmarks/parse.py [--texts 100000]

Side by side in one run, on the same texts:
- ``parse_card`` (validation, errors with lines, NFKC, language detection);
- a bare scan that only splits lines and matches the header and P/T regexes, with no
  model and no validation: a floor for any line-based parser in Python;
- ``load_pool()`` of the bundled file (JSON, parse, cross-check, translations).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.synthetic import design_texts  # noqa: E402
from leveler import format_card, load_pool, parse_card  # noqa: E402

_HEADER = re.compile(r"^LEVEL (\d+)(?:-(\d+)|\+)$")
_PT = re.compile(r"^(\d+)/(\d+)$")


def bare_scan(text: str) -> int:
    """Count headers and P/T lines: the least a parser must do."""
    found = 0
    for line in text.splitlines():
        if _HEADER.match(line) or _PT.match(line):
            found += 1
    return found


def timed(label: str, count: int, work: object) -> float:
    start = time.perf_counter()
    work()  # type: ignore[operator]
    seconds = time.perf_counter() - start
    print(f"{label:<48}{count:>9,}{seconds:>10.3f} s{count / seconds:>14,.0f} /s")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--texts", type=int, default=100_000)
    options = parser.parse_args()
    print(f"{'':<48}{'texts':>9}{'time':>12}{'rate':>16}")
    timed("load_pool(), first call (bundled file, 25 cards)", 25, load_pool)
    pool = load_pool()
    cases = design_texts(options.texts)
    printed = [(card, format_card(card)) for card in pool.values()]

    def parse_all(items: list) -> None:  # type: ignore[type-arg]
        for card, text in items:
            parse_card(text, name=card.name, mana_cost=str(card.mana_cost),
                       type_line=card.type_line, power=card.power, toughness=card.toughness)

    timed("parse_card, the 25 printed oracle texts", len(printed), lambda: parse_all(printed))
    full = timed(f"parse_card, {len(cases):,} generated designs", len(cases),
                 lambda: parse_all(cases))
    bare = timed(f"bare regex scan, the same {len(cases):,} texts", len(cases),
                 lambda: [bare_scan(text) for _, text in cases])
    print(f"parse_card costs {full / bare:.1f}x a bare scan of the same lines")


if __name__ == "__main__":
    main()
