"""Shared fixtures: the bundled pool."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from leveler import LevelerCard, load_pool

settings.register_profile("ci", deadline=None)
settings.register_profile("fuzz", max_examples=20_000, deadline=None,
                          suppress_health_check=list(HealthCheck))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def pool() -> dict[str, LevelerCard]:
    return load_pool()


@pytest.fixture(autouse=True)
def _own_designs_file(tmp_path_factory: pytest.TempPathFactory,
                      monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the user's designs file: LEVELER_DESIGNS is a fresh path."""
    monkeypatch.setenv("LEVELER_DESIGNS",
                       str(tmp_path_factory.mktemp("designs") / "designs.json"))
