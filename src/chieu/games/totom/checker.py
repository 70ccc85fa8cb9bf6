"""The Tổ tôm hand checker behind ``chieu check totom``: text in, a JSON-ready dict out.

The HAND text lists the player's cards:

* 20 cards: the waits (B4.3), each with its best partition, cước and score;
* 21 cards (the last one written is the winning card) or 20 cards ``+`` the winning card: the
  win: ``win``, ``groups`` (the best partition), ``lung``, ``cuoc``, ``score``.

Four identical cards among the 20 are one group, never split, as in the game: a dealt four is
a thiên khai (B2.4), and a fourth card met by a khàn turns it up (dậy khàn) into one group, so a
player can hold four of a kind no other way. An identical triple may be counted as a dealt
khàn (a lưng) or split, whichever partition is best (it may be a khàn bất thực, or cards from
the mat; B7 TT8 splits three 8S); one completed by the winning card is a phỗng triple (B4.1),
or dậy khàn when three were held. Options (``CHECK_OPTIONS``) give the context: thông, where the
winning card came from, the calls made (*hô*) and the lưng reading. Bad text raises
``NotationError`` naming the token or the count (22 cards, a fifth copy...), in English and in
Vietnamese (its ``vi``); the report's sentences (``illegal``) are in ``check_hand``'s ``lang``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import NotRequired, TypedDict

from chieu.core.checking import CheckOption, read_cards
from chieu.core.errors import ChieuError, NotationError
from chieu.core.notation import Lang, pick
from chieu.games.totom import analysis
from chieu.games.totom.cards import KINDS, NUM_KINDS, check_copies, parse_cards
from chieu.games.totom.notation import card_error
from chieu.games.totom.partition import Partition, check_win
from chieu.games.totom.patterns import CALLABLE, CUOC_NAMES, WinContext
from chieu.games.totom.phu import QUAD, Phu, PhuJson
from chieu.games.totom.rules import LUNG_READINGS, Rules
from chieu.games.totom.scoring import (
    CuocJson,
    called_score,
    cuoc_of,
    hits_json,
    over_calls,
    score_of,
)

SOURCES = ("nocc", "self", "discard")

CHECK_OPTIONS: list[CheckOption] = [
    CheckOption(
        "thong",
        bool,
        "người ù cũng ù ván trước (thông)",
        "the winner also won the previous game (thông)",
        False,
    ),
    CheckOption(
        "source",
        str,
        "quân ù từ đâu đến: nocc (quân nọc lật lên, ai xin cũng vậy), self (cũng thế: chính "
        "người ù xin), discard (quân một người đánh ra)",
        "where the winning card came from: nocc (turned up from the nọc, by anyone), self "
        "(the same: drawn by the winner), discard (played by a player)",
        "nocc",
        SOURCES,
    ),
    CheckOption(
        "call",
        str,
        'các cước người ù hô, cách nhau bằng dấu phẩy, ví dụ "có lèo" hoặc "chi_nay, co_leo"; '
        "để trống: máy hô đúng cước của bài",
        'the cước the winner called (hô), comma-separated, e.g. "có lèo" or '
        '"chi_nay, co_leo"; empty: the engine calls the true cước',
        "",
    ),
    CheckOption(
        "lung",
        str,
        "cách đọc lưng (B4.3): ra (mặc định: phu bí và yêu lẻ đều tính, ≥ 3), r0 (chỉ lưng "
        "có tên, ≥ 3), rc (lưng có tên và yêu lẻ, ≥ 2)",
        "the lưng reading (B4.3): ra (default: phu bí and lone yêu count, ≥ 3), r0 (the "
        "named lưng only, ≥ 3), rc (named + lone yêu, ≥ 2)",
        "",
        LUNG_READINGS,
    ),
]
_BY_NAME = {o.name: o for o in CHECK_OPTIONS}


def _code(kind: int) -> str:
    return KINDS.codes[kind]


def _ident(text: str) -> str:
    t = unicodedata.normalize("NFD", text.strip().lower().replace("đ", "d"))
    t = "".join(ch for ch in t if unicodedata.category(ch) != "Mn")
    return "_".join(t.replace("-", " ").replace("_", " ").split())


_CALL_ALIASES = {_ident(name): cid for cid, name in CUOC_NAMES.items()}
_CALL_ALIASES.update({cid: cid for cid in CUOC_NAMES})
_CALL_ALIASES.update(
    {"tom": "co_tom", "leo": "co_leo", "thap_hong": "thap_dieu", "xuyen": "xuyen_5_gian"}
)
_CALL_ALIASES.update({"ong_lao": "kinh_cu", "ong_cu": "kinh_cu", "u": "u_suong"})


def parse_calls(text: str) -> dict[str, int]:
    """``"chi nẩy, có lèo"`` -> ``{"chi_nay": 1, "co_leo": 1}`` (ChieuError on a bad name)."""
    out: dict[str, int] = {}
    for raw in text.replace(";", ",").replace("+", ",").split(","):
        if not raw.strip():
            continue
        cid = _CALL_ALIASES.get(_ident(raw))
        if cid is None:
            known = ", ".join(CUOC_NAMES[c] for c in CALLABLE)
            raise NotationError(
                f"unknown call {raw.strip()!r}; known: {known}",
                token=raw,
                vi=f"không có cước {raw.strip()!r} để hô; các cước: {known}",
            )
        if cid != "u_suong":
            out[cid] = out.get(cid, 0) + 1
    return out


class CheckFault(TypedDict):
    """A fault the declared ù would commit."""

    id: str
    name: str
    penalty: str


class WinVerdict(TypedDict):
    """``judge_win``: the verdict on a win (``wait_count`` once it is a win in shape and
    lưng, ``called`` when calls were given)."""

    complete: bool
    win: bool
    illegal: str | None
    groups: list[PhuJson]
    lung: int | None
    cuoc: list[CuocJson]
    score: int | None
    true_score: int | None
    faults: list[CheckFault]
    wait_count: NotRequired[int]
    called: NotRequired[dict[str, int]]


class WaitJson(TypedDict):
    """The win on one wait of a 20-card hand."""

    card: str
    groups: list[PhuJson]
    lung: int | None
    cuoc: list[CuocJson]
    score: int | None


class TotomCheckReport(TypedDict):
    """``check_hand``'s report: the hand, then its waits (20 cards: ``thanh`` whether it
    is already in phu) or the verdict on its win (``WinVerdict``'s keys)."""

    game: str
    input: str
    cards: list[str]
    winning_card: str | None
    lung_reading: str
    waits: list[WaitJson]
    thanh: NotRequired[bool]
    complete: bool
    win: bool
    illegal: str | None
    groups: list[PhuJson]
    lung: int | None
    cuoc: list[CuocJson]
    score: int | None
    true_score: NotRequired[int | None]
    faults: NotRequired[list[CheckFault]]
    wait_count: NotRequired[int]
    called: NotRequired[dict[str, int]]


def _options(options: Mapping[str, object]) -> dict[str, object]:
    values: dict[str, object] = {o.name: o.default for o in CHECK_OPTIONS}
    for raw, value in options.items():
        name = raw.replace("_", "-")
        opt = _BY_NAME.get(name)
        if opt is None:
            known = ", ".join(sorted(_BY_NAME))
            raise ChieuError(
                f"unknown Tổ tôm check option {raw!r}; known: {known}",
                vi=f"Tổ tôm không có tuỳ chọn kiểm tra {raw!r}; các tuỳ chọn: {known}",
            )
        if value is None:
            continue
        if opt.kind is bool and not isinstance(value, bool):
            raise ChieuError(
                f"option {name} must be true or false, not {value!r}",
                vi=f"tuỳ chọn {name} phải là true hoặc false, không phải {value!r}",
            )
        if opt.kind is str and not isinstance(value, str):
            raise ChieuError(
                f"option {name} must be text, not {value!r}",
                vi=f"tuỳ chọn {name} phải là chữ, không phải {value!r}",
            )
        if opt.choices and value not in opt.choices:
            if name == "lung" and value == "":
                continue
            choices = ", ".join(opt.choices)
            raise ChieuError(
                f"option {name}={value!r}: choose one of {choices}",
                vi=f"tuỳ chọn {name}={value!r}: chọn một trong {choices}",
            )
        values[name] = value
    return values


def _cards(text: str) -> list[int]:
    """``parse_cards``, its errors in Vietnamese too (``card_error``, as ``chieu play`` says)."""
    return read_cards(parse_cards, text, lambda t, e: card_error(t, e, "vi"))


def _parse_hand(text: str) -> tuple[list[int], int | None]:
    parts = text.split("+")
    if len(parts) > 2:
        raise NotationError(
            "more than one '+': write the 20 cards, then '+' and the one winning card",
            token="+",
            vi="có hơn một dấu '+': viết 20 quân, rồi '+' và một quân ù",
        )
    cards = _cards(parts[0])
    if len(parts) == 2:
        after = _cards(parts[1])
        if len(after) != 1:
            raise NotationError(
                f"'+' must be followed by exactly one card (the winning card), not {len(after)}",
                token="+",
                vi=f"sau '+' phải có đúng một quân (quân ù), ở đây có {len(after)}",
            )
        if len(cards) != 20:
            raise NotationError(
                f"before '+' a Tổ tôm hand lists 20 cards; got {len(cards)} cards",
                token="+",
                vi=f"trước '+' bài Tổ tôm phải có 20 quân; ở đây có {len(cards)} quân",
            )
        return cards, after[0]
    if len(cards) == 21:
        return cards[:20], cards[20]
    if len(cards) != 20:
        raise NotationError(
            "a Tổ tôm hand lists 20 cards (waits), 21 cards (a win: the last card is the "
            f"winning card) or 20 cards + the winning card; got {len(cards)} cards",
            token=str(len(cards)),
            vi="bài Tổ tôm ghi 20 quân (xem chờ gì), 21 quân (xem ù chưa: quân cuối là quân ù) "
            f"hoặc 20 quân + quân ù; ở đây có {len(cards)} quân",
        )
    return cards, None


def _partition_json(part: Partition) -> list[PhuJson]:
    return part.to_json()


def dealt_groups(hand20: Sequence[int]) -> tuple[list[int], list[Phu]]:
    """``(free, fixed)``: every kind held four times is one group (a thiên khai, B2.4) that no
    partition may break; ``free`` is the rest of the held cards."""
    free = list(hand20)
    fixed: list[Phu] = []
    for k, n in enumerate(hand20):
        if n == 4:
            fixed.append(QUAD[k])
            free[k] = 0
    return free, fixed


def wait_kinds(hand20: list[int], rules: Rules) -> list[int]:
    """The kinds the 20 held cards win on, a held four kept whole (as the game)."""
    free, fixed = dealt_groups(hand20)
    if not fixed:
        return sorted(analysis.waits(hand20, rules))
    return [
        x
        for x in range(NUM_KINDS)
        if hand20[x] < 4 and analysis.win_on(free, x, rules, fixed=fixed).win
    ]


def judge_win(
    hand20: list[int],
    card: int,
    rules: Rules,
    *,
    thong: bool = False,
    from_nocc: bool = True,
    calls: Mapping[str, int] | None = None,
    lang: Lang = "vi",
) -> WinVerdict:
    """The verdict on the 20 held cards won on ``card`` (the checker's and tests' core); a
    held four is kept whole (``dealt_groups``); ``illegal`` in ``lang``."""
    counts = list(hand20)
    counts[card] += 1
    free, fixed = dealt_groups(hand20)
    if fixed:
        verdict = analysis.win_on(free, card, rules, fixed=fixed)
    else:
        verdict = check_win(counts, card, rules)
    out: WinVerdict = {
        "complete": verdict.complete,
        "win": verdict.win,
        "illegal": None,
        "groups": [],
        "lung": None,
        "cuoc": [],
        "score": None,
        "true_score": None,
        "faults": [],
    }
    if verdict.best is None:
        if verdict.shape is not None:
            part = verdict.shape
            out["groups"], out["lung"] = _partition_json(part), part.lung
            out["illegal"] = pick(
                (
                    f"thiếu lưng: {part.lung} lưng, cần {rules.min_lung} (ù thì phải chèo đò)",
                    f"thiếu lưng: {part.lung} lưng, {rules.min_lung} needed "
                    "(declaring ù → chèo đò)",
                ),
                lang,
            )
            out["faults"] = [{"id": "thieu_lung", "name": "Thiếu lưng", "penalty": "cheo_do"}]
        else:
            out["illegal"] = pick(
                (
                    "bất thành phu: có quân không vào phu nào (ù thì phải chèo đò)",
                    "bất thành phu: some card fits no phu (declaring ù → chèo đò)",
                ),
                lang,
            )
            out["faults"] = [{"id": "bat_thanh_phu", "name": "Bất thành phu", "penalty": "cheo_do"}]
        return out
    part = verdict.best
    wait_count = len(wait_kinds(hand20, rules))
    ctx = WinContext(tuple(counts), part, card, from_nocc, wait_count, thong)
    hits = cuoc_of(ctx)
    true_score = score_of(hits, rules)
    out["groups"] = _partition_json(part)
    out["lung"] = part.lung
    out["cuoc"] = hits_json(hits)
    out["true_score"] = true_score
    out["score"] = true_score
    out["wait_count"] = wait_count
    if calls is not None:
        over = over_calls(calls, hits)
        out["called"] = dict(calls)
        if over:
            held = {h.id: h.count for h in hits}
            has = pick(("bài có", "the hand has"), lang)
            names = ", ".join(
                f"{CUOC_NAMES[c]} ×{calls[c]} ({has} {held.get(c, 0)})"
                if calls[c] > 1 or held.get(c, 0)
                else CUOC_NAMES[c]
                for c in over
            )
            out["illegal"] = pick(
                (
                    f"ù nhỏ hô to: hô {names}, nhiều hơn bài có (chèo đò)",
                    f"ù nhỏ hô to: called {names}, more than the hand holds (chèo đò)",
                ),
                lang,
            )
            out["faults"] = [{"id": "u_nho_ho_to", "name": "Ù nhỏ hô to", "penalty": "cheo_do"}]
            out["win"] = False
            out["score"] = 0
        else:
            out["score"] = called_score(calls, rules)
    return out


def check_hand(
    text: str, options: Mapping[str, object], rules: Rules, lang: Lang = "vi"
) -> TotomCheckReport:
    """Check one Tổ tôm hand; the JSON-ready report (see the module docstring), its
    sentences (``illegal``) in ``lang``.

    Keys: game, input, cards, winning_card, lung_reading, waits (20 cards: a list of
    ``{card, groups, lung, cuoc, score}``), complete, win, illegal, groups, lung, cuoc, score,
    true_score, called, faults.
    """
    values = _options(options)
    lung = values["lung"]
    if lung:
        rules = rules.with_(lung_reading=lung)
    cards, winning = _parse_hand(text)
    everything = cards + ([winning] if winning is not None else [])
    check_copies(everything)
    calls = parse_calls(str(values["call"])) if str(values["call"]).strip(" ,;+") else None
    hand = KINDS.counts(cards)
    head_cards = [_code(k) for k in sorted(everything)]
    thong = bool(values["thong"])
    from_nocc = values["source"] != "discard"
    if winning is None:
        listed: list[WaitJson] = []
        for x in wait_kinds(hand, rules):
            v = judge_win(hand, x, rules, thong=thong, from_nocc=from_nocc, lang=lang)
            listed.append(
                {
                    "card": _code(x),
                    "groups": v["groups"],
                    "lung": v["lung"],
                    "cuoc": v["cuoc"],
                    "score": v["score"],
                }
            )
        free, fixed = dealt_groups(hand)
        complete = check_win(free, None, rules, fixed=fixed)
        return {
            "game": "totom",
            "input": text,
            "cards": head_cards,
            "winning_card": None,
            "lung_reading": rules.lung_reading,
            "waits": listed,
            "thanh": complete.best is not None,
            "complete": False,
            "win": False,
            "illegal": None,
            "groups": complete.best.to_json() if complete.best else [],
            "lung": complete.best.lung if complete.best else None,
            "cuoc": [],
            "score": None,
        }
    v = judge_win(hand, winning, rules, thong=thong, from_nocc=from_nocc, calls=calls, lang=lang)
    report: TotomCheckReport = {
        "game": "totom",
        "input": text,
        "cards": head_cards,
        "winning_card": _code(winning),
        "lung_reading": rules.lung_reading,
        "waits": [],
        "complete": v["complete"],
        "win": v["win"],
        "illegal": v["illegal"],
        "groups": v["groups"],
        "lung": v["lung"],
        "cuoc": v["cuoc"],
        "score": v["score"],
        "true_score": v["true_score"],
        "faults": v["faults"],
    }
    if "wait_count" in v:
        report["wait_count"] = v["wait_count"]
    if "called" in v:
        report["called"] = v["called"]
    return report


__all__ = [
    "CHECK_OPTIONS",
    "NUM_KINDS",
    "check_hand",
    "dealt_groups",
    "judge_win",
    "parse_calls",
    "wait_kinds",
]
