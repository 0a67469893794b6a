"""When a leveler reaches each band: a deterministic mana curve and a Limited Monte Carlo.

Both models share one spending policy, the whole of what they assume about play:

1. Mana available on a turn = lands in play that turn. No other mana, no mana carried
   over between turns (mana empties between steps, CR 500.4), colours ignored: a land
   pays for any symbol, and a cost counts by its mana value (CR 202.3, X counts 0).
2. The leveler is cast on the first turn its mana value is available.
3. From that turn on, the cast turn included, all remaining mana buys level ups:
   floor(mana / level up cost) levels that turn. Level up is sorcery speed and needs the
   permanent on the battlefield (CR 702.87a), so no levels before the cast turn.
4. A level up cost of mana value 0 (``{0}``, or ``{X}`` with X = 0) can be activated
   any number of times (CR 711.4: at any level): the models put every band on the cast
   turn.

A *stage* is a P/T box (:mod:`leveler.stages`): stage 0 is the uppermost (printed) box,
reached when the card is cast (CR 711.5 below N1); stage k is the k-th band, reached with
N1 level counters (CR 711.2a, 711.2b).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pandas as pd

from leveler.model import LevelerCard, Pool, cards_of
from leveler.stages import PRINTED, stage_labels  # what a stage is and its label

__all__ = [
    "PRINTED",
    "CurveModel",
    "LimitedModel",
    "deal_lands",
    "first_turns",
    "lands_in_play",
    "pool_reach_chances",
    "reach_chances",
    "shuffle_libraries",
    "stage_labels",
    "stage_min_levels",
    "turns_to_band",
]

IntArray = npt.NDArray[np.int64]


def stage_min_levels(card: LevelerCard) -> tuple[int, ...]:
    """Level counters each stage needs: 0 for the printed box, then each band's N1 (711.2)."""
    return (0, *(band.min_level for band in card.bands))


# --- the deterministic model -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CurveModel:
    """On the play, one land drop every turn from turn 1 and no other mana.

    Colours are ignored: any land pays any symbol. With ``max_lands`` the land drops
    stop at that many lands (a mana-screw scenario); ``None`` means they never stop.
    """

    max_turn: int = 20
    """The last turn simulated; a stage not reached by then has turn None."""
    max_lands: int | None = None
    """Land drops stop at this many lands in play; None: one more every turn."""

    def __post_init__(self) -> None:
        if self.max_turn < 1:
            raise ValueError(f"max_turn must be at least 1 (got {self.max_turn})")
        if self.max_lands is not None and self.max_lands < 0:
            raise ValueError(f"max_lands cannot be negative (got {self.max_lands})")

    def lands_on_turn(self, turn: int) -> int:
        """Lands in play on ``turn`` (1-based): the turn number, capped at ``max_lands``."""
        return turn if self.max_lands is None else min(turn, self.max_lands)

    def lands_by_turn(self) -> IntArray:
        """Lands in play on turns 1..max_turn, as one row of shape (1, max_turn)."""
        turns = np.arange(1, self.max_turn + 1, dtype=np.int64)
        if self.max_lands is not None:
            turns = np.minimum(turns, self.max_lands)
        return turns[None, :]


def turns_to_band(card: LevelerCard, model: CurveModel = CurveModel()) -> pd.DataFrame:
    """Turn each stage is first reached under ``model``, one row per stage.

    Columns: stage (int64), band (str), min_level (int64), turn (Int64, <NA> when not
    reached by ``model.max_turn``). The spending policy is the module's: cast on the
    first turn with lands >= mana value, then every turn, the cast turn included,
    floor(mana left / level up cost) level ups (702.87a, sorcery speed). Colours are
    ignored. A free level up puts every band on the cast turn.

    >>> from leveler import load_pool
    >>> turns_to_band(load_pool()["Student of Warfare"])["turn"].tolist()
    [1, 2, 4]
    """
    mana_value = card.mana_cost.mana_value
    level_cost = card.level_up_cost.mana_value
    needs = stage_min_levels(card)
    reached: list[int | None] = [None] * len(needs)
    cast_turn: int | None = None
    levels = 0
    for turn in range(1, model.max_turn + 1):
        mana = model.lands_on_turn(turn)
        if cast_turn is None:
            if mana < mana_value:
                continue  # not cast yet: no permanent to level up (702.87a)
            cast_turn, mana = turn, mana - mana_value
        if level_cost == 0:
            levels = max(needs)  # free level up: as many activations as wanted (711.4)
        else:
            levels += mana // level_cost
        for stage, need in enumerate(needs):
            if reached[stage] is None and levels >= need:
                reached[stage] = turn
    return pd.DataFrame({
        "stage": np.arange(len(needs), dtype=np.int64),
        "band": pd.Series(stage_labels(card), dtype="str"),
        "min_level": np.array(needs, dtype=np.int64),
        "turn": pd.array(reached, dtype="Int64"),
    })


