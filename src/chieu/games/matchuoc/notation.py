"""Mạt chược in words: tile names, move labels in context, typed answers, events described.

Tiles are coded as in shared/rules B.1 (``5m``, ``7z``, ``1f``, ``TG``) in zones and records;
in words they have their full names: Vietnamese (``Ngũ Vạn``, ``Đông``, ``Bạch``, ``Mai``,
``Khung Tổng``) or English (``Five of Characters``, ``East Wind``, ``White Dragon``,
``Plum``, ``Tổng joker``). Seats are ``Người 1``… (``Player 1``…), the viewer ``Bạn``
(``You``). A label names its context: the discard a claim takes and the hand tiles it uses
(``phỗng Ngũ Vạn``, ``ăn Ngũ Vạn với Tứ Vạn và Lục Vạn``), a win on a discard or one's own
draw. ``parse`` reads what a person types: a tile code (discard it, or set it down when it
cannot be discarded), a move's name with or without diacritics (``ù``, ``bỏ qua``, ``phỗng``,
``ăn``, ``coong``, ``dựng``, ``xong``), optionally followed by tiles to choose among several
(``ăn 46m``, ``dựng TG``). The advice and the result in words are the kit's ``hints`` and
``results`` (``hints.py`` and ``results.py``, which use this module's words).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from chieu.core.actions import Action
from chieu.core.errors import NotationError
from chieu.core.events import Event
from chieu.core.notation import LANGS, Lang, cached_describe, pick, seat_name
from chieu.core.registry import normalize_name
from chieu.games.matchuoc import actions as A
from chieu.games.matchuoc.cards import (
    FLOWER0,
    HP,
    KHUNG0,
    KHUNG_NAMES,
    KINDS,
    TG,
    parse_tiles,
)

if TYPE_CHECKING:
    from chieu.games.matchuoc.scoring import MatchuocDetails
    from chieu.games.matchuoc.state import MatChuocState

CODES = KINDS.codes
_RANKS_EN = ("One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")
_SUITS_EN = ("Characters", "Dots", "Bamboos")
_HONORS_EN = (
    "East Wind",
    "South Wind",
    "West Wind",
    "North Wind",
    "White Dragon",
    "Green Dragon",
    "Red Dragon",
)
_FLOWERS_EN = (
    ("Plum", "Orchid", "Chrysanthemum", "Bamboo"),
    ("Spring", "Summer", "Autumn", "Winter"),
    ("King 1", "King 2", "King 3", "King 4"),
    ("Queen 1", "Queen 2", "Queen 3", "Queen 4"),
)


def _names_en() -> tuple[str, ...]:
    out = [f"{r} of {s}" for s in _SUITS_EN for r in _RANKS_EN]
    out += _HONORS_EN
    out += [f for group in _FLOWERS_EN for f in group]
    out += [f"{n} joker" for n in KHUNG_NAMES]
    return tuple(out)


def _names_vi() -> tuple[str, ...]:
    """The Vietnamese names; the winter flower (``4g``, Đông) is told apart from the east
    wind (``1z``, Đông) as "Đông (hoa)"."""
    out = list(KINDS.names)
    out[FLOWER0 + 7] = f"{out[FLOWER0 + 7]} (hoa)"
    return tuple(out)


NAMES: dict[Lang, tuple[str, ...]] = {"vi": _names_vi(), "en": _names_en()}

PHASE_WORDS: dict[str, tuple[str, str]] = {
    "opening": ("dựng hoa đầu ván", "setting down flowers"),
    "turn": ("đánh bài", "play"),
    "claim": ("ăn, phỗng, ù quân vừa đánh", "claims on the discard"),
    "end": ("hết ván", "game over"),
}
EVENT_KINDS: dict[str, tuple[str, str]] = {
    "dice": ("gieo xúc xắc: nhà cái và chỗ bắt đầu bốc", "the dice: the dealer and the break"),
    "deal": ("chia bài (bộ bài đã tráo)", "the deal (the shuffled tiles)"),
    "hand": ("bài chia cho một người", "the hand dealt to a seat"),
    "action": ("một nước đi (trả lời ăn, phỗng, ù: chỉ người trả lời biết)", "a move"),
    "draw": ("bốc một quân (ở đầu tường hoặc đầu coong)", "a tile drawn (live end or đầu coong)"),
    "claim": ("ù, phỗng, coong hay ăn quân vừa đánh", "a discard won on or claimed"),
    "end": ("hết ván: kết quả", "the end: the result"),
}
#: a typed move name (normalised: no diacritics, no spaces) -> the verbs it names
WORDS: dict[str, tuple[str, ...]] = {
    "u": ("win",),
    "win": ("win",),
    "boqua": ("pass",),
    "bo": ("pass",),
    "pass": ("pass",),
    "phong": ("pung",),
    "pung": ("pung",),
    "an": ("chow",),
    "chow": ("chow",),
    "coong": ("kong", "concealed_kong", "add_kong"),
    "kong": ("kong", "concealed_kong", "add_kong"),
    "dung": ("set_down", "set_down_tong_hop"),
    "setdown": ("set_down", "set_down_tong_hop"),
    "xong": ("end_opening",),
    "done": ("end_opening",),
    "danh": ("discard",),
    "discard": ("discard",),
}
_CLAIM_WORDS = {"pung": ("phỗng", "pung"), "kong": ("coong", "kong"), "chow": ("ăn", "chow")}
_ANSWER_WORDS = {**_CLAIM_WORDS, "win": ("ù", "win"), "pass": ("bỏ qua", "pass")}


class MatChuocNotation:
    event_kinds: Mapping[str, tuple[str, str]] = EVENT_KINDS

    def __init__(self) -> None:
        self._labels: dict[tuple[Action, int, Lang], str] = {}
        self._cards: dict[tuple[Action, int], tuple[str, ...]] = {}

    def card(self, card: int) -> str:
        return CODES[card]

    def card_name(self, card: int, lang: Lang = "vi") -> str:
        return NAMES[lang][card]

    def phase_label(self, phase: str, lang: Lang = "vi") -> str:
        return pick(PHASE_WORDS.get(phase, (phase, phase)), lang)

    # -- moves
    def label(self, state: MatChuocState, seat: int, action: Action, lang: Lang = "vi") -> str:
        key = (action, _context(state, action), lang)
        text = self._labels.get(key)
        if text is None:
            text = self._labels[key] = move_label(action, key[1], lang)
        return text

    def action_cards(self, state: MatChuocState, seat: int, action: Action) -> tuple[str, ...]:
        key = (action, _context(state, action))
        cards = self._cards.get(key)
        if cards is None:
            cards = self._cards[key] = tuple(CODES[t] for t in moved(action, key[1]))
        return cards

    def parse(self, state: MatChuocState, seat: int, text: str, lang: Lang = "vi") -> Action:
        legal = [a for d in state.decisions() if d.seat == seat for a in d.actions]
        live = -1 if state.live is None else state.live.tile
        return parse_legal(text, legal, live, lang)

    # -- events
    def describe(
        self, state: MatChuocState, event: Event, viewer: int | None, lang: Lang = "vi"
    ) -> str:
        return cached_describe(state, event, viewer, lang, self._describe)

    def _describe(self, event: Event, viewer: int | None, lang: Lang) -> str:
        d = event.data
        actor = event.actor
        who = seat_name(actor, viewer, lang)
        names = NAMES[lang]
        match event.type:
            case "action":
                return _describe_action(event, who, lang)
            case "draw":
                dead = d.get("end") == "dead"
                where = pick((" ở đầu coong", " from the đầu coong"), lang) if dead else ""
                if "tile" in d:
                    tile = names[d["tile"]]
                    return pick((f"{who} bốc {tile}{where}", f"{who}: drew {tile}{where}"), lang)
                return pick((f"{who} bốc một quân{where}", f"{who}: drew a tile{where}"), lang)
            case "claim":
                verb = d["action"]["verb"]
                tile = names[d["tile"]]
                whose = seat_name(d["from"], viewer, lang)
                if verb == "win":
                    return pick(
                        (f"{who} ù {tile} của {whose}!", f"{who}: wins on {whose}'s {tile}!"),
                        lang,
                    )
                words = pick(_CLAIM_WORDS[verb], lang)
                return pick(
                    (f"{who} {words} {tile} của {whose}", f"{who}: {words} {whose}'s {tile}"),
                    lang,
                )
            case "hand":
                if "tiles" in d:
                    tiles = " ".join(names[t] for t in d["tiles"])
                    return pick((f"{who} được chia: {tiles}", f"{who}: dealt {tiles}"), lang)
                return pick(
                    (f"{who} được chia {d['size']} quân", f"{who}: dealt {d['size']} tiles"), lang
                )
            case "dice":
                dealer = seat_name(d["dealer"], viewer, lang)
                wall = seat_name(d["wall"], viewer, lang)
                return pick(
                    (
                        f"Gieo xúc xắc: {dealer} làm cái (cửa Đông); bắt đầu bốc ở tường của "
                        f"{wall}, chồng thứ {d['stack']}",
                        f"The dice: {dealer} deals (East); the wall is broken in front of "
                        f"{wall}, stack {d['stack']}",
                    ),
                    lang,
                )
            case "deal":
                return pick(("Chia bài", "The tiles are dealt"), lang)
            case "end":
                return _describe_end(d.get("details", {}), viewer, lang)
        return pick(EVENT_KINDS.get(event.type, (event.type, event.type)), lang)


def _context(state: MatChuocState, action: Action) -> int:
    """What a label depends on besides the action: the discard a claim is on (-1: none), or
    for ù on one's own tiles whether it is the opening's Thiên ù (-2)."""
    if state.live is not None and isinstance(action, A.Win | A.Kong | A.Pung | A.Chow):
        return int(state.live.tile)
    if isinstance(action, A.Win) and state.phase == "opening":
        return -2
    return -1


def moved(action: Action, live: int) -> list[int]:
    """The tiles an action moves: from the hand, and the discard a claim takes."""
    taken = [live] if live >= 0 else []
    match action:
        case A.Discard(tile=t) | A.SetDown(tile=t) | A.AddKong(tile=t):
            return [t]
        case A.SetDownTongHop():
            return [TG, HP]
        case A.ConcealedKong(tile=t):
            return [t] * 4
        case A.Kong():
            return [*taken, live, live, live]
        case A.Pung(a=x, b=y) | A.Chow(a=x, b=y):
            return [*taken, x, y]
        case A.Win():
            return taken
    return []


def move_label(action: Action, live: int, lang: Lang) -> str:
    """An action's words; ``live``: the discard a claim is on (-1: none, -2: ù on the
    opening's own tiles, Thiên ù)."""
    names = NAMES[lang]
    match action:
        case A.Discard(tile=t):
            return pick((f"đánh {names[t]}", f"discard {names[t]}"), lang)
        case A.SetDown(tile=t):
            return pick((f"dựng {names[t]}", f"set down {names[t]}"), lang)
        case A.SetDownTongHop():
            both = f"{names[TG]} + {names[HP]}"
            return pick((f"dựng {both}", f"set down {both}"), lang)
        case A.EndOpening():
            return pick(("xong dựng hoa", "done setting down"), lang)
        case A.ConcealedKong(tile=t):
            return pick((f"coong kín {names[t]}", f"concealed kong of {names[t]}"), lang)
        case A.AddKong(tile=t):
            return pick((f"thêm coong {names[t]}", f"add to kong: {names[t]}"), lang)
        case A.Pass():
            return pick(("bỏ qua", "pass"), lang)
        case A.Win():
            if live >= 0:
                return pick((f"ù {names[live]}", f"win on {names[live]}"), lang)
            if live == -2:
                return pick(("ù (thiên ù)", "win (thiên ù)"), lang)
            return pick(("ù (tự bốc)", "win (self-drawn)"), lang)
        case A.Kong():
            return pick((f"coong {names[live]}", f"kong {names[live]}"), lang)
        case A.Pung(kind=k, a=x, b=y):
            what = names[k] if live == k else f"{names[live]} làm {names[k]}"
            what_en = names[k] if live == k else f"{names[live]} as {names[k]}"
            if live == k and x == y == k:
                return pick((f"phỗng {what}", f"pung {what_en}"), lang)
            with_ = f"{names[x]} và {names[y]}"
            with_en = f"{names[x]} and {names[y]}"
            return pick((f"phỗng {what} với {with_}", f"pung {what_en} with {with_en}"), lang)
        case A.Chow(start=s, a=x, b=y):
            # the run only when a khung leaves it open (4m and Khung Màn: 3-4-5 or 4-5-6)
            run = f" ({names[s]} – {names[s + 2]})" if max(x, y) >= KHUNG0 else ""
            return pick(
                (
                    f"ăn {names[live]} với {names[x]} và {names[y]}{run}",
                    f"chow {names[live]} with {names[x]} and {names[y]}{run}",
                ),
                lang,
            )
    raise ValueError(f"not a Mạt chược action: {action!r}")


