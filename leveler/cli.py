"""The ``leveler`` command line: show a card at a count and zone, print the pool as a table,
resolve a situation file layer by layer, balance a card, draw a chart as PNG or SVG.

Exit status: 0 on success, 1 when a lookup or a file fails, 2 on bad usage.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
import textwrap
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from leveler.balance import card_balance
from leveler.data import load_pool_report, load_rule_texts, read_json
from leveler.layers import Resolution, resolve_situation
from leveler.model import LevelerCard, Zone
from leveler.pool import resolve_pool
from leveler.rules import characteristics

__all__ = ["main"]

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
POOL_HELP = ("a card file instead of the bundled printed pool: the project's JSON, Scryfall "
             "(card, list, bulk) or MTGJSON (set file, AtomicCards); only levelers are kept")


class LookupFailed(Exception):
    """A name or file the user gave could not be found or read: exit status 1."""


def _level(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"level counters must be a whole number, not {text!r}"
        ) from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"level counters cannot be negative ({value})")
    return value


def _zone(text: str) -> Zone:
    try:
        return Zone.coerce(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _fold(name: str) -> str:
    """Names compare after NFKC (full-width letters), case folding and joined spaces."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def find_card(pool: Mapping[str, LevelerCard], name: str) -> LevelerCard:
    """The card called ``name`` (any case, or a printed name in any language); else the
    closest names, printed names included."""
    wanted = _fold(name)
    for card in pool.values():
        names = [card.name] + [t.name for t in card.translations]
        if any(_fold(candidate) == wanted for candidate in names):
            return card
    owners = {t.name: card.name for card in pool.values() for t in card.translations}
    owners |= {card.name: card.name for card in pool.values()}
    by_card: dict[str, str] = {}  # each card once, by its closest name
    for match in difflib.get_close_matches(name, list(owners), n=20, cutoff=0.5):
        owner = owners[match]
        by_card.setdefault(owner, owner if match == owner else f"{match} ({owner})")
    close = list(by_card.values())[:3]
    hint = f" Did you mean: {', '.join(close)}?" if close else ""
    raise LookupFailed(f"no card named {name!r} in the pool.{hint}")


def _load(path: str | None) -> dict[str, LevelerCard]:
    """The pool, from any card file ``load_pool`` recognises; what it skipped on stderr."""
    try:
        report = load_pool_report(path)
        report.raise_for_errors()
    except ValueError as error:
        raise LookupFailed(str(error)) from None
    if report.skipped or report.notes:
        print(f"leveler: {report.summary()}", file=sys.stderr)
    return report.cards


def _show(args: argparse.Namespace) -> int:
    pool = _load(args.pool)
    card = find_card(pool, args.name)
    result = characteristics(card, args.level, args.zone)
    quotes = load_rule_texts()
    print(f"{card.name}  {card.mana_cost}  {card.type_line}")
    print(f"with {args.level} level counter(s), in the {args.zone}:")
    print(f"  power/toughness: {result.power}/{result.toughness}")
    print(f"  band:            {result.band.label if result.band else 'none'}")
    print("  abilities:       " + "\n                   ".join(result.abilities))
    print("decided by:")
    for number in (*result.citations, "711.4"):
        print(f"  {number}  {quotes[number][1]}")
    for warning in card.rule_warnings:
        print(f"note: {warning}")
    return EXIT_OK


def _table(args: argparse.Namespace) -> int:
    pool = _load(args.pool)
    frame = resolve_pool(pool, args.level, args.zone)
    frame = frame.assign(
        band=frame["band"].astype(object).fillna("none"),
        abilities=frame["abilities"].astype(str).str.replace("\n", "; "),
    )
    columns = ["name", "power", "toughness", "band", "citation", "abilities"]
    print(f"{len(frame)} cards with {args.level} level counter(s), in the {args.zone}")
    print(frame[columns].to_string(index=False, max_colwidth=60))
    return EXIT_OK


