"""Phỏm's advice and result in words (the kit's ``hints`` and ``results``), the
views in both languages, and a finished player's pass told once."""

from __future__ import annotations

import random
import re
from itertools import pairwise
from pathlib import Path

from chieu.core.events import seat_history
from chieu.core.notation import Lang
from chieu.core.record import GameRecord
from chieu.games.phom import PhomGame, Rules
from chieu.games.phom import actions as A
from chieu.games.phom.cards import parse_cards, parse_mask, symbol
from chieu.games.phom.hints import hints as seat_hints
from chieu.games.phom.notation import NOTATION
from chieu.games.phom.results import outcome_lines
from chieu.games.phom.rules import PRESETS
from chieu.games.phom.scoring import eat_amount
from chieu.games.phom.state import PhomState

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "phom"
ENGLISH = {
    "discard",
    "draw",
    "eat",
    "pass",
    "lay",
    "send",
    "win",
    "player",
    "you",
    "points",
    "pair",
    "waits",
    "pays",
}
VIETNAMESE = {"người", "bạn", "đánh", "bốc", "ăn", "hạ", "gửi", "nên", "chờ", "rác", "điểm", "trả"}


def words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"\w+", text)}


def dealt(first_hand: str, second_hand: str = "", seed: int = 0) -> PhomState:
    """A 4-player deal where the first player (seat 0, 10 cards) holds ``first_hand`` and
    seat 1 (9 cards) starts with ``second_hand``; the rest is shuffled."""
    mine = parse_cards(first_hand)
    theirs = parse_cards(second_hand)
    rest = [c for c in range(52) if c not in mine and c not in theirs]
    random.Random(seed).shuffle(rest)
    st: PhomState = PhomGame.new_state(Rules(), seed, deal=[*mine, *theirs, *rest])
    return st


def positions(count: int = 6) -> list[PhomState]:
    """States along games of every preset (2–4 players), the heuristic bot's choices mixed
    with random ones."""
    out = []
    for seed in range(count):
        preset = sorted(PRESETS)[seed % len(PRESETS)]
        st = PhomGame.new_state(PRESETS[preset].with_(players=2 + seed % 3), seed)
        rnd = random.Random(seed)
        while not st.is_terminal():
            out.append(st.clone())
            [d] = st.decisions()
            st.apply(d.default if rnd.random() < 0.6 else rnd.choice(d.actions), seat=d.seat)
        out.append(st)
    return out


# -- hints ------------------------------------------------------------------------------------


def test_hints_name_the_phom_the_waits_and_rank_the_discards_with_their_reason() -> None:
    st = dealt("3s 4s 5s 9c 9h 6d 7d Kc Qh 2h")
    # 9♦ lies in a row: seen, it cannot come any more
    nine = parse_cards("9d")[0]
    for seat in st.seats[1:]:
        seat.hand &= ~(1 << nine)
    st.stock = [c for c in st.stock if c != nine]
    st.seats[2].row.append(nine)
    lines = seat_hints(st, 0)
    text = "\n".join(lines)
    assert lines[0] == "Phỏm trên tay: 3♠ 4♠ 5♠; rác: 2♥ 6♦ 7♦ 9♣ 9♥ Q♥ K♣ (58 điểm)."
    assert (
        "Sau khi đánh K♣, chờ: cạ 6♦ 7♦ → 5♦, 8♦; cạ 9♣ 9♥ → 9♠, 9♦ (đã lộ) — 3 quân chưa lộ"
        in text
    )
    assert "Quân nối vào phỏm (ăn được): 2♠, 6♠." in text
    discards = [ln for ln in lines if ln.startswith(("Nên đánh", "Hoặc đánh"))]
    assert len(discards) == 3
    assert discards[0].startswith("Nên đánh K♣: quân rác, không phá cạ nào, 13 điểm")
    assert discards[0].endswith("→ còn 45 điểm, chờ 3 quân chưa lộ.")
    assert discards[1].startswith("Hoặc đánh Q♥: quân rác, không phá cạ nào, 12 điểm")
    assert lines[-1].startswith("Lượt hạ bài: lượt thứ 3 sau lượt này")
    en = seat_hints(st, 0, "en")
    assert en[0] == "Phỏm in hand: 3♠ 4♠ 5♠; loose: 2♥ 6♦ 7♦ 9♣ 9♥ Q♥ K♣ (58 points)."
    assert any(ln.startswith("Discard K♣: a loose card in no pair, 13 points") for ln in en)


def test_a_discard_that_breaks_a_pair_or_a_phom_says_so() -> None:
    st = dealt("3s 4s 5s 9c 9h Kd Kc Qh Jh 2h")
    text = "\n".join(seat_hints(st, 0))
    # K♣ and K♦ make a cạ; the hint names it, and what the discard leaves
    assert "Nên đánh K♣: phá cạ K♣ K♦, 13 điểm" in text or "Nên đánh K♦: phá cạ K♣ K♦" in text
    st = dealt("3s 4s 5s 6s 9c 9h 9d 7d Kc Qh")
    reasons = {ln.split(":")[0]: ln for ln in seat_hints(st, 0)}
    assert all("phá phỏm" not in ln for ln in reasons.values() if "K♣" in ln.split(":")[0])


