"""The pool as the explorer shows it: segments with display facts, filters, a table per count.

:func:`pool_grid` is computed once per pool from :func:`leveler.pool.segments` (one row
per card, zone and range of counts over which the card does not change); moving the
level slider or the zone only picks rows (:meth:`PoolGrid.positions`). Nothing here
decides a rule and nothing here is HTML: the app (:mod:`leveler.app`), the command line
and the benchmarks share it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from leveler.languages import find_language
from leveler.model import LevelerCard, Zone
from leveler.pool import cards_frame, segments
from leveler.text import CardTextError, translate_card

__all__ = ["LEVELS_PAST_TOP", "NO_BAND", "PRINTED_SOURCE", "SORT_OPTIONS", "SOURCE_COLUMN",
           "TABLE_COLUMNS", "PoolGrid",
           "colour_name", "default_card", "filter_names", "filter_options", "level_range",
           "narrow", "pool_grid", "pool_table", "printed_card", "printed_grid", "printed_lines",
           "printed_name", "printed_names"]

LEVELS_PAST_TOP = 3
"""How far the level slider goes past the highest band start in the pool."""

NO_BAND = "(none)"
"""What the views show for the band when none applies (711.5, 711.6)."""

TABLE_COLUMNS = ("Name", "Mana cost", "Band", "Power", "Toughness", "Abilities", "Rule")
"""Columns of the pool table, in display order."""

SOURCE_COLUMN = "Source"
"""The pool table's column after ``Name`` saying where a card comes from (``printed``,
``design``, ``draft``); there only when the grid holds a card that is not printed."""

PRINTED_SOURCE = "printed"
"""The source of a printed card (:data:`leveler.bench.SOURCE_PRINTED`)."""

SORT_OPTIONS = ("Name", "Mana value", "Power", "Toughness", "Rule")
"""What the pool table can be sorted by (ties go by name)."""

_COLOUR_NAMES = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green",
                 "C": "Colourless"}
_RARITY_ORDER = ("common", "uncommon", "rare", "mythic", "special", "bonus")



# ---------------------------------------------------------------- the grid, once

def colour_name(colors: str) -> str:
    """A readable colour for a ``cards_frame`` colour code: "W" is White, "WU" Multicolour."""
    if len(colors) > 1:
        return "Multicolour"
    return _COLOUR_NAMES.get(colors, colors)


def level_range(pool: Mapping[str, LevelerCard]) -> range:
    """Level counters the app offers: 0 to a few past the highest band start in the pool."""
    top = max((card.top_level for card in pool.values()), default=0)
    return range(top + LEVELS_PAST_TOP + 1)


@dataclass(frozen=True, slots=True)
class PoolGrid:
    """Everything the app needs from one pool, computed once per pool.

    ``segments`` is :func:`leveler.pool.segments` over every zone (one row per card,
    zone and range of counts over which the card does not change), with card facts
    joined on for display (``mana_cost``, ``mana_value``, ``colour``); ``cards`` is
    :func:`leveler.pool.cards_frame` with a readable ``colour``. ``rows`` is the
    segments as the table shows them (:data:`TABLE_COLUMNS` and a ``Mana value`` to sort
    by). ``levels`` is what the slider offers (:func:`level_range`). Its size grows
    with the cards' bands, never with the counts printed on them; moving a control
    only picks the rows holding that count (:meth:`positions`).
    """

    segments: pd.DataFrame
    cards: pd.DataFrame
    levels: range
    rows: pd.DataFrame
    zones: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]
    """Per zone: the positions of its rows, their from_level and their to_level (int64
    max for an open segment), for :meth:`positions`."""

    @property
    def names(self) -> list[str]:
        """Card names in pool order."""
        return list(self.cards["name"])

    @property
    def mixed(self) -> bool:
        """Whether a card of the grid is not printed (a design or a draft): then the pool
        table has a :data:`SOURCE_COLUMN`."""
        return bool((self.cards["source"].to_numpy() != PRINTED_SOURCE).any())  # ~20 µs

    def positions(self, level: int, zone: Zone | str) -> np.ndarray:
        """Positions of the rows holding ``level`` counters in ``zone``, card by card:
        one comparison over the zone's segments."""
        where, starts, ends = self.zones[Zone.coerce(zone).value]
        held: np.ndarray = where[(starts <= level) & (level <= ends)]
        return held


