"""Hypothesis strategies: valid leveler designs."""

from __future__ import annotations

from hypothesis import strategies as st

from leveler import LevelBand, LevelerCard, ManaCost

_WORDS = st.sampled_from(["Flying", "Trample", "Vigilance", "Lifelink", "Deathtouch",
                          "First strike", "{T}: Draw a card.", "Hexproof"])
_COSTS = st.sampled_from(["{W}", "{1}{U}", "{2}", "{3}{R}{R}", "{G/W}", "{X}", "{2/B}", "{U/P}"])


_OTHER_COSTS = st.sampled_from(["", "", "Pay 2 life", "Discard a card", "Sacrifice a land"])


@st.composite
def leveler_cards(draw: st.DrawFn, max_bands: int = 4, *, gaps: bool = False,
                  other_costs: bool = False) -> LevelerCard:
    """Any valid leveler design: 1-4 contiguous ascending bands, the last open (711.2).

    ``gaps`` lets bands leave gaps (accepted and flagged, 711.2a); ``other_costs`` gives
    some a non-mana level up cost (702.87a). Both off by default: the printed shapes.
    """
    count = draw(st.integers(1, max_bands))
    start = draw(st.integers(0, 10))
    widths = draw(st.lists(st.integers(1, 8), min_size=count - 1, max_size=count - 1))
    bands = []
    low = start
    for index in range(count):
        high = low + widths[index] - 1 if index < count - 1 else None
        bands.append(LevelBand(low, high, draw(st.integers(0, 20)), draw(st.integers(0, 20)),
                               tuple(draw(st.lists(_WORDS, max_size=2, unique=True)))))
        low = (high or 0) + 1 + (draw(st.integers(0, 3)) if gaps else 0)
    return LevelerCard(
        name=draw(st.sampled_from(["Test Design", "Custom Knight", "Ærn Adept"])),
        mana_cost=ManaCost.parse(draw(_COSTS)),
        type_line="Creature — Human Knight",
        power=draw(st.integers(0, 20)),
        toughness=draw(st.integers(0, 20)),
        level_up_cost=ManaCost.parse(draw(_COSTS)),
        bands=tuple(bands),
        abilities=tuple(draw(st.lists(_WORDS, max_size=2, unique=True))),
        level_up_other_cost=draw(_OTHER_COSTS) if other_costs else "",
    )