def _read_situation(path: str) -> Any:
    """The JSON in ``path`` (``-`` for standard input)."""
    if path == "-":
        try:
            return json.loads(sys.stdin.read())
        except json.JSONDecodeError as error:
            raise LookupFailed(f"{path}: not a JSON file ({error})") from None
    try:
        return read_json(path, "situation file")
    except ValueError as error:
        raise LookupFailed(str(error)) from None


def _resolution_text(result: Resolution, width: int = 100) -> str:
    """The answer, then the trace as a table: step, layer, rule, what happened."""
    pt = "none" if result.power is None else f"{result.power}/{result.toughness}"
    lines = [
        f"{result.name or 'a face-down creature (no name)'}, on the {result.zone}:"
        if result.zone is Zone.BATTLEFIELD else f"{result.name}, in the {result.zone}:",
        f"  power/toughness: {pt}",
        f"  band:            {result.band.label if result.band else 'none'}",
        "  abilities:       " + ("\n                   ".join(result.abilities) or "none"),
        f"  can level up:    {'yes' if result.can_level_up else 'no'}",
        f"  decided by:      {', '.join(result.citations)}",
        "",
    ]
    rule_width = max([len("rule"), *(len(step.rule) for step in result.trace)])
    head = f"{'#':>2}  {'layer':<8}  {'rule':<{rule_width}}  "
    text_width = max(30, width - len(head))
    lines.append(f"{head}what happened")
    for number, step in enumerate(result.trace, start=1):
        wrapped = textwrap.wrap(step.description, text_width) or [""]
        lines.append(f"{number:>2}  {step.layer:<8}  {step.rule:<{rule_width}}  {wrapped[0]}")
        lines.extend(" " * len(head) + more for more in wrapped[1:])
    return "\n".join(lines)


def _resolve(args: argparse.Namespace) -> int:
    pool = _load(args.pool) if args.pool else None
    data = _read_situation(args.file)
    try:
        result = resolve_situation(data, pool)
    except ValueError as error:
        raise LookupFailed(f"{args.file}: {error}") from None
    if args.json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(_resolution_text(result))
    return EXIT_OK


def _balance(args: argparse.Namespace) -> int:
    pool = _load(args.pool)
    card = find_card(pool, args.name)
    frame = card_balance(card, pool)
    print(f"{card.name}  {card.mana_cost}  level up {card.level_up_cost}  "
          "(turns: on the play, one land a turn, colours ignored; curve: the printed pool's "
          "trend and P+T = 2 x mana)")
    print(frame.to_string(index=False, float_format=lambda x: f"{x:.2f}"))
    if args.csv:
        try:
            frame.to_csv(args.csv, index=False)
        except OSError as error:
            raise LookupFailed(f"{args.csv}: cannot write ({error.strerror})") from None
        print(f"wrote {args.csv}")
    return EXIT_OK


CHART_KINDS = ("progression", "investment", "turns", "curve")
"""What ``leveler chart`` draws: the app's P/T progression at a zone, or per band of each
card: mana invested, the turn reached, P+T against the curve."""


def _chart_of(kind: str, pool: dict[str, LevelerCard], names: list[str], zone: Zone) -> Any:
    """The chart ``kind`` for the cards ``names`` (all of ``pool`` if empty)."""
    from leveler import balance_charts, balance_view, charts, views  # altair: only here

    if kind == "progression":
        grid = views.pool_grid(pool)
        frame = charts.chart_frame(grid, zone, names or grid.names)
        return charts.progression_chart(frame, grid.levels)
    try:
        placed = balance_view.balance_frame(pool)
    except ValueError as error:  # a pool too small for a trend
        raise LookupFailed(f"cannot place the pool on the curve: {error}") from None
    if names:
        placed = placed[placed["name"].isin(names)]
    if kind == "investment":
        return balance_charts.investment_chart(placed)
    if kind == "turns":
        return balance_charts.turns_chart(placed)
    return balance_charts.curve_chart(placed, balance_view.trend_of(pool), balance_view.VANILLA)


