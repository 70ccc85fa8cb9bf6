"""``build_view``: a state's View for one viewer, written once for every game.

The game gives its zones, seats, live card and extras (``StateBase.view_*``) and its words
(``notation``); this module adds the viewer's decisions with labels and fault marks, the last
events described, and the outcome (with the viewer's ``explain``, ``core.explain``).

A server builds the view of every seat after each action. What every viewer of a position
shares is built once, with its JSON (``view.Parts``, which ``View.to_json`` copies): the
phase's words, the seats, the live card, the outcome, the decisions by seat, and what the game
keeps in ``position_cache`` (its zones). It is kept on the state (``_view_cache``) for the
state's own events list (a clone or a re-deal has a list of its own, so a cache of its own,
although ``clone`` copies the attribute) and its ``changes`` (bumped by every change): any
action drops it. Each seat's described events are kept per seat and language, aligned with
that seat's own history, and only its new events are described. Nothing kept for one seat is
read for another: the decisions and events are kept by seat, and the zones a game gives for a
viewer are its own.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from chieu.core.actions import Action, ActionSpace
from chieu.core.decisions import Decision
from chieu.core.events import Event
from chieu.core.explain import explain_json
from chieu.core.jsonio import JsonObject
from chieu.core.notation import Lang, Notation
from chieu.core.referee import FaultRule
from chieu.core.view import Choice, DecisionView, EventView, HasJson, Live, Parts, View, Zone, parts

if TYPE_CHECKING:
    from chieu.core.state import StateBase

#: how many of the viewer's latest events a view describes
VIEW_EVENTS = 8
_NOT_SHOWN: JsonObject = {}  # the JSON kept for an event never shown (before the last few)
# ``View(...)`` and ``EventView(...)`` at a third of the cost: the frozen dataclasses'
# ``__init__`` sets each slot through ``object.__setattr__``; these set them directly.
_VIEW_FIELDS = (
    "game",
    "title",
    "viewer",
    "players",
    "phase",
    "phase_label",
    "seats",
    "zones",
    "decisions",
    "claim_open",
    "live",
    "events",
    "outcome",
    "extra",
    "lang",
)
if tuple(f.name for f in fields(View)) != _VIEW_FIELDS or tuple(
    f.name for f in fields(EventView)
) != ("index", "type", "actor", "text"):  # pragma: no cover - a guard for whoever changes them
    raise ImportError("core.viewing builds View and EventView by their fields: update it")
(_v0, _v1, _v2, _v3, _v4, _v5, _v6, _v7, _v8, _v9, _v10, _v11, _v12, _v13, _v14) = (
    getattr(View, name).__set__ for name in _VIEW_FIELDS
)
_e0, _e1, _e2, _e3 = (getattr(EventView, f.name).__set__ for f in fields(EventView))
_new = object.__new__


def _view(*values: object) -> View:
    """``View(*values)``: the same object, built quicker."""
    v = _new(View)
    _v0(v, values[0])
    _v1(v, values[1])
    _v2(v, values[2])
    _v3(v, values[3])
    _v4(v, values[4])
    _v5(v, values[5])
    _v6(v, values[6])
    _v7(v, values[7])
    _v8(v, values[8])
    _v9(v, values[9])
    _v10(v, values[10])
    _v11(v, values[11])
    _v12(v, values[12])
    _v13(v, values[13])
    _v14(v, values[14])
    return v


def _event_view(index: int, type_: str, actor: int | None, text: str) -> EventView:
    """``EventView(index, type_, actor, text)``, built quicker."""
    e = _new(EventView)
    _e0(e, index)
    _e1(e, type_)
    _e2(e, actor)
    _e3(e, text)
    return e


#: the last choice made of each action, per language, with what it was made of (an action's
#: words and cards depend on its context: a choice is made again whenever they differ);
#: emptied when it grows past ``CHOICES_KEPT`` (actions made outside an action space's table
#: would otherwise pile up in a long-running server)
CHOICES_KEPT = 50_000
_CHOICES: dict[
    tuple[int, str],
    tuple[Action, ActionSpace, str, tuple[str, ...], tuple[str, str] | None, Choice, JsonObject],
] = {}


#: the penalty of each fault, by (the game's package, fault id), once looked up
_PENALTIES: dict[tuple[str, str], str | None] = {}


def _fault_rules(
    cls: type[FaultRule[object, object]],
) -> Iterator[type[FaultRule[object, object]]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _fault_rules(sub)


def penalty_of(state: StateBase, fault_id: str) -> str | None:
    """The penalty id (``"bao"``, ``"deo_kinh"``...) of the fault ``fault_id`` of the state's
    game: the ``penalty`` of the game's ``FaultRule`` with that id (a class defined in the
    state's package), or None when the game defines none."""
    package = type(state).__module__.rpartition(".")[0]
    key = (package, fault_id)
    if key not in _PENALTIES:
        _PENALTIES[key] = next(
            (
                str(rule.penalty)
                for rule in _fault_rules(FaultRule)
                if vars(rule).get("id") == fault_id
                and rule.__module__.rpartition(".")[0] == package
                and "penalty" in vars(rule)
            ),
            None,
        )
    return _PENALTIES[key]


