"""One working pool for every tab: the printed cards, the saved designs and the draft.

Pure library (no marimo, no HTML). The app's Pool table and chart, Card tab, What if…
and Balance all read one :class:`WorkingPool`, so a design is the same card under the
same name everywhere:

- the printed pool first, then each design of the store that parses, then the draft
  being typed in the bench when it parses (and is not the saved design as it is);
- every card has a name of its own: a design named like a printed card is shown as
  ``Name (design)`` (:func:`leveler.bench.combine`, as the Balance tab always did), a
  draft named like a card before it as ``Name (draft)``; :attr:`WorkingPool.renamed`
  lists each so the app says so, nothing is shadowed silently;
- every name has its source: :data:`SOURCE_PRINTED`, :data:`SOURCE_DESIGN` or
  :data:`SOURCE_DRAFT` (the app's words ``source.<source>`` say it in each language).

The controls of the app are made from :func:`stable_pool` (the printed pool and the saved
designs, never the draft), so typing in the bench never remakes them; the draft has one
fixed choice, :data:`DRAFT`, that :meth:`WorkingPool.card` turns into the draft's card.
A pool's grid (:func:`grid_of`) is cached by its cards, so the same pool is one grid.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache

from leveler.bench import SOURCE_DESIGN, SOURCE_PRINTED, combine
from leveler.io.design_records import Designs
from leveler.model import LevelerCard, Pool, cards_of
from leveler.pool_grid import PoolGrid, default_card, pool_grid, printed_name

__all__ = ["DRAFT", "MARKS", "SOURCES", "SOURCE_DESIGN", "SOURCE_DRAFT", "SOURCE_PRINTED",
           "PoolKey", "WorkingPool", "card_choices", "grid_of", "grid_of_key", "key_of",
           "names_by_source", "renamed_note", "stable_pool", "working_pool"]

SOURCE_DRAFT = "draft"
"""``source`` of the draft being typed in the Design bench (when it parses)."""
SOURCES = (SOURCE_PRINTED, SOURCE_DESIGN, SOURCE_DRAFT)
"""Every source, in the order the pool lists them."""
DRAFT = "\x00draft"
"""The value of the draft's one fixed choice in a card list (no card name holds NUL:
the text grammar and the designs store refuse control characters in a name)."""


@dataclass(frozen=True)
class WorkingPool:
    """The cards every tab shows, by the name each is shown under, and their sources."""

    cards: dict[str, LevelerCard]
    """Shown name -> card (its ``name`` is the shown name), printed first."""
    sources: dict[str, str]
    """Shown name -> :data:`SOURCES` value."""
    renamed: tuple[tuple[str, str, str], ...] = ()
    """(shown name, the name it was given, source) of each card renamed for a clash."""
    draft: str | None = None
    """The shown name of the draft, None while there is none that parses."""
    _key: tuple[LevelerCard, ...] = field(default=(), repr=False, compare=False)

    @property
    def printed(self) -> dict[str, LevelerCard]:
        """The printed cards only."""
        return {name: card for name, card in self.cards.items()
                if self.sources[name] == SOURCE_PRINTED}

    @property
    def designs(self) -> list[LevelerCard]:
        """The saved designs and the draft, under their shown names (for
        :func:`leveler.bench.balance_frame`, which then renames none of them)."""
        return [card for name, card in self.cards.items()
                if self.sources[name] != SOURCE_PRINTED]

    def card(self, choice: str | None) -> LevelerCard:
        """The card of a card list's ``choice``: a shown name, or :data:`DRAFT` (the draft;
        the first card's default while no draft parses). KeyError for a name not here."""
        if choice == DRAFT or choice is None:
            name = self.draft if self.draft is not None else default_card(list(self.cards))
            return self.cards[name]
        return self.cards[choice]

    def name_of(self, choice: str | None) -> str:
        """The shown name of :meth:`card` ``(choice)``."""
        return self.card(choice).name

    def situation_card(self, choice: object) -> object:
        """A situation's ``card`` for a card list's ``choice``: the draft's shown name for
        :data:`DRAFT`, any other choice as it is (a name, or a custom card's fields)."""
        return self.name_of(DRAFT) if choice == DRAFT else choice

    def source_of(self, name: str) -> str:
        """The source of a shown name (:data:`SOURCE_PRINTED` for a name not here)."""
        return self.sources.get(name, SOURCE_PRINTED)


def _clash_name(name: str, taken: Mapping[str, str], suffix: str) -> str:
    found, number = name, 1
    while found in taken:
        number += 1
        found = f"{name} ({suffix})" if number == 2 else f"{name} ({suffix} {number - 1})"
    return found