def _chart(args: argparse.Namespace) -> int:
    if not (args.png or args.svg):
        print("leveler chart: give --png FILE and/or --svg FILE", file=sys.stderr)
        return EXIT_USAGE
    if args.zone is not None and args.kind != "progression":
        print(f"leveler chart: --zone is for the progression chart, not {args.kind}",
              file=sys.stderr)
        return EXIT_USAGE
    pool = _load(args.pool)
    names = list(dict.fromkeys(find_card(pool, name).name for name in args.card))
    chart = _chart_of(args.kind, pool, names, args.zone or Zone.BATTLEFIELD)
    from leveler.export import write_chart

    for path in (args.png, args.svg):
        if path:
            try:
                write_chart(chart, path)
            except OSError as error:
                raise LookupFailed(f"{path}: cannot write ({error.strerror})") from None
            print(f"wrote {path}")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    """The argument parser; each subcommand sets ``handler``."""
    parser = argparse.ArgumentParser(
        prog="leveler", description="The rules of leveler cards (CR 711, 702.87)."
    )
    commands = parser.add_subparsers(dest="command", required=True)

    show = commands.add_parser("show", help="one card at a count and zone, with the rules")
    show.add_argument("name", help="card name (English or a printed translation)")
    show.add_argument("--level", type=_level, default=0, help="level counters (default 0)")
    show.add_argument("--zone", type=_zone, default=Zone.BATTLEFIELD,
                      help="zone (default battlefield)")
    show.add_argument("--pool", help=POOL_HELP)
    show.set_defaults(handler=_show)

    table = commands.add_parser("table", help="the whole pool at a count and zone")
    table.add_argument("--level", type=_level, default=0, help="level counters (default 0)")
    table.add_argument("--zone", type=_zone, default=Zone.BATTLEFIELD,
                       help="zone (default battlefield)")
    table.add_argument("--pool", help=POOL_HELP)
    table.set_defaults(handler=_table)

    resolve = commands.add_parser(
        "resolve", help="a situation file resolved layer by layer, with the rules")
    resolve.add_argument("file", help="a situation JSON file (format: docs/situations.md), "
                         "or - for standard input")
    resolve.add_argument("--json", action="store_true", help="print the answer as JSON")
    resolve.add_argument("--pool", help="a pool JSON file instead of the bundled printed pool")
    resolve.set_defaults(handler=_resolve)

    balance = commands.add_parser(
        "balance", help="mana invested, turns and the curve for each band of a card")
    balance.add_argument("name", help="card name (English or a printed translation)")
    balance.add_argument("--csv", help="also write the table to this CSV file")
    balance.add_argument("--pool", help=POOL_HELP)
    balance.set_defaults(handler=_balance)

    chart = commands.add_parser(
        "chart", help="a chart as PNG or SVG: the P/T progression of the pool at a zone, "
        "or each card's mana invested, turns or curve placement per band")
    chart.add_argument("kind", nargs="?", default="progression", choices=CHART_KINDS,
                       help="which chart (default progression)")
    chart.add_argument("--card", action="append", default=[], metavar="NAME",
                       help="only this card (repeat for more; default: the whole pool)")
    chart.add_argument("--zone", type=_zone, default=None,
                       help="zone of the progression chart (default battlefield)")
    chart.add_argument("--png", metavar="FILE", help="write the chart as PNG to FILE")
    chart.add_argument("--svg", metavar="FILE", help="write the chart as SVG to FILE")
    chart.add_argument("--pool", help=POOL_HELP)
    chart.set_defaults(handler=_chart)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    try:
        status: int = args.handler(args)
    except LookupFailed as error:
        print(f"leveler: {error}", file=sys.stderr)
        return EXIT_FAILED
    return status


if __name__ == "__main__":
    sys.exit(main())
