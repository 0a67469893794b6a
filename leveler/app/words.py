"""The interface words, one data file per language (``leveler/app/words/<code>.toml``).

A language is one file: its code is the file name (given to the views as
``language_code``, e.g. for ``lang=``), its ``language_name`` the name the
language switch shows (in the language itself), and every other key is a word or
phrase the views look up by key: labels, zone names (``zone.*``, ``where.*``), plural
forms (``<key>.one``/``<key>.other``, :mod:`leveler.app.plural`) and how numbers are written
(``number.thousands``, ``number.decimal``). Every file has the same keys and the same
``{placeholders}`` as ``en.toml`` (``tests/test_labels.py``), so adding a language is
adding one file. A value is plain text (markdown where the notebook shows it as markdown),
never HTML: the views escape every word and add their own markup. The French words
follow the French Comprehensive Rules of 2011 (rule 710): *marqueur « niveau »*,
*symbole de niveau*, *cartouche force/endurance*, *montée de niveau*.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

__all__ = ["LANGUAGES", "WORDS", "WORDS_DIR", "languages_of", "load_words", "words_for"]

WORDS_DIR = Path(__file__).resolve().parent / "words"
"""Where the package's words files live (inside the package, so a wheel carries them)."""


def _read(path: Path) -> Mapping[str, str]:
    """The words of ``path``, with its code (the file name) as ``language_code``."""
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{path.name}: {error}") from None
    for key, value in document.items():
        if not isinstance(value, str):
            raise ValueError(f"{path.name}: {key} must be a string, not {type(value).__name__}")
    if "language_name" not in document:
        raise ValueError(f"{path.name}: language_name is missing")
    if "language_code" in document:
        raise ValueError(f"{path.name}: language_code is the file's name, not a word")
    return MappingProxyType({**document, "language_code": path.stem})


def load_words(directory: Path) -> Mapping[str, Mapping[str, str]]:
    """Language code -> its words, for every ``<code>.toml`` in ``directory``, English
    first; ValueError naming the file for one that is not TOML or holds a non-string."""
    paths = sorted(Path(directory).glob("*.toml"), key=lambda path: (path.stem != "en",
                                                                     path.stem))
    return MappingProxyType({path.stem: _read(path) for path in paths})


def languages_of(words: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    """The language switch for ``words``: each language named in itself -> its code."""
    return {language["language_name"]: code for code, language in words.items()}


WORDS: Mapping[str, Mapping[str, str]] = load_words(WORDS_DIR)
"""Language code -> its words (the package's files), English first."""

LANGUAGES: dict[str, str] = languages_of(WORDS)
"""The language switch: each language named in itself -> its code (a dict: marimo's radio
takes a dict's keys as labels and its values as values)."""


def words_for(language: str) -> Mapping[str, str]:
    """The words of ``language`` (a code such as "en" or "fr"); ValueError for another."""
    try:
        return WORDS[language]
    except KeyError:
        raise ValueError(f"no words for language {language!r}: expected one of "
                         f"{', '.join(WORDS)}") from None
