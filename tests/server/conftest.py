from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import ThreadServer
from tests.server.pg import NoPostgres, postgres_bin, throwaway_cluster


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ThreadServer]:
    with ThreadServer(f"sqlite:///{tmp_path / 'chieu.sqlite3'}") as srv:
        yield srv


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL cluster for the session (``tests.server.pg``); a clear failure,
    never a skip, without Debian's binaries."""
    try:
        postgres_bin()
    except NoPostgres as exc:
        pytest.fail(str(exc), pytrace=False)
    with throwaway_cluster() as url:
        yield url


@pytest.fixture
def pg_url(postgres: str, request: pytest.FixtureRequest) -> str:
    """A fresh database in the session's cluster."""
    import psycopg

    name = "t_" + "".join(c for c in request.node.name.lower() if c.isalnum())[:40]
    dsn = postgres.replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return postgres.rsplit("/", 1)[0] + "/" + name
