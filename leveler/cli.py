"""The ``leveler`` command line: show a card at a count and zone, print the pool as a table,
search it by band stats, list every band, resolve a situation file layer by layer, balance
a card, draw a chart as PNG or SVG. ``table``, ``bands`` and ``search`` print text, CSV or
JSON (:mod:`leveler.cli_output`); what the user gives (names, counts, files) is read by
:mod:`leveler.cli_input`.

Exit status: 0 on success, 1 on any failure (a card not found, a file that cannot be read or
written, an input too large or too deeply nested, a closed output pipe), 2 on bad usage,
130 when interrupted (Ctrl-C).
Every failure is a short message on standard error, never a traceback. Input files must be
regular files (a FIFO, device or folder is refused, never waited on); outputs are written
atomically and never replace an existing file without ``--force``.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from leveler.balance import card_balance
from leveler.bands import band_frame
from leveler.bundled import bundled_pool
from leveler.cli_input import (
    MAX_LEVEL_COUNTERS,
    LookupFailed,
    chosen_cards,
    find_card,
    level_count,
    load_cards,
    read_situation,
    reading,
    zone_name,
)
from leveler.cli_output import (
    c1_escaped,
    pool_table,
    quiet_stdout,
    render,
    resolution_text,
    say,
    utf8_streams,
    zone_phrase,
)
from leveler.cli_output import out as _out
from leveler.io.editions import load_rule_texts
from leveler.layers import resolve_situation
from leveler.model import LevelerCard, Zone
from leveler.rules import characteristics
from leveler.search import QueryError, parse_query, search_frame

__all__ = ["MAX_LEVEL_COUNTERS", "LookupFailed", "find_card", "main"]

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
FORCE_HELP = "replace an output file that already exists (never a folder, FIFO or link)"
POOL_HELP = ("a card file instead of the bundled printed pool: the project's JSON, Scryfall "
             "(card, list, bulk) or MTGJSON (set file, AtomicCards); only levelers are kept")


def _counters(count: int) -> str:
    return f"{count} level counter{'' if count == 1 else 's'}"


def _show(args: argparse.Namespace) -> int:
    pool = load_cards(args.pool)
    card = find_card(pool, args.name)
    result = characteristics(card, args.level, args.zone)
    quotes = load_rule_texts()
    _out(f"{card.name}  {card.mana_cost}  {card.type_line}")
    _out(f"with {_counters(args.level)}, {zone_phrase(args.zone)}:")
    _out(f"  power/toughness: {result.power}/{result.toughness}")
    _out(f"  band:            {result.band.label if result.band else 'none'}")
    _out("  abilities:       " + "\n                   ".join(result.abilities))
    _out("decided by:")
    for number in (*result.citations, "711.4"):
        _out(f"  {number}  {quotes[number][1]}")
    for warning in card.rule_warnings:
        _out(f"note: {warning}")
    return EXIT_OK


def _table(args: argparse.Namespace) -> int:
    frame = pool_table(load_cards(args.pool), args.level, args.zone)
    if args.output != "text":
        _out(render(frame, args.output))
        return EXIT_OK
    _out(f"{len(frame)} cards with {_counters(args.level)}, {zone_phrase(args.zone)}")
    shown = frame.assign(band=frame["band"].fillna("none"))
    _out(render(shown[["name", "power", "toughness", "band", "rule", "abilities"]], "text"))
    return EXIT_OK


def _search(args: argparse.Namespace) -> int:
    try:
        terms = parse_query(args.query)
    except QueryError as error:
        say(f"leveler search: {error}")
        return EXIT_USAGE
    found = search_frame(chosen_cards(args), terms)
    if args.output == "text":
        _out(f"{len(found)} card{'' if len(found) == 1 else 's'} match {args.query!r}, each "
             "at its fewest level counters on the battlefield")
    if args.output != "text" or len(found):
        _out(render(found, args.output))
    return EXIT_OK


def _bands(args: argparse.Namespace) -> int:
    _out(render(band_frame(chosen_cards(args)), args.output))
    return EXIT_OK


def _resolve(args: argparse.Namespace) -> int:
    pool = load_cards(args.pool) if args.pool else bundled_pool()
    data = read_situation(args.file)
    with reading("standard input" if args.file == "-" else args.file):
        result = resolve_situation(data, pool)
    if args.json:
        _out(c1_escaped(json.dumps(result.to_dict(), indent=2, ensure_ascii=False)))
    else:
        face_down = isinstance(data, dict) and data.get("face_down") is True
        _out(resolution_text(result, face_down=face_down))
    return EXIT_OK


def _balance(args: argparse.Namespace) -> int:
    _check_outputs({"--csv": args.csv}, args.force)
    pool = load_cards(args.pool)
    card = find_card(pool, args.name)
    frame = card_balance(card, pool)
    _out(f"{card.name}  {card.mana_cost}  level up {card.level_up_cost}  "
          "(turns: on the play, one land a turn, colours ignored; curve: the printed pool's "
          "trend and P+T = 2 x mana)")
    _out(frame.to_string(index=False, float_format=lambda x: f"{x:.2f}"))
    if args.csv:
        from leveler.export import frame_csv

        _write(args.csv, "csv", lambda: frame_csv(frame.round(2)), args.force)
    return EXIT_OK


CHART_KINDS = ("progression", "investment", "turns", "curve")
"""What ``leveler chart`` draws: the app's P/T progression at a zone, or per band of each
card: mana invested, the turn reached, P+T against the curve."""


def _chart_of(kind: str, pool: dict[str, LevelerCard], names: list[str], zone: Zone) -> Any:
    """The chart ``kind`` for the cards ``names`` (all of ``pool`` if empty), titled with
    what it shows: the kind, the zone (progression) and the cards."""
    chart = _untitled_chart(kind, pool, names, zone)
    shown = names or list(pool)
    cards = (", ".join(shown) if len(shown) <= 3
             else f"{len(shown)} cards ({', '.join(shown[:2])}, …)")
    what = {"progression": f"P/T by level counters, {zone_phrase(zone)}",
            "investment": "P+T by mana invested", "turns": "P+T by the turn reached",
            "curve": "P+T against the curve"}[kind]
    return chart.properties(title=f"{what}: {cards}")


def _untitled_chart(kind: str, pool: dict[str, LevelerCard], names: list[str],
                    zone: Zone) -> Any:
    from leveler import balance_charts, bench, charts  # altair: only here
    from leveler.pool_grid import pool_grid

    if kind == "progression":
        grid = pool_grid(pool)
        frame = charts.chart_frame(grid, zone, names or grid.names)
        return charts.progression_chart(frame, grid.levels)
    try:
        placed = bench.balance_frame(pool)
    except ValueError as error:  # a pool too small for a trend
        raise LookupFailed(f"cannot place the pool on the curve: {error}") from None
    if names:
        placed = placed[placed["name"].isin(names)]
    if kind == "investment":
        return balance_charts.investment_chart(placed)
    if kind == "turns":
        return balance_charts.turns_chart(placed)
    return balance_charts.curve_chart(placed, bench.trend_of(pool), bench.VANILLA)


def _chart(args: argparse.Namespace) -> int:
    if not (args.png or args.svg):
        say("leveler chart: give --png FILE and/or --svg FILE")
        return EXIT_USAGE
    if args.zone is not None and args.kind != "progression":
        say(f"leveler chart: --zone is for the progression chart, not {args.kind}")
        return EXIT_USAGE
    if args.png and args.svg and os.path.abspath(args.png) == os.path.abspath(args.svg):
        say(f"leveler chart: --png and --svg name the same file ({args.png})")
        return EXIT_USAGE
    _check_outputs({"--png": args.png, "--svg": args.svg}, args.force)
    pool = load_cards(args.pool)
    names = list(dict.fromkeys(find_card(pool, name).name for name in args.card))
    chart = _chart_of(args.kind, pool, names, args.zone or Zone.BATTLEFIELD)
    from leveler import export

    for kind, path in (("png", args.png), ("svg", args.svg)):
        if path:
            _write(path, kind, functools.partial(export.chart_bytes, chart, kind), args.force)
    return EXIT_OK


def _check_outputs(paths: Mapping[str, str | None], force: bool) -> None:
    """Refuse, before any work, an output that exists (without ``--force``), or is a
    folder, FIFO, device, symbolic link or read-only file."""
    from leveler.export import OutputExists, OutputRefused, check_output

    for flag, path in paths.items():
        if not path:
            continue
        try:
            check_output(path, force=force)
        except OutputExists:
            raise LookupFailed(f"{path}: already exists; give --force to replace it "
                               f"({flag})") from None
        except OutputRefused as error:
            raise LookupFailed(f"{error} ({flag})") from None
        except OSError as error:
            raise LookupFailed(f"{path}: cannot write ({error.strerror or error})") from None


def _write(path: str, kind: str, data: Callable[[], bytes], force: bool) -> None:
    """Write ``kind`` (the flag's format, whatever the name's suffix) to ``path``
    atomically; a note when the suffix says another format."""
    from leveler.export import OutputExists, OutputRefused, write_atomic

    with reading(f"the {kind.upper()} for {path}"):
        content = data()
    try:
        write_atomic(path, content, force=force)
    except OutputExists:
        raise LookupFailed(f"{path}: already exists; give --force to replace it") from None
    except OutputRefused as error:
        raise LookupFailed(str(error)) from None
    except OSError as error:
        raise LookupFailed(f"{path}: cannot write ({error.strerror or error})") from None
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix != kind:
        say(f"leveler: note: {path} holds {kind.upper()} (from --{kind}), though its name "
             f"ends in {'.' + suffix if suffix else 'no suffix'}")
    _out(f"wrote {path}")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser; each subcommand sets ``handler``."""
    parser = argparse.ArgumentParser(
        prog="leveler", description="The rules of leveler cards (CR 711, 702.87)."
    )
    commands = parser.add_subparsers(dest="command", required=True)

    show = commands.add_parser("show", help="one card at a count and zone, with the rules")
    show.add_argument("name", help="card name (English or a printed translation)")
    show.add_argument("--level", type=level_count, default=0, help="level counters (default 0)")
    show.add_argument("--zone", type=zone_name, default=Zone.BATTLEFIELD,
                      help="zone (default battlefield)")
    show.add_argument("--pool", help=POOL_HELP)
    show.set_defaults(handler=_show)

    table = commands.add_parser("table", help="the whole pool at a count and zone")
    table.add_argument("--level", type=level_count, default=0, help="level counters (default 0)")
    table.add_argument("--zone", type=zone_name, default=Zone.BATTLEFIELD,
                       help="zone (default battlefield)")
    table.add_argument("--pool", help=POOL_HELP)
    _output_flags(table)
    table.set_defaults(handler=_table)

    search = commands.add_parser(
        "search", help="cards by band stats: terms that all hold at one count of level "
        "counters, e.g. \"pow>=4 lvl<=3\"")
    search.add_argument("query", help="pow tou pt lvl mana with = != < <= > >= and a whole "
                        "number; o:word o:\"some words\" c:wu r:rare s:roe name:part; "
                        "-term negates")
    _source_flags(search)
    _output_flags(search)
    search.set_defaults(handler=_search)

    bands = commands.add_parser(
        "bands", help="every band of every card as rows: N1, N2, P/T, abilities, mana "
        "invested, first turn")
    _source_flags(bands)
    _output_flags(bands)
    bands.set_defaults(handler=_bands)

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
    balance.add_argument("--force", action="store_true", help=FORCE_HELP)
    balance.add_argument("--pool", help=POOL_HELP)
    balance.set_defaults(handler=_balance)

    chart = commands.add_parser(
        "chart", help="a chart as PNG or SVG: the P/T progression of the pool at a zone, "
        "or each card's mana invested, turns or curve placement per band")
    chart.add_argument("kind", nargs="?", default="progression", choices=CHART_KINDS,
                       help="which chart (default progression)")
    chart.add_argument("--card", action="append", default=[], metavar="NAME",
                       help="only this card (repeat for more; default: the whole pool)")
    chart.add_argument("--zone", type=zone_name, default=None,
                       help="zone of the progression chart (default battlefield)")
    chart.add_argument("--png", metavar="FILE", help="write the chart as PNG to FILE")
    chart.add_argument("--svg", metavar="FILE", help="write the chart as SVG to FILE")
    chart.add_argument("--force", action="store_true", help=FORCE_HELP)
    chart.add_argument("--pool", help=POOL_HELP)
    chart.set_defaults(handler=_chart)
    return parser


