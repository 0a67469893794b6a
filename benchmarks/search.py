"""Band-aware search over 100,000 generated designs: time per query.

Compares, in one run and on the same designs, :func:`leveler.search.search_frame` (the
frame, worked over band boundaries), :func:`leveler.search.search` (the same, plus a
``Match`` object with its characteristics per matching card) and a plain Python loop
that walks every count from 0 to past the query's numbers and the card's top band,
asking ``characteristics`` at each count and evaluating the parsed terms there (the same
terms, so the answers must agree).

Usage: ``.venv/bin/python benchmarks/search.py [--designs 100000] [--repeat 3]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.synthetic import designs
from leveler import Zone, characteristics
from leveler.model import LevelerCard
from leveler.search import Term, parse_query, search, search_frame

QUERIES = ("pow>=4 lvl<=3", "o:flying pow>=6", "mana<=6 pt>=10", "-c:w tou>=8 lvl>2",
           "lvl>=40")


def loop_search(cards: list[LevelerCard], terms: tuple[Term, ...]) -> list[tuple[str, int]]:
    """The baseline: every count, one by one, until the terms hold or the bound is passed."""
    numbers = [abs(int(term.value)) for term in terms if isinstance(term.value, int)] or [0]
    found = []
    for card in cards:
        bound = max(numbers) + card.bands[-1].min_level + 3
        for count in range(bound):
            now = characteristics(card, count, Zone.BATTLEFIELD)
            if all(term.holds(card, count, now.power, now.toughness, now.abilities)
                   for term in terms):
                found.append((card.name, count))
                break
    return sorted(found)


def _timed(function, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--designs", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    cards = designs(arguments.designs)
    print(f"{len(cards):,} designs; median of {arguments.repeat} runs per query")
    print("| query | matches | search_frame | search (Match objects) | loop over counts "
          "| loop / search_frame |")
    print("|---|---|---|---|---|---|")
    for query in QUERIES:
        terms = parse_query(query)
        frame_time, frame = _timed(lambda t=terms: search_frame(cards, t), arguments.repeat)
        match_time, found = _timed(lambda t=terms: search(cards, t), arguments.repeat)
        slow, expected = _timed(lambda t=terms: loop_search(cards, t), 1)
        assert [(m.name, m.level) for m in found] == expected, query  # type: ignore[union-attr]
        assert list(zip(frame["name"], frame["level"], strict=True)) == expected, query  # type: ignore[index]
        print(f"| `{query}` | {len(expected):,} | {frame_time:.2f} s | {match_time:.2f} s | "
              f"{slow:.2f} s | {slow / frame_time:.1f}x |")


if __name__ == "__main__":
    main()
