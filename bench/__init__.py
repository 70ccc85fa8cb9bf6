"""Micro and game benchmarks for chieu: ``python -m bench`` (or ``make bench``).

Prints figures, never asserts. See ``bench/__main__.py``.
"""