def test_the_eat_on_offer_names_the_phom_it_makes_and_the_payment() -> None:
    st = dealt("7h 2s 3c 4d 5h 9s Jc Qd Kh Ks", "7s 7c")
    st.apply(A.DISCARD[parse_cards("7h")[0]], seat=0)
    lines = seat_hints(st, 1)
    [eat] = [ln for ln in lines if ln.startswith("Ăn ")]
    assert eat.startswith("Ăn 7♥ của Người 1 (Người 1 trả bạn 1): thành phỏm 7♠ 7♣ 7♥")
    assert "→ còn" in eat and "(bây giờ" in eat
    [en] = [ln for ln in seat_hints(st, 1, "en") if ln.startswith("Eat ")]
    assert en.startswith("Eat Player 1's 7♥ (Player 1 pays you 1): makes the phỏm 7♠ 7♣ 7♥")


def test_the_laydown_turn_says_what_to_lay_send_and_discard() -> None:
    """shared/rules A.9 P4: lay 7♣7♦7♠, send Q♥, 7♥, 6♥, discard K♠: 9 points."""
    st = PhomGame.new_state(Rules(), 3)
    st.seats[0].hand = parse_mask("Qh 4c 7d 7s 7h 7c 6h Ad 4d Ks")
    st.seats[1].melds = [parse_mask("8h 9h Th Jh")]
    st.seats[1].laid = True
    st.seats[0].row = parse_cards("2s 3s 4s")
    st._start_act(0)
    st._legal_at = -1
    [line] = [ln for ln in seat_hints(st, 0) if ln.startswith("Lượt này hạ bài")]
    assert line.startswith("Lượt này hạ bài: nên hạ 7♠ 7♣ 7♦, gửi ")
    for card in ("Q♥", "7♥", "6♥"):
        assert f"{card} vào phỏm của Người 2" in line
    assert line.endswith("đánh K♠ → còn 9 điểm.")
    # after the phỏm is laid, the gửi are still advised, the discards after them
    st.apply(A.LAY[parse_mask("7s 7c 7d")], seat=0)
    lines = seat_hints(st, 0)
    assert lines[0].startswith("Đã hạ 7♠ 7♣ 7♦; bài còn:")
    assert any("gửi Q♥ vào phỏm của Người 2" in ln or "Q♥ vào phỏm" in ln for ln in lines)
    assert any(ln.startswith("Nên đánh K♠: bài lẻ, 13 điểm") for ln in lines)


def test_an_u_on_offer_is_the_first_hint() -> None:
    """shared/rules A.9 P6: three phỏm and 2♣ to discard."""
    st = dealt("3s 4s 5s 9c 9d 9h Jd Qd Kd 2c")
    lines = seat_hints(st, 0)
    assert lines[0] == "Ù được ngay: chọn ù — hạ 3♠ 4♠ 5♠ | 9♣ 9♦ 9♥ | J♦ Q♦ K♦, đánh 2♣."
    assert len(lines) == 2


def test_an_u_by_sending_names_the_cards_sent() -> None:
    """shared/rules A.9 P5: lay Q♣Q♦Q♠ and 2♥3♥4♥, send 7♠ 6♠ and J♥, discard K♦."""
    st = PhomGame.new_state(Rules(), 3)
    st.seats[0].hand = parse_mask("Qc Qd Qs 2h 3h 4h 7s 6s Jh Kd")
    st.seats[1].melds = [parse_mask("8s 9s Ts")]
    st.seats[2].melds = [parse_mask("Jc Jd Js")]
    st.seats[1].laid = st.seats[2].laid = True
    st.seats[0].row = parse_cards("2s 3s 4s")
    st._start_act(0)
    st._legal_at = -1
    first = seat_hints(st, 0)[0]
    assert first.startswith("Ù được ngay (ù gửi): chọn ù — hạ ")
    for sent in ("7♠ vào phỏm của Người 2", "6♠ vào phỏm của Người 2", "J♥ vào phỏm của Người 3"):
        assert sent in first
    assert first.endswith("đánh K♦.")
    assert seat_hints(st, 0, "en")[0].startswith("You can declare ù by sending: lay ")


def test_a_chot_discard_is_flagged() -> None:
    st = PhomGame.new_state(Rules(), 3)
    st.seats[0].hand = parse_mask("Qh 4c 7d 7s 7c 6h Ad 4d Ks 2h")
    st.seats[0].row = parse_cards("2s 3s 4s")
    st._start_act(0)
    st._legal_at = -1
    st.apply(A.LAY[parse_mask("7s 7c 7d")], seat=0)
    text = "\n".join(seat_hints(st, 0))
    assert "quân chốt: bị ăn phải trả 4, ù thì đền" in text


