"""``StateBase``: the table protocol every game's State answers the same way.

A game's State keeps ``phase`` (``"end"`` when the game is over), ``actor`` (the seat whose
turn it is), ``window`` (the open :class:`ClaimWindow`, or None), ``steps`` (actions applied
so far), the outcome in ``_outcome``, and implements:

* ``_legal_actions(seat)``: the actions of the seat whose turn it is (outside a window);
* ``_decision_kind()`` and ``_default_action(seat, actions)``: what kind of decision the turn
  is and what a timeout plays;
* ``_resolve_window()``: once every asked seat has answered, apply the winning claim by the
  game's priority table;
* for views: ``zone_specs()``, ``zones()``, ``view_zones(seat)``, ``view_seats()``,
  ``view_live()``, ``view_extra(seat)``, ``revealed()``; and ``_set_zones`` /
  ``_after_resample`` for worlds.

Everything else here is written once: ``decisions``, the apply check, the answers of a claim
window (private: nobody else learns what a seat answered), ``history``, ``view``,
``hidden_from`` and ``resample_hidden``. The legal actions are computed once per step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Generic, Self

from chieu.core.actions import Action
from chieu.core.decisions import ClaimWindow, Decision, DecisionKind
from chieu.core.errors import IllegalActionError
from chieu.core.events import PRIVATE, Event, seat_history
from chieu.core.jsonio import JsonObject
from chieu.core.notation import Lang
from chieu.core.outcome import Outcome
from chieu.core.rng import Rng
from chieu.core.rules import R_state
from chieu.core.view import Live, SeatView, View, Zone
from chieu.core.zones import ZoneSpec, hidden_zones, redeal

if TYPE_CHECKING:
    from chieu.core.protocol import GameDefinition, Observation

_decision = tuple.__new__  # Decision(...) without the named tuple's Python-level __new__
_ONLY = tuple(frozenset({s}) for s in range(16))  # visible_to of a seat's private event
ACTION = "action"  # the event of every applied action (what a record replays)
CLAIM = "claim"  # the public event of the claim a window resolved to


class StateBase(Generic[R_state]):
    """A game's State: ``class ChanState(StateBase[Rules])`` (its rules' class)."""

    game: GameDefinition  # the game definition (set by GameBase)
    num_players: int
    rules: R_state
    seed: int
    #: the deal's setup (JSON), as the game reads it
    setup: Mapping[str, object]
    events: list[Event]
    phase: str
    actor: int
    steps: int
    window: ClaimWindow | None = None
    _forced: int = 0  # forced claim answers given so far (``changes``)
    # the turn's decision, with the legal actions it was built from (``_legal`` is a new list
    # whenever they are computed again)
    _turn: tuple[list[Action], tuple[Decision, ...]] | None = None
    claim_queue: Sequence[int]  # a game not yet on claim windows asks one seat at a time
    _outcome: Outcome | None
    #: the verbs whose presence among a claim's answers may make its pass unsafe (a win let
    #: go, or a fault such as Tổ tôm's khê khàn): only such claims are checked (``_safe_claims``)
    _claim_risks: frozenset[str] = frozenset({"win"})
    _legal_at: int
    _legal: list[Action]

    if TYPE_CHECKING:  # every game's State is made so (``GameBase.new_state``)

        def __init__(
            self,
            rules: R_state | None = None,
            seed: int = 0,
            *,
            setup: Mapping[str, object] | None = None,
            deal: Sequence[int] | None = None,
        ) -> None: ...

    # -- the game's part -----------------------------------------------------------------
    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply ``action`` of ``seat`` (default: the one to act); its events."""
        raise NotImplementedError

    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` knows, as JSON (for bots and RL)."""
        raise NotImplementedError

    def _legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def _decision_kind(self) -> DecisionKind:
        return "turn"

    def _default_action(self, seat: int, actions: Sequence[Action]) -> Action:
        return actions[0]

    def _resolve_window(self) -> None:
        raise NotImplementedError

    # -- decisions -----------------------------------------------------------------------
    def decisions(self) -> tuple[Decision, ...]:
        """Every seat that must answer now (empty once the game is over)."""
        if self.phase == "end":
            return ()
        window = self.window
        if window is not None:
            out = window.decisions()
            return out if window.only_passes else self._safe_claims(out)
        legal = self._legal_now()
        turn = self._turn
        if turn is not None and turn[0] is legal:  # asked again in the same position
            return turn[1]
        seat = self.actor if self.phase != "claim" else self._asked_seat()
        actions = tuple(legal)
        default = self._default_action(seat, actions)
        out = (_decision(Decision, (seat, self._decision_kind(), actions, default)),)
        self._turn = (legal, out)
        return out

    def _safe_claims(self, decisions: tuple[Decision, ...]) -> tuple[Decision, ...]:
        """A claim's default never throws a win away nor commits a fault: an ù offered free
        of faults, else the pass when it commits none, else the first answer that commits
        none (a seat with one answer keeps it)."""
        out, risks = decisions, self._claim_risks
        for i, d in enumerate(decisions):
            if len(d.actions) > 1 and any(a.verb in risks for a in d.actions):
                pick = self._safe_choice(d.seat, d.actions, d.default)
                if pick is not d.default:
                    out = (*out[:i], d._replace(default=pick), *out[i + 1 :])
        return out

    def _safe_choice(self, seat: int, actions: Sequence[Action], default: Action) -> Action:
        """``default`` made safe: a win (verb ``win``) offered free of faults first, then
        ``default`` when it commits no fault, else the first action that commits none."""
        fault_of = self.fault_of
        for a in actions:
            if a.verb == "win" and fault_of(seat, a) is None:
                return a
        if fault_of(seat, default) is None:
            return default
        return next((a for a in actions if fault_of(seat, a) is None), default)

    def _asked_seat(self) -> int:
        return int(self.claim_queue[0]) if self.phase == "claim" else self.actor

    @property
    def changes(self) -> int:
        """Counts every change of the state (every action, forced claim answers included):
        the key for caches of what one position computes (``steps`` skips forced answers)."""
        return self.steps + self._forced

    def _legal_now(self) -> list[Action]:
        changes = self.steps + self._forced
        if self._legal_at != changes:
            self._legal = self._legal_actions(self._asked_seat())
            self._legal_at = changes
        return self._legal

    def current_player(self) -> int | None:
        """The first seat that must answer (None once the game is over)."""
        if self.phase == "end":
            return None
        if self.window is not None:
            return self.window.pending()[0]
        if self.phase == "claim":
            return int(self.claim_queue[0])
        return self.actor

    def to_act(self) -> tuple[int, ...]:
        if self.phase == "end":
            return ()
        if self.window is not None:
            return self.window.pending()
        if self.phase == "claim":
            return tuple(self.claim_queue)
        return (self.actor,)

    def is_terminal(self) -> bool:
        return self.phase == "end"

    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (default: ``current_player()``); [] if it has no
        pending decision."""
        if self.phase == "end":
            return []
        window = self.window
        if window is not None:
            s = window.pending()[0] if seat is None else seat
            if s in window.answers or s not in window.options:
                return []
            return list(window.options[s])
        if seat is not None and seat != self._asked_seat():
            return []
        return list(self._legal_now())

    def _check(self, action: Action, seat: int | None) -> int:
        """The seat that plays ``action`` now; IllegalActionError (nothing changed) if none may."""
        if self.phase == "end":
            raise IllegalActionError(
                "the game is over; no action is legal",
                vi="ván đã kết thúc: không còn nước nào hợp lệ",
            )
        window = self.window
        if window is not None:
            if seat is None:
                seat = window.pending()[0]
            if seat not in window.asked or seat in window.answers:
                who = ", ".join(str(s) for s in window.pending())
                raise IllegalActionError(
                    f"seat {seat} has no claim to answer now (asked: {who})",
                    vi=f"ghế {seat} lúc này không có gì để trả lời (đang hỏi: {who})",
                )
            if action not in window.options[seat]:
                shown = ", ".join(str(a) for a in window.options[seat])
                raise IllegalActionError(
                    f"{action} is not legal for seat {seat} now; legal: {shown}",
                    vi=f"{action} lúc này không hợp lệ với ghế {seat}; hợp lệ: {shown}",
                )
            return seat
        cur = self.actor if self.phase != "claim" else self._asked_seat()
        if seat is None:
            seat = cur
        if seat != cur:
            raise IllegalActionError(
                f"it is seat {cur}'s turn to act ({self.phase}), not seat {seat}'s",
                vi=f"đang đến lượt ghế {cur} ({self.phase}), không phải ghế {seat}",
            )
        legal = self._legal if self._legal_at == self.steps + self._forced else self._legal_now()
        if action not in legal:
            shown = ", ".join(str(a) for a in legal)
            raise IllegalActionError(
                f"{action} is not legal for seat {seat} now ({self.phase}); legal: {shown}",
                vi=f"{action} lúc này không hợp lệ với ghế {seat} ({self.phase}); hợp lệ: {shown}",
            )
        return seat

    def _take_answer(self, seat: int, action: Action) -> list[Event]:
        """Take one claim answer (already checked). It is recorded privately; once every
        asked seat has answered, the game resolves the window."""
        window = self.window
        assert window is not None
        start = len(self.events)
        self._record_answer(seat, action, len(window.options[seat]) == 1)
        window.answers[seat] = action
        if len(window.answers) == len(window.asked):
            self._resolve_window()
        return self.events[start:]

    def _record_answer(self, seat: int, action: Action, forced: bool) -> None:
        """A private ``action`` event for the answer; none for a forced one (the only legal
        answer tells nothing, and a replay gives it again: ``GameRecord.replay``), which
        does not count in ``steps`` either: ``steps`` indexes the recorded actions."""
        if forced:
            self._forced += 1
            return
        self.steps += 1
        data = {"action": self.game.action_space.json_of(action)}
        self.events.append(Event(ACTION, seat, data, _ONLY[seat], PRIVATE))

    def before_recorded(self, seat: int) -> None:
        """Before a recorded action of ``seat`` is applied again: give the forced answers
        that came before it (they are never recorded, so a recorded action never answers a
        forced decision)."""
        window = self.window
        if window is not None and (
            seat in window.answers or seat not in window.options or len(window.options[seat]) == 1
        ):
            self.pass_forced()

    def pass_forced(self) -> int:
        """Answer every pending claim decision that has one legal answer (a pass), as
        ``apply`` would, one by one: the drivers' fast path. Returns how many."""
        window = self.window
        if window is None:
            return 0
        answers, options = window.answers, window.options
        if window.only_passes and not answers:  # every seat passes: the loop below, at once
            answers.update(window.passes)
            n = len(answers)
            self._forced += n
            self._resolve_window()
            return n
        n = 0
        for s in window.asked:
            if s not in answers:
                only = options[s]
                if len(only) == 1:  # recorded as ``_record_answer`` records a forced answer
                    answers[s] = only[0]
                    n += 1
        if n:
            self._forced += n
            if len(answers) == len(window.asked):
                self._resolve_window()
        return n

    def _claimed(self, seat: int, action: Action) -> None:
        """Tell the table the claim its window resolved to (the only answer anyone learns)."""
        data = {"action": self.game.action_space.json_of(action)}
        self.events.append(Event(CLAIM, seat, data))

    # -- what a seat knows ---------------------------------------------------------------
    def history(self, seat: int | None) -> list[Event]:
        """The events as ``seat`` knows them: public ones, its own private ones whole, the
        public part of the others; another seat's private decision leaves no trace."""
        return list(self.known_events(seat))

    def known_events(self, seat: int | None) -> Sequence[Event]:
        """``history(seat)`` without the copy: the list this state keeps for the seat,
        which the caller must not change (a view reads its last few on every push)."""
        cache: dict[int | None, tuple[int, list[Event]]] | None = self.__dict__.get("_history")
        if cache is None or cache.get(-1, (0,))[0] != id(self.events):
            cache = {-1: (id(self.events), [])}
            self.__dict__["_history"] = cache
        done, known = cache.get(seat, (0, []))
        if done < len(self.events):
            known = known + seat_history(self.events[done:], seat)
            cache[seat] = (len(self.events), known)
        return known

    def revealed(self) -> frozenset[int]:
        """Seats whose hands everyone has seen (a winner who showed his hand)."""
        return frozenset()

    def zone_specs(self) -> Sequence[ZoneSpec]:
        raise NotImplementedError

    def zones(self) -> Mapping[str, Sequence[int]]:
        raise NotImplementedError

    def hidden_from(self, seat: int | None) -> dict[str, list[int]]:
        """The count vectors of every zone ``seat`` cannot see."""
        return hidden_zones(self.zone_specs(), self.zones(), seat, self.revealed())

    def resample_hidden(self, seat: int | None, rng: Rng | int) -> Self:
        """A copy where every card hidden from ``seat`` is dealt again at random (zone sizes
        kept), and the claim answers ``seat`` cannot see are asked again."""
        if not isinstance(rng, Rng):
            rng = Rng(rng, "resample")
        st = self.clone()
        st._set_zones(redeal(self.hidden_from(seat), rng))
        st._legal_at = -1
        st._after_resample(seat)
        return st

    def _set_zones(self, zones: Mapping[str, Sequence[int]]) -> None:
        raise NotImplementedError

    def _after_resample(self, seat: int | None) -> None:
        """Rebuild what depends on the hidden cards; by default, a claim window forgets the
        answers ``seat`` did not give and offers the others what their new hands allow."""
        window = self.window
        if window is None:
            return
        kept = {s: a for s, a in window.answers.items() if s == seat}
        self.window = self._reopen_window(window, kept)

    def clone(self) -> Self:
        raise NotImplementedError

    def _reopen_window(self, window: ClaimWindow, kept: Mapping[int, Action]) -> ClaimWindow:
        """The same window asked again in this state, keeping the answers ``kept``."""
        raise NotImplementedError

    # -- views ---------------------------------------------------------------------------
    def view_zones(self, seat: int | None, lang: Lang = "vi") -> tuple[Zone, ...]:
        raise NotImplementedError

    def view_seats(self, lang: Lang = "vi") -> tuple[SeatView, ...]:
        raise NotImplementedError

    def view_live(self) -> Live | None:
        return None

    def view_extra(self, seat: int | None) -> JsonObject:
        return {}

    def fault_of(self, seat: int, action: Action) -> tuple[str, str] | None:
        """The (id, name) of the fault ``action`` would commit (referee mode), or None."""
        return None

    def view(self, seat: int | None = None, lang: str = "vi") -> View:
        """What ``seat`` sees (None: a spectator), in the one schema of every game."""
        from chieu.core.viewing import build_view

        return build_view(self, seat, lang)
