"""Durable, append-only records: a format 2 record written as the game goes.

``Journal.start`` draws the game's secret nonce, writes the key file ``<record>.key`` (the seed
and the nonce, mode 0600, flushed to disk before anything else), then the record's header with
the commitment to the deal (``chieu.core.commitment``) and the events so far. ``append(state)``
writes every new event, one line per ``os.write`` call (a line is on the file whole or not at
all; the file is always a valid record prefix), so a program killed at any moment (SIGKILL
included) loses at most the action in flight. The file is flushed to disk (``fsync``) within
``sync_every`` seconds of a write (a background thread wakes that often while something is
unflushed), at the end of each game and on ``close()``; ``sync()`` flushes at once (the
terminal calls it before it waits for a person).

``finish(state)`` writes the reveal line (seed, nonce, and the SHA-256 of every byte before
it), flushes, removes the key file and (by default) renames ``<game>-<time>-<id>.jsonl`` to
``<game>-<time>-seed<N>.jsonl``: the seed is in the name only once the game is over.
``Journal.resume`` reopens an unfinished record: the damaged tail (a line cut short) is cut
off, the events a replay gives past the last written one are added, and writing goes on.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import secrets
import signal
import threading
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from chieu.core import commitment
from chieu.core.errors import ChieuError, RecordError
from chieu.core.jsonio import JsonObject
from chieu.core.record import DEAL, REVEAL, GameRecord, event_line, key_path

if TYPE_CHECKING:
    from chieu.core.protocol import State

SYNC_EVERY = 1.0
_ID_NAME = re.compile(r"(.+)-[0-9a-f]{8}\.jsonl")
_BLOCKED = tuple(
    s for s in (getattr(signal, n, None) for n in ("SIGINT", "SIGTERM", "SIGHUP")) if s is not None
)


def fsync_dir(path: Path) -> None:
    """Flush a folder's entries (a new or renamed file) to disk, where the OS allows it."""
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def write_atomic(path: Path, data: bytes, mode: int = 0o644) -> Path:
    """Write ``data`` to ``path`` atomically: a temporary file in the same folder, flushed to
    disk, renamed over ``path``. A crash leaves the old file or the new one, never a part."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        _write_all(fd, data)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        tmp.unlink(missing_ok=True)
        raise
    os.close(fd)
    os.replace(tmp, path)
    fsync_dir(path.parent)
    return path


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP wait while a line is written and counted (their handlers
    run right after): a signal never leaves a line written but not counted."""
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None or not _BLOCKED:  # pragma: no cover - Windows
        yield
        return
    old = mask(signal.SIG_BLOCK, _BLOCKED)
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, old)


class Stopped(BaseException):
    """SIGTERM or SIGHUP (``stop_on_signals``): raised where the program is, so that it
    unwinds, closes its journal (the record stays, unfinished) and exits. A BaseException:
    no ``except Exception`` swallows it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _stop(signum: int, frame: object) -> None:
    raise Stopped(signum)


#: a signal's handler: a function, ``SIG_IGN`` / ``SIG_DFL``, or None (not set from Python)
Handler = Callable[[int, FrameType | None], object] | int | None


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """While inside: SIGTERM and SIGHUP raise ``Stopped``; SIGPIPE is ignored (a closed pipe
    is then a BrokenPipeError on the next write). The old handlers come back after. Outside
    the main thread nothing changes."""
    wanted: dict[str, Handler] = {"SIGTERM": _stop, "SIGHUP": _stop, "SIGPIPE": signal.SIG_IGN}
    old: dict[int, Handler] = {}
    for name, handler in wanted.items():
        number = getattr(signal, name, None)
        if number is not None:
            with contextlib.suppress(ValueError):  # not the main thread
                old[number] = signal.signal(number, handler)
    try:
        yield
    finally:
        for number, handler in old.items():
            signal.signal(number, handler)


def deck_of(state: State) -> list[int]:
    """The shuffled deck of a new game (its ``deal`` event)."""
    for e in state.events:
        if e.type == DEAL and "deck" in e.data:
            return [int(k) for k in e.data["deck"]]
    raise ChieuError(f"{state.game.name}: the game has no deal event to commit to")


def header_line(state: State, nonce: str, table: JsonObject | None) -> str:
    record = GameRecord.from_state(state)
    commit = commitment.commit(record.game, nonce, state.seed, deck_of(state))
    head = record.committed_header(commit, table)
    return json.dumps(head, ensure_ascii=False, sort_keys=True) + "\n"


def reveal_line(seed: int, nonce: str, digest: str) -> str:
    data = {"seed": seed, "nonce": nonce, "digest": digest}
    return json.dumps({"type": REVEAL, "data": data}, sort_keys=True) + "\n"


def committed_text(
    state: State, nonce: str | None = None, table: JsonObject | None = None
) -> bytes:
    """A finished game's whole record in format 2 (what a journal writes, all at once)."""
    nonce = nonce or commitment.new_nonce()
    text = header_line(state, nonce, table)
    text += "".join(event_line(e, i, nonce) for i, e in enumerate(state.events))
    data = text.encode("utf-8")
    return data + reveal_line(state.seed, nonce, commitment.digest(data)).encode("utf-8")


