"""A game is one folder (issue 27): the toy game Đôi, living in ``tests/plugins/doi`` and
registered by its entry point, played through every edge with no line of ``src/`` about it."""
