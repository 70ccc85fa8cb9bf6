"""Lessons (issue 28): ``lesson_progress``, the lessons each player has completed (one row per
player, game and lesson; its key makes a second completion a no-op).

Revision ID: 0006_lessons
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_lessons"
down_revision = "0003_sessions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lesson_progress",
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("lesson", sa.String(64), primary_key=True),
        sa.Column("done_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("lesson_progress")