def pool_grid(pool: Mapping[str, LevelerCard],
              sources: Mapping[str, str] | None = None) -> PoolGrid:
    """The pool's segments with display facts, for the app to select from (no row per level).

    ``sources`` gives a card's ``source`` (``printed``, ``design``, ``draft``: see
    :mod:`leveler.working_pool`); a card it does not name is :data:`PRINTED_SOURCE`.
    """
    levels = level_range(pool)
    cards = cards_frame(pool)
    cards["colour"] = [colour_name(code) for code in cards["colors"]]
    found = sources or {}
    cards["source"] = [found.get(str(name), PRINTED_SOURCE) for name in cards["name"]]
    frame = segments(pool, tuple(Zone))
    facts = cards.set_index("name")
    names = frame["name"].astype(str)
    for column in ("mana_cost", "mana_value", "colour", "source"):
        frame[column] = names.map(facts[column]).to_numpy()
    rows = pd.DataFrame({
        "Name": names,
        SOURCE_COLUMN: frame["source"].astype(str),
        "Mana cost": frame["mana_cost"],
        "Band": frame["band"].astype(str).where(frame["band"].notna(), NO_BAND),
        "Power": frame["power"],
        "Toughness": frame["toughness"],
        "Abilities": frame["abilities"].astype(str),
        "Rule": frame["citation"].astype(str),
        "Mana value": frame["mana_value"],
    })
    starts = frame["from_level"].to_numpy()
    ends = frame["to_level"].to_numpy(dtype=np.int64, na_value=np.iinfo(np.int64).max)
    zone_codes = frame["zone"].astype(str).to_numpy()
    zones = {}
    for zone in Zone:
        where = np.flatnonzero(zone_codes == zone.value)
        zones[zone.value] = (where, starts[where], ends[where])
    return PoolGrid(segments=frame, cards=cards, levels=levels, rows=rows, zones=zones)


def default_card(names: Sequence[str], preferred: str = "Student of Warfare") -> str:
    """The card the card view opens on: ``preferred`` when the pool has it, else the first."""
    return preferred if preferred in names else names[0]


# ---------------------------------------------------------------- filters

def _ordered(values: Iterable[str], order: Sequence[str] = ()) -> list[str]:
    present = {value for value in values if value}
    known = [value for value in order if value in present]
    return known + sorted(present - set(known))


def filter_options(cards: pd.DataFrame) -> dict[str, list[str]]:
    """Choices for the pool filters, from the cards present: colour, rarity, set."""
    return {
        "colour": _ordered(cards["colour"], [*_COLOUR_NAMES.values(), "Multicolour"]),
        "rarity": _ordered(cards["rarity"], _RARITY_ORDER),
        "set": _ordered(code for sets in cards["sets"] for code in sets.split()),
    }


def filter_names(
    cards: pd.DataFrame,
    colours: Iterable[str] = (),
    rarities: Iterable[str] = (),
    sets: Iterable[str] = (),
    search: str = "",
) -> list[str]:
    """Names of the cards that pass every filter; an empty filter lets every card through.

    ``search`` matches anywhere in the name, ignoring case. A card passes the set
    filter when it was printed in any of the chosen sets.
    """
    keep = pd.Series(True, index=cards.index)
    wanted_colours, wanted_rarities, wanted_sets = set(colours), set(rarities), set(sets)
    if wanted_colours:
        keep &= cards["colour"].isin(wanted_colours)
    if wanted_rarities:
        keep &= cards["rarity"].isin(wanted_rarities)
    if wanted_sets:
        keep &= cards["sets"].map(lambda codes: not wanted_sets.isdisjoint(codes.split()))
    if search.strip():
        keep &= cards["name"].str.contains(search.strip(), case=False, regex=False)
    return list(cards.loc[keep, "name"])


# ---------------------------------------------------------------- the table

def pool_table(
    grid: PoolGrid,
    level: int,
    zone: Zone | str,
    names: Iterable[str],
    sort_by: str = "Name",
    descending: bool = False,
) -> pd.DataFrame:
    """The cards ``names`` at ``level`` counters in ``zone``, one row per card.

    Columns are :data:`TABLE_COLUMNS` (and :data:`SOURCE_COLUMN` after ``Name`` when the
    grid holds a design, :attr:`PoolGrid.mixed`); the values are the grid's (the library's), with
    :data:`NO_BAND` where no band applies and abilities one per line. Rows are sorted
    by ``sort_by`` (one of :data:`SORT_OPTIONS`), ties by name.
    """
    if sort_by not in SORT_OPTIONS:
        raise ValueError(f"cannot sort by {sort_by!r}: expected one of {', '.join(SORT_OPTIONS)}")
    if isinstance(level, bool) or not isinstance(level, int | np.integer) \
            or level not in grid.levels:
        raise ValueError(f"{level} level counters is outside the grid's {grid.levels}")
    rows = grid.rows.iloc[grid.positions(int(level), zone)]
    rows = rows[rows["Name"].isin(set(names))]
    rows = rows.sort_values(
        [sort_by, "Name"] if sort_by != "Name" else ["Name"],
        ascending=[not descending, True] if sort_by != "Name" else [not descending],
        kind="stable")
    dropped = ["Mana value"] if grid.mixed else ["Mana value", SOURCE_COLUMN]
    return rows.drop(columns=dropped).reset_index(drop=True)


def narrow(table: pd.DataFrame, names: Sequence[str] | None) -> pd.DataFrame:
    """The rows of ``table`` for ``names``; all of them when ``names`` is None."""
    if names is None:
        return table
    return table[table["Name"].isin(names)].reset_index(drop=True)


