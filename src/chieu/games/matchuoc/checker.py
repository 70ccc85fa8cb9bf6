"""The Mạt chược hand checker behind ``chieu check matchuoc``: text in, a JSON-ready dict out.

The HAND text lists the CONCEALED tiles (khung included, MPSZ notation: ``123m 456p 55z TG``):

* 13 - 3·phu tiles: the position before a win; reports the waits and the distance;
* 14 - 3·phu tiles: a finished hand (the winning tile unknown, so no xuyên / tán tiêu);
* 13 - 3·phu tiles ``+`` the winning tile: the win on that tile (a flower as the winning tile
  is a win on a discarded flower, standing in as a Tổng).

Options (``CHECK_OPTIONS``) give the seat, the exposed phu, what was set down and how the
winning tile came. Bad input raises a ``ChieuError`` naming the problem: a fifth tile, a khung
out of its range in a declared phu, an impossible seat, a wrong tile count (in English, and in
Vietnamese as its ``vi``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Literal, NotRequired, TypedDict

from chieu.core.checking import CheckOption
from chieu.core.errors import ChieuError, NotationError
from chieu.core.notation import Lang
from chieu.games.matchuoc import analysis, shanten
from chieu.games.matchuoc.cards import (
    HP,
    KHUNG0,
    KHUNG_COPIES,
    KHUNG_RANGE,
    NUM_BASIC,
    NUM_KINDS,
    TG,
    code,
    counts_of,
    is_basic,
    is_flower,
    is_khung,
    name,
    parse_tiles,
)
from chieu.games.matchuoc.decompose import Group
from chieu.games.matchuoc.patterns import WinFacts
from chieu.games.matchuoc.rules import Rules
from chieu.games.matchuoc.scoring import LineJson, evaluate, payments

CHECK_OPTIONS: list[CheckOption] = [
    CheckOption(
        "seat",
        int,
        "cửa của người ù: 1 Đông (nhà cái), 2 Nam, 3 Tây, 4 Bắc",
        "the winner's cửa: 1 Đông (dealer), 2 Nam, 3 Tây, 4 Bắc",
        1,
    ),
    CheckOption(
        "melds",
        str,
        'các phu đã hạ, cách nhau bằng ";" (ví dụ "111z; 5m5m HP; *2222p"; * là coong úp)',
        'exposed phu separated by ";" (e.g. "111z; 5m5m HP; *2222p"; * = concealed coong)',
        "",
    ),
    CheckOption(
        "flowers",
        str,
        'các quân hoa đã dựng (ví dụ "1f 3g 2k")',
        'flowers set down (e.g. "1f 3g 2k")',
        "",
    ),
    CheckOption(
        "khung",
        str,
        'các quân khung đã dựng trong ván (ví dụ "HY TH")',
        'khung set down during play (e.g. "HY TH")',
        "",
    ),
    CheckOption(
        "khung-opening",
        str,
        'các quân khung dựng lúc mở bài, dựng đầu ("TG HP")',
        'khung set down at the opening, dựng đầu ("TG HP")',
        "",
    ),
    CheckOption(
        "tong-hop-later",
        bool,
        "Tổng và Hợp (trong --khung) được dựng cùng một lần",
        "Tổng and Hợp (in --khung) set down in one action",
        False,
    ),
    CheckOption(
        "khung-discarded",
        str,
        'các quân khung cửa này đã đánh ra (ví dụ "TG")',
        'khung this seat discarded (e.g. "TG")',
        "",
    ),
    CheckOption(
        "self-draw",
        bool,
        "quân ù do chính người ù bốc (tự ù)",
        "the winning tile was drawn by the winner (tự ù)",
        False,
    ),
    CheckOption(
        "from",
        int,
        "cửa của người đánh ra quân ù",
        "cửa of the seat that discarded the winning tile",
        0,
    ),
    CheckOption(
        "thien-u",
        bool,
        "thiên ù: 14 quân của nhà cái sau khi mở bài",
        "thiên ù: the dealer's 14 tiles after the opening",
        False,
    ),
    CheckOption(
        "dia-u",
        bool,
        "địa ù: ù quân đầu tiên nhà cái đánh ra",
        "địa ù: won on the dealer's first discard",
        False,
    ),
    CheckOption(
        "nhan-u",
        bool,
        "nhân ù: nhà con ù ngay quân bốc đầu tiên",
        "nhân ù: a non-dealer won with his first draw",
        False,
    ),
    CheckOption(
        "dau-coong",
        bool,
        "quân ù bốc từ đầu coong",
        "the winning tile came from the đầu coong",
        False,
    ),
    CheckOption(
        "phong-hoa",
        bool,
        "phóng hoa: đã đánh ra ba quân hoa mà không ai ù",
        "phóng hoa: three flowers discarded and none won on",
        False,
    ),
]


def _tiles(text: str) -> list[int]:
    """``parse_tiles``; a tile it cannot read is told in Vietnamese too."""
    try:
        return parse_tiles(text)
    except NotationError as exc:
        vi = (
            f"không đọc được quân {exc.token!r} ở vị trí {exc.position}: viết kiểu MPSZ như "
            "123m 55z, hoa 1f..4q, khung TG TH SO MA HO HY NG HP"
        )
        raise NotationError(str(exc), token=exc.token, position=exc.position, vi=vi) from None


class CheckGroupJson(TypedDict):
    """A phu of the report: its tiles as codes, the khung standing in each slot (None: a real
    tile)."""

    kind: str
    tiles: list[str]
    khung: list[str | None]
    exposed: bool
    claimed: bool


class CheckPayments(TypedDict):
    self_draw: bool
    discarder: int | None  # what the discarder pays (None: self-drawn)
    discarder_cua: int | None
    others: int | None  # what each other seat pays, when they pay the same
    den: bool
    by_cua: dict[str, int]
    winner_gets: int


class MatchuocCheckReport(TypedDict):
    """``chieu check matchuoc``'s report: the input read back, then (a waiting hand) its
    waits, or (a finished one) whether it wins, how it is read and what it is paid."""

    game: Literal["matchuoc"]
    input: str
    seat: int  # the cửa (1 = Đông)
    tiles: list[str]
    melds: list[CheckGroupJson]
    win_tile: str | None
    win: NotRequired[bool]
    waits: NotRequired[list[str]]
    distance: NotRequired[int]  # to a win (-1: it wins)
    groups: NotRequired[list[CheckGroupJson]]
    special: NotRequired[str | None]
    patterns: NotRequired[list[LineJson]]
    phan: NotRequired[int]
    mun: NotRequired[int]
    payments: NotRequired[CheckPayments | None]


def _opt(options: Mapping[str, object], key: str, default: object) -> object:
    v = options.get(key)
    return default if v is None else v


def parse_meld(text: str, position: int = 0) -> Group:
    """One exposed phu: ``111z``, ``5m5m HP``, ``*2222p`` (a concealed coong)."""
    raw = text.strip()
    concealed = raw.startswith("*")
    tiles = _tiles(raw.lstrip("*"))
    where = f"phu {raw!r}"
    if len(tiles) not in (3, 4):
        raise NotationError(
            f"{where}: a phu has 3 tiles (4 for a coong), not {len(tiles)}",
            vi=f"{where}: một phu có 3 quân (coong thì 4), không phải {len(tiles)}",
        )
    if any(is_flower(t) for t in tiles):
        raise NotationError(
            f"{where}: a flower cannot be in a phu", vi=f"{where}: hoa không nằm trong phu được"
        )
    if concealed and len(tiles) != 4:
        raise NotationError(
            f"{where}: only a coong (four tiles) can be concealed (*)",
            vi=f"{where}: chỉ coong (bốn quân) mới được úp (*)",
        )
    reals = sorted(t for t in tiles if is_basic(t))
    wild = [t for t in tiles if is_khung(t)]
    if not reals:
        raise NotationError(
            f"{where}: a phu of khung only cannot be read; name its tiles",
            vi=f"{where}: phu toàn khung thì không đọc được; hãy ghi quân của nó",
        )
    kind = "kong" if len(tiles) == 4 else "pung"
    if len(set(reals)) == 1 and (len(tiles) == 4 or len(reals) >= 1):
        k = reals[0]
        bad = [w for w in wild if k not in KHUNG_RANGE[w]]
        if not bad:
            slots = [-1] * len(reals) + wild
            return Group(kind, (k,) * len(tiles), tuple(slots), True, not concealed)
        if len(reals) > 1 or len(tiles) == 4:
            khung = f"khung {code(bad[0])} ({name(bad[0])})"
            raise NotationError(
                f"{where}: {khung} cannot stand for {code(k)}: out of its range",
                vi=f"{where}: {khung} không thay được {code(k)}: ngoài phạm vi của nó",
            )
    if len(tiles) == 4:
        raise NotationError(
            f"{where}: a coong is four of one kind", vi=f"{where}: coong là bốn quân giống nhau"
        )
    lo = reals[0]
    for start in range(max(lo - 2, lo - lo % 9), lo + 1):
        if start >= 27 or start % 9 > 6 or start // 9 != lo // 9:
            continue
        run = [start, start + 1, start + 2]
        if any(r not in run for r in reals) or len(set(reals)) != len(reals):
            continue
        missing = [t for t in run if t not in reals]
        slots = [-1 if t in reals else -2 for t in run]
        pool = list(wild)
        ok = True
        for i, t in enumerate(run):
            if slots[i] == -2:
                fit = [w for w in pool if t in KHUNG_RANGE[w]]
                if not fit:
                    ok = False
                    break
                pool.remove(fit[0])
                slots[i] = fit[0]
        if ok and len(missing) == len(wild):
            return Group("chow", tuple(run), tuple(slots), True, True)
    if wild:
        shown = ", ".join(f"{code(w)}: {name(w)}" for w in wild)
        raise NotationError(
            f"{where}: no phu fits these tiles with the khung in their ranges ({shown})",
            vi=f"{where}: không phu nào hợp với các quân này mà khung vẫn trong phạm vi ({shown})",
        )
    raise NotationError(
        f"{where}: not a phu (three of a kind or a run in one suit)",
        vi=f"{where}: không phải phu (ba quân giống nhau hoặc một dãy cùng hàng)",
    )


def _list(text: str, what: str, pred: Callable[[int], bool]) -> list[int]:
    tiles = _tiles(text or "")
    for t in tiles:
        if not pred(t):
            raise NotationError(
                f"{what}: {code(t)} ({name(t)}) does not belong here",
                vi=f"{what}: {code(t)} ({name(t)}) không thuộc chỗ này",
            )
    return tiles


def check_hand(
    text: str, options: Mapping[str, object], rules: Rules | None = None, lang: Lang = "vi"
) -> MatchuocCheckReport:
    """Check one Mạt chược hand; the JSON-ready report (see the module docstring; it has no
    sentences, so ``lang`` changes nothing)."""
    rules = rules or Rules()
    raw = text.strip()
    if not raw:
        raise NotationError("empty hand", vi="bài trống")
    seat = _opt(options, "seat", 1)
    if not isinstance(seat, int) or not 1 <= seat <= 4:
        raise ChieuError(
            f"--seat {seat!r} is impossible: a cửa is 1 (Đông) .. 4 (Bắc)",
            vi=f"không có --seat {seat!r}: cửa là 1 (Đông) .. 4 (Bắc)",
        )
    source = _opt(options, "from", 0)
    if not isinstance(source, int) or not 0 <= source <= 4 or (source and source == seat):
        raise ChieuError(
            f"--from {source!r} is impossible: another cửa 1..4 than --seat",
            vi=f"không thể --from {source!r}: phải là một cửa 1..4 khác --seat",
        )
    parts = raw.split("+")
    if len(parts) > 2:
        raise NotationError(
            "use '+' once, before the winning tile", vi="chỉ dùng '+' một lần, trước quân ù"
        )
    concealed = _tiles(parts[0])
    win_tile = -1
    if len(parts) == 2:
        wt = _tiles(parts[1])
        if len(wt) != 1:
            raise NotationError(
                f"after '+' comes exactly one winning tile, not {parts[1]!r}",
                vi=f"sau '+' phải có đúng một quân ù, không phải {parts[1]!r}",
            )
        win_tile = wt[0]
    for t in concealed:
        if is_flower(t):
            raise NotationError(
                f"flower {code(t)} ({name(t)}) in the hand: list it with --flowers once set down",
                vi=f"hoa {code(t)} ({name(t)}) trong bài: hoa đã dựng thì ghi ở --flowers",
            )
    melds_text = str(_opt(options, "melds", ""))
    melds = [
        parse_meld(m, i) for i, m in enumerate(melds_text.replace("|", ";").split(";")) if m.strip()
    ]
    if len(melds) > 4:
        raise NotationError(
            f"{len(melds)} exposed phu: at most 4", vi=f"{len(melds)} phu đã hạ: nhiều nhất là 4"
        )
    flowers = _list(str(_opt(options, "flowers", "")), "--flowers", is_flower)
    khung_later = _list(str(_opt(options, "khung", "")), "--khung", is_khung)
    khung_open = _list(str(_opt(options, "khung-opening", "")), "--khung-opening", is_khung)
    khung_disc = _list(str(_opt(options, "khung-discarded", "")), "--khung-discarded", is_khung)
    # copies
    total = [0] * NUM_KINDS
    for t in [*concealed, *flowers, *khung_later, *khung_open, *khung_disc]:
        total[t] += 1
    if win_tile >= 0:
        total[win_tile] += 1
    for g in melds:
        for t, w in zip(g.tiles, g.wilds, strict=True):
            total[w if w >= 0 else t] += 1
    copies = KHUNG_COPIES[rules.tile_set]
    for k in range(NUM_KINDS):
        limit = 4 if k < NUM_BASIC else (copies if k >= KHUNG0 else 1)
        if total[k] > limit:
            raise NotationError(
                f"{total[k]} × {code(k)} ({name(k)}): the {rules.tile_set} set has only {limit}",
                vi=f"{total[k]} × {code(k)} ({name(k)}): bộ {rules.tile_set} quân chỉ có {limit}",
            )
    need = 14 - 3 * len(melds)
    n = len(concealed) + (1 if win_tile >= 0 else 0)
    if win_tile >= 0 and n != need:
        raise NotationError(
            f"{len(concealed)} concealed tiles + the winning tile with {len(melds)} exposed phu: "
            f"need {need - 1} before '+'",
            vi=f"{len(concealed)} quân trên tay + quân ù với {len(melds)} phu đã hạ: "
            f"trước '+' cần {need - 1} quân",
        )
    if win_tile < 0 and n not in (need, need - 1):
        raise NotationError(
            f"{n} concealed tiles with {len(melds)} exposed phu: a hand has {need - 1} "
            f"(waiting) or {need} (finished)",
            vi=f"{n} quân trên tay với {len(melds)} phu đã hạ: bài có {need - 1} quân (đang "
            f"chờ) hoặc {need} quân (đã đủ)",
        )
    counts = counts_of(concealed)
    report: MatchuocCheckReport = {
        "game": "matchuoc",
        "input": raw,
        "seat": seat,
        "tiles": [code(t) for t in sorted(concealed)],
        "melds": [_group_json(g) for g in melds],
        "win_tile": code(win_tile) if win_tile >= 0 else None,
    }
    seven = rules.seven_pairs
    if n == need - 1:
        wait_kinds = analysis.waits(counts, seven and not melds)
        report.update(
            {
                "win": False,
                "waits": [code(k) for k in wait_kinds],
                "distance": shanten.distance(counts, len(melds), seven),
                "groups": [],
                "patterns": [],
                "phan": 0,
                "mun": 0,
                "payments": None,
            }
        )
        return report
    waits: tuple[int, ...] = ()
    if win_tile >= 0:
        waits = tuple(analysis.waits(counts, seven and not melds))
        counts[win_tile] += 1
    flower_win = win_tile >= 0 and is_flower(win_tile)
    self_draw = bool(_opt(options, "self-draw", False))
    if self_draw and source:
        raise ChieuError(
            f"--self-draw and --from {source} contradict: who gave the tile?",
            vi=f"--self-draw và --from {source} trái nhau: ai đưa quân ù?",
        )
    thien = bool(_opt(options, "thien-u", False))
    if thien and seat != 1:
        raise ChieuError(
            "thiên ù is the dealer's (cửa 1) win", vi="thiên ù là ván ù của nhà cái (cửa 1)"
        )
    nhan = bool(_opt(options, "nhan-u", False))
    if thien or nhan:
        if source:
            which = "thiên" if thien else "nhân"
            raise ChieuError(
                f"{which} ù is self-drawn: drop --from",
                vi=f"{which} ù là tự bốc: bỏ --from đi",
            )
        self_draw = True
    if nhan and seat == 1:
        raise ChieuError("nhân ù is a non-dealer's win", vi="nhân ù là ván ù của nhà con")
    dia = bool(_opt(options, "dia-u", False))
    if dia:
        if seat == 1 or self_draw or source not in (0, 1):
            raise ChieuError(
                "địa ù is a non-dealer's win on the dealer's (cửa 1) first discard",
                vi="địa ù là nhà con ù quân đầu tiên nhà cái (cửa 1) đánh ra",
            )
        source = 1
    if _opt(options, "dau-coong", False) and not self_draw:
        raise ChieuError(
            "--dau-coong: a tile from the đầu coong is self-drawn (add --self-draw)",
            vi="--dau-coong: quân bốc ở đầu coong là tự bốc (thêm --self-draw)",
        )
    if flower_win and self_draw:
        raise ChieuError(
            "a flower wins only as another seat's discard",
            vi="chỉ ù được hoa do nhà khác đánh ra",
        )
    tong_hop_open = min(khung_open.count(TG), khung_open.count(HP))
    for _ in range(tong_hop_open):
        khung_open.remove(TG)
        khung_open.remove(HP)
    tong_hop_later = 0
    if _opt(options, "tong-hop-later", False):
        if TG not in khung_later or HP not in khung_later:
            raise ChieuError(
                "--tong-hop-later needs TG and HP in --khung",
                vi="--tong-hop-later cần có TG và HP trong --khung",
            )
        khung_later.remove(TG)
        khung_later.remove(HP)
        tong_hop_later = 1
    facts = WinFacts(
        seat=seat,
        self_draw=self_draw,
        win_tile=-1 if thien else win_tile,
        from_dead_wall=bool(_opt(options, "dau-coong", False)) and self_draw,
        flowers=tuple(flowers),
        khung_down=tuple([(k, False) for k in khung_later] + [(k, True) for k in khung_open]),
        tong_hop_opening=tong_hop_open,
        tong_hop_later=tong_hop_later,
        khung_discarded=tuple((k, False) for k in khung_disc),
        thien=thien,
        dia=dia,
        nhan=nhan,
        flower_win=flower_win,
        waits=() if thien else waits,
        phong_hoa=bool(_opt(options, "phong-hoa", False)),
        rules=rules,
    )
    score = evaluate(counts, melds, facts)
    if score is None:
        report.update(
            {
                "win": False,
                "waits": [],
                "distance": shanten.distance(counts, len(melds), seven),
                "groups": [],
                "patterns": [],
                "phan": 0,
                "mun": 0,
                "payments": None,
            }
        )
        return report
    winner = seat - 1
    if facts.self_draw or facts.phong_hoa:
        discarder = None
    else:
        discarder = (source or (seat - 1 if seat > 1 else 4)) - 1
    pay = payments(
        score.phan,
        winner,
        rules,
        discarder=discarder,
        den=flower_win,
        coong=facts.from_dead_wall,
    )
    report.update(
        {
            "win": True,
            "waits": [code(k) for k in waits],
            "distance": -1,
            "groups": [_group_json(g) for g in score.groups],
            "special": score.special or None,
            "patterns": [ln.to_json() for ln in score.lines],
            "phan": score.phan,
            "mun": score.mun,
            "payments": {
                "self_draw": discarder is None,
                "discarder": None if discarder is None else pay[discarder],
                "discarder_cua": None if discarder is None else discarder + 1,
                "others": _others(pay, winner, discarder),
                "den": flower_win,
                "by_cua": {str(s + 1): pay[s] for s in range(4)},
                "winner_gets": -pay[winner],
            },
        }
    )
    return report


def _others(pay: list[int], winner: int, discarder: int | None) -> int | None:
    rest = [pay[s] for s in range(4) if s not in (winner, discarder)]
    return rest[0] if rest and len(set(rest)) == 1 else None


def _group_json(g: Group) -> CheckGroupJson:
    return {
        "kind": g.kind,
        "tiles": [code(t) for t in g.tiles],
        "khung": [code(w) if w >= 0 else None for w in g.wilds],
        "exposed": g.exposed,
        "claimed": g.claimed,
    }
