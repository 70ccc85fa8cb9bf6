"""What a seat sees of a Tổ tôm table: the bots' ``observation`` and the View's parts.

After the deal every card that moves is shown (the nọc cards are turned up, the phu are laid
face up); only the hands (their face-down khàn and bất thực kinds with them), the nọc and the
removed part are hidden. The winner's hand is shown once he declares ù, every hand at the end.
The View's zones are each seat's ``hand:S`` (for its viewer: the face-down groups, the khàn
kept in hand and the other held cards sorted into phu, cạ and quân lẻ), ``mat:S`` (its
phu), ``door:S`` (the cards nobody took there, and the live card), the ``stock`` (nọc) and,
in bí tứ, the removed part. ``extra`` is described in docs/rules/totom.md, section 13.

The parts every viewer shares are built once per position (``StateBase.changes``: a table
builds one view per seat after each action), in the language asked (``lang``: roles, marks
and group labels), as ``Parts`` with their JSON. Each zone is also kept on the state with
its JSON while what it is made of stays the same (``_kept``; an action changes a seat or
two): a hand seen by its owner under its own key, apart from the hand as others see it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict, TypeVarTuple

from chieu.core.actions import Action
from chieu.core.jsonio import JsonObject
from chieu.core.outcome import Fault
from chieu.core.view import Group, Live, Parts, SeatView, Zone, parts
from chieu.games.totom import actions as A
from chieu.games.totom import advice, claims, faults
from chieu.games.totom.cards import KINDS
from chieu.games.totom.phu import NAMED_NAMES, PHU_TYPE_NAMES, Phu, PhuJson

if TYPE_CHECKING:
    from chieu.games.totom.state import Phase, TotomState

CODES = KINDS.codes
#: a zone kept with its JSON
_Kept = tuple[Zone, JsonObject]


@dataclass(slots=True, eq=False)
class _Views:
    """What the views of one position share (``at``: ``StateBase.changes``), by language
    (and seat)."""

    at: int
    zones: dict[tuple[int | None, str], tuple[Zone, ...]] = field(default_factory=dict)
    public: dict[str, Parts] = field(default_factory=dict)
    hidden: dict[str, list[_Kept]] = field(default_factory=dict)
    seats: dict[str, tuple[SeatView, ...]] = field(default_factory=dict)
    extra: JsonObject | None = None
    contexts: dict[int, faults.FaultContext] = field(default_factory=dict)  # by seat


def _cache(st: TotomState) -> _Views:
    """What the views of this position share: keyed on ``changes`` (every action, forced
    claim answers included), dropped by a clone or a re-deal."""
    at = st.changes
    cache: _Views | None = st.__dict__.get("_views")
    if cache is None or cache.at != at:
        cache = st.__dict__["_views"] = _Views(at)
    return cache


def turn_owner(st: TotomState) -> int | None:
    """The seat whose turn it is (in a claim window: the seat that decides on the card)."""
    if st.phase == "end":
        return None
    return st.decider() if st.window is not None else st.actor


# -- the bots' observation ------------------------------------------------------------------


class TotomLive(TypedDict):
    """The live card of an observation."""

    card: int
    door: int
    drawn: bool  # turned up from the nọc
    passed: bool  # its drawer left it to the next seat
    exposer: int  # who discarded it (-1: turned up from the nọc)


class TotomFaultEntry(TypedDict):
    """A fault as a seat knows it: its own during the game (no ``step``), every one whole at
    the end (``Fault.to_json``)."""

    id: str
    name: str
    seat: int
    penalty: str
    explanation: str
    step: NotRequired[int]


class TableMarks(TypedDict):
    """The table's marks from earlier games (public): thông, đò, kính."""

    eldest: int
    prev_winner: int | None
    boats: list[int]
    glasses: list[int]


class WinShown(TypedDict):
    """The ù declared and its card."""

    card: int | None
    drawn: bool