class Journal:
    """One game's record, open for appending (see the module's docstring)."""

    def __init__(
        self, path: Path, fd: int, seed: int, nonce: str, written: int, digest: hashlib._Hash
    ) -> None:
        self.path = path
        self.seed = seed
        self.nonce = nonce
        self.written = written  # events on the file
        self.sync_every = SYNC_EVERY
        self._fd: int | None = fd
        self._hash = digest
        self._synced = time.monotonic()
        self._dirty = False
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._closing = threading.Event()
        self._syncer: threading.Thread | None = None

    # -- opening --------------------------------------------------------------------------
    @classmethod
    def start(
        cls,
        folder: Path,
        state: State,
        table: JsonObject | None = None,
        *,
        nonce: str | None = None,
    ) -> Journal:
        """A new record in ``folder`` for the game ``state`` (before its first action): the
        key file, then the header and the events of the deal."""
        nonce = nonce or commitment.new_nonce()
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        head = header_line(state, nonce, table).encode("utf-8")
        while True:  # a name nobody has: the game, the time and 8 random hex digits
            path = folder / f"{state.game.name}-{stamp}-{secrets.token_hex(4)}.jsonl"
            if not path.exists() and not key_path(path).exists():
                break
        key = {"key": "chieu", "record": path.name, "seed": state.seed, "nonce": nonce}
        write_atomic(key_path(path), json.dumps(key).encode("utf-8") + b"\n", 0o600)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_EXCL, 0o644)
        journal = cls(path, fd, state.seed, nonce, 0, hashlib.sha256())
        journal._write(head, 0)
        journal.append(state)
        journal.sync()
        fsync_dir(folder)
        return journal

    @classmethod
    def resume(cls, path: Path, record: GameRecord, state: State) -> Journal:
        """Reopen the unfinished record ``path`` (loaded as ``record``, leniently, with its
        key; ``state``: its replay) to write on: what follows its last good line is cut off,
        and the events the replay gave past the last written one are added."""
        if record.revealed:
            raise RecordError.at(
                path,
                "the game is over (its reveal line is written)",
                "ván đã kết thúc (dòng công bố đã được ghi)",
            )
        if record.format != 2 or record.nonce is None or record.seed is None:
            key = key_path(path).name
            raise RecordError.at(
                path,
                f"only an unfinished record of format 2 with its key file ({key}) can be continued",
                f"chỉ chơi tiếp được biên bản định dạng 2 chưa xong, có tệp khóa ({key})",
            )
        if record.damage is not None and not record.damage.cut:
            raise record.damage.error(path)
        got = [e.to_json() for e in state.events[: len(record.events)]]
        if got != [e.to_json() for e in record.events]:
            raise RecordError.at(
                path,
                "the recorded events are not what a replay gives",
                "các sự kiện trong biên bản không giống khi chơi lại",
            )
        with path.open("r+b") as f:  # cut off what follows the last good line
            f.truncate(record.good_bytes)
            kept = f.read(record.good_bytes)
            f.flush()
            os.fsync(f.fileno())
        fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        journal = cls(path, fd, record.seed, record.nonce, len(record.events), hashlib.sha256())
        journal._hash.update(kept)
        if kept and not kept.endswith(b"\n"):
            journal._write(b"\n", journal.written)
        journal.append(state)
        journal.sync()
        return journal

    # -- writing --------------------------------------------------------------------------
    def _write(self, data: bytes, written: int) -> None:
        if self._fd is None:
            raise ChieuError(f"{self.path}: the record is closed")
        with _signals_held():
            _write_all(self._fd, data)
            self._hash.update(data)
            self.written = written
            self._dirty = True
        if time.monotonic() - self._synced >= self.sync_every:
            self.sync()
        elif self._syncer is None:
            self._syncer = threading.Thread(target=self._sync_loop, daemon=True)
            self._syncer.start()
        self._wake.set()

    def _sync_loop(self) -> None:
        """Flush within ``sync_every`` seconds of a write, until the journal is closed. The
        signals stay with the main thread (``_signals_held`` works there)."""
        mask = getattr(signal, "pthread_sigmask", None)
        if mask is not None and _BLOCKED:
            mask(signal.SIG_BLOCK, _BLOCKED)
        while not self._closing.is_set():
            self._wake.wait()
            self._wake.clear()
            if self._closing.wait(self.sync_every):
                return
            with contextlib.suppress(OSError, ChieuError):
                self.sync()

    def append(self, state: State) -> None:
        """Write every event of ``state`` not yet on the file, one line at a time."""
        events = state.events
        for i in range(self.written, len(events)):
            self._write(event_line(events[i], i, self.nonce).encode("utf-8"), i + 1)

    def sync(self) -> None:
        """Flush what was written to disk."""
        with self._lock:
            if self._fd is not None and self._dirty:
                self._dirty = False
                os.fsync(self._fd)
            self._synced = time.monotonic()

    def close(self) -> None:
        """Flush and close (the record stays unfinished, its key file kept for a resume)."""
        self._closing.set()
        self._wake.set()
        if self._fd is not None:
            with contextlib.suppress(OSError):
                self.sync()
            with self._lock:
                os.close(self._fd)
                self._fd = None

    @property
    def closed(self) -> bool:
        return self._fd is None

    def finish(self, state: State, rename: bool = True) -> Path:
        """The game is over: the last events, the reveal line, flush, close, remove the key
        file; then the record is renamed with its seed (``rename``). Returns its path."""
        self.append(state)
        line = reveal_line(self.seed, self.nonce, self._hash.hexdigest())
        self._write(line.encode("utf-8"), self.written)
        self.close()
        key_path(self.path).unlink(missing_ok=True)
        if rename:
            self.path = _seed_name(self.path, self.seed)
        fsync_dir(self.path.parent)
        return self.path


def _seed_name(path: Path, seed: int) -> Path:
    m = _ID_NAME.fullmatch(path.name)
    if m is None:
        return path
    base = f"{m.group(1)}-seed{seed}"
    target = path.with_name(f"{base}.jsonl")
    i = 2
    while target.exists():
        target = path.with_name(f"{base}-{i}.jsonl")
        i += 1
    try:
        os.rename(path, target)
    except OSError:
        return path
    return target
