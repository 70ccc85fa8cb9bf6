"""Mạt chược's result in words (the kit's ``results``): for each win the winning tile
and who dealt it in, the exposed phu and the reading of the hand, the flowers and khung set
down, every phán item, the total in phán and mủn, and who paid whom; a hòa; the next dealer.
Pattern names stay Vietnamese, glossed in English (``Tứ Hỷ (big four winds)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chieu.core.notation import Lang, pick, seat_name
from chieu.games.matchuoc import scoring
from chieu.games.matchuoc.cards import HP, TG
from chieu.games.matchuoc.notation import NAMES
from chieu.games.matchuoc.patterns import MUN
from chieu.games.matchuoc.scoring import GroupJson, WinJson, details_of

if TYPE_CHECKING:
    from chieu.games.matchuoc.state import MatChuocState

PATTERNS_EN: dict[str, str] = {
    "xuong": "plain hand",
    "phinh": "all runs",
    "tui_tui": "all pungs",
    "lai_hang": "one suit and honors",
    "tui_tui_lai": "all pungs, one suit and honors",
    "toan_hang": "one suit",
    "tui_tui_toan_hang": "all pungs, one suit",
    "tieu_tam_nguyen": "little three dragons",
    "dai_tam_nguyen": "big three dragons",
    "khan_khan": "four concealed pungs",
    "tieu_tu_hy": "little four winds",
    "dai_tu_hy": "big four winds",
    "xap_xam_chuong": "thirteen orphans",
    "yeu_cuu": "terminals only",
    "yeu_cuu_lai_hang": "terminals and honors",
    "toan_chu": "honors only",
    "luc_phe_bon": "seven pairs",
    "phu_tai_phao": "honor pungs",
    "hoa_trung_cua": "own flowers",
    "bo_hoa": "flower set",
    "khung_dung": "jokers set down",
    "khung_danh": "jokers discarded",
    "xuyen": "closed or edge wait",
    "tan_tieu": "pair wait",
    "cho_doi": "two-pair wait",
    "phan_coong": "win from the đầu coong",
    "thien_u": "the dealer's dealt hand",
    "dia_u": "on the dealer's first discard",
    "nhan_u": "on the first draw",
    "khong_hoa_la": "no flowers",
    "u_hoa": "win on a flower",
    "phong_hoa": "three flowers discarded",
}
#: a group of a winning reading -> its words (vi, en)
_READING_WORDS: dict[str, tuple[str, str]] = {
    "chow": ("phu dọc", "chow"),
    "pung": ("phu ngang", "pung"),
    "kong": ("coong", "kong"),
    "pair": ("đôi", "pair"),
}
_EXPOSED_WORDS: dict[str, tuple[str, str]] = {
    "chow": ("ăn", "chow"),
    "pung": ("phỗng", "pung"),
    "kong": ("coong", "kong"),
    "concealed_kong": ("coong kín", "concealed kong"),
}


def pattern_name(pid: str, name: str, lang: Lang) -> str:
    """A pattern's name: the Vietnamese one, glossed in English."""
    if lang == "en" and pid in PATTERNS_EN:
        return f"{name} ({PATTERNS_EN[pid]})"
    return name


def phan_words(phan: int, lang: Lang) -> str:
    mun, rest = divmod(phan, MUN)
    if not mun:
        return f"{phan} phán"
    tail = f" {rest} phán" if rest else ""
    return f"{phan} phán = {mun} mủn{tail}"


def _tile_in_group(t: int, w: int, lang: Lang) -> str:
    names = NAMES[lang]
    return names[t] if w < 0 else f"{names[w]} ({names[t]})"


def _group_words(g: GroupJson, lang: Lang) -> str:
    tiles = " ".join(
        _tile_in_group(t, w, lang) for t, w in zip(g["tiles"], g["wilds"], strict=True)
    )
    if g["exposed"]:
        kind = "concealed_kong" if g["kind"] == "kong" and not g["claimed"] else g["kind"]
        words = _EXPOSED_WORDS.get(kind, (kind, kind))
    else:
        words = _READING_WORDS.get(g["kind"], (g["kind"], g["kind"]))
    return f"[{tiles}] {pick(words, lang)}"


