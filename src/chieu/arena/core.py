"""Duplicate matches between bots: the deals, the games, and where they run.

A *deal* is one seed: the same shuffle is played once per distinct rotation of the line-up, so
every bot sits in every seat of every deal and the luck of the cards cancels out. A rotation
that seats the same bots as an earlier one is skipped (``heuristic,search,heuristic,search``
needs 2 games per deal, four different bots need 4): it would replay a game already played.
Deal ``i`` of a match with master seed ``S`` uses the game seed ``derive_seed(S, "arena", i)``
(a SHA-256: one deal's seed tells nothing of the others' or of ``S``); rotation ``r`` puts
``lineup[(seat + r) % n]`` in ``seat``.

**Fair deals.** Without a seed (``MatchConfig.seed`` None) the master seed is drawn from the
operating system's CSPRNG (``secrets``) by ``with_seed``: no bot can predict a deck from the
code. A seed given for reproducibility is public knowledge to whoever knows it: with it, anyone
can rebuild every deal of the match. The records of a deal are written only once every
rotation of that deal has been played, so a bot (which runs with the user's permissions and
can read the records folder) never finds the cards of a deal it is still playing. Each record
is written in the committed format (``chieu.core.journal.committed_text``, with a nonce of its
own), atomically, so ``chieu verify`` checks its deal against its seed.

Games run in worker processes (``multiprocessing``, one per core by default), or on a Ray
cluster (``ray_address``; Ray is the optional extra ``chieu[ray]``), or in this process
(``workers=1``). Every game's record is saved when a records directory is given.
External bots (``ext:``) get ``ext_timeout`` seconds per answer and ``ext_game_time`` seconds
per game (``chieu.bots.external``).
"""

from __future__ import annotations

import math
import os
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypedDict

from chieu.bots.base import Bot, play_game
from chieu.bots.external import DEFAULT_GAME_TIME, DEFAULT_TIMEOUT, ExternalBot
from chieu.bots.registry import get_bot
from chieu.core.errors import ChieuError
from chieu.core.journal import committed_text, write_atomic
from chieu.core.jsonio import JsonObject
from chieu.core.protocol import GameDefinition
from chieu.core.rng import derive_seed
from chieu.core.rules import RulesBase
from chieu.core.table import Game, load_game


@dataclass(frozen=True)
class MatchConfig:
    """A match: ``deals`` deals of ``game`` between the bots of ``lineup`` (one per seat).

    ``seed``: the master seed, or None for a secret one (``with_seed`` draws it);
    ``records``: a directory, or None for no records; ``ext_timeout`` and ``ext_game_time``:
    an external bot's seconds per answer and per game.
    """

    game: str
    lineup: tuple[str, ...]
    deals: int
    seed: int | None = None
    rules: Mapping[str, object] = field(default_factory=dict)
    records: str | None = None
    ext_timeout: float = DEFAULT_TIMEOUT
    ext_game_time: float = DEFAULT_GAME_TIME


class GameResultJson(TypedDict):
    """``GameResult.to_json()``: a line of ``chieu arena --log``."""

    deal: int
    rotation: int
    seed: int
    seats: list[str]
    payoffs: list[float]
    winner: int | None
    faults: list[list[int | str]]  # [seat, fault]
    failures: list[list[int | str]]  # [seat, why]
    record: str | None


@dataclass(frozen=True)
class GameResult:
    """One game of a match: who sat where, the points, the winner, any bot failures."""

    deal: int
    rotation: int
    seed: int
    seats: tuple[str, ...]
    payoffs: tuple[float, ...]
    winner: int | None
    faults: tuple[tuple[int, str], ...] = ()
    failures: tuple[tuple[int, str], ...] = ()
    record: str | None = None

    def to_json(self) -> GameResultJson:
        return {
            "deal": self.deal,
            "rotation": self.rotation,
            "seed": self.seed,
            "seats": list(self.seats),
            "payoffs": list(self.payoffs),
            "winner": self.winner,
            "faults": [list(f) for f in self.faults],
            "failures": [list(f) for f in self.failures],
            "record": self.record,
        }


