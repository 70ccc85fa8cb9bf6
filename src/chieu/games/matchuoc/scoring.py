"""Settlement of a win (B.7): every reading of the tiles, the best named hand plus the additive
bonuses, the best total; phán -> mủn; who pays what (B.7.5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from chieu.games.matchuoc.analysis import (
    Group,
    decompositions,
    is_seven_pairs,
    is_thirteen_orphans,
)
from chieu.games.matchuoc.cards import (
    HO,
    KHUNG0,
    NUM_BASIC,
    ORPHANS_SET,
    TG,
    is_flower,
)
from chieu.games.matchuoc.patterns import BONUSES, MUN, NAMED, Reading, WinFacts
from chieu.games.matchuoc.patterns.bonus import BLESSINGS
from chieu.games.matchuoc.rules import Rules


@dataclass(frozen=True)
class Line:
    id: str
    name: str
    phan: int

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "phan": self.phan}


@dataclass
class Score:
    phan: int
    lines: list[Line]
    groups: list[Group] = field(default_factory=list)
    special: str = ""

    @property
    def mun(self) -> int:
        return self.phan // MUN

    def to_json(self) -> dict[str, Any]:
        return {"phan": self.phan, "mun": self.mun, "patterns": [ln.to_json() for ln in self.lines]}


def _tiles(groups: Sequence[Group]) -> tuple[int, ...]:
    out: list[int] = []
    for g in groups:
        out.extend(g.tiles)
    return tuple(out)


def readings(concealed: Sequence[int], exposed: Sequence[Group], facts: WinFacts) -> list[Reading]:
    """Every reading of the winning hand: the concealed 58-count vector (winning tile included)
    and the exposed phu."""
    c = list(concealed)
    if facts.flower_win:
        for k in range(len(c)):
            if (is_flower(k) or k == HO) and c[k]:
                c[k] -= 1
                c[TG] += 1
                break
    out: list[Reading] = []
    for d in decompositions(c):
        groups = [*exposed, *d]
        uses = any(g.uses_khung for g in groups)
        out.append(Reading(groups, facts, _tiles(groups), uses))
    if not exposed:
        if is_thirteen_orphans(c):
            reals = [k for k in range(NUM_BASIC) for _ in range(c[k])]
            wild = sum(c[KHUNG0:])
            # khung stand for the missing orphans (their exact faces do not change the value)
            missing = [k for k in sorted(ORPHANS_SET) if not c[k]]
            tiles = tuple(reals + missing[:wild] + [reals[0]] * max(0, wild - len(missing)))
            out.append(Reading([], facts, tiles, wild > 0, "thirteen_orphans"))
        rules = facts.rules
        if (
            rules.seven_pairs
            and is_seven_pairs(c)
            and (facts.self_draw or not rules.seven_pairs_self_draw_only)
        ):
            reals = [k for k in range(NUM_BASIC) for _ in range(c[k])]
            out.append(Reading([], facts, tuple(reals), False, "seven_pairs"))
    return out


def score_reading(r: Reading) -> tuple[int, list[Line]]:
    best: tuple[int, str, str] | None = None
    for n in NAMED:
        v = n.value(r)
        if v is not None and (best is None or v > best[0]):
            best = (v, n.id, n.name)
    if best is None:
        return -1, []
    rules = r.facts.rules
    blessed = rules.blessings == "fixed" and (r.facts.thien or r.facts.dia or r.facts.nhan)
    named_value = 0 if blessed else best[0]
    lines = [Line(best[1], best[2], named_value)]
    for b in BONUSES:
        if blessed and b.id not in BLESSINGS and b.id != "phan_coong":
            continue
        v = b.value(r, best[1])
        if v:
            lines.append(Line(b.id, b.name, v))
    return sum(ln.phan for ln in lines), lines


def evaluate(concealed: Sequence[int], exposed: Sequence[Group], facts: WinFacts) -> Score | None:
    """The best score of a win, or None when the tiles do not win."""
    if facts.phong_hoa:
        return Score(MUN, [Line("phong_hoa", "Phóng hoa", MUN)])
    best: Score | None = None
    for r in readings(concealed, exposed, facts):
        total, lines = score_reading(r)
        if total < 0:
            continue
        if best is None or total > best.phan:
            best = Score(total, lines, list(r.groups), r.special)
    return best


# -- payments --------------------------------------------------------------------------------


def shares(phan: int, rules: Rules) -> tuple[int, int]:
    """(cái, con): the big and the small share for ``phan`` (B.7.5), bonuses not included."""
    table = rules.payment_table
    if phan <= 0:
        return (2, 1) if table == "seed_addendum_shifted" else (1, 1)
    if phan < MUN:
        if table == "seed_addendum_shifted":
            return 2 ** (phan + 1), 2**phan
        if table == "round" and phan == 5:
            return 30, 15
        return 2**phan, 2 ** (phan - 1)
    m, r = divmod(phan, MUN)
    if rules.leftover_phan == "ignore":
        r = 0
    if table == "seed_addendum_shifted":
        return 128 * m + 4 * r, 64 * m + 2 * r
    if table == "round":
        return 60 * m + 2 * r, 30 * m + r
    return 64 * m + 2 * r, 32 * m + r


def payments(
    phan: int,
    winner: int,
    rules: Rules,
    *,
    discarder: int | None = None,
    den: bool = False,
    coong: bool = False,
    players: int = 4,
) -> list[int]:
    """What each seat pays the winner (the winner's entry is minus the total).

    Self-draw (``discarder`` None): everyone pays cái. On a discard: the discarder pays cái and
    the others con (0 phán: everyone 1). ``den``: the discarder alone pays cái + 2 con. Flat
    bonuses (+coong, +mủn) are added per payer before đền adds the shares up.
    """
    cai, con = shares(phan, rules)
    bonus = (rules.coong_bonus_points if coong else 0) + (
        rules.mun_bonus_points if phan >= MUN else 0
    )
    pay = [0] * players
    others = [s for s in range(players) if s != winner]
    for s in others:
        if discarder is None or s == discarder:
            pay[s] = cai + bonus
        else:
            pay[s] = con + bonus
    if discarder is not None and den:
        total = sum(pay)
        pay = [0] * players
        pay[discarder] = total
    pay[winner] = -sum(pay)
    return pay
