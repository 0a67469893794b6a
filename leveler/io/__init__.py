"""Everything in leveler that opens files or reads untrusted bytes.

- :mod:`leveler.io.budget`: JSON read under a size, depth and count budget, checked while
  reading, before any object is built (uploads, situation files, pool files, designs).
- :mod:`leveler.io.uploads`: a file uploaded through the page, its size checked before decoding.
- :mod:`leveler.io.designs` (and :mod:`leveler.io.designs_json`): the designs store (SQLite,
  revisions, drafts, JSON import/export).
- :mod:`leveler.io.designs_json`: the JSON designs file designers share, read under a budget.

The rules core (model, mana, text, rules, situation, layers) imports nothing from here.
"""