def secret_seed() -> int:
    """A master seed from the operating system's CSPRNG (64 bits)."""
    return secrets.randbits(64)


def with_seed(config: MatchConfig) -> MatchConfig:
    """``config`` with its master seed: the one given, or a secret one drawn now."""
    return config if config.seed is not None else replace(config, seed=secret_seed())


def deal_seed(seed: int, deal: int) -> int:
    return derive_seed(seed, "arena", deal)


def seating(lineup: Sequence[str], rotation: int, seats: int | None = None) -> tuple[str, ...]:
    """The bots at the table's seats in ``rotation``: ``lineup[(seat + rotation) % n]``. A
    hội with more people than seats (Mạt chược of five or six) seats the first ``seats`` of
    the rotated line-up, so over the rotations every bot sits out as often as the others."""
    n = len(lineup)
    return tuple(lineup[(seat + rotation) % n] for seat in range(n if seats is None else seats))


def rotations(lineup: Sequence[str], seats: int | None = None) -> list[int]:
    """The rotations of ``lineup`` that seat the bots differently, smallest first."""
    seen: set[tuple[str, ...]] = set()
    out = []
    for rotation in range(len(lineup)):
        seats_now = seating(lineup, rotation, seats)
        if seats_now in seen:
            continue
        seen.add(seats_now)
        out.append(rotation)
    return out


def match_rotations(config: MatchConfig) -> list[int]:
    """The rotations each deal of the match plays (``rotations`` at its table's seats)."""
    return rotations(config.lineup, match_game(config).info.seats)


def match_game(config: MatchConfig) -> Game:
    """The match's game bound to its rules (``chieu.load_game``; ChieuError when either is
    unknown or wrong)."""
    return load_game(config.game, dict(config.rules))


def check_config(config: MatchConfig) -> RulesBase:
    """Validate the game, the rules and every bot name (ChieuError listing the known ones).
    Returns the rules value."""
    bound = match_game(config)
    game = bound.definition
    rules: RulesBase = bound.rules  # every game's Rules is a RulesBase
    players = bound.info.players
    n = len(config.lineup)
    if n != players:
        raise ChieuError(
            f"{n} bots for a {players}-player game of {game.title}; "
            "give one bot per seat (or set players)",
            vi=f"{n} máy cho một ván {game.title} {players} người: mỗi ghế cần đúng một máy "
            "(hoặc đặt lại số người chơi, players)",
        )
    if config.deals < 1:
        raise ChieuError(
            f"the number of deals must be at least 1, not {config.deals}",
            vi=f"số ván chia phải ít nhất là 1, không phải {config.deals}",
        )
    for what, value in (
        ("ext_timeout", config.ext_timeout),
        ("ext_game_time", config.ext_game_time),
    ):
        if not (isinstance(value, (int, float)) and math.isfinite(value) and value > 0):
            raise ChieuError(
                f"{what} must be a finite number of seconds above 0, not {value!r}",
                vi=f"{what} phải là một số giây hữu hạn, lớn hơn 0, không phải {value!r}",
            )
    for name in set(config.lineup):
        bot = _bot(config, name, game)
        close = getattr(bot, "close", None)
        if callable(close):
            close()
    return rules


def _bot(config: MatchConfig, name: str, game: GameDefinition) -> Bot:
    bot = get_bot(name, game)
    if isinstance(bot, ExternalBot):
        bot.timeout = config.ext_timeout
        bot.game_time = config.ext_game_time
    return bot


