"""The Chắn hand checker behind ``chieu check chan``: text in, a JSON-ready dict out.

The HAND text lists **all** the player's cards, held and on the mat:

* 19 cards: the position before a win; reports the waits (A4.3) and, for each wait, the win;
* 20 cards: a finished hand; judges the shape (the winning card is unknown, so bạch thủ, ù bòn
  and the picture cước cannot be judged; with ``thien-u`` it is the cái's thiên ù);
* 19 cards ``+`` the winning card (``... 6S + 6S``): the win on that card, wait kind included.

Options (``CHECK_OPTIONS``, the CLI flags) say which cards lie on the mat and how the winning
card came. Bad text raises ``NotationError`` naming the token or the count (in English, and
in Vietnamese as its ``vi``); a hand whose shape is complete but whose ù is not allowed (a
discard without chíu, chờ chi rộng, below ``rules.min_u_score``) is reported with ``win: false``
and ``illegal`` naming the fault (in ``check_hand``'s ``lang``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict

from chieu.core.checking import CheckOption, read_cards
from chieu.core.errors import ChieuError, NotationError
from chieu.core.jsonio import JsonObject
from chieu.core.notation import Lang, pick
from chieu.games.chan import analysis
from chieu.games.chan.cards import CC, KINDS, NUM_KINDS, check_copies, parse_cards, rank_of
from chieu.games.chan.notation import card_error
from chieu.games.chan.patterns import MatGroup, WinContext
from chieu.games.chan.rules import Rules
from chieu.games.chan.scoring import evaluate

HAND_SIZES = (19, 20)
SOURCES = ("nocc", "self", "discard")


CHECK_OPTIONS: list[CheckOption] = [
    CheckOption(
        "mat",
        str,
        "những cặp trong bài đang nằm dưới chiếu (chắn hoặc cạ đã ăn), cách nhau bằng ';' "
        '(ví dụ "5V 5W; 6V 6V")',
        "pairs among the cards that lie on the mat as eaten chắn or cạ, ';'-separated "
        '(e.g. "5V 5W; 6V 6V")',
        "",
    ),
    CheckOption(
        "chiu",
        str,
        'những quân đã chíu trước đó, nằm dưới chiếu thành 4 quân giống nhau (ví dụ "7S")',
        'kinds chíu\'d earlier, on the mat as 4 identical (e.g. "7S")',
        "",
    ),
    CheckOption(
        "source",
        str,
        "quân ù từ đâu đến: nocc (nhà khác bốc từ nọc), self (chính người ù bốc: chì), discard "
        "(quân đánh ra, quân dưới hay quân trả cửa: chỉ chíu ù mới được ù quân này)",
        "where the winning card came from: nocc (drawn by another seat), self (drawn by the "
        "winner: chì), discard (discarded, passed by a discard or returned: only a chíu ù "
        "may win on it)",
        "nocc",
        SOURCES,
    ),
    CheckOption(
        "chiu-u",
        bool,
        "ù bằng chíu: trên tay đã có 3 quân giống quân ù",
        "the winning card is taken by chíu (3 copies held)",
        False,
    ),
    CheckOption(
        "thong",
        bool,
        "người ù cũng ù ván trước (thông)",
        "the winner also won the previous game (thông)",
        False,
    ),
    CheckOption(
        "thien-u",
        bool,
        "thiên ù: ù ngay 20 quân nhà cái được chia",
        "thiên ù: the cái's 20 dealt cards",
        False,
    ),
    CheckOption(
        "dia-u",
        bool,
        "địa ù: chưa bốc quân nọc nào trước quân ù",
        "địa ù: no nọc card drawn before the winning card",
        False,
    ),
    CheckOption(
        "chiu-count",
        int,
        "số lần chíu trước đó trong ván (mặc định: số quân ghi ở --chiu)",
        "chíu made earlier in the game (default: the number of --chiu kinds)",
        None,
    ),
    CheckOption(
        "dealt-no-chan",
        bool,
        "người ù được chia không có chắn nào (phá thiên)",
        "the winner was dealt no chắn at all (phá thiên)",
        False,
    ),
]

_BY_NAME = {o.name: o for o in CHECK_OPTIONS}


@dataclass(frozen=True, slots=True)
class _Opts:
    lang: Lang  # the report's words
    mat: tuple[MatGroup, ...]
    chiu: tuple[int, ...]
    source: str
    chiu_u: bool
    thong: bool
    thien_u: bool
    dia_u: bool
    chiu_count: int
    dealt_no_chan: bool


# -- parsing --------------------------------------------------------------------------------


def _code(kind: int) -> str:
    return KINDS.codes[kind]


def _cards(text: str) -> list[int]:
    """``parse_cards``, its errors in Vietnamese too (``card_error``, as ``chieu play`` says)."""
    return read_cards(parse_cards, text, lambda t, e: card_error(t, e, "vi"))


def _parse_hand(text: str) -> tuple[list[int], int | None]:
    parts = text.split("+")
    if len(parts) > 2:
        raise NotationError(
            "more than one '+': write the 19 cards, then '+' and the one winning card",
            token="+",
            vi="có hơn một dấu '+': viết 19 quân, rồi '+' và một quân ù",
        )
    cards = _cards(parts[0])
    winning: int | None = None
    if len(parts) == 2:
        after = _cards(parts[1])
        if len(after) != 1:
            raise NotationError(
                f"'+' must be followed by exactly one card (the winning card), not {len(after)}",
                token="+",
                vi=f"sau '+' phải có đúng một quân (quân ù), ở đây có {len(after)}",
            )
        winning = after[0]
        if len(cards) != 19:
            raise NotationError(
                f"before '+' a Chắn hand lists 19 cards; got {len(cards)} cards",
                token="+",
                vi=f"trước '+' bài Chắn phải có 19 quân; ở đây có {len(cards)} quân",
            )
    elif len(cards) not in HAND_SIZES:
        raise NotationError(
            "a Chắn hand lists 19 cards (waits), 20 cards (a win) or 19 cards + the winning "
            f"card; got {len(cards)} cards",
            vi="bài Chắn ghi 19 quân (xem chờ gì), 20 quân (xem ù chưa) hoặc 19 quân + quân ù; "
            f"ở đây có {len(cards)} quân",
        )
    return cards, winning


def _parse_mat(text: str) -> list[MatGroup]:
    groups: list[MatGroup] = []
    for chunk in text.split(";"):
        if not chunk.strip():
            continue
        kinds = _cards(chunk)
        shown = " ".join(_code(k) for k in kinds)
        if len(kinds) != 2:
            raise NotationError(
                f"mat group '{shown}' has {len(kinds)} cards; an eaten group is 2 cards "
                "(a chắn or a cạ)",
                token=chunk.strip(),
                vi=f"nhóm dưới chiếu '{shown}' có {len(kinds)} quân; nhóm đã ăn phải có 2 quân "
                "(một chắn hoặc một cạ)",
            )
        a, b = kinds
        if a == b:
            groups.append(MatGroup((a, b), "chan"))
        elif CC not in kinds and rank_of(a) == rank_of(b):
            groups.append(MatGroup((a, b), "ca"))
        else:
            raise NotationError(
                f"mat group '{shown}' is neither a chắn (two identical cards) nor a cạ "
                "(same rank, different suits)",
                token=chunk.strip(),
                vi=f"nhóm dưới chiếu '{shown}' không phải chắn (hai quân giống hệt nhau) cũng "
                "không phải cạ (cùng số, khác hàng)",
            )
    return groups


def _options(options: Mapping[str, object]) -> dict[str, object]:
    values: dict[str, object] = {o.name: o.default for o in CHECK_OPTIONS}
    for raw, value in options.items():
        name = raw.replace("_", "-")
        opt = _BY_NAME.get(name)
        if opt is None:
            known = ", ".join(sorted(_BY_NAME))
            raise ChieuError(
                f"unknown Chắn check option {raw!r}; known: {known}",
                vi=f"Chắn không có tuỳ chọn kiểm tra {raw!r}; các tuỳ chọn: {known}",
            )
        if value is None:
            continue
        if opt.kind is bool and not isinstance(value, bool):
            raise ChieuError(
                f"option {name} must be true or false, not {value!r}",
                vi=f"tuỳ chọn {name} phải là true hoặc false, không phải {value!r}",
            )
        if opt.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ChieuError(
                f"option {name} must be a whole number, not {value!r}",
                vi=f"tuỳ chọn {name} phải là số nguyên, không phải {value!r}",
            )
        if opt.kind is str and not isinstance(value, str):
            raise ChieuError(
                f"option {name} must be text, not {value!r}",
                vi=f"tuỳ chọn {name} phải là chữ, không phải {value!r}",
            )
        if opt.choices and value not in opt.choices:
            choices = ", ".join(opt.choices)
            raise ChieuError(
                f"option {name}={value!r}: choose one of {choices}",
                vi=f"tuỳ chọn {name}={value!r}: chọn một trong {choices}",
            )
        values[name] = value
    return values


def _build_opts(values: Mapping[str, object], lang: Lang) -> _Opts:
    mat = _parse_mat(str(values["mat"]))
    chiu: list[int] = []
    for k in _cards(str(values["chiu"])):
        if k not in chiu:
            chiu.append(k)
    count = values["chiu-count"]
    if count is None:
        count = len(chiu)
    elif not isinstance(count, int) or count < 0:  # an int (``_options``)
        raise ChieuError(
            f"option chiu-count must be ≥ 0, not {count}",
            vi=f"tuỳ chọn chiu-count phải ≥ 0, không phải {count}",
        )
    elif count != len(chiu):
        raise NotationError(
            f"chiu-count {count} disagrees with --chiu ({len(chiu)} kind(s)): every chíu lies "
            "on the mat, so name the chíu'd kinds with --chiu",
            token=str(count),
            vi=f"chiu-count {count} không khớp với --chiu ({len(chiu)} quân): lần chíu nào "
            "cũng nằm dưới chiếu, nên hãy ghi các quân đã chíu bằng --chiu",
        )
    return _Opts(
        lang=lang,
        mat=tuple(mat) + tuple(MatGroup((k,) * 4, "chiu") for k in chiu),
        chiu=tuple(chiu),
        source=str(values["source"]),
        chiu_u=bool(values["chiu-u"]),
        thong=bool(values["thong"]),
        thien_u=bool(values["thien-u"]),
        dia_u=bool(values["dia-u"]),
        chiu_count=int(count),
        dealt_no_chan=bool(values["dealt-no-chan"]),
    )


# -- judging --------------------------------------------------------------------------------


def _mat_counts(mat: Sequence[MatGroup]) -> list[int]:
    out = [0] * NUM_KINDS
    for g in mat:
        for k in g.kinds:
            out[k] += 1
    return out


def _mat_chan(mat: Sequence[MatGroup]) -> int:
    return sum(g.chan for g in mat)


@dataclass(frozen=True, slots=True)
class _Verdict:
    ctx: WinContext
    complete: bool  # the shape is a win (A4.1)
    win: bool  # a legal win
    illegal: str | None
    cuoc: list[JsonObject]
    score: int | None


_DISCARD = (
    "ù láo (lỗi 11): chỉ được ù quân bốc từ nọc; quân đánh ra, dưới hay trả cửa chỉ ù được "
    "bằng chíu ù (A4.4)",
    "ù láo (fault 11): only a card drawn from the nọc may be won on; a card discarded, passed "
    "by a discard or returned wins only by chíu ù (A4.4)",
)
_CHI_RONG = (
    "ù chi rộng (lỗi 12): chờ Chi chi khi đã có từ 6 chắn trở lên (A4.3)",
    "ù chi rộng (fault 12): waiting on Chi chi with 6 chắn or more (A4.3)",
)
_WAIT_CHI_RONG = (
    "chờ chi rộng (lỗi 12 nếu ù): chờ Chi chi khi đã có từ 6 chắn trở lên (A4.3)",
    "chờ chi rộng (fault 12 if won): waiting on Chi chi with 6 chắn or more (A4.3)",
)


def _verdict(ctx: WinContext, opts: _Opts, rules: Rules, *, chi_rong: bool = False) -> _Verdict:
    complete = ctx.is_win
    illegal: str | None = None
    if complete and opts.source == "discard" and not ctx.chiu_u:
        illegal = pick(_DISCARD, opts.lang)
    elif complete and chi_rong and rules.chi_rong == "forbid":
        illegal = pick(_CHI_RONG, opts.lang)
    if not complete or illegal is not None:
        return _Verdict(ctx, complete, False, illegal, [], None)
    hits, points = evaluate(ctx, rules)
    if points < rules.min_u_score:
        low = rules.min_u_score
        illegal = pick(
            (
                f"ù thiếu điểm: {points} điểm, dưới mức tối thiểu {low} của bàn "
                "(min_u_score; phạt như tám đỏ hai lèo)",
                f"ù thiếu điểm: {points} points, below the table's minimum of {low} "
                "(min_u_score; paid like tám đỏ hai lèo)",
            ),
            opts.lang,
        )
        return _Verdict(ctx, complete, False, illegal, [], None)
    return _Verdict(ctx, complete, True, None, [h.to_json() for h in hits], points)


def _context(
    held: Sequence[int], opts: _Opts, winning: int | None, *, chiu_u: bool, wait_kind: str | None
) -> WinContext:
    hand = list(held)
    mat = opts.mat
    if winning is not None:
        if chiu_u:
            hand[winning] -= 3
            mat = (*mat, MatGroup((winning,) * 4, "chiu"))
        else:
            hand[winning] += 1
    return WinContext(
        hand=tuple(hand),
        mat=mat,
        winning_card=winning,
        wait_kind=wait_kind,
        self_drawn=opts.source == "self",
        thong=opts.thong,
        thien_u=opts.thien_u,
        dia_u=opts.dia_u,
        chiu_u=chiu_u,
        chiu_count=opts.chiu_count,
        dealt_no_chan=opts.dealt_no_chan,
    )


def _win_on(
    held19: Sequence[int], x: int, opts: _Opts, rules: Rules, waits: analysis.Waits, *, chiu_u: bool
) -> _Verdict:
    kind = waits.kind if x in waits.kinds else None
    ctx = _context(held19, opts, x, chiu_u=chiu_u, wait_kind=kind)
    return _verdict(ctx, opts, rules, chi_rong=waits.chi_rong and x == CC)


class _Grouping(TypedDict):
    chan: int
    ca: int
    groups: list[list[str]]
    que: list[str]
    distance: int


class WinOn(TypedDict):
    """The win on one wait of a 19-card hand."""

    card: str
    win: bool
    illegal: str | None
    cuoc: list[JsonObject]  # ``PatternHit.to_json()`` of each cước
    score: int | None


class ChanCheckReport(TypedDict):
    """``check_hand``'s report (cards as codes; see the module docstring)."""

    game: str
    input: str
    cards: list[str]
    mat: list[list[str]]
    winning_card: str | None
    chan: int
    ca: int
    groups: list[list[str]]
    que: list[str]
    distance: int
    complete: bool
    win: bool
    illegal: str | None
    cuoc: list[JsonObject]
    score: int | None
    waits: list[str]
    wait_kind: str | None
    chi_rong: bool
    wins_on: list[WinOn]