def _saved_cards(designs: Designs | Pool) -> list[LevelerCard]:
    """The parsed designs of a store snapshot (``Designs.cards``) or of a pool."""
    return cards_of(designs.cards if isinstance(designs, Designs) else designs)


def working_pool(printed: Pool, designs: Designs | Pool = (), draft: LevelerCard | None = None
                 ) -> WorkingPool:
    """The printed cards, then the saved ``designs`` (a :class:`leveler.io.designs.Designs`
    snapshot, or a pool), then ``draft`` (the bench's parsed draft, or None).

    A design named like a printed card becomes ``Name (design)`` (as in
    :func:`leveler.bench.combine`); the draft is left out when it is one of the saved
    designs as saved (just saved, or opened and not changed), and named ``Name (draft)``
    when its name is taken by another card.
    """
    saved = _saved_cards(designs)
    combined, sources = combine(printed, saved)
    originals = [card.name for card in cards_of(printed)] + [card.name for card in saved]
    renamed = [(card.name, original, sources[card.name])
               for card, original in zip(combined, originals, strict=True)
               if card.name != original]
    cards = {card.name: card for card in combined}
    shown_draft = None
    if draft is not None and draft not in saved:
        shown_draft = _clash_name(draft.name, sources, SOURCE_DRAFT)
        if shown_draft != draft.name:
            renamed.append((shown_draft, draft.name, SOURCE_DRAFT))
        cards[shown_draft] = draft if shown_draft == draft.name else replace(draft,
                                                                               name=shown_draft)
        sources = {**sources, shown_draft: SOURCE_DRAFT}
    return WorkingPool(cards, dict(sources), tuple(renamed), shown_draft,
                       tuple(cards.values()))


def stable_pool(printed: Pool, designs: Designs | Pool = ()) -> WorkingPool:
    """:func:`working_pool` without the draft: what the app's controls are made from, so
    typing in the bench never remakes them."""
    return working_pool(printed, designs, None)


PoolKey = tuple[tuple[LevelerCard, ...], tuple[str, ...]]
"""A working pool as a cache key: its cards (each under its shown name) and their sources."""


def key_of(pool: WorkingPool) -> PoolKey:
    """``pool`` as a cache key: pools of the same cards and sources have the same key."""
    cards = pool._key or tuple(pool.cards.values())
    return cards, tuple(pool.sources[card.name] for card in cards)


@lru_cache(maxsize=8)
def grid_of_key(key: PoolKey) -> PoolGrid:
    """:func:`leveler.pool_grid.pool_grid` of the working pool whose :func:`key_of` is
    ``key``, cached by it."""
    cards, sources = key
    return pool_grid({card.name: card for card in cards},
                     dict(zip((card.name for card in cards), sources, strict=True)))


def grid_of(pool: WorkingPool) -> PoolGrid:
    """:func:`leveler.pool_grid.pool_grid` of the working pool, with its sources; cached by
    the cards, so a pool equal to one before (no draft, or the draft unchanged) costs
    nothing. Its size is the cards' bands, never the counts printed on them."""
    return grid_of_key(key_of(pool))


MARKS: Mapping[str, str] = {
    "source_label": "{name} {source}", "source.design": "◆", "source.draft": "✎",
    "card_draft": "✎ …",
}
"""Labels of no language for a card list whose control a language switch must not remake
(What if…): ``Test Knight ◆`` for a design, ``✎ …`` for the draft."""


def card_choices(pool: WorkingPool, words: Mapping[str, str] = MARKS,
                 language: str = "") -> dict[str, str]:
    """A card list's options, label -> choice: every card by its shown name (a printed card
    by its name as printed in ``language``, "Étudiante de la guerre", when it has one; a
    design's label adds the words ``source.design``: ``Test Knight — design``), then the
    draft's one fixed choice (:data:`DRAFT`, labelled ``card_draft``), whatever is typed.
    A label another card already has is that card's own name instead."""
    options: dict[str, str] = {}
    for name, card in pool.cards.items():
        source = pool.sources[name]
        label = printed_name(card, name, language) if source == SOURCE_PRINTED else \
            words["source_label"].format(name=name, source=words[f"source.{source}"])
        options[label if label not in options else name] = name
    options[words["card_draft"]] = DRAFT
    return options


def renamed_note(pool: WorkingPool, words: Mapping[str, str]) -> list[str]:
    """One line per card renamed for a clash, in ``words`` (``renamed_note``): what it is
    called, what it was named and why."""
    return [words["renamed_note"].format(shown=shown, name=name,
                                         source=words[f"source.{source}"])
            for shown, name, source in pool.renamed]


def names_by_source(pool: WorkingPool, sources: Iterable[str]) -> list[str]:
    """The shown names of the cards of ``sources``, in pool order."""
    wanted = set(sources)
    return [name for name, source in pool.sources.items() if source in wanted]
