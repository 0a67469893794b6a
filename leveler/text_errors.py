"""The error of card text that is not a leveler's: the line, the rule and the card."""

from __future__ import annotations

__all__ = ["CardTextError"]


class CardTextError(ValueError):
    """Card text that is not a leveler's, with the offending line and the rule it breaks."""

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
        super().__init__(self._describe())

    def name_card(self, card: str, prefix: str = "") -> CardTextError:
        """Name the card the error is about (unless it already names one), and optionally
        put ``prefix`` (a field path) before the message; returns the same error."""
        if self.card is None:
            self.card = card
        text = self._describe()
        self.args = (f"{prefix}: {text}" if prefix else text,)
        return self

    def _describe(self) -> str:
        where = []
        if self.card:
            where.append(self.card)
        if self.line_number is not None:
            where.append(f"line {self.line_number}")
        prefix = ", ".join(where)
        text = f"{prefix}: {self.message}" if prefix else self.message
        if self.line is not None:
            text += f": {_shorten(self.line)!r}"
        if self.rule:
            text += f" (rule {self.rule})"
        return text


def _shorten(line: str, limit: int = 80) -> str:
    return line if len(line) <= limit else line[: limit - 1] + "…"
