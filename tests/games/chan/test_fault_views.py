"""What each seat reads of a Chắn fault in referee mode (issue 16, hidden information).

The referee calls a fault when it is committed. The table hears which fault, by whom and what
it means in general words, naming no card and counting no private action; the explanation
that names the cards (some of which only the offender's hand proves) goes to the offender
alone, and to everyone at the end, when every hand is turned up.
"""

from __future__ import annotations

from typing import Any

from chieu.core.events import seat_history
from chieu.core.record import GameRecord
from chieu.games.chan import actions as A
from chieu.games.chan.cards import KINDS
from chieu.games.chan.notation import card_name
from tests.games.chan.conftest import HELPERS as chan

# seat 1: 5V 5S 5W; eating 5V with 5S is a cạ while holding 5V (T4, ăn treo tranh)
T4_HAND = "5V 5S 5W 2W2W 3V3V 4S4S 6V6V 7W7W 8V8S 9V9S CC 2S"
FULL = "ăn cạ 5V (Ngũ vạn) trong khi trên tay có quân giống hệt để ăn chắn"
TABLE = "ăn cạ trong khi trên tay có quân giống hệt để ăn chắn"


def _after_the_fault() -> Any:
    st = chan.make_state(["5V", T4_HAND, "", ""], "2S")
    assert st.rules.fault_mode == "referee"
    chan.play(st, (0, A.DISCARD[chan.K("5V")]), (1, A.EAT[chan.K("5S")]))
    assert [f.id for f in st.faults] == ["an_treo_tranh"]
    assert st.faults[0].explanation == FULL
    return st


def _fault_texts(st: Any, seat: int | None, lang: str = "vi") -> list[str]:
    return [e["text"] for e in st.view(seat, lang).to_json()["events"] if e["type"] == "fault"]


def _words_of(st: Any, seat: int) -> set[str]:
    """Every way the notation names a card of ``seat``'s hand: codes and names."""
    kinds = {k for k, n in enumerate(st.seats[seat].hand) if n}
    return {KINDS.codes[k] for k in kinds} | {
        card_name(k, lang).lower() for k in kinds for lang in ("vi", "en")
    }


def test_the_offender_reads_the_explanation_the_table_the_fault() -> None:
    st = _after_the_fault()
    (mine,) = _fault_texts(st, 1)
    (theirs,) = _fault_texts(st, 0)
    assert mine == f"Bạn phạm lỗi Ăn treo tranh: {FULL}"
    assert theirs == f"Người 2 phạm lỗi Ăn treo tranh: {TABLE}"
    assert _fault_texts(st, None) == _fault_texts(st, 2) == [theirs]
    assert mine != theirs
    held = _words_of(st, 1)
    assert any(w in mine.lower() for w in held)  # the offender's own text names his 5V
    for seat in (0, 2, 3, None):
        for lang in ("vi", "en"):
            for text in _fault_texts(st, seat, lang):
                named = sorted(w for w in held if w in text.lower())
                assert not named, f"seat {seat} reads {named} of the offender's hand: {text}"


def test_the_table_entry_counts_no_private_action() -> None:
    st = _after_the_fault()
    (whole,) = [e for e in st.events if e.type == "fault"]
    assert whole.visible_to == frozenset({1}) and whole.hidden == ("explanation",)
    assert "step" not in whole.data  # recorded claim answers count in a step
    (told,) = [e for e in st.history(0) if e.type == "fault"]
    assert told.data == {
        "id": "an_treo_tranh",
        "name": "Ăn treo tranh",
        "seat": 1,
        "penalty": "nghi_an_tien",
        "public": TABLE,
    }
    (own,) = [e for e in st.history(1) if e.type == "fault"]
    assert own.data == {**told.data, "explanation": FULL}
    assert [e for e in seat_history(st.events, None) if e.type == "fault"] == [told]
    assert st.observation(0)["faults"] == [told.data]
    assert st.observation(None)["faults"] == [told.data]
    assert st.observation(1)["faults"] == [own.data]


def test_everyone_reads_every_fault_at_the_end() -> None:
    st = _after_the_fault()
    chan.play(st, (1, A.DISCARD[chan.K("CC")]), (2, A.DRAW), (1, A.WIN))
    assert st.is_terminal()
    assert st.revealed() == frozenset(range(4))  # every hand is turned up
    full = [f.to_json() for f in st.faults]
    for seat in (0, 1, 2, 3, None):
        obs = st.observation(seat)
        assert obs["faults"] == full and obs["outcome"]["faults"] == full
        assert full[0]["explanation"] == FULL and full[0]["step"] >= 0
        hands = {z["id"]: z["cards"] for z in st.view(seat).to_json()["zones"]}
        assert all(hands[f"hand:{s}"] is not None for s in range(4))


def test_the_record_keeps_the_whole_fault_and_replays() -> None:
    st = _after_the_fault()
    record = GameRecord.loads(GameRecord.from_state(st).dumps())
    assert record.verify() == []
    (ev,) = [e for e in record.events if e.type == "fault"]
    assert ev.data["explanation"] == FULL and ev.visible_to == frozenset({1})
