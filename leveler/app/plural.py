"""A count in words, singular or plural as the language says (words as data, no ``if french``).

A phrase with a count has two keys in each words file, ``<key>.one`` and ``<key>.other``;
the words' ``plural_one`` lists the counts that take the singular (English "1", French
"0 1": *0 création*, *1 création*, *2 créations*).
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["plural_text"]


def plural_text(words: Mapping[str, str], key: str, count: int, **fields: object) -> str:
    """``key.one`` or ``key.other`` of ``words`` for ``count``, formatted with ``count`` and
    ``fields``."""
    singular = str(count) in words.get("plural_one", "1").split()
    return words[f"{key}.{'one' if singular else 'other'}"].format(count=count, **fields)
