"""Family rooms (issue 30): ``room_members``, everyone who sat or watched at a room (kept after
they leave: their history and their tables), and ``seat_links``, the host's one-time links
that give a seat to whoever opens them (only a hash of each token is stored).

Revision ID: 0008_members
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0008_members"
down_revision = "0007_reviews"
branch_labels = None
depends_on = None

BigId = sa.BigInteger().with_variant(sa.Integer, "sqlite")


def upgrade() -> None:
    op.create_table(
        "room_members",
        sa.Column("room_id", BigId, sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("played", sa.Boolean, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("since", sa.Float, nullable=False),
        sa.Column("left", sa.Float, nullable=True),
    )
    op.create_index("room_members_player", "room_members", ["player_id"])
    op.create_table(
        "seat_links",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("room_id", BigId, sa.ForeignKey("rooms.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("holder", sa.Integer, nullable=True),
        sa.Column("made_by", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("used", sa.Float, nullable=True),
        sa.Column("revoked", sa.Boolean, nullable=False),
    )
    op.create_index("seat_links_room", "seat_links", ["room_id", "seat"])
    # the rooms made before: whoever sits in them now is a member who played
    conn = op.get_bind()
    rooms = sa.table(
        "rooms",
        sa.column("id", BigId),
        sa.column("seats", sa.Text),
        sa.column("created", sa.Float),
    )
    members = sa.table(
        "room_members",
        sa.column("room_id", BigId),
        sa.column("player_id", sa.Integer),
        sa.column("played", sa.Boolean),
        sa.column("seat", sa.Integer),
        sa.column("since", sa.Float),
        sa.column("left", sa.Float),
    )
    rows = []
    for rid, seats, created in conn.execute(sa.select(rooms.c.id, rooms.c.seats, rooms.c.created)):
        seen: set[int] = set()
        for i, s in enumerate(json.loads(seats)):
            pid = s.get("player") if isinstance(s, dict) else None
            if isinstance(pid, int) and pid not in seen:
                seen.add(pid)
                rows.append(
                    {"room_id": rid, "player_id": pid, "played": True, "seat": i}
                    | {"since": created, "left": None}
                )
    if rows:
        conn.execute(members.insert(), rows)


def downgrade() -> None:
    op.drop_table("seat_links")
    op.drop_table("room_members")
