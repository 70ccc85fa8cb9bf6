"""``chieu serve``: the online table (FastAPI under uvicorn; docs/protocol.md, docs/deploy.md)."""

from __future__ import annotations

import argparse
import os
import sys

from chieu.cli.common import Subparsers
from chieu.cli.i18n import tr
from chieu.cli.numbers import whole


def add_parser(sub: Subparsers) -> None:
    p = sub.add_parser(
        "serve",
        help=tr(
            "bàn chơi trực tuyến: phòng, máy, WebSocket (http://127.0.0.1:8000)",
            "the online table: rooms, bots, WebSockets (http://127.0.0.1:8000)",
        ),
        description=tr(
            "Mở bàn chơi trực tuyến. Cơ sở dữ liệu là một tệp SQLite trong ./chieu-data "
            "(hoặc $CHIEU_DATA_DIR), trừ khi --database-url hay $CHIEU_DATABASE_URL chỉ "
            "một cơ sở khác (postgresql+psycopg://user@host/db). Migration chạy khi khởi động.",
            "Serve the online table. The database is an SQLite file in ./chieu-data "
            "(or $CHIEU_DATA_DIR) unless --database-url or $CHIEU_DATABASE_URL names one "
            "(postgresql+psycopg://user@host/db). Migrations run at start-up.",
        ),
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help=tr(
            "địa chỉ lắng nghe (0.0.0.0: cho máy khác trong mạng vào)",
            "the address to listen on (0.0.0.0: other machines on the network)",
        ),
    )
    p.add_argument(
        "--port",
        type=whole(1, 65_535),
        default=8000,
        help=tr("cổng (mặc định 8000)", "the port (default 8000)"),
    )
    p.add_argument(
        "--database-url",
        default=None,
        help=tr("URL cơ sở dữ liệu SQLAlchemy", "a SQLAlchemy database URL"),
    )
    p.add_argument(
        "--log-level",
        default="info",
        choices=("critical", "error", "warning", "info", "debug"),
        help=tr("mức ghi nhật ký của uvicorn", "uvicorn's log level"),
    )
    p.add_argument(
        "--forwarded-allow-ips",
        default=None,
        metavar="IPS",
        help=tr(
            "địa chỉ các proxy được tin (cách nhau bởi dấu phẩy) mà tiêu đề X-Forwarded-For "
            "của chúng được dùng; mặc định không tin ai (hoặc $CHIEU_FORWARDED_ALLOW_IPS)",
            "the proxies (comma-separated addresses) whose X-Forwarded-For headers are "
            "believed; by default none (or $CHIEU_FORWARDED_ALLOW_IPS)",
        ),
    )
    p.add_argument(
        "--home",
        action="store_true",
        help=tr(
            "chơi trong mạng nhà: lắng nghe 0.0.0.0, in địa chỉ (và mã QR) cho điện thoại cùng "
            "Wi-Fi, và in các liên kết ghế chủ bàn tạo",
            "play on a home network: listen on 0.0.0.0, print the address (and a QR code) "
            "phones on the same Wi-Fi open, and print the seat links the host makes",
        ),
    )
    p.set_defaults(run=run)


def home_network(args: argparse.Namespace) -> None:
    """``--home``: listen on every interface, print the address phones on the same Wi-Fi open
    (with its QR code), and have the server print each seat link the host makes (issue 30)."""
    from chieu.server.seatqr import lan_address, terminal_qr

    if args.host == "127.0.0.1":
        args.host = "0.0.0.0"
    os.environ["CHIEU_PRINT_LINKS"] = "1"
    address = lan_address()
    if address is None:
        print(
            tr(
                "chieu serve: không tìm thấy địa chỉ trong mạng nhà; hãy xem địa chỉ IP của máy",
                "chieu serve: no home-network address found; look up this machine's IP address",
            ),
            flush=True,
        )
        return
    url = f"http://{address}:{args.port}/"
    os.environ.setdefault("CHIEU_PUBLIC_URL", url.rstrip("/"))
    print(
        tr(
            f"chieu serve: điện thoại cùng Wi-Fi mở {url} (hoặc quét mã này):",
            f"chieu serve: phones on the same Wi-Fi open {url} (or scan this code):",
        ),
        flush=True,
    )
    print(terminal_qr(url), flush=True)


def forwarded(args: argparse.Namespace) -> dict[str, object]:
    """uvicorn's proxy settings: X-Forwarded-* headers are believed only from the proxies the
    operator names (uvicorn's own default believes 127.0.0.1: a client on the same machine,
    or any proxy there that passes the header on, could then pick its address)."""
    allow = args.forwarded_allow_ips or os.environ.get("CHIEU_FORWARDED_ALLOW_IPS") or ""
    allow = ",".join(a.strip() for a in allow.split(",") if a.strip())
    if not allow:
        return {"proxy_headers": False, "forwarded_allow_ips": ""}
    return {"proxy_headers": True, "forwarded_allow_ips": allow}


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from chieu.server.app import create_app, database_url
    except ImportError as exc:
        print(
            tr(
                f"chieu serve cần phần máy chủ ({exc.name or exc}): pip install 'chieu[server]'",
                f"chieu serve needs the server extra ({exc.name or exc}): "
                "pip install 'chieu[server]'",
            ),
            file=sys.stderr,
        )
        return 2
    if args.home:
        home_network(args)
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
        # a view is a few KB: compressing every push cost a quarter of the server's time
        ws_per_message_deflate=False,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        **forwarded(args),  # type: ignore[arg-type]
    )
    return 0
