"""A throwaway PostgreSQL cluster in a temporary directory, from Debian's binaries (the tests'
``postgres`` fixture and ``bench/server.py`` start one; nothing is downloaded)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class NoPostgres(RuntimeError):
    """Debian's PostgreSQL binaries are missing."""


def postgres_bin() -> Path:
    """The newest Debian PostgreSQL's binaries (NoPostgres without them)."""
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0,
    )
    if not found:
        raise NoPostgres(
            "PostgreSQL binaries are missing (/usr/lib/postgresql/*/bin/initdb): "
            "run `make system` (it installs Debian's postgresql package)"
        )
    return found[-1].parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def throwaway_cluster() -> Iterator[str]:
    """A cluster in a temporary directory (trust auth, 127.0.0.1 on a free port, its socket
    in the directory), stopped and removed afterwards; yields the URL of its ``postgres``
    database."""
    bindir = postgres_bin()
    root = Path(tempfile.mkdtemp(prefix="chieu-pg-"))
    as_postgres: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root: run as the postgres user
        shutil.chown(root, "postgres", "postgres")
        as_postgres = ["runuser", "-u", "postgres", "--"]
    data, port = root / "data", _free_port()

    def run(*cmd: str) -> None:
        subprocess.run([*as_postgres, *cmd], check=True, capture_output=True, timeout=120)

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
    opts = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
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
