"""Đôi's result in words (the kit's ``results``): each seat's pairs and points, and who went
out."""

from __future__ import annotations

from chieu.core.notation import Lang, pick, seat_name
from chieu_doi.state import DoiState


def outcome_lines(state: DoiState, lang: Lang = "vi", viewer: int | None = None) -> list[str]:
    """A line a seat: its pairs laid, ``(hết bài)`` / ``(out)`` if it emptied its hand, its
    points."""
    outcome = state.outcome()
    if outcome is None:
        return []
    d = outcome.details
    lines = []
    for s in range(state.num_players):
        who = seat_name(s, viewer, lang)
        out = pick((" (hết bài)", " (out)"), lang) if d["out"] == s else ""
        lines.append(
            pick(
                (
                    f"{who}: {d['pairs'][s]} đôi{out}, {d['scores'][s]} điểm",
                    f"{who}: {d['pairs'][s]} pairs{out}, {d['scores'][s]} points",
                ),
                lang,
            )
        )
    return lines
