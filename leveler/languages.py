"""The languages levelers were printed in: each one's level up keyword and level symbol word.

This is data, not grammar: :mod:`leveler.text` has one grammar and fills its two keyword
slots from the :class:`Language` in use. Keywords are written as printed; matching is
case-insensitive, after Unicode NFKC (which folds full-width digits, signs and brackets),
and a space in a keyword matches any run of spaces.

>>> find_language("fr").name, find_language("Portuguese (Brazil)").code
('French', 'pt')
>>> [language.header_words for language in LANGUAGES if language.code == "ja"]
[('Lv', 'LEVEL')]
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ENGLISH", "LANGUAGES", "Language", "find_language"]


@dataclass(frozen=True, slots=True)
class Language:
    """One printed language's keywords (names as in MTGJSON's ``foreignData``)."""

    name: str
    """The language as MTGJSON names it, e.g. ``"Portuguese (Brazil)"``."""
    code: str
    """Scryfall's ``lang`` code, e.g. ``"pt"``."""
    level_up: str
    """The level up keyword (702.87a), e.g. ``"Montée de niveau"``."""
    header_words: tuple[str, ...]
    """Words of the level symbol (711.2), e.g. ``("NIVEAU",)``; the first is the usual one."""
    header_gap: str = r"\s*"
    """Regex between the level symbol word and N1: Chinese prints none (``等级1-3``)."""
    after_cost: str = ""
    """Punctuation printed between the level up cost and its reminder (Spanish ``.``)."""
    creature_word: str = "Creature"
    """The card type on a printed type line, so a printed type line is accepted too."""
    aliases: tuple[str, ...] = ()
    """Other names for ``language=``, e.g. ``("pt-BR", "Portuguese")``."""

    @property
    def header_word(self) -> str:
        """The usual level symbol word, for messages: ``NIVEAU``."""
        return self.header_words[0]


ENGLISH = Language("English", "en", "Level up", ("LEVEL",), header_gap=r"\s+")

LANGUAGES: tuple[Language, ...] = (
    ENGLISH,
    Language("German", "de", "Stufe aufsteigen", ("STUFE",), creature_word="Kreatur"),
    Language("Spanish", "es", "Subir de nivel", ("NIVEL",), after_cost=".",
             creature_word="Criatura"),
    Language("French", "fr", "Montée de niveau", ("NIVEAU",), creature_word="Créature"),
    Language("Italian", "it", "Aumentare di livello", ("LIVELLO",), creature_word="Creatura"),
    Language("Portuguese (Brazil)", "pt", "Subir de nível", ("NÍVEL",),
             creature_word="Criatura", aliases=("Portuguese", "pt-BR")),
    Language("Russian", "ru", "Повышение уровня", ("УРОВЕНЬ",), creature_word="Существо"),
    # Transcendent Master's Japanese print has the English word on its first symbol.
    Language("Japanese", "ja", "Lvアップ", ("Lv", "LEVEL"), creature_word="クリーチャー"),
    Language("Korean", "ko", "레벨업", ("레벨",), creature_word="생물"),
    Language("Chinese Simplified", "zhs", "升级", ("等级",), creature_word="生物",
             aliases=("zh-Hans", "zh-CN")),
    Language("Chinese Traditional", "zht", "升級", ("等級",), creature_word="生物",
             aliases=("zh-Hant", "zh-TW")),
)
"""Every language with printed levelers, English first (it wins a tie in detection)."""


def find_language(name: str) -> Language:
    """The language called ``name``: its name, Scryfall code or an alias, in any case.

    Raises ValueError listing the known languages otherwise.
    """
    wanted = name.strip().casefold()
    for language in LANGUAGES:
        if wanted in (key.casefold() for key in (language.name, language.code,
                                                  *language.aliases)):
            return language
    known = ", ".join(f"{language.name} ({language.code})" for language in LANGUAGES)
    raise ValueError(f"unknown language {name!r}: expected one of {known}")
