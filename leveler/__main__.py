"""``python -m leveler``: the command line."""

import sys

from leveler.cli import main

sys.exit(main())
