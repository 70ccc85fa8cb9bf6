"""Tổ tôm scoring (B5, B6): the cước of a win, its score, calls (hô), the post-win check and
the payoffs with their boats and glasses. (The hội tally is ``setups.SITTING_POLICY``.)"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, TypedDict

from chieu.core.outcome import Fault, PatternHit
from chieu.core.patterns import evaluate
from chieu.games.totom.cards import KINDS
from chieu.games.totom.faults import (
    CHEO_DO,
    DEO_KINH,
    KHE_KHAN,
    TREO_TRANH,
    CheckRow,
    fault_check,
)
from chieu.games.totom.partition import Partition
from chieu.games.totom.patterns import ALL_CUOC, CUOC_NAMES, VALUES, WinContext
from chieu.games.totom.rules import Rules

if TYPE_CHECKING:
    from chieu.games.totom.setups import CarriedSetup

BASE = 2


class CuocJson(TypedDict):
    """One cước of a win as the checker reports it, with its value."""

    id: str
    name: str
    count: int
    value: int


def cuoc_of(ctx: WinContext) -> list[PatternHit]:
    """Every cước of the win (ù suông when there is none)."""
    return evaluate(ALL_CUOC, ctx)


def score_of(hits: list[PatternHit] | Mapping[str, int], rules: Rules) -> int:
    """B5.1: u × (2 + Σ extras); ``hits`` as pattern hits or ``{cước id: count}``."""
    counts = hits if isinstance(hits, Mapping) else {h.id: h.count for h in hits}
    return rules.unit * (BASE + sum(VALUES[c] * n for c, n in counts.items()))


def over_calls(called: Mapping[str, int], hits: list[PatternHit]) -> list[str]:
    """The called cước not held that many times (ù nhỏ hô to, B5.2)."""
    true = {h.id: h.count for h in hits}
    return [c for c, n in called.items() if n > true.get(c, 0) and c != "u_suong"]


def called_score(called: Mapping[str, int], rules: Rules) -> int:
    """Under-calling scores only what was called (B5.2 proposal)."""
    return score_of({c: n for c, n in called.items() if c in VALUES}, rules)


def hits_json(hits: list[PatternHit]) -> list[CuocJson]:
    return [
        {"id": h.id, "name": CUOC_NAMES.get(h.id, h.name), "count": h.count, "value": VALUES[h.id]}
        for h in hits
    ]


def thieu_lung_checks(msg: str) -> list[CheckRow]:
    """The check of an ù with every card in phu but too few lưng."""
    return [
        {"check": "card_count", "ok": True, "detail": "21 cards"},
        {"check": "all_in_phu", "ok": True, "detail": "every card is in a phu"},
        {"check": "lung", "ok": False, "detail": msg},
    ]


def win_checks(
    part: Partition,
    rules: Rules,
    faults: Sequence[Fault],
    seat: int,
    missed: Sequence[int],
    over: Sequence[str],
) -> list[CheckRow]:
    """The post-win check (*tả hữu biên hành sự*, B6): card count, phu, lưng, khàn turned
    up, copies laid down, bỏ ù and the calls, each with ``ok`` and a detail."""
    lung = f"{part.lung} lưng (need {rules.min_lung})"
    let_go = "let go a win on " + " ".join(KINDS.codes[k] for k in missed)
    return [
        {"check": "card_count", "ok": True, "detail": "21 cards"},
        {"check": "all_in_phu", "ok": True, "detail": "every card is in a phu"},
        {"check": "lung", "ok": True, "detail": lung},
        fault_check(faults, seat, "khan_up", KHE_KHAN, "every khàn turned up, cups returned"),
        fault_check(faults, seat, "lay_down", TREO_TRANH, "every eat laid its identical cards"),
        {
            "check": "bo_u",
            "ok": not missed,
            "detail": let_go if missed else "no earlier win let go",
        },
        {
            "check": "calls",
            "ok": not over,
            "detail": "called more than held: " + ", ".join(over)
            if over
            else "the calls match the hand",
        },
    ]


def boat_charges(faults: Sequence[Fault], pay: list[float], rules: Rules) -> list[float]:
    """``pay`` with every chèo đò of the game charged: 2u from its offender to each other."""
    n = len(pay)
    u = 2 * rules.unit
    for f in faults:
        if f.penalty == CHEO_DO:
            for s in range(n):
                pay[s] += -float(u * (n - 1)) if s == f.seat else float(u)
    return pay


def marks(
    setup: CarriedSetup, faults: Sequence[Fault], winner: int | None, penalty: str | None
) -> dict[str, list[int]]:
    """The boats and glasses after the game: the hội's and every offender's; a clean win of a
    boat's owner pays it back (trả đò)."""
    boats = set(setup["boats"])
    glasses = set(setup["glasses"])
    for f in faults:
        if f.penalty == CHEO_DO:
            boats.add(f.seat)
        elif f.penalty == DEO_KINH:
            glasses.add(f.seat)
    if winner is not None and penalty is None:
        boats.discard(winner)  # trả đò paid
    if penalty == DEO_KINH and winner is not None:
        glasses.add(winner)
    return {"boats": sorted(boats), "glasses": sorted(glasses)}
