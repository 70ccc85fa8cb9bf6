"""Screenshots of the browser table for the README: ``docs/screenshots/<game>-phone.png``
(390×844) and ``<game>-desktop.png`` (1366×768) for each game.

Starts ``chieu serve`` on a free port with a throwaway SQLite database, seats a guest against
bots in each game, plays a few moves by clicking, and photographs the table at the player's
turn. Needs the test extra (playwright) and Debian's chromium (``make system``):

    .venv/bin/python scripts/screenshots.py [--out docs/screenshots] [--games chan,phom]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.helpers import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    GAMES,
    SEATS,
    Api,
    Player,
    ServeProcess,
    enter_lobby,
    open_room,
    reach_turn,
    tid,
    wait_turn_or_outcome,
)

SIZES = {"phone": (390, 844), "desktop": (1366, 768)}
MOVES = {"chan": 6, "totom": 6, "phom": 4, "matchuoc": 8}
NAMES = {"chan": "Bà Tư", "totom": "Ông Cả", "phom": "Chị Ba", "matchuoc": "Anh Năm"}
MAX_BYTES = 400_000


def shoot(browser: Any, base: str, game: str, out: Path, seed: int) -> list[Path]:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, locale="vi-VN")
    ctx.on("dialog", lambda d: d.accept())
    try:
        page = ctx.new_page()
        token = enter_lobby(page, base, NAMES[game])
        api = Api(base, token)
        room = api.create_room(game, bots={s: "heuristic" for s in range(1, SEATS[game])})
        open_room(page, base, room["id"])
        api.start(room["id"])
        player = Player(page, seed)
        moves = 0
        while moves < MOVES[game]:
            if wait_turn_or_outcome(page) == "outcome":  # over already: the next deal
                page.locator(tid("ready")).click()
                moves = MOVES[game] // 2
                continue
            player.step()
            moves += 1
        reach_turn(page)
        written = []
        for kind, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            # the desktop from the top; the phone with the hand at the bottom of the screen
            page.evaluate(
                """(phone) => {
                    const hand = document.querySelector('[data-testid="hand"]');
                    if (phone && hand) hand.scrollIntoView({block: 'end'});
                    else window.scrollTo(0, 0);
                }""",
                kind == "phone",
            )
            page.wait_for_timeout(400)
            path = out / f"{game}-{kind}.png"
            page.screenshot(path=str(path), full_page=False, animations="disabled")
            size = path.stat().st_size
            flag = "" if size <= MAX_BYTES else f"  (over {MAX_BYTES // 1000} KB)"
            print(
                f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: "
                f"{size // 1000} KB{flag}"
            )
            written.append(path)
        return written
    finally:
        ctx.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game names")
    parser.add_argument("--seed", type=int, default=13, help="the clicking player's seed")
    args = parser.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)}")
    if not CHROMIUM.exists():
        print(f"Chromium is missing ({CHROMIUM}): run `make system`", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory(prefix="chieu-shots-") as tmp,
        ServeProcess(Path(tmp)) as srv,
        sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            for i, game in enumerate(games):
                shoot(browser, srv.base, game, args.out, args.seed + i)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
