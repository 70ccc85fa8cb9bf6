"""The whole suite: servers started by tests (in process or as ``chieu serve``) let bots answer
at once beside a person (``chieu.server.clock.people_bot_delay``), as the tests' clocks ask;
tests of that floor set it themselves."""

from __future__ import annotations

import os

os.environ.setdefault("CHIEU_MIN_BOT_DELAY", "0")
