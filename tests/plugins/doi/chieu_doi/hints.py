"""Đôi's advice to a seat (the kit's ``hints``): the pairs in hand to lay and whether the last
discard can be taken."""

from __future__ import annotations

from chieu.core.notation import Lang, pick
from chieu_doi.cards import pairs_in
from chieu_doi.state import DoiState


def hints(state: DoiState, seat: int, lang: Lang = "vi") -> list[str]:
    """The pairs in hand and whether the last discard pairs a card of it."""
    out = []
    ready = pairs_in(state.hands[seat])
    if ready:
        ranks = ", ".join(str(r + 1) for r in ready)
        out.append(pick((f"Có đôi để hạ: {ranks}", f"Pairs to lay: {ranks}"), lang))
    if any(a.verb == "take" for a in state.legal_actions(seat)):
        out.append(pick(("Lấy được quân vừa đánh.", "The last discard can be taken."), lang))
    return out
