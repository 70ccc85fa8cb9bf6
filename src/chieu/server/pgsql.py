"""PostgreSQL's writes while playing, each one statement with psycopg's parameters: run by
the writer on its own psycopg asyncio connection in autocommit mode (its own transaction, one
round trip), or inside a transaction on SQLAlchemy's connection (start-up, the heartbeat).

A room's writes are conditional on its row's version (or, at a game's end, on the game having
no record yet): a write whose condition fails changes nothing and returns no row. Every write
that changed a room announces it to the other processes (``NOTIFY chieu``, ``'<room>@<origin>'``
or, for an action, ``'<room>:<version>@<origin>'``: ``chieu.server.cluster``)."""

from __future__ import annotations

#: the group commit: every room at its row's version moves one on, the actions of those rooms
#: are inserted, and each is announced
APPEND_ALL = """
    WITH v AS (
        SELECT * FROM unnest(
            CAST(%(rids)s AS bigint[]), CAST(%(olds)s AS integer[]),
            CAST(%(games)s AS bigint[]), CAST(%(seats)s AS integer[]),
            CAST(%(actions)s AS text[])
        ) AS v(rid, old, game_id, seat, action)
    ), moved AS (
        UPDATE rooms SET version = rooms.version + 1 FROM v
        WHERE rooms.id = v.rid AND rooms.version = v.old RETURNING rooms.id
    ), stored AS (
        INSERT INTO actions (room_id, version, game_id, seat, action, at)
        SELECT v.rid, v.old + 1, v.game_id, v.seat, v.action, CAST(%(at)s AS double precision)
        FROM v JOIN moved ON moved.id = v.rid
        RETURNING room_id, version
    )
    SELECT room_id, CAST(pg_notify('chieu', room_id || ':' || version || '@' || %(origin)s)
        AS text)
    FROM stored
"""

#: a game starts: its row (its id chosen first, so that the room's row names it in the same
#: update: the first of the random ``gids`` no game has), the room one version on with its new
#: status, seats and score sheet; returns the game's id
START_GAME = """
    WITH g AS (
        SELECT u.c AS id FROM unnest(CAST(%(gids)s AS bigint[])) WITH ORDINALITY AS u(c, n)
        WHERE NOT EXISTS (SELECT 1 FROM games WHERE games.id = u.c)
        ORDER BY u.n LIMIT 1
    ), moved AS (
        UPDATE rooms SET version = %(version)s, status = %(status)s, seats = %(seats)s,
            sitting = %(sitting)s, game_id = (SELECT id FROM g)
        WHERE id = %(rid)s AND version = %(version)s - 1 AND EXISTS (SELECT 1 FROM g)
        RETURNING id
    ), stored AS (
        INSERT INTO games (id, room_id, number, seed, setup, first_version, created, nonce,
            commitment)
        SELECT g.id, moved.id, %(number)s, %(seed)s, %(setup)s, %(version)s,
            CAST(%(at)s AS double precision), %(nonce)s, %(commitment)s
        FROM g, moved
        RETURNING id, room_id
    )
    SELECT id, CAST(pg_notify('chieu', room_id || '@' || %(origin)s) AS text) FROM stored
"""

#: a game ends: its record, once (a game that has one already is left alone), and the room's
#: new status and score sheet
FINISH_GAME = """
    WITH done AS (
        UPDATE games SET record = %(record)s WHERE id = %(gid)s AND record IS NULL
        RETURNING room_id
    ), moved AS (
        UPDATE rooms SET status = %(status)s, sitting = %(sitting)s
        FROM done WHERE rooms.id = %(rid)s
        RETURNING rooms.id
    )
    SELECT CAST(pg_notify('chieu', id || '@' || %(origin)s) AS text) FROM moved
"""

#: the heartbeat's leases (``Store.take_leases``): every room of the list is taken for ``node``
#: unless another node holds an unexpired lease on it; returns the rooms taken (one statement
#: whatever their number: SQLAlchemy's many-row insert cost 17 ms of the loop's time a beat
#: for 500 rooms)
TAKE_LEASES = """
    INSERT INTO leases (room_id, owner, expires)
    SELECT unnest(CAST(%(rids)s AS bigint[])), %(node)s, CAST(%(expires)s AS double precision)
    ON CONFLICT (room_id) DO UPDATE SET owner = excluded.owner, expires = excluded.expires
    WHERE leases.owner = excluded.owner OR leases.expires < CAST(%(now)s AS double precision)
    RETURNING room_id
"""
