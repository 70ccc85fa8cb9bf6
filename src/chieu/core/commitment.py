"""Provably fair deals: the commitment a record publishes before play, and the sealed lines.

A committed record (format 2, ``docs/records.md``) publishes in its header

    commit = SHA-256( "chieu-commit-v1\\n" + game + "\\n" + nonce + "\\n"
                      + decimal(seed) + "\\n" + ",".join(decimal(card) for card in deck) + "\\n" )

(ASCII bytes; ``nonce`` is 64 lowercase hex digits: 32 bytes from the operating system's CSPRNG,
drawn for every game) and reveals ``seed`` and ``nonce`` on its last line once the game is over.
The nonce is secret until then, so the commitment tells nothing of the deck even when the seed
is small or known (``--seed 7``): finding the deck from it means guessing 256 random bits.

Every event that is not public (``visible_to`` set: the deal, each seat's hand, a draw, a
claim answer) is written *sealed* while the game is on: its JSON line, padded with spaces to a
multiple of ``PAD`` bytes, XOR a keystream

    block j of line i = SHA-256( nonce bytes + "chieu-seal-v1" + i (8 bytes, big-endian)
                                 + j (8 bytes, big-endian) )

(``i``: the event's index, from 0; SHA-256 in counter mode, a stream cipher keyed by the
secret nonce), base64-encoded. After the reveal anyone can open them.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeGuard

from chieu.core.errors import ChieuError
from chieu.core.jsonio import describe
from chieu.core.replay import ENGINE_ERRORS, ReplayError, replay

if TYPE_CHECKING:
    from chieu.core.protocol import State
    from chieu.core.record import Damage, GameRecord

COMMIT_PREFIX = b"chieu-commit-v1\n"
SEAL_LABEL = b"chieu-seal-v1"
NONCE_BYTES = 32
PAD = 128
MAX_SEALED = 1 << 19  # a sealed line's text, before base64

_HEX64 = re.compile(r"[0-9a-f]{64}")


def new_nonce() -> str:
    """A fresh secret nonce: 32 bytes from ``secrets``, as 64 lowercase hex digits."""
    return secrets.token_hex(NONCE_BYTES)


def is_hex64(text: object) -> TypeGuard[str]:
    return isinstance(text, str) and _HEX64.fullmatch(text) is not None


def commitment_bytes(game: str, nonce: str, seed: int, deck: Sequence[int]) -> bytes:
    """The exact bytes the commitment hashes (see the module's docstring)."""
    cards = ",".join(str(int(k)) for k in deck)
    text = f"{game}\n{nonce}\n{int(seed)}\n{cards}\n"
    return COMMIT_PREFIX + text.encode("ascii")


def commit(game: str, nonce: str, seed: int, deck: Sequence[int]) -> str:
    """The commitment to a deal: 64 lowercase hex digits."""
    return hashlib.sha256(commitment_bytes(game, nonce, seed, deck)).hexdigest()


def commit_matches(expected: str, game: str, nonce: str, seed: int, deck: Sequence[int]) -> bool:
    return hmac.compare_digest(expected, commit(game, nonce, seed, deck))


def _keystream(nonce: str, index: int, size: int) -> bytes:
    key = bytes.fromhex(nonce)
    out = bytearray()
    block = 0
    while len(out) < size:
        out += hashlib.sha256(
            key + SEAL_LABEL + index.to_bytes(8, "big") + block.to_bytes(8, "big")
        ).digest()
        block += 1
    return bytes(out[:size])


def _xor(data: bytes, stream: bytes) -> bytes:
    n = len(data)
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(n, "big")


def seal(nonce: str, index: int, text: str) -> str:
    """``text`` (one event's JSON) sealed as event ``index``: base64 of the padded text XOR the
    keystream."""
    data = text.encode("utf-8")
    data += b" " * (-len(data) % PAD)
    return base64.b64encode(_xor(data, _keystream(nonce, index, len(data)))).decode()


def unseal(nonce: str, index: int, box: str) -> str:
    """The text sealed as event ``index``; ValueError when ``box`` is not a sealed text."""
    if len(box) > MAX_SEALED * 4 // 3 + 4:
        raise ValueError("the sealed text is too long")
    try:
        data = base64.b64decode(box.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError):
        raise ValueError("the sealed text is not base64") from None
    plain = _xor(data, _keystream(nonce, index, len(data)))
    try:
        return plain.decode("utf-8").rstrip(" ")
    except UnicodeDecodeError:
        raise ValueError("the sealed text does not open with this nonce") from None


def digest(data: bytes) -> str:
    """SHA-256 of ``data`` (the record's bytes before its reveal line), as hex."""
    return hashlib.sha256(data).hexdigest()


# -- the whole check (``chieu verify``) ----------------------------------------------------
@dataclass(frozen=True)
class Check:
    """One line of a verification: ``ok`` True (checked), False (does not check out) or None
    (a note: not checkable yet, or for information); the file line it is about, if any."""

    ok: bool | None
    vi: str
    en: str
    line: int | None = None
    what: str = ""  # "seed": the seed against the deal


@dataclass
class Report:
    items: list[Check] = field(default_factory=list)
    unfinished: bool = False
    state: State | None = None  # the replay's last state, when there was one
    short: str | None = None  # the recorded events stop before the replay's (a cut record)

    @property
    def status(self) -> str:
        if any(c.ok is False for c in self.items):
            return "tampered"
        return "unfinished" if self.unfinished else "verified"

    @property
    def code(self) -> int:
        """0 verified and finished, 1 does not check out, 3 valid so far but unfinished."""
        return {"verified": 0, "tampered": 1, "unfinished": 3}[self.status]

    def add(
        self, ok: bool | None, vi: str, en: str, line: int | None = None, what: str = ""
    ) -> None:
        self.items.append(Check(ok, vi, en, line, what))


def check(record: GameRecord) -> Report:
    """Everything ``chieu verify`` checks, in order: the header, the commitment, the seed
    against the deal, every event against a replay, the end of the game, the reveal's
    digest. Stops at the first thing that makes the rest meaningless."""
    from chieu import __version__
    from chieu.core.record import DEAL
    from chieu.core.registry import find_game
    from chieu.core.table import Game

    r = Report()
    if record.format == 2:
        r.add(None, "Định dạng 2: có cam kết bộ bài.", "Format 2: the deal is committed.", 1)
    else:
        r.add(None, "Không có cam kết (định dạng cũ).", "No commitment (older format).", 1)
    if record.unknown_keys:
        keys = ", ".join(record.unknown_keys)
        r.add(
            False, f"Đầu biên bản có khóa lạ: {keys}.", f"The header has unknown keys: {keys}.", 1
        )
    if not _VERSION.fullmatch(record.version):
        v = describe(record.version)
        r.add(False, f"Phiên bản {v} không hợp lệ.", f"The version {v} is not valid.", 1)
    try:
        game = find_game(record.game)
        rules = game.rules_from_json(record.rules)
    except ChieuError as exc:
        vi = exc.text("vi")
        r.add(False, f"Đầu biên bản không hợp lệ: {vi}", f"The header is not valid: {exc}", 1)
        return r
    r.add(
        True, f"Trò chơi và luật hợp lệ: {game.title}.", f"Valid game and rules: {game.title}.", 1
    )
    if record.version != __version__:
        v = describe(record.version)
        r.add(
            None,
            f"Biên bản ghi bằng chieu {v}; đây là chieu {__version__}.",
            f"Recorded with chieu {v}; this is chieu {__version__}.",
            1,
        )
    if record.damage is not None:
        _damage(r, record.damage)
    if record.seed is None or record.sealed:
        n = len(record.events)
        r.add(
            None,
            f"Ván chưa kết thúc (chưa có dòng công bố): bộ bài còn niêm phong; {n} sự kiện "
            "nguyên vẹn sau đầu biên bản.",
            f"The game is not finished (no reveal line): the deal is still sealed; {n} intact "
            "events after the header.",
        )
        r.unfinished = True
        return r
    try:
        fresh = Game(game, rules).new_state(record.seed, setup=record.setup)
        dealt = [int(k) for k in next(e.data["deck"] for e in fresh.events if e.type == DEAL)]
    except _ENGINE_ERRORS as exc:
        vi = exc.text("vi") if isinstance(exc, ChieuError) else str(exc)
        r.add(False, f"Seed không chia được bài: {vi}", f"The seed does not deal: {exc}")
        return r
    deck = record.deal()
    deal_line = next((record.lines[i] for i, e in enumerate(record.events) if e.type == DEAL), None)
    if deck is None and record.events:
        r.add(False, "Biên bản không có sự kiện chia bài.", "The record has no deal event.")
        return r
    if deck is None:  # stopped right after its header: the seed's deal is to come
        deck = dealt
    if record.format == 2:
        assert record.commit is not None and record.nonce is not None
        if record.from_key:
            r.add(
                None,
                "Seed và nonce lấy từ tệp khóa của ván đang chơi (chưa công bố).",
                "The seed and nonce come from the key file of the game in progress (not yet "
                "revealed).",
            )
        if commit_matches(record.commit, record.game, record.nonce, record.seed, deck):
            r.add(
                True,
                "Cam kết ở đầu biên bản khớp với seed, nonce và bộ bài: bộ bài đã cố định "
                "trước quân đầu tiên.",
                "The header's commitment matches the seed, the nonce and the deck: the deal was "
                "fixed before the first card.",
                1,
            )
        else:
            r.add(
                False,
                "Cam kết ở đầu biên bản KHÔNG khớp với seed, nonce và bộ bài.",
                "The header's commitment does NOT match the seed, the nonce and the deck.",
                1,
            )
    # a game in progress (its key file): the seed stays secret, even here
    vi_seed, en_seed = (
        ("seed (bí mật đến hết ván)", "the seed (secret until the game ends)")
        if record.from_key
        else (f"seed {record.seed}", f"seed {record.seed}")
    )
    if dealt == deck:
        r.add(
            True,
            f"Bộ bài đúng là bộ bài của {vi_seed}.",
            f"The deck is the one {en_seed} deals.",
            deal_line,
        )
    else:
        r.add(
            False,
            f"Bộ bài bị làm giả: {vi_seed} chia một bộ bài khác.",
            f"A forged deal: {en_seed} deals another deck.",
            deal_line,
            "seed",
        )
    _replay(r, record)
    if record.format == 2 and record.revealed and record.damage is None:
        if record.digest_ok:
            r.add(
                True,
                "Mã băm ở dòng công bố khớp với mọi dòng trước nó.",
                "The reveal's digest matches every line before it.",
            )
        else:
            r.add(
                False,
                "Mã băm ở dòng công bố KHÔNG khớp: biên bản đã bị sửa.",
                "The reveal's digest does NOT match: the record was edited.",
            )
    return r


#: what a game's code raises on a record it cannot play (a bad setup, a bad action)
_ENGINE_ERRORS = ENGINE_ERRORS

_VERSION = re.compile(r"[0-9]{1,4}(\.[0-9]{1,4}){1,3}([a-z0-9.+-]{0,20})")


def _damage(r: Report, damage: Damage) -> None:
    n = damage.line
    if damage.cut:
        r.add(
            None,
            f"Dòng {n} bị cắt dở (đang ghi thì chương trình dừng); các dòng trước còn nguyên.",
            f"Line {n} is cut short (a write in flight when the program stopped); the lines "
            "before it are intact.",
            n,
        )
        r.unfinished = True
    else:
        r.add(
            False,
            f"Dòng {n} hỏng: {damage.vi or damage.message}; chỉ đọc đến dòng {n - 1}.",
            f"Line {n} is damaged: {damage.message}; read up to line {n - 1} only.",
            n,
        )


def _replay(r: Report, record: GameRecord) -> None:
    from chieu.core.record import ACTION

    try:
        state = record.start()
    except _ENGINE_ERRORS as exc:
        vi = exc.text("vi") if isinstance(exc, ChieuError) else str(exc)
        r.add(False, f"Không bắt đầu được ván: {vi}", f"The game does not start: {exc}")
        return
    try:
        replay(record, state=state)
    except ReplayError as exc:
        line, n, seat = record.lines[exc.index], exc.number, exc.seat
        r.add(
            False,
            f"Dòng {line}: nước {n} của ghế {seat} không hợp lệ khi chơi lại: {exc.why_vi}",
            f"Line {line}: move {n} by seat {seat} is not legal in the replay: {exc.why}",
            line,
        )
        return
    r.state = state
    got = [json.dumps(e.to_json(), sort_keys=True) for e in state.events]
    want = [json.dumps(e.to_json(), sort_keys=True) for e in record.events]
    for i, (g, w) in enumerate(zip(got, want, strict=False)):
        if g != w:
            line = record.lines[i]
            if record.from_key:  # the game is on: no private event is shown
                g, w = "…", "…"
            r.add(
                False,
                f"Dòng {line} khác với khi chơi lại: ghi {w[:200]} nhưng chơi lại ra {g[:200]}.",
                f"Line {line} differs from the replay: recorded {w[:200]} but the replay gives "
                f"{g[:200]}.",
                line,
            )
            return
    if len(want) > len(got):
        line = record.lines[len(got)]
        r.add(
            False,
            f"Dòng {line}: sự kiện thừa, chơi lại không có.",
            f"Line {line}: an event the replay does not give.",
            line,
        )
        return
    if len(want) < len(got):
        r.short = f"recorded {len(want)} events but replay gives {len(got)}"
    moves = sum(e.type == ACTION for e in record.events)
    r.add(
        True,
        f"{len(want)} sự kiện ({moves} nước đi) khớp với khi chơi lại.",
        f"{len(want)} events ({moves} moves) match the replay.",
    )
    over = state.outcome() is not None and len(want) == len(got)
    if record.damage is not None:
        pass  # read up to the damage: said already
    elif record.format == 2 and record.revealed and not over:
        r.add(
            False,
            "Có dòng công bố nhưng ván chưa kết thúc: biên bản bị cắt rồi thêm dòng công bố.",
            "A reveal line, but the game is not over: the record was cut and a reveal added.",
        )
    elif over and record.finished:
        r.add(True, "Ván đã kết thúc.", "The game is over.")
    else:
        r.add(
            None,
            "Ván chưa kết thúc: biên bản dừng giữa chừng.",
            "The game is not finished: the record stops half-way.",
        )
        r.unfinished = True