def _describe_action(event: Event, who: str, lang: Lang) -> str:
    """A move in words. A claim answer is private: only the seat that gave it sees it (the
    table learns the claim that won from the ``claim`` event)."""
    action = A.ACTION_SPACE.from_json(dict(event.data["action"]))
    if event.visible_to is not None:
        verb = _ANSWER_WORDS[action.verb]
        return pick((f"{who} trả lời: {verb[0]}", f"{who}: answered {verb[1]}"), lang)
    text = move_label(action, -1, lang)
    return pick((f"{who} {text}", f"{who}: {text}"), lang)


def _describe_end(details: MatchuocDetails, viewer: int | None, lang: Lang) -> str:
    wins = details.get("wins", [])
    if not wins:
        return pick(("Hết ván: hòa (hết tường)", "Game over: a draw (the wall ran out)"), lang)
    parts = []
    for w in wins:
        who = seat_name(w["winner"], viewer, lang)
        how = (
            pick(("tự bốc", "self-drawn"), lang)
            if w["discarder"] is None
            else pick(
                (
                    f"{seat_name(w['discarder'], viewer, lang)} đánh ra",
                    f"on {seat_name(w['discarder'], viewer, lang)}'s discard",
                ),
                lang,
            )
        )
        parts.append(
            pick(
                (
                    f"{who} ù ({how}): {w['phan']} phán, {w['mun']} mủn",
                    f"{who} wins ({how}): {w['phan']} phán, {w['mun']} mủn",
                ),
                lang,
            )
        )
    return pick(("Hết ván: ", "Game over: "), lang) + "; ".join(parts)


