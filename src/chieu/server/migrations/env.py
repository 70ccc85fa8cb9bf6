"""Alembic environment: run programmatically by ``chieu.server.storage.migrate`` (a connection
is passed in ``config.attributes["connection"]``), or by ``alembic`` with a URL."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from chieu.server.models import metadata

config = context.config
connection = config.attributes.get("connection")

if connection is not None:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
else:  # pragma: no cover - the command-line path
    engine = create_engine(str(config.get_main_option("sqlalchemy.url")))
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