def _winning_tile(state: MatChuocState, win: WinJson, phong: bool) -> tuple[int, bool]:
    """The tile that won and whether it came from the đầu coong (-1: none, Thiên ù)."""
    s = win["winner"]
    if phong:
        river = state.seats[s].river
        return (river[-1] if river else -1), False
    for e in reversed(state.events):
        if win["discarder"] is not None:
            if e.type == "claim" and e.actor == s and e.data["action"]["verb"] == "win":
                return int(e.data["tile"]), False
        elif e.type == "draw" and e.actor == s:
            return int(e.data.get("tile", -1)), e.data.get("end") == "dead"
    return -1, False


def _win_lines(state: MatChuocState, win: WinJson, viewer: int | None, lang: Lang) -> list[str]:
    names = NAMES[lang]
    s = win["winner"]
    who = seat_name(s, viewer, lang)
    ids = {p["id"] for p in win["patterns"]}
    phong = "phong_hoa" in ids
    tile, dead = _winning_tile(state, win, phong)
    d = win["discarder"]
    me = state.seats[s]
    if phong:
        items = ", ".join(names[k] for k in me.flower_discards)
        head = pick(
            (
                f"{who} phóng hoa: ba lần đánh hoa ({items}), không ai ù",
                f"{who} won by phóng hoa: three flowers discarded ({items}), nobody won on them",
            ),
            lang,
        )
    elif d is None and ("thien_u" in ids or tile < 0):
        head = pick(
            (f"{who} ù ngay với bài chia (thiên ù)", f"{who} won on the dealt hand (thiên ù)"),
            lang,
        )
    elif d is None:
        where = pick((" ở đầu coong", " from the đầu coong"), lang) if dead else ""
        head = pick(
            (
                f"{who} ù tự bốc {names[tile]}{where}",
                f"{who} won on a self-drawn {names[tile]}{where}",
            ),
            lang,
        )
    else:
        by = seat_name(d, viewer, lang)
        head = pick(
            (
                f"{who} ù {names[tile]} do {by} đánh ra",
                f"{who} won on {by}'s discard, {names[tile]}",
            ),
            lang,
        )
        if win["den"]:
            head += pick(
                (
                    f" ({by} đánh hoa nên đền cả làng)",
                    f" ({by} discarded a flower and pays for all)",
                ),
                lang,
            )
    lines = [head + "."]
    groups = win.get("groups", [])
    exposed = [g for g in groups if g["exposed"]]
    concealed = sorted(
        (g for g in groups if not g["exposed"]), key=lambda g: (g["kind"] == "pair", g["tiles"])
    )
    if not groups and me.melds:
        exposed = [scoring.group_json(g) for g in me.melds]
    if exposed:
        lines.append(
            pick(("  Phu đã hạ: ", "  Exposed sets: "), lang)
            + " · ".join(_group_words(g, lang) for g in exposed)
        )
    if concealed:
        lines.append(
            pick(("  Trên tay: ", "  In hand: "), lang)
            + " · ".join(_group_words(g, lang) for g in concealed)
        )
    elif not phong:
        hand = [names[k] for k in range(len(me.hand)) for _ in range(me.hand[k])]
        if hand:
            lines.append(pick(("  Trên tay: ", "  In hand: "), lang) + " ".join(hand))
    down = [names[k] for k in me.flowers] + [names[k] for k, _ in me.khung_down]
    down += [f"{names[TG]} + {names[HP]}"] * (me.tong_hop[0] + me.tong_hop[1])
    if down:
        lines.append(
            pick(("  Hoa, khung đã dựng: ", "  Flowers and khung set down: "), lang)
            + ", ".join(down)
        )
    for p in win["patterns"]:
        lines.append(f"  {pattern_name(p['id'], p['name'], lang)}: {p['phan']} phán")
    lines.append(pick(("  Cộng: ", "  Total: "), lang) + phan_words(win["phan"], lang))
    lines.append(_payment_line(state, win, dead and d is None and not phong, viewer, lang))
    return lines


