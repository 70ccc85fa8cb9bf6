"""Does the coach's judge deserve trust? (issue 29; ``docs/measurements/review.md``)

``python scripts/review_measure.py --games N [--only GAME ...] [--worlds W] [--out FILE]``

For every game: N games with mixed line-ups (``random``, ``heuristic`` and ``search`` seats,
the line-up rotated game by game), every seat reviewed by ``chieu.review.review`` with the
game's judge (``--worlds``: a smaller budget). Prints, per game, each bot's mean accuracy with
its 95 % interval (mean ± 1.96·sd/√n over the reviewed seats) and the Spearman ρ between a
seat's accuracy and its points; one JSON line per reviewed seat is appended to ``--out`` as
soon as it is reviewed, and ``--first K`` starts at deal K (to resume a long run).

``--twins``: the duplicate design instead (see ``twins``): at each deal one seat is played in
turn by each bot, the others unchanged, and only that seat is reviewed; ``--report`` then adds
each pair of bots' difference within a deal.

``--report FILE ...``: the same figures from the JSON lines of earlier runs, with each pair
of bots' difference and whether their intervals are apart.

``--scale G``: the calibration of ``scale`` instead (the mean |points| of a seat over N games
of heuristic self-play, seeds 1000 on), which sets the classes and the win-percentage scale.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from chieu.bots import get_bot, play_game
from chieu.core.record import GameRecord
from chieu.core.registry import find_game, game_names
from chieu.review import Judge, Review, review, spec_of

BOTS = ("random", "heuristic", "search")


def lineup(players: int, n: int) -> list[str]:
    """Seat by seat: the three bots in turn, rotated by the game's number."""
    return [BOTS[(n + s) % len(BOTS)] for s in range(players)]


def ranks(xs: list[float]) -> list[float]:
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs: list[float], ys: list[float]) -> float:
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    den = math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))
    return cov / den if den else float("nan")


