"""Sessions and accounts (issue 26): the ``sessions`` table, and each player's confusable
skeleton (``names.lookalike_key``) with a unique index over the accounts'.

Revision ID: 0003_sessions
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_sessions"
down_revision = "0003_records"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from chieu.server.names import lookalike_key

    op.create_table(
        "sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("revoked", sa.Boolean, nullable=False),
    )
    op.create_index("sessions_player", "sessions", ["player_id"])
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("skeleton", sa.String(160), nullable=True))
    # the names made before: their skeletons (an account whose skeleton an older account
    # already has keeps none: both go on logging in, and no third may take the look)
    conn = op.get_bind()
    players = sa.table(
        "players",
        sa.column("id", sa.Integer),
        sa.column("name", sa.String),
        sa.column("account", sa.String),
        sa.column("skeleton", sa.String),
    )
    taken: set[str] = set()
    rows = conn.execute(
        sa.select(players.c.id, players.c.name, players.c.account).order_by(players.c.id)
    )
    for pid, name, account in list(rows):
        key = lookalike_key(name)
        if account is not None:
            if key in taken:
                continue
            taken.add(key)
        conn.execute(players.update().where(players.c.id == pid).values(skeleton=key))
    op.create_index(
        "players_account_skeleton",
        "players",
        ["skeleton"],
        unique=True,
        sqlite_where=sa.text("account IS NOT NULL"),
        postgresql_where=sa.text("account IS NOT NULL"),
    )


def downgrade() -> None:
    op.drop_index("players_account_skeleton", "players")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("skeleton")
    op.drop_index("sessions_player", "sessions")
    op.drop_table("sessions")
