"""Bad input never breaks the parser: every hostile entry gets CardTextError/ValueError.

The corpus (tests/data/hostile/cards.jsonl, written by make_corpus.py beside it) holds
truncated and swapped bands, malformed P/T lines and headers, unicode look-alikes and
control characters, HTML and script in every field, huge inputs and mutations of
every printed card. None is a valid leveler, so each must be rejected with a message.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from leveler import CardTextError, parse_card, resolve_situation

CORPUS = [json.loads(line) for line in
          (Path(__file__).parent / "data" / "hostile" / "cards.jsonl").open(encoding="utf-8")]


def _text(entry: dict[str, Any]) -> Any:
    if "pieces" in entry:
        return "".join(piece * times for piece, times in entry["pieces"])
    return entry["text"]


def test_the_corpus_has_at_least_200_inputs() -> None:
    assert len(CORPUS) >= 200


@pytest.mark.parametrize("entry", CORPUS, ids=[e["why"][:60] for e in CORPUS])
def test_hostile_card_text_is_rejected_with_a_message(entry: dict[str, Any]) -> None:
    fields = {k: entry[k] for k in ("name", "mana_cost", "type_line", "power", "toughness")}
    with pytest.raises(ValueError) as caught:  # CardTextError is a ValueError
        parse_card(_text(entry), **fields)
    assert isinstance(caught.value, CardTextError), type(caught.value)
    message = str(caught.value)
    assert message.strip() and len(message) < 2_000


SITUATIONS = [json.loads(line) for line in
              (Path(__file__).parent / "data" / "hostile" / "situations.jsonl")
              .open(encoding="utf-8")]


@pytest.mark.parametrize("entry", SITUATIONS, ids=[e["why"][:60] for e in SITUATIONS])
def test_hostile_situation_is_rejected_with_a_message(entry: dict[str, Any]) -> None:
    with pytest.raises(ValueError) as caught:
        resolve_situation(entry["situation"])
    message = str(caught.value)
    assert message.strip() and len(message) < 2_000


def test_the_two_corpora_hold_over_300_inputs() -> None:
    assert len(CORPUS) + len(SITUATIONS) >= 300
