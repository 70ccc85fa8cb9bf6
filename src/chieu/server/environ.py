"""Numbers a server takes from its environment (``docs/deploy.md`` lists them)."""

from __future__ import annotations

import math
import os


def env_number(
    name: str, default: float, least: float = -math.inf, most: float = math.inf
) -> float:
    """The number ``$name`` holds, brought within ``[least, most]``; ``default`` when it is
    unset, empty or not a number."""
    try:
        value = float(os.environ.get(name) or default)
    except ValueError:
        return default
    if math.isnan(value):
        return default
    return min(max(value, least), most)
