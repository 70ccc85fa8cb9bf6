"""Tests of the command line (a package, so that test_play.py may share its name with
tests/games/chan/test_play.py)."""