def lang_of(text: str) -> Lang:
    return "en" if text == "en" else "vi"


def as_parts(items: tuple[HasJson, ...]) -> Parts:
    """``items`` (zones or seats) as :class:`Parts` with their JSON."""
    if type(items) is Parts:
        return items
    return parts(items, [x.to_json() for x in items])


class _Position:
    """What every viewer of one position shares, in one language."""

    __slots__ = ("claim_open", "label", "live", "name", "outcome", "seats", "title")

    def __init__(self, state: StateBase, lang: Lang) -> None:
        game = state.game
        self.name: str = game.name
        self.title: str = game.title
        self.label = state.game.notation.phase_label(state.phase, lang)
        self.seats = as_parts(state.view_seats(lang=lang))
        self.live: Live | None = state.view_live()
        self.claim_open = state.window is not None
        outcome = state.outcome()
        self.outcome = None if outcome is None else outcome.to_json()


#: a state's view cache (``_cache``): a few fixed keys and the kept events by (seat, lang)
ViewCache = dict[object, Any]


def _cache(state: StateBase) -> ViewCache:
    """This state's view cache: dropped when the state's events list is another (a clone, a
    re-deal); its ``pos`` part when ``changes`` moves on."""
    cache: ViewCache | None = state.__dict__.get("_view_cache")
    at = state.steps + state._forced  # ``state.changes``, without the property's call
    if cache is None or cache["events"] is not state.events:
        cache = state.__dict__["_view_cache"] = {"events": state.events, "at": at, "pos": {}}
    elif cache["at"] != at:
        cache["at"] = at
        cache["pos"] = {}
    return cache


def position_cache(state: StateBase) -> ViewCache:
    """A dict for what the views of this position share (a game's zones, extras): a new one
    after every change of the state, and for a clone or a re-deal."""
    pos: ViewCache = _cache(state)["pos"]
    return pos


def with_own_zone(
    zones: Sequence[Zone],
    json: list[JsonObject],
    at: int | None = None,
    own: Zone | None = None,
) -> Parts:
    """The zones every viewer of a position sees alike (``zones`` and their ``json``, kept
    in ``position_cache``) as :class:`Parts`, the one at ``at`` replaced by ``own`` (the
    viewer's own hand, with its cards); the kept lists are not changed."""
    if at is None:
        return parts(zones, json)
    assert own is not None  # the viewer's own zone goes at ``at``
    mine = list(zones)
    mine_json = json[:]
    mine[at] = own
    mine_json[at] = own.to_json()
    return parts(mine, mine_json)


def build_view(state: StateBase, seat: int | None, lang_text: str = "vi") -> View:
    lang: Lang = "en" if lang_text == "en" else "vi"
    cache = _cache(state)
    pos: _Position | None = cache["pos"].get(lang)
    if pos is None:
        pos = cache["pos"][lang] = _Position(state, lang)
    decisions: tuple[DecisionView, ...] = ()
    if seat is not None:
        decisions = _decisions(state, cache["pos"], seat, lang)
    zones = state.view_zones(seat, lang=lang)
    return _view(
        pos.name,
        pos.title,
        seat,
        state.num_players,
        state.phase,
        pos.label,
        pos.seats,
        zones if type(zones) is Parts else as_parts(zones),
        decisions,
        pos.claim_open,
        pos.live,
        _events(state, cache, seat, lang),
        pos.outcome if pos.outcome is None else _outcome(state, cache, pos.outcome, seat, lang),
        state.view_extra(seat),
        lang,
    )


