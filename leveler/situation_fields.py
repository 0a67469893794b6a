"""JSON field readers for situations: each names the field it reads in its error.

Every problem is a :class:`SituationError` (a ``ValueError``) whose message starts with
the path of the field, e.g. ``effects[2].timestamp: expected a number, got 'soon'``.
"""

from __future__ import annotations

import difflib
import math
import numbers
from collections.abc import Mapping, Sequence
from typing import Any

from leveler.model import Zone

__all__ = ["SituationError"]


class SituationError(ValueError):
    """A situation that is not valid; ``path`` is the field, e.g. ``effects[2].timestamp``."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}")


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__


def _whole(value: object, path: str, *, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise SituationError(path, f"expected a whole number, got {value!r}")
    number = int(value)
    if minimum is not None and number < minimum:
        what = "counters" if path.startswith("counters") else "it"
        raise SituationError(path, f"{what} cannot be negative, got {number}")
    return number


def _number(value: object, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise SituationError(path, f"expected a number, got {value!r}")
    if not math.isfinite(float(value)):
        raise SituationError(path, f"expected a finite number, got {value!r}")
    return value  # type: ignore[return-value]  # keep ints as ints for display


def _bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise SituationError(path, f"expected true or false, got {value!r}")
    return value


def _text(value: object, path: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise SituationError(path, f"expected a non-empty string, got {value!r}")
    return value.strip()


def _object(value: object, path: str, allowed: Sequence[str]) -> Mapping[str, Any]:
    """A JSON object whose keys are all in ``allowed`` (typos must not silently do nothing)."""
    if not isinstance(value, Mapping):
        raise SituationError(path, f"expected a JSON object, got {_kind(value)}")
    for key in value:
        if key not in allowed:
            close = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise SituationError(_join(path, str(key)),
                                 f"unknown key (expected one of {', '.join(allowed)}){hint}")
    return value


def _require(data: Mapping[str, Any], key: str, path: str) -> Any:
    if key not in data:
        raise SituationError(_join(path, key), "required field is missing")
    return data[key]


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _zone(value: object) -> Zone:
    if not isinstance(value, str | Zone):
        raise SituationError("zone", f"expected a zone name, got {value!r}")
    try:
        return Zone.coerce(value)
    except ValueError as error:
        raise SituationError("zone", str(error)) from None


def _words_list(value: object, path: str) -> tuple[str, ...]:
    if not isinstance(value, list | tuple):
        raise SituationError(path, f"expected a list of strings, got {_kind(value)}")
    return tuple(_text(item, f"{path}[{index}]") for index, item in enumerate(value))
