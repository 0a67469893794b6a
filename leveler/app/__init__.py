"""Everything the marimo app shows: a view module per tab, the stylesheet, the interface words.

The notebook (``notebooks/explorer.py``) builds controls, calls these modules and lays
out what they return. Nothing here decides a rule: every answer comes from the library
(:mod:`leveler.rules`, :mod:`leveler.pool_grid`, :mod:`leveler.layers`, :mod:`leveler.bench`)
with its citation. Nothing outside this package imports it (``tests/test_import_rules.py``).
"""
