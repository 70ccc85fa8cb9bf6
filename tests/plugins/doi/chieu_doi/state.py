"""The Đôi state machine: the deal, what each action changes, the end and its payoffs.

Phases: ``draw`` (the player draws, or takes the last discard when it pairs a card in hand:
the pair is laid at once), ``discard`` (the player may lay pairs, then discards one card),
``end``. The game ends when a hand is empty, or after a discard that leaves the stock empty.
Each seat scores ``pair_points`` per pair laid, plus ``out_bonus`` for emptying its hand; each
seat is paid the difference of the scores by every other (zero-sum).

The shuffle is the first event (``deal``, seen by nobody: a record replays from it); each hand
is a private event of its seat; a card drawn is private to the drawer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chieu.core.actions import Action
from chieu.core.errors import ChieuError
from chieu.core.events import Event
from chieu.core.outcome import Outcome, Termination
from chieu.core.rng import Rng
from chieu_doi.actions import ACTION_SPACE, Discard, Draw, Lay, Take
from chieu_doi.cards import NUM_CARDS, RANKS, partner
from chieu_doi.rules import Rules
from chieu_doi.views import Views

_NOBODY: frozenset[int] = frozenset()


class DoiState(Views):
    """One deal of Đôi. Made by ``chieu.load_game("doi").new_state(seed)``."""

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int = 0,
        *,
        setup: Mapping[str, Any] | None = None,
        deal: Sequence[int] | None = None,
    ) -> None:
        self.rules = rules = rules or Rules()
        self.seed = seed
        n = self.num_players = rules.players
        setup = dict(setup or {})
        if set(setup) - {"first"}:
            raise ChieuError(
                f"unknown Đôi setup key(s): {', '.join(sorted(set(setup) - {'first'}))}"
            )
        first = setup.get("first", 0)
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n:
            raise ChieuError(f"setup first={first!r} is not a seat 0..{n - 1}")
        self.setup = {"first": first}
        if deal is None:
            deck = Rng(seed, "doi", "deal").shuffled(list(range(NUM_CARDS)))
        else:
            deck = [int(c) for c in deal]
            if sorted(deck) != list(range(NUM_CARDS)):
                raise ChieuError(
                    f"a Đôi deal is the {NUM_CARDS} cards 0..{NUM_CARDS - 1}, each once"
                )
        size = rules.hand_size
        self.first = first
        self.hands = [[] for _ in range(n)]
        for j in range(n):
            self.hands[(first + j) % n] = sorted(deck[j * size : (j + 1) * size])
        self.stock = list(reversed(deck[n * size :]))
        self.pairs = [[] for _ in range(n)]
        self.discards = []
        self.last_from = -1
        self.went_out = None
        self.actor = first
        self.phase = "draw"
        self.steps = 0
        self._outcome = None
        self._legal_at = -1
        self._legal = []
        self.events = [
            Event("deal", None, {"deck": deck}, _NOBODY, ("deck",)),
            *(
                Event("hand", s, {"cards": list(h), "size": len(h)}, frozenset({s}), ("cards",))
                for s, h in enumerate(self.hands)
            ),
            Event("start", first, {"first": first, "stock": len(self.stock)}),
        ]

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        seat = self._check(action, seat)
        start = len(self.events)
        self.steps += 1
        self.events.append(Event("action", seat, {"action": ACTION_SPACE.json_of(action)}))
        hand = self.hands[seat]
        match action:
            case Draw():
                card = self.stock.pop()
                hand.append(card)
                hand.sort()
                self.events.append(
                    Event("drawn", seat, {"card": card}, frozenset({seat}), ("card",))
                )
                self.phase = "discard"
            case Take():
                card = self.discards.pop()
                hand.remove(partner(card))
                self.pairs[seat] += sorted((card, partner(card)))
                self.events.append(Event("take", seat, {"card": card, "from": self.last_from}))
                self.phase = "discard"
                if not hand:
                    self._end(seat)
            case Lay(rank=rank):
                hand.remove(rank)
                hand.remove(rank + RANKS)
                self.pairs[seat] += [rank, rank + RANKS]
                self.events.append(Event("lay", seat, {"cards": [rank, rank + RANKS]}))
                if not hand:
                    self._end(seat)
            case Discard(card=card):
                hand.remove(card)
                self.discards.append(card)
                self.last_from = seat
                self.events.append(Event("discard", seat, {"card": card}))
                if not hand:
                    self._end(seat)
                elif not self.stock:
                    self._end(None)
                else:
                    self.actor = (seat + 1) % self.num_players
                    self.phase = "draw"
        return self.events[start:]

    def _end(self, out: int | None) -> None:
        n = self.num_players
        self.went_out = out
        self.phase = "end"
        self.events.append(Event("show", None, {"hands": [list(h) for h in self.hands]}))
        laid = [len(p) // 2 for p in self.pairs]
        scores = [
            laid[s] * self.rules.pair_points + (self.rules.out_bonus if s == out else 0)
            for s in range(n)
        ]
        total = sum(scores)
        payoffs = tuple(float(n * scores[s] - total) for s in range(n))
        best = max(scores)
        leaders = [s for s in range(n) if scores[s] == best]
        winner = leaders[0] if len(leaders) == 1 else None
        details = {
            "pairs": laid,
            "scores": scores,
            "out": out,
            "left": [len(h) for h in self.hands],
        }
        term = Termination.WIN if winner is not None else Termination.NO_WINNER
        self._outcome = Outcome(
            term, payoffs, winner, None if winner is None else best, (), (), details
        )
        self.events.append(Event("end", None, self._outcome.to_json()))

    def clone(self) -> DoiState:
        st = object.__new__(DoiState)
        st.__dict__.update(self.__dict__)
        st.hands = [list(h) for h in self.hands]
        st.pairs = [list(p) for p in self.pairs]
        st.discards = list(self.discards)
        st.stock = list(self.stock)
        st.events = list(self.events)
        return st

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (for equality in tests)."""
        return {
            "hands": [list(h) for h in self.hands],
            "pairs": [list(p) for p in self.pairs],
            "discards": list(self.discards),
            "last_from": self.last_from,
            "stock": list(self.stock),
            "phase": self.phase,
            "actor": self.actor,
            "went_out": self.went_out,
            "outcome": None if self._outcome is None else self._outcome.to_json(),
        }

    def __repr__(self) -> str:
        return f"<DoiState seed={self.seed} phase={self.phase} stock={len(self.stock)}>"