def test_hints_use_only_what_the_seat_sees_and_speak_one_language() -> None:
    """Hints do not change when the cards hidden from the seat are dealt again; the
    Vietnamese hints hold no English word and the English ones no Vietnamese word."""
    checked = 0
    for st in positions():
        if st.is_terminal():
            assert seat_hints(st, 0) == []
            continue
        [d] = st.decisions()
        for seat in {d.seat, (d.seat + 1) % st.num_players}:
            vi = seat_hints(st, seat)
            en = seat_hints(st, seat, "en")
            assert vi and len(vi) == len(en)
            for k in range(2):
                assert seat_hints(st.resample_hidden(seat, k), seat) == vi
            for line in vi:
                assert not words(line) & ENGLISH, line
            for line in en:
                assert not words(line) & VIETNAMESE, line
            checked += 1
    assert checked > 200


# -- the result -------------------------------------------------------------------------------


def finished(count: int = 9) -> list[PhomState]:
    return [st for st in positions(count) if st.is_terminal()]


def test_outcome_lines_break_the_result_down() -> None:
    for st in finished():
        out = st.outcome()
        assert out is not None
        d = out.details
        lines = outcome_lines(st)
        paid = [ln for ln in lines if " trả " in ln]
        assert len(paid) == len(d["payments"]) or (
            not d["payments"] and lines[-1].startswith("Không")
        )
        if out.winner is None:
            assert lines[0] == "Không ai ù: so điểm."
            ranked = lines[1 : 1 + st.num_players]
            for line, s in zip(ranked, d["ranking"], strict=True):
                head = "Móm" if s in d["mom"] else None
                assert f"Người {s + 1} — {d['points'][s]} điểm" in line
                assert head is None or line.startswith(head)
            assert ranked[0].startswith(("Nhất: ", "Móm: "))
        else:
            assert lines[0].startswith(f"Người {out.winner + 1} ù")
            if d["den"] is not None:
                assert f"Người {d['den'] + 1} đền cho cả làng" in lines[1]
        # every eat payment names its card
        eats = [
            e
            for e in st.events
            if e.type == "eat" and eat_amount(st.rules, e.data["chot"], e.data["count"])
        ]
        eat_lines = [ln for ln in paid if "(ăn" in ln]
        assert len(eat_lines) == len(eats)
        for e, line in zip(eats, eat_lines, strict=True):
            assert symbol(e.data["card"]) in line and "trả ngay trong ván" in line
        en = outcome_lines(st, "en")
        assert len(en) == len(lines)
        assert all(not words(ln) & VIETNAMESE for ln in en), en
        mine = outcome_lines(st, "vi", viewer=0)
        assert all("Người 1 " not in ln for ln in mine)


def test_golden_results_in_words() -> None:
    def lines_of(name: str) -> list[str]:
        st = GameRecord.load(GOLDEN / name).replay()
        return outcome_lines(st)

    three = lines_of("4p_three_eats.jsonl")
    assert re.fullmatch(r"Người 3 ù ăn ba cây, ăn cây thứ ba \S+ của Người 2\.", three[0])
    assert three[1] == "Người 2 đền cho cả làng (bị ăn ba cây)."
    assert three[-1] == "Người 2 trả Người 3: 15 (đền)"
    assert sum("(ăn chốt " in ln for ln in three) == 2
    normal = lines_of("4p_normal.jsonl")
    assert normal[1:5] == [
        "Nhất: Người 3 — 13 điểm",
        "Nhì: Người 2 — 23 điểm",
        "Ba: Người 4 — 50 điểm",
        "Móm: Người 1 — 80 điểm (không có phỏm)",
    ]
    assert "Người 1 trả Người 3: 4 (móm)" in normal
    assert "Người 4 trả Người 3: 2 (ba)" in normal
    two = lines_of("2p_normal.jsonl")
    assert two[1] == "Nhất: Người 1 — 47 điểm"
    u = lines_of("4p_u.jsonl")
    assert u[0].startswith("Người 2 ù, sau khi ") and "Người 1 trả Người 2: 5 (ù)" in u


# -- views and events -------------------------------------------------------------------------


def test_views_speak_the_chosen_language() -> None:
    for st in finished(6):
        cases: tuple[tuple[Lang, str, str], ...] = (
            ("vi", "đã hạ", "đi đầu"),
            ("en", "laid down", "first player"),
        )
        for lang, laid, first in cases:
            seats = st.view_seats(lang)
            assert seats[st.first].roles == (first,)
            for s, seat in enumerate(st.seats):
                assert (laid in seats[s].marks) == seat.laid
            for z in st.view_zones(0, lang):
                for g in z.groups or ():
                    words_of = {"set": ("phỏm ngang", "set"), "run": ("phỏm dọc", "run")}
                    assert g.label == words_of[g.kind][lang == "en"]
        assert st.view_seats() == st.view_seats("vi")


def test_a_finished_players_pass_is_told_once() -> None:
    told = 0
    for st in finished(12):
        for viewer in (None, 0):
            texts = [
                (e.type, e.actor, NOTATION.describe(st, e, viewer))
                for e in seat_history(st.events, viewer)
            ]
            texts = [t for t in texts if t[2]]
            for (_, a1, t1), (k2, a2, _) in pairwise(texts):
                assert not (t1.endswith("bỏ qua") and k2 == "skip" and a1 == a2), t1
            told += sum(1 for k, _, _ in texts if k == "skip")
    assert told > 0
