"""The engine's settlement and the hand checker agree on the wins of bot games."""

from __future__ import annotations

from typing import Any

from chieu.bots import get_bot, play_game
from chieu.games.matchuoc import MatChuocGame
from chieu.games.matchuoc.cards import code
from chieu.games.matchuoc.checker import check_hand


def _meld_text(g: Any) -> str:
    tiles = [code(w) if w >= 0 else code(t) for t, w in zip(g.tiles, g.wilds, strict=True)]
    return ("*" if not g.claimed else "") + " ".join(tiles)


def test_bot_wins_score_the_same_in_the_checker() -> None:
    checked = 0
    for seed in range(12):
        bots = [get_bot("heuristic", MatChuocGame) for _ in range(4)]
        st = play_game(MatChuocGame, None, seed, bots)
        out = st.outcome()
        assert out is not None
        if out.winner is None or "phong_hoa" in [p.id for p in out.patterns]:
            continue
        (win,) = out.details["wins"]
        s = win["winner"]
        facts_self = win["discarder"] is None
        hand = list(st.seats[s].hand)
        tile = -1
        if facts_self:
            thien = s == st.dealer and st.discards_made == 0
            if not thien:
                tile = st.last_draw
        else:
            tile = next(
                e.data["action"]["tile"]
                for e in reversed(st.events)
                if e.type == "action" and e.data["action"]["verb"] == "discard"
            )
        if tile is not None and tile >= 0:
            hand[tile] -= 1
        text = " ".join(code(k) for k in range(len(hand)) for _ in range(hand[k]))
        if tile is not None and tile >= 0:
            text += " + " + code(tile)
        options: dict[str, object] = {
            "seat": st.cua(s),
            "melds": "; ".join(_meld_text(g) for g in st.seats[s].melds),
            "flowers": " ".join(code(k) for k in st.seats[s].flowers),
            "khung": " ".join(code(k) for k, op in st.seats[s].khung_down if not op),
            "khung-opening": " ".join(code(k) for k, op in st.seats[s].khung_down if op),
            "khung-discarded": " ".join(code(k) for k, _ in st.seats[s].khung_discarded),
        }
        if facts_self:
            options["self-draw"] = True
            options["dau-coong"] = st.last_from_dead
            if tile is not None and tile < 0:
                options["thien-u"] = True
            if "nhan_u" in [p.id for p in out.patterns]:
                options["nhan-u"] = True
        else:
            options["from"] = st.cua(win["discarder"])
            if "dia_u" in [p.id for p in out.patterns]:
                options["dia-u"] = True
        report = check_hand(text, options, st.rules)
        assert report["win"], (seed, text, options)
        assert report["phan"] == win["phan"], (seed, text, options, report["patterns"])
        by_cua = {str(st.cua(x)): win["payments"][x] for x in range(4)}
        assert report["payments"]["by_cua"] == by_cua
        checked += 1
    assert checked >= 5