class TotomObservation(TypedDict):
    """``TotomState.observation(seat)``: what a seat (None: a spectator) may see. Cards are
    kind indices (``cards.KINDS``) but in ``mats`` and the keys of ``down`` (codes); lists by
    seat are indexed by seat."""

    game: Literal["totom"]
    seat: int | None
    players: int
    rules: Mapping[str, object]  # ``Rules.to_json()``
    phase: Phase
    to_act: bool  # the seat has a decision pending
    actor: int | None  # whose turn it is (``turn_owner``)
    dealer: int
    cai: int
    nocc_left: int
    live: TotomLive | None
    mats: list[list[PhuJson]]
    doors: list[list[int]]
    gone: list[list[list[int]]]  # per seat, the cards that left its hand: [card, given up]
    hand_sizes: list[int]
    cups: list[int]  # each seat's cups (khàn bất thực) on the mat
    return_door: int | None  # the door a trả cửa goes to
    eaten: int | None  # the card just eaten
    faults: list[TotomFaultEntry]
    setup: TableMarks
    win: NotRequired[WinShown]  # once an ù is declared
    hand: NotRequired[list[int]]  # the seat's free cards (not for a spectator)
    down: NotRequired[dict[str, int]]  # its face-down groups: code -> count
    bat_thuc: NotRequired[list[int]]  # its khàn bất thực kinds
    missed: NotRequired[list[int]]  # the winning cards it let go by (bỏ ù)
    cuoc: NotRequired[dict[str, int]]  # its true cước, when it must call them
    called: NotRequired[dict[str, int]]  # what it called so far
    outcome: NotRequired[Mapping[str, object]]  # ``Outcome.to_json()``, at the end
    winner_hand: NotRequired[list[int]]  # at the end, when someone won
    hands: NotRequired[list[list[int]]]  # every hand, at the end


def observation(st: TotomState, seat: int | None) -> TotomObservation:
    """What ``seat`` may see (None: a spectator). Never another seat's hand or the nọc."""
    live = st.live
    obs: TotomObservation = {
        "game": "totom",
        "seat": seat,
        "players": st.num_players,
        "rules": st.rules.to_json(),
        "phase": st.phase,
        "to_act": seat is not None and seat in st.to_act(),
        "actor": turn_owner(st),
        "dealer": st.dealer,
        "cai": st.cai,
        "nocc_left": len(st.stock),
        "live": None
        if live is None
        else {
            "card": live.card,
            "door": live.door,
            "drawn": live.drawn,
            "passed": live.passed,
            "exposer": live.exposer,  # who discarded it (-1: turned up from the nọc)
        },
        "mats": [[p.to_json() for p in s.mat] for s in st.seats],
        "doors": [list(s.door) for s in st.seats],
        "gone": [[[k, given] for k, given in s.gone] for s in st.seats],
        "hand_sizes": [sum(s.hand) for s in st.seats],
        "cups": [s.cup_count for s in st.seats],
        "return_door": st.return_door if st.return_door >= 0 else None,
        "eaten": st.eaten if st.eaten >= 0 else None,  # the card just eaten
        "faults": _faults(st, seat),
        # the table's marks from earlier games (public): thông, đò, kính
        "setup": {
            "eldest": st.eldest,
            "prev_winner": st.setup["prev_winner"],
            "boats": list(st.setup["boats"]),
            "glasses": list(st.setup["glasses"]),
        },
    }
    if st.win_info is not None:  # the ù and its card are announced (the claim event)
        ctx = st.win_info[1]
        obs["win"] = {"card": ctx.win_card, "drawn": ctx.from_nocc}
    if seat is not None:
        me = st.seats[seat]
        obs["hand"] = KINDS.kinds_of(me.free())
        obs["down"] = {CODES[k]: c for k, c in sorted(me.down.items())}
        obs["bat_thuc"] = list(me.cups)
        obs["missed"] = list(me.missed)  # the winning cards this seat let go by (bỏ ù)
        if st.phase == "call" and st.actor == seat:
            obs["cuoc"] = {h.id: h.count for h in st.hits if h.id != "u_suong"}
            obs["called"] = dict(st.called)
    outcome = st.outcome()
    if st.phase == "end" and outcome is not None:
        obs["outcome"] = outcome.to_json()
        if st.winner is not None:
            obs["winner_hand"] = KINDS.kinds_of(st.seats[st.winner].hand)
        obs["hands"] = [KINDS.kinds_of(s.hand) for s in st.seats]
    return obs


