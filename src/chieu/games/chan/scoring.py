"""Chắn scoring: cước values, the score formula, xướng, settlement and the hội score sheet.

* Values (A5.2): ``(điểm, dịch)`` per cước, one immutable table per ``rules.cuoc_table``.
* Score (A5.3): điểm of the largest cước + (n_top − 1)·dịch(top) + Σ others n·dịch
  (``breakdown`` gives each cước's part).
* Xướng (A5.1): ``check_declaration`` compares what the winner announced with the truth.
* Settlement (A5.4): ``transfers`` turns a score and the faults into who pays whom,
  ``settle`` into payoffs that sum to 0.

What a hội carries from one deal to the next (bắt cái, thông) is ``setups.SITTING_POLICY``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import NamedTuple

from chieu.core.errors import ChieuError
from chieu.core.outcome import PatternHit
from chieu.core.patterns import Pattern
from chieu.core.patterns import evaluate as evaluate_patterns
from chieu.games.chan.patterns import ALL_CUOC, CUOC_NAMES, EXTRA_IDS, WinContext
from chieu.games.chan.patterns.basic import BachThu
from chieu.games.chan.patterns.stories import HoaRoiCuaPhat, _Story
from chieu.games.chan.rules import Rules


class CuocValue(NamedTuple):
    diem: int  # points when it is the largest cước
    dich: int  # points it adds next to a larger one


# -- value tables (A5.2) --------------------------------------------------------------------

_SD: dict[str, CuocValue] = {
    "xuong": CuocValue(2, 0),
    "thong": CuocValue(3, 1),
    "chi": CuocValue(3, 1),
    "thien_u": CuocValue(4, 1),
    "dia_u": CuocValue(4, 1),
    "chiu_u": CuocValue(4, 1),
    "u_bon": CuocValue(4, 1),
    "bach_thu": CuocValue(4, 1),
    "bach_thu_chi": CuocValue(6, 3),
    "thap_thanh": CuocValue(12, 9),
    "bach_dinh": CuocValue(7, 4),
    "tam_do": CuocValue(8, 5),
    "kinh_tu_chi": CuocValue(12, 9),
    "leo": CuocValue(5, 2),
    "tom": CuocValue(4, 1),
    "co_thien_khai": CuocValue(3, 1),
    "co_chiu": CuocValue(3, 1),
    "co_an_bon": CuocValue(3, 1),
    "pha_thien": CuocValue(12, 9),
    "hoa_roi_cua_phat": CuocValue(20, 17),
    "nha_lau_xe_hoi_hoa_roi_cua_phat": CuocValue(30, 27),
    "ca_loi_san_dinh": CuocValue(20, 17),
    "ngu_ong_bat_ca": CuocValue(30, 27),
    "ca_nhay_dau_thuyen": CuocValue(20, 17),
    "dong_tu_hai_hoa": CuocValue(20, 17),
    # Chùa đổ nát hoa: CCX gives no value; valued like the other picture cước [proposal].
    "chua_do_nat_hoa": CuocValue(20, 17),
}

# Only the values the doc's sources column gives differently; the rest falls back to SD.
_DIFFS: dict[str, dict[str, CuocValue]] = {
    "sd": {},
    "jsc": {
        "thien_u": CuocValue(3, 1),
        "dia_u": CuocValue(3, 1),
        "chiu_u": CuocValue(3, 1),
        "u_bon": CuocValue(3, 1),
    },
    "pyb": {
        "thien_u": CuocValue(3, 1),
        "dia_u": CuocValue(3, 1),
        "nha_lau_xe_hoi_hoa_roi_cua_phat": CuocValue(30, 0),
        "ngu_ong_bat_ca": CuocValue(30, 0),
    },
    "ldg": {
        "xuong": CuocValue(0, 1),
        "bach_thu_chi": CuocValue(4, 3),
        "co_thien_khai": CuocValue(5, 2),
        "co_chiu": CuocValue(5, 2),
        "co_an_bon": CuocValue(5, 2),
    },
}

VALUE_TABLES: Mapping[str, Mapping[str, CuocValue]] = MappingProxyType(
    {key: MappingProxyType({**_SD, **diff}) for key, diff in _DIFFS.items()}
)


def values_for(rules: Rules) -> Mapping[str, CuocValue]:
    return VALUE_TABLES[rules.cuoc_table]


# -- evaluation ----------------------------------------------------------------------------


@lru_cache(maxsize=32)
def _patterns(
    thien_u_bach_thu: bool, hoa_requires_bach_thu: bool
) -> tuple[Pattern[WinContext], ...]:
    out: list[Pattern[WinContext]] = []
    for p in ALL_CUOC:
        if isinstance(p, BachThu):
            out.append(BachThu(thien_u_six_chan=thien_u_bach_thu))
        elif isinstance(p, HoaRoiCuaPhat):
            out.append(HoaRoiCuaPhat(requires_bach_thu=hoa_requires_bach_thu))
        else:
            out.append(p)
    return tuple(out)


def patterns_for(rules: Rules) -> list[Pattern[WinContext]]:
    """The cước instances configured by ``rules`` (C16 variant, D-8 variant)."""
    return list(_patterns(rules.thien_u_bach_thu, rules.hoa_requires_bach_thu))


def enabled_ids(rules: Rules) -> frozenset[str]:
    """Every cước id in play: the standard ones plus ``rules.extra_cuoc``."""
    return frozenset(p.id for p in ALL_CUOC if p.id not in EXTRA_IDS) | set(rules.extra_cuoc)


def present_cuoc(ctx: WinContext, rules: Rules) -> dict[str, int]:
    """Every enabled cước present in ``ctx`` **before** subsumption (xuông excluded)."""
    enabled = enabled_ids(rules)
    out: dict[str, int] = {}
    for p in patterns_for(rules):
        if p.fallback or p.id not in enabled:
            continue
        n = p.count(ctx)
        if n > 0:
            out[p.id] = n
    return out


def evaluate(ctx: WinContext, rules: Rules) -> tuple[list[PatternHit], int]:
    """The cước of a win (after A5.3 subsumption) and its score. ``ctx`` must be a win."""
    if not ctx.is_win:
        raise ChieuError("not a winning hand: 20 cards in 10 pairs with ≥ 6 chắn are needed")
    hits = evaluate_patterns(patterns_for(rules), ctx, enabled_ids(rules) | {"xuong"})
    return hits, score(hits, rules)


# -- the score formula (A5.3) ---------------------------------------------------------------

_STACKING = frozenset({"thap_thanh", "bach_dinh", "tam_do", "kinh_tu_chi"})


def score(hits: Sequence[PatternHit], rules: Rules) -> int:
    """Points of a win from its cước (A5.3): the sum of ``breakdown``."""
    return sum(points for _, points in breakdown(hits, rules))


def breakdown(hits: Sequence[PatternHit], rules: Rules) -> list[tuple[PatternHit, int]]:
    """What each cước adds to the score (A5.3), the largest first.

    S = điểm(top) + (n_top − 1)·dịch(top) + Σ_{k≠top} n_k·dịch(k), where top has the highest
    điểm. When several share the highest điểm, the one with the lower dịch is taken as top,
    which gives the larger score (SD's ``getScoreU`` keeps the first; no table has such a tie
    with different dịch, so this only matters for custom tables).

    ``rules.thap_thanh_stacks`` (D-6, SD ``calculateScoreU``): with thập thành present, the
    full điểm of thập thành, bạch định, tám đỏ and kính tứ chi plus the dịch of the others.
    No hit at all scores 0.
    """
    table = values_for(rules)
    counted = [h for h in hits if h.count > 0]
    for h in counted:
        if h.id not in table:
            raise ChieuError(f"unknown cước id {h.id!r}")
    if not counted:
        return []
    if rules.thap_thanh_stacks and any(h.id == "thap_thanh" for h in counted):
        parts = [
            (h, h.count * (table[h.id].diem if h.id in _STACKING else table[h.id].dich))
            for h in counted
        ]
    else:
        top = max(counted, key=lambda h: (table[h.id].diem, -table[h.id].dich))
        parts = [(top, table[top.id].diem + (top.count - 1) * table[top.id].dich)]
        parts += [(h, h.count * table[h.id].dich) for h in counted if h is not top]
    return sorted(parts, key=lambda hp: -hp[1])


# -- xướng (A5.1) ---------------------------------------------------------------------------

_STORY_IDS = frozenset(p.id for p in ALL_CUOC if isinstance(p, _Story))  # the picture cước
#: Omitting these is a "missing cước" error under ``strict_xuong`` (SD).
_MUST_DECLARE = ("thien_u", "chiu_u", "bach_thu_chi", "u_bon")


@dataclass(frozen=True, slots=True)
class Declaration:
    """The verdict on a xướng.

    * ``correct``: no over-declared cước (and, under ``strict_xuong``, nothing required left
      out).
    * ``over``: cước declared but absent, or declared more times than present.
    * ``under``: cước present but not declared, or declared fewer times.
    * ``missing``: under ``strict_xuong``, the required cước left out (SD's missing list).
    * ``paid_score``: what the winner collects: the score of what he declared, when correct;
      0 when wrong.
    * ``declared_score``: the score of the declaration as stated; a wrong declarer pays it.
    """

    correct: bool
    over: list[str] = field(default_factory=list)
    under: list[str] = field(default_factory=list)
    paid_score: int = 0
    declared_score: int = 0
    missing: list[str] = field(default_factory=list)


def _truth(
    hits: Sequence[PatternHit], rules: Rules, present: Mapping[str, int] | None
) -> dict[str, int]:
    """What the hand really holds: the scored hits, plus ``present`` or, without it, the cước a
    picture cước subsumes (chì, bạch thủ: A5.1, SD ``updateMissingAndIncorrectCuocs``)."""
    truth = {h.id: h.count for h in hits if h.id != "xuong"}
    if present is not None:
        for i, n in present.items():
            truth[i] = max(truth.get(i, 0), n)
    elif any(i in truth for i in _STORY_IDS):
        truth.setdefault("chi", 1)
        truth.setdefault("bach_thu", 1)
    if not rules.strict_xuong and "bach_thu_chi" in truth:
        # Bạch thủ chi is a bạch thủ (seed 000): calling it "bạch thủ" is under-declaring.
        # Under strict_xuong (SD) it is wrong.
        truth.setdefault("bach_thu", 1)
    return truth


def _declared_hits(declared: Mapping[str, int]) -> list[PatternHit]:
    """The declaration as hits, with the same subsumption as the truth: a picture cước drops
    chì and bạch thủ, bạch thủ chi drops bạch thủ, and nothing at all is xuông."""
    hits = [PatternHit(i, CUOC_NAMES[i], n) for i, n in declared.items() if n > 0]
    ids = {h.id for h in hits}
    excluded = {"xuong"}
    if ids & _STORY_IDS:
        excluded |= {"chi", "bach_thu"}
    if "bach_thu_chi" in ids:
        excluded.add("bach_thu")
    hits = [h for h in hits if h.id not in excluded]
    return hits or [PatternHit("xuong", CUOC_NAMES["xuong"], 1)]


def check_declaration(
    declared: Mapping[str, int],
    true_hits: Sequence[PatternHit],
    rules: Rules,
    *,
    present: Mapping[str, int] | None = None,
) -> Declaration:
    """Judge a xướng against the true cước (A5.1; seed 001, seed 003).

    ``declared`` maps cước ids to the count announced ("đôi lèo" = ``{"leo": 2}``).
    ``true_hits`` are the scored cước (``evaluate``). ``present`` may give every cước present
    before subsumption (``present_cuoc``); without it, the cước subsumed by a picture cước
    (chì, bạch thủ) are taken as present.

    Choices:
    * Declaring nothing, or only "xuông", is a plain ù: correct, paid 2 (xuông). "Xuông" is
      never an over-declaration of a winning hand.
    * Under-declaring is correct and paid only for what was declared.
    * A picture cước with chì and bạch thủ declared too is paid as the picture cước alone;
      declaring chì + bạch thủ instead of the picture cước is correct and paid as such.
    * Declaring "bạch thủ" on a bạch thủ chi is under-declaring by default; it is wrong under
      ``strict_xuong`` (SD). ``strict_xuong`` also makes leaving out thiên ù, chíu ù, bạch thủ
      chi or ù bòn an error (``missing``).
    """
    for i, n in declared.items():
        if i not in CUOC_NAMES:
            raise ChieuError(f"unknown cước id {i!r}")
        if n < 0:
            raise ChieuError(f"cước {i!r} declared a negative number of times")
    truth = _truth(true_hits, rules, present)
    said = {i: n for i, n in declared.items() if n > 0 and i != "xuong"}
    over = [i for i, n in said.items() if n > truth.get(i, 0)]
    scored = {h.id: h.count for h in true_hits if h.id != "xuong"}
    under = [i for i, n in scored.items() if said.get(i, 0) < n]
    missing: list[str] = []
    if rules.strict_xuong:
        missing = [i for i in _MUST_DECLARE if said.get(i, 0) < scored.get(i, 0)]
    correct = not over and not missing
    declared_score = score(_declared_hits(said), rules)
    return Declaration(
        correct=correct,
        over=over,
        under=under,
        paid_score=declared_score if correct else 0,
        declared_score=declared_score,
        missing=missing,
    )


# -- settlement (A5.4) ----------------------------------------------------------------------


def settle(
    n_players: int,
    *,
    winner: int | None,
    score: int,
    declaration_wrong_score: int | None = None,
    bao: Sequence[int] = (),
    nat: bool = False,
    penalty_12: Sequence[int] = (),
    stake: int = 1,
) -> list[int]:
    """Payoffs per seat (they sum to 0) for one game (A5.4, seed 001): the net of
    ``transfers`` with the same arguments."""
    paid = transfers(
        n_players,
        winner=winner,
        score=score,
        declaration_wrong_score=declaration_wrong_score,
        bao=bao,
        nat=nat,
        penalty_12=penalty_12,
        stake=stake,
    )
    return net(n_players, paid)


def net(n_players: int, paid: Sequence[tuple[int, int, int]]) -> list[int]:
    """Payoffs per seat from ``(payer, payee, amount)`` transfers."""
    pay = [0] * n_players
    for src, dst, amount in paid:
        pay[src] -= amount
        pay[dst] += amount
    return pay


def transfers(
    n_players: int,
    *,
    winner: int | None,
    score: int,
    declaration_wrong_score: int | None = None,
    bao: Sequence[int] = (),
    nat: bool = False,
    penalty_12: Sequence[int] = (),
    stake: int = 1,
) -> list[tuple[int, int, int]]:
    """Who pays whom for one game, as ``(payer, payee, amount)`` (A5.4, seed 001).

    * Ordinary win: every other seat pays ``score × stake`` to the winner.
    * Báo (``bao``, in the order reported): each báo'd player pays his own share, and the
      first báo'd player also pays the innocent losers' shares (*đền làng*); innocent losers
      pay nothing. In a hòa (``winner`` None) báo costs nothing.
    * ``nat`` (the winner is *nghỉ ăn tiền*: treo tranh, trái vỉ): he collects nothing, so
      nobody pays for the win.
    * ``penalty_12`` (faults 10–13, "đền tám đỏ hai lèo"): each offender pays ``12 × stake`` to
      every other player (the amount is seed 001's; the recipients are a proposal).
    * Xướng sai (``declaration_wrong_score`` given): the winner receives nothing and pays every
      innocent player (neither him nor báo'd) the declared score. The first báo'd player still
      pays every innocent player by the real ``score`` (seed 001: "Người bị báo đền theo bài ù
      còn người xướng sai đền theo cước xướng"); the other báo'd players, whose shares would
      have gone to the winner, pay nothing more.
    """
    if n_players < 2:
        raise ChieuError("a game needs at least 2 players")
    seats = range(n_players)
    if winner is not None and winner not in seats:
        raise ChieuError(f"winner seat {winner} is out of range")
    for seat in (*bao, *penalty_12):
        if seat not in seats:
            raise ChieuError(f"seat {seat} is out of range")
    if len(set(bao)) != len(bao):
        raise ChieuError("a seat is báo'd twice")
    if winner is not None and winner in bao:
        raise ChieuError("a báo'd player cannot win")
    if score < 0 or stake < 1:
        raise ChieuError("score must be ≥ 0 and stake ≥ 1")
    paid: list[tuple[int, int, int]] = [
        (offender, other, 12 * stake)
        for offender in penalty_12
        for other in seats
        if other != offender
    ]
    if winner is None:
        return paid
    innocent = [s for s in seats if s != winner and s not in bao]
    if declaration_wrong_score is not None:
        for s in innocent:
            paid.append((winner, s, declaration_wrong_score * stake))
            if bao:
                paid.append((bao[0], s, score * stake))
        return paid
    if nat:
        return paid
    unit = score * stake
    paid += [(s, winner, unit) for s in bao]
    if bao:
        paid.append((bao[0], winner, unit * len(innocent)))
    else:
        paid += [(s, winner, unit) for s in innocent]
    return paid