def _outcome(
    state: StateBase, cache: ViewCache, outcome: JsonObject, seat: int | None, lang: Lang
) -> JsonObject:
    """The outcome with the viewer's ``explain`` (``core.explain``) when the game gives one:
    made once per viewer and language (hidden cards stay hidden, words in its language)."""
    key = ("outcome", seat, lang)
    kept: JsonObject | None = cache["pos"].get(key)
    if kept is None:
        found = explain_json(state, lang, seat)
        kept = outcome if found is None else {**outcome, "explain": found}
        cache["pos"][key] = kept
    return kept


def _decisions(state: StateBase, pos: ViewCache, seat: int, lang: Lang) -> tuple[DecisionView, ...]:
    """The viewer's decisions; ``json`` holds each one's JSON but its ``actions`` list, which
    ``View.to_json`` copies (a server sets each decision's ``deadline``)."""
    out = []
    json: list[JsonObject] = []
    game = state.game
    notation: Notation = game.notation
    space = game.action_space
    pending: dict[int, list[Decision]] | None = pos.get("decisions")
    if pending is None:  # the decisions of the position, by seat
        pending = pos["decisions"] = {}
        for d in state.decisions():
            pending.setdefault(d.seat, []).append(d)
    mine = pending.get(seat)
    if mine is None:
        return ()
    for d in mine:
        choices = []
        actions_json = []
        for a in d.actions:
            fault = state.fault_of(seat, a)
            label = notation.label(state, seat, a, lang)
            cards = notation.action_cards(state, seat, a)
            memo = _CHOICES.get((id(a), lang))
            if (
                memo is None
                or memo[0] is not a
                or memo[1] is not space
                or memo[2] != label
                or memo[3] != cards
                or memo[4] != fault
            ):
                if len(_CHOICES) >= CHOICES_KEPT:
                    _CHOICES.clear()
                f_id, f_name = (None, None) if fault is None else fault
                penalty = None if f_id is None else penalty_of(state, f_id)
                made = Choice(space.id_of(a), label, a.verb, cards, f_id, f_name, penalty)
                memo = _CHOICES[id(a), lang] = (a, space, label, cards, fault, made, made.to_json())
            choices.append(memo[5])
            actions_json.append(memo[6])
        view = DecisionView(d.kind, tuple(choices), space.id_of(d.default))
        out.append(view)
        json.append(
            {
                "kind": view.kind,
                "actions": actions_json,
                "default": view.default,
                "deadline": view.deadline,
            }
        )
    if not out:
        return ()
    return parts(out, json)


def _events(state: StateBase, cache: ViewCache, seat: int | None, lang: Lang) -> Parts:
    """The viewer's last ``VIEW_EVENTS`` events described, each described once: kept per
    seat and language in lists aligned with the seat's history, which only grows (the last
    event kept is checked: a history that does not go on from it is described again)."""
    history = state.known_events(seat)
    n = len(history)
    first = n - VIEW_EVENTS if n > VIEW_EVENTS else 0
    key = ("events", seat, lang)
    # the views and JSON of the seat's events (None before the first one ever shown), the
    # last event kept, and the last Parts made (the same while the history is)
    kept: tuple[list[EventView | None], list[JsonObject], list[Event], list[Parts]] | None = (
        cache.get(key)
    )
    if kept is not None:
        done = len(kept[0])
        if done > n or (done and kept[2][0] is not history[done - 1]):
            kept = None
    if kept is None:
        kept = ([], [], [], [])
        cache[key] = kept
    views, jsons, last, made = kept
    done = len(views)
    if done == n and made:
        return made[0]
    if done < n:
        describe = state.game.notation.describe
        # every description is also kept on the state per event, viewer and language, and
        # shared with its clones (``clone`` copies the dict): a clone reads the words its
        # original gave an event, as views always have
        shared: dict[tuple[int, int | None, str], tuple[Event, EventView]]
        shared = state.__dict__.setdefault("_event_views", {})
        if done < first:  # never shown: the views show the last few only
            views += [None] * (first - done)
            jsons += [_NOT_SHOWN] * (first - done)
            done = first
        for i in range(done, n):
            event = history[i]
            k = (id(event), seat, lang)
            hit = shared.get(k)
            if hit is not None and hit[0] is event and hit[1].index == i:
                view = hit[1]
                text = view.text
            else:
                text = describe(state, event, seat, lang)
                view = _event_view(i, event.type, event.actor, text)
                shared[k] = (event, view)
            views.append(view)
            jsons.append({"index": i, "type": event.type, "actor": event.actor, "text": text})
        last[:] = (history[n - 1],)
    made[:] = (parts(views[first:], jsons[first:]),)
    return made[0]