# --- the vectorised core, shared by the Monte Carlo and the variants ---------------------


def first_turns(
    lands: IntArray, mana_values: IntArray, level_costs: IntArray, stage_mins: IntArray
) -> IntArray:
    """First turn (1-based) each stage is reached, per design and game; 0 if never.

    ``lands``: (games, turns), lands in play on each turn. ``mana_values`` and
    ``level_costs``: (designs,). ``stage_mins``: (designs, stages), level counters per
    stage (0 for the printed box). Returns (designs, games, stages). The policy of
    :func:`turns_to_band`, stepped turn by turn with array operations over every design
    and game at once.
    """
    mana_value = mana_values[:, None]
    cost = level_costs[:, None]
    free = cost == 0  # free level up: unbounded activations (711.4)
    per_level = np.maximum(cost, 1)
    cast = np.zeros((len(mana_values), lands.shape[0]), dtype=bool)
    levels = np.zeros(cast.shape, dtype=np.int64)
    first = np.zeros((*cast.shape, stage_mins.shape[1]), dtype=np.int64)
    for turn, mana in enumerate(np.ascontiguousarray(lands.T), start=1):
        casting = ~cast & (mana >= mana_value)  # first turn with lands >= mana value
        cast |= casting
        spend = np.where(casting, mana - mana_value, mana)
        levels += np.where(cast, spend // per_level, 0)  # 702.87a: only once cast
        for stage in range(stage_mins.shape[1]):
            now = cast & (free | (levels >= stage_mins[:, stage, None]))
            first[:, :, stage] = np.where((first[:, :, stage] == 0) & now, turn,
                                          first[:, :, stage])
    return first


# --- the Limited Monte Carlo -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LimitedModel:
    """A Limited game: a 40-card deck with ``lands`` lands, the leveler in the opening hand.

    Assumptions: the leveler is one of the ``deck_size`` cards and starts in the opening
    hand; the other ``hand_size - 1`` cards of that hand and every draw come from the
    other ``deck_size - 1`` cards, shuffled uniformly, ``lands`` of them lands. No
    mulligans. One draw each turn, except turn 1 on the play (CR 103.8a). A land is
    played each turn if one is in hand (CR 305.2). Spending as in the module docstring.
    """

    lands: int = 17
    """Lands among the deck's cards other than the leveler."""
    on_the_play: bool = True
    deck_size: int = 40
    hand_size: int = 7
    max_turn: int = 12
    """The last turn simulated."""

    def __post_init__(self) -> None:
        library = self.deck_size - 1
        if not 0 <= self.lands <= library:
            raise ValueError(f"lands must be between 0 and {library} (the deck's cards other "
                             f"than the leveler), not {self.lands}")
        if self.hand_size < 1 or self.max_turn < 1:
            raise ValueError("hand_size and max_turn must be at least 1")
        if self.cards_seen(self.max_turn) > library:
            raise ValueError(f"a {self.deck_size}-card deck runs out of cards before turn "
                             f"{self.max_turn}")

    def cards_seen(self, turn: int) -> int:
        """Cards other than the leveler seen by ``turn``'s main phase: hand plus draws."""
        return self.hand_size - 1 + turn - 1 + (0 if self.on_the_play else 1)


def shuffle_libraries(model: LimitedModel, games: int, rng: np.random.Generator) -> IntArray:
    """One uniform shuffle per game of the deck's cards other than the leveler: 1 = land.

    Shape (games, deck_size - 1); row g is game g's library from the top, opening hand first.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1 (got {games})")
    library = np.zeros(model.deck_size - 1, dtype=np.int64)
    library[: model.lands] = 1
    shuffled: IntArray = rng.permuted(np.broadcast_to(library, (games, library.size)), axis=1)
    return shuffled


def lands_in_play(model: LimitedModel, shuffled: IntArray) -> IntArray:
    """Lands in play on turns 1..max_turn for each shuffled library: (games, max_turn).

    A land drop each turn with a land in hand (CR 305.2), draws as :class:`LimitedModel`.
    After the opening hand each turn brings at most one new card, so the drops fall
    behind the turn count only when every land seen is already in play: lands in play
    on turn t = min(t, lands among the cards seen by turn t).
    """
    seen = np.array([model.cards_seen(t) for t in range(1, model.max_turn + 1)])
    running = np.zeros((shuffled.shape[0], shuffled.shape[1] + 1), dtype=np.int64)
    np.cumsum(shuffled, axis=1, out=running[:, 1:])
    turns = np.arange(1, model.max_turn + 1, dtype=np.int64)
    result: IntArray = np.minimum(running[:, seen], turns[None, :])
    return result


def deal_lands(model: LimitedModel, games: int, rng: np.random.Generator) -> IntArray:
    """Lands in play on turns 1..max_turn in ``games`` random games: (games, max_turn)."""
    return lands_in_play(model, shuffle_libraries(model, games, rng))


def _chances_frame(card: LevelerCard, first: IntArray, max_turn: int) -> pd.DataFrame:
    """Long frame: per stage and turn, the share of games with the stage reached by then."""
    stages = first.shape[1]
    counts = np.stack([np.bincount(first[:, s], minlength=max_turn + 1) for s in range(stages)])
    chance = np.cumsum(counts[:, 1:], axis=1) / first.shape[0]
    return pd.DataFrame({
        "stage": np.repeat(np.arange(stages, dtype=np.int64), max_turn),
        "band": pd.Series(np.repeat(np.array(stage_labels(card)), max_turn), dtype="str"),
        "min_level": np.repeat(np.array(stage_min_levels(card), dtype=np.int64), max_turn),
        "turn": np.tile(np.arange(1, max_turn + 1, dtype=np.int64), stages),
        "chance": chance.ravel(),
    })


def pool_reach_chances(
    pool: Pool,
    model: LimitedModel = LimitedModel(),
    *,
    games: int = 100_000,
    seed: int = 0,
) -> pd.DataFrame:
    """:func:`reach_chances` for every card, with a leading ``name`` column.

    All cards are played from the same ``games`` shuffles (common random numbers), so
    a card's rows equal ``reach_chances(card, model, games=games, seed=seed)``.
    """
    cards = cards_of(pool)
    lands = deal_lands(model, games, np.random.default_rng(seed))
    frames = []
    for card in cards:
        first = first_turns(
            lands,
            np.array([card.mana_cost.mana_value], dtype=np.int64),
            np.array([card.level_up_cost.mana_value], dtype=np.int64),
            np.array([stage_min_levels(card)], dtype=np.int64),
        )[0]
        frame = _chances_frame(card, first, model.max_turn)
        frame.insert(0, "name", pd.Series([card.name] * len(frame), dtype="str"))
        frames.append(frame)
    if not frames:
        return pd.DataFrame({
            "name": pd.Series([], dtype="str"), "stage": pd.Series([], dtype="int64"),
            "band": pd.Series([], dtype="str"), "min_level": pd.Series([], dtype="int64"),
            "turn": pd.Series([], dtype="int64"), "chance": pd.Series([], dtype="float64"),
        })
    return pd.concat(frames, ignore_index=True)


def reach_chances(
    card: LevelerCard,
    model: LimitedModel = LimitedModel(),
    *,
    games: int = 100_000,
    seed: int = 0,
) -> pd.DataFrame:
    """Chance of having reached each stage by each turn in a Limited game (Monte Carlo).

    One row per stage and turn 1..``model.max_turn``: stage (int64), band (str),
    min_level (int64), turn (int64), chance (float64, share of ``games``). Seeded
    with ``numpy.random.default_rng(seed)``: the same seed gives the same frame. See
    :class:`LimitedModel` for the deck assumptions and the module docstring for play.
    """
    return pool_reach_chances([card], model, games=games, seed=seed).drop(columns="name")

