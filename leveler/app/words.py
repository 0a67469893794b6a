"""The interface words, one data file per language (``leveler/app/words/<code>.toml``).

A language is one file: its code is the file name, its ``language_name`` the name the
language switch shows (in the language itself), and every other key is a word or
phrase the views look up by key. Every file has the same keys as ``en.toml``
(``tests/test_labels.py``), so adding a language is adding one file. The French words
follow the French Comprehensive Rules of 2011 (rule 710): *marqueur « niveau »*,
*symbole de niveau*, *cartouche force/endurance*, *montée de niveau*.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

__all__ = ["LANGUAGES", "WORDS", "WORDS_DIR", "words_for"]

WORDS_DIR = Path(__file__).resolve().parent / "words"
"""Where the words files live (inside the package, so a wheel carries them)."""


def _read(path: Path) -> Mapping[str, str]:
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    for key, value in document.items():
        if not isinstance(value, str):
            raise ValueError(f"{path.name}: {key} must be a string, not {type(value).__name__}")
    return MappingProxyType(document)


def _all_words() -> dict[str, Mapping[str, str]]:
    paths = sorted(WORDS_DIR.glob("*.toml"), key=lambda path: (path.stem != "en", path.stem))
    return {path.stem: _read(path) for path in paths}


WORDS: Mapping[str, Mapping[str, str]] = MappingProxyType(_all_words())
"""Language code -> its words, English first."""

LANGUAGES: dict[str, str] = {words["language_name"]: code for code, words in WORDS.items()}
"""The language switch: each language named in itself -> its code (a dict: marimo's radio
takes a dict's keys as labels and its values as values)."""


def words_for(language: str) -> Mapping[str, str]:
    """The words of ``language`` (a code such as "en" or "fr"); ValueError for another."""
    try:
        return WORDS[language]
    except KeyError:
        raise ValueError(f"no words for language {language!r}: expected one of "
                         f"{', '.join(WORDS)}") from None
