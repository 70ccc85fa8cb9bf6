"""The tables (SQLAlchemy Core), as the Alembic migrations in ``migrations/versions`` make them.

``actions`` holds one row per accepted action: ``(room_id, version)`` is its key, so an action
can never be stored twice, and it is inserted in the transaction that advances ``rooms.version``.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

#: rooms' and games' ids (random, up to 2^53: ``rows.new_id``), and the columns naming them:
#: BIGINT on PostgreSQL; SQLite's INTEGER is 64-bit already (and keeps the rowid alias)
BigId = sa.BigInteger().with_variant(sa.Integer, "sqlite")

meta = sa.Table(
    "meta",
    metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

players = sa.Table(
    "players",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("account", sa.String(40), nullable=True, unique=True),
    sa.Column("password", sa.Text, nullable=True),
    sa.Column("created", sa.Float, nullable=False),
    # sessions and accounts (issue 26): the name's confusable skeleton (``names.lookalike_key``);
    # no two accounts share one
    sa.Column("skeleton", sa.String(160), nullable=True),
    sa.Index(
        "players_account_skeleton",
        "skeleton",
        unique=True,
        sqlite_where=sa.text("account IS NOT NULL"),
        postgresql_where=sa.text("account IS NOT NULL"),
    ),
)

# sessions and accounts (issue 26): a token names a row of this table (``chieu.server.sessions``)
sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("expires", sa.Float, nullable=False),
    sa.Column("revoked", sa.Boolean, nullable=False),
    sa.Index("sessions_player", "player_id"),
)

rooms = sa.Table(
    "rooms",
    metadata,
    sa.Column("id", BigId, primary_key=True, autoincrement=False),
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
    sa.Column("game_id", BigId, nullable=True),
    sa.Column("created", sa.Float, nullable=False),
    # the level of the bots that fill the empty seats (chieu.bots.levels; migration 0009)
    sa.Column("level", sa.String(16), nullable=False, server_default="medium"),
    sa.Index("rooms_host", "host"),
)

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", BigId, primary_key=True, autoincrement=False),
    sa.Column("room_id", BigId, sa.ForeignKey("rooms.id"), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("setup", sa.Text, nullable=False),
    sa.Column("first_version", sa.Integer, nullable=False),
    sa.Column("record", sa.Text, nullable=True),
    sa.Column("created", sa.Float, nullable=False),
    # the deal's secret nonce and its commitment (issue 26; None for older games)
    sa.Column("nonce", sa.String(64), nullable=True),
    sa.Column("commitment", sa.String(64), nullable=True),
    sa.UniqueConstraint("room_id", "number"),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("room_id", BigId, sa.ForeignKey("rooms.id"), primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("game_id", BigId, sa.ForeignKey("games.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

leases = sa.Table(
    "leases",
    metadata,
    sa.Column("room_id", BigId, sa.ForeignKey("rooms.id"), primary_key=True),
    sa.Column("owner", sa.String(64), nullable=False),
    sa.Column("expires", sa.Float, nullable=False),
)

# lessons (issue 28): the lessons each player has completed, one row per player, game and lesson
lesson_progress = sa.Table(
    "lesson_progress",
    metadata,
    sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("game", sa.String(40), primary_key=True),
    sa.Column("lesson", sa.String(64), primary_key=True),
    sa.Column("done_at", sa.Float, nullable=False),
)

# the coach (issue 29): a seat's review of a finished game, cached per game, seat and judge
# version (``chieu.server.coach``); ``review`` is ``{"vi": ..., "en": ...}`` (JSON text)
reviews = sa.Table(
    "reviews",
    metadata,
    sa.Column("game_id", BigId, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("judge", sa.String(120), primary_key=True),
    sa.Column("accuracy", sa.Float, nullable=True),
    sa.Column("review", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)

# family rooms (issue 30): everyone who sat (``played``) or watched at a room, kept after they
# leave (``left``): their history, their tables on the home page, a former player's records
room_members = sa.Table(
    "room_members",
    metadata,
    sa.Column("room_id", BigId, sa.ForeignKey("rooms.id"), primary_key=True),
    sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("played", sa.Boolean, nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("since", sa.Float, nullable=False),
    sa.Column("left", sa.Float, nullable=True),
    sa.Index("room_members_player", "player_id"),
)

# the host's seat links (issue 30): the SHA-256 of each token (never the token), its seat, who
# held the seat when it was made (None: free or a bot's), when it expires, when it was used
seat_links = sa.Table(
    "seat_links",
    metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("room_id", BigId, sa.ForeignKey("rooms.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("holder", sa.Integer, nullable=True),
    sa.Column("made_by", sa.Integer, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("expires", sa.Float, nullable=False),
    sa.Column("used", sa.Float, nullable=True),
    sa.Column("revoked", sa.Boolean, nullable=False),
    sa.Index("seat_links_room", "room_id", "seat"),
)