def _faults(st: TotomState, seat: int | None) -> list[TotomFaultEntry]:
    """The faults ``seat`` knows of: its own during the game (without their step: a step
    counts the recorded answers, and whether an answer had an alternative depends on hidden
    hands), every fault at the end."""
    if st.phase == "end":
        return [_fault_entry(f, True) for f in st.faults]
    return [_fault_entry(f, False) for f in st.faults if f.seat == seat]


def _fault_entry(f: Fault, step: bool) -> TotomFaultEntry:
    """``f.to_json()``, without its step unless ``step``."""
    out: TotomFaultEntry = {
        "id": f.id,
        "name": f.name,
        "seat": f.seat,
        "penalty": f.penalty,
        "explanation": f.explanation,
    }
    if step:
        out["step"] = f.step
    return out


# -- the View's parts -----------------------------------------------------------------------


#: the words of the phu types in English (the Vietnamese are ``PHU_TYPE_NAMES``)
PHU_TYPE_EN = {
    "doc": "run",
    "bi": "phu bí",
    "named": "lưng",
    "khan": "khàn",
    "phong": "phỗng",
    "thien_khai": "thiên khai",
    "yeu": "yêu",
}
_GROUP_WORDS: dict[str, tuple[str, str]] = {
    "khan": ("khàn úp", "khàn (face down)"),
    "thien_khai": ("thiên khai úp", "thiên khai (face down)"),
    "bat_thuc": ("khàn bất thực", "khàn bất thực (kept in hand)"),
    "ca": ("cạ", "cạ (one card short)"),
    "le": ("quân lẻ", "loose"),
}
_ROLES: dict[str, tuple[str, str]] = {
    "dealer": ("chia bài", "dealer"),
    "cai": ("được cái", "gets the cái"),
    "prev": ("thắng ván trước", "won the last game"),
}
_MARKS: dict[str, tuple[str, str]] = {
    "boat": ("chèo đò", "boat (chèo đò)"),
    "glasses": ("đeo kính", "glasses (đeo kính)"),
    "won": ("ù", "won (ù)"),
}


def _pick(words: tuple[str, str], lang: str) -> str:
    return words[1] if lang == "en" else words[0]


def phu_label(phu: Phu, lang: str = "vi") -> str:
    """A phu's words: its lưng's name, else its type ("phu dọc", "khàn"...)."""
    named = NAMED_NAMES.get(phu.name, "")
    if named:
        return named
    return PHU_TYPE_EN[phu.type] if lang == "en" else PHU_TYPE_NAMES[phu.type]


def _codes(kinds: list[int] | tuple[int, ...]) -> tuple[str, ...]:
    return tuple(CODES[k] for k in kinds)


Ts = TypeVarTuple("Ts")


def _kept(
    st: TotomState,
    key: tuple[Hashable, ...],
    content: Hashable,
    build: Callable[[*Ts], Zone],
    *args: *Ts,
) -> _Kept:
    """The zone ``build(*args)`` makes and its JSON, kept on the state under ``key`` while its
    ``content`` (everything the zone is made of) stays the same: most of a table does not
    change from one action to the next."""
    kept: dict[tuple[Hashable, ...], tuple[Hashable, Zone, JsonObject]]
    kept = st.__dict__.setdefault("_zone_views", {})
    hit = kept.get(key)
    if hit is not None and hit[0] == content:
        return hit[1], hit[2]
    zone = build(*args)
    kept[key] = (content, zone, zone.to_json())
    return zone, kept[key][2]


def _mat_zone(s: int, mat: tuple[Phu, ...], lang: str) -> Zone:
    groups = tuple(Group(_codes(p.cards), p.type, phu_label(p, lang)) for p in mat)
    cards = tuple(c for g in groups for c in g.cards)
    return Zone(f"mat:{s}", s, "mat", len(cards), cards, groups)