def interval(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("inf")
    return m, half


def measure(game: str, n: int, worlds: int | None, out: Path | None, first: int = 0) -> None:
    cls = find_game(game)
    rules = cls.rules_from_json({})
    players = cls.info(rules).num_players
    spec = spec_of(cls)
    judge = Judge(game, spec=replace(spec, worlds=worlds) if worlds else spec)
    start = time.process_time()
    rows = []
    for g in range(first, first + n):
        names = lineup(players, g)
        state = play_game(game, rules, g, [get_bot(x, game) for x in names])
        record = GameRecord.from_state(state)
        for seat, name in enumerate(names):
            r = review(record, seat, judge, seed=g)
            rows.append(keep(out, {"game": game, "deal": g, "seat": seat, "bot": name}, r))
    took = time.process_time() - start
    print(
        f"\n{cls.title} ({game}): {n} games, {players} seats, judge {judge.version}, {took:.0f} s"
    )
    summary(rows)


def keep(out: Path | None, row: dict[str, object], r: Review) -> dict[str, object]:
    """``row`` with the review's figures, appended to ``out`` at once (line by line: a long
    run can be read, and kept, as it goes)."""
    row |= {"accuracy": r.accuracy, "points": r.points, "decisions": len(r.decisions),
            "lost": round(sum(d.loss for d in r.decisions), 3)}  # fmt: skip
    if out is not None:
        with out.open("a", encoding="utf-8") as f:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    return row


def twins(
    game: str, n: int, out: Path | None, first: int = 0, bots: tuple[str, ...] = BOTS
) -> None:
    """The duplicate design: at deal g, seat ``g % players`` is played in turn by each of
    ``bots``, the other seats by the same line-up, and only that seat is reviewed (the same
    judge seed). Games stay move for move the same until the seat's bots first differ, and
    the judge gives the same verdict to the same decision, so each pair of bots is compared
    on the same cards: the difference of accuracy within a deal has far less spread than
    across seats and deals."""
    cls = find_game(game)
    rules = cls.rules_from_json({})
    players = cls.info(rules).num_players
    judge = Judge(game)
    start = time.process_time()
    rows = []
    for g in range(first, first + n):
        focus = g % players
        seen: dict[str, Review] = {}  # a game played alike is reviewed once: the same verdicts
        for bot in bots:
            names = lineup(players, g)
            names[focus] = bot
            state = play_game(game, rules, g, [get_bot(x, game) for x in names])
            record = GameRecord.from_state(state)
            moves = json.dumps([e.to_json() for e in record.events], sort_keys=True)
            if moves not in seen:
                seen[moves] = review(record, focus, judge, seed=g)
            r = seen[moves]
            seat = {"game": game, "deal": g, "seat": focus, "bot": bot, "twins": True}
            rows.append(keep(out, {**seat, "lineup": names}, r))
    took = time.process_time() - start
    print(f"\n{cls.title} ({game}): {n} deals as twins, judge {judge.version}, {took:.0f} s")
    summary(rows)


def paired(rows: list[dict[str, object]]) -> None:
    """The twins' differences within a deal: each pair of bots, mean ± 1.96·sd/√n."""
    acc = {
        (r["deal"], r["seat"], r["bot"]): float(r["accuracy"])  # type: ignore[arg-type]
        for r in rows
        if r.get("twins") and r["accuracy"] is not None
    }
    deals = {(d, s) for d, s, _ in acc}
    for lo, hi in itertools.pairwise(BOTS):
        diffs = [
            acc[(*k, hi)] - acc[(*k, lo)] for k in deals if (*k, hi) in acc and (*k, lo) in acc
        ]
        if len(diffs) > 1:
            m, half = interval(diffs)
            above = "above zero" if m - half > 0 else "NOT above zero"
            same = sum(1 for d in diffs if d == 0)
            print(
                f"  twins {hi} − {lo}: {m:+.1f} ± {half:.1f} points of accuracy over "
                f"{len(diffs)} deals ({above}; {same} deals where both played alike)"
            )
            parted, ahead = len(diffs) - same, sum(1 for d in diffs if d > 0)
            if parted:
                print(
                    f"    where they parted, {hi} ahead in {ahead} of {parted} deals "
                    f"(sign test, two-sided p = {sign_test(ahead, parted):.3g})"
                )


def sign_test(k: int, n: int) -> float:
    """Two-sided p of ``k`` successes in ``n`` fair coin tosses, or one further from n/2."""
    tail = sum(math.comb(n, i) for i in range(max(k, n - k), n + 1)) / 2**n
    return min(1.0, 2 * tail)


def summary(rows: list[dict[str, object]]) -> None:
    """Each bot's mean accuracy with its 95 % interval, each pair's difference with its own
    (above zero or not; the two bots' intervals apart or overlapping), and the Spearman ρ
    between accuracy and points."""
    accs: dict[str, list[float]] = {}
    for bot in BOTS:
        accs[bot] = [
            float(r["accuracy"])  # type: ignore[arg-type]
            for r in rows
            if r["bot"] == bot and r["accuracy"] is not None
        ]
        if accs[bot]:
            m, half = interval(accs[bot])
            print(f"  {bot:10} accuracy {m:5.1f} ± {half:4.1f} %  (n={len(accs[bot])})")
    for lo, hi in itertools.pairwise(BOTS):
        a, b = accs[lo], accs[hi]
        if len(a) > 1 and len(b) > 1:
            (ma, ha), (mb, hb) = interval(a), interval(b)
            half = math.hypot(ha, hb)
            above = "above zero" if mb - ma - half > 0 else "NOT above zero"
            apart = "apart" if ma + ha < mb - hb else "overlapping"
            print(
                f"  {hi} − {lo}: {mb - ma:+.1f} ± {half:.1f} points of accuracy "
                f"(the difference's interval {above}; the two intervals {apart})"
            )
    both = [r for r in rows if r["accuracy"] is not None]
    rho = spearman(
        [float(r["accuracy"]) for r in both],  # type: ignore[arg-type]
        [float(r["points"]) for r in both],  # type: ignore[arg-type]
    )
    print(f"  Spearman ρ(accuracy, points) = {rho:+.2f}  (n={len(both)})")
    paired(rows)
    sys.stdout.flush()


def report(paths: list[str]) -> None:
    """``summary`` of the rows in the JSON-lines files ``paths``, game by game."""
    rows = [
        json.loads(line)
        for path in paths
        for line in Path(path).read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    for game in dict.fromkeys(str(r["game"]) for r in rows):
        mine = [r for r in rows if r["game"] == game]
        print(f"\n{find_game(game).title} ({game}): {len({r['deal'] for r in mine})} games")
        summary(mine)


def scale(game: str, n: int) -> None:
    cls = find_game(game)
    rules = cls.rules_from_json({})
    players = cls.info(rules).num_players
    pays: list[float] = []
    for seed in range(n):
        bots = [get_bot("heuristic", game) for _ in range(players)]
        state = play_game(game, rules, 1000 + seed, bots)
        outcome = state.outcome()
        assert outcome is not None
        pays += [float(p) for p in outcome.payoffs]
    mean_abs = statistics.fmean(abs(p) for p in pays)
    print(f"{game}: mean |points| {mean_abs:.2f}, sd {statistics.pstdev(pays):.2f} ({n} games)")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--only", nargs="+", default=None)
    p.add_argument("--worlds", type=int, default=None)
    p.add_argument("--out", default=None)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--scale", action="store_true")
    p.add_argument("--twins", action="store_true", help="the duplicate design (see twins)")
    p.add_argument("--bots", nargs="+", choices=BOTS, default=list(BOTS), help="--twins' bots")
    p.add_argument("--report", nargs="+", default=None, metavar="FILE", help="summarise")
    args = p.parse_args()
    if args.report:
        report(args.report)
        return 0
    games = args.only or [g for g in game_names()]
    if args.scale:
        for game in games:
            scale(game, args.games)
        return 0
    out = Path(args.out) if args.out else None
    for game in games:
        if args.twins:
            twins(game, args.games, out, args.first, tuple(args.bots))
        else:
            measure(game, args.games, args.worlds, out, args.first)
    return 0


if __name__ == "__main__":
    sys.exit(main())
