"""Bulk import: a ~300 MB Scryfall "default cards" file through ``load_pool_report``.

Writes a Scryfall-shaped bulk file in a temporary folder: card objects with the fields
of a real default-cards entry (image URIs, legalities, prices, ...), all non-levelers
but the 25 printed levelers of data/levelers.json spread through it. Then, each in its
own subprocess so that each peak is its own:

- ``load_pool_report`` (streamed with ijson): time and peak resident memory (ru_maxrss),
  and the resident memory of the same process before the load;
- the same load under tracemalloc: the peak of Python allocations;
- for contrast, ``json.load`` of the whole file (what a non-streaming importer does).

Usage: ``.venv/bin/python benchmarks/import_bulk.py [--megabytes 300] [--no-contrast]``
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LEGALITIES = ("standard", "future", "historic", "timeless", "gladiator", "pioneer", "explorer",
              "modern", "legacy", "pauper", "vintage", "penny", "commander", "oathbreaker",
              "standardbrawl", "brawl", "alchemy", "paupercommander", "duel", "oldschool",
              "premodern", "predh")


def _card(rng: random.Random, index: int, fields: dict[str, Any]) -> dict[str, Any]:
    """One default-cards entry: ``fields`` (name, layout, text...) over realistic filler."""
    card_id = str(uuid.UUID(int=rng.getrandbits(128)))
    image = f"https://cards.scryfall.io/{{}}/front/{card_id[0]}/{card_id[1]}/{card_id}.jpg"
    card: dict[str, Any] = {
        "object": "card", "id": card_id, "oracle_id": str(uuid.UUID(int=rng.getrandbits(128))),
        "multiverse_ids": [index], "mtgo_id": index, "tcgplayer_id": index,
        "cardmarket_id": index, "name": f"Filler Card {index}", "lang": "en",
        "released_at": "2010-04-23", "uri": f"https://api.scryfall.com/cards/{card_id}",
        "scryfall_uri": f"https://scryfall.com/card/xxx/{index}/filler?utm_source=api",
        "layout": "normal", "highres_image": True, "image_status": "highres_scan",
        "image_uris": {size: image.format(size) for size in
                       ("small", "normal", "large", "png", "art_crop", "border_crop")},
        "mana_cost": "{2}{U}", "cmc": 3.0, "type_line": "Creature — Human Wizard",
        "oracle_text": "When this creature enters, draw a card.\nFlying",
        "power": "2", "toughness": "2", "colors": ["U"], "color_identity": ["U"],
        "keywords": ["Flying"], "legalities": dict.fromkeys(LEGALITIES, "legal"),
        "games": ["paper", "mtgo"], "reserved": False, "foil": True, "nonfoil": True,
        "finishes": ["nonfoil", "foil"], "oversized": False, "promo": False,
        "reprint": False, "variation": False, "set_id": str(uuid.UUID(int=rng.getrandbits(128))),
        "set": "xxx", "set_name": "Filler Set", "set_type": "expansion",
        "rulings_uri": f"https://api.scryfall.com/cards/{card_id}/rulings",
        "collector_number": str(index), "digital": False, "rarity": "common",
        "flavor_text": "A line of flavour text, as most cards have one.",
        "artist": "Some Artist", "border_color": "black", "frame": "2015", "full_art": False,
        "textless": False, "booster": True, "story_spotlight": False, "edhrec_rank": index,
        "prices": {"usd": "0.10", "usd_foil": "0.50", "usd_etched": None, "eur": "0.05",
                   "eur_foil": "0.20", "tix": "0.03"},
        "related_uris": {"gatherer": "https://gatherer.wizards.com/x",
                         "edhrec": "https://edhrec.com/route/?cc=x"},
        "purchase_uris": {"tcgplayer": "https://x", "cardmarket": "https://x",
                          "cardhoarder": "https://x"},
    }
    card.update(fields)
    return card


def write_bulk(path: Path, megabytes: int, seed: int = 2010) -> tuple[int, int]:
    """Write the bulk file; return (entries, bytes)."""
    rng = random.Random(seed)
    records = json.loads((ROOT / "data" / "levelers.json").read_text("utf-8"))
    levelers = [{"name": r["name"], "layout": "leveler", "mana_cost": r["mana_cost"],
                 "type_line": r["type_line"], "oracle_text": r["oracle_text"],
                 "power": r["power"], "toughness": r["toughness"], "rarity": r["rarity"],
                 "set": r["sets"][0].lower(), "keywords": ["Level up"]} for r in records]
    target = megabytes * 1024 * 1024
    every = max(1, target // 3_500 // (len(levelers) + 1))  # a leveler every N entries
    written = entries = 0
    with path.open("w", encoding="utf-8") as stream:
        stream.write("[\n")
        while written < target or levelers:
            fields = levelers.pop() if entries % every == every - 1 and levelers else {}
            text = json.dumps(_card(rng, entries, fields), ensure_ascii=False)
            stream.write((",\n" if entries else "") + text)
            written += len(text.encode("utf-8")) + 2
            entries += 1
        stream.write("\n]\n")
    return entries, path.stat().st_size


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(kind: str, path: Path) -> dict[str, Any]:
    """Run one measure in this process (called in a subprocess by ``main``)."""
    from leveler.io.pool_files import load_pool_report
    before = _peak_mb()
    if kind == "stream":
        start = time.perf_counter()
        report = load_pool_report(path)
        seconds = time.perf_counter() - start
        return {"seconds": seconds, "rss_before_mb": before, "peak_rss_mb": _peak_mb(),
                "cards": len(report.cards), "skipped": report.skipped,
                "errors": len(report.errors)}
    if kind == "tracemalloc":
        import tracemalloc
        tracemalloc.start()
        report = load_pool_report(path)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return {"python_peak_mb": peak / 1024 / 1024, "cards": len(report.cards)}
    if kind == "json.load":
        start = time.perf_counter()
        with path.open(encoding="utf-8") as stream:
            document = json.load(stream)
        seconds = time.perf_counter() - start
        return {"seconds": seconds, "rss_before_mb": before, "peak_rss_mb": _peak_mb(),
                "entries": len(document)}
    raise ValueError(kind)


def _run(kind: str, path: Path) -> dict[str, Any]:
    done = subprocess.run([sys.executable, __file__, "--measure", kind, str(path)],
                          capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=int, default=300)
    parser.add_argument("--no-contrast", action="store_true",
                        help="skip the json.load contrast (it needs several GB)")
    parser.add_argument("--measure", nargs=2, metavar=("KIND", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure[0], Path(args.measure[1]))))
        return
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "default-cards.json"
        start = time.perf_counter()
        entries, size = write_bulk(path, args.megabytes)
        print(f"wrote {size / 1e6:.0f} MB ({size / 2**20:.0f} MiB), {entries:,} entries, "
              f"in {time.perf_counter() - start:.1f} s")
        stream = _run("stream", path)
        print(f"load_pool_report: {stream['seconds']:.1f} s "
              f"({size / 2**20 / stream['seconds']:.0f} MiB/s), peak RSS "
              f"{stream['peak_rss_mb']:.0f} MiB (before the load {stream['rss_before_mb']:.0f}"
              f" MiB), {stream['cards']} levelers, {stream['skipped']:,} skipped, "
              f"{stream['errors']} errors")
        traced = _run("tracemalloc", path)
        print(f"tracemalloc peak of Python allocations during the load: "
              f"{traced['python_peak_mb']:.2f} MiB")
        if not args.no_contrast:
            whole = _run("json.load", path)
            print(f"json.load of the whole file: {whole['seconds']:.1f} s, peak RSS "
                  f"{whole['peak_rss_mb']:.0f} MiB")


if __name__ == "__main__":
    main()
