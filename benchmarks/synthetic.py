"""Synthetic leveler designs for the benchmarks: reproducible, valid, varied."""

from __future__ import annotations

import random

from leveler import LevelBand, LevelerCard, ManaCost, format_card

ABILITIES = ("Flying", "First strike", "Trample", "Lifelink", "Vigilance", "Deathtouch",
             "{T}: Draw a card.", "Protection from instants")
COSTS = ("{W}", "{1}{U}", "{2}", "{1}{B}", "{3}{R}", "{G}", "{2}{W}{W}", "{1}")


def designs(count: int, seed: int = 2010) -> list[LevelerCard]:
    """``count`` valid designs with 1-3 contiguous bands (711.2), names unique."""
    rng = random.Random(seed)
    cards = []
    for index in range(count):
        bands = []
        low = rng.randint(1, 5)
        band_count = rng.choice((2, 2, 2, 1, 3))
        for position in range(band_count):
            last = position == band_count - 1
            high = None if last else low + rng.randint(0, 6)
            bands.append(LevelBand(low, high, rng.randint(0, 10), rng.randint(1, 10),
                                   tuple(rng.sample(ABILITIES, rng.randint(0, 2)))))
            low = (high or 0) + 1
        cards.append(LevelerCard(
            name=f"Design {index:06d}", mana_cost=ManaCost.parse(rng.choice(COSTS)),
            type_line="Creature — Human Knight", power=rng.randint(0, 4),
            toughness=rng.randint(1, 4), level_up_cost=ManaCost.parse(rng.choice(COSTS)),
            bands=tuple(bands)))
    return cards


def design_texts(count: int, seed: int = 2010) -> list[tuple[LevelerCard, str]]:
    """Designs with their canonical oracle text, for parse throughput."""
    return [(card, format_card(card)) for card in designs(count, seed)]