def _verb(verb: str, seat: int, viewer: int | None) -> str:
    """An English verb in the present for a seat: "You pay", "Player 2 pays"."""
    return verb if seat == viewer else f"{verb}s"


def _payment_line(
    state: MatChuocState, win: WinJson, coong: bool, viewer: int | None, lang: Lang
) -> str:
    rules = state.rules
    s = win["winner"]
    d = win["discarder"]
    pay = win["payments"]
    cai, con = scoring.shares(win["phan"], rules)
    parts = []
    for p in range(len(pay)):
        if p == s or pay[p] <= 0:
            continue
        who = seat_name(p, viewer, lang)
        if win["den"]:
            role = ("đền", "pays for all")
        elif d is None or p == d:
            role = ("cái", "cái share")
        else:
            role = ("con", "con share")
        if p == d and not win["den"]:
            role = (f"{role[0]}, đánh ra", f"{role[1]}, dealt in")
        parts.append(
            pick(
                (
                    f"{who} trả {pay[p]} ({role[0]})",
                    f"{who} {_verb('pay', p, viewer)} {pay[p]} ({role[1]})",
                ),
                lang,
            )
        )
    extra = []
    if coong and rules.coong_bonus_points:
        extra.append(
            pick(
                (
                    f"mỗi nhà thêm {rules.coong_bonus_points} vì ù quân đầu coong",
                    f"{rules.coong_bonus_points} more each for a win from the đầu coong",
                ),
                lang,
            )
        )
    if win["phan"] >= MUN and rules.mun_bonus_points:
        extra.append(
            pick(
                (
                    f"mỗi nhà thêm {rules.mun_bonus_points} vì ù có mủn",
                    f"{rules.mun_bonus_points} more each for a win of a mủn or more",
                ),
                lang,
            )
        )
    got = -pay[s]
    who = seat_name(s, viewer, lang)
    gets = _verb("get", s, viewer)
    tail = f" ({'; '.join(extra)})" if extra else ""
    return pick(
        (
            f"  Trả (cái {cai}, con {con}): {', '.join(parts)}; {who} được {got}{tail}.",
            f"  Payments (cái {cai}, con {con}): {', '.join(parts)}; {who} {gets} {got}{tail}.",
        ),
        lang,
    )


def outcome_lines(state: MatChuocState, lang: Lang = "vi", viewer: int | None = None) -> list[str]:
    """The end of the deal in words: for each win the winning tile and who dealt it in (or
    self-drawn, from the đầu coong, thiên ù, phóng hoa), the exposed phu and the reading of
    the hand, the flowers and khung set down, every phán item with its value, the total in
    phán and mủn, and who paid what; a hòa; who deals next. ``viewer`` is "Bạn" / "You"."""
    out = state.outcome()
    if out is None:
        return []
    details = details_of(out)
    lines: list[str] = []
    wins = details.get("wins", [])
    if not wins:
        lines.append(
            pick(("Hòa: hết tường, không ai ù.", "A draw: the wall ran out, nobody won."), lang)
        )
    for w in wins:
        lines += _win_lines(state, w, viewer, lang)
    dealer, nxt = details.get("dealer"), details.get("next_dealer")
    if dealer is not None and nxt is not None:
        who = seat_name(nxt, viewer, lang)
        if nxt == dealer:
            lines.append(
                pick(
                    (
                        f"Ván sau {who} vẫn làm cái.",
                        f"Next deal: {who} {_verb('keep', nxt, viewer)} the deal.",
                    ),
                    lang,
                )
            )
        else:
            lines.append(
                pick(
                    (f"Ván sau {who} làm cái.", f"Next deal: {who} {_verb('deal', nxt, viewer)}."),
                    lang,
                )
            )
    return lines
