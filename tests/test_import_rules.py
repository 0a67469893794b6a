"""The walls between the library's layers, as they stand: imports point down.

- The rules core (cards, costs, text, CR 711, situations and layers 613) is pure Python:
  it imports only the standard library and other core modules — no pandas, numpy,
  marimo, Altair or HTML, and no module of the app.
- The library's frames (the pool grid, balancing, bands, search, the CLI's output)
  import no marimo, no HTML helpers and no module of the app.
- ``import leveler`` (and the command line) work where marimo cannot be imported.

Read from each module's source (its ``import`` statements, lazy ones included), so a
new import is caught where it is written.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "leveler"

CORE = ("model", "mana", "text", "text_errors", "languages", "rules", "layers", "layer7",
        "copiable", "grants", "targeting", "trace", "situation", "situation_fields",
        "situation_types", "presets")
"""The rules core."""
FRAMES = ("pool", "stages", "grid_fill", "balance", "turns", "bands", "search",
          "cli_output")
"""The library's pandas layer."""
APP = frozenset({"views", "labels", "whatif_view", "balance_view", "designs_view",
                 "pool_picker", "balance_charts", "charts", "export"})
"""What the app shows (HTML, words, charts), today still inside the package."""
KNOWN_EXCEPTIONS = {("situation", "leveler.io.pool_files")}
"""situation.py takes ``load_pool`` as its default pool (file I/O under the layer engine):
to be removed by the architecture issue, which gives the pool to the resolver."""


def _imports(module: str) -> set[str]:
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            if node.module == "leveler":  # from leveler import views
                found |= {f"leveler.{alias.name}" for alias in node.names}
    return found


def test_every_module_named_here_exists() -> None:
    for module in (*CORE, *FRAMES, *APP):
        assert (PACKAGE / f"{module}.py").is_file(), module


@pytest.mark.parametrize("module", CORE)
def test_the_rules_core_imports_only_the_standard_library_and_the_core(module: str) -> None:
    for name in _imports(module):
        if name.startswith("leveler"):
            inner = name.removeprefix("leveler").lstrip(".")
            assert inner in CORE or (module, name) in KNOWN_EXCEPTIONS, (module, name)
        else:
            top = name.partition(".")[0]
            assert top in sys.stdlib_module_names or top == "__future__", (module, name)


@pytest.mark.parametrize("module", FRAMES)
def test_the_frames_import_no_marimo_no_html_and_no_app_module(module: str) -> None:
    for name in _imports(module):
        top = name.partition(".")[0]
        assert top not in {"marimo", "html", "altair"}, (module, name)
        assert name.removeprefix("leveler.") not in APP, (module, name)


def test_the_library_and_its_command_line_import_without_marimo() -> None:
    script = textwrap.dedent("""
        import sys
        class NoMarimo:
            def find_spec(self, name, path=None, target=None):
                if name == "marimo" or name.startswith("marimo."):
                    raise ImportError("marimo is not installed here")
        sys.meta_path.insert(0, NoMarimo())
        import leveler, leveler.cli, leveler.search, leveler.bands, leveler.pool
        from leveler import load_pool, characteristics
        assert characteristics(load_pool()["Student of Warfare"], 7).power == 4
        assert leveler.cli.main(["search", "pow>=4 lvl<=3", "--json"]) == 0
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
