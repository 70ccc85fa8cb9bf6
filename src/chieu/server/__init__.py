"""The online table: ``chieu serve`` (FastAPI, WebSockets, SQLAlchemy + Alembic).

The server holds no per-game logic: it drives ``decisions()``, ``apply`` and ``view()`` of any
registered game (``docs/view.md``), commits every accepted action before anyone hears of it,
and sends each seat only its own view. The protocol is in ``docs/protocol.md``.
"""

from __future__ import annotations
