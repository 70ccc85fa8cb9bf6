"""``chieu.review.review``: one entry per decision of the seat with a choice, the losses
classed by the game's thresholds, the turning points, and nothing read but the seat's view."""

from __future__ import annotations

import random

import pytest

from chieu.bots import get_bot, play_game
from chieu.core.record import GameRecord
from chieu.core.registry import find_game, game_names
from chieu.core.replay import apply_recorded, steps
from chieu.core.table import load_game
from chieu.review import Review, ReviewError, classify, review, review_json, spec_of
from tests.review.conftest import chan_record, small_judge


def choices(record: GameRecord, seat: int) -> list[int]:
    """The action numbers of ``seat``'s decisions with more than one legal action."""
    out: list[int] = []
    for _ in steps(record, before=lambda s: _note(s, seat, out)):
        pass
    return out


def _note(step: object, seat: int, out: list[int]) -> None:
    from chieu.core.replay import Step

    assert isinstance(step, Step)
    if step.seat == seat and len(step.state.legal_actions(seat)) > 1:
        out.append(step.number)


@pytest.mark.parametrize("seat", [0, 1])
def test_one_entry_per_decision_with_a_choice(record: GameRecord, seat: int) -> None:
    done = review(record, seat, small_judge())
    assert [d.step for d in done.decisions] == choices(record, seat)
    limits = done.limits
    for d in done.decisions:
        assert d.loss >= 0 and d.loss_error >= 0
        assert d.klass == classify(d.loss, limits)
        assert 0 <= d.accuracy <= 100
        assert d.played.action != d.best.action or d.loss == 0
        assert d.text["vi"] and d.text["en"]
    assert done.accuracy is not None and 0 <= done.accuracy <= 100
    worst = sorted((d for d in done.decisions if d.loss > 0), key=lambda d: -d.loss)[:3]
    assert list(done.turning_points) == worst


def test_a_random_seat_loses_more_than_a_heuristic_one(record: GameRecord) -> None:
    bad = review(record, 0, small_judge())
    assert sum(d.loss for d in bad.decisions) > 0
    assert bad.turning_points and bad.turning_points[0].klass != "tot"


def test_progress_and_the_same_seed_give_the_same_review(record: GameRecord) -> None:
    calls: list[tuple[int, int]] = []
    first = review(record, 0, small_judge(), progress=lambda d, t: calls.append((d, t)))
    total = sum(1 for actor, _ in record.actions() if actor == 0)
    assert calls == [(i, total) for i in range(1, total + 1)]
    again = review(record, 0, small_judge())
    assert review_json(first) == review_json(again)
    other = review(record, 0, small_judge(), seed=1)
    assert other.judge == first.judge  # the seed is not part of the judge


def _views(record: GameRecord, seat: int) -> list[object]:
    out: list[object] = []

    def look(step: object) -> None:
        from chieu.core.replay import Step

        assert isinstance(step, Step)
        if step.seat == seat:
            out.append(step.state.observation(seat))

    for _ in steps(record, before=look):
        pass
    return out


def _other_deal(record: GameRecord, seat: int) -> GameRecord:
    """The same game with two cards of the deck swapped where ``seat`` never sees them (its
    every observation at its decisions the same) but another seat's hand differs."""
    deck = record.deal()
    assert deck is not None
    game = load_game(record.game, record.rules)
    mine = _views(record, seat)
    theirs = _views(record, 1 - seat)
    pairs = [(i, j) for i in range(len(deck)) for j in range(i + 1, len(deck))]
    random.Random(0).shuffle(pairs)
    for i, j in pairs:
        if deck[i] == deck[j]:
            continue
        swapped = list(deck)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        state = game.new_state(record.seed, deal=swapped, setup=record.setup)
        try:
            for actor, data in record.actions():
                apply_recorded(state, actor, game.action_space.from_json(data))
        except Exception:
            continue
        if not state.is_terminal():
            continue
        other = GameRecord.from_state(state)
        if _views(other, seat) == mine and _views(other, 1 - seat) != theirs:
            return other
    raise AssertionError("no swap hides from the seat")


def test_the_hidden_cards_of_others_are_never_read() -> None:
    """Another deal that differs only in cards the seat never saw (another seat's hand
    differs): the same review, value for value."""
    record = chan_record(11)  # a game where such a swap exists
    other = _other_deal(record, 0)
    assert other.deal() != record.deal()
    a, b = (review_json(review(r, 0, small_judge())) for r in (record, other))
    assert a == b


def test_bad_seat_and_unfinished_game(record: GameRecord) -> None:
    for seat in (-1, 2, 9):
        with pytest.raises(ReviewError, match="not a seat"):
            review(record, seat, small_judge())
    cut = GameRecord(
        game=record.game,
        version=record.version,
        rules=record.rules,
        seed=record.seed,
        setup=record.setup,
        events=record.events[: len(record.events) // 2],
    )
    with pytest.raises(ReviewError, match="not over"):
        review(cut, 0, small_judge())
    with pytest.raises(ReviewError, match="cannot review a game of"):
        review(record, 0, small_judge("phom"))


@pytest.mark.parametrize("game", game_names())
def test_every_game_is_reviewed_in_its_words(game: str) -> None:
    cls = find_game(game)
    spec = spec_of(cls)
    assert spec.scale > 0 and spec.explain is not None and spec.calibration
    rules = cls.rules_from_json({})
    players = cls.info(rules).num_players
    bots = [get_bot("random" if s == 0 else "heuristic", game) for s in range(players)]
    record = GameRecord.from_state(play_game(game, rules, 7, bots))
    done = review(record, 0, small_judge(game))
    assert isinstance(done, Review) and done.decisions
    assert done.judge.startswith(f"search-v1:{game}:")
    said = [d.text["vi"] for d in done.decisions if d.loss > 0]
    assert said and all("điểm kỳ vọng" in t for t in said)
    # numbers as each reader writes them: "mất khoảng 2,53" in Vietnamese, "about 2.53" in English
    lost = next(d for d in done.decisions if d.loss > 0 and d.klass != "tot")
    assert f"mất khoảng {lost.loss:.2f}".replace(".", ",") in lost.text["vi"]
    assert f"about {lost.loss:.2f} expected points" in lost.text["en"]
    # the game's own words about a discard (the played or the better one)
    assert any("Đã đi:" in t or "Nước tốt hơn:" in t for t in said)
    _good_moves_say_so(done)


def _good_moves_say_so(done: Review) -> int:
    """A decision that lost a little but is classed good (a turning point of a game with few
    worse ones) says it is a good move, and no other does; how many such decisions."""
    found = 0
    for d in done.decisions:
        if d.loss > 0:
            good = d.klass == "tot"
            assert ("nước tốt, chỉ kém" in d.text["vi"]) == good, d.text["vi"]
            assert ("a good move, only about" in d.text["en"]) == good, d.text["en"]
            found += good
    return found


def test_a_good_move_that_lost_a_little_is_called_good() -> None:
    rules = find_game("phom").rules_from_json({})
    bots = [get_bot("random" if s == 0 else "heuristic", "phom") for s in range(4)]
    record = GameRecord.from_state(play_game("phom", rules, 7, bots))
    assert _good_moves_say_so(review(record, 1, small_judge("phom"))) >= 1


def test_chan_record_seeds_differ() -> None:
    assert chan_record(4).deal() != chan_record(5).deal()