def _grouping_report(hand: Sequence[int], mat: Sequence[MatGroup]) -> _Grouping:
    g = analysis.grouping(hand)
    return {
        "chan": _mat_chan(mat) + len(g.chan),
        "ca": sum(1 for m in mat if m.how == "ca") + len(g.ca),
        "groups": [m.codes() for m in mat] + [[_code(k) for k in grp] for grp in g.groups],
        "que": [_code(k) for k in analysis.que_cards(hand)],
        "distance": analysis.distance(hand, _mat_chan(mat), seen=_mat_counts(mat)),
    }


def check_hand(
    text: str, options: Mapping[str, object], rules: Rules, lang: Lang = "vi"
) -> ChanCheckReport:
    """Check one Chắn hand; the JSON-ready report (see the module docstring), its sentences
    (``illegal``) in ``lang``.

    Keys: game, input, cards, mat, winning_card, complete, win, illegal, chan, ca, groups,
    que, distance, waits, wait_kind, chi_rong, wins_on (19 cards: the win on each wait),
    cuoc, score.
    """
    cards, winning = _parse_hand(text)
    everything = cards + ([winning] if winning is not None else [])
    check_copies(everything)
    opts = _build_opts(_options(options), lang)
    listed = KINDS.counts(cards)
    mat_counts = _mat_counts(opts.mat)
    for k in range(NUM_KINDS):
        if mat_counts[k] > listed[k]:
            raise NotationError(
                f"the mat holds {mat_counts[k]} × {_code(k)} but the hand lists only "
                f"{listed[k]}: HAND must list the mat cards too",
                token=_code(k),
                vi=f"dưới chiếu có {mat_counts[k]} × {_code(k)} mà bài chỉ ghi {listed[k]}: "
                "HAND phải ghi cả các quân dưới chiếu",
            )
    held = [a - b for a, b in zip(listed, mat_counts, strict=True)]
    if opts.thien_u and (opts.mat or winning is not None or len(cards) != 20):
        raise NotationError(
            "a thiên ù is the cái's 20 dealt cards: no '+', nothing on the mat",
            token="thien-u",
            vi="thiên ù là 20 quân nhà cái được chia: không có '+', không có gì dưới chiếu",
        )
    if opts.chiu_u:
        if winning is None:
            twenty = len(cards) == 20
            raise NotationError(
                "chiu-u needs the winning card: write the 19 cards, '+' and the chíu'd card"
                if twenty
                else "chiu-u needs 19 cards + the winning card",
                token="chiu-u",
                vi="chiu-u cần quân ù: viết 19 quân, '+' rồi quân được chíu"
                if twenty
                else "chiu-u cần 19 quân + quân ù",
            )
        if held[winning] != 3:
            code = _code(winning)
            raise NotationError(
                f"chiu-u: a chíu of {code} needs 3 × {code} held, the hand holds {held[winning]}",
                token=code,
                vi=f"chiu-u: chíu {code} cần có 3 × {code} trên tay, bài đang có {held[winning]}",
            )

    mat_chan = _mat_chan(opts.mat)
    waits_out: list[str] = []
    wait_kind: str | None = None
    chi_rong = False
    wins_on: list[WinOn] = []
    if len(cards) == 19:
        w = analysis.waits(held, mat_chan, seen=mat_counts, allow_chi_rong=True)
        chi_rong = w.chi_rong
        legal = [] if chi_rong and rules.chi_rong == "forbid" else list(w.kinds)
        waits_out = [_code(k) for k in legal]
        if winning is None:
            wait_kind = w.kind if legal else None
            for x in w.kinds:
                v = _win_on(held, x, opts, rules, w, chiu_u=opts.chiu_u and held[x] == 3)
                wins_on.append(
                    {
                        "card": _code(x),
                        "win": v.win,
                        "illegal": v.illegal,
                        "cuoc": v.cuoc,
                        "score": v.score,
                    }
                )
            verdict = None
            shown_hand, shown_mat = held, opts.mat
        else:
            wait_kind = w.kind if winning in legal else None
            waits_out = []  # 19 + the winning card is judged as a win: no waits reported
            verdict = _win_on(held, winning, opts, rules, w, chiu_u=opts.chiu_u)
            shown_hand, shown_mat = list(verdict.ctx.hand), verdict.ctx.mat
    else:
        ctx = _context(held, opts, None, chiu_u=False, wait_kind=None)
        verdict = _verdict(ctx, opts, rules)
        shown_hand, shown_mat = held, opts.mat

    if verdict is None:
        illegal = pick(_WAIT_CHI_RONG, lang) if chi_rong and rules.chi_rong == "forbid" else None
        complete, win, cuoc, score = False, False, [], None
    else:
        complete, win, illegal = verdict.complete, verdict.win, verdict.illegal
        cuoc, score = verdict.cuoc, verdict.score
    g = _grouping_report(shown_hand, shown_mat)
    return {
        "game": "chan",
        "input": text,
        "cards": [_code(k) for k in sorted(everything)],
        "mat": [m.codes() for m in opts.mat],
        "winning_card": _code(winning) if winning is not None else None,
        "chan": g["chan"],
        "ca": g["ca"],
        "groups": g["groups"],
        "que": g["que"],
        "distance": g["distance"],
        "complete": complete,
        "win": win,
        "illegal": illegal,
        "cuoc": cuoc,
        "score": score,
        "waits": waits_out,
        "wait_kind": wait_kind,
        "chi_rong": chi_rong,
        "wins_on": wins_on,
    }
