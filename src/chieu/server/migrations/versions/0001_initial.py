"""The first schema: meta, players, rooms, games, actions.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "meta",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("account", sa.String(40), nullable=True, unique=True),
        sa.Column("password", sa.Text, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "rooms",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("host", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("clock", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("sitting", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("game_id", sa.Integer, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("rooms_host", "rooms", ["host"])
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("room_id", sa.Integer, sa.ForeignKey("rooms.id"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("setup", sa.Text, nullable=False),
        sa.Column("first_version", sa.Integer, nullable=False),
        sa.Column("record", sa.Text, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.UniqueConstraint("room_id", "number"),
    )
    op.create_table(
        "actions",
        sa.Column("room_id", sa.Integer, sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for table in ("actions", "games", "rooms", "players", "meta"):
        op.drop_table(table)