def _door_zone(s: int, door: tuple[int, ...]) -> Zone:
    return Zone(f"door:{s}", s, "door", len(door), _codes(door))


def _public_zones(st: TotomState, lang: str) -> Parts:
    """The zones every viewer sees alike (each kept while its content stays the same)."""
    out = []
    for s, seat in enumerate(st.seats):
        mat = tuple(seat.mat)
        out.append(_kept(st, ("mat", s, lang), mat, _mat_zone, s, mat, lang))
    live = st.live
    for s, seat in enumerate(st.seats):
        door = (*seat.door, live.card) if live is not None and live.door == s else tuple(seat.door)
        out.append(_kept(st, ("door", s), door, _door_zone, s, door))
    n = len(st.stock)
    out.append(_kept(st, ("stock",), n, Zone, "stock", None, "stock", n))
    if st.set_aside:
        n = len(st.set_aside)
        out.append(_kept(st, ("set_aside",), n, Zone, "set_aside", None, "dead", n))
    return parts([z for z, _ in out], [data for _, data in out])


def _hand_zone(st: TotomState, s: int, visible: bool, lang: str) -> Zone:
    """A hand as its viewer sees it: the face-down groups, then the held cards as a player
    sorts them (``advice.arrange``: phu, a khàn bất thực kept whole among them, cạ, quân
    lẻ)."""
    me = st.seats[s]
    size = sum(me.hand)
    if not visible:
        return Zone(f"hand:{s}", s, "hand", size)
    groups = []
    for k, c in sorted(me.down.items()):
        kind = "khan" if c == 3 else "thien_khai"
        groups.append(Group((CODES[k],) * c, kind, _pick(_GROUP_WORDS[kind], lang)))
    arr = advice.arrange(me.free(), st.rules)
    for p in arr.phu:
        if p.type == "khan" and p.cards[0] in me.cups:  # kept whole (not "ăn 2 đánh 1")
            groups.append(Group(_codes(p.cards), "bat_thuc", _pick(_GROUP_WORDS["bat_thuc"], lang)))
        else:
            groups.append(Group(_codes(p.cards), p.type, phu_label(p, lang)))
    for ca in arr.ca:
        groups.append(Group(_codes(ca.cards), "ca", _pick(_GROUP_WORDS["ca"], lang)))
    if arr.loose:
        groups.append(Group(_codes(arr.loose), "le", _pick(_GROUP_WORDS["le"], lang)))
    cards = tuple(c for g in groups for c in g.cards)
    return Zone(f"hand:{s}", s, "hand", size, cards, tuple(groups))


def _hand(st: TotomState, s: int, visible: bool, lang: str) -> _Kept:
    """A hand zone and its JSON, kept while the hand's cards (held, face down, bất thực)
    stay the same: a hand changes only when its seat plays. Kept per seat and sight: a
    viewer sees only its own (or a shown) hand's cards."""
    me = st.seats[s]
    if not visible:
        return _kept(st, ("hidden", s), sum(me.hand), _hand_zone, st, s, False, lang)
    content = (tuple(me.hand), tuple(me.down.items()), tuple(me.cups))
    return _kept(st, ("hand", s, lang), content, _hand_zone, st, s, True, lang)


def view_zones(st: TotomState, seat: int | None, lang: str = "vi") -> tuple[Zone, ...]:
    """The hands (the viewer's own and any shown one with their cards), then the zones every
    viewer sees alike, as ``Parts`` (with their JSON)."""
    cache = _cache(st)
    mine = cache.zones.get((seat, lang))
    if mine is not None:
        return mine
    public = cache.public.get(lang)
    if public is None:
        public = cache.public[lang] = _public_zones(st, lang)
    hidden = cache.hidden.get(lang)
    if hidden is None:
        hidden = cache.hidden[lang] = [
            _hand(st, s, s in st.revealed(), lang) for s in range(st.num_players)
        ]
    hands = []
    json = []
    for s, (zone, data) in enumerate(hidden):
        if s == seat:
            zone, data = _hand(st, s, True, lang)
        hands.append(zone)
        json.append(data)
    mine = cache.zones[seat, lang] = parts((*hands, *public), json + public.json)
    return mine