def _unreadable(raw: str, exc: NotationError, lang: Lang) -> NotationError:
    """Text that is neither a move nor tiles, with what may be typed."""
    return NotationError(
        pick(
            (
                f"Không hiểu {raw!r}. Gõ số thứ tự, mã quân như 5p (m Vạn, p Văn, s Sách, "
                "z chữ, hoa 1f..4q, khung TG TH SO MA HO HY NG HP), tên quân như Ngũ Văn, hay "
                "tên nước đi: ù, bỏ qua, phỗng, ăn, coong, dựng, xong.",
                f"Cannot read {raw!r}. Type a number from the list, a tile code such "
                "as 5p (m, p, s suits, z honors, flowers 1f..4q, khung TG TH SO MA HO HY NG "
                "HP), a tile's name, or a move: win, pass, pung, chow, kong, set down, done.",
            ),
            lang,
        ),
        token=exc.token,
        position=exc.position,
    )


def _name_index() -> tuple[dict[str, int], dict[str, set[int]]]:
    """Tile names, exact (lower case, diacritics kept) and loose (none kept: Vạn and Văn
    alike), in both languages and as the kind table spells them."""
    exact: dict[str, int] = {}
    loose: dict[str, set[int]] = {}
    for names in (*NAMES.values(), KINDS.names):
        for k, name in enumerate(names):
            exact.setdefault(name.lower(), k)
            loose.setdefault(normalize_name(name), set()).add(k)
    return exact, loose


