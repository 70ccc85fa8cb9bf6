"""Bots in levels (issue 31): ``rooms.level``, the level of the bots that fill a room's empty
seats at the start (``easy``, ``medium``, ``hard``, ``master``; rooms made before it:
``medium``, the heuristic, which is what filled them).

Revision ID: 0009_level
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_level"
down_revision = "0008_members"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("level", sa.String(16), nullable=False, server_default="medium"))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("level")
