"""Conformance: properties every registered game must satisfy (DESIGN.md, Tests).

Every test here is parametrized over every registered game, its default rules, its named
presets, a few extra variants (``_support.EXTRA_VARIANTS``) and every player count the rules
accept. Scale the number of Hypothesis examples with ``CHIEU_CONFORMANCE_SCALE`` (a float,
default 1; e.g. ``CHIEU_CONFORMANCE_SCALE=20 pytest tests/conformance`` for a long soak).
"""
