"""Chắn's result in words (the kit's ``results``).

``outcome_lines`` breaks the end of a game down: who won on which card and from whom, each
cước with its points, the winning hand, the xướng; or why nobody collects (a void win, a win
below the minimum, a false ù, a hòa); then every fault with its penalty and who paid whom.
The viewer is named ``Bạn`` (``You``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from chieu.core.events import Event
from chieu.core.notation import Lang, pick, seat_name
from chieu.core.outcome import Termination
from chieu.games.chan import analysis as an
from chieu.games.chan import scoring
from chieu.games.chan.notation import PENALTY_WORDS, cuoc_terms, group_codes, named_card
from chieu.games.chan.patterns import CUOC_NAMES

if TYPE_CHECKING:
    from chieu.games.chan.state import ChanState

#: the faults of a claimed ù that stop the game
FALSE_U = frozenset({"u_lao", "u_chi_rong", "bo_u"})


def _exposer(state: ChanState, end: int) -> Event | None:
    """The public move that exposed the card a claim before ``end`` was made on."""
    for e in state.events[end - 1 :: -1]:
        if e.type != "action" or e.visible_to is not None:
            continue
        if e.data["action"]["verb"] in ("discard", "draw", "return"):
            return e
    return None


def _whence(state: ChanState, end: int, winner: int, viewer: int | None, lang: Lang) -> str:
    """``quân Người 4 bốc ở nọc`` / ``tự bốc ở nọc`` / ``quân Người 3 đánh ra``..."""
    e = _exposer(state, end)
    if e is None or e.actor is None:
        return ""
    verb = e.data["action"]["verb"]
    if verb == "draw" and e.actor == winner:
        return pick(("tự bốc ở nọc", "drawn by the winner"), lang)
    who = seat_name(e.actor, viewer, lang)
    words = {
        "draw": (f"quân {who} bốc ở nọc", f"drawn by {who}"),
        "discard": (f"quân {who} đánh ra", f"discarded by {who}"),
        "return": (f"quân {who} trả cửa", f"returned by {who}"),
    }[verb]
    return pick(words, lang)


def _groups_text(
    hand: Sequence[int], mat: Sequence[tuple[tuple[int, ...], str]], lang: Lang
) -> str:
    """``2V2V 3S3W … · chiếu: 6S6S, CC CC CC CC``."""
    held = ", ".join(group_codes(g) for g in an.grouping(hand).groups)
    if not mat:
        return held
    return held + pick((" · chiếu: ", " · mat: "), lang) + ", ".join(group_codes(g) for g, _ in mat)


def _cuoc_line(state: ChanState, lang: Lang) -> str:
    """``Cước: Bạch thủ 4 + Chì 1 = 5 điểm``."""
    terms = cuoc_terms(state.hits, state.rules)
    score = state.true_score
    line = pick((f"Cước: {terms} = {score} điểm", f"Cước: {terms} = {score} points"), lang)
    if state.rules.stake > 1:
        line += pick((f", × {state.rules.stake} mỗi điểm", f", × {state.rules.stake} each"), lang)
    return line


def _xuong_line(state: ChanState, winner: str, lang: Lang) -> str:
    decl = scoring.check_declaration(state.announced, state.hits, state.rules)
    said = ", ".join(
        CUOC_NAMES.get(c, c) + (f" ×{n}" if n > 1 else "") for c, n in state.announced.items()
    ) or pick(("không xướng cước nào (ù suông)", "nothing (a plain ù)"), lang)
    if decl.correct:
        return pick(
            (
                f"Xướng: {said} — đúng, được tính {decl.paid_score} điểm",
                f"Announced: {said} — correct, paid {decl.paid_score} points",
            ),
            lang,
        )
    over = ", ".join(CUOC_NAMES.get(c, c) for c in (*decl.over, *decl.missing))
    return pick(
        (
            f"Xướng: {said} — sai ({over}): {winner} không được gì và đền "
            f"{decl.declared_score} điểm cho mỗi người",
            f"Announced: {said} — wrong ({over}): {winner} collects nothing and pays "
            f"{decl.declared_score} to each",
        ),
        lang,
    )


def _no_winner_lines(state: ChanState, viewer: int | None, lang: Lang) -> list[str]:
    """Why nobody collects: a void win, a win below the minimum, a claim that was a fault, a
    hòa, or every other seat báo."""
    last = {e.type: (i, e) for i, e in enumerate(state.events) if e.actor is not None}
    for kind in ("u_void", "u_thieu_diem", "show"):
        if kind not in last:
            continue
        i, e = last[kind]
        assert e.actor is not None
        who = seat_name(e.actor, viewer, lang)
        me = state.seats[e.actor]
        shown = pick(("Bài lật: ", "Hand shown: "), lang) + _groups_text(me.hand, me.mat, lang)
        if kind == "u_void":
            return [
                pick(
                    (
                        f"Ù của {who} bị hủy vì lộ lỗi báo khi ù: {who} đền làng "
                        f"{e.data['score']} điểm (điểm bài ù) cho mỗi người",
                        f"{who}'s win is void (a báo fault shows at the win): {who} pays "
                        f"{e.data['score']} (the hand's score) to each",
                    ),
                    lang,
                ),
                shown,
            ]
        if kind == "u_thieu_diem":
            return [
                pick(
                    (
                        f"{who} ù {e.data['score']} điểm, dưới mức tối thiểu {e.data['min']} "
                        "(không chơi ù suông): đền như tám đỏ hai lèo",
                        f"{who} won {e.data['score']} points, below the table's minimum "
                        f"{e.data['min']}: pays like tám đỏ hai lèo",
                    ),
                    lang,
                ),
                _cuoc_line(state, lang),
                shown,
            ]
        before = state.events[i - 1]
        card = before.data.get("card") if before.type == "claim" else None
        on = f" {named_card(card, lang)}" if isinstance(card, int) else ""
        name = next((f.name for f in state.faults if f.seat == e.actor and f.id in FALSE_U), "")
        return [
            pick(
                (
                    f"Ván dừng: {who} ù sai{on} ({name}), đền tám đỏ hai lèo",
                    f"The game stops: {who} claimed a false ù{on} ({name}), pays 12 to each",
                ),
                lang,
            ),
            shown,
        ]
    outcome = state.outcome()
    if outcome is not None and outcome.termination == Termination.NO_WINNER:
        return [
            pick(("Hòa: đã bốc hết nọc mà không ai ù", "A draw: the nọc ran out, nobody won"), lang)
        ]
    return [
        pick(
            (
                "Ván dừng: chỉ còn một người chưa bị báo",
                "The game stops: one seat is left unreported",
            ),
            lang,
        )
    ]


def outcome_lines(state: ChanState, lang: Lang = "vi", viewer: int | None = None) -> list[str]:
    """The end of the game broken down: who won on which card and from whom, the cước with
    their points, the winning hand, the xướng, why nobody collects when nobody does, every
    fault with its penalty, and who paid whom. ``viewer`` is "Bạn" / "You"."""
    outcome = state.outcome()
    if outcome is None:
        return []
    out: list[str] = []
    winner = outcome.winner
    if winner is not None:
        who = seat_name(winner, viewer, lang)
        end = max(i for i, e in enumerate(state.events) if e.type == "win")
        card = state.events[end].data.get("card")
        if isinstance(card, int):
            whence = _whence(state, end, winner, viewer, lang)
            out.append(
                pick(
                    (
                        f"{who} ù {named_card(card, lang)}, {whence}",
                        f"{who} won on {named_card(card, lang)}, {whence}",
                    ),
                    lang,
                )
            )
        else:
            out.append(pick((f"{who} thiên ù", f"{who} won at once (thiên ù)"), lang))
        out.append(_cuoc_line(state, lang))
        me = state.seats[winner]
        out.append(pick(("Bài ù: ", "Winning hand: "), lang) + _groups_text(me.hand, me.mat, lang))
        if state.rules.xuong == "declared":
            out.append(_xuong_line(state, who, lang))
        if me.nat:
            out.append(
                pick(
                    (
                        f"{who} nghỉ ăn tiền: ù nhưng không ai phải trả",
                        f"{who} collects nothing (nghỉ ăn tiền)",
                    ),
                    lang,
                )
            )
    else:
        out += _no_winner_lines(state, viewer, lang)
    for f in outcome.faults:
        who = seat_name(f.seat, viewer, lang)
        fine = pick(PENALTY_WORDS.get(f.penalty, (f.penalty, f.penalty)), lang)
        out.append(
            pick(
                (
                    f"Lỗi: {who} — {f.name} ({fine}): {f.explanation}",
                    f"Fault: {who} — {f.name} ({fine})",
                ),
                lang,
            )
        )
    owed: dict[tuple[int, int], int] = {}
    for src, dst, amount in state.payments:
        owed[src, dst] = owed.get((src, dst), 0) + amount
    for (src, dst), amount in sorted(owed.items()):
        a, b = seat_name(src, viewer, lang), seat_name(dst, viewer, lang)
        pays = "pay" if src == viewer else "pays"
        out.append(pick((f"{a} trả {b} {amount} điểm", f"{a} {pays} {b} {amount} points"), lang))
    if not owed:
        out.append(pick(("Không ai phải trả điểm", "Nobody pays"), lang))
    return out
