"""The coach (issue 29): ``reviews``, a seat's review of a finished game, cached per game, seat
and judge version (its accuracy beside it, for the score sheet).

Revision ID: 0007_reviews
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_reviews"
down_revision = "0006_lessons"
branch_labels = None
depends_on = None

BigId = sa.BigInteger().with_variant(sa.Integer, "sqlite")


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("game_id", BigId, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("judge", sa.String(120), primary_key=True),
        sa.Column("accuracy", sa.Float, nullable=True),
        sa.Column("review", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
