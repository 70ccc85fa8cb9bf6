"""Lesson progress (issue 28): which lessons of a game a player has completed
(``models.lesson_progress``; one row per player, game and lesson)."""

from __future__ import annotations

import time

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine

from chieu.server import models as m

_TABLE = m.lesson_progress


def lessons_done(engine: Engine, player: int, game: str) -> dict[str, float]:
    """The lessons of ``game`` that ``player`` has completed: lesson id -> when (epoch s)."""
    query = sa.select(_TABLE.c.lesson, _TABLE.c.done_at).where(
        _TABLE.c.player_id == player, _TABLE.c.game == game
    )
    with engine.connect() as conn:
        return {str(lesson): float(at) for lesson, at in conn.execute(query)}


def mark_done(engine: Engine, player: int, game: str, lesson: str) -> None:
    """Record that ``player`` completed ``lesson`` of ``game`` (the first time is kept)."""
    row = {"player_id": player, "game": game, "lesson": lesson, "done_at": time.time()}
    insert = pg_insert if engine.dialect.name == "postgresql" else sqlite_insert
    with engine.begin() as conn:
        conn.execute(insert(_TABLE).values(**row).on_conflict_do_nothing())
