"""``build_view``: a state's View for one viewer, written once for every game.

The game gives its zones, seats, live card and extras (``StateBase.view_*``) and its words
(``notation``); this module adds the viewer's decisions with labels and fault marks, the last
events described, and the outcome.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chieu.core.events import Event
from chieu.core.notation import Lang, Notation
from chieu.core.view import Choice, DecisionView, EventView, View

if TYPE_CHECKING:
    from chieu.core.state import StateBase

#: how many of the viewer's latest events a view describes
VIEW_EVENTS = 8


def lang_of(text: str) -> Lang:
    return "en" if text == "en" else "vi"


def build_view(state: StateBase, seat: int | None, lang_text: str = "vi") -> View:
    lang = lang_of(lang_text)
    game = state.game
    notation: Notation = game.notation
    space = game.action_space
    decisions: list[DecisionView] = []
    if seat is not None:
        for d in state.decisions():
            if d.seat != seat:
                continue
            choices = []
            for a in d.actions:
                fault = state.fault_of(seat, a)
                choices.append(
                    Choice(
                        space.id_of(a),
                        notation.label(state, seat, a, lang),
                        a.verb,
                        notation.action_cards(state, seat, a),
                        None if fault is None else fault[0],
                        None if fault is None else fault[1],
                    )
                )
            decisions.append(DecisionView(d.kind, tuple(choices), space.id_of(d.default)))
    history = state.known_events(seat)
    first = max(0, len(history) - VIEW_EVENTS)
    events = tuple(
        _event_view(state, notation, e, i, seat, lang) for i, e in enumerate(history[first:], first)
    )
    outcome = state.outcome()
    return View(
        game=game.name,
        title=game.title,
        viewer=seat,
        players=state.num_players,
        phase=state.phase,
        phase_label=notation.phase_label(state.phase, lang),
        seats=state.view_seats(lang=lang),
        zones=state.view_zones(seat, lang=lang),
        decisions=tuple(decisions),
        claim_open=state.window is not None,
        live=state.view_live(),
        events=events,
        outcome=None if outcome is None else outcome.to_json(),
        extra=state.view_extra(seat),
        lang=lang,
    )


def _event_view(
    state: StateBase, notation: Notation, event: Event, index: int, seat: int | None, lang: Lang
) -> EventView:
    """The event described for ``seat``, remembered on ``state`` per event, viewer and
    language: every push describes each seat's last few events again."""
    cache: dict[tuple[int, int | None, str], tuple[Event, EventView]] = state.__dict__.setdefault(
        "_event_views", {}
    )
    key = (id(event), seat, lang)
    hit = cache.get(key)
    if hit is not None and hit[0] is event and hit[1].index == index:
        return hit[1]
    made = EventView(index, event.type, event.actor, notation.describe(state, event, seat, lang))
    cache[key] = (event, made)
    return made
