"""Random room and game ids (issue 26, private rooms): rooms' and games' ids, and every column
naming one, become BIGINT on PostgreSQL (ids are drawn at random below 2^53: ``rows.new_id``).
SQLite's INTEGER is 64-bit already: nothing to do there.

Revision ID: 0003_rooms
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_rooms"
down_revision = "0002"
branch_labels = None
depends_on = None

#: (table, column): the ids first, then the columns that refer to them
COLUMNS = (
    ("rooms", "id"),
    ("games", "id"),
    ("games", "room_id"),
    ("actions", "room_id"),
    ("actions", "game_id"),
    ("leases", "room_id"),
    ("rooms", "game_id"),
)


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table, column in COLUMNS:
        op.alter_column(table, column, type_=sa.BigInteger, existing_type=sa.Integer)


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table, column in reversed(COLUMNS):
        op.alter_column(table, column, type_=sa.Integer, existing_type=sa.BigInteger)
