"""Tổ tôm's result in words (the kit's ``results``): who won on which card and
from whom, the cước and the winning partition, why a win pays nothing, the post-win check,
every fault with its penalty, who paid whom, and the marks carried to the next game. The
viewer is named ``Bạn`` (``You``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chieu.core.notation import Lang, pick, seat_name
from chieu.games.totom.lexicon import PENALTY_WORDS, TERMINATION, named, you_agree
from chieu.games.totom.patterns import CUOC_NAMES
from chieu.games.totom.words import FAULT_WHY, cuoc_line, group_words

if TYPE_CHECKING:
    from chieu.games.totom.state import TotomState


CHECKS: dict[str, tuple[str, str]] = {
    "card_count": ("đủ 21 quân", "21 cards"),
    "all_in_phu": ("quân nào cũng vào phu", "every card in a phu"),
    "lung": ("đủ lưng", "enough lưng"),
    "khan_up": ("lật khàn, trả chén", "every khàn turned up, cups returned"),
    "lay_down": ("hạ quân trùng khi ăn", "copies laid down on eating"),
    "bo_u": ("không bỏ ù", "no earlier win let go"),
    "calls": ("hô đúng cước", "the calls match the hand"),
}


def _whence(state: TotomState, winner: int, viewer: int | None, lang: Lang) -> str:
    """Where the winning card came from: ``quân Người 3 đánh ra``, ``tự xin ở nọc``…"""
    events = state.events
    end = next(
        (
            i
            for i in range(len(events) - 1, -1, -1)
            if events[i].type == "claim" and events[i].data["action"]["verb"] == "win"
        ),
        len(events),
    )
    for e in events[end - 1 :: -1]:
        if e.type not in ("draw", "discard") or e.actor is None:
            continue
        if e.type == "draw":
            if e.actor == winner:
                return pick(("tự xin ở nọc", "turned up from the nọc by the winner"), lang)
            who = seat_name(e.actor, viewer, lang)
            return pick((f"quân {who} xin ở nọc", f"turned up from the nọc by {who}"), lang)
        who = seat_name(e.actor, viewer, lang)
        if int(e.data["door"]) != e.actor:
            return pick((f"quân {who} trả cửa", f"returned by {who} (trả cửa)"), lang)
        return pick((f"quân {who} đánh ra", f"discarded by {who}"), lang)
    return ""


def _win_card(state: TotomState) -> int | None:
    for e in reversed(state.events):
        if e.type == "claim" and e.data["action"]["verb"] == "win":
            return int(e.data["card"])
    return None


def outcome_lines(state: TotomState, lang: Lang = "vi", viewer: int | None = None) -> list[str]:
    """The end of the game broken down: who won on which card and from whom, the cước with
    their points and the winning partition, why a win pays nothing, the post-win check, every
    fault with its penalty, who paid whom, and the marks the hội carries on. ``viewer`` is
    "Bạn" / "You"."""
    out = state.outcome()
    if out is None:
        return []
    lines: list[str] = []
    d = out.details
    rules = state.rules
    claimer = out.winner if out.winner is not None else d.get("offender")
    card = _win_card(state)
    if claimer is not None and card is not None:
        who = seat_name(claimer, viewer, lang)
        whence = _whence(state, claimer, viewer, lang)
        name = named(card, lang)
        lines.append(
            pick((f"{who} ù {name}, {whence}", f"{who} won on {name}, {whence}"), lang)
            if out.winner is not None
            else pick(
                (
                    f"{who} ù {name}, {whence}, nhưng phạm lỗi",
                    f"{who} claimed ù on {name}, {whence}, with a fault",
                ),
                lang,
            )
        )
    if out.winner is not None and state.win_info is not None:
        part = state.win_info[0]
        true = {h.id: h.count for h in out.patterns}
        lines.append(pick(("Cước: ", "Cước: "), lang) + cuoc_line(true, rules, lang))
        groups = " · ".join(group_words(g, rules, lang) for g in part.groups)
        lines.append(
            pick((f"Bài ù ({part.lung} lưng): ", f"Winning hand ({part.lung} lưng): "), lang)
            + groups
        )
        if rules.ho == "declared":
            called = d["called"]
            said = ", ".join(f"{CUOC_NAMES.get(c, c)} ×{n}" for c, n in called.items())
            line = pick(("Hô: ", "Called: "), lang) + (said or pick(("không", "none"), lang))
            if d["called_score"] != d["true_score"] and not d.get("penalty"):
                line += pick(
                    (
                        f" — chỉ được tính {d['called_score']} điểm",
                        f" — scores {d['called_score']} only",
                    ),
                    lang,
                )
            lines.append(line)
        penalty = d.get("penalty")
        if penalty:
            what = pick(PENALTY_WORDS.get(penalty, (penalty, penalty)), lang)
            lines.append(
                pick((f"Ù không được điểm: {what}", f"The win pays nothing: {what}"), lang)
            )
        elif not out.score:
            lines.append(
                pick(
                    (
                        "Ù không được điểm: trả đò (đang chèo đò)",
                        "The win pays nothing: trả đò (a boat paid back)",
                    ),
                    lang,
                )
            )
    elif out.winner is None:
        term = pick(TERMINATION.get(out.termination.value, ("?", "?")), lang)
        lines.append(pick((f"Hết ván: {term}", f"Game over: {term}"), lang))
    checks = [
        ("✓ " if c["ok"] else "✗ ") + pick(CHECKS.get(c["check"], (c["check"], c["check"])), lang)
        for c in d.get("check", ())
    ]
    if checks:
        lines.append(pick(("Kiểm bài: ", "The check: "), lang) + " · ".join(checks))
    times: dict[tuple[int, str], int] = {}
    for f in out.faults:
        times[f.seat, f.id] = times.get((f.seat, f.id), 0) + 1
    for f in out.faults:
        n = times.pop((f.seat, f.id), 0)
        if not n:
            continue  # told with its first
        who = seat_name(f.seat, viewer, lang)
        what = pick(PENALTY_WORDS.get(f.penalty, (f.penalty, f.penalty)), lang)
        why = pick(FAULT_WHY.get(f.id, ("", "")), lang)
        why = (f" ×{n}" if n > 1 else "") + (f": {why}" if why else "")
        lines.append(
            pick(
                (f"Lỗi: {who} — {f.name}{why} → {what}", f"Fault: {who} — {f.name}{why} → {what}"),
                lang,
            )
        )
    lines += _payments(state, lang, viewer)
    marks = d.get("marks", {})
    for key, words in (("boats", ("Chèo đò", "Boats")), ("glasses", ("Đeo kính", "Glasses"))):
        if marks.get(key):
            seats = ", ".join(seat_name(s, viewer, lang) for s in marks[key])
            carry = pick((" (sang ván sau)", " (to the next game)"), lang)
            lines.append(f"{pick(words, lang)}{carry}: {seats}")
    return [you_agree(x) for x in lines] if lang == "en" else lines


def _payments(state: TotomState, lang: Lang, viewer: int | None) -> list[str]:
    """Who paid whom, by cause: every other seat pays the score to the winner; each chèo đò's
    offender pays 2u to every other seat."""
    out = state.outcome()
    assert out is not None
    n = state.num_players
    lines = []
    if out.winner is not None and out.score:
        w = seat_name(out.winner, viewer, lang)
        xs = ", ".join(seat_name(s, viewer, lang) for s in range(n) if s != out.winner)
        lines.append(
            pick(
                (f"{xs} mỗi người trả {w} {out.score:g} điểm", f"{xs} each pay {w} {out.score:g}"),
                lang,
            )
        )
    for f in out.faults:
        if f.penalty == "cheo_do":
            x = seat_name(f.seat, viewer, lang)
            u = 2 * state.rules.unit
            pays = "pay" if f.seat == viewer else "pays"
            lines.append(
                pick(
                    (
                        f"{x} chèo đò ({f.name}): trả mỗi người {u} điểm",
                        f"{x} {pays} each other seat {u} for the boat ({f.name})",
                    ),
                    lang,
                )
            )
    return lines or [pick(("Không ai phải trả điểm", "Nobody pays"), lang)]
