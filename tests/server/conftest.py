from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import ThreadServer, free_port


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ThreadServer]:
    with ThreadServer(f"sqlite:///{tmp_path / 'chieu.sqlite3'}") as srv:
        yield srv


def postgres_bin() -> Path:
    """The newest Debian PostgreSQL's binaries; a clear failure (never a skip) without them."""
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0,
    )
    if not found:
        pytest.fail(
            "PostgreSQL binaries are missing (/usr/lib/postgresql/*/bin/initdb): "
            "run `make system` (it installs Debian's postgresql package)",
            pytrace=False,
        )
    return found[-1].parent


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL cluster in a temporary directory (trust auth, 127.0.0.1 on a
    free port, its socket in the directory); yields the URL of its ``postgres`` database."""
    bindir = postgres_bin()
    root = Path(tempfile.mkdtemp(prefix="chieu-pg-"))
    as_postgres: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root: run as the postgres user
        shutil.chown(root, "postgres", "postgres")
        as_postgres = ["runuser", "-u", "postgres", "--"]
    data, port = root / "data", free_port()
    run = lambda *cmd: subprocess.run(  # noqa: E731
        [*as_postgres, *cmd], check=True, capture_output=True, timeout=120
    )
    run(
        str(bindir / "initdb"),
        "-D",
        str(data),
        "-A",
        "trust",
        "-U",
        "postgres",
        "-E",
        "UTF8",
        "--no-sync",
    )
    opts = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    run(str(bindir / "pg_ctl"), "-D", str(data), "-o", opts, "-l", str(root / "log"), "-w", "start")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*as_postgres, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(root, ignore_errors=True)


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