_EXACT_NAMES, _LOOSE_NAMES = _name_index()


def _tile_named(text: str, usable: set[int], lang: Lang) -> list[int] | None:
    """The one tile ``text`` names by its name (None: no name). Without diacritics a name
    may fit two tiles (Ngu Van: Ngũ Vạn or Ngũ Văn; Dong: the wind or the flower): the one a
    legal move uses (``usable``), else NotationError."""
    k = _EXACT_NAMES.get(" ".join(text.split()).lower())
    if k is not None:
        return [k]
    kinds = _LOOSE_NAMES.get(normalize_name(text))
    if not kinds:
        return None
    if len(kinds) > 1 and len(kinds & usable) == 1:
        kinds = kinds & usable
    if len(kinds) > 1:
        shown = pick((" hay ", " or "), lang).join(
            f"{NAMES[lang][x]} ({CODES[x]})" for x in sorted(kinds)
        )
        raise NotationError(
            pick(
                (
                    f"{text!r} là quân nào: {shown}? Viết có dấu hoặc dùng mã quân.",
                    f"Which tile is {text!r}: {shown}? Write it with diacritics or as a code.",
                ),
                lang,
            )
        )
    return [next(iter(kinds))]


def _by_label(raw: str, legal: Sequence[Action], live: int) -> Action | None:
    """The legal action whose label, in either language, is the text typed: as written, or
    failing that without diacritics when only one label fits."""
    low = " ".join(raw.split()).lower()
    key = normalize_name(raw)
    exact: list[Action] = []
    loose: list[Action] = []
    for a in legal:
        for lang in LANGS:
            text = move_label(a, live, lang)
            if text.lower() == low and a not in exact:
                exact.append(a)
            elif normalize_name(text) == key and a not in loose:
                loose.append(a)
    if len(exact) == 1:
        return exact[0]
    return loose[0] if len(loose) == 1 and not exact else None