def _output_flags(command: argparse.ArgumentParser) -> None:
    formats = command.add_mutually_exclusive_group()
    formats.add_argument("--csv", dest="output", action="store_const", const="csv",
                         default="text", help="print CSV instead of a text table")
    formats.add_argument("--json", dest="output", action="store_const", const="json",
                         help="print JSON: a list of objects")


def _source_flags(command: argparse.ArgumentParser) -> None:
    source = command.add_mutually_exclusive_group()
    source.add_argument("--pool", help=POOL_HELP)
    source.add_argument("--designs", action="store_true",
                        help="the designs saved in the store ($LEVELER_DESIGNS) instead")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0, 1 on any failure, 2 on usage).

    The one error boundary: whatever fails becomes a message on standard error naming
    what and where, with status 1; no traceback reaches the user.
    """
    utf8_streams()
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
    command = f"leveler {args.command}"
    try:
        status: int = args.handler(args)
        sys.stdout.flush()
    except LookupFailed as error:
        say(f"leveler: {error}")
        return EXIT_FAILED
    except BrokenPipeError:
        quiet_stdout()  # `leveler table | head -1`: the reader has all it wanted
        return EXIT_FAILED
    except KeyboardInterrupt:
        say(f"{command}: interrupted")
        return EXIT_INTERRUPTED
    except RecursionError:
        say(f"{command}: an input is nested too deeply to work with")
        return EXIT_FAILED
    except MemoryError:
        say(f"{command}: out of memory (an input is too large)")
        return EXIT_FAILED
    except OverflowError as error:
        say(f"{command}: a number is too large to work with ({error})")
        return EXIT_FAILED
    except OSError as error:
        where = f" ({error.filename})" if error.filename else ""
        say(f"{command}: {error.strerror or error}{where}")
        return EXIT_FAILED
    except Exception as error:  # the boundary: a message, never a traceback
        say(f"{command}: failed: {type(error).__name__}: {error}")
        return EXIT_FAILED
    return status


if __name__ == "__main__":
    sys.exit(main())
