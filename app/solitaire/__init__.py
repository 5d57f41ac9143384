"""Golf solitaire: a pure engine, an exact solver and the tools around them.

* :mod:`app.solitaire.rules`: the rules and their options (``SolitaireRules``);
* :mod:`app.solitaire.game`: positions, moves, ``legal_moves``, ``Game`` and ``view``;
* :mod:`app.solitaire.deals`: numbered deals and black-hole-solver's board format;
* :mod:`app.solitaire.solver`: ``solve`` (exact) and ``hint``;
* :mod:`app.solitaire.winnable`: deal numbers proved winnable, per variant;
* ``python -m app.solitaire.solve``: the solver on a board file.

The solver's speed over numbered deals is measured outside the package, by
``python -m bench.solitaire``. Nothing here does I/O, reads a clock or touches the
global random generator, apart from the command-line solver and the winnable list's
data file.
"""
