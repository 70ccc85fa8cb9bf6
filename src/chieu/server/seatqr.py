"""A seat link's address and QR code (issue 30), and the terminal's lines for play on a home
network (``chieu serve --home``).

The address is ``$CHIEU_PUBLIC_URL`` when set (``chieu serve --home`` sets it to the
machine's address on the local network), else the one the host's browser used. The QR code
is drawn by ``segno`` (pure Python): an SVG for the page (a ``data:`` URI), and text for the
terminal.
"""

from __future__ import annotations

import logging
import os
import socket

import segno

from chieu.core.jsonio import JsonObject

log = logging.getLogger("chieu.server")


def public_base(asked: str) -> str:
    """The address links are made from: ``$CHIEU_PUBLIC_URL``, else ``asked`` (the request's)."""
    base = os.environ.get("CHIEU_PUBLIC_URL") or asked
    return base.rstrip("/")


def seat_url(base: str, token: str) -> str:
    return f"{public_base(base)}/#/seat/{token}"


def svg_uri(text: str) -> str:
    """The QR code of ``text`` as an SVG ``data:`` URI (dark on white, a quiet zone)."""
    return str(segno.make(text, error="m").svg_data_uri(scale=6, border=2))


def terminal_qr(text: str) -> str:
    """The QR code of ``text`` drawn with block characters, for a terminal."""
    import io

    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def link_json(base: str, token: str, seat: int, expires: float, room_id: int) -> JsonObject:
    url = seat_url(base, token)
    if os.environ.get("CHIEU_PRINT_LINKS"):  # chieu serve --home: the terminal shows it too
        print(
            f"chieu serve: ghế {seat + 1} của bàn {room_id} / seat {seat + 1} of room {room_id}:"
            f" {url}\n{terminal_qr(url)}",
            flush=True,
        )
    return {"url": url, "token": token, "seat": seat, "expires": expires, "qr": svg_uri(url)}


def lan_address() -> str | None:
    """This machine's address on the local network (the route a packet would take; nothing
    is sent), or None."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))
            address = str(s.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") else address
