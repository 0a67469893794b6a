"""The bundled printed pool as the default, for callers who give no pool.

The situation format, the layers and the presets take the pool their card names are looked
up in and open no file (so the rules core stays pure). These are their short forms at the
package facade: ``leveler.resolve_situation`` and ``leveler.apply_preset`` look names up
in :func:`bundled_pool` unless a ``pool`` is given.

>>> from leveler import resolve_situation
>>> resolve_situation({"card": "Student of Warfare", "counters": {"level": 7}}).power
4
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from leveler import layers, presets
from leveler.io.pool_files import load_pool
from leveler.layers import Resolution
from leveler.model import LevelerCard
from leveler.situation import Situation

__all__ = ["apply_preset", "bundled_pool", "resolve_situation"]


@functools.lru_cache(maxsize=1)
def bundled_pool() -> Mapping[str, LevelerCard]:
    """The bundled printed pool (``data/levelers.json``), read once; read-only."""
    return MappingProxyType(load_pool())


def resolve_situation(situation: Situation | Mapping[str, Any],
                      pool: Mapping[str, LevelerCard] | None = None) -> Resolution:
    """:func:`leveler.layers.resolve_situation`, names looked up in ``pool`` (default:
    the bundled printed pool)."""
    return layers.resolve_situation(situation, bundled_pool() if pool is None else pool)


def apply_preset(situation: Mapping[str, Any] | Situation, name: str, *,
                 timestamp: float | None = None, pool: Mapping[str, LevelerCard] | None = None,
                 caster: str | None = None) -> dict[str, Any]:
    """:func:`leveler.presets.apply_preset`, names looked up in ``pool`` (default: the
    bundled printed pool)."""
    return presets.apply_preset(situation, name, timestamp=timestamp, caster=caster,
                                pool=bundled_pool() if pool is None else pool)
