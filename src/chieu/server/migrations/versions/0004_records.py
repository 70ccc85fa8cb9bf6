"""Committed online records (issue 26): each game keeps the secret nonce drawn at its deal and
the commitment pushed to the table then (``chieu.core.commitment``), so that its record, once
the game is over, reveals a deal fixed before play; a room rebuilt after a restart pushes the
same commitment. Games dealt before this revision have neither (their records stay format 1).

Revision ID: 0003_records
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_records"
down_revision = "0003_rooms"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("nonce", sa.String(64), nullable=True))
    op.add_column("games", sa.Column("commitment", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("commitment")
        batch.drop_column("nonce")