def parse_legal(text: str, legal: Sequence[Action], live: int = -1, lang: Lang = "vi") -> Action:
    """The action of ``legal`` that ``text`` names (``live``: the discard a claim is on): its
    label, a move's name with or without tiles, or one tile (by code or name) to discard;
    NotationError (in ``lang``) when none or several do."""
    raw = text.strip()
    labelled = _by_label(raw, legal, live)
    if labelled is not None:
        return labelled
    verbs = WORDS.get(normalize_name(raw))
    rest = ""
    if verbs is None:
        words = raw.split()
        for n in (2, 1):  # a move's name of two words (bỏ qua, set down) or one
            verbs = WORDS.get(normalize_name("".join(words[:n]))) if len(words) > n else None
            if verbs is not None:
                rest = " ".join(words[n:])
                break
        else:
            rest = raw
    try:
        tiles = parse_tiles(rest) if rest.strip() else []
    except NotationError as exc:
        usable = {t for a in legal for t in _hand_tiles(a)}
        named = _tile_named(rest, usable, lang)
        if named is None:
            raise _unreadable(raw, exc, lang) from None
        tiles = named
    if verbs is None:  # tiles alone: one tile, discarded (or set down when it cannot be)
        found = [a for a in legal if a.verb in ("discard", "set_down") and moved(a, -1) == tiles]
        found = [a for a in found if a.verb == "discard"] or found
        if not found:
            raise NotationError(
                pick((f"Không có nước đi nào với {raw} lúc này.", f"No move uses {raw} now."), lang)
            )
        return found[0]
    found = [a for a in legal if a.verb in verbs]
    if tiles:
        want = sorted(tiles)
        exact = [a for a in found if sorted(_hand_tiles(a)) == want]
        found = exact or [a for a in found if set(tiles) <= set(_hand_tiles(a))]
    if not found:
        raise NotationError(
            pick((f"Bây giờ không được {raw}.", f"{raw} is not possible now."), lang)
        )
    if len(found) > 1:
        shown = "; ".join(move_label(a, live, lang) for a in found)
        raise NotationError(
            pick(
                (
                    f"{raw}: có nhiều cách ({shown}); chọn theo số hoặc thêm quân.",
                    f"{raw}: several moves ({shown}); choose by number or add tiles.",
                ),
                lang,
            )
        )
    return found[0]


def _hand_tiles(action: Action) -> list[int]:
    """The hand tiles a move uses (what a typed answer names)."""
    match action:
        case A.Pung(a=x, b=y) | A.Chow(a=x, b=y):
            return [x, y]
        case A.Kong():
            return []
    return moved(action, -1)


NOTATION = MatChuocNotation()
