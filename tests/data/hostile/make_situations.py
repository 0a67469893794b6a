"""Writes situations.jsonl: malformed situations, each of which must get a ValueError.

Regenerate with ``python tests/data/hostile/make_situations.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
BASE = {"card": "Student of Warfare"}
WRONG = [None, True, -1, 1.5, "7", "", [], {}, "<script>alert(1)</script>", 10**400]


def situations() -> list[dict[str, object]]:
    items: list[dict[str, object]] = []

    def add(why: str, situation: object) -> None:
        items.append({"why": why, "situation": situation})

    for value in [None, 42, "Student of Warfare", [], [BASE], True]:
        add(f"situation is {type(value).__name__}", value)
    add("no card", {})
    add("unknown card", {"card": "Studnet of Warfare"})
    add("script as card name", {"card": "<img src=x onerror=alert(1)>"})
    add("unknown key", {**BASE, "countres": {"level": 1}})
    add("unknown version", {**BASE, "version": 99})
    for value in WRONG:
        add(f"card {value!r:.40}", {"card": value})
        add(f"zone {value!r:.40}", {**BASE, "zone": value})
        if value != {}:  # {} is every counter at its default
            add(f"counters {value!r:.40}", {**BASE, "counters": value})
        if value != 10**400:  # counts have no cap (711.4)
            add(f"level counters {value!r:.40}", {**BASE, "counters": {"level": value}})
            add(f"+1/+1 counters {value!r:.40}", {**BASE, "counters": {"+1/+1": value}})
        if not isinstance(value, int | float) or isinstance(value, bool):
            add(f"timestamp {value!r:.40}", {**BASE, "timestamp": value})
        if not isinstance(value, bool):
            add(f"face_down {value!r:.40}", {**BASE, "face_down": value})
        add(f"effects {value!r:.40}", {**BASE, "effects": value if value != [] else [value]})
        add(f"timing {value!r:.40}", {**BASE, "timing": value if value != {} else {"x": 1}})
    add("zone sideboard", {**BASE, "zone": "sideboard"})
    add("unknown counter kind", {**BASE, "counters": {"charge": 1}})
    add("effect without type", {**BASE, "effects": [{"power": 1}]})
    add("unknown effect type", {**BASE, "effects": [{"type": "become_dragon"}]})
    add("set_base_pt with neither power nor toughness",
        {**BASE, "effects": [{"type": "set_base_pt", "timestamp": 1}]})
    add("set_base_pt power text", {**BASE, "effects": [{"type": "set_base_pt", "power": "1",
                                                         "toughness": 1, "timestamp": 1}]})
    add("modify_pt power list", {**BASE, "effects": [{"type": "modify_pt", "power": [3],
                                                       "toughness": 3}]})
    add("switch_pt timestamp soon", {**BASE, "effects": [{"type": "switch_pt",
                                                           "timestamp": "soon"}]})
    add("gain_ability without ability", {**BASE, "effects": [{"type": "gain_ability",
                                                               "timestamp": 1}]})
    add("gain_ability of a number", {**BASE, "effects": [{"type": "gain_ability",
                                                           "ability": 7, "timestamp": 1}]})
    add("copy_of a number", {**BASE, "copy_of": 3})
    add("copy_of without card", {**BASE, "copy_of": {"timestamp": 3}})
    add("copy_of unknown card", {**BASE, "copy_of": {"card": "Nobody"}})
    add("copy_of except text", {**BASE, "copy_of": {"card": "Hexdrinker",
                                                     "except": {"power": "seven"}}})
    add("custom card missing text", {"card": {"name": "X", "power": 1, "toughness": 1}})
    add("custom card bad text", {"card": {"name": "X", "mana_cost": "{1}", "type_line":
                                          "Creature", "power": 1, "toughness": 1,
                                          "oracle_text": "Level up {1}\nLEVEL 3+\n*/*"}})
    add("custom card script text", {"card": {"name": "<b>X</b>", "mana_cost": "{1}",
                                             "type_line": "Creature", "power": 1,
                                             "toughness": 1,
                                             "oracle_text": "<script>alert(1)</script>"}})
    add("face down in the graveyard", {**BASE, "zone": "graveyard", "face_down": True})
    add("ten thousand bad effects", {**BASE, "effects": [{"type": "nope"}] * 10_000})
    return items


if __name__ == "__main__":
    with open(HERE / "situations.jsonl", "w", encoding="utf-8") as handle:
        for item in situations():
            handle.write(json.dumps(item, ensure_ascii=False) + "\n")
