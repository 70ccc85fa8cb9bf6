"""Security headers on every HTTP response (issue 26): a Content-Security-Policy that lets the
browser table run only its own files, and no framing, sniffing or referrer.

The table (``chieu.web``) is plain ES modules from ``/web/static/``: no inline script, no
``eval``, no ``style`` attribute (styles are set through CSSOM, ``el.style``, which a policy
does not govern); its card images may be ``data:`` or ``blob:`` SVG (the icon, the "img" card
mode); it talks to its own origin over HTTP and WebSocket. The API's documentation pages
(``/docs``, ``/redoc``: FastAPI's, from a CDN with an inline script) get a policy of their own
that allows exactly that. A pure ASGI middleware: WebSockets pass through untouched, responses
are not buffered.
"""

from __future__ import annotations

import re

from starlette.types import ASGIApp as App
from starlette.types import Message, Receive, Scope, Send

#: the table's policy; ``{ws}`` is the page's own host over ws: and wss:
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "font-src 'self'; connect-src 'self'{ws}; object-src 'none'; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'self'"
)
#: FastAPI's documentation pages: Swagger UI and ReDoc from jsDelivr, an inline start script
CDN = "https://cdn.jsdelivr.net"
DOCS_POLICY = (
    f"default-src 'self'; script-src 'self' {CDN} 'unsafe-inline'; "
    f"style-src 'self' {CDN} https://fonts.googleapis.com 'unsafe-inline'; "
    "font-src 'self' https://fonts.gstatic.com; img-src 'self' data: https:; "
    f"connect-src 'self'; worker-src 'self' blob:; object-src 'none'; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'self'"
)
DOCS = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc"})
FIXED = (
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
#: a Host header that may go into the policy as it is (a name or address, and a port)
_HOST = re.compile(r"[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]{2,45}\](:[0-9]{1,5})?")


def policy(path: str, host: str | None) -> str:
    """The Content-Security-Policy of the response to ``path`` asked of ``host``."""
    if path in DOCS:
        return DOCS_POLICY
    ws = f" ws://{host} wss://{host}" if host and _HOST.fullmatch(host) else ""
    return POLICY.format(ws=ws)


class SecurityHeaders:
    """Add the policy and the fixed headers to every HTTP response (a header the endpoint set
    itself is kept)."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = next(
            (v.decode("latin-1") for k, v in scope.get("headers", ()) if k == b"host"), None
        )
        csp = policy(str(scope.get("path", "")), host).encode("latin-1")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                have = {k.lower() for k, _ in headers}
                for key, value in ((b"content-security-policy", csp), *FIXED):
                    if key not in have:
                        headers.append((key, value))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
