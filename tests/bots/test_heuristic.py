"""The Chắn heuristic bot commits a fault only when every card it could throw is one."""

from __future__ import annotations

from chieu.bots import bot_rng, get_bot
from chieu.games.chan import ChanGame, Rules
from chieu.games.chan.faults import blocked_discards


def test_heuristic_never_commits_an_avoidable_fault() -> None:
    forced = 0
    for seed in range(60):
        lineup = ["heuristic", "random"] * 2
        bots = [get_bot(n, "chan") for n in lineup]
        state = ChanGame.new_state(Rules(), seed)
        rngs = [bot_rng(seed, s) for s in range(4)]
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions(seat)
            action = bots[seat].act(state.observation(seat), legal, rngs[seat])
            throws = [a for a in legal if a.verb == action.verb]
            blocked = set()
            if action.verb in ("discard", "return"):
                blocked = blocked_discards(
                    state, seat, returning=action.verb == "return", cached=False
                )
            before = len(state.faults)
            state.apply(action, seat)
            # a heuristic seat's faults (a claim is carried out when its window's last answer
            # comes in, whoever gives it)
            mine = [f for f in state.faults[before:] if lineup[f.seat] == "heuristic"]
            if not mine:
                continue
            # the only excuse: every card it could throw was a fault
            assert all(f.seat == seat for f in mine), (seed, action, mine)
            assert action.verb in ("discard", "return"), (seed, action, mine)
            assert all(a.card in blocked for a in throws), (seed, action)  # type: ignore[attr-defined]
            forced += 1
    assert forced <= 3


def test_what_the_heuristic_calls_safe_commits_no_fault() -> None:
    """``GreedyChanBot.safe`` (the learned bot's head switches only to these): at every decision
    of heuristic games, no action it lets through commits a fault in the true state, and it
    lets most throws through."""
    from chieu.bots.worlds import commits_fault

    admitted = 0
    for seed in range(25):
        bots = [get_bot("heuristic", "chan") for _ in range(4)]
        state = ChanGame.new_state(Rules(), seed)
        rngs = [bot_rng(seed, s) for s in range(4)]
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions(seat)
            obs = state.observation(seat)
            for action in bots[seat].safe(obs, legal):
                assert not commits_fault(state, seat, action), (seed, action)
                admitted += action.verb in ("discard", "return")
            state.apply(bots[seat].act(obs, legal, rngs[seat]), seat)
    assert admitted > 1000
