"""Writes cards.jsonl: malformed and hostile card texts, each of which must be rejected.

Every entry is a complete ``parse_card`` call (text + fields) that is NOT a valid
leveler, and says why. Regenerate with ``python tests/data/hostile/make_corpus.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
LEVEL_UP = "Level up {W} ({W}: Put a level counter on this. Level up only as a sorcery.)"
GOOD = [LEVEL_UP, "LEVEL 2-6", "3/3", "First strike", "LEVEL 7+", "4/4", "Double strike"]
FIELDS = {"name": "Student of Warfare", "mana_cost": "{W}",
          "type_line": "Creature — Human Knight", "power": "1", "toughness": "1"}


def entry(why: str, lines: list[str] | str, **fields: object) -> dict[str, object]:
    text = lines if isinstance(lines, str) else "\n".join(lines)
    return {"why": why, "text": text, **FIELDS, **fields}


def corpus() -> list[dict[str, object]]:
    items = []
    # truncations: every prefix that cuts a band short
    for cut in range(len(GOOD)):
        prefix = GOOD[:cut]
        if prefix and prefix[-1] in ("LEVEL 2-6", "LEVEL 7+"):
            items.append(entry(f"truncated after header ({cut} lines)", prefix))
        elif cut < 3:
            items.append(entry(f"truncated before any band ({cut} lines)", prefix))
    items.append(entry("truncated mid-header", [LEVEL_UP, "LEVEL 2-"]))
    items.append(entry("truncated mid-P/T", [LEVEL_UP, "LEVEL 2-6", "3/"]))
    # swapped and misordered bands
    items.append(entry("bands swapped", [LEVEL_UP, *GOOD[4:], *GOOD[1:4]]))
    items.append(entry("P/T before header", [LEVEL_UP, "3/3", "LEVEL 2-6", "LEVEL 7+", "4/4"]))
    items.append(entry("two open bands", [LEVEL_UP, "LEVEL 2+", "3/3", "LEVEL 7+", "4/4"]))
    items.append(entry("open band first", [LEVEL_UP, "LEVEL 2+", "3/3", "LEVEL 7-9", "4/4"]))
    items.append(entry("reversed range", [LEVEL_UP, "LEVEL 6-2", "3/3", "LEVEL 7+", "4/4"]))
    items.append(entry("overlap", [LEVEL_UP, "LEVEL 2-6", "3/3", "LEVEL 6+", "4/4"]))
    # a gap alone is accepted with a warning (issue 14); past MAX_LEVEL it is not
    items.append(entry("gap, then a level past the limit",
                       [LEVEL_UP, "LEVEL 2-3", "3/3", "LEVEL 1001+", "4/4"]))
    items.append(entry("closed last band", [LEVEL_UP, "LEVEL 2-6", "3/3"]))
    items.append(entry("level up inside a band", ["LEVEL 2-6", "3/3", LEVEL_UP, "LEVEL 7+", "4/4"]))
    items.append(entry("two level up lines", [LEVEL_UP, LEVEL_UP, *GOOD[1:]]))
    items.append(entry("no level up", GOOD[1:]))
    items.append(entry("empty text", ""))
    items.append(entry("only whitespace", "   \n\t\n  "))
    # malformed P/T lines
    for pt in ["*/*", "1/", "/1", "3/3/3", "X/X", "-1/2", "2/-1", "1.5/2", "+1/+1", "*/1+*",
               "1 / ", "3//3", "?/?", "1/1/", "1/*"]:
        items.append(entry(f"malformed P/T {pt!r}", [LEVEL_UP, "LEVEL 2-6", pt, "LEVEL 7+", "4/4"]))
    # malformed headers
    for header in ["LEVEL", "LEVEL -2-6", "LEVEL 2 - ", "LEVEL two-six", "LEVEL 2-6+", "LEVEL +7",
                   "LEVEL 7++", "LEVEL 2..6", "LEVEL 2-6-8", "LEVEL 9999999999999999999999+",
                   "LEVEL 1e3+", "LEVEL 0x10+"]:
        items.append(entry(f"malformed header {header!r}", [LEVEL_UP, header, "3/3"]))
    # malformed level up lines and mana
    for line in ["Level up", "Level up W", "Level up {Q}", "Level up {W", "Level up {}{W}",
                 "Level up {W}{W/W}", "Level up {99999999}", "Level up {W} and more text",
                 "Level up {<script>}"]:
        items.append(entry(f"bad level up {line!r}", [line, *GOOD[1:]]))
    for cost in ["{Q}", "W", "{W", "{W}}", "<b>{W}</b>", "{W/W}", "{-1}", "{1.5}"]:
        items.append(entry(f"bad mana cost {cost!r}", GOOD, mana_cost=cost))
    # bad printed fields
    for value in ["*", "-1", "1.5", "", "one", "1/1", "１e3", None, True, [], {}]:
        items.append(entry(f"bad printed power {value!r}", GOOD, power=value))
    for value in ["*", "-2", "NaN", "inf"]:
        items.append(entry(f"bad printed toughness {value!r}", GOOD, toughness=value))
    # not levelers: Class, Station, the Aura named Level Up, other types
    items.append(entry("class bars", ["Flying", "{2}{W}: Level 2", "Vigilance",
                                      "{4}{W}: Level 3", "Lifelink"],
                       type_line="Enchantment — Class"))
    items.append(entry("class bar on a creature", [LEVEL_UP, "{1}{W}: Level 2", *GOOD[1:]]))
    items.append(entry("station", ["Station (Tap another creature you control.)",
                                   "STATION 8+", "Flying", "5/5"],
                       type_line="Artifact — Spacecraft"))
    items.append(entry("station in a leveler", [LEVEL_UP, "STATION 2+", "3/3"]))
    items.append(entry("aura named Level Up", ["Enchant creature", "Whenever enchanted creature "
                                               "attacks, double its +1/+1 counters."],
                       name="Level Up", type_line="Enchantment — Aura"))
    for type_line in ["Instant", "Enchantment", "Artifact", "Land", "Planeswalker — Ajani", ""]:
        items.append(entry(f"type line {type_line!r}", GOOD, type_line=type_line))
    # unicode look-alikes and control characters
    lookalikes = {
        "cyrillic E in LEVEL": "LЕVEL 2-6",
        "greek E in LEVEL": "LΕVEL 2-6",
        "zero-width space in LEVEL": "LE\u200bVEL 2-6",
        "soft hyphen in LEVEL": "LEV\u00adEL 2-6",
        "fraction slash P/T": None,
        "NUL in header": "LEVEL\x002-6",
        "bell in header": "LEVEL 2\x07-6",
        "RTL override header": "\u202eLEVEL 2-6",
        "combining mark on digit": "LEVEL 2\u0301-6",
        "arabic-indic digits": "LEVEL ٢-٦",
    }
    for why, header in lookalikes.items():
        if header is None:
            items.append(entry(why, [LEVEL_UP, "LEVEL 2-6", "3⁄3", "LEVEL 7+", "4/4"]))
        else:
            items.append(entry(why, [LEVEL_UP, header, "3/3", "LEVEL 7+", "4/4"]))
    for char in ["\x00", "\x1b[31m", "\x7f", "\ufeff", "\u2028", "\x0c", "\x85"]:
        items.append(entry(f"control {char!r} in P/T", [LEVEL_UP, "LEVEL 2-6", f"3{char}/3"]))
    # HTML and script everywhere
    scripts = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>",
               "\"><svg onload=alert(1)>", "javascript:alert(1)", "{{7*7}}", "${7*7}",
               "'; DROP TABLE cards; --", "<iframe src=//evil>"]
    for script in scripts:
        items.append(entry(f"script as P/T {script!r}", [LEVEL_UP, "LEVEL 2-6", script + "/3"]))
        items.append(entry(f"script as header {script!r}", [LEVEL_UP, f"LEVEL {script}", "3/3"]))
        items.append(entry(f"script as cost {script!r}", GOOD, mana_cost=script))
        items.append(entry(f"script in power {script!r}", GOOD, power=script))
        items.append(entry(f"script, no level up {script!r}", [script, *GOOD[1:]]))
    # huge inputs, stored as pieces ([text, times], ...) that the test joins
    def huge(why: str, *pieces: tuple[str, int]) -> dict[str, object]:
        return {"why": why, "pieces": [list(piece) for piece in pieces], **FIELDS}

    items.append(huge("1 MB of one line", ("x", 1_000_000)))
    items.append(huge("1 MB of lines, no level up", ("Flying\n", 150_000)))
    items.append(huge("thousands of headers without P/T", (LEVEL_UP + "\n", 1),
                      ("LEVEL 1-1\n", 5000)))
    items.append(huge("thousands of repeated bands", (LEVEL_UP + "\n", 1),
                      ("LEVEL 2-6\n3/3\n", 3000)))
    items.append(huge("thousands of P/T lines", (LEVEL_UP + "\nLEVEL 2+\n", 1), ("3/3\n", 5000)))
    items.append(huge("huge numbers", (LEVEL_UP + "\nLEVEL 2-6\n", 1), ("9", 5000),
                      ("/3\nLEVEL 7+\n4/4", 1)))
    items.append(huge("200,000 nested braces", ("Level up ", 1), ("{", 200_000), ("W", 1),
                      ("}", 200_000), ("\nLEVEL 2+\n3/3", 1)))
    items.append(huge("2 million level up symbols, the last bad", ("Level up ", 1),
                      ("{W}", 2_000_000), ("{Q}\nLEVEL 2+\n3/3", 1)))
    items.append(huge("a million blank lines", ("\n", 1_000_000)))
    # wrong types for the text itself
    for value in [None, 42, 4.2, ["Level up {W}"], {"text": "Level up {W}"}]:
        items.append({"why": f"text of type {type(value).__name__}", "text": value, **FIELDS})
    # mutations of every printed card: drop each P/T line, break each header
    cards = json.loads((HERE.parents[2] / "data" / "levelers.json").read_text(encoding="utf-8"))
    for card in cards:
        lines = card["oracle_text"].split("\n")
        fields = {"name": card["name"], "mana_cost": card["mana_cost"],
                  "type_line": card["type_line"], "power": card["power"],
                  "toughness": card["toughness"]}
        for index, line in enumerate(lines):
            if line[:1].isdigit() and "/" in line:
                items.append(entry(f"{card['name']}: P/T line {index + 1} dropped",
                                   lines[:index] + lines[index + 1:], **fields))
                break
        headers = [i for i, line in enumerate(lines) if line.startswith("LEVEL")]
        swapped = lines[:headers[0]] + lines[headers[1]:] + lines[headers[0]:headers[1]]
        items.append(entry(f"{card['name']}: bands swapped", swapped, **fields))
        items.append(entry(f"{card['name']}: level up dropped", lines[1:], **fields))
    return items


if __name__ == "__main__":
    with open(HERE / "cards.jsonl", "w", encoding="utf-8") as handle:
        for item in corpus():
            handle.write(json.dumps(item, ensure_ascii=False) + "\n")
