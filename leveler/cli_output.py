"""What the ``leveler`` command prints: the frames of ``table``, ``bands`` and ``search``
as an aligned text table, CSV or JSON; and every line made safe for a terminal (control
characters from a card file shown, not obeyed; UTF-8 whatever the locale); a resolved
situation as its answer and the trace table of ``resolve``.

Abilities stay whole: a list of strings in JSON, joined with ``; `` in CSV and text
(never cut with "…"). Missing values (an open band's N2, mana that level up does not
count) are empty in CSV and ``null`` in JSON. Figures are rounded to two decimals.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import sys
import textwrap
from collections.abc import Mapping
from typing import Any

import pandas as pd

from leveler.layers import Resolution
from leveler.model import LevelerCard, Zone
from leveler.pool import cards_frame, resolve_pool

__all__ = ["FORMATS", "TABLE_COLUMNS", "c1_escaped", "out", "pool_table", "printable",
           "quiet_stdout", "render", "resolution_text", "say", "utf8_streams", "zone_phrase"]

FORMATS = ("text", "csv", "json")
"""How a frame is printed."""
TABLE_COLUMNS = ("name", "mana_cost", "mana_value", "level_counters", "zone", "band",
                 "power", "toughness", "abilities", "rule")
"""The columns of ``leveler table``: the app's Pool table, with the count and zone."""
MESSAGE_LINES, MESSAGE_WIDTH = 12, 300
"""An error message is cut to this many lines of at most this many characters."""
LIST_COLUMNS = frozenset({"abilities"})
"""Columns holding several abilities, one per line of the cell."""


def zone_phrase(zone: Zone | str) -> str:
    """``on the battlefield``, ``in exile``: where a card is, as the rules say it."""
    return Zone.coerce(zone).phrase


def pool_table(pool: Mapping[str, LevelerCard], level: int, zone: Zone | str) -> pd.DataFrame:
    """Every card of ``pool`` at ``level`` counters in ``zone``, as the app's table shows it:
    :func:`leveler.pool.resolve_pool` (711.2a/b, 711.5, 711.6) with the card's cost."""
    frame = resolve_pool(pool, level, zone)
    facts = cards_frame(pool).set_index("name")
    names = frame["name"].astype(str)
    return pd.DataFrame({
        "name": names, "mana_cost": names.map(facts["mana_cost"]),
        "mana_value": names.map(facts["mana_value"]),
        "level_counters": frame["level_counters"], "zone": frame["zone"].astype(str),
        "band": frame["band"].astype(object).where(frame["band"].notna(), None),
        "power": frame["power"], "toughness": frame["toughness"],
        "abilities": frame["abilities"].astype(str), "rule": frame["citation"].astype(str),
    }, columns=list(TABLE_COLUMNS)).reset_index(drop=True)


def render(frame: pd.DataFrame, output: str) -> str:
    """``frame`` as ``text`` (aligned, for a terminal), ``csv`` or ``json`` (a list of
    objects). Ability cells hold one ability per line."""
    if output not in FORMATS:
        raise ValueError(f"unknown output format {output!r}: expected one of {FORMATS}")
    if output == "json":
        return json.dumps([_record(row) for row in frame.to_dict(orient="records")],
                          ensure_ascii=False, indent=2)
    flat = frame.copy()
    for column in LIST_COLUMNS & set(flat.columns):
        flat[column] = flat[column].fillna("").astype(str).str.replace("\n", "; ")
    if output == "csv":
        buffer = io.StringIO()
        flat.round(2).to_csv(buffer, index=False, lineterminator="\n")
        return buffer.getvalue().rstrip("\n")
    shown = flat.astype(object).where(flat.notna(), "")
    return str(shown.to_string(index=False, float_format=lambda x: f"{x:.2f}"))


def _record(row: Mapping[Any, Any]) -> dict[str, Any]:
    record: dict[str, Any] = {}
    for key, value in row.items():
        if key in LIST_COLUMNS:
            record[str(key)] = [line for line in str(value or "").split("\n") if line]
        elif value is None or (not isinstance(value, str) and pd.isna(value)):
            record[str(key)] = None
        elif isinstance(value, float):
            record[str(key)] = round(float(value), 2)
        elif hasattr(value, "item"):  # a numpy scalar
            record[str(key)] = value.item()
        else:
            record[str(key)] = value
    return record


_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""Characters a terminal would obey rather than show (escapes, bidi overrides), from a file."""


def printable(text: str) -> str:
    """``text`` with terminal control characters shown as ``\\xNN``; tabs and lines kept."""
    return _CONTROLS.sub(lambda found: f"\\x{ord(found.group()):02x}"
                         if ord(found.group()) < 0x100 else f"\\u{ord(found.group()):04x}",
                         text)


def c1_escaped(document: str) -> str:
    """JSON text with the C1 controls and bidi overrides JSON leaves raw escaped (``\\u009b``)."""
    return _CONTROLS.sub(lambda found: f"\\u{ord(found.group()):04x}", document)


def out(text: str) -> None:
    print(printable(text))


def say(message: str) -> None:
    """A message on standard error: controls shown, cut to a few short lines."""
    lines = printable(message).splitlines() or [""]
    kept = [line if len(line) <= MESSAGE_WIDTH else line[:MESSAGE_WIDTH] + "…"
            for line in lines[:MESSAGE_LINES]]
    if len(lines) > MESSAGE_LINES:
        kept.append(f"  … and {len(lines) - MESSAGE_LINES} more line(s)")
    print("\n".join(kept), file=sys.stderr)


def utf8_streams() -> None:
    """Write UTF-8 whatever the terminal's encoding (names and rule quotes are not ASCII)."""
    for stream, errors in ((sys.stdout, "surrogateescape"), (sys.stderr, "backslashreplace")):
        if isinstance(stream, io.TextIOWrapper):
            with contextlib.suppress(ValueError, OSError, io.UnsupportedOperation):
                stream.reconfigure(encoding="utf-8", errors=errors)


def quiet_stdout() -> None:
    """After the reader closed the pipe: send what is left to nowhere, so the flush at
    exit does not fail again."""
    with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _nameless(face_down: bool) -> str:
    """Who a resolution with no name is: face down itself (708.2a), or a face-up copy of a
    face-down permanent, which copies its face-down values (707.2)."""
    return ("a face-down creature (no name)" if face_down
            else "a creature with no name (a copy of a face-down one, 707.2)")


def resolution_text(result: Resolution, width: int = 100, face_down: bool = False) -> str:
    """The answer, then the trace as a table: step, layer, rule, what happened."""
    pt = "none" if result.power is None else f"{result.power}/{result.toughness}"
    lines = [
        f"{result.name or _nameless(face_down)}, {result.zone.phrase}:",
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