# ---------------------------------------------------------------- a printed language

def printed_card(card: LevelerCard, language: str) -> LevelerCard | None:
    """``card`` as printed in ``language`` (:func:`leveler.text.translate_card`: its printed
    name and abilities, parsed in that language's grammar), with its level up ability in
    that language's keyword (702.87a: "Montée de niveau {W}"); None when the card has no
    translation there or its printed text does not read as the same card."""
    try:
        printed = translate_card(card, language)
    except (CardTextError, ValueError):  # a text that gives other bands: not this card
        return None
    if printed is None:
        return None
    return printed


def printed_level_up(card: LevelerCard, language: str) -> str:
    """The level up ability (702.87a) in ``language``'s keyword: ``Montée de niveau {W}``;
    as the card says it when its cost is not only mana (no printed card's is)."""
    if card.level_up_other_cost:
        return card.level_up_ability
    return f"{find_language(language).level_up} {card.level_up_cost}"


def printed_lines(card: LevelerCard, language: str) -> dict[str, str]:
    """Each of ``card``'s ability lines as written -> as printed in ``language``: its own
    abilities, each band's (711.2) and its level up ability (702.87a: "Montée de niveau
    {W}"); empty in English, without a translation, and for a list whose printed lines do
    not pair one to one with the card's."""
    if not language or find_language(language).code == "en":
        return {}
    printed = printed_card(card, language)
    if printed is None:
        return {}
    pairs = [(card.abilities, printed.abilities)]
    if len(card.bands) == len(printed.bands):
        pairs += [(band.abilities, shown.abilities)
                  for band, shown in zip(card.bands, printed.bands, strict=True)]
    lines = {written: word for ours, theirs in pairs if len(ours) == len(theirs)
             for written, word in zip(ours, theirs, strict=True)}
    lines[card.level_up_ability] = printed_level_up(card, language)
    return lines


def _symbol(label: str, word: str) -> str:
    english = "LEVEL "
    return word + " " + label[len(english):] if label.startswith(english) else label


def printed_name(card: LevelerCard | None, name: str, language: str) -> str:
    """``card``'s name as printed in ``language`` (e.g. "French": "Étudiante de la guerre"),
    else ``name`` (no card, no translation, or ``language`` empty)."""
    printed = card.translation(language) if card is not None and language else None
    return printed.name if printed is not None and printed.name else name


def printed_names(pool: Mapping[str, LevelerCard], language: str) -> dict[str, str]:
    """Each card of ``pool`` -> its name as printed in ``language`` (:func:`printed_name`)."""
    return {str(name): printed_name(card, str(name), language) for name, card in pool.items()}


def printed_grid(grid: PoolGrid, pool: Mapping[str, LevelerCard], language: str) -> PoolGrid:
    """``grid`` with its rows' words in the printed ``language`` (e.g. "French"): level
    symbols with that language's word (``NIVEAU 2-6``, 711.2), and the abilities of each
    card that has a translation as printed there (:func:`printed_card`); a card without
    one (a custom design) keeps its abilities as written. Names stay the pool's (the
    views show printed names), and every number, band range and citation is the grid's:
    a translation changes words, not rules. Computed once per pool and language.
    """
    wanted = find_language(language)
    if wanted.code == "en":
        return grid
    rows = grid.rows.copy()
    band = rows["Band"].astype(str)
    rows["Band"] = band.where(band == NO_BAND, band.map(
        lambda label: _symbol(label, wanted.header_word)))
    owners: dict[str, str] = {}  # printed name -> pool name
    printed_pool: dict[str, LevelerCard] = {}
    for name, card in pool.items():
        printed = printed_card(card, wanted.name)
        if printed is not None and printed.name not in printed_pool:
            owners[printed.name] = str(name)
            printed_pool[printed.name] = printed
    written: dict[tuple[str, str, int], str] = {}
    if printed_pool:
        own = segments(printed_pool, tuple(Zone))
        for shown, zone, start, abilities in zip(
                own["name"].astype(str), own["zone"].astype(str), own["from_level"],
                own["abilities"].astype(str), strict=True):
            card = pool[owners[shown]]
            english, word = card.level_up_ability, printed_level_up(card, wanted.name)
            lines = [word if line == english else line for line in abilities.split("\n")]
            written[(owners[shown], zone, int(start))] = "\n".join(lines)
    keys = zip(grid.segments["name"].astype(str), grid.segments["zone"].astype(str),
               grid.segments["from_level"], strict=True)
    printed_abilities = [written.get((name, zone, int(start))) for name, zone, start in keys]
    rows["Abilities"] = [text if text is not None else english for text, english
                         in zip(printed_abilities, rows["Abilities"], strict=True)]
    return PoolGrid(segments=grid.segments, cards=grid.cards, levels=grid.levels, rows=rows,
                    zones=grid.zones)
