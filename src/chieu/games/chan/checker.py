"""The Chắn hand checker behind ``chieu check chan``: text in, a JSON-ready dict out.

The HAND text lists **all** the player's cards, held and on the mat:

* 19 cards: the position before a win; reports the waits (A4.3) and, for each wait, the win;
* 20 cards: a finished hand; judges the shape (the winning card is unknown, so bạch thủ, ù bòn
  and the picture cước cannot be judged; with ``thien-u`` it is the cái's thiên ù);
* 19 cards ``+`` the winning card (``... 6S + 6S``): the win on that card, wait kind included.

Options (``CHECK_OPTIONS``, the CLI flags) say which cards lie on the mat and how the winning
card came. Bad text raises ``NotationError`` naming the token or the count; a hand whose shape
is complete but whose ù is not allowed (a discard without chíu, chờ chi rộng, below
``rules.min_u_score``) is reported with ``win: false`` and ``illegal`` naming the fault.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict

from chieu.core.checking import CheckOption
from chieu.core.errors import ChieuError, NotationError
from chieu.core.jsonio import JsonObject
from chieu.games.chan import analysis
from chieu.games.chan.cards import CC, KINDS, NUM_KINDS, check_copies, parse_cards, rank_of
from chieu.games.chan.patterns import MatGroup, WinContext
from chieu.games.chan.rules import Rules
from chieu.games.chan.scoring import evaluate

HAND_SIZES = (19, 20)
SOURCES = ("nocc", "self", "discard")


CHECK_OPTIONS: list[CheckOption] = [
    CheckOption(
        "mat",
        str,
        "pairs among the cards that lie on the mat as eaten chắn or cạ, ';'-separated "
        '(e.g. "5V 5W; 6V 6V")',
        "",
    ),
    CheckOption("chiu", str, 'kinds chíu\'d earlier, on the mat as 4 identical (e.g. "7S")', ""),
    CheckOption(
        "source",
        str,
        "where the winning card came from: nocc (drawn by another seat), self (drawn by the "
        "winner: chì), discard (discarded, passed by a discard or returned: only a chíu ù "
        "may win on it)",
        "nocc",
        SOURCES,
    ),
    CheckOption("chiu-u", bool, "the winning card is taken by chíu (3 copies held)", False),
    CheckOption("thong", bool, "the winner also won the previous game (thông)", False),
    CheckOption("thien-u", bool, "thiên ù: the cái's 20 dealt cards", False),
    CheckOption("dia-u", bool, "địa ù: no nọc card drawn before the winning card", False),
    CheckOption(
        "chiu-count",
        int,
        "chíu made earlier in the game (default: the number of --chiu kinds)",
        None,
    ),
    CheckOption("dealt-no-chan", bool, "the winner was dealt no chắn at all (phá thiên)", False),
]

_BY_NAME = {o.name: o for o in CHECK_OPTIONS}


@dataclass(frozen=True, slots=True)
class _Opts:
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


def _parse_hand(text: str) -> tuple[list[int], int | None]:
    parts = text.split("+")
    if len(parts) > 2:
        raise NotationError(
            "more than one '+': write the 19 cards, then '+' and the one winning card",
            token="+",
        )
    cards = parse_cards(parts[0])
    winning: int | None = None
    if len(parts) == 2:
        after = parse_cards(parts[1])
        if len(after) != 1:
            raise NotationError(
                f"'+' must be followed by exactly one card (the winning card), not {len(after)}",
                token="+",
            )
        winning = after[0]
        if len(cards) != 19:
            raise NotationError(
                f"before '+' a Chắn hand lists 19 cards; got {len(cards)} cards", token="+"
            )
    elif len(cards) not in HAND_SIZES:
        raise NotationError(
            "a Chắn hand lists 19 cards (waits), 20 cards (a win) or 19 cards + the winning "
            f"card; got {len(cards)} cards"
        )
    return cards, winning


def _parse_mat(text: str) -> list[MatGroup]:
    groups: list[MatGroup] = []
    for chunk in text.split(";"):
        if not chunk.strip():
            continue
        kinds = parse_cards(chunk)
        shown = " ".join(_code(k) for k in kinds)
        if len(kinds) != 2:
            raise NotationError(
                f"mat group '{shown}' has {len(kinds)} cards; an eaten group is 2 cards "
                "(a chắn or a cạ)",
                token=chunk.strip(),
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
            )
    return groups


def _options(options: Mapping[str, object]) -> dict[str, object]:
    values: dict[str, object] = {o.name: o.default for o in CHECK_OPTIONS}
    for raw, value in options.items():
        name = raw.replace("_", "-")
        opt = _BY_NAME.get(name)
        if opt is None:
            known = ", ".join(sorted(_BY_NAME))
            raise ChieuError(f"unknown Chắn check option {raw!r}; known: {known}")
        if value is None:
            continue
        if opt.kind is bool and not isinstance(value, bool):
            raise ChieuError(f"option {name} must be true or false, not {value!r}")
        if opt.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise ChieuError(f"option {name} must be a whole number, not {value!r}")
        if opt.kind is str and not isinstance(value, str):
            raise ChieuError(f"option {name} must be text, not {value!r}")
        if opt.choices and value not in opt.choices:
            raise ChieuError(f"option {name}={value!r}: choose one of {', '.join(opt.choices)}")
        values[name] = value
    return values


def _build_opts(values: Mapping[str, object]) -> _Opts:
    mat = _parse_mat(str(values["mat"]))
    chiu: list[int] = []
    for k in parse_cards(str(values["chiu"])):
        if k not in chiu:
            chiu.append(k)
    count = values["chiu-count"]
    if count is None:
        count = len(chiu)
    elif not isinstance(count, int) or count < 0:  # an int (``_options``)
        raise ChieuError(f"option chiu-count must be ≥ 0, not {count}")
    elif count != len(chiu):
        raise NotationError(
            f"chiu-count {count} disagrees with --chiu ({len(chiu)} kind(s)): every chíu lies "
            "on the mat, so name the chíu'd kinds with --chiu",
            token=str(count),
        )
    return _Opts(
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
    "bằng chíu ù (A4.4)"
)
_CHI_RONG = "ù chi rộng (lỗi 12): chờ Chi chi khi đã có từ 6 chắn trở lên (A4.3)"


def _verdict(ctx: WinContext, opts: _Opts, rules: Rules, *, chi_rong: bool = False) -> _Verdict:
    complete = ctx.is_win
    illegal: str | None = None
    if complete and opts.source == "discard" and not ctx.chiu_u:
        illegal = _DISCARD
    elif complete and chi_rong and rules.chi_rong == "forbid":
        illegal = _CHI_RONG
    if not complete or illegal is not None:
        return _Verdict(ctx, complete, False, illegal, [], None)
    hits, points = evaluate(ctx, rules)
    if points < rules.min_u_score:
        illegal = (
            f"ù thiếu điểm: {points} điểm, dưới mức tối thiểu {rules.min_u_score} của bàn "
            "(min_u_score; phạt như tám đỏ hai lèo)"
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


def check_hand(text: str, options: Mapping[str, object], rules: Rules) -> ChanCheckReport:
    """Check one Chắn hand; the JSON-ready report (see the module docstring).

    Keys: game, input, cards, mat, winning_card, complete, win, illegal, chan, ca, groups,
    que, distance, waits, wait_kind, chi_rong, wins_on (19 cards: the win on each wait),
    cuoc, score.
    """
    cards, winning = _parse_hand(text)
    everything = cards + ([winning] if winning is not None else [])
    check_copies(everything)
    opts = _build_opts(_options(options))
    listed = KINDS.counts(cards)
    mat_counts = _mat_counts(opts.mat)
    for k in range(NUM_KINDS):
        if mat_counts[k] > listed[k]:
            raise NotationError(
                f"the mat holds {mat_counts[k]} × {_code(k)} but the hand lists only "
                f"{listed[k]}: HAND must list the mat cards too",
                token=_code(k),
            )
    held = [a - b for a, b in zip(listed, mat_counts, strict=True)]
    if opts.thien_u and (opts.mat or winning is not None or len(cards) != 20):
        raise NotationError(
            "a thiên ù is the cái's 20 dealt cards: no '+', nothing on the mat", token="thien-u"
        )
    if opts.chiu_u:
        if winning is None:
            raise NotationError(
                "chiu-u needs the winning card: write the 19 cards, '+' and the chíu'd card"
                if len(cards) == 20
                else "chiu-u needs 19 cards + the winning card",
                token="chiu-u",
            )
        if held[winning] != 3:
            raise NotationError(
                f"chiu-u: a chíu of {_code(winning)} needs 3 × {_code(winning)} held, "
                f"the hand holds {held[winning]}",
                token=_code(winning),
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
        illegal = (
            "chờ chi rộng (lỗi 12 nếu ù): chờ Chi chi khi đã có từ 6 chắn trở lên (A4.3)"
            if chi_rong and rules.chi_rong == "forbid"
            else None
        )
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
