"""The walls between the rooms of the house (docs/architecture.md): imports point down.

- The rules core (cards, costs, text, CR 711, situations and layers 613) is pure Python:
  it imports only the standard library and other core modules — no pandas, numpy,
  marimo, Altair or HTML, no file reader of ``leveler.io`` and no module of the app.
- Outside ``leveler/app``, nothing imports ``leveler.app``, marimo or HTML helpers; only
  the chart builders and the exporter import Altair.
- ``leveler.io`` opens files; it imports no app module either.
- ``import leveler`` (and the command line) work where marimo cannot be imported.

Read from each module's source (its ``import`` statements, lazy ones included), so a
new import is caught where it is written. Every module of the package is checked, so a
new one cannot slip past a list.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "leveler"

CORE = ("model", "mana", "text", "text_errors", "text_checks", "languages", "rules", "layers",
        "layer7", "copiable", "grants", "targeting", "trace", "situation", "situation_fields",
        "situation_types", "presets")
"""The rules core."""
ALTAIR = frozenset({"charts", "balance_charts", "export"})
"""The library modules that build or write Altair charts."""
HTML_HELPERS = frozenset({"html", "markupsafe"})
KNOWN_EXCEPTIONS: frozenset[tuple[str, str]] = frozenset()
"""(module, import) pairs allowed for a while (none now); each listed must still be needed
(tested), so the list only shrinks."""


def _library_modules() -> list[str]:
    """Every module of the package outside leveler/app, as a dotted name under leveler."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).with_suffix("")
        if relative.parts[0] == "app":
            continue
        found.append(".".join(part for part in relative.parts if part != "__init__") or "")
    return found


def _imports(module: str) -> set[str]:
    path = PACKAGE.joinpath(*module.split(".")) if module else PACKAGE / "__init__"
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            if node.module in {"leveler", "leveler.io", "leveler.app"}:  # from leveler import x
                found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def _allowed(module: str, name: str) -> bool:
    return (module, name) in KNOWN_EXCEPTIONS


def test_the_lists_here_name_modules_that_exist() -> None:
    modules = set(_library_modules())
    for module in (*CORE, *ALTAIR):
        assert module in modules, module
    assert (PACKAGE / "app" / "__init__.py").is_file()


def test_every_known_exception_is_still_needed() -> None:
    for module, name in KNOWN_EXCEPTIONS:
        assert name in _imports(module), f"{module} no longer imports {name}: drop the exception"


@pytest.mark.parametrize("module", CORE)
def test_the_rules_core_imports_only_the_standard_library_and_the_core(module: str) -> None:
    for name in _imports(module):
        if _allowed(module, name):
            continue
        if name.startswith("leveler"):
            assert name.removeprefix("leveler.") in CORE, (module, name)
        else:
            top = name.partition(".")[0]
            assert top in sys.stdlib_module_names or top == "__future__", (module, name)
            assert top not in HTML_HELPERS, (module, name)


@pytest.mark.parametrize("module", ["situation", "layers"])
def test_the_situation_and_the_layers_open_no_file(module: str) -> None:
    """The situation format takes a pool; it never reaches for one in leveler.io."""
    assert not any(name.startswith("leveler.io") and not _allowed(module, name)
                   for name in _imports(module)), module


@pytest.mark.parametrize("module", _library_modules())
def test_outside_the_app_nothing_imports_the_app_marimo_or_html(module: str) -> None:
    for name in _imports(module):
        if _allowed(module, name):
            continue
        top = name.partition(".")[0]
        assert top != "marimo" and top not in HTML_HELPERS, (module, name)
        assert not name.startswith("leveler.app"), (module, name)
        if top == "altair":
            assert module in ALTAIR, (module, name)


def test_the_library_and_its_command_line_import_without_marimo() -> None:
    script = textwrap.dedent("""
        import sys
        class NoMarimo:
            def find_spec(self, name, path=None, target=None):
                if name == "marimo" or name.startswith("marimo."):
                    raise ImportError("marimo is not installed here")
        sys.meta_path.insert(0, NoMarimo())
        import leveler, leveler.cli, leveler.search, leveler.bands, leveler.pool
        import leveler.pool_grid, leveler.io.designs
        from leveler import load_pool, characteristics
        assert characteristics(load_pool()["Student of Warfare"], 7).power == 4
        assert leveler.cli.main(["search", "pow>=4 lvl<=3", "--json"]) == 0
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
