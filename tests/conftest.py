"""Shared fixtures: the bundled pool."""

from __future__ import annotations

import pytest

from leveler import LevelerCard, load_pool


@pytest.fixture(scope="session")
def pool() -> dict[str, LevelerCard]:
    return load_pool()
