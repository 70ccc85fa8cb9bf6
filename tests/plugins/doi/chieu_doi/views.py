"""What a seat sees of a Đôi table: the View's parts (``chieu.core.viewing.build_view`` adds
the decisions, the events in words and the outcome) and the bots' observation."""

from __future__ import annotations

from typing import Any

from chieu.core.notation import Lang, pick
from chieu.core.view import Group, Live, SeatView, Zone
from chieu_doi.board import DoiBoard
from chieu_doi.cards import code

PAIR_WORDS = ("đôi", "pair")
FIRST_WORDS = ("đi trước", "first")
OUT_WORDS = ("hết bài", "out")
ZONE_WORDS = {"pairs": ("đôi đã hạ", "pairs laid"), "discards": ("quân đã đánh", "discards")}


def _codes(cards: list[int]) -> tuple[str, ...]:
    return tuple(code(c) for c in cards)


class Views(DoiBoard):
    def view_zones(self, seat: int | None, lang: Lang = "vi") -> tuple[Zone, ...]:
        zones: list[Zone] = []
        end = self.phase == "end"
        for s in range(self.num_players):
            hand = self.hands[s]
            shown = _codes(hand) if s == seat or end else None
            zones.append(Zone(f"hand:{s}", s, "hand", len(hand), shown))
            laid = self.pairs[s]
            groups = tuple(
                Group(_codes(laid[i : i + 2]), "pair", pick(PAIR_WORDS, lang))
                for i in range(0, len(laid), 2)
            )
            label = pick(ZONE_WORDS["pairs"], lang)
            zones.append(Zone(f"pairs:{s}", s, "mat", len(laid), _codes(laid), groups, label))
        pile = self.discards
        label = pick(ZONE_WORDS["discards"], lang)
        zones.append(Zone("discards", None, "discard", len(pile), _codes(pile), None, label))
        zones.append(Zone("stock", None, "stock", len(self.stock)))
        return tuple(zones)

    def view_seats(self, lang: Lang = "vi") -> tuple[SeatView, ...]:
        return tuple(
            SeatView(
                s,
                len(self.hands[s]),
                (pick(FIRST_WORDS, lang),) if s == self.first else (),
                (pick(OUT_WORDS, lang),) if s == self.went_out else (),
                self.phase != "end" and s == self.actor,
            )
            for s in range(self.num_players)
        )

    def view_live(self) -> Live | None:
        """The top discard, which the player to draw may take."""
        if self.phase != "draw" or not self.discards:
            return None
        return Live(code(self.discards[-1]), self.last_from, "discard")

    def view_extra(self, seat: int | None) -> dict[str, Any]:
        return {"first": self.first, "pairs": [len(p) // 2 for p in self.pairs]}

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator), for the bots: never a hidden card."""
        obs: dict[str, Any] = {
            "game": self.game.name,
            "seat": seat,
            "players": self.num_players,
            "first": self.first,
            "phase": self.phase,
            "actor": None if self.phase == "end" else self.actor,
            "to_act": seat is not None and self.current_player() == seat,
            "stock_left": len(self.stock),
            "discards": list(self.discards),
            "last_from": self.last_from,
            "pairs": [list(p) for p in self.pairs],
            "hand_sizes": [len(h) for h in self.hands],
        }
        if seat is not None:
            obs["hand"] = list(self.hands[seat])
        if self.phase == "end":
            obs["shown_hands"] = [list(h) for h in self.hands]
            outcome = self.outcome()
            if outcome is not None:
                obs["outcome"] = outcome.to_json()
        return obs
