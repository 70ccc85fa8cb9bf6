"""Phỏm's one claim: eating the discard (ăn, shared/rules A.5.3). No claim window.

Only the player immediately after the discarder may eat it, and only at the start of its own
turn, instead of drawing: the eat is one of that seat's turn choices (``Eat`` beside ``Draw``
or ``Pass``), never an out-of-turn claim. So the game opens no ``ClaimWindow``
(``PhomGame.has_claims`` is False): nobody else is asked, and who is asked (the next seat in
play order, or the seat after it when a finished player is skipped) follows from public facts
alone. The ù khan round after the deal asks every seat in turn order, in the open, as the
table does (an ``arrange`` decision of one seat at a time).

``can_eat`` is the rule: into a phỏm with two held cards, keeping the eaten-card invariant
before the lay-down; after it, only into a new phỏm laid at once.
"""

from __future__ import annotations

from chieu.games.phom import analysis as an
from chieu.games.phom.rules import Rules
from chieu.games.phom.worlds import Seat


def can_eat(seat: Seat, finished: bool, card: int, rules: Rules) -> bool:
    """May ``seat`` (``finished``: laid down with 4 row cards) eat ``card`` now (A.5.3)?"""
    hand = seat.hand
    if seat.laid:
        if finished and not rules.finished_player_may_eat:
            return False
        if not an.makes_phom(hand, card):
            return False
        full = hand | 1 << card
        return any(rules.allow_u_tron or m != full for m in an.phom_with(card, hand))
    return an.can_eat(hand, seat.eaten, card)
