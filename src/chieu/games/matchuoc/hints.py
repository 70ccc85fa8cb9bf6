"""Mạt chược's advice in words (the kit's ``hints``), from what the seat may see: ù when it
can, with its phán; each claim on a discard against bỏ qua; the best two or three discards
with the distance after each (or the waits kept, with the copies still unseen) and why the
tile is cheap; the flowers and khung to set down."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from chieu.core.actions import Action
from chieu.core.notation import Lang, pick
from chieu.games.matchuoc import actions as A
from chieu.games.matchuoc import analysis as an
from chieu.games.matchuoc import scoring, shanten
from chieu.games.matchuoc.cards import (
    HO,
    HP,
    KHUNG0,
    NUM_BASIC,
    TG,
    discard_order,
    flower_number,
    is_flower,
    is_honor,
    is_khung,
)
from chieu.games.matchuoc.notation import NAMES, move_label
from chieu.games.matchuoc.patterns import khung_value
from chieu.games.matchuoc.results import pattern_name, phan_words

if TYPE_CHECKING:
    from chieu.games.matchuoc.state import MatChuocState

#: how many discards (or claims) a hint ranks
RANKED = 3
#: how many tile names a list of waits or useful tiles shows before "…"
LISTED = 6


def _seen(state: MatChuocState, seat: int) -> list[int]:
    """Per basic kind, the copies ``seat`` can see: its own hand, every discard lying in a
    river, the real tiles of every exposed phu (a khung standing in is no copy)."""
    seen = list(state.seats[seat].hand[:NUM_BASIC])
    for me in state.seats:
        for t in me.river:
            if t < NUM_BASIC:
                seen[t] += 1
        for g in me.melds:
            for t, w in zip(g.tiles, g.wilds, strict=True):
                if w < 0:
                    seen[t] += 1
    return seen


class _Shape:
    """A hand of 13 - 3·phu tiles: its distance (0: waiting), and the kinds that win (when
    waiting) or that bring it closer, with how many of them the seat has not seen."""

    __slots__ = ("distance", "kinds", "left")

    def __init__(self, h: list[int], melds: int, seven: bool, unseen: list[int]) -> None:
        d = shanten.distance(h, melds, seven)
        if d <= 0:
            kinds = an.waits(h, seven) if d == 0 else []
        else:
            kinds = []
            for x in range(NUM_BASIC):
                if unseen[x]:
                    h[x] += 1
                    if shanten.distance(h, melds, seven) < d:
                        kinds.append(x)
                    h[x] -= 1
        self.distance = d
        self.kinds = kinds
        self.left = sum(unseen[x] for x in kinds)

    def key(self) -> tuple[int, int]:
        return self.distance, -self.left

    def words(self, unseen: list[int], lang: Lang) -> str:
        names = NAMES[lang]
        if self.distance == 0:
            if not self.kinds:
                return pick(("chờ nhưng không quân nào ù được", "waiting on no tile"), lang)
            shown = [
                pick((f"{names[x]} (còn {unseen[x]})", f"{names[x]} ({unseen[x]} left)"), lang)
                for x in self.kinds[:LISTED]
            ]
            more = f", … ({len(self.kinds)})" if len(self.kinds) > LISTED else ""
            return pick(
                (
                    f"chờ ù {', '.join(shown)}{more}: {self.left} quân chưa lộ",
                    f"waiting on {', '.join(shown)}{more}: {self.left} unseen",
                ),
                lang,
            )
        far = self.distance + 1
        useful = ", ".join(names[x] for x in self.kinds[:LISTED])
        if len(self.kinds) > LISTED:
            useful += ", …"
        return pick(
            (
                f"cách ù {far} quân, {self.left} quân có ích chưa lộ ({useful})",
                f"{far} tiles from a win, {self.left} useful tiles unseen ({useful})",
            ),
            lang,
        )


def _tile_note(h: list[int], k: int, lang: Lang) -> str:
    """Why a discarded tile is cheap (or dear), in a few words; empty when nothing stands
    out."""
    if is_flower(k):
        return pick(("hoa, không vào bài", "a flower, no use in the hand"), lang)
    if k == HO:
        return pick(("Đại Ho không thay được quân nào", "Đại Ho stands for no tile"), lang)
    if is_khung(k):
        return pick(("bỏ một khung thay được quân thiếu", "gives up a joker"), lang)
    if h[k] >= 3:
        return pick(("phá phu ngang", "breaks a pung"), lang)
    if h[k] == 2:
        return pick(("tách đôi", "breaks a pair"), lang)
    if is_honor(k):
        return pick(("quân chữ lẻ", "a lone honor"), lang)
    lo, hi = k - k % 9, k - k % 9 + 9
    if not any(h[x] for x in range(max(lo, k - 2), min(hi, k + 3)) if x != k):
        return pick(("quân lẻ", "a lone tile"), lang)
    return ""


def _discard_hints(
    h: list[int], kinds: Sequence[int], melds: int, seven: bool, unseen: list[int], lang: Lang
) -> list[str]:
    """The best two or three discards with their reason. The distance after each discard
    ranks them first; the tiles that would help are counted only for the nearest ones."""
    by_distance: dict[int, list[int]] = {}
    for k in kinds:
        h[k] -= 1
        by_distance.setdefault(shanten.distance(h, melds, seven), []).append(k)
        h[k] += 1
    ranked: list[tuple[tuple[int, int], int, int, _Shape, str]] = []
    for d in sorted(by_distance):
        if len(ranked) >= RANKED:
            break
        group = []
        for k in by_distance[d]:
            note = _tile_note(h, k, lang)
            h[k] -= 1
            shape = _Shape(h, melds, seven, unseen)
            h[k] += 1
            group.append((shape.key(), discard_order(k), k, shape, note))
        ranked += sorted(group, key=lambda r: (r[0], r[1], r[2]))
    names = NAMES[lang]
    out = []
    for _, _, k, shape, note in ranked[:RANKED]:
        why = shape.words(unseen, lang) + (f"; {note}" if note else "")
        out.append(pick((f"đánh {names[k]}: {why}", f"discard {names[k]}: {why}"), lang))
    return out


def _claim_hints(
    state: MatChuocState,
    seat: int,
    h: list[int],
    actions: Sequence[Action],
    melds: int,
    seven: bool,
    unseen: list[int],
    lang: Lang,
) -> list[str]:
    """Each claim on the discard against letting it go: the distance after the claim (and
    the discard that follows it) and the waits kept."""
    assert state.live is not None, "asked on a claim window's discard"
    live = state.live.tile
    names = NAMES[lang]
    stay = _Shape(h, melds, seven, unseen)
    ranked: list[tuple[tuple[int, int], int, str]] = [
        (stay.key(), 1, pick(("bỏ qua: ", "pass: "), lang) + stay.words(unseen, lang))
    ]
    for a in actions:
        match a:
            case A.Kong():
                used = [live] * 3
            case A.Pung(a=x, b=y) | A.Chow(a=x, b=y):
                used = [x, y]
            case _:
                continue
        after = list(h)
        for t in used:
            after[t] -= 1
        label = move_label(a, live, lang)
        if isinstance(a, A.Kong):
            shape = _Shape(after, melds + 1, False, unseen)
            why = pick(("bốc bù ở đầu coong; ", "a replacement draw; "), lang)
            ranked.append((shape.key(), 0, f"{label}: {why}{shape.words(unseen, lang)}"))
            continue
        best: tuple[tuple[int, int], int, int, _Shape] | None = None
        no_khung = not state._may_discard_khung(seat) and any(after[:KHUNG0])
        for k in range(len(after)):
            if not after[k] or (no_khung and k >= KHUNG0):
                continue
            after[k] -= 1
            shape = _Shape(after, melds + 1, False, unseen)
            after[k] += 1
            key = (shape.key(), discard_order(k), k, shape)
            if best is None or key[:3] < best[:3]:
                best = key
        if best is None:
            continue
        k, shape = best[2], best[3]
        then = pick(
            (f", rồi đánh {names[k]}: ", f", then discard {names[k]}: "), lang
        ) + shape.words(unseen, lang)
        ranked.append((shape.key(), 0, f"{label}{then}"))
    ranked.sort(key=lambda r: (r[0], r[1]))
    return [text for _, _, text in ranked[:RANKED]]


def _setdown_hints(
    state: MatChuocState, seat: int, actions: Sequence[Action], lang: Lang
) -> list[str]:
    """Flowers never help a hand: set them down (a replacement is drawn); khung in hand are
    wilds, set down they score."""
    names = NAMES[lang]
    cua = state.cua(seat)
    out = []
    flowers = [a.tile for a in actions if isinstance(a, A.SetDown) and is_flower(a.tile)]
    for k in flowers:
        own = flower_number(k) == cua
        extra = pick((", hoa đúng cửa: +1 phán", ", your own flower: +1 phán"), lang) if own else ""
        if own and state.rules.khung_discard == "forbid_after_seat_flower":
            extra += pick(
                (" (rồi không được đánh khung nữa)", " (then no khung may be discarded)"), lang
            )
        out.append(
            pick(
                (
                    f"dựng {names[k]}: hoa không vào bài, dựng rồi bốc bù{extra}",
                    f"set down {names[k]}: a flower is no use in the hand; you draw a "
                    f"replacement{extra}",
                ),
                lang,
            )
        )
    if state.phase == "opening" and state.seats[seat].must_all and flowers:
        out.append(
            pick(
                ("Có từ hai hoa trở lên: phải dựng hết.", "Two flowers or more: all go down."),
                lang,
            )
        )
    opening = state.phase == "opening"
    me = state.seats[seat]
    h = list(me.hand)
    melds = len(me.melds)
    seven = bool(state.rules.seven_pairs) and not me.melds
    keep = shanten.distance(h, melds, seven) + 1
    for k in sorted({a.tile for a in actions if isinstance(a, A.SetDown) and is_khung(a.tile)}):
        value = khung_value(k, cua, opening)
        if k == HO:
            out.append(
                pick(
                    (
                        f"dựng {names[k]}: +{value} phán khung, bốc bù; nó không thay được "
                        "quân nào",
                        f"set down {names[k]}: +{value} phán and a replacement; it stands for "
                        "no tile",
                    ),
                    lang,
                )
            )
            continue
        h[k] -= 1
        without = shanten.distance(h, melds, seven) + 1
        h[k] += 1
        out.append(
            pick(
                (
                    f"dựng {names[k]}: +{value} phán khung, bốc bù; giữ thì nó thay quân thiếu "
                    f"(cách ù {keep} quân; không có nó, trước quân bốc bù: {without})",
                    f"set down {names[k]}: +{value} phán and a replacement; kept, it is a "
                    f"wild ({keep} tiles from a win; without it, before the replacement: "
                    f"{without})",
                ),
                lang,
            )
        )
    if A.TONG_HOP in actions:
        both = f"{names[TG]} + {names[HP]}"
        value = 9 if opening else 6
        out.append(
            pick(
                (
                    f"dựng {both} cùng lúc: +{value} phán",
                    f"set down {both} together: +{value} phán",
                ),
                lang,
            )
        )
    return out


def _win_hint(state: MatChuocState, seat: int, lang: Lang) -> str:
    """What ù is worth now: the phán, item by item."""
    live = state.live
    names = NAMES[lang]
    if state.window is not None and live is not None:
        score = scoring.discard_wins(state, [seat], live.tile, live.seat)[0].score
        what = pick((f"Ù được {names[live.tile]}", f"You can win on {names[live.tile]}"), lang)
    else:
        win = scoring.self_win(state, seat)
        if "thien_u" in {ln.id for ln in win.score.lines}:
            what = pick(("Ù được ngay (thiên ù)", "You can win now (thiên ù)"), lang)
        else:
            what = pick(("Ù được (tự bốc)", "You can win (self-drawn)"), lang)
        score = win.score
    items = ", ".join(f"{pattern_name(ln.id, ln.name, lang)} {ln.phan}" for ln in score.lines)
    return f"{what}: {phan_words(score.phan, lang)} ({items})"


def hints(state: MatChuocState, seat: int, lang: Lang = "vi") -> list[str]:
    """Advice for ``seat`` from what it may see (its hand, every discard, the exposed phu):
    ù when it can, with its phán; on a discard to claim, each claim against bỏ qua; on its
    turn the best two or three discards, each with the distance to a win after it (or the
    waits it keeps, with how many of each tile are still unseen) and why the tile is cheap;
    flowers and khung to set down; otherwise its waits or its distance."""
    if state.phase == "end":
        return []
    me = state.seats[seat]
    h = list(me.hand)
    melds = len(me.melds)
    seven = bool(state.rules.seven_pairs) and not me.melds
    unseen = [max(0, 4 - n) for n in _seen(state, seat)]
    actions = [a for d in state.decisions() if d.seat == seat for a in d.actions]
    out = []
    if any(isinstance(a, A.Win) for a in actions):
        out.append(_win_hint(state, seat, lang))
    if state.window is not None and state.live is not None and len(actions) > 1:
        out += _claim_hints(state, seat, h, actions, melds, seven, unseen, lang)
        return out
    discards = [a.tile for a in actions if isinstance(a, A.Discard)]
    if state.phase != "opening":
        out += _setdown_hints(state, seat, actions, lang)
    if discards:
        out += _discard_hints(h, discards, melds, seven, unseen, lang)
    elif sum(h) % 3 == 1:
        shape = _Shape(h, melds, seven, unseen)
        out.append(pick(("Bài: ", "Your hand: "), lang) + shape.words(unseen, lang))
    else:
        d = shanten.distance(h, melds, seven)
        if d >= 0:
            out.append(
                pick((f"Bài: cách ù {d + 1} quân", f"Your hand: {d + 1} tiles from a win"), lang)
            )
    if state.phase == "opening":
        out += _setdown_hints(state, seat, actions, lang)
    return out
