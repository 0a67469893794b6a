"""The README's examples run as written (doctest), and it opens with the two commands."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).parents[1] / "README.md"


def test_readme_examples_run() -> None:
    result = doctest.testfile(str(README), module_relative=False,
                              optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 5 and result.failed == 0


def test_readme_opens_with_exactly_two_commands() -> None:
    first_block = re.search(r"```bash\n(.*?)```", README.read_text("utf-8"), re.S)
    assert first_block is not None
    commands = [line.split("#")[0].strip() for line in first_block.group(1).splitlines()]
    assert commands == ["make run", "make test"]
