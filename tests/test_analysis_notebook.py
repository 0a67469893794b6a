"""notebooks/analysis.py: the analyst's notebook runs top to bottom, as a script and as
marimo runs it (``marimo export html`` executes every cell), with no cell in error."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "analysis.py"


def _env(tmp_path: Path) -> dict[str, str]:
    return dict(os.environ, MARIMO_SKIP_UPDATE_CHECK="1",
                LEVELER_DESIGNS=str(tmp_path / "designs.sqlite"))


def test_the_analysis_notebook_runs_as_a_script(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, str(NOTEBOOK)], cwd=tmp_path,
                            env=_env(tmp_path), capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-3000:]


def test_every_cell_of_the_analysis_notebook_runs_in_marimo(tmp_path: Path) -> None:
    out = tmp_path / "analysis.html"
    result = subprocess.run(
        [sys.executable, "-m", "marimo", "export", "html", str(NOTEBOOK), "-o", str(out)],
        cwd=tmp_path, env=_env(tmp_path), capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    page = out.read_text(encoding="utf-8")
    start = page.index('"session": {"cells"') + len('"session": ')
    cells = json.JSONDecoder().raw_decode(page[start:])[0]["cells"]
    assert len(cells) > 10
    for cell in cells:
        assert cell["outputs"], cell["id"]
        assert all(output["type"] != "error" for output in cell["outputs"]), cell
        assert not [line for line in cell["console"] if line.get("name") == "stderr"], cell
    assert "Power per mana invested" in page and "Counters wasted past N3" in page


def test_the_project_opens_notebooks_with_their_cells_run() -> None:
    """`marimo edit` runs every cell on open: auto_instantiate in the project's config."""
    import tomllib
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert config["tool"]["marimo"]["runtime"]["auto_instantiate"] is True