def play_deal(config: MatchConfig, deal: int) -> list[GameResult]:
    """Every distinct rotation of one deal (runs in a worker). The records of the deal are
    written after its last rotation: no bot can read the cards of a deal it is playing. A
    config without a seed plays a deal with a secret seed of its own."""
    bound = match_game(config)  # once a deal: a deal may run in a worker of its own
    game = bound.definition
    seed = deal_seed(config.seed, deal) if config.seed is not None else secret_seed()
    out = []
    finished = []
    at_table = bound.info.seats
    for rotation in rotations(config.lineup, at_table):
        seats = seating(config.lineup, rotation, at_table)
        bots: list[Bot] = [_bot(config, name, game) for name in seats]
        try:
            state = play_game(bound, None, seed, bots)
        finally:
            for bot in bots:
                close = getattr(bot, "close", None)
                if callable(close):
                    close()
        outcome = state.outcome()
        record = None
        if config.records is not None:
            path = Path(config.records) / f"deal{deal:05d}-rot{rotation}.jsonl"
            table: JsonObject = {
                "arena": {"deal": deal, "rotation": rotation, "seats": list(seats)}
            }
            finished.append((path, committed_text(state, table=table)))
            record = str(path)
        failures = tuple(
            (seat, why) for seat, bot in enumerate(bots) for why in getattr(bot, "failures", ())
        )
        out.append(
            GameResult(
                deal=deal,
                rotation=rotation,
                seed=seed,
                seats=seats,
                payoffs=tuple(float(p) for p in outcome.payoffs) if outcome else (),
                winner=outcome.winner if outcome else None,
                faults=tuple((f.seat, f.id) for f in outcome.faults) if outcome else (),
                failures=failures,
                record=record,
            )
        )
    for path, text in finished:  # every rotation is over: the deal is no secret now
        write_atomic(path, text)
    return out


def _play_deal_args(args: tuple[MatchConfig, int]) -> list[GameResult]:
    return play_deal(*args)


def run_match(
    config: MatchConfig,
    *,
    workers: int | None = None,
    ray_address: str | None = None,
    on_deal: Callable[[list[GameResult]], None] | None = None,
) -> list[GameResult]:
    """Play every deal of the match; ``on_deal`` is called as each deal finishes. Without a
    seed, a secret master seed is drawn (``with_seed``; call it first to know the seed)."""
    config = with_seed(config)
    check_config(config)
    results: list[GameResult] = []
    for games in _deals(config, workers, ray_address):
        results.extend(games)
        if on_deal is not None:
            on_deal(games)
    results.sort(key=lambda r: (r.deal, r.rotation))
    return results


def _deals(
    config: MatchConfig, workers: int | None, ray_address: str | None
) -> Iterator[list[GameResult]]:
    tasks = [(config, d) for d in range(config.deals)]
    if ray_address is not None:
        yield from _ray_deals(tasks, ray_address)
        return
    n = workers if workers is not None else (os.cpu_count() or 1)
    n = max(1, min(n, config.deals))
    if n == 1:
        for task in tasks:
            yield _play_deal_args(task)
        return
    import multiprocessing

    ctx = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
    with ctx.Pool(n) as pool:
        yield from pool.imap_unordered(_play_deal_args, tasks)


def _ray_deals(tasks: list[tuple[MatchConfig, int]], address: str) -> Iterator[list[GameResult]]:
    try:
        import ray  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise ChieuError(
            "--ray needs Ray: pip install 'chieu[ray]'",
            vi="--ray cần có Ray: pip install 'chieu[ray]'",
        ) from None
    if not address.strip():
        raise ChieuError(
            "--ray needs an address (host:port, or local)",
            vi="--ray cần một địa chỉ (host:port, hoặc local)",
        )
    if not ray.is_initialized():
        try:
            if address in ("local", "auto-local"):
                ray.init(ignore_reinit_error=True, include_dashboard=False)
            else:
                ray.init(address=address, ignore_reinit_error=True)
        except Exception as exc:  # Ray raises many kinds (ConnectionError, ValueError...)
            raise ChieuError(
                f"cannot join the Ray cluster at {address!r}: {exc}",
                vi=f"không vào được cụm Ray ở {address!r}: {exc}",
            ) from None
    remote = ray.remote(_play_deal_args)
    pending = [remote.remote(task) for task in tasks]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            yield ray.get(ref)
