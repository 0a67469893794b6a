"""Shared fixtures: the bundled pool, the app notebook as a module, a clean environment."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

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


NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "explorer.py"


@pytest.fixture(scope="module")
def notebook() -> ModuleType:
    """``notebooks/explorer.py`` imported as a module, for ``app.run()`` tests."""
    spec = importlib.util.spec_from_file_location("leveler_explorer", NOTEBOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def _bundled_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app starts on the bundled pool unless a test sets LEVELER_POOL itself."""
    monkeypatch.delenv("LEVELER_POOL", raising=False)


@pytest.fixture(autouse=True)
def _own_designs_file(tmp_path_factory: pytest.TempPathFactory,
                      monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the user's designs file: LEVELER_DESIGNS is a fresh path."""
    monkeypatch.setenv("LEVELER_DESIGNS",
                       str(tmp_path_factory.mktemp("designs") / "designs.json"))
