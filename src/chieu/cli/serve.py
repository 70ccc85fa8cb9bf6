"""``chieu serve``: the online table (FastAPI under uvicorn; docs/protocol.md, docs/deploy.md)."""

from __future__ import annotations

import argparse
import sys


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "serve",
        help="the online table: rooms, bots, WebSockets (http://127.0.0.1:8000)",
        description=(
            "Serve the online table. The database is an SQLite file in ./chieu-data "
            "(or $CHIEU_DATA_DIR) unless --database-url or $CHIEU_DATABASE_URL names one "
            "(postgresql+psycopg://user@host/db). Migrations run at start-up."
        ),
    )
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    p.add_argument("--database-url", default=None, help="a SQLAlchemy database URL")
    p.add_argument("--log-level", default="info", help="uvicorn's log level")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from chieu.server.app import create_app, database_url
    except ImportError as exc:
        print(
            f"chieu serve needs the server extra ({exc.name}): pip install 'chieu[server]'",
            file=sys.stderr,
        )
        return 2
    url = database_url(args.database_url)
    shown = url.split("@")[-1] if "@" in url else url
    print(f"chieu serve: database {shown}", flush=True)
    print(f"chieu serve: http://{args.host}:{args.port}/", flush=True)
    app = create_app(url)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=64 * 1024,
        ws_ping_interval=20,
        ws_ping_timeout=20,
    )
    return 0