def view_seats(st: TotomState, lang: str = "vi") -> tuple[SeatView, ...]:
    """Each seat's roles (chia bài, được cái, thắng ván trước) and marks (its cups, chèo đò,
    đeo kính, ù), in ``lang``."""
    cache = _cache(st)
    seats = cache.seats.get(lang)
    if seats is None:
        turn = st.window is None and st.phase != "end"
        setup = st.setup
        out = []
        for s, seat in enumerate(st.seats):
            roles = [
                _pick(_ROLES[w], lang)
                for w, on in (
                    ("dealer", s == st.dealer),
                    ("cai", s == st.cai),
                    ("prev", s == setup["prev_winner"]),
                )
                if on
            ]
            n = seat.cup_count
            marks = [_pick((f"{n} chén bất thực", f"{n} cup(s): khàn bất thực"), lang)] if n else []
            marks += [
                _pick(_MARKS[w], lang)
                for w, on in (
                    ("boat", s in setup["boats"]),
                    ("glasses", s in setup["glasses"]),
                    ("won", s == st.winner),
                )
                if on
            ]
            to_act = turn and s == st.actor
            out.append(SeatView(s, sum(seat.hand), tuple(roles), tuple(marks), to_act))
        seats = cache.seats[lang] = parts(out, [v.to_json() for v in out])
    return seats


def view_live(st: TotomState) -> Live | None:
    live = st.live
    if live is None:
        return None
    return Live(CODES[live.card], live.door, "drawn" if live.drawn else "discard")


def view_extra(st: TotomState) -> JsonObject:
    """The dealer, the người được cái, the cards left in the nọc, whether the live card was
    left by its drawer (``passed``) and who decides on it, the door a trả cửa goes to, the
    card just eaten, the cups, and the hội's marks (``prev_winner``, ``boats``, ``glasses``)."""
    cache = _cache(st)
    extra = cache.extra
    if extra is not None:
        return dict(extra)
    live = st.live
    setup = st.setup
    extra = cache.extra = {
        "dealer": st.dealer,
        "cai": st.cai,
        "nocc_left": len(st.stock),
        "passed": live is not None and live.passed,
        "decider": None if live is None or st.phase == "end" else st.decider(),
        "return_door": st.return_door if st.return_door >= 0 else None,
        "eaten": CODES[st.eaten] if st.eaten >= 0 else None,
        "cups": [s.cup_count for s in st.seats],
        "prev_winner": setup["prev_winner"],
        "boats": list(setup["boats"]),
        "glasses": list(setup["glasses"]),
    }
    return dict(extra)


def fault_of(st: TotomState, seat: int, action: Action) -> tuple[str, str] | None:
    """The fault ``action`` would commit (its id and Vietnamese name), or None."""
    cache = _cache(st)
    ctx = cache.contexts.get(seat)
    if ctx is None:
        ctx = cache.contexts[seat] = fault_context(st, seat)
    rule = faults.referee(ctx, action)
    return None if rule is None else (rule.id, rule.name)


def fault_context(st: TotomState, seat: int) -> faults.FaultContext:
    """What the referee reads about ``seat``'s pending decision."""
    window = st.window
    if window is not None:
        options = window.options.get(seat, ())
        verbs = frozenset(a.verb for a in options)
        valid = "win" in verbs and claims.win_check(st, seat).win
        return faults.FaultContext(verbs, valid, False, frozenset())
    if st.phase == "discard":
        held = st.eaten >= 0 and st.seats[seat].free()[st.eaten] > 0
        return faults.FaultContext(frozenset(), False, held, frozenset())
    if st.phase == "call":
        true = {h.id: h.count for h in st.hits}
        over = frozenset(c for c in A.CALL if st.called.get(c, 0) >= true.get(c, 0))
        return faults.FaultContext(frozenset(), False, False, over)
    return faults.FaultContext(frozenset(), False, False, frozenset())
