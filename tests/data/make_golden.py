"""Writes golden.csv: the expected answer for every printed leveler, level and zone.

Independent of the ``leveler`` package on purpose: it reads only the structured
``levels`` fields of data/levelers.json (cross-checked against MTGJSON, Forge,
XMage and Scryfall) and applies CR 711 in the plainest way. Run it again only
when the card data changes, and review the diff.
"""

import csv
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
ZONES = ["battlefield", "hand", "library", "graveyard", "exile", "stack", "command"]


def rows():
    cards = json.loads((HERE.parents[1] / "data" / "levelers.json").read_text(encoding="utf-8"))
    for card in sorted(cards, key=lambda c: c["name"]):
        level_up = "Level up " + card["level_up_cost"]
        top = card["levels"][-1]["min"]
        for level in range(top + 4):
            for zone in ZONES:
                band = None
                if zone == "battlefield":
                    for lv in card["levels"]:
                        if lv["min"] <= level and (lv["max"] is None or level <= lv["max"]):
                            band = lv
                if zone != "battlefield":
                    rule, pt, label, extra = "711.6", (card["power"], card["toughness"]), "", []
                elif band is None:
                    rule, pt, label, extra = "711.5", (card["power"], card["toughness"]), "", []
                else:
                    rule = "711.2b" if band["max"] is None else "711.2a"
                    pt = (band["power"], band["toughness"])
                    upper = "+" if band["max"] is None else f"-{band['max']}"
                    label = f"LEVEL {band['min']}{upper}"
                    extra = band["abilities"]
                yield {
                    "name": card["name"], "level": level, "zone": zone,
                    "power": pt[0], "toughness": pt[1], "band": label,
                    "abilities": " | ".join([level_up, *extra]), "rule": rule,
                }


if __name__ == "__main__":
    with open(HERE / "golden.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(next(rows())))
        writer.writeheader()
        writer.writerows(rows())
