"""The table under its Content-Security-Policy (issue 26): every response carries the policy
and the anti-framing headers, a whole game plays in Chromium without one violation, and the
result shows the commitment to the deal pushed before play and downloads the game's record,
which ``chieu verify`` checks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from chieu.cli.main import main
from chieu.core.record import GameRecord
from tests.web.helpers import Player, phom_against_bots, play_until_outcome, tid

#: records every policy violation the page sees (an init script is not itself under the policy)
WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


def test_every_response_has_the_security_headers(base: str) -> None:
    for path in ("/", "/web/static/app.js", "/api/games", "/api/me", "/web/cards/phom.json"):
        r = httpx.get(base + path)
        csp = r.headers.get("content-security-policy", "")
        for part in (
            "default-src 'self'",
            "script-src 'self';",
            "style-src 'self';",
            "frame-ancestors 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "connect-src 'self' ws://",
        ):
            assert part in csp, (path, csp)
        assert "unsafe" not in csp, (path, csp)
        assert r.headers.get("x-frame-options") == "DENY", path
        assert r.headers.get("x-content-type-options") == "nosniff", path
        assert r.headers.get("referrer-policy") == "no-referrer", path
    docs = httpx.get(base + "/docs")
    assert docs.status_code == 200
    assert "frame-ancestors 'none'" in docs.headers["content-security-policy"]


def test_a_game_plays_under_the_policy_and_shows_its_commitment(
    base: str, new_context: Any, tmp_path: Path
) -> None:
    context = new_context(accept_downloads=True)
    page = context.new_page()
    page.add_init_script(WATCH)
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
    api, rid = phom_against_bots(page, base, "Hạnh")
    play_until_outcome([Player(page, 5)], timeout=150)
    panel = page.locator(tid("outcome"))
    assert "Bộ bài đã được niêm phong trước ván" in panel.inner_text()
    code = page.locator(tid("commitment"))
    full = str(code.get_attribute("data-commitment"))
    assert code.get_attribute("title") == full and code.inner_text() == full[:16] + "…"
    code.click()  # a tap shows the whole fingerprint
    assert code.inner_text() == full
    gid = api.room(rid)["game_id"]
    with page.expect_download() as info:
        page.locator(tid("download-record")).click()
    path = tmp_path / "record.jsonl"
    info.value.save_as(str(path))
    record = GameRecord.load(path)
    assert record.format == 2 and record.commit == full and record.revealed
    assert path.name and info.value.suggested_filename == f"chieu-phom-{gid}.jsonl"
    assert main(["verify", str(path)]) == 0
    violations = page.evaluate("() => window.__csp")
    assert violations == [], violations
    bad = [c for c in console if "Content Security Policy" in c or c.startswith("pageerror")]
    assert bad == [], json.dumps(bad, ensure_ascii=False)
