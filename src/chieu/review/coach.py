"""``review(record, seat)``: every decision of a seat judged, its accuracy and turning points.

The record is replayed; at every decision of ``seat`` with more than one legal action the
judge (``chieu.review.judge``) values the played action and the best alternatives from the
seat's observation alone, the loss is classed by the game's thresholds, and the seat's
accuracy is lichess's game accuracy over those decisions (``chieu.review.accuracy``). The
turning points are the three decisions that lost the most.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from chieu.core.actions import Action
from chieu.core.errors import ChieuError, RecordError
from chieu.core.notation import LANGS, Lang
from chieu.core.protocol import State
from chieu.core.record import GameRecord
from chieu.core.registry import find_game
from chieu.core.replay import ReplayError, Step, steps
from chieu.review.accuracy import Klass, classify, game_accuracy, move_accuracy, win_percent
from chieu.review.judge import Judge, Value, Verdict
from chieu.review.spec import ReviewSpec
from chieu.review.words import sentence

#: ``progress(done, total)``: called after each of the seat's recorded actions
Progress = Callable[[int, int], None]
TURNING_POINTS = 3


class ReviewError(ChieuError):
    """A record or a seat that cannot be reviewed (said in one line)."""


NOT_OVER = (
    "ván chưa kết thúc: chỉ nhận xét được ván đã xong, để không ai xem được bài của người "
    "khác giữa ván / the game is not over: only a finished game can be reviewed, so that "
    "nobody sees the other hands while it is played"
)


@dataclass(frozen=True)
class Judged:
    """One value in words: the action, its label and cards per language, the expected points
    and their standard error, the worlds played."""

    action: Action
    labels: dict[Lang, str]
    cards: tuple[str, ...]
    mean: float
    error: float
    worlds: int


@dataclass(frozen=True)
class Decision:
    """One decision of the seat: the record's action number (``step``, from 1), the phase,
    the played and the best action (with every judged value, the played one first), the
    expected points lost and its standard error, the class, the move's accuracy and the
    sentence per language (``judged`` False: the judge could not rebuild the position's
    worlds, loss 0)."""

    step: int
    phase: str
    values: tuple[Judged, ...]
    best: Judged
    loss: float
    loss_error: float
    klass: Klass
    accuracy: float
    win: float  # the position's win percentage (the best action's), which weighs the move
    text: dict[Lang, str]
    judged: bool = True

    @property
    def played(self) -> Judged:
        return self.values[0]


@dataclass(frozen=True)
class Review:
    """A seat's review: its decisions, accuracy (None without a decision), the turning points
    (the three largest losses, largest first), the judge's version and how sure it is."""

    game: str
    seat: int
    decisions: tuple[Decision, ...]
    accuracy: float | None
    turning_points: tuple[Decision, ...]
    judge: str
    proven: bool
    scale: float
    limits: tuple[float, float, float]
    points: float  # the seat's result in the record
    modelled: bool = False  # the judge weighs its playouts against a model of the hand


def check_reviewable(record: GameRecord, source: str = "record") -> None:
    """ReviewError when the record's game is not over: a format 2 record without its reveal,
    or a format 1 record whose replay has not ended. A review lists the seat's legal actions
    at every decision: on a game still being played that would show its hand."""
    try:
        over = record.revealed if record.format == 2 else record.replay().outcome() is not None
    except RecordError as exc:
        raise ReviewError(str(exc)) from None
    if not over:
        raise ReviewError(f"{source}: {NOT_OVER}")


def review(
    record: GameRecord,
    seat: int,
    judge: Judge | None = None,
    *,
    seed: int = 0,
    progress: Progress | None = None,
    source: str = "record",
) -> Review:
    """Review ``seat`` in the finished game ``record`` (``judge``: by default the game's
    search judge; ``seed``: the judge's randomness; ``source``: the file, for messages).
    ReviewError (one line) for a game not over, a seat out of range or a game without a
    judge; RecordError for a record that does not replay."""
    try:
        game = find_game(record.game)
    except ChieuError as exc:
        raise ReviewError(f"{source}: {exc}") from None
    check_reviewable(record, source)
    try:
        judge = judge if judge is not None else Judge(game.name)
    except ChieuError as exc:
        raise ReviewError(str(exc)) from None
    if judge.game != game.name:
        raise ReviewError(f"a judge of {judge.game} cannot review a game of {game.name}")
    state = record.start(source)
    players = state.num_players
    if not 0 <= seat < players:
        raise ReviewError(
            f"seat {seat} is not a seat of this {players}-player game (0..{players - 1})"
        )
    spec = judge.spec
    follower = judge.start(game.rules_to_json(state.rules))
    total = sum(1 for actor, _ in record.actions() if actor == seat)
    done = 0
    out: list[Decision] = []

    def look(step: Step) -> None:
        nonlocal done
        if step.seat != seat:
            return
        st, played = step.state, step.action
        obs = st.observation(seat)
        legal = st.legal_actions(seat)
        if len(legal) > 1:
            try:
                verdict = follower.judge_decision(obs, legal, played, seed * 100_003 + step.number)
                judged = True
            except ChieuError:  # a phase the worlds cannot rebuild
                verdict = Verdict((Value(played, 0.0, 0.0, 0),), played, 0.0, 0.0)
                judged = False
            out.append(_decision(spec, st, seat, step.number, verdict, judged))
        follower.chose(obs, legal, played)
        done += 1
        if progress is not None:
            progress(done, total)

    try:
        for _ in steps(record, state, before=look, source=source):
            pass
    except ReplayError as exc:
        raise RecordError(f"{source}: {exc}") from None
    outcome = state.outcome()
    accuracy = game_accuracy([d.accuracy for d in out], [d.win for d in out])
    worst = sorted((d for d in out if d.loss > 0), key=lambda d: -d.loss)[:TURNING_POINTS]
    return Review(
        game=game.name,
        seat=seat,
        decisions=tuple(out),
        accuracy=accuracy,
        turning_points=tuple(worst),
        judge=judge.version,
        proven=spec.proven,
        scale=spec.scale,
        limits=spec.limits,
        points=0.0 if outcome is None else float(outcome.payoffs[seat]),
        modelled=spec.prior is not None,
    )


def _decision(
    spec: ReviewSpec, state: State, seat: int, number: int, verdict: Verdict, judged: bool
) -> Decision:
    notation = state.game.notation

    def words(value: Value) -> Judged:
        labels = {lang: notation.label(state, seat, value.action, lang) for lang in LANGS}
        cards = tuple(notation.action_cards(state, seat, value.action))
        return Judged(value.action, labels, cards, value.mean, value.error, value.worlds)

    values = tuple(words(v) for v in verdict.values)
    best = next(v for v in values if v.action == verdict.best)
    played = values[0]
    loss = verdict.loss
    figures = (loss, played.mean, best.mean)
    klass = classify(loss, spec.limits)
    text = {
        lang: sentence(spec, state, seat, played.action, best.action, figures, lang, klass == "tot")
        for lang in LANGS
    }
    return Decision(
        step=number,
        phase=str(getattr(state, "phase", "")),
        values=values,
        best=best,
        loss=loss,
        loss_error=verdict.loss_error,
        klass=klass,
        accuracy=move_accuracy(best.mean, best.mean - loss, spec.scale),
        win=win_percent(best.mean, spec.scale),
        text=text,
        judged=judged,
    )
