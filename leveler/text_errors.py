"""The error of card text that is not a leveler's: the line, the rule and the card.

One :class:`CardTextError` may carry every independent problem of a design
(:attr:`CardTextError.problems`), gathered by :class:`Problems` while the text is read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ParamSpec, TypeVar

__all__ = ["MAX_LISTED", "CardTextError", "Problems"]

MAX_LISTED = 20
"""The most problems one error lists; the rest are counted in ``unlisted``."""

_P = ParamSpec("_P")
_T = TypeVar("_T")


class CardTextError(ValueError):
    """Card text that is not a leveler's, with the offending line and the rule it breaks.

    ``message``, ``line_number``, ``line``, ``rule`` and ``card`` describe the first
    problem; ``problems`` holds every problem found (those of fields outside the text
    first, then by line, then what the whole text lacks; at most :data:`MAX_LISTED`),
    each a one-problem error; ``unlisted`` counts those left
    out. ``str()`` gives one line per problem, then "and N more problems".
    """

    def __init__(
        self,
        message: str,
        *,
        line_number: int | None = None,
        line: str | None = None,
        rule: str | None = None,
        card: str | None = None,
    ) -> None:
        self.message = message
        self.line_number = line_number
        self.line = line
        self.rule = rule
        self.card = card
        self.problems: tuple[CardTextError, ...] = (self,)
        self.unlisted = 0
        super().__init__(self._describe())

    @classmethod
    def gather(cls, problems: Sequence[CardTextError], unlisted: int = 0) -> CardTextError:
        """One error for ``problems`` (the first is the error's own); itself if only one."""
        first = problems[0]
        if len(problems) == 1 and not unlisted:
            return first
        error = cls(first.message, line_number=first.line_number, line=first.line,
                    rule=first.rule, card=first.card)
        error.problems = tuple(problems)
        error.unlisted = unlisted
        error.args = (error._describe(),)
        return error

    def name_card(self, card: str, prefix: str = "") -> CardTextError:
        """Name the card the error is about (unless it already names one), and optionally
        put ``prefix`` (a field path) before the message; returns the same error."""
        if self.card is None:
            self.card = card
        for problem in self.problems:
            if problem is not self:
                problem.name_card(card)
        text = self._describe()
        self.args = (f"{prefix}: {text}" if prefix else text,)
        return self

    def _describe(self) -> str:
        """The first problem named by card and line; every other one by its line."""
        text = _one(self.message, self.line_number, self.line, self.rule, self.card)
        others = [_one(p.message, p.line_number, p.line, p.rule, None)
                  for p in self.problems[1:]]
        if self.unlisted:
            others.append(f"and {self.unlisted:,} more problem"
                          f"{'s' if self.unlisted > 1 else ''}")
        return "\n".join([text, *others])


def _one(message: str, line_number: int | None, line: str | None, rule: str | None,
         card: str | None) -> str:
    where = []
    if card:
        where.append(card)
    if line_number is not None:
        where.append(f"line {line_number}")
    prefix = ", ".join(where)
    text = f"{prefix}: {message}" if prefix else message
    if line is not None:
        text += f": {_shorten(line)!r}"
    if rule:
        text += f" (rule {rule})"
    return text


def _shorten(line: str, limit: int = 80) -> str:
    return line if len(line) <= limit else line[: limit - 1] + "…"


class Problems:
    """The problems found so far in one design; :meth:`raise_any` raises them all at once."""

    def __init__(self) -> None:
        self._found: list[CardTextError] = []
        self._last: list[CardTextError] = []

    def __bool__(self) -> bool:
        return bool(self._found or self._last)

    def add(self, problem: CardTextError, *, last: bool = False) -> None:
        """Record ``problem``; ``last`` ones (what the whole text lacks) follow the lines
        unless they name one."""
        (self._last if last else self._found).append(problem)

    def run(self, check: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T | None:
        """``check(*args, **kwargs)``, or None with its CardTextError recorded."""
        try:
            return check(*args, **kwargs)
        except CardTextError as problem:
            self.add(problem)
            return None

    def raise_any(self) -> None:
        """Raise every problem found, or nothing: the fields' (no line) first, then by line,
        then the ``last`` ones; the first :data:`MAX_LISTED`, the rest counted."""
        if not self:
            return
        tagged = [(p, 0) for p in self._found] + [(p, 2) for p in self._last]
        found = [p for p, _ in sorted(tagged, key=lambda item: (
            item[1] if item[0].line_number is None else 1, item[0].line_number or 0))]
        listed = found[:MAX_LISTED]
        raise CardTextError.gather(listed, len(found) - len(listed)) from None
